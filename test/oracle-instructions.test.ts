// Oracle-text templates: "you may have [object or player] [verb]", searches of other shapes, and
// other instruction wordings read by the compiler.

import { describe, expect, it } from 'vitest';
import { compileParagraph } from '../dist/cards/oracle/templates.js';

const unread = (d: object) => 'unsupported' in d;

describe('"you may have X do Y" (608.2d)', () => {
  it('reads the instruction with its own subject, optional for you', () => {
    expect(compileParagraph('When X dies, you may have it deal 1 damage to any target.', 'X', false))
      .toEqual({ triggered: { when: { dies: 'self' }, targets: { t: 'any target' }, do: [{ may: [{ damage: 1, affected: 't' }] }] } });
    expect(compileParagraph('When X enters the battlefield, you may have target opponent discard a card.', 'X', false))
      .toEqual({ triggered: { when: { enters: 'self' }, targets: { t: 'opponent' }, do: [{ may: [{ discard: 1, who: 't' }] }] } });
    expect(compileParagraph('Whenever X attacks, you may have target creature get +2/+0 until end of turn.', 'X', false))
      .toEqual({ triggered: { when: { attacks: 'self' }, targets: { t: 'creature' }, do: [{ may: [{ pump: '+2/+0', affected: 't', until: 'end_of_turn' }] }] } });
  });
  it('keeps the plural verb of a group', () => {
    expect(compileParagraph('Whenever X attacks, you may have creatures you control get +1/+0 until end of turn.', 'X', false))
      .toEqual({ triggered: { when: { attacks: 'self' }, do: [{ may: [{ pump: '+1/+0', affected: { all: 'creatures you control' }, until: 'end_of_turn' }] }] } });
  });
  it('leaves a verb it has no template for unread', () => {
    expect(unread(compileParagraph('You may have X assign its combat damage this turn to a creature defending player controls.', 'X', false))).toBe(true);
  });
});

describe('searches of other shapes (701.19)', () => {
  it('puts the card found on top after the shuffle, as one instruction', () => {
    expect(compileParagraph('Search your library for a card, then shuffle your library and put that card on top of it. You lose 2 life.', 'X', true))
      .toEqual({ spell: { do: [{ search: 'card', to: 'library_top' }, { lose_life: 2 }] } });
    expect(compileParagraph('Search your library for a creature card and reveal that card. Shuffle your library, then put the card on top of it.', 'X', true))
      .toEqual({ spell: { do: [{ search: 'creature card', to: 'library_top', reveal: true }] } });
    expect(compileParagraph('When X enters the battlefield, you may search your library for an Elf card, reveal it, then shuffle your library and put that card on top of it.', 'X', false))
      .toEqual({ triggered: { when: { enters: 'self' }, do: [{ may: [{ search: 'Elf card', to: 'library_top', reveal: true }] }] } });
  });
  it('puts the cards found into the graveyard, or exiles them', () => {
    expect(compileParagraph('Search your library for up to three creature cards and put them into your graveyard. Then shuffle your library.', 'X', true))
      .toEqual({ spell: { do: [{ search: 'creature card', to: 'graveyard', up_to: 3 }, { shuffle: 'you' }] } });
    expect(compileParagraph('Search your library for a card, exile it, then shuffle your library.', 'X', true))
      .toEqual({ spell: { do: [{ search: 'card', to: 'exile' }, { shuffle: 'you' }] } });
  });
  it('reads "a card named CARDNAME" as a filter on the source\'s name', () => {
    expect(compileParagraph('When X enters the battlefield, you may search your library for a card named X, reveal it, and put it into your hand. If you do, shuffle your library.', 'X', false))
      .toEqual({ triggered: { when: { enters: 'self' }, do: [{ may: [{ search: 'card named CARDNAME', to: 'hand', reveal: true }, { shuffle: 'you' }] }] } });
  });
});

