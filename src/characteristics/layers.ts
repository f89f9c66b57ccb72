// Characteristics are computed, never stored (613): the copiable values of an object (its card face,
// a token's definition, face-down values, copy effects), then every continuous effect applied layer
// by layer, in timestamp order within a layer, characteristic-defining abilities first (613.3).
// `explainLayers` runs the same computation and records each step for `ruling explain`.

import { effectsOf } from '../state/effects.js';
import type { Filter } from '../cards/filter.js';
import { hasKeyword, staticDefs, type Ability, type Amount, type Condition, type StaticDef } from '../cards/types.js';
import { checkCondition } from './conditions.js';
import { candidatesFor, matchesFilter, objectManaValue, readsOthers, readsSource } from './filters.js';
import { perGame, type Game } from '../state/game.js';
import type { CharsHint } from '../state/ports.js';
import { activeCopy, BASIC_LAND_MANA, chosenColor, copiableAbilities, copiableChars, copiableName, copiableValues, effectActive, ownInputs, FACE_DOWN, intrinsicManaAbility } from './copiable.js';
import type { Chars } from '../state/chars.js';
import { evalAmountStatic } from './amounts.js';
import { EVERYTHING, footprint, meets, readsOfFilter, readsTurn, sharing, writesIn, youFree, type Footprint } from './footprints.js';
import { LAND_TYPES } from './subtypes.js';
import { CREATURE_TYPES } from '../core/subtypes.js';
import { pairedPartner } from './pairing.js';
import { additive, idempotent, modsKey, overwrites, timesMod } from './repeats.js';
import type { GameObject, LayerMod, ObjId, PlayerId } from '../state/state.js';
import { keptPer } from '../util/memo.js';
import { AllBut, Cover, idsOf, type Objects } from './cover.js';



/** A continuous effect as the layer system sees it, from a static ability or a stored effect. */
interface LayerEffect {
  id: string;
  timestamp: number;
  source: ObjId;
  sourceName: string;
  controller: PlayerId;
  mods: LayerMod[];
  /**
   * Power and toughness computed as the effect applies: a characteristic-defining ability (604.3,
   * layer 7a), or the same text given by another effect, which is no CDA (604.3a) and applies in 7b.
   */
  pt?: { def: Extract<StaticDef, { kind: 'cda_pt' }>; obj: GameObject; cda: boolean };
  /** "+1/+1 for each ...": the layer-7c change is multiplied by this amount, read as it applies. */
  forEach?: { amount: Amount; obj: GameObject };
  /** A characteristic-defining ability: it applies before other effects of its layer (613.3). */
  cda?: boolean;
  /** The static ability generating it: the effect exists only while its source has it (613.8a). */
  abilityKey?: string;
  /**
   * The parts of one ability's effect (Humility: abilities in layer 6, P/T in 7b) share this key: once
   * one part began to apply, the others keep applying to the same set of objects (613.6).
   */
  group?: { effect: string; set: string };
  /** "You control ...": the player is its source's controller as the effect applies in layer 2. */
  toSourceController?: boolean;
  /** A fixed set (611.2c), or the affected objects to find when it first applies (611.3a). */
  fixed?: ObjId[];
  /** The objects it applies to now, among `candidates` (default: every object the filter could match). */
  find?: (cur: CharsView, candidates?: Iterable<ObjId>) => ObjId[];
  /** The filter `find` matches objects against, when it is one (not "self", "enchanted", "equipped"). */
  filter?: Filter;
  /** "As long as ...": the effect exists only while this holds, judged on the characteristics so far. */
  holds?: (cur: CharsView) => boolean;
  rule: string;
}

/**
 * An effect with every field of LayerEffect, in one order, those it lacks undefined: effects then
 * share one shape, and reading their fields in the hot loops of the layers stays fast (effects made
 * with fields of their own, in their own order, would each have a shape of its own).
 */
function shaped(e: LayerEffect): LayerEffect {
  return {
    id: e.id, timestamp: e.timestamp, source: e.source, sourceName: e.sourceName, controller: e.controller, mods: e.mods,
    pt: e.pt, forEach: e.forEach, cda: e.cda, abilityKey: e.abilityKey, group: e.group, toSourceController: e.toSourceController,
    fixed: e.fixed, find: e.find, filter: e.filter, holds: e.holds, rule: e.rule,
  };
}

export interface LayerStep {
  layer: string;
  effect: string;
  source: string;
  timestamp: number;
  result: string;
  /** Why the step is where it is: its layer, then timestamp order, a characteristic-defining ability, or a dependency. */
  why: string;
}

/** The rule of each layer and sublayer (613.1, 613.4). */
const LAYER_RULE: Record<string, string> = {
  '1': '613.1a', '2': '613.1b', '3': '613.1c', '4': '613.1d', '5': '613.1e', '6': '613.1f', '7a': '613.4a', '7b': '613.4b', '7c': '613.4c', '7d': '613.4d',
};

/** An effect named for an explanation: its source and timestamp. */
function named(e: LayerEffect): string {
  return `${e.sourceName}'s effect (timestamp ${e.timestamp})`;
}

const LAYERS: LayerMod['layer'][] = ['2', '3', '4', '5', '6', '7a', '7b', '7c', '7d'];

/** Characteristics to read: those computed so far, or a trial application over them. */
export type CharsView = Pick<ReadonlyMap<ObjId, Chars>, 'get'>;

/** Computes every object's characteristics (613.1). */
export function computeAll(g: Game, explainFor?: ObjId, steps?: LayerStep[]): Map<ObjId, Chars> {
  // read by their keys: faster than for-in or Object.values over a table of this size (same order)
  const objects = g.state.objects;
  const ids = Object.keys(objects);
  const all = new Array<GameObject>(ids.length);
  for (let i = 0; i < ids.length; i++) all[i] = objects[ids[i]!]!;
  return derive(g, all, explainFor, steps);
}

/**
 * An object's name once every continuous effect is applied, when that is the name in its copiable
 * values (707.2, copy effects and face-down status included): no stored effect sets a name (no static
 * ability makes a layer-3 effect, see staticLayerEffect). Undefined when one may: the caller then
 * computes the characteristics.
 */
export function nameOf(g: Game, id: ObjId): string | null | undefined {
  const o = g.state.objects[id];
  if (!o) return undefined;
  for (const e of effectsOf(g.state, 'layer')) for (const m of e.mods) if (m.kind === 'name') return undefined;
  // an ability on the stack has no characteristics of its own (derive gives it none)
  return o.ability ? null : copiableName(g, o);
}

/** An object's characteristics computed alone, and whether its own abilities could reach other objects. */
interface Alone { o: GameObject; inputs: unknown[]; chars: Chars | null }

/** Per state: each object's last characteristics computed alone, kept while its own inputs stay the same. */
const alone = perGame<object, Map<ObjId, Alone>>();
const scratch: unknown[] = [];

function aloneOf(g: Game, o: GameObject, known: Map<ObjId, Alone>): Alone {
  const inputs = ownInputs(o, scratch);
  const hit = known.get(o.id);
  if (hit && hit.o === o && inputs.every((x, i) => x === hit.inputs[i])) return hit;
  const reaches = !o.ability && copiableAbilities(g, o).some((a) => {
    const reach = reachOf(a);
    return reach === 'anywhere' || (reach === 'where_statics_work' && staticsWork(o));
  });
  // an object whose abilities reach others is never computed alone: the game isn't quiet
  const entry = { o, inputs: [...inputs], chars: reaches ? null : derive(g, [o]).get(o.id)! };
  known.set(o.id, entry);
  return entry;
}

/**
 * The characteristics of every object when the game is quiet: no stored effect of the layers, and no
 * object whose own abilities reach others (a static ability of the layers where statics work, a
 * characteristic-defining ability setting power and toughness, which may count other objects). Then
 * each object's characteristics are its own (copiable values, counters, devoid, changeling, dash, the
 * abilities of basic land types), the same computed alone as with every other object, and are kept
 * from one computation to the next while the object's own inputs stay the same. Undefined when the
 * game isn't quiet.
 */
export function quietChars(g: Game, hint?: CharsHint): Pick<Map<ObjId, Chars>, 'get'> | undefined {
  if (effectsOf(g.state, 'layer').length) return undefined;
  const kept = alone(g);
  let known = kept.get(g.state);
  if (!known) kept.set(g.state, (known = new Map()));
  const objects = g.state.objects;
  // a board that wasn't quiet most often still isn't, for the same object: looked at first
  const last = reacher(g).get(g.state);
  if (last && objects[last] && !aloneOf(g, objects[last], known).chars) return undefined;
  const view = hint && mark(hint.base)[QUIET] ? overView(g, hint, known) : undefined;
  if (view !== undefined) return view ?? undefined;
  return wholeQuiet(g, known);
}

/** Per state: the last whole result of quietChars, given again while every object's entry is the same. */
const lastWhole = perGame<object, Map<ObjId, Chars>>();

/** Every object looked at: undefined when one reaches others, else each one's own characteristics. */
function wholeQuiet(g: Game, known: Map<ObjId, Alone>): Map<ObjId, Chars> | undefined {
  const objects = g.state.objects;
  const last = lastWhole(g).get(g.state);
  const walkIds: ObjId[] = [];
  const walkChars: Chars[] = [];
  let n = 0;
  let same = !!last;
  for (const id in objects) {
    const chars = aloneOf(g, objects[id]!, known).chars;
    if (!chars) {
      reacher(g).set(g.state, id);
      return undefined;
    }
    if (same && last!.get(id) !== chars) same = false;
    walkIds[n] = id;
    walkChars[n++] = chars;
  }
  if (same && n === last!.size) return last;
  const out = new Map<ObjId, Chars>();
  for (let i = 0; i < n; i++) out.set(walkIds[i]!, walkChars[i]!);
  // objects gone since: forgotten once they are as many as the objects there are
  if (known.size > 2 * out.size + 64) for (const id of known.keys()) if (!objects[id]) known.delete(id);
  mark(out)[QUIET] = true;
  lastWhole(g).set(g.state, out);
  return out;
}

/**
 * Marks on a set of characteristics (a computation's map, a view), read where it comes back as a
 * hint's base: QUIET, quietChars gave it (every object's its own); TURN_BLIND, its effects read
 * nothing the turn-structure events change (see turnBlind). A property of the set itself: a WeakSet
 * of them cost more than the lookups it answers, a new entry per computation for the collector.
 */
