// The characteristics of an object as the layer system computes them (613): never stored, derived
// on demand from copiable values and continuous effects. Plain data, so every layer can name it.

import type { Ability } from '../cards/types.js';
import type { ColorLetter, ManaCost } from '../core/mana.js';
import type { PlayerId } from '../core/ids.js';

export interface Chars {
  name: string | null;
  manaCost: ManaCost | null;
  colors: ColorLetter[];
  types: string[];
  supertypes: string[];
  subtypes: string[];
  /** Every creature type (changeling, 702.73a), without listing them in `subtypes`. */
  allCreatureTypes?: boolean;
  abilities: Ability[];
  power: number | null;
  toughness: number | null;
  loyalty: number | null;
  controller: PlayerId;
}
