// Triggered abilities (603): the events since the last look are matched against trigger
// conditions (603.2), leaves-the-battlefield abilities looking back in time (603.10a); delayed
// triggers (603.7) and state triggers (603.8). Pending abilities are put on the stack the next time
// a player would receive priority, in APNAP order, each player ordering their own (603.3b), with
// their modes and targets chosen then (603.3c-d).

import { checkAscend } from './ascend.js';
import { effectsOf, removeEffect } from '../state/effects.js';
import type { Ability, AttackedDefender, Trigger } from '../cards/types.js';
import { STEPS } from '../cards/types.js';
import { abilityBlock, movesSelfFromGraveyard } from '../characteristics/abilities.js';
import { checkCondition } from '../characteristics/conditions.js';
import type { EventBody, ObjRef, ThingRef } from '../state/events.js';
import { matchesFilter } from '../characteristics/filters.js';
import type { Game } from '../state/game.js';
import type { RuleId } from '../core/rules/index.js';
import { isTriggeredManaAbility } from './manaAbilities.js';
import { keywordRule, partsOf, TRIGGER_KEYWORDS } from '../cards/keywords.js';
import { chooseDivision, chooseModes, chooseTargets, targetSpecs, type Subject } from './proposal.js';
import type { Option } from '../state/questions.js';
import { newChoices, type AbilityInfo, type GameObject, type LastKnown, type ObjId, type PendingTrigger, type PlayerId, type TriggerData } from '../state/state.js';
import { slotsFor } from './targets.js';
import { activeStatics } from '../characteristics/statics.js';
import { isDiscard } from '../events/zones.js';
import { keptPer } from '../util/memo.js';
import { endLapsedEffects } from '../state/lapsed.js';

type Triggered = Extract<Ability, { kind: 'triggered' }>;

interface Watcher {
  id: ObjId;
  name: string;
  controller: PlayerId;
  abilities: Triggered[];
  /** It left the battlefield in this batch: it still "looks back" for leaves-the-battlefield triggers. */
  gone: boolean;
  /** The zone its abilities work from here (113.6): a permanent's that left look back from the battlefield. */
  zone: WatchZone;
  /** The event from which on it is on the battlefield: leaving events before it happened without it. */
  since?: number;
  /** For one that left: the first event that happened after it had left (603.10a). */
  until?: number;
}

const LEAVES_EVENTS = ['dies', 'leaves', 'put_into_graveyard', 'sacrificed'];

type WatchZone = 'battlefield' | 'exile' | 'graveyard' | 'stack';

/** The events a trigger condition waits for: itself, or each of an `any_of`. */
function eventsOf(t: Trigger): Trigger[] {
  return t.event === 'any_of' ? t.of.flatMap(eventsOf) : [t];
}

/** Triggered abilities of an object that work in a zone: printed ones and those its keywords stand for (702). */
function triggeredOf(abilities: Ability[], zone: WatchZone): Triggered[] {
  const out: Triggered[] = [];
  for (const a of abilities) if (a.kind === 'triggered' && workZones(a).has(zone)) out.push(a);
  for (const a of abilities) {
    if (a.kind === 'keyword' && TRIGGER_KEYWORDS[a.keyword] === zone) out.push(...partsOf(a).filter((p): p is Triggered => p.kind === 'triggered'));
  }
  return out;
}

/** Every zone a printed triggered ability works in for any of its events; none for a triggered mana ability. */
const workZones = keptPer((a: Triggered): ReadonlySet<WatchZone> => new Set(isTriggeredManaAbility(a) ? [] : eventsOf(a.when).flatMap((t) => printedZones(a, t))));

/**
 * The zones a printed triggered ability works in for one of its events: a graveyard when its instructions
 * return the card from there (113.6m), the battlefield otherwise; leaves-the-battlefield abilities look
 * back (603.10a). A trigger that can't trigger from the battlefield works where it can (113.6k): "when you
 * cast this spell" on the stack, "when you cycle this card" in the zone the card went to (702.29c).
 */
function printedZones(a: Triggered, t: Trigger): WatchZone[] {
  if (t.event === 'cast' && t.self) return ['stack'];
  if (t.event === 'discarded' && t.self) return ['graveyard', 'exile'];
  const leaves = LEAVES_EVENTS.includes(t.event) && !(t.event === 'put_into_graveyard' && t.from === 'anywhere');
  return [!leaves && movesSelfFromGraveyard(a) ? 'graveyard' : 'battlefield'];
}

/** The events of an ability a watcher waits for where it is: one that just left, only its leaving ones (603.10a). */
function eventsHere(a: Triggered, w: Watcher): Trigger[] {
  // keyword abilities are listed for their own zone (TRIGGER_KEYWORDS)
  if (a.key.startsWith('kw:')) return w.gone && !LEAVES_EVENTS.includes(a.when.event) ? [] : [a.when];
  return eventsOf(a.when).filter((t) => printedZones(a, t).includes(w.zone) && (!w.gone || LEAVES_EVENTS.includes(t.event)));
}

