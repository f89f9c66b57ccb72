#!/usr/bin/env node
// `npm test`: the type-check (`tsc --noEmit`) beside the JavaScript of dist/ emitted without it
// (scripts/emit.mjs, about a second) and bundled, then beside the tests (`vitest run`, with the
// arguments given). The command fails when either
// fails: a type error fails `npm test` as it did when tsc built dist/ first. The type errors print
// after the tests, in one piece. `npm run build` still builds with tsc (declaration files included).
// The type-check is incremental: what it learnt is kept in node_modules/.cache/ruling/, so a run after
// a small change checks again only the files it could affect (~5 s of CPU instead of ~25 s). A clean
// checkout (CI) has no such file and checks everything. And when nothing it reads has changed since
// a check that passed (the sources, tsconfig.json, the installed packages as package-lock.json pins
// them), it isn't run again: the same inputs give the same answer (a digest of them is kept beside
// that record).

import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { digestOf, filesUnder } from './digest.mjs';

const require = createRequire(import.meta.url);
const bin = (pkg, file) => join(dirname(require.resolve(`${pkg}/package.json`)), file);
const TSC_INFO = 'node_modules/.cache/ruling/tsc-noemit.tsbuildinfo';
/** The digest of the type-check's inputs at the last check that passed. */
const TSC_PASSED = 'node_modules/.cache/ruling/tsc-noemit.passed';

/** Runs node with a script; resolves to its exit code (1 when a signal ended it). Output is kept when asked. */
function node(args, keep) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { stdio: keep ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    const out = [];
    if (keep) for (const s of [child.stdout, child.stderr]) s.on('data', (d) => out.push(d));
    child.on('close', (code) => resolve({ code: code ?? 1, out: Buffer.concat(out).toString() }));
  });
}

/** A digest of what the type-check reads: tsconfig.json, the packages as package-lock.json pins them,
 * and the files of src/ (tsconfig.json includes its .ts files; JSON may be imported). */
function typeDigest() {
  return digestOf(['tsconfig.json', 'package-lock.json', ...filesUnder('src', (n) => /\.(c|m)?ts$|\.json$/.test(n))]);
}

/** The type-check, unless it passed on these very inputs; a pass is recorded if nothing changed while it ran. */
async function typeCheck() {
  const before = typeDigest();
  if (existsSync(TSC_PASSED) && readFileSync(TSC_PASSED, 'utf8') === before) return { code: 0, out: '' };
  const r = await node([bin('typescript', 'bin/tsc'), '-p', 'tsconfig.json', '--noEmit', '--incremental', '--tsBuildInfoFile', TSC_INFO], true);
  if (r.code === 0 && typeDigest() === before) writeFileSync(TSC_PASSED, before);
  return r;
}

// the type-check reads only the sources: it starts at once, beside the build of dist/
const checking = typeCheck();
// the Oracle parser is generated (when its grammar changed) before the tests, once, and not by each
// worker that first needs it; the tests' first commands fill the bundle's code cache (no warm-up runs before them)
for (const step of [['scripts/emit.mjs'], ['scripts/parser.mjs'], ['scripts/bundle.mjs', '--no-warm-up']]) {
  const { code } = await node(step, false);
  if (code !== 0) process.exit(code);
}
const [types, tests] = await Promise.all([checking, node([bin('vitest', 'vitest.mjs'), 'run', ...process.argv.slice(2)], false)]);
if (types.code !== 0) {
  process.stderr.write(`\nThe type-check failed (tsc -p tsconfig.json --noEmit):\n${types.out}`);
  process.exit(types.code);
}
process.exit(tests.code);
