// A game in progress: the plain-data state, the cards it knows, and the question boundary.
// Engine functions take a Game, change its state only through the helpers that emit events, and
// ask every decision through `ask`.

import type { CardRegistry } from '../cards/registry.js';
import type { RuleId } from '../core/rules/index.js';
import type { Chars } from './chars.js';
import type { EventBody, EventType, GameEvent, ObjRef, ThingRef } from './events.js';
import { NeedAnswer, answers, onlyAnswer, type Answer, type Answerer, type Option, type Question, type QuestionKind } from './questions.js';
import type { GameObject, GameState, ObjId, Player, PlayerId } from './state.js';
import type { CharsHint, Ports } from './ports.js';
import { clonePlain } from '../util/clone.js';

/**
 * An action a player tried that the rules don't allow: rejected, and the game goes back (730). It is
 * how legality checks answer, thrown and caught several times in an action (a blocker tried, a
 * target refused), so it captures no stack: its rule and message are all it has to say.
 */
export class IllegalAction extends Error {
  constructor(public readonly rule: RuleId, message: string) {
    const depth = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = depth;
  }
}

/**
 * An action went past its budget of events: a loop the engine can't see repeating, or a number of
 * repetitions beyond any game. `scope` says which budget, the action's or the whole run's; the
 * runner words the message (it knows the action and the limits). A user-facing stop, never a hang.
 */
export class LimitExceeded extends Error {
  /** `amount`: an amount worked out during the game came to `value`, past `limit`; `objects`: the game would hold more objects than `limit`. */
  constructor(public readonly limit: number, public readonly scope: 'action' | 'run' | 'amount' | 'objects', public readonly value?: number) {
    super(`past ${limit}`);
  }
}

/** An answer that doesn't fit its question (wrong kind, not an option): a user input error. */
export class BadAnswer extends Error {
  constructor(public readonly question: Question, message: string) {
    super(message);
  }
}

const noAnswers: Answerer = { answer: () => undefined };

/**
 * A restorable copy of the state (see Game.snapshot), or a mark: the means to build it again
 * (Game.mark). Either way, the log and last known information are only cut back to their length.
 */
export type Snapshot = SnapshotPlace & ({ state: Omit<GameState, 'events' | 'lki'>; rebuild?: undefined } | { state: null; rebuild: () => GameState });

/** Where a snapshot was taken. */
interface SnapshotPlace {
  keys: string[];
  events: number;
  lki: number;
  /** The state object it was taken from (whether it is still the game's, see Game.shareSnapshot). */
  of: GameState;
}

/** How many objects may change between two computations before the second is a whole one. */
const SINCE_LIMIT = 64;

/**
 * Event types that change no object's own inputs (its zone, face, counters, controller: see ownInputs)
 * but may change what a continuous effect reads beyond the objects: a life total ("as long as you have
 * 30 or more life", a P/T equal to a life total), marked damage, this turn's events (spells cast, life
 * lost), a library's order, the mana pool. Like the NO_OBJECT events below, each sets aside the
 * characteristics kept: a quiet game keeps every object's own, and a whole computation that read none
 * of these (layers.ts, keptThroughTurn) is kept whole; one with an "as long as" condition or a counted
 * amount is made again.
 */
const NEUTRAL: ReadonlySet<EventType> = new Set<EventType>([
  'announced', 'overloaded', 'targets_chosen', 'divided', 'note', 'card_shadowed', 'auto_answered', 'spell_cast', 'ability_activated',
  'resolves', 'bestow_fails', 'rejected', 'triggered', 'delayed_triggered', 'trigger_on_stack', 'trigger_removed', 'fizzles', 'condition_false',
  'cost_locked', 'cost_reduced', 'cost_zero', 'cost_paid_by', 'mana_paid', 'mana_ability', 'mana_triggered', 'pool_emptied', 'life', 'damage',
  'unblocked', 'combat_damage_step', 'untap_declined', 'indestructible', 'replacements_ordered', 'shuffled', 'cost_draw_replaced',
  'trigger_skipped', 'triggers_again', 'apnap_order', 'delayed_object_gone', 'last_known_used', 'no_copies', 'nothing_to_copy', 'copy_exception', 'copied_values',
  'divided_evenly', 'destroy_all', 'nothing_happens', 'too_few', 'mana_added', 'library_empty', 'revealed', 'already_face_down', 'fight', 'scry', 'proliferated', 'chosen',
  'hand_seen', 'library_top_seen', 'cant_win', 'decision', 'no_abilities_to_gain', 'if_you_do', 'unless_paid', 'attach_failed', 'search_failed', 'put_on_top', 'cast_declined',
  'cast_while_resolving', 'put_decision', 'reflexive_triggered', 'one_at_a_time', 'loop', 'all_passed',
]);

