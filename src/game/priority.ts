// Timing and priority (117): before a player receives priority, state-based actions and triggered
// abilities are handled (117.5). Passing priority is in passing.ts.

import { checkAscend } from '../stack/ascend.js';
import type { RuleId } from '../core/rules/index.js';
import { perGame, type Game } from '../state/game.js';
import { checkStateBasedActions } from './sba.js';
import { checkCombatants } from '../events/removeFromCombat.js';
import type { EventType } from '../state/events.js';
import type { GameState, PlayerId } from '../state/state.js';
import { collectStateTriggers, collectTriggers, putTriggersOnStack } from '../stack/triggers.js';

/** Events that change nothing the checks before priority look at: a player passed, another got priority. */
const INERT: ReadonlySet<EventType> = new Set<EventType>(['pass', 'priority']);

/** Per state: the length of the log and the changes announced when the checks before priority last found nothing to do. */
const SETTLED = perGame<GameState, { events: number; changes: number }>();

/**
 * The checks found nothing to do, and since then players only passed priority and nothing else changed:
 * they would find nothing again (the same state gives the same state-based actions, 704.3, and the same
 * state triggers, 603.8; passing triggers nothing). The one thing the checks would change is where the
 * triggers were last looked for, past those events: it is moved as they would move it.
 */
function settled(g: Game): boolean {
  const s = g.state;
  const at = SETTLED(g).get(s);
  if (at === undefined || at.changes !== g.changes) return false;
  for (let i = at.events; i < s.events.length; i++) if (!INERT.has(s.events[i]!.type)) return false;
  s.triggerSeq = s.events.length;
  return true;
}

/** 117.5: state-based actions, then triggered abilities to the stack, until neither happens. */
export function beforePriority(g: Game): void {
  if (settled(g)) return;
  for (let i = 0; i < 100; i++) {
    // 702.131b: a tenth permanent gives the blessing before state-based actions remove any
    checkAscend(g);
    // 506.4: a creature that changed sides or stopped being one has left combat
    checkCombatants(g);
    collectTriggers(g);
    const sba = checkStateBasedActions(g);
    if (g.state.result) return;
    collectTriggers(g);
    collectStateTriggers(g);
    const trig = putTriggersOnStack(g);
    if (!sba && !trig) {
      SETTLED(g).set(g.state, { events: g.state.events.length, changes: g.changes });
      return;
    }
  }
}

/** A player receives priority (117.3); the record of passes in succession starts over. */
export function givePriority(g: Game, player: PlayerId, rule: RuleId): void {
  beforePriority(g);
  if (g.state.result) {
    g.state.turn.priority = null;
    return;
  }
  g.state.turn.priority = player;
  g.state.turn.passed = [];
  g.emit({ type: 'priority', rule, player });
}
