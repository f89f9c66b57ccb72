// The one event stream: every change the engine makes is an event that carries the rule behind it.
// An event is typed data (a discriminated union on `type`), never a sentence: the trace, --json
// and `cited:` checkpoints are views of it (the English is rendered in cli/describe.ts), and
// triggered abilities read its fields to see what happened (603.2).
// Objects are named by an ObjRef taken as the event happened, so a past event needs no state.

import type { RuleId } from '../core/rules/index.js';
import type { Mana } from '../core/mana.js';
import type { CostPart } from '../cards/costs.js';
import type { CombatRestriction, Trigger } from '../cards/types.js';
import type { ObjId, PlayerId, ZoneName } from '../core/ids.js';
import type { EffectDuration } from './durations.js';

/** An object as it was when the event happened: its id, its name then, its scenario id if any. */
export interface ObjRef {
  id: ObjId;
  name: string;
  ref?: string;
}

/** A player or an object an event is about (a damage recipient, a target). */
export type ThingRef = { player: PlayerId } | { obj: ObjRef };

/** How a zone move happened: the keyword action or rule that moved it, and who or what did. */
export type MoveHow =
  | { kind: 'played_land'; player: PlayerId }
  | { kind: 'cast'; player: PlayerId; adventure: string | null; faceDown: boolean }
  | { kind: 'resolves_enters' }
  | { kind: 'enters_under'; player: PlayerId }
  | { kind: 'enters_attached'; to: ThingRef }
  | { kind: 'adventure' }
  /** An instant or sorcery leaving the stack; `copy`: a copy, which then ceases to exist. */
  | { kind: 'finishes_resolving'; copy: boolean }
  | { kind: 'removed_from_stack'; copy: boolean }
  | { kind: 'countered'; by: string; to: ZoneName }
  /** `by`: the source's name, or "state-based action"; may be empty. */
  | { kind: 'destroyed'; by: string }
  | { kind: 'sacrificed'; by: string }
  | { kind: 'to_graveyard' }
  | { kind: 'cant_enter' }
  | { kind: 'suspended'; player: PlayerId }
  /** `cause`: the controller of the spell or ability whose instruction made the player discard */
  | { kind: 'discarded'; by: string; cause?: PlayerId }
  | { kind: 'discarded_to_hand_size' }
  | { kind: 'milled' }
  | { kind: 'exiled'; by: ObjRef; untilLeaves: boolean }
  | { kind: 'exiled_from_library'; player: PlayerId; by: ObjRef }
  | { kind: 'returned_to_hand'; by: ObjRef; player: PlayerId | null }
  | { kind: 'onto_battlefield'; by: ObjRef; returned: boolean }
  | { kind: 'shuffled_in'; by: ObjRef }
  | { kind: 'put_on_library'; by: ObjRef; position: 'top' | 'bottom'; /** "second from the top" is 2 (401.7) */ nth?: number }
  | { kind: 'found'; player: PlayerId; by: ObjRef }
  | { kind: 'sacrificed_entering'; by: ObjRef }
  | { kind: 'exiled_entering'; by: ObjRef }
  | { kind: 'returns_to_owner'; by: ObjRef }
  /** Moved to pay a cost (601.2h): `action` is what was done, `cost` the label paid for. */
  | { kind: 'paid'; action: 'sacrificed' | 'discarded' | 'exiled' | 'exiled_from_library' | 'returned to hand'; cost: string; /** discarded to pay a cycling cost (702.29c) */ cycling?: true };

