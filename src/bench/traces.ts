// Behaviour kept byte for byte: saves what `ruling run` prints for every scenario (stdout, stderr and
// exit code), or compares a build's output with what was saved. For changes meant to alter nothing
// but speed (the layer system's caches, loading): save with the build before, compare with the one after.
//   node dist/bench/traces.js save DIR [--root ROOT] [PATHS...]
//   node dist/bench/traces.js compare DIR [--root ROOT] [PATHS...]

import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { collectFiles } from '../cli/commands/test.js';

const HERE_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** What `ruling run FILE` prints under ROOT, with its exit code. */
function runOne(root: string, file: string): Promise<string> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [join(root, 'bin/ruling'), 'run', file], { env: { ...process.env, NO_COLOR: '1', CI: '1' } });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => { out += d.toString(); });
    child.stderr.on('data', (d: Buffer) => { err += d.toString(); });
    child.on('close', (code) => done(`exit ${code}\n--- stdout\n${out}--- stderr\n${err}`));
  });
}

/** Runs every file, two at a time, in file order of the results. */
async function runAll(root: string, files: string[]): Promise<string[]> {
  const out: string[] = new Array(files.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < files.length) {
      const i = next++;
      out[i] = await runOne(root, files[i]!);
    }
  };
  await Promise.all([worker(), worker()]);
  return out;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const [mode, dir] = args;
  const rootAt = args.indexOf('--root');
  const root = rootAt >= 0 ? resolve(args[rootAt + 1]!) : HERE_ROOT;
  const paths = args.slice(2).filter((a, i, all) => a !== '--root' && all[i - 1] !== '--root');
  if ((mode !== 'save' && mode !== 'compare') || !dir) {
    process.stderr.write('usage: traces.js save|compare DIR [--root ROOT] [PATHS...]\n');
    process.exit(2);
  }
  const { files } = collectFiles(paths.length ? paths : [join(HERE_ROOT, 'scenarios')]);
  const outputs = await runAll(root, files);
  const key = (f: string) => join(dir, `${f.replace(/^\//, '').replace(/\//g, '__')}.out`);
  if (mode === 'save') {
    mkdirSync(dir, { recursive: true });
    files.forEach((f, i) => writeFileSync(key(f), outputs[i]!));
    process.stdout.write(`saved ${files.length} outputs in ${dir}\n`);
    return;
  }
  const differ = files.filter((f, i) => !existsSync(key(f)) || readFileSync(key(f), 'utf8') !== outputs[i]);
  for (const f of differ) process.stdout.write(`differs: ${f}\n`);
  process.stdout.write(`${files.length - differ.length} of ${files.length} identical\n`);
  process.exit(differ.length ? 1 : 0);
}

void main();
