// The project's benchmark (`npm run bench [-- PATHS... --runs N --quick]`), written to
// bench/results.json with the machine it ran on, and printed:
// - throughput in one process: every scenario under the paths (default scenarios/) loaded and played
//   --runs times; scenarios per second of CPU time (the machine may be shared: CPU time counts only
//   this process's work) and of wall time;
// - cold start: `node -e 0`, `ruling --version` and `ruling run` of a one-spell scenario started
//   in turn, each several times; the ratios of their times to `node -e 0`'s;
// - `ruling test` over about 2,000 files (copies of the corpus) on every core and on one, with the
//   check that both print the same bytes;
// - the scale curve (src/bench/scale.ts), unless --no-scale.

import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { collectFiles } from '../cli/discover.js';
import { loadLibrary } from '../cards/library.js';
import { loadScenarioText } from '../scenario/load.js';
import { runScenario } from '../scenario/run.js';
import { PACKAGE_ROOT } from '../util/root.js';
import { scaleCurve, scaleLine, type ScaleFigures } from './scale.js';

const BIN = join(PACKAGE_ROOT, 'bin/ruling');
const ONE_SPELL = join(PACKAGE_ROOT, 'scenarios/examples/bolt-the-bears.yaml');
const RESULTS = join(PACKAGE_ROOT, 'bench/results.json');

interface Options { paths: string[]; runs: number; quick: boolean; noScale: boolean }

function options(): Options {
  const args = process.argv.slice(2);
  const runsAt = args.indexOf('--runs');
  const runs = runsAt >= 0 ? Number(args[runsAt + 1]) : 20;
  const paths = args.filter((a, i) => !a.startsWith('--') && i !== runsAt + 1);
  return { paths: paths.length ? paths : ['scenarios'], runs, quick: args.includes('--quick'), noScale: args.includes('--no-scale') };
}

const cpuMs = (since?: NodeJS.CpuUsage) => {
  const u = process.cpuUsage(since);
  return (u.user + u.system) / 1000;
};

async function throughput(o: Options) {
  const t0 = performance.now();
  loadLibrary();
  const libraryMs = performance.now() - t0;
  const { files } = collectFiles(o.paths);
  const texts = files.map((f) => [f, readFileSync(f, 'utf8')] as const);
  let events = 0;
  const per = new Map<string, number>();
  const cpu0 = process.cpuUsage();
  const start = performance.now();
  for (let r = 0; r < o.runs; r++) {
    for (const [f, text] of texts) {
      const s = performance.now();
      const { scenario, game } = loadScenarioText(f, text);
      await runScenario(scenario, game);
      events += game.state.events.length;
      per.set(f, (per.get(f) ?? 0) + performance.now() - s);
    }
  }
  const wallMs = performance.now() - start;
  const cpu = cpuMs(cpu0);
  const n = files.length * o.runs;
  return {
    libraryLoadMs: round(libraryMs), scenarios: files.length, runs: o.runs, eventsPerScenario: round(events / n),
    msPerScenarioCpu: round(cpu / n, 3), msPerScenarioWall: round(wallMs / n, 3),
    scenariosPerSecondCpu: Math.round(n / (cpu / 1000)), scenariosPerSecondWall: Math.round(n / (wallMs / 1000)),
    slowest: [...per.entries()].sort((a, b) => b[1] - a[1]).slice(0, 5).map(([file, ms]) => ({ file, ms: round(ms / o.runs, 2) })),
  };
}

/** CPU time of the children this process has waited for, in ms (Linux; null elsewhere). */
function childrenCpuMs(): number | null {
  try {
    const f = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
    return (Number(f[13]) + Number(f[14])) * 10;
  } catch {
    return null;
  }
}

function coldStart(o: Options) {
  const commands = { node: ['-e', '0'], version: [BIN, '--version'], run: [BIN, 'run', ONE_SPELL] };
  const times = Object.fromEntries(Object.keys(commands).map((k) => [k, { wall: [] as number[], cpu: 0 }]));
  const rounds = o.quick ? 5 : 15;
  for (let i = 0; i < rounds; i++) {
    for (const [name, args] of Object.entries(commands)) {
      const c0 = childrenCpuMs();
      const t0 = performance.now();
      const r = spawnSync(process.execPath, args, { stdio: 'ignore' });
      if (r.status !== 0) throw new Error(`${args.join(' ')} exited with ${r.status}`);
      times[name]!.wall.push(performance.now() - t0);
      const c1 = childrenCpuMs();
      if (c0 !== null && c1 !== null) times[name]!.cpu += c1 - c0;
    }
  }
  type Figures = { minWallMs: number; medianWallMs: number; meanCpuMs: number };
  const figures = Object.fromEntries(Object.entries(times).map(([k, t]) => [k, { minWallMs: round(Math.min(...t.wall)), medianWallMs: round(median(t.wall)), meanCpuMs: round(t.cpu / rounds) }])) as Record<keyof typeof commands, Figures>;
  const ratio = (k: keyof typeof commands, f: 'minWallMs' | 'medianWallMs' | 'meanCpuMs') => round(figures[k][f] / figures.node[f], 2);
  return {
    rounds, node: figures.node, version: figures.version, run: figures.run,
    ratios: {
      version: { minWall: ratio('version', 'minWallMs'), medianWall: ratio('version', 'medianWallMs'), cpu: ratio('version', 'meanCpuMs') },
      run: { minWall: ratio('run', 'minWallMs'), medianWall: ratio('run', 'medianWallMs'), cpu: ratio('run', 'meanCpuMs') },
    },
  };
}

