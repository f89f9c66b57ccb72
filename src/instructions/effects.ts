// Following the instructions of a resolving spell or ability (608.2c-h): one-shot effects (610),
// continuous effects from resolution with a fixed set of affected objects (611.2c), and the choices
// made on resolution (608.2d). Each instruction of the card DSL has one handler here.

import { STEPS, type Effect, type Ref, type Trigger } from '../cards/types.js';
import type { CostPart } from '../cards/costs.js';
import type { RuleId } from '../core/rules/index.js';
import { evalAmount, linkedCards, objectValue, type AmountScope } from '../characteristics/amounts.js';
import { checkCondition } from '../characteristics/conditions.js';
import { candidatesFor, matchesFilter, type FilterContext, type Thing } from '../characteristics/filters.js';
import type { Game } from '../state/game.js';
import {
  counterObject, dealDamage, destroy, drawCard, gainLife, loseLife, putCounters, sacrifice, tapPermanent, untapPermanent,
} from '../events/keywordActions.js';
import { COLORS, COLOR_NAMES, type ColorLetter, type Mana } from '../core/mana.js';
import type { Option } from '../state/questions.js';
import type { EffectDuration, LayerMod, ObjId, PlayerId, StackChoices, ZoneName } from '../state/state.js';
import { thingOption } from '../stack/targets.js';
import { attempt } from '../game/playerActions.js';
import { castSpell } from '../stack/casting.js';
import { copyForEachOtherTarget, copySpell, captureCopy, exceptionNotes } from '../stack/copy.js';
import { activeCopy } from '../characteristics/layers.js';
import { activatedAbilities } from '../characteristics/abilities.js';
import { announcedCost, payTotalCost } from '../stack/costs.js';
import { addPlain, emptyPlainCost } from '../core/mana.js';
import { newChoices } from '../stack/proposal.js';
import type { PayStep } from '../state/questions.js';
import { createEnteringPermanent, moveObject, shuffleLibrary, zoneLabel } from '../events/zones.js';
import { replaceEvent } from '../events/replacement.js';
import { activeStatics, covers } from '../characteristics/statics.js';
import { collectStateTriggers } from '../stack/triggers.js';

export interface ResolveCtx {
  /** The resolving spell or ability on the stack. */
  stackObj: ObjId;
  /** The spell itself, or the source of the ability (possibly gone: last known information). */
  source: ObjId;
  sourceName: string;
  controller: PlayerId;
  choices: StackChoices;
  /** Legal targets at resolution, by slot key (608.2b). */
  legal: Map<string, Thing[]>;
  /** How many targets each slot had when chosen (for "divided evenly" among the original number). */
  chosenCount: Map<string, number>;
  x: number;
  kicked: boolean;
  castFrom?: ZoneName;
  mode?: number;
  it: Thing[];
  thatPlayer?: PlayerId;
  didLast?: boolean;
  /** The amount of the event a replacement effect replaces ("for each 1 life you would gain"). */
  eventAmount?: number;
  /** The object or player a `for_each` is handling now (`each`). */
  each?: Thing;
  /** Objects chosen by a `choose: {object}` instruction of this resolution (`chosen`). */
  chosen?: Thing[];
  /** A color chosen by a `choose: color` instruction of this resolution. */
  chosenColor?: ColorLetter;
  /** The key of the ability, for delayed triggers it creates. */
  abilityKey: string;
  effectPath: string;
}

// ------------------------------------------------------------------ references

function slotThings(ctx: ResolveCtx, name: string): Thing[] | undefined {
  const out: Thing[] = [];
  let found = false;
  for (const [key, things] of ctx.legal) {
    const bare = key.replace(/^\d+\./, '').replace(/@.*$/, '');
    const mode = /^(\d+)\./.exec(key)?.[1];
    if (bare !== name) continue;
    if (mode !== undefined && ctx.mode !== undefined && Number(mode) !== ctx.mode) continue;
    found = true;
    out.push(...things);
  }
  return found ? out : undefined;
}

export function refThings(g: Game, ctx: ResolveCtx, ref: Ref): Thing[] {
  const opp = /^opponents_of:(.+)$/.exec(ref);
  if (opp) {
    const ps = refThings(g, ctx, opp[1]!).map((t) => ('player' in t ? t.player : controllerOf(g, t.obj)));
    return g.apnap().filter((p) => ps.length > 0 && !ps.includes(p)).map((player) => ({ player }));
  }
  const m = /^(controller_of|owner_of):(.+)$/.exec(ref);
  if (m) {
    const inner = m[2] === 'it' || !slotThings(ctx, m[2]!) ? refThings(g, ctx, m[2]!) : allChosen(ctx, m[2]!);
    const players = inner.map((t) => ('player' in t ? t.player : m[1] === 'owner_of' ? ownerOf(g, t.obj) : controllerOf(g, t.obj)));
    return [...new Set(players)].map((player) => ({ player }));
  }
  const targets = slotThings(ctx, ref);
  if (targets) return targets;
  switch (ref) {
    case 'self': return [{ obj: ctx.source }];
    case 'you': return [{ player: ctx.controller }];
    case 'enchanted':
    case 'equipped': {
      const src = g.tryObj(ctx.source) ?? g.state.lki[ctx.source]?.object;
      return typeof src?.attachedTo === 'string' && g.tryObj(src.attachedTo) ? [{ obj: src.attachedTo }] : [];
    }
    case 'sacrificed': return ctx.choices.paid.sacrificed.map((obj) => ({ obj }));
    case 'linked': {
      const src = g.tryObj(ctx.source) ?? g.state.lki[ctx.source]?.object;
      return src ? linkedCards(g, src, ctx.abilityKey) : [];
    }
    case 'exiled': return ctx.choices.paid.exiled.map((obj) => ({ obj }));
    case 'discarded': return ctx.choices.paid.discarded.map((obj) => ({ obj }));
    case 'it': return ctx.it;
    case 'chosen': return ctx.chosen ?? [];
    case 'each': return ctx.each ? [ctx.each] : [];
    case 'that_player': return ctx.thatPlayer ? [{ player: ctx.thatPlayer }] : [];
    case 'each_player': return g.apnap().map((player) => ({ player }));
    case 'each_opponent': return g.opponents(ctx.controller).map((player) => ({ player }));
    default: return [];
  }
}

/** The targets as chosen, legal or not: "its controller" still finds the controller of a target that left. */
function allChosen(ctx: ResolveCtx, name: string): Thing[] {
  const out: Thing[] = [];
  for (const t of ctx.choices.targets) {
    if (t.spec.replace(/^\d+\./, '').replace(/@.*$/, '') !== name) continue;
    for (const c of t.chosen) out.push('obj' in c ? { obj: c.obj } : { player: c.player });
  }
  return out;
}

function controllerOf(g: Game, id: ObjId): PlayerId {
  if (g.tryObj(id)) return g.controller(id);
  return g.state.lki[id]?.controller ?? g.state.lki[id]!.object.owner;
}

function ownerOf(g: Game, id: ObjId): PlayerId {
  return g.tryObj(id)?.owner ?? g.state.lki[id]!.object.owner;
}

function players(g: Game, ctx: ResolveCtx, ref: Ref): PlayerId[] {
  return refThings(g, ctx, ref).map((t) => ('player' in t ? t.player : controllerOf(g, t.obj)));
}

function objects(g: Game, ctx: ResolveCtx, ref: Ref): ObjId[] {
  return refThings(g, ctx, ref).filter((t): t is { obj: ObjId } => 'obj' in t && !!g.tryObj(t.obj)).map((t) => t.obj);
}

function filterCtx(ctx: ResolveCtx): FilterContext {
  return { you: ctx.controller, source: ctx.source, ...(ctx.thatPlayer ? { thatPlayer: ctx.thatPlayer } : {}) };
}

function scope(g: Game, ctx: ResolveCtx): AmountScope {
  return { filterCtx: filterCtx(ctx), x: ctx.x, things: (r) => refThings(g, ctx, r), ...(ctx.eventAmount !== undefined ? { eventAmount: ctx.eventAmount } : {}) };
}

