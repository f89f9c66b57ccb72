// Passing priority (117.3d, 117.4): the next player receives priority, and when all players pass in
// succession the top object of the stack resolves (608) or, with an empty stack, the step ends (500.2).

import { IllegalAction, type Game } from '../state/game.js';
import { resolveTopObject } from '../instructions/resolution.js';
import type { PlayerId } from '../state/state.js';
import { beforePriority, givePriority } from './priority.js';
import { endStep } from './turn.js';
import { watchForLoop } from './loops.js';

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
      watchForLoop(g);
      return 'resolved';
    }
    g.emit({ type: 'all_passed', rule: '117.4', step: t.step, stackEmpty: true });
    t.priority = null;
    endStep(g, true);
    return 'step';
  }
  // the next player in turn order receives priority (117.3d); passes in succession continue
  beforePriority(g);
  const next = g.nextPlayer(player);
  t.priority = next;
  g.emit({ type: 'priority', rule: '117.3d', player: next });
  return 'passed';
}
