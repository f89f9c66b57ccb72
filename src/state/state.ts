// The game state as plain, serializable data. A snapshot is a deep copy of it (util/clone.ts), or a
// mark that replays the timeline to build it again (Game.mark): that gives rollback of illegal
// actions (730), `undo` in the REPL, and saving.

import type { Filter } from '../cards/filter.js';
import type { CombatRestriction, Effect, ReplacementDef, StaticDef, StepName, TokenSpec, Trigger } from '../cards/types.js';
import type { ColorLetter, Mana, ManaSymbol } from '../core/mana.js';
import type { ObjId, PlayerId, PlayerZone, ZoneName } from '../core/ids.js';
import type { GameEvent } from './events.js';
import type { Duration, EffectDuration } from './durations.js';

export type { ObjId, PlayerId, PlayerZone, ZoneName };

export interface Player {
  name: PlayerId;
  life: number;
  pool: Mana[];
  hand: ObjId[];
  library: ObjId[]; // top first
  graveyard: ObjId[]; // top first
  exile: ObjId[];
  /** The command zone's objects this player owns: emblems (408.2, 114.2). */
  command: ObjId[];
  poison: number;
  /** The city's blessing (702.131c): once gotten, kept for the rest of the game; absent: not had. */
  cityBlessing?: boolean;
  /** Energy counters (107.14); absent: none. */
  energy?: number;
  /** 704.5b: attempted to draw from an empty library since the last check. */
  drewFromEmpty: boolean;
  lost: boolean;
  lifeGainedThisTurn: number;
  cardsDrawnThisTurn: number;
  /** Whether the player was dealt damage this turn (bloodthirst, 702.54a). */
  damagedThisTurn: boolean;
  /** Life the player lost this turn, from damage, effects or payments (119.3, 119.4, 120.3a; spectacle, 702.137a); absent: none. */
  lifeLostThisTurn?: number;
  /** Spells the player cast this turn and in the turn before it ("your second spell each turn",
   * "if no spells were cast last turn"); absent: none (a scenario starts with no history). */
  spellsCastThisTurn?: number;
  spellsCastLastTurn?: number;
}

/** Choices made for a spell or ability as it was put on the stack (601.2b-d), kept while it exists. */
export interface StackChoices {
  modes?: number[]; // 0-based mode indices, in printed order
  x?: number;
  alt?: string; // the alternative cost used (keyword or label)
  additional: string[]; // optional additional costs paid (e.g. "Kicker")
  targets: TargetChoice[];
  /** 601.2d: amount assigned to each chosen target, in the order of `targets` flattened. */
  divide?: number[];
  hybrid?: ManaSymbol[];
  phyrexian?: Array<'life' | 'mana'>;
  /** What the costs moved: sacrificed, exiled, discarded objects (their last known information). */
  paid: { sacrificed: ObjId[]; exiled: ObjId[]; discarded: ObjId[]; life: number; mana: Mana[]; /** what the attacking creatures a cost returned to hand were attacking (702.49a) */ returnedAttacking?: Array<PlayerId | ObjId> };
}

/** 702.33c-d: how many times a spell was kicked: each kicker cost paid, and each payment of a
 * multikicker cost (which is a kicker cost paid any number of times). */
export function timesKicked(additional: readonly string[]): number {
  return additional.filter((k) => k === 'Kicker' || k === 'Multikicker').length;
}

/** 702.33d: a spell is kicked if any of its kicker costs was paid. */
export function wasKicked(additional: readonly string[]): boolean {
  return timesKicked(additional) > 0;
}

/** The choices of a spell or ability before any is made. */
export function newChoices(): StackChoices {
  return { additional: [], targets: [], paid: { sacrificed: [], exiled: [], discarded: [], life: 0, mana: [] } };
}

export interface TargetChoice {
  spec: string; // the target's name in the ability
  mode?: number; // the mode it belongs to
  chosen: Array<{ obj: ObjId } | { player: PlayerId }>;
}

