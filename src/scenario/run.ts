// Playing a scenario's timeline: each action is performed against a snapshot, with its questions
// answered from the file (or, in a terminal, by the user: the action is then replayed from the
// snapshot with the new answer), and each checkpoint compared with the game. Played without a
// prompt, an action's snapshot is a mark: going back plays the file again up to it (see `replayed`).

import { activate, cast, faceUp, pass, play, suspend } from '../game/playerActions.js';
import { attempt, type Attempt } from '../state/rollback.js';
import type { GameEvent } from '../state/events.js';
import { BadAnswer, IllegalAction, LimitExceeded, type Game } from '../state/game.js';
import { howToRaise, limits } from '../util/limits.js';
import { NeedAnswer, type Answer, type AttackDeclaration, type BlockDeclaration, type Question } from '../state/questions.js';
import { passPriority } from '../game/passing.js';
import type { GameState, ObjId, PlayerId } from '../state/state.js';
import { isSubruleOf } from '../core/rules/index.js';
import { AnswerError, ScriptedAnswerer, type GivenAnswer, type ProposalKeys } from './answers.js';
import { automaticPayment } from './autopay.js';
import { checkExpect, type Failure } from './checkpoints.js';
import { formatPath, type Position, type ScenarioError, type UnansweredQuestion } from './errors.js';
import { buildGame, type LoadedScenario } from './load.js';
import { nameCreated } from './created.js';
import { RefError, resolveRef } from './refs.js';
import type { ActionSpec, AnswerEntry } from './schema.js';
import { VERBS, type Verb } from './schema.js';
import { stringify } from 'yaml';

export interface CheckFailure extends Failure {
  action: number;
  pos: Position;
}

export interface StepReport {
  index: number;
  pos: Position;
  verb: Verb;
  label: string;
  events: GameEvent[];
  resolved: boolean;
  failures: CheckFailure[];
  /** The answers given at the prompt during this action, in the order they were given. */
  prompted: AnswerEntry[];
}

export interface RunResult {
  game: Game;
  failures: CheckFailure[];
  error?: ScenarioError;
  steps: StepReport[];
}

/** What a prompt is told about the question it asks: the action it comes from and whether "back" can be answered. */
export interface AskContext {
  /** The action, as the trace's header names it (`cast Lightning Bolt`). */
  action: string;
  /** The action's line in the file (0 for an action typed at the REPL). */
  line: number;
  /** An answer was already given at the prompt during this action: `back` takes it back. */
  canGoBack: boolean;
}

/** What a prompt answers: an answer, BACK (ask the previous question of the action again), or undefined (no answer). */
export type Prompted = AnswerEntry | typeof BACK | undefined;

/** A prompt's answer "back": the previous question of the action is asked again. */
export const BACK = '#back';

export interface RunOptions {
  /** Answers a question the file doesn't (a terminal prompt); undefined = no answer. */
  prompt?: (q: Question, g: Game, ctx: AskContext) => Promise<Prompted>;
  /**
   * The action was rejected after answers given at the prompt: true asks the last question again
   * (the rejection is dropped), false lets the rejection stand.
   */
  retry?: (rejection: { rule: string; message: string }) => Promise<boolean>;
  onStep?: (step: StepReport, g: Game) => void;
  /** Stop after this many actions (the REPL loads a file and continues by hand). */
  limit?: number;
}

class UserError extends Error {
  constructor(message: string, public readonly path: PropertyKey[], public readonly atKey = false) {
    super(message);
  }
}

function verbOf(a: ActionSpec): Verb {
  return VERBS.find((v) => v in a)!;
}

function playerFor(g: Game, a: ActionSpec, path: PropertyKey[]): PlayerId {
  if (a.by !== undefined) {
    if (!g.state.players.some((p) => p.name === a.by)) throw new UserError(`no player named "${a.by}"`, [...path, 'by']);
    return a.by;
  }
  const p = g.state.turn.priority;
  if (!p) throw new UserError('nobody holds priority now (the game is over or between steps); say who acts with `by:`', path);
  return p;
}

