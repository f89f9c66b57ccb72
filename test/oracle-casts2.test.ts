// The compiler's templates for casting and countering: a spell's own "when you cast" trigger, and
// what happens to a countered spell or its controller.

import { describe, expect, it } from 'vitest';
import { compileParagraph } from '../dist/cards/oracle/templates.js';

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

describe('what follows a counter (701.5a)', () => {
  it('reads "If that spell is countered this way" after "unless ... pays" inside the unless', () => {
    expect(spell('Counter target spell unless its controller pays {4}. If that spell is countered this way, exile it instead of putting it into its owner\'s graveyard.')).toEqual({ spell: {
      targets: { t: 'spell' }, do: [{ unless: '{4}', who: 'controller_of:t', do: [{ counter: 't', to: 'exile' }] }],
    } });
  });
  it('reads the older "its controller puts the top N cards ... into their graveyard" as a mill', () => {
    expect(spell('Counter target spell. Its controller puts the top two cards of their library into their graveyard.')).toEqual({ spell: {
      targets: { t: 'spell' }, do: [{ counter: 't' }, { mill: 2, who: 'controller_of:t' }],
    } });
  });
  it('reads "draw cards equal to that spell\'s mana value"', () => {
    expect(spell('Counter target creature spell. Draw cards equal to that spell\'s mana value.')).toEqual({ spell: {
      targets: { t: 'creature spell' }, do: [{ counter: 't' }, { draw: { mana_value_of: 't' } }],
    } });
  });
});

describe('additional land plays (305.2)', () => {
  it('reads the static of each of your turns, and of each player', () => {
    expect(perm('You may play two additional lands on each of your turns.')).toEqual({ static: { additional_lands: 2, who: 'you' } });
    expect(perm('Each player may play an additional land on each of their turns.')).toEqual({ static: { additional_lands: 1, who: 'each' } });
  });
  it('reads "this turn" in a spell as a rule for the turn', () => {
    expect(spell('You may play up to three additional lands this turn.')).toEqual({ spell: { do: [{ create_static: [{ additional_lands: 3, who: 'you' }], until: 'end_of_turn' }] } });
  });
});

describe('playing cards from other zones (601.3, 305.1)', () => {
  it('reads lands from the graveyard and the top of the library', () => {
    expect(perm('You may play land cards from your graveyard.')).toEqual({ static: { play_lands_from: 'graveyard', who: 'you' } });
    expect(perm('You may play the top card of your library if it\'s a land card.')).toEqual({ static: { play_lands_from: 'library_top', who: 'you' } });
  });
  it('reads "play the top card" as both permissions, and "cast the top card if it\'s a F card" as one for F spells', () => {
    expect(perm('You may play the top card of your library.')).toEqual({ static: [
      { cast_from: 'library_top', spells: 'spell', who: 'you' }, { play_lands_from: 'library_top', who: 'you' },
    ] });
    expect(perm('You may cast the top card of your library if it\'s an instant or sorcery card.')).toEqual({ static: { cast_from: 'library_top', spells: 'instant or sorcery spell', who: 'you' } });
  });
});

describe('cast triggers of other players (603.2, 603.4)', () => {
  it('reads "if CARDNAME is an enchantment" as a card type of the source', () => {
    expect(perm('When an opponent casts a creature spell, if CARDNAME is an enchantment, CARDNAME becomes a 2/2 Soldier creature.')).toEqual({ triggered: {
      when: { cast: 'creature spell', by: 'opponent' }, if: { is: 'enchantment', what: 'self' },
      do: [{ become: { pt: '2/2', types: ['creature'], subtypes: ['Soldier'] }, affected: 'self', until: 'permanent' }],
    } });
  });
  it('reads the caster\'s "they" as that player', () => {
    expect(perm('Whenever an opponent casts a creature spell, that player loses 2 life unless they pay {2}.')).toMatchObject({ triggered: {
      do: [{ unless: '{2}', who: 'that_player', do: [{ lose_life: 2, who: 'that_player' }] }],
    } });
    expect(perm('Whenever an opponent casts a white spell, they lose 2 life.')).toMatchObject({ triggered: { do: [{ lose_life: 2, who: 'that_player' }] } });
  });
});