/** Event types that change nothing any characteristic can read: a player got priority or passed (117). */
const INERT: ReadonlySet<EventType> = new Set<EventType>(['priority', 'pass']);

/**
 * Event types that may change characteristics through a continuous effect reading the turn, the step,
 * combat or tapped status, but that alter no object's own inputs (its zone, face, counters, controller:
 * see ownInputs). A game that was quiet before one of them keeps every object's own characteristics;
 * a whole computation that read none of what they change is kept whole (layers.ts, keptThroughTurn).
 */
const NO_OBJECT: ReadonlySet<EventType> = new Set<EventType>([
  'step_began', 'turn_began', 'combat_ended', 'no_attackers', 'attacks', 'attackers_declared', 'blocks', 'blocked', 'no_blockers',
  'tapped', 'untapped', 'draw',
]);

/** Events of either set: the characteristics kept are set aside, every object's own inputs unchanged (one lookup as events are recorded). */
const SET_ASIDE: ReadonlySet<EventType> = new Set<EventType>([...NO_OBJECT, ...NEUTRAL]);

/**
 * A table of answers kept per game, keyed on objects of that game: `const t = perGame<K, V>()` once in
 * a module, then `t(g).get(key)`. The table is the game's own, and goes with it. A module-level
 * WeakMap would do the same but for the garbage collector: V8's young-generation collections keep
 * every value of a long-lived WeakMap whatever its key, so a value that reaches back into its game (an
 * effect built for an object reaches the game, which reaches the object) kept its key too, and the
 * whole game (state, events, snapshots) outlived every such collection until a full one.
 */
export function perGame<K extends object, V>(): (g: Game) => WeakMap<K, V> {
  const kind = {};
  return (g) => g.tableOf(kind) as WeakMap<K, V>;
}

export class Game {
  answerer: Answerer = noAnswers;
  /** Questions answered that had more than one legal answer, and actions players took: the choices
   * that make a loop optional (104.4b). */
  choices = 0;
  /** How many times a snapshot was restored (a loop's history starts over then). */
  restores = 0;
  /** How many times `changed` was called: by an event that names or may change objects, or directly. */
  changes = 0;
  /** How many more events the current action may make before it stops with LimitExceeded. */
  private budget: { until: number; size: number; scope: 'action' | 'run' } | null = null;
  /** How deep the engine is inside the instructions of an "instead" replacement (616.2). */
  replacing = 0;
  /**
   * Objects leaving in one simultaneous event (a "destroy all", state-based actions), with their names
   * for the trace: their last known information was taken as the event began and isn't taken again as
   * each one moves.
   */
  leavingAtOnce: Map<ObjId, string> | null = null;
  /**
   * While such an event is under way: the instructions of "instead" replacements that modified part
   * of it, to follow once the rest has moved (614.6), and the permanents those instructions moved
   * off the battlefield, whose "until it leaves" durations end after the whole event (610.3).
   */
  batch: { after: Array<() => void>; left: ObjId[] } | null = null;
  /**
   * While one event puts several permanents onto the battlefield (tokens created together, cards
   * returned together): the index of the event they all enter at, so that their abilities see each
   * other enter (603.6a) and nothing that happened before.
   */
  enteringTogether: number | null = null;

  /** Runs `fn` as one event that may put several permanents onto the battlefield at once. */
  together<T>(fn: () => T): T {
    if (this.enteringTogether !== null) return fn();
    this.enteringTogether = this.state.events.length;
    try {
      return fn();
    } finally {
      this.enteringTogether = null;
    }
  }
  private cache: Pick<Map<ObjId, Chars>, 'get'> | null = null;
  /** The tables of perGame, by the kind each was made for. */
  private readonly tables = new Map<object, WeakMap<object, unknown>>();

  /** This game's table of one kind (see perGame). */
  tableOf(kind: object): WeakMap<object, unknown> {
    let t = this.tables.get(kind);
    if (!t) this.tables.set(kind, (t = new WeakMap()));
    return t;
  }

