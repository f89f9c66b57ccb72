import { describe, expect, it } from 'vitest';
import { parseFilter } from '../src/cards/filter.js';

function subtypesOf(text: string): unknown {
  const f = parseFilter(text);
  if ('error' in f) return f.error;
  return f.terms?.map((t) => [t.subtypes, t.notSubtypes]);
}

describe('subtypes in filters (205.3)', () => {
  it('reads plurals, regular and irregular, back to the subtype', () => {
    expect(subtypesOf('Allies you control')).toEqual([[['Ally'], undefined]]);
    expect(subtypesOf('Elves')).toEqual([[['Elf'], undefined]]);
    expect(subtypesOf('Sphinxes')).toEqual([[['Sphinx'], undefined]]);
    expect(subtypesOf('Plains')).toEqual([[['Plains'], undefined]]);
    expect(subtypesOf('Pegasus')).toEqual([[['Pegasus'], undefined]]);
    expect(subtypesOf('non-Aura permanent')).toEqual([[undefined, ['Aura']]]);
  });
  it('refuses a capitalised word that is no subtype', () => {
    expect(subtypesOf('Commander creatures')).toMatch(/"Commander" is not a subtype/);
    expect(subtypesOf('nonsleeping creature')).toMatch(/"Sleeping" is not a subtype/);
    expect(subtypesOf('nonattacking creature')).toEqual([[undefined, undefined]]);
  });
});
