// Alternative costs offered only under a condition (118.9, 601.2b), "without paying its mana cost" as
// an alternative cost of nothing, and "If CONDITION, this spell costs {N} less to cast" (601.2f), as
// the Oracle compiler reads them.

import { describe, expect, it } from 'vitest';
import { compileParagraph, withoutAbilityWord } from '../dist/cards/oracle/templates.js';

const read = (text: string) => compileParagraph(text, 'Foo', false);

describe('conditional alternative costs', () => {
  it('reads "If CONDITION, you may pay ... rather than pay this spell\'s mana cost"', () => {
    expect(read("If you control a Plains, you may tap an untapped creature you control rather than pay this spell's mana cost."))
      .toEqual({ alternative_cost: 'Tap an untapped creature you control', if: { controls: 'Plains' } });
    expect(read("If you control a Swamp, you may pay 4 life rather than pay this spell's mana cost."))
      .toEqual({ alternative_cost: 'Pay 4 life', if: { controls: 'Swamp' } });
    expect(read("If you attacked with a creature this turn, you may pay {U} rather than pay this spell's mana cost."))
      .toEqual({ alternative_cost: 'Pay {U}', if: { attacked_this_turn: true } });
  });

  it('reads "you may cast CARDNAME without paying its mana cost" under two conditions', () => {
    expect(read('If an opponent controls a Swamp and you control a Plains, you may cast Foo without paying its mana cost.'))
      .toEqual({ alternative_cost: '', label: 'without paying its mana cost', if: { all: [{ controls: 'Swamp', who: 'each_opponent' }, { controls: 'Plains' }] } });
    expect(read("If you've cast another white spell this turn, you may cast Foo without paying its mana cost."))
      .toEqual({ alternative_cost: '', label: 'without paying its mana cost', if: { cast_this_turn: 'white spell' } });
  });

  it("reads the Traps' conditions", () => {
    const trap = (c: string) => read(`If ${c}, you may pay {U} rather than pay this spell's mana cost.`);
    expect(trap('three or more creatures are attacking')).toMatchObject({ if: { at_least: 3, of: { count: 'attacking creature' } } });
    expect(trap('a black creature with flying is attacking')).toMatchObject({ if: { at_least: 1, of: { count: 'attacking black creature with flying' } } });
    expect(trap('an opponent gained life this turn')).toMatchObject({ if: { life_gained_this_turn: 1, who: 'each_opponent' } });
    expect(trap('an opponent cast three or more spells this turn')).toMatchObject({ if: { cast_this_turn: 'spell', who: 'each_opponent', at_least: 3 } });
    expect(trap('an opponent had two or more lands enter the battlefield under their control this turn'))
      .toMatchObject({ if: { entered_this_turn: 'land', under: 'each_opponent', at_least: 2 } });
    expect(trap('an opponent had a green creature enter the battlefield under their control this turn'))
      .toMatchObject({ if: { entered_this_turn: 'green creature', under: 'each_opponent' } });
  });

  it('reads an alternative cost exiling two cards of a color from the hand', () => {
    expect(read("You may exile two green cards from your hand rather than pay this spell's mana cost."))
      .toEqual({ alternative_cost: 'Exile two green cards from your hand' });
  });
});

describe('conditional cost reductions of the spell itself', () => {
  it('reads "If CONDITION, this spell costs {6} less to cast"', () => {
    expect(read('If you have 3 or less life, Foo costs {6} less to cast.'))
      .toEqual({ static: { cost_reduction: '{6}', spells: 'spell', self: true, if: { life_at_most: 3 } } });
    expect(read('If there are ten or more creature cards total in all graveyards, Foo costs {6} less to cast.'))
      .toMatchObject({ static: { if: { at_least: 10, of: { count: 'creature card in a graveyard' } } } });
  });

  it('drops an ability word printed with no spaces around its dash', () => {
    expect(withoutAbilityWord('Undergrowth\u2014This spell costs {1} less.')).toBe('This spell costs {1} less.');
  });
});

describe('cost changes for other spells', () => {
  it('reads one that holds while a condition does', () => {
    expect(read('As long as Foo is tapped, creature spells you cast cost {2} less to cast.'))
      .toEqual({ static: { cost_reduction: '{2}', spells: 'creature spell', who: 'you', if: { is: 'tapped permanent', what: 'self' } } });
  });

  it('reads one made once for each of something, counted as the cost is determined', () => {
    expect(read('Angel spells and Human spells you cast cost {1} less to cast for each +1/+1 counter on Foo.'))
      .toEqual({ static: { cost_reduction: '{1}', spells: 'Angel spell or Human spell', who: 'you', per: { counters: '+1/+1', on: 'self' } } });
  });

  it('reads one for spells that target the source', () => {
    expect(read('Spells that target Foo cost {2} less to cast.'))
      .toEqual({ static: { cost_reduction: '{2}', spells: 'spell that targets CARDNAME', who: 'each' } });
    expect(read('Spells your opponents cast that target Foo cost {2} more to cast.'))
      .toEqual({ static: { cost_increase: '{2}', spells: 'spell that targets CARDNAME', who: 'opponents' } });
  });
});
