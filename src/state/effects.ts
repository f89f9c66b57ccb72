// The stored effects of a game, kept in one collection (GameState.effects): how to add one, read the
// effects of one kind, remove one, and the one step that ends effects whose duration is over at the
// cleanup step (514.2: "until end of turn" effects end; so do the turn's shields, blocking
// requirements and "this turn" delayed triggers, and permissions lasting until the end of a
// player's next turn when that turn ends).

import type { EffectKind, EffectOf, GameState, StoredEffect } from './state.js';

type WithoutId<E> = E extends StoredEffect ? Omit<E, 'id'> : never;

/** Adds an effect with the next id, and returns it. */
export function addEffect<E extends WithoutId<StoredEffect>>(s: GameState, e: E): E & { id: number } {
  const stored = { ...e, id: s.nextEffectId++ };
  s.effects.push(stored as unknown as StoredEffect);
  return stored;
}

/** Shared answer when no effect is of the kind asked (most calls): no list is made for it. */
const NONE: readonly never[] = Object.freeze([]);

/** The effects of one kind, in the order they were made (read-only: the empty answer is shared). */
export function effectsOf<K extends EffectKind>(s: GameState, kind: K): readonly EffectOf<K>[] {
  if (!hasKind(s.effects, kind)) return NONE;
  return s.effects.filter((e): e is EffectOf<K> => e.kind === kind);
}

function hasKind(effects: readonly StoredEffect[], kind: EffectKind): boolean {
  for (const e of effects) if (e.kind === kind) return true;
  return false;
}

export function removeEffect(s: GameState, e: StoredEffect): void {
  s.effects = s.effects.filter((x) => x !== e);
}

/** Whether an effect's duration is over once the cleanup step of the current turn comes (514.2). */
function endsAtCleanup(s: GameState, e: StoredEffect): boolean {
  const d = e.duration;
  if (d.kind === 'end_of_turn') return true;
  if (d.kind === 'end_of_next_turn') return s.turn.active === d.player && s.turn.number > d.afterTurn;
  return false;
}

/** Ends the effects whose duration is over at this cleanup step (514.2); returns them. */
export function expireAtCleanup(s: GameState): StoredEffect[] {
  const ending = s.effects.filter((e) => endsAtCleanup(s, e));
  s.effects = s.effects.filter((e) => !ending.includes(e));
  return ending;
}