/** Every event type (docs/json-output.md documents each; a test checks it). */
export const EVENT_TYPES = [
  'turn_began', 'extra_turn', 'step_began', 'first_draw_skipped', 'untap_declined', 'pool_emptied', 'combat_ended', 'cleanup', 'priority', 'pass', 'all_passed', 'game_over', 'loop',
  'no_attackers', 'attacks', 'combat_cost', 'requirement_waived', 'attackers_declared', 'blocks', 'no_blockers', 'unblocked', 'blocked', 'combat_damage_step', 'damage_by_toughness', 'attacks_nothing', 'removed_from_combat', 'put_attacking',
  'zone_move', 'flashback_exiled', 'aftermath_exiled', 'jump_start_exiled', 'madness_exiled', 'cant_enter', 'shuffled', 'damage', 'life', 'energy', 'draw', 'draw_empty', 'indestructible', 'not_countered', 'doesnt_untap', 'wont_untap', 'regenerated', 'renowned', 'paired', 'unpaired', 'monstrous', 'tapped', 'untapped', 'counters', 'turned_face_up', 'exerted', 'clash', 'explored', 'coin_flip',
  'replacements_ordered', 'damage_prevented', 'replaced',
  'ability_activating', 'announced', 'overloaded', 'targets_chosen', 'divided', 'cost_locked', 'cost_reduced', 'cost_zero', 'cost_draw_replaced', 'cost_paid_by', 'mana_paid', 'mana_ability', 'mana_triggered', 'spell_cast', 'ability_activated',
  'trigger_skipped', 'triggers_again', 'triggered', 'delayed_triggered', 'apnap_order', 'trigger_removed', 'trigger_on_stack', 'resolves', 'bestow_fails', 'fizzles', 'condition_false', 'delayed_object_gone', 'last_known_used',
  'copy_put', 'copy_retargeted', 'no_copies', 'nothing_to_copy', 'becomes_copy', 'copy_exception', 'copied_values',
  'player_loses', 'sba', 'counters_annihilate', 'token_ceases', 'unattached',
  'continuous_effect', 'effect_ended', 'rules_effect', 'replacement_created', 'self_replacement', 'regeneration_shield', 'prevention_shield', 'redirection_shield', 'may_play', 'must_block', 'combat_restriction',
  'text_exchanged', 'delayed_created', 'reflexive_triggered', 'divided_evenly', 'destroy_all', 'too_few', 'mana_added', 'library_empty', 'revealed',
  'already_face_down', 'turned_face_down', 'flipped', 'transformed', 'copy_effect', 'fight', 'token_created', 'emblem_created', 'city_blessing', 'scry', 'proliferated', 'player_counters', 'chosen', 'hand_seen', 'library_top_seen', 'cant_win', 'decision',
  'if_you_do', 'unless_paid', 'may_pay', 'attached', 'attach_failed', 'search_failed', 'put_on_top', 'no_abilities_to_gain', 'cast_declined', 'cast_while_resolving', 'put_decision',
  'one_at_a_time', 'nothing_happens',
  'note', 'card_shadowed', 'auto_answered', 'rejected',
] as const;

type Listed = (typeof EVENT_TYPES)[number];

/** Names the JSON lines of events use for themselves (docs/json-output.md): an event with such a field is `never`. */
type Reserved = 'type' | 'seq' | 'event' | 'text' | 'action';

type Ev<T extends Listed, F> = [Extract<keyof F, Reserved>] extends [never] ? { type: T; rule: RuleId } & F : never;

/** Turn structure, priority and the end of the game (500-514, 117, 104). */
export type TurnEvent =
  | Ev<'turn_began', { turn: number; active: PlayerId; extra?: boolean }>
  | Ev<'extra_turn', { player: PlayerId; by: ObjRef }>
  | Ev<'step_began', { step: string; turn: number; active: PlayerId }>
  | Ev<'first_draw_skipped', { player: PlayerId }>
  | Ev<'untap_declined', { player: PlayerId; obj: ObjRef }>
  | Ev<'pool_emptied', { player: PlayerId; pool: Mana[]; step: string }>
  | Ev<'combat_ended', object>
  | Ev<'cleanup', { effectsEnded: number }>
  | Ev<'priority', { player: PlayerId }>
  | Ev<'pass', { player: PlayerId; pool: Mana[] }>
  /** All players passed in succession: the top of the stack resolves, or the step ends (117.4). */
  | Ev<'all_passed', { step: string; stackEmpty: boolean }>
  | Ev<'game_over', { winner: PlayerId | null; by?: ObjRef }>
  /** The game came back to a state it was in `resolutions` resolutions ago: with no choice made
   * since (mandatory: the game is a draw, 104.4b) or only by the players' choices (no draw, 104.4b). */
  | Ev<'loop', { mandatory: boolean; resolutions: number }>;

