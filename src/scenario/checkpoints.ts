// Checkpoints (`expect:`): each field given is compared with the game, and every mismatch is
// reported as expected-versus-actual.

import { isSubruleOf } from '../core/rules/index.js';
import { objectManaValue } from '../characteristics/filters.js';
import type { Game } from '../state/game.js';
import { COLOR_NAMES, poolText, parsePool, type ColorLetter } from '../core/mana.js';
import type { GameObject } from '../state/state.js';
import { zoneKey } from '../events/zones.js';
import { objectName, resolveRef, RefError } from './refs.js';
import type { ExpectSpec } from './schema.js';

export interface Failure {
  field: string;
  /** Both as the trace shows them. */
  expected: string;
  actual: string;
  /** Both as data, where they are more than a word (lists, numbers), for --json and reporters. */
  values?: { expected: unknown; actual: unknown };
}

const show = (v: unknown): string => (v === undefined ? '(nothing)' : typeof v === 'string' ? v : JSON.stringify(v));

function sameMultiset(a: string[], b: string[]): boolean {
  return JSON.stringify([...a].sort()) === JSON.stringify([...b].sort());
}

function sameSet(a: string[], b: string[]): boolean {
  const la = [...new Set(a.map((x) => x.toLowerCase()))].sort();
  const lb = [...new Set(b.map((x) => x.toLowerCase()))].sort();
  return JSON.stringify(la) === JSON.stringify(lb);
}

function displayName(g: Game, o: GameObject): string {
  if (o.emblem) return 'emblem'; // 114.3: it has no name
  return objectName(g, o) ?? 'face-down';
}

/** The names in a checkpoint zone ("Alice.graveyard", "stack"), in zone order. */
export function zoneNames(g: Game, zone: string): string[] | null {
  if (zone === 'stack') return g.state.stack.map((id) => displayName(g, g.obj(id)));
  if (zone === 'none') return [];
  const [player, z] = zone.split('.') as [string, string];
  if (!g.state.players.some((p) => p.name === player)) return null;
  if (z === 'battlefield') return g.state.battlefield.filter((id) => g.controller(id) === player).map((id) => displayName(g, g.obj(id)));
  return g.player(player)[z as 'hand'].map((id) => displayName(g, g.obj(id)));
}

