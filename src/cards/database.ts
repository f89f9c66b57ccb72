// The local card database: real cards imported from an MTGJSON or Scryfall file, stored in the
// user's data directory ($RULING_DATA_DIR, else $XDG_DATA_HOME/ruling, else ~/.local/share/ruling).
// A database is a folder holding `meta.json` (provenance, counts and the compiler's version key),
// `cards.ndjson` (one card's Oracle data per line, with what it compiled to at import: a run by the
// same compiler uses that and never loads the grammar) and `index.json` (each name and face name -> that line's byte range), so a
// run reads the index and only the cards it names. `current` names the live folder: an import
// writes a new folder aside, then replaces `current` by a rename, so an interrupted import leaves
// the previous database whole.

import { createHash } from '../util/hash.js';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, readSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, join } from 'node:path';
import { nameKey } from './oracle/names.js';
import type { OracleCard, SourceInfo } from './oracle/read.js';
import type { CardDef } from './types.js';

/** A card as stored: its Oracle data, and what it compiled to when imported (see `compiler`). */
export type StoredCard = OracleCard & { compiled?: CardDef | null };

export interface DatabaseMeta {
  /** The file the cards were read from, its own date/version and its SHA-256. */
  file: string;
  source: SourceInfo;
  sha256: string;
  importedAt: string;
  cards: number;
  supported: number;
  /** The compiler's version key the stored compilations were made with (absent: none stored). */
  compiler?: string;
}

/** Where imported cards live. */
export function dataDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.RULING_DATA_DIR) return env.RULING_DATA_DIR;
  const base = env.XDG_DATA_HOME || join(homedir(), '.local', 'share');
  return join(base, 'ruling');
}

export function sha256(bytes: Buffer | string): string {
  return createHash('sha256').update(bytes).digest('hex');
}

let writes = 0;

/** Writes a database into `dir/<name>` aside, then makes it current with one atomic rename. */
export function writeDatabase(dir: string, cards: OracleCard[], meta: DatabaseMeta, compiled?: Array<CardDef | null>): string {
  mkdirSync(dir, { recursive: true });
  const folder = `db-${meta.sha256.slice(0, 16)}-${process.pid}-${Date.now()}-${++writes}`;
  const path = join(dir, folder);
  const tmp = `${path}.partial`;
  mkdirSync(tmp);
  const index: Record<string, [number, number]> = {};
  const lines: string[] = [];
  let offset = 0;
  for (const [i, card] of cards.entries()) {
    const stored: StoredCard = compiled ? { ...card, compiled: compiled[i] ?? null } : card;
    const line = `${JSON.stringify(stored)}\n`;
    const length = Buffer.byteLength(line);
    for (const n of new Set([card.name, ...card.faces.map((f) => f.name)])) {
      const key = nameKey(n);
      if (!(key in index) || n === card.name) index[key] = [offset, length];
    }
    lines.push(line);
    offset += length;
  }
  writeFileSync(join(tmp, 'cards.ndjson'), lines.join(''));
  const names = cards.map((c) => c.name);
  writeFileSync(join(tmp, 'index.json'), JSON.stringify({ names, index }));
  writeFileSync(join(tmp, 'meta.json'), JSON.stringify(meta, null, 2));
  renameSync(tmp, path);
  const pointer = join(dir, `current.${process.pid}.tmp`);
  writeFileSync(pointer, folder);
  const previous = currentFolder(dir);
  renameSync(pointer, join(dir, 'current'));
  for (const old of readdirSync(dir)) {
    if (old.startsWith('db-') && old !== folder && (old === previous || old.endsWith('.partial'))) rmSync(join(dir, old), { recursive: true, force: true });
  }
  return path;
}

function currentFolder(dir: string): string | null {
  const pointer = join(dir, 'current');
  if (!existsSync(pointer)) return null;
  const name = basename(readFileSync(pointer, 'utf8').trim());
  return existsSync(join(dir, name, 'index.json')) ? name : null;
}

/** An opened database: the index is read on first use, a card when it is asked for. */
export class CardDatabase {
  private index: { names: string[]; at: Map<string, [number, number]> } | null = null;
  private readonly cache = new Map<string, StoredCard>();

  private constructor(readonly path: string) {}

  /** The current database under `dir`, or null when nothing was imported there. */
  static open(dir: string): CardDatabase | null {
    const folder = currentFolder(dir);
    return folder ? new CardDatabase(join(dir, folder)) : null;
  }

  meta(): DatabaseMeta {
    return JSON.parse(readFileSync(join(this.path, 'meta.json'), 'utf8')) as DatabaseMeta;
  }

  private entries(): { names: string[]; at: Map<string, [number, number]> } {
    if (!this.index) {
      const raw = JSON.parse(readFileSync(join(this.path, 'index.json'), 'utf8')) as { names: string[]; index: Record<string, [number, number]> };
      this.index = { names: raw.names, at: new Map(Object.entries(raw.index)) };
    }
    return this.index;
  }

  /** The card with this name or face name, matched ignoring case and accents. */
  find(name: string): StoredCard | undefined {
    const at = this.entries().at.get(nameKey(name));
    if (!at) return undefined;
    const key = `${at[0]}`;
    const hit = this.cache.get(key);
    if (hit) return hit;
    const buf = Buffer.alloc(at[1]);
    const fd = openSync(join(this.path, 'cards.ndjson'), 'r');
    try { readSync(fd, buf, 0, at[1], at[0]); } finally { closeSync(fd); }
    const card = JSON.parse(buf.toString('utf8')) as StoredCard;
    this.cache.set(key, card);
    return card;
  }

  /** Every card, in file order. */
  all(): OracleCard[] {
    return readFileSync(join(this.path, 'cards.ndjson'), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as OracleCard);
  }

  /** The names of every card, in file order. */
  names(): string[] {
    return this.entries().names;
  }
}
