// Compiler templates for triggers on the death of the creature an Aura or Equipment is attached to,
// and the amounts and subjects their instructions use.

import { describe, expect, it } from 'vitest';
import { compileParagraph } from '../src/cards/oracle/templates.js';

const read = (text: string, spell = false) => compileParagraph(text, 'Foo', spell);

describe('"When enchanted / equipped creature dies"', () => {
  it('is a dies trigger about what the source was attached to', () => {
    expect(read('When enchanted creature dies, return that card to its owner\'s hand.'))
      .toEqual({ triggered: { when: { dies: 'enchanted' }, do: [{ return_to_hand: 'it' }] } });
    expect(read('Whenever equipped creature dies, draw two cards.'))
      .toEqual({ triggered: { when: { dies: 'equipped' }, do: [{ draw: 2 }] } });
  });

  it('reads "its power", "that creature\'s controller" and X shared by two instructions', () => {
    expect(read('When enchanted creature dies, that creature\'s controller loses life equal to its toughness.'))
      .toEqual({ triggered: { when: { dies: 'enchanted' }, do: [{ lose_life: { toughness_of: 'it' }, who: 'controller_of:it' }] } });
    expect(read('When enchanted creature dies, you gain X life and draw X cards, where X is its toughness.'))
      .toEqual({ triggered: { when: { dies: 'enchanted' }, do: [{ gain_life: { toughness_of: 'it' } }, { draw: { toughness_of: 'it' } }] } });
  });

  it('leaves unread an Aura\'s trigger that moves the Aura, which is in the graveyard by then (704.5m)', () => {
    expect(read('When enchanted creature dies, return CARDNAME to its owner\'s hand.')).toHaveProperty('unsupported');
  });
});