export interface SpellInfo {
  choices: StackChoices;
  castFrom: ZoneName;
  /** The card's id in the zone it was cast from (a permission may name it: "you may play the exiled cards"). */
  origin?: ObjId;
  face: 'main' | 'adventure' | 'flip' | 'split';
  /** A copy of a spell (707.10): not a card; ceases to exist off the stack. */
  isCopy?: boolean;
  /** How many other spells were cast this turn before it was (storm, 702.40a). */
  castBefore?: number;
  /** Which of its caster's spells this turn it is: 1 for their first ("your second spell each turn"). */
  castNth?: number;
  /** The cards spliced onto it (702.47a), their card definitions in the order their text is followed. */
  spliced?: string[];
  /** Cast using its jump-start ability (702.133a): exiled as it leaves the stack. */
  jumpStart?: boolean;
}

export interface AbilityInfo {
  abilityKey: string;
  source: ObjId;
  sourceName: string;
  controller: PlayerId;
  choices: StackChoices;
  triggered: boolean;
  /** Data of the event that triggered it: the object and player it refers to. */
  trigger?: TriggerData;
  /** A delayed triggered ability: the path of its `delayed` instruction within `abilityKey`. */
  delayedPath?: string;
  /** A delayed triggered ability: the latest timestamp when it was created (701.28f). */
  createdAt?: number;
}

export interface TriggerData {
  obj?: ObjId;
  /** A dies trigger: the permanent `obj` was on the battlefield, whose last known information "its power" reads (603.10a). */
  was?: ObjId;
  player?: PlayerId;
  amount?: number;
  /** The objects a delayed trigger refers to ("destroy it"). */
  objs?: ObjId[];
}

export interface Chosen {
  /** The "as ... enters, choose" ability the choice was made for (607.2d: linked abilities). */
  by?: string;
  color?: ColorLetter;
  type?: string;
  name?: string;
  number?: number;
  player?: PlayerId;
  cards?: ObjId[];
}

/** Copiable values (707.2), as captured by a copy effect with its exceptions (707.9). */
export interface CopiedValues {
  from: string;
  name: string | null;
  manaCost: ManaSymbol[] | null;
  colors: ColorLetter[];
  types: string[];
  supertypes: string[];
  subtypes: string[];
  /** Ability keys (resolved through the card registry). */
  abilities: string[];
  power: number | null;
  toughness: number | null;
  loyalty: number | null;
  /** The copy effect ends when the permanent is turned face down (Vesuvan Shapeshifter). */
  untilFaceDown?: boolean;
  /** The other half of a flip card it copied: used while the copy is flipped (707.3, 710.2). */
  flip?: { name: string; types: string[]; supertypes: string[]; subtypes: string[]; abilities: string[]; power: number | null; toughness: number | null };
  /** A token copy of a transforming double-faced permanent or card is a double-faced token: each
   * face copies the same face of the original (707.8a); the one up follows `transformed`. */
  dfc?: { front: CopiedValues; back: CopiedValues };
}