export function checkExpect(g: Game, e: ExpectSpec, citedSince: number): Failure[] {
  const f: Failure[] = [];
  const s = g.state;
  const playerNames = s.players.map((p) => p.name);
  const unknownPlayer = (field: string, p: string) => f.push({ field, expected: `a player (${playerNames.join(', ')})`, actual: p });
  for (const [p, life] of Object.entries(e.life ?? {})) {
    if (!playerNames.includes(p)) { unknownPlayer(`life.${p}`, p); continue; }
    const actual = g.player(p).life;
    if (actual !== life) f.push({ field: `life.${p}`, expected: String(life), actual: String(actual), values: { expected: life, actual } });
  }
  for (const [p, has] of Object.entries(e.city_blessing ?? {})) {
    if (!playerNames.includes(p)) { unknownPlayer(`city_blessing.${p}`, p); continue; }
    const actual = !!g.player(p).cityBlessing;
    if (actual !== has) f.push({ field: `city_blessing.${p}`, expected: String(has), actual: String(actual), values: { expected: has, actual } });
  }
  for (const [p, energy] of Object.entries(e.energy ?? {})) {
    if (!playerNames.includes(p)) { unknownPlayer(`energy.${p}`, p); continue; }
    const actual = g.player(p).energy ?? 0;
    if (actual !== energy) f.push({ field: `energy.${p}`, expected: String(energy), actual: String(actual), values: { expected: energy, actual } });
  }
  for (const [p, poison] of Object.entries(e.poison ?? {})) {
    if (!playerNames.includes(p)) { unknownPlayer(`poison.${p}`, p); continue; }
    const actual = g.player(p).poison;
    if (actual !== poison) f.push({ field: `poison.${p}`, expected: String(poison), actual: String(actual), values: { expected: poison, actual } });
  }
  for (const [p, pool] of Object.entries(e.pool ?? {})) {
    if (!playerNames.includes(p)) { unknownPlayer(`pool.${p}`, p); continue; }
    const want = parsePool(pool);
    const actual = poolText(g.player(p).pool);
    const wanted = 'error' in want ? pool : poolText(want);
    if (actual !== wanted) f.push({ field: `pool.${p}`, expected: wanted || '(empty)', actual: actual || '(empty)' });
  }
  for (const [zone, names] of Object.entries(e.zones ?? {})) {
    const actual = zoneNames(g, zone);
    if (actual === null) { unknownPlayer(`zones.${zone}`, zone.split('.')[0]!); continue; }
    const ordered = zone === 'stack' || zone.endsWith('.library');
    const ok = ordered ? JSON.stringify(actual) === JSON.stringify(names) : sameMultiset(actual, names);
    if (!ok) f.push({ field: `zones.${zone}`, expected: show(names), actual: show(actual), values: { expected: names, actual } });
  }
  for (const [zone, n] of Object.entries(e.count ?? {})) {
    const actual = zoneNames(g, zone);
    if (actual === null) { unknownPlayer(`count.${zone}`, zone.split('.')[0]!); continue; }
    if (actual.length !== n) f.push({ field: `count.${zone}`, expected: String(n), actual: `${actual.length} ${show(actual)}`, values: { expected: n, actual: actual.length } });
  }
  if (e.stack) {
    const actual = zoneNames(g, 'stack')!;
    if (JSON.stringify(actual) !== JSON.stringify(e.stack)) f.push({ field: 'stack', expected: show(e.stack), actual: show(actual), values: { expected: e.stack, actual } });
  }
  for (const [ref, want] of Object.entries(e.objects ?? {})) checkObject(g, ref, want, f);
  if (e.turn) {
    const t = s.turn;
    if (e.turn.number !== undefined && t.number !== e.turn.number) f.push({ field: 'turn.number', expected: String(e.turn.number), actual: String(t.number) });
    if (e.turn.step !== undefined && t.step !== e.turn.step) f.push({ field: 'turn.step', expected: e.turn.step, actual: t.step });
    if (e.turn.active !== undefined && t.active !== e.turn.active) f.push({ field: 'turn.active', expected: e.turn.active, actual: t.active });
    if (e.turn.priority !== undefined && t.priority !== e.turn.priority) f.push({ field: 'turn.priority', expected: e.turn.priority, actual: String(t.priority) });
  }
  if (e.game) {
    const r = s.result;
    if (e.game.winner !== undefined && r?.winner !== e.game.winner) f.push({ field: 'game.winner', expected: e.game.winner, actual: r?.winner ?? (r?.draw ? 'draw' : 'game not over') });
    if (e.game.draw !== undefined && !!r?.draw !== e.game.draw) f.push({ field: 'game.draw', expected: String(e.game.draw), actual: String(!!r?.draw) });
    if (e.game.over !== undefined && !!r !== e.game.over) f.push({ field: 'game.over', expected: String(e.game.over), actual: r ? `over (${r.winner ? `${r.winner} won` : 'draw'})` : 'not over' });
  }
  if (e.cited) {
    const cited = s.events.slice(citedSince).map((ev) => ev.rule).filter((r): r is NonNullable<typeof r> => r !== null);
    for (const want of e.cited) {
      const ids = Array.isArray(want) ? want : [want];
      if (!cited.some((c) => ids.some((id) => isSubruleOf(c, id)))) {
        f.push({ field: 'cited', expected: ids.length > 1 ? `one of ${ids.join(', ')}` : ids[0]!, actual: `cited since the last checkpoint: ${[...new Set(cited)].join(', ') || 'nothing'}` });
      }
    }
  }
  return f;
}

