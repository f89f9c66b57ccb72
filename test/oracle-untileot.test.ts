// Oracle-text templates: changes of characteristics for the turn written as lists (611.2a, 613), with
// one or several subjects, and an Aura's statics listed in one sentence.

import { describe, expect, it } from 'vitest';
import { compileParagraph } from '../dist/cards/oracle/templates.js';

const unread = (d: object) => 'unsupported' in d;
const spell = (t: string) => compileParagraph(t, 'Foo', true);

describe('changes for the turn as lists', () => {
  it('reads a color, a bonus and keywords on one target', () => {
    expect(spell('Target creature gets +1/+0, becomes black, and gains shadow until end of turn.')).toEqual({ spell: { targets: { t: 'creature' }, do: [
      { pump: '+1/+0', affected: 't', until: 'end_of_turn' },
      { become: { colors: ['black'] }, affected: 't', until: 'end_of_turn' },
      { grant: ['Shadow'], affected: 't', until: 'end_of_turn' },
    ] } });
  });
  it('gives and takes every creature type (layer 4)', () => {
    expect(spell('Target creature gets +3/-3 and loses all creature types until end of turn.')).toEqual({ spell: { targets: { t: 'creature' }, do: [
      { pump: '+3/-3', affected: 't', until: 'end_of_turn' },
      { become: { creature_types: 'none' }, affected: 't', until: 'end_of_turn' },
    ] } });
    expect(spell('Up to two target creatures each get +2/+0 and gain all creature types until end of turn.').spell)
      .toMatchObject({ targets: { t: { filter: 'creature', count: '0-2' } }, do: [{ pump: '+2/+0' }, { become: { creature_types: 'all' } }] });
  });
  it('acts on a group once: its later changes name the objects the first one affected (611.2c)', () => {
    expect(spell('Attacking creatures with flying get -2/-2 and lose flying until end of turn.')).toEqual({ spell: { do: [
      { pump: '-2/-2', affected: { all: 'attacking creatures with flying' }, until: 'end_of_turn' },
      { lose_ability: ['Flying'], affected: 'it', until: 'end_of_turn' },
    ] } });
  });
  it('shares the duration between subjects', () => {
    expect(spell('Target creature you control gets +3/+3 and other creatures you control get +1/+1 until end of turn.')).toEqual({ spell: {
      targets: { t: 'creature you control' },
      do: [{ pump: '+3/+3', affected: 't', until: 'end_of_turn' }, { pump: '+1/+1', affected: { all: 'other creatures you control' }, until: 'end_of_turn' }],
    } });
  });
  it('chooses the color first, and reads "Choose a color." as a choice', () => {
    expect(spell('Any number of target creatures become the color of your choice until end of turn.').spell)
      .toMatchObject({ do: [{ choose: 'color' }, { become: { colors: 'chosen' }, affected: 't' }] });
    expect(spell('Choose a color. Creatures you control gain protection from the chosen color until end of turn.')).toEqual({ spell: { do: [
      { choose: 'color' }, { grant: ['Protection from the chosen color'], affected: { all: 'creatures you control' }, until: 'end_of_turn' },
    ] } });
  });
  it('asks "if it\'s F" of the target as it resolves', () => {
    expect(spell('Target creature gets +2/+2 until end of turn. If it\'s a Vampire, it gains first strike until end of turn.').spell)
      .toEqual({ targets: { t: 'creature' }, do: [
        { pump: '+2/+2', affected: 't', until: 'end_of_turn' },
        { if: { is: 'Vampire', what: 't' }, do: [{ grant: ['First strike'], affected: 't', until: 'end_of_turn' }] },
      ] });
  });
  it('keeps "where X is" after a duration written first', () => {
    expect(spell('Until end of turn, target creature gains trample and gets +X/+X, where X is the number of attacking creatures.').spell)
      .toMatchObject({ do: [{ grant: ['Trample'] }, { pump: '+X/+X', where_x: { count: 'attacking creatures' } }] });
  });
  it('switches its own power and toughness (613.4d)', () => {
    expect(compileParagraph('Whenever Foo attacks, switch its power and toughness until end of turn.', 'Foo', false))
      .toEqual({ triggered: { when: { attacks: 'self' }, do: [{ switch_pt: 'it', until: 'end_of_turn' }] } });
    expect(compileParagraph('Whenever you cast an instant or sorcery spell, you may switch Foo\'s power and toughness until end of turn.', 'Foo', false))
      .toEqual({ triggered: { when: { cast: 'instant or sorcery spell', by: 'you' }, do: [{ may: [{ switch_pt: 'self', until: 'end_of_turn' }] }] } });
  });
  it('leaves unread what would be partly wrong', () => {
    // a spell's color is not changed by this instruction
    expect(unread(compileParagraph('{1}: Target spell or permanent becomes white until end of turn.', 'Foo', false))).toBe(true);
    // "that player" names no one in a spell
    expect(unread(spell('Destroy target creature an opponent controls. Each other creature that player controls gets -2/-0 until end of turn.'))).toBe(true);
    // "of the chosen color" reads the source's own choice, not this one
    expect(unread(spell('Choose a color. Foo deals 2 damage to each creature of the chosen color.'))).toBe(true);
    // a step trigger's "it" names nothing of its event: only an earlier instruction's object
    expect(unread(compileParagraph('At the beginning of combat on your turn, you gain 1 life. If you control three or more artifacts, it gains first strike until end of turn.', 'Foo', false))).toBe(true);
    // after an instruction on the source that leaves it where it is, "it" is the source
    expect(compileParagraph('At the beginning of combat on your turn, Foo gets +2/+1 until end of turn. If you control three or more artifacts, it also gains first strike until end of turn.', 'Foo', false))
      .toMatchObject({ triggered: { do: [{ pump: '+2/+1', affected: 'self' }, { if: { controls: 'artifacts' }, do: [{ grant: ['First strike'], affected: 'self' }] }] } });
  });
});

describe("an Aura's statics in one sentence", () => {
  it('reads a type in addition, a color and an attack requirement', () => {
    expect(compileParagraph('Enchanted creature gets +4/+4, has flying and first strike, and is an Angel in addition to its other types.', 'Foo', false)).toEqual({ static: [
      { pump: '+4/+4', affected: 'enchanted' }, { grant: ['Flying', 'First strike'], affected: 'enchanted' }, { add_types: [], subtypes: ['Angel'], affected: 'enchanted' },
    ] });
    expect(compileParagraph('Enchanted creature gets +3/-1 and is black.', 'Foo', false))
      .toEqual({ static: [{ pump: '+3/-1', affected: 'enchanted' }, { set_color: ['black'], affected: 'enchanted' }] });
    expect(compileParagraph('Enchanted creature gets +2/+1, has haste, and attacks each combat if able.', 'Foo', false))
      .toEqual({ static: [{ pump: '+2/+1', affected: 'enchanted' }, { grant: ['Haste'], affected: 'enchanted' }, { must_attack: 'enchanted' }] });
  });
  it('keeps the shorter wording for a bonus and keywords alone', () => {
    expect(compileParagraph('Enchanted creature gets +1/+1 and has flying.', 'Foo', false)).toEqual({ static: { pump: '+1/+1', affected: 'enchanted', grant: ['Flying'] } });
  });
  it('reads "+X/+X, where X is the number of F" as +1/+1 for each', () => {
    expect(compileParagraph('Enchanted creature gets +X/+X, where X is the number of creature cards in your graveyard.', 'Foo', false))
      .toEqual({ static: { pump: '+1/+1', affected: 'enchanted', per: { count: 'creature cards in your graveyard' } } });
  });
});
