// The source excerpt under an error: the line of the file the error points at, with its number and a
// caret under the column, for YAML syntax errors and schema errors alike.

import chalk from 'chalk';
import { existsSync, readFileSync, statSync } from 'node:fs';

const sources = new Map<string, string[] | null>();

function linesOf(file: string): string[] | null {
  if (!sources.has(file)) {
    sources.set(file, existsSync(file) && statSync(file).isFile() ? readFileSync(file, 'utf8').split(/\r?\n/) : null);
  }
  return sources.get(file)!;
}

/** The excerpt for a position in a file; nothing when the file or the line can't be read. */
export function codeFrame(file: string, line: number, col: number): string[] {
  const text = linesOf(file)?.[line - 1];
  if (text === undefined || text.trim() === '') return [];
  const gutter = String(line);
  const pad = ' '.repeat(gutter.length);
  return [
    chalk.dim(`  ${gutter} | `) + text,
    chalk.dim(`  ${pad} | `) + ' '.repeat(Math.max(0, col - 1)) + chalk.red('^'),
  ];
}
