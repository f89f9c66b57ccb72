// Running scenario files for `ruling test`, in parallel over worker threads (by default one per core,
// fewer for a small suite). Results are handed back in file order whatever order the workers finish
// in, so the output is the same as a serial run's.

import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { cardSettings, readScenario } from './io.js';
import { runScenario } from '../scenario/run.js';
import type { CaseResult } from './reporters.js';
import { limits } from '../util/limits.js';
import { SUITE_CODE_CACHE, useSuiteFlags } from './suiteFlags.js';

/** Loads and plays one file; a file that doesn't load reports every error it has. */
export async function runOne(file: string): Promise<CaseResult> {
  const start = process.hrtime.bigint();
  const seconds = () => Number(process.hrtime.bigint() - start) / 1e9;
  const r = readScenario(file);
  if ('errors' in r) return { file, title: file, errors: r.errors, failures: [], seconds: seconds() };
  const result = await runScenario(r.scenario, r.game);
  return { file, title: r.scenario.spec.scenario, errors: result.error ? [result.error] : [], failures: result.failures, seconds: seconds() };
}

export interface PoolOptions {
  jobs?: number;
  /** Called for each result, in file order; returning false stops the run (--bail). */
  onResult: (r: CaseResult, index: number) => boolean;
  /** Called whenever a file finishes, in any order (the progress line). */
  onDone?: (done: number) => void;
}

/**
 * Files handed to each worker ahead of its results: with only one, a worker that finishes a file
 * sits idle until the main thread, busy or not yet scheduled on a machine whose cores the workers
 * fill, sends it the next.
 */
const QUEUED_PER_WORKER = 2;

/**
 * A worker starts an engine of its own and warms it up. Measured on two cores: 100 corpus files took
 * the same time on two workers as in one thread (with 60% more CPU), 200 files about 10-20% less.
 * By default a suite gets a worker per this many files, up to one per core; a smaller one runs in this thread.
 */
const FILES_PER_WORKER = 75;

/** The worker threads for `files`: as asked (--jobs), or by default as many as pay for themselves. */
export function jobsFor(files: number, asked?: number): number {
  const wanted = asked ?? Math.min(availableParallelism(), Math.floor(files / FILES_PER_WORKER));
  return Math.max(1, Math.min(wanted, files));
}

/** Runs the files; resolves once every file ran or the run was stopped. */
export async function runFiles(files: string[], opts: PoolOptions): Promise<void> {
  if (files.length > 1) useSuiteFlags();
  const jobs = jobsFor(files.length, opts.jobs);
  if (jobs === 1) {
    for (const [i, f] of files.entries()) {
      const r = await runOne(f);
      opts.onDone?.(i + 1);
      if (!opts.onResult(r, i)) return;
    }
    return;
  }
  await new Promise<void>((resolve, reject) => {
    const results = new Map<number, CaseResult>();
    const workers: Worker[] = [];
    let next = 0;
    let emitted = 0;
    let stopped = false;
    const finish = (e?: unknown) => {
      stopped = true;
      for (const w of workers) void w.terminate();
      if (e) reject(e instanceof Error ? e : new Error(String(e)));
      else resolve();
    };
    const feed = (w: Worker) => {
      if (next < files.length) w.postMessage({ index: next, file: files[next++] });
    };
    const flush = () => {
      while (!stopped && results.has(emitted)) {
        const r = results.get(emitted)!;
        results.delete(emitted);
        if (!opts.onResult(r, emitted++)) return finish();
      }
      if (!stopped && emitted === files.length) finish();
    };
    for (let k = 0; k < jobs; k++) {
      const w = new Worker(new URL('./worker.js', import.meta.url), { workerData: { cards: cardSettings(), limits: limits(), codeCacheTag: SUITE_CODE_CACHE } });
      workers.push(w);
      w.on('message', (m: { index: number; result: CaseResult }) => {
        if (stopped) return;
        results.set(m.index, m.result);
        opts.onDone?.(emitted + results.size);
        feed(w);
        flush();
      });
      w.on('error', (e) => { if (!stopped) finish(e); });
      for (let q = 0; q < QUEUED_PER_WORKER; q++) feed(w);
    }
  });
}
