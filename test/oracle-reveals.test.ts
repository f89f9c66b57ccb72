// The compiler's reading of reveals (701.16a): cards revealed from the top of a library until a card of
// a kind turns up, and where the card found and the others go (608.2c).

import { describe, expect, it } from 'vitest';
import { compileParagraph } from '../dist/cards/oracle/templates.js';

const read = (text: string, spell = false) => compileParagraph(text, 'Foo', spell);

describe('revealing cards until a card of a kind is revealed', () => {
  it('reads the card found and the others, in your own library', () => {
    expect(read('{G}, {T}: Reveal cards from the top of your library until you reveal a basic land card. Put that card into your hand and all other cards revealed this way into your graveyard.'))
      .toEqual({ activated: { cost: '{G}, {T}', do: [{ dig: 1, until: 'basic land card', to: 'hand', rest: 'graveyard' }] } });
    expect(read('{G}, Sacrifice a creature: Reveal cards from the top of your library until you reveal a creature card. Put that card onto the battlefield and the rest on the bottom of your library in a random order.'))
      .toMatchObject({ activated: { do: [{ dig: 1, until: 'creature card', to: 'battlefield', rest: 'bottom_random' }] } });
    expect(read('{1}{W}, Sacrifice Foo: Reveal cards from the top of your library until you reveal a white card. Put that card into your hand and exile all other cards revealed this way.'))
      .toMatchObject({ activated: { do: [{ dig: 1, until: 'white card', to: 'hand', rest: 'exile' }] } });
    expect(read('Reveal cards from the top of your library until you reveal a nonland card, then put all cards revealed this way into your hand.', true))
      .toEqual({ spell: { do: [{ dig: 1, until: 'nonland card', to: 'hand', rest: 'hand' }] } });
  });
  it('reads "you may" and "If you do" around the reveal', () => {
    expect(read('When Foo enters, you may reveal cards from the top of your library until you reveal a creature card. If you do, put that card onto the battlefield and shuffle all other cards revealed this way into your library.'))
      .toMatchObject({ triggered: { do: [{ may: [{ dig: 1, until: 'creature card', to: 'battlefield', rest: 'shuffle' }] }] } });
    expect(read('When Foo dies, you may exile it. If you do, reveal cards from the top of your library until you reveal a creature card. Put that card onto the battlefield and put all other cards revealed this way into your graveyard.'))
      .toMatchObject({ triggered: { do: [{ may: [{ exile: 'it' }] }, { if_you_do: [{ dig: 1, until: 'creature card', to: 'battlefield', rest: 'graveyard' }] }] } });
  });
  it('reads another player revealing, and a count of cards of the kind', () => {
    expect(read('{1}, Sacrifice a creature: Target player reveals cards from the top of their library until they reveal a land card, then puts those cards into their graveyard.'))
      .toMatchObject({ activated: { targets: { t: 'player' }, do: [{ dig: 1, until: 'land card', to: 'graveyard', rest: 'graveyard', library: 't' }] } });
    expect(read('Target opponent reveals cards from the top of their library until four land cards are revealed. That player puts all cards revealed this way into their graveyard.', true))
      .toEqual({ spell: { targets: { t: 'opponent' }, do: [{ dig: 4, until: 'land card', to: 'graveyard', rest: 'graveyard', library: 't' }] } });
  });
  it('leaves a count that disagrees with its noun unread', () => {
    expect(read('Reveal cards from the top of your library until you reveal two land card. Put that card into your hand and the rest into your graveyard.', true)).toHaveProperty('unsupported');
  });
});

describe('revealing any number of cards from the hand', () => {
  it('reads the reveal and the next sentence counting the cards revealed this way', () => {
    expect(read('Reveal any number of red cards in your hand. Foo deals X damage to any target, where X is the number of cards revealed this way.', true))
      .toEqual({ spell: { targets: { t: 'any target' }, do: [{ reveal_from_hand: 'red card' }, { damage: { number_of: 'it' }, affected: 't' }] } });
    expect(read('Reveal any number of white cards in your hand. You gain 2 life for each card revealed this way.', true))
      .toEqual({ spell: { do: [{ reveal_from_hand: 'white card' }, { gain_life: { times: [2, { number_of: 'it' }] } }] } });
    expect(read('Reveal any number of blue cards in your hand. Counter target spell unless its controller pays {1} for each card revealed this way.', true))
      .toEqual({ spell: { targets: { t: 'spell' }, do: [{ reveal_from_hand: 'blue card' }, { unless: '{1}', who: 'controller_of:t', do: [{ counter: 't' }], times: { number_of: 'it' } }] } });
  });
  it('leaves "revealed this way" unread anywhere else', () => {
    expect(read('You gain 2 life for each card revealed this way.', true)).toHaveProperty('unsupported');
    expect(read('Reveal any number of green cards in your hand. Return it to its owner\'s hand for each card revealed this way.', true)).toHaveProperty('unsupported');
  });
});

describe('each player revealing their top card, and something for each card of a kind', () => {
  it('reads tokens or counters made once for each F card revealed this way', () => {
    expect(read('Each player reveals the top card of their library. For each nonland card revealed this way, you create a 3/3 green Elephant creature token. Then each player draws a card.', true))
      .toEqual({ spell: { do: [
        { reveal_top: 'each_player' },
        { create_token: { type: 'Creature — Elephant', pt: '3/3', colors: ['green'] }, amount: { number_of: 'it', matching: 'nonland card' } },
        { draw: 1, who: 'each_player' },
      ] } });
    expect(read('When Foo enters, each player reveals the top card of their library. For each nonland card revealed this way, put a +1/+1 counter on Foo. Then each player draws a card.'))
      .toMatchObject({ triggered: { do: [{ reveal_top: 'each_player' }, { put_counters: '+1/+1', amount: { number_of: 'it', matching: 'nonland card' }, affected: 'self' }, { draw: 1 }] } });
  });
  it('leaves other instructions after "for each" unread', () => {
    expect(read('Each player reveals the top card of their library. For each nonland card revealed this way, you gain 1 life.', true)).toHaveProperty('unsupported');
  });
});
