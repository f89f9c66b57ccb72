import { describe, expect, it } from 'vitest';
import { compileParagraph } from '../dist/cards/oracle/templates.js';

describe('casting permissions and restrictions', () => {
  it('reads "Cast this spell only ..." as cast_only (601.3)', () => {
    expect(compileParagraph('Cast Foo only during the declare attackers step and only if you\'ve been attacked this step.', 'Foo', true))
      .toEqual({ cast_only: { during: ['declare_attackers'], if: { been_attacked: true } } });
    expect(compileParagraph('Cast this spell only during your turn and only during combat before blockers are declared.', 'Foo', true))
      .toEqual({ cast_only: { during: ['your_turn', 'combat_before_blockers'] } });
    expect(compileParagraph('Cast this spell only if you\'ve cast another green spell this turn.', 'Foo', false))
      .toEqual({ cast_only: { if: { cast_this_turn: 'green spell' } } });
    expect(compileParagraph('Cast Foo only during the second main phase.', 'Foo', true)).toHaveProperty('unsupported');
  });

  it('reads a flash permission of the card itself', () => {
    expect(compileParagraph('You may cast Foo as though it had flash if you pay {2} more to cast it.', 'Foo', true)).toEqual({ flash_self: { pay_more: '{2}' } });
    expect(compileParagraph('As long as you control a Zombie, you may cast Foo as though it had flash.', 'Foo', false)).toEqual({ flash_self: { if: { controls: 'Zombie' } } });
    // the sacrifice at the next cleanup step isn't modelled
    expect(compileParagraph('You may cast Foo as though it had flash. If you cast it any time a sorcery couldn\'t have been cast, the controller of the permanent it becomes sacrifices it at the beginning of the next cleanup step.', 'Foo', false)).toHaveProperty('unsupported');
  });

  it('reads a permission to be cast from a graveyard or exile', () => {
    expect(compileParagraph('You may cast Foo from your graveyard as long as you control a Zombie.', 'Foo', false)).toEqual({ cast_from_self: { zones: ['graveyard'], if: { controls: 'Zombie' } } });
    expect(compileParagraph('You may cast Foo from your graveyard or from exile.', 'Foo', false)).toEqual({ cast_from_self: { zones: ['graveyard', 'exile'] } });
  });

  it('reads alternative costs with mana and a tap', () => {
    expect(compileParagraph('You may pay {1} and return a basic land you control to its owner\'s hand rather than pay Foo\'s mana cost.', 'Foo', false))
      .toEqual({ alternative_cost: 'Pay {1}, Return a basic land you control to its owner\'s hand' });
    expect(compileParagraph('You may pay {3}{U} and tap an untapped artifact you control rather than pay this spell\'s mana cost.', 'Foo', false))
      .toEqual({ alternative_cost: 'Pay {3}{U}, Tap an untapped artifact you control' });
  });
});
