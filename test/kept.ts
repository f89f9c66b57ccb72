// Answers of a pure function kept on disk between test runs, for a test that asks the same slow
// questions every run (the Oracle compiler on every scenario's cards, TypeScript's parse of every
// source). The answers are filed under a digest of everything that could change them, as the caller
// lists it (the test's own file, the modules of dist/ its function loads (`importClosure`), ...;
// the installed packages as package-lock.json pins them always), so a kept answer is the one the
// function would give now: any change to one of those inputs starts afresh. A file holds only the
// answers asked for by the run that wrote it; nothing is kept where node_modules can't be written.

import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { digestOf, filesUnder } from '../scripts/digest.mjs';

const ROOT = join(import.meta.dirname, '..');
const DIR = join(ROOT, 'node_modules/.cache/ruling');

/** The Oracle grammar's files, which the compiler reads as it generates its parser. */
export function grammarFiles(): string[] {
  return filesUnder('src/cards/oracle/grammar', (n) => n.endsWith('.peggy'), ROOT);
}

/** A relative import of a module: static (`import`/`export ... from`, a bare `import '...'`) or a
 * dynamic `import()` of a literal path. Type-only imports are left out: they load nothing. */
const IMPORT = /(?:^|[;\n])\s*(?:import|export)(?!\s+type\s)(?:[^;'"]*?\sfrom)?\s*['"](\.{1,2}\/[^'"]+)['"]|\bimport\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

/**
 * The modules `entries` load, directly or through others, the entries among them (paths from the
 * package root): what a pure function of those modules depends on, rather than every module of
 * dist/, so that its kept answers outlive a change elsewhere in the engine. A `.js` path imported from
 * TypeScript (a test) is its `.ts` file when there is one.
 */
export function importClosure(entries: string[]): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = readFileSync(join(ROOT, file), 'utf8');
    for (const m of text.matchAll(IMPORT)) {
      let target = relative(ROOT, resolve(ROOT, dirname(file), m[1] ?? m[2]!));
      if (file.endsWith('.ts') && target.endsWith('.js') && existsSync(join(ROOT, target.replace(/\.js$/, '.ts')))) target = target.replace(/\.js$/, '.ts');
      visit(target);
    }
  };
  for (const e of entries) visit(relative(ROOT, resolve(ROOT, e)));
  return [...seen].sort();
}

/** What a kept file holds: the digest it was made under and each question's answer. */
interface Kept { digest: string; answers: Record<string, string> }

function read(file: string, digest: string): Map<string, string> {
  try {
    const kept = JSON.parse(readFileSync(file, 'utf8')) as Kept;
    return kept.digest === digest ? new Map(Object.entries(kept.answers)) : new Map();
  } catch {
    return new Map();
  }
}

function write(file: string, digest: string, answers: Map<string, string>): void {
  try {
    mkdirSync(DIR, { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify({ digest, answers: Object.fromEntries(answers) } satisfies Kept));
    renameSync(tmp, file);
  } catch {
    // not writable: asked again next run
  }
}

/**
 * The answers of `fn` to `questions`, in order: kept ones read from the file `name` when they were
 * made from `inputs` as they are now (and package-lock.json), the others computed (and the file
 * written again).
 */
export function keptAnswers(name: string, inputs: string[], questions: string[], fn: (q: string) => string): string[] {
  const file = join(DIR, `${name}.json`);
  const digest = digestOf([...inputs, 'package-lock.json'], ROOT);
  const before = read(file, digest);
  const now = new Map<string, string>();
  let asked = 0;
  const out = questions.map((q) => {
    let a = now.get(q) ?? before.get(q);
    if (a === undefined) { a = fn(q); asked++; }
    now.set(q, a);
    return a;
  });
  if (asked > 0 || now.size !== before.size) write(file, digest, now);
  return out;
}
