// Compiler templates for triggers on other players' steps: the enchanted player's upkeep, combat on
// each opponent's turn, "that player adds / returns", and intervening "if" clauses about the turn's history.

import { describe, expect, it } from 'vitest';
import { compileParagraph } from '../dist/cards/oracle/templates.js';

const read = (text: string) => compileParagraph(text, 'Foo', false);
const unread = (text: string) => expect(read(text)).toHaveProperty('unsupported');

describe('triggers on other players\' steps', () => {
  it('reads the enchanted player\'s upkeep and combat on each opponent\'s turn', () => {
    expect(read("At the beginning of enchanted player's upkeep, that player mills two cards."))
      .toEqual({ triggered: { when: { step: 'upkeep', whose: 'enchanted_player' }, do: [{ mill: 2, who: 'that_player' }] } });
    expect(read("At the beginning of combat on each opponent's turn, tap target creature that player controls."))
      .toEqual({ triggered: { when: { step: 'beginning_of_combat', whose: 'opponent' }, targets: { t: 'creature that player controls' }, do: [{ tap: 't' }] } });
  });

  it('gives "that player" the mana, and lets that player choose what returns', () => {
    expect(read("At the beginning of each player's precombat main phase, that player adds {G}{G}."))
      .toEqual({ triggered: { when: { step: 'main1', whose: 'each' }, do: [{ add: '{G}{G}', who: 'that_player' }] } });
    expect(read("At the beginning of each player's upkeep, that player returns a creature they control to its owner's hand."))
      .toEqual({ triggered: { when: { step: 'upkeep', whose: 'each' }, do: [{ return_chosen_to_hand: 'creature you control', who: 'that_player' }] } });
    expect(read("At the beginning of each player's draw step, that player draws two additional cards."))
      .toEqual({ triggered: { when: { step: 'draw', whose: 'each' }, do: [{ draw: 2, who: 'that_player' }] } });
    // outside a step trigger "that player" would be someone else (the player who tapped a land: a mana ability)
    unread('Whenever a player taps a land for mana, that player adds {G}.');
  });

  it('reads conditions on life lost, spells cast, permanents entered and creatures died', () => {
    expect(read('At the beginning of each upkeep, if you lost life last turn, create a 1/1 white Soldier creature token.'))
      .toMatchObject({ triggered: { if: { life_lost: 'last_turn' } } });
    expect(read('At the beginning of each end step, if an opponent lost 3 or more life this turn, you may draw a card.'))
      .toMatchObject({ triggered: { if: { life_lost: 'this_turn', who: 'each_opponent', at_least: 3 } } });
    expect(read("At the beginning of each opponent's end step, if you didn't lose life this turn, you may put a quest counter on Foo."))
      .toMatchObject({ triggered: { if: { life_lost: 'this_turn', not: true } } });
    expect(read("At the beginning of each opponent's end step, if that player didn't cast a creature spell this turn, create a 2/2 green Lizard creature token."))
      .toMatchObject({ triggered: { if: { cast_this_turn: 'creature spell', who: 'that_player', not: true } } });
    expect(read('At the beginning of the end step, if three or more creatures died this turn, flip Foo.'))
      .toMatchObject({ triggered: { if: { creatures_died_this_turn: 3 } } });
    expect(read('At the beginning of each end step, if a planeswalker entered the battlefield under your control this turn, create a 2/2 black Zombie creature token.'))
      .toMatchObject({ triggered: { if: { entered_this_turn: 'planeswalker', under: 'you' } } });
  });

  it('reads "it" after a condition about the source alone as the source', () => {
    expect(read('At the beginning of each end step, if Foo dealt damage to an opponent this turn, put a +1/+1 counter on it.'))
      .toEqual({ triggered: { when: { step: 'end', whose: 'each' }, if: { source_dealt_damage_this_turn: 'opponent' }, do: [{ put_counters: '+1/+1', amount: 1, affected: 'self' }] } });
    expect(read('At the beginning of each end step, if Foo was dealt damage this turn, put a +0/+1 counter on it.'))
      .toMatchObject({ triggered: { if: { source_was_dealt_damage_this_turn: true }, do: [{ affected: 'self' }] } });
    // "it" after an instruction that made another object stays that object (the token)
    expect(JSON.stringify(read('At the beginning of each end step, if Foo dealt damage to an opponent this turn, create a 1/1 white Soldier creature token. Sacrifice it at the beginning of the next end step.')))
      .toContain('"sacrifice":"it"');
  });
});