describe('"Until end of turn, ..." with an ability in quotes (613.1f)', () => {
  it('gives the quoted ability, compiled as a paragraph of its own, for the turn', () => {
    expect(compileParagraph('Until end of turn, target creature gains "{T}: Return target nonland permanent to its owner\'s hand."', 'X', true))
      .toEqual({ spell: { targets: { t: 'creature' }, do: [{ grant: [], affected: 't', until: 'end_of_turn', with: {
        text: '{T}: Return target nonland permanent to its owner\'s hand.',
        activated: { cost: '{T}', targets: { t: 'nonland permanent' }, do: [{ return_to_hand: 't' }] },
      } }] } });
    expect(compileParagraph('Until end of turn, creatures you control gain "{1}: Regenerate this creature."', 'X', true))
      .toEqual({ spell: { do: [{ grant: [], affected: { all: 'creatures you control' }, until: 'end_of_turn', with: {
        text: '{1}: Regenerate this creature.', activated: { cost: '{1}', do: [{ regenerate: 'self' }] },
      } }] } });
  });
  it('moves a duration written first to the end after another sentence too', () => {
    expect(compileParagraph('Gain control of target creature until end of turn. Untap that creature. Until end of turn, it gets +2/+0 and gains haste.', 'X', true))
      .not.toHaveProperty('unsupported');
  });
  it('leaves "it" inside the quoted ability alone (its own trigger\'s object)', () => {
    const d = compileParagraph('Until end of turn, target creature gets +2/+0 and gains "When this creature dies, return it to the battlefield tapped under its owner\'s control."', 'X', true);
    expect(JSON.stringify(d)).not.toContain('"return_to_battlefield":"t"');
  });
});

describe('looking at and revealing the top cards (701.16a)', () => {
  it('takes every card of a kind among those revealed', () => {
    expect(compileParagraph('When X enters the battlefield, reveal the top four cards of your library. Put all Goblin cards revealed this way into your hand and the rest on the bottom of your library in any order.', 'X', false))
      .toEqual({ triggered: { when: { enters: 'self' }, do: [{ dig: 4, take: 'all', card: 'Goblin card', reveal: 'all', rest: 'bottom' }] } });
  });
  it('puts the cards back in any order', () => {
    expect(compileParagraph('Look at the top five cards of your library, then put them back in any order.', 'X', true))
      .toEqual({ spell: { do: [{ dig: 5, take: 0, rest: 'top' }] } });
  });
  it('reads "the other", a revealed optional card, and a land put onto the battlefield tapped', () => {
    expect(compileParagraph('Look at the top two cards of your library. Put one of them into your hand and the other on the bottom of your library.', 'X', true))
      .toEqual({ spell: { do: [{ dig: 2, take: 1, rest: 'bottom' }] } });
    expect(compileParagraph('Reveal the top five cards of your library. You may put a creature or land card from among them into your hand. Put the rest into your graveyard.', 'X', true))
      .toEqual({ spell: { do: [{ dig: 5, take: 1, card: 'creature or land card', optional: true, reveal: 'all', rest: 'graveyard' }] } });
    expect(compileParagraph('Look at the top five cards of your library. You may put a land card from among them onto the battlefield tapped. Put the rest on the bottom of your library in a random order.', 'X', true))
      .toEqual({ spell: { do: [{ dig: 5, take: 1, card: 'land card', optional: true, to: 'battlefield', tapped: true, rest: 'bottom_random' }] } });
  });
});

describe('step triggers: "they control" and "other than CARDNAME"', () => {
  it('reads "they control" after "that player" as that player\'s', () => {
    expect(compileParagraph('At the beginning of each player\'s upkeep, X deals damage to that player equal to the number of Swamps they control.', 'X', false))
      .toEqual({ triggered: { when: { step: 'upkeep', whose: 'each' }, do: [{ damage: { count: 'Swamps that player controls' }, affected: 'that_player' }] } });
  });
  it('reads "a creature other than CARDNAME" as "another creature"', () => {
    expect(compileParagraph('At the beginning of your upkeep, sacrifice a creature other than X.', 'X', false))
      .toEqual({ triggered: { when: { step: 'upkeep', whose: 'you' }, do: [{ sacrifice: 'another creature' }] } });
  });
});

describe('a condition written after its instruction (608.2c)', () => {
  it('asks "it\'s ..." of what the instruction acts on, a spell as a spell', () => {
    expect(compileParagraph('Counter target spell if it\'s red.', 'X', true))
      .toEqual({ spell: { targets: { t: 'spell' }, do: [{ if: { is: 'red spell', what: 't' }, do: [{ counter: 't' }] }] } });
    expect(compileParagraph('At the beginning of your upkeep, put a +1/+1 counter on equipped creature if it\'s white.', 'X', false))
      .toEqual({ triggered: { when: { step: 'upkeep', whose: 'you' }, do: [{ if: { is: 'white permanent', what: 'equipped' }, do: [{ put_counters: '+1/+1', amount: 1, affected: 'equipped' }] }] } });
  });
  it('reads the conditions of "If ..., ..." after the instruction, and "you don\'t control an Ogre"', () => {
    expect(compileParagraph('At the beginning of your upkeep, you lose 2 life if you don\'t control an Ogre.', 'X', false))
      .toEqual({ triggered: { when: { step: 'upkeep', whose: 'you' }, do: [{ if: { controls: 'Ogre', none: true }, do: [{ lose_life: 2 }] }] } });
  });
});
