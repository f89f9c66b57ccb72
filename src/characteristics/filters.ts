// Matching the DSL's filter phrases against objects and players.

import { hasSubtype, sharesCreatureType } from './subtypes.js';
import type { Filter, FilterTerm, Comparison } from '../cards/filter.js';
import { manaValue } from '../core/mana.js';
import { activeCopy, chosenColor, chosenType } from './copiable.js';
import type { Chars } from '../state/chars.js';
import type { Game } from '../state/game.js';
import type { GameObject, ObjId, PlayerId, LastKnown } from '../state/state.js';
import type { GameEvent } from '../state/events.js';
import { keptPer } from '../util/memo.js';

export interface FilterContext {
  /** The player the phrase says "you" for: the controller of the ability. */
  you: PlayerId;
  /** The ability's source ("another"). */
  source?: ObjId;
  /** "that player" */
  thatPlayer?: PlayerId;
  /** The card name the resolving spell or ability chose (201.3): "with the chosen name". */
  chosenName?: string;
  /** Characteristics to read (inside layer computation, the partial ones). */
  charsOf?: (id: ObjId) => Chars;
  /** An object that has left its zone is judged as it last existed (603.10, 608.2h). */
  lastKnown?: boolean;
  /** An object entering the battlefield, judged as the permanent it would be (614.12). */
  entering?: ObjId;
  /** The object the trigger's event is about, the `it` of the ability ("that spell", 603.2). */
  it?: ObjId;
}

/** `was`: the permanent an object was before it died ("its power" in a dies trigger: as it last existed, 603.10a, 608.2h). */
export type Thing = { obj: ObjId; was?: ObjId } | { player: PlayerId };

/** Whether matching an object against a filter reads the characteristics of other objects ("enchanted": its Auras). */
export const readsOthers = keptPer((f: Filter): boolean => f.terms.some((t) => !!t.enchanted));

/** Term keys whose matching (matchesTerm) doesn't read the ability's source ("defending player" aside). */
const SOURCE_FREE_KEYS: ReadonlySet<string> = new Set([
  'kind', 'types', 'notTypes', 'subtypes', 'notSubtypes', 'supertypes', 'notSupertypes', 'colors', 'notColors', 'colorless', 'colorCount',
  'tapped', 'token', 'controller', 'owner', 'player', 'zone', 'zoneOwner', 'power', 'toughness', 'manaValue', 'keyword', 'withoutKeyword',
  'counters', 'enchanted', 'combat', 'singleTarget', 'named', 'dealtDamage',
]);

/** Whether matching an object against a term reads the ability's source other than to leave it out ("another"). */
function termReadsSource(t: FilterTerm): boolean {
  if (t.controller === 'defending_player') return true;
  for (const k in t) if (k !== 'other' && !SOURCE_FREE_KEYS.has(k)) return true;
  return false;
}

/** Whether matching an object against a filter may read the ability's source. */
export const readsSource = keptPer((f: Filter): boolean => f.terms.some((t) => !!t.other || termReadsSource(t)));

/** Whether matching an object against a filter reads the ability's source other than to leave it out. */
export const readsSourceBeyondOther = keptPer((f: Filter): boolean => f.terms.some(termReadsSource));

export function matchesFilter(g: Game, f: Filter, thing: Thing, ctx: FilterContext): boolean {
  for (const t of f.terms) if (matchesTerm(g, t, thing, ctx)) return true;
  return false;
}

/** "a spell that targets you or a creature you control" (115.1): one of the spell's targets, as they
 * are now chosen, is the ability's controller or matches the filter ("that targets CARDNAME": is the
 * ability's source). */
function targetsMatch(g: Game, what: NonNullable<FilterTerm['targets']>, o: GameObject, ctx: FilterContext): boolean {
  const chosen = o.spell?.choices.targets.flatMap((x) => x.chosen) ?? [];
  return chosen.some((c) => ('player' in c && what.you && c.player === ctx.you)
    || (!('player' in c) && what.source === true && c.obj === ctx.source)
    || (what.filter !== undefined && matchesFilter(g, what.filter, 'player' in c ? { player: c.player } : { obj: c.obj }, { you: ctx.you, source: ctx.source })));
}

function compare(c: Comparison, v: number): boolean {
  if ('parity' in c) return c.parity === 'even' ? v % 2 === 0 : v % 2 === 1;
  return c.op === '>=' ? v >= c.n : c.op === '<=' ? v <= c.n : v === c.n;
}