/** Combat declarations and damage (506-511). */
export type CombatEvent =
  | Ev<'no_attackers', { player: PlayerId }>
  | Ev<'attacks', { player: PlayerId; attacker: ObjRef; target: ThingRef; tapped: boolean }>
  | Ev<'attackers_declared', { player: PlayerId; count: number }>
  | Ev<'blocks', { blocker: ObjRef; attackers: ObjRef[] }>
  | Ev<'no_blockers', object>
  | Ev<'unblocked', { obj: ObjRef }>
  /** Put onto the battlefield attacking (ninjutsu, 702.49a), never declared as an attacker */
  | Ev<'put_attacking', { obj: ObjRef; target: ThingRef }>
  /** An attacking creature with a blocker declared becomes blocked (509.1h), once, whatever the number of blockers */
  | Ev<'blocked', { obj: ObjRef; by: ObjRef[] }>
  | Ev<'combat_damage_step', { firstStrike: boolean; none: boolean }>
  /** An attacking creature whose planeswalker or battle has left combat assigns no combat damage (506.4c, 510.1b) */
  | Ev<'attacks_nothing', { obj: ObjRef }>
  /** By an instruction (`by`), or because its controller changed or it stopped being a creature (`because`, 506.4). */
  | Ev<'removed_from_combat', { obj: ObjRef; by?: ObjRef; because?: LeftCombatBecause }>;

/** Why a permanent left combat without an instruction saying so (506.4). */
export type LeftCombatBecause = 'control_changed' | 'not_a_creature' | 'not_a_planeswalker';

/** Objects and players changing: zones (400), damage (120), life (119), draws (121), 701 actions. */
export type ChangeEvent =
  | Ev<'zone_move', { obj: ObjRef; newObj: ObjRef | null; from: ZoneName | null; to: ZoneName | null; owner: PlayerId; controller: PlayerId | null; how: MoveHow | null }>
  | Ev<'flashback_exiled', { obj: ObjRef }>
  | Ev<'aftermath_exiled', { obj: ObjRef }>
  | Ev<'jump_start_exiled', { obj: ObjRef }>
  /** 702.35a: a discarded card with madness was exiled instead of put into the graveyard (`obj`: the card in exile). */
  | Ev<'madness_exiled', { obj: ObjRef; player: PlayerId }>
  | Ev<'cant_enter', { obj: ObjRef; by: ObjRef; outcome: 'graveyard' | 'stays' | 'not_created'; zone: ZoneName | null; owner: PlayerId }>
  | Ev<'shuffled', { player: PlayerId }>
  | Ev<'damage', { source: ObjRef; to: ThingRef; amount: number; combat: boolean; result: DamageResult }>
  | Ev<'life', { player: PlayerId; delta: number; life: number; how: 'gain' | 'lose' | 'pay'; entersUntapped?: ObjRef }>
  | Ev<'draw', { player: PlayerId; obj: ObjRef; nth: number }>
  /** Energy counters a player gets or pays (107.14) */
  | Ev<'energy', { player: PlayerId; delta: number; energy: number }>
  | Ev<'draw_empty', { player: PlayerId }>
  | Ev<'indestructible', { obj: ObjRef }>
  /** A permanent an effect keeps tapped in its controller's untap step (502.3) */
  | Ev<'doesnt_untap', { obj: ObjRef; by: ObjRef }>
  /** a resolving instruction keeps permanents from untapping: during their controller's (or `player`'s) next untap step, or during untap steps for as long as `held` lasts */
  | Ev<'wont_untap', { objs: ObjRef[]; by: ObjRef; player?: PlayerId; held?: EffectDuration }>
  /** A spell that can't be countered stays on the stack (101.2) */
  | Ev<'not_countered', { obj: ObjRef; by: string }>
  | Ev<'regenerated', { obj: ObjRef }>
  /** A permanent becomes renowned (702.112a-b) */
  | Ev<'renowned', { obj: ObjRef; by: ObjRef }>
  | Ev<'explored', { obj: ObjRef; player: PlayerId; revealed: ObjRef | null; land: boolean; counter: boolean; to: 'hand' | 'graveyard' | 'library' | null }>
  /** Two creatures become paired by soulbond (702.95b) */
  | Ev<'paired', { obj: ObjRef; with: ObjRef; by: ObjRef }>
  /** A soulbond pair ends (702.95e) */
  | Ev<'unpaired', { obj: ObjRef }>
  /** A permanent becomes monstrous (701.37a-b) */
  | Ev<'monstrous', { obj: ObjRef; by: ObjRef }>
  | Ev<'tapped', { obj: ObjRef; player: PlayerId; cause: TapCause }>
  | Ev<'untapped', { obj: ObjRef; cause: TapCause }>
  | Ev<'counters', { obj: ObjRef; counter: string; delta: number; cause: CounterCause }>
  | Ev<'turned_face_up', { player: PlayerId; obj: ObjRef }>
  /** 701.43a: the player chose to have the attacking creature not untap during their next untap step */
  | Ev<'exerted', { player: PlayerId; obj: ObjRef }>
  /** 510.1a as an effect changes it: the creature assigns combat damage equal to its toughness */
  | Ev<'damage_by_toughness', { obj: ObjRef; toughness: number; by: ObjRef }>
  /** 508.1d, 509.1c: a requirement not obeyed because obeying it would need a cost to attack or block */
  | Ev<'requirement_waived', { obj: ObjRef; what: 'attack' | 'block' }>
  /** 508.1h, 509.1d: the total cost to attack or block, one part for each creature and static covering it */
  | Ev<'combat_cost', { player: PlayerId; what: 'attack' | 'block'; costs: Array<{ creature: ObjRef; cost: string; source: string }> }>
  /** 701.30d: the result of a clash for the player who clashed with an opponent */
  | Ev<'clash', { player: PlayerId; opponent?: PlayerId; won: boolean }>
  /** 705.1: the result of a coin flip whose winner or loser an effect cares about */
  | Ev<'coin_flip', { player: PlayerId; won: boolean }>;

