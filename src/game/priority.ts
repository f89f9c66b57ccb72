// Timing and priority (117): before a player receives priority, state-based actions and triggered
// abilities are handled (117.5); passing in succession resolves the top of the stack or ends the
// step (117.4).

import type { RuleId } from '../core/rules/index.js';
import { IllegalAction, type Game } from '../state/game.js';
import { resolveTopObject } from '../stack/resolution.js';
import { checkStateBasedActions } from './sba.js';
import type { PlayerId } from '../state/state.js';
import { collectStateTriggers, collectTriggers, putTriggersOnStack } from '../stack/triggers.js';
import { endStep } from './turn.js';

/** 117.5: state-based actions, then triggered abilities to the stack, until neither happens. */
export function beforePriority(g: Game): void {
  for (let i = 0; i < 100; i++) {
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

export type PassOutcome = 'passed' | 'resolved' | 'step';

/** 117.3d / 117.4: the player with priority passes. */
export function passPriority(g: Game, player: PlayerId): PassOutcome {
  const t = g.state.turn;
  if (g.state.result) throw new IllegalAction('117.1', 'the game is over');
  if (t.priority !== player) throw new IllegalAction('117.3d', `${player} can't pass: ${t.priority ?? 'nobody'} has priority`);
  const pool = g.player(player).pool;
  g.emit({ type: 'pass', rule: '117.3d', player, pool: [...pool] });
  t.passed.push(player);
  const active = g.state.players.filter((p) => !p.lost).map((p) => p.name);
  if (active.every((p) => t.passed.includes(p))) {
    t.passed = [];
    if (g.state.stack.length > 0) {
      g.emit({ type: 'all_passed', rule: '117.4', step: t.step, stackEmpty: false });
      t.priority = null;
      resolveTopObject(g);
      givePriority(g, t.active, '117.3b');
      return 'resolved';
    }
    g.emit({ type: 'all_passed', rule: '117.4', step: t.step, stackEmpty: true });
    t.priority = null;
    endStep(g);
    return 'step';
  }
  // the next player in turn order receives priority (117.3d); passes in succession continue
  beforePriority(g);
  const next = g.nextPlayer(player);
  t.priority = next;
  g.emit({ type: 'priority', rule: '117.3d', player: next });
  return 'passed';
}
