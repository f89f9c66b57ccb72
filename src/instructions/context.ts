// What the handlers of the instructions share while a spell or ability resolves (608.2): the resolution's
// context, what its references (targets 115, "it", "each", "that player") name, its amounts, and the
// types of the handler table.

import type { Affected, Effect, Ref, EffectVerb } from '../cards/types.js';
import { parseFilter, type Filter } from '../cards/filter.js';
import { evalAmount, linkedCards, type AmountScope } from '../characteristics/amounts.js';
import { candidatesFor, matchesFilter, type FilterContext, type Thing } from '../characteristics/filters.js';
import { LimitExceeded, type Game } from '../state/game.js';
import { AMOUNT_LIMIT } from '../util/limits.js';
import type { ColorLetter } from '../core/mana.js';
import type { ManaSink } from '../state/ports.js';
import type { ObjId, PlayerId, StackChoices, ZoneName } from '../state/state.js';

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
  x: number;
  kicked: boolean;
  castFrom?: ZoneName;
  mode?: number;
  /** 700.2d: which instance of a mode chosen more than once (0 for the first) */
  occurrence?: number;
  it: Thing[];
  /** The object the trigger's event is about (603.2), whatever later instructions make `it` name. */
  about?: ObjId;
  thatPlayer?: PlayerId;
  didLast?: boolean;
  /** The amount of the event a replacement effect replaces ("for each 1 life you would gain"). */
  eventAmount?: number;
  /** The total life lost by this resolution's `lose_life` instructions so far. */
  lifeLost?: number;
  /** The permanents the latest `destroy` of this resolution destroyed (`destroyed`, 701.7a), as they last existed. */
  destroyed?: Thing[];
  /** The object or player a `for_each` is handling now (`each`). */
  each?: Thing;
  /** Objects chosen by a `choose: {object}` instruction of this resolution (`chosen`). */
  chosen?: Thing[];
  /** A color chosen by a `choose: color` instruction of this resolution. */
  chosenColor?: ColorLetter;
  /** A card name chosen by a `choose: card_name` instruction of this resolution (201.3). */
  chosenName?: string;
  /** The key of the ability, for delayed triggers it creates. */
  abilityKey: string;
  /** Set while a mana ability resolves (605.3b): the mana its instructions make goes here. */
  mana?: ManaSink;
  effectPath: string;
}

/** The name of an instruction of the card DSL. */
export type Verb = EffectVerb;
/** Runs a list of instructions in order (the dispatcher, handed to the handlers that nest instructions). */
export type Run = (g: Game, effects: Effect[], ctx: ResolveCtx) => void;
/**
 * The handler of one verb: `e` is that verb's instruction; `outer` receives what later instructions of
 * the same list refer back to ("it", "if you do").
 */
export type Handler<V extends Verb> = (g: Game, e: Extract<Effect, { verb: V }>, ctx: ResolveCtx, outer: ResolveCtx, run: Run) => void;
/** A table with one handler per verb of `V`; `Handlers<Verb>` is the full `Record<Verb, Handler>`. */
export type Handlers<V extends Verb> = { [K in V]: Handler<K> };

// ------------------------------------------------------------------ references

/** Whether a reference is one of the block's targets: one naming nothing then was an illegal target
 * (608.2b); any other reference naming nothing is an instruction that can't be carried out (609.3). */
export function nothingNamedRule(ctx: ResolveCtx, ref: Ref): '608.2b' | '609.3' {
  return slotThings(ctx, ref) !== undefined ? '608.2b' : '609.3';
}

