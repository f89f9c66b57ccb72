// Rolling back an illegal action (730): the action runs against a snapshot of the game, and if a rule
// forbids it the game returns to exactly where it was, with the rejection traced under that rule.
// Player actions use it, and so do instructions that let a player try something ("you may cast").

import { IllegalAction, type Game } from './game.js';

export type Attempt<T> = { ok: true; value: T } | { ok: false; error: IllegalAction };

/**
 * Runs an action against a snapshot: an illegal action restores the snapshot and is traced with
 * its rule (730.1). Any other exception (an unanswered question, a bad answer) is passed on with the
 * game as it was at that moment, so the driver can prompt on it, then restore and replay.
 */
export function attempt<T>(g: Game, label: string, fn: () => T): Attempt<T> {
  const snap = g.takeSharedSnapshot() ?? g.snapshot();
  try {
    return { ok: true, value: fn() };
  } catch (e) {
    if (!(e instanceof IllegalAction)) throw e;
    const attempted = g.state.events.slice(snap.events);
    g.restore(snap);
    g.emit({ type: 'rejected', rule: e.rule, label, message: e.message, attempted });
    return { ok: false, error: e };
  }
}
