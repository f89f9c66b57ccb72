// Loops (104.4b): each time an object on the stack has resolved and a player is about to get
// priority again, the state is written down without what only counts up (object ids, timestamps,
// positions in the event log). When the game comes back to a state it was in before, it is in a
// loop. If nobody made a choice since then (every player only passed, every question had one legal
// answer), the loop is made of mandatory actions and can never end: the game is a draw
// (104.4b). If some player did choose, the loop goes on only by their choices (an optional loop): it
// is reported once (it doesn't make a draw, 104.4b), and the players stop it by choosing differently.

import type { Game } from '../state/game.js';
import type { GameState, ObjId } from '../state/state.js';

interface Seen {
  /** Resolutions watched when the state was seen. */
  at: number;
  /** Game.choices then. */
  choices: number;
}

interface Watch {
  /** The states seen in this step, by their fingerprint. */
  seen: Map<string, Seen>;
  /** The turn and step they were seen in: a state of an earlier step never comes back (the turn
   * number only grows), so the history starts over with each step. */
  step: string;
  resolutions: number;
  /** Game.restores when the history began: a state put back (730) clears it. */
  restores: number;
  reported: boolean;
}

const WATCHES = new WeakMap<Game, Watch>();

/** Fields whose values only count up (timestamps, event log positions): compared by rank. */
const COUNTING = new Set(['timestamp', 'transformedAt', 'enteredAt', 'indestructibleNoted', 'seq']);

/** The objects in a zone, in a fixed order: these are the objects the state is about. */
function zoneIds(s: GameState): ObjId[] {
  const ids: ObjId[] = [];
  for (const p of s.players) ids.push(...p.hand, ...p.library, ...p.graveyard, ...p.exile);
  ids.push(...s.battlefield, ...s.stack);
  return ids;
}

/** Ranks of the values, in the order given: the smallest value is 0. */
function ranksOf(values: number[]): string {
  const rank = new Map([...new Set(values)].sort((x, y) => x - y).map((n, i) => [n, i]));
  return values.map((n) => rank.get(n)).join(',');
}

/**
 * The state as a string in which two states that differ only in ids and counters are equal. Each
 * counting value is written as 0 and its rank among them all is listed after, in the same order:
 * the two together say what writing the ranks in place would, in one walk of the state.
 */
export function stateFingerprint(g: Game): string {
  const s = g.state;
  const order = zoneIds(s);
  const names = new Map(order.map((id, i) => [id, `#${i}`]));
  const body = {
    players: s.players, battlefield: s.battlefield, stack: s.stack, turn: s.turn, effects: s.effects, pending: s.pending, result: s.result ?? null, seed: s.seed,
    objects: order.map((id) => s.objects[id] ?? null),
  };
  const counting: number[] = [];
  const text = JSON.stringify(body, (key, value: unknown) => {
    if (typeof value === 'string') return names.get(value) ?? value;
    if (typeof value === 'number' && COUNTING.has(key)) {
      counting.push(value);
      return 0;
    }
    return value;
  });
  return `${text}|${ranksOf(counting)}`;
}

function watchOf(g: Game): Watch {
  let w = WATCHES.get(g);
  const step = `${g.state.turn.number} ${g.state.turn.step}`;
  if (!w || w.restores !== g.restores) {
    w = { seen: new Map(), step, resolutions: 0, restores: g.restores, reported: false };
    WATCHES.set(g, w);
  } else if (w.step !== step) {
    w.seen.clear();
    w.step = step;
  }
  return w;
}

/**
 * Called as a player is about to get priority after a resolution. A mandatory loop ends the game as
 * a draw (104.4b); an optional one is reported once. Returns whether the game ended.
 */
export function watchForLoop(g: Game): boolean {
  if (g.state.result) return false;
  const w = watchOf(g);
  // the fingerprint itself is the key: exact, where a digest could (however rarely) call two states one
  const key = stateFingerprint(g);
  const before = w.seen.get(key);
  w.resolutions++;
  w.seen.set(key, { at: w.resolutions, choices: g.choices });
  if (!before) return false;
  const since = w.resolutions - before.at;
  if (g.choices === before.choices) {
    g.emit({ type: 'loop', rule: '104.4b', mandatory: true, resolutions: since });
    g.state.result = { draw: true };
    g.state.turn.priority = null;
    g.emit({ type: 'game_over', rule: '104.4b', winner: null });
    return true;
  }
  if (!w.reported) {
    w.reported = true;
    g.emit({ type: 'loop', rule: '104.4b', mandatory: false, resolutions: since });
  }
  return false;
}