export interface GameObject {
  id: ObjId;
  /** The scenario id: it follows the card through every zone change. */
  ref?: string;
  /** The card's name in the registry (for a token, the card it copies, if any). */
  card?: string;
  /** An emblem (114.1): in the command zone, with these abilities (keys) and no other characteristic. */
  emblem?: { abilities: string[] };
  /** A token's own characteristics (111.4), when it is not a copy of a card. */
  token?: TokenSpec;
  isToken: boolean;
  owner: PlayerId;
  controller: PlayerId;
  zone: ZoneName;
  timestamp: number;
  tapped: boolean;
  faceDown: boolean;
  flipped: boolean;
  /** A transforming double-faced permanent with its back face up (712.8e, 701.28g). */
  transformed?: boolean;
  /** When it last transformed (a timestamp), for 701.28f. */
  transformedAt?: number;
  counters: Record<string, number>;
  damage: number;
  /** Dealt damage by a source with deathtouch since the last check (704.5h). */
  deathtouched?: boolean;
  /** "If it would leave the battlefield, exile it instead of putting it anywhere else": the rule of the effect (unearth, 702.84a) and what made it. */
  leavesToExile?: { rule: string; source: ObjId; sourceName: string };
  /** "If it would die this turn, exile it instead" (614.1a): the turn this applies in, and what made it. */
  exileIfDies?: { turn: number; source: ObjId; sourceName: string };
  /** The renowned designation (702.112b): a permanent keeps it until it leaves the battlefield. */
  renowned?: boolean;
  /** The creature this one is paired with by soulbond (702.95b-c): each of the two names the other. */
  pairedWith?: ObjId;
  /** The monstrous designation (701.37b): kept until the permanent leaves the battlefield. */
  monstrous?: boolean;
  /** The marked damage last found lethal on this permanent while it was indestructible: that
   * state-based action changes nothing (702.12b), so it is traced once, not at every check. */
  indestructibleNoted?: number;
  /** The index in the event log from which on it is on the battlefield (603.10a: it looks back no further). */
  enteredAt?: number;
  /** Came under its controller's control since their latest turn began (302.6). */
  sick: boolean;
  /**
   * The player whose upkeep last began with this permanent under their control, and the turn of the
   * first such upkeep since they have controlled it (702.30a: echo asks whether it is newer than that).
   */
  heldSinceUpkeep?: { player: PlayerId; turn: number };
  attachedTo?: ObjId | PlayerId;
  chosen?: Chosen;
  /** A copy of another object (707.2): the copiable values captured when it became one (707.2b). */
  copied?: CopiedValues;
  /** A spell on the stack (cards, copies of spells). */
  spell?: SpellInfo;
  /** An activated or triggered ability on the stack. */
  ability?: AbilityInfo;
  /** How a permanent was cast (kicked etc.) and from where, for abilities that ask. */
  castChoices?: StackChoices;
  castFrom?: ZoneName;
  attacking?: PlayerId | ObjId;
  blocking?: ObjId[];
  /** An attacking creature that had a blocker declared (509.1h), even if the blocker left. */
  blocked?: boolean;
  /** A planeswalker attacked this combat that was removed from combat: what attacks it attacks nothing (506.4, 506.4c). */
  outOfCombat?: boolean;
  /** Dealt combat damage in the first-strike damage step (702.7b). */
  dealtFirstStrike?: boolean;
  regenerationShields: number;
  /** Activations this turn, per ability key (602.5b "only once each turn", 606.3). */
  activations: Record<string, number>;
}


/** What a continuous effect does in one layer (613.1). */
export type LayerMod =
  /** 613.2a, 707.4: a copy effect (its values were captured when it began, 707.2b) */
  | { layer: '1'; kind: 'copy'; values: CopiedValues }
  | { layer: '2'; kind: 'control'; player: PlayerId }
  /** 612.5: the object's rules text is another object's (a text-changing effect, layer 3) */
  | { layer: '3'; kind: 'text_from'; from: ObjId }
  /** 612.8: an effect that sets a name (a text-changing effect, layer 3) */
  | { layer: '3'; kind: 'name'; name: string }
  | { layer: '4'; kind: 'types'; types?: string[]; subtypes?: string[]; supertypes?: string[]; add: boolean; landTypes?: boolean; allCreatureTypes?: boolean; /** loses every creature type (its other subtypes stay) */ noCreatureTypes?: boolean; /** card types taken away ("isn't a creature") */ removeTypes?: string[] }
  | { layer: '5'; kind: 'colors'; colors: ColorLetter[]; add: boolean }
  | { layer: '6'; kind: 'abilities'; add?: string[]; remove?: string[]; removeAll?: boolean; /** the Aura(s) the added abilities don't remove (Ability.spares) */ spares?: string }
  | { layer: '7a' | '7b'; kind: 'set_pt'; power: number; toughness: number }
  /** March of the Machines, Opalescence: base power and toughness each equal to the mana value */
  | { layer: '7b'; kind: 'set_pt_mana_value' }
  | { layer: '7c'; kind: 'mod_pt'; power: number; toughness: number }
  | { layer: '7d'; kind: 'switch_pt' };

export type { Duration, EffectDuration } from './durations.js';

/** What every stored effect has: where it came from, who controls it, and how long it lasts. */
interface EffectHead {
  id: number;
  source: ObjId;
  sourceName: string;
  controller: PlayerId;
  duration: Duration;
}

/**
 * Every effect the game remembers beyond the moment it was made, in one collection (`state.effects`),
 * each kind with its own fields and all with one duration: continuous effects from resolving spells
 * and abilities (611.2), prevention shields (615), replacement and rule-changing effects they create
 * (614, 611.2a), blocking requirements (509.1c), permissions to play exiled cards, the cards a
 * linked ability exiled (607.2a, 610.3), and delayed triggered abilities waiting to trigger (603.7).
 * One step ends them (src/state/effects.ts).
 */
