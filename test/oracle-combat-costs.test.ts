// The compiler's templates for costs to attack and to block (508.1g-j, 509.1d-f), and the schema's checks of
// the `combat_cost` static they compile to.

import { describe, expect, it } from 'vitest';
import { compileParagraph } from '../dist/cards/oracle/templates.js';
import { compileCardEntries } from '../dist/cards/library.js';

const read = (text: string) => compileParagraph(text, 'Foo', false);

describe('costs to attack and to block', () => {
  it('reads a cost for each creature attacking you, or you and your planeswalkers', () => {
    expect(read('Creatures can\'t attack you unless their controller pays {2} for each creature they control that\'s attacking you.'))
      .toEqual({ static: { combat_cost: '{2}', for: 'attack', affected: 'creature', attacked: 'you' } });
    expect(read('Creatures can\'t attack you or a planeswalker you control unless their controller pays {W/P} for each of those creatures.'))
      .toEqual({ static: { combat_cost: '{W/P}', for: 'attack', affected: 'creature', attacked: 'you_or_planeswalkers' } });
    expect(read('Nonblack creatures can\'t attack you unless their controller pays {2} for each creature they control that\'s attacking you.'))
      .toEqual({ static: { combat_cost: '{2}', for: 'attack', affected: 'nonblack creature', attacked: 'you' } });
  });
  it('reads {X} with what X is', () => {
    expect(read('Creatures can\'t attack you or a planeswalker you control unless their controller pays {X} for each of those creatures, where X is the number of enchantments you control.'))
      .toEqual({ static: { combat_cost: '{X}', for: 'attack', affected: 'creature', attacked: 'you_or_planeswalkers', x: { count: 'enchantments you control' } } });
  });
  it('reads a cost to block, and one on what an Aura enchants, owed some number of times', () => {
    expect(read('Creatures can\'t block unless their controller pays {1} for each of those creatures.'))
      .toEqual({ static: { combat_cost: '{1}', for: 'block', affected: 'creature' } });
    expect(read('Enchanted creature can\'t attack unless its controller pays {3}.'))
      .toEqual({ static: { combat_cost: '{3}', for: 'attack', affected: 'enchanted' } });
    expect(read('Enchanted creature can\'t attack or block unless its controller pays {1} for each card in your hand.'))
      .toEqual({ static: { combat_cost: '{1}', for: 'attack_or_block', affected: 'enchanted', per: { cards_in_hand: 'you' } } });
  });
  it('refuses a combat cost the engine wouldn\'t pay as written', () => {
    const problems = (s: object) => compileCardEntries([{ name: 'Foo', cost: '{1}', type: 'Enchantment', text: 'A rule.', abilities: [{ static: s }] }], () => ({ line: 1, col: 1 }), 'test', true)
      .problems.map((p) => p.message).join();
    expect(problems({ combat_cost: '{2}', for: 'attack', affected: 'creature', attacked: 'you' })).toBe('');
    expect(problems({ combat_cost: '{X}', for: 'attack', affected: 'creature' })).toMatch(/takes `x:`/);
    expect(problems({ combat_cost: '{2}', for: 'block', affected: 'creature', attacked: 'you' })).toMatch(/for a cost to attack/);
    expect(problems({ combat_cost: 'Sacrifice a land', for: 'attack', affected: 'creature' })).toMatch(/mana and life only/);
  });
});
