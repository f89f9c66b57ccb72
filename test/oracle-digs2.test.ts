// The compiler's reading of the top card revealed (701.16a) and moved by its kind, "scry N, then reveal
// the top card", and searches for several descriptions at once (701.19a).

import { describe, expect, it } from 'vitest';
import { compileParagraph } from '../dist/cards/oracle/templates.js';

const read = (text: string, spell = false) => compileParagraph(text, 'Foo', spell);

describe('the top card revealed and moved by its kind', () => {
  it('reads "If it\'s a F, put it ... Otherwise, put it ..." as a one-card dig', () => {
    expect(read("{2}{G}{G}: Reveal the top card of your library. If it's a creature card, put it onto the battlefield. Otherwise, put it into your graveyard."))
      .toEqual({ activated: { cost: '{2}{G}{G}', do: [{ dig: 1, take: 'all', card: 'creature card', reveal: 'all', to: 'battlefield', rest: 'graveyard' }] } });
    expect(read("When Foo enters, reveal the top card of your library. If it's a land card, put it onto the battlefield. Otherwise, put that card into your hand."))
      .toMatchObject({ triggered: { do: [{ dig: 1, take: 'all', card: 'land card', to: 'battlefield', rest: 'hand' }] } });
  });
  it('leaves the card on top without "Otherwise"', () => {
    expect(read("Whenever you cast a blue creature spell, reveal the top card of your library. If it's a creature card, put that card into your hand."))
      .toMatchObject({ triggered: { do: [{ dig: 1, take: 'all', card: 'creature card', rest: 'top' }] } });
  });
  it('reads a scry before the reveal', () => {
    expect(read("When Foo enters, scry 2, then reveal the top card of your library. If it's a creature card, put it into your hand."))
      .toMatchObject({ triggered: { do: [{ scry: 2 }, { dig: 1, take: 'all', card: 'creature card', rest: 'top' }] } });
  });
  it('reads a reveal alone, its card then named by "it" and "that card"', () => {
    expect(read('Scry 3, then reveal the top card of your library. Draw cards equal to that card\'s mana value.', true))
      .toEqual({ spell: { do: [{ scry: 3 }, { reveal_top: 'you' }, { draw: { mana_value_of: 'it' } }] } });
    expect(read("{2}: Reveal the top card of your library. If it's a land card, Foo gets +2/+2 until end of turn."))
      .toMatchObject({ activated: { do: [{ reveal_top: 'you' }, { if: { is: 'land card', what: 'it' } }] } });
  });
});

describe('searches for several descriptions', () => {
  it('reads "a F card and a G card" as one search with `also`', () => {
    expect(read('Search your library for a Plains card, an Island card, a Swamp card, and a Mountain card. Reveal those cards and put them into your hand. Then shuffle your library.', true))
      .toEqual({ spell: { do: [{ search: 'Plains card', to: 'hand', reveal: true, also: ['Island card', 'Swamp card', 'Mountain card'] }, { shuffle: 'you' }] } });
    expect(read('{2}, {T}, Sacrifice Foo: Search your library for a Forest card and a Plains card, put them onto the battlefield tapped, then shuffle your library.'))
      .toMatchObject({ activated: { do: [{ search: 'Forest card', to: 'battlefield', tapped: true, also: ['Plains card'] }, { shuffle: 'you' }] } });
  });
  it('still reads "a F card and put it ..." as one description', () => {
    expect(read('Search your library for a basic land card and put it onto the battlefield. Then shuffle your library.', true))
      .toEqual({ spell: { do: [{ search: 'basic land card', to: 'battlefield' }, { shuffle: 'you' }] } });
  });
});

describe('looking at the top cards', () => {
  it('reads "You may have that player shuffle their library" after putting them back', () => {
    expect(read("Look at the top three cards of target player's library, then put them back in any order. You may have that player shuffle their library.", true))
      .toEqual({ spell: { targets: { t: 'player' }, do: [{ dig: 3, take: 0, rest: 'top', library: 't' }, { may: [{ shuffle: 't' }] }] } });
  });
  it('reads your own top card put into your graveyard as an optional dig', () => {
    expect(read('{2}{U}: Look at the top card of your library. You may put that card into your graveyard.'))
      .toEqual({ activated: { cost: '{2}{U}', do: [{ dig: 1, take: 1, optional: true, to: 'graveyard', rest: 'top' }] } });
  });
});

describe('a card exiled from a revealed hand until the source leaves', () => {
  it('reads "Exile that card until CARDNAME leaves the battlefield"', () => {
    expect(read('When Foo enters, target opponent reveals their hand and you choose a nonland card from it. Exile that card until Foo leaves the battlefield.'))
      .toMatchObject({ triggered: { do: [{ exile_from_hand: 1, who: 't', chosen_by: 'you', card: 'nonland card', until: 'source_leaves' }] } });
  });
});
