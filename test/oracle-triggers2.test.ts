// Oracle-text templates: trigger heads about what is attacked, damage dealt to you or to what an Aura
// enchants, counters put, and lands tapped for mana; the references they allow in the body.

import { describe, expect, it } from 'vitest';
import { compileParagraph } from '../dist/cards/oracle/templates.js';

const unread = (d: object) => 'unsupported' in d;
const ability = (t: string) => compileParagraph(t, 'Foo', false);

describe('trigger heads', () => {
  it('reads what an attacking creature attacks (508.1b)', () => {
    expect(ability('Whenever a creature attacks you or a planeswalker you control, that creature\'s controller loses 1 life.'))
      .toEqual({ triggered: { when: { attacks: 'creature', defender: 'you_or_planeswalker' }, do: [{ lose_life: 1, who: 'controller_of:it' }] } });
    expect(ability('Whenever a creature attacks enchanted player, put a +1/+1 counter on it.'))
      .toMatchObject({ triggered: { when: { attacks: 'creature', defender: 'enchanted_player' } } });
    expect(ability('Whenever one or more creatures attack you, draw a card.'))
      .toMatchObject({ triggered: { when: { attacks: 'creature', one_or_more: true, defender: 'you' } } });
  });
  it('reads damage to you, to the enchanted creature, and combat damage to the source', () => {
    expect(ability('Whenever you\'re dealt damage, put that many charge counters on Foo.'))
      .toEqual({ triggered: { when: { damage_dealt: 'you' }, do: [{ put_counters: 'charge', amount: 'event_amount', affected: 'self' }] } });
    expect(ability('When enchanted creature is dealt damage, destroy it.')).toEqual({ triggered: { when: { damage_dealt: 'enchanted' }, do: [{ destroy: 'it' }] } });
    expect(ability('Whenever Foo is dealt combat damage, you gain that much life.'))
      .toMatchObject({ triggered: { when: { damage_dealt: 'self', combat: true } } });
  });
  it('reads "that source\'s controller" only where the source is the event\'s it', () => {
    expect(ability('Whenever a source deals damage to Foo, that source\'s controller loses 1 life.'))
      .toEqual({ triggered: { when: { damage_dealt: 'self' }, do: [{ lose_life: 1, who: 'controller_of:it' }] } });
    expect(unread(ability('Whenever Foo deals damage to a creature, that source\'s controller loses 1 life.'))).toBe(true);
    expect(unread(ability('{T}: That source\'s controller loses 1 life.'))).toBe(true);
    // "that player" after damage to you would be the source's controller, not you
    expect(unread(ability('Whenever a source an opponent controls deals damage to you, that player sacrifices a permanent.'))).toBe(true);
  });
  it('reads counters put, once per counter or once per event', () => {
    expect(ability('Whenever a +1/+1 counter is put on Foo, you may draw a card.'))
      .toMatchObject({ triggered: { when: { counters_put: '+1/+1', on: 'self' } } });
    expect(ability('Whenever one or more +1/+1 counters are put on a creature you control, put that many growth counters on Foo.'))
      .toMatchObject({ triggered: { when: { counters_put: '+1/+1', on: 'creature you control', one_or_more: true }, do: [{ amount: 'event_amount' }] } });
    // one counter at a time has no "that many"
    expect(unread(ability('Whenever a +1/+1 counter is put on Foo, draw that many cards.'))).toBe(true);
  });
  it('reads "its controller adds" only after "is tapped for mana" (605.1b)', () => {
    expect(ability('Whenever enchanted land is tapped for mana, its controller adds an additional {G}{G}.'))
      .toEqual({ triggered: { when: { tapped_for_mana: 'enchanted', by: 'any' }, do: [{ add: '{G}{G}' }] } });
    expect(ability('Whenever a Forest is tapped for mana, its controller adds an additional one mana of any color.'))
      .toEqual({ triggered: { when: { tapped_for_mana: 'Forest', by: 'any' }, do: [{ add_any_color: 1 }] } });
    expect(unread(ability('When Foo dies, its controller adds {G}.'))).toBe(true);
    expect(unread(ability('{T}: Its controller adds an additional {G}.'))).toBe(true);
  });
});
