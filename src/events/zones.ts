// Zones (400): creating objects, and moving them. An object that moves from one zone to another
// becomes a new object with no memory of its previous existence (400.7); what it looked like is kept
// as last known information for the rules that look back (608.2h, 603.10).

import { addEffect, effectsOf, removeEffect } from '../state/effects.js';
import type { EffectOf } from '../state/state.js';
import type { RuleId } from '../core/rules/index.js';
import type { TokenSpec } from '../cards/types.js';
import { LimitExceeded, type Game } from '../state/game.js';
import { objectManaValue } from '../characteristics/filters.js';
import { copiableLoyalty } from '../characteristics/copiable.js';
import type { Chosen, CopiedValues, GameObject, ObjId, PlayerId, PlayerZone, ZoneName } from '../state/state.js';
import { PLAYER_ZONES } from '../core/ids.js';
import type { MoveHow } from '../state/events.js';
import { cloneTree } from '../util/clone.js';
import { cantEnter, replaceEvent } from './replacement.js';
import { putCounters } from './counters.js';
import { hasKeyword } from '../cards/types.js';

export interface NewObjectSpec {
  card?: string;
  token?: TokenSpec;
  /** An emblem's abilities (114.1). */
  emblem?: { abilities: string[] };
  isToken?: boolean;
  ref?: string;
  owner: PlayerId;
  controller?: PlayerId;
  zone: ZoneName;
  tapped?: boolean;
  faceDown?: boolean;
  flipped?: boolean;
  transformed?: boolean;
  counters?: Record<string, number>;
  damage?: number;
  sick?: boolean;
  chosen?: Chosen;
  copied?: CopiedValues;
  timestamp?: number;
}

/** How many objects a game may hold at once (tokens, cards, spells and abilities on the stack): more is no game. */
export const OBJECT_LIMIT = 10_000;

/** The objects in every zone. */
export function objectCount(g: Game): number {
  let n = g.state.battlefield.length + g.state.stack.length;
  for (const p of g.state.players) for (const z of PLAYER_ZONES) n += p[z].length;
  return n;
}

/** Creates an object and puts it into its zone (on top, or at the bottom of the battlefield list). */
export function createObject(g: Game, spec: NewObjectSpec, position: 'top' | 'bottom' | number = 'top'): GameObject {
  if (spec.zone !== null && objectCount(g) >= OBJECT_LIMIT) throw new LimitExceeded(OBJECT_LIMIT, 'objects');
  const o = newObject(g, spec);
  g.state.objects[o.id] = o;
  const list = zoneList(g, o.zone, o.owner);
  // "Nth from the top" (a number): below N - 1 cards, or at the bottom of a shorter library (401.7)
  const at = typeof position === 'number' ? Math.min(position - 1, list.length) : position === 'top' ? 0 : list.length;
  list.splice(o.zone === 'battlefield' ? list.length : at, 0, o.id);
  g.changed([o.id]);
  return o;
}

/**
 * The object a spec describes, its keys in a fixed order (the order the state is written in). Built
 * key by key: literal spreads of optional parts cost a copy each, for every object made.
 */
function newObject(g: Game, spec: NewObjectSpec): GameObject {
  const o = { id: g.newId() } as Record<string, unknown>;
  if (spec.ref !== undefined) o.ref = spec.ref;
  if (spec.card !== undefined) o.card = spec.card;
  if (spec.token !== undefined) o.token = spec.token;
  if (spec.emblem !== undefined) o.emblem = spec.emblem;
  o.isToken = spec.isToken ?? spec.token !== undefined;
  o.owner = spec.owner;
  o.controller = spec.controller ?? spec.owner;
  o.zone = spec.zone;
  o.timestamp = spec.timestamp ?? g.newTimestamp();
  o.tapped = spec.tapped ?? false;
  o.faceDown = spec.faceDown ?? false;
  o.flipped = spec.flipped ?? false;
  if (spec.transformed) o.transformed = true;
  o.counters = { ...(spec.counters ?? {}) };
  o.damage = spec.damage ?? 0;
  o.sick = spec.sick ?? false;
  if (spec.chosen) o.chosen = spec.chosen;
  if (spec.copied) o.copied = spec.copied;
  if (spec.zone === 'battlefield') o.enteredAt = g.enteringTogether ?? g.state.events.length;
  o.regenerationShields = 0;
  o.activations = {};
  return o as unknown as GameObject;
}