function amount(g: Game, ctx: ResolveCtx, a: Parameters<typeof evalAmount>[1], forPlayer?: PlayerId): number {
  // "Target player gains X life, where X is ... they control": the amount reads that player
  return evalAmount(g, a, scope(g, forPlayer ? { ...ctx, thatPlayer: forPlayer } : ctx));
}

function label(g: Game, t: Thing): string {
  return 'player' in t ? t.player : g.name(t.obj);
}

// ------------------------------------------------------------------ continuous effects

function durationOf(until: string): EffectDuration {
  switch (until) {
    case 'source_tapped': return { kind: 'while_source_tapped' };
    case 'source_on_battlefield': return { kind: 'while_source_on_battlefield' };
    case 'permanent': return { kind: 'permanent' };
    default: return { kind: 'end_of_turn' };
  }
}

/** 611.2a/c: a continuous effect from a resolving spell or ability, affecting a set fixed now. */
export function addContinuousEffect(g: Game, ctx: { source: ObjId; sourceName: string; controller: PlayerId }, affected: ObjId[], mods: LayerMod[], until: string, what: string): void {
  if (affected.length === 0) return;
  const duration = durationOf(until);
  g.state.effects.push({
    id: g.state.nextEffectId++, timestamp: g.newTimestamp(), source: ctx.source, sourceName: ctx.sourceName, controller: ctx.controller,
    affected, mods, duration, rule: '611.2a',
  });
  g.emit({ type: 'continuous_effect', rule: '611.2c', by: g.ref(ctx.source, ctx.sourceName), affected: affected.map((id) => g.ref(id)), what, duration });
}

// ------------------------------------------------------------------ instructions

export function runEffects(g: Game, effects: Effect[], ctx: ResolveCtx): void {
  for (const [i, e] of effects.entries()) {
    const path = `${ctx.effectPath}.${i}`;
    runEffect(g, e, { ...ctx, effectPath: path }, ctx);
    if (g.state.result) return;
    // 603.8: a state trigger triggers as soon as its condition is true, even in the middle of a resolution
    collectStateTriggers(g);
  }
}

