// Instructions about damage, life and the end of the game: dealing damage (120.3), fights (701.12),
// preventing damage (615), gaining and losing life (119.3), winning the game (104.2b), losing it by an
// effect (104.3).

import { addEffect } from '../state/effects.js';
import { matchesFilter, type Thing } from '../characteristics/filters.js';
import { dealDamageAtOnce, gainLife, loseLife } from '../events/keywordActions.js';
import type { ObjId } from '../state/state.js';
import type { Game } from '../state/game.js';
import { thingOption } from '../stack/targets.js';
import { activeStatics, covers } from '../characteristics/statics.js';
import { markExileIfDies } from './zones.js';
import { refThings, players, objects, filterCtx, amount, affectedThings, type Handlers, type ResolveCtx } from './context.js';
import type { Filter } from '../cards/filter.js';
import type { Ref } from '../cards/types.js';

/** The one source a shield watches: chosen as it resolves (609.7a), or the object `by` names then
 * ("damage that would be dealt by target creature"); undefined for any source, null when the one it
 * names is gone or none was chosen (the shield does nothing). */
function shieldSource(g: Game, ctx: ResolveCtx, e: { from_chosen_source?: Filter | undefined; by?: Ref | undefined }): ObjId | undefined | null {
  let fromObj: ObjId | undefined;
  if (e.from_chosen_source) {
    fromObj = chooseSource(g, ctx, e.from_chosen_source) ?? undefined;
    if (!fromObj) return null;
  }
  if (e.by) {
    fromObj = objects(g, ctx, e.by)[0];
    if (!fromObj) return null;
  }
  return fromObj;
}

