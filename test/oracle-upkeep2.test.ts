// The compiler's templates for "At the beginning of ..." abilities and their bodies: a pact's delayed
// payment, instructions done "unless" a condition holds, amounts counted "minus" another.

import { describe, expect, it } from 'vitest';
import { compileParagraph } from '../src/cards/oracle/templates.js';

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
