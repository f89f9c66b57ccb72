// The compiler's templates for a whole hand revealed (701.16a) or looked at (608.2c): its cards
// counted, all of a kind discarded, or one chosen by the controller (608.2d) and put into the library.

import { describe, expect, it } from 'vitest';
import { compileParagraph } from '../dist/cards/oracle/templates.js';

const spell = (text: string) => compileParagraph(text, 'Foo', true);

describe('a revealed hand counted', () => {
  it('counts the cards of a kind in it, "X and Y card" being a card that is either', () => {
    expect(spell('Target opponent reveals their hand. You draw a card for each Forest and green card in it.'))
      .toEqual({ spell: { targets: { t: 'opponent' }, do: [{ reveal_hand: 't' }, { draw: { number_of: 'it', matching: 'Forest or green card' } }] } });
    expect(spell('Target player reveals their hand. Foo deals damage to that player equal to the number of white cards in their hand.'))
      .toEqual({ spell: { targets: { t: 'player' }, do: [{ reveal_hand: 't' }, { damage: { number_of: 'it', matching: 'white card' }, affected: 't' }] } });
    expect(spell("Target player reveals their hand. You gain life equal to the number of cards in that player's hand."))
      .toEqual({ spell: { targets: { t: 'player' }, do: [{ reveal_hand: 't' }, { gain_life: { number_of: 'it' } }] } });
  });
  it('discards all the cards of a kind', () => {
    expect(spell('Target player reveals their hand and discards all nonland cards.'))
      .toEqual({ spell: { targets: { t: 'player' }, do: [{ reveal_hand: 't' }, { discard: 'hand', who: 't', card: 'nonland card' }] } });
  });
});

describe('a card chosen from a revealed or looked-at hand', () => {
  it('puts it into the library at a place, or shuffles it in', () => {
    expect(spell('Target player reveals their hand. You choose a nonland card from it. That player puts that card into their library third from the top.'))
      .toEqual({ spell: { targets: { t: 'player' }, do: [{ reveal_hand: 't' }, { choose: { object: 'nonland card', among: 'it' } }, { put_on_library: 'chosen', nth_from_top: 3 }] } });
    expect(spell('Target opponent reveals their hand. You choose a card from it. That player shuffles that card into their library.'))
      .toEqual({ spell: { targets: { t: 'opponent' }, do: [{ reveal_hand: 't' }, { choose: { object: 'card', among: 'it' } }, { shuffle_into_library: 'chosen' }] } });
  });
  it('looks at the hand without revealing it', () => {
    expect(spell("Look at target opponent's hand and choose a card from it. Put that card on top of that player's library."))
      .toEqual({ spell: { targets: { t: 'opponent' }, do: [{ reveal_hand: 't', look: true }, { choose: { object: 'card', among: 'it' } }, { put_on_library: 'chosen' }] } });
  });
  it('leaves plural words after "a" unread', () => {
    expect(spell('Target player reveals their hand. You choose a nonland cards from it. That player shuffles that card into their library.')).toHaveProperty('unsupported');
  });
});

describe('a chosen card name (201.3)', () => {
  it('searches three zones of a player for the cards with that name', () => {
    expect(spell("Choose a nonland card name. Search target player's graveyard, hand, and library for all cards with that name and exile them. Then that player shuffles their library."))
      .toEqual({ spell: { targets: { t: 'player' }, do: [{ choose: 'card_name', nonland: true }, { search_zones: 'card with the chosen name', player: 't', zones: ['graveyard', 'hand', 'library'], find: 'all', to: 'exile' }, { shuffle: 't' }] } });
    expect(spell("Choose a card name. Search target opponent's graveyard, hand, and library for any number of cards with that name and exile them. Then that player shuffles their library."))
      .toEqual({ spell: { targets: { t: 'opponent' }, do: [{ choose: 'card_name' }, { search_zones: 'card with the chosen name', player: 't', zones: ['graveyard', 'hand', 'library'], find: 'any', to: 'exile' }, { shuffle: 't' }] } });
  });
  it('mills the top card and compares it with the name, "that card" being the card milled', () => {
    expect(spell('Choose a card name, then target player puts the top card of their library into their graveyard. If that card has the chosen name, you draw two cards. Otherwise, you draw a card.'))
      .toEqual({ spell: { targets: { t: 'player' }, do: [{ choose: 'card_name' }, { mill: 1, who: 't' }, { if: { is: 'card with the chosen name', what: 'it' }, do: [{ draw: 2 }], otherwise: [{ draw: 1 }] }] } });
  });
  it('has the revealed hand\'s owner discard a card with that name, and reads "if they can\'t"', () => {
    expect(spell("Choose a nonland card name. Target player reveals their hand. That player discards a card with that name. If they can't, you draw a card."))
      .toEqual({ spell: { targets: { t: 'player' }, do: [{ choose: 'card_name', nonland: true }, { reveal_hand: 't' }, { discard: 1, who: 't', card: 'card with the chosen name' }, { if_you_do: [], otherwise: [{ draw: 1 }] }] } });
  });
});

describe('the revealing player in a trigger', () => {
  it('names the target who revealed, not the player the trigger is about', () => {
    expect(compileParagraph('Whenever a player casts a spell, target opponent reveals their hand. Foo deals damage to that player equal to the number of white cards in their hand.', 'Foo', false))
      .toMatchObject({ triggered: { targets: { t: 'opponent' }, do: [{ reveal_hand: 't' }, { damage: { number_of: 'it', matching: 'white card' }, affected: 't' }] } });
  });
});
