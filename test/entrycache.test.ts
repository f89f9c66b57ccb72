// Compiled card entries kept on disk (src/cards/oracle/entryCache.ts): what is kept is read back the
// same, a file is used only for the very entry it was written for, and compiling a scenario's card
// written as printed keeps it.

import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { keepEntry, keptEntry } from '../dist/cards/oracle/entryCache.js';
import { COMPILER_MODULES, compileEntries } from '../dist/cards/oracle/entry.js';
import { quickHash } from '../dist/util/hash.js';
import type { CardDef } from '../dist/cards/types.js';

const MODULES = COMPILER_MODULES;
const ROOT = join(import.meta.dirname, '../dist/cards/entries');

function compiled(text: string): CardDef {
  const r = compileEntries([{ name: 'Cache Test Bear', cost: '{1}{G}', type: 'Creature — Bear', pt: '2/2', text }], () => ({ line: 1, col: 1 }), 'test.yaml', true);
  expect(r.problems).toEqual([]);
  return r.cards[0]!;
}

describe('compiled entries kept on disk', () => {
  it('gives back what was kept, and nothing for another entry', () => {
    const card = compiled('Trample');
    keepEntry(MODULES, 'entry-cache-test: one', card);
    expect(keptEntry(MODULES, 'entry-cache-test: one')).toStrictEqual(JSON.parse(JSON.stringify(card)));
    expect(keptEntry(MODULES, 'entry-cache-test: two')).toBeUndefined();
  });

  it('uses a file only for the entry written in it, even under another entry\'s name', () => {
    const card = compiled('Vigilance');
    keepEntry(MODULES, 'entry-cache-test: three', card);
    const folder = readdirSync(ROOT).map((d) => join(ROOT, d)).find((d) => readdirSync(d).includes(`${quickHash(['entry-cache-test: three'])}.json`))!;
    const text = readFileSync(join(folder, `${quickHash(['entry-cache-test: three'])}.json`), 'utf8');
    writeFileSync(join(folder, `${quickHash(['entry-cache-test: four'])}.json`), text);
    expect(keptEntry(MODULES, 'entry-cache-test: four')).toBeUndefined();
  });

  it('keeps a scenario card written as printed when it is compiled', () => {
    const card = compiled('Flying\nWhenever Cache Test Bear attacks, you gain 1 life.');
    const key = `1${JSON.stringify({ name: 'Cache Test Bear', cost: '{1}{G}', type: 'Creature — Bear', pt: '2/2', text: 'Flying\nWhenever Cache Test Bear attacks, you gain 1 life.' })}`;
    const kept = keptEntry(MODULES, key);
    expect(kept).toStrictEqual(JSON.parse(JSON.stringify(card)));
    expect(kept!.main.abilities.length).toBe(2);
  });
});
