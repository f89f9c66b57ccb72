// Every card a run knows, looked up in order: the scenario's own `cards:` (added by the loader),
// the built-in library (hand-written and reviewed), the card files given with `--cards` or
// RULING_CARDS, then the cards imported into the local database. Real cards are compiled from
// their Oracle data when a run first names them, so a run pays only for the cards it uses.

import { readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CardDatabase, dataDir, sha256, writeDatabase, type StoredCard } from './database.js';
import { compileCardFile, loadLibrary, type LibraryProblem } from './library.js';
import { compileEntries, compileOracleCard, compilerKey, fromTextAlone } from './oracle/entry.js';
import { nameKey } from './oracle/names.js';
import { CardDataError, readCardData, type OracleCard } from './oracle/read.js';
import { CardRegistry, faces, type CardSource } from './registry.js';
import type { Ability, CardDef } from './types.js';
import { grantedAbilities } from './types.js';

/** Where a card came from, as `ruling cards` shows it. */
export type Provenance = { kind: 'scenario' } | { kind: 'built-in' } | { kind: 'file'; path: string } | { kind: 'imported'; path: string; file: string; date: string | null };

/** Bumped when the reader of card files changes, so cached `--cards` databases are rebuilt. */
const READER_VERSION = 1;

/** Real cards from Oracle data, compiled on first use. */
export class OracleCards implements CardSource {
  private readonly compiled = new Map<string, CardDef | null>();
  private readonly abilities = new Map<string, Ability>();

  constructor(private readonly lookup: (name: string) => StoredCard | undefined, private readonly allNames: () => string[], readonly provenance: Provenance) {}

  find(name: string): CardDef | undefined {
    const oracle = this.lookup(name);
    if (!oracle) return undefined;
    if (!this.compiled.has(oracle.name)) {
      // a compilation stored by this very compiler (see databaseCards), else compiled now
      const card = oracle.compiled !== undefined ? oracle.compiled : compileOracleCard(oracle).card;
      this.compiled.set(oracle.name, card);
      for (const face of card ? faces(card) : []) {
        for (const a of face.abilities) for (const x of [a, ...grantedAbilities(a)]) this.abilities.set(x.key, x);
      }
    }
    return this.compiled.get(oracle.name) ?? undefined;
  }

  get(name: string): CardDef | undefined {
    const c = this.find(name);
    return c?.name === name ? c : undefined;
  }

  names(): string[] {
    return this.allNames();
  }

  ability(key: string): Ability | undefined {
    return this.abilities.get(key);
  }
}

/** Cards from an in-memory list (a `--cards` file read whole). */
function cardsInMemory(cards: OracleCard[], provenance: Provenance): OracleCards {
  const byKey = new Map<string, OracleCard>();
  for (const c of cards) for (const n of [c.name, ...c.faces.map((f) => f.name)]) if (!byKey.has(nameKey(n)) || n === c.name) byKey.set(nameKey(n), c);
  return new OracleCards((n) => byKey.get(nameKey(n)), () => cards.map((c) => c.name), provenance);
}

/** Cards from an imported database. */
export function databaseCards(db: CardDatabase): OracleCards {
  const meta = db.meta();
  // stored compilations are used only when this compiler made them
  const fresh = meta.compiler === compilerKey();
  const find = (n: string): StoredCard | undefined => {
    const c = db.find(n);
    if (!c || fresh || c.compiled === undefined) return c;
    const { compiled: _stale, ...oracle } = c;
    return oracle;
  };
  return new OracleCards(find, () => db.names(), { kind: 'imported', path: db.path, file: meta.file, date: meta.source.date ?? meta.source.version });
}

export interface CatalogOptions {
  /** Card files for this run: MTGJSON or Scryfall JSON, or YAML files of DSL card entries. */
  cardFiles?: string[];
  /** The data directory; null to ignore any imported database. */
  dataDir?: string | null;
  /** Compile every card from its Oracle text, ignoring hand-written DSL (a test of the compiler). */
  oracleOnly?: boolean;
}

/** The options a command gets from the environment: RULING_CARDS (paths joined by ':') and the data dir. */
export function catalogOptionsFromEnv(flags: string[] = [], oracleOnly = false, env: NodeJS.ProcessEnv = process.env): CatalogOptions {
  const fromEnv = (env.RULING_CARDS ?? '').split(':').filter(Boolean);
  return { cardFiles: [...flags, ...fromEnv], dataDir: dataDir(env), ...(oracleOnly ? { oracleOnly } : {}) };
}

