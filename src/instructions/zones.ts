// Instructions that move objects between zones (400.7, 610.3): destroying (701.7), exiling (701.11),
// returning to hand or to the battlefield, shuffling into a library (701.20), sacrificing (701.17),
// putting onto the battlefield, and regeneration shields (701.15).

import { addEffect } from '../state/effects.js';
import { matchesFilter } from '../characteristics/filters.js';
import { destroyAtOnce, sacrifice, sacrificeAtOnce } from '../events/keywordActions.js';
import type { ObjId, PlayerId } from '../state/state.js';
import type { Game } from '../state/game.js';
import { thingOption } from '../stack/targets.js';
import { moveAtOnce, moveObject, shuffleLibrary } from '../events/zones.js';
import { refThings, players, objects, amount, sortApnap, matching, affectedPermanents, affectedObjects, movedObjects, type Handlers, type ResolveCtx } from './context.js';
import { addContinuousEffect } from './continuous.js';
import { keywordRule } from '../cards/keywords.js';
import { ATTACKING_STEPS } from '../cards/types.js';

export const ZONES_HANDLERS: Handlers<'destroy' | 'exile' | 'return_to_hand' | 'return_to_battlefield' | 'put_on_library' | 'shuffle_into_library' | 'return_chosen_to_hand' | 'put_onto_battlefield' | 'sacrifice' | 'regenerate' | 'exile_if_leaves' | 'exile_if_dies' | 'shuffle_graveyard'> = {
  destroy(g, e, ctx, outer) {
    const src = ctx.sourceName;
    const ids = affectedPermanents(g, ctx, e.affected);
    if (typeof e.affected !== 'string') g.emit({ type: 'destroy_all', rule: '608.2c', by: g.ref(ctx.source, src), filter: e.affected.all.text, objs: ids.map((id) => g.ref(id)) });
    outer.it = ids.map((obj) => ({ obj }));
    // one event: the permanents are destroyed at the same time (moveAtOnce)
    destroyAtOnce(g, ids, '701.7a', src, !e.no_regenerate);
    // "destroyed this way": those the destruction took off the battlefield, wherever a replacement
    // effect put them; not those regeneration or indestructible kept there (701.15a, 702.12b)
    outer.destroyed = ids.filter((id) => !g.state.battlefield.includes(id)).map((obj) => ({ obj }));
    // 118.12: "if you do" asks whether the action was begun, not what replacement effects made of it
    outer.didLast = ids.length > 0;
  },
  exile(g, e, ctx, outer) {
    const src = ctx.sourceName;
    const ids = typeof e.affected === 'string' ? objects(g, ctx, e.affected) : matching(g, ctx, e.affected.all);
    // 610.3a-b: "until [source] leaves the battlefield" when it already has: nothing is exiled
    if (e.until === 'source_leaves' && g.tryObj(ctx.source)?.zone !== 'battlefield') {
      g.emit({ type: 'nothing_happens', rule: '610.3b', by: g.ref(ctx.source, src), why: { kind: 'already_left' } });
      outer.didLast = false;
      return;
    }
    // one event: the objects are exiled at the same time (moveAtOnce)
    const how = { kind: 'exiled', by: g.ref(ctx.source, src), untilLeaves: !!e.until } as const;
    const news = moveAtOnce(g, ids.map((id) => ({ id, to: 'exile' as const, opts: { rule: '701.11a' as const, how } })));
    const moved = news.filter((n): n is ObjId => !!n && g.tryObj(n)?.zone === 'exile');
    if ((e.until || e.linked) && moved.length) {
      addEffect(g.state, {
        kind: 'exile_link', source: ctx.source, sourceName: src, controller: ctx.controller, cards: moved, abilityKey: ctx.abilityKey,
        duration: { kind: e.until === 'source_leaves' ? 'until_source_leaves' : 'permanent' },
      });
    }
    outer.it = typeof e.affected === 'string' ? refThings(g, ctx, e.affected) : moved.map((obj) => ({ obj }));
    outer.didLast = ids.length > 0;
  },
  return_to_hand(g, e, ctx, outer) {
    const src = ctx.sourceName;
    const ids = affectedObjects(g, ctx, e.affected).filter((id) => !e.from || g.obj(id).zone === e.from);
    // "return all creatures to their owners' hands": one event, like destroying all (moveAtOnce)
    moveAtOnce(g, ids.map((id) => ({ id, to: 'hand' as const, opts: { rule: '608.2c' as const, how: { kind: 'returned_to_hand' as const, by: g.ref(ctx.source, src), player: null } } })));
    outer.didLast = ids.length > 0;
  },
  exile_if_leaves(g, e, ctx) {
    // a replacement effect on those permanents: the rule of the keyword that made it, if any
    const rule = keywordRule(ctx.abilityKey) ?? '614.1a';
    for (const id of objects(g, ctx, e.affected)) {
      if (g.obj(id).zone !== 'battlefield') continue;
      g.obj(id).leavesToExile = { rule, source: ctx.source, sourceName: ctx.sourceName };
      g.changed();
    }
  },
  exile_if_dies(g, e, ctx) {
    markExileIfDies(g, ctx, objects(g, ctx, e.affected));
  },
  return_to_battlefield(g, e, ctx, outer) {
    const src = ctx.sourceName;
    const moved: ObjId[] = [];
    let begun = false;
    // the permanents it puts onto the battlefield enter at once (603.6a)
    g.together(() => { for (const id of movedObjects(g, ctx, e.affected)) {
      const o = g.obj(id);
      if (o.zone === 'battlefield' || o.zone === 'stack' || (e.from && o.zone !== e.from)) continue;
      begun = true;
      // 614.1c: "with a counter on it" is part of how it enters
      const n = moveObject(g, id, 'battlefield', {
        rule: '608.2c', controller: e.under === 'you' ? ctx.controller : o.owner, ...(e.tapped ? { tapped: true } : {}), ...(e.counters ? { counters: e.counters } : {}),
        how: { kind: 'onto_battlefield', by: g.ref(ctx.source, src), returned: o.zone === 'graveyard' || o.zone === 'exile' || o.zone === 'hand' },
      });
      // 611.2e: an effect that changes it from the moment it enters ("that permanent is an enchantment")
      if (n && e.add_types) addContinuousEffect(g, ctx, [n], [{ layer: '4', kind: 'types', types: e.add_types, add: true }], 'permanent', `are also ${e.add_types.join(' and ')}`);
      if (n && e.attacking) enterAttacking(g, ctx, n);
      if (n && g.tryObj(n)?.zone === 'battlefield') moved.push(n);
    } });
    // "it" then names the permanents it put onto the battlefield
    outer.it = moved.map((obj) => ({ obj }));
    outer.didLast = begun;
  },
  put_on_library(g, e, ctx, outer) {
    const by = g.ref(ctx.source, ctx.sourceName);
    let done = false;
    const ids = affectedObjects(g, ctx, e.affected);
    // "it" then names what was put there ("Its controller gains 3 life": its last controller)
    if (typeof e.affected === 'string') outer.it = refThings(g, ctx, e.affected);
    for (const id of ids) {
      const nth = e.nth ? { nth: e.nth } : {};
      moveObject(g, id, 'library', { rule: '608.2c', position: e.position, ...nth, how: { kind: 'put_on_library', by, position: e.position, ...nth } });
      done = true;
    }
    outer.didLast = done;
  },
  shuffle_into_library(g, e, ctx, outer) {
    const src = ctx.sourceName;
    let done = false;
    for (const id of affectedObjects(g, ctx, e.affected)) {
      moveObject(g, id, 'library', { rule: '701.20a', position: 'shuffle', how: { kind: 'shuffled_in', by: g.ref(ctx.source, src) } });
      done = true;
    }
    outer.didLast = done;
  },
  shuffle_graveyard(g, e, ctx) {
    // "[player] shuffles their graveyard into their library" (701.20a): the cards go together, then one shuffle
    const by = g.ref(ctx.source, ctx.sourceName);
    for (const p of players(g, ctx, e.who)) {
      moveAtOnce(g, [...g.player(p).graveyard].map((id) => ({ id, to: 'library' as const, opts: { rule: '701.20a' as const, how: { kind: 'shuffled_in' as const, by } } })));
      shuffleLibrary(g, p);
    }
  },
  return_chosen_to_hand(g, e, ctx) {
    const src = ctx.sourceName;
    const picks: Array<{ id: ObjId; player: PlayerId }> = [];
    for (const p of players(g, ctx, e.who)) {
      // a permanent the player controls ("return a land you control"), or a card the player owns
      const theirs = (id: ObjId) => (g.obj(id).zone === 'battlefield' ? g.controller(id) === p : g.obj(id).owner === p);
      const options = Object.keys(g.state.objects).filter((id) => theirs(id) && matchesFilter(g, e.filter, { obj: id }, { you: p, source: ctx.source }));
      if (options.length === 0) { g.emit({ type: 'too_few', rule: '609.3', player: p, what: 'return', have: 0, filter: e.filter.text }); continue; }
      const a = g.ask({ kind: 'choose', player: p, rule: '608.2d', prompt: `choose a ${e.filter.text} to return to its owner's hand (${src})`, options: options.map((id) => thingOption(g, { obj: id })), min: 1, max: 1 });
      picks.push(...a.options.map((id) => ({ id, player: p })));
    }
    // each player chooses in turn order, then the chosen permanents return at the same time (608.2e)
    moveAtOnce(g, picks.map(({ id, player }) => ({ id, to: 'hand' as const, opts: { rule: '608.2c' as const, how: { kind: 'returned_to_hand' as const, by: g.ref(ctx.source, src), player } } })));
  },
  put_onto_battlefield(g, e, ctx, outer) {
    const src = ctx.sourceName;
    // "you may put a ... card from your hand onto the battlefield": a may, then the choice (608.2d)
    for (const p of players(g, ctx, e.who)) {
      const zone = g.player(p)[e.from];
      const options = zone.filter((id) => matchesFilter(g, e.filter, { obj: id }, { you: p, source: ctx.source }));
      if (e.optional) {
        const a = g.ask({ kind: 'yes', player: p, rule: '608.2d', prompt: `put a ${e.filter.text} from your ${e.from} onto the battlefield?`, ...(options.length === 0 ? { forced: false } : {}) });
        const yes = a.value;
        g.emit({ type: 'put_decision', rule: '608.2d', player: p, yes, filter: e.filter.text, from: e.from });
        if (!yes) { outer.didLast = false; continue; }
      }
      if (options.length === 0) { outer.didLast = false; continue; }
      const a = g.ask({ kind: 'choose', player: p, rule: '608.2d', prompt: `choose a ${e.filter.text} to put onto the battlefield`, options: options.map((id) => thingOption(g, { obj: id })), min: 1, max: 1 });
      const id = a.options[0]!;
      const n = moveObject(g, id, 'battlefield', { rule: '608.2c', controller: p, ...(e.tapped ? { tapped: true } : {}), how: { kind: 'onto_battlefield', by: g.ref(ctx.source, src), returned: false } });
      outer.didLast = !!n;
      outer.it = n ? [{ obj: n }] : [];
    }
  },
  sacrifice(g, e, ctx, outer) {
    const src = ctx.sourceName;
    if (e.affected === 'self') {
      const o = g.tryObj(ctx.source);
      outer.didLast = !!o && o.zone === 'battlefield';
      if (outer.didLast) sacrifice(g, ctx.source, src);
      else g.emit({ type: 'nothing_happens', rule: '118.12', by: g.ref(ctx.source, src), why: { kind: 'cant_sacrifice' } });
      return;
    }
    if (e.affected) {
      // 701.17a: only a permanent its player controls can be sacrificed
      const by = e.who === 'you' ? ctx.controller : players(g, ctx, e.who)[0];
      const ids = affectedPermanents(g, ctx, e.affected).filter((id) => g.controller(id) === by);
      if (ids.length) sacrificeAtOnce(g, ids, src);
      else g.emit({ type: 'nothing_happens', rule: '701.17a', by: g.ref(ctx.source, src), why: { kind: 'not_yours_to_sacrifice' } });
      outer.didLast = ids.length > 0;
      outer.it = ids.map((obj) => ({ obj }));
      return;
    }
    const n = amount(g, ctx, e.amount);
    // 608.2e: each player chooses, in APNAP order, then all are sacrificed at once
    const picks: ObjId[] = [];
    for (const p of sortApnap(g, players(g, ctx, e.who))) {
      const options = g.state.battlefield.filter((id) => g.controller(id) === p && matchesFilter(g, e.filter!, { obj: id }, { you: p, source: ctx.source }));
      const k = Math.min(n, options.length);
      const a = g.ask({ kind: 'choose', player: p, rule: '608.2d', prompt: `choose ${k} ${e.filter!.text} to sacrifice (${src})`, options: options.map((id) => thingOption(g, { obj: id })), min: k, max: k });
      picks.push(...a.options);
    }
    // 608.2e, 701.17a: sacrificed together, as one event
    sacrificeAtOnce(g, picks, src);
    outer.didLast = picks.length > 0;
    outer.it = picks.map((obj) => ({ obj }));
  },
  regenerate(g, e, ctx) {
    const src = ctx.sourceName;
    for (const id of affectedObjects(g, ctx, e.affected)) {
      g.obj(id).regenerationShields++;
      g.emit({ type: 'regeneration_shield', rule: '701.15a', by: g.ref(ctx.source, src), obj: g.ref(id) });
    }
  },
};

