// A REPL session: a game started from a scenario's board (or an empty two-player board), and the
// actions typed since, each run through the timeline runner exactly as a scenario's action is. The
// session keeps what it needs to undo (a snapshot before each action), redo, and save a scenario
// that replays to the same point.

import chalk from 'chalk';
import { readFileSync, writeFileSync } from 'node:fs';
import { ScenarioErrors } from '../../scenario/errors.js';
import { buildGame, loadScenarioText, parseScenario, type LoadedScenario } from '../../scenario/load.js';
import { applyEdit, describeEdit, parseSet } from './board.js';
import { flowYaml, runAction, type AskContext, type RunContext, type RunOptions } from '../../scenario/run.js';
import type { ActionSpec, AnswerEntry } from '../../scenario/schema.js';
import type { Game, Snapshot } from '../../state/game.js';
import type { Question } from '../../state/questions.js';
import type { CardRegistry } from '../../cards/registry.js';
import { ruleSummary } from '../../core/rules/index.js';
import { boardLines, errorLines, stepHeader, traceLines } from '../render.js';
import { BACK, promptQuestion, retryPrompt, type PromptIO } from '../prompts.js';
import type { Out } from '../io.js';
import { actionText, keyHint, parseLine } from './parse.js';
import { boardExpect } from './expect.js';
import { withActions, type SavedItem } from './save.js';
import type { Names } from './complete.js';
import { runCommand, type CommandHost } from './commands.js';
import { isCancel, SessionError } from './errors.js';

export { SessionError };

/** The board a session starts from when no file is given. */
export const EMPTY_BOARD = `scenario: ruling repl session
players:
  Alice: {}
  Bob: {}
turn: { number: 1, active: Alice, step: main1 }
`;

export interface SessionOptions {
  out: Out;
  /** The card registry names are looked up in (the run's catalog); default: the built-in library. */
  cards?: CardRegistry;
  /** Prompt primitives for the questions actions raise; without them a question is an error. */
  io?: PromptIO | null;
  /** Compile the scenario's own cards from their text (`--oracle-only`). */
  oracleOnly?: boolean;
}

/** One action of the session's timeline. */
interface ActionEntry {
  action: ActionSpec;
  /** The game just before it, to undo it. */
  before: Snapshot;
  citedSince: number;
  /** Its index in the file's own timeline, while it is exactly the file's action (its YAML is kept as written). */
  fileIndex?: number;
  /** A file's action whose checkpoint failed as the file was loaded (it is kept, as the file has it). */
  failed?: boolean;
}

/** A `set`: the starting board was edited; what the session was before it, to undo it. */
interface SetEntry {
  set: string;
  prev: { text: string; scenario: LoadedScenario; game: Game; entries: Entry[]; ctx: RunContext; snap: Snapshot };
}

type Entry = ActionEntry | SetEntry;

/** What `redo` plays again: an action or a `set`. */
type Undone = { action: ActionSpec } | { set: string };

/** What a session holds: where it started, the game, the actions played and the ones undone. */
interface Timeline {
  file: string;
  /** The starting scenario, every `set` made to its board. */
  text: string;
  scenario: LoadedScenario;
  game: Game;
  entries: Entry[];
  undone: Undone[];
  ctx: RunContext;
}

function isSet(e: Entry): e is SetEntry {
  return 'set' in e;
}

export class Session implements CommandHost {
  private t!: Timeline;

  private constructor(readonly opts: SessionOptions) {}

  get out(): Out { return this.opts.out; }
  get game(): Game { return this.t.game; }
  get scenario(): LoadedScenario { return this.t.scenario; }
  get file(): string { return this.t.file; }

  /**
   * A session from a scenario file (its board, then its timeline through line `until`, or all of
   * it), or from the empty board. Throws ScenarioErrors when the file can't be loaded.
   */
  static async start(opts: SessionOptions, file?: string, until?: number): Promise<Session> {
    const s = new Session(opts);
    await s.open(file, until);
    return s;
  }

