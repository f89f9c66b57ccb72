// The compiled form of cards: what the engine reads. Produced from the YAML card DSL by schema.ts.

import type { ColorLetter, ManaCost, ManaType } from '../core/mana.js';
import type { ParsedCost } from './costs.js';
import type { Filter } from './filter.js';

/**
 * A reference inside an ability to an object or player:
 * - a target name declared in `targets:`;
 * - `self` (the source), `you` (its controller), `enchanted`, `equipped`;
 * - `sacrificed`, `exiled`, `discarded` (what a cost or an earlier instruction moved);
 * - `linked`: the cards this object's linked ability exiled (607.2a), still in exile;
 * - `it` (the object the previous instruction acted on, or the one that triggered the ability);
 * - `that_player` (the player a triggered ability or earlier instruction refers to);
 * - `controller_of:REF`, `owner_of:REF`, `opponents_of:REF`;
 * - `each_player`, `each_opponent` (for instructions on players).
 * - `most:life`, `most:cards_in_hand`, `most:F`: the one player with the most life, cards in hand or
 *   permanents matching F (none with a tie).
 */
export type Ref = string;

export type Amount =
  | number
  | 'X'
  | { count: Filter }
  /** the number of colors of mana spent to cast the object REF names, 0 if it wasn't cast (601.2h) */
  | { colors_spent: Ref }
  | { power_of: Ref }
  | { toughness_of: Ref }
  | { mana_value_of: Ref }
  | { greatest_power: Filter }
  | { cards_in_hand: Ref }
  /** Tarmogoyf: the number of card types among the cards matching the filter */
  /** how many different card types the objects matching a filter have among them */
  | { distinct: 'card_types'; among: Filter }
  /** how many objects or players a reference names ("draw that many cards" after `discard`: {number_of: it}) */
  | { number_of: Ref; /** only those matching it ("for each nonland card revealed this way") */ matching?: Filter }
  /** the number of counters of a kind on an object */
  | { counters: string; on: Ref }
  /** the permanents matching the filter, as they last existed, that died this turn (700.4); `owner: you`: those put into the graveyard of the ability's controller */
  | { died_this_turn: Filter; owner?: 'you' }
  /** the number of creatures blocking the creature REF names, minus one (rampage, 702.23a) */
  | { blockers_beyond_first: Ref }
  /** the number of creatures blocking it (509.1h) */
  | { blockers_of: Ref }
  /** 702.40a: the spells cast this turn before the spell REF names */
  | { spells_cast_before: Ref }
  /** the spells the players REF names cast this turn (601.2i), matching the filter as they were on the
   * stack; `before: REF`: only those cast before the spell REF names */
  | { spells_cast_this_turn: Ref; matching?: Filter; before?: Ref }
  /** 702.56a: how many times that spell's replicate cost was paid */
  | { replicate_paid: Ref }
  /** 702.33c-d: how many times that spell, or the spell that permanent was, was kicked */
  | { times_kicked: Ref }
  /** The amount of the event a replacement replaces ("for each 1 life you would gain") */
  | 'event_amount'
  /** the total life lost by the `lose_life` instructions before it in the same resolution ("the life lost this way") */
  | 'life_lost'
  /** domain: how many basic land types the permanents matching a filter have among them */
  | { basic_land_types: Filter }
  /** how many targets the spell or ability REF names has chosen (601.2c): read from its cost on (601.2f) */
  | { targets_of: Ref }
  /** devotion (700.5): the mana symbols among the mana costs of the permanents its controller controls that are of one of these colors */
  | { devotion: ColorLetter[] }
  | { plus: [Amount, Amount] }
  | { times: [Amount, Amount] }
  /** the first amount less the second, never below zero ("for each target beyond the first") */
  | { minus: [Amount, Amount] }
  /** the objects matching the filter with the same name as the object REF names, read as it last existed if it is gone (608.2h):
   * "the number of cards in all graveyards with the same name as that spell" */
  | { same_name: Ref; among: Filter };

/** Where a search puts the cards it finds (701.19a); `library_top`: shuffled, then on top (701.20b). */
export type SearchTo = 'battlefield' | 'hand' | 'graveyard' | 'exile' | 'library_top';

export interface TargetSpec {
  name: string;
  text: string; // the filter phrase, for messages
  filter: Filter;
  min: number;
  max: number | null; // null: any number
  /** one target for each player a reference names ("for each opponent, ... that player controls") */
  per?: 'each_opponent';
  /** "X target creatures" (`exact`) / "up to X target creatures" (`up_to`): the number is the X
   * announced before the targets (601.2b-c); min and max are then set from it */
  x?: 'exact' | 'up_to';
  /** a target only instructions done "if this spell was kicked" name: chosen only when the spell is
   * kicked, and then required (702.33g, 601.2c); otherwise the spell is cast as if it had none */
  kicked?: true;
}

export type Duration = 'end_of_turn' | 'source_tapped' | 'permanent' | 'source_on_battlefield' | 'source_controlled' | 'source_controlled_and_tapped';
/** How long "doesn't untap during its controller's untap step" lasts: "for as long as CARDNAME remains
 * tapped / you control CARDNAME / CARDNAME remains on the battlefield" (611.2b). */
export type UntapHold = 'source_tapped' | 'source_controlled' | 'source_on_battlefield';
/** How long a permission to play exiled cards lasts: "this turn", "until the end of your next turn",
 * or "for as long as it remains exiled" (`permanent`: a card that leaves exile is a new object, 400.7). */
export type PlayDuration = 'end_of_turn' | 'end_of_your_next_turn' | 'permanent';

/**
 * What an instruction affects: a reference (a target's name, `self`, `it`, `each`...) or every object
 * matching a filter (`{ all: FILTER }` in the DSL).
 */
export type Affected = Ref | { all: Filter };

/** An instruction; `xIs`: "where X is ...", the value X has for it, read as it is followed (608.2h). */
/** Where the cards looked at or revealed and not taken go (`shuffle`: they stay in the library, which is shuffled). */
export type DigRest = 'graveyard' | 'hand' | 'bottom' | 'bottom_random' | 'top' | 'exile' | 'shuffle';

export type Effect = EffectBody & { xIs?: Amount };

