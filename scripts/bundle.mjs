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
//
// A file the build would write as dist/bundle/ already holds it is left alone, its time too, and so
// is the code cache of it: V8's code is kept per file size and time, and rewriting every file made
// each `npm test` compile the whole bundle again in its first commands. Files the build no longer
// makes, and the code of files gone or changed, are removed. When what the bundle is made from (the
// modules of dist/, the packages as package-lock.json pins them, this script and the loader) is what
// it was last made from, esbuild isn't run at all: a digest of those inputs is kept in the folder.

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { build, transform } from 'esbuild';
import { digestOf, filesUnder } from './digest.mjs';

const out = 'dist/bundle';
const CACHE = join(out, 'cache');
/** The digest of the inputs the bundle in the folder was made from. */
const MADE_FROM = join(out, '.made-from');

/** A digest of what the bundle is made from: the modules of dist/ (the bundle's own folder aside), the
 * packages as package-lock.json pins them, this script and the loader. */
function inputsDigest() {
  const modules = filesUnder('dist', (n) => /\.c?js$/.test(n)).filter((f) => !f.startsWith(`${out}/`));
  return digestOf(['package-lock.json', 'scripts/bundle.mjs', 'scripts/codecache.cjs', ...modules]);
}

const split = () => build({
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

/** Writes a file unless it holds that text already. */
function put(file, text) {
  if (existsSync(file) && readFileSync(file, 'utf8') === text) return;
  writeFileSync(file, text);
}

/** The files of the bundle folder that the build no longer makes. */
function removeOthers(made) {
  for (const e of readdirSync(out, { withFileTypes: true })) if (e.isFile() && !made.has(e.name)) rmSync(join(out, e.name));
}

/** The code cached for a file that is gone or has changed since (codecache.cjs names it by the file's
 * name, size and time); the generated Oracle parser's code is kept while that file is there. */
function staleCode(entry) {
  const m = /^(.+?\.c?js)\.(\d+)\.(\d+)\./.exec(entry);
  if (!m) return true;
  const file = m[1].endsWith('.cjs') ? join('dist/cards/oracle', m[1]) : join(out, m[1]);
  if (!existsSync(file)) return true;
  const { size, mtimeMs } = statSync(file);
  return String(size) !== m[2] || String(Math.round(mtimeMs)) !== m[3];
}

function pruneCodeCache() {
  if (!existsSync(CACHE)) return;
  for (const entry of readdirSync(CACHE)) if (staleCode(entry)) rmSync(join(CACHE, entry), { force: true });
}

/** Makes the bundle, then records what from (a bundle left half made records nothing). */
async function make(digest) {
  rmSync(MADE_FROM, { force: true });
  const { outputFiles } = await split();
  mkdirSync(out, { recursive: true });
  const made = new Set(['package.json', 'codecache.js', basename(MADE_FROM)]);
  for (const file of outputFiles) {
    put(join(out, basename(file.path)), await commonJs(file));
    made.add(basename(file.path));
  }
  put(join(out, 'package.json'), '{ "type": "commonjs" }\n');
  put(join(out, 'codecache.js'), readFileSync('scripts/codecache.cjs', 'utf8'));
  removeOthers(made);
  pruneCodeCache();
  writeFileSync(MADE_FROM, digest);
}

/** A chunk as CommonJS: its imports become require calls, and import.meta.url its own file's URL. */
async function commonJs(file) {
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
  // a worker thread has a module loader of its own: it loads its chunks through the code cache too,
  // under the flags the pool started it with (the tag it was given, see codecache.cjs)
  const worker = "globalThis[Symbol.for('ruling.codeCache.tag')] = require('node:worker_threads').workerData?.codeCacheTag;\nrequire('./codecache.js');\n";
  return basename(file.path) === 'worker.js' ? `${worker}${cjs.code}` : cjs.code;
}

/** Whether the folder holds a bundle made from these inputs (its entry files there). */
function current(digest) {
  if (!['main.js', 'program.js', 'worker.js'].every((f) => existsSync(join(out, f)))) return false;
  return existsSync(MADE_FROM) && readFileSync(MADE_FROM, 'utf8') === digest;
}

const digest = inputsDigest();
if (!current(digest)) await make(digest);

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
