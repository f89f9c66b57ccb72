// Token wordings (tokens.peggy): tokens the effect names (111.4), colors written after the token
// ("that's red, green, and white"), artifact tokens with no subtype, "It has ..." after the token
// sentence, and quoted token abilities that say "this artifact" in their text and cost.

import { describe, expect, it } from 'vitest';
import { compileParagraph } from '../dist/cards/oracle/templates.js';

const read = (text: string, name = 'Foo', spell = false) => compileParagraph(text, name, spell);

describe('tokens with a name', () => {
  it('reads a named creature token, legendary or of two colors', () => {
    expect(read('{T}: Create a legendary 2/2 green and white Wolf creature token named Voja.')).toEqual({
      activated: { cost: '{T}', do: [{ create_token: { name: 'Voja', type: 'Legendary Creature — Wolf', pt: '2/2', colors: ['green', 'white'] } }] },
    });
    expect(read('Sacrifice two creatures: Create a 3/1 red Beast creature token named Carnivore.'))
      .toMatchObject({ activated: { do: [{ create_token: { name: 'Carnivore', type: 'Creature — Beast', pt: '3/1' } }] } });
  });

  it('keeps the card name inside the token name', () => {
    expect(read('{1}{R}, {T}: Create a 0/1 red Kobold creature token named Kobolds of Kher Keep.', 'Kher Keep'))
      .toMatchObject({ activated: { do: [{ create_token: { name: 'Kobolds of Kher Keep' } }] } });
  });

  it('reads an artifact token with no subtype and the ability it has', () => {
    expect(read('Exile target creature. Create a colorless artifact token named Gold. It has "Sacrifice this artifact: Add one mana of any color."', 'Gild', true)).toEqual({
      spell: {
        targets: { t: 'creature' },
        do: [{ exile: 't' }, { create_token: { name: 'Gold', type: 'Artifact', colors: [], with: [{ text: 'Sacrifice this artifact: Add one mana of any color.', activated: { cost: 'Sacrifice this artifact', do: [{ add_any_color: 1 }] } }] } }],
      },
    });
  });

  it('refuses a creature token with no power and toughness', () => {
    expect(read('{T}: Create a green creature token named Bob.')).toHaveProperty('unsupported');
  });

  it('reads keywords and a quoted ability that names the token', () => {
    const dsl = read('{R}, {T}, Discard a card: Create a 3/1 red Elemental creature token named Spark Elemental. It has trample, haste, and "At the beginning of the end step, sacrifice Spark Elemental."');
    expect(dsl).toMatchObject({ activated: { do: [{ create_token: { name: 'Spark Elemental', abilities: ['Trample', 'Haste'], with: [{ text: 'At the beginning of the end step, sacrifice Spark Elemental.', triggered: { do: [{ sacrifice: 'self' }] } }] } }] } });
    expect(read('{U}: Create a 1/1 blue Faerie creature token named Cloud Sprite. It has flying and "Cloud Sprite can block only creatures with flying."'))
      .toMatchObject({ activated: { do: [{ create_token: { name: 'Cloud Sprite', abilities: ['Flying'], with: [{ text: 'Cloud Sprite can block only creatures with flying.' }] } }] } });
  });
});

describe('token colors and quoted token abilities', () => {
  it('reads the colors written after the token', () => {
    expect(read('{T}: Create an 8/8 Beast creature token that\'s red, green, and white.'))
      .toMatchObject({ activated: { do: [{ create_token: { type: 'Creature — Beast', pt: '8/8', colors: ['red', 'green', 'white'] } }] } });
  });

  it('says "this artifact", not the card name, in a Treasure\'s ability', () => {
    expect(read('Create a colorless Treasure artifact token with "{T}, Sacrifice this artifact: Add one mana of any color."', 'Foo', true)).toEqual({
      spell: { do: [{ create_token: { type: 'Artifact — Treasure', colors: [], with: [{ text: '{T}, Sacrifice this artifact: Add one mana of any color.', activated: { cost: '{T}, Sacrifice this artifact', do: [{ add_any_color: 1 }] } }] } }] },
    });
  });
});

describe('tokens tapped and attacking', () => {
  it('reads tokens that are tapped and attacking, named or not', () => {
    expect(read('Whenever Foo attacks, create two 1/1 white Soldier creature tokens that are tapped and attacking.')).toEqual({
      triggered: { when: { attacks: 'self' }, do: [{ create_token: { type: 'Creature — Soldier', pt: '1/1', colors: ['white'] }, amount: 2, tapped: true, attacking: true }] },
    });
    expect(read('Whenever Foo attacks, create a legendary 2/1 red Monkey creature token named Ragavan that\'s tapped and attacking.'))
      .toMatchObject({ triggered: { do: [{ create_token: { name: 'Ragavan', type: 'Legendary Creature — Monkey' }, tapped: true, attacking: true }] } });
  });
});
