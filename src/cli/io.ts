// Reading scenario files for the commands, with errors rendered once.

import { existsSync, readFileSync, statSync } from 'node:fs';
import { loadScenarioText, type LoadedScenario } from '../scenario/load.js';
import { ScenarioErrors, type ScenarioError } from '../scenario/errors.js';
import type { Game } from '../state/game.js';
import { errorLines } from './render.js';

export interface Out {
  log(line: string): void;
  err(line: string): void;
}

export const stdio: Out = {
  log: (l) => process.stdout.write(`${l}\n`),
  err: (l) => process.stderr.write(`${l}\n`),
};

export function readScenario(file: string): { scenario: LoadedScenario; game: Game } | { errors: ScenarioError[] } {
  if (!existsSync(file) || !statSync(file).isFile()) {
    return { errors: [{ file, pos: { line: 1, col: 1 }, path: '', message: `no such file (expected a scenario .yaml file)` }] };
  }
  try {
    return loadScenarioText(file, readFileSync(file, 'utf8'));
  } catch (e) {
    if (e instanceof ScenarioErrors) return { errors: e.errors };
    throw e;
  }
}

export function loadFile(file: string, out: Out): { scenario: LoadedScenario; game: Game } | null {
  const r = readScenario(file);
  if ('errors' in r) {
    for (const e of r.errors) for (const l of errorLines(e)) out.err(l);
    return null;
  }
  return r;
}