/** `ruling test` over copies of the corpus, on every core and on one: the rate, and the same output. */
function parallelTest(o: Options) {
  const { files } = collectFiles(['scenarios']);
  const copies = Math.ceil((o.quick ? 500 : 2000) / files.length);
  const dir = mkdtempSync(join(tmpdir(), 'ruling-bench-'));
  try {
    for (let k = 0; k < copies; k++) {
      mkdirSync(join(dir, `copy${k}`));
      cpSync(join(PACKAGE_ROOT, 'scenarios'), join(dir, `copy${k}`), { recursive: true });
    }
    const total = files.length * copies;
    const runTest = (jobs: number) => {
      const t0 = performance.now();
      const r = spawnSync(process.execPath, [BIN, 'test', dir, '-j', String(jobs)], { encoding: 'utf8', maxBuffer: 1 << 28, env: { ...process.env, NO_COLOR: '1' } });
      return { seconds: (performance.now() - t0) / 1000, out: `${r.status}\n${r.stdout}` };
    };
    const cores = availableParallelism();
    const all = runTest(cores);
    const one = runTest(1);
    return {
      files: total, jobs: cores,
      scenariosPerSecond: Math.round(total / all.seconds), seconds: round(all.seconds, 2),
      oneJobScenariosPerSecond: Math.round(total / one.seconds), oneJobSeconds: round(one.seconds, 2),
      sameOutputAsOneJob: all.out === one.out,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// ------------------------------------------------------------------ scale curve
// Boards of 10 to 5,000 permanents with one and N/5 continuous-effect sources (src/bench/scale.ts),
// each measured in its own process; `--no-scale` leaves them out.
function scaleSection(o: Options): ScaleFigures[] | null {
  if (o.noScale) return null;
  process.stdout.write('scale curve (one derivation of characteristics, a four-spell timeline, peak memory):\n');
  const curve = scaleCurve(o.quick ? { sizes: [10, 100] } : {});
  for (const f of curve) process.stdout.write(`  ${scaleLine(f)}\n`);
  return curve;
}

function machine() {
  const c = cpus();
  return { cpu: c[0]?.model ?? 'unknown', cores: availableParallelism(), memoryGb: round(totalmem() / 2 ** 30, 1), node: process.version, platform: `${process.platform} ${process.arch}`, loadAverage: loadavg().map((x) => round(x, 2)) };
}

function round(x: number, digits = 1): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[s.length >> 1]!;
}

async function main(): Promise<void> {
  const o = options();
  const host = machine();
  process.stdout.write(`machine: ${host.cpu}, ${host.cores} cores, ${host.node}, load average ${host.loadAverage.join(' ')}\n`);
  const t = await throughput(o);
  process.stdout.write(`throughput: ${t.scenarios} scenarios x ${t.runs} runs, ${t.eventsPerScenario} events each: ${t.msPerScenarioCpu} ms CPU per scenario, ${t.scenariosPerSecondCpu} scenarios/s of CPU (${t.scenariosPerSecondWall}/s of wall time); library load ${t.libraryLoadMs} ms\n`);
  process.stdout.write(`  slowest (mean per run, wall): ${t.slowest.map((s) => `${s.ms} ms ${s.file}`).join(', ')}\n`);
  const cold = coldStart(o);
  process.stdout.write(`cold start (${cold.rounds} rounds): node -e 0 ${cold.node.minWallMs} ms, ruling --version ${cold.version.minWallMs} ms (${cold.ratios.version.minWall}x; CPU ${cold.ratios.version.cpu}x), ruling run ${cold.run.minWallMs} ms (${cold.ratios.run.minWall}x; CPU ${cold.ratios.run.cpu}x)\n`);
  const par = parallelTest(o);
  process.stdout.write(`ruling test: ${par.files} files on ${par.jobs} workers ${par.scenariosPerSecond} scenarios/s (${par.seconds} s); -j 1 ${par.oneJobScenariosPerSecond}/s; same output: ${par.sameOutputAsOneJob}\n`);
  const scale = scaleSection(o);
  if (o.quick) return;
  mkdirSync(join(PACKAGE_ROOT, 'bench'), { recursive: true });
  writeFileSync(RESULTS, `${JSON.stringify({ date: new Date().toISOString().slice(0, 10), machine: host, throughput: t, coldStart: cold, parallelTest: par, scaleCurve: scale }, null, 2)}\n`);
  process.stdout.write(`written to ${RESULTS}\n`);
}

void main();
