// The Oracle-text compiler, checked against the hand-written library: every built-in card whose text
// compiles whole must compile to exactly the abilities its reviewed DSL has. Then the grammar's own
// rules: wordings old and new, target names, and paragraphs it must not half-read.

import { describe, expect, it } from 'vitest';
import { loadLibrary } from '../dist/cards/library.js';
import { fromTextAlone } from '../dist/cards/oracle/entry.js';
import { canonical, compileParagraph } from '../dist/cards/oracle/templates.js';
import type { Ability } from '../dist/cards/types.js';

/** Keys whose string values are references (target names) rather than words of the DSL. */
const REF_KEYS = new Set(['name', 'affected', 'who', 'from', 'to', 'about', 'attacker', 'among', 'of', 'a', 'b']);

/** An ability as data, with its key and text left out and its target names replaced by their order
 * (the library names targets for what they are, the compiler t, t2...: the same ability). Each mode
 * of a modal spell is its own scope: its targets are numbered within it. */
function shape(a: Ability): string {
  const renamed = structuredClone(a) as Ability & { block?: { targets: Array<{ name: string }> }; modal?: { modes: Array<{ targets: Array<{ name: string }> }> } };
  const scopes = [renamed.block, ...(renamed.modal?.modes ?? [])].filter((b): b is { targets: Array<{ name: string }> } => !!b);
  for (const scope of scopes) {
    const order = new Map(scope.targets.map((t, i) => [t.name, `#${i + 1}`]));
    const rename = (v: string) => order.get(v) ?? v.replace(/^(controller_of|owner_of|opponents_of):(.*)$/, (m, p: string, n: string) => (order.has(n) ? `${p}:${order.get(n)!}` : m));
    const walk = (x: unknown): unknown => {
      if (Array.isArray(x)) return x.map(walk);
      if (!x || typeof x !== 'object') return x;
      return Object.fromEntries(Object.entries(x).map(([k, v]) => [k, typeof v === 'string' && REF_KEYS.has(k) ? rename(v) : k === 'modes' ? v : walk(v)]));
    };
    Object.assign(scope, walk(scope));
  }
  return JSON.stringify(renamed, (k, v: unknown) => (k === 'key' || k === 'text' ? undefined : v));
}

describe('the compiler against the built-in library', () => {
  const cards = loadLibrary().registry.all();
  const compiled = cards.map((c) => ({ card: c, text: fromTextAlone(c) })).filter((x) => x.text.unsupported.length === 0);

  it('compiles a good part of the library from its text alone', () => {
    expect(compiled.length).toBeGreaterThanOrEqual(120);
  });

  it('every card it compiles has exactly the abilities of its hand-written DSL', () => {
    const differences = compiled
      .filter(({ card, text }) => [card.main, card.adventure, card.flip].some((f, i) => {
        const g = [text.main, text.adventure, text.flip][i];
        return (f?.abilities.map(shape).join('\n') ?? '') !== (g?.abilities.map(shape).join('\n') ?? '');
      }))
      .map(({ card }) => card.name);
    expect(differences).toEqual([]);
  });
});

