// A worker thread of `ruling test` (pool.ts): plays the files it is sent, one at a time, and posts
// each result back with its index.

import { parentPort, workerData } from 'node:worker_threads';
import { runOne } from './pool.js';
import { useCards } from './io.js';
import { setLimits, type Limits } from '../util/limits.js';

// the same cards as the main thread (its --cards files and --oracle-only), and the same limits
const settings = workerData as { cards: { files: string[]; oracleOnly: boolean }; limits: Limits };
useCards(settings.cards.files, settings.cards.oracleOnly);
setLimits(settings.limits);

/** The bundle's code cache writer (scripts/codecache.cjs), when the bundle runs: a worker is stopped,
 * never left to exit, so its compiled code is written once it has played a file. */
const FLUSH = Symbol.for('ruling.codeCache.flush');
let flushed = false;

parentPort!.on('message', (m: { index: number; file: string }) => {
  void runOne(m.file).then((result) => {
    parentPort!.postMessage({ index: m.index, result });
    if (!flushed) {
      flushed = true;
      (globalThis as { [FLUSH]?: () => void })[FLUSH]?.();
    }
  });
});
