// Compiler templates for cast triggers counting the cards with the spell's name, and for tokens
// created by the player a subject names ("that player creates ...", 111.2).

import { describe, expect, it } from 'vitest';
import { compileParagraph } from '../dist/cards/oracle/templates.js';

const read = (text: string) => compileParagraph(text, 'Foo', false);
const unread = (text: string) => expect(read(text)).toHaveProperty('unsupported');
const SAME = { same_name: 'it', among: 'cards in all graveyards' };

describe('cards with the same name as that spell', () => {
  it('counts them for an amount, an X and a payment', () => {
    expect(read('Whenever a player casts a spell, that player gains X life, where X is the number of cards in all graveyards with the same name as that spell.'))
      .toEqual({ triggered: { when: { cast: 'spell', by: 'any' }, do: [{ gain_life: SAME, who: 'that_player' }] } });
    expect(read('Whenever a player casts a spell, Foo deals X damage to that player, where X is twice the number of cards in all graveyards with the same name as that spell.'))
      .toEqual({ triggered: { when: { cast: 'spell', by: 'any' }, do: [{ damage: { times: [2, SAME] }, affected: 'that_player' }] } });
    expect(read('Whenever a player casts a spell, counter that spell unless that player pays {X}, where X is the number of cards in all graveyards with the same name as the spell.'))
      .toEqual({ triggered: { when: { cast: 'spell', by: 'any' }, do: [{ unless: '{X}', who: 'that_player', do: [{ counter: 'it' }], where_x: SAME }] } });
    // a filter the DSL can't read isn't counted
    unread('Whenever a player casts a spell, that player gains X life, where X is the number of wibbles with the same name as that spell.');
  });

  it('gives the tokens to the player who creates them', () => {
    expect(read('Whenever a player casts a spell, that player creates X 1/1 green Squirrel creature tokens, where X is the number of cards in all graveyards with the same name as that spell.'))
      .toEqual({ triggered: { when: { cast: 'spell', by: 'any' }, do: [{ create_token: { type: 'Creature — Squirrel', pt: '1/1', colors: ['green'] }, amount: 'X', who: 'that_player', where_x: SAME }] } });
    expect(read('Whenever a player casts a noncreature spell, counter that spell. That player creates X 1/1 white and blue Bird creature tokens with flying, where X is the spell\'s converted mana cost.'))
      .toEqual({ triggered: { when: { cast: 'noncreature spell', by: 'any' }, do: [{ counter: 'it' }, { create_token: { type: 'Creature — Bird', pt: '1/1', colors: ['white', 'blue'], abilities: ['Flying'] }, amount: 'X', who: 'that_player', where_x: { mana_value_of: 'it' } }] } });
    // "creates" needs its subject; "you" never takes it
    unread('Whenever a player casts a spell, creates a 1/1 green Squirrel creature token.');
    unread('Whenever a player casts a spell, you creates a 1/1 green Squirrel creature token.');
  });
});

describe('"any player may [cost]. If a player does, counter CARDNAME."', () => {
  it('asks each player in turn, and counters the spell itself', () => {
    expect(read('When you cast Foo, any player may pay 5 life. If a player does, counter Foo.'))
      .toEqual({ triggered: { when: { cast: 'self' }, do: [{ each_player: [{ may_pay: 'Pay 5 life', who: 'that_player' }] }, { if_you_do: [{ counter: 'self' }] }] } });
    expect(read('When you cast Foo, any player may sacrifice a creature. If a player does, counter Foo.'))
      .toEqual({ triggered: { when: { cast: 'self' }, do: [{ each_player: [{ may_pay: 'Sacrifice a creature', who: 'that_player' }] }, { if_you_do: [{ counter: 'self' }] }] } });
    // a cost the DSL's cost reader can't read
    unread('When you cast Foo, any player may pay half their life, rounded up. If a player does, counter Foo.');
    // the spell may be a permanent by then: only countering names it
    unread('When you cast Foo, any player may pay 5 life. If a player does, exile Foo.');
  });
});
