// Loads the bundle's CommonJS files with V8's code cache: the compiled code of each file is kept in
// dist/bundle/cache/ after a run, and a later start reuses it instead of parsing and compiling the
// same two megabytes again. A cache written by another Node or V8 version is rejected by V8 and
// simply rewritten; a read-only install runs without one. Nothing here changes what the code does.

'use strict';
const { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } = require('node:fs');
const Module = require('node:module');
const { basename, dirname, join } = require('node:path');
const vm = require('node:vm');
const { threadId } = require('node:worker_threads');

const HERE = __dirname;
const CACHE = join(HERE, 'cache');
// the generated Oracle parser (dist/cards/oracle/parser-*.cjs), some megabytes, is loaded by require too
const PARSERS = join(HERE, '..', 'cards', 'oracle');
const fresh = [];

// the file's size and time in the name: an edited file never meets the code of its former self
function cacheFile(filename) {
  const { size, mtimeMs } = statSync(filename);
  return join(CACHE, `${basename(filename)}.${size}.${Math.round(mtimeMs)}.${process.version}.v8`);
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
  const cache = cacheFile(filename);
  let cachedData;
  try { cachedData = readFileSync(cache); } catch { /* not cached yet */ }
  const script = new vm.Script(Module.wrap(content), { filename, cachedData });
  if (!cachedData || script.cachedDataRejected) fresh.push([cache, script]);
  const wrapper = script.runInThisContext({ displayErrors: true });
  return wrapper.call(this.exports, this.exports, requireFor(this), this, filename, dirname(filename));
};

// written at exit, so that the functions compiled while running are in the cache too
process.once('exit', () => {
  if (fresh.length === 0) return;
  try {
    mkdirSync(CACHE, { recursive: true });
    for (const [file, script] of fresh) {
      const tmp = `${file}.${process.pid}-${threadId}.tmp`;
      writeFileSync(tmp, script.createCachedData());
      renameSync(tmp, file);
    }
  } catch { /* a read-only install: no cache */ }
});