function objRef(g: Game, ref: string, candidates: ObjId[] | ObjId[][], what: string, path: PropertyKey[]): ObjId {
  try {
    const tiered = Array.isArray(candidates[0]);
    const r = resolveRef(g, ref, { ...(tiered ? { tiers: candidates as ObjId[][], candidates: (candidates as ObjId[][]).flat() } : { candidates: candidates as ObjId[] }), players: false, what });
    if ('player' in r) throw new UserError(`"${ref}" is a player, not ${what}`, path);
    return r.obj;
  } catch (e) {
    if (e instanceof RefError) throw new UserError(e.message, path);
    throw e;
  }
}

function proposalKeys(a: ActionSpec): ProposalKeys {
  const keys: ProposalKeys = {};
  for (const k of ['face', 'alt', 'additional', 'modes', 'x', 'hybrid', 'phyrexian', 'targets', 'divide', 'pay'] as const) {
    if (a[k] !== undefined) keys[k] = a[k];
  }
  return keys;
}

function describeAction(a: ActionSpec, verb: Verb): string {
  const v = (a as Record<string, unknown>)[verb];
  if (verb === 'expect') return 'expect';
  if (verb === 'note') return `note: ${String(v)}`;
  if (v === null || v === undefined) return `${verb}${a.by ? ` (by ${a.by})` : ''}`;
  return `${verb} ${typeof v === 'object' ? JSON.stringify(v) : String(v)}${a.by ? ` (by ${a.by})` : ''}${verb === 'activate' && a.ability !== undefined ? ` ability ${a.ability}` : ''}`;
}

/** What one action left behind: its report, and every answer given to it (the file's and the prompt's). */
export interface ActionOutcome {
  step: StepReport;
  answers: AnswerEntry[];
}

/** Where the runner is between actions: the first event a \`cited\` checkpoint looks at. */
export interface RunContext {
  citedSince: number;
  /**
   * How to make the state the next action starts from again, when the game was built from a file
   * and played from its start (see \`replayed\`): then, unless a prompt may ask or the action is
   * expected to be rejected, it copies nothing to be able to go back.
   */
  replay?: () => GameState;
}

/**
 * Runs every action of the scenario on \`g\`, the game loaded with it as it was built: to go back
 * before an action, the game is built from the scenario again and the actions before it replayed.
 */
export async function runScenario(sc: LoadedScenario, g: Game, opts: RunOptions = {}): Promise<RunResult> {
  const actions = (sc.spec.actions ?? []) as ActionSpec[];
  const failures: CheckFailure[] = [];
  const steps: StepReport[] = [];
  const ctx: RunContext = { citedSince: 0 };
  const limit = opts.limit ?? actions.length;
  const played: Array<{ a: ActionSpec; answers: AnswerEntry[] }> = [];
  for (let i = 0; i < Math.min(actions.length, limit); i++) {
    // each action starts where the previous ones left the game: to go back there, they are replayed
    const upTo = played.length;
    ctx.replay = () => replayed(sc, played.slice(0, upTo));
    const r = await runAction(sc, g, actions[i]!, i, ctx, opts);
    ctx.replay = undefined;
    if ('error' in r) return { game: g, failures, steps, error: r.error };
    played.push({ a: actions[i]!, answers: r.answers });
    failures.push(...r.step.failures);
    steps.push(r.step);
    opts.onStep?.(r.step, g);
  }
  return { game: g, failures, steps };
}

/**
 * Performs one action of a timeline (the \`i\`-th: positions and paths name it): against a snapshot,
 * its questions answered from its keys and answers, then from the prompt, replaying it with each new
 * answer. An error leaves the game as it was before the action.
 */
