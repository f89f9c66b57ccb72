// The primitive things that happen to objects and players: damage (120), life (119), drawing (121),
// and the keyword actions of 701 (destroy, sacrifice, counter, discard, exile, tap...). Effects and
// state-based actions are made of these; each emits its event with its rule.

import type { RuleId } from '../core/rules/index.js';
import type { Thing } from '../characteristics/filters.js';
import type { Game } from '../state/game.js';
import { liveStaticDefs } from '../characteristics/statics.js';
import type { ObjId, PlayerId, ZoneName } from '../state/state.js';
import { effectsOf } from '../state/effects.js';
import { moveAtOnce, moveObject } from './zones.js';
import { replaceEvent, shieldOrder } from './replacement.js';
import { putCounters } from './counters.js';
import { hasKeyword } from '../cards/types.js';

function has(g: Game, id: ObjId, k: string): boolean {
  return hasKeyword(g.chars(id).abilities, k);
}

/** Whether a damage source has a keyword, or had it when it last existed (702.2e, 702.15c, 702.80b, 702.90d). */
function sourceHas(g: Game, source: ObjId, k: string): boolean {
  if (g.tryObj(source)) return has(g, source, k);
  const l = g.state.lki[source];
  return !!l && l.keywords.some((key) => {
    const a = g.cards.ability(key);
    return a?.kind === 'keyword' && a.keyword === k;
  });
}

/** Life that sources with lifelink make their controllers gain, gathered while one event deals damage. */
type LifelinkGains = Map<ObjId, { player: PlayerId; n: number }>;

/**
 * Damage dealt at once (an instruction dealing damage to several things, or combat damage, 510.2):
 * each part is dealt, then each source with lifelink makes its controller gain life once for all the
 * damage it dealt, one life gain event per source (702.15b, 702.15e).
 */
export function dealDamageAtOnce(g: Game, hits: Array<{ source: ObjId; to: Thing; amount: number }>, opts: { combat?: boolean; unpreventable?: boolean } = {}): Thing[] {
  const gains: LifelinkGains = new Map();
  const dealt: Thing[] = [];
  for (const h of opts.unpreventable ? hits : shieldOrder(g, hits, !!opts.combat)) {
    const got: { to?: Thing } = {};
    if (dealDamage(g, h.source, h.to, h.amount, { ...opts, lifelink: gains, dealtTo: got }) > 0) dealt.push(got.to ?? h.to);
  }
  for (const { player, n } of gains.values()) gainLife(g, player, n, '702.15b');
  // what was dealt damage (after prevention, 120.4b)
  return dealt;
}

/** 120.3: a source deals damage, after replacement and prevention effects (120.4b). Returns the damage dealt. */
export function dealDamage(g: Game, source: ObjId, to0: Thing, amount: number, opts: { combat?: boolean; unpreventable?: boolean; rule?: RuleId; lifelink?: LifelinkGains; dealtTo?: { to?: Thing } } = {}): number {
  if (amount <= 0) return 0; // 120.8: a source dealing 0 damage deals no damage
  const ev = replaceEvent(g, { kind: 'damage', source, to: to0, amount, combat: !!opts.combat, ...(opts.unpreventable ? { unpreventable: true } : {}) });
  if (!ev || ev.kind !== 'damage') return 0;
  // the part a redirection sent elsewhere is dealt at the same time (614.9)
  for (const part of ev.split ?? []) dealDamage(g, source, part.to, part.amount, { ...opts, dealtTo: {} });
  const n = ev.amount;
  if (n <= 0) return 0;
  // a redirection effect may have given the damage another recipient (614.9)
  const to = ev.to;
  if (opts.dealtTo) opts.dealtTo.to = to;
  const srcController = (g.tryObj(source) ? g.chars(source).controller : undefined) ?? g.state.lki[source]?.controller;
  if ('player' in to) damagePlayer(g, source, to.player, n, opts);
  else if (!damagePermanent(g, source, to.obj, n, opts)) return 0;
  if (sourceHas(g, source, 'Lifelink') && srcController) {
    const gathered = opts.lifelink?.get(source);
    if (gathered) gathered.n += n;
    else if (opts.lifelink) opts.lifelink.set(source, { player: srcController, n });
    else gainLife(g, srcController, n, '120.3f');
  }
  return n;
}

/** 120.3a: life loss; 120.3b: from a source with infect, poison counters instead (702.90b). */
function damagePlayer(g: Game, source: ObjId, player: PlayerId, n: number, opts: { combat?: boolean; rule?: RuleId }): void {
  const p = g.player(player);
  p.damagedThisTurn = true;
  const base = { type: 'damage', source: g.ref(source), to: { player }, amount: n, combat: !!opts.combat } as const;
  if (sourceHas(g, source, 'Infect')) {
    p.poison += n;
    g.emit({ ...base, rule: '120.3b', result: { kind: 'poison', before: p.poison - n, after: p.poison } });
    return;
  }
  p.life -= n;
  p.lifeLostThisTurn = (p.lifeLostThisTurn ?? 0) + n;
  g.emit({ ...base, rule: opts.rule ?? '120.3a', result: { kind: 'life', before: p.life + n, after: p.life } });
}

