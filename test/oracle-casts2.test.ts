// The compiler's templates for casting and countering: a spell's own "when you cast" trigger, and
// what happens to a countered spell or its controller.

import { describe, expect, it } from 'vitest';
import { compileParagraph } from '../src/cards/oracle/templates.js';

const spell = (text: string) => compileParagraph(text, 'Foo', true);
const perm = (text: string) => compileParagraph(text, 'Foo', false);

describe('"When you cast CARDNAME" (601.2i, 113.6k)', () => {
  it('is a trigger of the spell itself', () => {
    expect(perm('When you cast CARDNAME, exile target artifact, enchantment, or land.')).toEqual({ triggered: {
      when: { cast: 'self' }, targets: { t: 'artifact, enchantment, or land' }, do: [{ exile: 't' }],
    } });
  });
  it('is not read when its instructions name the spell, which may be gone by then', () => {
    expect(perm('When you cast CARDNAME, return all cards named CARDNAME from your graveyard to the battlefield.')).toHaveProperty('unsupported');
    expect(perm('When you cast CARDNAME, you may exile CARDNAME.')).toHaveProperty('unsupported');
  });
});
