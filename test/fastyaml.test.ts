// The fast YAML reader against the full parser: wherever the fast reader answers, its value is the
// parser's, to the key order, the number type and the sign of zero, the parser finds no problem, and
// every position either gives is the same. Checked on every YAML file of the repository and on
// generated documents in the subset the fast reader reads and around it. And the fast reader must
// really read the corpus, or it would be no faster.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { show, yamlFiles } from './helpers.js';
import { importClosure, keptAnswers } from './kept.js';
import { readFast } from '../dist/util/yamlfast.js';
import { readYaml, readYamlFull } from '../dist/util/yamlread.js';

const ROOT = join(__dirname, '..');



/** Every key path of a value, with paths that lead nowhere from each collection. */
function paths(v: unknown, prefix: PropertyKey[] = []): PropertyKey[][] {
  const out: PropertyKey[][] = [prefix];
  if (Array.isArray(v)) {
    out.push([...prefix, v.length], [...prefix, 'x']);
    v.forEach((x, i) => out.push(...paths(x, [...prefix, i])));
  } else if (v !== null && typeof v === 'object') {
    out.push([...prefix, 'no such key'], [...prefix, 0]);
    for (const [k, x] of Object.entries(v)) out.push(...paths(x, [...prefix, k]));
  }
  return out;
}

/** What the full parser makes of a text: its first problem, or its value (as `show` writes it) and
 * the line and column of every key path of the value, at its value then at its key. */
interface FullReading { problem?: string; shown?: string; positions?: number[] }

function fullReading(text: string): FullReading {
  const full = readYamlFull(text);
  if (full.problems.length) return { problem: full.problems[0]!.message };
  const positions: number[] = [];
  for (const path of paths(full.value)) {
    for (const atKey of [false, true]) {
      const b = full.locate(path, atKey);
      positions.push(b.line, b.col);
    }
  }
  return { shown: show(full.value), positions };
}

/** Why the fast reading of the text disagrees with the full one (read by `full`), or null when it agrees or gives up. */
function disagreement(text: string, full: (text: string) => FullReading = fullReading): string | null {
  const fast = readFast(text, 64);
  if (!fast) return null;
  const { problem, shown, positions = [] } = full(text);
  if (problem !== undefined) return `the fast reader read a text the parser refuses: ${problem}`;
  if (show(fast.value) !== shown) return `values differ: fast ${show(fast.value)}, full ${shown}`;
  const read = readYaml(text);
  // the values agree, so these are the full value's paths, in the same order
  const all = paths(fast.value);
  if (positions.length !== all.length * 4) return `the full reading has ${positions.length / 4} key paths, the fast one ${all.length}`;
  let i = 0;
  for (const path of all) {
    for (const atKey of [false, true]) {
      const a = read.locate(path, atKey);
      const [line, col] = [positions[i++], positions[i++]];
      if (a.line !== line || a.col !== col) return `positions of ${path.map(String).join('.')}${atKey ? ' (key)' : ''} differ: fast ${a.line}:${a.col}, full ${line}:${col}`;
    }
  }
  return null;
}

/** The full parser's readings of the repository's files, kept between runs (test/kept.ts) while
 * the modules of the YAML reading, the yaml package, this file and `show` (helpers.ts) stay the same. */
function keptReadings(name: string, texts: string[]): (text: string) => FullReading {
  const inputs = [fileURLToPath(import.meta.url), 'test/helpers.ts', ...importClosure(['dist/util/yamlread.js'])];
  const answers = keptAnswers(name, inputs, texts, (t) => JSON.stringify(fullReading(t)));
  const byText = new Map(texts.map((t, i) => [t, answers[i]!]));
  return (text) => JSON.parse(byText.get(text)!) as FullReading;
}

const CORPUS = ['scenarios', 'src/cards/library', 'test/fixtures', 'test/fuzz/regressions'].flatMap((d) => yamlFiles(join(ROOT, d)));

