import { describe, expect, it } from 'vitest';
import { compileParagraph } from '../dist/cards/oracle/templates.js';
import { keywordLine } from '../dist/cards/compile.js';

describe('casting keywords: spectacle, surge, emerge, awaken, replicate, splice, jump-start', () => {
  it('reads each as a keyword line with its cost', () => {
    expect(keywordLine('Spectacle {R}', 'k')).toMatchObject([{ keyword: 'Spectacle', costText: '{R}' }]);
    expect(keywordLine('Surge {1}{R}', 'k')).toMatchObject([{ keyword: 'Surge', costText: '{1}{R}' }]);
    expect(keywordLine('Emerge {5}{U}', 'k')).toMatchObject([{ keyword: 'Emerge', costText: '{5}{U}' }]);
    expect(keywordLine('Replicate {U}', 'k')).toMatchObject([{ keyword: 'Replicate', costText: '{U}' }]);
    expect(keywordLine('Jump-start', 'k')).toMatchObject([{ keyword: 'Jump-start' }]);
  });
  it('reads awaken\'s number and cost', () => {
    expect(keywordLine('Awaken 4—{5}{U}', 'k')).toMatchObject([{ keyword: 'Awaken', n: 4, costText: '{5}{U}' }]);
  });
  it('reads splice\'s quality and a mana or other cost', () => {
    expect(keywordLine('Splice onto Arcane {1}{R}', 'k')).toMatchObject([{ keyword: 'Splice', costText: '{1}{R}', filter: { text: 'Arcane spell' } }]);
    const [k] = keywordLine('Splice onto Arcane—Exile four cards from your graveyard.', 'k')!;
    expect(k).toMatchObject({ keyword: 'Splice', costText: 'Exile four cards from your graveyard' });
    expect(k!.costParts?.parts).toHaveLength(1);
  });
  it('reads "if its surge cost was paid" as the alternative cost the permanent was cast with', () => {
    expect(compileParagraph('When CARDNAME enters, if its surge cost was paid, it deals 3 damage to any target.', 'Foo', false)).toMatchObject({
      triggered: { if: { alt_cost_paid: 'Surge' } },
    });
  });
});
