// How long an effect lasts (611.2a-b): until end of turn (514.2), while its source stays tapped, on
// the battlefield or under the control of the effect's controller, until it leaves (610.3), until the end of a player's next turn, or for the rest
// of the game. Plain data, shared by the state and the events that report an effect.

export type EffectDuration =
  | { kind: 'end_of_turn' }
  | { kind: 'while_source_tapped' }
  | { kind: 'while_source_on_battlefield' }
  | { kind: 'while_source_controlled' }
  /** "for as long as you control CARDNAME and CARDNAME remains tapped": both must hold */
  | { kind: 'while_source_controlled_and_tapped' }
  | { kind: 'permanent' };

/**
 * How long any stored effect lasts: a continuous effect's durations, plus "until [its source] leaves
 * the battlefield" (610.3) and "until the end of [a player's] next turn" (the first turn of that
 * player after turn `afterTurn`).
 */
export type Duration =
  | EffectDuration
  | { kind: 'until_source_leaves' }
  | { kind: 'end_of_next_turn'; player: string; afterTurn: number };
