// The player actions of a game, each either done in full or rejected with the rule that forbids it
// and the game returned to exactly where it was (730).

import { activateAbility, type ActivateRequest } from '../stack/activating.js';
import { castSpell, type CastRequest } from '../stack/casting.js';
import { IllegalAction, type Game } from '../state/game.js';
import { playLand } from './lands.js';
import { passPriority, type PassOutcome } from './priority.js';
import { suspendCard, turnFaceUp } from './specialActions.js';
import type { ObjId, PlayerId } from '../state/state.js';

export type Attempt<T> = { ok: true; value: T } | { ok: false; error: IllegalAction };

/**
 * Runs an action against a snapshot: an illegal action restores the snapshot and is traced with
 * its rule (730.1). Any other exception (an unanswered question, a bad answer) is passed on with the
 * game as it was at that moment, so the driver can prompt on it, then restore and replay.
 */
export function attempt<T>(g: Game, label: string, fn: () => T): Attempt<T> {
  const snap = g.snapshot();
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

export function cast(g: Game, req: CastRequest): Attempt<ObjId> {
  return attempt(g, `${req.player}'s cast of ${g.name(req.card)}`, () => castSpell(g, req));
}

export function activate(g: Game, req: ActivateRequest): Attempt<ObjId | null> {
  return attempt(g, `${req.player}'s activation of an ability of ${g.name(req.source)}`, () => activateAbility(g, req));
}

export function play(g: Game, player: PlayerId, card: ObjId): Attempt<ObjId> {
  return attempt(g, `${player}'s land play of ${g.name(card)}`, () => playLand(g, player, card));
}

export function pass(g: Game, player: PlayerId): Attempt<PassOutcome> {
  return attempt(g, `${player}'s pass`, () => passPriority(g, player));
}

export function faceUp(g: Game, player: PlayerId, id: ObjId): Attempt<void> {
  return attempt(g, `${player}'s turning face up of a face-down permanent`, () => turnFaceUp(g, player, id));
}

export function suspend(g: Game, player: PlayerId, id: ObjId): Attempt<void> {
  return attempt(g, `${player}'s suspending of ${g.name(id)}`, () => suspendCard(g, player, id));
}