describe('the grammar', () => {
  it('reads current and older templating alike', () => {
    expect(canonical('When Goblin Guide enters the battlefield, it deals 1 damage to target creature or player.', 'Goblin Guide'))
      .toBe('When CARDNAME enters, it deals 1 damage to any target.');
    expect(canonical('This creature gets +1/+1.', 'X')).toBe('CARDNAME gets +1/+1.');
    // a loyalty cost printed in brackets, with a true minus sign (606.2)
    expect(canonical('[\u22122]: Draw a card.', 'X')).toBe('-2: Draw a card.');
    expect(canonical('[+1]: Draw a card.', 'X')).toBe('+1: Draw a card.');
    expect(canonical('Jace, the Mind Sculptor deals damage. Jace can\'t.', 'Jace, the Mind Sculptor')).toBe('CARDNAME deals damage. CARDNAME can\'t.');
  });

  it('returns the card an exile moved, at once or with a delayed trigger about it (400.7j)', () => {
    expect(compileParagraph('Exile target creature you control, then return that card to the battlefield under your control.', 'X', true))
      .toEqual({ spell: { targets: { t: 'creature you control' }, do: [{ exile: 't' }, { return_to_battlefield: 't', under: 'you' }] } });
    expect(compileParagraph('Exile target creature. Return that card to the battlefield under its owner\'s control at the beginning of the next end step.', 'X', true))
      .toEqual({ spell: { targets: { t: 'creature' }, do: [{ exile: 't' }, { delayed: { step: 'end', whose: 'next' }, about: 't', do: [{ return_to_battlefield: 'it', under: 'owner' }] }] } });
  });

  it('reads "then shuffle their library" after a search by another player', () => {
    expect(JSON.stringify(compileParagraph('Exile target creature. Its controller may search their library for a basic land card, put that card onto the battlefield tapped, then shuffle their library.', 'X', true)))
      .toBe(JSON.stringify(compileParagraph('Exile target creature. Its controller may search their library for a basic land card, put that card onto the battlefield tapped, then shuffle.', 'X', true)));
  });

  it('names targets in text order, continuing after earlier paragraphs of the face', () => {
    expect(compileParagraph('Target creature gets -3/-0 until end of turn.', 'Warp', true, 1))
      .toEqual({ spell: { targets: { t2: 'creature' }, do: [{ pump: '-3/-0', affected: 't2', until: 'end_of_turn' }] } });
    expect(compileParagraph('Destroy target artifact. Destroy target land.', 'X', true))
      .toEqual({ spell: { targets: { t: 'artifact', t2: 'land' }, do: [{ destroy: 't' }, { destroy: 't2' }] } });
  });

  it('a target the text names twice is one target', () => {
    expect(compileParagraph('Target creature gets +1/+1 and gains trample until end of turn.', 'X', true))
      .toEqual({ spell: { targets: { t: 'creature' }, do: [{ pump: '+1/+1', affected: 't', until: 'end_of_turn' }, { grant: ['Trample'], affected: 't', until: 'end_of_turn' }] } });
  });

  it('a phrase read and then given up (backtracking) leaves no target behind', () => {
    expect(compileParagraph('{1}, {T}: Target creature gets +1/+1 until end of turn.', 'X', false))
      .toEqual({ activated: { cost: '{1}, {T}', targets: { t: 'creature' }, do: [{ pump: '+1/+1', affected: 't', until: 'end_of_turn' }] } });
  });

  it('reads any cost the DSL cost reader reads: X, "or" choices, graveyard exiles, counters, the spell\'s own reduction', () => {
    expect(compileParagraph('As an additional cost to cast this spell, discard a card or pay {5}.', 'Axe', true))
      .toEqual({ additional_cost: 'Discard a card or pay {5}' });
    expect(compileParagraph('As an additional cost to cast this spell, pay X life.', 'Deluge', true)).toEqual({ additional_cost: 'Pay X life' });
    expect(compileParagraph('Remove three quest counters from Quest and sacrifice it: Draw two cards.', 'Quest', false))
      .toEqual({ activated: { cost: 'Remove three quest counters from Quest and sacrifice it', do: [{ draw: 2 }] } });
    expect(compileParagraph('Exile two cards from your graveyard: Tog gets +1/+1 until end of turn.', 'Tog', false))
      .toEqual({ activated: { cost: 'Exile two cards from your graveyard', do: [{ pump: '+1/+1', affected: 'self', until: 'end_of_turn' }] } });
    expect(compileParagraph('This spell costs {1} less to cast for each instant and sorcery card in your graveyard.', 'Rev', false))
      .toEqual({ static: { cost_reduction: '{1}', spells: 'spell', self: true, per: { count: 'instant or sorcery card in your graveyard' } } });
    // a cost the reader can't read leaves the paragraph unread
    expect(compileParagraph('Exile the top creature card of your graveyard: Draw a card.', 'X', false)).toHaveProperty('unsupported');
  });

  it('joins instructions with "and" and ", then"; reads older milling and "unless you [cost]"', () => {
    expect(compileParagraph('When Bob enters the battlefield, draw a card, then discard a card.', 'Bob', false))
      .toEqual({ triggered: { when: { enters: 'self' }, do: [{ draw: 1 }, { discard: 1 }] } });
    expect(compileParagraph('Put the top two cards of your library into your graveyard.', 'X', true)).toEqual({ spell: { do: [{ mill: 2 }] } });
    expect(compileParagraph('At the beginning of your upkeep, sacrifice Bob unless you discard a card.', 'Bob', false))
      .toEqual({ triggered: { when: { step: 'upkeep', whose: 'you' }, do: [{ unless: 'Discard a card', who: 'you', do: [{ sacrifice: 'self' }] }] } });
  });

  it('a paragraph it reads only in part is unsupported, quoted whole', () => {
    const dsl = compileParagraph('Destroy target creature. Its controller reveals their hand and you win the game.', 'X', true);
    expect(dsl).toEqual({ unsupported: 'the paragraph "Destroy target creature. Its controller reveals their hand and you win the game.", which no Oracle-text template reads yet' });
  });

  it('never reads the words around a filter as part of it', () => {
    // once read as "all creatures" ("Two" a subtype, "target" and "each" passed over)
    expect(compileParagraph('Two target creatures each get +2/+2 until end of turn.', 'X', true))
      .toEqual({ spell: { targets: { t: { filter: 'creature', count: 2 } }, do: [{ pump: '+2/+2', affected: 't', until: 'end_of_turn' }] } });
    // "They" is the pronoun for the targets, never a filter
    expect(compileParagraph('Untap up to two target creatures. They each get +2/+2 until end of turn.', 'X', true))
      .toEqual({ spell: { targets: { t: { filter: 'creature', count: '0-2' } }, do: [{ untap: 't' }, { pump: '+2/+2', affected: 't', until: 'end_of_turn' }] } });
    expect(compileParagraph('X target creatures can\'t block this turn.', 'X', true)).toHaveProperty('unsupported');
  });

  it('"it" after "CARDNAME blocks" or "CARDNAME is dealt damage" is the permanent itself', () => {
    expect(compileParagraph('Whenever Badger blocks, it gets +2/+2 until end of turn.', 'Badger', false))
      .toEqual({ triggered: { when: { blocks: 'self' }, do: [{ pump: '+2/+2', affected: 'self', until: 'end_of_turn' }] } });
    expect(compileParagraph('Whenever Fungus is dealt damage, put a +1/+1 counter on it.', 'Fungus', false))
      .toEqual({ triggered: { when: { damage_dealt: 'self' }, do: [{ put_counters: '+1/+1', amount: 1, affected: 'self' }] } });
  });

  it('instructions on a permanent are not a spell ability', () => {
    expect(compileParagraph('Draw a card.', 'Some Creature', false)).toHaveProperty('unsupported');
  });

  it('reads "transform CARDNAME" as the transform instruction (701.28a)', () => {
    expect(compileParagraph('{5}{R}{R}: Transform Vildin-Pack Outcast.', 'Vildin-Pack Outcast', false)).toEqual({ activated: { cost: '{5}{R}{R}', do: [{ transform: 'self' }] } });
    expect(compileParagraph('At the beginning of your upkeep, you may transform Cloistered Youth.', 'Cloistered Youth', false)).toMatchObject({ triggered: { do: [{ may: [{ transform: 'self' }] }] } });
  });

  it('reads a mana ability with a choice of mana as one option chosen on resolution', () => {
    expect(compileParagraph('{T}: Add {W} or {U}.', 'Gate', false)).toEqual({ activated: { cost: '{T}', do: [{ add_one_of: ['{W}', '{U}'] }] } });
    expect(compileParagraph('{T}: Add {R}, {G}, or {W}.', 'Shard', false)).toEqual({ activated: { cost: '{T}', do: [{ add_one_of: ['{R}', '{G}', '{W}'] }] } });
    expect(compileParagraph('{1}, {T}: Add {U}{U}, {U}{R}, or {R}{R}.', 'Signet', false)).toEqual({ activated: { cost: '{1}, {T}', do: [{ add_one_of: ['{U}{U}', '{U}{R}', '{R}{R}'] }] } });
  });
});