/** Runs one instruction; `outer` receives what later instructions refer back to (it, did). */
function runEffect(g: Game, e: Effect, ctx: ResolveCtx, outer: ResolveCtx): void {
  const rule: RuleId = '608.2c';
  const src = ctx.sourceName;
  switch (e.verb) {
    case 'damage': {
      const targets = refThings(g, ctx, e.to);
      const source = e.from ? (objects(g, ctx, e.from)[0] ?? ctx.source) : ctx.source;
      const total = amount(g, ctx, e.amount);
      if (e.divided && ctx.choices.divide) {
        // 601.2d: the division announced as it was cast; illegal targets get nothing (608.2b)
        const chosen = ctx.choices.targets.flatMap((t) => t.chosen);
        chosen.forEach((c, i) => {
          const t: Thing = 'obj' in c ? { obj: c.obj } : { player: c.player };
          if (targets.some((x) => JSON.stringify(x) === JSON.stringify(t))) dealDamage(g, source, t, ctx.choices.divide![i] ?? 0);
        });
      } else if (e.evenly) {
        const count = [...ctx.chosenCount.values()].reduce((a, b) => a + b, 0);
        const each = count > 0 ? Math.floor(total / count) : 0;
        if (count > 1) g.emit({ type: 'divided_evenly', rule: '608.2c', by: g.ref(ctx.source, src), total, count, each });
        for (const t of targets) dealDamage(g, source, t, each);
      } else {
        for (const t of targets) dealDamage(g, source, t, total);
      }
      outer.it = targets;
      return;
    }
    case 'damage_each': {
      const n = amount(g, ctx, e.amount);
      const ids = candidatesFor(g, e.filter).filter((id) => matchesFilter(g, e.filter, { obj: id }, filterCtx(ctx)));
      for (const id of ids) dealDamage(g, ctx.source, { obj: id }, n);
      return;
    }
    case 'destroy': {
      const ids = objects(g, ctx, e.what).filter((id) => g.obj(id).zone === 'battlefield');
      outer.it = ids.map((obj) => ({ obj }));
      for (const id of ids) destroy(g, id, '701.7a', src, !e.no_regenerate);
      return;
    }
    case 'destroy_all': {
      const ids = candidatesFor(g, e.filter).filter((id) => matchesFilter(g, e.filter, { obj: id }, filterCtx(ctx)));
      g.emit({ type: 'destroy_all', rule: '608.2c', by: g.ref(ctx.source, src), filter: e.filter.text, objs: ids.map((id) => g.ref(id)) });
      outer.it = ids.map((obj) => ({ obj }));
      for (const id of ids) destroy(g, id, '701.7a', src, !e.no_regenerate);
      return;
    }
    case 'exile': {
      const ids = objects(g, ctx, e.what);
      // 610.3a-b: "until [source] leaves the battlefield" when it already has: nothing is exiled
      if (e.until === 'source_leaves' && g.tryObj(ctx.source)?.zone !== 'battlefield') {
        g.emit({ type: 'nothing_happens', rule: '610.3b', by: g.ref(ctx.source, src), why: { kind: 'already_left' } });
        return;
      }
      const moved: ObjId[] = [];
      for (const id of ids) {
        const n = moveObject(g, id, 'exile', { rule: '701.11a', how: { kind: 'exiled', by: g.ref(ctx.source, src), untilLeaves: !!e.until } });
        if (n && g.tryObj(n)?.zone === 'exile') moved.push(n);
      }
      if ((e.until || e.linked) && moved.length) {
        g.state.exileLinks.push({ source: ctx.source, sourceName: src, cards: moved, untilLeaves: e.until === 'source_leaves', abilityKey: ctx.abilityKey });
      }
      outer.it = refThings(g, ctx, e.what);
      return;
    }
    case 'exile_all': {
      const ids = candidatesFor(g, e.filter).filter((id) => matchesFilter(g, e.filter, { obj: id }, filterCtx(ctx)));
      for (const id of ids) moveObject(g, id, 'exile', { rule: '701.11a', how: { kind: 'exiled', by: g.ref(ctx.source, src), untilLeaves: false } });
      return;
    }
    case 'return_to_hand': {
      for (const id of objects(g, ctx, e.what)) {
        moveObject(g, id, 'hand', { rule: '608.2c', how: { kind: 'returned_to_hand', by: g.ref(ctx.source, src), player: null } });
      }
      return;
    }
    case 'return_to_battlefield': {
      for (const id of objects(g, ctx, e.what)) {
        const o = g.obj(id);
        if (o.zone === 'battlefield' || o.zone === 'stack') continue;
        // 614.1c: "with a counter on it" is part of how it enters
        const n = moveObject(g, id, 'battlefield', {
          rule: '608.2c', controller: e.under === 'you' ? ctx.controller : o.owner, ...(e.tapped ? { tapped: true } : {}), ...(e.counters ? { counters: e.counters } : {}),
          how: { kind: 'onto_battlefield', by: g.ref(ctx.source, src), returned: o.zone === 'graveyard' || o.zone === 'exile' || o.zone === 'hand' },
        });
        // 611.2e: an effect that changes it from the moment it enters ("that permanent is an enchantment")
        if (n && e.add_types) addContinuousEffect(g, ctx, [n], [{ layer: '4', kind: 'types', types: e.add_types, add: true }], 'permanent', `is also ${e.add_types.join(' and ')}`);
      }
      return;
    }
    case 'counter': {
      for (const id of objects(g, ctx, e.what)) {
        if (e.to && e.to !== 'graveyard') g.emit({ type: 'self_replacement', rule: '616.1a', by: g.ref(ctx.source, src), to: e.to });
        counterObject(g, id, src, e.to === 'library_top' ? 'library' : e.to === 'hand' ? 'hand' : e.to === 'exile' ? 'exile' : 'graveyard');
      }
      return;
    }
    case 'shuffle_into_library': {
      for (const id of objects(g, ctx, e.what)) moveObject(g, id, 'library', { rule: '701.20a', position: 'shuffle', how: { kind: 'shuffled_in', by: g.ref(ctx.source, src) } });
      return;
    }
    case 'return_chosen_to_hand': {
      for (const p of players(g, ctx, e.who)) {
        const options = Object.keys(g.state.objects).filter((id) => g.obj(id).owner === p && matchesFilter(g, e.filter, { obj: id }, { you: p, source: ctx.source }));
        if (options.length === 0) { g.emit({ type: 'too_few', rule: '609.3', player: p, what: 'return', have: 0, filter: e.filter.text }); continue; }
        const a = g.ask({ kind: 'choose', player: p, rule: '608.2d', prompt: `${p}: choose a ${e.filter.text} to return to your hand (${src})`, options: options.map((id) => thingOption(g, { obj: id })), min: 1, max: 1 });
        for (const id of (a as { options: string[] }).options) moveObject(g, id, 'hand', { rule: '608.2c', how: { kind: 'returned_to_hand', by: g.ref(ctx.source, src), player: p } });
      }
      return;
    }
    case 'create_static': {
      // 611.2: a resolving spell's effect that changes the rules of the game, for its duration
      g.state.ruleEffects.push({ id: g.state.nextEffectId++, source: ctx.source, sourceName: src, controller: ctx.controller, defs: e.defs, until: e.until });
      g.changed();
      g.emit({ type: 'rules_effect', rule: '611.2a', by: g.ref(ctx.source, src), player: ctx.controller, kinds: e.defs.map((d) => d.kind) });
      return;
    }
    case 'create_replacement': {
      // 614.3: a replacement effect from a resolving spell lasts for its duration
      g.state.replacements.push({ id: g.state.nextEffectId++, source: ctx.source, sourceName: src, controller: ctx.controller, def: e.def, until: e.until === 'end_of_turn' ? 'end_of_turn' : 'permanent' });
      g.emit({ type: 'replacement_created', rule: '614.3', by: g.ref(ctx.source, src), untilEndOfTurn: e.until === 'end_of_turn' });
      return;
    }
    case 'draw': {
      for (const p of players(g, ctx, e.who)) {
        const n = amount(g, ctx, e.amount, p);
        for (let i = 0; i < n; i++) drawCard(g, p, '121.1');
      }
      return;
    }
    case 'discard': {
      const discarded: Thing[] = [];
      for (const p of players(g, ctx, e.who)) discarded.push(...discardCards(g, p, e.amount === 'hand' ? 'hand' : amount(g, ctx, e.amount, p), src).map((obj) => ({ obj })));
      outer.it = discarded;
      outer.didLast = discarded.length > 0;
      return;
    }
    case 'mill': {
      for (const p of players(g, ctx, e.who)) {
        const n = amount(g, ctx, e.amount, p);
        const cards = g.player(p).library.slice(0, n);
        if (cards.length < n) g.emit({ type: 'too_few', rule: '609.3', player: p, what: 'mill', have: cards.length, filter: null });
        for (const id of cards) moveObject(g, id, 'graveyard', { rule: '701.13a', how: { kind: 'milled' } });
      }
      return;
    }
    case 'gain_life':
      for (const p of players(g, ctx, e.who)) gainLife(g, p, amount(g, ctx, e.amount, p));
      return;
    case 'lose_life':
      for (const p of players(g, ctx, e.who)) loseLife(g, p, amount(g, ctx, e.amount, p));
      return;
    case 'add_mana': {
      const made: Mana[] = [];
      if (e.mana) {
        let times = 1;
        if (e.per) times = g.state.battlefield.filter((x) => matchesFilter(g, e.per!, { obj: x }, filterCtx(ctx))).length;
        for (let i = 0; i < times; i++) for (const s of e.mana) if (s.kind === 'mana') made.push({ type: s.type });
      }
      for (let i = 0; i < (e.any_color ?? 0); i++) {
        const a = g.ask({ kind: 'value', player: ctx.controller, rule: '608.2d', what: 'color', prompt: `Choose a color of mana for ${src}`, options: COLORS.map((c) => ({ id: c, label: COLOR_NAMES[c] })) });
        made.push({ type: (a as { value: string }).value as Mana['type'] });
      }
      g.player(ctx.controller).pool.push(...made);
      g.emit({ type: 'mana_added', rule: '106.4', by: g.ref(ctx.source, src), player: ctx.controller, mana: made });
      return;
    }
    case 'put_counters': {
      const ids = objects(g, ctx, e.on).filter((id) => g.obj(id).zone === 'battlefield');
      if (e.divided && ctx.choices.divide) {
        const chosen = ctx.choices.targets.flatMap((t) => t.chosen);
        chosen.forEach((c, i) => {
          if ('obj' in c && ids.includes(c.obj)) putCounters(g, c.obj, e.counter, ctx.choices.divide![i] ?? 0, '122.1', src);
        });
      } else {
        const n = amount(g, ctx, e.amount);
        for (const id of ids) putCounters(g, id, e.counter, n, '122.1', src);
      }
      return;
    }
    case 'remove_counters': {
      const n = amount(g, ctx, e.amount);
      for (const id of objects(g, ctx, e.on)) {
        const o = g.obj(id);
        const had = o.counters[e.counter] ?? 0;
        const k = Math.min(had, n);
        if (k === 0) continue;
        o.counters[e.counter] = had - k;
        g.emit({ type: 'counters', rule: '608.2c', obj: g.ref(id), counter: e.counter, delta: -k, cause: { removed: true } });
      }
      return;
    }
    case 'pump': {
      const ids = objects(g, ctx, e.on).filter((id) => g.obj(id).zone === 'battlefield');
      const p = amount(g, ctx, e.power) * (e.negX?.[0] ? -1 : 1);
      const t = amount(g, ctx, e.toughness) * (e.negX?.[1] ? -1 : 1);
      addContinuousEffect(g, ctx, ids, [{ layer: '7c', kind: 'mod_pt', power: p, toughness: t }], e.until, `get ${signed(p)}/${signed(t)}`);
      return;
    }
    case 'pump_all': {
      const ids = candidatesFor(g, e.filter).filter((id) => matchesFilter(g, e.filter, { obj: id }, filterCtx(ctx)));
      const p = amount(g, ctx, e.power) * (e.negX?.[0] ? -1 : 1);
      const t = amount(g, ctx, e.toughness) * (e.negX?.[1] ? -1 : 1);
      addContinuousEffect(g, ctx, ids, [{ layer: '7c', kind: 'mod_pt', power: p, toughness: t }], e.until, `get ${signed(p)}/${signed(t)}`);
      return;
    }
    case 'grant': {
      const ids = objects(g, ctx, e.on).filter((id) => g.obj(id).zone === 'battlefield');
      addContinuousEffect(g, ctx, ids, [{ layer: '6', kind: 'abilities', add: e.abilities.map((a) => `kw:${a}`) }], e.until, `gain ${e.abilities.join(', ').toLowerCase()}`);
      return;
    }
    case 'grant_all': {
      const ids = candidatesFor(g, e.filter).filter((id) => matchesFilter(g, e.filter, { obj: id }, filterCtx(ctx)));
      addContinuousEffect(g, ctx, ids, [{ layer: '6', kind: 'abilities', add: e.abilities.map((a) => `kw:${a}`) }], e.until, `gain ${e.abilities.join(', ').toLowerCase()}`);
      return;
    }
    case 'lose_ability': {
      const ids = objects(g, ctx, e.on).filter((id) => g.obj(id).zone === 'battlefield');
      addContinuousEffect(g, ctx, ids, [{ layer: '6', kind: 'abilities', remove: e.abilities }], e.until, `lose ${e.abilities.join(', ').toLowerCase()}`);
      return;
    }
    case 'become': {
      const ids = objects(g, ctx, e.on).filter((id) => g.obj(id).zone === 'battlefield');
      const mods: LayerMod[] = [];
      if (e.name) mods.push({ layer: '3', kind: 'name', name: e.name });
      if (e.types || e.subtypes || e.supertypes) mods.push({ layer: '4', kind: 'types', ...(e.types ? { types: e.types } : {}), ...(e.subtypes ? { subtypes: e.subtypes } : {}), ...(e.supertypes ? { supertypes: e.supertypes } : {}), add: !!e.add_types });
      // "becomes the color of your choice": the color chosen by a `choose: color` before it
      const colors = e.colors === 'chosen' ? (ctx.chosenColor ? [ctx.chosenColor] : []) : e.colors;
      if (colors) mods.push({ layer: '5', kind: 'colors', colors, add: false });
      if (e.lose_abilities) mods.push({ layer: '6', kind: 'abilities', removeAll: true });
      if (e.abilities) mods.push({ layer: '6', kind: 'abilities', add: e.abilities.map((a) => `kw:${a}`) });
      if (e.with) mods.push({ layer: '6', kind: 'abilities', add: [e.with.key] });
      if (e.power !== undefined && e.toughness !== undefined) mods.push({ layer: '7b', kind: 'set_pt', power: amount(g, ctx, e.power), toughness: amount(g, ctx, e.toughness) });
      const desc = [
        e.power !== undefined ? `${amount(g, ctx, e.power!)}/${amount(g, ctx, e.toughness!)}` : '',
        colors ? colors.map((c) => COLOR_NAMES[c]).join(' and ') : '',
        [...(e.supertypes ?? []), ...(e.subtypes ?? []), ...(e.types ?? [])].join(' '),
        e.name ? `named ${e.name}` : '',
        e.with ? `with "${e.with.text}"` : '',
      ].filter(Boolean).join(' ');
      addContinuousEffect(g, ctx, ids, mods, e.until, `become${e.add_types ? ' in addition' : ''} ${desc}`);
      return;
    }
    case 'reveal_top': {
      const revealed: Thing[] = [];
      for (const p of players(g, ctx, e.who)) {
        const top = g.player(p).library[0];
        if (!top) {
          g.emit({ type: 'library_empty', rule: '701.16a', player: p, for: 'reveal' });
          continue;
        }
        revealed.push({ obj: top });
        g.emit({ type: 'revealed', rule: '701.16a', player: p, obj: g.ref(top), by: g.ref(ctx.source, src) });
      }
      outer.it = revealed;
      return;
    }
    case 'turn_face_down': {
      for (const id of objects(g, ctx, e.what)) {
        const o = g.obj(id);
        if (o.zone !== 'battlefield') continue;
        if (o.faceDown) {
          g.emit({ type: 'already_face_down', rule: '708.2b', obj: g.ref(id) });
          continue;
        }
        const before = g.name(id);
        o.faceDown = true;
        // a copy effect lasting "until it is turned face down" ends now
        if (o.copied?.untilFaceDown) delete o.copied;
        g.changed();
        g.emit({ type: 'turned_face_down', rule: '708.2a', obj: g.ref(id, before), by: g.ref(ctx.source, src) });
      }
      return;
    }
    case 'flip': {
      // 710.2, 710.4: a flip card on the battlefield turns to its other half, once and for good
      for (const id of objects(g, ctx, e.what)) {
        const o = g.obj(id);
        const def = o.card ? g.cards.get(o.card) : undefined;
        if (o.zone !== 'battlefield' || o.flipped || o.faceDown || !(def?.flip || activeCopy(g, o)?.flip)) continue;
        const before = g.name(id);
        o.flipped = true;
        g.changed();
        g.emit({ type: 'flipped', rule: '710.2', obj: g.ref(id, before), now: g.name(id) });
      }
      return;
    }
    case 'become_copy': {
      const of = refThings(g, ctx, e.of).find((t): t is { obj: ObjId } => 'obj' in t);
      const ids = objects(g, ctx, e.on).filter((id) => g.obj(id).zone === 'battlefield');
      if (!of || ids.length === 0) {
        g.emit({ type: 'nothing_happens', rule: '608.2b', by: g.ref(ctx.source, src), why: { kind: 'nothing_to_copy' } });
        return;
      }
      for (const id of ids) {
        const values = captureCopy(g, of.obj, e.except, g.obj(id), ctx.abilityKey);
        const before = g.name(id);
        g.state.effects.push({
          id: g.state.nextEffectId++, timestamp: g.newTimestamp(), source: ctx.source, sourceName: ctx.sourceName, controller: ctx.controller,
          affected: [id], mods: [{ layer: '1', kind: 'copy', values }], duration: durationOf(e.until), rule: '707.4',
        });
        g.changed();
        g.emit({ type: 'copy_effect', rule: '707.4', obj: g.ref(id, before), of: values.from, duration: durationOf(e.until), by: g.ref(ctx.source, src) });
        for (const n of exceptionNotes(e.except)) g.emit({ type: 'copy_exception', rule: n.rule, obj: g.ref(id), exception: n.exception });
      }
      return;
    }
    case 'switch_pt': {
      const ids = objects(g, ctx, e.on).filter((id) => g.obj(id).zone === 'battlefield');
      addContinuousEffect(g, ctx, ids, [{ layer: '7d', kind: 'switch_pt' }], e.until, 'have power and toughness switched');
      return;
    }
    case 'fight': {
      // 701.12b: if either creature is no longer on the battlefield or no longer a creature, no damage is dealt
      const a = objects(g, ctx, e.a)[0];
      const b = objects(g, ctx, e.b)[0];
      const ok = (id?: ObjId) => !!id && g.obj(id).zone === 'battlefield' && g.chars(id).types.includes('creature');
      if (!ok(a) || !ok(b)) {
        g.emit({ type: 'nothing_happens', rule: '701.12b', by: g.ref(ctx.source, src), why: { kind: 'no_fight' } });
        return;
      }
      const pa = g.chars(a!).power ?? 0;
      const pb = g.chars(b!).power ?? 0;
      g.emit({ type: 'fight', rule: '701.12a', a: g.ref(a!), b: g.ref(b!) });
      dealDamage(g, a!, { obj: b! }, pa);
      dealDamage(g, b!, { obj: a! }, pb);
      return;
    }
    case 'tap':
      for (const id of objects(g, ctx, e.what)) tapPermanent(g, id, '701.21a', src);
      return;
    case 'untap':
      for (const id of objects(g, ctx, e.what)) untapPermanent(g, id, '701.21a', src);
      return;
    case 'gain_control': {
      const ids = objects(g, ctx, e.what).filter((id) => g.obj(id).zone === 'battlefield');
      addContinuousEffect(g, ctx, ids, [{ layer: '2', kind: 'control', player: ctx.controller }], e.until, `come under ${ctx.controller}'s control`);
      return;
    }
    case 'exchange_control': {
      // 701.10c: if either permanent is gone, or both have the same controller, nothing happens
      // [pair, pair]: the two objects one "two target creatures" names
      const [a, b] = e.a === e.b ? objects(g, ctx, e.a) : [objects(g, ctx, e.a)[0], objects(g, ctx, e.b)[0]];
      if (!a || !b || g.obj(a).zone !== 'battlefield' || g.obj(b).zone !== 'battlefield' || g.controller(a) === g.controller(b)) {
        g.emit({ type: 'nothing_happens', rule: '701.10b', by: g.ref(ctx.source, src), why: { kind: 'no_exchange' } });
        return;
      }
      const ca = g.controller(a);
      const cb = g.controller(b);
      addContinuousEffect(g, ctx, [a], [{ layer: '2', kind: 'control', player: cb }], 'permanent', `comes under ${cb}'s control`);
      addContinuousEffect(g, ctx, [b], [{ layer: '2', kind: 'control', player: ca }], 'permanent', `comes under ${ca}'s control`);
      return;
    }
    case 'create_token': {
      // 614.16: effects that change how many tokens are created apply first; then each enters (614.12)
      const ev = replaceEvent(g, { kind: 'tokens', controller: ctx.controller, n: amount(g, ctx, e.amount) });
      const n = ev && ev.kind === 'tokens' ? ev.n : 0;
      const made: Thing[] = [];
      // 707.2, 111.10: a token that's a copy of an object has that object's copiable values
      const original = e.token.copy_of !== undefined ? refThings(g, ctx, e.token.copy_of).find((t): t is { obj: ObjId } => 'obj' in t) : undefined;
      if (e.token.copy_of !== undefined && !original) {
        g.emit({ type: 'nothing_happens', rule: '608.2b', by: g.ref(ctx.source, src), why: { kind: 'no_token_copy' } });
        return;
      }
      for (let i = 0; i < n; i++) {
        const copied = original ? captureCopy(g, original.obj, e.copy_except, undefined, ctx.abilityKey) : undefined;
        const o = createEnteringPermanent(g, { token: e.token, owner: ctx.controller, zone: 'battlefield', ...(e.tapped ? { tapped: true } : {}), ...(copied ? { copied } : {}) });
        if (!o) continue;
        made.push({ obj: o.id });
        g.emit({
          type: 'token_created', rule: copied ? '707.2' : '111.4', by: g.ref(ctx.source, src), obj: g.ref(o.id), controller: ctx.controller, copyOf: copied ? copied.from : null,
          name: e.token.name ?? null, power: e.token.power ?? null, toughness: e.token.toughness ?? null,
        });
        if (copied) for (const note of exceptionNotes(e.copy_except)) g.emit({ type: 'copy_exception', rule: note.rule, obj: g.ref(o.id), exception: note.exception });
      }
      outer.it = made;
      return;
    }
    case 'sacrifice': {
      if (e.what === 'self') {
        const o = g.tryObj(ctx.source);
        outer.didLast = !!o && o.zone === 'battlefield';
        if (outer.didLast) sacrifice(g, ctx.source, src);
        else g.emit({ type: 'nothing_happens', rule: '118.12', by: g.ref(ctx.source, src), why: { kind: 'cant_sacrifice' } });
        return;
      }
      const n = amount(g, ctx, e.amount);
      // 608.2e: each player chooses, in APNAP order, then all are sacrificed at once
      const picks: ObjId[] = [];
      for (const p of sortApnap(g, players(g, ctx, e.who))) {
        const options = g.state.battlefield.filter((id) => g.controller(id) === p && matchesFilter(g, e.filter!, { obj: id }, { you: p, source: ctx.source }));
        const k = Math.min(n, options.length);
        const a = g.ask({ kind: 'choose', player: p, rule: '608.2d', prompt: `${p}: choose ${k} ${e.filter!.text} to sacrifice (${src})`, options: options.map((id) => thingOption(g, { obj: id })), min: k, max: k });
        picks.push(...(a as { options: string[] }).options);
      }
      for (const id of picks) sacrifice(g, id, src);
      outer.didLast = picks.length > 0;
      outer.it = picks.map((obj) => ({ obj }));
      return;
    }
    case 'scry': {
      const n = amount(g, ctx, e.amount);
      const p = g.player(ctx.controller);
      const top = p.library.slice(0, n);
      if (top.length === 0) return;
      const a = g.ask({ kind: 'choose', player: ctx.controller, rule: '701.18a', prompt: `Scry ${n}: choose the cards to put on the bottom of your library`, options: top.map((id) => thingOption(g, { obj: id })), min: 0, max: top.length });
      const bottom = (a as { options: string[] }).options;
      p.library = [...p.library.filter((id) => !bottom.includes(id)), ...bottom];
      g.emit({ type: 'scry', rule: '701.18a', player: ctx.controller, n, bottom: bottom.length, top: top.length - bottom.length });
      return;
    }
    case 'regenerate': {
      for (const id of objects(g, ctx, e.what)) {
        g.obj(id).regenerationShields++;
        g.emit({ type: 'regeneration_shield', rule: '701.15a', by: g.ref(ctx.source, src), obj: g.ref(id) });
      }
      return;
    }
    case 'prevent_damage': {
      const targets = e.to ? refThings(g, ctx, e.to) : [undefined];
      let fromObj: ObjId | undefined;
      if (e.from_chosen_source) {
        // 609.7a: a source of the player's choice, chosen as the ability resolves
        const f = e.from_chosen_source;
        const options = [...g.state.battlefield, ...g.state.stack.filter((id) => !g.obj(id).ability)].filter((id) => matchesFilter(g, f, { obj: id }, filterCtx(ctx)));
        if (options.length === 0) {
          g.emit({ type: 'nothing_happens', rule: '609.7a', by: g.ref(ctx.source, src), why: { kind: 'no_choice', filter: f.text } });
          return;
        }
        const a = g.ask({ kind: 'choose', player: ctx.controller, rule: '609.7a', prompt: `${ctx.controller}: choose a ${f.text} (${src})`, options: options.map((id) => thingOption(g, { obj: id })), min: 1, max: 1 });
        fromObj = (a as { options: string[] }).options[0]!;
        g.emit({ type: 'chosen', rule: '609.7a', player: ctx.controller, choice: { kind: 'objects', objs: [g.ref(fromObj)] } });
      }
      for (const t of targets) {
        g.state.shields.push({
          id: g.state.nextEffectId++, kind: 'prevent', amount: e.amount === 'all' || e.amount === 'next' ? e.amount : amount(g, ctx, e.amount),
          ...(t ? { to: t } : {}), ...(fromObj ? { fromObj } : {}),
          ...(e.from || e.from_chosen_source ? { from: (e.from ?? e.from_chosen_source)!, controller: ctx.controller } : {}), ...(e.combat_only ? { combatOnly: true } : {}), source: ctx.source, sourceName: src, until: 'end_of_turn',
        });
        g.emit({
          type: 'prevention_shield', rule: e.amount === 'next' ? '615.8' : '615.7', by: g.ref(ctx.source, src), amount: e.amount === 'all' || e.amount === 'next' ? e.amount : amount(g, ctx, e.amount),
          combatOnly: !!e.combat_only, fromObj: fromObj ? g.ref(fromObj) : null, fromFilter: e.from?.text ?? null, to: t ? g.thingRef(t) : null,
        });
      }
      return;
    }
    case 'look_at_hand': {
      for (const p of players(g, ctx, e.who)) {
        g.emit({ type: 'hand_seen', rule: '608.2c', player: ctx.controller, of: p, cards: g.player(p).hand.map((id) => g.ref(id)) });
      }
      return;
    }
    case 'win_game': {
      const [w] = players(g, ctx, e.who);
      const angel = activeStatics(g, 'cant_lose').find((s) => g.state.players.some((p) => p.name !== w && covers(s.def.who, s.controller, p.name)))?.source;
      if (w && angel) {
        g.emit({ type: 'cant_win', rule: '104.2b', player: w, by: g.ref(angel), controller: g.controller(angel) });
        return;
      }
      if (w) {
        g.state.result = { winner: w };
        for (const p of g.state.players) if (p.name !== w) p.lost = true;
        g.emit({ type: 'game_over', rule: '104.2b', winner: w, by: g.ref(ctx.source, src) });
      }
      return;
    }
    case 'may': {
      const who = e.who ? players(g, ctx, e.who)[0]! : ctx.controller;
      // 608.2d: a player can't choose an option that is impossible (sacrificing with nothing to sacrifice)
      const cant = impossible(g, ctx, who, e.do[0]);
      if (cant) g.emit({ type: 'decision', rule: '608.2d', player: who, effects: verbsOf(e.do), outcome: { kind: 'cant', reason: cant, among: false } });
      const a = g.ask({ kind: 'yes', player: who, rule: '608.2d', prompt: `${who}: ${src} - you may ${describeEffects(e.do)}. Do you?`, ...(cant ? { forced: false } : {}) });
      const yes = (a as { value: boolean }).value;
      if (!cant) g.emit({ type: 'decision', rule: '608.2d', player: who, effects: verbsOf(e.do), outcome: { kind: yes ? 'yes' : 'no' } });
      if (!yes) {
        outer.didLast = false;
        return;
      }
      const inner: ResolveCtx = { ...ctx, didLast: undefined, effectPath: `${ctx.effectPath}.do` };
      runEffects(g, e.do, inner);
      // "if you do" asks whether it was done, not only chosen
      outer.didLast = inner.didLast !== false;
      if (inner.it !== ctx.it) outer.it = inner.it;
      return;
    }
    case 'gain_abilities_of': {
      const from = objects(g, ctx, e.of)[0];
      const ids = objects(g, ctx, e.on).filter((id) => g.obj(id).zone === 'battlefield');
      if (!from) return;
      const keys = activatedAbilities(g, from).map((a) => a.key);
      if (keys.length === 0) {
        g.emit({ type: 'no_abilities_to_gain', rule: '611.2c', obj: g.ref(from), kind: e.kind });
        return;
      }
      addContinuousEffect(g, ctx, ids, [{ layer: '6', kind: 'abilities', add: keys }], e.until, `gain${ids.length === 1 ? 's' : ''} the ${e.kind} abilities of ${g.name(from)}`);
      return;
    }
    case 'exchange_text_boxes': {
      const ids = objects(g, ctx, e.what).filter((id) => g.obj(id).zone === 'battlefield');
      if (ids.length !== 2) {
        g.emit({ type: 'nothing_happens', rule: '612.5', by: g.ref(ctx.source, src), why: { kind: 'no_two_objects' } });
        return;
      }
      const [a, b] = ids as [ObjId, ObjId];
      // one effect, two halves with the same timestamp: each gets the other's text as it was
      const timestamp = g.newTimestamp();
      const duration = durationOf(e.until);
      for (const [to, from] of [[a, b], [b, a]] as const) {
        g.state.effects.push({
          id: g.state.nextEffectId++, timestamp, source: ctx.source, sourceName: src, controller: ctx.controller,
          affected: [to], mods: [{ layer: '3', kind: 'text_from', from }], duration, rule: '612.5',
        });
      }
      g.changed();
      g.emit({ type: 'text_exchanged', rule: '612.5', by: g.ref(ctx.source, src), a: g.ref(a), b: g.ref(b), duration });
      return;
    }
    case 'must_block': {
      const attacker = objects(g, ctx, e.attacker).find((id) => g.obj(id).zone === 'battlefield');
      if (!attacker) return;
      for (const blocker of objects(g, ctx, e.what).filter((id) => g.obj(id).zone === 'battlefield')) {
        g.state.blockRequirements.push({ blocker, attacker, sourceName: src });
        g.emit({ type: 'must_block', rule: '509.1c', blocker: g.ref(blocker), attacker: g.ref(attacker), by: g.ref(ctx.source, src) });
      }
      return;
    }
    case 'attach': {
      const what = objects(g, ctx, e.what).find((id) => g.obj(id).zone === 'battlefield');
      const to = objects(g, ctx, e.to).find((id) => g.obj(id).zone === 'battlefield');
      if (!what || !to) {
        g.emit({ type: 'nothing_happens', rule: '701.3b', by: g.ref(ctx.source, src), why: { kind: 'nothing_to_attach' } });
        return;
      }
      const o = g.obj(what);
      const c = g.chars(what);
      // 701.3b, 301.5c: only to something it could equip; to the same object, nothing happens
      const legal = to !== what && (!c.subtypes.includes('Equipment') || (g.chars(to).types.includes('creature') && !c.types.includes('creature')));
      if (!legal || o.attachedTo === to) {
        g.emit({ type: 'attach_failed', rule: '701.3b', obj: g.ref(what), to: g.ref(to), already: o.attachedTo === to });
        return;
      }
      o.attachedTo = to;
      o.timestamp = g.newTimestamp(); // 701.3c
      g.changed();
      g.emit({ type: 'attached', rule: '701.3a', obj: g.ref(what), to: g.ref(to), by: g.ref(ctx.source, src) });
      return;
    }
    case 'search': {
      // 701.19a-b: look through the library; a search for cards with a stated quality may find nothing
      const found: Thing[] = [];
      for (const p of players(g, ctx, e.who)) {
        if (e.optional) {
          const a = g.ask({ kind: 'yes', player: p, rule: '608.2d', prompt: `${p}: search your library for a ${e.filter.text} (${src})?` });
          if (!(a as { value: boolean }).value) continue;
        }
        const options = g.player(p).library.filter((id) => matchesFilter(g, e.filter, { obj: id }, { ...filterCtx(ctx), you: p }));
        const a = g.ask({ kind: 'choose', player: p, rule: '701.19b', prompt: `${p}: search your library for a ${e.filter.text} (${src}); you may find none`, options: options.map((id) => thingOption(g, { obj: id })), min: 0, max: Math.min(1, options.length) });
        const pick = (a as { options: string[] }).options[0];
        if (!pick) {
          g.emit({ type: 'search_failed', rule: '701.19b', player: p, filter: e.filter.text });
          continue;
        }
        const n = moveObject(g, pick, e.to, { rule: '701.19a', ...(e.to === 'battlefield' ? { controller: p } : {}), ...(e.tapped ? { tapped: true } : {}), how: { kind: 'found', player: p, by: g.ref(ctx.source, src) } });
        if (n) found.push({ obj: n });
      }
      outer.it = found;
      outer.didLast = found.length > 0;
      return;
    }
    case 'shuffle': {
      for (const p of players(g, ctx, e.who)) shuffleLibrary(g, p);
      return;
    }
    case 'for_each': {
      const all: Thing[] = [];
      for (const t of processingOrder(g, ctx, refThings(g, ctx, e.what))) {
        const inner: ResolveCtx = { ...ctx, each: t, didLast: undefined, effectPath: `${ctx.effectPath}.do` };
        runEffects(g, e.do, inner);
        all.push(...inner.it);
        if (g.state.result) return;
      }
      outer.it = all;
      return;
    }
    case 'exile_top': {
      const exiled: Thing[] = [];
      for (const p of players(g, ctx, e.who)) {
        const top = g.player(p).library[0];
        if (!top) {
          g.emit({ type: 'library_empty', rule: '608.2c', player: p, for: 'exile' });
          continue;
        }
        const n = moveObject(g, top, 'exile', { rule: '701.11a', how: { kind: 'exiled_from_library', player: p, by: g.ref(ctx.source, src) } });
        if (n && g.tryObj(n)?.zone === 'exile') exiled.push({ obj: n });
      }
      if (e.linked && exiled.length) g.state.exileLinks.push({ source: ctx.source, sourceName: src, cards: exiled.map((t) => (t as { obj: ObjId }).obj), untilLeaves: false, abilityKey: ctx.abilityKey });
      outer.it = exiled;
      outer.didLast = exiled.length > 0;
      return;
    }
    case 'may_play': {
      const cards = objects(g, ctx, e.what).filter((id) => g.tryObj(id)?.zone === 'exile');
      if (cards.length === 0) return;
      g.state.playPermissions.push({ id: g.state.nextEffectId++, player: ctx.controller, cards, sourceName: src, fromTurn: g.state.turn.number });
      g.changed();
      g.emit({ type: 'may_play', rule: '601.3', player: ctx.controller, cards: cards.map((id) => g.ref(id)), by: g.ref(ctx.source, src) });
      return;
    }
    case 'each_player': {
      // 101.4: in APNAP order; "if a player does" afterwards asks whether any of them did
      let any = false;
      for (const p of g.apnap()) {
        const inner: ResolveCtx = { ...ctx, thatPlayer: p, didLast: undefined, effectPath: `${ctx.effectPath}.do` };
        runEffects(g, e.do, inner);
        if (inner.didLast) any = true;
        if (g.state.result) return;
      }
      outer.didLast = any;
      return;
    }
    case 'may_choose': {
      const who = players(g, ctx, e.who)[0] ?? ctx.controller;
      const options: Option[] = [];
      e.options.forEach((effects, i) => {
        const cant = impossible(g, { ...ctx, thatPlayer: who }, who, effects[0]);
        if (cant) g.emit({ type: 'decision', rule: '608.2d', player: who, effects: verbsOf(effects), outcome: { kind: 'cant', reason: cant, among: true } });
        else options.push({ id: String(i), label: describeEffects(effects) });
      });
      const a = g.ask({ kind: 'choose', player: who, rule: '608.2d', prompt: `${who}: ${src} - you may choose one (or none)`, options, min: 0, max: Math.min(1, options.length) });
      const pick = (a as { options: string[] }).options[0];
      if (pick === undefined) {
        g.emit({ type: 'decision', rule: '608.2d', player: who, effects: [], outcome: { kind: 'none' } });
        outer.didLast = false;
        return;
      }
      const chosen = e.options[Number(pick)]!;
      g.emit({ type: 'decision', rule: '608.2d', player: who, effects: verbsOf(chosen), outcome: { kind: 'yes' } });
      const inner: ResolveCtx = { ...ctx, didLast: undefined, effectPath: `${ctx.effectPath}.options.${pick}` };
      runEffects(g, chosen, inner);
      outer.didLast = inner.didLast !== false;
      return;
    }
    case 'if_you_do':
      if (outer.didLast) {
        g.emit({ type: 'if_you_do', rule: '118.12', by: g.ref(ctx.source, src), done: true, effects: verbsOf(e.do) });
        runEffects(g, e.do, { ...ctx, effectPath: `${ctx.effectPath}.do` });
      }
      else if (e.otherwise) runEffects(g, e.otherwise, { ...ctx, effectPath: `${ctx.effectPath}.otherwise` });
      else g.emit({ type: 'if_you_do', rule: '118.12', by: g.ref(ctx.source, src), done: false, effects: verbsOf(e.do) });
      return;
    case 'unless': {
      // 118.12a: "[do something] unless [a player pays]": that player may pay; if they don't, it happens
      const payer = players(g, ctx, e.who)[0];
      let paid = false;
      const times = e.times !== undefined ? amount(g, ctx, e.times) : 1;
      const costText = times === 1 ? e.cost.text : `${e.cost.text} x${times}`;
      const cant = payer ? unpayable(g, payer, e.cost.parts, times) : null;
      if (payer && cant) g.emit({ type: 'unless_paid', rule: '118.3', player: payer, cost: costText, outcome: { kind: 'cant', reason: cant } });
      if (payer && !cant) {
        const a = g.ask({ kind: 'yes', player: payer, rule: '118.12a', prompt: `${payer}: pay ${costText} so that ${src} doesn't ${describeEffects(e.do)}?` });
        if ((a as { value: boolean }).value) {
          const cost = { text: costText, parts: Array.from({ length: times }, () => e.cost.parts).flat() };
          const r = attempt(g, `${payer}'s payment of ${costText}`, () => payResolutionCost(g, payer, cost, `the "unless" cost ${costText} of ${src}`));
          paid = r.ok;
        }
        g.emit({ type: 'unless_paid', rule: '118.12a', player: payer, cost: costText, outcome: paid ? { kind: 'paid', by: g.ref(ctx.source, src), effects: verbsOf(e.do) } : { kind: 'not_paid' } });
      }
      if (!paid) runEffects(g, e.do, { ...ctx, effectPath: `${ctx.effectPath}.do` });
      return;
    }
    case 'if': {
      const ok = checkCondition(g, e.condition, { you: ctx.controller, source: ctx.source, kicked: ctx.kicked, ...(ctx.castFrom ? { castFrom: ctx.castFrom } : {}), things: (r) => refThings(g, ctx, r) });
      if (ok) runEffects(g, e.do, { ...ctx, effectPath: `${ctx.effectPath}.do` });
      else if (e.otherwise) runEffects(g, e.otherwise, { ...ctx, effectPath: `${ctx.effectPath}.otherwise` });
      return;
    }
    case 'choose': {
      if (e.what === 'object') {
        const pool = e.among ? objects(g, ctx, e.among) : g.state.battlefield;
        const options = pool.filter((id) => matchesFilter(g, e.filter, { obj: id }, { you: ctx.controller, source: ctx.source }));
        if (options.length === 0) {
          g.emit({ type: 'nothing_happens', rule: '608.2d', by: g.ref(ctx.source, src), why: { kind: 'no_choice', filter: e.filter.text } });
          outer.chosen = [];
          return;
        }
        const a = g.ask({ kind: 'choose', player: ctx.controller, rule: '608.2d', prompt: `${src}: choose a ${e.filter.text}`, options: options.map((id) => thingOption(g, { obj: id })), min: 1, max: 1 });
        outer.chosen = (a as { options: string[] }).options.map((obj) => ({ obj }));
        g.emit({ type: 'chosen', rule: '608.2d', player: ctx.controller, choice: { kind: 'objects', objs: outer.chosen.map((t) => g.ref((t as { obj: ObjId }).obj)) } });
        return;
      }
      if (e.what === 'color') {
        const a = g.ask({ kind: 'value', player: ctx.controller, rule: '608.2d', what: 'color', prompt: `${src}: choose a color`, options: COLORS.map((c) => ({ id: c, label: COLOR_NAMES[c] })) });
        const color = (a as { value: string }).value as ColorLetter;
        outer.chosenColor = color;
        g.emit({ type: 'chosen', rule: '608.2d', player: ctx.controller, choice: { kind: 'color', color } });
      }
      return;
    }
    case 'cast': {
      // 608.2g: a spell cast while another resolves goes on the stack; an illegal cast is undone (730)
      const [id] = objects(g, ctx, e.what);
      const o = g.tryObj(id);
      const player = ctx.controller;
      if (!o || o.zone === 'stack' || o.zone === 'battlefield') {
        g.emit({ type: 'nothing_happens', rule: '608.2c', by: g.ref(ctx.source, src), why: { kind: 'no_card_to_cast' } });
        return;
      }
      if (e.optional) {
        const a = g.ask({ kind: 'yes', player, rule: '608.2d', prompt: `${src}: cast ${g.name(o.id)}${e.without_paying ? ' without paying its mana cost' : ''}?` });
        if (!(a as { value: boolean }).value) {
          g.emit({ type: 'cast_declined', rule: '608.2d', player, obj: g.ref(o.id) });
          return;
        }
        g.emit({ type: 'cast_while_resolving', rule: '608.2g', player, obj: g.ref(o.id), by: g.ref(ctx.source, src), free: !!e.without_paying });
      }
      const r = attempt(g, `${player}'s cast of ${g.name(o.id)}`, () => castSpell(g, { player, card: o.id, byEffect: { ...(e.without_paying ? { withoutPaying: true } : {}) } }));
      outer.didLast = r.ok;
      return;
    }
    case 'put_onto_battlefield': {
      // "you may put a ... card from your hand onto the battlefield": a may, then the choice (608.2d)
      for (const p of players(g, ctx, e.who)) {
        const zone = g.player(p)[e.from];
        const options = zone.filter((id) => matchesFilter(g, e.filter, { obj: id }, { you: p, source: ctx.source }));
        if (e.optional) {
          const a = g.ask({ kind: 'yes', player: p, rule: '608.2d', prompt: `${src}: put a ${e.filter.text} from your ${e.from} onto the battlefield?`, ...(options.length === 0 ? { forced: false } : {}) });
          const yes = (a as { value: boolean }).value;
          g.emit({ type: 'put_decision', rule: '608.2d', player: p, yes, filter: e.filter.text, from: e.from });
          if (!yes) { outer.didLast = false; continue; }
        }
        if (options.length === 0) { outer.didLast = false; continue; }
        const a = g.ask({ kind: 'choose', player: p, rule: '608.2d', prompt: `${p}: choose a ${e.filter.text} to put onto the battlefield`, options: options.map((id) => thingOption(g, { obj: id })), min: 1, max: 1 });
        const id = (a as { options: string[] }).options[0]!;
        const n = moveObject(g, id, 'battlefield', { rule: '608.2c', controller: p, how: { kind: 'onto_battlefield', by: g.ref(ctx.source, src), returned: false } });
        outer.didLast = !!n;
        outer.it = n ? [{ obj: n }] : [];
      }
      return;
    }
    case 'copy_spell': {
      for (const id of objects(g, ctx, e.what)) {
        const o = g.tryObj(id);
        if (!o?.spell || o.zone !== 'stack') {
          g.emit({ type: 'nothing_happens', rule: '707.10', by: g.ref(ctx.source, src), why: { kind: 'spell_gone' } });
          continue;
        }
        if (e.for_each_other_target) {
          copyForEachOtherTarget(g, o.id, ctx.controller, src);
          continue;
        }
        const times = e.times !== undefined ? amount(g, ctx, e.times) : 1;
        for (let i = 0; i < times; i++) copySpell(g, o.id, ctx.controller, src, e.new_targets, e.colors);
      }
      return;
    }
    case 'reflexive': {
      // 603.12: it triggers now if the instruction before it was done, and goes on the stack the next
      // time a player would receive priority; it refers to what that instruction affected
      if (!outer.didLast) return;
      const objs = outer.it.flatMap((t) => ('obj' in t ? [t.obj] : []));
      g.state.pending.push({
        abilityKey: ctx.abilityKey, delayedPath: ctx.effectPath, source: ctx.source, sourceName: src, controller: ctx.controller,
        trigger: { objs }, order: g.state.pending.length,
      });
      g.emit({ type: 'reflexive_triggered', rule: '603.12', player: ctx.controller, by: g.ref(ctx.source, src), effects: verbsOf(e.do) });
      return;
    }
    case 'delayed': {
      // 603.7a: a delayed triggered ability, created now, triggers once later
      const about = objects(g, ctx, e.about);
      const step = e.when.event === 'step' ? e.when.step : undefined;
      const whose = e.when.event === 'step' ? e.when.whose : undefined;
      const stepIndex = STEPS.indexOf(g.state.turn.step);
      g.state.delayed.push({
        id: g.state.nextEffectId++, abilityKey: ctx.abilityKey, path: ctx.effectPath, controller: ctx.controller,
        source: ctx.source, sourceName: src, objects: about, ...(step ? { step, ...(whose === 'you' || whose === 'opponent' ? { whose } : {}) } : { when: e.when, fromEvent: g.state.events.length }),
        ...(e.this_turn ? { thisTurn: true } : {}), fromTurn: g.state.turn.number, fromStepIndex: stepIndex,
      });
      g.emit({
        type: 'delayed_created', rule: '603.7a', by: g.ref(ctx.source, src), effects: verbsOf(e.do), step: step ?? null, trigger: step ? null : describeTrigger(e.when),
        thisTurn: !!e.this_turn, about: about.map((id) => g.ref(id)),
      });
      return;
    }
    default:
      g.emit({ type: 'nothing_happens', rule, by: g.ref(ctx.source, src), why: { kind: 'not_implemented', verb: e.verb } });
      throw new Error(`internal: instruction ${e.verb} reached the engine without support (the card should be marked unsupported)`);
  }
}

