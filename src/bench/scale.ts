// The scale curve: how the engine grows with the size of the board. For N = 10, 100, 1,000 and 5,000
// permanents, with one continuous-effect source and with N/5 of them (scaleBoard.ts), it measures
// loading the scenario, one full derivation of every object's characteristics (613), the four-spell
// timeline, and the peak memory. Each board runs in a child process of its own, so its peak memory
// is its own. `scaleCurve()` returns the figures; `npm run bench` prints them, and so does
// `node dist/bench/scale.js [--sizes 10,100] [--timeout SECONDS]`.

import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { loadLibrary } from '../cards/library.js';
import { loadScenarioText } from '../scenario/load.js';
import { runScenario } from '../scenario/run.js';
import { scaleScenarioText, type ScaleBoard } from './scaleBoard.js';

export interface ScaleFigures extends ScaleBoard {
  /** Reading and building the scenario, in ms. */
  loadMs?: number;
  /** One full derivation of characteristics, in ms: the median of several, once V8 has warmed up on it. */
  deriveMs?: number;
  /** The same in CPU time of the process, steadier than the clock on a shared machine. */
  deriveCpuMs?: number;
  /** Playing the four-spell timeline after loading, in ms, and in CPU time. */
  scenarioMs?: number;
  scenarioCpuMs?: number;
  /** Events of the timeline. */
  events?: number;
  /** The largest resident set of the process, in MB. */
  peakMb?: number;
  /** Why the figures are missing: the board ran out of time, or failed. */
  problem?: string;
}

export const SCALE_SIZES = [10, 100, 1000, 5000];

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

/** Runs `f`, returning its result with the time it took on the clock and in CPU, in ms. */
async function timed<T>(f: () => T | Promise<T>): Promise<{ value: T; ms: number; cpuMs: number }> {
  const t = performance.now();
  const c = process.cpuUsage();
  const value = await f();
  const used = process.cpuUsage(c);
  return { value, ms: performance.now() - t, cpuMs: (used.user + used.system) / 1000 };
}

/** Measures one board in this process. */
export async function measureBoard(b: ScaleBoard): Promise<ScaleFigures> {
  loadLibrary();
  const text = scaleScenarioText(b);
  const file = `scale-${b.permanents}-${b.sources}.yaml`;
  const load = await timed(() => loadScenarioText(file, text));
  const derive = () => {
    load.value.game.changed();
    return timed(() => load.value.game.ports.characteristics.computeAll());
  };
  // warmed up first (V8 optimizes the layer code only after some runs; a small board's first
  // derivations cost several times its later ones): at least five runs and half a second, at most
  // fifty; then at least five timed, more while they are quick (up to a second, at most thirty)
  let warm = 0;
  for (let runs = 0; runs < 5 || (warm < 500 && runs < 50); runs++) warm += (await derive()).ms;
  const wall: number[] = [];
  const cpu: number[] = [];
  while (wall.length < 5 || (wall.length < 30 && wall.reduce((x, y) => x + y, 0) < 1000)) {
    const d = await derive();
    wall.push(d.ms);
    cpu.push(d.cpuMs);
  }
  const { scenario, game } = loadScenarioText(file, text);
  const run = await timed(() => runScenario(scenario, game));
  const peakMb = process.resourceUsage().maxRSS / 1024;
  const r = run.value;
  const problem = r.error ? `the timeline stopped: ${r.error.message}` : r.failures.length ? 'a checkpoint failed' : undefined;
  return {
    ...b, loadMs: load.ms, deriveMs: median(wall), deriveCpuMs: median(cpu), scenarioMs: run.ms, scenarioCpuMs: run.cpuMs,
    events: game.state.events.length, peakMb, ...(problem ? { problem } : {}),
  };
}

/** The boards of the curve: each size with one effect source and with a fifth of it sources. */
export function scaleBoards(sizes = SCALE_SIZES): ScaleBoard[] {
  return sizes.flatMap((n) => [{ permanents: n, sources: 1 }, { permanents: n, sources: Math.max(2, Math.floor(n / 5)) }]);
}

/** Measures one board in a child process of its own, for at most `timeoutS` seconds. */
export function measureInChild(b: ScaleBoard, timeoutS = 600): ScaleFigures {
  const r = spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--board', String(b.permanents), String(b.sources)], {
    encoding: 'utf8', timeout: timeoutS * 1000, maxBuffer: 1 << 20,
  });
  if (r.error || r.status !== 0) {
    const why = r.signal === 'SIGTERM' ? `no result within ${timeoutS} s` : `failed: ${(r.stderr || String(r.error)).trim().split('\n')[0]}`;
    return { ...b, problem: why };
  }
  return JSON.parse(r.stdout) as ScaleFigures;
}

/** Measures every board of the curve, each in a child process. */
export function scaleCurve(opts: { sizes?: number[]; timeoutS?: number } = {}): ScaleFigures[] {
  return scaleBoards(opts.sizes).map((b) => measureInChild(b, opts.timeoutS));
}

/** One line of the curve for a terminal. */
export function scaleLine(f: ScaleFigures): string {
  const ms = (x: number | undefined) => (x === undefined ? '-' : x < 10 ? x.toFixed(2) : x.toFixed(0));
  const head = `N=${String(f.permanents).padStart(5)} sources=${String(f.sources).padStart(4)}`;
  if (f.deriveMs === undefined) return `${head}: ${f.problem ?? 'no result'}`;
  return `${head}: load ${ms(f.loadMs)} ms, one derivation ${ms(f.deriveMs)} ms (CPU ${ms(f.deriveCpuMs)}), four spells ${ms(f.scenarioMs)} ms (CPU ${ms(f.scenarioCpuMs)}, ${f.events} events), peak ${ms(f.peakMb)} MB${f.problem ? ` (${f.problem})` : ''}`;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const at = args.indexOf('--board');
  if (at >= 0) {
    const figures = await measureBoard({ permanents: Number(args[at + 1]), sources: Number(args[at + 2]) });
    process.stdout.write(`${JSON.stringify(figures)}\n`);
    return;
  }
  const sizes = args.includes('--sizes') ? args[args.indexOf('--sizes') + 1]!.split(',').map(Number) : undefined;
  const timeoutS = args.includes('--timeout') ? Number(args[args.indexOf('--timeout') + 1]) : undefined;
  for (const b of scaleBoards(sizes)) process.stdout.write(`${scaleLine(measureInChild(b, timeoutS))}\n`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) void main();
