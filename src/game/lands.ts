// Playing a land (305): a special action (116.2a) taken with priority in one's own main phase with
// an empty stack, once per turn (305.2).

import { IllegalAction, type Game } from '../state/game.js';
import { givePriority } from './priority.js';
import { mayPlayFromExile } from '../stack/casting.js';
import { activeStatics, covers } from '../characteristics/statics.js';
import type { ObjId, PlayerId } from '../state/state.js';
import { moveObject, zoneLabel } from '../events/zones.js';

export function playLand(g: Game, player: PlayerId, card: ObjId): ObjId {
  const t = g.state.turn;
  const o = g.tryObj(card);
  if (!o || o.ability) throw new IllegalAction('305.1', 'only a land card can be played as a land');
  const name = g.name(card);
  if (!g.chars(card).types.includes('land')) throw new IllegalAction('305.1', `${name} is not a land card`);
  const permitted = (o.zone === 'exile' && mayPlayFromExile(g, player, card, 'land')) || landPermission(g, player, card);
  if (!permitted && (o.zone !== 'hand' || o.owner !== player)) throw new IllegalAction('305.1', `${name} is in ${zoneLabel(o.zone, o.owner)}, not in ${player}'s hand, and no effect lets ${player} play it from there`);
  if (t.priority !== player) throw new IllegalAction('116.2a', `${player} doesn't have priority (${t.priority ?? 'nobody'} does)`);
  if (t.active !== player) throw new IllegalAction('305.3', `${player} can't play a land during another player's turn`);
  if ((t.step !== 'main1' && t.step !== 'main2') || g.state.stack.length > 0) {
    throw new IllegalAction('305.1', 'a land can be played only in its owner\'s main phase with an empty stack');
  }
  const plays = landPlays(g, player);
  if (t.landsPlayed >= plays) throw new IllegalAction('305.2a', `${player} has already played ${plays === 1 ? 'a land' : `${plays} lands`} this turn, as many as they may`);
  const forbid = activeStatics(g, 'cant_play_lands').find((s) => covers(s.def.who, s.controller, player));
  if (forbid) throw new IllegalAction('101.2', `${forbid.sourceName} says ${player} can't play lands, and a "can't" wins over the permission to play one`);
  t.landsPlayed += 1;
  const id = moveObject(g, card, 'battlefield', { rule: '305.1', controller: player, how: { kind: 'played_land', player } })!;
  givePriority(g, player, '117.3c');
  return id;
}

/** How many lands the player may play this turn: one, plus what effects add (305.2). */
function landPlays(g: Game, player: PlayerId): number {
  return activeStatics(g, 'additional_lands').reduce((n, s) => n + (covers(s.def.who, s.controller, player) ? s.def.n : 0), 1);
}

/** Whether an effect lets the player play this card of their own graveyard or the top of their library. */
function landPermission(g: Game, player: PlayerId, card: ObjId): boolean {
  const o = g.obj(card);
  if (o.owner !== player) return false;
  const zone = o.zone === 'graveyard' ? 'graveyard' : o.zone === 'library' && g.player(player).library[0] === card ? 'library_top' : null;
  return zone !== null && activeStatics(g, 'play_lands_from').some((s) => s.def.zone === zone && covers(s.def.who, s.controller, player));
}
