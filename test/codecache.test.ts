// The bundle's code cache (scripts/codecache.cjs) across the two kinds of run: V8 refuses a cache
// written under other flags, so a command that runs under the default flags and a suite that sets its
// own (useSuiteFlags, src/cli/suiteFlags.ts) must each find theirs, and neither write one again.

import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');

describe('the code cache', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ruling-codecache-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  copyFileSync(join(ROOT, 'scripts/codecache.cjs'), join(dir, 'codecache.cjs'));
  // a command's own code, compiled before a suite sets its flags; code both kinds of run load after
  writeFileSync(join(dir, 'command.js'), 'exports.f = (x) => x + 1;\n');
  writeFileSync(join(dir, 'shared.js'), 'exports.g = (x) => x * 2;\n');
  const flags = pathToFileURL(join(ROOT, 'dist/cli/suiteFlags.js')).href;
  const run = (suite: boolean) => execFileSync(process.execPath, ['--input-type=module', '-e', [
    'import { createRequire } from "node:module";',
    `const require = createRequire(${JSON.stringify(join(dir, 'x.cjs'))});`,
    'require("./codecache.cjs");',
    suite ? `require("./command.js").f(1); (await import(${JSON.stringify(flags)})).useSuiteFlags();` : '',
    'require("./shared.js").g(1);',
  ].join('\n')]);
  const written = () => readdirSync(join(dir, 'cache')).map((f) => `${f} ${statSync(join(dir, 'cache', f)).mtimeMs}`).sort();

  it('is found again by runs of either kind, in any order, and not written again', () => {
    run(false);
    run(true);
    const before = written();
    // the command's code under the flags it was compiled with, the shared code under each
    expect(before.map((f) => f.split('.').slice(0, 2).join('.') + (f.includes('.suite.') ? ' suite' : '')).sort()).toEqual(['command.js', 'shared.js', 'shared.js suite']);
    run(true);
    run(false);
    expect(written()).toEqual(before);
  });
});
