// Oracle templates of the upkeep family: "unless" costs paid on resolution (118.12a), "If you can't"
// after a mandatory sacrifice, intervening "if" conditions (603.4), counts "for each" on tokens and
// mills, and comma lists in filters.

import { describe, expect, it } from 'vitest';
import { compileParagraph } from '../dist/cards/oracle/templates.js';

const dsl = (text: string) => compileParagraph(text, 'Foo', false);
const steps = (text: string) => (dsl(text) as { triggered?: { do: unknown[]; if?: unknown } }).triggered;

describe('upkeep templates', () => {
  it('reads unless costs paid a number of times, by removing a counter from the source, or by sacrificing another', () => {
    expect(steps('At the beginning of your upkeep, sacrifice Foo unless you pay {1} for each card in your hand.')?.do)
      .toEqual([{ unless: '{1}', who: 'you', do: [{ sacrifice: 'self' }], times: { cards_in_hand: 'you' } }]);
    expect(steps('At the beginning of your upkeep, sacrifice Foo unless you remove a +1/+1 counter from it.')?.do)
      .toEqual([{ unless: 'Remove a +1/+1 counter from CARDNAME', who: 'you', do: [{ sacrifice: 'self' }] }]);
    expect(steps('At the beginning of your upkeep, tap Foo unless you sacrifice another creature.')?.do)
      .toEqual([{ unless: 'Sacrifice another creature', who: 'you', do: [{ tap: 'self' }] }]);
    expect(steps("At the beginning of the upkeep of enchanted enchantment's controller, that player loses 2 life unless they pay {2}.")?.do)
      .toEqual([{ unless: '{2}', who: 'that_player', do: [{ lose_life: 2, who: 'that_player' }] }]);
  });

  it('reads "If you can\'t" only after a sacrifice that must happen', () => {
    expect(steps('At the beginning of your upkeep, sacrifice a creature other than Foo. If you can\'t, Foo deals 7 damage to you.')?.do)
      .toEqual([{ sacrifice: 'another creature' }, { if_you_do: [], otherwise: [{ damage: 7, affected: 'you' }] }]);
    expect(dsl('At the beginning of your upkeep, you may sacrifice a creature. If you can\'t, sacrifice Foo.')).toHaveProperty('unsupported');
  });

  it('reads intervening conditions on the whole battlefield, on not attacking, and on the enchanted creature', () => {
    expect(steps('At the beginning of the end step, if no creatures are on the battlefield, sacrifice Foo.')?.if)
      .toEqual({ controls: 'creature', who: 'each_player', none: true });
    expect(steps("At the beginning of your end step, if you didn't attack with a creature this turn, sacrifice Foo.")?.if)
      .toEqual({ attacked_this_turn: false });
    expect(steps("At the beginning of the end step, if enchanted creature's power is 4 or greater, destroy Foo.")?.if)
      .toEqual({ is: 'creature with power 4 or greater', what: 'enchanted' });
  });

  it('counts tokens and milled cards "for each", after "Then"', () => {
    expect(steps('At the beginning of your upkeep, put a shred counter on Foo. Then mill a card for each shred counter on Foo.')?.do)
      .toEqual([{ put_counters: 'shred', amount: 1, affected: 'self' }, { mill: { counters: 'shred', on: 'self' } }]);
    expect(steps('At the beginning of your upkeep, create a 1/1 green Saproling creature token for each +1/+1 counter on Foo.')?.do)
      .toEqual([{ create_token: { type: 'Creature — Saproling', pt: '1/1', colors: ['green'] }, amount: { counters: '+1/+1', on: 'self' } }]);
  });

  it('reads a comma list of alternatives ending in "or" as one filter, and stops at a comma without one', () => {
    expect(steps("At the beginning of each player's upkeep, that player sacrifices an artifact, creature, or land.")?.do)
      .toEqual([{ sacrifice: 'artifact, creature, or land', who: 'that_player' }]);
    expect(dsl('Whenever you cast a noncreature spell, creatures you control get +1/+1 until end of turn.')).toHaveProperty('triggered');
  });
});
