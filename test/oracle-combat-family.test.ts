// Compiler templates for combat statics and combat triggers: attacking or blocking alone, which
// attackers a creature can't block, damage assigned as though unblocked, removing from combat,
// "assigns no combat damage", blockers counted, and "by one or more" block triggers.

import { describe, expect, it } from 'vitest';
import { compileParagraph } from '../dist/cards/oracle/templates.js';

const read = (text: string) => compileParagraph(text, 'Foo', false);
const unread = (text: string) => expect(read(text)).toHaveProperty('unsupported');

describe('combat statics', () => {
  it('reads "alone", "can\'t block F" and "as though it weren\'t blocked"', () => {
    expect(read("Foo can't attack or block alone.")).toEqual({ static: [{ cant_attack_alone: 'self' }, { cant_block_alone: 'self' }] });
    expect(read("Foo can't attack alone.")).toEqual({ static: { cant_attack_alone: 'self' } });
    expect(read("Foo can't block creatures with power 2 or greater.")).toEqual({ static: { cant_block_creatures: 'creature with power 2 or greater', affected: 'self' } });
    expect(read("Foo can't block and can't be blocked.")).toEqual({ static: [{ cant_block: 'self' }, { cant_be_blocked: 'self' }] });
    expect(read("You may have Foo assign its combat damage as though it weren't blocked.")).toEqual({ static: { assign_as_unblocked: 'self' } });
  });

  it('reads "as long as defending player controls" only for the source itself', () => {
    expect(read("Foo can't be blocked as long as defending player controls an artifact."))
      .toEqual({ static: { cant_be_blocked: 'self', if: { controls: 'artifact', who: 'defending_player' } } });
    unread("Enchanted creature can't be blocked as long as defending player controls an artifact.");
  });
});

describe('combat triggers', () => {
  it('counts the creatures blocking it, and reads "blocks a creature with flying"', () => {
    expect(read('Whenever Foo becomes blocked, it gets +1/+1 until end of turn for each creature blocking it.'))
      .toEqual({ triggered: { when: { becomes_blocked: 'self' }, do: [{ pump: '+1/+1', affected: 'it', until: 'end_of_turn', per: { blockers_of: 'it' } }] } });
    expect(read('Whenever Foo becomes blocked, it gets -1/-1 until end of turn for each creature blocking it beyond the first.'))
      .toEqual({ triggered: { when: { becomes_blocked: 'self' }, do: [{ pump: '-1/-1', affected: 'it', until: 'end_of_turn', per: { blockers_beyond_first: 'it' } }] } });
    expect(read('Whenever Foo blocks a creature with flying, Foo gets +3/+0 until end of turn.'))
      .toEqual({ triggered: { when: { blocks: 'self', attacker: 'creature with flying' }, do: [{ pump: '+3/+0', affected: 'self', until: 'end_of_turn' }] } });
  });

  it('removes from combat, and reads "assigns no combat damage this turn"', () => {
    expect(read('Whenever Foo becomes blocked, you may untap it and remove it from combat.'))
      .toEqual({ triggered: { when: { becomes_blocked: 'self' }, do: [{ may: [{ untap: 'it' }, { remove_from_combat: 'it' }] }] } });
    expect(read("Whenever Foo attacks and isn't blocked, you may draw a card. If you do, Foo assigns no combat damage this turn."))
      .toEqual({ triggered: { when: { attacks_unblocked: 'self' }, do: [{ may: [{ draw: 1 }] }, { if_you_do: [{ cant: 'assign_combat_damage', affected: 'self', until: 'end_of_turn' }] }] } });
  });

  it('reads "by one or more F" and the defending player\'s choice', () => {
    expect(read('Whenever Foo blocks or becomes blocked by one or more black creatures, Foo gets +2/+0 until end of turn.'))
      .toEqual({ triggered: { when: { blocks_or_becomes_blocked: 'self', by: 'black creature', one_or_more: true }, do: [{ pump: '+2/+0', affected: 'self', until: 'end_of_turn' }] } });
    expect(read('Whenever Foo attacks, defending player may draw a card.'))
      .toEqual({ triggered: { when: { attacks: 'self' }, do: [{ may: [{ draw: 1, who: 'defending_player' }], who: 'defending_player' }] } });
  });
});