describe('templates read by built-in cards', () => {
  it('reads type-, ability- and P/T-setting statics (layers 4, 6, 7b)', () => {
    expect(compileParagraph('Nonbasic lands are Mountains.', 'X', false)).toEqual({ static: { land_type: ['Mountain'], affected: 'nonbasic lands' } });
    expect(compileParagraph('Each land is a Swamp in addition to its other land types.', 'X', false)).toEqual({ static: { land_type: ['Swamp'], affected: 'land', add: true } });
    expect(compileParagraph('All creatures lose all abilities and have base power and toughness 1/1.', 'X', false))
      .toEqual({ static: [{ lose_all_abilities: 'creatures' }, { set_base_pt: '1/1', affected: 'creatures' }] });
    expect(compileParagraph('Each noncreature artifact is an artifact creature with power and toughness each equal to its mana value.', 'X', false))
      .toEqual({ static: { add_types: ['creature'], affected: 'noncreature artifact', base_pt: 'mana_value' } });
    expect(compileParagraph("Nightmare's power and toughness are each equal to the number of Swamps you control.", 'Nightmare', false))
      .toEqual({ static: { cda_pt: { power: { count: 'Swamps you control' }, toughness: { count: 'Swamps you control' } } } });
  });
});

describe('copy templates (707)', () => {
  it('reads "enter as a copy" with its exceptions (707.9), and only the permanents on the battlefield', () => {
    expect(compileParagraph("You may have Bob enter as a copy of any creature on the battlefield, except it's 7/7.", 'Bob', false))
      .toEqual({ replacement: { enter_as_copy: 'creature', optional: true, except: { pt: '7/7' } } });
    expect(compileParagraph("You may have Bob enter as a copy of any artifact on the battlefield, except it's an enchantment in addition to its other types.", 'Bob', false))
      .toEqual({ replacement: { enter_as_copy: 'artifact', optional: true, except: { add_types: ['enchantment'] } } });
    expect(compileParagraph('You may have Bob enter as a copy of a creature or planeswalker you control, except it enters with an additional +1/+1 counter on it if it\'s a creature, it enters with an additional loyalty counter on it if it\'s a planeswalker, and it isn\'t legendary.', 'Bob', false))
      .toEqual({ replacement: { enter_as_copy: 'creature or planeswalker you control', optional: true, except: { extra_counter: true, not_legendary: true } } });
    expect(compileParagraph('You may have Bob enter as a copy of any creature card in a graveyard.', 'Bob', false)).toHaveProperty('unsupported');
    // one exception of each kind: a second P/T is not dropped silently
    expect(compileParagraph("You may have Bob enter as a copy of any creature on the battlefield, except it's 7/7 and it's 3/3.", 'Bob', false)).toHaveProperty('unsupported');
  });

  it('reads "becomes a copy", naming the object chosen by an earlier "Choose a ..."', () => {
    expect(compileParagraph('Whenever another creature enters, Bob becomes a copy of that creature, except it has this ability.', 'Bob', false))
      .toEqual({ triggered: { when: { enters: 'another creature' }, do: [{ become_copy: 'it', except: { extra_ability: 'this' }, until: 'permanent' }] } });
    expect(compileParagraph('Choose a creature on the battlefield. Target creature becomes a copy of that creature until end of turn.', 'X', true))
      .toEqual({ spell: { targets: { t: 'creature' }, do: [{ choose: { object: 'creature' } }, { become_copy: 'chosen', affected: 't', until: 'end_of_turn' }] } });
    // the chosen creature dealing damage is not the spell dealing it: not read yet
    expect(compileParagraph('Choose a Giant creature you control. It deals damage equal to its power to target creature.', 'X', true)).toHaveProperty('unsupported');
  });

  it('reads token copies and copies of spells, with "instead" for a kicked or flashed-back spell', () => {
    expect(compileParagraph("Create a token that's a copy of target creature. If this spell was kicked, create five of those tokens instead.", 'X', true))
      .toEqual({ spell: { targets: { t: 'creature' }, do: [{ if: { kicked: true }, do: [{ create_token_copy: 't', amount: 5 }], otherwise: [{ create_token_copy: 't' }] }] } });
    expect(compileParagraph('Copy target instant or sorcery spell, except that the copy is red. You may choose new targets for the copy.', 'X', true))
      .toEqual({ spell: { targets: { t: 'instant or sorcery spell' }, do: [{ copy_spell: 't', new_targets: true, colors: ['red'] }] } });
    expect(compileParagraph('Copy target instant or sorcery spell you control. If this spell was cast from a graveyard, copy that spell twice instead. You may choose new targets for the copies.', 'X', true))
      .toEqual({ spell: { targets: { t: 'instant or sorcery spell you control' }, do: [{ if: { cast_from: 'graveyard' }, do: [{ copy_spell: 't', new_targets: true, times: 2 }], otherwise: [{ copy_spell: 't', new_targets: true }] }] } });
    // an extra counter as it enters belongs to "enter as a copy" only
    expect(compileParagraph("Create a token that's a copy of target creature, except it enters with an additional +1/+1 counter on it if it's a creature, it enters with an additional loyalty counter on it if it's a planeswalker.", 'X', true))
      .toHaveProperty('unsupported');
    // only a spell is kicked
    expect(compileParagraph("When Bob enters, create a token that's a copy of target creature. If Bob was kicked, create five of those tokens instead.", 'Bob', false))
      .toHaveProperty('unsupported');
  });

  it('reads gaining the activated abilities of another object, and blue mana spent as any color for its own abilities', () => {
    expect(compileParagraph('{U}: Bob gains all activated abilities of target creature until end of turn.', 'Bob', false))
      .toEqual({ activated: { cost: '{U}', targets: { t: 'creature' }, do: [{ gain_abilities_of: 't', kind: 'activated', until: 'end_of_turn' }] } });
    expect(compileParagraph("You may spend blue mana as though it were mana of any color to pay the activation costs of Bob's abilities.", 'Bob', false))
      .toEqual({ static: { spend_as_any_color: ['blue'], for: 'activation_costs_of_self' } });
  });
});

