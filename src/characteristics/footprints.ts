// What a continuous effect touches (613.8a): the characteristics it changes in a layer, and those
// that decide whether another effect exists and what it applies to. When what one effect changes is
// nothing another reads, applying the first can't change the second, so the second can't depend on
// it and the layer system spares itself the trial application (layers.ts).
//
// A footprint is a set of marks: a characteristic ('abilities', 'controller', 'colors', 'pt',
// 'name', 'manaCost'), a value of a typed list ('types:creature', 'subtypes:Aura',
// 'supertypes:basic'), any value of one ('types:*'), or everything ('*'). A change to a list is
// marked with the values it may add or remove, so Opalescence making enchantments creatures meets
// March of the Machines' "noncreature artifact" but not Blood Moon's "nonbasic land".

import type { Filter, FilterTerm } from '../cards/filter.js';
import type { LayerMod } from '../state/state.js';
import { BASIC_LAND_MANA } from './copiable.js';
import { LAND_TYPES, mayBeCreatureType } from './subtypes.js';
import { keptPer } from '../util/memo.js';
import { readsSourceBeyondOther } from './filters.js';

export type Footprint = ReadonlySet<string>;

export const EVERYTHING = '*';

/** The footprint of a set of marks. */
export function footprint(marks: Iterable<string>): Footprint {
  return intern(new Set(marks));
}

const interned = new Map<string, Footprint>();
const met = new WeakMap<Footprint, WeakMap<Footprint, boolean>>();

/** One footprint object for each set of marks, so that `meets` is worked out once for each pair. */
function intern(marks: Set<string>): Footprint {
  const key = [...marks].sort().join('\n');
  let f = interned.get(key);
  if (!f) interned.set(key, (f = marks));
  return f;
}

/** Whether something marked in `writes` is read by `reads`. */
export function meets(reads: Footprint, writes: Footprint): boolean {
  let row = met.get(reads);
  if (!row) met.set(reads, (row = new WeakMap()));
  let r = row.get(writes);
  if (r === undefined) row.set(writes, (r = meetsNow(reads, writes)));
  return r;
}

function meetsNow(reads: Footprint, writes: Footprint): boolean {
  if (reads.size === 0 || writes.size === 0) return false;
  if (reads.has(EVERYTHING) || writes.has(EVERYTHING)) return true;
  for (const w of writes) {
    if (reads.has(w)) return true;
    const colon = w.indexOf(':');
    if (colon < 0) continue;
    const family = w.slice(0, colon + 1);
    if (reads.has(`${family}*`)) return true;
    if (w.endsWith(':*')) for (const r of reads) if (r.startsWith(family)) return true;
  }
  return false;
}

/** The subtypes a land-type-setting effect takes away or gives (305.7). */
const LAND_SUBTYPES = [...Object.keys(BASIC_LAND_MANA), ...LAND_TYPES];

/** What one modification changes. */
function writesOfMod(m: LayerMod, out: Set<string>): void {
  switch (m.kind) {
    case 'control': out.add('controller'); return;
    case 'name': out.add('name'); return;
    case 'text_from': case 'abilities': out.add('abilities'); return;
    case 'colors': out.add('colors'); return;
    case 'set_pt': case 'set_pt_mana_value': case 'mod_pt': case 'switch_pt': out.add('pt'); return;
    case 'types': writesOfTypes(m, out); return;
    default: out.add(EVERYTHING);
  }
}

function writesOfTypes(m: Extract<LayerMod, { kind: 'types' }>, out: Set<string>): void {
  if (m.landTypes) {
    for (const t of [...LAND_SUBTYPES, ...m.subtypes ?? []]) out.add(`subtypes:${t}`);
    // setting a land type takes away the abilities of the old ones
    if (!m.add) out.add('abilities');
    return;
  }
  for (const t of m.supertypes ?? []) out.add(`supertypes:${t}`);
  if (m.add) {
    for (const t of m.types ?? []) out.add(`types:${t}`);
    for (const t of m.subtypes ?? []) out.add(`subtypes:${t}`);
  } else {
    if (m.types) out.add('types:*');
    if (m.subtypes) out.add('subtypes:*');
  }
  if (m.allCreatureTypes || m.noCreatureTypes) out.add('subtypes:*');
}

/** What the modifications of an effect in one layer change. */
export function writesIn(mods: readonly LayerMod[], layer: string): Footprint {
  let byLayer = modsWrites.get(mods);
  if (!byLayer) modsWrites.set(mods, (byLayer = new Map()));
  let f = byLayer.get(layer);
  if (!f) {
    const out = new Set<string>();
    for (const m of mods) if (m.layer === layer) writesOfMod(m, out);
    byLayer.set(layer, (f = intern(out)));
  }
  return f;
}