/** The list holding a zone's object ids (the battlefield and stack are shared). */
export function zoneList(g: Game, zone: ZoneName, owner: PlayerId): ObjId[] {
  if (zone === 'battlefield') return g.state.battlefield;
  if (zone === 'stack') return g.state.stack;
  return g.player(owner)[zone as PlayerZone];
}

/** "Alice's graveyard", "the battlefield" */
export function zoneLabel(zone: ZoneName | null, owner?: PlayerId): string {
  if (zone === null) return 'nowhere';
  if (zone === 'battlefield' || zone === 'stack') return `the ${zone}`;
  if (zone === 'command') return 'the command zone';
  return `${owner}'s ${zone}`;
}

/** Records what an object looked like before it leaves its zone. */
export function rememberObject(g: Game, id: ObjId): void {
  if (g.leavingAtOnce?.has(id) && g.state.lki[id]) return;
  const o = g.obj(id);
  const c = g.chars(id);
  g.state.lki[id] = {
    object: cloneTree(o),
    name: c.name,
    power: c.power,
    toughness: c.toughness,
    manaValue: o.ability ? 0 : objectManaValue(g, id, c),
    types: [...c.types],
    subtypes: [...c.subtypes],
    ...(c.allCreatureTypes ? { allCreatureTypes: true } : {}),
    supertypes: [...c.supertypes],
    colors: [...c.colors],
    keywords: c.abilities.filter((a) => a.kind === 'keyword').map((a) => a.key),
    abilities: c.abilities.map((a) => a.key),
    controller: c.controller,
  };
  // what was attached to it as it left: abilities of those permanents look back at it (603.10a)
  if (o.zone === 'battlefield') {
    const attachments = g.state.battlefield.filter((a) => a !== id && g.state.objects[a]?.attachedTo === id);
    if (attachments.length) g.state.lki[id]!.attachments = attachments;
    if (c.abilities.some((a) => a.kind === 'static') || effectsOf(g.state, 'layer').some((e) => e.source === id)) rememberOthersTriggered(g, id);
  }
}

/** The triggered abilities of the other permanents as `id` leaves (LastKnown.othersTriggered). */
function rememberOthersTriggered(g: Game, id: ObjId): void {
  const others: Record<ObjId, string[]> = {};
  let any = false;
  for (const other of g.state.battlefield) {
    if (other === id || !g.state.objects[other]) continue;
    const keys = g.chars(other).abilities.filter((a) => a.kind === 'triggered').map((a) => a.key);
    if (keys.length) { others[other] = keys; any = true; }
  }
  if (any) g.state.lki[id]!.othersTriggered = others;
}

export interface MoveOptions {
  rule: RuleId;
  /** How it moves (the keyword action, rule or cost), for the event; without it, it just "moves". */
  how?: MoveHow;
  controller?: PlayerId;
  /** Where in a library: on top, at the bottom, or shuffled in. */
  position?: 'top' | 'bottom' | 'shuffle';
  /** With `position: top`: that many from the top ("second from the top" is 2, 401.7). */
  nth?: number;
  tapped?: boolean;
  faceDown?: boolean;
  /** Keep the object's choices (a spell becoming a permanent keeps how it was cast). */
  keepCastChoices?: boolean;
  quiet?: boolean;
  /** Replacement effects already applied to the event this move is part of (614.5). */
  applied?: Set<string>;
  /** It enters with these counters ("with a +1/+1 counter on it", 614.1c). */
  counters?: Record<string, number>;
}

/** A move whose replacement effects are applied (614, 616) and that is ready to happen. */
interface PreparedMove {
  id: ObjId;
  from: ZoneName;
  to: ZoneName;
  opts: MoveOptions;
  madness: boolean;
  entering: { counters?: Record<string, number>; chosen?: Chosen; copied?: CopiedValues; gains?: string[]; gainsRule?: RuleId };
}

/**
 * Moves an object to a zone: a new object in the new zone (400.7). Cards go to their owner's
 * library, hand, graveyard or exile (400.3). Returns the new object's id, or null when it ceased
 * to exist (a token leaving the battlefield, 111.7 / 704.5d; a copy of a spell leaving the stack).
 */
