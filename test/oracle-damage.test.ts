// Compiler templates for regeneration (701.15), damage prevention (615) and the damage dealt this turn.

import { describe, expect, it } from 'vitest';
import { compileParagraph } from '../dist/cards/oracle/templates.js';

const read = (text: string, spell = false) => compileParagraph(text, 'Foo', spell);

describe('regeneration', () => {
  it(`marks every destruction before "can't be regenerated", nested ones too`, () => {
    expect(read("Destroy target nonartifact, nonblack creature. That creature can't be regenerated.", true))
      .toEqual({ spell: { targets: { t: 'nonartifact, nonblack creature' }, do: [{ destroy: 't', no_regenerate: true }] } });
    expect(read("Destroy target creature if it's white. A creature destroyed this way can't be regenerated.", true))
      .toEqual({ spell: { targets: { t: 'creature' }, do: [{ if: { is: 'white permanent', what: 't' }, do: [{ destroy: 't', no_regenerate: true }] }] } });
  });

  it(`reads "can't be regenerated this turn" as an effect on the object`, () => {
    expect(read("Foo deals 1 damage to target creature. It can't be regenerated this turn.", true))
      .toEqual({ spell: { targets: { t: 'creature' }, do: [{ damage: 1, affected: 't' }, { cant: 'be_regenerated', affected: 'it', until: 'end_of_turn' }] } });
  });

  it(`leaves unread "can't be regenerated" with nothing destroyed, and a choice between groups`, () => {
    expect(read("Tap target creature. It can't be regenerated.", true)).toHaveProperty('unsupported');
    expect(read("Destroy all lands or all creatures. Creatures destroyed this way can't be regenerated.", true)).toHaveProperty('unsupported');
  });
});

describe('damage prevention and unpreventable damage', () => {
  it(`reads "If a [F] source would deal damage to you, prevent N of that damage"`, () => {
    expect(read('If a red source would deal damage to you, prevent 2 of that damage.'))
      .toEqual({ replacement: { prevent_some: 2, to: 'you', from: 'red source' } });
    expect(read('If a source would deal damage to equipped creature, prevent 2 of that damage.'))
      .toEqual({ replacement: { prevent_some: 2, to: 'equipped' } });
    expect(read('If a creature would deal combat damage to you, prevent 1 of that damage.'))
      .toEqual({ replacement: { prevent_some: 1, to: 'you', from: 'creature', combat_only: true } });
  });

  it(`reads "The damage can't be prevented." only after damage`, () => {
    expect(read("Foo deals 4 damage to target creature. The damage can't be prevented.", true))
      .toEqual({ spell: { targets: { t: 'creature' }, do: [{ damage: 4, affected: 't', cant_be_prevented: true }] } });
    expect(read("Tap target creature. The damage can't be prevented.", true)).toHaveProperty('unsupported');
    expect(read("Damage can't be prevented this turn.", true))
      .toEqual({ spell: { do: [{ create_static: [{ damage_cant_be_prevented: true }], until: 'end_of_turn' }] } });
  });
});

describe('damage replacements (614.1a)', () => {
  it(`reads "double that damage", "that much damage plus / minus N", from a kind of source, to a kind of permanent`, () => {
    expect(read('If a source you control would deal damage to a permanent or player, it deals double that damage to that permanent or player instead.'))
      .toEqual({ replacement: { damage_multiplier: 2, from: 'source you control' } });
    expect(read('If an instant or sorcery spell you control would deal damage, it deals double that damage instead.'))
      .toEqual({ replacement: { damage_multiplier: 2, from: 'instant or sorcery spell you control' } });
    // the filter reader would make only the instant red
    expect(read('If a red instant or sorcery spell you control would deal damage, it deals double that damage instead.')).toHaveProperty('unsupported');
    expect(read('If another red source you control would deal damage to a permanent or player, it deals that much damage plus 1 to that permanent or player instead.'))
      .toEqual({ replacement: { damage_multiplier: 1, plus: 1, from: 'another red source you control' } });
    expect(read('If a source would deal damage to a creature you control, it deals that much damage minus 1 to that creature instead.'))
      .toEqual({ replacement: { damage_multiplier: 1, plus: -1, to: 'creature you control' } });
  });
});

describe('the damage dealt this turn', () => {
  it(`reads it as a quality of a filter`, () => {
    expect(read('Whenever a creature dealt damage by Foo this turn dies, put a +1/+1 counter on Foo.'))
      .toEqual({ triggered: { when: { dies: 'creature dealt damage by CARDNAME this turn' }, do: [{ put_counters: '+1/+1', amount: 1, affected: 'self' }] } });
    expect(read('Destroy target creature that dealt damage to you this turn.', true))
      .toEqual({ spell: { targets: { t: 'creature that dealt damage to you this turn' }, do: [{ destroy: 't' }] } });
    expect(read('Foo deals 6 damage to target creature that was dealt damage this turn.', true))
      .toEqual({ spell: { targets: { t: 'creature that was dealt damage this turn' }, do: [{ damage: 6, affected: 't' }] } });
  });
});
