// Instructions that change a permanent's status or what is on it: tapping (701.21), turning face down
// (708.2), flipping (710.2), attaching (701.3), counters (122), and adding mana (106.4).

import { matchesFilter } from '../characteristics/filters.js';
import { putCounters, tapPermanent, untapPermanent } from '../events/keywordActions.js';
import { COLORS, COLOR_NAMES, poolText, type Mana } from '../core/mana.js';
import { activeCopy } from '../characteristics/layers.js';
import { objects, filterCtx, amount, affectedObjects, type Handlers } from './context.js';

export const PERMANENTS_HANDLERS: Handlers<'tap' | 'untap' | 'turn_face_down' | 'flip' | 'attach' | 'put_counters' | 'remove_counters' | 'add_mana'> = {
  tap(g, e, ctx) {
    const src = ctx.sourceName;
    for (const id of affectedObjects(g, ctx, e.affected)) tapPermanent(g, id, '701.21a', src);
  },
  untap(g, e, ctx) {
    const src = ctx.sourceName;
    for (const id of affectedObjects(g, ctx, e.affected)) untapPermanent(g, id, '701.21a', src);
  },
  turn_face_down(g, e, ctx) {
    const src = ctx.sourceName;
    for (const id of affectedObjects(g, ctx, e.affected)) {
      const o = g.obj(id);
      if (o.zone !== 'battlefield') continue;
      if (o.faceDown) {
        g.emit('info', '708.2b', `${g.name(id)} is already face down: nothing happens`, { obj: id });
        continue;
      }
      const before = g.name(id);
      o.faceDown = true;
      // a copy effect lasting "until it is turned face down" ends now
      if (o.copied?.untilFaceDown) delete o.copied;
      g.changed();
      g.emit('effect', '708.2a', `${before} is turned face down: a 2/2 creature with no name, text, subtypes or mana cost (${src})`, { obj: id });
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
      g.emit('effect', '710.2', `${before} flips: it is now ${g.name(id)}`, { obj: id });
    }
  },
  attach(g, e, ctx) {
    const src = ctx.sourceName;
    const what = objects(g, ctx, e.affected).find((id) => g.obj(id).zone === 'battlefield');
    const to = objects(g, ctx, e.to).find((id) => g.obj(id).zone === 'battlefield');
    if (!what || !to) {
      g.emit('info', '701.3b', `${src}: there is nothing to attach, or nothing to attach it to`);
      return;
    }
    const o = g.obj(what);
    const c = g.chars(what);
    // 701.3b, 301.5c: only to something it could equip; to the same object, nothing happens
    const legal = to !== what && (!c.subtypes.includes('Equipment') || (g.chars(to).types.includes('creature') && !c.types.includes('creature')));
    if (!legal || o.attachedTo === to) {
      g.emit('info', '701.3b', `${g.name(what)} ${o.attachedTo === to ? 'is already attached to' : "can't be attached to"} ${g.name(to)}: it doesn't move`);
      return;
    }
    o.attachedTo = to;
    o.timestamp = g.newTimestamp(); // 701.3c
    g.changed();
    g.emit('effect', '701.3a', `${g.name(what)} becomes attached to ${g.name(to)} (${src})`, { obj: what });
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
  remove_counters(g, e, ctx) {
    const n = amount(g, ctx, e.amount);
    for (const id of affectedObjects(g, ctx, e.affected)) {
      const o = g.obj(id);
      const had = o.counters[e.counter] ?? 0;
      const k = Math.min(had, n);
      if (k === 0) continue;
      o.counters[e.counter] = had - k;
      g.emit('counters', '608.2c', `${k} ${e.counter} counter(s) removed from ${g.name(id)}`, { obj: id, data: { type: 'counters', obj: id, counter: e.counter, delta: -k } });
    }
  },
  add_mana(g, e, ctx) {
    const src = ctx.sourceName;
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
    g.emit('mana', '106.4', `${src} adds ${poolText(made) || 'no mana'} to ${ctx.controller}'s mana pool`, { player: ctx.controller });
  },
};
