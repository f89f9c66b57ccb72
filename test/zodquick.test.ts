// The quick way through the scenario schema against zod: wherever it answers, zod accepts the value
// and gives the same output, to the key order and the number type; wherever zod finds a problem, it
// doesn't answer. Checked on every scenario of the corpus and on scenarios changed in one place (a
// value, a key dropped or added, a key moved to the end). And it must really answer for the corpus,
// or it would be no faster.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { show, yamlFiles } from './helpers.js';
import { scenarioSchema } from '../dist/scenario/schema.js';
import { readYaml } from '../dist/util/yamlread.js';
import { quickParse } from '../dist/util/zodquick.js';

const ROOT = join(__dirname, '..');



/** Why the quick way disagrees with zod on the value, or null. */
function disagreement(value: unknown, tree: boolean): string | null {
  const quick = quickParse(scenarioSchema, value, tree);
  if (!quick) return null;
  const zod = scenarioSchema.safeParse(value);
  if (!zod.success) return `answered where zod finds: ${zod.error.issues[0]?.message}`;
  if (show(quick.data) !== show(zod.data)) return `outputs differ: quick ${show(quick.data)}, zod ${show(zod.data)}`;
  return null;
}

const corpus = yamlFiles(join(ROOT, 'scenarios')).map((f) => readYaml(readFileSync(f, 'utf8')));

describe('quick schema walk', () => {
  it('answers for the corpus as zod does', () => {
    let answered = 0;
    for (const read of corpus) {
      expect(disagreement(read.value, !!read.tree)).toBeNull();
      if (quickParse(scenarioSchema, read.value, !!read.tree)) answered++;
    }
    expect(answered).toBeGreaterThan(corpus.length * 0.95);
  });

  const values = [null, 0, 1, -3, 2.5, 'x', '', 'pass', 'resolve', 'all', true, false, [], {}, ['a'], [['a']], { card: 'Forest' },
    { token: 'Forest' }, { emblem: 'x' }, '707.1', 707.1, '601.2f', 'main1', 'Alice.hand', 'stack', 10_001, -1, 'ignored', 'mana',
    { source: 'x' }, { convoke: 'y' }, { yes: true }, { targets: ['a'] }, { a: 1 }, { cast: 'x' }, { pass: null }];
  const keys = ['id', 'card', 'token', 'ability', 'zzz', 'pay', 'x', 'by', 'created', 'illegal', 'tapped', 'counters', 'text',
    'expect', 'targets', 'answers', 'pass', 'cast', 'life', 'modes', 'chosen', 'blocking', 'seed', 'turn', 'stack', 'command'];

  /** The scenario changed at one of its maps or lists. */
  function changed(value: unknown, at: number, how: number, pick: number): unknown {
    const copy = JSON.parse(JSON.stringify(value)) as unknown;
    const nodes: Array<Record<string, unknown>> = [];
    const walk = (v: unknown) => { if (v && typeof v === 'object') { nodes.push(v as Record<string, unknown>); Object.values(v).forEach(walk); } };
    walk(copy);
    const node = nodes[at % nodes.length]!;
    const own = Object.keys(node);
    const key = own[pick % Math.max(1, own.length)];
    const put = JSON.parse(JSON.stringify(values[pick % values.length])) as unknown;
    if (how === 0 && key !== undefined) node[key] = put;
    else if (how === 1 && key !== undefined && !Array.isArray(node)) delete node[key];
    else if (how === 2 && Array.isArray(node)) node.push(put);
    else if (how === 2) node[keys[pick % keys.length]!] = put;
    else if (key !== undefined && !Array.isArray(node)) { const v = node[key]; delete node[key]; node[key] = v; }
    return copy;
  }

  it('answers for changed scenarios as zod does', () => {
    const plain = corpus.filter((r) => r.tree).map((r) => r.value);
    fc.assert(fc.property(fc.nat(plain.length - 1), fc.nat(), fc.nat(3), fc.nat(), (i, at, how, pick) => {
      const value = changed(plain[i], at, how, pick);
      expect(disagreement(value, true)).toBeNull();
      expect(disagreement(value, false)).toBeNull();
    }), { numRuns: 1_000 }); // a new seed each run: the runs add up
  });

  it('leaves a map met twice (a YAML alias) to zod', () => {
    const entry = { card: 'Forest', id: 'f' };
    const value = { scenario: 's', players: { Alice: { battlefield: [entry, entry] }, Bob: null } };
    expect(quickParse(scenarioSchema, value)).toBeUndefined();
    expect(scenarioSchema.safeParse(value).success).toBe(true);
  });
});
