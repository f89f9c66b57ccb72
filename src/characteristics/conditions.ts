// Conditions of the card DSL: intervening "if" clauses (603.4), "if" instructions, and conditions
// on static abilities ("as long as Trinisphere is untapped", "except during its controller's turn").

import type { Condition, Ref } from '../cards/types.js';
import { matchesFilter, type Thing } from './filters.js';
import { evalAmount } from './amounts.js';
import type { Game } from '../state/game.js';
import type { GameObject, ObjId, PlayerId, ZoneName } from '../state/state.js';
import { wasKicked } from '../state/state.js';
import type { Chars } from '../state/chars.js';
import type { Mana } from '../core/mana.js';
import type { GameEvent } from '../state/events.js';
import { canPair, pairedPartner } from './pairing.js';
import { creaturesDied, dealtDamage, entered, eventsOfTurn, inCombat, lifeLost, spellsCast, wasDealtDamage } from './turnHistory.js';

export interface ConditionScope {
  you: PlayerId;
  source?: ObjId;
  /** For cost modifiers: the player casting the spell. */
  spellController?: PlayerId;
  kicked?: boolean;
  castFrom?: ZoneName;
  things?: (ref: Ref) => Thing[];
  /** Characteristics to read (inside layer computation, the partial ones). */
  charsOf?: (id: ObjId) => Chars;
  /** The card name the resolving spell or ability chose (201.3). */
  chosenName?: string;
}

/** The things a reference names; `self` and `you` are known without a resolving context. */
function thingsOf(ref: Ref, s: ConditionScope): Thing[] {
  const ts = s.things?.(ref) ?? [];
  if (ts.length) return ts;
  if (ref === 'self' && s.source) return [{ obj: s.source }];
  if (ref === 'you') return [{ player: s.you }];
  return [];
}

/** What a reference names, and for "enchanted" or "equipped" in a static ability the permanent its
 * source is attached to ("as long as it's a Zombie" on an Aura). */
function attachedOrThings(g: Game, ref: Ref, s: ConditionScope): Thing[] {
  if ((ref === 'enchanted' || ref === 'equipped') && s.source) {
    // a resolving ability names it itself; anywhere else (an intervening "if" as the event happens) it is read off the source
    const named = s.things?.(ref) ?? [];
    if (named.length) return named;
    const on = g.tryObj(s.source)?.attachedTo;
    return typeof on === 'string' ? [{ obj: on }] : [];
  }
  return thingsOf(ref, s);
}

function players(g: Game, ref: Ref, s: ConditionScope): PlayerId[] {
  // inside a computation of characteristics, controllers are read from it (g.controller would start another)
  const controller = (id: ObjId): PlayerId => (s.charsOf ? s.charsOf(id).controller : g.controller(id));
  if (ref === 'you') return [s.you];
  if (ref === 'each_opponent') return g.state.players.filter((p) => p.name !== s.you && !p.lost).map((p) => p.name);
  if (ref === 'each_player') return g.state.players.filter((p) => !p.lost).map((p) => p.name);
  const ts = thingsOf(ref, s);
  // in a static of an attacking creature: the player it attacks, or whose planeswalker it attacks (506.2)
  if (!ts.length && ref === 'defending_player' && s.source) {
    const d = g.defendingPlayer(s.source, controller);
    return d ? [d] : [];
  }
  return ts.map((t) => ('player' in t ? t.player : controller(t.obj)));
}

/** "[who] has more life / cards in hand / [permanents] than [than]": some such player does */
function playerHasMore(g: Game, c: Extract<Condition, { kind: 'player_more' }>, s: ConditionScope, controller: (id: ObjId) => PlayerId, fctx: { you: PlayerId }): boolean {
  const stat = (p: PlayerId): number => {
    if (c.stat === 'life') return g.player(p).life;
    if (c.stat === 'hand') return g.player(p).hand.length;
    const f = c.stat.controls;
    return g.state.battlefield.filter((id) => controller(id) === p && matchesFilter(g, f, { obj: id }, { ...fctx, you: p })).length;
  };
  const others = (p: PlayerId): PlayerId[] => (c.than === 'each_other_player'
    ? g.state.players.filter((q) => q.name !== p && !q.lost).map((q) => q.name) : players(g, c.than, s).filter((q) => q !== p));
  const more = (p: PlayerId): boolean => (c.thanAny ? others(p).some((q) => stat(p) > stat(q)) : others(p).length > 0 && others(p).every((q) => stat(p) > stat(q)));
  const who = players(g, c.who, s);
  return c.every ? who.length > 0 && who.every(more) : who.some(more);
}

