import { describe, expect, it } from 'vitest';
import { parseFilter } from '../dist/cards/filter.js';

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

describe('alternatives in filters', () => {
  const terms = (text: string) => {
    const f = parseFilter(text);
    if ('error' in f) return f.error;
    return f.terms.map((t) => `${t.supertypes ?? ''}|${t.colors ?? ''}|${t.notColors ?? ''}|${t.tapped ?? ''}|${t.types}|${t.controller ?? ''}`);
  };
  it('gives the adjectives before the first noun to every bare noun after it', () => {
    expect(terms('red instant or sorcery spell')).toEqual(['|R|||instant|', '|R|||sorcery|']);
    expect(terms('white or blue instant or sorcery spell')).toEqual(['|W|||instant|', '|W|||sorcery|', '|U|||instant|', '|U|||sorcery|']);
    expect(terms('legendary creature or planeswalker')).toEqual(['legendary||||creature|', 'legendary||||planeswalker|']);
    expect(terms('tapped artifact, creature, or land')).toEqual(['|||true|artifact|', '|||true|creature|', '|||true|land|']);
  });
  it('keeps alternatives with adjectives or an article of their own apart', () => {
    expect(terms('white creature or black artifact')).toEqual(['|W|||creature|', '|B|||artifact|']);
    expect(terms('nonblack creature or an artifact')).toEqual(['||B||creature|', '||||artifact|']);
    expect(terms('white or blue creature you control')).toEqual(['|W|||creature|you', '|U|||creature|you']);
  });
});
