// How long a continuous effect from a resolving spell or ability lasts (611.2a-b): until end of turn
// (514.2), while its source stays tapped or on the battlefield, or for the rest of the game. Plain
// data, shared by the state and the events that report an effect.

export type EffectDuration =
  | { kind: 'end_of_turn' }
  | { kind: 'while_source_tapped' }
  | { kind: 'while_source_on_battlefield' }
  | { kind: 'permanent' };
