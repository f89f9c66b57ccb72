// Modal spells' keywords and layouts: entwine (702.42), escalate (702.120), the same mode chosen
// more than once (700.2d) and split cards with aftermath (702.127).

import { describe, expect, it } from 'vitest';
import { compileParagraph } from '../dist/cards/oracle/templates.js';
import { compileOracleCard } from '../dist/cards/oracle/entry.js';
import { parseKeyword } from '../dist/cards/compile.js';
import { costTimes, parseCost } from '../dist/cards/costs.js';
import type { OracleCard } from '../dist/cards/oracle/read.js';

const sorcery = (name: string, text: string, cost = '{2}{R}') => ({
  name, manaCost: cost, manaValue: 3, colors: [], colorIndicator: null, typeLine: 'Sorcery',
  power: null, toughness: null, loyalty: null, defense: null, keywords: [], text,
});

describe('entwine and escalate', () => {
  it('reads mana and non-mana costs', () => {
    expect(parseKeyword('Entwine {2}', 'k')).toMatchObject({ keyword: 'Entwine', costText: '{2}' });
    expect(parseKeyword('Entwine—Sacrifice two lands.', 'k')).toMatchObject({ keyword: 'Entwine', costParts: { parts: [{ kind: 'sacrifice', n: 2 }] } });
    expect(parseKeyword('Escalate—Discard a card.', 'k')).toMatchObject({ keyword: 'Escalate', costParts: { parts: [{ kind: 'discard', n: 1 }] } });
  });
  it('pays a cost several times as one cost, and refuses one that cannot be repeated', () => {
    const discard = parseCost('Discard a card', 'X');
    if ('error' in discard) throw new Error(discard.error);
    expect(costTimes(discard.parts, 2)).toMatchObject([{ kind: 'discard', n: 2 }]);
    const tap = parseCost('{T}', 'X');
    if ('error' in tap) throw new Error(tap.error);
    expect(costTimes(tap.parts, 2)).toBeNull();
  });
  it('marks entwine on a spell that is not modal unsupported', () => {
    const card: OracleCard = { name: 'Odd', layout: 'normal', faces: [sorcery('Odd', 'Entwine {2}\nDraw a card.')] };
    expect(compileOracleCard(card).card?.unsupported.join()).toMatch(/entwine on a spell that isn't modal/);
  });
});

describe('the same mode more than once (700.2d)', () => {
  it('reads "Choose three. You may choose the same mode more than once."', () => {
    const d = compileParagraph('Choose three. You may choose the same mode more than once.\n• Draw a card.\n• You gain 5 life.', 'Foo', true);
    expect(d).toMatchObject({ spell: { choose: { min: 3, max: 3, repeat: true }, modes: [{ do: [{ draw: 1 }] }, { do: [{ gain_life: 5 }] }] } });
  });
});

describe('aftermath (702.127)', () => {
  it('compiles both halves, the second with the keyword', () => {
    const card: OracleCard = { name: 'Cut // Ribbons', layout: 'aftermath', faces: [
      sorcery('Cut', 'Cut deals 4 damage to target creature.', '{1}{R}'),
      sorcery('Ribbons', 'Aftermath (Cast this spell only from your graveyard. Then exile it.)\nEach opponent loses X life.', '{X}{B}{B}'),
    ] };
    const out = compileOracleCard(card).card!;
    expect(out.unsupported).toEqual([]);
    expect(out.split?.abilities.some((a) => a.kind === 'keyword' && a.keyword === 'Aftermath')).toBe(true);
  });
});