describe('the fast YAML reader on the repository', () => {
  it('has a corpus to read', () => {
    expect(CORPUS.length).toBeGreaterThan(600);
  });

  // in slices, one test each, so that no test runs long (each file is read by both readers and every
  // position compared)
  for (let from = 0; from < CORPUS.length; from += 100) {
    const slice = CORPUS.slice(from, from + 100);
    it(`agrees with the full parser on every YAML file it reads (files ${from + 1} to ${from + slice.length})`, () => {
      const texts = slice.map((f) => readFileSync(f, 'utf8'));
      const full = keptReadings(`fastyaml-files-${from + 1}`, texts);
      const wrong = slice.map((f, i) => [f, disagreement(texts[i]!, full)]).filter(([, d]) => d !== null);
      expect(wrong).toEqual([]);
    });
  }

  it('reads nearly every scenario and every library file itself', () => {
    const scenarios = yamlFiles(join(ROOT, 'scenarios'));
    const read = scenarios.filter((f) => readFast(readFileSync(f, 'utf8'), 64) !== null);
    // a file the reader is not sure of (a flow list broken inside a scalar, a comment within it) is left to the parser
    expect(read.length / scenarios.length).toBeGreaterThan(0.99);
    const library = yamlFiles(join(ROOT, 'src/cards/library'));
    expect(library.filter((f) => readFast(readFileSync(f, 'utf8'), 64) === null)).toEqual([]);
  });

  it('reads a flow collection broken after a bracket or a comma, and leaves other breaks to the parser', () => {
    const read = ['a: [x,\n  y]\n', 'b:\n  a: [x,\n   y]\n', '- [a,\n b]\n', 'a: [\n  x, y]\n', 'a: {k: [1,\n  2], j: 3}\n',
      'a: [{k: 1,\n  j: 2},\n  z]\n', 'a: [x, \n  y]  # c\nb: 1\n', 'a:\n  - [x,\n    y]\n', '[a,\nb]\n'];
    const left = ['b:\n  a: [x,\n  y]\n', 'a:\n  - [x,\n  y]\n', '- [a,\n\n  b]\n', 'a: [x,\n  # c\n  y]\n', 'a: [x,\n  y\n  ]\n',
      'a: [x,\n  y]\n  c: 1\n', 'a: [x,\n  y: z]\n', 'a: [x, # c\n  y]\n'];
    for (const text of [...read, ...left]) expect(disagreement(text), text).toBeNull();
    for (const text of read) expect(readFast(text, 64), text).not.toBeNull();
    for (const text of left) expect(readFast(text, 64), text).toBeNull();
  });

  it('gives up on what the full parser reports as a problem', () => {
    for (const text of ['a: &x 1\nb: *x\n', 'a: !!str 1\n', '%YAML 1.1\n---\na: 1\n', 'a: 1\na: 2\n', '? [a]\n: 1\n', 'a:\n\t- 1\n', '~: 1\n', 'a: b: c\n', 'a: "x\n  y"\n']) {
      expect(readFast(text, 64), text).toBeNull();
    }
  });

  it('gives up deeper than half the nesting limit, leaving the limit to the full parser', () => {
    const deep = (n: number) => Array.from({ length: n }, (_, i) => `${' '.repeat(i * 2)}k:`).join('\n') + ' 1\n';
    expect(readFast(deep(32), 64)).not.toBeNull();
    expect(readFast(deep(33), 64)).toBeNull();
    expect(readYaml(deep(70)).problems[0]!.message).toBe('nested more than 64 levels deep');
  });
});

// ------------------------------------------------------------------ generated documents

/** Scalars the core schema reads in odd ways, and text that is hard to write plainly. */
const ODD = [
  '0x1F', '0o17', '0o8', '0xg', '1e3', '-1.5e-3', '1E+2', '.NaN', '.nan', '.NAN', '.inf', '-.Inf', '+.INF', '.Inf.', '~', 'null', 'Null',
  'NULL', 'nul', 'true', 'True', 'TRUE', 'tRUE', 'False', 'Yes', 'no', 'on', '-0', '+0', '-0.0', '007', '1_000', '1.', '.5', '0.50',
  '12:30', 'a:b', 'a#b', 'a #b', '-a', '- a', '-', 'a b', "it's", 'x: y', 'a,b', '[a]', '{a}', 'a]', '"q"', "'q'", '&a', '*a', '!t',
  '|', '>', '?', '? a', '%', '@', '`', 'é', 'Ünïcödé', 'x\u00a0', '\u3000x', 'x]', '-.5', '+.5e1', '😀', '<<', '__proto__', 'constructor', '1', '2', '', ' ', 'a ', ' a', 'a\\nb', '\\u00e9',
];
const CHARS = 'ab :#-,[]{}"\'\\é&*!|>?%@`01.exT\n\t';