type EffectBody =
  | { verb: 'damage'; amount: Amount; affected: Affected; from?: Ref; divided?: boolean; evenly?: boolean; exile_if_dies?: boolean; /** "The damage can't be prevented" (615.12) */ cant_be_prevented?: boolean; /** "A creature dealt damage this way can't be regenerated this turn" (701.15c) */ no_regenerate_dealt?: boolean }
  | { verb: 'destroy'; affected: Affected; no_regenerate?: boolean }
  | { verb: 'exile'; affected: Affected; until?: 'source_leaves'; linked?: boolean }
  | { verb: 'return_to_hand'; affected: Affected; from?: 'graveyard' }
  /** return (or put) an object onto the battlefield; `add_types`: "that permanent is an enchantment in addition" (611.2e) */
  | { verb: 'return_to_battlefield'; affected: Ref; under?: 'owner' | 'you'; tapped?: boolean; from?: 'graveyard'; counters?: Record<string, number>; add_types?: string[]; /** 702.49a: attacking what the creature the cost returned attacked */ attacking?: 'returned' }
  /** reveal the top card of a player's library (701.16a); `it` then refers to it */
  | { verb: 'reveal_top'; who: Ref }
  | { verb: 'counter'; affected: Ref; to?: 'graveyard' | 'library_top' | 'hand' | 'exile' }
  | { verb: 'draw'; amount: Amount; who: Ref }
  /** "Look at the top N cards of your library. Put K of them (a F card) into your hand and the rest ..." */
  | { verb: 'dig'; amount: Amount; take: number | 'all'; card?: Filter; optional?: boolean; reveal?: boolean | 'all'; to: 'hand' | 'battlefield' | 'graveyard' | 'bottom'; tapped?: boolean; rest: DigRest; /** whose library (default you) */ library?: Ref;
      /** "reveal cards from the top until you reveal N F cards" (701.16a): `amount` counts the cards matching `card` */ until?: true }
  /** `chosenBy: you`: the player reveals their hand and the ability's controller chooses (a `card` matching F) */
  | { verb: 'discard'; amount: Amount | 'hand'; who: Ref; chosenBy?: 'you'; card?: Filter; /** "at random" (701.8b) */ random?: true; /** the chooser looks at the hand rather than it being revealed */ look?: true }
  | { verb: 'mill'; amount: Amount; who: Ref }
  | { verb: 'gain_life'; amount: Amount; who: Ref }
  /** "you get {E}{E}": energy counters (107.14) */
  | { verb: 'get_energy'; amount: Amount; who: Ref }
  /** 701.44a: each permanent REF names explores, one at a time */
  | { verb: 'explore'; affected: Ref }
  /** 122.1f: the players REF names get that many poison counters */
  | { verb: 'get_poison'; amount: Amount; who: Ref }
  | { verb: 'lose_life'; amount: Amount; who: Ref }
  | { verb: 'add_mana'; /** the player who gets the mana (not in a mana ability): "that player adds {G}{G}" */ who?: Ref; mana?: ManaCost; any_color?: number; /** "N mana of any one color": one color chosen for all of it */ one_color?: boolean; chosen_color?: number; per?: Filter; /** `mana` once for each of this amount, counted as it is added ("for each charge counter on CARDNAME") */ count?: Amount; /** X times, X being the number chosen for the ability's cost (107.3) */ times?: 'x'; /** the types `any_color` may choose among ({W} and/or {U}) */ among?: ManaType[]; one_of_produced?: boolean; one_of?: ManaCost[]; /** "one mana of any color / type that a land you control could produce" (106.7) */ could_produce?: { filter: Filter; any_type: boolean }; /** "Spend this mana only to ..." (106.6) */ only?: { spells?: Filter; abilities?: Filter } }
  | { verb: 'put_counters'; counter: string; amount: Amount; affected: Affected; divided?: boolean }
  | { verb: 'remove_counters'; counter: string; amount: Amount; affected: Affected }
  /** 701.39a: N +1/+1 counters on a creature its controller chooses among those with the least toughness */
  | { verb: 'bolster'; amount: Amount }
  /** 701.34a: one more counter of each kind on the chosen permanents and players */
  | { verb: 'proliferate' }
  /** `negX`: which halves are "-X" */
  /** `forEach`: the change is made once for each (the amount read as the instruction is followed) */
  | { verb: 'pump'; power: Amount; toughness: Amount; affected: Affected; until: Duration; negX?: [boolean, boolean]; forEach?: Amount }
  | { verb: 'grant'; abilities: string[]; affected: Affected; until: Duration; with?: Ability }
  | { verb: 'lose_ability'; abilities: string[]; affected: Affected; until: Duration }
  | { verb: 'become'; affected: Affected; until: Duration; power?: Amount; toughness?: Amount; types?: string[]; subtypes?: string[]; supertypes?: string[]; colors?: ColorLetter[] | 'chosen'; add_types?: boolean; name?: string; abilities?: string[]; lose_abilities?: boolean; /** an ability it gains, written in the DSL ("with '...'") */ with?: Ability; /** gains every creature type, or loses them all (layer 4) */ creature_types?: 'all' | 'none' }
  | { verb: 'switch_pt'; affected: Affected; until: Duration }
  | { verb: 'fight'; a: Ref; b: Ref }
  | { verb: 'tap'; affected: Affected }
  /** 702.112b: the permanent becomes renowned */
  | { verb: 'become_renowned'; affected: Affected }
  /** 702.95a-b: pair the source with that creature, or with one matching the filter its controller chooses */
  | { verb: 'pair'; with: { ref: Ref } | { filter: Filter } }
  /** 701.37b: the permanent becomes monstrous */
  | { verb: 'become_monstrous'; affected: Affected }
  | { verb: 'untap'; affected: Affected }
  /** "remove it from combat" (506.4) */
  | { verb: 'remove_from_combat'; affected: Affected }
  | { verb: 'gain_control'; affected: Affected; until: Duration; who?: Ref }
  | { verb: 'exchange_control'; a: Ref; b: Ref }
  | { verb: 'create_token'; token: TokenSpec; amount: Amount; tapped?: boolean; /** put onto the battlefield attacking (508.4) */ attacking?: boolean; /** exceptions of a token copy (token.copy_of) */ copy_except?: CopyExcept; /** the players who create them, each their own (111.2); the controller if absent */ who?: Ref }
  | { verb: 'sacrifice'; who: Ref; filter?: Filter; amount: Amount; affected?: Ref }
  | { verb: 'scry'; amount: Amount }
  /** 701.19: `amount` cards (`upTo`: from none to that many), from `library` (by default the searcher's own) */
  | { verb: 'search'; amount: Amount | 'any'; upTo: boolean; filter: Filter; to: SearchTo; tapped?: boolean; who: Ref; optional?: boolean;
    library?: Ref; reveal?: boolean; manaValue?: { op: '<=' | '=' | '>='; of: Amount }; split?: { count: number; to: Exclude<SearchTo, 'library_top'>; tapped?: boolean };
    alsoGraveyard?: boolean; shuffle?: boolean; /** "a Forest card and a Plains card": one card more for each of these descriptions */ also?: Filter[] }
  | { verb: 'shuffle'; who: Ref }
  | { verb: 'shuffle_graveyard'; who: Ref }
  | { verb: 'regenerate'; affected: Affected }
  /** `from`: only damage from sources matching the filter, judged when the damage would be dealt (611.2c) */
  /** `affected`: the damage dealt to it; `by`: the damage a referenced object would deal (615) */
  /** "The next N / all damage that would be dealt to A this turn is dealt to B instead" (614.9): a redirection for the turn */
  | { verb: 'redirect_damage'; amount: Amount | 'all' | 'next'; affected?: Ref; to: Ref | { controller_of: Ref }; by?: Ref; from?: Filter; from_chosen_source?: Filter; combat_only?: boolean }
  | { verb: 'prevent_damage'; amount: Amount | 'all' | 'next'; affected?: Affected; to?: Filter; by?: Ref; from?: Filter; combat_only?: boolean; from_chosen_source?: Filter; /** "You gain life equal to the damage prevented this way" (615.5) */ gain_life_prevented?: boolean; /** done right after each prevention (615.5), about the recipient (`it`); the DSL writes `counters_prevented: KIND` */ then?: Effect[]; /** the amount divided among the targets as it was cast (601.2d) */ divided?: boolean }
  /** 114.2: the player gets an emblem with these abilities, in the command zone */
  | { verb: 'emblem'; abilities: Ability[]; who: Ref }
  | { verb: 'look_at_hand'; who: Ref }
  /** "Search target player's graveyard, hand, and library for all / any number of F and exile them"
   * (701.19): the controller finds cards matching `card` in those zones of each player `who` names */
  | { verb: 'search_zones'; card: Filter; who: Ref; zones: Array<'graveyard' | 'hand' | 'library'>; find: 'all' | 'any' }
  /** the player reveals their hand (701.16a), or with `look` the controller looks at it: `it` then names its cards */
  | { verb: 'reveal_hand'; who: Ref; look?: true }
  /** "reveal any number of F cards in your hand" (701.16a): `it` then names them */
  | { verb: 'reveal_from_hand'; card: Filter; who: Ref }
  /** "put N cards from your hand on top of your library [in any order]": chosen and ordered by the controller */
  | { verb: 'hand_to_library'; amount: Amount }
  /** the player reveals their hand and the controller chooses N cards of it (matching `card`) to exile */
  | { verb: 'exile_from_hand'; amount: Amount; who: Ref; /** the hand is revealed and the controller chooses; otherwise its player does */ chosenBy?: 'you'; card?: Filter; /** "until CARDNAME leaves the battlefield" (610.3) */ until?: 'source_leaves' }
  /** the controller looks at the top card (or N cards) of that player's library; `it` names them */
  | { verb: 'look_at_top'; who: Ref; amount?: Amount }
  | { verb: 'win_game'; who: Ref }
  | { verb: 'lose_game'; who: Ref }
  /** 500.7: the player takes an extra turn after this one */
  | { verb: 'extra_turn'; who: Ref }
  /** "If it would leave the battlefield, exile it instead of putting it anywhere else" (unearth, 702.84a) */
  | { verb: 'exile_if_leaves'; affected: Ref }
  | { verb: 'exile_if_dies'; affected: Ref }
  /** 702.35a: its owner may cast the card REF names for its madness cost, or else puts it into their graveyard */
  | { verb: 'madness'; affected: Ref }
  /** 702.85a: the cascade of the spell REF names, as its cascade trigger resolves */
  | { verb: 'cascade'; affected: Ref }
  /**
   * `new_targets`: false keeps the spell's targets, true lets the copier choose new ones (707.10c), `each_other`
   * makes one copy for each other permanent or player the spell could target, each targeting it
   */
  | { verb: 'copy_spell'; affected: Ref; new_targets: boolean | 'each_other'; colors?: ColorLetter[]; times?: Amount }
  | { verb: 'may'; who: Ref; do: Effect[] }
  | { verb: 'if_you_do'; do: Effect[]; otherwise?: Effect[] }
  | { verb: 'unless'; who: Ref; cost: ParsedCost; do: Effect[]; times?: Amount }
  /** "You may pay {2}. If you do, ...": an optional payment as the instruction is followed; `if_you_do` reads it */
  | { verb: 'may_pay'; who: Ref; cost: ParsedCost }
  | { verb: 'if'; condition: Condition; do: Effect[]; otherwise?: Effect[] }
  /** "Clash with an opponent. If you win, ... [Otherwise, ...]" (701.30) */
  | { verb: 'clash'; do: Effect[]; otherwise?: Effect[] }
  /** "Flip a coin. If you win the flip, ... If you lose the flip, ..." (705.1): `do` if won, `otherwise` if lost */
  | { verb: 'flip_coin'; /** the player the trigger is about flips (and wins or loses); otherwise the controller */ who?: 'that_player'; do: Effect[]; otherwise?: Effect[] }
  /** rule-changing static effects for a while ("other players can't play lands this turn", 611.2) */
  | { verb: 'create_static'; defs: StaticDef[]; until: 'end_of_turn'; for?: Ref }
  /** "gains all activated abilities of [object]": those it has as this resolves (layer 6, 611.2c) */
  | { verb: 'gain_abilities_of'; of: Ref; kind: 'activated'; affected: Ref; until: Duration }
  /** exchange the text boxes of the two objects REF names (612.5, layer 3) */
  | { verb: 'exchange_text_boxes'; affected: Ref; until: Duration }
  /** "[creature] blocks [attacker] this turn if able" (509.1c) */
  | { verb: 'must_block'; affected: Affected; attacker: Ref }
  /** "[it] doesn't untap during its controller's next untap step" (502.3); `whose`: "during that player's next untap step" */
  | { verb: 'skip_next_untap'; affected: Affected; whose?: Ref }
  /** "[it] doesn't untap during its controller's untap step for as long as ..." (502.3, 611.2b) */
  | { verb: 'skip_untaps'; affected: Affected; until: UntapHold }
  /** "[target creature] can block an additional creature / any number of creatures this turn" (509.1a) */
  | { verb: 'block_additional'; n: number | 'any'; affected: Affected; until: 'end_of_turn' }
  /** "[it] can attack this turn as though it didn't have defender" */
  | { verb: 'attack_despite_defender'; affected: Affected; until: 'end_of_turn' }
  /** "[creature] can't attack / block / be blocked this turn": a restriction on the combat declarations (508.1c, 509.1b) */
  | { verb: 'cant'; restriction: CombatRestriction; affected: Affected; until: 'end_of_turn' }
  /** attach an Aura or Equipment to an object (701.3a) */
  | { verb: 'attach'; affected: Ref; to: Ref }
  /** "for each of them": the instructions once per object or player, one at a time (608.2f); `each` names the current one */
  | { verb: 'for_each'; what: Ref; do: Effect[] }
  /** exile the top card of a player's library; `it` then names it */
  | { verb: 'exile_top'; who: Ref; /** how many cards (default 1) */ amount?: Amount; /** `linked` then names them, with the other cards this source exiled (607.2a) */ linked?: boolean }
  /** "you may play those cards until the end of your next turn" */
  | { verb: 'may_play'; affected: Ref; until: PlayDuration; /** "you may cast": a land among them can't be played (305.9) */ cast_only?: boolean; /** "without paying its mana cost" (118.9) */ without_paying?: boolean }
  /** each player in APNAP order (101.4), as `that_player`; "if a player does" then means any of them did */
  | { verb: 'each_player'; do: Effect[] }
  /** a player may do one of several things, or none; impossible ones can't be chosen (608.2d) */
  | { verb: 'may_choose'; options: Effect[][]; who: Ref }
  /** "When you do, ...": a reflexive triggered ability (603.12), if the instruction before it was done */
  | { verb: 'reflexive'; do: Effect[]; targets?: TargetSpec[] }
  | { verb: 'delayed'; when: Trigger; do: Effect[]; targets?: TargetSpec[]; about: Ref; /** "... this turn": it can trigger only until the turn ends */ this_turn?: boolean;
      /** "whenever ... this turn": with that stated duration it triggers at each occurrence, not once (603.7b) */ repeats?: boolean }
  | { verb: 'choose'; what: 'color' | 'creature_type' | 'card_name' | 'number' | 'player'; /** "choose a nonland card name" (201.3) */ nonland?: true }
  /** "choose a creature on the battlefield": not a target (115.1); `chosen` then refers to it */
  | { verb: 'choose'; what: 'object'; filter: Filter; /** among these (the linked exiled cards), not the battlefield */ among?: Ref }
  | { verb: 'cast'; affected: Ref; without_paying?: boolean; optional?: boolean }
  | { verb: 'turn_face_down'; affected: Affected }
  | { verb: 'flip'; affected: Affected }
  | { verb: 'transform'; affected: Affected }
  | { verb: 'put_onto_battlefield'; filter: Filter; from: 'hand' | 'graveyard' | 'library'; who: Ref; optional?: boolean; tapped?: boolean }
  | { verb: 'become_copy'; of: Ref; affected: Ref; until: Duration; except?: CopyExcept }
  | { verb: 'shuffle_into_library'; affected: Affected }
  | { verb: 'put_on_library'; affected: Affected; position: 'top' | 'bottom'; /** "Nth from the top" (401.7) */ nth?: number }
  | { verb: 'return_chosen_to_hand'; filter: Filter; who: Ref }
  | { verb: 'create_replacement'; def: ReplacementDef; until: Duration; /** "the next time ...": it ends once it has replaced one event */ once?: boolean }
  | { verb: 'unsupported'; reason: string };

