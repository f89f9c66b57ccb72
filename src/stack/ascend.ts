// Ascend (702.131) and the city's blessing, a designation a player keeps for the rest of the game
// (702.131c). On a permanent, ascend is a static ability checked at any time (702.131b); on an
// instant or sorcery, a spell ability followed as the spell resolves, before its other instructions
// (702.131a).

import type { Game } from '../state/game.js';
import type { ObjId, PlayerId } from '../state/state.js';
import { hasKeyword } from '../cards/types.js';

const hasAscend = (g: Game, id: ObjId): boolean => hasKeyword(g.chars(id).abilities, 'Ascend');

/** The player gets the city's blessing if they control ten or more permanents and don't have it yet. */
export function ascend(g: Game, player: PlayerId, rule: '702.131a' | '702.131b', source: ObjId): void {
  const p = g.player(player);
  if (p.cityBlessing || p.lost) return;
  const count = g.state.battlefield.filter((id) => g.controller(id) === player).length;
  if (count < 10) return;
  p.cityBlessing = true;
  g.changed();
  g.emit({ type: 'city_blessing', rule, player, source: g.ref(source), permanents: count });
}

/** Whether a player without the blessing could control ten permanents: fewer on the battlefield, nobody can. */
function anyoneMayAscend(g: Game): boolean {
  return g.state.battlefield.length >= 10 && g.state.players.some((p) => !p.cityBlessing && !p.lost);
}

/** 702.131b: every permanent with ascend gives its controller the city's blessing once they control ten permanents. */
export function checkAscend(g: Game): void {
  if (!anyoneMayAscend(g)) return;
  for (const id of g.state.battlefield) {
    if (!g.tryObj(id) || g.obj(id).zone !== 'battlefield' || !hasAscend(g, id)) continue;
    ascend(g, g.controller(id), '702.131b', id);
  }
}

/** 702.131a: a resolving instant or sorcery with ascend. */
export function spellAscends(g: Game, spell: ObjId): void {
  if (hasAscend(g, spell)) ascend(g, g.controller(spell), '702.131a', spell);
}
