// `ruling run FILE`: plays the timeline, printing the rule-cited trace and the board after each
// resolution; asks for missing answers in a terminal. Exit 0; 1 if a checkpoint failed; 2 for
// invalid input or an unanswered question.

import chalk from 'chalk';
import { stringify } from 'yaml';
import { boardLines, errorLines, failureLines, jsonEvent, stepHeader, traceLines } from '../render.js';
import { inquirerIO, promptQuestion } from '../prompts.js';
import { loadFile, readScenario, type Out } from '../io.js';
import type { ScenarioError } from '../../scenario/errors.js';
import { runScenario } from '../../scenario/run.js';
import type { Question } from '../../state/questions.js';
import type { Game } from '../../state/game.js';

export interface RunFlags {
  json?: boolean;
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
  return flag !== false && !!process.stdin.isTTY && !!process.stdout.isTTY && !process.env.CI;
}

export async function runCommand(file: string, flags: RunFlags, out: Out): Promise<number> {
  const json = !!flags.json;
  if (json) out.log(JSON.stringify({ type: 'ruling', format: JSON_FORMAT }));
  const loaded = json ? loadForJson(file, out) : loadFile(file, out);
  if (!loaded) return 2;
  const { scenario, game } = loaded;
  const interactive = !json && isInteractive(flags.interactive);
  const prompt = interactive
    ? async (q: Question, g: Game) => {
      const a = await promptQuestion(await inquirerIO(), q, g);
      out.log(chalk.dim(`  (to script this answer, add to the action's answers:  - ${stringify(a, { collectionStyle: 'flow' }).trim()})`));
      return a;
    }
    : undefined;
  if (json) {
    out.log(JSON.stringify({ type: 'scenario', file, title: scenario.spec.scenario }));
    for (const e of game.state.events) out.log(jsonEvent(e));
  } else {
    out.log(chalk.bold(`${scenario.spec.scenario}`) + chalk.dim(`  (${file})`));
    for (const l of traceLines(game.state.events, flags)) out.log(l);
    if (flags.board !== false) for (const l of boardLines(game)) out.log(l);
  }
  const result = await runScenario(scenario, game, {
    ...(prompt ? { prompt } : {}),
    onStep: (step, g) => {
      if (json) {
        out.log(JSON.stringify({ type: 'action', index: step.index, line: step.pos.line, verb: step.verb, label: step.label }));
        for (const e of step.events) out.log(jsonEvent(e, step.index));
        if (step.verb === 'expect') out.log(JSON.stringify({ type: 'checkpoint', index: step.index, line: step.pos.line, ok: step.failures.length === 0, failures: step.failures.map((f) => ({ field: f.field, expected: f.values ? f.values.expected : f.expected, actual: f.values ? f.values.actual : f.actual })) }));
        return;
      }
      out.log(stepHeader(step));
      for (const l of traceLines(step.events, flags)) out.log(l);
      for (const l of failureLines(file, step.failures)) out.log(l);
      if (step.resolved && flags.board !== false) for (const l of boardLines(g)) out.log(l);
    },
  });
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
