// Who deals damage when the sentence says "it" (608.2b): the ability's source, a target an earlier
// sentence acted on, or, in a trigger about another object, that object (not read yet).

import { describe, expect, it } from 'vitest';
import { compileParagraph } from '../dist/cards/oracle/templates.js';

const spell = (text: string) => compileParagraph(text, 'Foo', true);
const ability = (text: string) => compileParagraph(text, 'Foo', false);
const unread = (dsl: unknown) => JSON.stringify(dsl).includes('"unsupported"');

describe('"it deals" damage', () => {
  it('is the source after a clause about it, or opening an ability with nothing before it', () => {
    expect(ability('When Foo enters, it deals 2 damage to any target.'))
      .toEqual({ triggered: { when: { enters: 'self' }, targets: { t: 'any target' }, do: [{ damage: 2, affected: 't' }] } });
    expect(ability('Whenever Foo enters or attacks, it deals 3 damage to target creature.'))
      .toMatchObject({ triggered: { do: [{ damage: 3, affected: 't' }] } });
    expect(ability('At the beginning of your draw step, if Foo is tapped, it deals 1 damage to you.'))
      .toMatchObject({ triggered: { do: [{ damage: 1, affected: 'you' }] } });
    expect(ability('Remove a +1/+1 counter from Foo: It deals 1 damage to any target.'))
      .toEqual({ activated: { cost: 'Remove a +1/+1 counter from Foo', targets: { t: 'any target' }, do: [{ damage: 1, affected: 't' }] } });
    expect(spell('Return target creature to its owner\'s hand. If Foo was kicked, it deals 2 damage to another target creature.'))
      .toMatchObject({ spell: { do: [{ return_to_hand: 't' }, { if: { kicked: true }, do: [{ damage: 2, affected: 't2' }] }] } });
  });
  it('is the target an earlier sentence acted on when "It" opens a later sentence', () => {
    expect(spell('Tap target creature. It deals damage equal to its power to another target creature.')).toEqual({ spell: {
      targets: { t: 'creature', t2: 'another creature' }, do: [{ tap: 't' }, { damage: { power_of: 't' }, affected: 't2', from: 't' }],
    } });
  });
  it('is left unread where "it" names another object the engine would not take as the source', () => {
    expect(unread(ability('Whenever a Dragon you control enters, it deals 2 damage to any target.'))).toBe(true);
    expect(unread(ability('Whenever enchanted creature attacks, it deals 2 damage to any target.'))).toBe(true);
    expect(unread(ability('When Foo enters, return target creature card from your graveyard to the battlefield. It deals 2 damage to any target.'))).toBe(true);
  });
});
