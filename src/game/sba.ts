// State-based actions (704): checked whenever a player would receive priority; all applicable ones
// are performed at once, then the check repeats until none applies (704.3).

import type { Game } from '../state/game.js';
import { protectionFrom } from '../events/protection.js';
import { activeStatics, covers } from '../characteristics/statics.js';
import type { ObjId, PlayerId } from '../state/state.js';
import type { SbaReason } from '../state/events.js';
import { destroyedAmong, isDestroyed } from '../events/keywordActions.js';
import { moveAtOnce, rememberObject } from '../events/zones.js';
import { thingOption } from '../stack/targets.js';
import { matchesFilter } from '../characteristics/filters.js';
import { unpairBroken } from '../characteristics/pairing.js';
import { hasKeyword } from '../cards/types.js';

function cantLose(g: Game, p: PlayerId): boolean {
  return activeStatics(g, 'cant_lose').some((s) => covers(s.def.who, s.controller, p));
}

/** Performs one round of state-based actions; returns whether any happened (704.3). */
function oneRound(g: Game): boolean {
  const s = g.state;
  let any = false;
  // players (704.5a-c)
  for (const p of s.players) {
    if (p.lost) continue;
    const why = p.life <= 0 ? { rule: '704.5a' as const, loss: { kind: 'life' as const, life: p.life } }
      : p.drewFromEmpty ? { rule: '704.5b' as const, loss: { kind: 'empty_library' as const } }
      : p.poison >= 10 ? { rule: '704.5c' as const, loss: { kind: 'poison' as const, poison: p.poison } } : null;
    p.drewFromEmpty = false;
    if (!why) continue;
    if (cantLose(g, p.name)) continue;
    p.lost = true;
    any = true;
    g.emit({ type: 'player_loses', rule: why.rule, player: p.name, why: why.loss });
  }
  // objects: everything is decided on the state as it is now, then done at once
  const toGraveyard: Array<{ id: ObjId; rule: '704.5f' | '704.5i' | '704.5j' | '704.5m'; why: SbaReason }> = [];
  const toDestroy: Array<{ id: ObjId; rule: '704.5g' | '704.5h'; why: SbaReason }> = [];
  const unattach: ObjId[] = [];
  const ceasing: ObjId[] = [];
  const annihilate: ObjId[] = [];
  for (const pid of g.apnap()) {
    for (const zone of ['hand', 'library', 'graveyard', 'exile'] as const) {
      for (const id of g.player(pid)[zone]) if (g.obj(id).isToken) ceasing.push(id);
    }
  }
  for (const id of s.battlefield) {
    const o = g.obj(id);
    const c = g.chars(id);
    if (c.types.includes('creature') && c.toughness !== null) {
      if (c.toughness <= 0) toGraveyard.push({ id, rule: '704.5f', why: { kind: 'toughness', toughness: c.toughness } });
      else if (o.damage >= c.toughness) toDestroy.push({ id, rule: '704.5g', why: { kind: 'lethal', damage: o.damage, toughness: c.toughness } });
      else if (o.deathtouched) toDestroy.push({ id, rule: '704.5h', why: { kind: 'deathtouch' } });
    }
    // 704.5h looks at damage dealt since the last check only (even damage dealt as -1/-1 counters, 120.3d)
    if (o.deathtouched !== undefined) delete o.deathtouched;
    if (c.types.includes('planeswalker') && (o.counters.loyalty ?? 0) <= 0) toGraveyard.push({ id, rule: '704.5i', why: { kind: 'loyalty' } });
    if (c.subtypes.includes('Aura')) {
      const target = o.attachedTo;
      // 702.16c: not a permanent with protection from the Aura
      const legal = typeof target === 'string' && !!g.tryObj(target) && g.obj(target).zone === 'battlefield' && auraCanEnchant(g, id, target) && !protectionFrom(g, target, id, true);
      const onPlayer = typeof target === 'string' && s.players.some((p) => p.name === target);
      if (!legal && !onPlayer) toGraveyard.push({ id, rule: '704.5m', why: { kind: 'aura', attachedTo: target && g.tryObj(target) ? 'illegal' : 'nothing' } });
    } else if ((c.subtypes.includes('Equipment') || c.subtypes.includes('Fortification')) && o.attachedTo) {
      const t = o.attachedTo;
      // 702.16d: nor one with protection from the Equipment
      // 301.5c: nor while it is a creature itself (the engine has no reconfigure); a Fortification likewise (301.6)
      const ok = !!g.tryObj(t) && g.obj(t).zone === 'battlefield' && g.chars(t).types.includes(c.subtypes.includes('Equipment') ? 'creature' : 'land') && !protectionFrom(g, t, id)
        && !c.types.includes('creature') && t !== id;
      if (!ok) unattach.push(id);
    }
    if ((o.counters['+1/+1'] ?? 0) > 0 && (o.counters['-1/-1'] ?? 0) > 0) annihilate.push(id);
  }
  // 704.5j: the legend rule
  const legends = new Map<string, ObjId[]>();
  for (const id of s.battlefield) {
    const c = g.chars(id);
    if (!c.supertypes.includes('legendary') || !c.name) continue;
    const key = `${c.controller}\u0000${c.name}`;
    legends.set(key, [...(legends.get(key) ?? []), id]);
  }
  for (const [key, ids] of legends) {
    if (ids.length < 2) continue;
    const [player, name] = key.split('\u0000') as [PlayerId, string];
    const a = g.ask({ kind: 'choose', player, rule: '704.5j', prompt: `${player} controls ${ids.length} legendary permanents named ${name}: choose the one to keep`, options: ids.map((id) => thingOption(g, { obj: id })), min: 1, max: 1 });
    const keep = a.options[0];
    for (const id of ids) if (id !== keep) toGraveyard.push({ id, rule: '704.5j', why: { kind: 'legend', player, name } });
  }
  // all of them remembered first, as they are before any ceases (704.3)
  for (const id of ceasing) rememberObject(g, id);
  for (const id of ceasing) {
    any = true;
    const o = g.obj(id);
    g.state.lki[id]!.ceasedToExist = true;
    const list = g.player(o.owner)[o.zone as 'hand'];
    list.splice(list.indexOf(id), 1);
    delete g.state.objects[id];
    g.emit({ type: 'token_ceases', rule: '704.5d', name: `${g.state.lki[id]!.name}` }, [id]);
  }
  // every state-based action at once (704.3): the permanents leave in one event, with the counters
  // they have now (a creature with lethal damage and both kinds of counters dies with them)
  const seen = new Set<ObjId>();
  const all = [...toGraveyard, ...toDestroy].filter(({ id }) => !seen.has(id) && !!g.tryObj(id) && !!seen.add(id));
  const moves = all.filter((m) => !isDestruction(m) || destroyedBySba(g, m));
  for (const { id, rule, why } of moves) g.emit({ type: 'sba', rule, obj: g.ref(id), why });
  if (moves.length) any = true;
  const leaving = leavingOf(g, moves);
  moveAtOnce(g, leaving.map(({ id, rule }) => ({ id, to: 'graveyard' as const, opts: { rule, how: isDestruction({ rule }) ? { kind: 'destroyed' as const, by: 'state-based action' } : { kind: 'to_graveyard' as const } } })));
  for (const id of annihilate) if (annihilateCounters(g, id)) any = true;
  for (const id of unattach) {
    any = true;
    delete g.obj(id).attachedTo;
    g.emit({ type: 'unattached', rule: '704.5n', obj: g.ref(id) });
  }
  return any;
}