function watchers(g: Game, leftIds: ObjId[]): Watcher[] {
  const out: Watcher[] = [];
  for (const id of g.abilitySources()) {
    const c = g.chars(id);
    const abilities = triggeredOf(c.abilities, 'battlefield');
    const since = g.obj(id).enteredAt;
    // an emblem's abilities work from the command zone as a permanent's do on the battlefield (114.4)
    if (abilities.length) out.push({ id, name: g.name(id), controller: c.controller, abilities, gone: false, zone: 'battlefield', ...(since !== undefined ? { since } : {}) });
  }
  // cards in exile or a graveyard with abilities that work there (suspend, 702.62a; 113.6m)
  for (const p of g.state.players) {
    for (const [zone, ids] of [['exile', p.exile], ['graveyard', p.graveyard]] as const) {
      for (const id of ids) {
        const c = g.chars(id);
        const abilities = triggeredOf(c.abilities, zone);
        if (abilities.length) out.push({ id, name: c.name ?? 'a face-down card', controller: g.obj(id).owner, abilities, gone: false, zone });
      }
    }
  }
  // spells with keyword abilities that trigger on the stack ("when you cast this spell": storm, 702.40a)
  for (const id of g.state.stack) {
    if (!g.obj(id).spell) continue;
    const c = g.chars(id);
    const abilities = triggeredOf(c.abilities, 'stack');
    if (abilities.length) out.push({ id, name: c.name ?? 'a face-down spell', controller: c.controller, abilities, gone: false, zone: 'stack' });
  }
  for (const id of leftIds) {
    const l = g.state.lki[id];
    if (!l) continue;
    // the abilities it had as it last existed on the battlefield, every continuous effect applied
    // (603.10a, 603.6c): a copy's, none under "lose all abilities", none face down
    const abilities = triggeredOf(l.abilities.flatMap((k) => g.cards.ability(k) ?? []), 'battlefield');
    if (abilities.length) out.push({ id, name: l.name ?? 'a face-down permanent', controller: l.controller, abilities, gone: true, zone: 'battlefield', ...(l.leftUntil !== undefined ? { until: l.leftUntil } : {}) });
    if (l.othersTriggered) out.push(...lostWith(g, l, out));
  }
  return out;
}

/**
 * The permanents still on the battlefield that had triggered abilities as a permanent left which they
 * no longer have (it gave them): they look back to that event (603.10a), until it.
 */
function lostWith(g: Game, l: LastKnown, found: readonly Watcher[]): Watcher[] {
  const out: Watcher[] = [];
  for (const [id, keys] of Object.entries(l.othersTriggered!)) {
    const o = g.tryObj(id);
    if (!o || o.zone !== 'battlefield') continue;
    const now = new Set(found.filter((w) => w.id === id && !w.gone).flatMap((w) => w.abilities.map((a) => a.key)));
    const abilities = triggeredOf(keys.filter((k) => !now.has(k)).flatMap((k) => g.cards.ability(k) ?? []), 'battlefield');
    if (abilities.length) out.push({ id, name: g.name(id), controller: g.controller(id), abilities, gone: false, zone: 'battlefield', ...(o.enteredAt !== undefined ? { since: o.enteredAt } : {}), ...(l.leftUntil !== undefined ? { until: l.leftUntil } : {}) });
  }
  return out;
}

function relation(who: 'you' | 'any' | 'opponent', controller: PlayerId, actor: PlayerId): boolean {
  return who === 'any' || (who === 'you' ? actor === controller : actor !== controller);
}

/** Whether the event `d` meets trigger condition `t` of watcher `w`; the data the ability refers to. */
/** Whether the permanent an Aura enchants is controlled by `player`. */
function enchantedBy(g: Game, aura: ObjId, player: PlayerId): boolean {
  const to = g.tryObj(aura)?.attachedTo;
  return typeof to === 'string' && !!g.tryObj(to) && g.controller(to) === player;
}