  /** Replaces the session with a file's (or the empty board). */
  async open(file?: string, until?: number): Promise<void> {
    const text = file === undefined ? EMPTY_BOARD : readScenarioText(file);
    const { scenario, game } = loadScenarioText(file ?? '(empty board)', text, this.opts.cards, this.opts.oracleOnly ? { oracleOnly: true } : {});
    this.t = { file: file ?? '(empty board)', text, scenario, game, entries: [], undone: [], ctx: { citedSince: 0 } };
    const actions = (scenario.spec.actions ?? []) as ActionSpec[];
    for (const [i, a] of actions.entries()) {
      if (until !== undefined && scenario.at(['actions', i]).line > until) break;
      if (!(await this.replayFileAction(a, i))) break;
    }
  }

  /** One action of the file; false when it stops the replay (its error is printed). */
  private async replayFileAction(a: ActionSpec, i: number): Promise<boolean> {
    const { game, scenario, ctx } = this.t;
    const before = game.snapshot();
    const citedSince = ctx.citedSince;
    let r;
    try {
      r = await runAction(scenario, game, a, i, ctx, this.runOptions());
    } catch (e) {
      if (!isCancel(e)) throw e;
      game.restore(before);
      ctx.citedSince = citedSince;
      this.out.log(chalk.yellow(`cancelled: the replay of ${this.t.file} stops before line ${scenario.at(['actions', i]).line}`));
      return false;
    }
    if ('error' in r) {
      for (const l of errorLines(r.error)) this.out.err(l);
      this.out.err(chalk.yellow(`the replay of ${this.t.file} stopped before line ${r.error.pos.line}; the session goes on from there`));
      return false;
    }
    if (r.step.failures.length) {
      this.out.log(stepHeader(r.step));
      for (const l of traceLines(r.step.events)) this.out.log(l);
      for (const f of r.step.failures) this.out.log(`    ${chalk.red('✗')} line ${f.pos.line} ${chalk.bold(f.field)}: expected ${chalk.green(f.expected)}, got ${chalk.red(f.actual)}`);
    }
    const same = r.answers.length === (a.answers?.length ?? 0);
    this.t.entries.push({ action: withAnswers(a, r.answers), before, citedSince, ...(same ? { fileIndex: i } : {}), ...(r.step.failures.length ? { failed: true } : {}) });
    return true;
  }

  private runOptions(): RunOptions {
    const io = this.opts.io;
    if (!io) return {};
    const note = (l: string) => this.out.log(chalk.dim(l));
    return {
      prompt: async (q: Question, g: Game, ctx: AskContext) => {
        const board = () => { for (const l of boardLines(g)) this.out.log(l); };
        const a = await promptQuestion(io, q, g, { action: ctx.action, canGoBack: ctx.canGoBack, note, board });
        if (a !== BACK) note(`  (answer recorded: ${flowYaml(a)})`);
        return a;
      },
      retry: (rejection) => retryPrompt(io, rejection, note),
    };
  }

  /**
   * What tab completion offers: the names of every card the session can use (the scenario's own,
   * the card files and imported database of the catalog, the built-in library), names and ids on
   * the board, players.
   */
  names(): Names {
    const g = this.t.game;
    const board = Object.values(g.state.objects).flatMap((o) => [g.name(o.id), ...(o.ref ? [o.ref] : [])]);
    return { cards: this.t.scenario.registry.names(), board: [...new Set(board)], players: g.state.players.map((p) => p.name) };
  }

  /** The prompt: turn, step and the player with priority (`t3 main1 Alice> `). */
  prompt(): string {
    const { turn, result } = this.t.game.state;
    if (result) return `t${turn.number} game over> `;
    return `t${turn.number} ${turn.step} ${turn.priority ?? turn.active}> `;
  }

  /** Handles one typed line; 'quit' when the session should end. Bad input is reported, never thrown. */
  async line(text: string): Promise<'quit' | undefined> {
    const p = parseLine(text);
    try {
      switch (p.kind) {
        case 'empty': return undefined;
        case 'error': this.error(p.message); return undefined;
        case 'command': return await runCommand(this, p.name, p.args);
        case 'action': await this.act(p.action); return undefined;
      }
    } catch (e) {
      if (e instanceof SessionError) { this.error(e.message); return undefined; }
      if (e instanceof ScenarioErrors) { for (const x of e.errors) for (const l of errorLines(x)) this.out.err(l); return undefined; }
      if (isCancel(e)) { this.out.log(chalk.yellow('cancelled')); return undefined; }
      this.error(`internal error (a bug in ruling; the game is as it was before the line): ${e instanceof Error ? e.message : String(e)}`);
      return undefined;
    }
  }