/**
 * What leaves among the moves of the state-based actions: a destruction may be replaced (indestructible,
 * regeneration); umbra armor destroys the Aura instead, by the same rule and in the same event (702.89a).
 */
function leavingOf(g: Game, moves: SbaMove[]): SbaMove[] {
  const out: SbaMove[] = [];
  for (const m of moves) {
    if (!isDestruction(m)) { out.push(m); continue; }
    const instead: ObjId[] = [];
    if (isDestroyed(g, m.id, true, instead)) out.push(m);
    for (const id of destroyedAmong(g, instead, true)) if (!out.some((x) => x.id === id)) out.push({ ...m, id });
  }
  return out;
}

type SbaMove = { id: ObjId; rule: '704.5f' | '704.5g' | '704.5h' | '704.5i' | '704.5j' | '704.5m'; why: SbaReason };

/** 704.5g-h destroy; the other state-based actions put the permanent into its owner's graveyard. */
function isDestruction(m: { rule: SbaMove['rule'] }): boolean {
  return m.rule === '704.5g' || m.rule === '704.5h';
}

/**
 * Whether a creature with lethal damage or deathtouch damage is to be destroyed; destroying an
 * indestructible one changes nothing (702.12b): said once, and it doesn't make the check repeat (704.3).
 */
function destroyedBySba(g: Game, m: SbaMove): boolean {
  const o = g.obj(m.id);
  if (!hasIndestructible(g, m.id)) return true;
  if (o.indestructibleNoted !== o.damage) {
    o.indestructibleNoted = o.damage;
    g.emit({ type: 'sba', rule: m.rule, obj: g.ref(m.id), why: m.why });
    g.emit({ type: 'indestructible', rule: '702.12b', obj: g.ref(m.id) });
  }
  return false;
}

/** 704.5q: a permanent with both +1/+1 and -1/-1 counters loses N of each (if it is still there). */
function annihilateCounters(g: Game, id: ObjId): boolean {
  const o = g.tryObj(id);
  if (!o) return false;
  const n = Math.min(o.counters['+1/+1'] ?? 0, o.counters['-1/-1'] ?? 0);
  if (n <= 0) return false;
  o.counters['+1/+1']! -= n;
  o.counters['-1/-1']! -= n;
  g.emit({ type: 'counters_annihilate', rule: '704.5q', obj: g.ref(id), n });
  return true;
}

function hasIndestructible(g: Game, id: ObjId): boolean {
  return hasKeyword(g.chars(id).abilities, 'Indestructible');
}

function auraCanEnchant(g: Game, aura: ObjId, target: ObjId): boolean {
  const enchant = g.chars(aura).abilities.find((a) => a.kind === 'keyword' && a.keyword === 'Enchant');
  if (!enchant || enchant.kind !== 'keyword' || !enchant.filter) return true;
  return matchesFilter(g, enchant.filter, { obj: target }, { you: g.controller(aura), source: aura });
}

/** 704.3: state-based actions, repeated until none; then whether the game is over (104.2a, 104.4a). */
export function checkStateBasedActions(g: Game): boolean {
  let any = false;
  for (let i = 0; i < 100 && !g.state.result; i++) {
    // not a state-based action, but checked as often: soulbond pairs that have ended (702.95e)
    unpairBroken(g);
    if (!oneRound(g)) break;
    any = true;
    checkGameOver(g);
  }
  return any;
}

export function checkGameOver(g: Game): void {
  const s = g.state;
  if (s.result) return;
  const alive = s.players.filter((p) => !p.lost);
  if (alive.length === 1) {
    s.result = { winner: alive[0]!.name };
    g.emit({ type: 'game_over', rule: '104.2a', winner: alive[0]!.name });
  } else if (alive.length === 0) {
    s.result = { draw: true };
    g.emit({ type: 'game_over', rule: '104.4a', winner: null });
  }
}
