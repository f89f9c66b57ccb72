// The REPL's line history, kept across sessions in the user's data directory (where `cards import`
// keeps the card database: $RULING_DATA_DIR, else $XDG_DATA_HOME/ruling, else ~/.local/share/ruling).

import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { dataDir } from '../../cards/database.js';

/** How many lines are kept. */
export const HISTORY_SIZE = 1000;

export function historyFile(env: NodeJS.ProcessEnv = process.env): string {
  return join(dataDir(env), 'repl_history');
}

/** The saved lines, newest first (readline's order); none when the file can't be read. */
export function readHistory(file: string): string[] {
  try {
    const lines = readFileSync(file, 'utf8').split('\n').filter((l) => l.trim() !== '');
    return lines.slice(-HISTORY_SIZE).reverse();
  } catch {
    return [];
  }
}

/** Adds a line; the file is cut back to the newest lines now and then. A file that can't be written is skipped. */
export function appendHistory(file: string, line: string): void {
  if (line.trim() === '') return;
  try {
    mkdirSync(dirname(file), { recursive: true });
    appendFileSync(file, `${line.replace(/\n/g, ' ')}\n`);
    const lines = readFileSync(file, 'utf8').split('\n').filter((l) => l !== '');
    if (lines.length > HISTORY_SIZE * 2) writeFileSync(file, `${lines.slice(-HISTORY_SIZE).join('\n')}\n`);
  } catch {
    // no history is better than no session
  }
}