const QUIET = Symbol('quiet');
const TURN_BLIND = Symbol('turn-blind');
const mark = (set: object) => set as { [QUIET]?: true; [TURN_BLIND]?: true };
/** A view quietChars gave over a whole computation (its root): the objects looked at again since. */
class OverView {
  readonly [QUIET] = true;
  constructor(readonly root: Pick<Map<ObjId, Chars>, 'get'>, readonly over: Map<ObjId, Chars | undefined>) {}
  get(id: ObjId): Chars | undefined {
    return this.over.has(id) ? this.over.get(id) : this.root.get(id);
  }
}
/** How many objects a view looks at again before a whole computation is cheaper. */
const OVER_LIMIT = 64;

/**
 * The same state as a quiet one known (`hint.base`), but for some objects: only those are looked at
 * again, over the whole computation the base was made from. Null when one of them reaches others (the
 * game isn't quiet), undefined when too many changed for a view to pay.
 */
function overView(g: Game, hint: CharsHint, known: Map<ObjId, Alone>): Pick<Map<ObjId, Chars>, 'get'> | null | undefined {
  const prev = hint.base instanceof OverView ? hint.base : undefined;
  const root = prev?.root ?? hint.base;
  let over: Map<ObjId, Chars | undefined> | undefined;
  for (const id of hint.changed) {
    const o = g.state.objects[id];
    const chars = o ? aloneOf(g, o, known).chars : undefined;
    if (chars === null) return null;
    // an object whose own characteristics came out the same needs no entry of its own
    if (chars === hint.base.get(id)) continue;
    (over ??= new Map(prev?.over)).set(id, chars);
  }
  if (!over) return hint.base;
  if (over.size > OVER_LIMIT) return undefined;
  return new OverView(root, over);
}
/** Per state: the object last found whose abilities reach others. */
const reacher = perGame<object, ObjId>();

/** Where an ability's static effects of the layers work: a P/T-setting CDA anywhere (604.3), others where statics work. */
const reachOf = keptPer((a: Ability): 'anywhere' | 'where_statics_work' | 'none' => {
  const defs = staticDefs([a]).map((x) => x.def);
  // a static that works in a graveyard (113.6b) reaches others from there too
  return defs.some((d) => d.kind === 'cda_pt' || (LAYER_STATICS.has(d.kind) && worksInGraveyard(d.condition))) ? 'anywhere' : defs.some((d) => LAYER_STATICS.has(d.kind)) ? 'where_statics_work' : 'none';
});

/** The characteristics of `objects`, all continuous effects applied (613.1); every object when it is all of them. */
function derive(g: Game, objects: GameObject[], explainFor?: ObjId, steps?: LayerStep[]): Map<ObjId, Chars> {
  const cur = new Map<ObjId, Chars>();
  // each object's characteristics also in a list beside `objects`: the passes over every object read
  // both in order, without looking an id up (on a board of thousands, lookups that miss the CPU's caches)
  const chars = new Array<Chars>(objects.length);
  const s = g.state;
  for (let i = 0; i < objects.length; i++) {
    const o = objects[i]!;
    let c: Chars;
    if (o.ability) c = { ...FACE_DOWN, types: [], power: null, toughness: null, name: null, controller: o.ability.controller };
    else {
      // a new object for each call, the controller added in place; its lists are shared (copiableChars)
      c = copiableChars(g, o) as Chars;
      c.controller = o.controller;
    }
    chars[i] = c;
    cur.set(o.id, c);
  }
  if (explainFor && steps) {
    const o = s.objects[explainFor]!;
    const copy = o.faceDown ? undefined : activeCopy(g, o);
    const effect = o.faceDown ? 'face down (708.2)' : copy ? `copy of ${copy.from} (707.2)` : 'copiable values';
    steps.push({ layer: '1', effect, source: '', timestamp: 0, result: describeChars(cur.get(explainFor)!), why: o.faceDown ? '708.2' : copy ? '613.1a, 707.2' : '613.1a: the values printed on the card, before any effect' });
  }
  let effects = collectEffects(g, objects, chars);
  let blind = !steps && !tappedDurations(g) && effects.every(turnBlind);
  if (!effects.length && !steps) {
    // nothing to order: only what each object does to itself (305.6, 613.4c)
    addIntrinsicLandAbilities(cur);
    applyCounters(objects, chars);
    return marked(finish(cur, objects, chars), blind);
  }
  const d = new Derivation(g, cur, explainFor, steps);
  let layers = byLayer(effects);
  for (const layer of LAYERS) {
    if (layer === '7a') {
      // abilities may have been removed or granted in layer 6: statics are collected again, and an
      // effect that already began to apply keeps applying (613.6)
      const fresh = collectEffects(g, objects, chars, d.grantedAt);
      blind &&= fresh.every(turnBlind);
      const ids = new Set(fresh.map((f) => f.id));
      effects = [...fresh, ...effects.filter((e) => d.began(e) && !ids.has(e.id))];
      layers = byLayer(effects);
    }
    d.runLayer(layer, layers.get(layer) ?? []);
    if (layer === '4') addIntrinsicLandAbilities(cur);
    if (layer === '7c') applyCounters(objects, chars, explainFor, steps);
  }
  return marked(finish(cur, objects, chars), blind);
}

/** A computation, marked TURN_BLIND when its effects read nothing the turn-structure and record events change (game.ts, NO_OBJECT and NEUTRAL). */
function marked(cur: Map<ObjId, Chars>, blind: boolean): Map<ObjId, Chars> {
  if (blind) mark(cur)[TURN_BLIND] = true;
  return cur;
}

/**
 * Whether what an effect does and to what is decided without the turn, the step, combat, tapped
 * status, this turn's events, life totals or marked damage: no "as long as" condition, no amount
 * counted as it applies ("for each", a characteristic-defining P/T), no filter reading them.
 */
function turnBlind(e: LayerEffect): boolean {
  return !e.holds && !e.forEach && !e.pt && (!e.filter || !readsTurn(e.filter));
}

/** Whether a stored effect lasts only while its source is tapped (611.2b): tapping starts or ends it. */
function tappedDurations(g: Game): boolean {
  for (const e of effectsOf(g.state, 'layer')) if (e.duration.kind === 'while_source_tapped' || e.duration.kind === 'while_source_controlled_and_tapped') return true;
  return false;
}

/**
 * The characteristics known, when the state differs from theirs only by events that change no object's
 * own inputs (the turn structure, combat, tapped status, life, damage, the log: `hint.turnOnly`) and
 * their computation read none of those: the same then. Undefined otherwise.
 */
export function keptThroughTurn(hint?: CharsHint): Pick<Map<ObjId, Chars>, 'get'> | undefined {
  return hint?.turnOnly && mark(hint.base)[TURN_BLIND] ? hint.base : undefined;
}

/**
 * A permanent that isn't a creature has no power or toughness (208.3); a planeswalker's loyalty is the
 * number of its loyalty counters. `objects` and `chars` are parallel (see derive).
 */
function finish(cur: Map<ObjId, Chars>, objects: readonly GameObject[], chars: readonly Chars[]): Map<ObjId, Chars> {
  for (let i = 0; i < objects.length; i++) {
    const o = objects[i]!;
    if (o.zone !== 'battlefield') continue;
    const c = chars[i]!;
    if (!c.types.includes('creature')) { c.power = null; c.toughness = null; }
    if (c.types.includes('planeswalker')) c.loyalty = o.counters.loyalty ?? 0;
  }
  return cur;
}

/** +X/+Y and -X/-Y counters (122.1a: +1/+1, -1/-1, +2/+2, -0/-1 ...), in layer 7c after the effects (613.4c). */
function applyCounters(objects: readonly GameObject[], chars: readonly Chars[], explainFor?: ObjId, steps?: LayerStep[]): void {
  for (let i = 0; i < objects.length; i++) {
    const c = chars[i]!;
    if (c.power !== null && hasPtCounter(objects[i]!.counters)) countersOn(objects[i]!, c, explainFor, steps);
  }
}

/** The P/T counters on one object, added to its power and toughness. */
function countersOn(o: GameObject, c: Chars, explainFor?: ObjId, steps?: LayerStep[]): void {
  const kinds = Object.entries(o.counters).filter(([k, n]) => n > 0 && PT_COUNTER.test(k));
  if (kinds.length === 0 || c.power === null || c.toughness === null) return;
  for (const [k, n] of kinds) {
    const [, p, t] = PT_COUNTER.exec(k)!;
    c.power += Number(p) * n;
    c.toughness += Number(t) * n;
  }
  if (explainFor === o.id && steps) steps.push({ layer: '7c', effect: `counters (${kinds.map(([k, n]) => `${k} x${n}`).join(' ')})`, source: 'counters', timestamp: 0, result: describeChars(c), why: '613.4c: counters apply with the effects that modify power and toughness' });
}

/** Whether any counter's kind starts with a sign, as every P/T counter's does (checked without building lists). */
function hasPtCounter(counters: Record<string, number>): boolean {
  for (const k in counters) {
    const first = k.charCodeAt(0);
    if ((first === 43 || first === 45) && counters[k]! > 0) return true;
  }
  return false;
}

/** A counter that changes power and toughness: "+1/+1", "-0/-1", "+2/+2" (122.1a). */
const PT_COUNTER = /^([+-]\d+)\/([+-]\d+)$/;

/** Empties a map or set; clear() makes a fresh table even when empty, so an empty one is left alone. */
function emptied(m: { size: number; clear(): void }): void {
  if (m.size > 0) m.clear();
}

/** For each layer, the effects with a modification in it, in their order (one pass over the effects). */
function byLayer(effects: readonly LayerEffect[]): Map<LayerMod['layer'], LayerEffect[]> {
  const out = new Map<LayerMod['layer'], LayerEffect[]>();
  for (const e of effects) {
    const mods = e.mods;
    for (let i = 0; i < mods.length; i++) {
      const layer = mods[i]!.layer;
      // an effect is listed once in each of its layers
      if (firstInLayer(mods, layer) !== i) continue;
      const list = out.get(layer);
      if (list) list.push(e);
      else out.set(layer, [e]);
    }
  }
  return out;
}

/** The index of the first modification in the layer (a loop: a callback would be made for each). */
function firstInLayer(mods: readonly LayerMod[], layer: string): number {
  for (let i = 0; i < mods.length; i++) if (mods[i]!.layer === layer) return i;
  return -1;
}

/** Whether an effect exists: its source still has its ability, and its "as long as" holds (613.8a). */
function exists(e: LayerEffect, chars: CharsView): boolean {
  return (!e.abilityKey || !!chars.get(e.source)?.abilities.some((a) => a.key === e.abilityKey)) && (!e.holds || e.holds(chars));
}

function lockKey(e: LayerEffect): string {
  return e.group?.set ?? e.id;
}

