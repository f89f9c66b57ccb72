// Replacement and prevention effects (614-616). An event that can be replaced is described first,
// then every effect that applies to it is found; self-replacement effects go first (616.1a), then
// effects on how a permanent enters (616.1b-c), then the affected player or object's controller
// chooses among the rest (616.1e), one at a time, each effect at most once (614.5), until none is
// left (616.1f). The event that remains is what happens (614.6).

import { effectsOf, removeEffect } from '../state/effects.js';
import type { Filter } from '../cards/filter.js';
import type { Ability, Effect, ReplacementDef } from '../cards/types.js';
import type { InsteadContext } from '../state/ports.js';
import type { RuleId } from '../core/rules/index.js';
import { evalAmountStatic } from '../characteristics/amounts.js';
import { checkCondition } from '../characteristics/conditions.js';
import { matchesFilter, type Thing } from '../characteristics/filters.js';
import type { Game } from '../state/game.js';
import { COLORS, COLOR_NAMES, type ColorLetter } from '../core/mana.js';
import type { Option } from '../state/questions.js';
import type { Chosen, CopiedValues, EffectOf, GameObject, ObjId, PlayerId, ZoneName } from '../state/state.js';
import { wasKicked } from '../state/state.js';
import type { Chars } from '../state/chars.js';
import { chooseCopy } from '../characteristics/copyEffects.js';
import { CREATURE_TYPES } from '../core/subtypes.js';
import { keywordRule, partsOf } from '../cards/keywords.js';
import { activeStatics, affects } from '../characteristics/statics.js';
import { protectionFrom } from './protection.js';
import type { ObjRef, ReplacedEvent } from '../state/events.js';

export type Replaceable =
  | {
    kind: 'move'; obj: ObjId; from: ZoneName | null; to: ZoneName; controller?: PlayerId; tapped?: boolean; counters?: Record<string, number>;
    chosen?: Chosen; position?: 'top' | 'bottom' | 'shuffle'; cast?: boolean;
    /** Keyword abilities it gains as it enters, for as long as it stays (riot, 702.136a). */
    gains?: string[];
    /** The rule under which it gains them, when not riot's (an "enters with ... and with first strike" effect, 614.1c). */
    gainsRule?: RuleId;
    /** It enters as a copy of another object (707.5, 616.1c). */
    copied?: CopiedValues;
  }
  | { kind: 'damage'; source: ObjId; to: Thing; amount: number; combat: boolean; /** "The damage can't be prevented": prevention effects prevent none of it (615.12) */ unpreventable?: boolean;
    /** parts a redirection of only some of the damage sent elsewhere (614.9), dealt with the rest */ split?: Array<{ to: Thing; amount: number }> }
  | { kind: 'counters'; obj: ObjId; counter: string; n: number; entering?: boolean }
  | { kind: 'tokens'; controller: PlayerId; n: number }
  | { kind: 'gain_life'; player: PlayerId; n: number }
  | { kind: 'draw'; player: PlayerId };

interface Candidate {
  id: string;
  source: ObjId;
  sourceName: string;
  controller: PlayerId;
  /** 616.1a-e: 0 self-replacement, 1 control as it enters, 2 copy as it enters, 3 the rest */
  cls: number;
  /** What it does, for the `apply` question and the trace. */
  text: string;
  /** A modification whose result doesn't depend on the order it applies in (enters tapped, with counters). */
  commutes?: boolean;
  /** `applied`: the effects applied to this event so far, this one included (614.5: each applies once). */
  apply: (ev: Replaceable, applied: ReadonlySet<string>) => Replaceable | null;
}

/**
 * A "can't enter the battlefield" effect that stops an entering object, judged as the object would
 * exist there (614.17d); its source, or null.
 */
export function cantEnter(g: Game, ev: Replaceable): ObjRef | null {
  if (ev.kind !== 'move' || ev.to !== 'battlefield') return null;
  const o = g.tryObj(ev.obj);
  if (!o) return null;
  const controller = ev.controller ?? o.owner;
  const hit = activeStatics(g, 'cant_enter').find((s) => s.source !== ev.obj && enteringMatches(g, o, s.def.filter, s.controller, s.source, controller, ev.copied));
  return hit ? g.ref(hit.source, hit.sourceName) : null;
}

/** Applies every replacement and prevention effect to an event (616.1). Null: it was replaced entirely. */
export function replaceEvent(g: Game, ev0: Replaceable, applied: Set<string> = new Set()): Replaceable | null {
  let ev: Replaceable = ev0;
  const before = applied.size;
  for (let guard = 0; guard < 32; guard++) {
    const cands = candidates(g, ev, applied).filter((c) => !applied.has(c.id));
    if (cands.length === 0) {
      if (applied.size - before > 1) g.emit({ type: 'replacements_ordered', rule: '614.5', how: { kind: 'each_once', count: applied.size - before } });
      return ev;
    }
    if (g.replacing > 0 && applied.size === before) {
      g.emit({ type: 'replacements_ordered', rule: '616.2', how: { kind: 'nested' } });
    }
    const first = Math.min(...cands.map((c) => c.cls));
    const eligible = cands.filter((c) => c.cls === first);
    let pick = eligible[0]!;
    if (cands.length > 1 && cands.every((c) => c.commutes)) {
      // nothing to choose: any order gives the same event
      if (applied.size === before) g.emit({ type: 'replacements_ordered', rule: '616.1', how: { kind: 'commute', effects: cands.map((c) => ({ by: g.ref(c.source, c.sourceName), effect: c.text })) } });
    } else if (cands.length > 1) {
      // 616.1: the affected player (or the affected object's controller, or owner) chooses
      const chooser = affectedPlayer(g, ev);
      const options: Option[] = eligible.map((c) => ({ id: c.id, label: `${c.sourceName}: ${c.text}`, obj: c.source }));
      const rule: RuleId = first === 0 ? '616.1a' : first === 1 ? '616.1b' : first === 2 ? '616.1c' : '616.1e';
      const a = g.ask({ kind: 'apply', player: chooser, rule, prompt: `${cands.length} replacement or prevention effects apply to ${describe(g, ev)}; which applies first?`, options });
      pick = eligible.find((c) => c.id === a.option) ?? pick;
      g.emit({ type: 'replacements_ordered', rule, how: { kind: 'chosen', player: chooser, first: g.ref(pick.source, pick.sourceName), count: cands.length } });
    }
    applied.add(pick.id);
    const next = pick.apply(ev, applied);
    if (!next) return null;
    ev = next;
  }
  return ev;
}

function affectedPlayer(g: Game, ev: Replaceable): PlayerId {
  switch (ev.kind) {
    case 'move': {
      const o = g.tryObj(ev.obj);
      return ev.to === 'battlefield' ? (ev.controller ?? o?.owner ?? g.state.turn.active) : o ? (o.zone === 'battlefield' ? g.controller(o.id) : o.owner) : g.state.turn.active;
    }
    case 'damage': return 'player' in ev.to ? ev.to.player : (g.tryObj(ev.to.obj) ? g.controller(ev.to.obj) : g.state.turn.active);
    case 'counters': return g.tryObj(ev.obj) ? g.controller(ev.obj) : g.state.turn.active;
    case 'tokens': return ev.controller;
    case 'gain_life': case 'draw': return ev.player;
  }
}

