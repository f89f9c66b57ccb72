// The compiler on "your" step triggers' bodies: coin flips (705.1), intervening "if" conditions about
// hands, boards, graveyards and the source's counters (603.4), and a step trigger's "it" after such a
// condition about the source.

import { describe, expect, it } from 'vitest';
import { compileParagraph } from '../dist/cards/oracle/templates.js';

const read = (text: string, spell = false) => compileParagraph(text, 'Foo', spell);
const upkeep = { step: 'upkeep', whose: 'you' };

describe('coin flips', () => {
  it('reads the lost side alone, and both sides after "you may"', () => {
    expect(read('At the beginning of your upkeep, flip a coin. If you lose the flip, Foo deals 3 damage to you.'))
      .toEqual({ triggered: { when: upkeep, do: [{ flip_coin: 'you', do: [], otherwise: [{ damage: 3, affected: 'you' }] }] } });
    expect(read('At the beginning of your upkeep, you may flip a coin. If you win the flip, put a +1/+1 counter on Foo. If you lose the flip, remove a +1/+1 counter from Foo.'))
      .toMatchObject({ triggered: { do: [{ may: [{ flip_coin: 'you', do: [{ put_counters: '+1/+1' }], otherwise: [{ remove_counters: '+1/+1' }] }] }] } });
  });
  it('reads a flip in an activated ability, its target chosen as it is activated', () => {
    expect(read('{T}: Flip a coin. If you win the flip, Foo deals 2 damage to any target.'))
      .toEqual({ activated: { cost: '{T}', targets: { t: 'any target' }, do: [{ flip_coin: 'you', do: [{ damage: 2, affected: 't' }] }] } });
  });
  it('leaves a flip without a won or lost side unread', () => {
    expect(read('Flip a coin.', true)).toHaveProperty('unsupported');
  });
});

describe('intervening conditions of step triggers', () => {
  it('reads hands, opponents\' boards and counts', () => {
    expect(read('At the beginning of your upkeep, if you have three or fewer cards in hand, draw a card.'))
      .toMatchObject({ triggered: { if: { hand_at_most: 3 } } });
    expect(read('At the beginning of your upkeep, if an opponent has no cards in hand, draw a card.'))
      .toMatchObject({ triggered: { if: { hand_empty: 'each_opponent' } } });
    expect(read('At the beginning of your upkeep, if your opponents control no creatures, Foo deals 4 damage to you.'))
      .toMatchObject({ triggered: { if: { controls: 'creatures', who: 'each_opponent', none: true } } });
    expect(read('At the beginning of your upkeep, if there are seven or more lands on the battlefield, destroy all lands.'))
      .toMatchObject({ triggered: { if: { at_least: 7, of: { count: 'land' } } } });
    expect(read('At the beginning of your upkeep, if there are 100 or more tower counters on Foo, you win the game.'))
      .toMatchObject({ triggered: { if: { counters_at_least: 100, counter: 'tower' } } });
  });
  it('makes "it" the source after a condition about the source, only in a step trigger', () => {
    expect(read("At the beginning of your upkeep, if Foo has no charge counters on it, return it to its owner's hand."))
      .toEqual({ triggered: { when: upkeep, if: { no_counters: 'charge' }, do: [{ return_to_hand: 'self' }] } });
    // "there are seven or more lands" is about no one object: "it" stays unread
    expect(read('At the beginning of your upkeep, if there are seven or more lands on the battlefield, sacrifice it.')).toHaveProperty('unsupported');
  });
  it('reads "for each card in target opponent\'s hand"', () => {
    expect(read("At the beginning of your upkeep, you gain 1 life for each card in target opponent's hand."))
      .toEqual({ triggered: { when: upkeep, targets: { t: 'opponent' }, do: [{ gain_life: { cards_in_hand: 't' } }] } });
  });
});

describe('poison counters', () => {
  it('reads "gets N poison counters" with its player', () => {
    expect(read('At the beginning of your upkeep, you get a poison counter.')).toEqual({ triggered: { when: upkeep, do: [{ get_poison: 1 }] } });
    expect(read('Whenever Foo deals combat damage to a player, that player gets two poison counters.'))
      .toMatchObject({ triggered: { do: [{ get_poison: 2, who: 'that_player' }] } });
  });
});
