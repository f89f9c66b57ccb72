// Compiler templates for self-contained mechanisms: mana for the counters a cost removed (107.3),
// "your hand" after the card's own dying (400.3), and prevention "to you by [sources]" (615.1a).

import { describe, expect, it } from 'vitest';
import { compileParagraph } from '../dist/cards/oracle/templates.js';

const read = (text: string) => compileParagraph(text, 'Foo', false);
const unread = (text: string) => expect(read(text)).toHaveProperty('unsupported');

describe('mana for the counters removed to pay a cost', () => {
  it('reads storage lands, batteries and X mana in a combination of types', () => {
    expect(read('{T}, Remove any number of storage counters from CARDNAME: Add {B} for each storage counter removed this way.'))
      .toEqual({ activated: { cost: '{T}, Remove any number of storage counters from Foo', do: [{ add: '{B}', times: 'X' }] } });
    expect(read('{T}, Remove any number of charge counters from CARDNAME: Add {R}, then add an additional {R} for each charge counter removed this way.'))
      .toEqual({ activated: { cost: '{T}, Remove any number of charge counters from Foo', do: [{ add: '{R}' }, { add: '{R}', times: 'X' }] } });
    expect(read('{1}, Remove X storage counters from CARDNAME: Add X mana in any combination of {W} and/or {U}.'))
      .toEqual({ activated: { cost: '{1}, Remove X storage counters from Foo', do: [{ add_any_color: 'X', among: '{W}{U}' }] } });
    expect(read('{1}, Remove X ki counters from CARDNAME: Add X mana of any one color.'))
      .toEqual({ activated: { cost: '{1}, Remove X ki counters from Foo', do: [{ add_any_color: 'X', one_color: true }] } });
  });

  it('refuses the wording where no cost removed those counters', () => {
    unread('{T}, Remove any number of storage counters from CARDNAME: Add {B} for each charge counter removed this way.');
    unread('{T}: Add {B} for each storage counter removed this way.');
    unread('{T}: Add X mana of any one color.');
  });
});

describe('the card after its own dying', () => {
  it('reads "your hand" and "your library" as its owner\'s', () => {
    expect(read('When CARDNAME is put into your graveyard from the battlefield, you may return it to your hand.'))
      .toEqual({ triggered: { when: { put_into_graveyard: 'self', from: 'battlefield', owner: 'you' }, do: [{ may: [{ return_to_hand: 'it' }] }] } });
    expect(read('When CARDNAME dies, you may shuffle CARDNAME into your library.'))
      .toEqual({ triggered: { when: { dies: 'self' }, do: [{ may: [{ shuffle_into_library: 'it' }] }] } });
    unread('Whenever a creature dies, return it to your hand.');
  });
});

describe('prevention statics', () => {
  it('reads damage to you by a kind of source', () => {
    expect(read("Prevent all damage that would be dealt to you by sources you don't control."))
      .toEqual({ replacement: { prevent_all: true, to: 'you', from: "source you don't control" } });
  });
});