/** The event a replacement effect replaced, as events name it. */
function replacedEvent(g: Game, ev: Replaceable): ReplacedEvent {
  switch (ev.kind) {
    case 'move': return { kind: 'move', obj: g.ref(ev.obj), to: ev.to };
    case 'damage': return { kind: 'damage', amount: ev.amount, source: g.ref(ev.source), to: g.thingRef(ev.to) };
    case 'counters': return { kind: 'counters', n: ev.n, counter: ev.counter, obj: g.ref(ev.obj) };
    case 'tokens': return { kind: 'tokens', n: ev.n, player: ev.controller };
    case 'gain_life': return { kind: 'gain_life', n: ev.n, player: ev.player };
    case 'draw': return { kind: 'draw', player: ev.player };
  }
}

function describe(g: Game, ev: Replaceable): string {
  switch (ev.kind) {
    case 'move': return `${g.name(ev.obj)} moving to ${ev.to}`;
    case 'damage': return `${ev.amount} damage from ${g.name(ev.source)} to ${'player' in ev.to ? ev.to.player : g.name(ev.to.obj)}`;
    case 'counters': return `${ev.n} ${ev.counter} counter(s) on ${g.name(ev.obj)}`;
    case 'tokens': return `${ev.n} token(s) for ${ev.controller}`;
    case 'gain_life': return `${ev.player} gaining ${ev.n} life`;
    case 'draw': return `${ev.player}'s draw`;
  }
}

/**
 * What an object entering the battlefield would be (614.12): its face as a permanent, or what it
 * copies when it enters as a copy (707.5), under the continuous effects that already exist and its
 * own static abilities. Worked out by putting it on the battlefield for a moment, in the state only.
 */
function entering(g: Game, o: GameObject, controller: PlayerId, copied: CopiedValues | undefined): Chars {
  return g.hypothetically(o.id, () => {
    const saved = { zone: o.zone, controller: o.controller, copied: o.copied, spell: o.spell, timestamp: o.timestamp, faceDown: o.faceDown };
    const onBattlefield = g.state.battlefield.includes(o.id);
    const wasCopy = copied ?? (o.isToken ? o.copied : undefined);
    Object.assign(o, { zone: 'battlefield', controller, timestamp: o.zone === 'battlefield' ? o.timestamp : g.state.nextTimestamp, faceDown: false });
    delete o.spell;
    if (wasCopy) o.copied = wasCopy;
    else delete o.copied;
    if (!onBattlefield) g.state.battlefield.push(o.id);
    g.changed();
    try {
      return g.chars(o.id);
    } finally {
      if (!onBattlefield) g.state.battlefield.splice(g.state.battlefield.indexOf(o.id), 1);
      Object.assign(o, saved);
      for (const k of ['copied', 'spell'] as const) if (saved[k] === undefined) delete o[k];
      g.changed();
    }
  });
}

/** Whether the entering object matches a filter, judged as it would exist on the battlefield (614.12). */
/**
 * "As it enters, you may reveal a [F] card from your hand. If you don't, it enters tapped" (614.12a):
 * the player who will control it chooses a card (or none) as it enters; true if one was revealed.
 */
function revealsToEnterUntapped(g: Game, chooser: PlayerId, f: Filter, entering: ObjId, sourceName: string, by: ObjRef): boolean {
  const options = g.player(chooser).hand.filter((id) => id !== entering && matchesFilter(g, f, { obj: id }, { you: chooser, source: entering }));
  if (options.length === 0) return false;
  const prompt = `as ${sourceName} enters, reveal ${f.text} from your hand so that it doesn't enter tapped?`;
  const a = g.ask({ kind: 'choose', player: chooser, rule: '614.12a', prompt, options: options.map((id) => ({ id, label: g.describeId(id), obj: id })), min: 0, max: 1 });
  for (const id of a.options) g.emit({ type: 'revealed', rule: '701.16a', player: chooser, obj: g.ref(id), by, from: 'hand' });
  return a.options.length > 0;
}

function enteringMatches(g: Game, o: GameObject, f: Filter, you: PlayerId, source: ObjId, controller: PlayerId, copied?: CopiedValues): boolean {
  const chars = entering(g, o, controller, copied);
  return matchesFilter(g, f, { obj: o.id }, { you, source, entering: o.id, charsOf: (id) => (id === o.id ? chars : g.chars(id)) });
}

/** Abilities with the replacement effects their keywords stand for (Fading's fade counters, 702.32a). */
function withKeywordParts(abilities: Ability[]): Ability[] {
  return abilities.some((a) => a.kind === 'keyword') ? [...abilities, ...abilities.flatMap(partsOf)] : abilities;
}

/**
 * Dredge works only while its card is in a graveyard (702.52a): as long as its owner has at least N
 * cards in their library (702.52b), they may mill N cards and return the card to their hand instead
 * of drawing.
 */
function dredge(g: Game, ev: Replaceable): Candidate[] {
  if (ev.kind !== 'draw') return [];
  const p = g.player(ev.player);
  const out: Candidate[] = [];
  for (const id of p.graveyard) {
    for (const a of g.chars(id).abilities) {
      if (a.kind !== 'keyword' || a.keyword !== 'Dredge' || a.n === undefined || p.library.length < a.n) continue;
      const n = a.n;
      const name = g.name(id);
      out.push({
        id: `dredge:${id}:${a.key}`, source: id, sourceName: name, controller: ev.player, cls: 3, text: `mill ${n} and return ${name} to your hand instead`,
        apply: (e) => {
          const o = g.tryObj(id);
          if (e.kind !== 'draw' || o?.zone !== 'graveyard' || g.player(e.player).library.length < n) return e;
          const yes = g.ask({ kind: 'yes', player: e.player, rule: '702.52a', prompt: `dredge ${n}: mill ${n} and return ${name} to your hand instead of drawing?` });
          if (!yes.value) return e;
          g.emit({ type: 'replaced', rule: '702.52a', by: g.ref(id, name), what: { kind: 'instead', event: replacedEvent(g, e), verbs: ['mill', 'return_to_hand'] } });
          for (const card of g.player(e.player).library.slice(0, n)) g.ports.replacement.moveObject(card, 'graveyard', { rule: '701.13a', how: { kind: 'milled' } });
          g.ports.replacement.moveObject(id, 'hand', { rule: '702.52a', how: { kind: 'returned_to_hand', by: g.ref(id, name), player: null } });
          return null;
        },
      });
    }
  }
  return out;
}

/**
 * Replacement effects a resolved spell or ability set on one permanent, ordered with the others (616):
 * "if that creature would die this turn, exile it instead" (614.1a) and unearth's "if it would leave
 * the battlefield, exile it instead of putting it anywhere else" (702.84a).
 */
function exiledInstead(g: Game, ev: Replaceable): Candidate[] {
  if (ev.kind !== 'move' || ev.from !== 'battlefield' || ev.to === 'exile') return [];
  const o = g.tryObj(ev.obj);
  if (!o) return [];
  const exile = (key: string, mark: { source: ObjId; sourceName: string }, text: string, trace: (to: ZoneName) => void): Candidate => ({
    id: `${key}:${o.id}`, source: mark.source, sourceName: mark.sourceName, controller: g.controller(o.id), cls: 3, text,
    apply: (e) => {
      if (e.kind !== 'move') return e;
      trace(e.to);
      return { ...e, to: 'exile' };
    },
  });
  const out: Candidate[] = [];
  const dies = o.exileIfDies;
  if (dies && dies.turn === g.state.turn.number && ev.to === 'graveyard' && g.chars(o.id).types.includes('creature')) {
    out.push(exile('exile_if_dies', dies, 'exile it instead', () => g.emit({ type: 'replaced', rule: '614.1a', by: g.ref(dies.source, dies.sourceName), what: { kind: 'exiled_instead', obj: g.ref(o.id) } })));
  }
  const leaves = o.leavesToExile;
  if (leaves) {
    out.push(exile('exile_if_leaves', leaves, 'exile it instead of putting it anywhere else', (to) => g.emit({ type: 'replaced', rule: leaves.rule as RuleId, by: g.ref(leaves.source, leaves.sourceName), what: { kind: 'leaves_exiled', obj: g.ref(o.id), to } })));
  }
  return out;
}

