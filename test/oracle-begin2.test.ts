// The compiler's templates for "At end of combat" triggers (511.2), the source's own combat as an
// intervening "if" (603.4), one ability on a step or an event, and counts of what died this turn (700.4).

import { describe, expect, it } from 'vitest';
import { compileParagraph } from '../dist/cards/oracle/templates.js';

const spell = (text: string) => compileParagraph(text, 'Foo', true);
const ability = (text: string) => compileParagraph(text, 'Foo', false);

describe('"At end of combat" triggers', () => {
  it('reads the end of combat step and the creatures blocking or blocked by the source', () => {
    expect(ability('At end of combat, destroy all creatures blocking or blocked by Foo.')).toEqual({ triggered: { when: { step: 'end_of_combat', whose: 'each' }, do: [{ destroy: { all: 'creatures blocking or blocked by CARDNAME' } }] } });
    expect(ability('At end of combat, put a -0/-2 counter on each creature blocking or blocked by Foo.')).toMatchObject({ triggered: { do: [{ put_counters: '-0/-2', affected: { all: 'creature blocking or blocked by CARDNAME' } }] } });
  });
  it('reads "if CARDNAME attacked or blocked this combat", its "it" being the source', () => {
    expect(ability('At end of combat, if Foo attacked or blocked this combat, put a velocity counter on it.')).toEqual({ triggered: { when: { step: 'end_of_combat', whose: 'each' }, if: { source_in_combat_this_turn: 'attacked_or_blocked' }, do: [{ put_counters: 'velocity', amount: 1, affected: 'self' }] } });
    expect(ability("At the beginning of your end step, if Foo didn't attack this turn, tap Foo.")).toMatchObject({ triggered: { if: { source_in_combat_this_turn: 'attacked', not: true } } });
  });
});

describe('a step or an event', () => {
  it('reads one ability on the upkeep or a cast', () => {
    expect(ability('At the beginning of your upkeep or whenever you cast a red spell, put a charge counter on Foo.')).toEqual({ triggered: { when: { any_of: [{ step: 'upkeep', whose: 'you' }, { cast: 'red spell', by: 'you' }] }, do: [{ put_counters: 'charge', amount: 1, affected: 'self' }] } });
  });
});

describe('counts', () => {
  it('reads what died this turn, by a filter and by whose graveyard', () => {
    expect(ability('At the beginning of each end step, put a +1/+1 counter on Foo for each creature that died this turn.')).toMatchObject({ triggered: { do: [{ put_counters: '+1/+1', amount: { died_this_turn: 'creature' }, affected: 'self' }] } });
    expect(ability('At the beginning of each end step, put a +1/+1 counter on Foo for each creature put into your graveyard from the battlefield this turn.')).toMatchObject({ triggered: { do: [{ amount: { died_this_turn: 'creature', owner: 'you' } }] } });
    expect(ability('When Foo dies, it deals damage to any target equal to the number of Zubera that died this turn.')).toMatchObject({ triggered: { do: [{ damage: { died_this_turn: 'Zubera' } }] } });
  });
  it('reads a counter and a loss of life for each counted thing', () => {
    expect(ability('{T}: Put a +1/+1 counter on target creature for each Elf you control.')).toEqual({ activated: { cost: '{T}', targets: { t: 'creature' }, do: [{ put_counters: '+1/+1', amount: { count: 'Elf you control' }, affected: 't' }] } });
    expect(spell('Each opponent loses 1 life for each creature you control.')).toEqual({ spell: { do: [{ lose_life: { count: 'creature you control' }, who: 'each_opponent' }] } });
  });
  it('leaves a loss counted by what "they" control unread', () => {
    expect(ability('{T}: Each player loses 1 life for each Swamp they control.')).toHaveProperty('unsupported');
  });
});