/**
 * 608.2f: an action that can't be done to several objects and players at once is done to each in
 * turn: grouped by player (a player with the objects they control) in APNAP order, the resolving
 * object's controller choosing the order within a group.
 */
function processingOrder(g: Game, ctx: ResolveCtx, things: Thing[]): Thing[] {
  const out: Thing[] = [];
  for (const p of g.apnap()) {
    const group = things.filter((t) => ('player' in t ? t.player : controllerOf(g, t.obj)) === p);
    if (group.length <= 1) {
      out.push(...group);
      continue;
    }
    const a = g.ask({ kind: 'choose', player: ctx.controller, rule: '608.2f', prompt: `${ctx.controller}: in what order does ${ctx.sourceName} handle ${group.map((t) => label(g, t)).join(', ')}? (first listed first)`, options: group.map((t) => thingOption(g, t)), min: group.length, max: group.length, ordered: true });
    const ids = (a as { options: string[] }).options;
    const ordered = ids.map((id) => group.find((t) => thingOption(g, t).id === id)!).filter(Boolean);
    g.emit({ type: 'one_at_a_time', rule: '608.2f', by: g.ref(ctx.source, ctx.sourceName), player: ctx.controller, order: ordered.map((t) => g.thingRef(t)) });
    out.push(...ordered);
  }
  return out;
}

