// The compiler's templates for soulbond's paired creatures (702.95a-b): "As long as CARDNAME is
// paired with another creature, both creatures ..." / "each of those creatures ...".

import { describe, expect, it } from 'vitest';
import { compileParagraph } from '../dist/cards/oracle/templates.js';

const perm = (text: string) => compileParagraph(text, 'Foo', false);

describe('statics of paired creatures', () => {
  it('reads a bonus for each of those creatures', () => {
    expect(perm('As long as Foo is paired with another creature, each of those creatures gets +2/+2.'))
      .toEqual({ static: { pump: '+2/+2', affected: 'paired', if: { paired: true } } });
  });
  it('reads keywords both creatures have', () => {
    expect(perm('As long as Foo is paired with another creature, both creatures have first strike.'))
      .toEqual({ static: { grant: ['First strike'], affected: 'paired', if: { paired: true } } });
  });
  it('reads a quoted ability each of those creatures has', () => {
    expect(perm('As long as Foo is paired with another creature, each of those creatures has "{2}{U}: Untap this creature."'))
      .toMatchObject({ static: { grant: [], affected: 'paired', if: { paired: true }, with: [{ activated: { cost: '{2}{U}', do: [{ untap: 'self' }] } }] } });
  });
  it('leaves other wordings about pairs unread', () => {
    expect(JSON.stringify(perm('As long as Foo is paired with another creature, both creatures have protection from Zombies.'))).toContain('unsupported');
  });
});