/** The keys that more than one of the effects has (parts of one effect, or on one set). */
function sharedKeys(effects: readonly LayerEffect[], key: (e: LayerEffect) => string): ReadonlySet<string> {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const e of effects) {
    const k = key(e);
    if (seen.has(k)) twice.add(k);
    else seen.add(k);
  }
  return twice;
}

/** What decides whether an effect exists, and what it applies to. */
function readsOf(e: LayerEffect): { exists: Footprint; find: Footprint } {
  const exists = footprint([...e.abilityKey ? ['abilities'] : [], ...e.holds ? [EVERYTHING] : [], ...e.toSourceController ? ['controller'] : []]);
  return { exists, find: e.filter && !e.fixed ? readsOfFilter(e.filter) : footprint([]) };
}

/** What each effect reads (readsOf): a function of the effect alone, which is never changed once made. */
const effectReads = new WeakMap<LayerEffect, { exists: Footprint; find: Footprint }>();

/**
 * One computation of characteristics as it goes through the layers: the effects that began to apply
 * (613.6), the sets of objects they locked, and the timestamps of granted abilities (613.7a).
 *
 * 613.8: within a layer an effect waits for the effects it depends on, loops fall back to timestamp
 * order, and the order is worked out again after each effect. An effect A depends on B when applying
 * B would change whether A exists or what it applies to; that is found by applying B for a trial.
 * The trial is run only when what B changes meets what A reads (footprints.ts), only over the
 * objects B affects, and only as far as the question needs (A's source, or B's objects one by one).
 */
class Derivation {
  readonly started = new Set<string>();
  readonly grantedAt = new Map<string, number>();
  private readonly locked = new Map<string, Objects>();
  private layer: LayerMod['layer'] = '2';
  /** For an explanation: why the effect being applied applies now. */
  private why = '';
  /** What each pending effect changes in this layer. */
  private writes = new Map<LayerEffect, Footprint>();
  /** The objects an effect would apply to now, kept until something its filter reads changes. */
  private found = new Map<LayerEffect, Objects>();
  /** The objects matching a filter for a controller, for filters that don't look at their source (or only to leave it out). */
  private shared = new Map<Filter, Map<PlayerId | '', ObjId[]>>();
  /** Trial applications on the characteristics as they are now. */
  private trials = new Map<LayerEffect, Trial>();
  /** Whether each effect exists on the characteristics as they are now, kept while nothing changes. */
  private existing = new Map<LayerEffect, boolean>();
  /** Whether applying each effect now would change nothing (inert), kept while nothing changes. */
  private inertNow = new Map<LayerEffect | string, boolean>();
  /** For near twins (twinKey): up to two objects of their list their change would change, kept while nothing changes. */
  private changing = new Map<string, ObjId[]>();
  /** For twins asking (twinKey): whether each trial changes what they apply to (findChanges), kept with the trials. */
  private findChanged = new Map<string, Map<LayerEffect, boolean>>();
  /**
   * What each pending effect was last found to wait for (null: nothing), and the twin keys: kept
   * while no characteristic changes and no lock is taken that another pending effect shares.
   */
  private blockers = new Map<LayerEffect, LayerEffect | null>();
  private twins = new Map<LayerEffect, string | undefined>();
  /** Whether the twin keys are to be forgotten with the next change (forgetTwins). */
  private twinsStale = false;
  /** The lock keys that more than one of this layer's effects has. */
  private sharedLocks: ReadonlySet<string> = new Set();
  /** The effects some pending effect was found to wait for (blockers), and how many of the first pending effects wait. */
  private awaited = new Set<LayerEffect>();
  private waiting = 0;
  /** Each group of suspects (suspects), split into twins (twinsAmong). */
  private twinSets = new Map<LayerEffect[], Twins[]>();
  private sets = new WeakMap<readonly ObjId[], ReadonlySet<ObjId>>();
  private readonly byType: TypeIndex;
  /**
   * The objects the effects applied in this layer changed, in order: the first `changed` entries of
   * one list, which keeps its room from one layer to the next.
   */
  private readonly changes: ObjId[] = [];
  private changed = 0;
  /**
   * For each idempotent modification (repeats.ts): the objects it applied to in this layer that
   * haven't changed since, as of `at` entries of `changes`, and the set it was last given.
   */
  private applied = new Map<string, { cover: Cover; at: number }>();
  /** Whether "what it does" of any effect of this layer is read from the board ("for each", counted P/T): copies then keep their turns. */
  private counting = false;
  /** Effects whose work a later copy of them undoes and redoes (overwrittenCopies). */
  private overwritten: ReadonlySet<LayerEffect> = new Set();

  constructor(private readonly g: Game, private readonly cur: Map<ObjId, Chars>, private readonly explainFor?: ObjId, private readonly steps?: LayerStep[]) {
    this.byType = new TypeIndex(g, cur);
  }

  /** Whether the effect, or another part of the same ability's effect, already began to apply (613.6). */
  began(e: LayerEffect): boolean {
    return this.started.has(e.id) || (!!e.group && this.started.has(e.group.effect));
  }

  /** Applies the effects with a modification in the layer (`effects`, in their order: sorted here in place). */
  runLayer(layer: LayerMod['layer'], effects: LayerEffect[]): void {
    this.layer = layer;
    emptied(this.found);
    emptied(this.shared);
    this.forget();
    this.forgetTwins();
    const pending = effects.sort((a, b) => (!!a.cda === !!b.cda ? a.timestamp - b.timestamp : a.cda ? -1 : 1));
    // no effect in this layer: nothing to order or apply
    if (pending.length === 0) return;
    this.writes = new Map();
    for (const e of pending) this.writes.set(e, writesIn(e.mods, layer));
    this.changed = 0;
    emptied(this.applied);
    this.counting = pending.some((e) => e.pt || e.forEach);
    const suspects = this.suspects(pending);
    this.overwritten = this.explainFor || [...suspects.values()].some((s) => s.length) ? new Set() : this.overwrittenCopies(pending);
    const left = new Set(pending);
    const sharedLocks = (this.sharedLocks = sharedKeys(pending, lockKey));
    const sharedGroups = sharedKeys(pending, (e) => e.group?.effect ?? e.id);
    const { cur, explainFor, steps } = this;
    /** The effects an effect waited for (613.8a), to tell when it applies. */
    const waitedFor = new Map<string, LayerEffect[]>();
    while (pending.length > 0) {
      let i = this.firstReady(pending, suspects, left);
      const loop = i < 0;
      if (i < 0) i = this.waiting = 0;
      if (explainFor && steps) this.why = orderReason(layer, pending, i, loop, (a, b) => this.dependency(a, b), waitedFor);
      const e = pending.splice(i, 1)[0]!;
      left.delete(e);
      if (this.awaited.has(e)) this.waiting = 0;
      // an effect whose ability is gone by now doesn't apply, unless it already began to (613.6)
      if (!this.began(e) && !this.existsNow(e)) {
        if (explainFor && steps && (e.fixed ?? []).includes(explainFor)) steps.push({ layer, effect: 'no longer exists', source: e.sourceName, timestamp: e.timestamp, result: describeChars(cur.get(explainFor)!), why: '613.8a: the ability that generates it is gone' });
        else if (explainFor === e.source && steps && e.holds && !e.holds(cur)) steps.push({ layer, effect: 'not applied: its "as long as" condition is false', source: e.sourceName, timestamp: e.timestamp, result: describeChars(cur.get(explainFor)!), why: '611.3a' });
        continue;
      }
      const copies = loop || explainFor ? [] : this.additiveCopies(e, pending);
      for (const x of [e, ...copies]) {
        this.started.add(x.id);
        if (x.group) this.started.add(x.group.effect);
        left.delete(x);
      }
      if (copies.length) pending.splice(0, pending.length, ...pending.filter((x) => left.has(x)));
      // another part of the same effect no longer waits once this one began (613.6)
      if (copies.length || (e.group && sharedGroups.has(e.group.effect))) this.waiting = 0;
      // a set locked for another part of the same effect changes what that part applies to
      if (e.group && sharedLocks.has(lockKey(e)) && pending.some((x) => lockKey(x) === lockKey(e))) {
        this.forget();
        this.forgetTwins();
      }
      this.apply(e, copies);
    }
  }

  /**
   * The pending copies of a "+N/+N" effect that may apply with it as one change (repeats.ts): same
   * change, same objects, and nothing in the layer that could make the order matter (no effect
   * reading what these change to exist or find its objects, none whose change is counted).
   */
  private additiveCopies(e: LayerEffect, pending: LayerEffect[]): LayerEffect[] {
    const mods = e.mods.filter((m) => m.layer === this.layer);
    if (pending.length === 0 || this.counting || e.holds || !additive(mods)) return [];
    const r = this.readsOf(e);
    const writes = this.writes.get(e)!;
    if ([e, ...pending].some((b) => meets(r.exists, this.writes.get(b)!) || meets(r.find, this.writes.get(b)!) || meets(this.readsOf(b).exists, writes))) return [];
    const key = this.modsKey(e);
    const affected = this.affectedOf(e);
    return pending.filter((b) => !b.holds && !b.pt && !b.forEach && !this.began(b) && this.modsKey(b) === key && this.affectedOf(b) === affected && this.existsNow(b));
  }

  /**
   * In a layer where no effect reads what another changes (no suspects: the order is timestamp
   * order, and every effect's objects and existence stay as they are), the effects that overwrite
   * what they change and have a later copy applying the same change to the same objects.
   */
  private overwrittenCopies(pending: LayerEffect[]): Set<LayerEffect> {
    const out = new Set<LayerEffect>();
    /** For each change: the objects later copies of it apply to, and the sets they were given as. */
    const later = new Map<string, Cover>();
    for (let i = pending.length - 1; i >= 0; i--) {
      const e = pending[i]!;
      if (e.pt || e.forEach || !overwrites(e.mods.filter((m) => m.layer === this.layer)) || (!this.began(e) && !this.existsNow(e))) continue;
      const key = this.repeatKey(e)!;
      const affected = this.objectsOf(e);
      let seen = later.get(key);
      if (!seen) later.set(key, (seen = new Cover()));
      if (seen.covers(affected)) { out.add(e); continue; }
      seen.add(affected);
    }
    return out;
  }

  private modsKey(e: LayerEffect): string {
    return keyIn(e.mods, this.layer).key;
  }

  private readsOf(e: LayerEffect): { exists: Footprint; find: Footprint } {
    let r = effectReads.get(e);
    if (!r) effectReads.set(e, (r = readsOf(e)));
    return r;
  }

