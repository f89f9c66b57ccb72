// The project's benchmark: loads and plays every scenario under the given folders (default
// scenarios/) several times in one process, and reports the time per run and the events per second.
// Then the scale curve (scale.ts). `npm run bench [-- PATHS... --runs N --no-scale]`

import { readFileSync } from 'node:fs';
import { collectFiles } from '../cli/commands/test.js';
import { loadLibrary } from '../cards/library.js';
import { loadScenarioText } from '../scenario/load.js';
import { runScenario } from '../scenario/run.js';
import { scaleCurve, scaleLine } from './scale.js';

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const runsAt = args.indexOf('--runs');
  const runs = runsAt >= 0 ? Number(args[runsAt + 1]) : 20;
  const paths = args.filter((a, i) => a !== '--runs' && i !== runsAt + 1 && a !== '--no-scale');
  const t0 = performance.now();
  loadLibrary();
  const libraryMs = performance.now() - t0;
  const { files } = collectFiles(paths.length ? paths : ['scenarios']);
  const texts = files.map((f) => [f, readFileSync(f, 'utf8')] as const);
  let events = 0;
  const per = new Map<string, number>();
  const start = performance.now();
  for (let r = 0; r < runs; r++) {
    for (const [f, text] of texts) {
      const s = performance.now();
      const { scenario, game } = loadScenarioText(f, text);
      await runScenario(scenario, game);
      events += game.state.events.length;
      per.set(f, (per.get(f) ?? 0) + performance.now() - s);
    }
  }
  const total = performance.now() - start;
  const slowest = [...per.entries()].sort((a, b) => b[1] - a[1]).slice(0, 5);
  process.stdout.write(`library load: ${libraryMs.toFixed(1)} ms\n`);
  process.stdout.write(`${files.length} scenarios x ${runs} runs: ${total.toFixed(0)} ms, ${(total / (files.length * runs)).toFixed(2)} ms per scenario run, ${Math.round(events / (total / 1000))} events/s\n`);
  process.stdout.write(`slowest (mean per run):\n${slowest.map(([f, ms]) => `  ${(ms / runs).toFixed(2)} ms  ${f}`).join('\n')}\n`);
  // the scale curve (src/bench/scale.ts): boards of 10 to 5,000 permanents, each in its own process
  if (!args.includes('--no-scale')) {
    process.stdout.write('scale curve (one derivation of characteristics, a four-spell timeline, peak memory):\n');
    for (const f of scaleCurve()) process.stdout.write(`  ${scaleLine(f)}\n`);
  }
}

void main();
