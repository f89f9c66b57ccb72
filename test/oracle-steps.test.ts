import { describe, expect, it } from 'vitest';
import { compileParagraph } from '../dist/cards/oracle/templates.js';

const body = (text: string) => (compileParagraph(text, 'Foo', false) as { triggered?: { do: unknown[] } }).triggered?.do;

describe('bodies of beginning-of-step triggers', () => {
  it('reads another player\'s choice followed by "If they do / don\'t"', () => {
    expect(body("At the beginning of each player's upkeep, that player may pay {3}. If they don't, Foo deals 2 damage to that player."))
      .toEqual([{ may_pay: '{3}', who: 'that_player' }, { if_you_do: [], otherwise: [{ damage: 2, affected: 'that_player' }] }]);
    expect(body("At the beginning of each player's upkeep, that player may sacrifice a creature. If that player doesn't, they lose 5 life."))
      .toEqual([{ may: [{ sacrifice: 'creature', who: 'that_player' }], who: 'that_player' }, { if_you_do: [], otherwise: [{ lose_life: 5, who: 'that_player' }] }]);
  });

  it('counts counters on the source and removes all of them', () => {
    expect(body('At the beginning of your end step, Foo deals damage equal to the number of charge counters on it to each opponent.'))
      .toEqual([{ damage: { counters: 'charge', on: 'self' }, affected: 'each_opponent' }]);
    expect(body('At the beginning of your end step, remove all +1/+1 counters from Foo.'))
      .toEqual([{ remove_counters: '+1/+1', amount: { counters: '+1/+1', on: 'self' }, affected: 'self' }]);
  });

  it('reads two-permanent and greatest-power conditions, but not possessive subtypes', () => {
    expect(body('At the beginning of your upkeep, you gain 2 life. If you control a black permanent and a red permanent, you gain 4 life instead.'))
      .toEqual([{ if: { all: [{ controls: 'black permanent' }, { controls: 'red permanent' }] }, do: [{ gain_life: 4 }], otherwise: [{ gain_life: 2 }] }]);
    expect(body('At the beginning of your upkeep, draw a card if you control the creature with the greatest power or tied for the greatest power.'))
      .toEqual([{ if: { controls_greatest: 'power' }, do: [{ draw: 1 }] }]);
    expect('unsupported' in compileParagraph("{T}: Add {C}. If you control an Urza's Mine and an Urza's Tower, add {C}{C} instead.", 'Foo', false)).toBe(true);
  });

  it('reads the sacrifice of the enchanted creature by the player named', () => {
    expect(body("At the beginning of the end step of enchanted creature's controller, that player sacrifices that creature."))
      .toEqual([{ sacrifice: 'enchanted', who: 'that_player' }]);
  });
});