export type EffectVerb = Effect['verb'];

export interface TokenSpec {
  name: string;
  types: string[];
  supertypes: string[];
  subtypes: string[];
  colors: ColorLetter[];
  power?: number;
  toughness?: number;
  abilities: string[]; // keyword lines
  /** abilities written in quotes ("a token with '{T}: Add {G}.'"), each in the DSL */
  given?: Ability[];
  copy_of?: Ref;
}

/** When an activated ability may be activated ("Activate only during your turn"). */
export type ActivationWindow = 'your_turn' | 'combat' | 'your_upkeep' | 'your_turn_before_attackers' | 'upkeep' | 'your_draw';

/** When a spell with a timing restriction may be cast ("Cast this spell only during combat", 601.3). */
export type CastWindow = 'your_turn' | 'opponent_turn' | 'opponent_upkeep' | 'opponent_turn_after_upkeep' | 'your_end_step' | 'combat'
  | 'combat_before_blockers' | 'combat_after_blockers' | 'declare_attackers' | 'declare_blockers' | 'before_combat_damage';

/** `be_regenerated`: "can't be regenerated this turn" (701.15c), kept with the other "can't ... this turn" effects. */
/** `assign_combat_damage`: "[it] assigns no combat damage this turn" (510.1a: it assigns none in any combat damage step). */
export type CombatRestriction = 'attack' | 'block' | 'attack_or_block' | 'be_blocked' | 'be_regenerated' | 'assign_combat_damage';

