// The compiler's cast trigger heads (603.2, 601.2i): spells of both of two colors, lists of
// capitalised subtypes, spells cast from a graveyard; and changes for the turn each naming the duration.

import { describe, expect, it } from 'vitest';
import { compileParagraph } from '../dist/cards/oracle/templates.js';
import { parseFilter } from '../dist/cards/filter.js';

const read = (text: string, spell = false) => compileParagraph(text, 'Foo', spell);

describe('cast trigger heads', () => {
  it('reads "a spell that\'s both red and white" as a spell of each color', () => {
    expect(read("Whenever you cast a spell that's both red and white, draw a card."))
      .toEqual({ triggered: { when: { cast: "spell that's both red and white", by: 'you' }, do: [{ draw: 1 }] } });
    expect(parseFilter("spell that's both red and white")).toMatchObject({ terms: [{ kind: 'spell', colors: ['R', 'W'] }] });
  });
  it('reads a comma list of capitalised subtypes', () => {
    expect(read('Whenever you cast an Aura, Equipment, or Vehicle spell, draw a card.'))
      .toMatchObject({ triggered: { when: { cast: 'Aura, Equipment, or Vehicle spell', by: 'you' } } });
    // a comma before CARDNAME still ends the filter
    expect(read('Whenever you cast an Aura spell, Foo gets +1/+1 until end of turn.'))
      .toMatchObject({ triggered: { when: { cast: 'Aura spell' }, do: [{ pump: '+1/+1', affected: 'self' }] } });
  });
  it('reads "a spell from a graveyard" as where the spell was cast from', () => {
    expect(read('Whenever a player casts a spell from a graveyard, Foo deals 3 damage to that player.'))
      .toEqual({ triggered: { when: { cast: 'spell', by: 'any', from: 'graveyard' }, do: [{ damage: 3, affected: 'that_player' }] } });
  });
});

describe('changes each naming their duration', () => {
  it('reads "... until end of turn and gains K until end of turn" and "... and can\'t be blocked this turn"', () => {
    expect(read('Whenever you cast a spell, Foo has base power and toughness 4/2 until end of turn and gains first strike until end of turn.'))
      .toMatchObject({ triggered: { do: [{ become: { pt: '4/2' }, affected: 'self', until: 'end_of_turn' }, { grant: ['First strike'], affected: 'self', until: 'end_of_turn' }] } });
    expect(read("Whenever you cast a spell, Foo has base power and toughness 3/3 until end of turn and can't be blocked this turn."))
      .toMatchObject({ triggered: { do: [{ become: { pt: '3/3' }, affected: 'self' }, { cant: 'be_blocked', affected: 'self', until: 'end_of_turn' }] } });
  });
});