  /** For each pending effect, the groups of others whose changes meet what it reads: only they can be depended on. */
  private suspects(pending: LayerEffect[]): Map<LayerEffect, LayerEffect[][]> {
    // footprints are interned: one object for each set of marks
    const groups = [new Map<Footprint, LayerEffect[]>(), new Map<Footprint, LayerEffect[]>()];
    for (const b of pending) {
      const writes = this.writes.get(b)!;
      const byWrites = groups[b.cda ? 1 : 0]!;
      const members = byWrites.get(writes);
      if (members) members.push(b);
      else byWrites.set(writes, [b]);
    }
    const out = new Map<LayerEffect, LayerEffect[][]>();
    // effects reading the same (footprints are interned) have the same suspects: one list for them
    const byReads = [new Map<Footprint, Map<Footprint, LayerEffect[][]>>(), new Map<Footprint, Map<Footprint, LayerEffect[][]>>()];
    for (const a of pending) {
      const r = this.readsOf(a);
      const byExists = byReads[a.cda ? 1 : 0]!;
      let byFind = byExists.get(r.exists);
      if (!byFind) byExists.set(r.exists, (byFind = new Map()));
      let found = byFind.get(r.find);
      if (!found) {
        found = [];
        groups[a.cda ? 1 : 0]!.forEach((members, writes) => { if (meets(r.exists, writes) || meets(r.find, writes)) found!.push(members); });
        byFind.set(r.find, found);
      }
      out.set(a, found);
    }
    return out;
  }

  /**
   * The index of the first pending effect that waits for no other (613.8a), or -1 when each waits
   * (a loop, 613.8b). The first `waiting` ones are known to wait, and are passed over.
   */
  private firstReady(pending: LayerEffect[], suspects: Map<LayerEffect, LayerEffect[][]>, left: ReadonlySet<LayerEffect>): number {
    if (pending.length === 1) return 0;
    for (let i = this.waiting; i < pending.length; i++) {
      const a = pending[i]!;
      if (!this.waits(a, suspects.get(a)!, left)) return (this.waiting = i);
    }
    return -1;
  }

  /** Whether `a` depends on another pending effect (613.8a); of twins (twinKey), one is asked. */
  private waits(a: LayerEffect, suspects: LayerEffect[][], left: ReadonlySet<LayerEffect>): boolean {
    if (this.began(a)) return false;
    const known = this.blockers.get(a);
    if (known === null) return false;
    if (known && left.has(known)) return true;
    for (const members of suspects) {
      for (const twins of this.twinsAmong(members, left)) {
        const b = this.blockerAmong(a, twins, left);
        if (b) {
          this.blockers.set(a, b);
          this.awaited.add(b);
          return true;
        }
      }
    }
    this.blockers.set(a, null);
    return false;
  }

  /** The first of the twins that `a` depends on, asking one of them, or of near twins (twinKey) as few as settle it. */
  private blockerAmong(a: LayerEffect, t: Twins, left: ReadonlySet<LayerEffect>): LayerEffect | undefined {
    const first = firstPending(t, a, left);
    if (!first || !t.near) return first && this.dependency(a, first) !== null ? first : undefined;
    // an "as long as" may count the objects changed, a filter may read other objects: each is asked
    const all = !!a.holds || (!!a.filter && readsOthers(a.filter));
    let asked: ObjId | undefined;
    for (let i = t.members.indexOf(first); i < t.members.length; i++) {
      const b = t.members[i]!;
      if (b === a || !left.has(b)) continue;
      if (this.dependency(a, b) !== null) return b;
      if (all) continue;
      // two with different sources changing nothing for `a`: none does (see twinKey)
      if (asked !== undefined && asked !== b.source) return undefined;
      asked = b.source;
    }
    return undefined;
  }

  /**
   * The pending members of a group of suspects, as sets of twins (twinKey) in the order of their
   * first member; an effect without a twin key is a set of its own. Kept while the twin keys are.
   */
  private twinsAmong(members: LayerEffect[], left: ReadonlySet<LayerEffect>): Twins[] {
    let out = this.twinSets.get(members);
    if (out) return out;
    const byKey = new Map<string, Twins>();
    out = [];
    for (const b of members) {
      if (!left.has(b)) continue;
      const k = this.twinKey(b);
      let t = k === undefined ? undefined : byKey.get(k);
      if (!t) {
        out.push((t = { members: [], next: 0, near: k !== undefined && isNear(k) }));
        if (k !== undefined) byKey.set(k, t);
      }
      t.members.push(b);
    }
    this.twinSets.set(members, out);
    return out;
  }

  /**
   * Effects with the same key are twins: the same change to the same objects, whatever their sources
   * (copies of one card under one controller, or sets already locked), so another effect depends on
   * all of them or none. Undefined for an effect whose objects or change depend on its source.
   *
   * Near twins ("each other ...": the same change to one list, each leaving its own source out) are
   * told by their key (isNear). Whether `a` depends on one of them, `b`, is then whether applying the
   * change to some object of the list other than b's source changes whether `a` exists or what it
   * finds, each object judged by itself (the change touches no controller, and `a` reads no other
   * object for it, see blockerAmong): if it is so for none of two with different sources, it is so
   * for none.
   */
  private twinKey(b: LayerEffect): string | undefined {
    if (this.twins.has(b)) return this.twins.get(b);
    const k = this.twinKeyNow(b);
    this.twins.set(b, k);
    return k;
  }

  private twinKeyNow(b: LayerEffect): string | undefined {
    if (b.pt || b.forEach || b.fixed || b.toSourceController || b.cda) return undefined;
    const locked = this.locked.get(lockKey(b));
    if (locked) return `${this.modsKey(b)}|locked ${idOf(locked)}`;
    const share = b.filter ? sharing(b.filter) : 'none';
    if (share === 'none' || (share === 'other' && !this.nearTwinnable(b))) return undefined;
    return `${share === 'other' ? NEAR : ''}${this.modsKey(b)}|${idOf(b.filter!)} ${this.cur.get(b.source)!.controller}`;
  }

  /** Whether an "each other" effect may have near twins: its change here touches no controller (twinKey). */
  private nearTwinnable(b: LayerEffect): boolean {
    const writes = this.writes.get(b)!;
    return !writes.has('controller') && !writes.has(EVERYTHING);
  }

  /** 613.8a: applying `b` would change whether `a` exists or what it applies to (what changes), or null. */
  dependency(a: LayerEffect, b: LayerEffect): string | null {
    if (!!a.cda !== !!b.cda || this.began(a) || this.inert(b)) return null;
    const { cur } = this;
    const writes = this.writes.get(b)!;
    const onSource = (): boolean => this.appliesTo(b, a.source);
    if (a.holds || (a.abilityKey && writes.has('abilities') && onSource())) {
      if (this.existsNow(a) !== exists(a, this.trial(b))) return `whether ${a.sourceName}'s exists`;
    }
    // what it does: the player a "you control" effect gives control to
    const controlOfSource = writes.has('controller') && onSource();
    if (a.toSourceController && controlOfSource && cur.get(a.source)?.controller !== this.trial(b).get(a.source)?.controller) return `the player ${a.sourceName}'s gives control to`;
    if (this.locked.has(lockKey(a)) || a.fixed || !a.filter || !meets(this.readsOf(a).find, writes)) return null;
    const trial = this.trial(b);
    const changesSet = `what ${a.sourceName}'s applies to`;
    // "you" changed: every object may match differently
    if (controlOfSource) return a.find!(cur).join() !== a.find!(trial).join() ? changesSet : null;
    return this.findChanges(a, b, trial) ? changesSet : null;
  }

  /**
   * Whether the trial of `b` changes whether some object `b` affects is one `a` applies to. Twins of
   * `a` (twinKey) whose filter reads nothing of their source get the same answer: it is kept for them.
   */
  private findChanges(a: LayerEffect, b: LayerEffect, trial: Trial): boolean {
    const key = this.twinKey(a);
    const kept = key !== undefined && !isNear(key) && !readsSource(a.filter!) ? key : undefined;
    let byB = kept === undefined ? undefined : this.findChanged.get(kept);
    const known = byB?.get(b);
    if (known !== undefined) return known;
    const { cur } = this;
    let r = false;
    for (const x of this.affectedOf(b)) {
      const now = cur.get(x);
      if (!now || trial.get(x) === now || !this.candidate(a.filter!, x)) continue;
      if (this.matches(a, x, cur) !== this.matches(a, x, trial)) { r = true; break; }
    }
    if (kept !== undefined) {
      if (!byB) this.findChanged.set(kept, (byB = new Map()));
      byB.set(b, r);
    }
    return r;
  }

  /** Whether an effect exists on the characteristics as they are now (exists), kept until they change. */
  private existsNow(e: LayerEffect): boolean {
    let r = this.existing.get(e);
    if (r === undefined) this.existing.set(e, (r = exists(e, this.cur)));
    return r;
  }

  /** Forgets what was worked out on the characteristics as they were. */
  private forget(): void {
    emptied(this.existing);
    emptied(this.trials);
    emptied(this.findChanged);
    emptied(this.inertNow);
    emptied(this.changing);
    emptied(this.blockers);
    emptied(this.awaited);
    this.waiting = 0;
    if (this.twinsStale) this.forgetTwins();
  }

  /**
   * Forgets the twin keys (twinKey). They are made of the set an effect locked and its source's
   * controller, so they are kept through changes of other characteristics, and forgotten when
   * control changes, or when a set is locked that a pending effect may share.
   */
  private forgetTwins(): void {
    emptied(this.twins);
    emptied(this.twinSets);
    this.twinsStale = false;
  }

  /** Whether applying `b` now would change nothing at all (then nothing can depend on it); the same for twins. */
  private inert(b: LayerEffect): boolean {
    const twin = this.twinKey(b);
    if (twin !== undefined && isNear(twin)) return this.nearInert(b, twin);
    const key = twin ?? b;
    let r = this.inertNow.get(key);
    if (r === undefined) {
      r = this.alreadyApplied(b) ?? b.mods.every((m0) => {
        if (m0.layer !== this.layer) return true;
        const m = this.modFor(b, m0, this.cur);
        return this.affectedOf(b).every((id) => { const c = this.cur.get(id); return !c || unchangedBy(m, c); });
      });
      this.inertNow.set(key, r);
    }
    return r;
  }

  /**
   * True when `b`'s modifications here are idempotent and were applied in this layer, by another
   * effect with the same ones, to every object `b` applies to, none changed since (notYetApplied):
   * applying them again changes nothing. Undefined otherwise (each object is then looked at).
   */
  private alreadyApplied(b: LayerEffect): true | undefined {
    const again = this.applied.size ? this.repeatKey(b) : undefined;
    return again !== undefined && this.applied.has(again) && this.notYetApplied(again, this.objectsOf(b)).length === 0 ? true : undefined;
  }