/** Why a player can't do an optional instruction at all, or null (608.2d); only what can be known in advance. */
function impossible(g: Game, ctx: ResolveCtx, who: PlayerId, e: Effect | undefined): string | null {
  if (!e) return null;
  if (e.verb === 'sacrifice') {
    if (e.what === 'self') return g.tryObj(ctx.source)?.zone === 'battlefield' ? null : `${ctx.sourceName} is no longer on the battlefield`;
    if (e.filter) {
      const n = amount(g, ctx, e.amount);
      const have = g.state.battlefield.filter((id) => g.controller(id) === who && matchesFilter(g, e.filter!, { obj: id }, { you: who, source: ctx.source })).length;
      if (have < Math.max(1, n)) return have === 0 ? `${who} controls no ${e.filter.text}` : `${who} controls only ${have} ${e.filter.text}`;
    }
  }
  if (e.verb === 'discard' && g.player(who).hand.length === 0) return `${who}'s hand is empty`;
  return null;
}

/** Why a player can't pay a cost on resolution at all (118.3), or null; mana is checked when paid. */
function unpayable(g: Game, player: PlayerId, parts: CostPart[], times: number): string | null {
  for (const p of parts) {
    if (p.kind === 'sacrifice' && !p.self) {
      const have = g.state.battlefield.filter((id) => g.controller(id) === player && matchesFilter(g, p.filter, { obj: id }, { you: player })).length;
      if (have < p.n * times) return `${player} controls ${have} ${p.filter.text}, not ${p.n * times}`;
    }
    if (p.kind === 'discard' && g.player(player).hand.length < p.n * times) return `${player} has ${g.player(player).hand.length} cards in hand`;
    if (p.kind === 'life' && g.player(player).life < p.n * times) return `${player} has ${g.player(player).life} life (119.4)`;
  }
  return null;
}

