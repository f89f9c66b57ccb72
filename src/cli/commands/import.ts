// `ruling cards import FILE`: reads MTGJSON AtomicCards or Scryfall oracle-cards, compiles every
// card, and replaces the local card database (written aside, then made current by a rename). A
// progress bar on a terminal; at the end, how many cards were imported, how many are supported
// whole, and the commonest reasons the others are not.

import { readFileSync, statSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import chalk from 'chalk';
import { CatalogError, readCards } from '../../cards/catalog.js';
import { dataDir, sha256, writeDatabase } from '../../cards/database.js';
import { coverage, percent } from '../../cards/oracle/coverage.js';
import { compilerKey } from '../../cards/oracle/entry.js';
import { readCardData } from '../../cards/oracle/read.js';
import type { Out } from '../io.js';

function progress(done: number, total: number): void {
  if (!process.stderr.isTTY) return;
  const width = 30;
  const filled = Math.round((done / total) * width);
  process.stderr.write(`\r  compiling [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total}`);
  if (done === total) process.stderr.write('\n');
}

export function importCommand(file: string, out: Out, env: NodeJS.ProcessEnv = process.env): number {
  let text: string;
  try {
    if (!statSync(file).isFile()) throw new Error('not a file');
    text = readFileSync(file, 'utf8');
  } catch {
    out.err(`${chalk.red('error')}: ${file}: no such file (expected MTGJSON AtomicCards or Scryfall oracle-cards JSON)`);
    return 2;
  }
  let cards;
  try {
    cards = readCards(file, text);
  } catch (e) {
    if (e instanceof CatalogError) { out.err(`${chalk.red('error')}: ${e.message}`); return 2; }
    throw e;
  }
  const source = readCardData(JSON.parse(text)).source;
  const { supported, reasons, compiled } = coverage(cards, progress);
  const dir = dataDir(env);
  // the compilations are stored with the compiler's key: a run then reads them without the grammar
  const meta = { file: basename(file), source, sha256: sha256(text), importedAt: new Date().toISOString(), cards: cards.length, supported, compiler: compilerKey() };
  const path = writeDatabase(dir, cards, meta, compiled);
  out.log(`imported ${cards.length} cards from ${basename(file)} (${source.format}${source.date ? `, ${source.date}` : ''}${source.version ? `, version ${source.version}` : ''}) into ${resolve(path)}`);
  out.log(`${supported} supported whole (${percent(supported, cards.length)}), ${cards.length - supported} unsupported`);
  const top = reasons.slice(0, 20);
  if (top.length) out.log('commonest reasons a card is unsupported:');
  for (const [reason, n] of top) out.log(`  ${String(n).padStart(6)}  ${reason}`);
  return 0;
}
