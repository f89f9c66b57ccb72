// Compiler templates for impulse draw (exiling from the top of a library with a permission to play
// the cards, 601.3) and for looking at the top of a library.

import { describe, expect, it } from 'vitest';
import { compileParagraph } from '../dist/cards/oracle/templates.js';
import { runClean, yaml } from './helpers.js';

const read = (text: string, spell = false) => compileParagraph(text, 'Foo', spell);

describe('impulse draw: exile the top cards, then a permission to play them', () => {
  it('reads the duration: this turn, until end of turn, until the end of your next turn, as long as exiled', () => {
    expect(read('Exile the top card of your library. You may play that card this turn.', true))
      .toEqual({ spell: { do: [{ exile_top: 'you' }, { may_play: 'it', until: 'end_of_turn' }] } });
    expect(read('Exile the top three cards of your library. Until end of turn, you may play cards exiled this way.', true))
      .toEqual({ spell: { do: [{ exile_top: 'you', amount: 3 }, { may_play: 'it', until: 'end_of_turn' }] } });
    expect(read('Exile the top X cards of your library. Until the end of your next turn, you may play those cards.', true))
      .toEqual({ spell: { do: [{ exile_top: 'you', amount: 'X' }, { may_play: 'it', until: 'end_of_your_next_turn' }] } });
    expect(read('Whenever Foo deals combat damage to a player, exile the top card of that player\'s library. You may cast that card for as long as it remains exiled.'))
      .toEqual({ triggered: { when: { deals_damage: 'self', to: 'player', combat: true }, do: [{ exile_top: 'that_player' }, { may_play: 'it', until: 'permanent', cast_only: true }] } });
  });

  it('reads the player who exiles, and "cast" as a permission that plays no land', () => {
    expect(read('{2}, {T}: Target opponent exiles the top card of their library. You may play that card this turn.'))
      .toEqual({ activated: { cost: '{2}, {T}', targets: { t: 'opponent' }, do: [{ exile_top: 't' }, { may_play: 'it', until: 'end_of_turn' }] } });
    expect(read('Exile the top seven cards of your library. Until end of turn, you may cast nonland cards exiled this way.', true))
      .toEqual({ spell: { do: [{ exile_top: 'you', amount: 7 }, { may_play: 'it', until: 'end_of_turn', cast_only: true }] } });
    expect(read('At the beginning of your upkeep, exile the top card of your library. If it\'s a nonland card, you may cast that card this turn.'))
      .toEqual({ triggered: { when: { step: 'upkeep', whose: 'you' }, do: [{ exile_top: 'you' }, { if: { is: 'nonland card', what: 'it' }, do: [{ may_play: 'it', until: 'end_of_turn', cast_only: true }] }] } });
  });

  it('reads "without paying its mana cost", and "Shuffle your library. Then exile ..."', () => {
    expect(read('Shuffle your library. Then exile the top card of your library. Until end of turn, you may play that card without paying its mana cost.', true))
      .toEqual({ spell: { do: [{ shuffle: 'you' }, { exile_top: 'you' }, { may_play: 'it', until: 'end_of_turn', without_paying: true }] } });
  });

  it('leaves unread a card exiled face down, and a permission with no exile before it', () => {
    expect(read('Exile the top card of your library face down. You may play it this turn.', true)).toHaveProperty('unsupported');
    expect(read('You may play that card this turn.', true)).toHaveProperty('unsupported');
  });
});