export function matchesTerm(g: Game, t: FilterTerm, thing: Thing, ctx: FilterContext): boolean {
  if ('player' in thing) {
    if (t.kind !== 'player') return false;
    if (t.player === 'opponent' && thing.player === ctx.you) return false;
    if (t.player === 'you' && thing.player !== ctx.you) return false;
    return true;
  }
  if (t.kind === 'player') return false;
  const live = g.tryObj(thing.obj);
  const lki = !live && ctx.lastKnown ? g.state.lki[thing.obj] : undefined;
  const o = live ?? lki?.object;
  if (!o || o.ability) return false;
  const c = lki ? lastKnownChars(g, lki) : charsFor(g, ctx, thing.obj);
  switch (t.kind) {
    case 'permanent':
      if (o.zone !== 'battlefield' && thing.obj !== ctx.entering) return false;
      break;
    case 'spell':
      if (o.zone !== 'stack' || !o.spell) return false;
      break;
    case 'card':
      if (o.zone === 'battlefield' || o.zone === 'stack' || o.isToken || thing.obj === ctx.entering) return false;
      break;
    case 'object':
      break;
  }
  if (t.zone) {
    if (o.zone !== t.zone) return false;
    if (t.zoneOwner === 'you' && o.owner !== ctx.you) return false;
    if (t.zoneOwner === 'that_player' && o.owner !== ctx.thatPlayer) return false;
  }
  if (t.types && !allIn(t.types, c.types)) return false;
  if (t.notTypes && anyIn(t.notTypes, c.types)) return false;
  if (t.subtypes && !anySubtype(c, t.subtypes)) return false;
  if (t.notSubtypes && anySubtype(c, t.notSubtypes)) return false;
  if (t.supertypes && !allIn(t.supertypes, c.supertypes)) return false;
  if (t.notSupertypes && anyIn(t.notSupertypes, c.supertypes)) return false;
  if (t.colors && !allIn(t.colors, c.colors)) return false;
  if (t.notColors && anyIn(t.notColors, c.colors)) return false;
  if (t.colorless && c.colors.length > 0) return false;
  if (t.counters && (t.counters.none ? countersOf(o.counters, t.counters.kind) > 0 : countersOf(o.counters, t.counters.kind) < t.counters.atLeast)) return false;
  if (t.enchanted && !enchanted(g, o.id, ctx)) return false;
  if (t.colorCount && (t.colorCount === 'multi' ? c.colors.length < 2 : c.colors.length !== 1)) return false;
  if (t.combat && !inCombatState(g, o, t.combat)) return false;
  if (t.tapped !== undefined && o.tapped !== t.tapped) return false;
  if (t.lesserPower && (c.power === null || !ctx.source || c.power >= sourcePower(g, ctx.source, ctx))) return false;
  if (t.greaterPower && (c.power === null || !ctx.source || c.power <= sourcePower(g, ctx.source, ctx))) return false;
  if (t.other && thing.obj === ctx.source) return false;
  if (t.attachedTo && !attachedAsSaid(g, o.attachedTo, t.attachedTo, ctx.source)) return false;
  if (t.token !== undefined && o.isToken !== t.token) return false;
  if (t.controller) {
    const ctrl = c.controller;
    if (t.controller === 'you' && ctrl !== ctx.you) return false;
    if (t.controller === 'not_you' && ctrl === ctx.you) return false;
    if (t.controller === 'opponent' && ctrl === ctx.you) return false;
    if (t.controller === 'that_player' && ctrl !== ctx.thatPlayer) return false;
    if (t.controller === 'defending_player' && (!ctx.source || ctrl !== defenderOf(g, ctx, ctx.source))) return false;
  }
  if (t.owner === 'you' && o.owner !== ctx.you) return false;
  if (t.owner === 'opponent' && o.owner === ctx.you) return false;
  if (t.power && (c.power === null || !compare(t.power, c.power))) return false;
  if (t.toughness && (c.toughness === null || !compare(t.toughness, c.toughness))) return false;
  if (t.manaValue && !compare(t.manaValue, lki ? lki.manaValue : objectManaValue(g, thing.obj, c))) return false;
  if (t.manaValueOfIt && (ctx.it === undefined || itManaValue(g, ctx.it) !== (lki ? lki.manaValue : objectManaValue(g, thing.obj, c)))) return false;
  if (t.chosenColor) {
    const srcObj = ctx.source ? g.tryObj(ctx.source) : undefined;
    const chosen = srcObj ? chosenColor(g, srcObj) : undefined;
    if (!chosen || !c.colors.includes(chosen)) return false;
  }
  if (t.chosenType) {
    const srcObj = ctx.source ? g.tryObj(ctx.source) : undefined;
    const chosen = srcObj ? chosenType(g, srcObj) : undefined;
    if (!chosen || !hasSubtype(c, chosen)) return false;
  }
  if (t.singleTarget) {
    const chosen = o.spell?.choices.targets.flatMap((x) => x.chosen) ?? [];
    if (chosen.length !== 1 || !('player' in chosen[0]! || g.tryObj(chosen[0]!.obj)?.zone === 'battlefield')) return false;
  }
  if (t.targets && !targetsMatch(g, t.targets, o, ctx)) return false;
  if (t.sameNameAsSource && (!ctx.source || c.name !== sourceName(g, ctx.source, ctx))) return false;
  if (t.named !== undefined && c.name !== t.named) return false;
  if (t.chosenName && (ctx.chosenName === undefined || c.name !== ctx.chosenName)) return false;
  if (t.sharesColorWithSource && (!ctx.source || !g.tryObj(ctx.source) || !anyIn(c.colors, charsFor(g, ctx, ctx.source).colors))) return false;
  if (t.sharesCreatureTypeWithSource && (!ctx.source || !g.tryObj(ctx.source) || !sharesCreatureType(c, charsFor(g, ctx, ctx.source)))) return false;
  if (t.inCombatWithSource) {
    const src = ctx.source ? g.tryObj(ctx.source) : undefined;
    if (!src || !(o.blocking?.includes(src.id) || src.blocking?.includes(o.id))) return false;
  }
  if (t.wasDealtDamage && !damagedThisTurn(g, o.id, t.wasDealtDamage, ctx.source)) return false;
  if (t.dealtDamage && !dealtDamageThisTurn(g, o.id, t.dealtDamage === 'you' ? ctx.you : undefined)) return false;
  if (t.keyword && !hasKeywordNamed(c, t.keyword)) {
    // a card with morph in hand keeps its keyword in its printed abilities
    return false;
  }
  if (t.withoutKeyword && hasKeywordNamed(c, t.withoutKeyword)) return false;
  return true;
}