export async function runAction(sc: LoadedScenario, g: Game, a: ActionSpec, i: number, ctx: RunContext, opts: RunOptions = {}): Promise<ActionOutcome | { error: ScenarioError }> {
  const path: PropertyKey[] = ['actions', i];
  const pos = sc.at(path);
  const verb = verbOf(a);
  const before = g.state.events.length;
  const stepFailures: CheckFailure[] = [];
  const answers: AnswerEntry[] = [...(a.answers ?? [])];
  const scriptedCount = answers.length;
  let resolved = false;
  if (verb === 'expect') {
    for (const f of checkExpect(g, a.expect!, ctx.citedSince)) stepFailures.push({ ...f, action: i, pos });
    ctx.citedSince = g.state.events.length;
  } else {
    for (;;) {
      // an action the file expects to be rejected will go back, and one a user may be asked about
      // goes back at each answer: a copy then costs less than replays (on a big board, far less)
      const snap = ctx.replay && a.illegal === undefined && !opts.prompt ? g.mark(ctx.replay) : g.snapshot();
      g.shareSnapshot(snap);
      try {
        const { outcome, scripted } = tryAction(g, a, verb, path, answers);
        g.shareSnapshot(null);
        resolved = outcome.resolved;
        const left = scripted.leftovers();
        // a rejected action stops at the rule it breaks: its remaining answers were never asked for
        const rejected = rejection(outcome);
        if (rejected && answers.length > scriptedCount && opts.retry && (await opts.retry({ rule: rejected.rule, message: rejected.message }))) {
          // the user answers the last question again
          g.restore(snap);
          g.limitEvents(null);
          answers.pop();
          continue;
        }
        if (!rejected && (left.keys.length || left.answers.length)) {
          const what = [...left.keys.map((k) => `the key \`${k}\``), ...left.answers.map((n) => `answer ${n + 1} ({${Object.keys(answers[n]!).join(', ')}: ...})`)];
          const where = left.answers.length && !left.keys.length ? [...path, 'answers', left.answers[0]!] : left.keys.length ? [...path, left.keys[0]!] : path;
          throw new UserError(`${what.join(' and ')} ${what.length > 1 ? 'were' : 'was'} not used: no question asked for ${what.length > 1 ? 'them' : 'it'} during this action`, where, left.keys.length > 0);
        }
        if (outcome.attempt) stepFailures.push(...illegalCheck(a, outcome.attempt, i, pos));
        if (a.created && !rejected) {
          const wrong = nameCreated(g, a.created, before);
          if (wrong) throw new UserError(wrong, [...path, 'created'], true);
        }
        break;
      } catch (e) {
        g.shareSnapshot(null);
        // the prompt sees the game as it was when the question was asked; then the action replays
        let entry: Prompted;
        try {
          entry = e instanceof NeedAnswer && opts.prompt ? await opts.prompt(e.question, g, { action: describeAction(a, verb), line: pos.line, canGoBack: answers.length > scriptedCount }) : undefined;
        } finally {
          g.restore(snap);
          g.limitEvents(null);
        }
        if (e instanceof NeedAnswer && entry !== undefined) {
          // BACK asks the previous question of this action again: its answer is taken back
          if (entry !== BACK) answers.push(entry);
          else if (answers.length > scriptedCount) answers.pop();
          continue;
        }
        const error = actionError(sc, g, e, a, verb, path);
        if (error) return { error };
        throw e;
      }
    }
  }
  g.limitEvents(null);
  return { step: { index: i, pos, verb, label: describeAction(a, verb), events: g.state.events.slice(before), resolved, failures: stepFailures, prompted: answers.slice(scriptedCount) }, answers };
}

/** The rejection of the action (730), if it was rejected. */
function rejection(o: Outcome): IllegalAction | undefined {
  return o.attempt !== undefined && !o.attempt.ok ? o.attempt.error : undefined;
}

/** One try at an action with the answers given so far: what it did, and the answerer (what it used). */
function tryAction(g: Game, a: ActionSpec, verb: Verb, path: PropertyKey[], answers: AnswerEntry[]): { outcome: Outcome; scripted: ScriptedAnswerer } {
  budgetAction(g);
  const more = actionAnswers(g, a, verb, path);
  const scripted = new ScriptedAnswerer(() => g, proposalKeys(a), answers, more.given, more.fallback);
  g.answerer = scripted;
  return { outcome: perform(g, a, verb, path), scripted };
}