/** A replacement effect for "the next time" an event would happen: it ends as it replaces one (the
 * event it modified is the one it was waiting for). */
function usedUpOnApplying(g: Game, r: EffectOf<'replacement'>, c: Candidate): Candidate {
  return { ...c, apply: (e, applied) => { removeEffect(g.state, r); return c.apply(e, applied); } };
}

function candidates(g: Game, ev: Replaceable, applied: Set<string>): Candidate[] {
  void applied;
  // 615.12: "Damage can't be prevented [this turn]": no prevention effect prevents any of it
  if (ev.kind === 'damage' && !ev.unpreventable && activeStatics(g, 'damage_cant_be_prevented').length > 0) ev = { ...ev, unpreventable: true };
  const out: Candidate[] = [];
  const add = (source: ObjId, sourceName: string, controller: PlayerId, key: string, def: ReplacementDef, self: boolean) => {
    const c = candidate(g, ev, source, sourceName, controller, key, def, self);
    if (c) out.push(c);
  };
  // static replacement abilities of permanents (the entering object's own, for how it enters)
  for (const id of g.abilitySources()) {
    if (ev.kind === 'move' && ev.obj === id && ev.to === 'battlefield') continue;
    // the counters it enters with: its own abilities applied to the move already, and one about a
    // group that includes it doesn't modify how it enters (614.12)
    if (ev.kind === 'counters' && ev.entering && ev.obj === id) continue;
    const c = g.chars(id);
    for (const a of withKeywordParts(c.abilities)) if (a.kind === 'replacement') add(id, g.name(id), c.controller, a.key, a.def, false);
  }
  if (ev.kind === 'move' && ev.to === 'battlefield') {
    const o = g.tryObj(ev.obj);
    if (o) {
      const enteringController = ev.controller ?? o.owner;
      const name = ev.copied?.name ?? o.card ?? 'the entering permanent';
      for (const a of withKeywordParts(entering(g, o, enteringController, ev.copied).abilities)) if (a.kind === 'replacement') add(o.id, name, enteringController, a.key, a.def, true);
    }
  }
  // replacement effects created by resolved spells and abilities (Gather Specimens)
  for (const r of effectsOf(g.state, 'replacement')) {
    const c = candidate(g, ev, r.source, r.sourceName, r.controller, `r${r.id}`, r.def, false);
    if (c) out.push(r.once ? usedUpOnApplying(g, r, c) : c);
  }
  out.push(...exiledInstead(g, ev));
  out.push(...dredge(g, ev));
  // 702.16e: protection prevents all damage from sources with the quality
  if (ev.kind === 'damage' && ev.amount > 0 && !ev.unpreventable && 'obj' in ev.to) {
    const prot = protectionFrom(g, ev.to.obj, ev.source);
    if (prot) {
      const to = ev.to.obj;
      out.push({
        id: `protection:${to}`, source: to, sourceName: g.name(to), controller: g.controller(to), cls: 3, text: `${prot}: prevent all of it`,
        apply: (e) => {
          if (e.kind !== 'damage') return e;
          g.emit({ type: 'damage_prevented', rule: '702.16e', by: g.ref(to), source: g.ref(e.source), to: g.thingRef(e.to), amount: e.amount, shield: { kind: 'protection', quality: prot } });
          return { ...e, amount: 0 };
        },
      });
    }
  }
  // redirections for the turn ("the next 1 damage ... is dealt to target creature instead"), 614.9
  if (ev.kind === 'damage' && ev.amount > 0) {
    for (const s of effectsOf(g.state, 'shield')) {
      if (!s.redirectTo || !shieldCovers(g, s, ev)) continue;
      const dest = redirectRecipient(g, s.redirectTo);
      if (!dest || JSON.stringify(dest) === JSON.stringify(ev.to)) continue;
      out.push(redirection(g, s, dest));
    }
  }
  // prevention: shields ("prevent the next 3 damage"), 615.7
  if (ev.kind === 'damage' && ev.amount > 0 && !ev.unpreventable) {
    for (const s of effectsOf(g.state, 'shield')) {
      if (s.redirectTo || !shieldCovers(g, s, ev)) continue;
      out.push({
        id: `shield${s.id}`, source: s.source, sourceName: s.sourceName, controller: g.state.turn.active, cls: 3,
        text: s.amount === 'all' || s.amount === 'next' ? 'prevent all of it' : `prevent ${s.amount} of it`,
        apply: (e) => {
          if (e.kind !== 'damage') return e;
          if (s.amount === 'next') {
            removeEffect(g.state, s);
            g.emit({ type: 'damage_prevented', rule: '615.8', by: g.ref(s.source, s.sourceName), source: g.ref(e.source), to: g.thingRef(e.to), amount: e.amount, shield: { kind: 'next' } });
            afterPrevention(g, s, e.to, e.amount);
            return { ...e, amount: 0 };
          }
          if (s.amount === 'all') {
            g.emit({ type: 'damage_prevented', rule: '615.1a', by: g.ref(s.source, s.sourceName), source: g.ref(e.source), to: g.thingRef(e.to), amount: e.amount, shield: { kind: 'all' } });
            afterPrevention(g, s, e.to, e.amount);
            return { ...e, amount: 0 };
          }
          const prevented = Math.min(s.amount, e.amount);
          s.amount -= prevented;
          if (s.amount === 0) removeEffect(g.state, s);
          g.emit({ type: 'damage_prevented', rule: '615.7', by: g.ref(s.source, s.sourceName), source: g.ref(e.source), to: g.thingRef(e.to), amount: prevented, shield: { kind: 'some', left: s.amount } });
          afterPrevention(g, s, e.to, prevented);
          return { ...e, amount: e.amount - prevented };
        },
      });
    }
  }
  return out;
}

/** Whether damage to a thing is damage "to you", "to CARDNAME", "to enchanted creature" or to a group. */
function damageCovers(c: CandidateContext, who: string | Filter, t: Thing): boolean {
  if (who === 'you') return 'player' in t && t.player === c.you;
  return 'obj' in t ? affects(c.g, c.source, who, t.obj) : typeof who !== 'string' && matchesFilter(c.g, who, t, { you: c.you, source: c.source });
}

/** Where a redirection effect sends the damage (614.9): the source itself, what it's attached to, or
 * that permanent's controller; null when there is none or it isn't a creature, planeswalker or battle. */
function redirectDestination(g: Game, source: ObjId, to: 'self' | 'enchanted' | 'equipped' | 'its_controller'): Thing | null {
  const host = to === 'self' ? source : g.tryObj(source)?.attachedTo;
  if (host === undefined || host === null || !g.tryObj(host) || g.obj(host).zone !== 'battlefield') return null;
  if (to === 'its_controller') return { player: g.controller(host) };
  const types = g.chars(host).types;
  return ['creature', 'planeswalker', 'battle'].some((t) => types.includes(t as never)) ? { obj: host } : null;
}

