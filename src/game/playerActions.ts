// The player actions of a game, each either done in full or rejected with the rule that forbids it
// and the game returned to exactly where it was (730). A player who casts a spell or activates an
// ability receives priority again (117.3c).

import { activateAbility, type ActivateRequest } from '../stack/activating.js';
import { castSpell, type CastRequest } from '../stack/casting.js';
import type { Game } from '../state/game.js';
import { attempt, type Attempt } from '../state/rollback.js';
import { playLand } from './lands.js';
import { givePriority } from './priority.js';
import { passPriority, type PassOutcome } from './passing.js';
import { suspendCard, turnFaceUp } from './specialActions.js';
import type { ObjId, PlayerId } from '../state/state.js';

export function cast(g: Game, req: CastRequest): Attempt<ObjId> {
  return attempt(g, `${req.player}'s cast of ${g.name(req.card)}`, () => {
    const id = castSpell(g, req);
    givePriority(g, req.player, '117.3c');
    return id;
  });
}

export function activate(g: Game, req: ActivateRequest): Attempt<ObjId | null> {
  return attempt(g, `${req.player}'s activation of an ability of ${g.name(req.source)}`, () => {
    const id = activateAbility(g, req);
    // 117.3c: the player had priority and acted, so receives it again (triggers go on the stack first, 117.5)
    givePriority(g, req.player, '117.3c');
    return id;
  });
}

export function play(g: Game, player: PlayerId, card: ObjId): Attempt<ObjId> {
  return attempt(g, `${player}'s land play of ${g.name(card)}`, () => playLand(g, player, card));
}

export function pass(g: Game, player: PlayerId): Attempt<PassOutcome> {
  return attempt(g, `${player}'s pass`, () => passPriority(g, player));
}

export function faceUp(g: Game, player: PlayerId, id: ObjId): Attempt<void> {
  return attempt(g, `${player}'s turning face up of a face-down permanent`, () => turnFaceUp(g, player, id));
}

export function suspend(g: Game, player: PlayerId, id: ObjId): Attempt<void> {
  return attempt(g, `${player}'s suspending of ${g.name(id)}`, () => suspendCard(g, player, id));
}
