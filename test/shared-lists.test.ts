// The layers start from copiable values whose lists (types, colors, abilities ...) are those of the
// card, token or face-down values they come from, shared (copiableChars): an effect adding to a list
// makes a new one. Giving an ability to a face-down creature must leave the face-down values, the
// card, and every other face-down creature as they were.

import { describe, expect, it } from 'vitest';
import { computeAll } from '../dist/characteristics/layers.js';
import { FACE_DOWN } from '../dist/characteristics/copiable.js';
import { byRef, load, yaml } from './helpers.js';

describe('characteristics share their lists with what they come from', () => {
  it('an ability given to a face-down creature is its own, computed again and again', () => {
    const { game } = load(yaml`
      scenario: face-down creatures and a granted ability
      cards:
        - name: Sky Banner
          cost: "{2}"
          type: Enchantment
          text: |
            Creatures you control have flying.
        - name: Plain Morph
          cost: "{1}{G}"
          type: Creature — Hound
          pt: 2/1
          text: |
            Morph {1}{G}
      players:
        Alice:
          battlefield: [Sky Banner, { card: Plain Morph, id: mine, face_down: true }]
        Bob:
          battlefield: [{ card: Plain Morph, id: theirs, face_down: true }, { card: Grizzly Bears, id: bears }]
    `);
    for (let i = 0; i < 3; i++) {
      const all = computeAll(game);
      expect(all.get(byRef(game, 'mine').id)!.abilities.map((a) => a.text)).toEqual(['Flying']);
      expect(all.get(byRef(game, 'theirs').id)!.abilities).toEqual([]);
      expect(all.get(byRef(game, 'bears').id)!.abilities).toEqual([]);
    }
    expect(FACE_DOWN.abilities).toEqual([]);
  });
});
