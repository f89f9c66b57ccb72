// Compiler templates for the bodies of cast triggers and the general instructions they brought:
// another player gaining control, players returning a permanent they control, tapped tokens and lands,
// mana for the caster, "during your main phase", "if that spell was kicked", "fewer than N counters",
// and "you may VERB ... if it's ...".

import { describe, expect, it } from 'vitest';
import { compileParagraph } from '../dist/cards/oracle/templates.js';

const read = (text: string) => compileParagraph(text, 'Foo', false);
const unread = (text: string) => expect(read(text)).toHaveProperty('unsupported');

describe('cast trigger bodies', () => {
  it('gives control to the caster or to a target player', () => {
    expect(read('Whenever a player casts an artifact spell, that player gains control of Foo.'))
      .toEqual({ triggered: { when: { cast: 'artifact spell', by: 'any' }, do: [{ who: 'that_player', gain_control: 'self', until: 'permanent' }] } });
    expect(compileParagraph('Target player gains control of target permanent you control.', 'Foo', true))
      .toEqual({ spell: { targets: { t: 'player', t2: 'permanent you control' }, do: [{ who: 't', gain_control: 't2', until: 'permanent' }] } });
    // "that player" of another trigger, "it" or an enchanted creature: not settled here
    unread('At the beginning of your upkeep, that player gains control of Foo.');
    // a change of control would remove a blocking creature from combat (506.4)
    unread("Whenever Foo blocks, target opponent gains control of it.");
  });

  it('reads players returning a permanent they control, and mana for the caster', () => {
    expect(read('Whenever a player casts a spell, that player returns a land they control to its owner\'s hand.'))
      .toEqual({ triggered: { when: { cast: 'spell', by: 'any' }, do: [{ return_chosen_to_hand: 'land you control', who: 'that_player' }] } });
    expect(read('Whenever a player casts a creature spell, that player adds {G}.'))
      .toEqual({ triggered: { when: { cast: 'creature spell', by: 'any' }, do: [{ add: '{G}', who: 'that_player' }] } });
  });

  it('reads tapped tokens and lands put from the hand tapped', () => {
    expect(read('Whenever you cast a Zombie spell, create a tapped 2/2 black Zombie creature token.'))
      .toEqual({ triggered: { when: { cast: 'Zombie spell', by: 'you' }, do: [{ create_token: { type: 'Creature — Zombie', pt: '2/2', colors: ['black'] }, tapped: true }] } });
    expect(read('Whenever you cast a Spirit or Arcane spell, you may put a land card from your hand onto the battlefield tapped.'))
      .toEqual({ triggered: { when: { cast: 'Spirit or Arcane spell', by: 'you' }, do: [{ put_onto_battlefield: 'land card', from: 'hand', optional: true, tapped: true }] } });
  });

  it('reads the main phase window, the kicked spell, counters below a number and a trailing "if it\'s"', () => {
    expect(read('Whenever you cast an instant spell during your main phase, draw a card.'))
      .toEqual({ triggered: { when: { cast: 'instant spell', by: 'you', during: 'your_main_phase' }, do: [{ draw: 1 }] } });
    expect(read('Whenever you cast a spell, if that spell was kicked, draw a card.'))
      .toEqual({ triggered: { when: { cast: 'spell', by: 'you' }, if: { kicked: true, of: 'it' }, do: [{ draw: 1 }] } });
    expect(read('Whenever you cast a red spell, if Foo has fewer than three +1/+1 counters on it, put a +1/+1 counter on Foo.'))
      .toEqual({ triggered: { when: { cast: 'red spell', by: 'you' }, if: { counters_at_least: 0, counter: '+1/+1', at_most: 2 }, do: [{ put_counters: '+1/+1', amount: 1, affected: 'self' }] } });
    expect(read('Whenever you cast a black spell, you may destroy target creature if it\'s tapped.'))
      .toEqual({ triggered: { when: { cast: 'black spell', by: 'you' }, targets: { t: 'creature' }, do: [{ if: { is: 'tapped permanent', what: 't' }, do: [{ may: [{ destroy: 't' }] }] }] } });
  });
});