describe('templates of the misc family (modes, division, kicker, delayed and reflexive triggers, replacements)', () => {
  it('divides damage and counters among targets, and widens modes when kicked', () => {
    expect(compileParagraph('Bolt deals 3 damage divided as you choose among one, two, or three targets.', 'Bolt', true))
      .toEqual({ spell: { targets: { t: { filter: 'any target', count: '1-3' } }, divide: 3, do: [{ damage: 3, affected: 't', divided: true }] } });
    expect(compileParagraph('Distribute two +1/+1 counters among one or two target creatures.', 'X', true))
      .toEqual({ spell: { targets: { t: { filter: 'creature', count: '1-2' } }, divide: 2, do: [{ put_counters: '+1/+1', amount: 2, affected: 't', divided: true }] } });
    expect(compileParagraph('Zap deals 2 damage to any target. If this spell was kicked, it deals 4 damage instead.', 'Zap', true))
      .toEqual({ spell: { targets: { t: 'any target' }, do: [{ if: { kicked: true }, do: [{ damage: 4, affected: 't' }], otherwise: [{ damage: 2, affected: 't' }] }] } });
    const modal = compileParagraph('Choose one. If this spell was kicked, choose any number instead.\n• Draw a card.\n• You gain 2 life.', 'X', true);
    expect(modal).toEqual({ spell: { choose: { min: 1, max: 1, kicked: 'any' }, modes: [{ do: [{ draw: 1 }] }, { do: [{ gain_life: 2 }] }] } });
  });

  it('reads a reflexive trigger with its own targets, and delayed triggers', () => {
    expect(compileParagraph('When Bob enters, you may sacrifice another creature. When you do, Bob deals damage equal to that creature\'s power to any target.', 'Bob', false))
      .toEqual({ triggered: { when: { enters: 'self' }, do: [{ may: [{ sacrifice: 'another creature' }] }, { when_you_do: [{ damage: { power_of: 'it' }, affected: 't' }], targets: { t: 'any target' } }] } });
    expect(compileParagraph('{1}: When target creature becomes untapped, you gain 3 life.', 'X', false))
      .toEqual({ activated: { cost: '{1}', targets: { t: 'creature' }, do: [{ delayed: { becomes_untapped: 'self' }, about: 't', do: [{ gain_life: 3 }] }] } });
    expect(compileParagraph('{R}: Create a 1/1 red Goblin creature token. Exile it at the beginning of the next end step.', 'X', false))
      .toEqual({ activated: { cost: '{R}', do: [{ create_token: { type: 'Creature — Goblin', pt: '1/1', colors: ['red'] } }, { delayed: { step: 'end', whose: 'next' }, about: 'it', do: [{ exile: 'it' }] }] } });
    // a delayed trigger has no targets of its own
    expect(compileParagraph('{3}{B}: Destroy target blocking creature at end of combat.', 'X', false)).toHaveProperty('unsupported');
  });

  it('links an exile to "the exiled card" of another paragraph (607.2a)', () => {
    const card = fromTextAlone({ ...loadLibrary().registry.all().find((c) => c.name === 'Fiend Hunter')!, custom: true });
    expect(card.unsupported).toEqual([]);
  });

  it('"it" after "is dealt damage" is the permanent itself; a tapped-for-mana trigger adds mana and nothing else, or no mana', () => {
    expect(compileParagraph('Whenever Bob is dealt damage, put a +1/+1 counter on it.', 'Bob', false))
      .toEqual({ triggered: { when: { damage_dealt: 'self' }, do: [{ put_counters: '+1/+1', amount: 1, affected: 'self' }] } });
    expect(compileParagraph('Whenever a player taps a land for mana, that player adds one mana of any type that land produced.', 'X', false))
      .toEqual({ triggered: { when: { tapped_for_mana: 'land', by: 'any' }, do: [{ add_one_of: 'produced' }] } });
    expect(compileParagraph('Whenever a player taps a land for mana, X deals 1 damage to that player.', 'X', false))
      .toEqual({ triggered: { when: { tapped_for_mana: 'land', by: 'any' }, do: [{ damage: 1, affected: 'that_player' }] } });
    expect(compileParagraph('Whenever a player taps a land for mana, that player adds one mana of any type that land produced, and X deals 1 damage to them.', 'X', false)).toHaveProperty('unsupported');
  });

  it('a later verb shares the first subject; "that player" in a spell is its player target', () => {
    expect(compileParagraph('Target player draws a card, then discards a card.', 'X', true))
      .toEqual({ spell: { targets: { t: 'player' }, do: [{ draw: 1, who: 't' }, { discard: 1, who: 't' }] } });
    expect(compileParagraph('Target opponent discards a card. If you control a Demon, that player loses 3 life.', 'X', true))
      .toEqual({ spell: { targets: { t: 'opponent' }, do: [{ discard: 1, who: 't' }, { if: { controls: 'Demon' }, do: [{ lose_life: 3, who: 't' }] }] } });
    expect(compileParagraph('Counter target spell unless its controller pays {1}. That player discards a card.', 'X', true)).toHaveProperty('unsupported');
  });

  it('a filter phrase never names targets or other objects', () => {
    expect(compileParagraph('Two target creatures each get +2/+2 until end of turn.', 'Bob', true))
      .toEqual({ spell: { targets: { t: { filter: 'creature', count: 2 } }, do: [{ pump: '+2/+2', affected: 't', until: 'end_of_turn' }] } });
    expect(compileParagraph('Those creatures gain trample until end of turn.', 'Bob', true)).toHaveProperty('unsupported');
  });

  it('reads alternative costs and cost statics', () => {
    expect(compileParagraph("You may pay 1 life and exile a blue card from your hand rather than pay this spell's mana cost.", 'X', true))
      .toEqual({ alternative_cost: 'Pay 1 life, Exile a blue card from your hand' });
    expect(compileParagraph('This spell costs {1} more to cast for each target beyond the first.', 'X', true))
      .toEqual({ static: { cost_increase: '{1}', spells: 'spell', self: true, per: { minus: [{ targets_of: 'self' }, 1] } } });
    expect(compileParagraph("Each spell costs {3} more to cast except during its controller's turn.", 'X', false))
      .toEqual({ static: { cost_increase: '{3}', spells: 'spell', who: 'each', if: { turn_of: 'caster', not: true } } });
  });
});