/** Instructions a replacement or prevention effect carries out as it applies (614.1a, 615.5). */
function followUp(g: Game, effects: Effect[], ctx: InsteadContext): void {
  const run = () => {
    g.replacing++;
    try {
      g.ports.replacement.followInstead(effects, ctx);
    } finally {
      g.replacing--;
    }
  };
  if (g.batch) g.batch.after.push(run);
  else run();
}

type Shield = EffectOf<'shield'>;

/** 615.5: the rest of a prevention effect, right after it prevents damage: life equal to the damage
 * prevented, or instructions about the recipient ("put a +1/+1 counter on that creature for each 1
 * damage prevented this way"). */
function afterPrevention(g: Game, s: Shield, to: Thing, prevented: number): void {
  if (s.gainLife) g.ports.replacement.gainLife(s.controller, prevented);
  if (s.then) followUp(g, s.then, { source: s.source, sourceName: s.sourceName, controller: s.controller, it: [to], abilityKey: `shield${s.id}`, eventAmount: prevented });
}

/**
 * 615.7: damage from two or more sources at once to a player or permanent whose shield ("prevent the
 * next N damage") can't prevent all of it: that player, or the permanent's controller, chooses which
 * damage the shield prevents, as the order the damage goes through the shield in. The hits in the
 * order to deal them (the others keep their place after).
 */
export function shieldOrder<H extends { source: ObjId; to: Thing; amount: number }>(g: Game, hits: H[], combat: boolean): H[] {
  let out = hits;
  for (const s of effectsOf(g.state, 'shield')) {
    if (s.redirectTo || typeof s.amount !== 'number') continue;
    const shield = s.amount;
    const covered = out.filter((h) => shieldCovers(g, s, { kind: 'damage', source: h.source, to: h.to, amount: h.amount, combat }));
    const to = covered[0]?.to;
    if (!to || covered.some((h) => JSON.stringify(h.to) !== JSON.stringify(to)) || new Set(covered.map((h) => h.source)).size < covered.length) continue;
    if (covered.length < 2 || covered.reduce((n, h) => n + h.amount, 0) <= shield) continue;
    const chooser = 'player' in to ? to.player : g.controller(to.obj);
    const a = g.ask({
      kind: 'choose', player: chooser, rule: '615.7', illegalRule: '615.7',
      prompt: `${s.sourceName}'s shield prevents the next ${shield} damage to ${'player' in to ? to.player : g.name(to.obj)}: order the damage it meets (the first listed first)`,
      options: covered.map((h) => ({ id: h.source, label: `${g.name(h.source)}'s ${h.amount} damage`, obj: h.source })), min: covered.length, max: covered.length,
    });
    const first = a.options.map((id) => covered.find((h) => h.source === id)!);
    out = [...first, ...out.filter((h) => !covered.includes(h))];
  }
  return out;
}

/** Whether a shield for the turn watches this damage: its recipient, its source, combat or not. */
function shieldCovers(g: Game, s: Shield, ev: Extract<Replaceable, { kind: 'damage' }>): boolean {
  if (s.combatOnly && !ev.combat) return false;
  if (s.to && JSON.stringify(s.to) !== JSON.stringify(ev.to)) return false;
  if (s.toFilter && !matchesFilter(g, s.toFilter, ev.to, { you: s.controller, source: s.source })) return false;
  if (s.fromObj && ev.source !== s.fromObj) return false;
  // 615.9: the chosen source's quality is checked again as it would deal the damage
  return !(s.from && !(g.tryObj(ev.source) && matchesFilter(g, s.from, { obj: ev.source }, { you: s.controller, source: s.source })));
}

/** The recipient a redirection names, if it can still be dealt the damage (614.9): a player still in
 * the game, or a creature, planeswalker or battle still on the battlefield. */
function redirectRecipient(g: Game, t: Thing): Thing | null {
  if ('player' in t) return g.state.players.some((p) => p.name === t.player && !p.lost) ? t : null;
  const o = g.tryObj(t.obj);
  if (!o || o.zone !== 'battlefield') return null;
  const types = g.chars(t.obj).types;
  return ['creature', 'planeswalker', 'battle'].some((x) => types.includes(x as never)) ? t : null;
}

/** A redirection shield applied: all of the damage, or the part of it the shield has left (614.9). */
function redirection(g: Game, s: Shield, dest: Thing): Candidate {
  return {
    id: `redirect${s.id}`, source: s.source, sourceName: s.sourceName, controller: s.controller, cls: 3, text: 'the damage is dealt to another recipient instead',
    apply: (e) => {
      if (e.kind !== 'damage') return e;
      const moved = typeof s.amount === 'number' ? Math.min(s.amount, e.amount) : e.amount;
      if (s.amount === 'next' || (typeof s.amount === 'number' && (s.amount -= moved) === 0)) removeEffect(g.state, s);
      g.emit({ type: 'replaced', rule: '614.9', by: g.ref(s.source, s.sourceName), what: { kind: 'damage_redirected', from: g.thingRef(e.to), to: g.thingRef(dest), amount: moved } });
      if (moved === e.amount) return { ...e, to: dest };
      return { ...e, amount: e.amount - moved, split: [...(e.split ?? []), { to: dest, amount: moved }] };
    },
  };
}

function objMatches(g: Game, id: ObjId, f: Filter | 'self', source: ObjId, you: PlayerId): boolean {
  if (f === 'self') return id === source;
  return matchesFilter(g, f, { obj: id }, { you, source });
}

/** The candidate a replacement definition makes for an event, if it applies to it. */
/** What a replacement definition is asked about one event: where the event and the effect meet. */
interface CandidateContext {
  g: Game;
  ev: Replaceable;
  source: ObjId;
  sourceName: string;
  you: PlayerId;
  key: string;
  /** The event is about the effect's own source (a self-replacement or an "as this enters" ability, 614.12). */
  self: boolean;
  base: { id: string; source: ObjId; sourceName: string; controller: PlayerId };
  by: ObjRef;
}

type CandidateFinder<K extends ReplacementDef['kind']> = (c: CandidateContext, def: Extract<ReplacementDef, { kind: K }>) => Candidate | null;

/**
 * One function per kind of replacement definition: whether it applies to the event, and how it
 * modifies the event (614.1), in the order of 616.1.
 */
