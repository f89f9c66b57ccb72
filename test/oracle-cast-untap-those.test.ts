// "Untap those creatures" after a change of a group or of targets (611.2c), and "If there are N or more
// KIND counters on CARDNAME, sacrifice it." (608.2c)

import { describe, expect, it } from 'vitest';
import { compileParagraph } from '../dist/cards/oracle/templates.js';

const read = (text: string, spell = false) => compileParagraph(text, 'Foo', spell);

describe('untapping the creatures a change applied to', () => {
  it('names the group, or the targets', () => {
    expect(read('Whenever you cast a noncreature spell, creatures you control get +1/+1 until end of turn. Untap those creatures.'))
      .toEqual({ triggered: { when: { cast: 'noncreature spell', by: 'you' }, do: [{ pump: '+1/+1', affected: { all: 'creatures you control' }, until: 'end_of_turn' }, { untap: 'it' }] } });
    expect(read('Up to two target creatures each get +0/+3 until end of turn. Untap those creatures.', true))
      .toEqual({ spell: { targets: { t: { filter: 'creature', count: '0-2' } }, do: [{ pump: '+0/+3', affected: 't', until: 'end_of_turn' }, { untap: 't' }] } });
  });

  it('sacrifices the source at a number of counters', () => {
    expect(read('Whenever an opponent casts a spell, counter that spell and put a depletion counter on Foo. If there are three or more depletion counters on Foo, sacrifice it.'))
      .toEqual({ triggered: { when: { cast: 'spell', by: 'opponent' }, do: [{ counter: 'it' }, { put_counters: 'depletion', amount: 1, affected: 'self' }, { if: { counters_at_least: 3, counter: 'depletion' }, do: [{ sacrifice: 'self' }] }] } });
  });
});