function matches(g: Game, w: Watcher, t: Trigger, d: EventBody): TriggerData | null {
  const fctx = { you: w.controller, source: w.id };
  // a permanent that left is judged as it last existed (603.10a)
  const thingMatches = (filter: import('../cards/filter.js').Filter, obj: ObjId, lki: boolean): boolean =>
    matchesFilter(g, filter, { obj }, lki ? { ...fctx, lastKnown: true } : fctx);
  // the creature a combat trigger names: the source, what it's attached to, or any matching a filter
  const isCreature = (id: ObjId, who: 'self' | 'enchanted' | 'equipped' | import('../cards/filter.js').Filter): boolean =>
    who === 'self' ? id === w.id : who === 'enchanted' || who === 'equipped' ? g.tryObj(w.id)?.attachedTo === id : thingMatches(who, id, false);
  switch (t.event) {
    case 'enters': {
      const id = entered(d);
      if (!id || !g.tryObj(id)) return null;
      if (t.self && id === w.id) return { obj: id };
      return t.filter && thingMatches(t.filter, id, false) ? { obj: id } : null;
    }
    case 'dies':
      if (d.type !== 'zone_move' || d.from !== 'battlefield' || d.to !== 'graveyard') return null;
      if (!g.state.lki[d.obj.id]?.types.includes('creature')) return null;
      if (t.self ? d.obj.id !== w.id : t.attached ? !wasAttachedTo(g, w.id, d.obj.id) : !(t.filter && thingMatches(t.filter, d.obj.id, true))) return null;
      // "return that card" is the card in the graveyard (400.7e); "its power" the creature as it last existed (603.10a)
      return d.newObj ? { obj: d.newObj.id, was: d.obj.id } : { obj: d.obj.id };
    case 'leaves':
      if (d.type !== 'zone_move' || d.from !== 'battlefield') return null;
      return d.obj.id === w.id ? { obj: (d.newObj ?? d.obj).id } : null;
    case 'put_into_graveyard':
      if (d.type !== 'zone_move' || d.to !== 'graveyard' || (t.from === 'battlefield' && d.from !== 'battlefield')) return null;
      // a card goes to its owner's graveyard (400.3): "your graveyard" is a card the trigger's controller owns
      if (t.owner && (d.owner === w.controller) !== (t.owner === 'you')) return null;
      if (t.self) return d.obj.id === w.id ? { obj: (d.newObj ?? d.obj).id } : null;
      if (t.from === 'anywhere') return anywhereToGraveyard(g, w, t.filter, d);
      return t.filter && thingMatches(t.filter, d.obj.id, true) ? { obj: (d.newObj ?? d.obj).id } : null;
    case 'cast':
      if (d.type !== 'spell_cast' || !relation(t.by, w.controller, d.player)) return null;
      if (t.from && d.from !== t.from) return null;
      if (t.nth && g.tryObj(d.obj.id)?.spell?.castNth !== t.nth) return null;
      if (t.during && !castWindowHolds(g, t.during, w.controller)) return null;
      if (t.targetsSelf && !g.tryObj(d.obj.id)?.spell?.choices.targets.some((c) => c.chosen.some((x) => 'obj' in x && x.obj === w.id))) return null;
      if (t.self) return d.obj.id === w.id ? { obj: d.obj.id, player: d.player } : null;
      return matchesFilter(g, t.filter, { obj: d.obj.id }, fctx) ? { obj: d.obj.id, player: d.player } : null;
    case 'explores':
      // 701.44a: a permanent that left the battlefield before it explored still explores, judged as it last existed
      if (d.type !== 'explored') return null;
      if (t.self) return d.obj.id === w.id ? { obj: d.obj.id } : null;
      return t.filter && thingMatches(t.filter, d.obj.id, !g.tryObj(d.obj.id)) ? { obj: d.obj.id } : null;
    case 'exiled_by_madness':
      return d.type === 'madness_exiled' && d.obj.id === w.id ? { obj: d.obj.id, player: d.player } : null;
    case 'step':
      if (d.type !== 'step_began' || d.step !== t.step) return null;
      if (t.whose === 'you' && d.active !== w.controller) return null;
      if (t.whose === 'opponent' && d.active === w.controller) return null;
      if (t.whose === 'enchanted_controller' && !enchantedBy(g, w.id, d.active)) return null;
      if (t.whose === 'enchanted_player' && g.tryObj(w.id)?.attachedTo !== d.active) return null;
      return { player: d.active };
    case 'becomes_tapped': {
      const id = tappedBy(d);
      if (!id) return null;
      if (t.self) return id === w.id ? { obj: id } : null;
      if (t.attached) return g.tryObj(w.id)?.attachedTo === id ? { obj: id } : null;
      return t.filter && thingMatches(t.filter, id, false) ? { obj: id } : null;
    }
    // a permanent tapped for mana (605.1b: with no mana to add, an ordinary triggered ability); `it` is that permanent
    case 'tapped_for_mana': {
      if (d.type !== 'mana_ability' || !d.tapped || !relation(t.by, w.controller, d.player)) return null;
      const fits = t.attached ? g.tryObj(w.id)?.attachedTo === d.obj.id : thingMatches(t.filter, d.obj.id, false);
      return fits ? { obj: d.obj.id, player: d.player } : null;
    }
    case 'becomes_untapped':
      return d.type === 'untapped' && d.obj.id === w.id ? { obj: d.obj.id } : null;
    case 'gain_life':
      return d.type === 'life' && d.delta > 0 && relation(t.who, w.controller, d.player) ? { player: d.player, amount: d.delta } : null;
    case 'lose_life': {
      // 119.3: life is lost by an instruction, by paying it (119.4) or by damage (120.3a)
      const lost = d.type === 'life' && d.delta < 0 ? { player: d.player, amount: -d.delta }
        : d.type === 'damage' && 'player' in d.to && d.result.kind === 'life' ? { player: d.to.player, amount: d.result.before - d.result.after } : null;
      return lost && lost.amount > 0 && relation(t.who, w.controller, lost.player) ? lost : null;
    }
    case 'draw':
      if (d.type !== 'draw' || !relation(t.who, w.controller, d.player) || (t.first_each_turn && d.nth !== 1)) return null;
      if (t.filter && !thingMatches(t.filter, d.obj.id, false)) return null;
      return { player: d.player, obj: d.obj.id };
    case 'counters_put': {
      if (d.type !== 'counters' || d.delta <= 0 || d.counter !== t.counter || !g.tryObj(d.obj.id)) return null;
      const on = t.self ? d.obj.id === w.id : !!t.filter && thingMatches(t.filter, d.obj.id, false);
      return on ? { obj: d.obj.id, amount: d.delta } : null;
    }
    case 'last_counter_removed': {
      if (d.type !== 'counters' || d.counter !== t.counter || d.delta >= 0 || d.obj.id !== w.id) return null;
      const o = g.tryObj(d.obj.id);
      return o && (o.counters[t.counter] ?? 0) === 0 ? { obj: d.obj.id } : null;
    }
    case 'blocks':
      if (d.type !== 'blocks') return null;
      if (t.self && t.attacker) {
        // "blocks a creature with flying": the first creature it blocks that matches, `it` being that creature
        const hit = d.blocker.id === w.id ? d.attackers.find((a) => thingMatches(t.attacker!, a.id, false)) : undefined;
        return hit ? { obj: hit.id } : null;
      }
      if (t.self) return d.blocker.id === w.id ? { obj: d.attackers[0]!.id } : null;
      return t.filter && thingMatches(t.filter, d.blocker.id, false) ? { obj: d.blocker.id } : null;
    case 'exerted':
      return d.type === 'exerted' && d.obj.id === w.id ? { obj: d.obj.id } : null;
    case 'turned_face_up':
      return d.type === 'turned_face_up' && d.obj.id === w.id ? { obj: d.obj.id } : null;
    case 'deals_damage':
      return dealsDamage(g, w, t, d);
    case 'becomes_blocked': {
      const attacker = d.type === 'blocked' && !t.by ? d.obj.id : d.type === 'blocks' && t.by ? d.attackers[0]?.id : undefined;
      if (!attacker || !(t.attacker === 'self' ? attacker === w.id : thingMatches(t.attacker, attacker, false))) return null;
      if (d.type === 'blocks' && t.by && !thingMatches(t.by, d.blocker.id, false)) return null;
      return d.type === 'blocks' ? { obj: d.blocker.id } : { obj: attacker };
    }
    case 'attacks': {
      if (d.type !== 'attacks') return null;
      const a = d.attacker.id;
      const hit = t.attacker === 'self' ? a === w.id
        : t.attacker === 'enchanted' || t.attacker === 'equipped' ? g.tryObj(w.id)?.attachedTo === a
          : thingMatches(t.attacker, a, false);
      // 506.5: a creature attacks alone if it's the only creature declared as an attacker
      if (hit && t.alone && g.state.battlefield.filter((id) => g.obj(id).attacking !== undefined).length !== 1) return null;
      // "CARDNAME and at least two other creatures attack": the others declared with it (508.1k)
      if (hit && t.others && g.state.battlefield.filter((id) => id !== a && g.obj(id).attacking !== undefined).length < t.others) return null;
      if (hit && t.defender && !attacksDefender(g, w, t.defender, d.target)) return null;
      return hit ? { obj: a } : null;
    }
    case 'attacks_unblocked':
      return d.type === 'unblocked' && isCreature(d.obj.id, t.attacker) ? { obj: d.obj.id } : null;
    case 'attacks_or_blocks': {
      const id = d.type === 'attacks' ? d.attacker.id : d.type === 'blocks' ? d.blocker.id : undefined;
      return id && isCreature(id, t.creature) ? { obj: id } : null;
    }
    case 'blocks_or_blocked':
      return blocksOrBlocked(g, t, d, (id) => isCreature(id, t.creature), (f, id) => thingMatches(f, id, false));
    case 'damage_dealt':
      if (d.type !== 'damage' || (t.combat && !d.combat)) return null;
      if (t.player) return 'player' in d.to && d.to.player === w.controller ? { player: d.to.player, amount: d.amount } : null;
      if (t.attached) return 'obj' in d.to && g.tryObj(w.id)?.attachedTo === d.to.obj.id ? { obj: d.to.obj.id, amount: d.amount } : null;
      if (t.self) return 'obj' in d.to && d.to.obj.id === w.id ? { obj: d.source.id, amount: d.amount } : null;
      return t.to && 'obj' in d.to && g.tryObj(d.to.obj.id) && thingMatches(t.to, d.to.obj.id, false) ? { obj: d.to.obj.id, amount: d.amount } : null;
    default:
      return null;
  }
}

