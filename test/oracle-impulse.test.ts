// Compiler templates for impulse draw (exiling from the top of a library with a permission to play
// the cards, 601.3) and for looking at the top of a library.

import { describe, expect, it } from 'vitest';
import { compileParagraph } from '../src/cards/oracle/templates.js';

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

  it('leaves unread a card exiled face down, and a permission with no exile before it', () => {
    expect(read('Exile the top card of your library face down. You may play it this turn.', true)).toHaveProperty('unsupported');
    expect(read('You may play that card this turn.', true)).toHaveProperty('unsupported');
  });
});
