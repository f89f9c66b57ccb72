// The compiler's templates for hands and the top of the library: discarding at random (701.8b),
// cards chosen from a revealed hand and discarded or exiled (701.16a, 701.8b), and revealing the top
// cards of a library to put some of a kind into hand (701.16a).

import { describe, expect, it } from 'vitest';
import { compileParagraph } from '../dist/cards/oracle/templates.js';

const spell = (text: string) => compileParagraph(text, 'Foo', true);
const ability = (text: string) => compileParagraph(text, 'Foo', false);

describe('discarding at random', () => {
  it('reads "discards N cards at random" for a target, "that player", each player and the imperative', () => {
    expect(spell('Target player discards two cards at random.')).toEqual({ spell: { targets: { t: 'player' }, do: [{ discard: 2, who: 't', random: true }] } });
    expect(spell('Target player discards X cards at random.')).toEqual({ spell: { targets: { t: 'player' }, do: [{ discard: 'X', who: 't', random: true }] } });
    expect(ability('Whenever Foo deals damage to an opponent, that player discards a card at random.')).toEqual({ triggered: { when: { deals_damage: 'self', to: 'opponent' }, do: [{ discard: 1, who: 'that_player', random: true }] } });
    expect(spell('Draw two cards, then discard a card at random.')).toEqual({ spell: { do: [{ draw: 2 }, { discard: 1, random: true }] } });
    expect(spell('Each player draws three cards, then discards three cards at random.')).toEqual({ spell: { do: [{ draw: 3, who: 'each_player' }, { discard: 3, who: 'each_player', random: true }] } });
  });
  it('lets "loses N life" and "mills N cards" share their sentence\'s subject', () => {
    expect(spell('Target player discards two cards and loses 2 life.')).toEqual({ spell: { targets: { t: 'player' }, do: [{ discard: 2, who: 't' }, { lose_life: 2, who: 't' }] } });
    expect(spell('Target opponent loses 3 life and mills three cards.')).toEqual({ spell: { targets: { t: 'opponent' }, do: [{ lose_life: 3, who: 't' }, { mill: 3, who: 't' }] } });
    expect(spell('Discard a card and lose 2 life.')).toEqual({ spell: { do: [{ discard: 1 }, { lose_life: 2 }] } });
  });
});

describe('cards chosen from a revealed hand', () => {
  it('reads the chosen discard in its wordings, with a count and a mana value limit', () => {
    expect(spell('Target player reveals their hand. You choose a nonland card from it with converted mana cost 3 or less. That player discards that card.'))
      .toEqual({ spell: { targets: { t: 'player' }, do: [{ discard: 1, who: 't', chosen_by: 'you', card: 'nonland card with mana value 3 or less' }] } });
    expect(spell('Target player reveals their hand and you choose two cards from it. That player discards those cards.'))
      .toEqual({ spell: { targets: { t: 'player' }, do: [{ discard: 2, who: 't', chosen_by: 'you' }] } });
  });
  it('reads a chosen card exiled from the hand', () => {
    expect(spell('Target opponent reveals their hand. You choose a nonland card from it and exile that card.'))
      .toEqual({ spell: { targets: { t: 'opponent' }, do: [{ exile_from_hand: 1, who: 't', chosen_by: 'you', card: 'nonland card' }] } });
    expect(ability('Whenever Foo deals combat damage to a player, that player reveals their hand. You choose a card from it. That player exiles that card.'))
      .toEqual({ triggered: { when: { deals_damage: 'self', to: 'player', combat: true }, do: [{ exile_from_hand: 1, who: 'that_player', chosen_by: 'you' }] } });
  });
  it('leaves a count that disagrees with its noun unread', () => {
    expect(spell('Target player reveals their hand and you choose two card from it. That player discards those cards.')).toHaveProperty('unsupported');
  });
});