/** Every occurrence of trigger condition `t` event `d` is for watcher `w`: several when one spell targets several matching permanents. */
function matchAll(g: Game, w: Watcher, t: Trigger, d: EventBody): TriggerData[] {
  if (t.event === 'becomes_target') return becomesTarget(g, w, t, d);
  const data = t.event === 'discarded' ? discarded(g, w, t, d) : t.event === 'sacrificed' ? sacrificed(g, w, t, d) : matches(g, w, t, d);
  // "whenever a counter is put on ...": once for each counter put (603.2c)
  if (data && t.event === 'counters_put' && !t.oneOrMore) return Array.from({ length: data.amount ?? 1 }, () => ({ ...data, amount: 1 }));
  return data ? [data] : [];
}

/** "Whenever [a player] discards a card" (701.8a: from its owner's hand) or "cycles a card" (702.29c): `it` is the card, `that_player` its owner. */
function discarded(g: Game, w: Watcher, t: Extract<Trigger, { event: 'discarded' }>, d: EventBody): TriggerData | null {
  if (d.type !== 'zone_move' || d.from !== 'hand' || !isDiscard(d.how) || !relation(t.by, w.controller, d.owner)) return null;
  if (t.cycling && !(d.how?.kind === 'paid' && d.how.cycling)) return null;
  const card = (d.newObj ?? d.obj).id;
  // made to discard by a spell or ability an opponent controls: `that_player` is that opponent
  if (t.opponentCause) {
    const cause = d.how?.kind === 'discarded' ? d.how.cause : undefined;
    return t.self && card === w.id && cause !== undefined && cause !== d.owner ? { obj: card, player: cause } : null;
  }
  if (t.self) return card === w.id ? { obj: card, player: d.owner } : null;
  return t.filter && g.tryObj(card) && matchesFilter(g, t.filter, { obj: card }, { you: w.controller, source: w.id }) ? { obj: card, player: d.owner } : null;
}

/** "Whenever [a player] sacrifices a [permanent]" (701.17a): judged as it last existed (603.10a); `it` is the card it became. */
function sacrificed(g: Game, w: Watcher, t: Extract<Trigger, { event: 'sacrificed' }>, d: EventBody): TriggerData | null {
  if (d.type !== 'zone_move' || d.from !== 'battlefield' || !(d.how?.kind === 'sacrificed' || (d.how?.kind === 'paid' && d.how.action === 'sacrificed'))) return null;
  if (d.controller === null || !relation(t.by, w.controller, d.controller)) return null;
  const hit = t.self ? d.obj.id === w.id : !!t.filter && matchesFilter(g, t.filter, { obj: d.obj.id }, { you: w.controller, source: w.id, lastKnown: true });
  return hit ? { obj: (d.newObj ?? d.obj).id, player: d.controller } : null;
}

/**
 * "Whenever [a permanent] becomes the target of a spell or ability": as a spell is cast, an ability
 * activated, or a triggered ability put on the stack with its targets chosen (115.1a, 115.1c-d, 603.2).
 * Once per such spell or ability for each permanent it targets, however many times; `it` is the
 * permanent, `that_player` the controller of the spell or ability.
 */
function becomesTarget(g: Game, w: Watcher, t: Extract<Trigger, { event: 'becomes_target' }>, d: EventBody): TriggerData[] {
  if (d.type !== 'spell_cast' && d.type !== 'ability_activated' && d.type !== 'trigger_on_stack') return [];
  if ((t.spellsOnly && d.type !== 'spell_cast') || (t.opponent && d.player === w.controller)) return [];
  const o = g.tryObj(d.obj.id);
  const chosen = (o?.spell ?? o?.ability)?.choices.targets.flatMap((c) => c.chosen) ?? [];
  const ids = [...new Set(chosen.flatMap((c) => ('obj' in c ? [c.obj] : [])))].filter((id) => g.tryObj(id)?.zone === 'battlefield');
  const hit = ids.filter((id) => (t.self ? id === w.id : t.attached ? g.tryObj(w.id)?.attachedTo === id : !!t.filter && matchesFilter(g, t.filter, { obj: id }, { you: w.controller, source: w.id })));
  return hit.map((id) => ({ obj: id, player: d.player }));
}