const CANDIDATES: { [K in ReplacementDef['kind']]?: CandidateFinder<K> } = {
  enters_tapped: (c, def) => {
    const { g, ev, source, sourceName, you, self, base, by } = c;
    if (ev.kind !== 'move' || ev.to !== 'battlefield' || ev.tapped) return null;
    const o = g.tryObj(ev.obj);
    if (!o) return null;
    const hit = def.affected === 'self' ? self : typeof def.affected !== 'string' && !self && enteringMatches(g, o, def.affected, you, source, ev.controller ?? o.owner, ev.copied);
    if (!hit) return null;
    // "unless you control ...": checked as it would enter, for the player who will control it (614.1c)
    if (def.unless && checkCondition(g, def.unless, { you: ev.controller ?? you, source })) return null;
    const asks = !!def.unless_pay_life || !!def.unless_reveal;
    return {
      ...base, cls: self ? 0 : 3, text: def.unless_pay_life ? `it enters tapped unless ${you} pays ${def.unless_pay_life} life` : def.unless_reveal ? `it enters tapped unless ${you} reveals ${def.unless_reveal.text} from hand` : 'it enters tapped',
      ...(asks ? {} : { commutes: true }),
      apply: (e) => {
        if (e.kind !== 'move') return e;
        if (def.unless_reveal && revealsToEnterUntapped(g, e.controller ?? o.owner, def.unless_reveal, e.obj, sourceName, by)) return e;
        if (def.unless_pay_life) {
          const payer = e.controller ?? o.owner;
          const life = g.player(payer).life;
          const a = g.ask({ kind: 'yes', player: payer, rule: '614.12a', prompt: `pay ${def.unless_pay_life} life so that ${sourceName} doesn't enter tapped?`, ...(life < def.unless_pay_life ? { forced: false } : {}) });
          if (a.value) {
            g.player(payer).life -= def.unless_pay_life;
            g.player(payer).lifeLostThisTurn = (g.player(payer).lifeLostThisTurn ?? 0) + def.unless_pay_life;
            g.emit({ type: 'life', rule: '119.4', player: payer, delta: -def.unless_pay_life, life: g.player(payer).life, how: 'pay', entersUntapped: by });
            return e;
          }
        }
        g.emit({ type: 'replaced', rule: '614.1d', by, what: { kind: 'enters_tapped', obj: g.ref(e.obj) } });
        return { ...e, tapped: true };
      },
    };
  },
  enters_with_counters: (c, def) => {
    const { g, ev, self, base, by, you, source } = c;
    if (ev.kind !== 'move' || ev.to !== 'battlefield') return null;
    const entering = g.tryObj(ev.obj);
    // another permanent's "enters with an additional counter" (614.1c), judged as it would exist on the battlefield (614.12)
    const hit = def.affected === 'self' ? self : typeof def.affected !== 'string' && !self && !!entering && enteringMatches(g, entering, def.affected, you, source, ev.controller ?? entering.owner, ev.copied);
    if (!hit) return null;
    // a condition such as bloodthirst's is checked as the permanent enters, for the player who will control it
    // "if it was kicked": the spell it was as it resolved
    const kicked = wasKicked(g.tryObj(ev.obj)?.spell?.choices.additional ?? []);
    if (def.if && !checkCondition(g, def.if, { you: ev.controller ?? c.you, source: c.source, kicked })) return null;
    return {
      ...base, cls: self ? 0 : 3, text: `it enters with ${def.counter} counters`, commutes: true,
      apply: (e) => {
        if (e.kind !== 'move') return e;
        const o = g.obj(e.obj);
        // 107.3m: X is the value paid for the spell that became this permanent (0 if it wasn't one)
        const n = def.amount === 'X' ? (o.spell?.choices.x ?? 0) : evalAmountStatic(g, def.amount, o);
        // "you may have it enter with ...": the player who will control it chooses as it enters (614.12a)
        if (def.optional && !g.ask({ kind: 'yes', player: e.controller ?? o.owner, rule: '614.12a', prompt: `have ${c.sourceName} enter with ${n} ${def.counter} counter${n === 1 ? '' : 's'}?` }).value) return e;
        // a keyword's own rule when the ability is a keyword's (fading, bloodthirst)
        g.emit({ type: 'replaced', rule: keywordRule(c.key) ?? '614.1c', by, what: { kind: 'enters_with_counters', counter: def.counter, n, ...(self ? {} : { obj: g.ref(e.obj) }) } });
        // "enters tapped with N counters": one replacement modifying how it enters (614.1c)
        if (def.tapped && !e.tapped) g.emit({ type: 'replaced', rule: '614.1d', by, what: { kind: 'enters_tapped', obj: g.ref(e.obj) } });
        const gains = def.gains ? { gains: [...(e.gains ?? []), ...def.gains], gainsRule: '614.1c' as RuleId } : {};
        return { ...e, ...(def.tapped ? { tapped: true } : {}), ...gains, counters: { ...(e.counters ?? {}), [def.counter]: (e.counters?.[def.counter] ?? 0) + n } };
      },
    };
  },
  // 702.44a-b: only an object entering from the stack has mana spent to cast it; a creature gets
  // +1/+1 counters and anything else charge counters, judged as it would exist on the battlefield (614.12)
  sunburst: (c) => {
    const { g, ev, self, base, by } = c;
    if (ev.kind !== 'move' || ev.to !== 'battlefield' || !self) return null;
    return {
      ...base, cls: 0, text: 'it enters with a counter for each color of mana spent to cast it', commutes: true,
      apply: (e) => {
        if (e.kind !== 'move') return e;
        const o = g.obj(e.obj);
        const paid = e.from === 'stack' && o.spell ? o.spell.choices.paid.mana : [];
        const n = new Set(paid.map((m) => m.type).filter((t) => t !== 'C')).size;
        const creature = entering(g, o, e.controller ?? o.owner, e.copied).types.includes('creature');
        const counter = creature ? '+1/+1' : 'charge';
        g.emit({ type: 'replaced', rule: '702.44a', by, what: { kind: 'enters_with_counters', counter, n } });
        return n === 0 ? e : { ...e, counters: { ...(e.counters ?? {}), [counter]: (e.counters?.[counter] ?? 0) + n } };
      },
    };
  },
  counter_or_gains: (c, def) => {
    const { g, ev, sourceName, self, base, by } = c;
    if (ev.kind !== 'move' || ev.to !== 'battlefield' || !self) return null;
    return {
      ...base, cls: 0, text: `it enters with an additional ${def.counter} counter or gains ${def.gains.toLowerCase()}`, commutes: true,
      apply: (e) => {
        if (e.kind !== 'move') return e;
        const player = e.controller ?? g.obj(e.obj).owner;
        const a = g.ask({ kind: 'yes', player, rule: '614.12a', prompt: `have ${sourceName} enter with an additional ${def.counter} counter? (if not, it gains ${def.gains.toLowerCase()})` });
        const rule = keywordRule(c.key) ?? '614.1c';
        if (a.value) {
          g.emit({ type: 'replaced', rule, by, what: { kind: 'counter_or_gains', player, counter: def.counter, gains: null } });
          return { ...e, counters: { ...(e.counters ?? {}), [def.counter]: (e.counters?.[def.counter] ?? 0) + 1 } };
        }
        g.emit({ type: 'replaced', rule, by, what: { kind: 'counter_or_gains', player, counter: null, gains: def.gains } });
        return { ...e, gains: [...(e.gains ?? []), def.gains] };
      },
    };
  },
  as_enters_choose: (c, def) => {
    const { g, ev, sourceName, key, self, base, by } = c;
    if (ev.kind !== 'move' || ev.to !== 'battlefield' || !self || (def.what !== 'color' && def.what !== 'creature_type')) return null;
    if (def.what === 'creature_type') return chooseCreatureType(c);
    return {
      ...base, cls: 0, text: 'as it enters, choose a color',
      apply: (e) => {
        if (e.kind !== 'move') return e;
        const chooser = e.controller ?? g.obj(e.obj).owner;
        const a = g.ask({ kind: 'value', player: chooser, rule: '614.12a', what: 'color', prompt: `as ${sourceName} enters, choose a color`, options: COLORS.map((c) => ({ id: c, label: COLOR_NAMES[c] })) });
        const color = a.value as ColorLetter;
        g.emit({ type: 'replaced', rule: '614.12a', by, what: { kind: 'color_chosen', player: chooser, color } });
        return { ...e, chosen: { ...(e.chosen ?? {}), color, by: key } };
      },
    };
  },
  enter_as_copy: (c, def) => {
    const { g, ev, sourceName, key, self, base, by } = c;
    // 707.5: a copy as it enters, not a permanent that becomes one afterwards
    if (ev.kind !== 'move' || ev.to !== 'battlefield' || !self) return null;
    return {
      ...base, cls: 2, text: 'it enters as a copy',
      apply: (e) => {
        if (e.kind !== 'move') return e;
        const o = g.obj(e.obj);
        const copied = chooseCopy(g, e.controller ?? o.owner, o, def, key, sourceName, 'enters');
        if (!copied) return e;
        let counters = e.counters;
        if (def.except?.extra_counter) {
          // "except it enters with an additional counter": it enters with a +1/+1 counter if a creature, a loyalty counter if a planeswalker (614.1c)
          const kind = copied.types.includes('creature') ? '+1/+1' : copied.types.includes('planeswalker') ? 'loyalty' : null;
          if (kind) {
            counters = { ...(counters ?? {}), [kind]: (counters?.[kind] ?? 0) + 1 };
            g.emit({ type: 'replaced', rule: '614.1c', by, what: { kind: 'extra_counter', counter: kind } });
          }
        }
        return { ...e, copied, ...(counters ? { counters } : {}) };
      },
    };
  },
  as_enters_sacrifice: (c, def) => {
    const { g, ev, sourceName, self, base, by } = c;
    if (ev.kind !== 'move' || ev.to !== 'battlefield' || !self) return null;
    return {
      ...base, cls: 0, text: `as it enters, sacrifice any number of ${def.filter.text}s`,
      apply: (e) => {
        if (e.kind !== 'move') return e;
        const chooser = e.controller ?? g.obj(e.obj).owner;
        // 614.13a: not the object that is entering
        const options = g.state.battlefield.filter((id) => id !== e.obj && g.controller(id) === chooser && matchesFilter(g, def.filter, { obj: id }, { you: chooser, source: e.obj }));
        const a = g.ask({ kind: 'choose', player: chooser, rule: '614.12a', prompt: `as ${sourceName} enters, sacrifice any number of ${def.filter.text}s`, options: options.map((id) => ({ id, label: g.describeId(id), obj: id })), min: 0, max: options.length });
        const picked = a.options;
        g.replacing++;
        try {
          for (const id of picked) g.ports.replacement.moveObject(id, 'graveyard', { rule: '701.17a', how: { kind: 'sacrificed_entering', by } });
        } finally {
          g.replacing--;
        }
        const counters = { ...(e.counters ?? {}) };
        for (const [k, per] of Object.entries(def.counters_each)) {
          const n = picked.length * evalAmountStatic(g, per, g.obj(e.obj));
          if (n > 0) counters[k] = (counters[k] ?? 0) + n;
        }
        g.emit({ type: 'replaced', rule: '614.1c', by, what: { kind: 'sacrificed_to_enter', player: chooser, count: picked.length, counters } });
        return { ...e, counters };
      },
    };
  },
  // 702.38a: the cards stay in the hand (701.16a); neither the entering card nor another card entering
  // with it can be revealed, and the cards are judged against it as it would be on the battlefield
  as_enters_reveal: (c, def) => {
    const { g, ev, sourceName, self, base, by } = c;
    if (ev.kind !== 'move' || ev.to !== 'battlefield' || !self) return null;
    return {
      ...base, cls: 0, text: `as it enters, reveal any number of ${anyNumberOf(def.filter.text, sourceName)} from your hand`,
      apply: (e) => {
        if (e.kind !== 'move') return e;
        const { chooser, picked } = chooseAsEnters(c, def.filter, e, 'hand', 'reveal', '702.38a');
        for (const id of picked) g.emit({ type: 'revealed', rule: '701.16a', player: chooser, obj: g.ref(id), by, from: 'hand' });
        const counters = { ...(e.counters ?? {}) };
        for (const [k, per] of Object.entries(def.counters_each)) {
          const n = picked.length * evalAmountStatic(g, per, g.obj(e.obj));
          g.emit({ type: 'replaced', rule: keywordRule(c.key) ?? '614.1c', by, what: { kind: 'enters_with_counters', counter: k, n } });
          if (n > 0) counters[k] = (counters[k] ?? 0) + n;
        }
        return { ...e, counters };
      },
    };
  },
  as_enters_exile: (c, def) => {
    const { g, ev, sourceName, self, base, by } = c;
    if (ev.kind !== 'move' || ev.to !== 'battlefield' || !self) return null;
    return {
      ...base, cls: 0, text: `as it enters, exile any number of ${anyNumberOf(def.filter.text, sourceName)} from your graveyard`,
      apply: (e) => {
        if (e.kind !== 'move') return e;
        const { chooser, picked } = chooseAsEnters(c, def.filter, e, 'graveyard', 'exile', '614.12a');
        const exiled: ObjId[] = [];
        g.replacing++;
        try {
          for (const id of picked) {
            const n = g.ports.replacement.moveObject(id, 'exile', { rule: '614.13', how: { kind: 'exiled_entering', by } });
            if (n) exiled.push(n);
          }
        } finally {
          g.replacing--;
        }
        if (picked.length === 0) g.emit({ type: 'replaced', rule: '614.12a', by, what: { kind: 'nothing_exiled', player: chooser } });
        return { ...e, chosen: { ...(e.chosen ?? {}), cards: [...(e.chosen?.cards ?? []), ...exiled] } };
      },
    };
  },
  enters_under_control_of: (c, def) => {
    const { g, ev, source, you, base, by } = c;
    if (ev.kind !== 'move' || ev.to !== 'battlefield') return null;
    const o = g.tryObj(ev.obj);
    const under = ev.controller ?? o?.owner;
    if (!o || under === undefined || under === you || !g.opponents(you).includes(under) || !enteringMatches(g, o, def.affected, you, source, under, ev.copied)) return null;
    return {
      ...base, cls: 1, text: `it enters under ${you}'s control instead`,
      apply: (e) => {
        g.emit({ type: 'replaced', rule: '614.1a', by, what: { kind: 'control', obj: g.ref(ev.obj), player: you, instead: under } });
        return { ...e, controller: you } as Replaceable;
      },
    };
  },
  to_graveyard_instead: (c, def) => {
    const { g, ev, you, base, by } = c;
    if (ev.kind !== 'move' || ev.to !== 'graveyard') return null;
    const o = g.tryObj(ev.obj);
    if (!o || o.ability) return null;
    if (def.owner === 'opponent' && o.owner === you) return null;
    // "a card" is any card wherever it is (not a token or a copy); "token" a token
    const matches = def.filter.terms.some((t) => (t.kind === 'card' ? !o.isToken && !o.spell?.isCopy : t.token === true ? o.isToken : true));
    if (!matches) return null;
    return {
      ...base, cls: 3, text: 'exile it instead',
      apply: (e) => {
        g.emit({ type: 'replaced', rule: '614.1a', by, what: { kind: 'exiled_instead', obj: g.ref(ev.obj) } });
        return { ...e, to: 'exile' } as Replaceable;
      },
    };
  },
  instead: (c, def) => {
    const { g, ev, source, sourceName, you, key, self, base, by } = c;
    const of = def.of;
    let hit = false;
    let it: Thing[] = [];
    let player: PlayerId | undefined;
    let amount = 0;
    if (ev.kind === 'move') {
      const o = g.tryObj(ev.obj);
      if (!o) return null;
      if (of.event === 'dies' && ev.from === 'battlefield' && ev.to === 'graveyard' && g.chars(o.id).types.includes('creature')) {
        hit = of.self ? o.id === source : !!of.filter && objMatches(g, o.id, of.filter, source, you);
      }
      if (of.event === 'put_into_graveyard' && ev.to === 'graveyard' && (of.from === 'anywhere' || ev.from === 'battlefield')) {
        hit = of.self ? o.id === source : !!of.filter && objMatches(g, o.id, of.filter, source, you);
      }
      if (of.event === 'enters' && ev.to === 'battlefield' && !(of.not_cast && ev.cast)) {
        hit = enteringMatches(g, o, of.filter, you, source, ev.controller ?? o.owner, ev.copied);
      }
      it = [{ obj: o.id }];
    } else if (ev.kind === 'gain_life' && of.event === 'gain_life') {
      hit = ev.player === you;
      player = ev.player;
      amount = ev.n;
    } else if (ev.kind === 'draw' && of.event === 'draw') {
      hit = ev.player === you;
      player = ev.player;
    } else if (ev.kind === 'damage' && of.event === 'dealt_damage' && ev.amount > 0) {
      // not a prevention: "damage can't be prevented" leaves it working (615.12 is about prevention only)
      hit = 'obj' in ev.to && ev.to.obj === source;
      it = [ev.to];
      amount = ev.amount;
    }
    if (!hit) return null;
    return {
      ...base, cls: self ? 0 : 3, text: describeInstead(def),
      apply: () => {
        g.emit({ type: 'replaced', rule: '614.1a', by, what: { kind: 'instead', event: replacedEvent(g, ev), verbs: def.do.map((d) => d.verb) } });
        const follow = () => {
          g.replacing++;
          try {
            g.ports.replacement.followInstead(def.do, {
              source, sourceName, controller: you, it, ...(player ? { thatPlayer: player } : {}), abilityKey: key, eventAmount: amount,
            });
          } finally {
            g.replacing--;
          }
        };
        // 614.6: in an event that moves many objects at once, the modified part happens with the
        // rest of the event, not before the others have moved
        if (g.batch) g.batch.after.push(follow);
        else follow();
        return null;
      },
    };
  },
  life_floor: (c, def) => {
    const { g, ev, source, you, base, by } = c;
    if (ev.kind !== 'damage' || !('player' in ev.to) || ev.to.player !== you || ev.amount <= 0) return null;
    if (def.condition && !checkCondition(g, def.condition, { you, source })) return null;
    const life = g.player(you).life;
    if (life - ev.amount >= 1) return null;
    return {
      ...base, cls: 3, text: 'damage reduces your life total to 1 at most',
      apply: (e) => {
        if (e.kind !== 'damage') return e;
        const n = Math.max(0, life - 1);
        g.emit({ type: 'replaced', rule: '614.1a', by, what: { kind: 'life_floor', player: you, from: e.amount, to: n } });
        return { ...e, amount: n };
      },
    };
  },
  damage_multiplier: (c, def) => {
    const { g, ev, source, you, base, by } = c;
    if (ev.kind !== 'damage' || ev.amount <= 0) return null;
    if (def.to && !('obj' in ev.to && matchesFilter(g, def.to, ev.to, { you, source }))) return null;
    if (def.from && !(g.tryObj(ev.source) && matchesFilter(g, def.from, { obj: ev.source }, { you, source }))) return null;
    return {
      ...base, cls: 3, text: def.plus ? `that much damage ${def.plus > 0 ? 'plus' : 'minus'} ${Math.abs(def.plus)}` : `the damage is multiplied by ${def.factor}`,
      apply: (e) => {
        if (e.kind !== 'damage') return e;
        const n = Math.max(0, e.amount * def.factor + (def.plus ?? 0));
        g.emit({ type: 'replaced', rule: '614.1a', by, what: { kind: 'damage_multiplied', from: e.amount, to: n } });
        return { ...e, amount: n };
      },
    };
  },
  prevent_all: (c, def) => {
    const { g, ev, source, sourceName, you, key, base, by } = c;
    if (ev.kind !== 'damage' || ev.amount <= 0 || ev.unpreventable || (def.combatOnly && !ev.combat) || (def.noncombatOnly && ev.combat)) return null;
    // "dealt to and dealt by": damage either way
    if (!(def.to && damageCovers(c, def.to, ev.to)) && !(def.by && damageCovers(c, def.by, { obj: ev.source }))) return null;
    // "... by artifact sources": only damage from such a source (as it last existed if it has left)
    if (def.from && !matchesFilter(g, def.from, { obj: ev.source }, { you, source, lastKnown: true })) return null;
    // "damage that CARDNAME would deal to snow creatures": only damage to such a recipient
    if (def.onlyTo && !matchesFilter(g, def.onlyTo, ev.to, { you, source })) return null;
    if (def.condition && !checkCondition(g, def.condition, { you, source })) return null;
    return {
      ...base, cls: 3, text: 'prevent that damage',
      apply: (e) => {
        if (e.kind !== 'damage') return e;
        g.emit({ type: 'damage_prevented', rule: '615.1a', by, source: g.ref(e.source), to: g.thingRef(e.to), amount: e.amount, shield: { kind: 'all' } });
        // 615.5: the rest of the effect right after the prevention, knowing how much it prevented
        if (def.then) followUp(g, def.then, { source, sourceName, controller: you, it: [e.to], abilityKey: key, eventAmount: e.amount });
        return { ...e, amount: 0 };
      },
    };
  },
  redirect_damage: (c, def) => {
    const { g, ev, source, base, by } = c;
    if (ev.kind !== 'damage' || ev.amount <= 0 || (def.combatOnly && !ev.combat)) return null;
    if (!def.to.some((w) => damageCovers(c, w, ev.to))) return null;
    if (def.from && !matchesFilter(g, def.from, { obj: ev.source }, { you: c.you, source, lastKnown: true })) return null;
    if (def.condition && !checkCondition(g, def.condition, { you: c.you, source })) return null;
    const dest = redirectDestination(g, source, def.instead);
    // 614.9: no new recipient, or one that can't be dealt damage: the effect does nothing
    if (!dest || JSON.stringify(dest) === JSON.stringify(ev.to)) return null;
    return {
      ...base, cls: 3, text: 'that damage is dealt to another recipient instead',
      apply: (e) => {
        if (e.kind !== 'damage') return e;
        g.emit({ type: 'replaced', rule: '614.9', by, what: { kind: 'damage_redirected', from: g.thingRef(e.to), to: g.thingRef(dest), amount: e.amount } });
        return { ...e, to: dest };
      },
    };
  },
  prevent_some: (c, def) => {
    const { g, ev, source, you, base, by } = c;
    if (ev.kind !== 'damage' || ev.amount <= 0 || ev.unpreventable || (def.combatOnly && !ev.combat)) return null;
    if (!('obj' in ev.to ? def.to !== 'you' && affects(g, source, def.to, ev.to.obj) : def.to === 'you' && ev.to.player === you)) return null;
    // "If a red source would deal damage ...": the source as it is, or as it last existed
    if (def.from && !matchesFilter(g, def.from, { obj: ev.source }, { you, source, lastKnown: true })) return null;
    return {
      ...base, cls: 3, text: `prevent ${def.amount} of that damage`,
      apply: (e) => {
        if (e.kind !== 'damage') return e;
        const n = Math.min(def.amount, e.amount);
        g.emit({ type: 'damage_prevented', rule: '615.10', by, source: g.ref(e.source), to: g.thingRef(e.to), amount: n, shield: { kind: 'up_to', of: e.amount } });
        return { ...e, amount: e.amount - n };
      },
    };
  },
  counters_multiplier: (c, def) => {
    const { g, ev, source, you, base, by } = c;
    if (ev.kind !== 'counters' || ev.n <= 0) return null;
    if (def.counter && def.counter !== ev.counter) return null;
    if (!matchesFilter(g, def.on, { obj: ev.obj }, { you, source })) return null;
    return {
      ...base, cls: 3, text: def.plus ? `that many plus ${def.plus}` : `${def.factor} times that many`,
      apply: (e) => {
        if (e.kind !== 'counters') return e;
        const n = e.n * def.factor + (def.plus ?? 0);
        g.emit({ type: 'replaced', rule: '614.1a', by, what: { kind: 'counters_multiplied', counter: e.counter, from: e.n, to: n } });
        return { ...e, n };
      },
    };
  },
  tokens_multiplier: (c, def) => {
    const { g, ev, you, base, by } = c;
    if (ev.kind !== 'tokens' || ev.controller !== you || ev.n <= 0) return null;
    return {
      ...base, cls: 3, text: `${def.factor} times that many tokens`,
      apply: (e) => {
        if (e.kind !== 'tokens') return e;
        g.emit({ type: 'replaced', rule: '614.1a', by, what: { kind: 'tokens_multiplied', from: e.n, to: e.n * def.factor } });
        return { ...e, n: e.n * def.factor };
      },
    };
  },
  life_gain_multiplier: (c, def) => {
    const { g, ev, you, base, by } = c;
    if (ev.kind !== 'gain_life' || ev.player !== you || ev.n <= 0) return null;
    return {
      ...base, cls: 3, text: `gain ${def.factor} times that much life`,
      apply: (e) => {
        if (e.kind !== 'gain_life') return e;
        g.emit({ type: 'replaced', rule: '614.1a', by, what: { kind: 'life_multiplied', from: e.n, to: e.n * def.factor } });
        return { ...e, n: e.n * def.factor };
      },
    };
  },
  draw_instead: (c, def) => {
    const { g, ev, sourceName, you, base, by } = c;
    if (ev.kind !== 'draw' || ev.player !== you) return null;
    if (def.n === 0) {
      return {
        ...base, cls: 3, text: 'you may skip that draw',
        apply: (e) => {
          const a = g.ask({ kind: 'yes', player: you, rule: '614.1b', prompt: `skip this draw (${sourceName})?` });
          if (!a.value) return e;
          g.emit({ type: 'replaced', rule: '614.1b', by, what: { kind: 'draw_skipped', player: you } });
          return null;
        },
      };
    }
    const p = g.player(you);
    const firstInDrawStep = g.state.turn.step === 'draw' && g.state.turn.active === you && p.cardsDrawnThisTurn === 0;
    if (def.except === 'first_in_your_draw_step' && firstInDrawStep) return null;
    const many = `${NUMBER_WORDS[def.n] ?? def.n} card${def.n === 1 ? '' : 's'}`;
    return {
      ...base, cls: 3, text: `draw ${many} instead`,
      apply: (_e, applied) => {
        g.emit({ type: 'replaced', rule: '614.11', by, what: { kind: 'draw_instead', player: you, n: def.n } });
        // each draw made instead is the event modified: no effect applied to it applies again (614.5)
        for (let i = 0; i < def.n; i++) g.ports.replacement.drawCard(you, '121.1', new Set(applied));
        return null;
      },
    };
  },
};

