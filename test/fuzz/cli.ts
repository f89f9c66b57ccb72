// The fuzz campaign through the real command line: each mutated scenario is written to a file and
// played by `node bin/ruling` in a child process, as a user or a CI job would, under a time and
// memory limit. What every run must show: an exit code of 0, 1 or 2; `--json` output that is one
// valid JSON object per line, ending in a `result` that agrees with the exit code; every error
// positioned and free of internals; the text form's errors positioned too; `ruling test` agreeing
// on the outcome; and the same bytes when the same file is played from another working directory.

import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HANG_MS, HEAP_MB, leaks, type FuzzCase } from './harness.js';

export interface CliRun {
  code: number | null;
  signal: string | null;
  out: string;
  err: string;
  hang: boolean;
}

/** Runs the CLI; a run that goes past the time limit is run again with three times as long, and is
 * a hang only if it doesn't finish then either (node's start-up and a loaded machine aside). */
async function spawnRuling(root: string, cwd: string, args: string[]): Promise<CliRun> {
  const r = await spawnOnce(root, cwd, args, HANG_MS);
  return r.hang ? spawnOnce(root, cwd, args, 3 * HANG_MS) : r;
}

function spawnOnce(root: string, cwd: string, args: string[], timeout: number): Promise<CliRun> {
  return new Promise((resolve) => {
    execFile(process.execPath, [`--max-old-space-size=${HEAP_MB}`, join(root, 'bin/ruling'), ...args], {
      cwd, timeout, killSignal: 'SIGKILL', maxBuffer: 256 * 1024 * 1024, encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1', CI: '1', FORCE_COLOR: undefined },
    }, (e, out, err) => {
      const ex = e as (NodeJS.ErrnoException & { code?: number | string; killed?: boolean; signal?: string }) | null;
      const code = ex ? (typeof ex.code === 'number' ? ex.code : null) : 0;
      resolve({ code, signal: ex?.signal ?? null, out, err, hang: !!ex?.killed && ex.signal === 'SIGKILL' });
    });
  });
}

/** What is wrong with the `--json` output of a run that exited with `code`. */
function jsonProblems(c: FuzzCase, r: CliRun): string[] {
  const lines = r.out.split('\n').filter((l) => l !== '');
  const out: string[] = [];
  const events: Array<Record<string, unknown>> = [];
  for (const l of lines) {
    try {
      const v: unknown = JSON.parse(l);
      if (typeof v !== 'object' || v === null || Array.isArray(v)) out.push(`--json: a line is not an object: ${l.slice(0, 120)}`);
      else events.push(v as Record<string, unknown>);
    } catch {
      out.push(`--json: a line is not valid JSON: ${l.slice(0, 120)}`);
    }
  }
  const last = events.at(-1);
  if (last?.type !== 'result') out.push('--json: the output does not end in a `result` line');
  else if ((r.code === 0) !== (last.ok === true) || (r.code === 2) !== (last.error === true)) out.push(`--json: the result ${JSON.stringify(last)} does not agree with exit code ${r.code}`);
  for (const e of events.filter((x) => x.type === 'error')) {
    if (!(Number(e.line) >= 1 && Number(e.col) >= 1)) out.push(`--json: unpositioned error: ${String(e.message)}`);
    const leak = leaks(String(e.message), c.text);
    if (leak) out.push(`--json: leaky message (${leak}): ${String(e.message).slice(0, 200)}`);
  }
  return out;
}

/** What is wrong with a run's ending, whatever the form. */
function endingProblems(what: string, r: CliRun): string[] {
  if (r.hang) return [`${what}: no answer within ${(3 * HANG_MS) / 1000} s`];
  if (r.code === null || ![0, 1, 2].includes(r.code)) return [`${what}: exit code ${r.code ?? r.signal} (${r.err.split('\n').slice(0, 2).join(' ')})`];
  if (/internal error|this is a bug/.test(r.err)) return [`${what}: internal error: ${r.err.slice(0, 300)}`];
  return [];
}

/** The error lines of the text form: each starts with its file, line and column. */
function textProblems(c: FuzzCase, r: CliRun): string[] {
  const out: string[] = [];
  for (const l of r.err.split('\n').filter((x) => x.startsWith('error: '))) {
    if (!/^error: case\.yaml:\d+:\d+: /.test(l)) out.push(`text: unpositioned error: ${l.slice(0, 200)}`);
    const leak = leaks(l, c.text);
    if (leak) out.push(`text: leaky message (${leak}): ${l.slice(0, 200)}`);
  }
  return out;
}

export interface CliOptions {
  /** Every Nth case is also played in text form, by `ruling test`, and from another directory. */
  every: number;
  /** The campaign's number of the first case given (for `every`); 0 by default. */
  first?: number;
  parallel?: number;
}

/** Plays the cases through the CLI; returns the problems found and a tally of exit codes. */
export async function runCliCases(root: string, cases: FuzzCase[], opts: CliOptions): Promise<{ problems: string[]; tally: Record<string, number> }> {
  const base = mkdtempSync(join(tmpdir(), 'ruling-fuzz-cli-'));
  const problems: string[] = [];
  const tally: Record<string, number> = {};
  let next = 0;
  const worker = async (w: number) => {
    const here = join(base, `w${w}`);
    const there = join(base, `w${w}`, 'elsewhere');
    mkdirSync(there, { recursive: true });
    while (next < cases.length) {
      const i = next++;
      const c = cases[i]!;
      writeFileSync(join(here, 'case.yaml'), c.text);
      const full = ((opts.first ?? 0) + i) % opts.every === 0;
      if (full) writeFileSync(join(there, 'case.yaml'), c.text);
      // the runs are independent (each compared with the --json one afterwards): started together, so a
      // case's four processes take about the time of one on an idle core rather than four in a row
      const [json, text, test, again] = await Promise.all([
        spawnRuling(root, here, ['run', '--non-interactive', '--json', 'case.yaml']),
        full ? spawnRuling(root, here, ['run', '--non-interactive', 'case.yaml']) : undefined,
        full ? spawnRuling(root, here, ['test', '-j', '1', 'case.yaml']) : undefined,
        full ? spawnRuling(root, there, ['run', '--non-interactive', '--json', 'case.yaml']) : undefined,
      ]);
      const ending = json.hang ? 'hang' : `exit ${json.code ?? json.signal}`;
      tally[ending] = (tally[ending] ?? 0) + 1;
      const found = [...endingProblems('run --json', json)];
      if (!found.length) found.push(...jsonProblems(c, json));
      if (text && test && again) {
        found.push(...endingProblems('run', text), ...textProblems(c, text));
        if (text.code !== json.code && !text.hang) found.push(`run exits ${text.code} but run --json ${json.code}`);
        found.push(...endingProblems('test', test));
        if (!test.hang && (test.code === 0) !== (json.code === 0)) found.push(`test exits ${test.code} but run ${json.code}`);
        if (again.out !== json.out || again.code !== json.code) found.push('the same file played from another directory gives other bytes');
      }
      if (found.length && problems.length < 1000) problems.push(...found.map((p) => `${c.label}: ${p}`));
    }
  };
  try {
    await Promise.all(Array.from({ length: opts.parallel ?? 2 }, (_, w) => worker(w)));
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
  return { problems, tally };
}