  error(message: string): void {
    this.out.err(`${chalk.red('error')}: ${message}`);
  }

  /**
   * Runs an action as the timeline runner runs a scenario's, prints its trace, and records it with
   * every answer given. An action that is rejected or fails its checkpoint is printed and undone:
   * the timeline holds only what a saved scenario replays cleanly. True when it was recorded.
   */
  async act(a: ActionSpec, keepUndone = false): Promise<boolean> {
    const { game, ctx } = this.t;
    const before = game.snapshot();
    const citedSince = ctx.citedSince;
    const typed = { ...this.t.scenario, at: () => ({ line: 0, col: 0 }) };
    let r;
    try {
      r = await runAction(typed, game, a, this.t.entries.length, ctx, this.runOptions());
    } catch (e) {
      game.restore(before);
      ctx.citedSince = citedSince;
      throw e;
    }
    if ('error' in r) {
      const ref = a.cast ?? a.activate ?? a.play;
      this.error(`${r.error.message}${ref !== undefined ? keyHint(String(ref)) : ''}`);
      return false;
    }
    for (const l of traceLines(r.step.events)) this.out.log(l);
    if (r.step.failures.length) {
      const rejected = r.step.events.find((e) => e.type === 'rejected');
      // a rejection's own line already says what `action` failed
      for (const f of r.step.failures) if (!(rejected && f.field === 'action')) this.out.log(`    ${chalk.red('✗')} ${chalk.bold(f.field)}: expected ${chalk.green(f.expected)}, got ${chalk.red(f.actual)}`);
      if (rejected?.rule) this.out.log(chalk.dim(`  rule ${rejected.rule}: ${ruleSummary(rejected.rule) ?? ''}`));
      game.restore(before);
      ctx.citedSince = citedSince;
      this.out.log(chalk.dim(`  (not recorded: the game is back where it was${rejected ? ' (730.1)' : ''})`));
      return false;
    }
    this.t.entries.push({ action: withAnswers(a, r.answers), before, citedSince });
    if (!keepUndone) this.t.undone = [];
    if (r.step.resolved) for (const l of boardLines(game)) this.out.log(l);
    return true;
  }

  /** Takes back the last `n` entries (file actions and `set` included); the texts of those taken back, last first. */
  undo(n: number): string[] {
    const { entries } = this.t;
    if (entries.length === 0) throw new SessionError('nothing to undo');
    if (n > entries.length) throw new SessionError(`only ${entries.length} action${entries.length === 1 ? '' : 's'} to undo`);
    const gone: string[] = [];
    for (let k = 0; k < n; k++) {
      const e = this.t.entries.pop()!;
      if (isSet(e)) {
        const { prev } = e;
        prev.game.restore(prev.snap);
        this.t = { ...this.t, text: prev.text, scenario: prev.scenario, game: prev.game, entries: prev.entries, ctx: prev.ctx };
        this.t.undone.push({ set: e.set });
        gone.push(`set ${e.set}`);
        continue;
      }
      this.t.game.restore(e.before);
      this.t.ctx.citedSince = e.citedSince;
      this.t.undone.push({ action: e.action });
      gone.push(actionText(e.action));
    }
    return gone;
  }

  /** Plays again the action (or `set`) undone last: its text, or null when there is none. */
  async redo(): Promise<string | null> {
    const u = this.t.undone.pop();
    if (!u) return null;
    const ok = 'set' in u ? await this.set(u.set, true) : await this.act(u.action, true);
    if (!ok) { this.t.undone = []; throw new SessionError('it could not be played again; the actions undone are dropped'); }
    return 'set' in u ? `set ${u.set}` : actionText(u.action);
  }

  /** The timeline in order (`set` lines included), and whether each is still the file's own action. */
  history(): Array<{ text: string; fromFile: boolean }> {
    return this.t.entries.map((e) => (isSet(e) ? { text: `set ${e.set}`, fromFile: false } : { text: actionText(e.action), fromFile: e.fileIndex !== undefined }));
  }

  undoneCount(): number { return this.t.undone.length; }

  /** The actions of the timeline, as a saved scenario holds them. */
  actions(): ActionSpec[] {
    return this.t.entries.flatMap((e) => (isSet(e) ? [] : [e.action]));
  }

