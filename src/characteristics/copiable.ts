// Copiable values (707.2): what an object is before any continuous effect applies (its card face, a
// token's definition, the face-down values of 708.2, a copy effect's captured values, layer 1), and
// the abilities a basic land type gives (305.6). The layers (layers.ts) start from these; a copy
// copies them.

import { effectsOf } from '../state/effects.js';
import type { Ability, CardFace, TokenSpec } from '../cards/types.js';
import { costColors, type ColorLetter, type ManaCost } from '../core/mana.js';
import type { Game } from '../state/game.js';
import type { Chars } from '../state/chars.js';
import type { CopiedValues, GameObject, StoredEffect } from '../state/state.js';

export const BASIC_LAND_MANA: Record<string, ColorLetter> = { Plains: 'W', Island: 'U', Swamp: 'B', Mountain: 'R', Forest: 'G' };

const intrinsic = new Map<string, Ability>();

/** The intrinsic mana ability a basic land type gives (305.6). */
export function intrinsicManaAbility(subtype: string): Ability {
  const hit = intrinsic.get(subtype);
  if (hit) return hit;
  const c = BASIC_LAND_MANA[subtype]!;
  const a: Ability = {
    kind: 'activated', key: `basic:${subtype}`, text: `{T}: Add {${c}}.`,
    cost: { text: '{T}', parts: [{ kind: 'tap' }] },
    block: { targets: [], effects: [{ verb: 'add_mana', mana: [{ kind: 'mana', type: c }] }] },
  };
  intrinsic.set(subtype, a);
  return a;
}

export const FACE_DOWN: Omit<Chars, 'controller'> = {
  name: null, manaCost: null, colors: [], types: ['creature'], supertypes: [], subtypes: [], abilities: [],
  power: 2, toughness: 2, loyalty: null,
};

export function ptNumber(v: number | string | null): number | null {
  if (v === null) return null;
  if (typeof v === 'number') return v;
  const m = /^(\d+)/.exec(v);
  return m ? Number(m[1]) : 0; // "*" is 0 until its characteristic-defining ability applies
}

/** The face an object uses now: an Adventure on the stack, the flipped half, the back face of a
 * transformed permanent (712.8e), the half of a split card cast (709.3b), both halves of a split
 * card anywhere else (709.4), or the main face. */
export function currentFace(g: Game, o: GameObject): CardFace | undefined {
  const def = o.card ? g.cards.get(o.card) : undefined;
  if (!def) return undefined;
  if (o.spell?.face === 'adventure' && def.adventure) return def.adventure;
  if (o.flipped && def.flip) return def.flip;
  // 712.8a, 712.8d-e: the back face only on the battlefield, with it up; anywhere else the front face
  if (o.transformed && def.back && o.zone === 'battlefield') return def.back;
  if (def.split) return o.zone === 'stack' ? (o.spell?.face === 'split' ? def.split : def.main) : bothHalves(def.name, def.main, def.split);
  return def.main;
}

const combined = new WeakMap<CardFace, CardFace>();

/** 709.4: a split card outside the stack has both halves' characteristics: both names, the mana
 * costs together (so the total mana value, 709.4c), and every color, type and ability of either. */
function bothHalves(name: string, left: CardFace, right: CardFace): CardFace {
  const known = combined.get(right);
  if (known) return known;
  const union = (a: string[], b: string[]) => [...new Set([...a, ...b])];
  const face: CardFace = {
    ...left, name, typeLine: `${left.typeLine} // ${right.typeLine}`, text: `${left.text}\n//\n${right.text}`,
    manaCost: left.manaCost || right.manaCost ? [...(left.manaCost ?? []), ...(right.manaCost ?? [])] : null,
    types: union(left.types, right.types), supertypes: union(left.supertypes, right.supertypes), subtypes: union(left.subtypes, right.subtypes),
    abilities: [...left.abilities, ...right.abilities],
  };
  combined.set(right, face);
  return face;
}

/**
 * The copy effect that applies to an object (613.2a): of its copy effects, the latest overrides the
 * others (707.4), whether it entered as a copy (707.5) or became one later.
 */
