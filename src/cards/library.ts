// The built-in card library: YAML files under src/cards/library/, each a list of card entries in
// the card DSL. Loaded once per process.

import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { unsupportedReasons } from './support.js';
import { compileCard } from './compile.js';
import { CardRegistry } from './registry.js';
import { cardEntrySchema } from './schema.js';
import type { CardDef } from './types.js';
import { readYaml } from '../util/yamlread.js';
import { fileStamps } from '../util/hash.js';
import { moduleFile, PACKAGE_ROOT } from '../util/root.js';
import { flattenIssues } from '../util/zod.js';
import { CARD_NUMBER_LIMIT, numbersOutOfBounds } from '../util/limits.js';

/** The folder of the library's YAML files (the sources ship with the package). */
export const LIBRARY_DIR = join(PACKAGE_ROOT, 'src/cards/library/');

export interface LibraryProblem {
  file: string;
  line: number;
  col: number;
  path: readonly PropertyKey[];
  message: string;
}

/** Keys of a card entry whose numbers are not amounts of the game. */
const NOT_COUNTS: ReadonlySet<string> = new Set(['tier']);

/** Why a number of a card written by hand is refused. */
export function numberMessage(n: number): string {
  const what = Number.isInteger(n) ? String(n) : Number.isFinite(n) ? `${n}, which is not a whole number` : 'not a finite number';
  return `a number in a card must be a whole number from -${CARD_NUMBER_LIMIT.toLocaleString('en-US')} to ${CARD_NUMBER_LIMIT.toLocaleString('en-US')} (ruling's limit for cards written by hand), not ${what}`;
}

let cached: { registry: CardRegistry; problems: LibraryProblem[] } | undefined;

/** Validates and compiles card entries; `at` gives the position of a key path of entry i. */
export function compileCardEntries(entries: unknown[], at: (i: number, path: readonly PropertyKey[], atKey: boolean) => { line: number; col: number }, file: string, custom: boolean): { cards: CardDef[]; problems: LibraryProblem[] } {
  const problems: LibraryProblem[] = [];
  const cards: CardDef[] = [];
  entries.forEach((entry, i) => {
    // a card written by hand is input from anyone: its numbers stay within what a game can play
    const big = custom ? numbersOutOfBounds(entry, CARD_NUMBER_LIMIT, NOT_COUNTS) : [];
    for (const b of big) problems.push({ file, ...at(i, b.path, false), path: [i, ...b.path], message: numberMessage(b.value) });
    if (big.length) return;
    const r = cardEntrySchema.safeParse(entry);
    if (!r.success) {
      for (const is of flattenIssues(r.error.issues as never)) problems.push({ file, ...at(i, is.path, is.message.startsWith('unknown key')), path: [i, ...is.path], message: is.message });
      return;
    }
    const { card, errors } = compileCard(r.data, custom);
    for (const e of errors) problems.push({ file, ...at(i, e.path, false), path: [i, ...e.path], message: `${card.name}: ${e.message}` });
    card.unsupported = unsupportedReasons(card);
    cards.push(card);
  });
  return { cards, problems };
}

/** Compiles a YAML file holding a list of card entries. */
export function compileCardFile(file: string, text: string, custom: boolean, compile = compileCardEntries): { cards: CardDef[]; problems: LibraryProblem[] } {
  const read = readYaml(text);
  const { value: raw, problems: yamlProblems } = read;
  if (yamlProblems.length) return { cards: [], problems: yamlProblems.map((p) => ({ file, line: p.line, col: p.col, path: [], message: p.message })) };
  const list = Array.isArray(raw);
  const entries = list ? raw : raw ? [raw] : [];
  return compile(entries, (i, path, atKey) => read.locate([...(list ? [i] : []), ...path], atKey), file, custom);
}

/**
 * The compiled library, cached as JSON next to the build, keyed by the YAML sources and the
 * compiler's own modules (built or source, whichever runs), so a change of the DSL or of its
 * compilation rebuilds the cache.
 */
const CACHE_FILE = join(PACKAGE_ROOT, 'dist/cards/library.cache.json');
const CACHE_VERSION = 5;
const COMPILER_MODULES = ['compile', 'schema', 'filter', 'costs', 'keywords', 'types'];

function yamlFiles(dir: string): string[] {
  return readdirSync(dir).filter((x) => x.endsWith('.yaml')).sort().map((f) => join(dir, f));
}

/** What identifies the sources (YAML files and compiler modules) without reading them. */
function sourceKey(files: string[]): string {
  return [String(CACHE_VERSION), ...fileStamps(files)].join('\n');
}

export function loadLibrary(dir = LIBRARY_DIR): { registry: CardRegistry; problems: LibraryProblem[] } {
  if (cached && dir === LIBRARY_DIR) return cached;
  const files = yamlFiles(dir);
  const key = sourceKey([...COMPILER_MODULES.map((m) => moduleFile(`cards/${m}`)), ...files]);
  if (dir === LIBRARY_DIR && existsSync(CACHE_FILE)) {
    try {
      const c = JSON.parse(readFileSync(CACHE_FILE, 'utf8')) as { key: string; cards: CardDef[] };
      if (c.key === key) {
        for (const card of c.cards) card.unsupported = unsupportedReasons(card);
        cached = { registry: new CardRegistry(c.cards), problems: [] };
        return cached;
      }
    } catch {
      // a damaged cache is simply rebuilt
    }
  }
  const all: CardDef[] = [];
  const problems: LibraryProblem[] = [];
  const seen = new Map<string, string>();
  for (const file of files) {
    const r = compileCardFile(file, readFileSync(file, 'utf8'), false);
    problems.push(...r.problems);
    for (const c of r.cards) {
      const prev = seen.get(c.name);
      if (prev) problems.push({ file, line: 1, col: 1, path: [], message: `${c.name} is defined twice (also in ${prev})` });
      seen.set(c.name, file);
      all.push(c);
    }
  }
  const result = { registry: new CardRegistry(all), problems };
  if (dir === LIBRARY_DIR) {
    cached = result;
    if (problems.length === 0 && existsSync(dirname(CACHE_FILE))) {
      try { writeFileSync(CACHE_FILE, JSON.stringify({ key, cards: all })); } catch { /* read-only install: no cache */ }
    }
  }
  return result;
}
