// Evaluating the DSL's amounts: numbers, X, counts, and values read from objects (using last known
// information when the object is gone, 608.2h).

import { effectsOf } from '../state/effects.js';
import type { Amount, Ref } from '../cards/types.js';
import type { Filter } from '../cards/filter.js';
import type { ColorLetter, ManaSymbol } from '../core/mana.js';
import type { Chars } from '../state/chars.js';
import { matchesFilter, objectManaValue, type FilterContext, type Thing } from './filters.js';
import type { Game } from '../state/game.js';
import { diedThisTurn, eventsOfTurn, spellsCast } from './turnHistory.js';
import type { GameObject, ObjId } from '../state/state.js';
import { timesKicked } from '../state/state.js';

export interface AmountScope {
  filterCtx: FilterContext;
  x: number;
  /** The amount of the event being replaced, for a replacement's instructions. */
  eventAmount?: number;
  /** The life lost so far by this resolution's `lose_life` instructions ("the life lost this way"). */
  lifeLost?: number;
  /** The objects a reference names (targets, sacrificed, it...). */
  things: (ref: Ref) => Thing[];
}

/** Power, toughness or mana value of an object now, or as it last existed (608.2h). */
export function objectValue(g: Game, id: ObjId, what: 'power' | 'toughness' | 'mana_value', charsOf?: (id: ObjId) => Chars): number {
  const o = g.state.objects[id];
  if (o) {
    // inside the layer computation, the characteristics computed so far
    const c = charsOf ? charsOf(id) : g.chars(id);
    if (what === 'mana_value') return objectManaValue(g, id, c);
    return c[what] ?? 0;
  }
  const l = g.state.lki[id];
  if (!l) return 0;
  const v = what === 'mana_value' ? l.manaValue : (l[what] ?? 0);
  g.emit({ type: 'last_known_used', rule: '608.2h', name: l.name, what, value: v });
  return v;
}

