#!/usr/bin/env node
// The bundled build that bin/ruling starts: the command line and the worker of `ruling test`, with
// their dependencies, in a few files under dist/bundle/ instead of a hundred modules to resolve
// and load (most of a cold start). Each command stays its own chunk, loaded when it runs. Built
// from dist/ after tsc (`npm run build`); without it bin/ruling starts dist/cli/main.js.
//
// esbuild splits only ES modules, and Node 20 can reuse V8's compiled code (a code cache) only for
// CommonJS, so the chunks are split as ES modules and then each turned into CommonJS (a
// package.json in dist/bundle/ says so). bin/ruling, and the worker threads of `ruling test`, load them
// with V8's code cache (scripts/codecache.cjs, copied beside them); a first run after the build fills it.
//
// The bundle's files sit two folders below the package root, like those of dist/cards/, so the
// paths the code computes from its own location (src/util/root.ts) hold in both.

import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { build, transform } from 'esbuild';

const out = 'dist/bundle';
rmSync(out, { recursive: true, force: true });
const split = await build({
  // program.js: the command line without the process around it (runCli), which the tests run in-process
  entryPoints: ['dist/cli/main.js', 'dist/cli/program.js', 'dist/cli/worker.js'],
  outdir: out,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // peggy is required only to generate the Oracle parser, and the generated parser is loaded by its path
  external: ['peggy'],
  chunkNames: 'chunk-[hash]',
  legalComments: 'none',
  minifyWhitespace: true,
  minifySyntax: true,
  logLevel: 'warning',
  write: false,
});

// each chunk as CommonJS: its imports become require calls, and import.meta.url its own file's URL
mkdirSync(out, { recursive: true });
for (const file of split.outputFiles) {
  const cjs = await transform(file.text, {
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    define: { 'import.meta.url': '__rulingUrl' },
    // import() of a chunk becomes require: a script compiled with a code cache has no module loader
    supported: { 'dynamic-import': false },
    banner: "const __rulingUrl = require('node:url').pathToFileURL(__filename).href;",
    minifyWhitespace: true,
    minifySyntax: true,
    logLevel: 'warning',
  });
  // a worker thread has a module loader of its own: it loads its chunks through the code cache too
  const code = basename(file.path) === 'worker.js' ? `require('./codecache.js');\n${cjs.code}` : cjs.code;
  writeFileSync(join(out, basename(file.path)), code);
}
writeFileSync(join(out, 'package.json'), '{ "type": "commonjs" }\n');
copyFileSync('scripts/codecache.cjs', join(out, 'codecache.js'));

// first runs fill the code cache with what typical commands compile: one scenario, and a suite on
// worker threads (whose cache is their own: src/cli/pool.ts). `npm test` leaves that to the first
// commands its tests run (--no-warm-up), which fill the cache as well.
const warmUps = process.argv.includes('--no-warm-up') ? [] : [['run', 'scenarios/examples/bolt-the-bears.yaml'], ['test', '-j', '2', 'scenarios/examples']];
for (const args of warmUps) {
  const warm = spawnSync(process.execPath, ['bin/ruling', ...args], { stdio: 'ignore', env: { ...process.env, NO_COLOR: '1' } });
  if (warm.status !== 0) {
    process.stderr.write(`bundle: the warm-up \`ruling ${args[0]}\` exited with ${warm.status}\n`);
    process.exit(1);
  }
}
