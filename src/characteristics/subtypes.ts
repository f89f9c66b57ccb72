// Subtypes and what kind of type they are (205.3). Changeling (702.73a) gives an object every
// creature type without listing them: a subtype a filter names counts as a creature type unless it
// is one of the other kinds' subtypes listed here. Planeswalker types (205.3j) aren't listed: a filter
// naming one also asks for a planeswalker, which a changeling creature isn't.

import type { Chars } from '../state/chars.js';

/** Artifact (205.3g), enchantment (205.3h), land (205.3i), spell (205.3k) and battle (205.3q) types. */
const NOT_CREATURE_TYPES: ReadonlySet<string> = new Set([
  'Attraction', 'Blood', 'Bobblehead', 'Clue', 'Contraption', 'Equipment', 'Food', 'Fortification', 'Gold', 'Incubator',
  'Infinity', 'Junk', 'Lander', 'Map', 'Powerstone', 'Spacecraft', 'Stone', 'Treasure', 'Vehicle',
  'Aura', 'Background', 'Cartouche', 'Case', 'Class', 'Curse', 'Role', 'Room', 'Rune', 'Saga', 'Shard', 'Shrine',
  'Cave', 'Desert', 'Forest', 'Gate', 'Island', 'Lair', 'Locus', 'Mine', 'Mountain', 'Planet', 'Plains', 'Power-Plant',
  'Sphere', 'Swamp', 'Tower', 'Town', "Urza's",
  'Adventure', 'Arcane', 'Chorus', 'Lesson', 'Omen', 'Trap',
  'Siege',
]);

/**
 * Whether an object has a subtype. One that is every creature type has each creature type only
 * while it is a creature or a kindred object (205.3d).
 */
export function hasSubtype(c: Chars, subtype: string): boolean {
  if (c.subtypes.includes(subtype)) return true;
  if (!c.allCreatureTypes || NOT_CREATURE_TYPES.has(subtype)) return false;
  return c.types.includes('creature') || c.types.includes('kindred') || c.types.includes('tribal');
}