/**
 * The state at the start of the action after `played`, made again: the game built from the file
 * anew, each action played with the answers it was finally given (a rejected action is rejected
 * again). The engine is deterministic, so this is the state the game was in, with nothing copied
 * while all goes well.
 */
function replayed(sc: LoadedScenario, played: Array<{ a: ActionSpec; answers: AnswerEntry[] }>): GameState {
  const g = buildGame(sc);
  for (const [i, { a, answers }] of played.entries()) {
    const verb = verbOf(a);
    if (verb === 'expect') continue;
    const before = g.state.events.length;
    const { outcome } = tryAction(g, a, verb, ['actions', i], answers);
    if (a.created && !rejection(outcome)) nameCreated(g, a.created, before);
    g.limitEvents(null);
  }
  return g.state;
}

/** The error a failed attempt at an action stands for, or null for a bug (thrown on). */
function actionError(sc: LoadedScenario, g: Game, e: unknown, a: ActionSpec, verb: Verb, path: PropertyKey[]): ScenarioError | null {
  const pos = sc.at(path);
  if (e instanceof NeedAnswer) return { file: sc.file, pos, path: formatPath(path), message: unanswered(g, e.question, a, verb), question: questionData(g, e.question) };
  if (e instanceof AnswerError) {
    const where = e.answerIndex !== null ? [...path, 'answers', e.answerIndex] : e.key ? [...path, e.key] : path;
    return { file: sc.file, pos: sc.at(where), path: formatPath(where), message: e.message };
  }
  if (e instanceof BadAnswer) return { file: sc.file, pos, path: formatPath(path), message: `${e.message} (question: ${e.question.prompt}; kind \`${e.question.kind}\`, rule ${e.question.rule})` };
  if (e instanceof UserError) return { file: sc.file, pos: sc.at(e.path, e.atKey), path: formatPath(e.path), message: e.message };
  if (e instanceof LimitExceeded) return { file: sc.file, pos, path: formatPath(path), message: limitMessage(e, describeAction(a, verb)) };
  return null;
}

function illegalCheck(a: ActionSpec, r: Attempt<unknown>, i: number, pos: Position): CheckFailure[] {
  const want = a.illegal;
  if (r.ok) {
    if (want === undefined) return [];
    return [{ action: i, pos, field: 'illegal', expected: `the action to be rejected${want === true ? '' : ` citing ${[want].flat().join(' or ')}`}`, actual: 'it was legal and happened' }];
  }
  if (want === undefined) return [{ action: i, pos, field: 'action', expected: 'a legal action', actual: `rejected [${r.error.rule}]: ${r.error.message}` }];
  if (want === true) return [];
  const ids = [want].flat();
  if (ids.some((id) => isSubruleOf(r.error.rule, id))) return [];
  return [{ action: i, pos, field: 'illegal', expected: `rejected citing ${ids.join(' or ')}`, actual: `rejected citing ${r.error.rule}: ${r.error.message}` }];
}

interface Outcome {
  resolved: boolean;
  attempt?: Attempt<unknown>;
}

/** Where a card to cast is looked for: the caster's hand first, then the other zones it could be cast from. */
function castCandidates(g: Game, p: PlayerId): ObjId[][] {
  const pl = g.player(p);
  const others = g.state.players.filter((x) => x.name !== p);
  return [pl.hand, [...pl.graveyard, ...pl.library.slice(0, 1), ...pl.exile, ...others.flatMap((o) => [...o.graveyard, ...o.exile])]];
}

/**
 * The budget of the action about to be performed: the events one action may make (far beyond any
 * real action, short of a hang), or fewer if the run as a whole is nearer its own limit.
 */