/** "If [that creature] would die this turn, exile it instead" (614.1a): a replacement effect on those
 * permanents until the turn ends; a permanent that leaves and comes back is a new object (400.7). */
export function markExileIfDies(g: Game, ctx: ResolveCtx, ids: ObjId[]): void {
  const marked = ids.filter((id) => g.tryObj(id)?.zone === 'battlefield');
  for (const id of marked) g.obj(id).exileIfDies = { turn: g.state.turn.number, source: ctx.source, sourceName: ctx.sourceName };
  if (marked.length === 0) return;
  g.emit({ type: 'replacement_created', rule: '614.1a', by: g.ref(ctx.source, ctx.sourceName), untilEndOfTurn: true });
  g.changed();
}

/**
 * Ninjutsu (702.49a): the permanent enters attacking what the creature returned to pay the cost was
 * attacking, unblocked since blockers were declared without it, and never declared as an attacker
 * (so "whenever ... attacks" doesn't trigger, 508.1m). Outside combat, or if that player or
 * planeswalker is gone, it enters without attacking.
 */
function enterAttacking(g: Game, ctx: ResolveCtx, id: ObjId): void {
  const at = ctx.choices.paid.returnedAttacking?.[0];
  const o = g.tryObj(id);
  const combat = ATTACKING_STEPS.includes(g.state.turn.step);
  if (at === undefined || !o || o.zone !== 'battlefield' || !combat) return;
  const player = g.state.players.some((p) => p.name === at && !p.lost);
  if (!player && g.tryObj(at)?.zone !== 'battlefield') return;
  o.attacking = at;
  g.emit({ type: 'put_attacking', rule: '702.49a', obj: g.ref(id), target: player ? { player: at } : { obj: g.ref(at) } });
}
