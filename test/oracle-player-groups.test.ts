// The permanents of one target player ("each creature target opponent controls") and of every
// opponent ("each creature each opponent controls"), as the Oracle compiler reads them (115.1, 611.2c).

import { describe, expect, it } from 'vitest';
import { compileParagraph } from '../dist/cards/oracle/templates.js';

const spell = (text: string) => compileParagraph(text, 'Foo', true);

describe("a target player's group", () => {
  it('is damaged, given counters or pumped once, over the target player', () => {
    expect(spell('Foo deals 1 damage to each creature target opponent controls.'))
      .toEqual({ spell: { targets: { t: 'opponent' }, do: [{ for_each: 't', do: [{ damage: 1, affected: { all: 'creature that player controls' } }] }] } });
    expect(spell('Put a +1/+1 counter on each creature target player controls.'))
      .toEqual({ spell: { targets: { t: 'player' }, do: [{ for_each: 't', do: [{ put_counters: '+1/+1', amount: 1, affected: { all: 'creature that player controls' } }] }] } });
    expect(spell('Creatures target player controls get +2/+2 until end of turn.'))
      .toEqual({ spell: { targets: { t: 'player' }, do: [{ for_each: 't', do: [{ pump: '+2/+2', affected: { all: 'creatures that player controls' }, until: 'end_of_turn' }] }] } });
  });

  it('reads "each opponent controls" after "each" as the opponents\' permanents', () => {
    expect(spell('Put a +1/+1 counter on each creature each opponent controls.'))
      .toEqual({ spell: { do: [{ put_counters: '+1/+1', amount: 1, affected: { all: 'creature your opponents control' } }] } });
  });
});
