// Plays fuzz cases in worker threads (test/fuzz/worker.mjs), each under a time and memory limit, so a
// hang or a blow-up is a finding rather than a stuck test run. Then the properties every run must
// have, whatever its input: an exit code in {0, 1, 2}, never an internal error; every error
// positioned and worded for a person; no broken invariant; valid JSON events.

import { Worker } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';

export interface FuzzCase {
  /** What the case is, to reproduce it: the corpus file and mutations, or the game's seed. */
  label: string;
  text: string;
  /** `file`: only the answers the file gives (as `run` in CI); `random`: a seeded random answerer. */
  answers: 'file' | 'random';
  seed: number;
}

export interface FuzzResult {
  code: number;
  out: string[];
  invariants: string[];
  /** Actions rejected (and checked to leave the state as it was). */
  rejections: number;
  errors: Array<{ file: string; pos: { line: number; col: number }; message: string }>;
  internal?: string;
  ms: number;
  hang?: boolean;
  memory?: boolean;
}

const WORKER = fileURLToPath(new URL('./worker.mjs', import.meta.url));
/**
 * A run silent for longer than this is a hang (the bound): no result, and no question put to the
 * (random) prompt. A question is the tool answering: a person at a terminal waits only for the next
 * question, so a long action asked many questions is timed from one question to the next.
 */
export const HANG_MS = 10_000;
/** A run asking questions is still stopped past this, however often it asks. */
export const PROMPTED_MS = 12 * HANG_MS;
/** A run needing more heap than this is a blow-up. */
export const HEAP_MB = 1024;

/** A result as the worker sends it: the output lines as one string and each line's length. */
type Packed = Omit<FuzzResult, 'out'> & { out: { text: string; lengths: Uint32Array } };

/** The lines of a packed output. */
function unpacked({ text, lengths }: Packed['out']): string[] {
  const lines = new Array<string>(lengths.length);
  let at = 0;
  for (let i = 0; i < lengths.length; i++) lines[i] = text.slice(at, (at += lengths[i]!));
  return lines;
}

/** One worker, replaced when a case hangs or runs out of memory. */
class Runner {
  /** Resolves once the worker has loaded its modules (the library): a case's clock starts then. */
  private ready: Promise<void> = Promise.resolve();
  private worker = this.spawn();

  private spawn(): Worker {
    const w = new Worker(WORKER, { resourceLimits: { maxOldGenerationSizeMb: HEAP_MB } });
    this.ready = new Promise((resolve) => w.once('message', () => resolve()));
    return w;
  }

  /** Resolves once the worker is ready for a case. */
  started(): Promise<void> {
    return this.ready;
  }

  /** Plays a case; one that hangs is played again in a fresh worker, and is a hang only if it hangs
   * twice (on a loaded machine a slow case is not a hang). */
  async run(c: FuzzCase): Promise<FuzzResult> {
    const r = await this.once(c);
    return r.hang ? this.once(c) : r;
  }

  private async once(c: FuzzCase): Promise<FuzzResult> {
    await this.ready;
    return new Promise((resolve) => {
      const w = this.worker;
      const done = (r: FuzzResult) => {
        clearTimeout(timer);
        clearTimeout(ceiling);
        w.removeAllListeners('message');
        w.removeAllListeners('error');
        resolve(r);
      };
      const fail = (r: Partial<FuzzResult>) => {
        void w.terminate();
        this.worker = this.spawn();
        done({ code: 3, out: [], invariants: [], rejections: 0, errors: [], ms: HANG_MS, ...r });
      };
      let timer = setTimeout(() => fail({ hang: true }), HANG_MS);
      const ceiling = setTimeout(() => fail({ hang: true }), PROMPTED_MS);
      w.on('message', (r: Packed | { asking: true }) => {
        if (!('asking' in r)) return done({ ...r, out: unpacked(r.out) });
        clearTimeout(timer);
        timer = setTimeout(() => fail({ hang: true }), HANG_MS);
      });
      w.once('error', (e: Error) => fail({ memory: /memory/i.test(e.message), internal: e.message }));
      w.postMessage({ text: c.text, answers: c.answers, seed: c.seed });
    });
  }

  close(): Promise<number> {
    return this.worker.terminate();
  }
}

/**
 * Workers kept for several runs of cases: a worker loads the engine and the library once, so a
 * campaign played in slices (one test each) doesn't pay that again for every slice.
 */
export class Pool {
  private readonly runners: Runner[];

  constructor(parallel = 2) {
    this.runners = Array.from({ length: Math.max(1, parallel) }, () => new Runner());
  }

  /** Resolves once every worker has loaded the engine and the library. */
  async started(): Promise<void> {
    await Promise.all(this.runners.map((r) => r.started()));
  }

  /** Runs cases on the pool's workers, in order of the input, and returns the results in that order. */
  async run(cases: FuzzCase[]): Promise<FuzzResult[]> {
    const results: FuzzResult[] = new Array(cases.length);
    let next = 0;
    await Promise.all(this.runners.slice(0, Math.max(1, cases.length)).map(async (r) => {
      while (next < cases.length) {
        const i = next++;
        results[i] = await r.run(cases[i]!);
      }
    }));
    return results;
  }

  async close(): Promise<void> {
    await Promise.all(this.runners.map((r) => r.close()));
  }
}

/** Runs cases on `parallel` new workers, in order of the input, and returns the results in that order. */
export async function runCases(cases: FuzzCase[], parallel = 2): Promise<FuzzResult[]> {
  const pool = new Pool(Math.min(parallel, Math.max(1, cases.length)));
  try {
    return await pool.run(cases);
  } finally {
    await pool.close();
  }
}

/** Words that show internals leaking into what a person reads, unless the input itself has them (a
 * message may quote what the file said). */
const LEAKS = /\bNaN\b|\bundefined\b|\[object |TypeError|RangeError|ReferenceError|Maximum call stack|\bat \S+\.m?js:\d+/;

/** What is wrong with a run, as sentences (none for a good run). */
export function leaks(text: string, input: string): string | undefined {
  const word = LEAKS.exec(text)?.[0];
  return word !== undefined && !input.includes(word) ? word : undefined;
}

export function problems(c: FuzzCase, r: FuzzResult): string[] {
  const out: string[] = [];
  if (r.hang) out.push(`hang: no answer and no question within ${HANG_MS / 1000} s (or past ${PROMPTED_MS / 1000} s in all)`);
  else if (r.memory) out.push(`over ${HEAP_MB} MB of heap`);
  else if (r.code === 3) out.push(`internal error: ${r.internal ?? ''}`);
  else if (![0, 1, 2].includes(r.code)) out.push(`exit code ${r.code}`);
  for (const e of r.errors) {
    if (!(e.pos.line >= 1 && e.pos.col >= 1)) out.push(`unpositioned error: ${e.message}`);
    const leak = leaks(e.message, c.text);
    if (leak) out.push(`leaky message (${leak}): ${e.message}`);
  }
  for (const l of r.out) {
    const leak = leaks(l, c.text);
    if (leak) { out.push(`leaky output line (${leak}): ${l.slice(0, 300)}`); break; }
  }
  out.push(...r.invariants);
  return out.map((p) => `${c.label}: ${p}`);
}