export function activeCopy(g: Game, o: GameObject): CopiedValues | undefined {
  let best = o.copied;
  let at = o.timestamp;
  const effects = effectsOf(g.state, 'layer');
  // by index: this runs for every object at every derivation, most often over no effect at all
  for (let i = 0; i < effects.length; i++) {
    const e = effects[i]!;
    if (!e.affected.includes(o.id) || (best && e.timestamp < at) || !effectActive(g, e)) continue;
    for (const m of e.mods) if (m.kind === 'copy') { best = m.values; at = e.timestamp; }
  }
  return best;
}

/**
 * The color chosen for an object's "as it enters, choose a color" ability (607.2d). It counts only
 * while the object still has that ability: a copy effect that replaces it breaks the link (707.7).
 */
export function chosenColor(g: Game, o: GameObject): ColorLetter | undefined {
  const c = o.chosen;
  if (!c?.color) return undefined;
  if (c.by && !copiableAbilities(g, o).some((a) => a.key === c.by)) return undefined;
  return c.color;
}

/** The creature type chosen for an object's "as it enters, choose a creature type" ability, linked
 * to it as a chosen color is (607.2d, 707.7). */
export function chosenType(g: Game, o: GameObject): string | undefined {
  const c = o.chosen;
  if (!c?.type) return undefined;
  if (c.by && !copiableAbilities(g, o).some((a) => a.key === c.by)) return undefined;
  return c.type;
}

/** Where an object's copiable values come from (707.2): decided once, read by copiableValues and copiableAbilities. */
type CopiableSource =
  | { kind: 'face_down' }
  | { kind: 'copy'; values: Omit<CopiedValues, 'flip' | 'dfc'> }
  | { kind: 'token'; token: TokenSpec }
  | { kind: 'emblem'; emblem: NonNullable<GameObject['emblem']> }
  | { kind: 'card'; face: CardFace; costFace: CardFace; bestowed: boolean }
  | { kind: 'none'; name: string | null };

/** A card face's own source: the face, its own cost, not bestowed (copiableSource). */
const plainSources = new WeakMap<CardFace, CopiableSource>();

/** The one source of every face-down object (read only). */
const FACE_DOWN_SOURCE: CopiableSource = { kind: 'face_down' };

function copiableSource(g: Game, o: GameObject): CopiableSource {
  if (o.faceDown) return FACE_DOWN_SOURCE; // 708.2, 708.10
  const c0 = activeCopy(g, o);
  // 707.3, 710.2: a flipped permanent that copies a flip card uses the flip half of what it copied
  // 707.8a: a double-faced token has the face that's up
  const c = c0?.dfc && o.zone === 'battlefield' ? (o.transformed ? c0.dfc.back : c0.dfc.front)
    : c0?.flip && o.flipped && o.zone === 'battlefield' ? { ...c0, ...c0.flip } : c0;
  if (c) return { kind: 'copy', values: c };
  // 114.3: an emblem has its abilities and no other characteristic
  if (o.emblem) return { kind: 'emblem', emblem: o.emblem };
  if (o.token && !o.card) return { kind: 'token', token: o.token };
  const face = currentFace(g, o);
  if (!o.card || !g.cards.get(o.card) || !face) return { kind: 'none', name: o.card ?? null };
  // 710.2: a flipped card uses the flip half's name, text, type line and P/T, the normal half's cost and color
  const costFace = o.flipped ? g.cards.get(o.card)!.main : face;
  // 702.103b/e: a bestowed spell, and the Aura it becomes, is an Aura with enchant creature, not a creature
  const bestowed = (o.zone === 'stack' && o.spell?.choices.alt === 'Bestow') || (o.zone === 'battlefield' && o.castChoices?.alt === 'Bestow' && o.attachedTo !== undefined);
  if (costFace !== face || bestowed) return { kind: 'card', face, costFace, bestowed };
  // the most common source, one object per face (sources are only read)
  let src = plainSources.get(face);
  if (!src) plainSources.set(face, (src = { kind: 'card', face, costFace: face, bestowed: false }));
  return src;
}