function slotThings(ctx: ResolveCtx, name: string): Thing[] | undefined {
  const out: Thing[] = [];
  let found = false;
  for (const [key, things] of ctx.legal) {
    const bare = key.replace(/^\d+(~\d+)?\./, '').replace(/@.*$/, '');
    const m = /^(\d+)(?:~(\d+))?\./.exec(key);
    if (bare !== name) continue;
    if (m && ctx.mode !== undefined && (Number(m[1]) !== ctx.mode || Number(m[2] ?? 0) !== (ctx.occurrence ?? 0))) continue;
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
    const players = inner.map((t) => ('player' in t ? t.player : m[1] === 'owner_of' ? ownerOf(g, t.obj) : controllerOf(g, t.was ?? t.obj)));
    return [...new Set(players)].map((player) => ({ player }));
  }
  const most = /^most:(.+)$/.exec(ref);
  if (most) return playerWithMost(g, ctx, most[1]!);
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
    case 'destroyed': return ctx.destroyed ?? [];
    case 'each': return ctx.each ? [ctx.each] : [];
    case 'that_player': return ctx.thatPlayer ? [{ player: ctx.thatPlayer }] : [];
    case 'defending_player': {
      // the player the creature an attack trigger is about attacks ("Whenever a creature you control
      // attacks, ... defending player"), else the one the source itself attacks (506.2)
      const attackers = [...ctx.it.flatMap((t) => ('obj' in t ? [t.obj] : [])), ctx.source];
      const player = attackers.map((id) => g.defendingPlayer(id)).find((p) => p !== undefined);
      return player ? [{ player }] : [];
    }
    case 'each_player': return g.apnap().map((player) => ({ player }));
    case 'each_opponent': return g.opponents(ctx.controller).map((player) => ({ player }));
    default: return [];
  }
}

/** The filters a `most:F` reference counts, each read once. */
const MOST_FILTERS = new Map<string, Filter>();

/**
 * `most:life`, `most:cards_in_hand`, `most:F`: the one player with more life, more cards in hand, or
 * more permanents matching F than each other player in the game ("the player with the most life",
 * "the player who controls the most Wizards"); with a tie for the most, no player.
 */
function playerWithMost(g: Game, ctx: ResolveCtx, what: string): Thing[] {
  let f = MOST_FILTERS.get(what);
  if (!f && what !== 'life' && what !== 'cards_in_hand') {
    const parsed = parseFilter(what);
    if ('error' in parsed) return [];
    MOST_FILTERS.set(what, (f = parsed));
  }
  const stat = (p: PlayerId): number => {
    if (what === 'life') return g.player(p).life;
    if (what === 'cards_in_hand') return g.player(p).hand.length;
    return g.state.battlefield.filter((id) => g.controller(id) === p && matchesFilter(g, f!, { obj: id }, { ...filterCtx(ctx), you: p })).length;
  };
  const counts = g.apnap().map((player) => ({ player, n: stat(player) }));
  const top = Math.max(...counts.map((c) => c.n));
  const best = counts.filter((c) => c.n === top);
  return best.length === 1 ? [{ player: best[0]!.player }] : [];
}

/** The targets as chosen, legal or not: "its controller" still finds the controller of a target that left. */
function allChosen(ctx: ResolveCtx, name: string): Thing[] {
  const out: Thing[] = [];
  for (const t of ctx.choices.targets) {
    if (t.spec.replace(/^\d+(~\d+)?\./, '').replace(/@.*$/, '') !== name) continue;
    for (const c of t.chosen) out.push('obj' in c ? { obj: c.obj } : { player: c.player });
  }
  return out;
}

export function controllerOf(g: Game, id: ObjId): PlayerId {
  if (g.tryObj(id)) return g.controller(id);
  return g.state.lki[id]?.controller ?? g.state.lki[id]!.object.owner;
}

function ownerOf(g: Game, id: ObjId): PlayerId {
  return g.tryObj(id)?.owner ?? g.state.lki[id]!.object.owner;
}

export function players(g: Game, ctx: ResolveCtx, ref: Ref): PlayerId[] {
  return refThings(g, ctx, ref).map((t) => ('player' in t ? t.player : controllerOf(g, t.obj)));
}

export function objects(g: Game, ctx: ResolveCtx, ref: Ref): ObjId[] {
  return refThings(g, ctx, ref).filter((t): t is { obj: ObjId } => 'obj' in t && !!g.tryObj(t.obj)).map((t) => t.obj);
}

/**
 * The objects a reference names, where one that has just changed zones is found as the new object it
 * became in a public zone: "exile target creature, then return that card" (400.7j), "when enchanted
 * creature dies, return that card" (400.7e). Only that one move is followed: a card that has moved
 * again since is a new object the instruction can't find.
 */
