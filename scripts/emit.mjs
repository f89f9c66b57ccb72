#!/usr/bin/env node
// The JavaScript of dist/ without the type-check, for `npm test`: esbuild turns each source file
// into its module one for one (no bundling), as tsc would with this tsconfig, in about a second,
// so the tests start at once while `tsc --noEmit` checks the types beside them (scripts/test.mjs).
// `npm run build` is still tsc, which also writes the declaration files (.d.ts) of the package.

import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

function sources(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.d.ts') ? [path] : [];
  });
}

await build({
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
});