/** A cost paid while a spell or ability resolves (118.12): the `pay` question, or the automatic policy. */
function payResolutionCost(g: Game, player: PlayerId, cost: import('../cards/costs.js').ParsedCost, label: string): void {
  let mana = emptyPlainCost();
  const other = [];
  for (const p of cost.parts) {
    if (p.kind === 'mana') mana = addPlain(mana, announcedCost(p.mana, 0, undefined, undefined));
    else if (p.kind === 'life') mana = addPlain(mana, { ...emptyPlainCost(), life: p.n });
    else other.push(p);
  }
  const pay = g.askOptional({ kind: 'pay', player, rule: '118.12', prompt: `Pay ${cost.text} (${label})`, cost: cost.text, sources: [] });
  payTotalCost(g, { mana, other }, { player, label, choices: newChoices(), x: 0, manaComponent: cost.parts.some((p) => p.kind === 'mana') }, pay ? (pay as { steps: PayStep[] }).steps : 'auto');
}

function signed(n: number): string {
  return n >= 0 ? `+${n}` : `${n}`;
}

function sortApnap(g: Game, ps: PlayerId[]): PlayerId[] {
  const order = g.apnap();
  return [...new Set(ps)].sort((a, b) => order.indexOf(a) - order.indexOf(b));
}

