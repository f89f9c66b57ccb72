// `ruling test [PATHS...]`: runs every scenario without prompting; one line per file; the closing
// line `N passed, N failed`; exit 1 if any failed; `--reporter junit --output FILE`.

import chalk from 'chalk';
import { readdirSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { readScenario, type Out } from '../io.js';
import { errorLines, failureLines } from '../render.js';
import { runScenario, type CheckFailure } from '../../scenario/run.js';
import { formatError, type ScenarioError } from '../../scenario/errors.js';
import { junitXml, type CaseResult } from '../junit.js';

export function collectFiles(paths: string[]): { files: string[]; missing: string[] } {
  const files: string[] = [];
  const missing: string[] = [];
  const walk = (p: string) => {
    const st = statSync(p);
    if (st.isDirectory()) for (const f of readdirSync(p).sort()) walk(join(p, f));
    else if (p.endsWith('.yaml') || p.endsWith('.yml')) files.push(p);
  };
  for (const p of paths) {
    if (!existsSync(p)) missing.push(p);
    else walk(p);
  }
  return { files, missing };
}

export async function runOne(file: string): Promise<CaseResult> {
  const start = process.hrtime.bigint();
  const r = readScenario(file);
  const done = (failures: CheckFailure[], error?: ScenarioError, title?: string): CaseResult => ({
    file, title: title ?? file, failures, ...(error ? { error } : {}), seconds: Number(process.hrtime.bigint() - start) / 1e9,
  });
  if ('errors' in r) return done([], r.errors[0]!, undefined);
  const result = await runScenario(r.scenario, r.game);
  return done(result.failures, result.error, r.scenario.spec.scenario);
}

export async function testCommand(paths: string[], flags: { reporter?: string; output?: string }, out: Out): Promise<number> {
  const { files, missing } = collectFiles(paths.length ? paths : ['scenarios']);
  for (const m of missing) out.err(`${chalk.red('error')}: ${m}: no such file or directory`);
  if (flags.reporter && flags.reporter !== 'junit') {
    out.err(`${chalk.red('error')}: unknown reporter "${flags.reporter}" (expected: junit)`);
    return 2;
  }
  if (flags.reporter === 'junit' && !flags.output) {
    out.err(`${chalk.red('error')}: --reporter junit needs --output FILE`);
    return 2;
  }
  const results: CaseResult[] = [];
  for (const f of files) {
    const r = await runOne(f);
    results.push(r);
    const name = relative(process.cwd(), f) || f;
    if (!r.error && r.failures.length === 0) {
      out.log(`${chalk.green('✓')} ${name}`);
    } else {
      out.log(`${chalk.red('✗')} ${name}${r.title !== f ? chalk.dim(`  ${r.title}`) : ''}`);
      if (r.error) for (const l of errorLines(r.error)) out.log(`    ${l}`);
      for (const l of failureLines(name, r.failures)) out.log(l);
    }
  }
  const failed = results.filter((r) => r.error || r.failures.length).length + missing.length;
  const passed = results.length - (failed - missing.length);
  out.log(`${passed} passed, ${failed} failed`);
  if (flags.reporter === 'junit' && flags.output) writeFileSync(flags.output, junitXml(results));
  return failed ? 1 : 0;
}

export { formatError };