/** The source as a permanent (or as it last existed there), whose cast choices abilities may ask about. */
function castPermanent(g: Game, s: ConditionScope): GameObject | undefined {
  return g.tryObj(s.source) ?? (s.source ? g.state.lki[s.source]?.object : undefined);
}

/** Kicked (702.33d), or escaped (702.138b: cast from a graveyard with escape): the spell's own choices,
 * or those of the spell the permanent was (a permanent entering still is that spell). */
function howCast(g: Game, kind: 'kicked' | 'escaped', s: ConditionScope): boolean {
  const o = castPermanent(g, s);
  if (kind === 'escaped') return (o?.spell?.choices.alt ?? o?.castChoices?.alt) === 'Escape';
  return !!s.kicked || wasKicked(o?.castChoices?.additional ?? []);
}

/** The spell a reference names ("if that spell was kicked"): on the stack, or as it last was there (608.2h) */
function spellOf(g: Game, ref: Ref, s: ConditionScope): GameObject | undefined {
  const t = thingsOf(ref, s)[0];
  if (!t || !('obj' in t)) return undefined;
  const o = g.tryObj(t.obj) ?? g.state.lki[t.obj]?.object;
  return o?.spell ? o : undefined;
}

export function checkCondition(g: Game, c: Condition, s: ConditionScope): boolean {
  const fctx = { you: s.you, ...(s.source ? { source: s.source } : {}), ...(s.charsOf ? { charsOf: s.charsOf } : {}), ...(s.chosenName !== undefined ? { chosenName: s.chosenName } : {}) };
  const controller = (id: ObjId): PlayerId => (s.charsOf ? s.charsOf(id).controller : g.controller(id));
  switch (c.kind) {
    case 'life_at_least':
      return players(g, c.who, s).some((p) => g.player(p).life >= c.n);
    // a spell's own choices, or those of the spell a permanent was ("if it was kicked", "if it escaped")
    case 'kicked': case 'escaped':
      return c.kind === 'kicked' && c.of ? wasKicked(spellOf(g, c.of, s)?.spell?.choices.additional ?? []) : howCast(g, c.kind, s);
    case 'cast_from':
      return (s.castFrom ?? castPermanent(g, s)?.castFrom) === c.zone;
    case 'life_at_most':
      return players(g, c.who, s).some((p) => g.player(p).life <= c.n);
    case 'at_least':
      return (evalAmount(g, c.of, { filterCtx: fctx, x: 0, things: (r) => thingsOf(r, s) }) >= c.n) !== (c.not === true);
    case 'graveyard_at_least':
      return players(g, c.who, s).some((p) => g.player(p).graveyard.length >= c.n);
    case 'counters_at_least':
      return thingsOf(c.on, s).some((t) => {
        const n = 'obj' in t ? (g.tryObj(t.obj)?.counters[c.counter] ?? 0) : -1;
        return n >= c.n && (c.atMost === undefined || n <= c.atMost);
      });
    case 'hand_empty':
      return players(g, c.who, s).some((p) => g.player(p).hand.length === 0);
    case 'hand_at_least':
      return players(g, c.who, s).some((p) => g.player(p).hand.length >= c.n);
    case 'hand_at_most':
      return players(g, c.who, s).some((p) => g.player(p).hand.length <= c.n);
    case 'no_counters': {
      // the source as it is, or as it last existed (a dies trigger looks back, 603.10a)
      const id = c.on === 'self' ? s.source : undefined;
      const o = g.tryObj(id) ?? (id ? g.state.lki[id]?.object : undefined);
      return !!o && (o.counters[c.counter] ?? 0) === 0;
    }
    case 'suspended': {
      const o = g.tryObj(s.source);
      return !!o && o.zone === 'exile' && (o.counters.time ?? 0) > 0;
    }
    case 'is':
      return attachedOrThings(g, c.what, s).some((t) => matchesFilter(g, c.filter, t, fctx)) !== !!c.not;
    case 'controls': {
      const count = (p: PlayerId) => g.state.battlefield.filter((id) => controller(id) === p && matchesFilter(g, c.filter, { obj: id }, { ...fctx, you: p })).length;
      return c.none ? players(g, c.who, s).every((p) => count(p) === 0) : players(g, c.who, s).some((p) => count(p) >= (c.atLeast ?? 1));
    }
    case 'city_blessing':
      return players(g, c.who, s).some((p) => !!g.player(p).cityBlessing);
    case 'creature_died_this_turn':
      return eventsThisTurn(g).some((e) => e.type === 'zone_move' && e.from === 'battlefield' && e.to === 'graveyard' && !!g.state.lki[e.obj.id]?.types.includes('creature'));
    case 'attacked_this_turn':
      return eventsThisTurn(g).some((e) => e.type === 'attackers_declared' && e.player === s.you && e.count > 0) !== !!c.not;
    case 'life_gained_this_turn':
      return players(g, c.who, s).some((p) => g.player(p).lifeGainedThisTurn >= c.n);
    case 'mana_spent':
      return manaSpentToCast(g, s).some((m) => m.type === c.color);
    case 'permanent_left_this_turn':
      return eventsThisTurn(g).some((e) => e.type === 'zone_move' && e.from === 'battlefield' && g.state.lki[e.obj.id]?.controller === s.you);
    case 'cast_during_main':
      return castDuringMain(g, s);
    case 'player_more':
      return playerHasMore(g, c, s, controller, fctx);
    // a creature whose power (or toughness) no creature on the battlefield exceeds is one its controller controls
    case 'controls_greatest': {
      const stat = (id: ObjId) => (s.charsOf ? s.charsOf(id) : g.chars(id))[c.stat] ?? 0;
      const creatures = g.state.battlefield.filter((id) => (s.charsOf ? s.charsOf(id) : g.chars(id)).types.includes('creature'));
      const top = Math.max(...creatures.map(stat));
      return creatures.some((id) => controller(id) === s.you && stat(id) === top);
    }
    case 'has_attached':
      return attachedOrThings(g, c.on, s).some((t) => 'obj' in t && hasAttached(g, t.obj, c.subtype, s));
    case 'all':
      return c.all.every((x) => checkCondition(g, x, s));
    case 'source_in_graveyard': {
      // a card that left the graveyard is a new object (400.7): the ability's source is gone
      const o = g.tryObj(s.source);
      return !!o && o.zone === 'graveyard';
    }
    case 'source_untapped': {
      const o = g.tryObj(s.source);
      return !!o && !o.tapped;
    }
    case 'greater_pt':
      return thingsOf(c.what, s).some((t) => 'obj' in t && !!s.source && greaterPT(g, t.obj, s.source));
    case 'paired':
      return !!s.source && pairedPartner(g, s.source) !== null;
    case 'can_pair': {
      // 702.95a: you control both, both are unpaired creatures (for `self`, some other one of yours is)
      const you = s.you;
      if (!s.source || !canPair(g, s.source, you)) return false;
      if (c.what === 'self') return g.state.battlefield.some((id) => id !== s.source && canPair(g, id, you));
      return thingsOf(c.what, s).some((t) => 'obj' in t && t.obj !== s.source && canPair(g, t.obj, you));
    }
    case 'renowned': {
      const o = g.tryObj(s.source);
      return (!!o && o.zone === 'battlefield' && !!o.renowned) !== !!c.not;
    }
    case 'monstrous': {
      const o = g.tryObj(s.source);
      return (!!o && o.zone === 'battlefield' && !!o.monstrous) !== !!c.not;
    }
    case 'alt_cost_paid': {
      // a spell's own choices, or those of the spell the permanent was
      const o = castPermanent(g, s);
      return (o?.spell?.choices.alt ?? o?.castChoices?.alt) === c.alt;
    }
    case 'additional_cost_paid': {
      const o = castPermanent(g, s);
      return !!(o?.spell?.choices.additional.includes(c.cost) || o?.castChoices?.additional.includes(c.cost));
    }
    case 'new_since_last_upkeep': {
      // held continuously since an upkeep of its controller that began before this turn: not new
      const o = g.tryObj(s.source);
      if (!o || o.zone !== 'battlefield') return false;
      const held = o.heldSinceUpkeep;
      return !(held && held.player === controller(o.id) && held.turn < g.state.turn.number);
    }
    // "if you've been attacked this step": a creature attacks you or a planeswalker you control (506.2)
    case 'been_attacked':
      return g.state.battlefield.some((id) => {
        const at = g.tryObj(id)?.attacking;
        return at !== undefined && (at === s.you || (g.tryObj(at as ObjId)?.zone === 'battlefield' && controller(at as ObjId) === s.you));
      });
    case 'opponent_damaged_this_turn':
      return g.state.players.some((p) => p.name !== s.you && p.damagedThisTurn);
    case 'spells_last_turn': {
      const counts = g.state.players.map((p) => p.spellsCastLastTurn ?? 0);
      const n = c.byOnePlayer ? Math.max(0, ...counts) : counts.reduce((a, b) => a + b, 0);
      return (c.atLeast === undefined || n >= c.atLeast) && (c.atMost === undefined || n <= c.atMost);
    }
    case 'life_lost': {
      const events = eventsOfTurn(g, c.turn === 'this' ? 0 : 1);
      return players(g, c.who, s).some((p) => lifeLost(events, p) >= c.n) !== !!c.not;
    }
    case 'cast_this_turn': {
      const events = eventsOfTurn(g, 0);
      return players(g, c.who, s).some((p) => spellsCast(g, events, p, c.filter, s.you) >= c.n) !== !!c.not;
    }
    case 'entered_this_turn':
      return (c.under ? players(g, c.under, s) : [undefined]).some((p) => entered(g, eventsOfTurn(g, 0), c.filter, p, s.you) >= c.n);
    case 'creatures_died':
      return creaturesDied(g, eventsOfTurn(g, 0)) >= c.n;
    case 'source_dealt_damage':
    case 'source_was_dealt_damage':
    case 'source_in_combat':
      return sourceHistory(g, c, s);
    case 'turn_of':
      return (g.state.turn.active === (c.player === 'caster' ? (s.spellController ?? s.you) : s.you)) !== !!c.not;
  }
}

