// The compiler's templates for prevention and damage-replacement wordings added with the
// prevention family: qualities of a chosen source written after "of your choice"; prevention divided
// among targets; the next draw of the turn replaced; damage changed for the turn; shields on each
// member of a group, and damage a pair of groups would deal prevented.

import { describe, expect, it } from 'vitest';
import { compileParagraph } from '../dist/cards/oracle/templates.js';
import { abilitySchema } from '../dist/cards/schema.js';

const spell = (text: string) => compileParagraph(text, 'Foo', true);
const perm = (text: string) => compileParagraph(text, 'Foo', false);
const unread = (d: object) => 'unsupported' in d;

describe('a chosen source with a quality after "of your choice"', () => {
  it('reads "with KEYWORD" and "of the chosen color" as part of the source chosen (609.7a)', () => {
    expect(perm('{1}: The next time a creature of your choice with shadow would deal damage to you this turn, prevent that damage.'))
      .toEqual({ activated: { cost: '{1}', do: [{ prevent_damage: 'next', affected: 'you', from_chosen_source: 'creature with shadow' }] } });
    expect(perm('{W}: The next time a source of your choice of the chosen color would deal damage to you this turn, prevent that damage.'))
      .toEqual({ activated: { cost: '{W}', do: [{ prevent_damage: 'next', affected: 'you', from_chosen_source: 'source of the chosen color' }] } });
    expect(abilitySchema.safeParse(perm('{W}: The next time a source of your choice of the chosen color would deal damage to you this turn, prevent that damage.')).success).toBe(true);
  });
  it('leaves a quality the filter reader does not know unread', () => {
    expect(unread(perm('{1}: The next time a creature of your choice with the most power would deal damage to you this turn, prevent that damage.'))).toBe(true);
  });
});

describe('prevention divided among targets', () => {
  it('announces the amount for the block and marks the shield divided (601.2d)', () => {
    const d = spell('Prevent the next 5 damage that would be dealt this turn to any number of targets, divided as you choose.');
    expect(d).toEqual({ spell: { targets: { t: { filter: 'any target', count: 'any' } }, divide: 5, do: [{ prevent_damage: 5, affected: 't', divided: true }] } });
    expect(abilitySchema.safeParse(d).success).toBe(true);
  });
  it('leaves an X defined by "where X is" unread', () => {
    expect(unread(perm('Sacrifice Foo: Prevent the next X damage that would be dealt this turn to any number of targets, divided as you choose, where X is the number of verse counters on Foo.'))).toBe(true);
  });
});

describe('the next draw of the turn replaced', () => {
  it('creates a replacement effect used up by one draw (614.1a)', () => {
    const d = perm('{1}: The next time you would draw a card this turn, you gain 5 life instead.');
    expect(d).toEqual({ activated: { cost: '{1}', do: [{ create_replacement: { of: { draw: 'you' }, instead: [{ gain_life: 5 }] }, until: 'end_of_turn', next: true }] } });
    expect(abilitySchema.safeParse(d).success).toBe(true);
  });
  it('leaves an instead with a target unread (it would be chosen as the replacement applies)', () => {
    expect(unread(perm('{1}: The next time you would draw a card this turn, Foo deals 2 damage to any target instead.'))).toBe(true);
  });
});

describe('damage changed for the turn', () => {
  it('creates a damage replacement for the turn from a source filter (614.1a, 614.3)', () => {
    const d = spell('If a source you control would deal damage this turn, it deals double that damage instead.');
    expect(d).toEqual({ spell: { do: [{ create_replacement: { damage_multiplier: 2, from: 'source you control' }, until: 'end_of_turn' }] } });
    expect(abilitySchema.safeParse(d).success).toBe(true);
    expect(perm('{1}: If any source you control would deal damage to a permanent or player this turn, it deals double that damage to that permanent or player instead.'))
      .toEqual({ activated: { cost: '{1}', do: [{ create_replacement: { damage_multiplier: 2, from: 'source you control' }, until: 'end_of_turn' }] } });
  });
  it('needs the recipients written on both sides', () => {
    expect(unread(spell('If a source you control would deal damage to a permanent or player this turn, it deals double that damage instead.'))).toBe(true);
  });
});

describe('groups', () => {
  it('puts a shield on each member of a group as it resolves, players included when named', () => {
    const d = perm('{T}: Prevent the next 1 damage that would be dealt to each creature and each player this turn.');
    expect(d).toEqual({ activated: { cost: '{T}', do: [{ prevent_damage: 1, affected: { all: 'creature or player' } }] } });
    expect(abilitySchema.safeParse(d).success).toBe(true);
    expect(perm('{W}, Sacrifice Foo: Prevent the next 1 damage that would be dealt to each creature you control this turn.'))
      .toMatchObject({ activated: { do: [{ prevent_damage: 1, affected: { all: 'creature you control' } }] } });
  });
  it('reads two groups of the same kind as one filter, and "that" left out', () => {
    expect(spell('Prevent all damage that black sources and red sources would deal this turn.'))
      .toEqual({ spell: { do: [{ prevent_damage: 'all', from: 'black or red source' }] } });
    expect(perm('{1}: Prevent all combat damage blue creatures and black creatures would deal this turn.'))
      .toEqual({ activated: { cost: '{1}', do: [{ prevent_damage: 'all', from: 'blue or black creature', combat_only: true }] } });
    expect(unread(spell('Prevent all damage that black sources and red creatures would deal this turn.'))).toBe(true);
  });
});