  /** The rules lower layers reach up to (see ports.ts), wired once as the game is created. */
  readonly ports: Ports;

  constructor(public state: GameState, public readonly cards: CardRegistry, wire: (g: Game) => Ports) {
    this.ports = wire(this);
  }

  // ------------------------------------------------------------------ events

  /** Records an event (the body passed, a new object, is kept as it is); one that may change characteristics invalidates the cached ones. */
  emit(body: EventBody, touched?: Iterable<ObjId>): GameEvent {
    if (this.budget && this.state.events.length >= this.budget.until) throw new LimitExceeded(this.budget.size, this.budget.scope);
    // the objects an event names as changed are looked at again, whatever its type
    if (touched) this.changed(touched);
    else if (SET_ASIDE.has(body.type)) this.cache = null;
    else if (!INERT.has(body.type)) this.changed();
    // every caller hands a fresh literal: it becomes the event itself, its position added last
    const ev = body as GameEvent;
    ev.seq = this.state.events.length;
    this.state.events.push(ev);
    return ev;
  }

  /**
   * From now on, at most `size` more events (null: no limit): a runner's guard against loops. With
   * scope `run`, the events the log may hold in all: `size` is then that total.
   */
  limitEvents(size: number | null, scope: 'action' | 'run' = 'action'): void {
    this.budget = size === null ? null : { until: scope === 'run' ? size : this.state.events.length + size, size, scope };
  }

  /** A player or an object as events name it. */
  thingRef(t: { obj: ObjId } | { player: PlayerId }): ThingRef {
    return 'player' in t ? { player: t.player } : { obj: this.ref(t.obj) };
  }

  /** An object as events name it: its id, its name now (or the name given), its scenario id. */
  ref(id: ObjId, name?: string): ObjRef {
    const ref = this.state.objects[id]?.ref ?? this.state.lki[id]?.object.ref;
    return { id, name: name ?? this.name(id), ...(ref !== undefined ? { ref } : {}) };
  }

  /**
   * Call after a change that emits nothing (choices recorded on a stack object, etc.). `touched`, when
   * the caller knows it, names every object the change made, removed or altered: the others' own
   * characteristics stay known (see `since`).
   */
  changed(touched?: Iterable<ObjId>): void {
    this.changes++;
    this.cache = null;
    if (!touched || !this.since) {
      this.since = null;
      return;
    }
    this.since.turnOnly = false;
    for (const id of touched) this.since.changed.add(id);
    if (this.since.changed.size > SINCE_LIMIT) this.since = null;
  }

  /**
   * The characteristics last computed, and the objects changed since by changes that named them: when
   * the game was quiet then, only those objects are looked at again. `turnOnly`: every change since
   * was one of the NO_OBJECT events.
   */
  private since: { base: Pick<Map<ObjId, Chars>, 'get'>; changed: Set<ObjId>; turnOnly: boolean } | null = null;

  /**
   * Runs `fn`, which changes the state for a moment to look at what would be and puts every change
   * back before it returns, emitting nothing: the characteristics known before stay known.
   */
  hypothetically<T>(changed: ObjId, fn: () => T): T {
    // what is known before: the characteristics cached, or else those of the last changes named
    const known = this.cache ?? (this.since && !this.hint ? (this.cache = this.current(this.since)) : null);
    const since = this.since;
    const events = this.state.events.length;
    this.hint = known ? { base: known, changed: [changed] } : undefined;
    this.since = null;
    try {
      return fn();
    } finally {
      this.hint = undefined;
      const same = this.state.events.length === events;
      this.cache = same ? known : null;
      this.since = same ? since : null;
    }
  }

  /** While `hypothetically` runs: the characteristics known before, and the one object it changes. */
  private hint: CharsHint | undefined;

  /**
   * For a game whose state was just copied from `from`'s: the characteristics `from` knows (and the
   * objects changed since it computed them) hold for the copy too, plain data derived from the same state.
   */
  knowAsOf(from: Game): void {
    if (from.hint) return;
    this.cache = from.cache;
    this.since = from.since && { base: from.since.base, changed: new Set(from.since.changed), turnOnly: from.since.turnOnly };
  }

  // ------------------------------------------------------------------ questions

