// The compiler's templates for mana a permanent "could produce" (106.7) and for next-damage shields
// from a chosen source or a target, with life gained equal to the damage prevented (615.5, 615.8).

import { describe, expect, it } from 'vitest';
import { compileParagraph } from '../dist/cards/oracle/templates.js';

const perm = (text: string) => compileParagraph(text, 'Foo', false);
const spell = (text: string) => compileParagraph(text, 'Foo', true);

describe('"one mana of any color / type that a land could produce" (106.7)', () => {
  it('reads "any color" with the filter of the permanents asked', () => {
    expect(perm('{T}: Add one mana of any color that a land an opponent controls could produce.'))
      .toEqual({ activated: { cost: '{T}', do: [{ add_could_produce: 'land an opponent controls' }] } });
  });
  it('reads "any type", with or without "that"', () => {
    expect(perm('{T}: Add one mana of any type a Gate you control could produce.'))
      .toEqual({ activated: { cost: '{T}', do: [{ add_could_produce: 'Gate you control', any_type: true }] } });
  });
});

describe('next-damage shields', () => {
  it('reads a chosen source with no recipient as damage to anything', () => {
    expect(spell('The next time a red source of your choice would deal damage this turn, prevent that damage.'))
      .toEqual({ spell: { do: [{ prevent_damage: 'next', from_chosen_source: 'red source' }] } });
  });
  it('reads the life gained equal to the damage prevented', () => {
    expect(spell('The next time a source of your choice would deal damage to you this turn, prevent that damage. You gain life equal to the damage prevented this way.'))
      .toEqual({ spell: { do: [{ prevent_damage: 'next', affected: 'you', from_chosen_source: 'source', gain_life_prevented: true }] } });
    expect(spell('The next time target creature would deal damage this turn, prevent that damage. You gain life equal to the damage prevented this way.'))
      .toEqual({ spell: { targets: { t: 'creature' }, do: [{ prevent_damage: 'next', by: 't', gain_life_prevented: true }] } });
  });
  it('leaves a rider it cannot follow unread', () => {
    expect(JSON.stringify(spell('The next time a source of your choice would deal damage to you this turn, prevent that damage. Exile that many cards from the top of your library.')))
      .not.toContain('prevent_damage');
  });
});
