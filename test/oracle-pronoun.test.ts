// The compiler's sentences that go on from the one before through a pronoun or a possessive (608.2c):
// "It gains ..." after an instruction on the source, "They gain ..." after untapping a group, a
// keyword given with no duration (611.2a), "Its controller creates ..." (111.2), and "it" after an
// "if you do" that made something.

import { describe, expect, it } from 'vitest';
import { compileParagraph } from '../dist/cards/oracle/templates.js';

const spell = (text: string) => compileParagraph(text, 'Foo', true);
const ability = (text: string) => compileParagraph(text, 'Foo', false);

describe('"it" after an instruction on the source', () => {
  it('names the source after a counter, a bonus, a tap or an untap', () => {
    expect(ability('{1}, Sacrifice an artifact: Put a +1/+1 counter on Foo. It gains indestructible until end of turn.')).toEqual({ activated: { cost: '{1}, Sacrifice an artifact', do: [
      { put_counters: '+1/+1', amount: 1, affected: 'self' }, { grant: ['Indestructible'], affected: 'self', until: 'end_of_turn' },
    ] } });
    expect(ability('Tap two untapped Merfolk you control: Untap Foo. It gains shroud until end of turn.')).toMatchObject({ activated: { do: [{ untap: 'self' }, { grant: ['Shroud'], affected: 'self' }] } });
  });
  it('keeps "it" after an instruction moving the source (the new object it became, 400.7)', () => {
    expect(ability('{2}: Exile Foo. Return it to the battlefield under its owner\'s control.')).toMatchObject({ activated: { do: [{ exile: 'self' }, { return_to_battlefield: 'it' }] } });
  });
});

describe('a keyword given with no duration', () => {
  it('lasts for the rest of the game', () => {
    expect(ability('Sacrifice Foo: Put a +2/+2 counter on target Chimera creature. It gains flying.')).toEqual({ activated: { cost: 'Sacrifice Foo', targets: { t: 'Chimera creature' }, do: [
      { put_counters: '+2/+2', amount: 1, affected: 't' }, { grant: ['Flying'], affected: 't', until: 'permanent' },
    ] } });
    expect(spell('Put target creature card from a graveyard onto the battlefield under your control. It gains haste.')).toMatchObject({ spell: { do: [{ return_to_battlefield: 't' }, { grant: ['Haste'], affected: 'it', until: 'permanent' }] } });
  });
});

describe('"They" after tapping or untapping a group', () => {
  it('names the group', () => {
    expect(spell('Untap all creatures you control. They gain flying and double strike until end of turn.')).toEqual({ spell: { do: [
      { untap: { all: 'creatures you control' } }, { grant: ['Flying', 'Double strike'], affected: 'it', until: 'end_of_turn' },
    ] } });
  });
});

describe('another player creates a token (111.2)', () => {
  it('reads "its controller" after an instruction on a target as that target\'s controller', () => {
    expect(spell('Destroy target permanent. Its controller creates a 3/3 green Beast creature token.')).toEqual({ spell: { targets: { t: 'permanent' }, do: [
      { destroy: 't' }, { create_token: { type: 'Creature — Beast', pt: '3/3', colors: ['green'] }, who: 'controller_of:t' },
    ] } });
    expect(spell('Counter target instant spell. Its controller creates a 2/2 blue Bird creature token with flying.')).toMatchObject({ spell: { do: [{ counter: 't' }, { who: 'controller_of:t' }] } });
  });
  it('reads a target player and "you create"', () => {
    expect(ability('When Foo enters the battlefield, target opponent creates a 4/4 black Horror creature token.')).toMatchObject({ triggered: { targets: { t: 'opponent' }, do: [{ create_token: { pt: '4/4' }, who: 't' }] } });
    expect(spell('Counter target spell unless its controller pays {1}. You create a 1/1 colorless Eldrazi Scion creature token. It has "Sacrifice this creature: Add {C}."')).toMatchObject({ spell: { do: [{ unless: '{1}' }, { create_token: { type: 'Creature — Eldrazi Scion' } }] } });
  });
  it('leaves a subject and verb that disagree unread', () => {
    expect(spell('Destroy target permanent. Its controller create a 3/3 green Beast creature token.')).toHaveProperty('unsupported');
    expect(spell('You creates a 3/3 green Beast creature token.')).toHaveProperty('unsupported');
  });
});

describe('"it" after an "if you do" that made something', () => {
  it('belongs to the "if you do"', () => {
    expect(ability('Whenever a land enters the battlefield under your control, you may pay {2}{R}. If you do, create a 3/1 red Elemental creature token with trample and haste. Exile that token at the beginning of the next end step.'))
      .toMatchObject({ triggered: { do: [{ may_pay: '{2}{R}' }, { if_you_do: [{ create_token: {} }, { delayed: {}, about: 'it' }] }] } });
  });
});
