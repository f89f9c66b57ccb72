#!/usr/bin/env node
// The bundled build that bin/ruling starts: the command line and the worker of `ruling test`, with
// their dependencies, in a few files under dist/bundle/ instead of a hundred modules to resolve
// and load (most of a cold start). Each command stays its own chunk, loaded when it runs. Built
// from dist/ after tsc (`npm run build`); without it bin/ruling starts dist/cli/main.js.
// The bundle's files sit two folders below the package root, like those of dist/cards/, so the
// paths the code computes from its own location (src/util/root.ts) hold in both.

import { rmSync } from 'node:fs';
import { build } from 'esbuild';

const out = 'dist/bundle';
rmSync(out, { recursive: true, force: true });
await build({
  entryPoints: ['dist/cli/main.js', 'dist/cli/worker.js'],
  outdir: out,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // peggy is required only to generate the Oracle parser, and the generated parser is loaded by its path
  external: ['peggy'],
  // the CommonJS dependencies (commander) call require, which an ES module has to make for itself
  banner: { js: "import { createRequire as __rulingRequire } from 'node:module'; const require = __rulingRequire(import.meta.url);" },
  chunkNames: 'chunk-[hash]',
  legalComments: 'none',
  minifyWhitespace: true,
  minifySyntax: true,
  logLevel: 'warning',
});