/** What damage did: life lost, poison counters, damage marked on a creature or -1/-1 counters put on it, loyalty removed from a planeswalker. */
export type DamageResult =
  | { kind: 'life'; before: number; after: number }
  | { kind: 'marked'; total: number }
  /** from a source with infect: poison counters instead of life loss (120.3b) */
  | { kind: 'poison'; before: number; after: number }
  /** from a source with wither or infect: that many counters on the creature instead (120.3d) */
  | { kind: 'counters'; counter: string }
  | { kind: 'loyalty'; removed: number; loyalty: number };

/**
 * Why a permanent was tapped or untapped: `by` an effect (its source's name) or a turn-based action
 * ("untap step"), or to pay a `cost` (the label paid for).
 */
export type TapCause = { by: string } | { cost: string };

/** How counters changed: put by an effect, removed to pay a cost, a loyalty cost, suspend. */
export type CounterCause =
  /** Put by an effect (its source's name, or "as it enters"). */
  | { put: string }
  | { cost: string }
  | { loyalty: string; now: number }
  | { suspended: true }
  | { removed: true };

/** Replacement (614, 616) and prevention (615) effects applying to an event. */
export type ReplacementEvent =
  | Ev<'replacements_ordered', { how: ReplacementOrder }>
  | Ev<'damage_prevented', { by: ObjRef; source: ObjRef; to: ThingRef; amount: number; shield: Shield }>
  | Ev<'replaced', { by: ObjRef; what: Replacement }>;

/** The event an "instead" replacement replaced (614.1a). */
export type ReplacedEvent =
  | { kind: 'move'; obj: ObjRef; to: ZoneName }
  | { kind: 'damage'; amount: number; source: ObjRef; to: ThingRef }
  | { kind: 'counters'; n: number; counter: string; obj: ObjRef }
  | { kind: 'tokens'; n: number; player: PlayerId }
  | { kind: 'gain_life'; n: number; player: PlayerId }
  | { kind: 'draw'; player: PlayerId };

export type ReplacementOrder =
  | { kind: 'each_once'; count: number }
  | { kind: 'nested' }
  | { kind: 'commute'; effects: Array<{ by: ObjRef; effect: string }> }
  | { kind: 'chosen'; player: PlayerId; first: ObjRef; count: number };

export type Shield =
  | { kind: 'protection'; quality: string }
  | { kind: 'next' }
  | { kind: 'all' }
  | { kind: 'some'; left: number }
  | { kind: 'up_to'; of: number };

