#!/usr/bin/env node
// The JavaScript of dist/ without the type-check, for `npm test`: esbuild turns each source file
// into its module one for one (no bundling), as tsc would with this tsconfig, in about a second,
// so the tests start at once while `tsc --noEmit` checks the types beside them (scripts/test.mjs).
// `npm run build` is still tsc, which also writes the declaration files (.d.ts) of the package.
//
// A file whose JavaScript is what dist/ already holds is left as it is, its time too: the caches
// kept next to the build (the compiled library, the compiled card entries, V8's code) are keyed by
// the size and time of the modules they come from, and rewriting every file at each run made every
// `npm test` compile them all again. A file left alone but older than its source (a source saved
// without a change) has its time brought forward, so test/build-check.ts still finds it current.

import { mkdirSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { build } from 'esbuild';

function sources(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The bytes of a file, or null when there is none. */
function bytesOf(file) {
  try {
    return readFileSync(file);
  } catch {
    return null;
  }
}

/** Writes an output unless dist/ holds it already; a module kept is made no older than its source. */
function put(file, contents) {
  const before = bytesOf(file);
  if (!before || !before.equals(contents)) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, contents);
    return;
  }
  if (!file.endsWith('.js')) return;
  const source = join('src', relative('dist', file)).replace(/\.js$/, '.ts');
  const now = new Date();
  if (statSync(file).mtimeMs < statSync(source).mtimeMs) utimesSync(file, now, now);
}

const { outputFiles } = await build({
  entryPoints: sources('src'),
  outdir: 'dist',
  outbase: 'src',
  bundle: false,
  format: 'esm',
  platform: 'node',
  // the target and the class-field semantics (useDefineForClassFields) come from tsconfig.json, as for tsc
  tsconfig: 'tsconfig.json',
  target: 'es2022',
  sourcemap: true,
  logLevel: 'warning',
  write: false,
});
for (const f of outputFiles) put(relative(process.cwd(), f.path), f.contents);