/**
 * "Whenever [this] blocks or becomes blocked [by a F]": without `by`, once as it is declared as a
 * blocker (509.1i) and once as it becomes blocked (509.3c), `it` being the creature itself; with
 * `by`, once for each such creature it blocks or that blocks it (509.3d), `it` being the other one.
 * A blocker declared for several attackers triggers for the first that matches.
 */
function blocksOrBlocked(g: Game, t: Extract<Trigger, { event: 'blocks_or_blocked' }>, d: EventBody, named: (id: ObjId) => boolean, fits: (f: import('../cards/filter.js').Filter, id: ObjId) => boolean): TriggerData | null {
  if (!t.by) {
    if (d.type === 'blocks' && named(d.blocker.id)) return { obj: d.blocker.id };
    return d.type === 'blocked' && named(d.obj.id) ? { obj: d.obj.id } : null;
  }
  if (t.oneOrMore) {
    // "blocks or becomes blocked by one or more F": once as it blocks, once as it becomes blocked (509.3c); `it` is itself
    if (d.type === 'blocks') return named(d.blocker.id) && d.attackers.some((a) => fits(t.by!, a.id)) ? { obj: d.blocker.id } : null;
    return d.type === 'blocked' && named(d.obj.id) && d.by.some((b) => fits(t.by!, b.id)) ? { obj: d.obj.id } : null;
  }
  if (d.type !== 'blocks') return null;
  if (named(d.blocker.id)) {
    const other = d.attackers.find((a) => fits(t.by!, a.id));
    return other ? { obj: other.id } : null;
  }
  return d.attackers.some((a) => named(a.id)) && fits(t.by, d.blocker.id) ? { obj: d.blocker.id } : null;
}

/**
 * Whether `source` was attached to the permanent `left` as that permanent left the battlefield: looking
 * back (603.10a), whether the source is still there (its attachment is already undone, 704.5m) or left
 * with it (its own last known information says what it was attached to).
 */
function wasAttachedTo(g: Game, source: ObjId, left: ObjId): boolean {
  return !!g.state.lki[left]?.attachments?.includes(source) || g.state.lki[source]?.object.attachedTo === left;
}

/**
 * Whether what a creature attacks (508.1b) is what the trigger names: the player with the most life
 * (dethrone, 702.105a), the trigger's controller, that player or a planeswalker they control, or the
 * player the source (a Curse) enchants.
 */
function attacksDefender(g: Game, w: Watcher, defender: AttackedDefender, target: ThingRef): boolean {
  if ('player' in target) {
    if (defender === 'most_life') return hasMostLife(g, target.player);
    if (defender === 'enchanted_player') return g.tryObj(w.id)?.attachedTo === target.player;
    return target.player === w.controller;
  }
  const pw = g.tryObj(target.obj.id);
  return defender === 'you_or_planeswalker' && !!pw && g.controller(target.obj.id) === w.controller && g.chars(target.obj.id).types.includes('planeswalker');
}

/** The player or permanent an attacking creature attacks, as an event names it. */
function attackTarget(g: Game, id: ObjId): ThingRef {
  const at = g.obj(id).attacking!;
  return g.state.players.some((p) => p.name === at) ? { player: at as PlayerId } : { obj: g.ref(at as ObjId) };
}

/** Whether a player has the most life or is tied for it, among the players still in the game (dethrone, 702.105a). */
function hasMostLife(g: Game, player: PlayerId): boolean {
  const lives = g.state.players.filter((p) => !p.lost).map((p) => p.life);
  return g.player(player).life >= Math.max(...lives);
}

/** "Whenever [source] deals (combat) damage to [recipient]": "that player" is the player dealt
 * damage, "it" the creature, and the amount is the event's (510.2, 603.2). */
function dealsDamage(g: Game, w: Watcher, t: Extract<Trigger, { event: 'deals_damage' }>, d: EventBody): TriggerData | null {
  if (d.type !== 'damage' || (t.combat && !d.combat)) return null;
  const src = d.source.id;
  const from = t.source === 'self' ? src === w.id
    : t.source === 'enchanted' || t.source === 'equipped' ? g.tryObj(w.id)?.attachedTo === src
      // a spell that dealt damage as it resolved has left the stack by now: as it last existed (608.2h)
      : matchesFilter(g, t.source, { obj: src }, { you: w.controller, source: w.id, ...(g.tryObj(src) ? {} : { lastKnown: true }) });
  if (!from) return null;
  const player = 'player' in d.to ? d.to.player : undefined;
  const obj = 'obj' in d.to ? d.to.obj.id : undefined;
  const fits = t.to === 'any' || (t.to === 'player' && player !== undefined) || (t.to === 'opponent' && player !== undefined && player !== w.controller)
    || (t.to === 'you' && player === w.controller) || (t.to === 'enchanted_player' && player !== undefined && g.tryObj(w.id)?.attachedTo === player)
    || (t.to === 'creature' && obj !== undefined && (g.tryObj(obj) ? g.chars(obj).types.includes('creature') : !!g.state.lki[obj]?.types.includes('creature')));
  if (!fits) return null;
  // with a player dealt damage, "that creature" / "that source" is the source (its last known information if it has left)
  // (with `oneOrMore`, the creatures are several: none is "it")
  const it = obj ?? (t.oneOrMore ? undefined : src);
  return { ...(player ? { player } : {}), ...(it ? { obj: it } : {}), amount: d.amount };
}

/** "a card is put into a graveyard from anywhere": the card now in the graveyard, as it is there; the source's
 * own card is not "another" card (its object changed with the move, 400.7). */