function candidate(g: Game, ev: Replaceable, source: ObjId, sourceName: string, you: PlayerId, key: string, def: ReplacementDef, self: boolean): Candidate | null {
  const find = CANDIDATES[def.kind] as CandidateFinder<typeof def.kind> | undefined;
  if (!find) return null;
  const base = { id: `${source}:${key}`, source, sourceName, controller: you };
  return find({ g, ev, source, sourceName, you, key, self, base, by: g.ref(source, sourceName) }, def);
}

export const NUMBER_WORDS = ['no', 'one', 'two', 'three', 'four', 'five'];

function describeInstead(def: Extract<ReplacementDef, { kind: 'instead' }>): string {
  return def.do.map((e) => e.verb.replace(/_/g, ' ')).join(', then ');
}

export type { Chosen };

/** Every creature type (205.3m), the two-word Time Lord included, in alphabetical order. */
const CREATURE_TYPE_OPTIONS: readonly string[] = [...CREATURE_TYPES, 'Time Lord'].sort();

/** "As [this] enters, choose a creature type" (614.12a): any creature type may be named (205.3m). */
function chooseCreatureType(c: CandidateContext): Candidate {
  const { g, sourceName, key, base, by } = c;
  return {
    ...base, cls: 0, text: 'as it enters, choose a creature type',
    apply: (e) => {
      if (e.kind !== 'move') return e;
      const chooser = e.controller ?? g.obj(e.obj).owner;
      const a = g.ask({ kind: 'value', player: chooser, rule: '614.12a', what: 'creature type', prompt: `as ${sourceName} enters, choose a creature type`, options: CREATURE_TYPE_OPTIONS.map((t) => ({ id: t, label: t })) });
      g.emit({ type: 'replaced', rule: '614.12a', by, what: { kind: 'type_chosen', player: chooser, subtype: a.value } });
      return { ...e, chosen: { ...(e.chosen ?? {}), type: a.value, by: key } };
    },
  };
}