export type Condition =
  | { kind: 'life_at_least'; who: Ref; n: number }
  | { kind: 'kicked'; of?: Ref }
  /** 702.138b: the spell, or the spell the permanent was, was cast with its escape ability */
  | { kind: 'escaped' }
  | { kind: 'cast_from'; zone: 'graveyard' | 'hand' | 'library' }
  | { kind: 'hand_empty'; who: Ref }
  | { kind: 'hand_at_least'; who: Ref; n: number }
  | { kind: 'hand_at_most'; who: Ref; n: number }
  | { kind: 'no_counters'; counter: string; on: Ref }
  | { kind: 'is'; what: Ref; filter: Filter; /** "isn't": the opposite */ not?: boolean }
  /** "you control [three or more] artifacts" */
  | { kind: 'controls'; who: Ref; filter: Filter; atLeast?: number; /** "you control no Islands" */ none?: boolean }
  /** an amount compared with a number ("four or more card types among cards in your graveyard") */
  | { kind: 'at_least'; n: number; of: Amount; /** "less than N" */ not?: true }
  /** "seven or more cards are in your graveyard" */
  | { kind: 'graveyard_at_least'; who: Ref; n: number }
  | { kind: 'life_at_most'; who: Ref; n: number }
  /** "it has a +1/+1 counter on it", "N or more ... counters on it" */
  /** `atMost`: no more than that many too (a level symbol's range, 711.2a) */
  | { kind: 'counters_at_least'; counter: string; on: Ref; n: number; atMost?: number }
  | { kind: 'source_untapped' }
  /** "if CARDNAME is in your graveyard": the source is still the card in a graveyard (400.7) */
  | { kind: 'source_in_graveyard' }
  /** every one of these conditions holds ("as long as CARDNAME is in your graveyard and you control a Forest") */
  | { kind: 'all'; all: Condition[] }
  /** two players' amounts compared: some player REF names has more life, cards in hand or permanents
   * matching a filter than `than` (the controller, or every other player) has */
  | { kind: 'player_more'; who: Ref; than: Ref | 'each_other_player'; stat: 'life' | 'hand' | { controls: Filter };
    /** every player `who` names, not just one ("each opponent") */ every?: true; /** more than one of `than`, not all ("than an opponent") */ thanAny?: true }
  | { kind: 'controls_greatest'; stat: 'power' | 'toughness' }
  | { kind: 'has_attached'; subtype: 'Equipment' | 'Aura'; on: Ref }
  /** whose turn it is: the controller's ("you"), or, for a cost rule, the caster's of the spell */
  | { kind: 'turn_of'; player: 'you' | 'caster'; not?: boolean }
  /** 702.62b: in exile with suspend and a time counter */
  | { kind: 'suspended' }
  /** 702.54a: an opponent of the controller was dealt damage this turn */
  | { kind: 'opponent_damaged_this_turn' }
  | { kind: 'been_attacked' }
  /** 702.74a, 702.109a: the source permanent was cast with that alternative cost */
  | { kind: 'alt_cost_paid'; alt: 'Evoke' | 'Dash' | 'Surge' | 'Spectacle' }
  /** an optional additional cost paid for the spell (conspire, 702.78a) */
  | { kind: 'additional_cost_paid'; cost: 'Conspire' | 'Replicate' }
  /** 702.30a: the source came under its controller's control since the beginning of their last upkeep */
  | { kind: 'new_since_last_upkeep' }
  /** 701.37b: whether the source is monstrous (`not`: it isn't) */
  | { kind: 'monstrous'; not?: boolean }
  /** 702.112b: whether the source is renowned (`not`: it isn't) */
  | { kind: 'renowned'; not?: boolean }
  /** 702.95a-b: the source is paired with another creature */
  | { kind: 'paired' }
  /** 702.95a: the soulbond intervening "if": the source and `what` (`self`: another creature) may be paired */
  | { kind: 'can_pair'; what: Ref }
  /** 702.100a: the creature REF names has greater power and/or greater toughness than the source creature */
  | { kind: 'greater_pt'; what: Ref }
  /** spells cast in the previous turn: in all (`atMost`, "if no spells were cast last turn") or by
   * a single player (`byOnePlayer`, "if a player cast two or more spells last turn") */
  | { kind: 'spells_last_turn'; atLeast?: number; atMost?: number; byOnePlayer?: boolean }
  /** the player has the city's blessing (702.131c) */
  | { kind: 'city_blessing'; who: Ref }
  /** morbid: a creature died this turn (700.4) */
  | { kind: 'creature_died_this_turn' }
  /** raid: the controller declared one or more attackers this turn (508.1) */
  | { kind: 'attacked_this_turn'; not?: true }
  /** a player REF names (the controller by default) gained at least N life this turn */
  | { kind: 'life_gained_this_turn'; n: number; who: Ref }
  /** mana of that color was spent to cast the spell, or the spell the source permanent was (601.2h) */
  | { kind: 'mana_spent'; color: ColorLetter }
  /** revolt: a permanent the controller controlled left the battlefield this turn */
  | { kind: 'permanent_left_this_turn' }
  /** the resolving spell was cast during its controller's main phase (a spell resolves in the step it was cast in, 500.2) */
  | { kind: 'cast_during_main' }
  /** the player(s) REF names lost at least N life this turn or last turn (119.3, 120.3a; paying life is losing it); `not`: didn't */
  | { kind: 'life_lost'; who: Ref; turn: 'this' | 'last'; n: number; not?: true }
  /** a player REF names cast N (default 1) or more spells matching the filter this turn; `not`: didn't */
  | { kind: 'cast_this_turn'; who: Ref; filter?: Filter; n: number; not?: true }
  /** N or more permanents matching the filter entered the battlefield this turn; with `under`, under the
   * control of one player it names, counted for each player alone ("an opponent had two ... enter") */
  | { kind: 'entered_this_turn'; filter: Filter; under?: Ref; n: number }
  /** N or more creatures died this turn (700.4) */
  | { kind: 'creatures_died'; n: number }
  /** the source dealt damage this turn to an opponent of its controller */
  | { kind: 'source_dealt_damage'; to: 'opponent' }
  /** the source was dealt damage this turn */
  | { kind: 'source_was_dealt_damage' }
  /** the source attacked or blocked this turn (the engine's turn has one combat: "this combat" is the same); `not`: didn't */
  | { kind: 'source_in_combat'; how: 'attacked' | 'blocked' | 'attacked_or_blocked'; not?: true };