/** For each list of modifications (never changed once an effect has it): what it changes in each layer. */
const modsWrites = new WeakMap<readonly LayerMod[], Map<string, Footprint>>();

const filterReads = new WeakMap<Filter, Footprint>();

/** What deciding whether an object matches a filter reads of the object (and "you": its controller). */
export function readsOfFilter(f: Filter): Footprint {
  let r = filterReads.get(f);
  if (r) return r;
  const out = new Set<string>(['controller']);
  for (const t of f.terms) for (const key of Object.keys(t) as Array<keyof FilterTerm>) readsOfTermKey(t, key, out);
  filterReads.set(f, (r = intern(out)));
  return r;
}

/**
 * Whether what a filter matches depends on its source only through "another" ('other', in every
 * term), or not at all ('plain'), so that the effects of every copy of a card can share one search
 * for each controller; 'none' otherwise (the search is made without a source).
 */
export const sharing = keptPer((f: Filter): 'plain' | 'other' | 'none' => {
  if (readsSourceBeyondOther(f)) return 'none';
  const other = f.terms.filter((t) => t.other).length;
  return other === 0 ? 'plain' : other === f.terms.length ? 'other' : 'none';
});

/** Term keys whose match doesn't depend on who "you" is. */
const YOU_FREE_KEYS: ReadonlySet<string> = new Set(['kind', 'types', 'notTypes', 'subtypes', 'notSubtypes', 'supertypes', 'notSupertypes', 'colors', 'notColors', 'colorless', 'colorCount', 'tapped', 'other', 'token', 'power', 'toughness', 'manaValue', 'keyword', 'withoutKeyword']);

/** Whether what a filter matches is the same for every player it is read for ("nonbasic land", not "creature you control"). */
export const youFree = keptPer((f: Filter): boolean => f.terms.every((t) => t.kind === 'permanent' && Object.keys(t).every((k) => YOU_FREE_KEYS.has(k))));

/** Term keys that read nothing the layers change (zones, tapped, counters, combat, ids, owners). */
const STATE_KEYS: ReadonlySet<string> = new Set(['kind', 'zone', 'zoneOwner', 'tapped', 'other', 'token', 'owner', 'player', 'counters', 'combat', 'singleTarget', 'inCombatWithSource', 'attachedTo']);

function readsOfTermKey(t: FilterTerm, key: keyof FilterTerm, out: Set<string>): void {
  if (STATE_KEYS.has(key)) return;
  switch (key) {
    case 'types': case 'notTypes':
      for (const x of t[key] ?? []) out.add(`types:${x}`);
      return;
    case 'subtypes': case 'notSubtypes':
      for (const x of t[key] ?? []) {
        out.add(`subtypes:${x}`);
        // an object with every creature type has this one only while it is a creature or kindred (205.3d)
        if (mayBeCreatureType(x)) for (const k of ['creature', 'kindred', 'tribal']) out.add(`types:${k}`);
      }
      return;
    case 'supertypes': case 'notSupertypes':
      for (const x of t[key] ?? []) out.add(`supertypes:${x}`);
      return;
    case 'colors': case 'notColors': case 'colorless': case 'colorCount': case 'chosenColor':
      out.add('colors');
      return;
    case 'controller': out.add('controller'); return;
    case 'power': case 'toughness': case 'lesserPower': case 'greaterPower': out.add('pt'); return;
    case 'manaValue': out.add('manaCost'); return;
    case 'keyword': case 'withoutKeyword': out.add('abilities'); return;
    // a term this list doesn't know may read anything
    default: out.add(EVERYTHING);
  }
}

/**
 * Term keys whose matching reads characteristics, zones, owners, counters, attachments, tokens and
 * choices made as objects entered or were cast: none reads the turn, combat, tapped status or what
 * happened this turn. A key left out (tapped, combat, inCombatWithSource, damage this turn, targets)
 * or added later may read them.
 */
const TURN_FREE_KEYS: ReadonlySet<string> = new Set([
  'kind', 'zone', 'zoneOwner', 'types', 'notTypes', 'subtypes', 'notSubtypes', 'supertypes', 'notSupertypes', 'colors', 'notColors',
  'colorless', 'colorCount', 'counters', 'enchanted', 'lesserPower', 'greaterPower', 'other', 'attachedTo', 'token', 'owner', 'power',
  'toughness', 'manaValue', 'chosenColor', 'chosenType', 'singleTarget', 'sameNameAsSource', 'named', 'sharesColorWithSource',
  'sharesCreatureTypeWithSource', 'keyword', 'withoutKeyword', 'controller',
]);

/** Whether matching a filter may read the turn, the step, combat, tapped status or this turn's events. */
export const readsTurn = keptPer((f: Filter): boolean =>
  f.terms.some((t) => t.controller === 'defending_player' || Object.keys(t).some((k) => !TURN_FREE_KEYS.has(k))));
