// The compiler's templates for damage statics (prevention to a player, of noncombat damage, with a
// follow-up; damage replaced by counters; redirection, 614.9) and for redirections for the turn.

import { describe, expect, it } from 'vitest';
import { compileParagraph } from '../dist/cards/oracle/templates.js';
import { abilitySchema } from '../dist/cards/schema.js';

const spell = (text: string) => compileParagraph(text, 'Foo', true);
const perm = (text: string) => compileParagraph(text, 'Foo', false);
const unread = (d: object) => 'unsupported' in d;

describe('damage statics', () => {
  it('reads prevention to you, of noncombat damage, and of one creature\'s damage to a group', () => {
    expect(perm('Prevent all damage that would be dealt to you.')).toEqual({ replacement: { prevent_all: true, to: 'you' } });
    expect(perm('Prevent all noncombat damage that would be dealt to equipped creature.')).toEqual({ replacement: { prevent_all: true, to: 'equipped', noncombat_only: true } });
    expect(perm('Prevent all damage that Foo would deal to snow creatures.')).toEqual({ replacement: { prevent_all: true, by: 'self', only_to: 'snow creature' } });
  });
  it('keeps what follows a prevention, and the counters that replace damage', () => {
    expect(perm('If damage would be dealt to Foo, prevent that damage. Remove a +1/+1 counter from Foo.'))
      .toEqual({ replacement: { prevent_all: true, to: 'self', then: [{ remove_counters: '+1/+1', amount: 1, affected: 'self' }] } });
    expect(perm('If damage would be dealt to Foo, put that many -1/-1 counters on it instead.'))
      .toEqual({ replacement: { of: { dealt_damage: 'self' }, instead: [{ put_counters: '-1/-1', amount: 'event_amount', affected: 'it' }] } });
    // a follow-up with a target has no one to choose it
    expect(unread(perm('If damage would be dealt to Foo, prevent that damage. Foo deals 1 damage to target creature.'))).toBe(true);
  });
  it('reads redirections, with a condition or sources, and "its controller" only after an attached creature', () => {
    expect(perm('All damage that would be dealt to you or another permanent you control is dealt to Foo instead.'))
      .toEqual({ replacement: { redirect_damage: 'self', to: ['you', 'another permanent you control'] } });
    expect(perm('As long as Foo is untapped, all damage that would be dealt to you by unblocked creatures is dealt to Foo instead.'))
      .toEqual({ replacement: { redirect_damage: 'self', to: ['you'], from: 'unblocked creature', if: { is: 'untapped permanent', what: 'self' } } });
    expect(perm('All damage that would be dealt to enchanted creature is dealt to its controller instead.'))
      .toEqual({ replacement: { redirect_damage: 'its_controller', to: ['enchanted'] } });
    expect(unread(perm('All damage that would be dealt to you is dealt to its controller instead.'))).toBe(true);
  });
  it('gives DSL the card schema accepts', () => {
    for (const text of ['As long as Foo is untapped, all damage that would be dealt to you by artifacts is dealt to Foo instead.',
      'During your turn, prevent all damage that would be dealt to you.', 'If damage would be dealt to Foo, put that many +1/+1 counters on it instead.',
      'If damage would be dealt to Foo, prevent that damage. Put a -1/-1 counter on Foo for each 1 damage prevented this way.']) {
      expect(abilitySchema.safeParse(perm(text)).success).toBe(true);
    }
    expect(abilitySchema.safeParse({ replacement: { redirect_damage: 'elsewhere', to: 'you' } }).success).toBe(false);
  });
});

describe('redirections for the turn', () => {
  it('reads the next N damage, all damage from a chosen source, and the next time', () => {
    expect(perm('{0}: The next 1 damage that would be dealt to Foo this turn is dealt to target creature you control instead.'))
      .toEqual({ activated: { cost: '{0}', targets: { t: 'creature you control' }, do: [{ redirect_damage: 1, affected: 'self', to: 't' }] } });
    expect(perm('{T}: All damage that would be dealt to target creature this turn by a source of your choice is dealt to Foo instead.'))
      .toMatchObject({ activated: { do: [{ redirect_damage: 'all', affected: 't', from_chosen_source: 'source', to: 'self' }] } });
    expect(spell('All combat damage that would be dealt to you this turn by target unblocked creature is dealt to its controller instead.'))
      .toMatchObject({ spell: { do: [{ redirect_damage: 'all', affected: 'you', by: 't', to: { controller_of: 't' }, combat_only: true }] } });
  });
  it('leaves "another target" as the new recipient unread', () => {
    expect(unread(spell('The next 1 damage that would be dealt to target creature this turn is dealt to another target creature instead.'))).toBe(true);
  });
  it('reads counters for each 1 damage a shield on one creature prevents', () => {
    expect(spell('Prevent the next 3 damage that would be dealt to target creature this turn, and put a +1/+1 counter on that creature for each 1 damage prevented this way.'))
      .toEqual({ spell: { targets: { t: 'creature' }, do: [{ prevent_damage: 3, affected: 't', counters_prevented: '+1/+1' }] } });
    expect(unread(spell('Prevent all combat damage that would be dealt this turn. For each 1 damage prevented this way, put a +1/+1 counter on that creature.'))).toBe(true);
  });
});
