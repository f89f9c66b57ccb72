// Two builds of ruling compared on the scenario corpus, in one process: each file is played by one
// build and then by the other (the order alternating), so that the machine's speed, which drifts more
// between runs than most changes move it, is the same for both. Prints the time per scenario of each
// and the ratio B/A, per pass and over all (below 1: B is faster). A and B are package roots with a
// built dist/ (a git worktree of another commit, say); the corpus played is each build's own.
//   node dist/bench/pair.js ROOT_A ROOT_B [PASSES]

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

interface Build {
  play: (k: number) => Promise<number>;
  files: number;
}

/** Loads a build's engine and its corpus; `play(k)` plays file k and gives the milliseconds it took. */
async function build(root: string): Promise<Build> {
  const load = (m: string) => import(pathToFileURL(join(root, 'dist', m)).href);
  const { collectFiles } = await load('cli/discover.js');
  const { loadLibrary } = await load('cards/library.js');
  const { loadScenarioText } = await load('scenario/load.js');
  const { runScenario } = await load('scenario/run.js');
  loadLibrary();
  const { files } = collectFiles([join(root, 'scenarios')]) as { files: string[] };
  const texts = files.map((f) => [f, readFileSync(f, 'utf8')] as const);
  const play = async (k: number) => {
    const [f, t] = texts[k]!;
    const start = performance.now();
    const { scenario, game } = loadScenarioText(f, t);
    await runScenario(scenario, game);
    return performance.now() - start;
  };
  return { play, files: texts.length };
}

async function main(): Promise<void> {
  const [rootA, rootB, passArg] = process.argv.slice(2);
  if (!rootA || !rootB) {
    process.stderr.write('usage: node dist/bench/pair.js ROOT_A ROOT_B [PASSES]\n');
    process.exit(2);
  }
  const passes = Number(passArg ?? 10);
  const builds = [await build(rootA), await build(rootB)] as const;
  const n = Math.min(builds[0].files, builds[1].files);
  // warm-up: a few passes each, so that both are compared with their code optimized
  for (let w = 0; w < 3; w++) for (const b of builds) for (let k = 0; k < n; k++) await b.play(k);
  const total = [0, 0];
  const ratios: number[] = [];
  for (let p = 0; p < passes; p++) {
    const pass = [0, 0];
    for (let k = 0; k < n; k++) {
      for (const i of (p + k) % 2 ? [1, 0] : [0, 1]) pass[i]! += await builds[i]!.play(k);
    }
    total[0]! += pass[0]!;
    total[1]! += pass[1]!;
    ratios.push(pass[1]! / pass[0]!);
  }
  const per = (t: number) => (t / n / passes).toFixed(3);
  process.stdout.write(`${n} scenarios x ${passes} passes: A ${per(total[0]!)} ms, B ${per(total[1]!)} ms per scenario\n`);
  process.stdout.write(`B/A ${(total[1]! / total[0]!).toFixed(3)}; per pass ${ratios.map((r) => r.toFixed(3)).join(' ')}\n`);
}

void main();