export function moveObject(g: Game, id: ObjId, to0: ZoneName, opts: MoveOptions): ObjId | null {
  const p = prepareMove(g, id, to0, opts);
  if ('done' in p) return p.done;
  // inside a simultaneous event, durations that end because it left end after the whole event (610.3)
  if (g.batch && p.from === 'battlefield') g.batch.left.push(p.id);
  return performMove(g, p, !g.batch);
}

/**
 * Objects moved by one event, at the same time (a "destroy all", state-based actions): what each
 * was is taken before any of them moves (603.10a, 608.2h); replacement effects apply to each part
 * with every one of them still where it was, so an effect of one of them still applies to the
 * others (614.6); durations that end because one of them left end after the whole event (610.3c).
 */
export function moveAtOnce(g: Game, moves: Array<{ id: ObjId; to: ZoneName; opts: MoveOptions }>): Array<ObjId | null> {
  if (moves.length <= 1 || g.leavingAtOnce) return moves.map((m) => moveObject(g, m.id, m.to, m.opts));
  const ids = moves.map((m) => m.id).filter((id) => g.tryObj(id));
  for (const id of ids) rememberObject(g, id);
  g.leavingAtOnce = new Map(ids.map((id) => [id, g.name(id)]));
  const batch: NonNullable<Game['batch']> = { after: [], left: [] };
  g.batch = batch;
  let out: Array<ObjId | null>;
  try {
    const prepared = moves.map((m) => (g.tryObj(m.id) ? prepareMove(g, m.id, m.to, m.opts) : { done: null }));
    out = prepared.map((p) => ('done' in p ? p.done : g.tryObj(p.id) ? performMove(g, p, false) : null));
    // 614.6: what replaced part of the event happens as part of it, once the rest has moved
    for (let next = batch.after.shift(); next; next = batch.after.shift()) next();
    for (const p of prepared) if (!('done' in p) && p.from === 'battlefield') batch.left.push(p.id);
    // what left in this event saw all of it, and nothing after it (603.10a)
    for (const id of [...ids, ...batch.left]) if (g.state.lki[id]) g.state.lki[id]!.leftUntil = g.state.events.length;
  } finally {
    g.leavingAtOnce = null;
    g.batch = null;
  }
  // 610.3: "until it leaves" durations end after the whole event, and the cards come back then, together
  g.together(() => { for (const id of batch.left) returnExiledUntilLeaves(g, id); });
  return out;
}

