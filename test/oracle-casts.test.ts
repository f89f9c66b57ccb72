// The compiler's templates for spells cast and countered: "unless ... pays" costs that scale, "that
// spell's controller", and spell filters written as lists of alternatives.

import { describe, expect, it } from 'vitest';
import { compileParagraph } from '../dist/cards/oracle/templates.js';

const spell = (text: string) => compileParagraph(text, 'Foo', true);

describe('"unless its controller pays" with a counted cost (118.12a)', () => {
  it('reads "{1} for each ..." as the cost that many times', () => {
    expect(spell('Counter target spell unless its controller pays {1} for each card in your graveyard.')).toEqual({ spell: {
      targets: { t: 'spell' }, do: [{ unless: '{1}', who: 'controller_of:t', do: [{ counter: 't' }], times: { count: 'card in your graveyard' } }],
    } });
  });
  it('reads "{X}, where X is its mana value" as X of the target spell', () => {
    expect(spell('Counter target spell unless its controller pays {X}, where X is its mana value.')).toEqual({ spell: {
      targets: { t: 'spell' }, do: [{ unless: '{X}', who: 'controller_of:t', do: [{ counter: 't' }], where_x: { mana_value_of: 't' } }],
    } });
  });
  it('keeps "it" in a cast trigger, where it is the spell cast', () => {
    expect(compileParagraph('Whenever a player casts an instant spell, counter it unless that player pays {X}, where X is its mana value.', 'Foo', false))
      .toMatchObject({ triggered: { do: [{ unless: '{X}', who: 'that_player', do: [{ counter: 'it' }], where_x: { mana_value_of: 'it' } }] } });
  });
});

describe('"that spell\'s controller" after a counter', () => {
  it('names the controller of the target spell, countered or not', () => {
    expect(spell('Counter target spell. Foo deals 2 damage to that spell\'s controller.')).toMatchObject({ spell: { do: [{ counter: 't' }, { damage: 2, affected: 'controller_of:t' }] } });
    expect(spell('Counter target spell unless its controller pays {X}. Foo deals X damage to that spell\'s controller.'))
      .toMatchObject({ spell: { do: [{ unless: '{X}' }, { damage: 'X', affected: 'controller_of:t' }] } });
    expect(spell('Counter target spell. Its controller loses 2 life.')).toMatchObject({ spell: { do: [{ counter: 't' }, { lose_life: 2, who: 'controller_of:t' }] } });
  });
});

describe('filters listed with commas', () => {
  it('reads "a white, blue, black, or red spell" and the older "blue, black or red"', () => {
    expect(compileParagraph('Whenever you cast a white, blue, black, or red spell, put a +1/+1 counter on CARDNAME.', 'Foo', false))
      .toMatchObject({ triggered: { when: { cast: 'white, blue, black, or red spell', by: 'you' } } });
    expect(compileParagraph('Whenever you cast a blue, black or red spell, you gain 1 life.', 'Foo', false))
      .toMatchObject({ triggered: { when: { cast: 'blue, black or red spell', by: 'you' } } });
  });
  it('never runs a filter across a comma that ends it', () => {
    expect(compileParagraph('Whenever you cast a creature spell, target creature gets +1/+1 until end of turn.', 'Foo', false))
      .toMatchObject({ triggered: { when: { cast: 'creature spell' }, targets: { t: 'creature' } } });
  });
});

describe('"spell that targets ..."', () => {
  it('is a filter qualifier of every alternative before it', async () => {
    const { parseFilter } = await import('../dist/cards/filter.js');
    const f = parseFilter('instant or Aura spell that targets you or a permanent you control');
    expect('error' in f).toBe(false);
    if ('error' in f) return;
    expect(f.terms).toHaveLength(2);
    for (const t of f.terms) expect(t.targets).toMatchObject({ you: true, filter: { terms: [{ kind: 'permanent', controller: 'you' }] } });
    // the ability's source among the targets; "that targets it" is still not read
    expect(parseFilter('spell that targets CARDNAME')).toMatchObject({ terms: [{ kind: 'spell', targets: { you: false, source: true } }] });
    expect(parseFilter('spell that targets it')).toHaveProperty('error');
  });
  it('reads "Counter target spell that targets a creature."', () => {
    expect(spell('Counter target spell that targets a creature.')).toEqual({ spell: { targets: { t: 'spell that targets a creature' }, do: [{ counter: 't' }] } });
  });
});

describe('cost changes for qualified spells (601.2f)', () => {
  it('joins "with ..." after or before "you cast" to the filter', () => {
    expect(compileParagraph('Creature spells you cast with mana value 6 or greater cost {2} less to cast.', 'Foo', false))
      .toEqual({ static: { cost_reduction: '{2}', spells: 'creature spell with mana value 6 or greater', who: 'you' } });
    expect(compileParagraph('Creature spells with flying you cast cost {1} less to cast.', 'Foo', false))
      .toEqual({ static: { cost_reduction: '{1}', spells: 'creature spell with flying', who: 'you' } });
  });
});

describe('players who can\'t cast spells this turn (611.2a)', () => {
  it('makes the named player the "you" of a cant_cast rule for the turn', () => {
    expect(spell('Target player can\'t cast creature spells this turn.')).toEqual({ spell: { targets: { t: 'player' }, do: [
      { create_static: [{ cant_cast: 'creature spell', who: 'you' }], until: 'end_of_turn', for: 't' }] } });
    expect(spell('Counter target spell. Its controller can\'t cast spells this turn.')).toMatchObject({ spell: { do: [
      { counter: 't' }, { create_static: [{ cant_cast: 'spell', who: 'you' }], for: 'controller_of:t' }] } });
    expect(spell('Your opponents can\'t cast spells this turn.')).toEqual({ spell: { do: [
      { create_static: [{ cant_cast: 'spell', who: 'opponents' }], until: 'end_of_turn' }] } });
  });
});
