// The compiler's templates for "At the beginning of ..." abilities and their bodies: a pact's delayed
// payment, instructions done "unless" a condition holds, amounts counted "minus" another.

import { describe, expect, it } from 'vitest';
import { compileParagraph } from '../dist/cards/oracle/templates.js';

const spell = (text: string) => compileParagraph(text, 'Foo', true);
const permanent = (text: string) => compileParagraph(text, 'Foo', false);

describe('a pact: "At the beginning of your next upkeep, pay ... If you don\'t, you lose the game." (603.7, 104.3)', () => {
  it('is a delayed trigger asking for the payment, and losing the game if it is not paid', () => {
    expect(spell("At the beginning of your next upkeep, pay {2}{B}. If you don't, you lose the game.")).toEqual({ spell: { do: [
      { delayed: { step: 'upkeep', whose: 'you' }, do: [{ may_pay: '{2}{B}' }, { if_you_do: [], otherwise: [{ lose_game: 'you' }] }] },
    ] } });
  });
  it('is read only in a spell, which creates it as it resolves', () => {
    expect(permanent("At the beginning of your next upkeep, pay {2}{B}. If you don't, you lose the game.")).toHaveProperty('unsupported');
  });
});

describe('"[instruction] unless [condition]" (608.2c)', () => {
  it('does the instruction only if the condition is false as it resolves', () => {
    expect(permanent('At the beginning of your upkeep, you lose 1 life unless you control another colorless creature.')).toEqual({ triggered: {
      when: { step: 'upkeep', whose: 'you' }, do: [{ if: { controls: 'another colorless creature' }, do: [], otherwise: [{ lose_life: 1 }] }],
    } });
    expect(permanent('At the beginning of the end step, sacrifice Foo unless it was kicked.')).toMatchObject({ triggered: {
      do: [{ if: { kicked: true }, do: [], otherwise: [{ sacrifice: 'self' }] }],
    } });
  });
  it('leaves a cost after "unless" to the payment templates', () => {
    expect(permanent('At the beginning of your upkeep, sacrifice Foo unless you pay {1}.')).toMatchObject({ triggered: { do: [{ unless: '{1}' }] } });
  });
});

describe('"where X is A minus B" (107.1b)', () => {
  it('reads a difference of counts, "their hand" being the player the instruction names', () => {
    expect(permanent("At the beginning of each opponent's upkeep, Foo deals X damage to that player, where X is the number of cards in their hand minus 4."))
      .toMatchObject({ triggered: { do: [{ damage: { minus: [{ cards_in_hand: 'that_player' }, 4] }, affected: 'that_player' }] } });
    expect(permanent("At the beginning of each player's upkeep, Foo deals X damage to that player, where X is 4 minus the number of cards in their hand."))
      .toMatchObject({ triggered: { do: [{ damage: { minus: [4, { cards_in_hand: 'that_player' }] } }] } });
  });
  it('leaves "their hand" unread when the instruction names no "that player"', () => {
    expect(permanent('At the beginning of your upkeep, you gain X life, where X is the number of cards in their hand minus 4.')).toHaveProperty('unsupported');
  });
});

describe('"if CARDNAME is in your graveyard" (113.6m, 603.4)', () => {
  it('reads an ability returning its own card from the graveyard, with the condition as an intervening "if"', () => {
    expect(permanent('At the beginning of your upkeep, if Foo is in your graveyard, you may pay {1}{B}{B}. If you do, return Foo to your hand.')).toEqual({ triggered: {
      when: { step: 'upkeep', whose: 'you' }, if: { source_in_graveyard: true },
      do: [{ may_pay: '{1}{B}{B}' }, { if_you_do: [{ return_to_hand: 'self', from: 'graveyard' }] }],
    } });
  });
  it('leaves unread an ability that does not move its own card (it would not work from the graveyard)', () => {
    expect(permanent('At the beginning of your upkeep, if Foo is in your graveyard, you may pay {2}{G}. If you do, return target creature card from your graveyard to your hand.'))
      .toHaveProperty('unsupported');
  });
});