function anywhereToGraveyard(g: Game, w: Watcher, filter: import('../cards/filter.js').Filter | undefined, d: Extract<EventBody, { type: 'zone_move' }>): TriggerData | null {
  const card = d.newObj?.id;
  if (!filter || !card || !g.tryObj(card)) return null;
  const source = d.obj.id === w.id ? card : w.id;
  return matchesFilter(g, filter, { obj: card }, { you: w.controller, source }) ? { obj: card } : null;
}

/** The permanent an event put onto the battlefield: a move there, or a token created (111.4). */
function entered(d: EventBody): ObjId | null {
  if (d.type === 'token_created') return d.obj.id;
  return d.type === 'zone_move' && d.to === 'battlefield' ? (d.newObj?.id ?? null) : null;
}

/** The permanent an event tapped: tapped by an effect or a cost, to attack (508.1f) or for mana (605). */
function tappedBy(d: EventBody): ObjId | null {
  if (d.type === 'tapped' || (d.type === 'attacks' && d.tapped)) return 'attacker' in d ? d.attacker.id : d.obj.id;
  return d.type === 'mana_ability' && d.tapped ? d.obj.id : null;
}

/** Event types a triggered ability can wait for (603.2). */
const TRIGGERING = new Set<string>(['zone_move', 'madness_exiled', 'token_created', 'spell_cast', 'step_began', 'tapped', 'attacks', 'mana_ability', 'untapped', 'life', 'draw', 'counters', 'blocks', 'blocked', 'unblocked', 'turned_face_up', 'exerted', 'explored', 'damage', 'ability_activated', 'trigger_on_stack']);


/** 603.2: looks at the events since the last look and records the abilities that trigger. */
export function collectTriggers(g: Game): void {
  const s = g.state;
  const events = s.events.slice(s.triggerSeq);
  s.triggerSeq = s.events.length;
  if (events.length === 0) return;
  const happened = events.map((e) => (TRIGGERING.has(e.type) ? e : null));
  // nothing that can trigger: no watcher needs to be looked at
  if (!happened.some((d) => d !== null)) return;
  const left = happened.flatMap((d) => (d?.type === 'zone_move' && d.from === 'battlefield' ? [d.obj.id] : []));
  const ws = watchers(g, left);
  // "Whenever [a source] deals damage": one occurrence however many it is dealt to at once (603.2c)
  const dealtBy = new Map<string, TriggerData>();
  for (const [i, d] of happened.entries()) {
    if (!d) continue;
    collectDelayedOn(g, d, s.triggerSeq - events.length + i);
    for (const w of ws) {
      for (const a of w.abilities) {
        // a permanent that came later wasn't there: not when another left (looking back, 603.10a), nor
        // for anything else (603.2); permanents entering together see each other enter (603.6a)
        if ((w.since ?? 0) > s.triggerSeq - events.length + i) continue;
        // nor one that had left when it happened: it looks back only to its own event (603.10a)
        if (w.until !== undefined && s.triggerSeq - events.length + i >= w.until) continue;
        for (const t of eventsHere(a, w)) {
          if (t.event === 'state') continue;
          const found = matchAll(g, w, t, d);
          for (const data of found) triggerOn(g, w, a, t, d, data, dealtBy);
          // one occurrence triggers the ability once, whichever of its events it is (603.2c)
          if (found.length) break;
        }
      }
    }
    if (d.type === 'step_began') collectDelayed(g, d.step);
  }
}

/** The ability `a` of watcher `w` triggers on event `d` as trigger condition `t` (one of its events) with `data`. */
function triggerOn(g: Game, w: Watcher, a: Triggered, t: Trigger, d: EventBody, data: TriggerData, dealtBy: Map<string, TriggerData>): void {
  const once = batchKey(w, a, t, d, data);
  const earlier = once ? dealtBy.get(once) : undefined;
  if (earlier) { batchAgain(earlier, data); return; }
  if (once && t.event === 'attacks' && t.oneOrMore) {
    // "whenever you attack with N or more creatures": the creatures declared as attackers, all of them now (508.1)
    const all = g.state.battlefield.filter((id) => g.obj(id).attacking !== undefined && matches(g, w, t, { ...(d as Extract<EventBody, { type: 'attacks' }>), attacker: g.ref(id), target: attackTarget(g, id) }));
    dealtBy.set(once, data);
    if (all.length < (t.atLeast ?? 1)) return;
    data.objs = all;
  }
  const { times, by } = t.event === 'enters' ? enterTriggerTimes(g, w, d) : { times: 1, by: [] };
  if (times === 0) {
    g.emit({ type: 'trigger_skipped', rule: '603.6a', source: g.ref(w.id, w.name), why: 'no_enter_triggers', by });
    return;
  }
  // 603.4: an intervening "if" must be true for the ability to trigger
  if (a.condition && !checkCondition(g, a.condition, { you: w.controller, source: w.id, things: (r) => triggerThings(r, data) })) {
    g.emit({ type: 'trigger_skipped', rule: '603.4', source: g.ref(w.id, w.name), why: 'condition' });
    return;
  }
  for (let i = 0; i < times; i++) {
    if (i > 0) g.emit({ type: 'triggers_again', rule: '603.2d', source: g.ref(w.id, w.name), by });
    addPending(g, { abilityKey: a.key, source: w.id, sourceName: w.name, controller: w.controller, trigger: data }, a.text);
  }
  if (once) dealtBy.set(once, data);
}

/**
 * One occurrence for several events at once (603.2c): "whenever [a source] deals damage" (to any
 * number of things), "whenever one or more creatures attack" (the whole declaration), "whenever one or
 * more creatures deal combat damage to a player" (per player). The key groups the events of one.
 */