  /** The answer to `q`, of its kind; a question nobody answers stops the action (NeedAnswer). */
  ask<K extends QuestionKind>(q: Question<K>): Answer<K> {
    const a = this.answerOf(q);
    if (a === undefined) throw new NeedAnswer(q);
    return a;
  }

  /** Like ask, but undefined when the question goes unanswered (the caller then uses its default). */
  askOptional<K extends QuestionKind>(q: Question<K>): Answer<K> | undefined {
    return this.answerOf(q, true);
  }

  private answerOf<K extends QuestionKind>(q: Question<K>, optional = false): Answer<K> | undefined {
    const asked: Question = optional ? { ...q, optional } : q;
    const only = onlyAnswer(asked);
    const a = this.answerer.answer(asked, only);
    if (only) {
      // A scripted answer is used for a one-option question only if it names that option (the
      // scripted answerer leaves its list alone otherwise).
      const used = a ?? only;
      if (!a && !q.silent) {
        this.emit({ type: 'auto_answered', rule: q.rule, player: q.player, prompt: q.prompt, answer: describeAnswer(q, only) });
      }
      return this.check(q, used);
    }
    if (a === undefined) return undefined;
    this.choices++;
    return this.check(q, a);
  }

  /** The answer, if it is of the question's kind and names its options (the rules check the rest). */
  private check<K extends QuestionKind>(q: Question<K>, a: Answer): Answer<K> {
    if (!answers(q, a)) throw new BadAnswer(q, `expected an answer of kind \`${q.kind}\`, got \`${a.kind}\``);
    verify(q, a, {
      game: this,
      fail: (msg) => {
        if (q.illegalRule) throw new IllegalAction(q.illegalRule, msg);
        throw new BadAnswer(q, msg);
      },
    });
    return a;
  }

  describeId(id: string): string {
    if (id.startsWith('@')) return id.slice(1);
    const o = this.state.objects[id];
    return o ? this.name(id) : id;
  }

  // ------------------------------------------------------------------ lookups

  obj(id: ObjId): GameObject {
    const o = this.state.objects[id];
    if (!o) throw new Error(`internal: no object ${id}`);
    return o;
  }

  tryObj(id: ObjId | undefined): GameObject | undefined {
    return id === undefined ? undefined : this.state.objects[id];
  }

  player(name: PlayerId): Player {
    // a plain loop: this is asked very often, and find() would make a closure each time
    for (const p of this.state.players) if (p.name === name) return p;
    throw new Error(`internal: no player ${name}`);
  }

  /** Players in APNAP order starting with the active player (101.4). */
  apnap(): PlayerId[] {
    const names: PlayerId[] = [];
    for (const p of this.state.players) if (!p.lost) names.push(p.name);
    const i = names.indexOf(this.state.turn.active);
    if (i <= 0) return names;
    // rotated in place of two slices and a spread: the active player first
    const out: PlayerId[] = [];
    for (let k = 0; k < names.length; k++) out.push(names[(i + k) % names.length]!);
    return out;
  }

  opponents(p: PlayerId): PlayerId[] {
    return this.apnap().filter((x) => x !== p);
  }

  /** The next player in turn order after p who is still in the game. */
  nextPlayer(p: PlayerId): PlayerId {
    const names = this.state.players.filter((x) => !x.lost || x.name === p).map((x) => x.name);
    const i = names.indexOf(p);
    for (let k = 1; k <= names.length; k++) {
      const n = names[(i + k) % names.length]!;
      if (!this.player(n).lost) return n;
    }
    return p;
  }

  /** The characteristics of an object after every continuous effect (613). */
  chars(id: ObjId): Chars {
    if (!this.cache) this.cache = this.current(this.hint ?? this.since ?? undefined);
    let c = this.cache.get(id);
    if (!c) {
      // an object made since (a token, a copy on the stack): everything is computed again
      this.cache = this.current();
      c = this.cache.get(id);
      if (!c) throw new Error(`internal: no characteristics for ${id}`);
    }
    return c;
  }

  /** The characteristics now, the base of the next computation (but in a hypothetical state). */
  private current(hint?: CharsHint): Pick<Map<ObjId, Chars>, 'get'> {
    const out = this.ports.characteristics.current(hint);
    if (!this.hint) this.since = { base: out, changed: new Set(), turnOnly: true };
    return out;
  }