  /**
   * `set`: edits the starting board (src/cli/repl/board.ts), loads it, and plays the timeline's
   * actions again on it. The edit is refused, and nothing changes, when the board doesn't load or an
   * action no longer plays as it did. True when it was made.
   */
  async set(args: string, keepUndone = false): Promise<boolean> {
    const edit = parseSet(args, this.t.game.state.players.map((p) => p.name));
    const where = new Map<string, readonly PropertyKey[]>();
    const game0 = buildGame(this.t.scenario, where);
    const text = applyEdit({ text: this.t.text, game: game0, where }, edit);
    const next = await this.replayOn(text);
    const prev = { text: this.t.text, scenario: this.t.scenario, game: this.t.game, entries: this.t.entries, ctx: { ...this.t.ctx }, snap: this.t.game.snapshot() };
    this.t = { ...this.t, ...next, text };
    this.t.entries.push({ set: args.trim(), prev });
    if (!keepUndone) this.t.undone = [];
    const n = this.actions().length;
    this.out.log(chalk.dim(`  set: ${describeEdit(edit)} on the starting board${n ? `; the ${n} action${n === 1 ? '' : 's'} since played again on it` : ''}`));
    for (const l of boardLines(this.t.game)) this.out.log(l);
    return true;
  }

  /** The session's timeline played on another starting board, without questions (every answer is recorded). */
  private async replayOn(text: string): Promise<Pick<Timeline, 'scenario' | 'game' | 'entries' | 'ctx'>> {
    let scenario: LoadedScenario;
    let game: Game;
    try {
      scenario = parseScenario(this.t.file, text, this.opts.cards, this.opts.oracleOnly ? { oracleOnly: true } : {});
      game = buildGame(scenario);
    } catch (e) {
      if (e instanceof ScenarioErrors) throw new SessionError(`not made: the board would not load: ${e.errors[0]!.message}`);
      throw e;
    }
    const ctx: RunContext = { citedSince: 0 };
    const entries: Entry[] = [];
    // the scenario with positions of its own (a copy by spread would read the lazy `doc` and parse the file in full)
    const typed: LoadedScenario = Object.setPrototypeOf({ at: () => ({ line: 0, col: 0 }) }, scenario);
    let k = 0;
    for (const e of this.t.entries) {
      if (isSet(e)) { entries.push(e); continue; }
      const before = game.snapshot();
      const citedSince = ctx.citedSince;
      const r = await runAction(typed, game, e.action, k++, ctx, {});
      const what = `not made: action ${k} (${actionText(e.action)})`;
      if ('error' in r) throw new SessionError(`${what} would not play on that board: ${r.error.message.split('\n')[0]}`);
      const f = r.step.failures[0];
      if (f && !e.failed) throw new SessionError(`${what} would not play the same on that board: ${f.field}: expected ${f.expected}, got ${f.actual}`);
      entries.push({ ...e, before, citedSince });
    }
    return { scenario, game, entries, ctx };
  }

  /**
   * The scenario that replays to exactly this point: the starting board as it was written (file,
   * comments and all, with every `set` made to it), and the timeline: the file's actions as written,
   * then the others as flow maps; with `expect`, a checkpoint of the current board last.
   */
  scenarioText(expect = false): string {
    const items: SavedItem[] = this.t.entries.flatMap((e) => (isSet(e) ? [] : [{ action: e.action, ...(e.fileIndex !== undefined ? { fileIndex: e.fileIndex } : {}) }]));
    if (expect) items.push({ expect: boardExpect(this.t.game) });
    return withActions(this.t.text, items);
  }

  save(file: string, expect = false): void {
    try {
      writeFileSync(file, this.scenarioText(expect));
    } catch (e) {
      throw new SessionError(`can't write ${file}: ${(e as Error).message}`);
    }
  }
}

function readScenarioText(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (e) {
    throw new ScenarioErrors([{ file, pos: { line: 1, col: 1 }, path: '', message: `can't read the file (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})` }]);
  }
}

/** The action with every answer it was given (the file's, then the prompt's). */
function withAnswers(a: ActionSpec, answers: AnswerEntry[]): ActionSpec {
  if (answers.length === 0) return a;
  return { ...a, answers };
}
