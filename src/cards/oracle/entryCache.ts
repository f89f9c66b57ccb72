// Compiled card entries kept on disk between runs, next to the build (dist/cards/entries/): a
// scenario's cards written as printed are compiled from their text once, not again at every start
// of `ruling run` or of each worker of `ruling test` (loading the Oracle parser alone costs more than
// a short scenario). A folder holds what one version of the compiler made, named by the size and time
// of each file that decides it (its modules, the grammar, peggy), as the library's cache is; a file
// holds one entry, named by a hash of the entry's text and holding that text, which must match whole.
// Nothing is kept where the package can't be written.

import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, join } from 'node:path';
import { threadId } from 'node:worker_threads';
import { fileStamps, quickHash } from '../../util/hash.js';
import { moduleFile, PACKAGE_ROOT } from '../../util/root.js';
import type { CardDef } from '../types.js';
import { grammarPaths } from './templates.js';

const ROOT = join(PACKAGE_ROOT, 'dist/cards/entries');

let folder: string | undefined;

/** The folder of this compiler version's entries. */
function versionFolder(modules: readonly string[]): string {
  if (folder) return folder;
  const files = [...modules.map((m) => moduleFile(`cards/${m}`)), ...grammarPaths(), peggyPackage()];
  folder = join(ROOT, quickHash(fileStamps(files)));
  return folder;
}

function peggyPackage(): string {
  try {
    return createRequire(import.meta.url).resolve('peggy/package.json');
  } catch {
    return 'peggy';
  }
}

function entryFile(modules: readonly string[], key: string): string {
  return join(versionFolder(modules), `${quickHash([key])}.json`);
}

/** The card compiled earlier from the entry with this key, if kept. */
export function keptEntry(modules: readonly string[], key: string): CardDef | undefined {
  try {
    const kept = JSON.parse(readFileSync(entryFile(modules, key), 'utf8')) as { key: string; card: CardDef };
    return kept.key === key ? kept.card : undefined;
  } catch {
    return undefined;
  }
}

/** Keeps a compiled entry; the first one of a new compiler version clears the folders of the others. */
export function keepEntry(modules: readonly string[], key: string, card: CardDef): void {
  const file = entryFile(modules, key);
  try {
    if (!readdirSafe(ROOT).includes(basename(folder!))) {
      for (const other of readdirSafe(ROOT)) rmSync(join(ROOT, other), { recursive: true, force: true });
    }
    mkdirSync(folder!, { recursive: true });
    const tmp = `${file}.${process.pid}-${threadId}.tmp`;
    writeFileSync(tmp, JSON.stringify({ key, card }));
    renameSync(tmp, file);
  } catch {
    // a read-only install: compiled again next time
  }
}

function readdirSafe(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}