export function evalAmount(g: Game, a: Amount, scope: AmountScope): number {
  if (typeof a === 'number') return a;
  if (a === 'X') return scope.x;
  if (a === 'event_amount') return scope.eventAmount ?? 0;
  if (a === 'life_lost') return scope.lifeLost ?? 0;
  if ('count' in a) {
    return allThings(g).filter((t) => matchesFilter(g, a.count, t, scope.filterCtx)).length;
  }
  if ('power_of' in a) return sumOf(g, scope.things(a.power_of), 'power', scope.filterCtx.charsOf);
  if ('toughness_of' in a) return sumOf(g, scope.things(a.toughness_of), 'toughness', scope.filterCtx.charsOf);
  if ('mana_value_of' in a) return sumOf(g, scope.things(a.mana_value_of), 'mana_value', scope.filterCtx.charsOf);
  if ('greatest_power' in a) {
    const ps = g.state.battlefield
      .filter((id) => matchesFilter(g, a.greatest_power, { obj: id }, scope.filterCtx))
      .map((id) => g.chars(id).power ?? 0);
    return ps.length ? Math.max(0, ...ps) : 0;
  }
  if ('cards_in_hand' in a) {
    return scope.things(a.cards_in_hand).reduce((n, t) => n + ('player' in t ? g.player(t.player).hand.length : 0), 0);
  }
  if ('number_of' in a) {
    const things = scope.things(a.number_of);
    return a.matching ? things.filter((t) => matchesFilter(g, a.matching!, t, scope.filterCtx)).length : things.length;
  }
  if ('counters' in a) {
    // an object that is gone is counted as it last existed (608.2h): modular's "for each +1/+1 counter"
    const countersOf = (id: ObjId) => (g.tryObj(id) ?? g.state.lki[id]?.object)?.counters[a.counters] ?? 0;
    return scope.things(a.on).reduce((n, t) => n + ('obj' in t ? countersOf(t.obj) : 0), 0);
  }
  if ('died_this_turn' in a) {
    // 700.4: put into a graveyard from the battlefield, judged as it last existed; `you`: into its owner's, the controller's graveyard
    return diedThisTurn(g, eventsOfTurn(g, 0), a.died_this_turn, a.owner === 'you' ? scope.filterCtx.you : undefined, scope.filterCtx.you);
  }
  if ('blockers_of' in a) {
    const blockers = (id: ObjId) => g.state.battlefield.filter((b) => g.obj(b).blocking?.includes(id)).length;
    return scope.things(a.blockers_of).reduce((n, t) => n + ('obj' in t ? blockers(t.obj) : 0), 0);
  }
  if ('blockers_beyond_first' in a) {
    const blockers = (id: ObjId) => g.state.battlefield.filter((b) => g.obj(b).blocking?.includes(id)).length;
    return scope.things(a.blockers_beyond_first).reduce((n, t) => n + ('obj' in t ? Math.max(0, blockers(t.obj) - 1) : 0), 0);
  }
  if ('replicate_paid' in a) {
    // a spell that left the stack is read as it last existed (608.2h)
    const paid = (id: ObjId) => ((g.tryObj(id) ?? g.state.lki[id]?.object)?.spell?.choices.additional ?? []).filter((k) => k === 'Replicate').length;
    return scope.things(a.replicate_paid).reduce((n, t) => n + ('obj' in t ? paid(t.obj) : 0), 0);
  }
  if ('times_kicked' in a) {
    // a spell, or the spell a permanent was; either may be read as it last existed (608.2h)
    const kicked = (id: ObjId) => {
      const o = g.tryObj(id) ?? g.state.lki[id]?.object;
      return timesKicked(o?.spell?.choices.additional ?? o?.castChoices?.additional ?? []);
    };
    return scope.things(a.times_kicked).reduce((n, t) => n + ('obj' in t ? kicked(t.obj) : 0), 0);
  }
  if ('spells_cast_this_turn' in a) return castThisTurn(g, a, scope);
  if ('spells_cast_before' in a) {
    // a spell that left the stack is counted as it last existed (608.2h)
    const before = (id: ObjId) => (g.tryObj(id) ?? g.state.lki[id]?.object)?.spell?.castBefore ?? 0;
    return scope.things(a.spells_cast_before).reduce((n, t) => n + ('obj' in t ? before(t.obj) : 0), 0);
  }
  if ('distinct' in a) {
    const types = new Set<string>();
    for (const t of allThings(g)) {
      if ('obj' in t && matchesFilter(g, a.among, t, scope.filterCtx)) for (const x of (scope.filterCtx.charsOf ?? ((id: ObjId) => g.chars(id)))(t.obj).types) types.add(x);
    }
    return types.size;
  }
  if ('basic_land_types' in a) {
    const chars = scope.filterCtx.charsOf ?? ((id: ObjId) => g.chars(id));
    const found = new Set<string>();
    for (const id of g.state.battlefield) {
      if (matchesFilter(g, a.basic_land_types, { obj: id }, scope.filterCtx)) for (const t of chars(id).subtypes) if (BASIC_TYPES.includes(t)) found.add(t);
    }
    return found.size;
  }
  if ('devotion' in a) return devotion(g, a.devotion, scope.filterCtx);
  if ('colors_spent' in a) return scope.things(a.colors_spent).reduce((n, t) => n + ('obj' in t ? colorsSpent(g, t.obj) : 0), 0);
  if ('targets_of' in a) return scope.things(a.targets_of).reduce((n, t) => n + ('obj' in t ? targetsChosen(g, t.obj) : 0), 0);
  if ('same_name' in a) return sameNameCount(g, a.same_name, a.among, scope);
  if ('minus' in a) return Math.max(0, evalAmount(g, a.minus[0], scope) - evalAmount(g, a.minus[1], scope));
  if ('times' in a) return evalAmount(g, a.times[0], scope) * evalAmount(g, a.times[1], scope);
  return evalAmount(g, a.plus[0], scope) + evalAmount(g, a.plus[1], scope);
}

/** The spells the players a reference names cast this turn, matching a filter; with `before`, only those
 * whose cast (601.2i) comes earlier in the turn than that of the spell `before` names. */
function castThisTurn(g: Game, a: Extract<Amount, { spells_cast_this_turn: Ref }>, scope: AmountScope): number {
  const events = eventsOfTurn(g, 0);
  const spell = a.before ? scope.things(a.before).find((t) => 'obj' in t) : undefined;
  // the turn's events come newest first: the ones older than that spell's cast follow it
  const at = spell && 'obj' in spell ? events.findIndex((e) => e.type === 'spell_cast' && e.obj.id === spell.obj) : -1;
  if (a.before && at < 0) return 0;
  const earlier = a.before ? events.slice(at + 1) : events;
  return scope.things(a.spells_cast_this_turn).reduce((n, t) => n + ('player' in t ? spellsCast(g, earlier, t.player, a.matching, scope.filterCtx.you) : 0), 0);
}

/** The objects matching `among` named as one of the objects `ref` names is, read as it last existed
 * if it left its zone (608.2h); an object with no name (a face-down spell, 708.2) shares none. */
function sameNameCount(g: Game, ref: Ref, among: Filter, scope: AmountScope): number {
  const nameOf = (id: ObjId): string | null => (g.tryObj(id) ? (scope.filterCtx.charsOf ?? ((x: ObjId) => g.chars(x)))(id).name : g.state.lki[id]?.name ?? null);
  const names = new Set<string>();
  for (const t of scope.things(ref)) if ('obj' in t) { const n = nameOf(t.was ?? t.obj); if (n) names.add(n); }
  if (names.size === 0) return 0;
  return allThings(g).filter((t) => 'obj' in t && g.tryObj(t.obj) !== undefined && names.has(nameOf(t.obj) ?? '') && matchesFilter(g, among, t, scope.filterCtx)).length;
}