  /**
   * The objects whose static, triggered and replacement abilities work now: the permanents, then the
   * emblems in the command zone (114.4), in the order they came.
   */
  abilitySources(): ObjId[] {
    let emblems: ObjId[] | null = null;
    for (const p of this.state.players) if (p.command.length) (emblems ??= []).push(...p.command);
    return emblems ? [...this.state.battlefield, ...emblems] : this.state.battlefield;
  }

  controller(id: ObjId): PlayerId {
    return this.chars(id).controller;
  }

  /** The player an attacking creature attacks, or the controller of the planeswalker it attacks,
   * even one that has left combat (506.2, 506.4c, 508.5); undefined when it isn't attacking. */
  defendingPlayer(attacker: ObjId, controllerOf: (id: ObjId) => PlayerId = (id) => this.controller(id)): PlayerId | undefined {
    const t = (this.tryObj(attacker) ?? this.state.lki[attacker]?.object)?.attacking;
    if (t === undefined) return undefined;
    if (this.state.players.some((p) => p.name === t)) return t;
    return this.tryObj(t) ? controllerOf(t) : this.state.lki[t]?.controller;
  }

  /** The object's name for the trace: its name, or "a face-down creature". */
  name(id: ObjId): string {
    const o = this.state.objects[id];
    if (!o) {
      const l = this.state.lki[id];
      return l?.name ?? 'a face-down object';
    }
    if (o.ability) {
      // the source as it is now, if it is still the same object (a name change shows: 707.11)
      const src = this.state.objects[o.ability.source];
      const now = src && !src.ability ? this.characteristicName(src.id) : null;
      return `ability of ${now ?? o.ability.sourceName}`;
    }
    // 114.3: an emblem has no name; the trace calls it by its owner
    if (o.emblem) return `${o.owner}'s emblem`;
    const n = this.characteristicName(id);
    return n ?? (o.zone === 'battlefield' ? 'a face-down creature' : 'a face-down spell');
  }

  /**
   * The name among an object's characteristics: the one kept, or else read alone when nothing can
   * have changed it but its own copiable values, so that naming an object in an event computes nothing.
   */
  characteristicName(id: ObjId): string | null {
    const kept = this.cache?.get(id);
    if (kept) return kept.name;
    const n = this.ports.characteristics.name(id);
    return n !== undefined ? n : this.chars(id).name;
  }

  // ------------------------------------------------------------------ ids and snapshots

  newId(): ObjId {
    return `o${this.state.nextId++}`;
  }

  newTimestamp(): number {
    return this.state.nextTimestamp++;
  }

  /**
   * A snapshot of the state. The event log and last known information only ever grow, so they are
   * not copied: a snapshot records their size and restoring cuts them back.
   */
  snapshot(): Snapshot {
    const { events, lki, ...rest } = this.state;
    return { state: clonePlain(rest), keys: Object.keys(this.state), events: events.length, lki: Object.keys(lki).length, of: this.state };
  }

  /**
   * A snapshot that copies nothing: restoring it calls `rebuild`, which must return the state as it
   * is now (the scenario runner plays the file's timeline again up to here: the same actions with
   * the same answers make the same state). Taking it is free, restoring it costs the replay.
   */
  mark(rebuild: () => GameState): Snapshot {
    return { state: null, rebuild, keys: Object.keys(this.state), events: this.state.events.length, lki: Object.keys(this.state.lki).length, of: this.state };
  }

  /** A snapshot the caller has just taken, offered to the next attempt (rollback.ts) in its stead. */
  private shared: Snapshot | null = null;

  /**
   * Offers a snapshot just taken (or withdraws it, with null): the first attempt at an action that
   * begins before anything happens rolls back to it rather than copying the same state again (at
   * most one copy per action of a timeline; none for a mark).
   */
  shareSnapshot(s: Snapshot | null): void {
    this.shared = s;
  }

  /** The snapshot offered, if nothing has happened since it was taken; it serves once. */
  takeSharedSnapshot(): Snapshot | null {
    const s = this.shared;
    this.shared = null;
    return s && s.of === this.state && s.events === this.state.events.length && s.lki === Object.keys(this.state.lki).length ? s : null;
  }