export type StoredEffect =
  /** A continuous effect from a resolving spell or ability: it affects a fixed set (611.2c). */
  | (EffectHead & { kind: 'layer'; timestamp: number; affected: ObjId[]; mods: LayerMod[]; duration: EffectDuration; rule: string })
  /** A prevention shield (615): 'next' is the next instance of damage, however much (615.8). */
  | (EffectHead & {
    kind: 'shield';
    amount: number | 'all' | 'next';
    /** A chosen source (609.7a): only its damage. */
    fromObj?: ObjId;
    to?: { obj: ObjId } | { player: PlayerId };
    /** Only damage to what matches this, judged as the damage would be dealt ("to creatures this turn") */
    toFilter?: Filter;
    /** Only damage from sources matching this, judged as the damage would be dealt (611.2c). */
    from?: Filter;
    combatOnly?: boolean;
    /** "You gain life equal to the damage prevented this way": its controller gains that much right after (615.5) */
    gainLife?: boolean;
    /** Instructions right after each prevention (615.5): `it` is the recipient, the event amount the damage prevented */
    then?: Effect[];
    /** A redirection rather than a prevention (614.9): the damage is dealt to this instead */
    redirectTo?: { obj: ObjId } | { player: PlayerId };
  })
  /** A replacement effect created by a resolving spell or ability (614.3). */
  | (EffectHead & { kind: 'replacement'; def: ReplacementDef; /** "the next time ...": used up by the one event it replaces */ once?: boolean })
  /** Rule-changing static effects a resolved spell or ability created for a while (611.2a). */
  | (EffectHead & { kind: 'rules'; defs: StaticDef[] })
  /** "Target creature blocks [this] this turn if able" (509.1c); with `blockers` instead of `blocker`,
   * "all creatures able to block target creature this turn do so": every creature matching it, as
   * blockers are declared (a rules change reaches creatures that arrive later, 611.2c). */
  | (EffectHead & { kind: 'block_requirement'; blocker: ObjId; attacker: ObjId })
  | (EffectHead & { kind: 'block_requirement'; blockers: Filter; attacker: ObjId })
  /** "It doesn't untap during its controller's next untap step" (502.3): used up by that step; with
   * `player`, by that player's next untap step ("during that player's next untap step"), whoever
   * controls the object then; with `held`, "during its controller's untap step for as long as ...":
   * every untap step until its duration ends (611.2b). */
  | (EffectHead & { kind: 'skip_untap'; obj: ObjId; player?: PlayerId; held?: true })
  /** "can block an additional creature this turn": more attackers those objects may block (509.1a) */
  | (EffectHead & { kind: 'block_additional'; n: number | 'any'; objs: ObjId[] })
  /** "can attack this turn as though it didn't have defender" */
  | (EffectHead & { kind: 'attack_despite_defender'; objs: ObjId[] })
  /** "Target creature can't block this turn": the objects it applies to are locked in (611.2c). */
  | (EffectHead & { kind: 'combat_restriction'; what: CombatRestriction; objs: ObjId[] })
  /** "You may play / cast the exiled cards [this turn, until the end of your next turn...]" (601.3):
   * `castOnly` for "cast" (a land among them can't be played), `free` for "without paying its mana cost". */
  | (EffectHead & { kind: 'play_permission'; player: PlayerId; cards: ObjId[]; castOnly?: boolean; /** "without paying its mana cost" (118.9) */ free?: boolean })
  /**
   * Cards an object's ability exiled: for its linked ability ("the exiled card", 607.2a), and to
   * return when the object leaves the battlefield ("until ... leaves the battlefield", 610.3).
   */
  | (EffectHead & {
    kind: 'exile_link';
    cards: ObjId[];
    /** The exiling ability: only abilities printed with it on the same card refer to these (607.1, 607.5). */
    abilityKey?: string;
    /** Where the cards return when the source leaves: the zone they were exiled from (610.3c), the battlefield unless said */
    returnTo?: 'hand';
  })
  /** A delayed triggered ability, waiting for its moment (603.7). */
  | (EffectHead & {
    kind: 'delayed';
    abilityKey: string; // the ability that created it
    path: string; // the path of the `delayed` instruction inside that ability
    /** Objects the delayed ability refers to ("destroy it"). */
    objects: ObjId[];
    targets?: TargetChoice[];
    step?: StepName;
    /** "your next upkeep": only in its controller's turn (or only in an opponent's) */
    whose?: 'you' | 'opponent';
    /** An event trigger ("when that creature becomes untapped"): `self` is the first of `objects`. */
    when?: Trigger;
    /** A cast trigger ("when you cast your next instant or sorcery spell this turn"): about no object
     * before it triggers; its `it` is the spell cast (603.7a, 601.2i). */
    ofEvent?: boolean;
    /** With a stated duration ("whenever ... this turn"), it triggers at each occurrence (603.7b). */
    repeats?: boolean;
    /** Only events from this index of the event log on count: it didn't exist before (603.7a). */
    fromEvent?: number;
    /** The turn from which on it can trigger ("the next end step"). */
    fromTurn: number;
    fromStepIndex: number;
    /** The latest timestamp when it was created: a permanent that transformed after that doesn't transform by it (701.28f). */
    createdAt?: number;
  });