/** The replacement effects of a move (614, 616), before it happens; `done` when nothing more is to do. */
function prepareMove(g: Game, id: ObjId, to0: ZoneName, opts0: MoveOptions): PreparedMove | { done: ObjId | null } {
  let opts = opts0;
  const o = g.obj(id);
  const from = o.zone;
  let to = to0;
  // 111.8: a token that has left the battlefield stays where it is (it ceases to exist at the next check, 704.5d)
  if (o.isToken && from !== 'battlefield' && to !== from) {
    g.emit({ type: 'nothing_happens', rule: '111.8', by: g.ref(id), why: { kind: 'token_stays', zone: from, to } });
    return { done: null };
  }
  // 702.34a: a spell cast with flashback is exiled instead of going anywhere else as it leaves the stack
  if (from === 'stack' && o.spell?.choices.alt === 'Flashback' && to !== 'exile' && !o.spell.isCopy) {
    g.emit({ type: 'flashback_exiled', rule: '702.34a', obj: g.ref(id) });
    to = 'exile';
  }
  // 702.133a: a spell cast using jump-start is exiled instead of going anywhere else as it leaves the stack
  if (from === 'stack' && o.spell?.jumpStart && to !== 'exile' && !o.spell.isCopy) {
    g.emit({ type: 'jump_start_exiled', rule: '702.133a', obj: g.ref(id) });
    to = 'exile';
  }
  // 702.127a: an aftermath half cast from a graveyard is exiled instead of going anywhere else
  if (from === 'stack' && o.spell?.castFrom === 'graveyard' && !o.spell.isCopy && to !== 'exile' && hasKeyword(g.chars(id).abilities, 'Aftermath')) {
    g.emit({ type: 'aftermath_exiled', rule: '702.127a', obj: g.ref(id) });
    to = 'exile';
  }
  // 702.35a: a card with madness is discarded, but exiled instead of put into the graveyard
  const madness = from === 'hand' && to === 'graveyard' && isDiscard(opts.how) && hasKeyword(g.chars(id).abilities, 'Madness');
  if (madness) to = 'exile';
  if (to === 'stack') return { id, from, to, opts, madness, entering: {} };
  // 614, 616: replacement effects may change where it goes, how it enters, or replace the move
  const ev = replaceEvent(g, {
    kind: 'move', obj: id, from, to, ...(opts.controller !== undefined ? { controller: opts.controller } : {}),
    ...(opts.tapped ? { tapped: true } : {}), ...(opts.position ? { position: opts.position } : {}),
    ...(opts.counters && to === 'battlefield' ? { counters: { ...opts.counters } } : {}),
    cast: from === 'stack' && !!o.spell && !o.spell.isCopy,
  }, opts.applied ?? new Set());
  if (!ev || ev.kind !== 'move') return { done: null };
  if (!g.tryObj(id)) return { done: null }; // a replacement moved it elsewhere already
  const stopped = cantEnter(g, ev);
  if (stopped) {
    // 614.17d: it doesn't enter; a resolving permanent spell goes to its owner's graveyard instead (608.3e)
    if (from === 'stack' && o.spell) {
      g.emit({ type: 'cant_enter', rule: '614.17d', obj: g.ref(id), by: stopped, outcome: 'graveyard', zone: from, owner: o.owner });
      return { done: moveObject(g, id, 'graveyard', { rule: '608.3e', how: { kind: 'cant_enter' } }) };
    }
    g.emit({ type: 'cant_enter', rule: '614.17d', obj: g.ref(id), by: stopped, outcome: 'stays', zone: from, owner: o.owner });
    return { done: null };
  }
  opts = { ...opts, ...(ev.controller !== undefined ? { controller: ev.controller } : {}), ...(ev.tapped ? { tapped: true } : {}), ...(ev.position ? { position: ev.position } : {}) };
  const entering = { ...(ev.counters ? { counters: ev.counters } : {}), ...(ev.chosen ? { chosen: ev.chosen } : {}), ...(ev.copied ? { copied: ev.copied } : {}), ...(ev.gains ? { gains: ev.gains } : {}), ...(ev.gainsRule ? { gainsRule: ev.gainsRule } : {}) };
  return { id, from, to: ev.to, opts, madness, entering };
}

/** The move itself: the old object is gone, a new one is in the new zone (400.7). */
function performMove(g: Game, p: PreparedMove, endLeaveDurations: boolean): ObjId | null {
  const { id, from, to, opts, madness, entering } = p;
  const o = g.obj(id);
  const name = g.leavingAtOnce?.get(id) ?? g.name(id);
  const ref = g.ref(id, name);
  rememberObject(g, id);
  const list = zoneList(g, from, o.owner);
  const i = list.indexOf(id);
  if (i >= 0) list.splice(i, 1);
  delete g.state.objects[id];
  // anything attached to it becomes unattached (state-based actions then handle Auras, 704.5m); a
  // creature attacking it keeps attacking, though it now attacks nothing (506.4c)
  const touched = [id];
  for (const otherId of g.state.battlefield) {
    const other = g.state.objects[otherId];
    if (!other) continue;
    if (other.attachedTo === id) {
      delete other.attachedTo;
      touched.push(other.id);
    }
    if (other.blocking?.includes(id)) other.blocking = other.blocking.filter((b) => b !== id);
  }
  g.changed(touched);
  const ceases = (o.isToken && from === 'battlefield' && to !== 'battlefield') || (o.spell?.isCopy === true && to !== 'stack') || o.ability !== undefined;
  if (ceases && (o.spell?.isCopy || o.ability)) {
    g.state.lki[id]!.ceasedToExist = true;
    if (!opts.quiet) g.emit({ type: 'zone_move', rule: opts.rule, obj: ref, newObj: null, from, to: null, owner: o.owner, controller: null, how: opts.how ?? null }, touched);
    return null;
  }
  // a part left undefined is a part the new object doesn't have (see newObject)
  const n = createObject(g, {
    card: o.card,
    token: o.token,
    isToken: o.isToken,
    ref: o.ref,
    owner: o.owner,
    controller: to === 'battlefield' || to === 'stack' ? (opts.controller ?? o.owner) : o.owner,
    zone: to,
    tapped: opts.tapped ?? false,
    faceDown: opts.faceDown ?? false,
    sick: to === 'battlefield',
    chosen: entering.chosen,
    // a token that's a copy keeps what it copied wherever it goes until it ceases to exist (111.8, 707.2)
    copied: entering.copied ? entering.copied : o.isToken && o.copied ? o.copied : undefined,
  }, opts.position === 'bottom' ? 'bottom' : opts.position === 'top' && opts.nth && to === 'library' ? opts.nth : 'top');
  if (opts.position === 'shuffle' && to === 'library') shuffleLibrary(g, o.owner);
  if (opts.keepCastChoices && o.spell) {
    n.castChoices = o.spell.choices;
    n.castFrom = o.spell.castFrom;
  }
  g.state.lki[id]!.becameId = n.id;
  if (!opts.quiet) {
    g.emit({ type: 'zone_move', rule: opts.rule, obj: ref, newObj: g.ref(n.id), from, to, owner: o.owner, controller: n.controller, how: opts.how ?? null }, [n.id]);
  }
  if (!g.batch) g.state.lki[id]!.leftUntil = g.state.events.length;
  // 610.3: what it exiled "until it leaves" comes back once it has left, not before
  if (from === 'battlefield' && endLeaveDurations) returnExiledUntilLeaves(g, id);
  if (madness && to === 'exile') g.emit({ type: 'madness_exiled', rule: '702.35a', obj: g.ref(n.id), player: o.owner });
  if (to === 'battlefield') addEnteringGains(g, n, entering.gains, entering.gainsRule);
  if (to === 'battlefield') addEnteringCounters(g, n, entering.counters);
  return n.id;
}

