// The compiler's templates for moving objects between zones: shuffling into a library (701.20a),
// reanimation, delayed triggers about what an instruction made or moved (603.7), and replacement
// effects sending a dying creature elsewhere (614.1a).

import { describe, expect, it } from 'vitest';
import { compileParagraph } from '../dist/cards/oracle/templates.js';

const spell = (text: string) => compileParagraph(text, 'Foo', true);
const ability = (text: string) => compileParagraph(text, 'Foo', false);

describe('shuffling into a library', () => {
  it('reads CARDNAME, "it" and a target shuffled into its owner\'s library', () => {
    expect(spell("Foo deals 5 damage to any target. Shuffle Foo into its owner's library.")).toEqual({ spell: { targets: { t: 'any target' }, do: [{ damage: 5, affected: 't' }, { shuffle_into_library: 'self' }] } });
    expect(ability("When Foo dies, shuffle it into its owner's library.")).toEqual({ triggered: { when: { dies: 'self' }, do: [{ shuffle_into_library: 'it' }] } });
    expect(spell('The owner of target permanent shuffles it into their library.')).toEqual({ spell: { targets: { t: 'permanent' }, do: [{ shuffle_into_library: 't' }] } });
    expect(ability("{U}: Foo's owner shuffles it into their library.")).toEqual({ activated: { cost: '{U}', do: [{ shuffle_into_library: 'self' }] } });
  });
  it('reads a player shuffling their graveyard into their library', () => {
    expect(spell('Target player shuffles their graveyard into their library.')).toEqual({ spell: { targets: { t: 'player' }, do: [{ shuffle_graveyard: 't' }] } });
    expect(spell('Each player shuffles their graveyard into their library.')).toEqual({ spell: { do: [{ shuffle_graveyard: 'each_player' }] } });
    expect(ability('{T}: Shuffle your graveyard into your library.')).toEqual({ activated: { cost: '{T}', do: [{ shuffle_graveyard: 'you' }] } });
  });
});

describe('delayed triggers about what an instruction made or moved', () => {
  it('reads "them", "that creature" and "the token" as what the instruction before made or moved', () => {
    expect(spell('Create three 3/1 red Elemental creature tokens with haste. Exile them at the beginning of the next end step.')).toMatchObject({ spell: { do: [{ amount: 3 }, { delayed: { step: 'end', whose: 'next' }, about: 'it', do: [{ exile: 'it' }] }] } });
    expect(spell('Return target creature card from your graveyard to the battlefield. Sacrifice that creature at the beginning of the next end step.')).toMatchObject({ spell: { do: [{ return_to_battlefield: 't' }, { delayed: { step: 'end' }, do: [{ sacrifice: 'it' }] }] } });
  });
  it('reads "At the beginning of the next end step, return that card ... with a counter on it"', () => {
    expect(spell("Exile target creature. At the beginning of the next end step, return that card to the battlefield under its owner's control with a +1/+1 counter on it.")).toEqual({ spell: { targets: { t: 'creature' }, do: [{ exile: 't' }, { delayed: { step: 'end', whose: 'next' }, about: 't', do: [{ return_to_battlefield: 'it', under: 'owner', counters: { '+1/+1': 1 } }] }] } });
    expect(ability("Whenever you cast a Spirit or Arcane spell, you may exile Foo. If you do, return it to the battlefield under its owner's control at the beginning of the next end step.")).toMatchObject({ triggered: { do: [{ may: [{ exile: 'self' }] }, { if_you_do: [{ delayed: { step: 'end' }, about: 'it', do: [{ return_to_battlefield: 'it' }] }] }] } });
  });
  it('keeps "sacrifice it" about a token an enters trigger made, not about the permanent itself', () => {
    expect(ability('When Foo enters, create a 1/1 white Spirit creature token with flying. Sacrifice the token at the beginning of the next end step.')).toMatchObject({ triggered: { do: [{ create_token: {} }, { delayed: {}, do: [{ sacrifice: 'it' }] }] } });
    expect(ability('When Foo enters, sacrifice it unless you pay {2}.')).toMatchObject({ triggered: { do: [{ unless: '{2}', do: [{ sacrifice: 'self' }] }] } });
  });
});

describe('reanimation and returning to hand', () => {
  it('reads a card from any graveyard or an opponent\'s put onto the battlefield under your control', () => {
    expect(spell('Put target creature card from a graveyard onto the battlefield under your control.')).toEqual({ spell: { targets: { t: 'creature card from a graveyard' }, do: [{ return_to_battlefield: 't', under: 'you' }] } });
    expect(spell("Put target creature card from an opponent's graveyard onto the battlefield under your control.")).toEqual({ spell: { targets: { t: "creature card from an opponent's graveyard" }, do: [{ return_to_battlefield: 't', under: 'you' }] } });
  });
  it('reads "return another ... you control to its owner\'s hand" as a choice', () => {
    expect(ability("When Foo enters, return another creature you control to its owner's hand.")).toEqual({ triggered: { when: { enters: 'self' }, do: [{ return_chosen_to_hand: 'another creature you control' }] } });
  });
  it('reads a target whose filter is a comma list of alternatives or of qualities, and no other comma', () => {
    expect(spell("Return target artifact, enchantment, or land to its owner's hand.")).toEqual({ spell: { targets: { t: 'artifact, enchantment, or land' }, do: [{ return_to_hand: 't' }] } });
    expect(spell('Destroy target nonartifact, nonblack creature.')).toEqual({ spell: { targets: { t: 'nonartifact, nonblack creature' }, do: [{ destroy: 't' }] } });
    expect(ability('Whenever you cast an instant or sorcery spell, Wizards you control get +1/+1 until end of turn.')).not.toHaveProperty('unsupported');
  });
});

describe('exiled instead of dying (614.1a)', () => {
  it('reads the turn-long replacement on creatures dealt damage, on the creature named, or on every creature', () => {
    expect(spell('Foo deals 3 damage to each creature. If a creature dealt damage this way would die this turn, exile it instead.')).toEqual({ spell: { do: [{ damage: 3, affected: { all: 'creature' }, exile_if_dies_this_turn: true }] } });
    expect(spell('Foo deals 4 damage to target creature. If that creature would die this turn, exile it instead.')).toEqual({ spell: { targets: { t: 'creature' }, do: [{ damage: 4, affected: 't' }, { exile_if_dies: 'it', until: 'end_of_turn' }] } });
    expect(spell('All creatures get -2/-2 until end of turn. If a creature would die this turn, exile it instead.')).toMatchObject({ spell: { do: [{ pump: '-2/-2' }, { create_replacement: { of: { dies: 'creature' }, instead: [{ exile: 'it' }] }, until: 'end_of_turn' }] } });
    expect(spell('Draw a card. If a creature dealt damage this way would die this turn, exile it instead.')).toHaveProperty('unsupported');
  });
  it("reads a creature's own replacement sending it elsewhere as it dies", () => {
    expect(ability("If Foo would die, put Foo on top of its owner's library instead.")).toEqual({ replacement: { of: { dies: 'self' }, instead: [{ put_on_library: 'it' }] } });
    expect(ability("If Foo would die, put it on the bottom of its owner's library instead.")).toEqual({ replacement: { of: { dies: 'self' }, instead: [{ put_on_library: 'it', position: 'bottom' }] } });
  });
});