/**
 * "As it enters, reveal / exile any number of F from your hand / graveyard": the player it enters under
 * chooses among the cards of that zone matching F, never the entering card itself (614.13a).
 */
function chooseAsEnters(c: CandidateContext, filter: Filter & { text: string }, e: Extract<Replaceable, { kind: 'move' }>, zone: 'hand' | 'graveyard', verb: string, rule: RuleId): { chooser: PlayerId; picked: ObjId[] } {
  const { g, sourceName } = c;
  const chooser = e.controller ?? g.obj(e.obj).owner;
  const options = g.player(chooser)[zone].filter((id) => id !== e.obj && matchesFilter(g, filter, { obj: id }, { you: chooser, source: e.obj }));
  const what = `${anyNumberOf(filter.text, sourceName)} from your ${zone}`;
  const a = g.ask({ kind: 'choose', player: chooser, rule, prompt: `as ${sourceName} enters, ${verb} any number of ${what}`, options: options.map((id) => ({ id, label: g.describeId(id), obj: id })), min: 0, max: options.length });
  return { chooser, picked: a.options };
}

/** "any number of creature cards", or of cards described at more length ("cards, each a card that shares
 * a creature type with Aven Warhawk"): the filter's words in a question, with the source's name. */
function anyNumberOf(filterText: string, sourceName: string): string {
  const text = filterText.replaceAll('CARDNAME', sourceName);
  return /^[\w-]+( [\w-]+)? card$/.test(text) ? `${text}s` : `cards, each a ${text}`;
}