/**
 * Creates a permanent directly on the battlefield (a token, 111.1), with the replacement effects on
 * how it enters applied (614.1c-d, 614.12): tapped, counters, choices, controller.
 */
export function createEnteringPermanent(g: Game, spec: NewObjectSpec): GameObject | null {
  const o = createObject(g, { ...spec, zone: 'battlefield', sick: true });
  const ev = replaceEvent(g, { kind: 'move', obj: o.id, from: null, to: 'battlefield', controller: spec.controller ?? spec.owner, ...(spec.copied ? { copied: spec.copied } : {}) });
  const stopped = ev && ev.kind === 'move' ? cantEnter(g, ev) : null;
  if (stopped) g.emit({ type: 'cant_enter', rule: '614.17d', obj: g.ref(o.id), by: stopped, outcome: 'not_created', zone: null, owner: o.owner });
  if (!ev || ev.kind !== 'move' || ev.to !== 'battlefield' || stopped) {
    g.state.battlefield = g.state.battlefield.filter((x) => x !== o.id);
    delete g.state.objects[o.id];
    g.changed([o.id]);
    return null;
  }
  if (ev.tapped) o.tapped = true;
  if (ev.controller) o.controller = ev.controller;
  if (ev.chosen) o.chosen = { ...(o.chosen ?? {}), ...ev.chosen };
  if (ev.copied) o.copied = ev.copied;
  g.changed([o.id]);
  addEnteringGains(g, o, ev.gains, ev.gainsRule);
  addEnteringCounters(g, o, ev.counters);
  return o;
}

/** 701.20a: a library is shuffled (with the game's seeded generator: the same scenario, the same order). */
export function shuffleLibrary(g: Game, player: PlayerId): void {
  const lib = g.player(player).library;
  for (let i = lib.length - 1; i > 0; i--) {
    g.state.seed = (Math.imul(g.state.seed, 1103515245) + 12345) >>> 0;
    const j = g.state.seed % (i + 1);
    [lib[i], lib[j]] = [lib[j]!, lib[i]!];
  }
  g.emit({ type: 'shuffled', rule: '701.20a', player });
}

/** Whether a move is a discard (701.8a): by an effect, to hand size, or to pay a cost. */
export function isDiscard(how: MoveHow | null | undefined): boolean {
  return how?.kind === 'discarded' || how?.kind === 'discarded_to_hand_size' || (how?.kind === 'paid' && how.action === 'discarded');
}