  /** inert for near twins: the objects of their list that would change are at most b's own source. */
  private nearInert(b: LayerEffect, key: string): boolean {
    let c = this.changing.get(key);
    if (!c) this.changing.set(key, (c = this.changingAmong(b, this.sharedFind(b, b.filter!))));
    return c.length === 0 || (c.length === 1 && c[0] === b.source);
  }

  /** Up to two objects of `ids` that the effect's modifications in this layer would change. */
  private changingAmong(b: LayerEffect, ids: readonly ObjId[]): ObjId[] {
    const mods = b.mods.filter((m) => m.layer === this.layer).map((m0) => this.modFor(b, m0, this.cur));
    const out: ObjId[] = [];
    for (const id of ids) {
      const c = this.cur.get(id);
      if (c && !mods.every((m) => unchangedBy(m, c)) && out.push(id) === 2) break;
    }
    return out;
  }

  /** Whether `x` is among the objects a filter looks at (candidatesFor). */
  private candidate(f: Filter, x: ObjId): boolean {
    if (f.terms.every((t) => t.kind === 'permanent' || t.kind === 'player')) {
      return this.byType.battlefield().has(x);
    }
    return !this.g.state.objects[x]?.ability;
  }

  /** Whether `x` is one of the objects `a` applies to, read on `view` (as `find` does). */
  private matches(a: LayerEffect, x: ObjId, view: CharsView): boolean {
    return matchesFilter(this.g, a.filter!, { obj: x }, { you: view.get(a.source)!.controller, source: a.source, charsOf: (y) => view.get(y)! });
  }

  /** The objects `e` applies to if it applied now: its locked set, its fixed set, or those it finds. */
  private affectedOf(e: LayerEffect): readonly ObjId[] {
    return idsOf(this.objectsOf(e));
  }

  /** The same (affectedOf), a list with its source left out kept as such (AllBut). */
  private objectsOf(e: LayerEffect): Objects {
    const locked = this.locked.get(lockKey(e));
    if (locked) return locked;
    if (e.fixed) return e.fixed;
    let ids = this.found.get(e);
    if (!ids) this.found.set(e, (ids = this.findNow(e)));
    return ids;
  }

  /** The objects `e` applies to now, the search shared with the effects of the same filter and controller. */
  private findNow(e: LayerEffect): Objects {
    const f = e.filter;
    const share = f ? sharing(f) : 'none';
    if (!f || share === 'none') return e.find!(this.cur, f && this.byType.candidates(f));
    const ids = this.sharedFind(e, f);
    return share === 'other' ? new AllBut(ids, e.source) : ids;
  }

  /** The objects matching a filter shared by its effects (sharing), for the controller of `e`'s source, "another" aside. */
  private sharedFind(e: LayerEffect, f: Filter): ObjId[] {
    const you = this.cur.get(e.source)!.controller;
    let byYou = this.shared.get(f);
    if (!byYou) this.shared.set(f, (byYou = new Map()));
    // a search that doesn't depend on "you" is made once for every player
    const who = youFree(f) ? '' : you;
    let ids = byYou.get(who);
    if (!ids) {
      const { g, cur } = this;
      const ctx = { you, charsOf: (x: ObjId) => cur.get(x)! };
      const exact = this.byType.exactly(f);
      if (exact) ids = controlledAs(exact, f.terms[0]!.controller, you, cur);
      else {
        ids = [];
        const thing = { obj: '' };
        for (const id of this.byType.candidates(f) ?? candidatesFor(g, f)) if (matchesFilter(g, f, ((thing.obj = id), thing), ctx)) ids.push(id);
      }
      byYou.set(who, ids);
    }
    return ids;
  }

  /** Whether `e` would apply to `x` now, without finding every object it applies to. */
  private appliesTo(e: LayerEffect, x: ObjId): boolean {
    if (this.locked.has(lockKey(e)) || e.fixed || this.found.has(e) || !e.filter) return this.within(this.objectsOf(e), x);
    return this.cur.has(x) && this.candidate(e.filter, x) && this.matches(e, x, this.cur);
  }

  /** Whether `x` is one of the objects, without making a list left out of another. */
  private within(list: Objects, x: ObjId): boolean {
    return list instanceof AllBut ? x !== list.except && this.setOf(list.base).has(x) : this.setOf(list).has(x);
  }

  private affectedSet(e: LayerEffect): ReadonlySet<ObjId> {
    return this.setOf(this.affectedOf(e));
  }

  private setOf(ids: readonly ObjId[]): ReadonlySet<ObjId> {
    let s = this.sets.get(ids);
    if (!s) this.sets.set(ids, (s = new Set(ids)));
    return s;
  }

  /** `b` applied for a trial on the characteristics as they are now. */
  private trial(b: LayerEffect): Trial {
    let t = this.trials.get(b);
    if (t) return t;
    const affected = this.affectedOf(b);
    const members = this.affectedSet(b);
    const mods = b.mods.filter((m) => m.layer === this.layer);
    t = new Trial(this.g, this.cur, members);
    // one modification over distinct objects can be applied object by object, as each is read
    if (mods.length === 1 && members.size === affected.length) t.lazily(this.modFor(b, mods[0]!, this.cur));
    else for (const m0 of mods) { const m = this.modFor(b, m0, t); for (const id of affected) t.applyTo(id, m); }
    this.trials.set(b, t);
    return t;
  }

  /** The modification as it applies now: "you control" names its source's controller, P/T amounts are counted. */
  private modFor(e: LayerEffect, m0: LayerMod, view: CharsView): LayerMod {
    const { g } = this;
    if (e.toSourceController && m0.kind === 'control') return { ...m0, player: view.get(e.source)?.controller ?? m0.player };
    if (e.pt) {
      const { def, obj } = e.pt;
      // a power-only characteristic-defining ability leaves the toughness as it is so far (604.3)
      const toughness = def.toughness !== undefined ? evalAmountStatic(g, def.toughness, obj, view) : (view.get(obj.id)?.toughness ?? 0);
      return { layer: this.layer as '7a' | '7b', kind: 'set_pt', power: evalAmountStatic(g, def.power, obj, view), toughness };
    }
    if (e.forEach && m0.kind === 'mod_pt') return timesEach(g, m0, e.forEach, view);
    return m0;
  }

  /**
   * Applies the part of an effect in this layer, its set of objects locked from now on (613.6), with
   * the copies applying with it (additiveCopies).
   */
  private apply(e: LayerEffect, copies: LayerEffect[] = []): void {
    const { g, cur, layer, explainFor, steps } = this;
    const key = lockKey(e);
    let affected = this.locked.get(key);
    if (!affected) this.locked.set(key, (affected = this.objectsOf(e)));
    for (const x of copies) {
      if (this.locked.has(lockKey(x))) continue;
      this.locked.set(lockKey(x), affected);
      if (this.sharedLocks.has(lockKey(x))) this.twinsStale = true;
    }
    if (this.overwritten.has(e)) return;
    const again = this.repeatKey(e);
    const targets = again === undefined ? idsOf(affected) : this.notYetApplied(again, affected);
    const before = this.changed;
    for (const m0 of e.mods) {
      if (m0.layer !== layer || targets.length === 0) continue;
      const m = timesMod(this.modFor(e, m0, cur), 1 + copies.length);
      for (const id of targets) {
        const c = cur.get(id);
        if (!c) continue;
        // a modification that would change nothing (another copy of the same effect did it) is passed over
        if (!unchangedBy(m, c)) {
          this.changes[this.changed++] = id;
          const types = c.types;
          applyMod(g, c, m, id);
          // a list that changes is replaced (applyMod): the one before is still as it was
          if (types !== c.types) this.byType.retype(id, types, c.types);
        }
        // 613.7a: an ability an effect gives has that effect's timestamp, if later than the object's
        if (m.kind === 'abilities' && m.add) for (const k of m.add) this.grantedAt.set(`${id}|${k}`, e.timestamp);
        if (explainFor === id && steps) steps.push({ layer, effect: describeMod(m), source: e.sourceName, timestamp: e.timestamp, result: describeChars(c), why: this.why });
      }
    }
    if (this.changed > before) this.changedBy(e);
    if (again !== undefined) this.remember(again, affected);
  }

  /** For an effect whose modifications here are idempotent (repeats.ts): what they are; undefined otherwise, or when explaining. */
  private repeatKey(e: LayerEffect): string | undefined {
    if (this.explainFor || e.pt || e.forEach) return undefined;
    if (!e.toSourceController) { const k = keyIn(e.mods, this.layer); return k.idempotent ? k.key : undefined; }
    const mods = e.mods.filter((m) => m.layer === this.layer).map((m0) => this.modFor(e, m0, this.cur));
    return idempotent(mods) ? shortKey(modsKey(mods)) : undefined;
  }

  /**
   * The objects of `affected` that idempotent modifications (by their key) must still be applied to:
   * those they didn't apply to in this layer, or that changed since. On the others they would change
   * nothing.
   */
  private notYetApplied(key: string, affected: Objects): readonly ObjId[] {
    const k = this.applied.get(key);
    if (!k) return idsOf(affected);
    for (let i = k.at; i < this.changed; i++) k.cover.delete(this.changes[i]!);
    k.at = this.changed;
    return k.cover.missing(affected);
  }

  /** Idempotent modifications were just applied to these objects (notYetApplied). */
  private remember(key: string, affected: Objects): void {
    let k = this.applied.get(key);
    if (!k) this.applied.set(key, (k = { cover: new Cover(), at: 0 }));
    k.cover.add(affected);
    k.at = this.changed;
  }

  /** After `e` changed characteristics: trials are stale, and so are the sets found by filters reading what it changed. */
  private changedBy(e: LayerEffect): void {
    this.forget();
    const writes = this.writes.get(e)!;
    if (writes.has('controller') || writes.has(EVERYTHING)) this.forgetTwins();
    for (const b of [...this.found.keys()]) if (meets(this.readsOf(b).find, writes)) this.found.delete(b);
    for (const f of [...this.shared.keys()]) if (meets(readsOfFilter(f), writes)) this.shared.delete(f);
  }
}

/** Per list of modifications, per layer: a short key of those in the layer, and whether they are idempotent. */
const layerKeys = new WeakMap<readonly LayerMod[], Map<string, { key: string; idempotent: boolean }>>();
/** A short key for each key of modifications (modsKey) met so far: long keys are slow to hash. */
const shortKeys = new Map<string, string>();