export type Trigger =
  | { event: 'enters'; filter?: Filter; self?: boolean }
  /** `attached`: "when enchanted / equipped creature dies", the creature the source was attached to as it left (603.10a) */
  | { event: 'dies'; filter?: Filter; self?: boolean; attached?: 'enchanted' | 'equipped' }
  | { event: 'leaves'; self: true }
  /** `owner`: only a card owned by the trigger's controller (`you`) or by another player ("an opponent's graveyard", 400.3) */
  | { event: 'put_into_graveyard'; self?: boolean; filter?: Filter; from: 'battlefield' | 'anywhere'; owner?: 'you' | 'opponent' }
  | { event: 'exiled_by_madness'; self: true }
  /** a permanent explored (701.44a); `it` is that permanent */
  | { event: 'explores'; filter?: Filter; self?: boolean }
  /** `targetsSelf`: "a spell that targets CARDNAME" (heroic), one of the spell's targets is the trigger's source */
  /** `nth`: only its caster's nth spell of the turn ("your second spell each turn"); `during`: only in the turn of the trigger's controller (`your_turn`) or not (`opponent_turn`), or in one of their main phases (`your_main_phase`) */
  | { event: 'cast'; filter: Filter; self?: true; by: 'you' | 'any' | 'opponent'; from?: 'library' | 'graveyard' | 'hand'; targetsSelf?: true; nth?: number; during?: 'your_turn' | 'opponent_turn' | 'your_main_phase' }
  /** `enchanted_player`: in the turn of the player the source (a Curse) enchants (303.4) */
  /** `enchanted_controller`: in the turn of the controller of the permanent it enchants ("the upkeep of enchanted creature's controller") */
  | { event: 'step'; step: StepName; whose: 'you' | 'each' | 'opponent' | 'next' | 'enchanted_controller' | 'enchanted_player' }
  /** `attached: 'enchanted'`: "whenever enchanted land is tapped for mana", the land the source enchants (its `filter` is then any permanent) */
  /** a permanent tapped for mana: a triggered mana ability when its instructions add mana (605.1b), an ordinary
   * triggered ability otherwise, put on the stack the next time a player would receive priority */
  | { event: 'tapped_for_mana'; filter: Filter; by: 'any' | 'you' | 'opponent'; attached?: 'enchanted' }
  /** `attached: 'enchanted'`: the permanent the source enchants ("whenever enchanted creature becomes tapped") */
  | { event: 'becomes_tapped'; filter?: Filter; self?: boolean; attached?: 'enchanted' }
  | { event: 'becomes_untapped'; self: true }
  | { event: 'gain_life'; who: 'you' | 'opponent' | 'any' }
  /** life lost (119.3), by damage (120.3a) or paid (119.4) too */
  | { event: 'lose_life'; who: 'you' | 'opponent' | 'any' }
  /** `self`: `it` is the creature it blocks; a filter: `it` is the blocking creature */
  /** `attacker`: "blocks a creature with flying", the creature it blocks (509.1i) */
  | { event: 'blocks'; self?: true; filter?: Filter; attacker?: Filter }
  | { event: 'turned_face_up'; self: true }
  /** "You may exert [this] as it attacks. When you do, ..." (701.43a): its controller exerted it as attackers were declared */
  | { event: 'exerted'; self: true }
  | { event: 'state'; condition: Condition }
  | { event: 'draw'; who: 'you' | 'opponent' | 'any'; first_each_turn?: boolean; /** what the drawn card must be */ filter?: Filter }
  /** A card discarded from its owner's hand (701.8a) by `by` (relative to the trigger's controller); `cycling`: only one
   * discarded to pay a cycling cost, "cycles a card" (702.29c-d); `self` with `cycling`: "when you cycle CARDNAME", which
   * works from the zone the card went to (702.29c, 113.6k). `it` is the card discarded, `that_player` the one who discarded it */
  /** `opponentCause`: "when a spell or ability an opponent controls causes you to discard CARDNAME" (`that_player` is that opponent) */
  | { event: 'discarded'; filter?: Filter; self?: true; by: 'you' | 'opponent' | 'any'; cycling?: true; opponentCause?: true }
  /** A permanent sacrificed (701.17a) by `by`: a leaves-the-battlefield trigger, looking back (603.10a); `it` is the card it became */
  | { event: 'sacrificed'; filter?: Filter; self?: true; by: 'you' | 'any' }
  /** A permanent or player becomes the target of a spell (`spells_only`) or of a spell or ability, as it is cast, activated or put on
   * the stack (115.1, 603.2); `opponent`: one an opponent of the trigger's controller controls. `it` is the permanent targeted */
  | { event: 'becomes_target'; filter?: Filter; self?: true; attached?: 'enchanted'; spellsOnly?: true; opponent?: true }
  /** One ability triggering on any of several events ("whenever CARDNAME enters or attacks"): each occurrence of any of them triggers it once */
  | { event: 'any_of'; of: Trigger[] }
  /** Damage dealt to the source (`self`: `it` is the damage's source), to a permanent matching `to`, to the permanent the source
   * enchants (`attached`), or to its controller (`player: you`); the last two once for all the damage dealt to it at once (603.2c),
   * `it` being the permanent; `combat`: combat damage only */
  | { event: 'damage_dealt'; to?: Filter; self?: boolean; attached?: 'enchanted'; player?: 'you'; combat?: true }
  /** "Whenever [a creature] attacks" (508.3a): `it` is the attacking creature */
  /** `defender: most_life`: it attacks the player with the most life or tied for most life, as attackers are declared (dethrone, 702.105a) */
  /** `oneOrMore`: "whenever one or more [creatures] attack" / "whenever you attack [with N or more creatures]": once for the
   * whole declaration (603.2c, 508.1m), `it` being those creatures; `atLeast`: only when that many of them attack */
  /** `others: N`: only if at least N other creatures attack with it ("CARDNAME and at least two other creatures attack") */
  /** `defender: you` ("attacks you"), `you_or_planeswalker` ("attacks you or a planeswalker you control"), `enchanted_player` ("attacks enchanted player"): what it attacks, as declared (508.1b) */
  | { event: 'attacks'; attacker: 'self' | 'enchanted' | 'equipped' | Filter; alone?: boolean; defender?: AttackedDefender; oneOrMore?: true; atLeast?: number; others?: number }
  /** "Whenever [this] becomes blocked" (once, 509.3c); with `by: F`, "becomes blocked by a [F]" (once per blocker, 509.3d): `it` is that blocker */
  | { event: 'becomes_blocked'; attacker: 'self' | Filter; by?: Filter }
  /** "Whenever [source] deals (combat) damage to a player / an opponent / a creature" (510.2, 603.2) */
  /** `oneOrMore`: "whenever one or more [creatures] deal combat damage to a player": once per player dealt damage at once (603.2c) */
  /** `to: you` / `enchanted_player`: the trigger's controller / the player the source enchants; with a player dealt damage, `it` is the source */
  | { event: 'deals_damage'; source: 'self' | 'enchanted' | 'equipped' | Filter; to: 'player' | 'opponent' | 'you' | 'enchanted_player' | 'creature' | 'any'; combat: boolean; oneOrMore?: true }
  /** "Whenever [a creature] attacks and isn't blocked": no blocker was declared for it (509.1h): `it` is that creature */
  | { event: 'attacks_unblocked'; attacker: 'self' | 'enchanted' | 'equipped' | Filter }
  /** "Whenever [a creature] attacks or blocks" (508.3a, 509.1i): `it` is that creature */
  | { event: 'attacks_or_blocks'; creature: 'self' | 'enchanted' | 'equipped' | Filter }
  /** "Whenever [this] blocks or becomes blocked" (once each, 509.3c): `it` is the creature itself; with
   * `by: F`, "... by a [F]": once for each creature it blocks or that blocks it (509.3d), `it` the other creature */
  /** `oneOrMore`: "by one or more F", once for the whole block declaration rather than once for each such creature */
  | { event: 'blocks_or_blocked'; creature: 'self' | 'enchanted' | 'equipped'; by?: Filter; oneOrMore?: true }
  /** Counters of a kind put on the source or on a permanent matching `filter` (122.6: entering with them included): once per
   * counter, or once per event with `oneOrMore` ("one or more +1/+1 counters are put on"); `it` is the permanent, the amount the counters put */
  | { event: 'counters_put'; counter: string; self?: true; filter?: Filter; oneOrMore?: true }
  /** the last counter of a kind was removed from this object (suspend, 702.62a) */
  | { event: 'last_counter_removed'; counter: string };

