// Many copies of one continuous effect (twenty Glorious Anthems, a board of Humilities): the
// layers apply each copy in its turn, but most of that work can be known to change nothing.
//
// - A modification that sets something (a type, a color, base power and toughness, a controller,
//   the loss of abilities) gives the same result when applied again to the same objects, so a copy
//   whose objects nothing changed since the last copy applied is passed over whole (layers.ts keeps
//   what each applied effect changed).
// - "+N/+N" changes add up in any order (613.4c), so when nothing in the layer reads power and
//   toughness, the pending copies of one are applied at once, as one change N times as big.
// - When no effect of a layer reads what the layer's effects change, the order is timestamp order
//   alone, and a modification that overwrites what it changes whatever it was (base power and
//   toughness, a controller, a color set, the loss of all abilities) is undone by a later copy of
//   itself on the same objects: only the last copy is applied.
// None of these changes a result: only how often the same answer is worked out.

import type { LayerMod } from '../state/state.js';

/** The kinds of modification that give the same result when applied twice in a row. */
const SETS = new Set<LayerMod['kind']>(['control', 'name', 'types', 'colors', 'set_pt', 'set_pt_mana_value']);

/** Whether applying these modifications again, on what they produced, changes nothing. */
export function idempotent(mods: readonly LayerMod[]): boolean {
  // an added ability is added again, with the later effect's timestamp (613.7a)
  return mods.every((m) => SETS.has(m.kind) || (m.kind === 'abilities' && !m.add?.length));
}

/** Whether each modification sets what it changes without reading it, so that applying it again overwrites whatever came between. */
export function overwrites(mods: readonly LayerMod[]): boolean {
  return mods.every((m) => {
    switch (m.kind) {
      case 'set_pt': case 'set_pt_mana_value': case 'control': case 'name': return true;
      case 'colors': return !m.add;
      case 'abilities': return !!m.removeAll && !m.remove?.length && !m.add?.length;
      default: return false;
    }
  });
}

/** Whether every modification is a "+N/+N" change. */
export function additive(mods: readonly LayerMod[]): boolean {
  return mods.length > 0 && mods.every((m) => m.kind === 'mod_pt');
}

/** One key for modifications that are the same. */
export function modsKey(mods: readonly LayerMod[]): string {
  return JSON.stringify(mods);
}

/** A "+N/+N" change made `n` times. */
export function timesMod(m: LayerMod, n: number): LayerMod {
  return m.kind === 'mod_pt' && n !== 1 ? { ...m, power: m.power * n, toughness: m.toughness * n } : m;
}