/** The modifications of a list in one layer, as a key; lists are never changed once made. */
function keyIn(mods: readonly LayerMod[], layer: string): { key: string; idempotent: boolean } {
  let perLayer = layerKeys.get(mods);
  if (!perLayer) layerKeys.set(mods, (perLayer = new Map()));
  let k = perLayer.get(layer);
  if (!k) {
    const inLayer = mods.filter((m) => m.layer === layer);
    perLayer.set(layer, (k = { key: shortKey(modsKey(inLayer)), idempotent: idempotent(inLayer) }));
  }
  return k;
}

function shortKey(long: string): string {
  let k = shortKeys.get(long);
  if (k === undefined) shortKeys.set(long, (k = `m${shortKeys.size}`));
  return k;
}

/** Pending effects that are twins, in order; those before `next` are known to be applied. */
interface Twins { members: LayerEffect[]; next: number; near: boolean }

/** The start of a near twins' key (twinKey). */
const NEAR = '~';

function isNear(key: string): boolean {
  return key.startsWith(NEAR);
}

/** The first of the twins still pending other than `a` (another effect depends on all twins or none). */
function firstPending(t: Twins, a: LayerEffect, left: ReadonlySet<LayerEffect>): LayerEffect | undefined {
  const { members } = t;
  while (t.next < members.length && !left.has(members[t.next]!)) t.next++;
  for (let i = t.next; i < members.length; i++) {
    const b = members[i]!;
    if (b !== a && left.has(b)) return b;
  }
  return undefined;
}

const ids = new WeakMap<object, number>();
let lastId = 0;
/** A number for an object, the same each time it is asked. */
function idOf(x: object): number {
  let n = ids.get(x);
  if (n === undefined) ids.set(x, (n = ++lastId));
  return n;
}

/**
 * The permanents of each card type as computed so far, so that "creatures you control" looks at
 * creatures only (types change in layer 4 only, and the index follows each change).
 */
class TypeIndex {
  private index: Map<string, Set<ObjId>> | null = null;
  private onBattlefield: ReadonlySet<ObjId> | null = null;

  constructor(private readonly g: Game, private readonly cur: ReadonlyMap<ObjId, Chars>) {}

  private built(): Map<string, Set<ObjId>> {
    if (this.index) return this.index;
    const index = new Map<string, Set<ObjId>>();
    for (const id of this.g.state.battlefield) for (const t of this.cur.get(id)?.types ?? []) this.setOf(index, t).add(id);
    return (this.index = index);
  }

  /** The permanents, as a set made once. */
  battlefield(): ReadonlySet<ObjId> {
    return (this.onBattlefield ??= new Set(this.g.state.battlefield));
  }

  private setOf(index: Map<string, Set<ObjId>>, t: string): Set<ObjId> {
    let s = index.get(t);
    if (!s) index.set(t, (s = new Set()));
    return s;
  }

  /** The permanents a filter can match when each of its terms names a card type; undefined otherwise. */
  candidates(f: Filter): Iterable<ObjId> | undefined {
    if (!typedTerms(f)) return undefined;
    const index = this.built();
    if (f.terms.length === 1) return smallest(index, f.terms[0]!.types!);
    const sets = f.terms.map((t) => smallest(index, t.types!));
    return new Set(sets.flatMap((s) => [...s]));
  }

  /** The permanents of one card type, when a filter asks for that and at most who controls them ("creatures you control"). */
  exactly(f: Filter): ReadonlySet<ObjId> | undefined {
    return oneType(f) ? (this.candidates(f) as ReadonlySet<ObjId>) : undefined;
  }

  retype(id: ObjId, before: readonly string[], after: readonly string[]): void {
    if (!this.index || !this.battlefield().has(id)) return;
    for (const t of before) if (!after.includes(t)) this.index.get(t)?.delete(id);
    for (const t of after) this.setOf(this.index, t).add(id);
  }
}

/** Whether each term of a filter asks for permanents of some card types. */
const typedTerms = keptPer((f: Filter): boolean => f.terms.every((t) => t.kind === 'permanent' && !!t.types?.length));

const NONE: ReadonlySet<ObjId> = new Set();

/** Of the permanents of each of these types, the fewest (the first such). */
function smallest(index: ReadonlyMap<string, ReadonlySet<ObjId>>, types: readonly string[]): ReadonlySet<ObjId> {
  let best: ReadonlySet<ObjId> | undefined;
  for (const t of types) {
    const s = index.get(t) ?? NONE;
    if (!best || s.size < best.size) best = s;
  }
  return best!;
}

/** Whether a filter is one permanent term naming one card type, with nothing else to match. */
const oneType = keptPer((f: Filter): boolean => {
  const [t, more] = f.terms;
  return !more && !!t && t.kind === 'permanent' && t.types?.length === 1 && Object.keys(t).every((k) => k === 'kind' || k === 'types' || (k === 'controller' && BY_CONTROLLER.has(t.controller!)));
});

/** The controllers a filter term may ask for that are read from the characteristics alone. */
const BY_CONTROLLER: ReadonlySet<string> = new Set(['you', 'not_you', 'opponent']);

/** The objects controlled as a term says ("you control", "an opponent controls"), in order; all of them when it says nothing. */
function controlledAs(ids: Iterable<ObjId>, controller: string | undefined, you: PlayerId, cur: CharsView): ObjId[] {
  if (!controller) return [...ids];
  const out: ObjId[] = [];
  for (const id of ids) if ((cur.get(id)!.controller === you) === (controller === 'you')) out.push(id);
  return out;
}

/** A trial application of one effect over the characteristics computed so far (613.8a), copying only what it changes. */
class Trial implements CharsView {
  private readonly own = new Map<ObjId, Chars>();
  private mod: LayerMod | null = null;

  constructor(private readonly g: Game, private readonly base: ReadonlyMap<ObjId, Chars>, private readonly members: ReadonlySet<ObjId>) {}

  /** The modification is applied to each object as it is read. */
  lazily(m: LayerMod): void {
    this.mod = m;
  }

  applyTo(id: ObjId, m: LayerMod): void {
    let c = this.own.get(id);
    if (!c) {
      const b = this.base.get(id);
      if (!b) return;
      this.own.set(id, (c = cloneOne(b)));
    }
    applyMod(this.g, c, m, id);
  }

  get(id: ObjId): Chars | undefined {
    const c = this.own.get(id);
    if (c || !this.mod || !this.members.has(id)) return c ?? this.base.get(id);
    const b = this.base.get(id);
    // what the modification wouldn't change is read where it is
    if (!b || unchangedBy(this.mod, b)) return b;
    this.applyTo(id, this.mod);
    return this.own.get(id);
  }

  /** Whether the trial may have changed this object. */
  changes(id: ObjId): boolean {
    return this.members.has(id) && this.base.has(id);
  }
}

function includesAll(have: readonly string[], want: readonly string[] | undefined): boolean {
  if (want) for (let i = 0; i < want.length; i++) if (!have.includes(want[i]!)) return false;
  return true;
}

/** Whether applying a modification would leave these characteristics as they are (false when unsure). */
function unchangedBy(m: LayerMod, c: Chars): boolean {
  switch (m.kind) {
    case 'types':
      if (m.removeTypes) return !m.removeTypes.some((t) => c.types.includes(t));
      if (m.landTypes) return m.add ? includesAll(c.subtypes, m.subtypes) : c.abilities.length === 0 && landTypesAlreadySet(c.subtypes, m.subtypes);
      return m.add && includesAll(c.types, m.types) && includesAll(c.subtypes, m.subtypes) && includesAll(c.supertypes, m.supertypes) && (!m.allCreatureTypes || !!c.allCreatureTypes) && !m.noCreatureTypes;
    case 'abilities':
      return !!m.removeAll && !m.remove && !m.add?.length && c.abilities.length === 0;
    case 'colors':
      return m.add && includesAll(c.colors, m.colors) && new Set(c.colors).size === c.colors.length;
    case 'set_pt':
      return c.power === m.power && c.toughness === m.toughness;
    case 'control':
      return c.controller === m.player;
    default:
      return false;
  }
}

/** Whether setting the land types (landTypesSet) would give the same list, worked out without making it. */
function landTypesAlreadySet(subtypes: readonly string[], to: readonly string[] | undefined): boolean {
  // the subtypes other than land types stay in their order: they must come first
  let n = 0;
  for (const t of subtypes) {
    if (isBasicLandType(t) || isLandType(t)) continue;
    if (subtypes[n] !== t) return false;
    n++;
  }
  // then each new one not already in the list so far
  for (const t of to ?? []) {
    if (subtypes.indexOf(t) >= 0 && subtypes.indexOf(t) < n) continue;
    if (subtypes[n] !== t) return false;
    n++;
  }
  return n === subtypes.length;
}

/** The subtypes after a land's subtypes are set to `to` (305.7): other subtypes stay, then the new ones. */
function landTypesSet(subtypes: readonly string[], to: readonly string[] | undefined): string[] {
  const out = subtypes.filter((t) => !BASIC_LAND_MANA[t] && !isLandType(t));
  for (const t of to ?? []) if (!out.includes(t)) out.push(t);
  return out;
}

/** A copy to apply a trial to: its lists may be shared, as applyMod never changes one in place. */
function cloneOne(c: Chars): Chars {
  return { ...c };
}

/**
 * Why the effect at `i` of the pending ones applies now: the effects before it in timestamp order that
 * depend on it (613.8a, each named with its source and timestamp; they are noted in `waitedFor`),
 * the effects it waited for, a dependency loop (613.8b), a characteristic-defining ability (613.3),
 * or timestamp order (613.7).
 */
function orderReason(layer: string, pending: LayerEffect[], i: number, loop: boolean, dependency: (a: LayerEffect, b: LayerEffect) => string | null, waitedFor: Map<string, LayerEffect[]>): string {
  const e = pending[i]!;
  const at = `layer ${layer} (${LAYER_RULE[layer]})`;
  if (loop) return `${at}; 613.8b: the effects left depend on each other in a loop, so timestamp order`;
  const waiting = pending.slice(0, i).flatMap((a) => {
    const what = dependency(a, e);
    if (what) waitedFor.set(a.id, [...(waitedFor.get(a.id) ?? []), e]);
    return what ? [`${named(a)} depends on ${named(e)}, which changes ${what}`] : [];
  });
  if (waiting.length) return `${at}; 613.8a: ${waiting.join('; ')}; so ${e.sourceName}'s applies first`;
  if (i > 0) return `${at}; 613.8a: ${pending.slice(0, i).map(named).join(', ')} wait for effects they depend on`;
  const after = waitedFor.get(e.id);
  if (after) return `${at}; 613.8b: ${named(e)} applies after ${after.map(named).join(', ')}, which it depends on (613.8a)`;
  if (e.cda) return `${at}; 613.3: a characteristic-defining ability applies first`;
  return `${at}; 613.7: timestamp order`;
}

