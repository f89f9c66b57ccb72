// Compiler templates for conditions: the mana spent to cast a spell, revolt, "during your main phase",
// counts of cards in a graveyard, and "... instead" changing the instruction before it.

import { describe, expect, it } from 'vitest';
import { compileOracleCard } from '../dist/cards/oracle/entry.js';
import { compileParagraph } from '../dist/cards/oracle/templates.js';
import type { OracleCard } from '../dist/cards/oracle/read.js';

const read = (text: string, spell = false) => compileParagraph(text, 'Foo', spell);

function instant(name: string, text: string): OracleCard {
  return { name, layout: 'normal', faces: [{ name, manaCost: '{R}', manaValue: 1, colors: ['R'], colorIndicator: null, typeLine: 'Instant', power: null, toughness: null, loyalty: null, defense: null, keywords: [], text }] };
}

describe('conditions', () => {
  it('reads "if {U} was spent to cast CARDNAME" in a trigger and a spell', () => {
    expect(read('When Foo enters, if {U} was spent to cast Foo, draw a card.'))
      .toEqual({ triggered: { when: { enters: 'self' }, if: { mana_spent: 'U' }, do: [{ draw: 1 }] } });
    expect(read('If {W} was spent to cast this spell, you gain 2 life.', true))
      .toEqual({ spell: { do: [{ if: { mana_spent: 'W' }, do: [{ gain_life: 2 }] }] } });
  });

  it('reads revolt, "during your main phase" (spells only) and counts of cards in your graveyard', () => {
    expect(read('If a permanent you controlled left the battlefield this turn, you gain 3 life.', true))
      .toEqual({ spell: { do: [{ if: { permanent_left_this_turn: true }, do: [{ gain_life: 3 }] }] } });
    expect(read('If you cast this spell during your main phase, draw a card.', true))
      .toEqual({ spell: { do: [{ if: { cast_during_main: true }, do: [{ draw: 1 }] }] } });
    expect(read('If there are two or more instant and/or sorcery cards in your graveyard, scry 2.', true))
      .toEqual({ spell: { do: [{ if: { at_least: 2, of: { count: 'instant or sorcery card in your graveyard' } }, do: [{ scry: 2 }] }] } });
  });

  it('reads "enters with counters on it if ..." as a replacement with a condition', () => {
    expect(read('Foo enters with two +1/+1 counters on it if a creature died this turn.'))
      .toEqual({ replacement: { enters_with_counters: '+1/+1', amount: 2, if: { creature_died_this_turn: true } } });
  });
});

describe('"... instead"', () => {
  it('changes the instruction before it, on the same target', () => {
    expect(read('Target creature gets +2/+2 until end of turn. If you cast this spell during your main phase, that creature gets +4/+4 until end of turn instead.', true))
      .toEqual({ spell: { targets: { t: 'creature' }, do: [{ if: { cast_during_main: true }, do: [{ pump: '+4/+4', affected: 't', until: 'end_of_turn' }], otherwise: [{ pump: '+2/+2', affected: 't', until: 'end_of_turn' }] }] } });
    expect(read('You gain 4 life. If a creature died this turn, you gain 8 life instead.', true))
      .toEqual({ spell: { do: [{ if: { creature_died_this_turn: true }, do: [{ gain_life: 8 }], otherwise: [{ gain_life: 4 }] }] } });
  });

  it('leaves unread an "instead" that does something else than the instruction before it', () => {
    expect(read('You gain 4 life. If a creature died this turn, draw a card instead.', true)).toHaveProperty('unsupported');
  });

  it('reads a later paragraph of a spell that changes the one before it with the paragraph before', () => {
    const card = compileOracleCard(instant('Volley', 'Volley deals 3 damage to any target.\nMorbid — Volley deals 5 damage to that permanent or player instead if a creature died this turn.')).card!;
    expect(card.unsupported).toEqual([]);
    const spells = card.main.abilities.filter((a) => a.kind === 'spell');
    expect(spells).toHaveLength(2);
    expect(JSON.stringify(spells[0])).toContain('"creature_died_this_turn"');
  });
});

describe('restricted mana (106.6)', () => {
  it('reads "Spend this mana only to cast F spells / activate abilities of F" on the mana it follows', () => {
    expect(read('{T}: Add {C}{C}. Spend this mana only to cast artifact spells or activate abilities of artifacts.'))
      .toEqual({ activated: { cost: '{T}', do: [{ add: '{C}{C}', only: { spells: 'artifact spells', abilities: 'artifacts' } }] } });
    expect(read('{T}: Add one mana of any color. Spend this mana only to cast a creature spell of the chosen type.'))
      .toEqual({ activated: { cost: '{T}', do: [{ add_any_color: 1, only: { spells: 'creature spell of the chosen type' } }] } });
  });

  it('leaves unread a use it has no filter for', () => {
    expect(read('{T}: Add {C}. Spend this mana only to cast kicked spells.')).toHaveProperty('unsupported');
    expect(read('{T}: Add {C}{C}{C}{C}. Spend this mana only on costs that contain {X}.')).toHaveProperty('unsupported');
  });
});

describe('prevention for the turn', () => {
  it('reads damage to you and a group, damage one group would deal to another, and the next X damage', () => {
    expect(read('Prevent all damage that would be dealt to you and permanents you control this turn.', true))
      .toEqual({ spell: { do: [{ prevent_damage: 'all', affected: 'you' }, { prevent_damage: 'all', to: 'permanent you control' }] } });
    expect(read('Prevent all damage that creatures would deal to players this turn.', true))
      .toEqual({ spell: { do: [{ prevent_damage: 'all', from: 'creature', to: 'player' }] } });
    expect(read('{X}, {T}: Prevent the next X damage that would be dealt to any target this turn.'))
      .toEqual({ activated: { cost: '{X}, {T}', targets: { t: 'any target' }, do: [{ prevent_damage: 'X', affected: 't' }] } });
  });
});
