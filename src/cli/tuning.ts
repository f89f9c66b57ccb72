// How V8 compiles the engine, set once as the command line starts (and by the bench, which measures
// what the command line does). The engine's hot functions are large and see objects of many shapes
// (every card's abilities, every kind of event), so the optimizing compiler keeps meeting a new shape
// in the code it made, throws the code away and compiles the function again. With V8's default
// inlining budget one such compilation of the casting function took 160-250 ms of a background
// thread, again and again while a suite warmed up: over the first passes of the corpus about a third
// of the CPU went to compiling. A smaller budget makes each compilation far cheaper, and the code was
// no slower once warm. Measured (2 cores, corpus in one process): the first pass 25% less CPU,
// `ruling test` over 2,019 files 8% less CPU; later passes the same or faster.

import { setFlagsFromString } from 'node:v8';

/** Bytecode inlined into one optimized function, at most (V8's default is 920). */
const INLINING_BUDGET = 200;

let tuned = false;

/** Sets the compiler flags for this process (its worker threads included); only the first call acts. */
export function tuneCompiler(): void {
  if (tuned) return;
  tuned = true;
  setFlagsFromString(`--max-inlined-bytecode-size-cumulative=${INLINING_BUDGET}`);
}