// plain loops: the type checks run for every candidate of every filter, and a callback closing over
// the object's characteristics would be made each time

// matchesTerm itself makes no callback: one closing over its locals would make it allocate their
// context at every call

/** The characteristics a filter reads: those given (inside the layers), or the game's. */
function charsFor(g: Game, ctx: FilterContext, id: ObjId): Chars {
  return ctx.charsOf ? ctx.charsOf(id) : g.chars(id);
}

/** The defending player of an attacking source (506.2), a planeswalker's controller read from the characteristics the filter reads. */
function defenderOf(g: Game, ctx: FilterContext, source: ObjId): PlayerId | undefined {
  return g.defendingPlayer(source, (id) => charsFor(g, ctx, id).controller);
}

/** Whether an Aura is attached to the object ("enchanted"). */
function enchanted(g: Game, id: ObjId, ctx: FilterContext): boolean {
  for (const x of g.state.battlefield) if (g.obj(x).attachedTo === id && charsFor(g, ctx, x).subtypes.includes('Aura')) return true;
  return false;
}

/** Whether the object has the keyword (written in lower case). */
function hasKeywordNamed(c: Chars, keyword: string): boolean {
  for (const a of c.abilities) if (a.kind === 'keyword' && a.keyword.toLowerCase() === keyword) return true;
  return false;
}

/** Whether every value wanted is among those the object has. */
function allIn(want: readonly string[], have: readonly string[]): boolean {
  for (let i = 0; i < want.length; i++) if (!have.includes(want[i]!)) return false;
  return true;
}

/** Whether one of the values is among those the object has. */
function anyIn(values: readonly string[], have: readonly string[]): boolean {
  for (let i = 0; i < values.length; i++) if (have.includes(values[i]!)) return true;
  return false;
}

function anySubtype(c: Chars, subtypes: readonly string[]): boolean {
  for (let i = 0; i < subtypes.length; i++) if (hasSubtype(c, subtypes[i]!)) return true;
  return false;
}

/** The damage events of the current turn (the log holds the whole game; a turn begins with `turn_began`). */
function damageThisTurn(g: Game): Array<Extract<GameEvent, { type: 'damage' }>> {
  const out: Array<Extract<GameEvent, { type: 'damage' }>> = [];
  for (let i = g.state.events.length - 1; i >= 0; i--) {
    const e = g.state.events[i]!;
    if (e.type === 'turn_began') break;
    if (e.type === 'damage') out.push(e);
  }
  return out;
}

/** Whether the object was dealt damage this turn (120.3), by any source or by the one named: the
 * filter's source, or the permanent it is attached to (as it is now). */
