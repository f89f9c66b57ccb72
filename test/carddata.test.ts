// Real card data: reading MTGJSON and Scryfall files, compiling their cards through the DSL's
// schema and support check, the local database (atomic replacement, lookups ignoring case and
// accents, faces), and the commands that use it.

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CardDatabase, writeDatabase } from '../dist/cards/database.js';
import { compileOracleCard, compilerKey } from '../dist/cards/oracle/entry.js';
import { readCardData } from '../dist/cards/oracle/read.js';
import { databaseCards, openCatalog } from '../dist/cards/catalog.js';
import { rulingInProcess } from './cli-run.js';

const root = resolve(import.meta.dirname, '..');
const fixtures = join(root, 'test/fixtures/cards');
const mtgjson = JSON.parse(readFileSync(join(fixtures, 'mtgjson-small.json'), 'utf8')) as unknown;
const scryfall = JSON.parse(readFileSync(join(fixtures, 'scryfall-small.json'), 'utf8')) as unknown;
const temp = mkdtempSync(join(tmpdir(), 'ruling-cards-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

/** The real binary in a child process. */
function spawnRuling(env: Record<string, string>, ...args: string[]) {
  const r = spawnSync(process.execPath, [join(root, 'bin/ruling'), ...args], {
    cwd: temp, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', CI: '1', RULING_CARDS: '', ...env },
  });
  return Promise.resolve({ code: r.status, out: r.stdout, err: r.stderr });
}

/** The command line in this process (test/cli-run.ts), in the same environment as spawnRuling's. */
function ruling(env: Record<string, string>, ...args: string[]) {
  return rulingInProcess(temp, { NO_COLOR: '1', CI: '1', RULING_CARDS: '', ...env }, args);
}

describe('reading card files', () => {
  it('reads MTGJSON AtomicCards with its date, faces in side order', async () => {
    const { cards, source } = readCardData(mtgjson);
    expect(source).toEqual({ format: 'mtgjson', date: '2024-01-02', version: '5.2.2+20240102' });
    const fire = cards.find((c) => c.name === 'Fire // Ice')!;
    expect(fire.layout).toBe('split');
    expect(fire.faces.map((f) => [f.name, f.manaCost])).toEqual([['Fire', '{1}{R}'], ['Ice', '{1}{U}']]);
    expect(cards.find((c) => c.name === 'Air Elemental')!.faces[0]).toMatchObject({ typeLine: 'Creature — Elemental', power: '4', toughness: '4', keywords: ['Flying'] });
  });

  it('reads Scryfall oracle-cards, card faces included', async () => {
    const { cards, source } = readCardData(scryfall);
    expect(source.format).toBe('scryfall');
    const borrower = cards.find((c) => c.name === 'Brazen Borrower // Petty Theft')!;
    expect(borrower.layout).toBe('adventure');
    expect(borrower.faces.map((f) => f.name)).toEqual(['Brazen Borrower', 'Petty Theft']);
    expect(borrower.faces[1]!.typeLine).toBe('Instant — Adventure');
  });

  it('rejects other JSON with what it expected', async () => {
    expect(() => readCardData({ cards: [] })).toThrow(/MTGJSON AtomicCards .* or Scryfall oracle-cards/);
  });
});

describe('compiling real cards', () => {
  const card = (name: string) => readCardData(mtgjson).cards.find((c) => c.name === name)!;

  it('a keyword creature is supported whole, its reminder text dropped', async () => {
    const { card: def } = compileOracleCard(card('Air Elemental'));
    expect(def!.unsupported).toEqual([]);
    expect(def!.main.abilities.map((a) => a.kind)).toEqual(['keyword']);
    expect(def!.main.text).toBe('Flying');
  });

  it('a paragraph no template reads makes the card unsupported, quoting it', async () => {
    const { card: def } = compileOracleCard(card('Lim-Dûl\'s Vault'));
    expect(def!.unsupported.join()).toContain('"Look at the top five cards of your library.');
  });

  it('a layout the engine does not model is named with its rule', async () => {
    const garruk = card('Garruk Relentless');
    expect(compileOracleCard({ ...garruk, layout: 'modal_dfc' }).card!.unsupported).toContain('modal double-faced cards (712)');
  });

  it('a transforming double-faced card compiles its back face (712.2)', async () => {
    const garruk = compileOracleCard(card('Garruk Relentless')).card!;
    expect([garruk.name, garruk.main.name, garruk.back?.name]).toEqual(['Garruk Relentless', 'Garruk Relentless', 'Garruk, the Veil-Cursed']);
    expect(garruk.unsupported).not.toContain('double-faced cards that transform (712)');
  });

  it('a split card compiles both halves, its left half named before " // " (709)', async () => {
    const fire = compileOracleCard(card('Fire // Ice')).card!;
    expect(fire.unsupported).toEqual([]);
    expect([fire.name, fire.main.name, fire.split?.name]).toEqual(['Fire // Ice', 'Fire', 'Ice']);
    expect(fire.split!.abilities.map((a) => a.kind)).toEqual(['spell', 'spell']);
  });

  it('a color indicator is read as colors (204)', async () => {
    expect(compileOracleCard(card('Dryad Arbor')).card!.main.colorIndicator).toEqual(['G']);
  });
});

describe('the card database', () => {
  const { cards, source } = readCardData(mtgjson);
  const meta = { file: 'mtgjson-small.json', source, sha256: 'x'.repeat(64), importedAt: '2024-01-02T00:00:00.000Z', cards: cards.length, supported: 1 };

  it('finds cards by exact name, ignoring case and accents, and by face name', async () => {
    const dir = join(temp, 'db1');
    writeDatabase(dir, cards, meta);
    const db = CardDatabase.open(dir)!;
    expect(db.find('Air Elemental')!.name).toBe('Air Elemental');
    expect(db.find("lim-dul's vault")!.name).toBe('Lim-Dûl\'s Vault');
    expect(db.find('Ice')!.name).toBe('Fire // Ice');
    expect(db.find('Garruk, the Veil-Cursed')!.name).toBe('Garruk Relentless');
    expect(db.find('Nothing')).toBeUndefined();
  });

  it('a new import replaces the old one whole; a leftover partial write is ignored', async () => {
    const dir = join(temp, 'db2');
    const first = writeDatabase(dir, cards.slice(0, 1), meta);
    mkdirSync(join(dir, 'db-interrupted.partial'));
    writeFileSync(join(dir, 'db-interrupted.partial', 'cards.ndjson'), 'garbage');
    expect(CardDatabase.open(dir)!.names()).toEqual(['Air Elemental']);
    const second = writeDatabase(dir, cards, meta);
    expect(existsSync(first)).toBe(false);
    expect(CardDatabase.open(dir)!.path).toBe(second);
    expect(CardDatabase.open(dir)!.names()).toHaveLength(cards.length);
    expect(readdirSync(dir).filter((f) => f.endsWith('.partial'))).toEqual([]);
  });

  it('a card compiled at import is read back without compiling while the compiler is the same', async () => {
    const stored = cards.map((c) => (c.name === 'Air Elemental' ? { ...compileOracleCard(c).card!, unsupported: ['a marker only the stored copy has'] } : null));
    for (const [compiler, marked] of [[compilerKey(), true], ['an older compiler', false]] as const) {
      const dir = join(temp, `db-stored-${marked}`);
      writeDatabase(dir, cards, { ...meta, compiler }, stored);
      const air = databaseCards(CardDatabase.open(dir)!).find('Air Elemental')!;
      // the stored compilation is used only when this compiler made it; otherwise the card is compiled again
      expect(air.unsupported.includes('a marker only the stored copy has')).toBe(marked);
      expect(air.main.name).toBe('Air Elemental');
    }
  });

  it('the built-in library wins over imported cards of the same name', async () => {
    const dir = join(temp, 'db3');
    const bears = { name: 'Grizzly Bears', layout: 'normal', faces: [{ name: 'Grizzly Bears', manaCost: '{5}', manaValue: 5, colors: [], colorIndicator: null, typeLine: 'Creature — Bear', power: '9', toughness: '9', loyalty: null, defense: null, keywords: [], text: '' }] };
    writeDatabase(dir, [bears], meta);
    const catalog = openCatalog({ dataDir: dir });
    expect(catalog.registry.find('Grizzly Bears')!.main.power).toBe(2);
    expect(catalog.provenance('Grizzly Bears')).toEqual({ kind: 'built-in' });
  });
});

describe('commands with real cards', () => {
  const data = join(temp, 'data');
  const env = { RULING_DATA_DIR: data };
  const scenario = (card: string, real = card) => `scenario: an imported card is cast
players:
  Alice:
    pool: "{U}{U}{U}{U}{U}{R}"
    hand: ["${card}"]
  Bob: {}
actions:
  - cast: "${card}"
  - resolve
  - expect:
      zones: { Alice.battlefield: ["${real}"] }
`;

  it('`cards import` reports the count, the supported share and the commonest reasons', async () => {
    const r = await spawnRuling(env, 'cards', 'import', join(fixtures, 'mtgjson-small.json'));
    expect(r.code).toBe(0);
    expect(r.out).toContain('imported 5 cards from mtgjson-small.json (mtgjson, 2024-01-02, version 5.2.2+20240102)');
    expect(r.out).toMatch(/\d+ supported whole \(\d+\.\d%\), \d+ unsupported/);
    expect(r.out).toContain('no template yet reads paragraphs opening "When Garruk Relentless has …"');
  });

  it('a scenario names an imported card, with accents or without, and runs', async () => {
    writeFileSync(join(temp, 'air.yaml'), scenario('air elemental', 'Air Elemental'));
    const r = await ruling(env, 'run', 'air.yaml', '--no-board');
    expect(r.err).toBe('');
    expect(r.out).toContain('[601.2i] Alice casts Air Elemental');
    expect(r.code).toBe(0);
  });

  it('`cards NAME` names the source; an unknown name gets suggestions from imported cards', async () => {
    expect((await ruling(env, 'cards', "Lim-Dul's Vault")).out).toContain('source: imported from mtgjson-small.json (2024-01-02)');
    const miss = await ruling(env, 'cards', 'Air Elementl');
    expect(miss.code).toBe(2);
    expect(miss.err).toContain("did you mean 'Air Elemental'");
  });

  it('an unsupported imported card in a scenario is an error that says why', async () => {
    writeFileSync(join(temp, 'vault.yaml'), scenario("Lim-Dul's Vault"));
    const r = await ruling(env, 'run', 'vault.yaml');
    expect(r.code).toBe(2);
    expect(r.err).toContain('not supported yet');
    expect(r.err).toContain('Look at the top five cards');
  });

  it('an unsupported card used for its characteristics alone (`text: ignored`) runs, and the board says so', async () => {
    writeFileSync(join(temp, 'vault-chars.yaml'), `scenario: the Vault as a card in a graveyard
players:
  Alice:
    graveyard:
      - { card: "Lim-Dul's Vault", text: ignored }
  Bob: {}
actions:
  - expect:
      zones: { Alice.graveyard: ["Lim-Dûl's Vault"] }
`);
    const r = await ruling(env, 'run', 'vault-chars.yaml');
    expect(r.code).toBe(0);
    expect(r.out).toContain('(text ignored)');
    expect(r.out).toContain('used for its characteristics alone');
  });

  it('`--cards FILE` uses a card file for one run, and `cards --json` lists its cards with that source', async () => {
    const file = join(fixtures, 'scryfall-small.json');
    writeFileSync(join(temp, 'raiders.yaml'), scenario("Mons's Goblin Raiders"));
    const empty = { RULING_DATA_DIR: join(temp, 'empty') };
    expect((await ruling(empty, 'run', 'raiders.yaml')).code).toBe(2);
    expect((await ruling(empty, 'run', 'raiders.yaml', '--cards', file)).code).toBe(0);
    expect((await ruling({ ...empty, RULING_CARDS: file }, 'run', 'raiders.yaml')).code).toBe(0);
    const lines = (await ruling(empty, 'cards', '--json', '--cards', file)).out.trim().split('\n').map((l) => JSON.parse(l) as { name: string; source: string; supported: boolean });
    expect(lines.find((l) => l.name === "Mons's Goblin Raiders")).toEqual({ name: "Mons's Goblin Raiders", source: file, supported: true, reasons: [] });
    expect(lines.find((l) => l.name === 'Lightning Bolt')!.source).toBe('built-in');
  });

  it('a missing card file is invalid input (exit 2) with what was expected', async () => {
    const r = await ruling(env, 'cards', '--cards', 'nope.json');
    expect(r.code).toBe(2);
    expect(r.err).toContain('nope.json: no such file');
  });
});