const BASIC_TYPES = ['Plains', 'Island', 'Swamp', 'Mountain', 'Forest'];

/** The colors of mana spent to cast an object (601.2h): none if it wasn't cast. */
function colorsSpent(g: Game, id: ObjId): number {
  const paid = g.tryObj(id)?.spell?.choices.paid.mana ?? [];
  return new Set(paid.map((m) => m.type).filter((t) => t !== 'C')).size;
}

/** 700.5: a player's devotion to colors is the number of mana symbols among the mana costs of the
 * permanents they control that are of one of those colors (a hybrid symbol of two of them counts once). */
function devotion(g: Game, colors: readonly ColorLetter[], ctx: FilterContext): number {
  const chars = ctx.charsOf ?? ((id: ObjId) => g.chars(id));
  const of = (s: ManaSymbol): boolean => {
    switch (s.kind) {
      case 'mana': return (colors as readonly string[]).includes(s.type);
      case 'hybrid': return colors.includes(s.a) || colors.includes(s.b);
      case 'twobrid': case 'phyrexian': return colors.includes(s.color);
      default: return false;
    }
  };
  let n = 0;
  for (const id of g.state.battlefield) {
    const c = chars(id);
    if (c.controller === ctx.you) n += (c.manaCost ?? []).filter(of).length;
  }
  return n;
}

/** How many targets a spell or ability on the stack has chosen (601.2c), or had as it last existed. */
function targetsChosen(g: Game, id: ObjId): number {
  const o = g.tryObj(id) ?? g.state.lki[id]?.object;
  const choices = o?.spell?.choices ?? o?.ability?.choices;
  return choices ? choices.targets.reduce((n, t) => n + t.chosen.length, 0) : 0;
}

function sumOf(g: Game, things: Thing[], what: 'power' | 'toughness' | 'mana_value', charsOf?: (id: ObjId) => Chars): number {
  return things.reduce((n, t) => n + ('obj' in t ? objectValue(g, t.was ?? t.obj, what, charsOf) : 0), 0);
}

function allThings(g: Game): Thing[] {
  return [...g.state.players.map((p) => ({ player: p.name })), ...Object.keys(g.state.objects).map((obj) => ({ obj }))];
}

/**
 * Cards exiled with an object (607.2a-b), still in exile: as it entered, or by its abilities. With
 * `abilityKey`, only by an ability printed on the same card as that one: an object that gained
 * abilities from several cards has one pair of linked abilities per card (607.5).
 */
export function linkedCards(g: Game, o: GameObject, abilityKey?: string): Thing[] {
  // the abilities of one card, or of one keyword (champion's two linked abilities, 702.72b)
  const card = (k: string) => (k.startsWith('kw:') ? k.replace(/#\d+/, '') : k.split('/').slice(0, 2).join('/'));
  const links = effectsOf(g.state, 'exile_link').filter((l) => l.source === o.id && (!abilityKey || !l.abilityKey || card(l.abilityKey) === card(abilityKey)));
  const ids = [...(o.chosen?.cards ?? []), ...links.flatMap((l) => l.cards)];
  return ids.filter((id) => g.state.objects[id]?.zone === 'exile').map((obj) => ({ obj }));
}

/**
 * Amounts of static abilities (characteristic-defining abilities, 604.3), evaluated inside the layer
 * computation against the characteristics computed so far.
 */
export function evalAmountStatic(g: Game, a: Amount, o: GameObject, cur?: Pick<ReadonlyMap<ObjId, Chars>, 'get'>): number {
  const charsOf = cur ? (id: ObjId) => cur.get(id)! : undefined;
  // "you" is the object's controller as computed so far (109.5; control changes in layer 2, 613.1b)
  const you = cur?.get(o.id)?.controller ?? o.controller;
  const scope: AmountScope = {
    filterCtx: { you, source: o.id, ...(charsOf ? { charsOf } : {}) },
    x: 0,
    things: (ref) => (ref === 'self' ? [{ obj: o.id }] : ref === 'you' ? [{ player: you }] : ref === 'linked' ? linkedCards(g, o) : []),
  };
  if (typeof a === 'object' && 'greatest_power' in a) {
    const ps = g.state.battlefield.filter((id) => matchesFilter(g, a.greatest_power, { obj: id }, scope.filterCtx)).map((id) => (charsOf ? charsOf(id) : g.chars(id)).power ?? 0);
    return ps.length ? Math.max(0, ...ps) : 0;
  }
  return evalAmount(g, a, scope);
}