/** What the source did or had done to it this turn: damage dealt or taken, an attack or a block. */
function sourceHistory(g: Game, c: Extract<Condition, { kind: 'source_dealt_damage' | 'source_was_dealt_damage' | 'source_in_combat' }>, s: ConditionScope): boolean {
  const events = eventsOfTurn(g, 0);
  if (c.kind === 'source_dealt_damage') return !!s.source && dealtDamage(events, s.source, s.you);
  if (c.kind === 'source_was_dealt_damage') return !!s.source && wasDealtDamage(events, s.source);
  return (!!s.source && inCombat(events, s.source, c.how)) !== !!c.not;
}

/** Whether a permanent of that subtype (an Equipment, an Aura) is attached to the object (301.5a, 303.4b). */
function hasAttached(g: Game, id: ObjId, subtype: string, s: ConditionScope): boolean {
  const chars = (o: ObjId): Chars => (s.charsOf ? s.charsOf(o) : g.chars(o));
  return g.state.battlefield.some((o) => o !== id && g.tryObj(o)?.attachedTo === id && chars(o).subtypes.includes(subtype));
}

/** The mana spent to cast the resolving spell, or the spell the source permanent was (601.2h); a copy
 * of a spell was not cast, and had none spent (707.10). */
function manaSpentToCast(g: Game, s: ConditionScope): Mana[] {
  const o = g.tryObj(s.source);
  if (o?.zone === 'stack' && o.spell) return o.spell.choices.paid.mana;
  return castPermanent(g, s)?.castChoices?.paid.mana ?? [];
}

