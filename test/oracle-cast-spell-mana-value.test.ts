// Cast triggers whose instructions read the cast spell's mana value in a filter ("with that spell's
// mana value", 603.2), a "you may" instruction with its own X, and the older wording of milling after
// "you may have".

import { describe, expect, it } from 'vitest';
import { compileParagraph } from '../dist/cards/oracle/templates.js';
import { parseFilter } from '../dist/cards/filter.js';

const read = (text: string, isSpell = false) => compileParagraph(text, 'Foo', isSpell);
const KIRIN = 'Whenever you cast a Spirit or Arcane spell, ';
const when = { cast: 'Spirit or Arcane spell', by: 'you' };

describe('"with that spell\'s mana value" in a cast trigger', () => {
  it('is a filter qualifier about the trigger\'s spell', () => {
    expect(parseFilter("permanents with that spell's mana value")).toEqual({ text: "permanents with that spell's mana value", terms: [{ kind: 'permanent', manaValueOfIt: true }] });
  });
  it('reads destroy all, a discarded hand and a target', () => {
    expect(read(`${KIRIN}destroy all permanents with that spell's converted mana cost.`))
      .toEqual({ triggered: { when, do: [{ destroy: { all: "permanents with that spell's mana value" } }] } });
    expect(read(`${KIRIN}target player reveals their hand and discards all cards with that spell's converted mana cost.`))
      .toEqual({ triggered: { when, targets: { t: 'player' }, do: [{ reveal_hand: 't' }, { discard: 'hand', who: 't', card: "card with that spell's mana value" }] } });
    expect(read(`${KIRIN}you may gain control of target creature with that spell's converted mana cost until end of turn.`))
      .toEqual({ triggered: { when, targets: { t: "creature with that spell's mana value" }, do: [{ may: [{ gain_control: 't', until: 'end_of_turn' }] }] } });
  });
  it('is left unread where no cast trigger names a spell', () => {
    expect(read("Destroy all permanents with that spell's mana value.", true)).toHaveProperty('unsupported');
    expect(read("Whenever Foo attacks, destroy all permanents with that spell's mana value.")).toHaveProperty('unsupported');
    expect(read("When you cast Foo, destroy all permanents with that spell's mana value.")).toHaveProperty('unsupported');
  });
});

describe('"you may" with a "where X is"', () => {
  it('gives X to the instruction the choice is about', () => {
    expect(read(`${KIRIN}you may have target player put the top X cards of their library into their graveyard, where X is that spell's converted mana cost.`))
      .toEqual({ triggered: { when, targets: { t: 'player' }, do: [{ may: [{ mill: { mana_value_of: 'it' }, who: 't' }] }] } });
    expect(read('Whenever you draw a card, you may have target player put the top card of their library into their graveyard.'))
      .toEqual({ triggered: { when: { draw: 'you' }, targets: { t: 'player' }, do: [{ may: [{ mill: 1, who: 't' }] }] } });
  });
});

describe('a player exiling cards from their own hand', () => {
  it('is exile_from_hand without chosen_by: the player chooses, unrevealed', () => {
    expect(read(`${KIRIN}target opponent exiles a card from their hand.`))
      .toEqual({ triggered: { when, targets: { t: 'opponent' }, do: [{ exile_from_hand: 1, who: 't' }] } });
    expect(read('Each player exiles two cards from their hand.', true))
      .toEqual({ spell: { do: [{ exile_from_hand: 2, who: 'each_player' }] } });
    expect(read('At the beginning of your upkeep, you may exile a card from your hand. If you do, untap Foo.'))
      .toEqual({ triggered: { when: { step: 'upkeep', whose: 'you' }, do: [{ may: [{ exile_from_hand: 1 }] }, { if_you_do: [{ untap: 'self' }] }] } });
  });
  it('leaves "face down" unread', () => {
    expect(read('Target player exiles a card from their hand face down.', true)).toHaveProperty('unsupported');
  });
});

describe('the spells cast this turn', () => {
  it('counts all of the controller\'s, or those of a kind cast before the trigger\'s spell', () => {
    expect(read("Whenever you cast a spell, you gain 1 life for each spell you've cast this turn."))
      .toEqual({ triggered: { when: { cast: 'spell', by: 'you' }, do: [{ gain_life: { spells_cast_this_turn: 'you' } }] } });
    expect(read("Whenever you cast an instant or sorcery spell, copy it for each other instant and sorcery spell you've cast before it this turn. You may choose new targets for the copies."))
      .toEqual({ triggered: { when: { cast: 'instant or sorcery spell', by: 'you' }, do: [{ copy_spell: 'it', new_targets: true, times: { spells_cast_this_turn: 'you', matching: 'instant or sorcery spell', before: 'it' } }] } });
  });
});

describe('a coin flipped by the player a trigger is about', () => {
  it('is flip_coin: that_player', () => {
    expect(read('Whenever a player casts a spell, that player flips a coin. If they lose the flip, counter that spell.'))
      .toEqual({ triggered: { when: { cast: 'spell', by: 'any' }, do: [{ flip_coin: 'that_player', do: [], otherwise: [{ counter: 'it' }] }] } });
    expect(read('That player flips a coin. If they lose the flip, draw a card.', true)).toHaveProperty('unsupported');
  });
});
