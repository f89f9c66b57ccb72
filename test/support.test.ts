// The support check reports every form the engine doesn't honour: a card using one is unsupported,
// with the missing mechanism named; a card using only honoured forms has nothing reported.

import { describe, expect, it } from 'vitest';
import { compileCardFile } from '../dist/cards/library.js';

function reasons(yaml: string): string[] {
  const { cards, problems } = compileCardFile('test.yaml', yaml, true);
  expect(problems).toEqual([]);
  return cards[0]!.unsupported;
}

describe('support check', () => {
  it('reports nothing for a card the engine does whole', () => {
    expect(reasons(`
- name: Test Bolt
  cost: "{R}"
  type: Instant
  text: Test Bolt deals 3 damage to any target.
  abilities:
    - spell:
        targets: { t: any target }
        do:
          - { damage: 3, affected: t }
`)).toEqual([]);
  });
  it('honours the filter form of an affected role on any verb acting on objects', () => {
    expect(reasons(`
- name: Test Sleep
  cost: "{2}{U}"
  type: Sorcery
  text: Tap all creatures your opponents control.
  abilities:
    - spell:
        do:
          - tap: { all: creature an opponent controls }
`)).toEqual([]);
  });
  // (every keyword the text reader knows now has its rules in the engine, so none is reported here)
  it('reports a choice, a delayed trigger and a resolving static the engine lacks', () => {
    const r = reasons(`
- name: Test Oddity
  cost: "{2}{B}"
  type: Creature — Horror
  pt: "2/2"
  text: |
    When Test Oddity enters, choose a creature type. Creatures you control get +1/+1 this turn. When you gain life this turn, draw a card.
  abilities:
    - triggered:
        when: { enters: self }
        do:
          - choose: creature_type
          - create_static:
              - { pump: "+1/+1", affected: creature you control }
            until: end_of_turn
          - delayed: { gain_life: you }
            about: self
            do:
              - draw: 1
`);
    expect(r).toEqual(expect.arrayContaining([
      expect.stringContaining('creature type'),
      expect.stringContaining('delayed triggers on gain_life'), expect.stringContaining('static `pump`'),
    ]));
    expect(r).toHaveLength(3);
  });
  it('reports an instruction, a static and a replacement marked unsupported', () => {
    const r = reasons(`
- name: Test Gap
  cost: "{1}"
  type: Artifact
  text: |
    {T}: One.
    Two.
    Three.
  abilities:
    - activated:
        cost: "{T}"
        do:
          - unsupported: an instruction the engine lacks
    - static: { unsupported: a static the engine lacks }
    - replacement: { unsupported: a replacement the engine lacks }
`);
    expect(r.sort()).toEqual(['a replacement the engine lacks', 'a static the engine lacks', 'an instruction the engine lacks']);
  });
});