/** Whether the resolving spell was cast by its controller during their main phase: it was cast in this
 * very step, since no step or phase ends while the stack holds an object (500.2). */
function castDuringMain(g: Game, s: ConditionScope): boolean {
  const t = g.state.turn;
  if (t.active !== s.you || (t.step !== 'main1' && t.step !== 'main2') || !s.source) return false;
  return eventsThisTurn(g).some((e) => e.type === 'spell_cast' && e.obj.id === s.source && e.player === s.you);
}

/** The events of the current turn, latest first (the log only grows: it holds the whole game). */
function eventsThisTurn(g: Game): GameEvent[] {
  const out: GameEvent[] = [];
  for (let i = g.state.events.length - 1; i >= 0; i--) {
    const e = g.state.events[i]!;
    if (e.type === 'turn_began') break;
    out.push(e);
  }
  return out;
}

/**
 * Evolve's comparison (702.100a): greater power or greater toughness, both objects creatures (a
 * noncreature has neither, 702.100c); one that is gone as it last existed (608.2h).
 */
function greaterPT(g: Game, other: ObjId, self: ObjId): boolean {
  const stats = (id: ObjId) => {
    const c = g.tryObj(id) ? g.chars(id) : undefined;
    const l = c ? undefined : g.state.lki[id];
    const types = c?.types ?? l?.types ?? [];
    return types.includes('creature') ? { p: c?.power ?? l?.power ?? 0, t: c?.toughness ?? l?.toughness ?? 0 } : null;
  };
  const a = stats(other);
  const b = stats(self);
  return !!a && !!b && (a.p > b.p || a.t > b.t);
}
