// Maximum hand size changes (402.2), the older wording of "can't be countered" and discarding a card
// of a kind (701.8a), as the Oracle compiler reads them.

import { describe, expect, it } from 'vitest';
import { compileParagraph } from '../dist/cards/oracle/templates.js';

const read = (text: string, spell = false) => compileParagraph(text, 'Foo', spell);

describe('maximum hand size', () => {
  it('is raised or lowered for you, each opponent or each player', () => {
    expect(read('Your maximum hand size is increased by two.')).toEqual({ static: { max_hand_size: 2, who: 'you' } });
    expect(read("Each opponent's maximum hand size is reduced by one.")).toEqual({ static: { max_hand_size: -1, who: 'opponents' } });
    expect(read('Players have no maximum hand size.')).toEqual({ static: { no_max_hand_size: 'each' } });
    // set to an amount ("equal to the number of ...") is not a change by a number
    expect(read('Your maximum hand size is equal to the number of hour counters on Foo.')).toHaveProperty('unsupported');
  });
});

describe('"can\'t be countered by spells or abilities"', () => {
  it('is "can\'t be countered"', () => {
    expect(read("Foo can't be countered by spells or abilities.", true)).toEqual({ static: { cant_be_countered: 'self' } });
  });
});

describe('discarding a card of a kind', () => {
  it('chooses among the cards the words name', () => {
    expect(read('Target player discards a creature card.', true)).toEqual({ spell: { targets: { t: 'player' }, do: [{ discard: 1, who: 't', card: 'creature card' }] } });
    expect(read('Each opponent discards two nonland cards.', true)).toEqual({ spell: { do: [{ discard: 2, who: 'each_opponent', card: 'nonland card' }] } });
    // the count and the noun must agree
    expect(read('Target player discards two creature card.', true)).toHaveProperty('unsupported');
  });
});
