// Trigger events the Oracle-text compiler reads: cycling and discards, sacrifices, becoming a target,
// battalion, two events of one ability, an enchanted permanent becoming tapped, opponents' draws and
// creatures entering under an opponent's control; and the wordings it must leave unread.

import { describe, expect, it } from 'vitest';
import { compileParagraph } from '../dist/cards/oracle/templates.js';

const when = (text: string): unknown => {
  const dsl = compileParagraph(text, 'Foo', false) as { triggered?: { when: unknown } };
  return dsl.triggered?.when;
};

describe('trigger events', () => {
  it.each([
    ['When you cycle Foo, you may draw a card.', { cycle: 'self' }],
    ['Whenever a player cycles a card, you gain 1 life.', { cycle: 'card', by: 'any' }],
    ['Whenever you cycle or discard a card, you gain 1 life.', { discard: 'card', by: 'you' }],
    ['Whenever you cycle or discard another card, you gain 1 life.', { discard: 'another card', by: 'you' }],
    ['Whenever an opponent discards a card, Foo deals 2 damage to that player.', { discard: 'card', by: 'opponent' }],
    ['When you cycle Foo or it dies, you gain 2 life.', { any_of: [{ cycle: 'self' }, { dies: 'self' }] }],
    ['When you sacrifice Foo, you gain 10 life.', { sacrifice: 'self' }],
    ['Whenever you sacrifice a Clue, you gain 1 life.', { sacrifice: 'Clue' }],
    ['Whenever a player sacrifices a creature, you gain 1 life.', { sacrifice: 'creature', by: 'any' }],
    ['When Foo becomes the target of a spell or ability, sacrifice it.', { becomes_target: 'self', of: 'spell_or_ability' }],
    ['When enchanted creature becomes the target of a spell, sacrifice Foo.', { becomes_target: 'enchanted', of: 'spell' }],
    ['Whenever a Dragon you control becomes the target of a spell or ability an opponent controls, you gain 1 life.',
      { becomes_target: 'Dragon you control', of: 'spell_or_ability', opponent: true }],
    ['Whenever Foo and at least two other creatures attack, Foo gets +2/+2 until end of turn.', { attacks: 'self', others: 2 }],
    ['Whenever Foo enters or attacks, draw a card.', { any_of: [{ enters: 'self' }, { attacks: 'self' }] }],
    ['When Foo enters or dies, you gain 1 life.', { any_of: [{ enters: 'self' }, { dies: 'self' }] }],
    ['Whenever you cast a black spell or a Swamp enters under your control, you gain 1 life.', { any_of: [{ cast: 'black spell', by: 'you' }, { enters: 'Swamp you control' }] }],
    ['Whenever enchanted creature becomes tapped, you draw a card.', { becomes_tapped: 'enchanted' }],
    ['Whenever an opponent draws a card, Foo deals 1 damage to that player.', { draw: 'opponent' }],
    ['Whenever a creature enters under an opponent\'s control, you gain 1 life.', { enters: 'creature an opponent controls' }],
  ])('%s', (text, expected) => {
    expect(when(text)).toEqual(expected);
  });

  it('leaves unread what two events would make ambiguous: "it" after "enters or dies"', () => {
    expect(compileParagraph('When Foo enters or dies, exile it.', 'Foo', false)).toHaveProperty('unsupported');
    expect(compileParagraph('When Foo enters or leaves the battlefield, return Foo to its owner\'s hand.', 'Foo', false)).toHaveProperty('unsupported');
  });

  it('leaves unread the first-time-each-turn wording', () => {
    expect(compileParagraph('Whenever Foo becomes the target of a spell or ability for the first time each turn, counter that spell or ability.', 'Foo', false)).toHaveProperty('unsupported');
  });

  it('reads a discard caused by a spell or ability an opponent controls', () => {
    expect(compileParagraph('When a spell or ability an opponent controls causes you to discard Foo, you gain 2 life.', 'Foo', false))
      .toEqual({ triggered: { when: { discarded_by_opponent: 'self' }, do: [{ gain_life: 2 }] } });
  });
});
