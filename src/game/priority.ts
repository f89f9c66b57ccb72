// Timing and priority (117): before a player receives priority, state-based actions and triggered
// abilities are handled (117.5). Passing priority is in passing.ts.

import { checkAscend } from '../stack/ascend.js';
import type { RuleId } from '../core/rules/index.js';
import type { Game } from '../state/game.js';
import { checkStateBasedActions } from './sba.js';
import { checkCombatants } from '../events/removeFromCombat.js';
import type { PlayerId } from '../state/state.js';
import { collectStateTriggers, collectTriggers, putTriggersOnStack } from '../stack/triggers.js';

/** 117.5: state-based actions, then triggered abilities to the stack, until neither happens. */
export function beforePriority(g: Game): void {
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
    if (!sba && !trig) return;
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