export type Replacement =
  | { kind: 'enters_tapped'; obj: ObjRef }
  | { kind: 'enters_with_counters'; counter: string; n: number; /** the permanent entering, when it isn't the effect's source */ obj?: ObjRef }
  | { kind: 'color_chosen'; player: PlayerId; color: string }
  | { kind: 'type_chosen'; player: PlayerId; subtype: string }
  | { kind: 'extra_counter'; counter: string }
  /** riot (702.136a): the entering permanent's controller chose an additional counter, or the ability */
  | { kind: 'counter_or_gains'; player: PlayerId; counter: string | null; gains: string | null }
  | { kind: 'sacrificed_to_enter'; player: PlayerId; count: number; counters: Record<string, number> }
  | { kind: 'nothing_exiled'; player: PlayerId }
  | { kind: 'control'; obj: ObjRef; player: PlayerId; instead: PlayerId }
  | { kind: 'exiled_instead'; obj: ObjRef }
  /** umbra armor (702.89a): the permanent would be destroyed; its damage is removed and the Aura (`by`) destroyed instead */
  | { kind: 'umbra_armor'; obj: ObjRef }
  /** a permanent that would leave the battlefield for `to` is exiled instead (unearth, 702.84a) */
  | { kind: 'leaves_exiled'; obj: ObjRef; to: ZoneName }
  | { kind: 'instead'; event: ReplacedEvent; verbs: string[] }
  | { kind: 'life_floor'; player: PlayerId; from: number; to: number }
  | { kind: 'damage_multiplied'; from: number; to: number }
  /** redirection (614.9): the damage is dealt to `to` instead of `from` */
  | { kind: 'damage_redirected'; from: ThingRef; to: ThingRef; amount: number }
  | { kind: 'counters_multiplied'; counter: string; from: number; to: number }
  | { kind: 'tokens_multiplied'; from: number; to: number }
  | { kind: 'life_multiplied'; from: number; to: number }
  | { kind: 'draw_skipped'; player: PlayerId }
  | { kind: 'draw_instead'; player: PlayerId; n: number };

/** Casting (601), activating (602), costs (118), mana (106, 605), targets (115). */
export type StackEvent =
  | Ev<'ability_activating', { player: PlayerId; label: string; obj: ObjRef; abilityText: string }>
  | Ev<'announced', { player: PlayerId; label: string; obj: ObjRef; choices: Announced }>
  | Ev<'targets_chosen', { player: PlayerId; label: string; obj: ObjRef; targets: ThingRef[] }>
  | Ev<'divided', { player: PlayerId; label: string; obj: ObjRef; total: number; parts: Array<{ to: ThingRef; n: number }> }>
  /** 702.96a: a spell cast for its overload cost: "target" in its text reads "each", so it has no targets (702.96b). */
  | Ev<'overloaded', { player: PlayerId; obj: ObjRef }>
  | Ev<'cost_locked', { player: PlayerId; label: string; obj: ObjRef; mana: string; other: CostPart[]; notes: CostNote[] }>
  | Ev<'cost_reduced', { by: string; how: CostReduction }>
  | Ev<'cost_zero', { player: PlayerId; label: string }>
  | Ev<'cost_draw_replaced', { player: PlayerId; label: string; part: CostPart }>
  | Ev<'mana_paid', { player: PlayerId; label: string; mana: Mana[] }>
  /** An object paid one mana of a spell's total cost by convoke, improvise or delve (`pays`: "{G}", "{1}"). */
  | Ev<'cost_paid_by', { player: PlayerId; label: string; obj: ObjRef; how: 'convoke' | 'improvise' | 'delve'; pays: string }>
  | Ev<'mana_ability', { player: PlayerId; obj: ObjRef; tapped: boolean; mana: Mana[]; auto: boolean }>
  | Ev<'mana_triggered', { player: PlayerId; source: ObjRef; mana: Mana[] }>
  | Ev<'spell_cast', { player: PlayerId; label: string; obj: ObjRef; x: number | null; from: ZoneName; owner: PlayerId }>
  | Ev<'ability_activated', { player: PlayerId; label: string; obj: ObjRef }>;

/** What a player announced while casting (601.2b): modes (1-based), costs, X, how hybrid and Phyrexian mana are paid. */
export interface Announced {
  modes?: number[];
  alt?: string;
  additional?: string[];
  x?: number;
  hybrid?: string;
  phyrexian?: string[];
}

/** A change to a spell's total cost (601.2f), with the name of the permanent making it. */
export type CostNote =
  | { kind: 'increase'; mana: string; times: number; by: string }
  | { kind: 'minimum'; total: number; by: string }
  | { kind: 'reduce'; mana: string; asGeneric: boolean; by: string };

export type CostReduction =
  | { kind: 'hybrid_half'; player: PlayerId; half: string }
  | { kind: 'phyrexian'; color: string }
  | { kind: 'snow' }
  | { kind: 'generic'; n: number; taken: number }
  | { kind: 'colored'; mana: string }
  | { kind: 'colored_only_none'; mana: string }
  | { kind: 'as_generic'; mana: string; had: boolean };

