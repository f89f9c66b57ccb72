// Reading scenario files for the commands, with errors rendered once.

import { existsSync, readFileSync, statSync } from 'node:fs';
import { catalogOptionsFromEnv, CatalogError, openCatalog, type Catalog } from '../cards/catalog.js';
import { loadScenarioText, type LoadedScenario } from '../scenario/load.js';
import { ScenarioErrors, type ScenarioError } from '../scenario/errors.js';
import type { Game } from '../state/game.js';
import { errorLines } from './render.js';
import { howToRaise, limits } from '../util/limits.js';
import { cardSettings, type CardSettings, type Out } from './options.js';

export { cardSettings, stdio, useCards, type Out } from './options.js';

let catalog: { for: CardSettings; catalog: Catalog } | undefined;

/** The cards this run knows: opened once, on first use. Throws CatalogError for a bad card file. */
export function cardCatalog(): Catalog {
  const settings = cardSettings();
  if (catalog?.for !== settings) catalog = { for: settings, catalog: openCatalog(catalogOptionsFromEnv(settings.files, settings.oracleOnly)) };
  return catalog.catalog;
}

/** Opens the catalog for a command, or prints why it can't and gives exit code 2. */
export function withCatalog(out: Out): Catalog | null {
  try {
    return cardCatalog();
  } catch (e) {
    if (e instanceof CatalogError) { out.err(`error: ${e.message}`); return null; }
    throw e;
  }
}

export function readScenario(file: string): { scenario: LoadedScenario; game: Game } | { errors: ScenarioError[] } {
  if (!existsSync(file) || !statSync(file).isFile()) {
    return { errors: [{ file, pos: { line: 1, col: 1 }, path: '', message: `no such file (expected a scenario .yaml file)` }] };
  }
  // a file far too big is refused before it is read
  const { maxFileSize } = limits();
  const size = statSync(file).size;
  if (size > maxFileSize) {
    return { errors: [{ file, pos: { line: 1, col: 1 }, path: '', message: `the file has ${size.toLocaleString('en-US')} bytes; a scenario may have at most ${maxFileSize.toLocaleString('en-US')} (${howToRaise('maxFileSize', 'BYTES')})` }] };
  }
  try {
    return loadScenarioText(file, readFileSync(file, 'utf8'), cardCatalog().registry, { oracleOnly: cardSettings().oracleOnly });
  } catch (e) {
    if (e instanceof ScenarioErrors) return { errors: e.errors };
    if (e instanceof CatalogError) return { errors: [{ file, pos: { line: 1, col: 1 }, path: '', message: e.message }] };
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
