// Keyword actions that put counters on permanents and players the instruction doesn't name: bolster
// (701.39) chooses among the creatures with the least toughness, proliferate (701.34) among everything
// that already has a counter. The counters go through putCounters, so replacement effects apply (614.1).

import { putCounters } from '../events/counters.js';
import { designate } from './permanents.js';
import { thingOption, optionThing } from '../stack/targets.js';
import type { Game } from '../state/game.js';
import type { ObjId, PlayerId } from '../state/state.js';
import { affectedObjects, amount, players, type Handlers, type ResolveCtx } from './context.js';

/** "Target player gets a poison counter" (122.1f): ten or more, and the player loses (704.5c). */
export const POISON_HANDLERS: Handlers<'get_poison'> = {
  get_poison(g, e, ctx) {
    for (const p of players(g, ctx, e.who)) {
      const n = amount(g, ctx, e.amount, p);
      if (n <= 0) continue;
      const pl = g.player(p);
      pl.poison += n;
      g.emit({ type: 'player_counters', rule: '122.1f', player: p, counter: 'poison', delta: n, total: pl.poison, by: g.ref(ctx.source, ctx.sourceName) });
    }
  },
};

export const COUNTERS_HANDLERS: Handlers<'bolster' | 'proliferate' | 'become_monstrous'> = {
  become_monstrous(g, e, ctx) {
    // 701.37b: a designation of permanents only, kept until the permanent leaves the battlefield
    designate(g, ctx, affectedObjects(g, ctx, e.affected), 'monstrous', '701.37b');
  },
  bolster(g, e, ctx) {
    const n = amount(g, ctx, e.amount);
    const mine = g.state.battlefield.filter((id) => {
      const c = g.chars(id);
      return c.controller === ctx.controller && c.types.includes('creature');
    });
    if (mine.length === 0) {
      g.emit({ type: 'nothing_happens', rule: '701.39a', by: g.ref(ctx.source, ctx.sourceName), why: { kind: 'no_choice', filter: 'creature you control' } });
      return;
    }
    // 701.39a: the least toughness, or tied for it; the choice is made as the instruction is followed
    const least = Math.min(...mine.map((id) => g.chars(id).toughness ?? 0));
    const options = mine.filter((id) => (g.chars(id).toughness ?? 0) === least);
    const a = g.ask({ kind: 'choose', player: ctx.controller, rule: '701.39a', prompt: `choose a creature you control with the least toughness (bolster ${n}, ${ctx.sourceName})`, options: options.map((id) => thingOption(g, { obj: id })), min: 1, max: 1 });
    const chosen = a.options[0] as ObjId;
    g.emit({ type: 'chosen', rule: '701.39a', player: ctx.controller, choice: { kind: 'objects', objs: [g.ref(chosen)] } });
    putCounters(g, chosen, '+1/+1', n, '701.39a', ctx.sourceName);
  },
  proliferate(g, _e, ctx) {
    // 701.34a: any number of permanents and/or players that have a counter, each one more of each kind
    const objs = g.state.battlefield.filter((id) => kindsOn(g, id).length > 0);
    const people = g.apnap().filter((p) => playerKinds(g, p).length > 0);
    const options = [...objs.map((id) => thingOption(g, { obj: id })), ...people.map((p) => thingOption(g, { player: p }))];
    const a = options.length === 0 ? { options: [] as string[] } : g.ask({ kind: 'choose', player: ctx.controller, rule: '701.34a', prompt: `proliferate (${ctx.sourceName}): choose any number of permanents and players with counters`, options, min: 0, max: options.length });
    const chosen = a.options.map(optionThing);
    g.emit({ type: 'proliferated', rule: '701.34a', player: ctx.controller, chosen: chosen.map((t) => ('obj' in t ? { obj: g.ref(t.obj) } : t)) });
    for (const t of chosen) {
      if ('obj' in t) for (const k of kindsOn(g, t.obj)) putCounters(g, t.obj, k, 1, '701.34a', ctx.sourceName);
      else givePlayerCounters(g, ctx, t.player);
    }
  },
};

function kindsOn(g: Game, id: ObjId): string[] {
  return Object.entries(g.obj(id).counters).filter(([, n]) => n > 0).map(([k]) => k);
}

/** The kinds of counters a player has that the engine keeps: poison (122.1f) and energy (107.14). */
function playerKinds(g: Game, p: PlayerId): Array<'poison' | 'energy'> {
  const pl = g.player(p);
  return [...(pl.poison > 0 ? ['poison' as const] : []), ...((pl.energy ?? 0) > 0 ? ['energy' as const] : [])];
}

function givePlayerCounters(g: Game, ctx: ResolveCtx, p: PlayerId): void {
  const pl = g.player(p);
  for (const k of playerKinds(g, p)) {
    if (k === 'poison') {
      pl.poison += 1;
      g.emit({ type: 'player_counters', rule: '701.34a', player: p, counter: 'poison', delta: 1, total: pl.poison, by: g.ref(ctx.source, ctx.sourceName) });
    } else {
      pl.energy = (pl.energy ?? 0) + 1;
      g.emit({ type: 'energy', rule: '701.34a', player: p, delta: 1, energy: pl.energy });
    }
  }
}
