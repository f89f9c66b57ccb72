// The compiler's templates for step triggers counted by the counters on their source ("add {B} for each
// charge counter on CARDNAME", "that player sacrifices a permanent for each soot counter on CARDNAME")
// and the draw step of each other player.

import { describe, expect, it } from 'vitest';
import { compileParagraph } from '../dist/cards/oracle/templates.js';

const ability = (text: string) => compileParagraph(text, 'Foo', false);

describe('counted by the counters on the source', () => {
  it('reads mana added once per counter, by the controller or by the step\'s player', () => {
    expect(ability('At the beginning of your precombat main phase, add {B} for each charge counter on Foo.')).toEqual({ triggered: { when: { step: 'main1', whose: 'you' }, do: [{ add: '{B}', count: { counters: 'charge', on: 'self' } }] } });
    expect(ability("At the beginning of each player's precombat main phase, that player adds {G} for each age counter on Foo.")).toMatchObject({ triggered: { do: [{ add: '{G}', count: { counters: 'age', on: 'self' }, who: 'that_player' }] } });
  });
  it('reads a sacrifice once per counter by the step\'s player', () => {
    expect(ability("At the beginning of each player's upkeep, that player sacrifices a permanent for each soot counter on Foo.")).toEqual({ triggered: { when: { step: 'upkeep', whose: 'each' }, do: [{ sacrifice: 'permanent', who: 'that_player', amount: { counters: 'soot', on: 'self' } }] } });
  });
});

describe('each other player\'s draw step', () => {
  it('reads a turn whose active player is not the controller', () => {
    expect(ability("At the beginning of each other player's draw step, that player draws an additional card.")).toEqual({ triggered: { when: { step: 'draw', whose: 'opponent' }, do: [{ draw: 1, who: 'that_player' }] } });
  });
});