/**
 * 120.3c-e: damage to a permanent; to a creature from a source with wither or infect, -1/-1 counters
 * instead of marked damage (120.3d). Returns false if it isn't on the battlefield.
 */
function damagePermanent(g: Game, source: ObjId, id: ObjId, n: number, opts: { combat?: boolean; rule?: RuleId }): boolean {
  const o = g.tryObj(id);
  if (!o || o.zone !== 'battlefield') return false;
  const c = g.chars(id);
  const base = { type: 'damage', source: g.ref(source), to: { obj: g.ref(id) }, amount: n, combat: !!opts.combat } as const;
  if (c.types.includes('creature')) {
    if (sourceHas(g, source, 'Deathtouch')) o.deathtouched = true;
    if (sourceHas(g, source, 'Wither') || sourceHas(g, source, 'Infect')) {
      g.emit({ ...base, rule: '120.3d', result: { kind: 'counters', counter: '-1/-1' } });
      putCounters(g, id, '-1/-1', n, '120.3d', g.name(source));
    } else {
      o.damage += n;
      g.emit({ ...base, rule: opts.rule ?? '120.3e', result: { kind: 'marked', total: o.damage } });
    }
  }
  if (c.types.includes('planeswalker')) {
    const had = o.counters.loyalty ?? 0;
    o.counters.loyalty = Math.max(0, had - n);
    // on the battlefield its loyalty is the number of its loyalty counters: the one object changed
    g.emit({ ...base, rule: '120.3c', result: { kind: 'loyalty', removed: Math.min(had, n), loyalty: o.counters.loyalty } }, [o.id]);
  }
  return true;
}

export function gainLife(g: Game, player: PlayerId, n0: number, rule: RuleId = '119.3'): void {
  if (n0 <= 0) return;
  const ev = replaceEvent(g, { kind: 'gain_life', player, n: n0 });
  if (!ev || ev.kind !== 'gain_life' || ev.n <= 0) return;
  const n = ev.n;
  const p = g.player(player);
  p.life += n;
  p.lifeGainedThisTurn += n;
  g.emit({ type: 'life', rule, player, delta: n, life: p.life, how: 'gain' });
}

/** 119.3: a player loses life; returns the life lost. */
export function loseLife(g: Game, player: PlayerId, n: number, rule: RuleId = '119.3'): number {
  if (n <= 0) return 0;
  const p = g.player(player);
  p.life -= n;
  p.lifeLostThisTurn = (p.lifeLostThisTurn ?? 0) + n;
  g.emit({ type: 'life', rule, player, delta: -n, life: p.life, how: 'lose' });
  return n;
}

/** 121.1-121.4: draws one card; from an empty library, the player will lose (704.5b). */
export function drawCard(g: Game, player: PlayerId, rule: RuleId = '121.1', applied?: Set<string>): ObjId | null {
  // 614.11: draw replacements apply even with an empty library
  if (!replaceEvent(g, { kind: 'draw', player }, applied ?? new Set())) return null;
  const p = g.player(player);
  const top = p.library[0];
  if (!top) {
    p.drewFromEmpty = true;
    g.emit({ type: 'draw_empty', rule: '121.4', player });
    return null;
  }
  const name = g.name(top);
  const id = moveObject(g, top, 'hand', { rule, quiet: true })!;
  p.cardsDrawnThisTurn++;
  g.emit({ type: 'draw', rule, player, obj: g.ref(id, name), nth: p.cardsDrawnThisTurn });
  return id;
}

/** 701.7: destroy. Indestructible permanents aren't destroyed; a regeneration shield or umbra armor replaces it (701.15, 702.89a). */
export function destroy(g: Game, id: ObjId, rule: RuleId, why: string, canRegenerate = true): ObjId | null {
  const instead: ObjId[] = [];
  const destroyed = isDestroyed(g, id, canRegenerate, instead);
  if (instead.length) destroyAtOnce(g, instead, rule, why, canRegenerate);
  return destroyed ? moveObject(g, id, 'graveyard', { rule, how: { kind: 'destroyed', by: why } }) : null;
}

/** Destroys several permanents in one event: they go to the graveyard at the same time (moveAtOnce). */
export function destroyAtOnce(g: Game, ids: ObjId[], rule: RuleId, why: string, canRegenerate = true): void {
  const moving = destroyedAmong(g, ids, canRegenerate);
  moveAtOnce(g, moving.map((id) => ({ id, to: 'graveyard' as const, opts: { rule, how: { kind: 'destroyed' as const, by: why } } })));
}

/**
 * The permanents a destruction of `ids` moves: those not saved, plus the Auras umbra armor destroys
 * instead (702.89a), themselves checked in turn (an Aura with umbra armor on an Aura with umbra armor).
 */