function batchKey(w: Watcher, a: Triggered, t: Trigger, d: EventBody, data: TriggerData): string | undefined {
  if (t.event === 'deals_damage' && t.to === 'any' && d.type === 'damage') return `${w.id}|${a.key}|${d.source.id}`;
  if (t.event === 'deals_damage' && t.oneOrMore && d.type === 'damage') return `${w.id}|${a.key}|${data.player ?? ''}`;
  if (t.event === 'attacks' && t.oneOrMore) return `${w.id}|${a.key}`;
  // "whenever you're / enchanted creature is dealt damage": once for all the damage dealt to it at once (603.2c)
  if (t.event === 'damage_dealt' && (t.player || t.attached) && d.type === 'damage') return `${w.id}|${a.key}|${'player' in d.to ? d.to.player : d.to.obj.id}`;
  return undefined;
}

/** Another event of an occurrence already triggered: its amount adds up, its creature joins "those creatures". */
function batchAgain(earlier: TriggerData, data: TriggerData): void {
  earlier.amount = (earlier.amount ?? 0) + (data.amount ?? 0);
  if (earlier.objs && data.obj && !earlier.objs.includes(data.obj)) earlier.objs.push(data.obj);
}

function addPending(g: Game, p: Omit<PendingTrigger, 'order'>, text: string, rule: RuleId = '603.2'): void {
  g.state.pending.push({ ...p, order: g.state.pending.length });
  g.emit({ type: 'triggered', rule: keywordRule(p.abilityKey) ?? rule, player: p.controller, source: g.ref(p.source, p.sourceName), abilityText: firstLine(text) });
}

function firstLine(s: string): string {
  const l = s.split('\n')[0]!;
  return l.length > 90 ? `${l.slice(0, 87)}...` : l;
}

/** Effects on abilities a permanent's entering triggers: none (Torpor Orb), or more (603.2d, Panharmonicon). */
function enterTriggerTimes(g: Game, w: Watcher, d: EventBody): { times: number; by: ObjRef[] } {
  const id = entered(d);
  if (!id || !g.tryObj(id)) return { times: 1, by: [] };
  const entering = { obj: id };
  const stop = activeStatics(g, 'no_enter_triggers').find((s) => matchesFilter(g, s.def.filter, entering, { you: s.controller, source: s.source }));
  if (stop) return { times: 0, by: [g.ref(stop.source, stop.sourceName)] };
  const extra = activeStatics(g, 'extra_enter_triggers').filter((s) => s.controller === w.controller && matchesFilter(g, s.def.filter, entering, { you: s.controller, source: s.source }));
  return { times: 1 + extra.length, by: extra.map((s) => g.ref(s.source, s.sourceName)) };
}

/** What an intervening "if" refers to: the object or player of the trigger event. */
export function triggerThings(ref: string, data: TriggerData): Array<{ obj: ObjId } | { player: PlayerId }> {
  if (ref === 'it' && data.obj) return [{ obj: data.obj }];
  if (ref === 'that_player' && data.player) return [{ player: data.player }];
  return [];
}

/** 603.7a-b: delayed triggered abilities waiting for an event; each triggers once, then is gone. */
function collectDelayedOn(g: Game, d: EventBody, index: number): void {
  const s = g.state;
  for (const dl of effectsOf(s, 'delayed')) {
    if (!dl.when || index < (dl.fromEvent ?? 0)) continue;
    const w: Watcher = { id: dl.objects[0] ?? dl.source, name: dl.sourceName, controller: dl.controller, abilities: [], gone: false, zone: 'battlefield' };
    const data = matches(g, w, dl.when, d);
    if (!data) continue;
    // 603.7b: it triggers only once, unless it has a stated duration ("whenever ... this turn")
    if (!dl.repeats) removeEffect(s, dl);
    s.pending.push({ abilityKey: dl.abilityKey, delayedPath: dl.path, ...(dl.createdAt !== undefined ? { createdAt: dl.createdAt } : {}), source: dl.source, sourceName: dl.sourceName, controller: dl.controller, trigger: dl.ofEvent ? data : { ...data, objs: dl.objects }, order: s.pending.length });
    g.emit({ type: 'delayed_triggered', rule: '603.7a', player: dl.controller, source: g.ref(dl.source, dl.sourceName), on: dl.when.event, effects: null });
  }
}

/** 603.7: delayed triggered abilities waiting for a step. */
function collectDelayed(g: Game, step: string): void {
  const s = g.state;
  const idx = STEPS.indexOf(step as (typeof STEPS)[number]);
  for (const d of effectsOf(s, 'delayed')) {
    if (d.step !== step) continue;
    if (d.whose && (d.whose === 'you') !== (s.turn.active === d.controller)) continue;
    const later = s.turn.number > d.fromTurn || (s.turn.number === d.fromTurn && idx > d.fromStepIndex);
    if (!later) continue;
    removeEffect(s, d); // 603.7b: it triggers only once
    const a = g.cards.ability(d.abilityKey);
    const effects = a ? abilityBlock(g, d.abilityKey, d.path).block.effects.map((e) => e.verb) : null;
    s.pending.push({ abilityKey: d.abilityKey, delayedPath: d.path, ...(d.createdAt !== undefined ? { createdAt: d.createdAt } : {}), source: d.source, sourceName: d.sourceName, controller: d.controller, trigger: { objs: d.objects }, order: s.pending.length });
    g.emit({ type: 'delayed_triggered', rule: '603.7a', player: d.controller, source: g.ref(d.source, d.sourceName), on: null, effects });
  }
}

/** 603.8: state triggers trigger whenever their condition is true and they aren't already waiting. */
export function collectStateTriggers(g: Game): void {
  // a "for as long as" effect whose condition stopped holding is over (611.2b), before states are read
  endLapsedEffects(g);
  // 702.131d: the city's blessing is gotten, and continuous effects applied, before triggers are checked
  checkAscend(g);
  for (const id of g.abilitySources()) {
    const c = g.chars(id);
    for (const a of c.abilities) {
      if (a.kind !== 'triggered' || a.when.event !== 'state') continue;
      if (!checkCondition(g, a.when.condition, { you: c.controller, source: id, things: () => [] })) continue;
      const waiting = g.state.pending.some((p) => p.source === id && p.abilityKey === a.key)
        || g.state.stack.some((s) => g.obj(s).ability?.source === id && g.obj(s).ability?.abilityKey === a.key);
      if (!waiting) addPending(g, { abilityKey: a.key, source: id, sourceName: c.name ?? '', controller: c.controller }, a.text, '603.8');
    }
  }
}

