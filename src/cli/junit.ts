// JUnit XML for CI: one testcase per scenario file.

import type { CheckFailure } from '../scenario/run.js';
import { formatError, type ScenarioError } from '../scenario/errors.js';

export interface CaseResult {
  file: string;
  title: string;
  failures: CheckFailure[];
  error?: ScenarioError;
  seconds: number;
}

function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '');
}

export function junitXml(results: CaseResult[]): string {
  const failures = results.filter((r) => r.failures.length && !r.error).length;
  const errors = results.filter((r) => r.error).length;
  const time = results.reduce((t, r) => t + r.seconds, 0);
  const cases = results.map((r) => {
    const head = `    <testcase classname="${esc(r.file.replace(/\/[^/]*$/, '').replace(/\//g, '.'))}" name="${esc(r.title)}" file="${esc(r.file)}" time="${r.seconds.toFixed(3)}"`;
    if (r.error) return `${head}>\n      <error message="${esc(r.error.message.split('\n')[0]!)}">${esc(formatError(r.error))}</error>\n    </testcase>`;
    if (r.failures.length) {
      const body = r.failures.map((f) => `${r.file}:${f.pos.line}:${f.pos.col} ${f.field}: expected ${f.expected}, got ${f.actual}`).join('\n');
      return `${head}>\n      <failure message="${esc(`${r.failures.length} check(s) failed: ${r.failures[0]!.field}`)}">${esc(body)}</failure>\n    </testcase>`;
    }
    return `${head}/>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="ruling" tests="${results.length}" failures="${failures}" errors="${errors}" time="${time.toFixed(3)}">\n  <testsuite name="ruling scenarios" tests="${results.length}" failures="${failures}" errors="${errors}" time="${time.toFixed(3)}">\n${cases.join('\n')}\n  </testsuite>\n</testsuites>\n`;
}