export function destroyedAmong(g: Game, ids: ObjId[], canRegenerate: boolean): ObjId[] {
  const out: ObjId[] = [];
  const seen = new Set<ObjId>();
  let queue = ids;
  while (queue.length) {
    const instead: ObjId[] = [];
    for (const id of queue) {
      if (seen.has(id)) continue;
      seen.add(id);
      if (isDestroyed(g, id, canRegenerate, instead)) out.push(id);
    }
    queue = instead;
  }
  return out;
}

/** The Auras with umbra armor attached to a permanent (702.89a). */
function umbraArmors(g: Game, id: ObjId): ObjId[] {
  return g.state.battlefield.filter((a) => g.tryObj(a)?.attachedTo === id && has(g, a, 'Umbra armor'));
}

/**
 * Whether destroying a permanent moves it to the graveyard: not if it is indestructible (702.12b),
 * or when a regeneration shield (701.15a) or an Aura's umbra armor (702.89a) replaces the destruction.
 * Umbra armor removes the damage and puts the Aura in `instead`, to be destroyed by the same event.
 * With several of these replacement effects, the permanent's controller chooses the one to apply (616.1).
 */
export function isDestroyed(g: Game, id: ObjId, canRegenerate: boolean, instead: ObjId[] = []): boolean {
  const o = g.tryObj(id);
  if (!o || o.zone !== 'battlefield') return false;
  if (has(g, id, 'Indestructible')) {
    g.emit({ type: 'indestructible', rule: '702.12b', obj: g.ref(id) });
    return false;
  }
  // 701.15c: "can't be regenerated" leaves the shields in place but stops them applying
  const unregenerable = effectsOf(g.state, 'combat_restriction').some((r) => r.what === 'be_regenerated' && r.objs.includes(id));
  const regenerates = canRegenerate && !unregenerable && o.regenerationShields > 0;
  const umbras = umbraArmors(g, id);
  if (!regenerates && !umbras.length) return true;
  const options = [...umbras.map((a) => ({ id: a, label: `${g.describeId(a)}'s umbra armor`, obj: a })), ...(regenerates ? [{ id: 'regenerate', label: 'a regeneration shield' }] : [])];
  const pick = options.length === 1 ? options[0]!.id
    : g.ask({ kind: 'choose', player: g.controller(id), rule: '616.1e', prompt: `${g.name(id)} would be destroyed: choose the replacement effect to apply`, options, min: 1, max: 1 }).options[0]!;
  if (pick !== 'regenerate') {
    o.damage = 0;
    delete o.deathtouched;
    g.emit({ type: 'replaced', rule: '702.89a', by: g.ref(pick), what: { kind: 'umbra_armor', obj: g.ref(id) } });
    instead.push(pick);
    return false;
  }
  o.regenerationShields--;
  o.damage = 0;
  o.tapped = true;
  delete o.attacking;
  delete o.blocking;
  delete o.deathtouched;
  g.emit({ type: 'regenerated', rule: '701.15a', obj: g.ref(id) });
  return false;
}

/** 701.17a: sacrifice: the controller moves it from the battlefield to its owner's graveyard. */
export function sacrifice(g: Game, id: ObjId, why: string): ObjId | null {
  return moveObject(g, id, 'graveyard', { rule: '701.17a', how: { kind: 'sacrificed', by: why } });
}

/** "Each player sacrifices ...": the permanents chosen are sacrificed at the same time, one event (moveAtOnce). */
export function sacrificeAtOnce(g: Game, ids: ObjId[], why: string): Array<ObjId | null> {
  return moveAtOnce(g, ids.map((id) => ({ id, to: 'graveyard' as const, opts: { rule: '701.17a' as const, how: { kind: 'sacrificed' as const, by: why } } })));
}

/** 701.5a: counter a spell or ability: it is removed from the stack without resolving. */
export function counterObject(g: Game, id: ObjId, by: string, to: ZoneName = 'graveyard'): void {
  const o = g.tryObj(id);
  if (!o || o.zone !== 'stack') return;
  if (o.ability) {
    moveObject(g, id, 'graveyard', { rule: '701.5a', how: { kind: 'countered', by, to: 'graveyard' } });
    return;
  }
  // a spell that "can't be countered" (113.6g: the ability works on the stack) isn't (101.2)
  if (liveStaticDefs(g, id).some((def) => def.kind === 'cant_be_countered')) {
    g.emit({ type: 'not_countered', rule: '101.2', obj: g.ref(id), by });
    return;
  }
  moveObject(g, id, to, { rule: '701.5a', how: { kind: 'countered', by, to }, position: 'top' });
}

export function tapPermanent(g: Game, id: ObjId, rule: RuleId, why: string): void {
  const o = g.obj(id);
  if (o.tapped) return;
  o.tapped = true;
  g.emit({ type: 'tapped', rule, obj: g.ref(id), player: g.controller(id), cause: { by: why } });
}

export function untapPermanent(g: Game, id: ObjId, rule: RuleId, why: string): void {
  const o = g.obj(id);
  if (!o.tapped) return;
  o.tapped = false;
  g.emit({ type: 'untapped', rule, obj: g.ref(id), cause: { by: why } });
}
