// The compiler's templates for control-changing effects for the turn (613.1b): groups of
// permanents, "Untap all ... and gain control of them", and the pronouns after them.

import { describe, expect, it } from 'vitest';
import { compileParagraph } from '../dist/cards/oracle/templates.js';

const spell = (text: string) => compileParagraph(text, 'Foo', true);

describe('gaining control of a group', () => {
  it('reads "Gain control of all F until end of turn. Untap those creatures. They gain haste"', () => {
    expect(spell('Gain control of all creatures with power 4 or greater until end of turn. Untap those creatures. They gain haste until end of turn.')).toEqual({ spell: { do: [
      { gain_control: { all: 'creatures with power 4 or greater' }, until: 'end_of_turn' },
      { untap: 'it' },
      { grant: ['Haste'], affected: 'it', until: 'end_of_turn' },
    ] } });
  });
  it('reads a group taken for good', () => {
    expect(spell('Gain control of all permanents you own.')).toEqual({ spell: { do: [{ gain_control: { all: 'permanents you own' }, until: 'permanent' }] } });
  });
  it('untaps every object of the group and then takes them all', () => {
    expect(spell('Untap all creatures and gain control of them until end of turn. They gain haste until end of turn.')).toEqual({ spell: { do: [
      { untap: { all: 'creatures' } },
      { gain_control: { all: 'creatures' }, until: 'end_of_turn' },
      { grant: ['Haste'], affected: 'it', until: 'end_of_turn' },
    ] } });
  });
  it('reads "them" after untapping a group as the objects untapped, though the filter asks whether they are tapped', () => {
    // (the untap names its group `it` as it resolves, before untapping: 608.2c)
    expect(spell('Untap all tapped creatures and gain control of them until end of turn.')).toEqual({ spell: { do: [
      { untap: { all: 'tapped creatures' } },
      { gain_control: 'it', until: 'end_of_turn' },
    ] } });
  });
});

describe('the target after "Gain control of target ..."', () => {
  it('reads "that artifact" and "They" as the targets acted on', () => {
    expect(spell('Gain control of target artifact until end of turn. Untap that artifact. It gains haste until end of turn.')).toEqual({ spell: {
      targets: { t: 'artifact' },
      do: [{ gain_control: 't', until: 'end_of_turn' }, { untap: 't' }, { grant: ['Haste'], affected: 't', until: 'end_of_turn' }],
    } });
    expect(spell('Gain control of any number of target creatures until end of turn. Untap those creatures. They gain haste until end of turn.')).toMatchObject({ spell: {
      targets: { t: { filter: 'creature', count: 'any' } },
      do: [{ gain_control: 't' }, { untap: 't' }, { grant: ['Haste'], affected: 't' }],
    } });
  });
});