function isBasicLandType(t: string): boolean {
  return !!BASIC_LAND_MANA[t];
}

/** Whether a land's abilities already are those of its basic land types, in order, then the others (nothing to do). */
function intrinsicFirst(c: Chars): boolean {
  let k = 0;
  for (const t of c.subtypes) if (isBasicLandType(t) && c.abilities[k++] !== intrinsicManaAbility(t)) return false;
  for (let i = k; i < c.abilities.length; i++) if (c.abilities[i]!.key.startsWith('basic:')) return false;
  return true;
}

function addIntrinsicLandAbilities(cur: Map<ObjId, Chars>): void {
  for (const c of cur.values()) {
    if (!c.types.includes('land') || !c.subtypes.some(isBasicLandType) || intrinsicFirst(c)) continue;
    const intrinsic = c.subtypes.filter(isBasicLandType).map(intrinsicManaAbility);
    if (intrinsic.length) c.abilities = [...intrinsic, ...c.abilities.filter((a) => !a.key.startsWith('basic:'))];
  }
}

/**
 * `list` with the values of `add` it doesn't have yet after it, in order (`all`: every value of
 * `add`, had or not). A list is never changed in place: the characteristics' lists may be those of
 * the card or of another object's characteristics, so a new one is made when something is added.
 */
function withAdded<T>(list: T[], add: readonly T[] | undefined, all = false): T[] {
  if (!add || add.length === 0) return list;
  if (all) return list.concat(add);
  let added: T[] | undefined;
  for (const t of add) if (!list.includes(t) && !added?.includes(t)) (added ??= []).push(t);
  return added ? list.concat(added) : list;
}

/** The abilities an effect gives, by their keys (those the registry knows), with the Auras it spares. */
function grantedAbilities(g: Game, keys: readonly string[], spares: string | undefined): Ability[] {
  const out: Ability[] = [];
  for (const k of keys) {
    const a = g.cards.ability(k.startsWith('kw:') || k.includes('/') ? k : `kw:${k}`);
    if (a) out.push(spares ? { ...a, spares } : a);
  }
  return out;
}

function applyMod(g: Game, c: Chars, m: LayerMod, id: ObjId): void {
  switch (m.kind) {
    case 'control':
      c.controller = m.player;
      break;
    case 'name':
      c.name = m.name;
      break;
    case 'text_from': {
      // the rules text of the other object as printed or copied (its text box, 612.5), not abilities others gave it
      const from = g.tryObj(m.from) ?? g.state.lki[m.from]?.object;
      if (from) c.abilities = copiableValues(g, from).abilities;
      break;
    }
    case 'types':
      if (m.landTypes) {
        // 305.7: setting a land's subtype replaces its land types and the abilities they carried
        if (!m.add) { c.subtypes = landTypesSet(c.subtypes, m.subtypes); c.abilities = []; break; }
        c.subtypes = withAdded(c.subtypes, m.subtypes);
        break;
      }
      c.supertypes = withAdded(c.supertypes, m.supertypes);
      if (m.add) {
        c.types = withAdded(c.types, m.types);
        c.subtypes = withAdded(c.subtypes, m.subtypes);
      } else {
        if (m.types) c.types = [...m.types];
        // new creature types replace every creature type too
        if (m.subtypes) { c.subtypes = [...m.subtypes]; delete c.allCreatureTypes; }
      }
      if (m.allCreatureTypes) c.allCreatureTypes = true;
      // "loses all creature types": only the creature types go (205.1a), land and other subtypes stay
      if (m.noCreatureTypes) { c.subtypes = c.subtypes.filter((t) => !CREATURE_TYPES.has(t)); delete c.allCreatureTypes; }
      if (m.removeTypes) c.types = c.types.filter((t) => !m.removeTypes!.includes(t));
      break;
    case 'colors':
      c.colors = m.add ? [...new Set([...c.colors, ...m.colors])] : [...m.colors];
      break;
    case 'abilities':
      if (m.removeAll) c.abilities = [];
      if (m.remove) c.abilities = c.abilities.filter((a) => !m.remove!.some((r) => a.text.toLowerCase() === r.toLowerCase()));
      if (m.add?.length) c.abilities = withAdded(c.abilities, grantedAbilities(g, m.add, m.spares), true);
      break;
    case 'set_pt':
      c.power = m.power;
      c.toughness = m.toughness;
      break;
    case 'set_pt_mana_value': {
      // a transformed permanent's mana value is its front face's (712.8e)
      const mv = objectManaValue(g, id, c);
      c.power = mv;
      c.toughness = mv;
      break;
    }
    case 'mod_pt':
      if (c.power !== null) c.power += m.power;
      if (c.toughness !== null) c.toughness += m.toughness;
      break;
    case 'switch_pt':
      if (c.power !== null && c.toughness !== null) [c.power, c.toughness] = [c.toughness, c.power];
      break;
  }
}

function isLandType(t: string): boolean {
  return LAND_TYPES.includes(t);
}

/** Whether a stored effect still applies (611.2b: "for as long as"). */
function collectEffects(g: Game, objects: readonly GameObject[], chars: readonly Chars[], grantedAt?: Map<string, number>): LayerEffect[] {
  const out: LayerEffect[] = [];
  for (const e of effectsOf(g.state, 'layer')) {
    if (!effectActive(g, e)) continue;
    out.push(shaped({ id: `e${e.id}`, timestamp: e.timestamp, source: e.source, sourceName: e.sourceName, controller: e.controller, mods: e.mods, fixed: e.affected, rule: e.rule }));
  }
  for (let i = 0; i < objects.length; i++) {
    const o = objects[i]!;
    const c = chars[i]!;
    if (!mayMakeEffects(c.abilities)) continue;
    // pushed one by one, in this order, without building a list per object
    pushIf(out, devoidEffect(g, o, c));
    pushIf(out, changelingEffect(g, o, c));
    pushIf(out, dashHaste(o, c));
    for (const ability of c.abilities) if (ability.kind === 'static') staticEffects(g, o, c, ability, out, grantedAt);
  }
  return out;
}

/** Whether abilities include one that may make a layer effect of its object's: a static ability, devoid, changeling or dash (most objects have none). */
function mayMakeEffects(abilities: readonly Ability[]): boolean {
  for (const a of abilities) {
    if (a.kind === 'static') return true;
    if (a.kind === 'keyword' && (a.keyword === 'Devoid' || a.keyword === 'Changeling' || a.keyword === 'Dash')) return true;
  }
  return false;
}

function pushIf(out: LayerEffect[], e: LayerEffect | null): void {
  if (e) out.push(shaped(e));
}

/** The layer effects of one static ability of `o`, added to `out`. */
function staticEffects(g: Game, o: GameObject, c: Chars, ability: Extract<Ability, { kind: 'static' }>, out: LayerEffect[], grantedAt?: Map<string, number>): void {
  const keys = defKeys(ability);
  ability.defs.forEach((def, index) => {
    const key = keys[index]!;
    // characteristic-defining abilities work in every zone (604.3); other statics on the battlefield
    if (def.kind === 'cda_pt') {
      const printed = copiableAbilities(g, o).some((a) => a.key === ability.key);
      if (printed) out.push(shaped(ptEffect(o, def, key, true, o.timestamp)));
      else if (o.zone === 'battlefield') out.push(shaped(ptEffect(o, def, key, false, Math.max(o.timestamp, grantedAt?.get(`${o.id}|${ability.key}`) ?? 0))));
      return;
    }
    if (!staticsWork(o) && !(o.zone === 'graveyard' && worksInGraveyard(def.condition))) return;
    const eff = LAYER_STATICS.has(def.kind) ? layerEffectOf(g, o, c, def, key) : null;
    if (eff) out.push(eff);
  });
}

/** The key of each part of a static ability ("key#index"), made once per ability. */
const defKeys = keptPer((ability: Extract<Ability, { kind: 'static' }>): string[] => ability.defs.map((_, index) => `${ability.key}#${index}`));

/** Devoid (702.114a): a characteristic-defining ability that makes the object colorless, in every
 * zone, when the object has it from its copiable values (604.3). */
function devoidEffect(g: Game, o: GameObject, c: Chars): LayerEffect | null {
  if (!hasKeyword(c.abilities, 'Devoid') || !hasKeyword(copiableAbilities(g, o), 'Devoid')) return null;
  return {
    id: `${o.id}:kw:Devoid`, timestamp: o.timestamp, source: o.id, sourceName: o.card ?? '', controller: o.controller, cda: true,
    mods: [{ layer: '5', kind: 'colors', colors: [], add: false }], fixed: [o.id], rule: '702.114a',
  };
}

/** Dash (702.109a): "As long as this permanent's dash cost was paid, it has haste": a static ability
 * of the permanent, applied in layer 6 with its timestamp. */
function dashHaste(o: GameObject, c: Chars): LayerEffect | null {
  if (o.zone !== 'battlefield' || o.castChoices?.alt !== 'Dash') return null;
  if (!hasKeyword(c.abilities, 'Dash')) return null;
  return {
    id: `${o.id}:kw:Dash`, timestamp: o.timestamp, source: o.id, sourceName: o.card ?? '', controller: o.controller,
    mods: [{ layer: '6', kind: 'abilities', add: ['kw:Haste'] }], fixed: [o.id], rule: '702.109a',
  };
}

/** Changeling (702.73a): a characteristic-defining ability giving every creature type, in every zone,
 * when the object has it from its copiable values (604.3). */
function changelingEffect(g: Game, o: GameObject, c: Chars): LayerEffect | null {
  if (!hasKeyword(c.abilities, 'Changeling') || !hasKeyword(copiableAbilities(g, o), 'Changeling')) return null;
  return {
    id: `${o.id}:kw:Changeling`, timestamp: o.timestamp, source: o.id, sourceName: o.card ?? '', controller: o.controller, cda: true,
    mods: [{ layer: '4', kind: 'types', add: true, allCreatureTypes: true }], fixed: [o.id], rule: '702.73a',
  };
}

function ptEffect(o: GameObject, def: Extract<StaticDef, { kind: 'cda_pt' }>, key: string, cda: boolean, timestamp: number): LayerEffect {
  return {
    id: `${o.id}:${key}`, timestamp, source: o.id, sourceName: o.card ?? '', controller: o.controller, cda,
    pt: { def, obj: o, cda }, mods: [{ layer: cda ? '7a' : '7b', kind: 'set_pt', power: 0, toughness: 0 }], fixed: [o.id], rule: cda ? '604.3' : '613.4b',
  };
}

