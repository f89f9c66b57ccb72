// `ruling test [PATHS...]`: runs every scenario found under the paths without prompting, in
// parallel with the output in file order; one line per file and the closing line `N passed, N
// failed`. Exit 0 all passed, 1 any failed, 2 bad options, a missing path or no scenario found.

import chalk from 'chalk';
import { readFileSync, writeFileSync } from 'node:fs';
import type { Out } from '../io.js';
import { collectFiles } from '../discover.js';
import { runFiles } from '../pool.js';
import { defaultLines, displayName, githubLines, jsonReport, junitXml, passed, summaryLine, type CaseResult, type ReporterName } from '../reporters.js';

export { collectFiles };

export interface Reporter {
  name: ReporterName;
  /** A file, or `-` (or nothing) for stdout. */
  output?: string;
}

export interface TestFlags {
  reporters: Reporter[];
  /** An --output given before any --reporter. */
  strayOutput?: string;
  exclude: string[];
  title?: string;
  bail?: boolean;
  verbose?: boolean;
  jobs?: number;
}

const toStdout = (r: Reporter) => r.output === undefined || r.output === '-';

/**
 * The default reporter prints to stdout unless it is given its own --output, or a JSON or JUnit
 * report goes to stdout (machine-read output must stay clean there).
 */
function withDefault(reporters: Reporter[]): Reporter[] {
  if (reporters.some((r) => r.name === 'default')) return reporters;
  if (reporters.some((r) => (r.name === 'json' || r.name === 'junit') && toStdout(r))) return reporters;
  return [{ name: 'default' }, ...reporters];
}

function badOptions(flags: TestFlags, out: Out): boolean {
  const fail = (m: string) => { out.err(`${chalk.red('error')}: ${m}`); return true; };
  if (flags.strayOutput !== undefined) return fail(`--output ${flags.strayOutput} needs a --reporter before it (json, junit, github or default)`);
  if (flags.title !== undefined) {
    try { new RegExp(flags.title); } catch { return fail(`-t ${flags.title}: not a valid regular expression`); }
  }
  if (flags.jobs !== undefined && !(Number.isInteger(flags.jobs) && flags.jobs > 0)) return fail('--jobs takes a positive whole number');
  return false;
}

/** Shows "N/M" on a terminal's stderr while a run is long, erased before the next line. */
function progress(total: number): { update(done: number): void; clear(): void } {
  const on = !!process.stderr.isTTY && total > 1;
  let shown = false;
  return {
    update(done) { if (on) { process.stderr.write(`\r${chalk.dim(`running scenarios: ${done}/${total}`)}\u001b[K`); shown = true; } },
    clear() { if (shown) { process.stderr.write('\r\u001b[K'); shown = false; } },
  };
}

export async function testCommand(paths: string[], flags: TestFlags, out: Out): Promise<number> {
  if (badOptions(flags, out)) return 2;
  const found = collectFiles(paths.length ? paths : ['scenarios'], flags.exclude);
  for (const m of found.missing) out.err(`${chalk.red('error')}: ${m}: no such file or directory`);
  if (found.missing.length) return 2;
  if (flags.verbose) for (const s of found.skipped) out.log(chalk.dim(`- ${displayName(s)}: not a scenario (no top-level \`scenario:\` key), skipped`));
  const files = flags.title === undefined ? found.files : found.files.filter((f) => titleMatches(f, new RegExp(flags.title!)));
  if (files.length === 0) {
    out.err(`${chalk.red('error')}: no scenario found under ${(paths.length ? paths : ['scenarios']).join(', ')}${flags.title !== undefined ? ` with a title matching /${flags.title}/` : ''}`);
    return 2;
  }
  const reporters = withDefault(flags.reporters);
  const live = reporters.filter((r) => (r.name === 'default' || r.name === 'github') && toStdout(r));
  const results: CaseResult[] = [];
  const bar = progress(files.length);
  await runFiles(files, {
    ...(flags.jobs ? { jobs: flags.jobs } : {}),
    onDone: (done) => bar.update(done),
    onResult: (r) => {
      results.push(r);
      bar.clear();
      for (const rep of live) for (const l of rep.name === 'default' ? defaultLines(r) : githubLines(r)) out.log(l);
      return !(flags.bail && !passed(r));
    },
  });
  bar.clear();
  if (reporters.some((r) => r.name === 'default' && toStdout(r))) out.log(summaryLine(results));
  for (const rep of reporters) writeReport(rep, results, live.includes(rep), out);
  return results.every(passed) ? 0 : 1;
}

/** Whether a scenario's title matches -t; a file whose title can't be read is matched by its path. */
function titleMatches(file: string, re: RegExp): boolean {
  return re.test(readTitle(file) ?? file);
}

function readTitle(file: string): string | undefined {
  const m = /^scenario[ \t]*:[ \t]*(.*)$/m.exec(readFileSync(file, 'utf8'));
  if (!m) return undefined;
  const v = m[1]!.trim();
  return /^(["']).*\1$/.test(v) ? v.slice(1, -1) : v;
}

function writeReport(rep: Reporter, results: CaseResult[], printed: boolean, out: Out): void {
  if (printed) return;
  let text: string;
  switch (rep.name) {
    case 'json': text = jsonReport(results); break;
    case 'junit': text = junitXml(results); break;
    case 'github': text = results.flatMap(githubLines).map((l) => `${l}\n`).join(''); break;
    default: text = [...results.flatMap(defaultLines), summaryLine(results)].map((l) => `${l}\n`).join('');
  }
  if (toStdout(rep)) out.log(text.replace(/\n$/, ''));
  else writeFileSync(rep.output!, text.replace(/\u001b\[[0-9;]*m/g, ''));
}
