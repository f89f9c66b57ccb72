// Compiler templates for how a permanent enters and for its counted characteristics: lands that enter
// tapped unless a condition holds or a card is revealed, counters with "tapped" or a kicked keyword,
// conditional "doesn't untap", power-only characteristic-defining abilities, no maximum hand size.

import { describe, expect, it } from 'vitest';
import { compileParagraph } from '../dist/cards/oracle/templates.js';

const read = (text: string) => compileParagraph(text, 'Foo', false);
const unread = (text: string) => expect(read(text)).toHaveProperty('unsupported');

describe('how a permanent enters', () => {
  it('reads check, fast, battle, reveal and shock lands', () => {
    expect(read('Foo enters the battlefield tapped unless you control a Plains or an Island.'))
      .toEqual({ replacement: { enters_tapped: 'self', unless: { controls: 'Plains or an Island' } } });
    expect(read('Foo enters tapped unless you control two or fewer other lands.'))
      .toEqual({ replacement: { enters_tapped: 'self', unless: { less_than: 3, of: { count: 'other land you control' } } } });
    expect(read('Foo enters tapped unless you control two or more basic lands.'))
      .toEqual({ replacement: { enters_tapped: 'self', unless: { controls: 'basic lands', at_least: 2 } } });
    expect(read("As Foo enters, you may reveal a Forest or Plains card from your hand. If you don't, Foo enters tapped."))
      .toEqual({ replacement: { enters_tapped: 'self', unless_reveal: 'Forest or Plains card' } });
    expect(read("As Foo enters, you may pay 2 life. If you don't, Foo enters tapped."))
      .toEqual({ replacement: { enters_tapped: 'self', unless_pay_life: 2 } });
  });

  it('reads counters entering with the permanent, tapped or with a kicked keyword', () => {
    expect(read('Foo enters tapped with two charge counters on it.')).toEqual({ replacement: { enters_with_counters: 'charge', amount: 2, tapped: true } });
    expect(read('Foo enters tapped and with three charge counters on it.')).toEqual({ replacement: { enters_with_counters: 'charge', amount: 3, tapped: true } });
    expect(read('If Foo was kicked, it enters with two +1/+1 counters on it and with first strike.'))
      .toEqual({ replacement: { enters_with_counters: '+1/+1', amount: 2, if: { kicked: true }, gains: ['First strike'] } });
    expect(read('Foo enters with a +1/+1 counter on it for each color of mana spent to cast it.'))
      .toEqual({ replacement: { enters_with_counters: '+1/+1', amount: { colors_spent: 'self' } } });
    // a quoted ability after "and with" is not a keyword
    unread('If Foo was kicked, it enters with a +1/+1 counter on it and with "Foo can attack as though it didn\'t have defender."');
  });
});

describe('statics of the permanent', () => {
  it('reads a conditional "doesn\'t untap", a power-only CDA and no maximum hand size', () => {
    expect(read("Foo doesn't untap during your untap step if it has a depletion counter on it."))
      .toEqual({ static: { doesnt_untap: 'self', if: { counters_at_least: 1, counter: 'depletion' } } });
    expect(read("Foo's power is equal to the number of instant and sorcery cards in your graveyard."))
      .toEqual({ static: { cda_pt: { power: { count: 'instant or sorcery card in your graveyard' } } } });
    expect(read('You have no maximum hand size.')).toEqual({ static: { no_max_hand_size: 'you' } });
    unread("Foo doesn't untap during your untap step if it attacked during your last turn.");
  });
});