/**
 * What an object's characteristics are made of when no continuous effect reaches it (no stored
 * effect, no static ability of another object): the fields copiableSource reads (the copied values,
 * token definition and emblem as objects), its controller and the counters the layers read. Written
 * into `out` (no allocation); the same inputs for the same object give the same characteristics.
 */
export function ownInputs(o: GameObject, out: unknown[]): unknown[] {
  const c = o.counters;
  out[0] = o.zone; out[1] = o.card; out[2] = o.faceDown; out[3] = o.transformed; out[4] = o.flipped;
  out[5] = o.spell?.face; out[6] = o.spell?.choices.alt; out[7] = o.castChoices?.alt; out[8] = o.attachedTo !== undefined;
  out[9] = o.controller; out[10] = o.ability?.controller; out[11] = c['+1/+1']; out[12] = c['-1/-1']; out[13] = c.loyalty;
  out[14] = o.copied; out[15] = o.token; out[16] = o.emblem; out[17] = otherPtCounters(c);
  return out;
}

/** The rarer counters that change power and toughness ("+2/+2", "-0/-1", 122.1a), as one key; undefined without any. */
function otherPtCounters(c: Record<string, number>): string | undefined {
  let key: string | undefined;
  for (const k in c) {
    const first = k.charCodeAt(0);
    if ((first === 43 || first === 45) && k !== '+1/+1' && k !== '-1/-1' && c[k]) key = `${key ?? ''}${k}:${c[k]};`;
  }
  return key;
}

/** The name in an object's copiable values (707.2), read without building the rest of them. */
export function copiableName(g: Game, o: GameObject): string | null {
  const src = copiableSource(g, o);
  switch (src.kind) {
    case 'face_down': case 'emblem': return null;
    case 'none': return src.name;
    case 'copy': return src.values.name;
    case 'token': return src.token.name;
    case 'card': return src.face.name;
  }
}

/** How copiable values are given their lists: copies of their own, or those of where they come from. */
interface Lists {
  list: <T>(xs: readonly T[]) => T[];
  costColors: (cost: ManaCost | null) => ColorLetter[];
}

const OWN_LISTS: Lists = { list: (xs) => [...xs], costColors };

/** The colors of each mana cost, worked out once (the lists are shared: read, never changed). */
const colorsOfCost = new WeakMap<ManaCost, ColorLetter[]>();
const NO_COLORS: ColorLetter[] = [];

const SHARED_LISTS: Lists = {
  list: <T>(xs: readonly T[]) => xs as T[],
  costColors: (cost) => {
    if (!cost) return NO_COLORS;
    let c = colorsOfCost.get(cost);
    if (!c) colorsOfCost.set(cost, (c = costColors(cost)));
    return c;
  },
};

/** The copiable values of an object (707.2): what a copy of it copies. */
export function copiableValues(g: Game, o: GameObject): Omit<Chars, 'controller'> {
  return valuesOf(g, o, OWN_LISTS);
}

/**
 * The same values, whose lists (types, colors, abilities ...) are those of the card, token or copied
 * values they come from, shared: to be read or replaced, never changed in place. The layers start
 * from these (their applyMod makes a new list for each change), without copying every list of every
 * object at each derivation.
 */
export function copiableChars(g: Game, o: GameObject): Omit<Chars, 'controller'> {
  return valuesOf(g, o, SHARED_LISTS);
}