function budgetAction(g: Game): void {
  const { maxEvents, maxRunEvents } = limits();
  if (maxRunEvents - g.state.events.length < maxEvents) g.limitEvents(maxRunEvents, 'run');
  else g.limitEvents(maxEvents, 'action');
}

/** The error of an action stopped by a budget: the action, the limit, how to raise it, and the rules of loops. */
function limitMessage(e: LimitExceeded, action: string): string {
  const n = e.limit.toLocaleString('en-US');
  if (e.scope === 'amount') {
    return `\`${action}\` came to an amount of ${e.value === undefined || !Number.isFinite(e.value) ? 'more than any number' : e.value.toLocaleString('en-US')} in an instruction (a count, X, a product), past ${n}, ruling's limit for one amount, so ruling stopped it: no game needs that many`;
  }
  if (e.scope === 'objects') {
    return `\`${action}\` would make the game hold more than ${n} objects (cards, tokens, spells and abilities on the stack), ruling's limit for a game, so ruling stopped it: no game needs that many`;
  }
  const what = e.scope === 'run'
    ? `the run reached ${n} events in all during \`${action}\`, the limit for a whole run (${howToRaise('maxRunEvents')})`
    : `\`${action}\` went on past ${n} events without finishing, the limit for one action (${howToRaise('maxEvents')})`;
  return `${what}, so ruling stopped it: a loop the engine can't see repeating (a loop of mandatory actions is a draw, 104.4b; an optional loop goes on only while a player chooses the same, and is stopped by choosing differently), or more repetitions than any game needs`;
}

/** Verbs in which no player does anything but pass: a loop they go through can still be mandatory (104.4b). */
const PASSING: ReadonlySet<Verb> = new Set<Verb>(['pass', 'resolve', 'advance', 'note']);

