// Targets (115): the legal choices for each target of a spell or ability, and the check on
// resolution (608.2b).

import { overloadBlock } from '../cards/overload.js';
import { awakenBlock } from '../cards/awaken.js';
import { splicedBlock } from '../cards/splice.js';
import { protectionFrom } from '../events/protection.js';
import { activeStatics, covers } from '../characteristics/statics.js';
import { spellOf, type Ability, type CardFace, type EffectBlock, type ModalSpec, type TargetSpec } from '../cards/types.js';
import { matchesFilter, type FilterContext, type Thing } from '../characteristics/filters.js';
import type { Game } from '../state/game.js';
import type { RuleId } from '../core/rules/index.js';
import type { Option, TargetSlot } from '../state/questions.js';
import type { GameObject, ObjId, PlayerId } from '../state/state.js';
import { currentFace } from '../characteristics/copiable.js';
import { abilityBlock } from '../characteristics/abilities.js';

/** A target slot of an ability being put on the stack: one spec, possibly one per opponent. */
export interface SlotSpec {
  spec: TargetSpec;
  key: string; // unique within the spell: "t", "t@Bob"
  mode?: number;
  thatPlayer?: PlayerId;
  /** The object a trigger is about ("with that spell's mana value", 603.2), as for "that player". */
  it?: ObjId;
}

export interface TargetingSource {
  /** The spell or ability object on the stack doing the targeting. */
  stackObj: ObjId;
  /** The object whose qualities protection looks at: the spell, or the ability's source. */
  qualitySource: ObjId;
  controller: PlayerId;
  /** The ability's source, for "another target creature". */
  abilitySource: ObjId;
}

export function thingOption(g: Game, t: Thing): Option {
  if ('player' in t) return { id: `@${t.player}`, label: t.player, player: t.player };
  return { id: t.obj, label: g.name(t.obj), obj: t.obj };
}

export function optionThing(id: string): Thing {
  return id.startsWith('@') ? { player: id.slice(1) } : { obj: id };
}

/** Expands the target specs of the chosen modes into slots (one per opponent where asked). */
export function slotsFor(g: Game, specs: Array<{ spec: TargetSpec; mode?: number; occurrence?: number }>, controller: PlayerId, x = 0): SlotSpec[] {
  const out: SlotSpec[] = [];
  for (const { spec: written, mode, occurrence } of specs) {
    // "X target creatures": the number of targets is the X already announced (601.2b-c)
    const spec = written.x ? { ...written, min: written.x === 'exact' ? x : 0, max: x } : written;
    // "1.t"; a mode chosen again (700.2d): "1~1.t"
    const prefix = mode !== undefined ? `${mode}${occurrence ? `~${occurrence}` : ''}.` : '';
    if (spec.per === 'each_opponent') {
      for (const opp of g.opponents(controller)) out.push({ spec, key: `${prefix}${spec.name}@${opp}`, ...(mode !== undefined ? { mode } : {}), thatPlayer: opp });
    } else {
      out.push({ spec, key: `${prefix}${spec.name}`, ...(mode !== undefined ? { mode } : {}) });
    }
  }
  return out;
}

/** Whether `thing` could be chosen (or still is legal) for a target slot (115.1-115.5, 702.11, 702.16, 702.18). */
export function isLegalTarget(g: Game, slot: SlotSpec, thing: Thing, src: TargetingSource): boolean {
  return targetProblem(g, slot, thing, src) === null;
}

/** Why a thing can't be chosen for a slot: 'unfit' when it isn't what the slot asks for (or is gone,
 * or is the spell itself, 115.5), the ability that bars targeting when only that stands in the way,
 * or null when it is a legal choice. */
export function targetProblem(g: Game, slot: SlotSpec, thing: Thing, src: TargetingSource): 'unfit' | { rule: RuleId; ability: string } | null {
  if ('obj' in thing) {
    const o = g.tryObj(thing.obj);
    if (!o || thing.obj === src.stackObj) return 'unfit';
  } else if (g.player(thing.player).lost) {
    return 'unfit';
  }
  const ctx: FilterContext = { you: src.controller, source: src.abilitySource, ...(slot.thatPlayer ? { thatPlayer: slot.thatPlayer } : {}), ...(slot.it !== undefined ? { it: slot.it } : {}) };
  if (!matchesFilter(g, slot.spec.filter, thing, ctx)) return 'unfit';
  return targetingBar(g, thing, src);
}

/** Hexproof, shroud or protection (702.11b-c, 702.18a, 702.16b) that keeps a thing from being
 * targeted by this source: the rule and the ability, or null. */
function targetingBar(g: Game, thing: Thing, src: TargetingSource): { rule: RuleId; ability: string } | null {
  if ('player' in thing) {
    // "You have hexproof" (Leyline of Sanctity): not from your own spells and abilities
    const hexproof = thing.player !== src.controller && activeStatics(g, 'hexproof_player').some((s) => covers(s.def.who, s.controller, thing.player));
    return hexproof ? { rule: '702.11c', ability: 'hexproof' } : null;
  }
  const o = g.obj(thing.obj);
  if (o.zone !== 'battlefield') return null;
  const c = g.chars(thing.obj);
  for (const a of c.abilities) {
    if (a.kind !== 'keyword') continue;
    if (a.keyword === 'Shroud') return { rule: '702.18a', ability: 'shroud' };
    if (a.keyword === 'Hexproof' && c.controller !== src.controller) return { rule: '702.11b', ability: 'hexproof' };
  }
  const protection = protectionFrom(g, thing.obj, src.qualitySource);
  return protection ? { rule: '702.16b', ability: protection } : null;
}