export function movedObjects(g: Game, ctx: ResolveCtx, ref: Ref): ObjId[] {
  const ids: ObjId[] = [];
  for (const t of refThings(g, ctx, ref)) {
    if (!('obj' in t)) continue;
    const now = g.tryObj(t.obj) ? t.obj : g.state.lki[t.obj]?.becameId;
    if (now && g.tryObj(now) && !ids.includes(now)) ids.push(now);
  }
  return ids;
}

/** The objects matching a filter now, as an instruction affecting `{ all: FILTER }` finds them. */
export function matching(g: Game, ctx: ResolveCtx, f: Filter): ObjId[] {
  return candidatesFor(g, f).filter((id) => matchesFilter(g, f, { obj: id }, filterCtx(ctx)));
}

/** What an instruction's `affected` names: a reference's objects and players, or every object matching a filter. */
export function affectedThings(g: Game, ctx: ResolveCtx, a: Affected): Thing[] {
  if (typeof a === 'string') return refThings(g, ctx, a);
  // "each creature and each player": the players a filter names too, in APNAP order
  const named = g.apnap().filter((player) => matchesFilter(g, a.all, { player }, filterCtx(ctx))).map((player) => ({ player }));
  return [...matching(g, ctx, a.all).map((obj) => ({ obj })), ...named];
}

/** The objects an instruction affects: a reference's objects, or the objects matching a filter. */
export function affectedObjects(g: Game, ctx: ResolveCtx, a: Affected): ObjId[] {
  return typeof a === 'string' ? objects(g, ctx, a) : matching(g, ctx, a.all);
}

/** The permanents an instruction affects: a reference's objects still on the battlefield, or the matching objects. */
export function affectedPermanents(g: Game, ctx: ResolveCtx, a: Affected): ObjId[] {
  return typeof a === 'string' ? objects(g, ctx, a).filter((id) => g.obj(id).zone === 'battlefield') : matching(g, ctx, a.all);
}

export function filterCtx(ctx: ResolveCtx): FilterContext {
  return { you: ctx.controller, source: ctx.source, ...(ctx.thatPlayer ? { thatPlayer: ctx.thatPlayer } : {}), ...(ctx.chosenName !== undefined ? { chosenName: ctx.chosenName } : {}), ...(ctx.about !== undefined ? { it: ctx.about } : {}) };
}

function scope(g: Game, ctx: ResolveCtx): AmountScope {
  return { filterCtx: filterCtx(ctx), x: ctx.x, things: (r) => refThings(g, ctx, r), ...(ctx.eventAmount !== undefined ? { eventAmount: ctx.eventAmount } : {}), ...(ctx.lifeLost !== undefined ? { lifeLost: ctx.lifeLost } : {}) };
}

export function amount(g: Game, ctx: ResolveCtx, a: Parameters<typeof evalAmount>[1], forPlayer?: PlayerId): number {
  // "Target player gains X life, where X is ... they control": the amount reads that player
  const n = evalAmount(g, a, scope(g, forPlayer ? { ...ctx, thatPlayer: forPlayer } : ctx));
  // an amount no game needs (X times a count of thousands) stops the action rather than stall it
  if (!Number.isFinite(n) || Math.abs(n) > AMOUNT_LIMIT) throw new LimitExceeded(AMOUNT_LIMIT, 'amount', n);
  return n;
}

export function label(g: Game, t: Thing): string {
  return 'player' in t ? t.player : g.name(t.obj);
}

export function signed(n: number): string {
  return n >= 0 ? `+${n}` : `${n}`;
}

export function sortApnap(g: Game, ps: PlayerId[]): PlayerId[] {
  const order = g.apnap();
  return [...new Set(ps)].sort((a, b) => order.indexOf(a) - order.indexOf(b));
}

export function describeEffects(effects: Effect[]): string {
  return effects.map((e) => e.verb.replace(/_/g, ' ')).join(', then ');
}

/** The verbs of instructions, as events name them. */
export function verbsOf(effects: Effect[]): string[] {
  return effects.map((e) => e.verb);
}