/** Triggers (603), resolution (608), copies (707). */
export type ResolutionEvent =
  | Ev<'trigger_skipped', { source: ObjRef; why: 'no_enter_triggers' | 'condition'; by?: ObjRef[] }>
  | Ev<'triggers_again', { source: ObjRef; by: ObjRef[] }>
  | Ev<'triggered', { player: PlayerId; source: ObjRef; abilityText: string }>
  /** A delayed ability triggers: on an event (its name), or at a step (its instructions' verbs; null: unknown). */
  | Ev<'delayed_triggered', { player: PlayerId; source: ObjRef; on: string | null; effects: string[] | null }>
  | Ev<'apnap_order', { players: PlayerId[] }>
  | Ev<'trigger_removed', { player: PlayerId; label: string }>
  | Ev<'trigger_on_stack', { player: PlayerId; label: string; obj: ObjRef; targets: ThingRef[] }>
  /** It resolves; a spell names the targets that became illegal and are not affected (608.2b). */
  | Ev<'resolves', { obj: ObjRef; illegal: ThingRef[] }>
  | Ev<'bestow_fails', { obj: ObjRef }>
  | Ev<'fizzles', { obj: ObjRef; illegal: ThingRef[]; total: number; permanent: boolean; ability: boolean }>
  | Ev<'condition_false', { obj: ObjRef }>
  | Ev<'delayed_object_gone', { name: string | null }>
  /** `spell`: a spell that left the stack is copied as it last existed there (`value` unused, 0). */
  | Ev<'last_known_used', { name: string | null; what: 'power' | 'toughness' | 'mana_value' | 'spell'; value: number }>
  | Ev<'copy_put', { by: string; of: ObjRef; copy: ObjRef; controller: PlayerId }>
  | Ev<'copy_retargeted', { player: PlayerId; obj: ObjRef; targets: ThingRef[]; radiate: boolean }>
  | Ev<'no_copies', { by: string }>
  | Ev<'nothing_to_copy', { by: string }>
  | Ev<'becomes_copy', { obj: ObjRef; by: string; of: ObjRef; enters: boolean; untilFaceDown: boolean }>
  | Ev<'copy_exception', { obj: ObjRef; exception: CopyException }>
  | Ev<'copied_values', { obj: ObjRef; name: string | null; supertypes: string[]; types: string[]; subtypes: string[]; colors: string[]; power: number | null; toughness: number | null }>;

/** One way a copy differs from what it copies (707.9). */
export type CopyException =
  | { kind: 'not_color' }
  | { kind: 'add_types'; types: string[] }
  | { kind: 'pt'; power: number; toughness: number }
  | { kind: 'not_legendary' }
  | { kind: 'extra_ability' }
  | { kind: 'grant'; text: string }
  | { kind: 'colors'; colors: string[] }
  | { kind: 'no_mana_cost' }
  | { kind: 'add_subtypes'; subtypes: string[] };

