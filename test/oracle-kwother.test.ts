// Keywords of permanents and of cards in graveyards and hands (702): how their lines are read, what
// they stand for, and the forecast template (702.57a-b).

import { describe, expect, it } from 'vitest';
import { compileParagraph } from '../dist/cards/oracle/templates.js';
import { keywordLine } from '../dist/cards/compile.js';
import { partsOf } from '../dist/cards/keywords.js';
import { parseCost } from '../dist/cards/costs.js';

const read = (text: string, spell = false) => compileParagraph(text, 'Foo', spell);
const line = (text: string) => keywordLine(text, 'k')?.map((k) => ({ keyword: k.keyword, n: k.n, costText: k.costText })) ?? null;

describe('keyword lines', () => {
  it('reads numbers, costs, both, and champion\'s quality', () => {
    expect(line('Afflict 2')).toEqual([{ keyword: 'Afflict', n: 2, costText: undefined }]);
    expect(line('Graft 3')).toEqual([{ keyword: 'Graft', n: 3, costText: undefined }]);
    expect(line('Dredge 5')).toEqual([{ keyword: 'Dredge', n: 5, costText: undefined }]);
    expect(line('Battle cry')).toEqual([{ keyword: 'Battle cry', n: undefined, costText: undefined }]);
    expect(line('Scavenge {4}{G}{G}')).toEqual([{ keyword: 'Scavenge', n: undefined, costText: '{4}{G}{G}' }]);
    expect(line('Reinforce 2—{2}{W}')).toEqual([{ keyword: 'Reinforce', n: 2, costText: '{2}{W}' }]);
    expect(line('Eternalize—{3}{U}{U}, Discard a card')).toEqual([{ keyword: 'Eternalize', n: undefined, costText: '{3}{U}{U}, Discard a card' }]);
    expect(line('Champion a Goblin or Shaman')).toEqual([{ keyword: 'Champion', n: undefined, costText: 'Goblin or Shaman' }]);
    expect(line('Champion a Blarg')).toBeNull();
    expect(keywordLine('Basic landcycling {1}{B}', 'k')?.map((k) => [k.keyword, k.from, k.costText])).toEqual([['Typecycling', 'Basic land', '{1}{B}']]);
    expect(partsOf(keywordLine('Swampcycling {2}', 'k')![0]!).map((p) => p.text)).toEqual(['{2}, Discard this card: Search your library for a swamp card, reveal it, and put it into your hand. Then shuffle.']);
  });

  it('gives reinforce both its number and its cost', () => {
    const [k] = keywordLine('Reinforce 2—{2}{W}', 'k')!;
    const [part] = partsOf(k!);
    expect(part?.kind).toBe('activated');
    expect(part?.text).toBe('{2}{W}, Discard this card: Put 2 +1/+1 counters on target creature.');
  });

  it('gives champion its quality in the filter of the exiled permanent', () => {
    const [k] = keywordLine('Champion an Elf', 'k')!;
    expect(partsOf(k!).map((p) => p.text)).toEqual([
      'When this permanent enters, sacrifice it unless you exile another Elf you control.',
      'When this permanent leaves the battlefield, return the exiled card to the battlefield under its owner\'s control.',
    ]);
  });
});

describe('forecast (702.57a-b)', () => {
  it('is the activated ability, only during your upkeep and once each turn', () => {
    expect(read('Forecast — {1}{W}, Reveal CARDNAME from your hand: Target creature gets +1/+1 until end of turn.'))
      .toEqual({ activated: { cost: '{1}{W}, Reveal Foo from your hand', targets: { t: 'creature' }, do: [{ pump: '+1/+1', affected: 't', until: 'end_of_turn' }], during: 'your_upkeep', limit: 'once_per_turn' } });
  });

  it('reads "Reveal CARDNAME from your hand" as a cost revealing the card itself', () => {
    expect(parseCost('{W}, Reveal CARDNAME from your hand', 'Foo')).toEqual({ text: '{W}, Reveal CARDNAME from your hand', parts: expect.arrayContaining([{ kind: 'reveal_self' }]) });
  });
});
