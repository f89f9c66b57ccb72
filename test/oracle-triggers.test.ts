// Compiler templates for triggers on the death of the creature an Aura or Equipment is attached to,
// and the amounts and subjects their instructions use.

import { describe, expect, it } from 'vitest';
import { compileParagraph } from '../dist/cards/oracle/templates.js';

const read = (text: string, spell = false) => compileParagraph(text, 'Foo', spell);

describe('"When enchanted / equipped creature dies"', () => {
  it('is a dies trigger about what the source was attached to', () => {
    expect(read('When enchanted creature dies, return that card to its owner\'s hand.'))
      .toEqual({ triggered: { when: { dies: 'enchanted' }, do: [{ return_to_hand: 'it' }] } });
    expect(read('Whenever equipped creature dies, draw two cards.'))
      .toEqual({ triggered: { when: { dies: 'equipped' }, do: [{ draw: 2 }] } });
  });

  it('reads "its power", "that creature\'s controller" and X shared by two instructions', () => {
    expect(read('When enchanted creature dies, that creature\'s controller loses life equal to its toughness.'))
      .toEqual({ triggered: { when: { dies: 'enchanted' }, do: [{ lose_life: { toughness_of: 'it' }, who: 'controller_of:it' }] } });
    expect(read('When enchanted creature dies, you gain X life and draw X cards, where X is its toughness.'))
      .toEqual({ triggered: { when: { dies: 'enchanted' }, do: [{ gain_life: { toughness_of: 'it' } }, { draw: { toughness_of: 'it' } }] } });
  });

  it('leaves unread an Aura\'s trigger that moves the Aura, which is in the graveyard by then (704.5m)', () => {
    expect(read('When enchanted creature dies, return CARDNAME to its owner\'s hand.')).toHaveProperty('unsupported');
  });
});

describe('cast triggers: "that spell"', () => {
  it('reads its mana value, copies it, and counters it unless its caster pays', () => {
    expect(read('Whenever you cast a spell, Foo gets +X/+X until end of turn, where X is that spell\'s mana value.'))
      .toEqual({ triggered: { when: { cast: 'spell', by: 'you' }, do: [{ pump: '+X/+X', affected: 'self', until: 'end_of_turn', where_x: { mana_value_of: 'it' } }] } });
    expect(read('Whenever you cast an instant or sorcery spell, you may copy that spell. You may choose new targets for the copy.'))
      .toEqual({ triggered: { when: { cast: 'instant or sorcery spell', by: 'you' }, do: [{ may: [{ copy_spell: 'it', new_targets: true }] }] } });
    expect(read('Whenever a player casts a spell, counter it unless that player pays {3}.'))
      .toEqual({ triggered: { when: { cast: 'spell', by: 'any' }, do: [{ unless: '{3}', who: 'that_player', do: [{ counter: 'it' }] }] } });
  });

  it('asks the payer before "you may" ("you may draw a card unless that player pays {1}")', () => {
    expect(read('Whenever an opponent casts a spell, you may draw a card unless that player pays {1}.'))
      .toEqual({ triggered: { when: { cast: 'spell', by: 'opponent' }, do: [{ unless: '{1}', who: 'that_player', do: [{ may: [{ draw: 1 }] }] }] } });
  });
});

describe('"you may have [target] [verb]" and "you may tap or untap"', () => {
  it('reads the verb in the third person, the target chosen as the ability is put on the stack', () => {
    expect(read('Whenever you cast an enchantment spell, you may have target creature get -2/-2 until end of turn.'))
      .toEqual({ triggered: { when: { cast: 'enchantment spell', by: 'you' }, targets: { t: 'creature' }, do: [{ may: [{ pump: '-2/-2', affected: 't', until: 'end_of_turn' }] }] } });
  });

  it('is one target for both instructions, also in an enters trigger', () => {
    expect(read('When Foo enters, you may tap or untap target permanent.'))
      .toEqual({ triggered: { when: { enters: 'self' }, targets: { t: 'permanent' }, do: [{ may_choose: [[{ tap: 't' }], [{ untap: 't' }]] }] } });
  });
});

describe('batched triggers (603.2c)', () => {
  it('reads "one or more ... attack", "you attack with N or more creatures" and "one or more ... deal combat damage to a player"', () => {
    expect(read('Whenever one or more nontoken Vampires you control attack, draw a card.'))
      .toEqual({ triggered: { when: { attacks: 'nontoken Vampire you control', one_or_more: true }, do: [{ draw: 1 }] } });
    expect(read('Whenever you attack with two or more creatures, draw a card.'))
      .toEqual({ triggered: { when: { attacks: 'creature you control', one_or_more: true, at_least: 2 }, do: [{ draw: 1 }] } });
    expect(read('Whenever one or more creatures you control deal combat damage to a player, draw a card.'))
      .toEqual({ triggered: { when: { deals_damage: 'creature you control', to: 'player', combat: true, one_or_more: true }, do: [{ draw: 1 }] } });
  });
});

describe('crew (702.122a)', () => {
  it('is a keyword whose cost taps creatures by total power', async () => {
    const { parseKeyword } = await import('../dist/cards/compile.js');
    const { partsOf } = await import('../dist/cards/keywords.js');
    const k = parseKeyword('Crew 3', 'k');
    expect(k).toMatchObject({ keyword: 'Crew', n: 3 });
    const [crew] = partsOf(k!);
    expect(crew).toMatchObject({ kind: 'activated', cost: { parts: [{ kind: 'tap_permanents', n: 0, totalPower: 3 }] } });
  });
});

describe('energy (107.14)', () => {
  it('reads "you get {E}{E}" and the cost "Pay {E}{E}"', () => {
    expect(read('When Foo enters, you gain 3 life and get {E}{E}{E}.'))
      .toEqual({ triggered: { when: { enters: 'self' }, do: [{ gain_life: 3 }, { get_energy: 3 }] } });
    expect(read('Whenever Foo attacks, you may pay {E}{E}. If you do, draw a card.'))
      .toEqual({ triggered: { when: { attacks: 'self' }, do: [{ may_pay: 'Pay {E}{E}' }, { if_you_do: [{ draw: 1 }] }] } });
    expect(read('Pay {E}{E}: Put a +1/+1 counter on Foo.'))
      .toEqual({ activated: { cost: 'Pay {E}{E}', do: [{ put_counters: '+1/+1', amount: 1, affected: 'self' }] } });
  });
});
