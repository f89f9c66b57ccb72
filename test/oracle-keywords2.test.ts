// Compiler templates for keyword actions written as whole sentences: exert as a creature attacks
// (701.43a) and clash with an opponent (701.30).

import { describe, expect, it } from 'vitest';
import { compileParagraph } from '../dist/cards/oracle/templates.js';

const read = (text: string, spell = false) => compileParagraph(text, 'Foo', spell);

describe('"You may exert CARDNAME as it attacks. When you do, ..."', () => {
  it('is a trigger on the exert choice, "it" being the creature', () => {
    expect(read('You may exert CARDNAME as it attacks. When you do, it gets +2/+2 until end of turn.'))
      .toEqual({ triggered: { when: { exerted: 'self' }, do: [{ pump: '+2/+2', affected: 'it', until: 'end_of_turn' }] } });
    expect(read('You may exert CARDNAME as it attacks. When you do, draw a card.'))
      .toEqual({ triggered: { when: { exerted: 'self' }, do: [{ draw: 1 }] } });
  });
});

describe('"Clash with an opponent. If you win, ..."', () => {
  it('is one clash instruction, with what is done on a win and otherwise', () => {
    expect(read('Clash with an opponent. If you win, target player discards two cards. Otherwise, that player discards a card.', true))
      .toEqual({ spell: { targets: { t: 'player' }, do: [{ clash: 'opponent', do: [{ discard: 2, who: 't' }], otherwise: [{ discard: 1, who: 't' }] }] } });
    expect(read('When CARDNAME enters, clash with an opponent. If you win, put a +1/+1 counter on CARDNAME.'))
      .toEqual({ triggered: { when: { enters: 'self' }, do: [{ clash: 'opponent', do: [{ put_counters: '+1/+1', amount: 1, affected: 'self' }] }] } });
  });
});