/** What resolving instructions do (608.2, 609-611, 614.3, 615, 701, 707, 708, 710). */
export type InstructionEvent =
  | Ev<'continuous_effect', { by: ObjRef; affected: ObjRef[]; what: string; duration: EffectDuration }>
  /** 611.2b: an effect lasting "for as long as" a condition ends for good, the condition no longer holding */
  | Ev<'effect_ended', { by: ObjRef; duration: EffectDuration }>
  | Ev<'rules_effect', { by: ObjRef; player: PlayerId; kinds: string[] }>
  | Ev<'replacement_created', { by: ObjRef; untilEndOfTurn: boolean }>
  | Ev<'self_replacement', { by: ObjRef; to: 'library_top' | 'hand' | 'exile' }>
  | Ev<'regeneration_shield', { by: ObjRef; obj: ObjRef }>
  /** a redirection for the turn (614.9): damage to `to` (null: to anything) from `fromObj` (null: any source) is dealt to `redirectTo` instead */
  | Ev<'redirection_shield', { by: ObjRef; amount: 'all' | 'next' | number; combatOnly: boolean; fromObj: ObjRef | null; to: ThingRef | null; redirectTo: ThingRef }>
  | Ev<'prevention_shield', { by: ObjRef; amount: 'all' | 'next' | number; combatOnly: boolean; fromObj: ObjRef | null; fromFilter: string | null; to: ThingRef | null; toFilter: string | null }>
  | Ev<'may_play', { player: PlayerId; cards: ObjRef[]; by: ObjRef; until: 'end_of_turn' | 'end_of_your_next_turn' | 'permanent'; castOnly: boolean; free: boolean }>
  | Ev<'must_block', { blocker?: ObjRef; attacker: ObjRef; by: ObjRef }>
  | Ev<'combat_restriction', { objs: ObjRef[]; what: CombatRestriction; by: ObjRef }>
  | Ev<'text_exchanged', { by: ObjRef; a: ObjRef; b: ObjRef; duration: EffectDuration }>
  | Ev<'delayed_created', { by: ObjRef; effects: string[]; step: string | null; trigger: Trigger | null; thisTurn: boolean; about: ObjRef[] }>
  | Ev<'reflexive_triggered', { player: PlayerId; by: ObjRef; effects: string[] }>
  | Ev<'divided_evenly', { by: ObjRef; total: number; count: number; each: number }>
  | Ev<'destroy_all', { by: ObjRef; filter: string; objs: ObjRef[] }>
  | Ev<'too_few', { player: PlayerId; what: 'return' | 'mill' | 'discard'; have: number; filter: string | null }>
  | Ev<'mana_added', { by: ObjRef; player: PlayerId; mana: Mana[] }>
  | Ev<'library_empty', { player: PlayerId; for: 'reveal' | 'exile' }>
  | Ev<'revealed', { player: PlayerId; obj: ObjRef; by: ObjRef; from?: 'hand' | 'search' }>
  | Ev<'already_face_down', { obj: ObjRef }>
  | Ev<'turned_face_down', { obj: ObjRef; by: ObjRef }>
  | Ev<'flipped', { obj: ObjRef; now: string }>
  /** A double-faced permanent turns over (701.28a): `back` is true when its back face is now up. */
  | Ev<'transformed', { obj: ObjRef; now: string; back: boolean }>
  | Ev<'copy_effect', { obj: ObjRef; of: string; duration: EffectDuration; by: ObjRef }>
  | Ev<'fight', { a: ObjRef; b: ObjRef }>
  /** A token created on the battlefield (111.4), or a token copy (707.2). */
  /** 702.131a-b: a player gets the city's blessing, controlling `permanents` permanents */
  | Ev<'city_blessing', { player: PlayerId; source: ObjRef; permanents: number }>
  /** 114.2: a player gets an emblem, put into the command zone */
  | Ev<'emblem_created', { by: ObjRef; obj: ObjRef; player: PlayerId }>
  | Ev<'token_created', { by: ObjRef; obj: ObjRef; controller: PlayerId; copyOf: string | null; name: string | null; power: number | null; toughness: number | null }>
  | Ev<'scry', { player: PlayerId; n: number; bottom: number; top: number }>
  /** 701.34a: the permanents and players a player chose to proliferate (perhaps none) */
  | Ev<'proliferated', { player: PlayerId; chosen: ThingRef[] }>
  /** A player gets counters other than energy, put by an effect (122.1f: poison) */
  | Ev<'player_counters', { player: PlayerId; counter: string; delta: number; total: number; by: ObjRef }>
  | Ev<'chosen', { player: PlayerId; choice: { kind: 'objects'; objs: ObjRef[] } | { kind: 'color'; color: string } | { kind: 'name'; name: string } }>
  | Ev<'hand_seen', { player: PlayerId; of: PlayerId; cards: ObjRef[] }>
  | Ev<'library_top_seen', { player: PlayerId; of: PlayerId; cards: ObjRef[] }>
  | Ev<'cant_win', { player: PlayerId; by: ObjRef; controller: PlayerId }>
  /** A player's decision about optional instructions (608.2d); `effects` are the instructions' verbs. */
  | Ev<'decision', { player: PlayerId; effects: string[]; outcome: Decision }>
  | Ev<'if_you_do', { by: ObjRef; done: boolean; effects: string[] }>
  | Ev<'unless_paid', { player: PlayerId; cost: string; outcome: { kind: 'cant'; reason: string } | { kind: 'paid'; by: ObjRef; effects: string[] } | { kind: 'not_paid' } }>
  /** "You may pay [cost]" (608.2d) */
  | Ev<'may_pay', { player: PlayerId; cost: string; outcome: { kind: 'cant'; reason: string } | { kind: 'paid'; by: ObjRef; effects: string[] } | { kind: 'not_paid' } }>
  | Ev<'attached', { obj: ObjRef; to: ObjRef; by: ObjRef }>
  | Ev<'attach_failed', { obj: ObjRef; to: ObjRef; already: boolean }>
  | Ev<'search_failed', { player: PlayerId; filter: string }>
  | Ev<'put_on_top', { player: PlayerId; obj: ObjRef }>
  | Ev<'no_abilities_to_gain', { obj: ObjRef; kind: string }>
  | Ev<'cast_declined', { player: PlayerId; obj: ObjRef }>
  | Ev<'cast_while_resolving', { player: PlayerId; obj: ObjRef; by: ObjRef; free: boolean }>
  | Ev<'put_decision', { player: PlayerId; yes: boolean; filter: string; from: string }>
  | Ev<'one_at_a_time', { by: ObjRef; player: PlayerId; order: ThingRef[] }>
  /** An instruction that does nothing, and why. */
  | Ev<'nothing_happens', { by: ObjRef; why: Nothing }>;