function valuesOf(g: Game, o: GameObject, { list, costColors }: Lists): Omit<Chars, 'controller'> {
  const src = copiableSource(g, o);
  switch (src.kind) {
    case 'face_down': return { ...FACE_DOWN, types: list(FACE_DOWN.types) };
    case 'none': return { ...FACE_DOWN, name: src.name, types: [], power: null, toughness: null };
    case 'copy': {
      const c = src.values;
      return {
        name: c.name, manaCost: c.manaCost, colors: list(c.colors), types: list(c.types), supertypes: list(c.supertypes), subtypes: list(c.subtypes),
        abilities: list(sourceAbilities(g, src)), power: c.power, toughness: c.toughness, loyalty: c.loyalty,
      };
    }
    case 'emblem':
      return { name: null, manaCost: null, colors: [], types: [], supertypes: [], subtypes: [], abilities: list(sourceAbilities(g, src)), power: null, toughness: null, loyalty: null };
    case 'token': {
      const t = src.token;
      return {
        name: t.name, manaCost: null, colors: list(t.colors), types: list(t.types), supertypes: list(t.supertypes), subtypes: list(t.subtypes),
        abilities: list(sourceAbilities(g, src)), power: t.power ?? null, toughness: t.toughness ?? null, loyalty: null,
      };
    }
    case 'card': {
      const { face, costFace } = src;
      const out: Omit<Chars, 'controller'> = {
        name: face.name,
        manaCost: costFace.manaCost,
        colors: costFace.colorIndicator ? list(costFace.colorIndicator) : costColors(costFace.manaCost),
        types: list(face.types),
        supertypes: list(face.supertypes),
        subtypes: list(face.subtypes),
        abilities: list(sourceAbilities(g, src)),
        power: ptNumber(face.power),
        toughness: ptNumber(face.toughness),
        loyalty: face.loyalty,
      };
      if (src.bestowed) Object.assign(out, { types: out.types.filter((t) => t !== 'creature'), subtypes: ['Aura'], power: null, toughness: null });
      return out;
    }
  }
}

/** The loyalty of an object's copiable values (707.2), without building the rest of them. */
export function copiableLoyalty(g: Game, o: GameObject): number | null {
  const src = copiableSource(g, o);
  if (src.kind === 'copy') return src.values.loyalty;
  if (src.kind === 'card') return src.face.loyalty;
  // face down, an emblem, a token's definition, or nothing: no loyalty
  return null;
}

const abilitiesOf = new WeakMap<object, readonly Ability[]>();

/** The abilities of copiable values, resolved once per copied values or token definition. */
function sourceAbilities(g: Game, src: CopiableSource): readonly Ability[] {
  if (src.kind === 'face_down' || src.kind === 'none') return [];
  if (src.kind === 'card') {
    if (!src.bestowed) return src.face.abilities;
    const enchant = g.cards.ability('kw:Enchant creature');
    return enchant ? [enchant, ...src.face.abilities] : src.face.abilities;
  }
  const key = src.kind === 'copy' ? src.values : src.kind === 'emblem' ? src.emblem : src.token;
  const known = abilitiesOf.get(key);
  if (known) return known;
  const found = src.kind === 'copy' ? src.values.abilities.map((k) => g.cards.ability(k))
    : src.kind === 'emblem' ? src.emblem.abilities.map((k) => g.cards.ability(k))
      : [...src.token.abilities.map((k) => abilityFromKeyword(g, k)), ...(src.token.given ?? []).map((a) => g.cards.ability(a.key))];
  const out = found.filter((a): a is Ability => !!a);
  abilitiesOf.set(key, out);
  return out;
}

/** The abilities an object's copiable values give it, without building the rest of them. */
export function copiableAbilities(g: Game, o: GameObject): readonly Ability[] {
  return sourceAbilities(g, copiableSource(g, o));
}

function abilityFromKeyword(g: Game, text: string): Ability | undefined {
  return g.cards.ability(`kw:${text}`);
}

/** Whether a stored continuous effect applies now: some last only while their source is tapped or on the battlefield (611.2b). */
export function effectActive(g: Game, e: StoredEffect): boolean {
  if (e.duration.kind === 'while_source_tapped' || e.duration.kind === 'while_source_controlled_and_tapped') {
    const src = g.state.objects[e.source];
    return !!src && src.zone === 'battlefield' && src.tapped;
  }
  if (e.duration.kind === 'while_source_on_battlefield') {
    const src = g.state.objects[e.source];
    return !!src && src.zone === 'battlefield';
  }
  return true;
}
