// The DSL audit: every key the card DSL accepts (every table of src/cards/schema.ts) and every keyword
// the engine claims (src/cards/support.ts) must be run by at least one scenario, which checks its
// effect. A key is run by a scenario when a card the scenario uses carries it: a card of its own
// `cards:` (written in the DSL, or compiled from its text), or a library card it names.
// Keys not yet run by any scenario are listed in UNEXERCISED below, each a known gap: the test fails
// when a key is neither run nor listed, and when a listed key has become run (so the list only shrinks).

import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { collectFiles } from '../dist/cli/commands/test.js';
import { dslKeys } from '../dist/cards/schema.js';
import { KEYWORDS } from '../dist/cards/support.js';
import { compileParagraph } from '../dist/cards/oracle/templates.js';
import { keywordDsl } from '../dist/cards/keywords.js';
import { readYaml } from '../dist/util/yamlread.js';
import { grammarFiles, importClosure, keptAnswers } from './kept.js';

/** Keys of the DSL that no scenario runs yet, by table. */
const UNEXERCISED: Record<string, string[]> = {
  ability: [],
  instruction: [],
  trigger: [],
  condition: [],
  static: ['add_color'],
  replacement: [],
  replaced: [],
  keyword: ['Forestwalk', 'Mountainwalk', 'Plainswalk'],
};

type Entry = { name?: string; text?: string; type?: string; abilities?: unknown };

function libraryEntries(): Map<string, string> {
  const dir = 'src/cards/library';
  const out = new Map<string, string>();
  for (const f of readdirSync(dir).filter((x) => x.endsWith('.yaml'))) {
    for (const e of (readYaml(readFileSync(join(dir, f), 'utf8')).value ?? []) as Entry[]) if (e?.name) out.set(e.name, JSON.stringify(e));
  }
  return out;
}

/** What a scenario's own card entry says in the DSL: its abilities, or what its text compiles to. */
function ownEntry(e: Entry): string {
  if (e.abilities !== undefined || !e.text) return JSON.stringify(e);
  const spell = /\b(Instant|Sorcery)\b/.test(e.type ?? '');
  const compiled = e.text.split('\n').filter((l) => l.trim()).map((l) => compileParagraph(l.trim().replaceAll(e.name ?? '', 'CARDNAME'), e.name ?? '', spell));
  return JSON.stringify({ ...e, abilities: compiled });
}

/** The modules `ownEntry` calls into (the Oracle compiler and the DSL's tables) and what they load. */
const COMPILER_MODULES = ['dist/cards/oracle/templates.js', 'dist/cards/schema.js', 'dist/cards/support.js', 'dist/cards/keywords.js'];

/** A scenario's own card entries, each as JSON text, written in the DSL or compiled from its text:
 * the answers are kept between runs (test/kept.ts) while the compiler's modules, its grammar and
 * this file stay the same. */
function ownEntries(files: Array<{ cards: Entry[] }>): string[][] {
  const questions = files.flatMap((f) => f.cards.map((e) => JSON.stringify(e)));
  const inputs = [fileURLToPath(import.meta.url), ...importClosure(COMPILER_MODULES), ...grammarFiles()];
  const answers = keptAnswers('dsl-audit-cards', inputs, questions, (q) => ownEntry(JSON.parse(q) as Entry));
  let at = 0;
  return files.map((f) => f.cards.map(() => answers[at++]!));
}

/** The DSL of every card each scenario uses, as JSON text. */
function scenarioDsl(): string[] {
  const library = libraryEntries();
  const files = collectFiles(['scenarios']).files.map((file) => {
    const text = readFileSync(file, 'utf8');
    const doc = readYaml(text).value as { cards?: Entry[] };
    return { text, cards: doc.cards ?? [] };
  });
  const owns = ownEntries(files);
  return files.map(({ text }, i) => {
    const own = owns[i]!;
    const used = [...library].filter(([name]) => text.includes(name)).map(([, dsl]) => dsl);
    const dsl = [...own, ...used].join('\n');
    // a keyword's own DSL (cards/keywords.ts) runs wherever the keyword does
    const viaKeywords = [...KEYWORDS].filter((k) => hasKeyword(dsl, k)).map((k) => JSON.stringify(keywordDsl(k)));
    return [dsl, ...viaKeywords].join('\n');
  });
}


/** A keyword line of a card's text ("Flying", "Kicker {2}{G}", "Vigilance, lifelink"), as JSON text holds it. */
function hasKeyword(dsl: string, k: string): boolean {
  // typecycling is printed with its type: "Basic landcycling", "Swampcycling" (702.29e)
  if (k === 'Typecycling') return /(\\n|"|, )(basic land|[a-z]+)cycling \{/i.test(dsl);
  return new RegExp(`(\\\\n|"|, )${k}(\\b|$)`, 'i').test(dsl);
}

function run(table: string, key: string): boolean {
  if (table === 'keyword') return DSL.some((d) => hasKeyword(d, key));
  return DSL.some((d) => d.includes(`"${key}":`));
}

const DSL = scenarioDsl();

describe('DSL audit: every key and keyword is run by a scenario', () => {
  const tables: Record<string, string[]> = { ...dslKeys(), keyword: [...KEYWORDS] };
  for (const [table, keys] of Object.entries(tables)) {
    it(`${table} keys`, () => {
      const known = UNEXERCISED[table] ?? [];
      const missing = keys.filter((k) => !run(table, k) && !known.includes(k));
      const nowRun = known.filter((k) => run(table, k));
      expect(missing, `${table} keys no scenario runs: add a scenario (or list them in UNEXERCISED)`).toEqual([]);
      expect(nowRun, `${table} keys listed as unexercised that a scenario now runs: take them off UNEXERCISED`).toEqual([]);
    });
  }
  it('every listed gap is a key of the DSL', () => {
    const tables: Record<string, string[]> = { ...dslKeys(), keyword: [...KEYWORDS] };
    for (const [table, keys] of Object.entries(UNEXERCISED)) expect(keys.filter((k) => !tables[table]!.includes(k))).toEqual([]);
  });
});
