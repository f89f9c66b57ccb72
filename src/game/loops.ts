// Loops (104.4b): each time an object on the stack has resolved and a player is about to get
// priority again, the state is written down without what only counts up (object ids, timestamps,
// positions in the event log). When the game comes back to a state it was in before, it is in a
// loop. If nobody made a choice since then (every player only passed, every question had one legal
// answer), the loop is made of mandatory actions and can never end: the game is a draw
// (104.4b). If some player did choose, the loop goes on only by their choices (an optional loop): it
// is reported once (it doesn't make a draw, 104.4b), and the players stop it by choosing differently.

import { perGame, type Game } from '../state/game.js';
import type { GameState, ObjId } from '../state/state.js';
import { cloneTree } from '../util/clone.js';

interface Seen {
  /** Resolutions watched when the state was seen. */
  at: number;
  /** Game.choices then. */
  choices: number;
  /** A copy of the state then, printed only if a later state looks like it (see `roughKey`). */
  body: Body;
  /** Its fingerprint, once it was needed. */
  print?: string;
}

interface Watch {
  /** The states seen in this step, by their rough key; within one key, each fingerprint once. */
  seen: Map<string, Seen[]>;
  /** The turn and step they were seen in: a state of an earlier step never comes back (the turn
   * number only grows), so the history starts over with each step. */
  step: string;
  resolutions: number;
  /** Game.restores when the history began: a state put back (730) clears it. */
  restores: number;
  reported: boolean;
}

/** The game's watch (in a table of the game's own: see perGame). */
const WATCHES = perGame<Game, Watch>();

/** Fields whose values only count up (timestamps, event log positions): compared by rank. */
const COUNTING = new Set(['timestamp', 'transformedAt', 'enteredAt', 'indestructibleNoted', 'seq']);

/** The objects in a zone, in a fixed order: these are the objects the state is about. */
function zoneIds(s: Pick<GameState, 'players' | 'battlefield' | 'stack'>): ObjId[] {
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

/** The parts of the state a fingerprint is made of; the objects are those in a zone, in zone order. */
function bodyOf(s: GameState) {
  return {
    players: s.players, battlefield: s.battlefield, stack: s.stack, turn: s.turn, effects: s.effects, pending: s.pending, result: s.result ?? null, seed: s.seed,
    objects: zoneIds(s).map((id) => s.objects[id] ?? null),
  };
}

type Body = ReturnType<typeof bodyOf>;

/** An object's id (Game.newId). */
const OBJECT_ID = /^o\d+$/;

/**
 * The state as a string in which two states that differ only in ids and counters are equal. An object
 * in a zone is written as its place in zone order; any other object named (a token that ceased to
 * exist, named by the trigger it caused) as the order in which the walk first meets it. Each counting
 * value is written as 0 and its rank among them all is listed after, in the same order: the two
 * together say what writing the ranks in place would, in one walk of the state.
 */
function printOf(body: Body): string {
  const names = new Map(zoneIds(body).map((id, i) => [id, `#${i}`]));
  let others = 0;
  const counting: number[] = [];
  const text = JSON.stringify(body, (key, value: unknown) => {
    if (typeof value === 'string') {
      const name = names.get(value);
      if (name !== undefined || !OBJECT_ID.test(value)) return name ?? value;
      const other = `~${others++}`;
      names.set(value, other);
      return other;
    }
    if (typeof value === 'number' && COUNTING.has(key)) {
      counting.push(value);
      return 0;
    }
    return value;
  });
  return `${text}|${ranksOf(counting)}`;
}

export function stateFingerprint(g: Game): string {
  return printOf(bodyOf(g.state));
}

/**
 * A few numbers that two states with the same fingerprint share (each is written as it is in the
 * fingerprint): life totals, zone sizes, tapped permanents, damage. Only states with the same
 * rough key are printed and compared.
 */
function roughKey(b: Body): string {
  const zones = b.players.map((p) => `${p.life} ${p.poison} ${p.hand.length} ${p.library.length} ${p.graveyard.length} ${p.exile.length}`);
  let tapped = 0;
  let damage = 0;
  for (const o of b.objects) {
    if (o?.tapped) tapped++;
    damage += o?.damage ?? 0;
  }
  return `${zones.join(',')}|${b.battlefield.length} ${b.stack.length} ${b.pending.length} ${b.effects.length} ${tapped} ${damage}`;
}

function watchOf(g: Game): Watch {
  const watches = WATCHES(g);
  let w = watches.get(g);
  const step = `${g.state.turn.number} ${g.state.turn.step}`;
  if (!w || w.restores !== g.restores) {
    w = { seen: new Map(), step, resolutions: 0, restores: g.restores, reported: false };
    watches.set(g, w);
  } else if (w.step !== step) {
    w.seen.clear();
    w.step = step;
  }
  return w;
}

/**
 * Records the state now among those seen in this step; returns the last time the same state was seen
 * (the same fingerprint: exact, where a digest could, however rarely, call two states one).
 */
function remember(g: Game, w: Watch): Seen | undefined {
  const body = bodyOf(g.state);
  const key = roughKey(body);
  const list = w.seen.get(key) ?? [];
  const print = list.length ? printOf(body) : undefined;
  const i = print === undefined ? -1 : list.findIndex((e) => (e.print ??= printOf(e.body)) === print);
  const before = i < 0 ? undefined : list.splice(i, 1)[0];
  w.resolutions++;
  list.push({ at: w.resolutions, choices: g.choices, body: cloneTree(body), ...(print !== undefined ? { print } : {}) });
  w.seen.set(key, list);
  return before;
}

/**
 * Called as a player is about to get priority after a resolution. A mandatory loop ends the game as
 * a draw (104.4b); an optional one is reported once. Returns whether the game ended.
 */
export function watchForLoop(g: Game): boolean {
  if (g.state.result) return false;
  const w = watchOf(g);
  const before = remember(g, w);
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
