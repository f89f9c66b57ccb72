// Compiler templates of the kicker and escape families: multikicker and the times a spell was kicked
// (702.33c-d), kicker costs that aren't mana, escape's cost and "escapes with" (702.138), and
// "... instead" sentences that must say "instead".

import { describe, expect, it } from 'vitest';
import { compileParagraph } from '../dist/cards/oracle/templates.js';
import { parseKeyword } from '../dist/cards/compile.js';

const read = (text: string, spell = false) => compileParagraph(text, 'Foo', spell);

describe('kicker and multikicker', () => {
  it('reads multikicker and kicker costs that are not mana', () => {
    expect(parseKeyword('Multikicker {1}{W}', 'k')).toMatchObject({ keyword: 'Multikicker', costText: '{1}{W}' });
    expect(parseKeyword('Kicker—Sacrifice a land.', 'k')).toMatchObject({ keyword: 'Kicker', costParts: { parts: [{ kind: 'sacrifice', n: 1 }] } });
  });

  it('counts the times the source was kicked', () => {
    expect(read('Foo enters with a +1/+1 counter on it for each time it was kicked.'))
      .toEqual({ replacement: { enters_with_counters: '+1/+1', amount: { times_kicked: 'self' } } });
    expect(read('When Foo enters, it deals damage to target player or planeswalker equal to twice the number of times it was kicked.'))
      .toMatchObject({ triggered: { do: [{ damage: { times: [2, { times_kicked: 'self' }] } }] } });
    expect(read('Draw a card for each time Foo was kicked.', true)).toEqual({ spell: { do: [{ draw: { times_kicked: 'self' } }] } });
  });
});

describe('escape', () => {
  it('reads the escape cost: mana and cards exiled from the graveyard', () => {
    expect(parseKeyword('Escape—{3}{R}{R}, Exile five other cards from your graveyard.', 'k'))
      .toMatchObject({ keyword: 'Escape', costParts: { parts: [{ kind: 'exile_from_graveyard', n: 5 }] } });
    expect(parseKeyword('Escape—{3}{R}{R}, Exile five other cards from your graveyard.', 'k')?.cost).toHaveLength(3);
  });

  it('reads "escapes with" counters and "if it escaped"', () => {
    expect(read('Foo escapes with four +1/+1 counters on it.'))
      .toEqual({ replacement: { enters_with_counters: '+1/+1', amount: 4, if: { escaped: true } } });
    expect(read('When Foo enters, sacrifice it unless it escaped.'))
      .toEqual({ triggered: { when: { enters: 'self' }, do: [{ if: { escaped: true }, do: [], otherwise: [{ sacrifice: 'self' }] }] } });
  });
});

describe('"instead"', () => {
  it('replaces the tokens created, and may add instructions', () => {
    expect(read('Create two 1/1 green Saproling creature tokens. If Foo was kicked, create four of those tokens instead.', true))
      .toMatchObject({ spell: { do: [{ if: { kicked: true }, do: [{ amount: 4 }], otherwise: [{ amount: 2 }] }] } });
    expect(read('Creatures you control get +1/+1 until end of turn. If Foo was kicked, instead creatures you control get +2/+2 and gain first strike until end of turn.', true))
      .toMatchObject({ spell: { do: [{ if: { kicked: true }, do: [{ pump: '+2/+2' }, { grant: ['First strike'] }], otherwise: [{ pump: '+1/+1' }] }] } });
  });

  it('adds the second instructions when "instead" is not written', () => {
    expect(read('Target creature gets +2/+2 until end of turn. If Foo was kicked, that creature gets +4/+4 until end of turn.', true))
      .toEqual({ spell: { targets: { t: 'creature' }, do: [{ pump: '+2/+2', affected: 't', until: 'end_of_turn' }, { if: { kicked: true }, do: [{ pump: '+4/+4', affected: 't', until: 'end_of_turn' }] }] } });
  });
});
