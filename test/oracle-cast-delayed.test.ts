// Compiler templates for delayed cast triggers (603.7a-b): "When you cast your next F this turn, copy
// that spell" (once) and a spell's "Whenever you cast F this turn, ..." (at each such cast).

import { describe, expect, it } from 'vitest';
import { compileParagraph } from '../dist/cards/oracle/templates.js';

const spell = (text: string) => compileParagraph(text, 'Foo', true);

describe('delayed cast triggers', () => {
  it('copies the next instant or sorcery spell once', () => {
    expect(spell('When you cast your next instant or sorcery spell this turn, copy that spell. You may choose new targets for that copy.'))
      .toEqual({ spell: { do: [{ delayed: { cast: 'instant or sorcery spell', by: 'you' }, this_turn: true, do: [{ copy_spell: 'it', new_targets: true }] }] } });
    expect(compileParagraph('-2: When you cast your next instant or sorcery spell this turn, copy that spell. You may choose new targets for the copy.', 'Foo', false))
      .toEqual({ activated: { cost: '-2', do: [{ delayed: { cast: 'instant or sorcery spell', by: 'you' }, this_turn: true, do: [{ copy_spell: 'it', new_targets: true }] }] } });
    // another instruction than a copy isn't read yet
    expect(spell('When you cast your next instant or sorcery spell from your hand this turn, it gains rebound.')).toHaveProperty('unsupported');
  });

  it('triggers at each cast for the turn', () => {
    expect(spell('Whenever you cast a creature spell this turn, draw a card.'))
      .toEqual({ spell: { do: [{ delayed: { cast: 'creature spell', by: 'you' }, this_turn: true, do: [{ draw: 1 }], repeats: true }] } });
    // only a spell creates one as it resolves; a permanent's ability has no such duration
    expect(compileParagraph('Whenever you cast a creature spell this turn, draw a card.', 'Foo', false)).toHaveProperty('unsupported');
  });
});