describe('looking at the top of a library', () => {
  it('reads "Then put the rest", "one of those cards", the rest back on top, and X', () => {
    expect(read('Look at the top five cards of your library. You may reveal a colorless card from among them and put it into your hand. Then put the rest on the bottom of your library in any order.', true))
      .toEqual({ spell: { do: [{ dig: 5, take: 1, card: 'colorless card', optional: true, reveal: true, rest: 'bottom' }] } });
    expect(read('Look at the top five cards of your library. Put one of them into your hand and the rest on top of your library in any order.', true))
      .toEqual({ spell: { do: [{ dig: 5, take: 1, rest: 'top' }] } });
    expect(read('Look at the top X cards of your library, where X is the number of artifacts you control. Put one of those cards into your hand and the rest on the bottom of your library in any order.', true))
      .toEqual({ spell: { do: [{ dig: { count: 'artifacts you control' }, take: 1, rest: 'bottom' }] } });
  });

  it('reads "..., where X is ..., then put them back in any order" and an optional look', () => {
    expect(read('{1}{U}: Look at the top X cards of your library, where X is the number of cards in your hand, then put them back in any order.'))
      .toEqual({ activated: { cost: '{1}{U}', do: [{ dig: { cards_in_hand: 'you' }, take: 0, rest: 'top' }] } });
    expect(read('At the beginning of your upkeep, you may look at the top three cards of your library, then put them back in any order.'))
      .toEqual({ triggered: { when: { step: 'upkeep', whose: 'you' }, do: [{ may: [{ dig: 3, take: 0, rest: 'top' }] }] } });
  });

  it('reads several cards of a kind, any number, and the graveyard', () => {
    expect(read('Look at the top six cards of your library. Put up to two creature cards with mana value 3 or less from among them onto the battlefield. Put the rest on the bottom of your library in any order.', true))
      .toEqual({ spell: { do: [{ dig: 6, take: 2, card: 'creature card with mana value 3 or less', optional: true, to: 'battlefield', rest: 'bottom' }] } });
    expect(read('Look at the top five cards of your library. You may reveal any number of creature cards from among them and put the revealed cards into your hand. Put the rest on the bottom of your library in any order.', true))
      .toEqual({ spell: { do: [{ dig: 5, take: 5, card: 'creature card', optional: true, reveal: true, rest: 'bottom' }] } });
    expect(read('Look at the top five cards of your library. Put any number of them into your graveyard and the rest back on top of your library in any order.', true))
      .toEqual({ spell: { do: [{ dig: 5, take: 5, optional: true, to: 'graveyard', rest: 'top' }] } });
  });

  it('reads another player\'s library', () => {
    expect(read('Look at the top card of target player\'s library. You may put that card into their graveyard.', true))
      .toEqual({ spell: { targets: { t: 'player' }, do: [{ dig: 1, take: 1, optional: true, to: 'graveyard', rest: 'top', library: 't' }] } });
    expect(read('Look at the top five cards of target opponent\'s library. Put one of those cards into that player\'s graveyard and the rest on top of their library in any order.', true))
      .toEqual({ spell: { targets: { t: 'opponent' }, do: [{ dig: 5, take: 1, to: 'graveyard', rest: 'top', library: 't' }] } });
    expect(read('Whenever Foo attacks and isn\'t blocked, look at the top card of defending player\'s library. You may put that card on the bottom of that player\'s library.'))
      .toEqual({ triggered: { when: { attacks_unblocked: 'self' }, do: [{ dig: 1, take: 1, optional: true, to: 'bottom', rest: 'top', library: 'defending_player' }] } });
    expect(read('{3}: Look at the top three cards of target player\'s library, then put them back in any order.'))
      .toEqual({ activated: { cost: '{3}', targets: { t: 'player' }, do: [{ dig: 3, take: 0, rest: 'top', library: 't' }] } });
  });
});

describe('looking at the top cards of a library, and nothing else', () => {
  it('reads "Look at the top N cards of target player\'s library." as a look', () => {
    expect(read('{T}: Look at the top three cards of target player\'s library.'))
      .toEqual({ activated: { cost: '{T}', targets: { t: 'player' }, do: [{ look_at_top: 't', amount: 3 }] } });
  });

  it('shows the cards to the controller, in order, and moves none of them (Orcish Spy)', async () => {
    const r = await runClean(yaml`
      scenario: Orcish Spy looks at the top three cards of Bob's library
      cards:
        - { name: Orcish Spy, cost: "{2}{R}", type: "Creature — Orc Rogue", pt: 1/1, text: "{T}: Look at the top three cards of target player's library." }
      players:
        Alice:
          battlefield: [{ card: Orcish Spy, id: spy }]
        Bob:
          library: [Forest, Island, Mountain, Swamp]
      turn: { number: 2, active: Alice, step: main1 }
      actions:
        - activate: spy
          targets: [Bob]
        - resolve
        - expect:
            zones:
              Bob.library: [Forest, Island, Mountain, Swamp]
    `);
    const seen = r.game.state.events.filter((e) => e.type === 'library_top_seen');
    expect(seen.map((e) => ({ ...e, cards: (e as { cards: Array<{ name: string }> }).cards.map((c) => c.name) })))
      .toMatchObject([{ player: 'Alice', of: 'Bob', cards: ['Forest', 'Island', 'Mountain'] }]);
  });
});

describe('kinship and the top card of a kind', () => {
  it('reads kinship as a look, then a reveal if the card shares a creature type, then the effect', () => {
    expect(read('At the beginning of your upkeep, you may look at the top card of your library. If it shares a creature type with Foo, you may reveal it. If you do, you gain 4 life.'))
      .toEqual({ triggered: { when: { step: 'upkeep', whose: 'you' }, do: [{ look_at_top: 'you' }, { if: { is: 'card that shares a creature type with CARDNAME', what: 'it' }, do: [{ may: [{ reveal_top: 'you' }] }, { if_you_do: [{ gain_life: 4 }] }] }] } });
    expect(read('{T}: Look at the top card of your library. If it\'s a land card, you may reveal it and put it into your hand.'))
      .toEqual({ activated: { cost: '{T}', do: [{ dig: 1, take: 1, card: 'land card', optional: true, reveal: true, rest: 'top' }] } });
  });
});

describe('cards from the hand back on top of the library', () => {
  it('reads Brainstorm\'s "then put two cards from your hand on top of your library in any order"', () => {
    expect(read('Draw three cards, then put two cards from your hand on top of your library in any order.', true))
      .toEqual({ spell: { do: [{ draw: 3 }, { hand_to_library: 2 }] } });
    expect(read('{T}: Draw two cards, then put a card from your hand on top of your library.'))
      .toEqual({ activated: { cost: '{T}', do: [{ draw: 2 }, { hand_to_library: 1 }] } });
  });
});