export const DAMAGE_HANDLERS: Handlers<'damage' | 'fight' | 'prevent_damage' | 'redirect_damage' | 'gain_life' | 'lose_life' | 'get_energy' | 'win_game' | 'lose_game' | 'extra_turn'> = {
  damage(g, e, ctx, outer) {
    const src = ctx.sourceName;
    const targets = affectedThings(g, ctx, e.affected);
    const source = e.from ? objects(g, ctx, e.from)[0] : ctx.source;
    // an object that deals damage of its own and is gone (an illegal target, 608.2b) deals none
    if (source === undefined) {
      g.emit({ type: 'nothing_happens', rule: '608.2b', by: g.ref(ctx.source, src), why: { kind: 'no_source' } });
      outer.it = [];
      return;
    }
    const total = amount(g, ctx, e.amount);
    let dealt: Thing[] = [];
    const opts = e.cant_be_prevented ? { unpreventable: true } : {};
    // what the instruction deals is dealt at once (one life gain event for lifelink, 702.15b)
    if (e.divided && ctx.choices.divide) {
      // 601.2d: the division announced as it was cast; illegal targets get nothing (608.2b)
      const chosen = ctx.choices.targets.flatMap((t) => t.chosen);
      const hits = chosen.map((c, i) => ({ source, to: ('obj' in c ? { obj: c.obj } : { player: c.player }) as Thing, amount: ctx.choices.divide![i] ?? 0 }));
      dealt = dealDamageAtOnce(g, hits.filter((h) => targets.some((x) => JSON.stringify(x) === JSON.stringify(h.to))), opts);
    } else if (e.evenly) {
      // no choice was made while casting: the division is among the targets still legal (608.2b)
      const count = targets.length;
      const each = count > 0 ? Math.floor(total / count) : 0;
      if (count > 1) g.emit({ type: 'divided_evenly', rule: '608.2c', by: g.ref(ctx.source, src), total, count, each });
      dealt = dealDamageAtOnce(g, targets.map((to) => ({ source, to, amount: each })), opts);
    } else {
      dealt = dealDamageAtOnce(g, targets.map((to) => ({ source, to, amount: total })), opts);
    }
    // "If a creature dealt damage this way would die this turn, exile it instead" (614.1a)
    if (e.exile_if_dies) markExileIfDies(g, ctx, dealt.flatMap((t) => ('obj' in t ? [t.obj] : [])));
    if (e.no_regenerate_dealt) noRegenerationForDealt(g, ctx, dealt);
    outer.it = targets;
  },
  fight(g, e, ctx) {
    const src = ctx.sourceName;
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
    // each deals its damage to the other at the same time
    dealDamageAtOnce(g, [{ source: a!, to: { obj: b! }, amount: pa }, { source: b!, to: { obj: a! }, amount: pb }]);
  },
  redirect_damage(g, e, ctx) {
    const src = ctx.sourceName;
    const targets = e.affected ? refThings(g, ctx, e.affected) : [undefined];
    if (e.affected && targets.length === 0) return;
    const fromObj = shieldSource(g, ctx, e);
    if (fromObj === null) return;
    // 614.9: the new recipient, as the effect begins; with none, the effect has nothing to redirect to
    const dest = typeof e.to === 'object' && 'controller_of' in e.to ? controllerOf(g, ctx, e.to.controller_of) : refThings(g, ctx, e.to)[0];
    if (!dest) return;
    const n = e.amount === 'all' || e.amount === 'next' ? e.amount : amount(g, ctx, e.amount);
    for (const t of targets) {
      addEffect(g.state, {
        kind: 'shield', controller: ctx.controller, duration: { kind: 'end_of_turn' }, amount: n, redirectTo: dest,
        ...(t ? { to: t } : {}), ...(fromObj ? { fromObj } : {}), ...(e.from ? { from: e.from } : {}), ...(e.combat_only ? { combatOnly: true } : {}), source: ctx.source, sourceName: src,
      });
      g.emit({ type: 'redirection_shield', rule: '614.9', by: g.ref(ctx.source, src), amount: n, combatOnly: !!e.combat_only, fromObj: fromObj ? g.ref(fromObj) : null, to: t ? g.thingRef(t) : null, redirectTo: g.thingRef(dest) });
    }
  },
  prevent_damage(g, e, ctx) {
    const src = ctx.sourceName;
    // (a group is fixed as it resolves: one shield for each of its members then, 608.2c)
    const targets = e.affected ? affectedThings(g, ctx, e.affected) : [undefined];
    const fromObj = shieldSource(g, ctx, e);
    if (fromObj === null) return;
    for (const t of targets) {
      const n = e.divided && t ? dividedPart(ctx, t) : e.amount === 'all' || e.amount === 'next' ? e.amount : amount(g, ctx, e.amount);
      addEffect(g.state, {
        kind: 'shield', controller: ctx.controller, duration: { kind: 'end_of_turn' }, amount: n,
        ...(t ? { to: t } : {}), ...(e.to ? { toFilter: e.to } : {}), ...(fromObj ? { fromObj } : {}),
        ...(e.from || e.from_chosen_source ? { from: (e.from ?? e.from_chosen_source)! } : {}), ...(e.combat_only ? { combatOnly: true } : {}), ...(e.gain_life_prevented ? { gainLife: true } : {}), ...(e.then ? { then: e.then } : {}), source: ctx.source, sourceName: src,
      });
      g.emit({
        type: 'prevention_shield', rule: e.amount === 'next' ? '615.8' : '615.7', by: g.ref(ctx.source, src), amount: n,
        combatOnly: !!e.combat_only, fromObj: fromObj ? g.ref(fromObj) : null, fromFilter: e.from?.text ?? null, to: t ? g.thingRef(t) : null, toFilter: e.to?.text ?? null,
      });
    }
  },
  gain_life(g, e, ctx) {
    for (const p of players(g, ctx, e.who)) gainLife(g, p, amount(g, ctx, e.amount, p));
  },
  get_energy(g, e, ctx) {
    for (const p of players(g, ctx, e.who)) {
      const n = amount(g, ctx, e.amount, p);
      if (n <= 0) continue;
      const pl = g.player(p);
      pl.energy = (pl.energy ?? 0) + n;
      g.emit({ type: 'energy', rule: '107.14', player: p, delta: n, energy: pl.energy });
    }
  },
  lose_life(g, e, ctx, outer) {
    let lost = 0;
    for (const p of players(g, ctx, e.who)) lost += loseLife(g, p, amount(g, ctx, e.amount, p));
    outer.lifeLost = (ctx.lifeLost ?? 0) + lost;
  },
  extra_turn(g, e, ctx) {
    // 500.7: added directly after this turn; the turn added last is taken first
    for (const p of players(g, ctx, e.who)) {
      (g.state.turn.extraTurns ??= []).push(p);
      g.emit({ type: 'extra_turn', rule: '500.7', player: p, by: g.ref(ctx.source, ctx.sourceName) });
    }
  },
  win_game(g, e, ctx) {
    const src = ctx.sourceName;
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
  },
  lose_game(g, e, ctx) {
    // 104.3: an effect says a player loses; a player who "can't lose the game" doesn't (104.2b's angel)
    for (const p of players(g, ctx, e.who)) {
      if (g.player(p).lost || activeStatics(g, 'cant_lose').some((s) => covers(s.def.who, s.controller, p))) continue;
      g.player(p).lost = true;
      g.emit({ type: 'player_loses', rule: '104.3', player: p, why: { kind: 'effect', by: g.ref(ctx.source, ctx.sourceName) } });
    }
    endIfOneLeft(g);
  },
};