const WORDS = ['a', 'b', 'Alice', 'Hill Giant', 'cast', 'x1', 'Life\'s Legacy', 'id', '3', '+2/+1', '{1}{G}', 'Plains#2', 'a.b', 'e-mail'];
/** Mostly ordinary words (so that documents grow large and stay readable), sometimes odd text. */
const atom = fc.oneof(
  { arbitrary: fc.constantFrom(...WORDS), weight: 16 },
  { arbitrary: fc.constantFrom(...ODD), weight: 3 },
  { arbitrary: fc.string({ unit: fc.constantFrom(...CHARS), maxLength: 6 }), weight: 1 },
);
const KEYS = ['a', 'b', 'c', 'name', 'id', 'cast', 'x1', 'Alice', 'Bob', 'Hill Giant', 'a.b', 'zones', 'e-mail', '3', '1.50', 'true'];
const key = fc.oneof({ arbitrary: fc.constantFrom(...KEYS), weight: 12 }, { arbitrary: fc.constantFrom(...ODD), weight: 2 }, { arbitrary: atom, weight: 1 });
/** The entries of a map, their keys mostly different (a repeated key is an error, and a give-up). */
const entries = <T>(value: fc.Arbitrary<T>, minLength: number, maxLength: number) => fc.uniqueArray(fc.tuple(key, value), { minLength, maxLength, selector: (e) => e[0] });

type Gen =
  | { kind: 'scalar'; text: string; style: 'plain' | 'single' | 'double' | 'escaped' }
  | { kind: 'block'; folded: boolean; chomp: '' | '-' | '+'; lines: string[] }
  | { kind: 'map'; flow: boolean; entries: Array<[string, Gen]> }
  | { kind: 'seq'; flow: boolean; items: Gen[] };

const scalar: fc.Arbitrary<Gen> = fc.record({ kind: fc.constant('scalar' as const), text: atom, style: fc.constantFrom('plain' as const, 'plain' as const, 'single' as const, 'double' as const, 'escaped' as const) });
const blockScalar: fc.Arbitrary<Gen> = fc.record({
  kind: fc.constant('block' as const), folded: fc.boolean(), chomp: fc.constantFrom('' as const, '-' as const, '+' as const),
  lines: fc.array(fc.oneof({ arbitrary: atom, weight: 4 }, fc.constant(''), fc.constant(' more'), fc.constant('# not a comment')), { minLength: 1, maxLength: 4 }),
});

const tree = fc.letrec<{ node: Gen }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'medium', withCrossShrink: true },
    { arbitrary: scalar, weight: 3 },
    { arbitrary: blockScalar, weight: 1 },
    { arbitrary: fc.record({ kind: fc.constant('map' as const), flow: fc.boolean(), entries: entries(tie('node'), 0, 5) }), weight: 2 },
    { arbitrary: fc.record({ kind: fc.constant('seq' as const), flow: fc.boolean(), items: fc.array(tie('node'), { maxLength: 5 }) }), weight: 2 },
  ),
})).node;
/** A document like the files: a block map of a few larger parts. */
const documentTree: fc.Arbitrary<Gen> = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('map' as const), flow: fc.constant(false), entries: entries(tree, 2, 6) }), weight: 3 },
  { arbitrary: fc.record({ kind: fc.constant('seq' as const), flow: fc.constant(false), items: fc.array(tree, { minLength: 2, maxLength: 6 }) }), weight: 1 },
  { arbitrary: tree, weight: 1 },
);

/** Layout choices: how far each level indents, and what follows a value. */
interface Layout { step: number; tail: string; sameIndentList: boolean; compact: boolean }
const layout = fc.record({
  step: fc.integer({ min: 1, max: 4 }),
  tail: fc.constantFrom('', ' ', '  ', ' # note', '# not a comment', ' #', '\n', '\n\n# c\n'),
  sameIndentList: fc.boolean(),
  compact: fc.boolean(),
});

function quoteScalar(text: string, style: string): string {
  if (style === 'single') return `'${text.replace(/'/g, "''")}'`;
  if (style === 'double') return JSON.stringify(text);
  if (style === 'escaped') return `"${text.replace(/é/g, '\\u00e9').replace(/a/g, '\\x61').replace(/"/g, '\\"')}"`;
  return text;
}

function flowText(g: Gen, l: Layout): string {
  switch (g.kind) {
    case 'scalar': return quoteScalar(g.text, g.style);
    case 'block': return JSON.stringify(g.lines.join('\n'));
    case 'map': return `{${g.entries.map(([k, v]) => `${k}: ${flowText(v, l)}`).join(l.compact ? ',' : ', ')}}`;
    case 'seq': return `[${g.items.map((v) => flowText(v, l)).join(l.compact ? ',' : ', ')}]`;
  }
}

/** What follows `key:` or `-`: the text on the same line and the lines below, at indentation `indent`. */
function blockValue(g: Gen, indent: number, l: Layout, underKey: boolean): { inline: string | null; lines: string[] } {
  if (g.kind === 'scalar') return { inline: quoteScalar(g.text, g.style) + l.tail, lines: [] };
  if (g.kind === 'block') {
    const pad = ' '.repeat(indent + l.step);
    return { inline: `${g.folded ? '>' : '|'}${g.chomp}`, lines: g.lines.map((s) => (s === '' ? '' : pad + s)) };
  }
  const empty = g.kind === 'map' ? g.entries.length === 0 : g.items.length === 0;
  if (g.flow || empty) return { inline: flowText(g, l) + l.tail, lines: [] };
  const inner = g.kind === 'seq' && underKey && l.sameIndentList ? indent : indent + l.step;
  return { inline: null, lines: blockLines(g, inner, l) };
}