/** The layer effect of a static ability of a permanent, or null if it is not a layer effect. */
/** Where an object's static abilities other than characteristic-defining ones work: on the battlefield, and an emblem's in the command zone (114.4). */
function staticsWork(o: GameObject): boolean {
  return o.zone === 'battlefield' || o.zone === 'command';
}

/** 113.6b: a static "as long as [this] is in your graveyard" says it works there (and only there). */
function worksInGraveyard(c: Condition | undefined): boolean {
  return !!c && (c.kind === 'source_in_graveyard' || (c.kind === 'all' && c.all.some((x) => x.kind === 'source_in_graveyard')));
}

/** The kinds of static ability that make continuous effects of the layers (staticLayerEffect's cases). */
const LAYER_STATICS: ReadonlySet<StaticDef['kind']> = new Set<StaticDef['kind']>(['pump', 'grant', 'control', 'set_base_pt', 'lose_all_abilities', 'lose', 'add_types', 'set_land_type', 'add_color', 'remove_types']);

/** A static ability's layer effect as last built for an object, with what it was built from. */
interface Built { def: StaticDef; timestamp: number; controller: PlayerId; name: string | null; chosen: string | undefined; eff: LayerEffect | null }

/** Per object of a game: the layer effects of its statics, by ability key and index. */
const builtEffects = perGame<GameObject, Map<string, Built>>();

/**
 * The layer effect of a static ability of `o`, the same object as last time while what it is made of
 * is the same (the ability, the object's timestamp, its controller and name so far, a chosen color;
 * the rest the effect reads from the object as it applies). Effects are never changed once made,
 * and every derivation keeps what it learns about them apart.
 */
function layerEffectOf(g: Game, o: GameObject, c: Chars, def: StaticDef, key: string): LayerEffect | null {
  const built = builtEffects(g);
  let byKey = built.get(o);
  if (!byKey) built.set(o, (byKey = new Map()));
  const chosen = def.kind === 'add_color' && def.chosen ? chosenColor(g, o) : undefined;
  const hit = byKey.get(key);
  if (hit && hit.def === def && hit.timestamp === o.timestamp && hit.controller === c.controller && hit.name === c.name && hit.chosen === chosen) return hit.eff;
  const made = staticLayerEffect(g, o, c, def, key);
  const eff = made && shaped(made);
  byKey.set(key, { def, timestamp: o.timestamp, controller: c.controller, name: c.name, chosen, eff });
  return eff;
}

/** A condition or set of affected objects written as text, once per static ability. */
const defTexts = new WeakMap<StaticDef, { condition: string; affected: string }>();

function defText(def: StaticDef): { condition: string; affected: string } {
  let t = defTexts.get(def);
  if (!t) defTexts.set(def, (t = { condition: def.condition ? `|${JSON.stringify(def.condition)}` : '', affected: JSON.stringify('affected' in def ? def.affected : null) }));
  return t;
}

function staticLayerEffect(g: Game, o: GameObject, c: Chars, def: StaticDef, key: string): LayerEffect | null {
  if (!LAYER_STATICS.has(def.kind)) return null;
  const abilityKey = key.replace(/#\d+$/, '');
  const text = defText(def);
  const base = {
    id: `${o.id}:${key}`, timestamp: o.timestamp, source: o.id, sourceName: c.name ?? 'a face-down permanent', controller: c.controller, rule: '611.3a',
    abilityKey,
    // the effects of one ability are one effect (613.6), but those with conditions of their own
    // ("Otherwise, it gets -2/-1") exist apart (611.3a)
    group: { effect: `${o.id}:${abilityKey}${text.condition}`, set: `${o.id}:${abilityKey}|${text.affected}` },
    ...(def.condition ? { holds: conditionHolds(g, o, def.condition) } : {}),
    ...('affected' in def && typeof def.affected === 'object' ? { filter: def.affected } : {}),
  };
  const find = (affected: string | Filter) => (cur: CharsView, candidates?: Iterable<ObjId>): ObjId[] => {
    if (affected === 'self') return [o.id];
    if (affected === 'paired') { const p = pairedPartner(g, o.id); return p ? [o.id, p] : []; }
    if (affected === 'enchanted' || affected === 'equipped') {
      return typeof o.attachedTo === 'string' && g.state.objects[o.attachedTo] ? [o.attachedTo] : [];
    }
    const f = affected as Filter;
    const ctx = { you: cur.get(o.id)!.controller, source: o.id, charsOf: (x: ObjId) => cur.get(x)! };
    const out: ObjId[] = [];
    // one object to name each candidate in turn: matching keeps none
    const thing = { obj: '' };
    for (const id of candidates ?? candidatesFor(g, f)) if (matchesFilter(g, f, ((thing.obj = id), thing), ctx)) out.push(id);
    return out;
  };
  switch (def.kind) {
    case 'pump':
      return { ...base, find: find(def.affected), ...(def.forEach !== undefined ? { forEach: { amount: def.forEach, obj: o } } : {}), mods: [
        { layer: '7c', kind: 'mod_pt', power: def.power, toughness: def.toughness },
        ...(def.grant || def.given ? [{ layer: '6' as const, kind: 'abilities' as const, add: [...def.grant ?? [], ...(def.given ?? []).map((a) => a.key)], ...spared(o, def.spares) }] : []),
      ] };
    case 'grant':
      return { ...base, find: find(def.affected), mods: [{ layer: '6', kind: 'abilities', add: [...def.abilities, ...(def.given ?? []).map((a) => a.key)], ...spared(o, def.spares) }] };
    case 'control':
      return { ...base, find: find(def.affected), toSourceController: true, mods: [{ layer: '2', kind: 'control', player: c.controller }] };
    case 'set_base_pt':
      return { ...base, find: find(def.affected), mods: [{ layer: '7b', kind: 'set_pt', power: def.power, toughness: def.toughness }] };
    case 'lose_all_abilities':
      return { ...base, find: find(def.affected), mods: [{ layer: '6', kind: 'abilities', removeAll: true }] };
    case 'lose':
      return { ...base, find: find(def.affected), mods: [{ layer: '6', kind: 'abilities', remove: def.abilities }] };
    case 'add_types':
      return { ...base, find: find(def.affected), mods: [
        { layer: '4', kind: 'types', types: def.types, ...(def.subtypes ? { subtypes: def.subtypes } : {}), add: true },
        ...(Array.isArray(def.base_pt) ? [{ layer: '7b' as const, kind: 'set_pt' as const, power: def.base_pt[0], toughness: def.base_pt[1] }] : []),
        ...(def.base_pt === 'mana_value' ? [{ layer: '7b' as const, kind: 'set_pt_mana_value' as const }] : []),
      ] };
    case 'remove_types':
      return { ...base, find: find(def.affected), mods: [{ layer: '4', kind: 'types', add: true, removeTypes: def.types }] };
    case 'set_land_type':
      return { ...base, find: find(def.affected), mods: [{ layer: '4', kind: 'types', subtypes: def.subtypes, add: def.add, landTypes: true }] };
    case 'add_color': {
      const chosen = chosenColor(g, o);
      const colors = def.chosen ? (chosen ? [chosen] : []) : (def.colors ?? []);
      return { ...base, find: find(def.affected), mods: [{ layer: '5', kind: 'colors', colors, add: !def.set }] };
    }
    default:
      return null;
  }
}

/** The Aura(s) an ability-granting effect "doesn't remove": its source, or every Aura. */
function spared(o: GameObject, spares: 'self' | 'Aura' | undefined): { spares?: string } {
  return spares ? { spares: spares === 'self' ? o.id : 'Aura' } : {};
}

/** A "+N/+N for each ..." change, with the count as the characteristics stand now. */
function timesEach(g: Game, m: Extract<LayerMod, { kind: 'mod_pt' }>, each: { amount: Amount; obj: GameObject }, cur: CharsView): LayerMod {
  const n = evalAmountStatic(g, each.amount, each.obj, cur);
  return { ...m, power: m.power * n, toughness: m.toughness * n };
}

/** A static ability's condition ("as long as ..."), read on the characteristics computed so far. */
function conditionHolds(g: Game, o: GameObject, condition: Condition) {
  return (cur: CharsView): boolean => checkCondition(g, condition, { you: cur.get(o.id)!.controller, source: o.id, charsOf: (x) => cur.get(x)! });
}

// ------------------------------------------------------------------ explanation

export function describeChars(c: Chars): string {
  const pt = c.power !== null && c.toughness !== null ? ` ${c.power}/${c.toughness}` : '';
  const colors = c.colors.length ? c.colors.join('') : 'colorless';
  const subtypes = [...c.subtypes, ...(c.allCreatureTypes ? ['(every creature type)'] : [])];
  const types = [...c.supertypes, ...c.types].join(' ') + (subtypes.length ? ` - ${subtypes.join(' ')}` : '');
  return `${c.name ?? '(no name)'}: ${types}, ${colors}${pt}, controller ${c.controller}${c.abilities.length ? `, abilities: ${c.abilities.map((a) => a.text.split('\n')[0]).join('; ')}` : ''}`;
}

function describeMod(m: LayerMod): string {
  switch (m.kind) {
    case 'copy': return `copy of ${m.values.from}`;
    case 'text_from': return 'rules text exchanged';
    case 'control': return `control -> ${m.player}`;
    case 'name': return `named ${m.name}`;
    case 'types': return `${m.add ? 'adds' : 'sets'} ${[...(m.types ?? []), ...(m.subtypes ?? []), ...(m.allCreatureTypes ? ['every creature type'] : [])].join(' ')}${m.noCreatureTypes ? 'removes every creature type' : ''}`;
    case 'colors': return `${m.add ? 'adds' : 'sets'} color ${m.colors.join('') || 'colorless'}`;
    case 'abilities': return m.removeAll ? 'loses all abilities' : `${m.add?.length ? `gains ${m.add.map((k) => k.replace(/^kw:/, '')).join(', ')}` : ''}${m.remove?.length ? ` loses ${m.remove.join(', ')}` : ''}`.trim();
    case 'set_pt': return `base P/T ${m.power}/${m.toughness}`;
    case 'set_pt_mana_value': return 'base P/T equal to its mana value';
    case 'mod_pt': return `${m.power >= 0 ? '+' : ''}${m.power}/${m.toughness >= 0 ? '+' : ''}${m.toughness}`;
    case 'switch_pt': return 'switch power and toughness';
  }
}

/** The layer-by-layer computation of one object's characteristics, for `ruling explain`. */
export function explainLayers(g: Game, id: ObjId): LayerStep[] {
  const steps: LayerStep[] = [];
  computeAll(g, id, steps);
  return steps;
}
