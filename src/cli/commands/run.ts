// `ruling run FILE`: plays the timeline, printing the rule-cited trace and the board after each
// resolution; asks for missing answers in a terminal. Exit 0; 1 if a checkpoint failed; 2 for
// invalid input or an unanswered question.

import chalk from 'chalk';
import { readFileSync, writeFileSync } from 'node:fs';
import { boardLines, errorLines, failureLines, jsonEvent, stepHeader, traceLines } from '../render.js';
import { inquirerIO, promptQuestion, retryPrompt } from '../prompts.js';
import { loadFile, readScenario, type Out } from '../io.js';
import type { ScenarioError } from '../../scenario/errors.js';
import { BACK, flowYaml, runScenario as play, type AskContext, type RunOptions, type StepReport } from '../../scenario/run.js';
import type { AnswerEntry } from '../../scenario/schema.js';
import { isCancel } from '../repl/errors.js';
import { withAnswersGiven } from '../repl/save.js';
import type { Question } from '../../state/questions.js';
import type { Game } from '../../state/game.js';

export interface RunFlags {
  json?: boolean;
  /** Write the answers given at the prompt into the file (its comments and layout kept). */
  saveAnswers?: boolean;
  interactive?: boolean;
  verbose?: boolean;
  board?: boolean;
}

/** The version of the `--json` output (docs/json-output.md); stated by its first line. */
export const JSON_FORMAT = 1;

function errorJson(e: ScenarioError): string {
  return JSON.stringify({ type: 'error', file: e.file, line: e.pos.line, col: e.pos.col, path: e.path, message: e.message, ...(e.question ? { question: e.question } : {}) });
}

/** The last line of every `--json` run, also after an error. */
function resultJson(failures: number, error: boolean): string {
  return JSON.stringify({ type: 'result', ok: failures === 0 && !error, failures, ...(error ? { error: true } : {}) });
}

/** Reads the scenario; invalid input becomes `error` lines and the closing `result` line. */
function loadForJson(file: string, out: Out): ReturnType<typeof loadFile> {
  const r = readScenario(file);
  if (!('errors' in r)) return r;
  for (const e of r.errors) out.log(errorJson(e));
  out.log(resultJson(0, true));
  return null;
}

export function isInteractive(flag: boolean | undefined): boolean {
  return promptOutput(flag) === process.stdout;
}

/**
 * Where the questions of a run are shown: the terminal the keys come from, which is stdout, or
 * stderr when only the output goes to a pipe or a file (`ruling run f.yaml | tee log`); null when
 * there is no terminal (no TTY on stdin, `--non-interactive`, or `CI` set).
 */
export function promptOutput(flag: boolean | undefined): NodeJS.WriteStream | null {
  if (flag === false || !process.stdin.isTTY || process.env.CI) return null;
  if (process.stdout.isTTY) return process.stdout;
  return process.stderr.isTTY ? process.stderr : null;
}

export async function runCommand(file: string, flags: RunFlags, out: Out): Promise<number> {
  const json = !!flags.json;
  if (json) out.log(JSON.stringify({ type: 'ruling', format: JSON_FORMAT }));
  const loaded = json ? loadForJson(file, out) : loadFile(file, out);
  if (!loaded) return 2;
  const { scenario, game } = loaded;
  const screen = json ? null : promptOutput(flags.interactive);
  const terminal = screen ? await terminalAnswers(out, screen) : {};
  if (json) {
    out.log(JSON.stringify({ type: 'scenario', file, title: scenario.spec.scenario }));
    for (const e of game.state.events) out.log(jsonEvent(e));
  } else {
    out.log(chalk.bold(`${scenario.spec.scenario}`) + chalk.dim(`  (${file})`));
    for (const l of traceLines(game.state.events, flags)) out.log(l);
    if (flags.board !== false) for (const l of boardLines(game)) out.log(l);
  }
  const given = new Map<number, AnswerEntry[]>();
  const show = stepPrinter(file, flags, out);
  let result;
  try {
    result = await play(scenario, game, {
      ...terminal,
      onStep: (step, g) => {
        if (step.prompted.length) given.set(step.index, step.prompted);
        show(step, g);
      },
    });
  } catch (e) {
    // Ctrl-C at a question: the run stops there, and nothing is written
    if (isCancel(e)) { out.err('cancelled at a question (Ctrl-C): the run stops here, nothing was written'); return 130; }
    throw e;
  }
  if (flags.saveAnswers && given.size) saveAnswers(file, given, out);
  const failed = result.failures.length;
  if (result.error && json) {
    out.log(errorJson(result.error));
    out.log(resultJson(failed, true));
  } else if (result.error) {
    for (const l of errorLines(result.error)) out.err(l);
  }
  if (result.error) return 2;
  if (json) out.log(resultJson(failed, false));
  else out.log(failed ? chalk.red(`${failed} check${failed === 1 ? '' : 's'} failed`) : chalk.green('all checks passed'));
  return failed ? 1 : 0;
}

/** The questions the file doesn't answer, asked at the terminal; an illegal answer may be given again. */
async function terminalAnswers(out: Out, screen: NodeJS.WriteStream): Promise<Pick<RunOptions, 'prompt' | 'retry'>> {
  const io = await inquirerIO(screen);
  const note = (l: string) => out.log(chalk.dim(l));
  return {
    prompt: async (q: Question, g: Game, ctx: AskContext) => {
      const board = () => { for (const l of boardLines(g)) screen.write(`${l}\n`); };
      const a = await promptQuestion(io, q, g, { action: ctx.action, line: ctx.line, canGoBack: ctx.canGoBack, note, board });
      if (a !== BACK) note(`  (to script this answer, add to the action's answers:  - ${flowYaml(a)})`);
      return a;
    },
    retry: (r) => retryPrompt(io, r, note),
  };
}

/** Prints one action's report: its trace, its failed checks and the board (or its JSON lines). */
function stepPrinter(file: string, flags: RunFlags, out: Out): (step: StepReport, g: Game) => void {
  return (step, g) => {
    if (flags.json) {
      out.log(JSON.stringify({ type: 'action', index: step.index, line: step.pos.line, verb: step.verb, label: step.label }));
      for (const e of step.events) out.log(jsonEvent(e, step.index));
      if (step.verb === 'expect') out.log(JSON.stringify({ type: 'checkpoint', index: step.index, line: step.pos.line, ok: step.failures.length === 0, failures: step.failures.map((f) => ({ field: f.field, expected: f.values ? f.values.expected : f.expected, actual: f.values ? f.values.actual : f.actual })) }));
      return;
    }
    out.log(stepHeader(step));
    for (const l of traceLines(step.events, flags)) out.log(l);
    for (const l of failureLines(file, step.failures)) out.log(l);
    if (step.resolved && flags.board !== false) for (const l of boardLines(g)) out.log(l);
  };
}

/** `--save-answers`: the answers given at the prompt go into the file's actions, its comments and layout kept. */
function saveAnswers(file: string, given: Map<number, AnswerEntry[]>, out: Out): void {
  try {
    writeFileSync(file, withAnswersGiven(readFileSync(file, 'utf8'), given));
    const n = [...given.values()].reduce((k, l) => k + l.length, 0);
    out.log(chalk.dim(`saved ${n} answer${n === 1 ? '' : 's'} into ${file}`));
  } catch (e) {
    out.err(`${chalk.red('error')}: can't write the answers into ${file}: ${(e as Error).message}`);
  }
}