  restore(s: Snapshot): void {
    this.restores++;
    const events = this.state.events;
    events.length = s.events;
    const lki = this.state.lki;
    for (const k of Object.keys(lki).slice(s.lki)) delete lki[k];
    const copy = (s.rebuild ? s.rebuild() : clonePlain(s.state)) as unknown as Record<string, unknown>;
    // the same keys in the same order as when the snapshot was taken: byte-identical once serialized
    const restored: Record<string, unknown> = {};
    for (const k of s.keys) restored[k] = k === 'events' ? events : k === 'lki' ? lki : copy[k];
    this.state = restored as unknown as GameState;
    this.cache = null;
    this.since = null;
  }
}

/** What a check needs: the game (to name things) and how to reject the answer. */
interface CheckContext {
  game: Game;
  fail(msg: string): never;
}

function inOptions(q: Question, ids: string[], options: Option[], ctx: CheckContext): void {
  for (const id of ids) if (!options.some((o) => o.id === id)) ctx.fail(`${ctx.game.describeId(id)} is not a legal choice for: ${q.prompt}`);
}

function inRange(ids: string[], min: number, max: number, what: string, ctx: CheckContext, repeat = false): void {
  if (!repeat && new Set(ids).size !== ids.length) ctx.fail(`the same ${what} was chosen twice`);
  if (ids.length < min || ids.length > max) ctx.fail(`choose ${min === max ? min : `${min} to ${max}`}${what === 'mode' ? ' mode(s)' : ''}, not ${ids.length}`);
}

/**
 * The checks the question boundary makes on an answer of the question's kind: its options are the
 * question's, in the right number. Targets, divisions, payments, costs and combat declarations are
 * checked by the rules that ask them.
 */
function verify(q: Question, a: Answer, ctx: CheckContext): void {
  if ((q.kind === 'face' || q.kind === 'alt' || q.kind === 'apply') && (a.kind === 'face' || a.kind === 'alt' || a.kind === 'apply')) inOptions(q, [a.option], q.options, ctx);
  else if (q.kind === 'modes' && a.kind === 'modes') {
    inOptions(q, a.options, q.options, ctx);
    inRange(a.options, q.min, q.max, 'mode', ctx, q.repeat);
  } else if (q.kind === 'choose' && a.kind === 'choose') {
    inOptions(q, a.options, q.options, ctx);
    inRange(a.options, q.min, q.max, 'thing', ctx);
  } else if (q.kind === 'order' && a.kind === 'order') inOptions(q, a.options, q.options, ctx);
  else if (q.kind === 'x' && a.kind === 'x') {
    const v = a.value;
    if (!Number.isInteger(v) || v < q.min || (q.max !== null && v > q.max)) ctx.fail(`X must be a whole number${q.max !== null ? ` from ${q.min} to ${q.max}` : ` of at least ${q.min}`}`);
  } else if (q.kind === 'value' && a.kind === 'value' && q.options) inOptions(q, [a.value], q.options, ctx);
}

export function describeAnswer(q: Question, a: Answer): string {
  const label = (id: string): string => {
    const all = q.kind === 'targets' ? q.slots.flatMap((s) => s.options) : q.kind === 'divide' ? q.among
      : q.kind === 'attackers' ? [...q.options, ...q.targets] : q.kind === 'blockers' ? [...q.options, ...q.attackers] : 'options' in q && q.options ? q.options : [];
    return all.find((o) => o.id === id)?.label ?? id;
  };
  switch (a.kind) {
    case 'face': case 'alt': case 'apply': return label(a.option);
    case 'modes': case 'choose': case 'order': case 'additional': return a.options.length ? a.options.map(label).join(', ') : 'none';
    case 'x': return `X = ${a.value}`;
    case 'yes': return a.value ? 'yes' : 'no';
    case 'value': return label(a.value);
    case 'targets': return a.slots.flat().map(label).join(', ') || 'no targets';
    case 'divide': return Object.entries(a.amounts).map(([k, v]) => `${v} to ${label(k)}`).join(', ');
    case 'hybrid': return a.choices.join('');
    case 'phyrexian': return a.choices.join(', ');
    case 'pay': return `${a.steps.length} payment step(s)`;
    case 'attackers': return a.declarations.map((d) => `${label(d.attacker)} attacks ${label(d.target)}`).join(', ') || 'no attackers';
    case 'blockers': return a.declarations.map((d) => `${label(d.blocker)} blocks ${d.attackers.map(label).join(' and ')}`).join(', ') || 'no blockers';
  }
}