/** Every player and object that could be a legal choice for the slot, in a stable order. */
export function legalOptions(g: Game, slot: SlotSpec, src: TargetingSource): Option[] {
  const candidates: Thing[] = [];
  const terms = slot.spec.filter.terms;
  if (terms.some((t) => t.kind === 'player')) for (const p of g.apnap()) candidates.push({ player: p });
  const wantsZone = (z: string) => terms.some((t) => t.zone === z || (t.kind === 'permanent' && z === 'battlefield') || (t.kind === 'spell' && z === 'stack') || (t.kind === 'object'));
  if (wantsZone('battlefield')) for (const id of g.state.battlefield) candidates.push({ obj: id });
  if (wantsZone('stack')) for (const id of g.state.stack) candidates.push({ obj: id });
  for (const z of ['graveyard', 'hand', 'exile', 'library'] as const) {
    if (terms.some((t) => t.kind === 'card' && (t.zone === z || (!t.zone && z === 'graveyard')))) {
      for (const p of g.apnap()) for (const id of g.player(p)[z]) candidates.push({ obj: id });
    }
  }
  return candidates.filter((t) => isLegalTarget(g, slot, t, src)).map((t) => thingOption(g, t));
}

export function slotQuestion(g: Game, slots: SlotSpec[], src: TargetingSource): TargetSlot[] {
  return slots.map((s) => ({
    name: s.key,
    text: `${/^any target$/i.test(s.spec.text) ? 'any target' : `target ${s.spec.text}`}${s.thatPlayer ? ` (${s.thatPlayer})` : ''}`,
    min: s.spec.min,
    max: s.spec.max,
    options: legalOptions(g, s, src),
  }));
}

// ------------------------------------------------------------------ the targets of a stack object

/** The ability text a stack object follows: the spell ability of its face, or the ability itself. */
export function blockOf(g: Game, o: GameObject): { block: EffectBlock; modal?: ModalSpec; ability?: Ability } {
  if (o.ability) return abilityBlock(g, o.ability.abilityKey, o.ability.delayedPath);
  if (o.faceDown) return { block: { targets: [], effects: [] } };
  const face = currentFace(g, o);
  const a = face ? spellOf(face) : undefined;
  const b = spellBlock(o, face, a);
  // 702.47a-b: the text of the cards spliced onto it is followed after its own
  const spliced = o.spell?.spliced;
  return spliced?.length && !b.modal ? { ...b, block: splicedBlock(b.block, spliced.map((c) => g.cards.get(c)!.main)) } : b;
}

function spellBlock(o: GameObject, face: CardFace | undefined, a: Extract<Ability, { kind: 'spell' }> | undefined): { block: EffectBlock; modal?: ModalSpec; ability?: Ability } {
  // 702.96a: an overloaded spell's text says "each" where it said "target"
  const overloaded = a && !a.modal && o.spell?.choices.alt === 'Overload' ? overloadBlock(a.block) : null;
  if (a && overloaded) return { block: overloaded, ability: a };
  // 702.113a: a spell whose awaken cost was paid has awaken's spell ability too
  const awakened = a && face && !a.modal && o.spell?.choices.alt === 'Awaken' ? awakenBlock(face, a.block) : null;
  if (a && awakened) return { block: awakened, ability: a };
  if (a) return { block: a.block, ...(a.modal ? { modal: a.modal } : {}), ability: a };
  return { block: { targets: [], effects: [] } };
}

/** The target spec a slot key ("t", "1.t", "t@Bob", "enchant") of a stack object stands for. */
export function specForKey(g: Game, o: GameObject, key: string, block: EffectBlock, modal?: ModalSpec): SlotSpec | undefined {
  const m = /^(?:(\d+)(?:~\d+)?\.)?([^@]+)(?:@(.+))?$/.exec(key)!;
  const mode = m[1] !== undefined ? Number(m[1]) : undefined;
  const name = m[2]!;
  let spec: TargetSpec | undefined;
  if (name === 'enchant') {
    const enchant = g.chars(o.id).abilities.find((a) => a.kind === 'keyword' && a.keyword === 'Enchant');
    if (enchant && enchant.kind === 'keyword' && enchant.filter) spec = { name: 'enchant', text: enchant.filter.text, filter: enchant.filter, min: 1, max: 1 };
  } else {
    const b = mode !== undefined && modal ? modal.modes[mode] : block;
    spec = b?.targets.find((t) => t.name === name);
  }
  if (!spec) return undefined;
  // "that player" of a target: the opponent of a per-opponent slot, or the player a trigger is about
  const thatPlayer = m[3] ?? o.ability?.trigger?.player;
  const it = o.ability?.trigger?.obj;
  return { spec, key, ...(mode !== undefined ? { mode } : {}), ...(thatPlayer ? { thatPlayer } : {}), ...(it !== undefined ? { it } : {}) };
}
