// The V8 flags of a suite (`ruling test` over more than one file), and the code cache kept apart
// under them. A module of its own: the pool sets them, and a test sets them without the engine.

import { setFlagsFromString } from 'node:v8';

/**
 * V8's compiler settings for a suite, many short scenarios with most code running briefly in each:
 * - V8 optimizes a function once it has run for a budget of bytecode. Optimizing that early costs
 *   more CPU than it saves: about 4x V8's default budget makes a run over the corpus some 35% cheaper
 *   (README, Performance).
 * - The engine's large functions see objects of many shapes (every card's abilities, every kind of
 *   event): optimized code keeps meeting a new shape, is thrown away and compiled again, and with
 *   V8's default inlining budget (920) one compilation of the casting function took 160-250 ms. A
 *   smaller one makes each far cheaper, the code no slower once warm: over 2,019 files on one thread
 *   about 8% less CPU (medians of five runs, alternating).
 * Only for suites: a single short run is slower with them, its code left longer in the interpreter.
 */
const SUITE_V8_FLAGS = '--interrupt-budget=300000 --max-inlined-bytecode-size-cumulative=200';

/** The name under which the code cache compiled under the suite's flags is kept. */
export const SUITE_CODE_CACHE = 'suite';

/**
 * The suite's V8 flags, from now on in the whole process. The bundle's code cache (scripts/codecache.cjs)
 * holds the flags it was written under and is refused under others: what was compiled before (this
 * command's own code) is written now, under the flags it is read with, and from now on the cache is
 * read and written apart, in this thread as in the workers.
 */
export function useSuiteFlags(): void {
  const cache = globalThis as Record<symbol, unknown>;
  (cache[Symbol.for('ruling.codeCache.flush')] as (() => void) | undefined)?.();
  setFlagsFromString(SUITE_V8_FLAGS);
  cache[Symbol.for('ruling.codeCache.tag')] = SUITE_CODE_CACHE;
}