describe('trigger templates (603)', () => {
  it('reads the werewolf conditions on the spells cast last turn (603.4)', () => {
    expect(compileParagraph('At the beginning of each upkeep, if no spells were cast last turn, transform Gatstaf Shepherd.', 'Gatstaf Shepherd', false))
      .toEqual({ triggered: { when: { step: 'upkeep', whose: 'each' }, if: { spells_cast_last_turn: { at_most: 0 } }, do: [{ transform: 'self' }] } });
    expect(compileParagraph('At the beginning of each upkeep, if a player cast two or more spells last turn, transform Gatstaf Howler.', 'Gatstaf Howler', false))
      .toMatchObject({ triggered: { if: { spells_cast_last_turn: { at_least: 2, by: 'one_player' } } } });
  });

  it("reads a player's nth spell of the turn and whose turn a cast trigger waits for", () => {
    expect(compileParagraph('Whenever you cast your second spell each turn, draw a card.', 'X', false))
      .toEqual({ triggered: { when: { cast: 'spell', by: 'you', nth: 2 }, do: [{ draw: 1 }] } });
    expect(compileParagraph('Whenever an opponent casts their first spell each turn, draw a card.', 'X', false))
      .toMatchObject({ triggered: { when: { cast: 'spell', by: 'opponent', nth: 1 } } });
    expect(compileParagraph('Whenever an opponent casts a blue or black spell during your turn, put a +1/+1 counter on X.', 'X', false))
      .toMatchObject({ triggered: { when: { cast: 'blue or black spell', by: 'opponent', during: 'your_turn' } } });
  });

  it('reads "deals damage" with no recipient, and "that much" only where the event has an amount', () => {
    expect(compileParagraph('Whenever enchanted creature deals damage, you gain that much life.', 'Spirit Link', false))
      .toEqual({ triggered: { when: { deals_damage: 'enchanted', to: 'any' }, do: [{ gain_life: 'event_amount' }] } });
    // "that creature" would be whatever was dealt the damage, not the enchanted creature
    expect(compileParagraph('Whenever enchanted creature deals damage, Guilty Conscience deals that much damage to that creature.', 'Guilty Conscience', false)).toHaveProperty('unsupported');
    expect(compileParagraph('When X enters, you gain that much life.', 'X', false)).toHaveProperty('unsupported');
    expect(compileParagraph('You gain that much life.', 'X', true)).toHaveProperty('unsupported');
  });

  it('reads the combat triggers "attacks and isn\'t blocked", "attacks or blocks" and "blocks or becomes blocked [by a creature]"', () => {
    expect(compileParagraph("Whenever Abyssal Nightstalker attacks and isn't blocked, defending player discards a card.", 'Abyssal Nightstalker', false))
      .toEqual({ triggered: { when: { attacks_unblocked: 'self' }, do: [{ discard: 1, who: 'defending_player' }] } });
    expect(compileParagraph('Whenever enchanted creature attacks or blocks, you gain 4 life.', 'Luminous Wake', false))
      .toEqual({ triggered: { when: { attacks_or_blocks: 'enchanted' }, do: [{ gain_life: 4 }] } });
    expect(compileParagraph('Whenever Thicket Basilisk blocks or becomes blocked by a non-Wall creature, destroy that creature at end of combat.', 'Thicket Basilisk', false))
      .toMatchObject({ triggered: { when: { blocks_or_becomes_blocked: 'self', by: 'non-Wall creature' } } });
    // "defending player" is read off the source, which isn't the attacking creature here
    expect(compileParagraph("Whenever enchanted creature attacks and isn't blocked, defending player discards a card.", 'X', false)).toHaveProperty('unsupported');
  });

  it('reads raid, morbid, life gained this turn and "you control no", dropping the ability words (207.2c)', () => {
    expect(compileParagraph('Raid \u2014 When Mardu Hordechief enters the battlefield, if you attacked with a creature this turn, create a 1/1 white Warrior creature token.', 'Mardu Hordechief', false))
      .toMatchObject({ triggered: { when: { enters: 'self' }, if: { attacked_this_turn: true } } });
    expect(compileParagraph('Morbid \u2014 At the beginning of each end step, if a creature died this turn, you may draw a card.', 'X', false))
      .toMatchObject({ triggered: { if: { creature_died_this_turn: true } } });
    expect(compileParagraph('At the beginning of each end step, if you gained 4 or more life this turn, draw a card.', 'X', false))
      .toMatchObject({ triggered: { if: { life_gained_this_turn: 4 } } });
    expect(compileParagraph('At the beginning of each upkeep, if you control no Snakes, draw a card.', 'X', false))
      .toMatchObject({ triggered: { if: { controls: 'Snakes', none: true } } });
  });

  it('reads conditions on "that player" of a step trigger, and "they" / "them" as that player', () => {
    expect(compileParagraph("At the beginning of each opponent's upkeep, if that player has two or fewer cards in hand, Hellfire Mongrel deals 2 damage to them.", 'Hellfire Mongrel', false))
      .toEqual({ triggered: { when: { step: 'upkeep', whose: 'opponent' }, if: { hand_at_most: 2, who: 'that_player' }, do: [{ damage: 2, affected: 'that_player' }] } });
    expect(compileParagraph("At the beginning of each player's upkeep, if that player controls a Plains, they gain 1 life.", 'X', false))
      .toMatchObject({ triggered: { if: { controls: 'Plains', who: 'that_player' }, do: [{ gain_life: 1, who: 'that_player' }] } });
  });
});