/** Whom or what an attacking creature attacks, for an attack trigger (508.1b, 702.105a) */
export type AttackedDefender = 'most_life' | 'you' | 'you_or_planeswalker' | 'enchanted_player';

export type StepName =
  | 'untap' | 'upkeep' | 'draw' | 'main1' | 'beginning_of_combat' | 'declare_attackers'
  | 'declare_blockers' | 'combat_damage' | 'end_of_combat' | 'main2' | 'end' | 'cleanup';

/** The steps of the combat phase (506.1). */
export const COMBAT_STEPS: readonly StepName[] = ['beginning_of_combat', 'declare_attackers', 'declare_blockers', 'combat_damage', 'end_of_combat'];

/** The steps of a combat after attackers are declared, where a creature can be attacking (506.1, 508.4). */
export const ATTACKING_STEPS: readonly StepName[] = ['declare_attackers', 'declare_blockers', 'combat_damage', 'end_of_combat'];

export const STEPS: readonly StepName[] = [
  'untap', 'upkeep', 'draw', 'main1', 'beginning_of_combat', 'declare_attackers',
  'declare_blockers', 'combat_damage', 'end_of_combat', 'main2', 'end', 'cleanup',
];

/** Who a static ability's rule applies to, relative to its controller. */
export type Who = 'you' | 'opponents' | 'each';

/** A static ability's effect; `condition`: it exists only while the condition holds ("as long as ..."). */
export type StaticDef = StaticBody & { condition?: Condition };

type StaticBody =
  /** `forEach`: "+1/+1 for each ...", the amount read as the layer applies */
  | { kind: 'pump'; power: number; toughness: number; affected: Ref | Filter; grant?: string[]; forEach?: Amount; given?: Ability[]; /** "This effect doesn't remove [this Aura / Auras]" */ spares?: 'self' | 'Aura' }
  /** `given`: abilities written out in quotes ("has '{T}: Add {G}.'"), each in the DSL */
  | { kind: 'grant'; abilities: string[]; affected: Ref | Filter; given?: Ability[]; spares?: 'self' | 'Aura' }
  /** `self`: a static of the spell itself, applying while it is cast (601.2f); `times`: the change is made that many times */
  | { kind: 'cost'; change: 'increase' | 'reduce'; mana: ManaCost; spells: Filter; who: Who; colored_only?: boolean; condition?: Condition; self?: true; times?: Amount }
  | { kind: 'cost_minimum'; total: number; spells: Filter; condition?: Condition }
  | { kind: 'cant_cast'; spells: Filter; who: Who }
  | { kind: 'cant_block'; filter: Filter; who: Who }
  /** "This spell can't be countered" (101.2; it works on the stack, 113.6g) */
  | { kind: 'cant_be_countered' }
  | { kind: 'cant_attack_or_block'; affected: Ref | Filter; attack: boolean; block: boolean }
  /** "You may spend [color] mana as though it were mana of any color to pay the activation costs of [this]'s abilities" (609.4b) */
  | { kind: 'spend_as_any_color'; colors: ColorLetter[] }
  /** "Creatures entering don't cause abilities to trigger" (Torpor Orb) */
  | { kind: 'no_enter_triggers'; filter: Filter }
  /** "If [filter] entering causes a triggered ability of a permanent you control to trigger, it triggers an additional time" (603.2d) */
  | { kind: 'extra_enter_triggers'; filter: Filter }
  /** "Players can't play lands" (101.2, 305.1) */
  | { kind: 'cant_play_lands'; who: Who }
  // "You may play an additional land on each of your turns": more land plays each turn (305.2)
  | { kind: 'additional_lands'; n: number; who: Who }
  // "You may play lands from your graveyard / from the top of your library" (601.3's permission, for lands: 305.1)
  | { kind: 'play_lands_from'; zone: 'library_top' | 'graveyard'; who: Who }
  /** "Damage can't be prevented [this turn]": prevention effects prevent none (615.12) */
  | { kind: 'damage_cant_be_prevented' }
  /** "can't cast spells from their graveyards" (their own graveyard) */
  | { kind: 'cant_cast_from'; zone: 'graveyard'; who: Who }
  /** "You may play lands and cast spells from other players' graveyards as though those cards were in your graveyard" (609.4a) */
  | { kind: 'graveyards_as_yours'; who: Who }
  /** "Lands can't enter the battlefield" (614.17d) */
  | { kind: 'cant_enter'; filter: Filter }
  /** "[this] attacks each combat if able" (508.1d) */
  /** "attacks each combat if able" (508.1d), for itself, what it's attached to, or a group */
  | { kind: 'must_attack'; affected: Ref | Filter }
  /** "can't be blocked" (509.1b) */
  | { kind: 'cant_be_blocked'; affected: Ref | Filter }
  /** "[this / enchanted creature] can block only [filter]" (509.1b) */
  | { kind: 'block_only'; affected: Ref; attackers: Filter }
  /** "[this] can't be blocked by [filter]" (509.1b) */
  /** `affected` (default the source itself) can't be blocked by creatures matching `filter` (509.1b) */
  | { kind: 'cant_be_blocked_by'; filter: Filter; affected: Ref | Filter }
  | { kind: 'flash'; spells: Filter; who: Who }
  | { kind: 'cast_from'; zone: 'library_top' | 'graveyard'; spells: Filter; who: Who }
  | { kind: 'look_at_library_top'; who: Who }
  | { kind: 'reveal_library_top'; who: Who }
  /** "You may choose not to untap [this] during your untap step" (502.3) */
  | { kind: 'may_not_untap' }
  /** "[This / enchanted creature / F] doesn't untap during its controller's untap step" (502.3) */
  | { kind: 'doesnt_untap'; affected: Ref | Filter }
  /** Leylines (103.6a): works only as the game begins; a scenario puts the card on the battlefield itself */
  | { kind: 'opening_hand_battlefield' }
  | { kind: 'control'; affected: Ref }
  | { kind: 'set_base_pt'; power: number; toughness: number; affected: Ref | Filter }
  | { kind: 'lose_all_abilities'; affected: Ref | Filter }
  | { kind: 'lose'; abilities: string[]; affected: Ref | Filter }
  | { kind: 'add_types'; types: string[]; subtypes?: string[]; affected: Ref | Filter; base_pt?: 'mana_value' | [number, number] }
  | { kind: 'set_land_type'; subtypes: string[]; affected: Ref | Filter; add: boolean }
  /** layer 5 (613.1e): adds colors, or with `set` makes them the object's only colors (105.3) */
  | { kind: 'add_color'; chosen?: boolean; colors?: ColorLetter[]; affected: Ref | Filter; set?: boolean }
  | { kind: 'cda_pt'; power: Amount; /** absent: only the power is defined (the printed toughness stays) */ toughness?: Amount }
  | { kind: 'hexproof_player'; who: Who }
  | { kind: 'no_max_hand_size'; who: Who }
  /** 402.2: the maximum hand size raised (or lowered, `by` negative) by an amount */
  | { kind: 'max_hand_size'; by: number; who: Who }
  | { kind: 'cant_lose'; who: Who }
  | { kind: 'protection_from_chosen_color'; affected?: Ref; spares?: 'self' | 'Aura' }
  /** "[this] can't attack unless defending player controls [an Island]" (508.1c): judged for each player or planeswalker it would attack */
  | { kind: 'cant_attack_unless'; affected: Ref | Filter; defenderControls: Filter }
  /** "can't attack you [or planeswalkers you control]" (508.1c): "you" is the controller of the static */
  | { kind: 'cant_attack_you'; affected: Ref | Filter; planeswalkers: boolean }
  /** "can't attack [you] / block unless their controller pays {2} for each ..." (508.1g-j, 509.1d-f): a cost for each
   * creature it covers that attacks (the static's controller, or also their planeswalkers, when `attacked` says)
   * or blocks; `x`: the value of X in the cost, and `per`: how many times the cost is owed for each creature ("{1}
   * for each card in your hand"), both counted as the declaration is made */
  /** "assigns combat damage equal to its toughness rather than its power" (510.1a as the effect changes it) */
  | { kind: 'assigns_by_toughness'; affected: Ref | Filter }
  | { kind: 'combat_cost'; cost: ParsedCost; what: 'attack' | 'block' | 'attack_or_block'; affected: Ref | Filter; attacked?: 'you' | 'you_or_planeswalkers'; x?: Amount; per?: Amount }
  /** "[this] can't block [filter]" (509.1b): a restriction on which attackers it may block */
  | { kind: 'cant_block_creatures'; affected: Ref; attackers: Filter }
  /** "can't attack alone" / "can't block alone" (506.5, 508.1c, 509.1b): it can't be the only attacker or blocker declared */
  | { kind: 'cant_attack_alone'; affected: Ref | Filter }
  | { kind: 'cant_block_alone'; affected: Ref | Filter }
  /** "You may have [this] assign its combat damage as though it weren't blocked" (510.1c, 510.1b): chosen as damage is assigned */
  | { kind: 'assign_as_unblocked'; affected: Ref | Filter }
  /** "can't be blocked by more than one creature" (509.1b), for itself, what it's attached to, or a group */
  | { kind: 'max_one_blocker'; affected: Ref | Filter }
  /** "can block an additional [N] creature(s) each combat" / "can block any number of creatures" (509.1a's one attacker, widened) */
  /** "[this] isn't a creature": those card types removed (layer 4, 613.1d) */
  | { kind: 'remove_types'; types: string[]; affected: Ref | Filter }
  | { kind: 'block_additional'; affected: Ref | Filter; n: number | 'any' }
  /** "can attack as though it didn't have defender" (702.3b no longer stops it) */
  | { kind: 'attack_despite_defender'; affected: Ref | Filter }
  /** "All creatures able to block [it] do so" (509.1c): a block requirement on every creature that could block it */
  | { kind: 'must_be_blocked_by_all'; affected: Ref | Filter }
  /** "[its] activated abilities can't be activated [unless they're mana abilities]" (602.5) */
  | { kind: 'cant_activate'; affected: Ref | Filter; exceptMana?: boolean }
  | { kind: 'unsupported'; reason: string };