function perform(g: Game, a: ActionSpec, verb: Verb, path: PropertyKey[]): Outcome {
  // casting, activating, playing, attacking: a choice that makes a loop through it optional (104.4b)
  if (!PASSING.has(verb)) g.choices++;
  switch (verb) {
    case 'cast': {
      const player = playerFor(g, a, path);
      const card = objRef(g, String(a.cast), castCandidates(g, player), 'a card to cast', [...path, 'cast']);
      return { resolved: false, attempt: cast(g, { player, card, ...(a.face_down ? { faceDown: true } : {}) }) };
    }
    case 'activate': {
      const player = playerFor(g, a, path);
      const mine = g.state.battlefield.filter((id) => g.controller(id) === player);
      const source = objRef(g, String(a.activate), [...mine, ...g.state.battlefield.filter((id) => !mine.includes(id))], 'a permanent whose ability to activate', [...path, 'activate']);
      const sel = typeof a.ability === 'number' ? { index: a.ability } : typeof a.ability === 'string' ? { fragment: a.ability } : {};
      return { resolved: false, attempt: activate(g, { player, source, ...sel }) };
    }
    case 'play': {
      const player = playerFor(g, a, path);
      const card = objRef(g, String(a.play), g.player(player).hand, 'a land to play', [...path, 'play']);
      return { resolved: false, attempt: play(g, player, card) };
    }
    case 'pass': {
      const player = playerFor(g, a, path);
      const r = pass(g, player);
      return { resolved: r.ok && r.value === 'resolved', attempt: r };
    }
    case 'resolve': {
      const n = a.resolve ?? 1;
      if (g.state.stack.length === 0) throw new UserError('`resolve` with an empty stack: there is nothing to resolve (use `advance: STEP` to move on)', path);
      let count = 0;
      const r = attempt(g, 'resolving', () => {
        while (n === 'all' ? g.state.stack.length > 0 : count < n) {
          if (g.state.stack.length === 0) throw new IllegalAction('117.4', `the stack is empty after ${count} resolution(s), not ${n}`);
          if (g.state.result) break;
          resolveOnce(g);
          count++;
        }
      });
      return { resolved: count > 0, attempt: r };
    }
    case 'advance': {
      const target = a.advance!;
      if (target === 'untap') throw new UserError('no player receives priority in the untap step (502.4): advance to `upkeep` instead', [...path, 'advance']);
      if (target === 'cleanup') throw new UserError('players normally receive no priority in the cleanup step (514.3): advance to `end`, or to the next turn\'s `upkeep`', [...path, 'advance']);
      let resolved = false;
      const r = attempt(g, `advancing to ${target}`, () => {
        for (let k = 0; k < 2000; k++) {
          if (g.state.result) return;
          const holder = g.state.turn.priority;
          if (!holder) throw new IllegalAction('117.3a', 'no player holds priority');
          const out = passPriority(g, holder);
          if (out === 'resolved') resolved = true;
          if (out === 'step' && g.state.turn.step === target && g.state.stack.length === 0) return;
          if (out === 'step' && g.state.turn.step === target) return;
        }
        throw new IllegalAction('117.4', `${target} was not reached`);
      });
      return { resolved, attempt: r };
    }
    case 'note':
      g.emit({ type: 'note', rule: null, text: String(a.note) });
      return { resolved: false };
    case 'turn_face_up': {
      const player = playerFor(g, a, path);
      const id = objRef(g, String(a.turn_face_up), g.state.battlefield.filter((x) => g.obj(x).faceDown), 'a face-down permanent', [...path, 'turn_face_up']);
      return { resolved: false, attempt: faceUp(g, player, id) };
    }
    case 'suspend': {
      const player = playerFor(g, a, path);
      const id = objRef(g, String(a.suspend), g.player(player).hand, 'a card with suspend', [...path, 'suspend']);
      return { resolved: false, attempt: suspend(g, player, id) };
    }
    case 'attack': {
      const ap = g.state.turn.active;
      const r = attempt(g, `${ap}'s attack`, () => {
        const t = g.state.turn;
        if ((t.step !== 'main1' && t.step !== 'beginning_of_combat') || g.state.stack.length > 0) {
          throw new IllegalAction('508.1', `attackers are declared as the declare attackers step begins: \`attack\` starts from the precombat main phase or the beginning of combat step with an empty stack (now: ${t.step.replace(/_/g, ' ')}${g.state.stack.length ? ', stack not empty' : ''})`);
        }
        passUntil(g, 'declare_attackers');
      });
      return { resolved: false, attempt: r };
    }
    case 'block': {
      const r = attempt(g, 'the declaration of blockers', () => {
        if (g.state.turn.step !== 'declare_attackers' || g.state.stack.length > 0) {
          throw new IllegalAction('509.1', `blockers are declared as the declare blockers step begins: \`block\` starts from the declare attackers step with an empty stack (now: ${g.state.turn.step.replace(/_/g, ' ')})`);
        }
        passUntil(g, 'declare_blockers');
      });
      return { resolved: false, attempt: r };
    }
    case 'expect':
      return { resolved: false };
  }
}

/**
 * The answers an action gives beyond its keys and answers list: an \`attack\` or \`block\` map answers
 * its combat question (508.1, 509.1; without a map, the question is asked like any other); a combat
 * the action doesn't declare has no attackers and no blockers; a payment without \`pay:\` is the
 * automatic payment's.
 */
function actionAnswers(g: Game, a: ActionSpec, verb: Verb, path: PropertyKey[]): { given: GivenAnswer[]; fallback: (q: Question) => Answer | undefined } {
  const given: GivenAnswer[] = [];
  if (verb === 'attack' && a.attack) given.push({ key: 'attack', answer: { kind: 'attackers', declarations: attackDeclarations(g, a.attack, path) } });
  if (verb === 'block' && a.block) given.push({ key: 'block', answer: { kind: 'blockers', declarations: blockDeclarations(g, a.block, path) } });
  const fallback = (q: Question): Answer | undefined => {
    if (q.kind === 'pay') return automaticPayment(g, q);
    if (q.kind === 'attackers' && verb !== 'attack') return { kind: 'attackers', declarations: [] };
    if (q.kind === 'blockers' && verb !== 'block') return { kind: 'blockers', declarations: [] };
    return undefined;
  };
  return { given, fallback };
}

