// Oracle-text templates: "you may have [object or player] [verb]", searches of other shapes, and
// other instruction wordings read by the compiler.

import { describe, expect, it } from 'vitest';
import { compileParagraph } from '../src/cards/oracle/templates.js';

const unread = (d: object) => 'unsupported' in d;

describe('"you may have X do Y" (608.2d)', () => {
  it('reads the instruction with its own subject, optional for you', () => {
    expect(compileParagraph('When X dies, you may have it deal 1 damage to any target.', 'X', false))
      .toEqual({ triggered: { when: { dies: 'self' }, targets: { t: 'any target' }, do: [{ may: [{ damage: 1, affected: 't' }] }] } });
    expect(compileParagraph('When X enters the battlefield, you may have target opponent discard a card.', 'X', false))
      .toEqual({ triggered: { when: { enters: 'self' }, targets: { t: 'opponent' }, do: [{ may: [{ discard: 1, who: 't' }] }] } });
    expect(compileParagraph('Whenever X attacks, you may have target creature get +2/+0 until end of turn.', 'X', false))
      .toEqual({ triggered: { when: { attacks: 'self' }, targets: { t: 'creature' }, do: [{ may: [{ pump: '+2/+0', affected: 't', until: 'end_of_turn' }] }] } });
  });
  it('keeps the plural verb of a group', () => {
    expect(compileParagraph('Whenever X attacks, you may have creatures you control get +1/+0 until end of turn.', 'X', false))
      .toEqual({ triggered: { when: { attacks: 'self' }, do: [{ may: [{ pump: '+1/+0', affected: { all: 'creatures you control' }, until: 'end_of_turn' }] }] } });
  });
  it('leaves a verb it has no template for unread', () => {
    expect(unread(compileParagraph('You may have X assign its combat damage as though it weren\'t blocked.', 'X', false))).toBe(true);
  });
});
