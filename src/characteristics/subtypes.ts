// Subtypes and what kind of type they are (205.3). Changeling (702.73a) gives an object every
// creature type without listing them: a subtype a filter names counts as a creature type unless it
// is one of the other kinds' subtypes listed here. Planeswalker types (205.3j) aren't listed: a filter
// naming one also asks for a planeswalker, which a changeling creature isn't.

import { CREATURE_TYPES, NOT_CREATURE_TYPES } from '../core/subtypes.js';
import type { Chars } from '../state/chars.js';


/**
 * Whether an object has a subtype. One that is every creature type has each creature type only
 * while it is a creature or a kindred object (205.3d).
 */
export function hasSubtype(c: Chars, subtype: string): boolean {
  if (c.subtypes.includes(subtype)) return true;
  if (!c.allCreatureTypes || NOT_CREATURE_TYPES.has(subtype)) return false;
  return c.types.includes('creature') || c.types.includes('kindred') || c.types.includes('tribal');
}

/** The creature types an object has (205.3m: only a creature or a kindred object has them); `all`
 * for one with every creature type (changeling, 702.73a). */
function creatureTypes(c: Chars): string[] | 'all' {
  if (!c.types.includes('creature') && !c.types.includes('kindred') && !c.types.includes('tribal')) return [];
  if (c.allCreatureTypes) return 'all';
  return c.subtypes.filter((s) => CREATURE_TYPES.has(s));
}

/** Whether two objects share a creature type ("shares a creature type with", kinship). */
export function sharesCreatureType(a: Chars, b: Chars): boolean {
  const x = creatureTypes(a);
  const y = creatureTypes(b);
  if (x === 'all') return y === 'all' || y.length > 0;
  if (y === 'all') return x.length > 0;
  return x.some((s) => y.includes(s));
}

/** Whether a subtype may be a creature type (one an object with every creature type has, 702.73a). */
export function mayBeCreatureType(subtype: string): boolean {
  return !NOT_CREATURE_TYPES.has(subtype);
}

/** The land types (205.3i) that setting a land's subtype takes away with their abilities (305.7). */
export const LAND_TYPES: readonly string[] = ['Plains', 'Island', 'Swamp', 'Mountain', 'Forest', 'Desert', 'Gate', 'Lair', 'Locus', 'Mine', 'Power-Plant', 'Tower', 'Urza\'s', 'Cave', 'Sphere'];