/** 701.8: a player discards cards of their choice; with fewer, as many as possible (609.3). */
/** Discards cards (701.8a); returns the cards as they are in the graveyard. */
function discardCards(g: Game, player: PlayerId, n: number | 'hand', src: string): ObjId[] {
  const hand = g.player(player).hand;
  const ids = n === 'hand' ? [...hand] : (() => {
    const k = Math.min(n, hand.length);
    if (k < n) g.emit({ type: 'too_few', rule: '609.3', player, what: 'discard', have: hand.length, filter: null });
    if (k === 0) return [];
    const options: Option[] = hand.map((id) => thingOption(g, { obj: id }));
    const a = g.ask({ kind: 'choose', player, rule: '608.2d', prompt: `${player}: choose ${k} card(s) to discard (${src})`, options, min: k, max: k });
    return (a as { options: string[] }).options;
  })();
  return ids.map((id) => moveObject(g, id, 'graveyard', { rule: '701.8a', how: { kind: 'discarded', by: player } })).filter((x): x is ObjId => x !== null);
}

/** "that creature becomes untapped", for the trace of a delayed trigger. */
function describeTrigger(t: Trigger): string {
  const what = 'self' in t && t.self ? 'it' : 'filter' in t && t.filter ? `a ${t.filter.text}` : 'it';
  return `${what} ${t.event.replace(/_/g, ' ')}`;
}

export function describeEffects(effects: Effect[]): string {
  return effects.map((e) => e.verb.replace(/_/g, ' ')).join(', then ');
}

/** The verbs of instructions, as events name them. */
function verbsOf(effects: Effect[]): string[] {
  return effects.map((e) => e.verb);
}

export { objectValue, zoneLabel };