export type EffectKind = StoredEffect['kind'];
export type EffectOf<K extends EffectKind> = Extract<StoredEffect, { kind: K }>;

export interface PendingTrigger {
  abilityKey: string;
  delayedPath?: string;
  /** A delayed triggered ability: the latest timestamp when it was created (701.28f). */
  createdAt?: number;
  source: ObjId;
  sourceName: string;
  controller: PlayerId;
  trigger?: TriggerData;
  order: number;
}

export interface TurnState {
  number: number;
  active: PlayerId;
  step: StepName;
  priority: PlayerId | null;
  /** Players who passed in succession since the last action (117.4). */
  passed: PlayerId[];
  landsPlayed: number;
  /** Spells cast this turn, by any player (storm, 702.40a); absent: none. */
  spellsCast?: number;
  /** With first strike, the combat damage step happens twice (510.4): which one this is. */
  combatDamage?: 'first' | 'regular';
  /** Extra turns to be taken after this one, the last added taken first (500.7). */
  extraTurns?: PlayerId[];
  /** During an extra turn (and only then): the player whose turn the extra turns followed, from whom the turn order goes on. */
  orderFrom?: PlayerId;
}

export interface GameResult {
  winner?: PlayerId;
  draw?: boolean;
}

export interface GameState {
  players: Player[]; // in turn order
  objects: Record<ObjId, GameObject>;
  battlefield: ObjId[]; // in the order permanents arrived
  stack: ObjId[]; // top first
  turn: TurnState;
  /** Every stored effect, of every kind (see StoredEffect). */
  effects: StoredEffect[];
  pending: PendingTrigger[];
  /** Last known information of objects that left their zone (608.2h, 603.10), by object id. */
  lki: Record<ObjId, LastKnown>;
  result?: GameResult;
  nextId: number;
  nextTimestamp: number;
  nextEffectId: number;
  events: GameEvent[];
  /** Events before this index have been looked at for triggered abilities (603.2). */
  triggerSeq: number;
  /** The state of the seeded generator used for shuffles (determinism). */
  seed: number;
}

/** What an object looked like the last time it existed in its zone. */
export interface LastKnown {
  object: GameObject;
  name: string | null;
  power: number | null;
  toughness: number | null;
  manaValue: number;
  types: string[];
  subtypes: string[];
  allCreatureTypes?: boolean;
  supertypes: string[];
  colors: ColorLetter[];
  /** Keyword abilities it had, by key (for filters such as "creature with flying"). */
  keywords: string[];
  /** Every ability it had, by key, with all continuous effects applied (603.10a: what looks back). */
  abilities: string[];
  controller: PlayerId;
  /** The permanents attached to it as it left the battlefield ("when enchanted creature dies", 603.10a). */
  attachments?: ObjId[];
  /**
   * When it had a static ability (one that may give others abilities): the triggered abilities each
   * other permanent had as it left, by key. Those look back too (603.10a): a creature given "whenever
   * another creature dies" by the permanent that died has it for that event.
   */
  othersTriggered?: Record<ObjId, string[]>;
  /** The new object it became, if it went to a public zone (for messages). */
  becameId?: ObjId;
  ceasedToExist?: boolean;
  /** The index of the first event after the one it left in: later events happened without it (603.10a). */
  leftUntil?: number;
}