export type ReplacementDef =
  | {
    kind: 'enters_tapped'; affected: Ref | Filter; unless_pay_life?: number;
    /** "enters tapped unless you control ...": checked as it would enter (614.1c) */ unless?: Condition;
    /** "you may reveal a [F] card from your hand. If you don't, it enters tapped" (614.12a) */ unless_reveal?: Filter;
  }
  | { kind: 'enters_with_counters'; counter: string; amount: Amount; affected: Ref | Filter; if?: Condition; /** "you may have it enter with ...": its controller chooses as it enters (614.12a) */ optional?: true; /** "enters tapped with N counters" (614.1c) */ tapped?: true; /** "and with first strike": keywords it has while it stays (614.1c) */ gains?: string[] }
  | { kind: 'as_enters_choose'; what: 'color' | 'creature_type' | 'card_name' | 'number' }
  /** "You may have this enter with an additional [counter] counter on it. If you don't, it gains [ability]" (riot, 702.136a) */
  | { kind: 'counter_or_gains'; counter: string; gains: string }
  /** 702.44a: as it enters from the stack, a counter for each color of mana spent to cast it */
  | { kind: 'sunburst' }
  /** "As [this] enters, you may sacrifice any number of [filter]; it enters with N counters for each" (devour, 702.82a) */
  | { kind: 'as_enters_sacrifice'; filter: Filter; counters_each: Record<string, Amount> }
  /** "As [this] enters, exile any number of [filter] from your graveyard" (614.12a, 614.13); `linked` then names them (607.2b) */
  | { kind: 'as_enters_exile'; filter: Filter; from: 'graveyard' }
  /** 702.38a: as it enters, reveal any number of such cards from the hand; counters for each */
  | { kind: 'as_enters_reveal'; filter: Filter; counters_each: Record<string, Amount> }
  /** `also_turned_face_up`: "as [this] enters or is turned face up" (708.11); `until_turned_face_down`: the copy ends then */
  | { kind: 'enter_as_copy'; optional: boolean; filter: Filter; except?: CopyExcept; also_turned_face_up?: boolean; until_turned_face_down?: boolean }
  | { kind: 'to_graveyard_instead'; to: 'exile'; filter: Filter; owner?: 'opponent' | 'any' }
  /** "it deals double that damage" (factor 2), "that much damage plus 1" (factor 1, plus 1; minus: a negative plus) */
  | { kind: 'damage_multiplier'; factor: number; plus?: number; to?: Filter; from?: Filter }
  /** "If a [F] source would deal damage to you / CARDNAME / a F, prevent N of that damage" (615.10) */
  | { kind: 'prevent_some'; amount: number; to: 'you' | 'self' | 'enchanted' | 'equipped' | Filter; from?: Filter; combatOnly?: boolean }
  /** "Prevent all [combat] damage that would be dealt to / by [this, what it's attached to, a group]" (615.1a);
   * with both, damage dealt to it or by it */
  | { kind: 'prevent_all'; to?: 'you' | Ref | Filter; by?: Ref | Filter; /** only damage from sources matching this */ from?: Filter; combatOnly?: boolean;
    /** "Prevent all noncombat damage ..." */ noncombatOnly?: boolean; /** "that CARDNAME would deal to snow creatures": only damage to these */ onlyTo?: Filter;
    /** what follows right after each prevention (615.5); `event_amount` is the damage prevented */ then?: Effect[];
    /** "As long as ..." / "During your turn, ...": only while this holds */ condition?: Condition }
  /** "All damage that would be dealt to you is dealt to CARDNAME instead" (614.9): the damage's new recipient */
  | { kind: 'redirect_damage'; to: Array<'you' | Ref | Filter>; instead: 'self' | 'enchanted' | 'equipped' | 'its_controller'; combatOnly?: boolean; /** only damage from sources matching this */ from?: Filter; condition?: Condition }
  | { kind: 'counters_multiplier'; factor: number; plus?: number; counter?: string; on: Filter }
  | { kind: 'tokens_multiplier'; factor: number }
  | { kind: 'life_gain_multiplier'; factor: number }
  /** draw `n` cards instead (0: skip the draw), perhaps optionally, perhaps except the first draw of one's draw step */
  | { kind: 'draw_instead'; n: number; optional?: true; except?: 'first_in_your_draw_step' }
  /** "If [event] would happen, [instructions] instead" (614.1a) */
  | { kind: 'instead'; of: ReplacedEvent; do: Effect[] }
  /** Worship: damage can't reduce your life total below 1 */
  | { kind: 'life_floor'; condition?: Condition }
  /** Gather Specimens: a creature that would enter under an opponent's control enters under yours (614.1a, 616.1b) */
  | { kind: 'enters_under_control_of'; player: 'you'; affected: Filter }
  | { kind: 'unsupported'; reason: string };

/** The event an `instead` replacement watches for. */
export type ReplacedEvent =
  | { event: 'dies'; self?: boolean; filter?: Filter }
  | { event: 'put_into_graveyard'; self?: boolean; filter?: Filter; from: 'battlefield' | 'anywhere' }
  | { event: 'enters'; filter: Filter; not_cast?: boolean }
  | { event: 'gain_life'; who: 'you' }
  | { event: 'draw'; who: 'you' }
  /** damage that would be dealt to the effect's own source */
  | { event: 'dealt_damage'; self: true };

export interface CopyExcept {
  not_color?: boolean;
  add_types?: string[];
  pt?: [number, number];
  not_legendary?: boolean;
  extra_counter?: boolean;
  /** "except it has this ability": the ability making the copy */
  extra_ability?: 'this';
  /** "except it has '...'": an ability the copy gains, written in the DSL (707.9a) */
  grant?: Ability;
  /** "except it's white": the copy's colors (707.9b) */
  colors?: ColorLetter[];
  /** "it has no mana cost" (embalm, 702.128a) */
  no_mana_cost?: boolean;
  /** "it's a Zombie in addition to its other types" */
  add_subtypes?: string[];
}

