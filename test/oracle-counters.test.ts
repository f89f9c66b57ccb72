// The compiler's templates for counters (122): the keyword actions that put +1/+1 counters
// (701.34 proliferate, 701.37 monstrosity, 701.39 bolster, 701.41 support, 701.46 adapt), and the
// amounts and other permanents of "enters with" (614.1c).

import { describe, expect, it } from 'vitest';
import { compileParagraph } from '../dist/cards/oracle/templates.js';

const read = (text: string, spell = false) => compileParagraph(text, 'Foo', spell);

describe('counter keyword actions', () => {
  it('reads bolster with a number or an X, in a spell and in a trigger', () => {
    expect(read('Bolster 2.', true)).toEqual({ spell: { do: [{ bolster: 2 }] } });
    expect(read('At the beginning of your end step, bolster X, where X is the number of tapped creatures you control.'))
      .toMatchObject({ triggered: { do: [{ bolster: 'X', where_x: { count: 'tapped creatures you control' } }] } });
  });
  it('reads proliferate after another instruction', () => {
    expect(read('Put a -1/-1 counter on target creature, then proliferate.', true))
      .toEqual({ spell: { targets: { t: 'creature' }, do: [{ put_counters: '-1/-1', amount: 1, affected: 't' }, { proliferate: true }] } });
  });
  it('reads adapt and monstrosity as counters put only if the permanent has none / is not monstrous', () => {
    expect(read('{2}{G}{U}: Adapt 1.')).toEqual({ activated: { cost: '{2}{G}{U}', do: [{ if: { no_counters: '+1/+1' }, do: [{ put_counters: '+1/+1', amount: 1, affected: 'self' }] }] } });
    expect(read('{X}{X}{G}: Monstrosity X.')).toEqual({ activated: { cost: '{X}{X}{G}', do: [{ if: { monstrous: false }, do: [{ put_counters: '+1/+1', amount: 'X', affected: 'self' }, { become_monstrous: 'self' }] }] } });
    // said of "this permanent": never in an instant or sorcery
    expect(read('Adapt 2.', true)).toHaveProperty('unsupported');
  });
  it('reads support as other target creatures on a permanent, any target creatures in a spell', () => {
    expect(read('When Foo enters, support 2.')).toMatchObject({ triggered: { targets: { t: { filter: 'other creature', count: '0-2' } } } });
    expect(read('Support 2.', true)).toMatchObject({ spell: { targets: { t: { filter: 'creature', count: '0-2' } } } });
  });
  it('reads "each of up to N target creatures" and "from each F"', () => {
    expect(read('+1: Put a +1/+1 counter on each of up to two target creatures.')).toMatchObject({ activated: { targets: { t: { filter: 'creature', count: '0-2' } } } });
    expect(read('At the beginning of your upkeep, remove a -1/-1 counter from each creature you control.'))
      .toMatchObject({ triggered: { do: [{ remove_counters: '-1/-1', amount: 1, affected: { all: 'creature you control' } }] } });
  });
});

describe('enters with counters', () => {
  it('counts the amount as it enters', () => {
    expect(read('Foo enters with X +1/+1 counters on it, where X is the number of creature cards in all graveyards.'))
      .toEqual({ replacement: { enters_with_counters: '+1/+1', amount: { count: 'creature cards in all graveyards' } } });
    expect(read('Foo enters with a +1/+1 counter on it for each creature card in your graveyard.'))
      .toEqual({ replacement: { enters_with_counters: '+1/+1', amount: { count: 'creature card in your graveyard' } } });
  });
  it('reads another permanent entering with additional counters, and leaves an amount per object unread', () => {
    expect(read('Each other Warrior creature you control enters with an additional +1/+1 counter on it.'))
      .toEqual({ replacement: { enters_with_counters: '+1/+1', amount: 1, affected: 'other Warrior creature you control' } });
    expect(read('Each other creature you control enters with an additional +1/+1 counter on it for each Elf you control.')).toHaveProperty('unsupported');
  });
});
