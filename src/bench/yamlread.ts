// Reading YAML, the full parser against readYaml (the fast reader first): CPU ms per file over the
// scenarios and the card library, and the share of files the fast reader reads itself. CPU time
// rather than the clock, which a shared machine makes unsteady.
//   node dist/bench/yamlread.js [ROUNDS]

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { PACKAGE_ROOT } from '../util/root.js';
import { readFast } from '../util/yamlfast.js';
import { readYaml, readYamlFull } from '../util/yamlread.js';

function yamlFiles(dir: string): string[] {
  return readdirSync(dir).sort().flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return yamlFiles(path);
    return name.endsWith('.yaml') ? [path] : [];
  });
}

/** CPU ms per text of `read`, the fastest of a few trials after one to warm up. */
function cpuPerText(texts: string[], rounds: number, read: (text: string) => unknown): number {
  let best = Infinity;
  for (let trial = 0; trial < 4; trial++) {
    const start = process.cpuUsage();
    for (let r = 0; r < rounds; r++) for (const t of texts) read(t);
    const used = process.cpuUsage(start);
    if (trial > 0) best = Math.min(best, (used.user + used.system) / 1000 / (rounds * texts.length));
  }
  return best;
}

const rounds = Number(process.argv[2] ?? 3);
const texts = ['scenarios', 'src/cards/library'].flatMap((d) => yamlFiles(join(PACKAGE_ROOT, d))).map((f) => readFileSync(f, 'utf8'));
const read = texts.filter((t) => readFast(t, 64) !== null).length;
const full = cpuPerText(texts, rounds, (t) => readYamlFull(t));
const fast = cpuPerText(texts, rounds, (t) => readYaml(t));
console.log(`${texts.length} files, ${read} read by the fast reader`);
console.log(`full parser ${full.toFixed(3)} ms per file, readYaml ${fast.toFixed(3)} ms per file (${(full / fast).toFixed(1)}x)`);