export interface EffectBlock {
  targets: TargetSpec[];
  divide?: Amount; // 601.2d: an amount divided among the targets as the spell is cast
  effects: Effect[];
}

export interface ModalSpec {
  min: number;
  max: number;
  /** 601.4 / Inscription: "If this spell was kicked, choose any number instead." */
  kickedMax?: number;
  /** 700.2d: "You may choose the same mode more than once." */
  repeat?: true;
  modes: EffectBlock[];
}

interface AbilityBase {
  /** Stable address of this ability in the registry: "Card Name/face/index". */
  key: string;
  /** The Oracle text of the ability (one paragraph of the card's text). */
  text: string;
  /** Given by an effect that "doesn't remove" this Aura (its id) or every Aura (`Aura`): protection it
   * gives doesn't make those Auras fall off (702.16c) */
  spares?: string;
}

export type Ability =
  | (AbilityBase & { kind: 'keyword'; keyword: string; cost?: ManaCost; costText?: string; n?: number; filter?: Filter; from?: string; costParts?: ParsedCost })
  | (AbilityBase & { kind: 'spell'; block: EffectBlock; modal?: ModalSpec })
  /** `during` and `condition`: "Activate only during your turn / only if ..." (602.5) */
  | (AbilityBase & { kind: 'activated'; cost: ParsedCost; block: EffectBlock; modal?: ModalSpec; timing?: 'sorcery'; /** 602.5b: activations allowed each turn */ limit?: number; during?: ActivationWindow; condition?: Condition; anyone?: true })
  | (AbilityBase & { kind: 'triggered'; when: Trigger; condition?: Condition; block: EffectBlock; modal?: ModalSpec })
  | (AbilityBase & { kind: 'static'; defs: StaticDef[] })
  | (AbilityBase & { kind: 'replacement'; def: ReplacementDef })
  | (AbilityBase & { kind: 'additional_cost'; cost: ParsedCost })
  /** `condition`: "If CONDITION, you may ... rather than pay this spell's mana cost", judged as it is announced (601.2b) */
  | (AbilityBase & { kind: 'alternative_cost'; cost: ParsedCost; label: string; condition?: Condition })
  /** "Cast this spell only during combat / only if ..." (601.3): every window and the condition must hold */
  | (AbilityBase & { kind: 'cast_restriction'; during: CastWindow[]; condition?: Condition })
  /** "[If CONDITION,] you may cast CARDNAME as though it had flash [if you pay {2} more to cast it]" (601.3, 601.3c) */
  | (AbilityBase & { kind: 'self_flash'; payMore?: ManaCost; condition?: Condition })
  /** "You may cast CARDNAME from your graveyard [or from exile] [as long as / if CONDITION]" (601.3): its owner's permission */
  | (AbilityBase & { kind: 'self_cast_from'; zones: Array<'graveyard' | 'exile'>; condition?: Condition })
  | (AbilityBase & { kind: 'unsupported'; reason: string });

export type PT = number | '*' | string; // "*", "1+*"

/** Abilities granted by copy exceptions inside an ability ("except it has '...'"), at any depth. */
export function grantedAbilities(a: Ability): Ability[] {
  const out: Ability[] = [];
  const visitExcept = (e: CopyExcept | undefined) => {
    if (e?.grant) out.push(e.grant, ...grantedAbilities(e.grant));
  };
  const visitEffects = (effects: Effect[]) => {
    for (const e of effects) {
      if (e.verb === 'become_copy') visitExcept(e.except);
      if ((e.verb === 'become' || e.verb === 'grant') && e.with) out.push(e.with, ...grantedAbilities(e.with));
      if (e.verb === 'create_token') visitExcept(e.copy_except);
      if (e.verb === 'create_token' && e.token.given) for (const x of e.token.given) out.push(x, ...grantedAbilities(x));
      if (e.verb === 'emblem') for (const x of e.abilities) out.push(x, ...grantedAbilities(x));
      if ('do' in e && Array.isArray(e.do)) visitEffects(e.do);
      if ('otherwise' in e && Array.isArray(e.otherwise)) visitEffects(e.otherwise);
      if (e.verb === 'may_choose') e.options.forEach(visitEffects);
    }
  };
  if (a.kind === 'replacement' && a.def.kind === 'enter_as_copy') visitExcept(a.def.except);
  if (a.kind === 'static') for (const d of a.defs) if ((d.kind === 'grant' || d.kind === 'pump') && d.given) for (const x of d.given) out.push(x, ...grantedAbilities(x));
  if (a.kind === 'spell' || a.kind === 'activated' || a.kind === 'triggered') for (const b of a.modal ? a.modal.modes : [a.block]) visitEffects(b.effects);
  return out;
}

const spellCache = new WeakMap<CardFace, Extract<Ability, { kind: 'spell' }> | null>();

/**
 * The spell ability of a face (instants and sorceries): its spell paragraphs read as one set of
 * instructions, in order (608.2c), with the targets of all of them ("Switch ... Draw a card.").
 */
export function spellOf(face: CardFace): Extract<Ability, { kind: 'spell' }> | undefined {
  const hit = spellCache.get(face);
  if (hit !== undefined) return hit ?? undefined;
  const spells = face.abilities.filter((a): a is Extract<Ability, { kind: 'spell' }> => a.kind === 'spell');
  let out: Extract<Ability, { kind: 'spell' }> | null = spells[0] ?? null;
  if (spells.length > 1) {
    const divide = spells.find((s) => s.block.divide !== undefined)?.block.divide;
    out = {
      kind: 'spell', key: spells[0]!.key, text: spells.map((s) => s.text).join('\n'),
      block: { targets: spells.flatMap((s) => s.block.targets), effects: spells.flatMap((s) => s.block.effects), ...(divide !== undefined ? { divide } : {}) },
    };
  }
  spellCache.set(face, out);
  return out ?? undefined;
}

/** Whether a list of abilities has a keyword ability (a plain loop: asked in hot paths). */
export function hasKeyword(abilities: readonly Ability[], keyword: string): boolean {
  for (const a of abilities) if (a.kind === 'keyword' && a.keyword === keyword) return true;
  return false;
}

/** Every static definition among abilities, with the ability it belongs to. */
export function staticDefs(abilities: readonly Ability[]): Array<{ ability: Ability; def: StaticDef; index: number }> {
  const out: Array<{ ability: Ability; def: StaticDef; index: number }> = [];
  for (const a of abilities) if (a.kind === 'static') a.defs.forEach((def, index) => out.push({ ability: a, def, index }));
  return out;
}

export interface CardFace {
  name: string;
  manaCost: ManaCost | null;
  typeLine: string;
  types: string[]; // lower case card types
  supertypes: string[];
  subtypes: string[];
  colorIndicator?: ColorLetter[];
  power: PT | null;
  toughness: PT | null;
  loyalty: number | null;
  defense: number | null;
  text: string;
  abilities: Ability[];
}

export interface CardDef {
  name: string;
  main: CardFace;
  adventure?: CardFace;
  flip?: CardFace;
  /** A split card's right half (709); `main` is then its left half, and `name` both names ("Fire // Ice"). */
  split?: CardFace;
  /** A transforming double-faced card's back face (712.2); `main` is its front face. */
  back?: CardFace;
  /** Why the engine can't do this card whole yet; empty when supported (derived by the engine). */
  unsupported: string[];
  /** The card used for its characteristics alone (a scenario's `text: ignored`): no rules text. */
  textIgnored?: boolean;
  /** A reason written in the card's entry (`unsupported:`), part of `unsupported`. */
  declaredUnsupported?: string;
  custom: boolean;
}
