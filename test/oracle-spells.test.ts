// Compiler templates for spell and ability bodies: abilities given in quotes checked on their own,
// "can't play lands this turn", emblems for a target opponent, tokens given a quoted ability in the
// next sentence, "each of N targets", and "N plus [a count]".

import { describe, expect, it } from 'vitest';
import { compileParagraph } from '../dist/cards/oracle/templates.js';

const spell = (text: string) => compileParagraph(text, 'Foo', true);
const ability = (text: string) => compileParagraph(text, 'Foo', false);
const unread = (d: object) => expect(d).toHaveProperty('unsupported');

describe('spell and ability bodies', () => {
  it('checks a quoted ability on its own: its "it" and "that many" belong to it', () => {
    expect(spell('Until end of turn, target creature gains "When this creature dies, return it to its owner\'s hand."'))
      .toEqual({ spell: { targets: { t: 'creature' }, do: [{ grant: [], affected: 't', until: 'end_of_turn', with: { text: "When this creature dies, return it to its owner's hand.", triggered: { when: { dies: 'self' }, do: [{ return_to_hand: 'it' }] } } }] } });
    expect(JSON.stringify(spell('Until end of turn, target creature gets +3/+3 and gains trample and "Whenever this creature deals combat damage to a player, draw that many cards."')))
      .toContain('"draw":"event_amount"');
    // outside the quotes, "that many" still names nothing in a spell
    unread(spell('Draw that many cards.'));
  });

  it('reads "target player can\'t play lands this turn"', () => {
    expect(spell("Target player can't play lands this turn."))
      .toEqual({ spell: { targets: { t: 'player' }, do: [{ create_static: [{ cant_play_lands: 'you' }], until: 'end_of_turn', for: 't' }] } });
  });

  it('gives a target opponent an emblem', () => {
    expect(ability('[−8]: Target opponent gets an emblem with "Whenever a player draws a card, you lose 2 life."'))
      .toEqual({ activated: { cost: '-8', targets: { t: 'opponent' }, do: [{ emblem: [{ triggered: { when: { draw: 'any' }, do: [{ lose_life: 2 }] }, text: 'Whenever a player draws a card, you lose 2 life.' }], who: 't' }] } });
  });

  it('gives tokens the quoted ability of the next sentence, matching its number', () => {
    const d = spell('Create two 1/1 colorless Eldrazi Scion creature tokens. They have "Sacrifice this creature: Add {C}."');
    expect(d).toEqual({ spell: { do: [{ create_token: { type: 'Creature — Eldrazi Scion', pt: '1/1', colors: [], with: [{ text: 'Sacrifice this creature: Add {C}.', activated: { cost: 'Sacrifice this creature', do: [{ add: '{C}' }] } }] }, amount: 2 }] } });
    expect(JSON.stringify(ability('When this creature enters, you may create a 0/1 colorless Eldrazi Spawn creature token. It has "Sacrifice this creature: Add {C}."'))).toContain('"with"');
    unread(spell('Create two 1/1 colorless Eldrazi Scion creature tokens. It has "Sacrifice this creature: Add {C}."'));
    unread(spell('Draw a card. It has "Sacrifice this creature: Add {C}."'));
  });

  it('reads "each of [up to] N target(s)" as one multi-target reference', () => {
    expect(spell('This spell deals 2 damage to each of two targets.'))
      .toEqual({ spell: { targets: { t: { filter: 'any target', count: 2 } }, do: [{ damage: 2, affected: 't' }] } });
    expect(spell('This spell deals 1 damage to each of up to two target creatures.'))
      .toEqual({ spell: { targets: { t: { filter: 'creature', count: '0-2' } }, do: [{ damage: 1, affected: 't' }] } });
  });

  it('reads "N plus [a count]" but not over a difference, nor a spell\'s count of what "that player" controls', () => {
    expect(spell('This spell deals X damage to target creature, where X is 3 plus the number of artifacts you control.'))
      .toEqual({ spell: { targets: { t: 'creature' }, do: [{ damage: { plus: [3, { count: 'artifacts you control' }] }, affected: 't' }] } });
    unread(spell('This spell deals X damage to target opponent, where X is the number of white creatures that player controls.'));
  });
});
