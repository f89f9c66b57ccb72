// A worker thread of `ruling test` (pool.ts): plays the files it is sent, one at a time in the order
// they came, and posts each result back with its index.

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

/** Files are played one after the other in the order they came: the pool keeps more than one file
 * queued here, so the worker never waits for the main thread between two files. */
let queue: Promise<void> = Promise.resolve();

parentPort!.on('message', (m: { index: number; file: string }) => {
  queue = queue.then(() => play(m));
});

async function play(m: { index: number; file: string }): Promise<void> {
  const result = await runOne(m.file);
  parentPort!.postMessage({ index: m.index, result });
  if (!flushed) {
    flushed = true;
    (globalThis as { [FLUSH]?: () => void })[FLUSH]?.();
  }
}
