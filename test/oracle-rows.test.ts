// Compiler templates for small rows of the mechanism table: "Any player may activate this ability"
// (113.8), "Nth from the top" of a library (401.7) and conditions comparing two players' amounts.

import { describe, expect, it } from 'vitest';
import { compileParagraph } from '../dist/cards/oracle/templates.js';

const read = (text: string, spell = false) => compileParagraph(text, 'Foo', spell);
const unread = (text: string) => expect(read(text)).toHaveProperty('unsupported');

describe('small rows of the mechanism table', () => {
  it('reads "Any player may activate this ability" and its timing', () => {
    expect(read('{3}: Put a +1/+1 counter on CARDNAME. Any player may activate this ability.'))
      .toEqual({ activated: { cost: '{3}', do: [{ put_counters: '+1/+1', amount: 1, affected: 'self' }], anyone: true } });
    expect(read('{2}: Draw a card. Any player may activate this ability but only during their draw step.'))
      .toEqual({ activated: { cost: '{2}', do: [{ draw: 1 }], anyone: true, during: 'your_draw' } });
    // a cost acting on the permanent itself stays its controller's to pay
    unread('{T}: Draw a card. Any player may activate this ability.');
  });

  it('reads "into its owner\'s library Nth from the top"', () => {
    expect(read("Put target creature into its owner's library second from the top.", true))
      .toEqual({ spell: { targets: { t: 'creature' }, do: [{ put_on_library: 't', nth_from_top: 2 }] } });
  });

  it('reads conditions comparing two players', () => {
    expect(read('If you have less life than an opponent, you gain 6 life.', true))
      .toEqual({ spell: { do: [{ if: { more: 'life', who: 'each_opponent', than: 'you' }, do: [{ gain_life: 6 }] }] } });
    expect(read('When CARDNAME enters, if an opponent controls more lands than you, draw a card.'))
      .toEqual({ triggered: { when: { enters: 'self' }, if: { more: 'land', who: 'each_opponent', than: 'you' }, do: [{ draw: 1 }] } });
    expect(read('You gain 2 life. Then if you have more life than an opponent, draw a card.', true))
      .toEqual({ spell: { do: [{ gain_life: 2 }, { if: { more: 'life', than: 'each_opponent', than_any: true }, do: [{ draw: 1 }] }] } });
  });
});
