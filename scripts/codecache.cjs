// Loads the bundle's CommonJS files with V8's code cache: the compiled code of each file is kept in
// dist/bundle/cache/ after a run, and a later start reuses it instead of parsing and compiling the
// same two megabytes again. A cache written by another Node or V8 version is rejected by V8 and
// simply rewritten; a read-only install runs without one. Nothing here changes what the code does.

'use strict';
const { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } = require('node:fs');
const Module = require('node:module');
const { basename, dirname, join } = require('node:path');
const vm = require('node:vm');

const HERE = __dirname;
const CACHE = join(HERE, 'cache');
// the generated Oracle parser (dist/cards/oracle/parser-*.cjs), some megabytes, is loaded by require too
const PARSERS = join(HERE, '..', 'cards', 'oracle');
const fresh = [];

// V8 refuses code cached under flags other than those in force, and the cache written holds the flags
// in force as it is written. A suite of `ruling test` sets V8 flags of its own (src/cli/suiteFlags.ts): from
// then on, in this thread or in its worker threads (whose entry sets the tag the pool gave them before
// it loads this file: scripts/bundle.mjs), this tag says so, and the code is read from and written to
// files of its own; what was compiled before is written first (suiteFlags.ts). (Written at exit under the
// suite's flags, the cache of the test command's own code was refused by the next `ruling test`,
// which read it under the default ones: each compiled it again.)
const TAG = Symbol.for('ruling.codeCache.tag');

function tag() {
  const t = globalThis[TAG];
  return t ? `.${t}` : '';
}

// the file's size and time in the name: an edited file never meets the code of its former self
function cacheFile(filename) {
  const { size, mtimeMs } = statSync(filename);
  return join(CACHE, `${basename(filename)}.${size}.${Math.round(mtimeMs)}${tag()}.${process.version}.v8`);
}

function requireFor(mod) {
  const req = (id) => mod.require(id);
  req.resolve = (request, options) => Module._resolveFilename(request, mod, false, options);
  req.cache = Module._cache;
  return req;
}

const compile = Module.prototype._compile;
Module.prototype._compile = function compileCached(content, filename) {
  const dir = dirname(filename);
  if ((dir !== HERE && dir !== PARSERS) || filename === __filename) return compile.call(this, content, filename);
  let cachedData;
  try { cachedData = readFileSync(cacheFile(filename)); } catch { /* not cached yet */ }
  const script = new vm.Script(Module.wrap(content), { filename, cachedData });
  if (!cachedData || script.cachedDataRejected) fresh.push([filename, script]);
  const wrapper = script.runInThisContext({ displayErrors: true });
  return wrapper.call(this.exports, this.exports, requireFor(this), this, filename, dirname(filename));
};

/** Writes the code compiled so far of the files that had no usable cache (once each), filed under
 * the flags in force now (the cache holds them). */
function flush() {
  const written = fresh.splice(0);
  if (written.length === 0) return;
  try {
    mkdirSync(CACHE, { recursive: true });
    // (node:worker_threads is loaded only now: requiring it costs every command about 3 ms)
    const { threadId } = require('node:worker_threads');
    for (const [filename, script] of written) {
      const file = cacheFile(filename);
      const tmp = `${file}.${process.pid}-${threadId}.tmp`;
      writeFileSync(tmp, script.createCachedData());
      renameSync(tmp, file);
    }
  } catch { /* a read-only install: no cache */ }
}

// written at exit, so that the functions compiled while running are in the cache too; a worker
// thread is stopped rather than left to exit, so it asks once it has played a file (src/cli/worker.ts)
process.once('exit', flush);
globalThis[Symbol.for('ruling.codeCache.flush')] = flush;
