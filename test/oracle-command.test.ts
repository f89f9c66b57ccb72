// The compiler's templates for emblems (114), leveler cards (711) and the city's blessing (702.131).

import { describe, expect, it } from 'vitest';
import { compileParagraph } from '../dist/cards/oracle/templates.js';
import { compileCardEntries } from '../dist/cards/library.js';
import type { Ability } from '../dist/cards/types.js';

const at = () => ({ line: 1, col: 1 });

describe('emblems', () => {
  it('reads "You get an emblem with" and its quoted abilities, "this emblem" being the emblem', () => {
    const d = compileParagraph('[−7]: You get an emblem with "Whenever you cast a spell, this emblem deals 5 damage to any target."', 'Chandra, Torch of Defiance', false);
    expect(d).toMatchObject({ activated: { cost: '-7', do: [{ emblem: [{ text: 'Whenever you cast a spell, this emblem deals 5 damage to any target.', triggered: { do: [{ damage: 5, affected: 't' }] } }] }] } });
  });
  it('leaves the paragraph unread when a quoted ability does not compile', () => {
    expect(compileParagraph('[−8]: You get an emblem with "Your opponents can\'t untap more than two permanents during their untap steps."', 'Dovin Baan', false)).toHaveProperty('unsupported');
  });
});

describe('leveler cards', () => {
  const card = (text: string) => compileCardEntries([{ name: 'Leveler', cost: '{R}', type: 'Creature — Human', pt: '1/1', text, abilities: [] }], at, 'test', true);

  it('makes each level symbol one static ability: base P/T and its abilities within its range (711.2)', () => {
    const { cards, problems } = card('Level up {R}\nLEVEL 2-3\n3/3\nFlying\nLEVEL 4+\n5/5\nFlying, trample');
    expect(problems).toEqual([]);
    const abilities = cards[0]!.main.abilities as Ability[];
    expect(abilities.map((a) => a.kind)).toEqual(['keyword', 'static', 'static']);
    expect(abilities[1]).toMatchObject({ defs: [
      { kind: 'set_base_pt', power: 3, toughness: 3, condition: { kind: 'counters_at_least', counter: 'level', n: 2, atMost: 3 } },
      { kind: 'grant', abilities: ['Flying'], affected: 'self' },
    ] });
    expect(abilities[2]).toMatchObject({ defs: [{ kind: 'set_base_pt', power: 5, toughness: 5, condition: { n: 4 } }, { kind: 'grant', abilities: ['Flying', 'Trample'] }] });
    expect((abilities[2] as Extract<Ability, { kind: 'static' }>).defs[0]!.condition).not.toHaveProperty('atMost');
  });

  it('refuses a level symbol without its power/toughness box', () => {
    expect(card('Level up {R}\nLEVEL 2-3\nFlying').problems.map((p) => p.message).join()).toMatch(/power\/toughness box/);
  });
});

describe("the city's blessing", () => {
  it('is a condition of statics and activations', () => {
    expect(compileParagraph("Skymarcher Aspirant has flying as long as you have the city's blessing.", 'Skymarcher Aspirant', false))
      .toMatchObject({ static: { if: { city_blessing: true } } });
    expect(compileParagraph("{5}, {T}: Draw a card. Activate only if you have the city's blessing.", 'Arch of Orazca', false))
      .toMatchObject({ activated: { if: { city_blessing: true } } });
  });
  it('changes a draw with "instead"', () => {
    expect(compileParagraph("Draw two cards. If you have the city's blessing, draw three cards instead.", 'Secrets of the Golden City', true))
      .toEqual({ spell: { do: [{ if: { city_blessing: true }, do: [{ draw: 3 }], otherwise: [{ draw: 2 }] }] } });
  });
});
