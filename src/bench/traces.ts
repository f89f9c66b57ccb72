// Behaviour kept byte for byte: records what `ruling` prints (exit code, stdout, stderr) for every
// scenario, and for every input that must fail with positioned errors (test/fuzz/regressions/), or
// compares a build's output with what was recorded. For changes meant to alter nothing but speed:
// save with the build before, compare with the one after.
//   node dist/bench/traces.js save DIR [--json] [--root ROOT] [PATHS...]
//   node dist/bench/traces.js compare DIR [--json] [--root ROOT] [PATHS...]
// Each scenario gives `ruling run` (DIR/PATH.txt), and with --json also `ruling run --json`
// (DIR/PATH.json.txt); each file of test/fuzz/regressions/ gives `ruling run` and `ruling check`
// (DIR/PATH.check.txt). PATHS default to scenarios/ and test/fuzz/regressions/; paths are written
// relative to the working folder, so run it from the repository root. ROOT is the checkout whose
// bin/ruling runs (default: this one), to compare another build on the same files.

import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { PACKAGE_ROOT } from '../util/root.js';

interface Job { name: string; args: string[] }

function yamlFiles(path: string): string[] {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path).sort().flatMap((name) => {
    const child = join(path, name);
    if (statSync(child).isDirectory()) return yamlFiles(child);
    return /\.ya?ml$/.test(name) ? [child] : [];
  });
}

/** The commands to record for each file: a regression input is also checked, a scenario also run with --json. */
function jobsFor(paths: string[], json: boolean): Job[] {
  const jobs: Job[] = [];
  for (const p of paths) {
    for (const f of yamlFiles(p)) {
      const file = relative(process.cwd(), resolve(f)) || f;
      jobs.push({ name: `${file}.txt`, args: ['run', '--non-interactive', file] });
      if (file.split(/[\\/]/).includes('regressions')) jobs.push({ name: `${file}.check.txt`, args: ['check', file] });
      else if (json) jobs.push({ name: `${file}.json.txt`, args: ['run', '--non-interactive', '--json', file] });
    }
  }
  return jobs;
}

/** What the command prints under ROOT, with its exit code. */
function runOne(root: string, job: Job): Promise<string> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [join(root, 'bin/ruling'), ...job.args], { env: { ...process.env, NO_COLOR: '1', CI: '1' } });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stderr.on('data', (d: Buffer) => err.push(d));
    child.on('close', (code) => done(`exit ${code}\n--- stdout\n${Buffer.concat(out).toString()}--- stderr\n${Buffer.concat(err).toString()}`));
  });
}

/** Runs every job, one per core at a time; the outputs in job order. */
async function runAll(root: string, jobs: Job[]): Promise<string[]> {
  const out: string[] = new Array(jobs.length);
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < jobs.length) {
      const i = next++;
      out[i] = await runOne(root, jobs[i]!);
    }
  };
  await Promise.all(Array.from({ length: availableParallelism() }, lane));
  return out;
}

function options(args: string[]): { mode: string; dir: string; root: string; json: boolean; paths: string[] } | null {
  const [mode, dir, ...rest] = args;
  if ((mode !== 'save' && mode !== 'compare') || !dir) return null;
  const rootAt = rest.indexOf('--root');
  const root = rootAt >= 0 ? resolve(rest[rootAt + 1] ?? '.') : PACKAGE_ROOT;
  const paths = rest.filter((a, i) => !a.startsWith('--') && (rootAt < 0 || i !== rootAt + 1));
  const defaults = ['scenarios', join('test', 'fuzz', 'regressions')].filter((p) => existsSync(p));
  return { mode, dir, root, json: rest.includes('--json'), paths: paths.length ? paths : defaults };
}

async function main(): Promise<void> {
  const o = options(process.argv.slice(2));
  if (!o) {
    process.stderr.write('usage: node dist/bench/traces.js save|compare DIR [--json] [--root ROOT] [PATHS...]\n');
    process.exit(2);
  }
  const jobs = jobsFor(o.paths, o.json);
  const outputs = await runAll(o.root, jobs);
  const at = (job: Job) => join(o.dir, job.name);
  if (o.mode === 'save') {
    jobs.forEach((job, i) => {
      mkdirSync(dirname(at(job)), { recursive: true });
      writeFileSync(at(job), outputs[i]!);
    });
    process.stdout.write(`${jobs.length} outputs saved under ${o.dir}\n`);
    return;
  }
  const differ = jobs.filter((job, i) => !existsSync(at(job)) || readFileSync(at(job), 'utf8') !== outputs[i]);
  for (const job of differ) process.stdout.write(`differs: ${job.name}\n`);
  process.stdout.write(`${jobs.length - differ.length} of ${jobs.length} identical\n`);
  process.exit(differ.length ? 1 : 0);
}

void main();