/** Creates an ability object on the stack (602.2a, 603.3a). */
export function newAbilityObject(g: Game, info: AbilityInfo): GameObject {
  const o: GameObject = {
    id: g.newId(), isToken: false, owner: info.controller, controller: info.controller, zone: 'stack', timestamp: g.newTimestamp(),
    tapped: false, faceDown: false, flipped: false, counters: {}, damage: 0, sick: false, regenerationShields: 0, activations: {},
    ability: info,
  };
  g.state.objects[o.id] = o;
  g.state.stack.unshift(o.id);
  g.changed([o.id]);
  return o;
}

/** References the ability makes to the event: such abilities are never "identical" (no order question skipped). */
function refersToEvent(g: Game, p: PendingTrigger): boolean {
  const { block, modal } = abilityBlock(g, p.abilityKey, p.delayedPath);
  const text = JSON.stringify([block.effects, modal?.modes]);
  return /"(it|that_player)"/.test(text) || /controller_of:it|owner_of:it/.test(text);
}

/**
 * 603.3: puts pending triggered abilities on the stack. Returns whether any was put there.
 * APNAP order (603.3b): the active player's go first (so they end up lowest); each player orders
 * their own with an `order` question unless they are all identical.
 */
export function putTriggersOnStack(g: Game): boolean {
  const s = g.state;
  if (s.pending.length === 0) return false;
  const pending = s.pending;
  s.pending = [];
  let any = false;
  const controllers = g.apnap().filter((p) => pending.some((t) => t.controller === p));
  if (controllers.length > 1) {
    g.emit({ type: 'apnap_order', rule: '603.3b', players: controllers });
  }
  for (const player of g.apnap()) {
    const mine = pending.filter((p) => p.controller === player);
    if (mine.length === 0) continue;
    let ordered = mine;
    const identical = mine.every((p) => p.abilityKey === mine[0]!.abilityKey && p.source === mine[0]!.source && p.delayedPath === mine[0]!.delayedPath && !refersToEvent(g, p));
    if (mine.length > 1 && !identical) {
      const options: Option[] = mine.map((p, i) => ({ id: String(i), label: `${p.sourceName}: ${abilityLabel(g, p)}`, obj: p.source }));
      const a = g.ask({ kind: 'order', player, rule: '603.3b', prompt: `order your triggered abilities (the first listed resolves first)`, options });
      const top = a.options.map(Number);
      const rest = mine.map((_, i) => i).filter((i) => !top.includes(i));
      ordered = [...top, ...rest].map((i) => mine[i]!);
    }
    // the first in the order resolves first: it goes on the stack last
    for (const p of [...ordered].reverse()) {
      if (putOneOnStack(g, p)) any = true;
    }
  }
  return any;
}

function abilityLabel(g: Game, p: PendingTrigger): string {
  const a = g.cards.ability(p.abilityKey);
  if (!a) return 'ability';
  if (p.delayedPath) return 'delayed ability';
  return firstLine(a.text);
}

function putOneOnStack(g: Game, p: PendingTrigger): boolean {
  const { block, modal } = abilityBlock(g, p.abilityKey, p.delayedPath);
  const o = newAbilityObject(g, {
    abilityKey: p.abilityKey, source: p.source, sourceName: p.sourceName, controller: p.controller, choices: newChoices(), triggered: true,
    ...(p.trigger ? { trigger: p.trigger } : {}), ...(p.delayedPath ? { delayedPath: p.delayedPath } : {}), ...(p.createdAt !== undefined ? { createdAt: p.createdAt } : {}),
  });
  const label = `${p.sourceName}'s triggered ability`;
  const subject: Subject = { stackObj: o.id, controller: p.controller, label, block, ...(modal ? { modal } : {}), src: { stackObj: o.id, qualitySource: p.source, controller: p.controller, abilitySource: p.source } };
  const info = o.ability!;
  if (modal) info.choices.modes = chooseModes(g, subject, '603.3c', modal.max);
  // "target creature that player controls": the player the trigger is about (the one dealt damage), as on resolution
  const about = p.trigger?.player;
  const it = p.trigger?.obj;
  const slots = slotsFor(g, targetSpecs(subject, info.choices.modes), p.controller)
    .map((s) => (s.thatPlayer || !about ? s : { ...s, thatPlayer: about }))
    .map((s) => (it === undefined ? s : { ...s, it }));
  const targets = chooseTargets(g, subject, slots, '603.3d');
  if (targets === null) {
    // 603.3d: no legal targets: the ability is removed from the stack
    g.state.stack = g.state.stack.filter((x) => x !== o.id);
    delete g.state.objects[o.id];
    g.changed([o.id]);
    g.emit({ type: 'trigger_removed', rule: '603.3d', player: p.controller, label });
    return false;
  }
  info.choices.targets = targets;
  // 603.3d: as for a spell (601.2d), an amount divided among the targets is divided now
  const div = chooseDivision(g, subject, targets, info.choices, '603.3d');
  if (div) info.choices.divide = div;
  g.emit({ type: 'trigger_on_stack', rule: '603.3', player: p.controller, label, obj: g.ref(o.id), targets: targets.flatMap((t) => t.chosen.map((c) => g.thingRef(c))) });
  return true;
}

/** Whether a cast trigger's "during your turn / an opponent's turn / your main phase" holds as the spell becomes cast (601.2i) */
function castWindowHolds(g: Game, during: 'your_turn' | 'opponent_turn' | 'your_main_phase', controller: PlayerId): boolean {
  const t = g.state.turn;
  if (during === 'your_main_phase') return t.active === controller && (t.step === 'main1' || t.step === 'main2');
  return (t.active === controller) === (during === 'your_turn');
}
