// A worker thread of `ruling test` (pool.ts): plays the files it is sent, one at a time, and posts
// each result back with its index.

import { parentPort } from 'node:worker_threads';
import { runOne } from './pool.js';

parentPort!.on('message', (m: { index: number; file: string }) => {
  void runOne(m.file).then((result) => parentPort!.postMessage({ index: m.index, result }));
});
