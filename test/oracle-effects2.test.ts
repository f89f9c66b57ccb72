// The compiler's templates for effect bodies: a creature dealing damage equal to its own power,
// prevention shields against a source of your choice, mana of one color, and "Those creatures".

import { describe, expect, it } from 'vitest';
import { compileParagraph } from '../dist/cards/oracle/templates.js';

const spell = (text: string) => compileParagraph(text, 'Foo', true);
const ability = (text: string) => compileParagraph(text, 'Foo', false);

describe('damage equal to a creature\'s own power', () => {
  it('reads the source\'s own power, also after sacrificing it ("It deals")', () => {
    expect(ability('{T}: Foo deals damage equal to its power to any target.')).toEqual({ activated: {
      cost: '{T}', targets: { t: 'any target' }, do: [{ damage: { power_of: 'self' }, affected: 't' }],
    } });
    expect(ability('{R}, Sacrifice Foo: It deals damage equal to its power to target creature.'))
      .toMatchObject({ activated: { do: [{ damage: { power_of: 'self' }, affected: 't' }] } });
  });
  it('makes a target the source of the damage (bite), or of damage to itself', () => {
    expect(spell('Target creature you control deals damage equal to its power to target creature you don\'t control.')).toEqual({ spell: {
      targets: { t: 'creature you control', t2: 'creature you don\'t control' }, do: [{ damage: { power_of: 't' }, affected: 't2', from: 't' }],
    } });
    expect(spell('Target creature deals damage to itself equal to its power.')).toEqual({ spell: {
      targets: { t: 'creature' }, do: [{ damage: { power_of: 't' }, affected: 't', from: 't' }],
    } });
  });
  it('reads "That creature deals damage equal to its power to CARDNAME" as the target dealing it back', () => {
    expect(ability('{T}: Foo deals damage equal to its power to target creature. That creature deals damage equal to its power to Foo.'))
      .toMatchObject({ activated: { do: [{ damage: { power_of: 'self' }, affected: 't' }, { damage: { power_of: 'it' }, affected: 'self', from: 'it' }] } });
  });
  it('leaves "that player" unread where no event names a player', () => {
    expect(spell('Target creature an opponent controls deals damage equal to its power to another target creature that player controls.')).toHaveProperty('unsupported');
  });
  it('leaves "it deals damage equal to its power" in an activated ability unread', () => {
    expect(ability('{T}: It deals damage equal to its power to any target.')).toHaveProperty('unsupported');
  });
});

describe('prevention against a source of your choice (609.7a)', () => {
  it('prevents all damage of the chosen source, to anything or to you', () => {
    expect(spell('Prevent all damage a source of your choice would deal this turn.')).toEqual({ spell: { do: [{ prevent_damage: 'all', from_chosen_source: 'source' }] } });
    expect(spell('Prevent all damage a red source of your choice would deal to you this turn.'))
      .toEqual({ spell: { do: [{ prevent_damage: 'all', affected: 'you', from_chosen_source: 'red source' }] } });
    expect(spell('Prevent all damage that would be dealt to you this turn by a source of your choice.'))
      .toEqual({ spell: { do: [{ prevent_damage: 'all', affected: 'you', from_chosen_source: 'source' }] } });
  });
  it('prevents the next N damage to a target from the chosen source', () => {
    expect(spell('Prevent the next 3 damage that would be dealt to any target this turn by a source of your choice.'))
      .toEqual({ spell: { targets: { t: 'any target' }, do: [{ prevent_damage: 3, affected: 't', from_chosen_source: 'source' }] } });
  });
});

describe('prevention with the duration before its targets', () => {
  it('reads "... dealt this turn to up to two target creatures" and "the next N ... this turn to target ..."', () => {
    expect(spell('Prevent all damage that would be dealt this turn to up to two target creatures.'))
      .toEqual({ spell: { targets: { t: { filter: 'creature', count: '0-2' } }, do: [{ prevent_damage: 'all', affected: 't' }] } });
    expect(spell('Prevent the next 4 damage that would be dealt this turn to target creature you control.'))
      .toEqual({ spell: { targets: { t: 'creature you control' }, do: [{ prevent_damage: 4, affected: 't' }] } });
  });
});

describe('mana of one color, or of any combination of colors', () => {
  it('chooses one color for all of "three mana of any one color"', () => {
    expect(ability('{T}, Sacrifice Foo: Add three mana of any one color.')).toMatchObject({ activated: { do: [{ add_any_color: 3, one_color: true }] } });
    expect(ability('{5}, {T}: Add five mana in any combination of colors.')).toMatchObject({ activated: { do: [{ add_any_color: 5 }] } });
  });
});

describe('"Those creatures" after targets', () => {
  it('names the targets of the sentence before', () => {
    expect(spell('Tap up to two target creatures. Those creatures don\'t untap during their controller\'s next untap step.')).toEqual({ spell: {
      targets: { t: { filter: 'creature', count: '0-2' } }, do: [{ tap: 't' }, { skip_next_untap: 't' }],
    } });
  });
});