describe('revealing the top cards of a library', () => {
  it('reads "Put a / up to N F from among them into your hand and the rest ..." after a reveal', () => {
    expect(spell('Reveal the top four cards of your library. Put a creature card from among them into your hand and the rest into your graveyard.'))
      .toEqual({ spell: { do: [{ dig: 4, take: 1, card: 'creature card', rest: 'graveyard', reveal: 'all' }] } });
    expect(spell('Reveal the top five cards of your library. Put up to two instant and/or sorcery cards from among them into your hand and the rest into your graveyard.'))
      .toEqual({ spell: { do: [{ dig: 5, take: 2, card: 'instant and/or sorcery card', optional: true, rest: 'graveyard', reveal: 'all' }] } });
    expect(spell('Reveal the top eight cards of your library. You may put a creature card from among them onto the battlefield. Put the rest into your graveyard.'))
      .toEqual({ spell: { do: [{ dig: 8, take: 1, card: 'creature card', optional: true, to: 'battlefield', rest: 'graveyard', reveal: 'all' }] } });
  });
});

describe('"that many cards" and "cards equal to"', () => {
  it('reads "that many cards" as the amount of a damage trigger, and after a discarded hand as the cards discarded', () => {
    expect(ability('Whenever Foo deals combat damage to a player, that player discards that many cards.'))
      .toEqual({ triggered: { when: { deals_damage: 'self', to: 'player', combat: true }, do: [{ discard: 'event_amount', who: 'that_player' }] } });
    expect(ability('Whenever Foo deals damage to a player, that player discards all the cards in their hand, then draws that many cards.'))
      .toEqual({ triggered: { when: { deals_damage: 'self', to: 'player' }, do: [{ discard: 'hand', who: 'that_player' }, { draw: { number_of: 'it' }, who: 'that_player' }] } });
    expect(spell('Target player discards all the cards in their hand, then draws that many cards.'))
      .toEqual({ spell: { targets: { t: 'player' }, do: [{ discard: 'hand', who: 't' }, { draw: { number_of: 'it' }, who: 't' }] } });
  });
  it('leaves "that many" unread where it would count every player\'s cards or has no event amount', () => {
    expect(spell('Each player discards all the cards in their hand, then draws that many cards.')).toHaveProperty('unsupported');
    expect(spell('Target player draws that many cards.')).toHaveProperty('unsupported');
  });
  it('reads "draw cards equal to [amount]"', () => {
    expect(spell('Draw cards equal to the number of cards in your hand.')).toEqual({ spell: { do: [{ draw: { cards_in_hand: 'you' } }] } });
  });
});

describe('X targets', () => {
  it('reads "X target" and "up to X target" with the X of the cost', () => {
    expect(spell('Return X target creatures to their owners\' hands.')).toEqual({ spell: { targets: { t: { filter: 'creature', count: 'X' } }, do: [{ return_to_hand: 't' }] } });
    expect(ability('{X}, {T}: Tap X target creatures.')).toEqual({ activated: { cost: '{X}, {T}', targets: { t: { filter: 'creature', count: 'X' } }, do: [{ tap: 't' }] } });
  });
  it('leaves X targets unread without an announced X', () => {
    expect(ability('{T}: Tap X target creatures.')).toHaveProperty('unsupported');
    expect(ability('When Foo enters, return X target creatures to their owners\' hands.')).toHaveProperty('unsupported');
    expect(spell('Return up to X target creatures to their owners\' hands, where X is the number of creatures you control.')).toHaveProperty('unsupported');
  });
});

describe('looking at a hand, and discards or draws counted', () => {
  it('reads "look at [player]\'s hand and choose N cards from it. That player discards those cards." as a look, not a reveal', () => {
    expect(ability('Whenever Foo deals combat damage to a player, look at that player\'s hand and choose a card from it. The player discards that card.'))
      .toEqual({ triggered: { when: { deals_damage: 'self', to: 'player', combat: true }, do: [{ discard: 1, who: 'that_player', chosen_by: 'you', look: true }] } });
    expect(spell('Look at target opponent\'s hand and choose X cards from it. That player discards those cards.'))
      .toEqual({ spell: { targets: { t: 'opponent' }, do: [{ discard: 'X', who: 't', chosen_by: 'you', look: true }] } });
  });
  it('reads "discards a card for each F" and "draw cards equal to the greatest power among ..."', () => {
    expect(ability('At the beginning of your upkeep, target opponent discards a card for each Shrine you control.'))
      .toEqual({ triggered: { when: { step: 'upkeep', whose: 'you' }, targets: { t: 'opponent' }, do: [{ discard: { count: 'Shrine you control' }, who: 't' }] } });
    expect(spell('Draw cards equal to the sacrificed creature\'s power.')).toEqual({ spell: { do: [{ draw: { power_of: 'sacrificed' } }] } });
  });
});
