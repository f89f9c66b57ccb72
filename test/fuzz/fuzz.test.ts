// The fuzz suite (the reliability issue): mutated corpus scenarios and random games on random boards,
// each played in a worker under time and memory limits, must end in a positioned, readable result:
// exit 0, 1 or 2, never an internal error, a hang or a blow-up, and every invariant kept (a card in
// one zone at a time, cards conserved, rollback exact, valid JSON, the same bytes twice). `npm test`
// runs a short seeded form, in slices of a few dozen cases (one test each, so none runs long);
// `npm run fuzz` the long one (FUZZ_CASES, FUZZ_GAMES, FUZZ_CLI, FUZZ_SEED), one test per campaign.
// Mutated scenarios also go through the real command line (cli.ts), a few in the short form. Inputs
// that once failed are kept in regressions/ and played every time.

import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadLibrary } from '../../dist/cards/library.js';
import { corpus, mutatedScenario, randomGame } from './cases.js';
import { Pool, problems, type FuzzCase, type FuzzResult } from './harness.js';
import { runCliCases } from './cli.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const LONG = !!process.env.FUZZ_LONG;
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const CASES = Number(process.env.FUZZ_CASES ?? (LONG ? 100_000 : 600));
const GAMES = Number(process.env.FUZZ_GAMES ?? (LONG ? 10_000 : 150));
/** Mutated scenarios played by `node bin/ruling` in a child process (each about half a second). */
const CLI = Number(process.env.FUZZ_CLI ?? (LONG ? 3_000 : 2));
/** Every Nth case is played twice: the same input must give the same bytes. */
const TWICE_EVERY = LONG ? 50 : 20;
/** Workers playing the cases: `npm test` keeps every core busy with its other test files, and a second
 * worker there only warms the engine up a second time (~40% more CPU per case); the long run has the machine. */
const WORKERS = Number(process.env.FUZZ_WORKERS ?? (LONG ? 2 : 1));
const BATCH = 500;
/** The campaign of `total` cases cut into slices of `size` (one test each, under a second
 * on a quiet machine): [first case, number of cases]. The long run plays each campaign in one test. */
function slices(total: number, size: number): Array<[number, number]> {
  const step = LONG ? total : size;
  const out: Array<[number, number]> = [];
  for (let i = 0; i < total; i += step) out.push([i, Math.min(step, total - i)]);
  return out;
}

/** Plays cases `from` to `from + total` of a campaign in batches, each sampled from the arbitrary with
 * its own seed, the seed plus its first case's number (so a long campaign never holds more than a batch;
 * cut into other slices, the campaign plays other cases), collecting problems and tallying outcomes. */
async function campaign(arb: fc.Arbitrary<FuzzCase>, seed: number, from: number, total: number, pool: Pool): Promise<{ problems: string[]; tally: Record<string, number> }> {
  const found: string[] = [];
  const tally: Record<string, number> = {};
  const endings: Record<string, number> = {};
  for (let i = from; i < from + total; i += BATCH) {
    const batch = fc.sample(arb, { seed: seed + i, numRuns: Math.min(BATCH, from + total - i) });
    const twice = batch.filter((_, k) => (i + k) % TWICE_EVERY === 0);
    const results = await pool.run([...batch, ...twice]);
    batch.forEach((c, k) => {
      const r = results[k]!;
      const kind = r.hang ? 'hang' : r.memory ? 'memory' : `exit ${r.code}`;
      tally[kind] = (tally[kind] ?? 0) + 1;
      tally.rejected = (tally.rejected ?? 0) + r.rejections;
      if (found.length < 1000) found.push(...problems(c, r));
      const why = r.errors[0]?.message.replace(/"[^"]*"|'[^']*'|\d+/g, '_').slice(0, 70);
      if (why) endings[why] = (endings[why] ?? 0) + 1;
    });
    twice.forEach((c, k) => {
      const first = results[batch.indexOf(c)]!;
      const second: FuzzResult = results[batch.length + k]!;
      if (first.out.join('\n') !== second.out.join('\n') || first.code !== second.code) found.push(`${c.label}: two runs of the same input differ`);
    });
  }
  if (LONG) {
    console.log(`${total} cases: ${JSON.stringify(tally)}; ${found.length} problems; commonest errors:`);
    for (const [why, n] of Object.entries(endings).sort((a, b) => b[1] - a[1]).slice(0, 12)) console.log(`  ${String(n).padStart(6)}  ${why}`);
  }
  return { problems: found, tally };
}

describe('fuzzing', { timeout: LONG ? 0 : 120_000 }, () => {
  const pool = new Pool(WORKERS);
  beforeAll(() => pool.started(), 60_000);
  afterAll(() => pool.close());
  const scenarios = corpus(ROOT);

  for (const [from, n] of slices(CASES, 20)) {
    it(`mutated corpus scenarios ${from + 1} to ${from + n} of ${CASES} end in a positioned, readable result`, async () => {
      const { problems: found, tally } = await campaign(mutatedScenario(scenarios), SEED, from, n, pool);
      expect(found.slice(0, 20)).toEqual([]);
      expect(tally['exit 2']).toBeGreaterThan(0); // the mutations do reach the error paths
    });
  }

  for (const [from, n] of slices(GAMES, 30)) {
    it(`random games ${from + 1} to ${from + n} of ${GAMES} on random boards keep every invariant`, async () => {
      const cards = loadLibrary().registry.all().filter((c) => c.unsupported.length === 0).map((c) => ({ name: c.name, types: c.main.types }));
      const { problems: found, tally } = await campaign(randomGame(cards), SEED + 1_000_000, from, n, pool);
      expect(found.slice(0, 20)).toEqual([]);
      expect(tally['exit 0']).toBeGreaterThan(0); // some games play to their end
    });
  }

  for (const [from, n] of slices(CLI, 1)) {
    it(`${n === 1 ? `mutated scenario ${from + 1}` : `mutated scenarios ${from + 1} to ${from + n}`} of ${CLI} through the command line: exit 0, 1 or 2, valid --json, positioned errors, the same bytes from elsewhere`, async () => {
      const cases = fc.sample(mutatedScenario(scenarios), { seed: SEED + 2_000_000, numRuns: CLI }).slice(from, from + n);
      const { problems: found, tally } = await runCliCases(ROOT, cases, { every: LONG ? 10 : 2, first: from });
      if (LONG) console.log(`${CLI} command-line cases: ${JSON.stringify(tally)}; ${found.length} problems`);
      expect(found.slice(0, 20)).toEqual([]);
    });
  }

  it('inputs that once failed stay fixed', async () => {
    const dir = join(ROOT, 'test/fuzz/regressions');
    const files = readdirSync(dir).filter((f) => f.endsWith('.yaml')).sort();
    const cases: FuzzCase[] = files.map((f) => ({ label: `regressions/${f}`, text: readFileSync(join(dir, f), 'utf8'), answers: 'file', seed: 1 }));
    const results = await pool.run(cases);
    expect(cases.flatMap((c, i) => problems(c, results[i]!))).toEqual([]);
  });
});
