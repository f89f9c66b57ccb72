// Compiler templates for riders on destruction and damage: what is counted or created for the
// permanents "destroyed this way" (701.7a, 608.2c), who creates a token (111.2), and "a creature dealt
// damage this way can't be regenerated this turn" (701.15c).

import { describe, expect, it } from 'vitest';
import { compileParagraph } from '../dist/cards/oracle/templates.js';

const read = (text: string, spell = true) => compileParagraph(text, 'Foo', spell);

describe('destroyed this way', () => {
  it('counts the permanents the destroy instruction before it destroyed', () => {
    expect(read('Destroy all creatures. You gain 1 life for each creature destroyed this way.'))
      .toEqual({ spell: { do: [{ destroy: { all: 'creatures' } }, { gain_life: { number_of: 'destroyed' } }] } });
    expect(read("Destroy all creatures. They can't be regenerated. Draw a card for each creature destroyed this way."))
      .toEqual({ spell: { do: [{ destroy: { all: 'creatures' }, no_regenerate: true }, { draw: { number_of: 'destroyed' } }] } });
    expect(read('Destroy all artifacts and enchantments. You gain 2 life for each permanent destroyed this way.'))
      .toEqual({ spell: { do: [{ destroy: { all: 'artifact or enchantment' } }, { gain_life: { times: [2, { number_of: 'destroyed' }] } }] } });
  });

  it('reads the destruction a target player is repeated for', () => {
    expect(read('Destroy all creatures target opponent controls. Draw a card for each creature destroyed this way.'))
      .toEqual({ spell: { targets: { t: 'opponent' }, do: [{ for_each: 't', do: [{ destroy: { all: 'creatures that player controls' } }] }, { draw: { number_of: 'destroyed' } }] } });
  });

  it('gives the tokens to the controller of each permanent destroyed', () => {
    expect(read('Destroy all artifacts and enchantments. For each permanent destroyed this way, its controller creates a 3/3 green Centaur creature token.'))
      .toEqual({ spell: { do: [{ destroy: { all: 'artifact or enchantment' } }, { create_token: { type: 'Creature — Centaur', pt: '3/3', colors: ['green'] }, who: 'destroyed' }] } });
  });

  it('leaves unread a count with nothing destroyed before it, or a noun the destruction does not cover', () => {
    expect(read('You gain 1 life for each creature destroyed this way.')).toHaveProperty('unsupported');
    expect(read('Destroy all artifacts and enchantments. You gain 2 life for each enchantment destroyed this way.')).toHaveProperty('unsupported');
    expect(read('Exile all creatures. You gain 1 life for each creature destroyed this way.')).toHaveProperty('unsupported');
  });

  it('leaves unread other instructions repeated for each permanent destroyed', () => {
    expect(read('Destroy all lands. For each land destroyed this way, search your library for a basic land card and put it onto the battlefield. Then shuffle.'))
      .toHaveProperty('unsupported');
  });
});

describe('who creates a token', () => {
  it(`reads "Its controller creates" after a destruction as the target's controller`, () => {
    expect(read("Destroy target creature. It can't be regenerated. Its controller creates a 3/3 green Ape creature token."))
      .toEqual({ spell: { targets: { t: 'creature' }, do: [{ destroy: 't', no_regenerate: true }, { create_token: { type: 'Creature — Ape', pt: '3/3', colors: ['green'] }, who: 'controller_of:t' }] } });
  });
});

describe('a creature dealt damage this way', () => {
  it(`marks the damage before "can't be regenerated this turn"`, () => {
    expect(read("Foo deals 3 damage to any target. A creature dealt damage this way can't be regenerated this turn."))
      .toEqual({ spell: { targets: { t: 'any target' }, do: [{ damage: 3, affected: 't', cant_be_regenerated_this_turn: true }] } });
    expect(read("Foo deals 3 damage to each creature without flying and each player. Creatures dealt damage this way can't be regenerated this turn."))
      .toEqual({ spell: { do: [{ damage: 3, affected: { all: 'creature without flying or player' }, cant_be_regenerated_this_turn: true }] } });
  });

  it('leaves the sentence unread with no damage before it', () => {
    expect(read("Tap target creature. A creature dealt damage this way can't be regenerated this turn.")).toHaveProperty('unsupported');
  });
});

describe('that object, named by its type', () => {
  it(`reads "that artifact's controller" and "that Wall's mana value" as the object acted on`, () => {
    expect(read("Destroy target artifact. It can't be regenerated. That artifact's controller gains life equal to its converted mana cost."))
      .toEqual({ spell: { targets: { t: 'artifact' }, do: [{ destroy: 't', no_regenerate: true }, { gain_life: { mana_value_of: 't' }, who: 'controller_of:t' }] } });
    expect(read("Destroy target Wall. It can't be regenerated. Foo deals damage equal to that Wall's converted mana cost to the Wall's controller."))
      .toEqual({ spell: { targets: { t: 'Wall' }, do: [{ destroy: 't', no_regenerate: true }, { damage: { mana_value_of: 't' }, affected: 'controller_of:t' }] } });
  });
});

describe('if it is a creature: no regeneration, and exiled instead of dying', () => {
  it('reads both riders on the damaged object, under "If it\'s a creature" or a condition', () => {
    // "it": what the damage was dealt to
    const both = [{ cant: 'be_regenerated', affected: 'it', until: 'end_of_turn' }, { exile_if_dies: 'it', until: 'end_of_turn' }];
    expect(read("Foo deals 3 damage to any target. If it's a creature, it can't be regenerated this turn, and if it would die this turn, exile it instead."))
      .toEqual({ spell: { targets: { t: 'any target' }, do: [{ damage: 3, affected: 't' }, { if: { is: 'creature', what: 'it' }, do: both }] } });
    expect(read('Foo deals 2 damage to any target. If Foo was kicked, that creature can\'t be regenerated this turn and if it would die this turn, exile it instead.'))
      .toEqual({ spell: { targets: { t: 'any target' }, do: [{ damage: 2, affected: 't' }, { if: { kicked: true }, do: [{ if: { is: 'creature', what: 'it' }, do: both }] }] } });
  });
});