/** The game ends at once when one player is left (104.2a), or none (104.4a). */
function endIfOneLeft(g: Game): void {
  const alive = g.state.players.filter((p) => !p.lost);
  if (g.state.result || alive.length > 1) return;
  g.state.result = alive.length === 1 ? { winner: alive[0]!.name } : { draw: true };
  g.emit({ type: 'game_over', rule: alive.length === 1 ? '104.2a' : '104.4a', winner: alive[0]?.name ?? null });
}

/** 609.7a: a source of the player's choice, chosen as the spell or ability resolves; null when there is none. */
function chooseSource(g: Game, ctx: ResolveCtx, f: Filter): ObjId | null {
  const src = ctx.sourceName;
  const options = [...g.state.battlefield, ...g.state.stack.filter((id) => !g.obj(id).ability)].filter((id) => matchesFilter(g, f, { obj: id }, filterCtx(ctx)));
  if (options.length === 0) {
    g.emit({ type: 'nothing_happens', rule: '609.7a', by: g.ref(ctx.source, src), why: { kind: 'no_choice', filter: f.text } });
    return null;
  }
  const a = g.ask({ kind: 'choose', player: ctx.controller, rule: '609.7a', prompt: `choose a ${f.text} (${src})`, options: options.map((id) => thingOption(g, { obj: id })), min: 1, max: 1 });
  const chosen = a.options[0]!;
  g.emit({ type: 'chosen', rule: '609.7a', player: ctx.controller, choice: { kind: 'objects', objs: [g.ref(chosen)] } });
  return chosen;
}

/** The part of a divided amount a target was given as the spell was cast (601.2d); a target still
 * legal as it resolves keeps its part (608.2b). */
function dividedPart(ctx: ResolveCtx, t: Thing): number {
  const chosen = ctx.choices.targets.flatMap((x) => x.chosen);
  const i = chosen.findIndex((c) => JSON.stringify('obj' in c ? { obj: c.obj } : { player: c.player }) === JSON.stringify(t));
  return i < 0 ? 0 : ctx.choices.divide?.[i] ?? 0;
}

/** "its controller", "that spell's controller": the controller of the object a reference names. */
function controllerOf(g: Game, ctx: ResolveCtx, ref: Ref): Thing | null {
  const id = objects(g, ctx, ref)[0];
  return id && g.tryObj(id) ? { player: g.controller(id) } : null;
}

/**
 * "A creature dealt damage this way can't be regenerated this turn": the creatures among what the
 * damage was dealt to (after prevention) keep no regeneration shield for the turn (701.15c).
 */
function noRegenerationForDealt(g: Game, ctx: ResolveCtx, dealt: Thing[]): void {
  const objs = dealt.flatMap((t) => ('obj' in t && g.tryObj(t.obj)?.zone === 'battlefield' && g.chars(t.obj).types.includes('creature') ? [t.obj] : []));
  if (!objs.length) return;
  addEffect(g.state, { kind: 'combat_restriction', what: 'be_regenerated', objs, source: ctx.source, sourceName: ctx.sourceName, controller: ctx.controller, duration: { kind: 'end_of_turn' } });
  g.emit({ type: 'combat_restriction', rule: '701.15c', objs: objs.map((id) => g.ref(id)), what: 'be_regenerated', by: g.ref(ctx.source, ctx.sourceName) });
}
