// The ports of the game: the few places where a lower rule must call a higher one. Each is an
// interface here, implemented above (game/ports.ts wires them all) and installed on the Game when it
// is created, so that imports still point one way and no game can run without them.

import type { Effect } from '../cards/types.js';
import type { RuleId } from '../core/rules/index.js';
import type { Mana } from '../core/mana.js';
import type { ObjId, PlayerId, ZoneName } from '../core/ids.js';
import type { Chars } from './chars.js';
import type { MoveHow } from './events.js';

/** What an "instead" replacement's instructions refer to (614.1a): its source and the replaced event. */
export interface InsteadContext {
  source: ObjId;
  sourceName: string;
  controller: PlayerId;
  /** "It": the objects or players of the replaced event. */
  it: Array<{ obj: ObjId } | { player: PlayerId }>;
  thatPlayer?: PlayerId;
  abilityKey: string;
  /** The amount of the replaced event ("for each 1 life you would gain"). */
  eventAmount: number;
}

/**
 * What replacement effects (614-616) do in place of the event they replace. The events they replace
 * (zone moves 400, draws 121, keyword actions 701) are themselves built on `replaceEvent`, and an
 * "instead" replacement follows card instructions (608.2c), which sit above every event: so these
 * reach up through a port rather than an import.
 */
export interface ReplacementPort {
  /** 614.1a: follows the instructions of an "instead" replacement, like those of a resolving ability. */
  followInstead(effects: Effect[], ctx: InsteadContext): void;
  /** 614.13: a move an effect modifying how a permanent enters makes (sacrifice, exile). */
  moveObject(id: ObjId, to: ZoneName, opts: { rule: RuleId; how: MoveHow }): ObjId | null;
  /** 614.11: a draw the replacement makes instead, with the replacements already applied. */
  drawCard(player: PlayerId, rule: RuleId, applied: Set<string>): ObjId | null;
  /** 615.5: life a prevention effect gives right after it prevents damage ("equal to the damage prevented this way"). */
  gainLife(player: PlayerId, n: number): void;
}

/** Which mana ability to activate while paying, and for which mana (as a `pay` step names them). */
export interface ManaChoice {
  /** A text fragment of the ability; default the first mana ability. */
  fragment?: string;
  /** The type of mana to make where the ability offers a choice ("{G}" or "G"). */
  mana?: string;
  rule: RuleId;
  /** Chosen by the automatic payment. */
  auto?: boolean;
}

/**
 * Mana abilities (605) as the payment of a cost sees them. Paying a cost lets the payer activate
 * mana abilities (601.2g), and a mana ability's own cost is paid like any other (605.3b, 602.2b):
 * the two rules use each other, so the cost rules reach mana abilities through this port.
 */
export interface ManaPort {
  activate(player: PlayerId, source: ObjId, choice: ManaChoice): Mana[];
}

/**
 * The layer system (613) as the game state sees it. Characteristics are computed, never stored; the
 * Game keeps the result until an event that can change one, and asks the layers again then. The
 * layers read the state, so the state reaches them through this port.
 */
export interface CharacteristicsPort {
  /** Every object's characteristics, all continuous effects applied (613.1). */
  computeAll(): Map<ObjId, Chars>;
  /** The same, as of now: all at once, or each object's on first use when no effect reaches from one object to another. */
  current(hint?: CharsHint): Pick<Map<ObjId, Chars>, 'get'>;
  /** An object's name, all continuous effects applied, when it can be read without computing the rest; else undefined. */
  name(id: ObjId): string | null | undefined;
}

/** What is known of the state being computed: it differs from the one `base` was computed for in the `changed` objects alone. */
export interface CharsHint {
  base: Pick<Map<ObjId, Chars>, 'get'>;
  changed: Iterable<ObjId>;
  /** No object's own inputs changed: only the turn structure, combat, tapped status, life totals, marked damage, the log and the like (the events of game.ts's NO_OBJECT and NEUTRAL). */
  turnOnly?: boolean;
}

/** Where the instructions of a resolving mana ability put the mana they make, and what they were asked for. */
export interface ManaSink {
  /** The mana made so far; the caller adds it to the pool. */
  made: Mana[];
  /** The type asked for by a `pay` step ("{G}"), where the ability offers a choice. */
  request?: string;
  /** The types of mana the triggering ability produced (605.4a: "one mana of any type that land produced"). */
  produced?: Mana['type'][];
  /** The number chosen for X in the mana ability's cost (107.3). */
  x?: number;
}

/** A mana ability's source and controller, for the instructions it follows. */
export interface ManaAbilityContext {
  source: ObjId;
  sourceName: string;
  controller: PlayerId;
  abilityKey: string;
  sink: ManaSink;
}

/**
 * A mana ability resolves whole and at once (605.3b): its instructions besides adding mana ("deals
 * 1 damage to you", "sacrifice it") are card instructions (608.2c), which sit above the stack rules
 * that activate mana abilities: so they are followed through this port.
 */
export interface InstructionsPort {
  followManaAbility(effects: Effect[], ctx: ManaAbilityContext): void;
}

/** Every port of the game. */
export interface Ports {
  replacement: ReplacementPort;
  instructions: InstructionsPort;
  mana: ManaPort;
  characteristics: CharacteristicsPort;
}
