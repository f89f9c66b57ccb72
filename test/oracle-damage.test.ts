// Compiler templates for regeneration (701.15), damage prevention (615) and the damage dealt this turn.

import { describe, expect, it } from 'vitest';
import { compileParagraph } from '../src/cards/oracle/templates.js';

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