function checkObject(g: Game, ref: string, want: NonNullable<ExpectSpec['objects']>[string], f: Failure[]): void {
  let o: GameObject | undefined;
  try {
    const r = resolveRef(g, ref, { players: false, what: 'a checkpoint' });
    if ('obj' in r) o = g.obj(r.obj);
  } catch (e) {
    if (!(e instanceof RefError)) throw e;
    const lki = Object.values(g.state.lki).reverse().find((l) => l.object.ref === ref);
    if (lki?.ceasedToExist || lki) {
      if (want.zone !== undefined && want.zone !== 'none') f.push({ field: `objects.${ref}.zone`, expected: want.zone, actual: 'none (it ceased to exist)' });
      return;
    }
    f.push({ field: `objects.${ref}`, expected: 'an object', actual: e.message });
    return;
  }
  if (!o) { f.push({ field: `objects.${ref}`, expected: 'an object', actual: 'a player' }); return; }
  const c = o.ability ? null : g.chars(o.id);
  const field = (k: string, exp: unknown, act: unknown, ok?: boolean) => {
    const same = ok ?? JSON.stringify(exp) === JSON.stringify(act);
    if (!same) f.push({ field: `objects.${ref}.${k}`, expected: show(exp), actual: show(act), values: { expected: exp ?? null, actual: act ?? null } });
  };
  if (want.zone !== undefined) field('zone', want.zone, zoneKey(g, o));
  if (!c) return;
  if (want.name !== undefined) field('name', want.name, c.name);
  if (want.power !== undefined) field('power', want.power, c.power);
  if (want.toughness !== undefined) field('toughness', want.toughness, c.toughness);
  if (want.types) field('types', want.types, c.types, sameSet(want.types, c.types));
  if (want.supertypes) field('supertypes', want.supertypes, c.supertypes, sameSet(want.supertypes, c.supertypes));
  if (want.subtypes) field('subtypes', want.subtypes, c.subtypes, sameSet(want.subtypes, c.subtypes));
  if (want.colors) {
    const names = c.colors.map((x: ColorLetter) => COLOR_NAMES[x]);
    field('colors', want.colors, names, sameSet(want.colors, names));
  }
  if (want.abilities) {
    const texts = c.abilities.map((a) => a.text);
    const matched = new Set<number>();
    let ok = true;
    for (const w of want.abilities) {
      const lw = w.toLowerCase();
      const exact = texts.findIndex((t, i) => !matched.has(i) && t.toLowerCase() === lw);
      const hits = exact >= 0 ? [exact] : texts.map((t, i) => (t.toLowerCase().includes(lw) && !matched.has(i) ? i : -1)).filter((i) => i >= 0);
      if (hits.length !== 1) { ok = false; break; }
      matched.add(hits[0]!);
    }
    if (matched.size !== texts.length) ok = false;
    field('abilities', want.abilities, texts, ok);
  }
  if (want.controller !== undefined) field('controller', want.controller, c.controller);
  if (want.owner !== undefined) field('owner', want.owner, o.owner);
  if (want.tapped !== undefined) field('tapped', want.tapped, o.tapped);
  if (want.renowned !== undefined) field('renowned', want.renowned, !!o.renowned);
  if (want.monstrous !== undefined) field('monstrous', want.monstrous, !!o.monstrous);
  if (want.face_down !== undefined) field('face_down', want.face_down, o.faceDown);
  if (want.flipped !== undefined) field('flipped', want.flipped, o.flipped);
  if (want.transformed !== undefined) field('transformed', want.transformed, !!o.transformed);
  if (want.counters !== undefined) {
    const actual = Object.fromEntries(Object.entries(o.counters).filter(([, n]) => n > 0));
    const exp = Object.fromEntries(Object.entries(want.counters).filter(([, n]) => n > 0));
    field('counters', want.counters, actual, JSON.stringify(Object.entries(exp).sort()) === JSON.stringify(Object.entries(actual).sort()));
  }
  if (want.damage !== undefined) field('damage', want.damage, o.damage);
  if (want.mana_value !== undefined) field('mana_value', want.mana_value, objectManaValue(g, o.id, c));
  if (want.attached_to !== undefined) field('attached_to', want.attached_to, describeRef(g, o.attachedTo), refMatches(g, want.attached_to, o.attachedTo));
  if (want.attacking !== undefined) field('attacking', want.attacking, describeRef(g, o.attacking), refMatches(g, want.attacking, o.attacking));
}

function describeRef(g: Game, v: string | undefined): string | null {
  if (v === undefined) return null;
  const o = g.tryObj(v);
  if (o) return o.ref ?? g.name(v);
  // a planeswalker attacked that has left: the creature attacks nothing now (506.4c)
  const gone = g.state.lki[v];
  return gone ? `${gone.object.ref ?? gone.name ?? v} (it has left the battlefield: nothing is attacked, 506.4c)` : v;
}

function refMatches(g: Game, want: string | null, actual: string | undefined): boolean {
  if (want === null) return actual === undefined;
  if (actual === undefined) return false;
  if (want === actual) return true;
  const gone = g.tryObj(actual) ? undefined : g.state.lki[actual];
  if (gone && (gone.object.ref === want || gone.name?.toLowerCase() === want.toLowerCase())) return true;
  try {
    const r = resolveRef(g, want, { what: 'a checkpoint' });
    return 'obj' in r ? r.obj === actual : r.player === actual;
  } catch {
    return false;
  }
}
