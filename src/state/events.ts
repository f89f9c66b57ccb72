// The one event stream: every change the engine makes is an event that carries the rule behind it.
// The trace, --json, the board after each resolution and `cited:` checkpoints are views of it, and
// triggered abilities look at it to see what happened (603.2).

import type { RuleId } from '../core/rules/index.js';
import type { ObjId, PlayerId, ZoneName } from '../core/ids.js';

export type EventKind =
  | 'action' // a player's action begins (cast, activate, play, pass...)
  | 'announce' // choices made while proposing (601.2b-d)
  | 'cost' // total cost determined or paid (601.2f-h)
  | 'mana' // mana added to or spent from a pool
  | 'cast' // a spell became cast (601.2i)
  | 'activated' // an ability became activated (602.2e)
  | 'priority'
  | 'pass'
  | 'resolve'
  | 'fizzle' // a spell or ability did not resolve (608.2b)
  | 'zone' // an object moved between zones
  | 'damage'
  | 'life'
  | 'draw'
  | 'counter_spell'
  | 'counters'
  | 'tap'
  | 'untap'
  | 'effect' // a continuous effect was created or ended
  | 'control'
  | 'sba' // a state-based action
  | 'trigger' // an ability triggered or was put on the stack
  | 'answer' // a question answered automatically
  | 'illegal' // an action was rejected and rolled back
  | 'turn' // steps and phases
  | 'game' // the game ended
  | 'note'
  | 'info';

export interface GameEvent {
  seq: number;
  kind: EventKind;
  /** The rule that made the change; null only for notes that change nothing. */
  rule: RuleId | null;
  text: string;
  player?: PlayerId;
  obj?: ObjId;
  /** Structured details for triggers and JSON consumers. */
  data?: EventData;
}

export type EventData =
  | { type: 'zone'; obj: ObjId; newObj?: ObjId; from: ZoneName | null; to: ZoneName | null; owner: PlayerId; controller?: PlayerId }
  | { type: 'damage'; source: ObjId; to: { obj: ObjId } | { player: PlayerId }; amount: number; combat: boolean }
  | { type: 'life'; player: PlayerId; delta: number }
  | { type: 'cast'; obj: ObjId; player: PlayerId; from: ZoneName }
  | { type: 'tapped'; obj: ObjId; forMana: boolean; player: PlayerId; produced?: string[] }
  | { type: 'untapped'; obj: ObjId }
  | { type: 'blocks'; blocker: ObjId; attacker: ObjId }
  | { type: 'draw'; player: PlayerId; obj: ObjId; /** the how-manieth card the player drew this turn */ nth: number }
  | { type: 'step'; step: string; turn: number; active: PlayerId }
  | { type: 'counters'; obj: ObjId; counter: string; delta: number }
  | { type: 'turned_face_up'; obj: ObjId; player: PlayerId }
  /** An illegal action (730): what it did before it was rejected, all of it undone. */
  | { type: 'rejected'; attempted: Array<{ rule: RuleId | null; text: string }> }
  | { type: 'generic' };
