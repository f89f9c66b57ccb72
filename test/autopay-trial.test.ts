// The automatic payment plays its policy on a copy of the game that starts from the characteristics
// the game already knows (Game.knowAsOf): those must be the ones the copy would derive by itself,
// before and after a change made on the copy, and the game's own must not move.

import { describe, expect, it } from 'vitest';
import { Game } from '../dist/state/game.js';
import { gamePorts } from '../dist/game/ports.js';
import { clonePlain } from '../dist/util/clone.js';
import { tapPermanent } from '../dist/events/keywordActions.js';
import { load, yaml } from './helpers.js';

const board = (extra: string) => yaml`
  scenario: a board with lands and creatures
  players:
    Alice:
      battlefield: [Forest, Plains, Grizzly Bears, Llanowar Elves${extra}]
      hand: [Lightning Bolt]
    Bob: {}
  actions: []
`;

const copyOf = (g: Game) => new Game(clonePlain({ ...g.state, events: [] }), g.cards, gamePorts);
const allChars = (g: Game) => Object.keys(g.state.objects).map((id) => [id, g.chars(id)]);

describe('a trial copy that knows what its game knows', () => {
  it.each([['a quiet board', ''], ['a board with an anthem', ', Honor of the Pure']])('gives the characteristics a fresh copy derives, before and after a change on the copy (%s)', (_what, extra) => {
    const { game } = load(board(extra));
    const before = JSON.stringify(allChars(game));
    const seeded = copyOf(game);
    seeded.knowAsOf(game);
    const fresh = copyOf(game);
    expect(allChars(seeded)).toEqual(allChars(fresh));
    for (const g of [seeded, fresh]) tapPermanent(g, g.state.battlefield[0]!, '701.21a', 'a test');
    expect(allChars(seeded)).toEqual(allChars(fresh));
    expect(JSON.stringify(allChars(game))).toBe(before);
    expect(game.obj(game.state.battlefield[0]!).tapped).toBeFalsy();
  });
});