export class CatalogError extends Error {}

/** A source for one `--cards` file. JSON card data is imported once into a cache keyed by its hash. */
function fileSource(path: string, dir: string | null): { source: CardSource; problems: LibraryProblem[] } {
  let text: string;
  try {
    if (!statSync(path).isFile()) throw new Error('not a file');
    text = readFileSync(path, 'utf8');
  } catch {
    throw new CatalogError(`--cards ${path}: no such file (expected MTGJSON AtomicCards, Scryfall oracle-cards JSON, or a YAML file of card entries)`);
  }
  if (/\.ya?ml$/i.test(path)) {
    const r = compileCardFile(path, text, true, compileEntries);
    return { source: new CardRegistry(r.cards), problems: r.problems };
  }
  const provenance: Provenance = { kind: 'file', path };
  const hash = sha256(`${READER_VERSION}\0${text}`);
  const cacheDir = dir ? join(dir, 'cache', hash.slice(0, 24)) : null;
  const cached = cacheDir ? CardDatabase.open(cacheDir) : null;
  if (cached) return { source: new OracleCards((n) => cached.find(n), () => cached.names(), provenance), problems: [] };
  const cards = readCards(path, text);
  if (cacheDir) {
    try { writeDatabase(cacheDir, cards, { file: resolve(path), source: { format: 'mtgjson', date: null, version: null }, sha256: hash, importedAt: new Date(0).toISOString(), cards: cards.length, supported: 0 }); } catch { /* no cache where the data dir is read-only */ }
  }
  return { source: cardsInMemory(cards, provenance), problems: [] };
}

export function readCards(path: string, text: string): OracleCard[] {
  let json: unknown;
  try { json = JSON.parse(text); } catch (e) {
    throw new CatalogError(`${path}: not valid JSON (${(e as Error).message})`);
  }
  try { return readCardData(json).cards; } catch (e) {
    if (e instanceof CardDataError) throw new CatalogError(`${path}: ${e.message}`);
    throw e;
  }
}

/** Registries chained in lookup order, with where each card comes from. */
export class Catalog {
  constructor(readonly registry: CardRegistry, private readonly sources: Array<{ source: CardSource; provenance: Provenance }>, readonly problems: LibraryProblem[]) {}

  provenance(name: string): Provenance | undefined {
    for (const { source, provenance } of this.sources) if (source.find(name)) return provenance;
    return undefined;
  }

  /** The sources beyond the built-in library (card files, the imported database). */
  external(): Array<{ source: CardSource; provenance: Provenance }> {
    return this.sources.filter((s) => s.provenance.kind !== 'built-in');
  }
}

/** A chain that asks each source in turn. */
class Chain implements CardSource {
  constructor(private readonly parts: CardSource[]) {}
  find(name: string): CardDef | undefined { for (const p of this.parts) { const c = p.find(name); if (c) return c; } return undefined; }
  get(name: string): CardDef | undefined { for (const p of this.parts) { const c = p.get(name); if (c) return c; } return undefined; }
  names(): string[] { return [...new Set(this.parts.flatMap((p) => p.names()))]; }
  ability(key: string): Ability | undefined { for (const p of this.parts) { const a = p.ability(key); if (a) return a; } return undefined; }
}

export function openCatalog(opts: CatalogOptions = {}): Catalog {
  const library = loadLibrary();
  const sources: Array<{ source: CardSource; provenance: Provenance }> = [];
  const problems: LibraryProblem[] = [...library.problems];
  for (const path of opts.cardFiles ?? []) {
    const r = fileSource(path, opts.dataDir ?? null);
    problems.push(...r.problems);
    sources.push({ source: r.source, provenance: r.source instanceof OracleCards ? r.source.provenance : { kind: 'file', path } });
  }
  const db = opts.dataDir ? CardDatabase.open(opts.dataDir) : null;
  if (db) { const cards = databaseCards(db); sources.push({ source: cards, provenance: cards.provenance }); }
  const builtIn = opts.oracleOnly ? library.registry.all().map(fromTextAlone) : library.registry.all();
  const registry = sources.length || opts.oracleOnly ? new CardRegistry(builtIn, sources.length ? new Chain(sources.map((s) => s.source)) : undefined) : library.registry;
  return new Catalog(registry, [{ source: library.registry, provenance: { kind: 'built-in' } }, ...sources], problems);
}
