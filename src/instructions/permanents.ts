// Instructions that change a permanent's status or what is on it: tapping (701.21), turning face down
// (708.2), flipping (710.2), transforming (701.28), attaching (701.3), counters (122), and adding mana (106.4).

import { matchesFilter } from '../characteristics/filters.js';
import { tapPermanent, untapPermanent } from '../events/keywordActions.js';
import { putCounters } from '../events/counters.js';
import { COLORS, COLOR_NAMES, type Mana } from '../core/mana.js';
import { activeCopy, chosenColor } from '../characteristics/copiable.js';
import { objects, players, filterCtx, amount, affectedObjects, type Handlers, type ResolveCtx } from './context.js';
import type { Game } from '../state/game.js';
import type { ObjId } from '../state/state.js';
import type { Filter } from '../cards/filter.js';
import type { Affected } from '../cards/types.js';
import { canPair } from '../characteristics/pairing.js';
import { protectionFrom } from '../events/protection.js';
import { thingOption } from '../stack/targets.js';
import { removeFromCombat } from '../events/removeFromCombat.js';
import { chooseManaOption, couldProduceMana, manaFromEffect, restricted } from '../stack/manaAbilities.js';

export const PERMANENTS_HANDLERS: Handlers<'tap' | 'become_renowned' | 'pair' | 'untap' | 'remove_from_combat' | 'turn_face_down' | 'flip' | 'transform' | 'attach' | 'put_counters' | 'remove_counters' | 'add_mana'> = {
  tap(g, e, ctx, outer) {
    const src = ctx.sourceName;
    const ids = groupIsIt(g, outer, e.affected, affectedObjects(g, ctx, e.affected)).filter((id) => !g.obj(id).tapped);
    for (const id of ids) tapPermanent(g, id, '701.21a', src);
    outer.didLast = ids.length > 0;
  },
  become_renowned(g, e, ctx) {
    // 702.112b: only permanents can become renowned
    designate(g, ctx, affectedObjects(g, ctx, e.affected), 'renowned', '702.112b');
  },
  pair(g, e, ctx, outer) {
    // 702.95c-d: both must still be unpaired creatures its controller controls as it resolves
    const you = ctx.controller;
    outer.didLast = false;
    if (!canPair(g, ctx.source, you)) return;
    const options = ('ref' in e.with ? objects(g, ctx, e.with.ref) : g.state.battlefield.filter((id) => matchesFilter(g, (e.with as { filter: Filter }).filter, { obj: id }, { you, source: ctx.source })))
      .filter((id) => id !== ctx.source && canPair(g, id, you));
    if (options.length === 0) return;
    const partner = options.length === 1 ? options[0]! : g.ask({ kind: 'choose', player: you, rule: '702.95a', prompt: 'choose a creature to pair with', options: options.map((id) => thingOption(g, { obj: id })), min: 1, max: 1 }).options[0]!;
    g.obj(ctx.source).pairedWith = partner;
    g.obj(partner).pairedWith = ctx.source;
    g.emit({ type: 'paired', rule: '702.95b', obj: g.ref(ctx.source), with: g.ref(partner), by: g.ref(ctx.source, ctx.sourceName) });
    outer.didLast = true;
  },
  untap(g, e, ctx, outer) {
    const src = ctx.sourceName;
    const ids = groupIsIt(g, outer, e.affected, affectedObjects(g, ctx, e.affected)).filter((id) => g.obj(id).tapped);
    for (const id of ids) untapPermanent(g, id, '701.21a', src);
    outer.didLast = ids.length > 0;
  },
  remove_from_combat(g, e, ctx) {
    for (const id of affectedObjects(g, ctx, e.affected)) removeFromCombat(g, id, ctx.source, ctx.sourceName);
  },
  turn_face_down(g, e, ctx) {
    const src = ctx.sourceName;
    for (const id of affectedObjects(g, ctx, e.affected)) {
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
  },
  flip(g, e, ctx) {
    // 710.2, 710.4: a flip card on the battlefield turns to its other half, once and for good
    for (const id of affectedObjects(g, ctx, e.affected)) {
      const o = g.obj(id);
      const def = o.card ? g.cards.get(o.card) : undefined;
      if (o.zone !== 'battlefield' || o.flipped || o.faceDown || !(def?.flip || activeCopy(g, o)?.flip)) continue;
      const before = g.name(id);
      o.flipped = true;
      g.changed();
      g.emit({ type: 'flipped', rule: '710.2', obj: g.ref(id, before), now: g.name(id) });
    }
  },
  transform(g, e, ctx) {
    const by = g.ref(ctx.source, ctx.sourceName);
    const resolving = g.tryObj(ctx.stackObj);
    for (const id of affectedObjects(g, ctx, e.affected)) {
      const o = g.obj(id);
      if (o.zone !== 'battlefield') continue;
      const card = o.card ? g.cards.get(o.card) : undefined;
      // a double-faced card, or a double-faced token (707.8a)
      const tokenFaces = o.isToken ? activeCopy(g, o)?.dfc : undefined;
      const def = card?.back ? { main: card.main, back: card.back } : tokenFaces ? { main: tokenFaces.front, back: tokenFaces.back } : undefined;
      const cant = (reason: 'not_double_faced' | 'already_transformed' | 'instant_or_sorcery', rule: '701.28c' | '701.28f' | '712.10') =>
        g.emit({ type: 'nothing_happens', rule, by, why: { kind: 'cant_transform', obj: g.name(id), reason } });
      // 701.28a, 701.28c: only a permanent represented by a double-faced card transforms (a face-down one shows no face, 708.2)
      if (!def || o.faceDown) { cant('not_double_faced', '701.28c'); continue; }
      // 701.28f: an ability of this permanent transforms it only if it hasn't transformed since the
      // ability was put on the stack (a delayed one: since it was created)
      const since = resolving?.ability ? (resolving.ability.createdAt ?? resolving.timestamp) : undefined;
      if (since !== undefined && resolving!.ability!.source === id && (o.transformedAt ?? -1) > since) {
        cant('already_transformed', '701.28f');
        continue;
      }
      const to = o.transformed ? def.main : def.back;
      // 712.10: never to an instant or sorcery face
      if (to.types.includes('instant') || to.types.includes('sorcery')) { cant('instant_or_sorcery', '712.10'); continue; }
      const before = g.name(id);
      // 712.18: it stays the same object; effects, counters and damage stay with it
      o.transformed = !o.transformed;
      o.transformedAt = g.newTimestamp();
      g.changed();
      g.emit({ type: 'transformed', rule: '701.28a', obj: g.ref(id, before), now: g.name(id), back: !!o.transformed });
    }
  },
  attach(g, e, ctx) {
    const src = ctx.sourceName;
    const what = objects(g, ctx, e.affected).find((id) => g.obj(id).zone === 'battlefield');
    const to = objects(g, ctx, e.to).find((id) => g.obj(id).zone === 'battlefield');
    if (!what || !to) {
      g.emit({ type: 'nothing_happens', rule: '701.3b', by: g.ref(ctx.source, src), why: { kind: 'nothing_to_attach' } });
      return;
    }
    const o = g.obj(what);
    const c = g.chars(what);
    // 701.3b, 301.5c: only to something it could equip; to the same object, nothing happens
    const legal = to !== what && (!c.subtypes.includes('Equipment') || (g.chars(to).types.includes('creature') && !c.types.includes('creature'))) && couldBeAttached(g, what, to);
    if (!legal || o.attachedTo === to) {
      g.emit({ type: 'attach_failed', rule: '701.3b', obj: g.ref(what), to: g.ref(to), already: o.attachedTo === to });
      return;
    }
    o.attachedTo = to;
    o.timestamp = g.newTimestamp(); // 701.3c
    g.changed();
    g.emit({ type: 'attached', rule: '701.3a', obj: g.ref(what), to: g.ref(to), by: g.ref(ctx.source, src) });
  },
  put_counters(g, e, ctx) {
    const src = ctx.sourceName;
    const ids = affectedObjects(g, ctx, e.affected).filter((id) => g.obj(id).zone === 'battlefield');
    if (e.divided && ctx.choices.divide) {
      const chosen = ctx.choices.targets.flatMap((t) => t.chosen);
      chosen.forEach((c, i) => {
        if ('obj' in c && ids.includes(c.obj)) putCounters(g, c.obj, e.counter, ctx.choices.divide![i] ?? 0, '122.1', src);
      });
    } else {
      const n = amount(g, ctx, e.amount);
      for (const id of ids) putCounters(g, id, e.counter, n, '122.1', src);
    }
  },
  remove_counters(g, e, ctx, outer) {
    const n = amount(g, ctx, e.amount);
    outer.didLast = false;
    for (const id of affectedObjects(g, ctx, e.affected)) {
      const o = g.obj(id);
      const had = o.counters[e.counter] ?? 0;
      const k = Math.min(had, n);
      if (k === 0) continue;
      o.counters[e.counter] = had - k;
      outer.didLast = true;
      g.emit({ type: 'counters', rule: '608.2c', obj: g.ref(id), counter: e.counter, delta: -k, cause: { removed: true } });
    }
  },
  add_mana(g, e, ctx) {
    const src = ctx.sourceName;
    if (ctx.mana) {
      // a mana ability (605.3b): the caller adds the mana to the pool and tells it
      ctx.mana.made.push(...manaFromEffect(g, ctx.controller, ctx.source, e, { rule: '605.3b', x: ctx.x, ...(ctx.mana.request ? { mana: ctx.mana.request } : {}) }, ctx.mana.produced));
      return;
    }
    const made: Mana[] = [];
    const xTimes = e.times === 'x' ? ctx.x : 1;
    if (e.mana) {
      let times = xTimes;
      if (e.per) times = g.state.battlefield.filter((x) => matchesFilter(g, e.per!, { obj: x }, filterCtx(ctx))).length;
      if (e.count !== undefined) times = amount(g, ctx, e.count);
      for (let i = 0; i < times; i++) for (const s of e.mana) if (s.kind === 'mana') made.push({ type: s.type });
    }
    if (e.one_of) made.push(...chooseManaOption(g, ctx.controller, ctx.source, e.one_of));
    if (e.could_produce) made.push(...couldProduceMana(g, ctx.controller, ctx.source, e.could_produce));
    let one: Mana['type'] | undefined;
    for (let i = 0; i < (e.any_color ?? 0) * xTimes; i++) {
      // "N mana of any one color": the color is chosen once, for all of it
      if (one) { made.push({ type: one }); continue; }
      const a = g.ask({ kind: 'value', player: ctx.controller, rule: '608.2d', what: 'color', prompt: `Choose a color of mana for ${src}`, options: (e.among ?? COLORS).map((c) => ({ id: c, label: c === 'C' ? 'colorless' : COLOR_NAMES[c] })) });
      made.push({ type: a.value as Mana['type'] });
      if (e.one_color) one = a.value as Mana['type'];
    }
    // 607.2d: the color chosen as the source entered; none chosen, no mana (707.7a)
    const from = e.chosen_color ? g.tryObj(ctx.source) : undefined;
    const chosen = from ? chosenColor(g, from) : undefined;
    if (chosen) for (let i = 0; i < e.chosen_color!; i++) made.push({ type: chosen });
    made.splice(0, made.length, ...restricted(made, e, ctx.source));
    const to = e.who ? players(g, ctx, e.who)[0] : ctx.controller;
    if (to === undefined) return;
    g.player(to).pool.push(...made);
    g.emit({ type: 'mana_added', rule: '106.4', by: g.ref(ctx.source, src), player: to, mana: made });
  },
};

/**
 * A designation only permanents have, kept until they leave the battlefield (renowned 702.112b,
 * monstrous 701.37b): given to those of `ids` on the battlefield that don't have it yet.
 */
export function designate(g: Game, ctx: ResolveCtx, ids: ObjId[], what: 'renowned' | 'monstrous', rule: '702.112b' | '701.37b'): void {
  for (const id of ids) {
    const o = g.obj(id);
    if (o.zone !== 'battlefield' || o[what]) continue;
    o[what] = true;
    g.emit({ type: what, rule, obj: g.ref(id), by: g.ref(ctx.source, ctx.sourceName) });
  }
}

/** 701.3b, 303.4d: an Aura moves only onto what its enchant ability allows and what has no protection from it
 * (702.16c); an Equipment or Fortification not onto what has protection from it (702.16d). */
function couldBeAttached(g: Game, what: ObjId, to: ObjId): boolean {
  if (protectionFrom(g, to, what)) return false;
  const enchant = g.chars(what).abilities.find((a) => a.kind === 'keyword' && a.keyword === 'Enchant');
  if (!enchant || enchant.kind !== 'keyword' || !enchant.filter) return true;
  return matchesFilter(g, enchant.filter, { obj: to }, { you: g.controller(what), source: what });
}

/** The permanents a tap or untap instruction names; after one on a group ("Untap all creatures you
 * control. They gain haste ..."), `it` is every permanent of that group, whether or not it had to
 * be tapped or untapped: the later instructions act on the group the first one named (608.2c). */
function groupIsIt(g: Game, outer: ResolveCtx, affected: Affected, ids: ObjId[]): ObjId[] {
  const here = ids.filter((id) => g.obj(id).zone === 'battlefield');
  if (typeof affected === 'object') outer.it = here.map((obj) => ({ obj }));
  return here;
}