function attackDeclarations(g: Game, attack: Record<string, string>, path: PropertyKey[]): AttackDeclaration[] {
  const mine = g.state.battlefield.filter((id) => g.controller(id) === g.state.turn.active);
  return Object.entries(attack).map(([who, target]) => {
    const attacker = objRef(g, who, mine, 'an attacking creature', [...path, 'attack', who]);
    try {
      const r = resolveRef(g, String(target), { what: 'what it attacks' });
      return { attacker, target: 'player' in r ? r.player : r.obj };
    } catch (e) {
      if (e instanceof RefError) throw new UserError(e.message, [...path, 'attack', who]);
      throw e;
    }
  });
}

function blockDeclarations(g: Game, block: Record<string, string | string[]>, path: PropertyKey[]): BlockDeclaration[] {
  return Object.entries(block).map(([who, attackers]) => ({
    blocker: objRef(g, who, g.state.battlefield.filter((id) => g.controller(id) !== g.state.turn.active), 'a blocking creature', [...path, 'block', who]),
    attackers: [attackers].flat().map((x) => objRef(g, String(x), g.state.battlefield.filter((id) => g.obj(id).attacking !== undefined), 'an attacking creature', [...path, 'block', who])),
  }));
}

/** Players pass with an empty stack until the step begins (its turn-based action happens then). */
function passUntil(g: Game, step: string): void {
  for (let k = 0; k < 20; k++) {
    if (g.state.turn.step === step) return;
    const holder = g.state.turn.priority;
    if (!holder || g.state.result) break;
    if (g.state.stack.length > 0) throw new IllegalAction('117.4', 'something was put on the stack on the way: resolve it first');
    passPriority(g, holder);
  }
  if (g.state.turn.step !== step) throw new IllegalAction('117.4', `the ${step.replace(/_/g, ' ')} step was not reached`);
}

/** All players pass in succession once: the top of the stack resolves. */
function resolveOnce(g: Game): void {
  for (let k = 0; k < 50; k++) {
    const holder = g.state.turn.priority;
    if (!holder) throw new IllegalAction('117.3b', 'no player holds priority');
    const out = passPriority(g, holder);
    if (out === 'resolved') return;
    if (out === 'step') throw new IllegalAction('117.4', 'the stack was empty: the step ended instead');
  }
}

/** The message for a question the file doesn't answer: the question, its kind, rule, options, and the YAML to add. */
function unanswered(g: Game, q: Question, a: ActionSpec, verb: Verb): string {
  const opts = questionOptions(q);
  const value = exampleAnswer(g, q);
  // the action key that answers the question: a proposal key of a cast or activate, or the map of an attack or block
  const key = (verb === 'cast' || verb === 'activate') && ['targets', 'modes', 'x', 'hybrid', 'phyrexian', 'divide', 'alt', 'additional', 'face'].includes(q.kind) && (a as Record<string, unknown>)[q.kind] === undefined ? q.kind
    : (verb === 'attack' && q.kind === 'attackers') || (verb === 'block' && q.kind === 'blockers') ? verb : undefined;
  const keyForm = key !== undefined;
  return [
    `this action asks a question the scenario doesn't answer, and there is no terminal to ask it in:`,
    `  ${q.player}: ${q.prompt}`,
    `  kind \`${q.kind}\`, rule ${q.rule}${opts ? `; options: ${opts}` : ''}`,
    keyForm ? `Add to the action:  ${key}: ${flowYaml(value)}` : `Add to the action's answers:`,
    ...(keyForm ? [`or to its answers:`] : []),
    ...answersYaml(q, value).split('\n').map((l) => `  ${l}`),
  ].join('\n');
}

/** One value as a line of YAML in flow style, written by the YAML library (so it always reads back). */
export function flowYaml(value: unknown): string {
  return stringify(value, { collectionStyle: 'flow', flowCollectionPadding: false, lineWidth: 0 }).trim();
}

