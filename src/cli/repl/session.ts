// A REPL session: a game started from a scenario's board (or an empty two-player board), and the
// actions typed since, each run through the timeline runner exactly as a scenario's action is. The
// session keeps what it needs to undo (a snapshot before each action), redo, and save a scenario
// that replays to the same point.

import chalk from 'chalk';
import { readFileSync, writeFileSync } from 'node:fs';
import { ScenarioErrors } from '../../scenario/errors.js';
import { loadScenarioText, type LoadedScenario } from '../../scenario/load.js';
import { runAction, type RunContext, type RunOptions } from '../../scenario/run.js';
import type { ActionSpec, AnswerEntry } from '../../scenario/schema.js';
import type { Game, Snapshot } from '../../state/game.js';
import type { Question } from '../../state/questions.js';
import type { CardRegistry } from '../../cards/registry.js';
import { ruleSummary } from '../../core/rules/index.js';
import { boardLines, errorLines, stepHeader, traceLines } from '../render.js';
import { promptQuestion, type PromptIO } from '../prompts.js';
import type { Out } from '../io.js';
import { actionText, keyHint, parseLine } from './parse.js';
import { boardExpect } from './expect.js';
import { withActions, type SavedItem } from './save.js';
import type { Names } from './complete.js';
import { loadLibrary } from '../../cards/library.js';
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
interface Entry {
  action: ActionSpec;
  /** The game just before it, to undo it. */
  before: Snapshot;
  citedSince: number;
  /** Its index in the file's own timeline, while it is exactly the file's action (its YAML is kept as written). */
  fileIndex?: number;
}

/** What a session holds: where it started, the game, the actions played and the ones undone. */
interface Timeline {
  file: string;
  text: string;
  scenario: LoadedScenario;
  game: Game;
  entries: Entry[];
  undone: ActionSpec[];
  ctx: RunContext;
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
    this.t.entries.push({ action: withAnswers(a, r.answers), before, citedSince, ...(same ? { fileIndex: i } : {}) });
    return true;
  }

  private runOptions(): RunOptions {
    const io = this.opts.io;
    if (!io) return {};
    return {
      prompt: async (q: Question, g: Game) => {
        const a = await promptQuestion(io, q, g);
        this.out.log(chalk.dim(`  (answer recorded: ${actionText(a as never)})`));
        return a;
      },
    };
  }

  /** What tab completion offers: the built-in library's card names and the scenario's own, names and ids on the board, players. */
  names(): Names {
    const g = this.t.game;
    const own = (this.t.scenario.spec.cards ?? []).flatMap((c) => (c && typeof c === 'object' && typeof (c as { name?: unknown }).name === 'string' ? [(c as { name: string }).name] : []));
    const board = Object.values(g.state.objects).flatMap((o) => [g.name(o.id), ...(o.ref ? [o.ref] : [])]);
    return { cards: [...new Set([...loadLibrary().registry.names(), ...own])], board: [...new Set(board)], players: g.state.players.map((p) => p.name) };
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

  /** Takes back the last `n` actions (file actions included). */
  undo(n: number): ActionSpec[] {
    const { entries } = this.t;
    if (entries.length === 0) throw new SessionError('nothing to undo');
    if (n > entries.length) throw new SessionError(`only ${entries.length} action${entries.length === 1 ? '' : 's'} to undo`);
    const gone = entries.splice(entries.length - n, n);
    this.t.game.restore(gone[0]!.before);
    this.t.ctx.citedSince = gone[0]!.citedSince;
    this.t.undone.push(...gone.map((e) => e.action).reverse());
    return gone.map((e) => e.action);
  }

  /** Plays again the action undone last; false when there is none. */
  async redo(): Promise<ActionSpec | null> {
    const a = this.t.undone.pop();
    if (!a) return null;
    if (!(await this.act(a, true))) { this.t.undone = []; throw new SessionError('the action could not be played again; the actions undone are dropped'); }
    return a;
  }

  /** The actions of the timeline, in order, and whether each is still the file's own. */
  history(): Array<{ text: string; fromFile: boolean }> {
    return this.t.entries.map((e) => ({ text: actionText(e.action), fromFile: e.fileIndex !== undefined }));
  }

  undoneCount(): number { return this.t.undone.length; }

  /** The actions of the timeline, as a saved scenario holds them. */
  actions(): ActionSpec[] {
    return this.t.entries.map((e) => e.action);
  }

  /**
   * The scenario that replays to exactly this point: the starting board as it was written (file,
   * comments and all), and the timeline: the file's actions as written, then the others as flow maps;
   * with `expect`, a checkpoint of the current board last.
   */
  scenarioText(expect = false): string {
    const items: SavedItem[] = this.t.entries.map((e) => ({ action: e.action, ...(e.fileIndex !== undefined ? { fileIndex: e.fileIndex } : {}) }));
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