/** A block map or list whose entries start at column `indent`. */
function blockLines(g: Gen, indent: number, l: Layout): string[] {
  const pad = ' '.repeat(indent);
  const out: string[] = [];
  const entries: Array<[string | null, Gen]> = g.kind === 'map' ? g.entries : g.kind === 'seq' ? g.items.map((v) => [null, v]) : [];
  for (const [key, v] of entries) {
    const head = key === null ? '-' : `${key}:`;
    const compactable = key === null && l.compact && (v.kind === 'map' || v.kind === 'seq') && !v.flow;
    if (compactable && (v.kind === 'map' ? v.entries.length : v.kind === 'seq' ? v.items.length : 0)) {
      const lines = blockLines(v, indent + 2, l);
      out.push(`${pad}- ${lines[0]!.slice(indent + 2)}`, ...lines.slice(1));
      continue;
    }
    const { inline, lines } = blockValue(v, indent, l, key !== null);
    out.push(inline === null ? pad + head : `${pad}${head} ${inline}`, ...lines);
  }
  return out;
}

function documentText(g: Gen, l: Layout): string {
  if (g.kind === 'map' || g.kind === 'seq') {
    const { inline, lines } = blockValue(g, -l.step, l, false);
    return `${inline ?? ''}${inline === null ? '' : '\n'}${lines.join('\n')}\n`;
  }
  return `${blockValue(g, 0, l, false).inline}\n`;
}

/** A small change to a text: a character put in or taken out, or a line indented differently. */
const edit = fc.record({ at: fc.nat(), what: fc.constantFrom('insert', 'delete', 'indent', 'dedent'), char: fc.constantFrom(...CHARS) });
function applyEdit(text: string, e: { at: number; what: string; char: string }): string {
  const at = text.length ? e.at % text.length : 0;
  if (e.what === 'insert') return text.slice(0, at) + e.char + text.slice(at);
  if (e.what === 'delete') return text.slice(0, at) + text.slice(at + 1);
  const start = text.lastIndexOf('\n', at - 1) + 1;
  return e.what === 'indent' ? `${text.slice(0, start)} ${text.slice(start)}` : text.slice(0, start) + text.slice(start).replace(/^ /, '');
}

describe('the fast YAML reader on generated documents', () => {
  // 2,000 documents in four tests of 500, so that no test runs long; a new seed each run: the runs add up
  for (let part = 1; part <= 4; part++) {
    it(`agrees with the full parser on documents in its subset and near it (part ${part} of 4)`, () => {
      fc.assert(fc.property(documentTree, layout, fc.array(edit, { maxLength: 2 }), (g, l, edits) => {
        const text = edits.reduce(applyEdit, documentText(g, l));
        expect(disagreement(text), text).toBeNull();
      }), { numRuns: 500 });
    });
  }

  it('reads a good share of the unedited documents itself (the check above is not empty)', () => {
    const texts = fc.sample(fc.tuple(documentTree, layout), { numRuns: 500, seed: 7 }).map(([g, l]) => documentText(g, l));
    const read = texts.filter((t) => readFast(t, 64) !== null).length;
    expect(read).toBeGreaterThan(texts.length * 0.2);
  });

  it('agrees on hand-picked odd cases', () => {
    const cases = [
      'a: 0x1F\nb: 1e3\nc: .NaN\nd: ~\ne: Yes\nf: \'it\'\'s\'\ng: "\\u00e9"\nh: -0\ni: True\n',
      '"a: b": 1\n\'c#d\': 2\n1: one\n1.50: x\n', '- - x\n  - y\n- - - z\n', 'a:\n- 1\n- 2\nb:\n', '- a: 1\n  b:\n  - 2\n',
      'a: |\n  x\n\n  y\n\nb: >-\n  p\n  q\n\n  r\n', 'k: |+\n  x\n\n', 'k: >\n  a\n\n\n  b\n', '[a, {b: c}, "d"]\n', '{"a":1, \'b\' :2}\n',
      'a: b # c\n# d\ne:   f   \n', 'x: [Plains#1, a:b]\n', 'plain\n', '- \n-\n- x\n', 'a: {}\nb: []\n', 'a:\n  # c\n  b: 1\n',
    ];
    for (const text of cases) {
      expect(readFast(text, 64), text).not.toBeNull();
      expect(disagreement(text), text).toBeNull();
    }
  });
});