/** The \`answers:\` block a scenario adds to answer the question, as the error for an unanswered question shows it. */
export function answerHint(g: Game, q: Question): string {
  return answersYaml(q, exampleAnswer(g, q));
}

/** The \`answers:\` block that answers the question with \`value\`. */
function answersYaml(q: Question, value: unknown): string {
  return `answers:\n  - ${flowYaml({ [q.kind]: value })}`;
}

/** The unanswered question as data, for the JSON error line. */
function questionData(g: Game, q: Question): UnansweredQuestion {
  const labels = q.kind === 'targets' ? q.slots.flatMap((s) => s.options.map((o) => o.label))
    : q.kind === 'divide' ? q.among.map((o) => o.label)
      : q.kind === 'value' ? (q.options ?? []).map((o) => o.label)
        : 'options' in q ? q.options.map((o) => o.label) : [];
  return { kind: q.kind, player: q.player, rule: q.rule, prompt: q.prompt, options: [...new Set(labels)], yaml: answerHint(g, q) };
}

function questionOptions(q: Question): string {
  switch (q.kind) {
    case 'targets': return q.slots.map((s) => `${s.text}: ${s.options.map((o) => o.label).join(', ') || 'none'}`).join('; ');
    case 'divide': return `divide ${q.total} among ${q.among.map((o) => o.label).join(', ')}`;
    case 'x': return `a whole number${q.max !== null ? ` up to ${q.max}` : ''}`;
    case 'yes': return 'yes: true or yes: false';
    case 'hybrid': return q.halves.map((h, i) => `${q.symbols[i]} as ${h.join(' or ')}`).join('; ');
    case 'phyrexian': return `life or mana for each of ${q.symbols.join('')}`;
    case 'pay': return 'mana sources to activate and mana symbols from the pool';
    case 'attackers': return `creatures ${q.options.map((o) => o.label).join(', ') || 'none'}; attacking ${q.targets.map((o) => o.label).join(', ')}`;
    case 'blockers': return `creatures ${q.options.map((o) => o.label).join(', ') || 'none'}; blocking ${q.attackers.map((o) => o.label).join(', ')}`;
    case 'value': return q.options ? q.options.map((o) => o.label).join(', ') : q.what;
    default: return 'options' in q ? q.options.map((o) => o.label).join(', ') : '';
  }
}

/** An answer to the question, as a scenario writes it: the first legal options, the least amounts. */
export function exampleAnswer(g: Game, q: Question): unknown {
  const name = (o?: { obj?: string; player?: string; label: string }): string => {
    if (!o) return 'REF';
    if (o.player) return o.player;
    const obj = o.obj ? g.tryObj(o.obj) : undefined;
    return obj?.ref ?? o.label;
  };
  switch (q.kind) {
    case 'targets': return q.slots.flatMap((s) => s.options.slice(0, Math.max(1, s.min)).map(name));
    case 'modes': return Array.from({ length: q.min }, (_, i) => i + 1);
    case 'x': return q.min;
    case 'yes': return true;
    case 'choose': return q.options.slice(0, q.min).map(name);
    case 'order': return q.options.map(name);
    case 'divide': return Object.fromEntries(q.among.map((o, i) => [name(o), i === 0 ? q.total - (q.among.length - 1) : 1]));
    case 'hybrid': return q.halves.map((h) => h[0]);
    case 'phyrexian': return q.symbols.map(() => 'mana');
    case 'value': return q.options?.[0]?.label ?? 'VALUE';
    case 'pay': return [];
    case 'additional': return [];
    case 'attackers': return q.options[0] ? { [name(q.options[0])]: name(q.targets[0]) } : {};
    case 'blockers': return q.options[0] ? { [name(q.options[0])]: name(q.attackers[0]) } : {};
    case 'face': case 'alt': return q.options[0]?.label ?? 'none';
    case 'apply': return q.options[0] ? name(q.options[0]) : 'REF';
  }
}

export { IllegalAction };
