// The reports of `ruling test`: the default lines for people, JSON, JUnit XML for CI servers (the
// Jenkins/Ant schema: error and failure elements in that order, no attributes beyond it) and
// GitHub workflow annotations.

import chalk from 'chalk';
import { relative, sep } from 'node:path';
import type { CheckFailure } from '../scenario/run.js';
import { formatError, type ScenarioError } from '../scenario/errors.js';
import { errorLines, failureLines } from './render.js';

export interface CaseResult {
  file: string;
  title: string;
  /** Invalid input: every error of the file, or the one that stopped the run. */
  errors: ScenarioError[];
  failures: CheckFailure[];
  seconds: number;
}

export { REPORTERS, type ReporterName } from './options.js';

export function passed(r: CaseResult): boolean {
  return r.errors.length === 0 && r.failures.length === 0;
}

export function displayName(file: string): string {
  return (relative(process.cwd(), file) || file).split(sep).join('/');
}

function failureText(file: string, f: CheckFailure): string {
  return `${file}:${f.pos.line}:${f.pos.col} ${f.field}: expected ${f.expected}, got ${f.actual}`;
}

/** The default report of one file: a ✓ or ✗ line, then its errors and failed checks. */
export function defaultLines(r: CaseResult): string[] {
  const name = displayName(r.file);
  if (passed(r)) return [`${chalk.green('✓')} ${name}`];
  const out = [`${chalk.red('✗')} ${name}${r.title !== r.file ? chalk.dim(`  ${r.title}`) : ''}`];
  for (const e of r.errors) for (const l of errorLines(e)) out.push(`    ${l}`);
  out.push(...failureLines(name, r.failures));
  return out;
}

export function summaryLine(results: CaseResult[]): string {
  const failed = results.filter((r) => !passed(r)).length;
  return `${results.length - failed} passed, ${failed} failed`;
}

export function jsonReport(results: CaseResult[]): string {
  const files = results.map((r) => ({
    file: displayName(r.file), title: r.title, ok: passed(r), seconds: Number(r.seconds.toFixed(3)),
    errors: r.errors.map((e) => ({ line: e.pos.line, col: e.pos.col, path: e.path, message: e.message })),
    failures: r.failures.map((f) => ({ line: f.pos.line, col: f.pos.col, field: f.field, expected: f.values ? f.values.expected : f.expected, actual: f.values ? f.values.actual : f.actual })),
  }));
  const failed = files.filter((f) => !f.ok).length;
  return `${JSON.stringify({ version: 1, passed: files.length - failed, failed, files }, null, 2)}\n`;
}

function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '');
}

/** The folder of a file as a dotted class name, relative to the working folder ("scenarios.cards"). */
function className(file: string): string {
  const dirs = displayName(file).split('/').slice(0, -1).filter((d) => d !== '..' && d !== '.');
  return dirs.length ? dirs.join('.') : 'scenarios';
}

function junitCase(r: CaseResult): string {
  const name = displayName(r.file);
  const head = `    <testcase classname="${esc(className(r.file))}" name="${esc(r.title)}" time="${r.seconds.toFixed(3)}"`;
  if (passed(r)) return `${head}/>`;
  const body: string[] = [];
  if (r.errors.length) {
    body.push(`      <error message="${esc(r.errors[0]!.message.split('\n')[0]!)}" type="invalid input">${esc(r.errors.map(formatError).join('\n'))}</error>`);
  }
  if (r.failures.length) {
    body.push(`      <failure message="${esc(`${r.failures.length} check(s) failed: ${r.failures[0]!.field}`)}" type="checkpoint">${esc(r.failures.map((f) => failureText(name, f)).join('\n'))}</failure>`);
  }
  return `${head}>\n${body.join('\n')}\n    </testcase>`;
}

export function junitXml(results: CaseResult[]): string {
  const errors = results.filter((r) => r.errors.length).length;
  const failures = results.filter((r) => r.failures.length).length;
  const time = results.reduce((t, r) => t + r.seconds, 0).toFixed(3);
  const counts = `tests="${results.length}" failures="${failures}" errors="${errors}" time="${time}"`;
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="ruling" ${counts}>\n  <testsuite name="ruling scenarios" ${counts}>\n${results.map(junitCase).join('\n')}\n  </testsuite>\n</testsuites>\n`;
}

/** A workflow command's property or message, escaped as the runner expects. */
function ghEsc(s: string, property = false): string {
  const t = s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
  return property ? t.replace(/:/g, '%3A').replace(/,/g, '%2C') : t;
}

/** GitHub Actions annotations: `::error file=F,line=L,col=C,title=T::message`, one per problem. */
export function githubLines(r: CaseResult): string[] {
  const file = displayName(r.file);
  const at = (line: number, col: number, title: string) => `::error file=${ghEsc(file, true)},line=${line},col=${col},title=${ghEsc(title, true)}::`;
  return [
    ...r.errors.map((e) => `${at(e.pos.line, e.pos.col, 'ruling: invalid scenario')}${ghEsc(`${e.path ? `${e.path}: ` : ''}${e.message}`)}`),
    ...r.failures.map((f) => `${at(f.pos.line, f.pos.col, `ruling: ${r.title}`)}${ghEsc(`${f.field}: expected ${f.expected}, got ${f.actual}`)}`),
  ];
}
