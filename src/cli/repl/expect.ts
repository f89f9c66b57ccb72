// A checkpoint of the current board, for `save FILE --expect`: what a scenario's `expect:` would
// state to pin this exact point (life, poison, pools, zones by name, library sizes, the stack, the
// turn, the game's result, and the tapped state, damage and counters of permanents with an id).

import type { Game } from '../../state/game.js';
import { poolText } from '../../core/mana.js';
import { zoneNames } from '../../scenario/checkpoints.js';

export function boardExpect(g: Game): Record<string, unknown> {
  const s = g.state;
  const out: Record<string, unknown> = {};
  out.life = Object.fromEntries(s.players.map((p) => [p.name, p.life]));
  if (s.players.some((p) => p.poison > 0)) out.poison = Object.fromEntries(s.players.map((p) => [p.name, p.poison]));
  if (s.players.some((p) => p.cityBlessing)) out.city_blessing = Object.fromEntries(s.players.map((p) => [p.name, !!p.cityBlessing]));
  if (s.players.some((p) => (p.energy ?? 0) > 0)) out.energy = Object.fromEntries(s.players.map((p) => [p.name, p.energy ?? 0]));
  out.pool = Object.fromEntries(s.players.map((p) => [p.name, poolText(p.pool)]));
  const zones: Record<string, string[]> = {};
  for (const p of s.players) for (const z of ['hand', 'battlefield', 'graveyard', 'exile']) zones[`${p.name}.${z}`] = zoneNames(g, `${p.name}.${z}`)!;
  out.zones = zones;
  out.count = Object.fromEntries(s.players.map((p) => [`${p.name}.library`, p.library.length]));
  out.stack = zoneNames(g, 'stack');
  const objects: Record<string, Record<string, unknown>> = {};
  for (const id of s.battlefield) {
    const o = g.obj(id);
    if (!o.ref) continue;
    const counters = Object.fromEntries(Object.entries(o.counters).filter(([, n]) => n > 0));
    objects[o.ref] = { tapped: o.tapped, damage: o.damage, counters };
  }
  if (Object.keys(objects).length) out.objects = objects;
  out.turn = { number: s.turn.number, step: s.turn.step, active: s.turn.active, ...(s.turn.priority ? { priority: s.turn.priority } : {}) };
  out.game = s.result ? (s.result.winner ? { winner: s.result.winner } : { draw: true }) : { over: false };
  return out;
}