/** Cards in a random order (with the game's seeded generator), as for "put them on the bottom in a random order". */
export function randomOrder<T>(g: Game, items: T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    g.state.seed = (Math.imul(g.state.seed, 1103515245) + 12345) >>> 0;
    const j = g.state.seed % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** 610.3, 610.3c: cards exiled "until [this] leaves the battlefield" return under their owners' control. */
function returnExiledUntilLeaves(g: Game, source: ObjId): void {
  // the effect's duration ends as its source leaves: it ends, and the cards come back (610.3c)
  const links = effectsOf(g.state, 'exile_link').filter((l) => l.duration.kind === 'until_source_leaves' && l.source === source);
  if (!links.length) return;
  for (const l of links) removeEffect(g.state, l);
  g.together(() => returnLinked(g, links));
}

/** The cards exiled "until" a source left return to the zone they came from (the battlefield, or a hand), all at once (610.3c, 610.3d). */
function returnLinked(g: Game, links: EffectOf<'exile_link'>[]): void {
  for (const l of links) {
    for (const card of l.cards) {
      const c = g.tryObj(card);
      if (!c || c.zone !== 'exile') continue;
      if (l.returnTo === 'hand') moveObject(g, card, 'hand', { rule: '610.3', how: { kind: 'returned_to_hand', by: g.ref(l.source, l.sourceName), player: null } });
      else moveObject(g, card, 'battlefield', { rule: '610.3c', controller: c.owner, how: { kind: 'returns_to_owner', by: g.ref(l.source, l.sourceName) } });
    }
  }
}

/** The printed loyalty a planeswalker enters with (306.5b), or null. */
function printedLoyalty(g: Game, o: GameObject): number | null {
  const printed = copiableLoyalty(g, o);
  if (printed === null || !g.chars(o.id).types.includes('planeswalker')) return null;
  return printed;
}

/**
 * A scenario's starting planeswalkers without loyalty counters get their printed loyalty (306.5b),
 * all of them decided on one computation of characteristics, once the board is there.
 */
export function enterWithLoyalty(g: Game, objects: readonly GameObject[]): void {
  const loyal = objects.filter((o) => o.zone === 'battlefield' && o.counters.loyalty === undefined).map((o) => [o, printedLoyalty(g, o)] as const);
  let changed = false;
  for (const [o, n] of loyal) {
    if (n === null) continue;
    o.counters.loyalty = n;
    changed = true;
  }
  if (changed) g.changed();
}

/**
 * The counters a permanent enters with: from replacement effects (614.1c) and, for a planeswalker,
 * its printed loyalty (306.5b). They are "put on" it (122.6), so effects on putting counters apply
 * (Doubling Season), one event per kind of counter.
 */
function addEnteringCounters(g: Game, o: GameObject, counters: Record<string, number> | undefined): void {
  const all: Record<string, number> = { ...(counters ?? {}) };
  const loyalty = printedLoyalty(g, o);
  if (loyalty !== null && loyalty > 0) all.loyalty = (all.loyalty ?? 0) + loyalty;
  for (const [k, n] of Object.entries(all)) {
    if (n <= 0 || !g.tryObj(o.id)) continue;
    putCounters(g, o.id, k, n, k === 'loyalty' && loyalty !== null ? '306.5b' : '122.6', 'as it enters', true);
  }
}

/**
 * Abilities a permanent gains as it enters for as long as it stays on the battlefield (riot's haste,
 * 702.136a): an effect with the permanent's own timestamp, tied to this object (400.7).
 */
function addEnteringGains(g: Game, o: GameObject, gains: string[] | undefined, rule: RuleId = '702.136a'): void {
  if (!gains?.length) return;
  const name = g.name(o.id);
  const duration = { kind: 'permanent' } as const;
  addEffect(g.state, {
    kind: 'layer', timestamp: o.timestamp, source: o.id, sourceName: name, controller: o.controller,
    affected: [o.id], mods: [{ layer: '6', kind: 'abilities', add: gains.map((a) => `kw:${a}`) }], duration, rule,
  });
  g.changed();
  g.emit({ type: 'continuous_effect', rule, by: g.ref(o.id), affected: [g.ref(o.id)], what: `gain ${gains.join(', ').toLowerCase()}`, duration });
}

/** The object a scenario id now names (it follows the card through zone changes). */
export function objectByRef(g: Game, ref: string): GameObject | undefined {
  const objects = g.state.objects;
  for (const id in objects) if (objects[id]!.ref === ref) return objects[id];
  return undefined;
}

/** Where an object is, as checkpoints write it: "Alice.graveyard", "stack", "none". */
export function zoneKey(g: Game, o: GameObject): string {
  if (o.zone === 'stack') return 'stack';
  if (o.zone === 'battlefield') return `${g.chars(o.id).controller}.battlefield`;
  return `${o.owner}.${o.zone}`;
}
