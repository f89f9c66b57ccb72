import { describe, expect, it } from 'vitest';
import { compileParagraph } from '../dist/cards/oracle/templates.js';

const spell = (text: string) => compileParagraph(text, 'Foo', true);

describe('Oracle compiler: groups of one target player, and two plural types', () => {
  it('reads a target player\'s graveyard as that player\'s cards', () => {
    expect(spell("Exile all cards from target player's graveyard.")).toEqual({
      spell: { targets: { t: 'player' }, do: [{ for_each: 't', do: [{ exile: { all: "cards in that player's graveyard" } }] }] },
    });
  });
  it('reads "all creatures target player controls"', () => {
    expect(spell('Tap all creatures target player controls.')).toEqual({
      spell: { targets: { t: 'player' }, do: [{ for_each: 't', do: [{ tap: { all: 'creatures that player controls' } }] }] },
    });
  });
  it('reads "all artifacts and enchantments" as one filter', () => {
    expect(spell('Destroy all artifacts and enchantments.')).toEqual({ spell: { do: [{ destroy: { all: 'artifact or enchantment' } }] } });
  });
});
