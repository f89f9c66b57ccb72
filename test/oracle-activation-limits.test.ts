// Activation limits ("no more than twice each turn", 602.5b) and Phyrexian symbols written with the
// P first ({P/R}, older card text, 107.4f), as the Oracle compiler reads them.

import { describe, expect, it } from 'vitest';
import { compileParagraph } from '../dist/cards/oracle/templates.js';

const read = (text: string) => compileParagraph(text, 'Foo', false);

describe('activation limits', () => {
  it('reads "no more than N times each turn" in both wordings', () => {
    expect(read('{B}: Foo gets +1/+0 until end of turn. Activate this ability no more than twice each turn.'))
      .toEqual({ activated: { cost: '{B}', do: [{ pump: '+1/+0', affected: 'self', until: 'end_of_turn' }], limit: { per_turn: 2 } } });
    expect(read('{1}: Add {B} or {R}. Activate no more than three times each turn.'))
      .toMatchObject({ activated: { cost: '{1}', limit: { per_turn: 3 } } });
    expect(read('{1}: Add {B}. Activate no more than once each turn.')).toMatchObject({ activated: { limit: 'once_per_turn' } });
  });

  it('reads a Phyrexian symbol written {P/R} as {R/P}', () => {
    expect(read('{P/R}: Foo gets +1/+0 until end of turn.')).toMatchObject({ activated: { cost: '{R/P}' } });
  });
});