function damagedThisTurn(g: Game, id: ObjId, by: NonNullable<FilterTerm['wasDealtDamage']>, source: ObjId | undefined): boolean {
  const attached = by === 'enchanted' || by === 'equipped' ? (source ? g.tryObj(source)?.attachedTo : undefined) : source;
  if (by !== 'any' && typeof attached !== 'string') return false;
  return damageThisTurn(g).some((e) => 'obj' in e.to && e.to.obj.id === id && (by === 'any' || e.source.id === attached));
}

/** Whether the object dealt damage this turn, to anything or to that player. */
function dealtDamageThisTurn(g: Game, id: ObjId, to: PlayerId | undefined): boolean {
  return damageThisTurn(g).some((e) => e.source.id === id && (to === undefined || ('player' in e.to && e.to.player === to)));
}

/** 506.4, 509.1h: an attacking creature is blocked or unblocked only once blockers are declared. */
function inCombatState(g: Game, o: GameObject, state: NonNullable<FilterTerm['combat']>): boolean {
  if (state === 'nonattacking') return o.attacking === undefined;
  if (state === 'nonblocking') return !o.blocking?.length;
  if (state === 'blocking') return !!o.blocking?.length;
  if (o.attacking === undefined) return false;
  if (state === 'attacking') return true;
  const declared = ['declare_blockers', 'combat_damage', 'end_of_combat'].includes(g.state.turn.step);
  return declared && (state === 'blocked' ? !!o.blocked : !o.blocked);
}

/** The name of an ability's source, or as it last existed if it is gone (608.2h). */
function sourceName(g: Game, source: ObjId, ctx: FilterContext): string | null | undefined {
  if (g.tryObj(source)) return charsFor(g, ctx, source).name;
  return g.state.lki[source]?.name;
}

/** The power of an ability's source, or as it last existed if it is gone (608.2h). */
function sourcePower(g: Game, source: ObjId, ctx: FilterContext): number {
  if (g.tryObj(source)) return charsFor(g, ctx, source).power ?? 0;
  return g.state.lki[source]?.power ?? 0;
}

/** Characteristics as an object last existed, for filters (the parts last known information keeps). */
function lastKnownChars(g: Game, l: LastKnown): Chars {
  return {
    name: l.name, manaCost: null, colors: l.colors, types: l.types, supertypes: l.supertypes, subtypes: l.subtypes, ...(l.allCreatureTypes ? { allCreatureTypes: true } : {}),
    abilities: l.keywords.map((k) => g.cards.ability(k)).filter((a): a is NonNullable<typeof a> => !!a),
    power: l.power, toughness: l.toughness, loyalty: null, controller: l.controller,
  };
}

/** The objects a filter could match: permanents only, or every zone when it names cards, spells or sources. */
export function candidatesFor(g: Game, f: Filter): ObjId[] {
  if (f.terms.every((t) => t.kind === 'permanent' || t.kind === 'player')) return g.state.battlefield;
  return Object.keys(g.state.objects).filter((id) => !g.state.objects[id]!.ability);
}

/** Mana value (202.3): X counts only on the stack (202.3e); face-down objects have 0 (708.2); a
 * transformed permanent has its front face's (712.8e), a copy of a back face 0 (it has no mana cost). */
export function objectManaValue(g: Game, id: ObjId, c: Chars = g.chars(id)): number {
  const o = g.obj(id);
  const x = o.zone === 'stack' && o.spell ? (o.spell.choices.x ?? 0) : 0;
  if (o.transformed && o.zone === 'battlefield' && !o.faceDown && o.card && !activeCopy(g, o)) {
    const front = g.cards.get(o.card)?.back ? g.cards.get(o.card)!.main : undefined;
    if (front) return manaValue(front.manaCost);
  }
  return manaValue(c.manaCost, x);
}

/** The mana value of the object a trigger is about, now or as it last existed (608.2h); none if it is unknown. */
function itManaValue(g: Game, id: ObjId): number | undefined {
  return g.tryObj(id) ? objectManaValue(g, id) : g.state.lki[id]?.manaValue;
}

/** Whether an object attached to `to` is attached to the source (`self`) or to what the source is attached to (`host`). */
function attachedAsSaid(g: Game, to: string | undefined, which: 'self' | 'host', source: ObjId | undefined): boolean {
  if (to === undefined || source === undefined) return false;
  return which === 'self' ? to === source : to === g.tryObj(source)?.attachedTo;
}

/** How many counters of a kind an object has (`*`: of every kind together). */
function countersOf(counters: Record<string, number>, kind: string): number {
  return kind === '*' ? Object.values(counters).reduce((n, x) => n + x, 0) : counters[kind] ?? 0;
}