describe('templates of the statics family (auras, equipment, groups, combat limits)', () => {
  it('reads prohibitions of activated abilities (602.5) and enchanted land types (305.7)', () => {
    expect(compileParagraph("Enchanted creature can't attack or block, and its activated abilities can't be activated.", 'X', false))
      .toEqual({ static: [{ cant_attack_or_block: 'enchanted' }, { cant_activate: 'enchanted' }] });
    expect(compileParagraph("Enchanted creature's activated abilities can't be activated unless they're mana abilities.", 'X', false))
      .toEqual({ static: { cant_activate: 'enchanted', except_mana: true } });
    expect(compileParagraph('Enchanted land is a Swamp.', 'X', false)).toEqual({ static: { land_type: ['Swamp'], affected: 'enchanted' } });
  });

  it('reads protection from colors in keyword lists, and from the color chosen as it resolves', () => {
    expect(compileParagraph('Enchanted creature has protection from black and from red.', 'X', false))
      .toEqual({ static: { grant: ['Protection from black', 'Protection from red'], affected: 'enchanted' } });
    // a card type is a quality the engine checks against the source (702.16a)
    expect(compileParagraph('Enchanted creature has protection from creatures.', 'X', false)).toEqual({ static: { grant: ['Protection from creatures'], affected: 'enchanted' } });
    expect(compileParagraph('Enchanted creature has protection from Goblins.', 'X', false)).toHaveProperty('unsupported');
    expect(compileParagraph('Target creature you control gains protection from the color of your choice until end of turn.', 'X', true))
      .toEqual({ spell: { targets: { t: 'creature you control' }, do: [{ choose: 'color' }, { grant: ['Protection from the chosen color'], affected: 't', until: 'end_of_turn' }] } });
  });

  it('reads the chosen creature type (614.12a) in filters, and combat limits', () => {
    expect(compileParagraph('Creatures you control of the chosen type get +1/+1.', 'X', false))
      .toEqual({ static: { pump: '+1/+1', affected: 'creatures you control of the chosen type' } });
    expect(compileParagraph('Creature spells of the chosen type cost {1} less to cast.', 'X', false))
      .toEqual({ static: { cost_reduction: '{1}', spells: 'creature spell of the chosen type', who: 'each' } });
    expect(compileParagraph("Sea Serpent can't attack unless defending player controls an Island.", 'Sea Serpent', false))
      .toEqual({ static: { cant_attack: 'self', unless_defender_controls: 'Island' } });
    expect(compileParagraph("Each creature you control can't be blocked by more than one creature.", 'X', false))
      .toEqual({ static: { max_one_blocker: 'creature you control' } });
    expect(compileParagraph("Walls can't block X.", 'X', false)).toEqual({ static: { cant_be_blocked_by: 'Walls' } });
  });
});
