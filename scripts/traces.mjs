#!/usr/bin/env node
// Records what `ruling` prints for every scenario, so that two builds can be compared byte for byte:
// `ruling run` (the trace) and `ruling run --json` of each scenario under scenarios/, and `ruling run`
// and `ruling check` of the inputs that must fail with positioned errors (test/fuzz/regressions/).
// Each output file holds the exit code, stdout and stderr.
//
//   node scripts/traces.mjs OUT_DIR [BIN]        (BIN defaults to this checkout's bin/ruling)
//   diff -r OUT_BEFORE OUT_AFTER
//
// Run it from the repository root: paths in the output are relative to the working directory.

import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join, resolve } from 'node:path';

const [out, bin = 'bin/ruling'] = process.argv.slice(2);
if (!out) {
  process.stderr.write('usage: node scripts/traces.mjs OUT_DIR [BIN]\n');
  process.exit(2);
}

function yamlFiles(dir) {
  return readdirSync(dir).sort().flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return yamlFiles(path);
    return /\.ya?ml$/.test(name) ? [path] : [];
  });
}

const jobs = [];
for (const f of yamlFiles('scenarios')) {
  jobs.push({ name: `${f}.txt`, args: ['run', '--non-interactive', f] });
  jobs.push({ name: `${f}.json.txt`, args: ['run', '--non-interactive', '--json', f] });
}
for (const f of yamlFiles('test/fuzz/regressions')) {
  jobs.push({ name: `${f}.txt`, args: ['run', '--non-interactive', f] });
  jobs.push({ name: `${f}.check.txt`, args: ['check', f] });
}

function run(job) {
  return new Promise((done) => {
    const child = spawn(process.execPath, [resolve(bin), ...job.args], { env: { ...process.env, NO_COLOR: '1', CI: '1' } });
    const chunks = { out: [], err: [] };
    child.stdout.on('data', (d) => chunks.out.push(d));
    child.stderr.on('data', (d) => chunks.err.push(d));
    child.on('close', (code) => {
      const file = join(out, job.name);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, `exit ${code}\n--- stdout\n${Buffer.concat(chunks.out)}--- stderr\n${Buffer.concat(chunks.err)}`);
      done();
    });
  });
}

let next = 0;
async function lane() {
  while (next < jobs.length) await run(jobs[next++]);
}
await Promise.all(Array.from({ length: availableParallelism() }, lane));
process.stdout.write(`${jobs.length} outputs written under ${out}\n`);