export type Decision =
  | { kind: 'yes' }
  | { kind: 'no' }
  | { kind: 'none' }
  /** `among`: it was one of several options to choose from. */
  | { kind: 'cant'; reason: string; among: boolean };

export type Nothing =
  | { kind: 'already_left' }
  | { kind: 'nothing_to_copy' }
  | { kind: 'no_token_copy' }
  | { kind: 'no_fight' }
  /** The object that would deal the damage of its own is gone (608.2b). */
  | { kind: 'no_source' }
  | { kind: 'no_exchange' }
  | { kind: 'cant_sacrifice' }
  | { kind: 'not_yours_to_sacrifice' }
  | { kind: 'no_choice'; filter: string }
  | { kind: 'no_two_objects' }
  | { kind: 'nothing_to_attach' }
  | { kind: 'spell_gone' }
  | { kind: 'no_card_to_cast' }
  /** A token that has left the battlefield would move again: it stays where it is (111.8). */
  | { kind: 'token_stays'; zone: ZoneName; to: ZoneName }
  /** A permanent that can't transform (701.28c), transformed since the ability was put on the stack (701.28f), or would turn to an instant or sorcery face (712.10). */
  | { kind: 'cant_transform'; obj: string; reason: 'not_double_faced' | 'already_transformed' | 'instant_or_sorcery' }
  | { kind: 'not_implemented'; verb: string };

/** State-based actions (704) and the question boundary. */
export type SbaEvent =
  | Ev<'player_loses', { player: PlayerId; why: LossReason }>
  | Ev<'sba', { obj: ObjRef; why: SbaReason }>
  | Ev<'counters_annihilate', { obj: ObjRef; n: number }>
  | Ev<'token_ceases', { name: string }>
  | Ev<'unattached', { obj: ObjRef }>;

export type LossReason = { kind: 'life'; life: number } | { kind: 'empty_library' } | { kind: 'poison'; poison: number } | { kind: 'effect'; by: ObjRef };

export type SbaReason =
  | { kind: 'toughness'; toughness: number }
  | { kind: 'lethal'; damage: number; toughness: number }
  | { kind: 'deathtouch' }
  | { kind: 'loyalty' }
  | { kind: 'aura'; attachedTo: 'illegal' | 'nothing' }
  | { kind: 'legend'; player: PlayerId; name: string };

/** The scenario's own notes, auto-answered questions and rejected actions (730). */
export type MetaEvent =
  /** A note of the scenario's author: the only event with no rule. */
  | { type: 'note'; rule: null; text: string }
  /** The scenario defines a card the library also has: its own one is used (a note, no rule). */
  | { type: 'card_shadowed'; rule: null; card: string }
  | Ev<'auto_answered', { player: PlayerId; prompt: string; answer: string }>
  /** An illegal action: what it did before it was rejected (`attempted`), all of it undone. */
  | Ev<'rejected', { label: string; message: string; attempted: GameEvent[] }>;

export type EventBody = TurnEvent | CombatEvent | ChangeEvent | ReplacementEvent | StackEvent | ResolutionEvent | InstructionEvent | SbaEvent | MetaEvent;

export type EventType = EventBody['type'];

export type GameEvent = EventBody & { seq: number };

/** The event of one type. */
export type EventOf<T extends EventType> = Extract<EventBody, { type: T }>;
