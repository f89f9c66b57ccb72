// The fuzz cases, as fast-check arbitraries: mutations of the scenario corpus (structured ones on the
// YAML tree: deleted, retyped and near-miss values, huge numbers, reordered actions, removed answers;
// and textual ones: garbage bytes, BOM, tabs, truncation, deep nesting, aliases, tags, YAML
// directives) and random games on random boards built from the built-in library, their questions
// answered at random.

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import fc from 'fast-check';
import { parse, stringify } from 'yaml';
import type { FuzzCase } from './harness.js';
import { readFast } from '../../dist/util/yamlfast.js';

type Tree = unknown;
type Path = Array<string | number>;

/** Every scenario file of the corpus, with its text. */
export function corpus(root: string): Array<{ file: string; text: string }> {
  const walk = (d: string): string[] => readdirSync(d).flatMap((n) => {
    const p = join(d, n);
    return statSync(p).isDirectory() ? walk(p) : n.endsWith('.yaml') ? [p] : [];
  });
  return walk(join(root, 'scenarios')).sort().map((f) => ({ file: relative(root, f), text: readFileSync(f, 'utf8') }));
}

/** The paths of every value in a tree, parents before children. */
function paths(t: Tree, at: Path = []): Path[] {
  const out: Path[] = [at];
  if (Array.isArray(t)) t.forEach((v, i) => out.push(...paths(v, [...at, i])));
  else if (t && typeof t === 'object') for (const [k, v] of Object.entries(t)) out.push(...paths(v, [...at, k]));
  return out;
}

function parentOf(t: Tree, p: Path): [Record<string | number, unknown>, string | number] | null {
  if (p.length === 0) return null;
  let node = t as Record<string | number, unknown>;
  for (const k of p.slice(0, -1)) node = node[k] as Record<string | number, unknown>;
  return [node, p[p.length - 1]!];
}

/** Odd values a field may be given instead of its own. */
const ODD_VALUES: unknown[] = [
  null, 0, -1, -1e9, 1e12, 2 ** 53, 1.5, '', 'x'.repeat(20_000), [], {}, true, 'NaN', '∞', '{R}{R}{R}'.repeat(2000),
  [[[[[]]]]], { a: { b: { c: 1 } } }, 'Lightning Bolt', 'Lightnig Bolt', 'all', 'Alice', 'Bob', 'bears',
];

export type TreeOp =
  | { op: 'delete'; pick: number }
  | { op: 'retype'; pick: number; value: number }
  | { op: 'near_miss'; pick: number; at: number }
  | { op: 'swap_actions'; i: number; j: number }
  | { op: 'drop_answers'; pick: number }
  | { op: 'copy_value'; from: number; to: number }
  | { op: 'card_number'; pick: number; value: number }
  | { op: 'big_card'; which: number; value: number; text: boolean };

export type TextOp =
  | { op: 'garbage'; at: number; bytes: number[] }
  | { op: 'bom' }
  | { op: 'tabs'; line: number }
  | { op: 'truncate'; at: number }
  | { op: 'duplicate_line'; line: number }
  | { op: 'deep_nesting'; depth: number; flow: boolean }
  | { op: 'alias_bomb'; width: number; levels: number }
  | { op: 'tag'; which: number; line: number }
  | { op: 'directive'; version: string }
  | { op: 'null_key' };

function applyTree(t: Tree, o: TreeOp): void {
  const all = paths(t).slice(1);
  if (all.length === 0) return;
  const pickPath = (n: number) => all[n % all.length]!;
  switch (o.op) {
    case 'delete': {
      const [node, k] = parentOf(t, pickPath(o.pick))!;
      if (Array.isArray(node)) node.splice(k as number, 1); else delete node[k];
      return;
    }
    case 'retype': {
      const [node, k] = parentOf(t, pickPath(o.pick))!;
      node[k] = structuredClone(ODD_VALUES[o.value % ODD_VALUES.length]);
      return;
    }
    case 'near_miss': {
      const strings = all.filter((p) => typeof (parentOf(t, p)![0][p[p.length - 1]!]) === 'string');
      if (!strings.length) return;
      const [node, k] = parentOf(t, strings[o.pick % strings.length]!)!;
      const s = node[k] as string;
      const i = s.length ? o.at % s.length : 0;
      node[k] = s.slice(0, i) + String.fromCharCode(97 + (o.at % 26)) + s.slice(i + 1);
      return;
    }
    case 'swap_actions': {
      const actions = (t as { actions?: unknown[] }).actions;
      if (!Array.isArray(actions) || actions.length < 2) return;
      const i = o.i % actions.length;
      const j = o.j % actions.length;
      [actions[i], actions[j]] = [actions[j], actions[i]];
      return;
    }
    case 'drop_answers': {
      const withAnswers = all.filter((p) => p[p.length - 1] === 'answers');
      if (!withAnswers.length) return;
      const [node, k] = parentOf(t, withAnswers[o.pick % withAnswers.length]!)!;
      delete node[k];
      return;
    }
    case 'copy_value': {
      const [node, k] = parentOf(t, pickPath(o.to))!;
      const [src, sk] = parentOf(t, pickPath(o.from))!;
      node[k] = structuredClone(src[sk]);
      return;
    }
    case 'card_number': {
      // a number inside a custom card of the file
      const numbers = all.filter((p) => p[0] === 'cards' && typeof parentOf(t, p)![0][p[p.length - 1]!] === 'number');
      if (!numbers.length) return;
      const [node, k] = parentOf(t, numbers[o.pick % numbers.length]!)!;
      node[k] = CARD_NUMBERS[o.value % CARD_NUMBERS.length];
      return;
    }
    case 'big_card': return addBigCard(t, o.which, CARD_NUMBERS[o.value % CARD_NUMBERS.length]!, o.text);
  }
}

/** Numbers a card written by hand may be given: huge, negative, not whole, and some inside (not
 * 10,000 itself: creating or drawing thousands of objects is slow, left open in the README). */
const CARD_NUMBERS = [1e9, 1e12, -1, -20_000, 1.5, 2 ** 53, 300, 10_001, 0, 3, 1e6];

/** Instructions that repeat or count by a number, for a custom card to run. */
const COUNTED = [
  (n: unknown) => ({ draw: n }),
  (n: unknown) => ({ mill: n }),
  (n: unknown) => ({ create_token: { name: 'Fuzz', type: 'Creature — Soldier', pt: '1/1' }, amount: n }),
  (n: unknown) => ({ damage: n, affected: { all: 'creature' } }),
  (n: unknown) => ({ put_counters: '+1/+1', amount: n, affected: 'self' }),
  (n: unknown) => ({ gain_life: n }),
  (n: unknown) => ({ lose_life: n }),
  (n: unknown) => ({ draw: { times: [n, n] } }),
];
const PRINTED = ['Draw N cards.', 'Create N 1/1 white Soldier creature tokens.', 'Fuzz Engine deals N damage to each creature.', 'You gain N life.', 'Put N +1/+1 counters on Fuzz Engine.'];

/** Adds a custom card whose ability counts by `n` (in the DSL, or written as printed), puts it on the
 * first player's battlefield, and has the timeline activate it and resolve first. */
function addBigCard(t: Tree, which: number, n: number, text: boolean): void {
  const root = t as { cards?: unknown[]; players?: Record<string, { battlefield?: unknown[] }>; actions?: unknown[] };
  const [name, first] = root.players && typeof root.players === 'object' ? Object.entries(root.players)[0] ?? [] : [];
  if (!first || typeof first !== 'object') return;
  const printed = `{T}: ${PRINTED[which % PRINTED.length]!.replace('N', String(n))}`;
  const card = text
    ? { name: 'Fuzz Engine', type: 'Artifact', text: printed }
    : { name: 'Fuzz Engine', type: 'Artifact', text: printed, abilities: [{ activated: { cost: '{T}', do: [COUNTED[which % COUNTED.length]!(n)] } }] };
  root.cards = [...(Array.isArray(root.cards) ? root.cards : []), card];
  first.battlefield = [...(Array.isArray(first.battlefield) ? first.battlefield : []), { card: 'Fuzz Engine', id: 'fuzz_engine' }];
  root.actions = [{ activate: 'fuzz_engine', by: name }, 'resolve', ...(Array.isArray(root.actions) ? root.actions : [])];
}

const TAGS = ['!!js/function "x"', '!!python/object:os.system "ls"', '!custom 3', '!!int "abc"', '!!binary aGVsbG8='];

function applyText(text: string, o: TextOp): string {
  const lines = text.split('\n');
  switch (o.op) {
    case 'garbage': {
      const at = o.at % (text.length + 1);
      return text.slice(0, at) + String.fromCharCode(...o.bytes) + text.slice(at);
    }
    case 'bom': return `\uFEFF${text}`;
    case 'tabs': {
      const i = o.line % lines.length;
      lines[i] = lines[i]!.replace(/^ +/, '\t');
      return lines.join('\n');
    }
    case 'truncate': return text.slice(0, o.at % (text.length + 1));
    case 'duplicate_line': {
      const i = o.line % lines.length;
      lines.splice(i, 0, lines[i]!);
      return lines.join('\n');
    }
    case 'deep_nesting': return o.flow
      ? `${text}\nnotes: ${'['.repeat(o.depth)}${']'.repeat(o.depth)}\n`
      : `${text}\nnotes:\n${Array.from({ length: o.depth }, (_, i) => `${' '.repeat(i + 1)}- `).join('\n')}x\n`;
    case 'alias_bomb': {
      const defs = [`a0: &a0 [${Array(o.width).fill('x').join(', ')}]`];
      for (let i = 1; i <= o.levels; i++) defs.push(`a${i}: &a${i} [${Array(o.width).fill(`*a${i - 1}`).join(', ')}]`);
      return `${text}\nbomb:\n${defs.map((d) => `  ${d}`).join('\n')}\n`;
    }
    case 'tag': {
      const i = o.line % lines.length;
      lines[i] = lines[i]!.replace(/: (\S.*)$/, `: ${TAGS[o.which % TAGS.length]}`);
      return lines.join('\n');
    }
    case 'directive': return `%YAML ${o.version}\n---\n${text}`;
    case 'null_key': return text.replace(/^players:\n/m, 'players:\n  ~: {}\n');
  }
}

const treeOp: fc.Arbitrary<TreeOp> = fc.oneof(
  fc.record({ op: fc.constant('delete' as const), pick: fc.nat() }),
  fc.record({ op: fc.constant('retype' as const), pick: fc.nat(), value: fc.nat() }),
  fc.record({ op: fc.constant('near_miss' as const), pick: fc.nat(), at: fc.nat() }),
  fc.record({ op: fc.constant('swap_actions' as const), i: fc.nat(), j: fc.nat() }),
  fc.record({ op: fc.constant('drop_answers' as const), pick: fc.nat() }),
  fc.record({ op: fc.constant('copy_value' as const), from: fc.nat(), to: fc.nat() }),
  fc.record({ op: fc.constant('card_number' as const), pick: fc.nat(), value: fc.nat() }),
  fc.record({ op: fc.constant('big_card' as const), which: fc.nat(), value: fc.nat(), text: fc.boolean() }),
);

const textOp: fc.Arbitrary<TextOp> = fc.oneof(
  fc.record({ op: fc.constant('garbage' as const), at: fc.nat(), bytes: fc.array(fc.integer({ min: 0, max: 0xffff }), { minLength: 1, maxLength: 8 }) }),
  fc.constant({ op: 'bom' as const }),
  fc.record({ op: fc.constant('tabs' as const), line: fc.nat() }),
  fc.record({ op: fc.constant('truncate' as const), at: fc.nat() }),
  fc.record({ op: fc.constant('duplicate_line' as const), line: fc.nat() }),
  fc.record({ op: fc.constant('deep_nesting' as const), depth: fc.integer({ min: 50, max: 5000 }), flow: fc.boolean() }),
  fc.record({ op: fc.constant('alias_bomb' as const), width: fc.integer({ min: 2, max: 10 }), levels: fc.integer({ min: 1, max: 12 }) }),
  fc.record({ op: fc.constant('tag' as const), which: fc.nat(), line: fc.nat() }),
  fc.record({ op: fc.constant('directive' as const), version: fc.constantFrom('1.1', '1.2', '2.0') }),
  fc.constant({ op: 'null_key' as const }),
);

/** A corpus scenario with one to three mutations of the tree, then up to one of the text. */
export function mutatedScenario(files: Array<{ file: string; text: string }>): fc.Arbitrary<FuzzCase> {
  // each file is read once; a case mutates its own copy of the tree
  const trees = new Map<number, Tree>();
  const treeOf = (i: number): Tree => {
    // the engine's fast reader gives the full parser's value wherever it answers (test/fastyaml.test.ts), at a fraction of the cost
    if (!trees.has(i)) trees.set(i, readFast(files[i]!.text, 64)?.value ?? parse(files[i]!.text));
    return structuredClone(trees.get(i));
  };
  return fc.record({
    file: fc.nat({ max: files.length - 1 }),
    tree: fc.array(treeOp, { minLength: 0, maxLength: 3 }),
    text: fc.option(textOp, { freq: 3 }),
    random: fc.boolean(),
    seed: fc.nat(),
  }).map(({ file, tree, text, random, seed }) => {
    const src = files[file]!;
    let out = src.text;
    if (tree.length) {
      const t = treeOf(file);
      for (const o of tree) applyTree(t, o);
      out = stringify(t);
    }
    if (text) out = applyText(out, text);
    return { label: `${src.file} ${JSON.stringify({ tree, text })}`, text: out, answers: random ? 'random' : 'file', seed };
  });
}

export interface LibraryCard { name: string; types: string[] }

const STEPS = ['upkeep', 'draw', 'main1', 'beginning_of_combat', 'declare_attackers', 'declare_blockers', 'combat_damage', 'end_of_combat', 'main2', 'end'];

/** A random board of library cards and a random timeline, its questions answered at random. */
export function randomGame(cards: LibraryCard[]): fc.Arbitrary<FuzzCase> {
  const permanents = cards.filter((c) => !c.types.includes('instant') && !c.types.includes('sorcery'));
  const lands = cards.filter((c) => c.types.includes('land'));
  const anyCard = fc.constantFrom(...cards.map((c) => c.name));
  const side = fc.record({
    life: fc.integer({ min: 1, max: 30 }),
    pool: fc.constantFrom('', '{R}{G}{U}{B}{W}', '{C}{C}{C}{R}{R}{G}{G}{U}{U}{B}{B}{W}{W}'),
    lands: fc.array(fc.constantFrom(...lands.map((c) => c.name)), { maxLength: 7 }),
    permanents: fc.array(fc.constantFrom(...permanents.map((c) => c.name)), { maxLength: 4 }),
    hand: fc.array(anyCard, { maxLength: 5 }),
    library: fc.array(anyCard, { maxLength: 6 }),
  });
  // an action names objects by index; the index is taken modulo what the board has (see below)
  const action = fc.oneof(
    { weight: 5, arbitrary: fc.constant({ kind: 'pass' as const, who: 'a', i: 0 }) },
    { weight: 2, arbitrary: fc.constant({ kind: 'resolve' as const, who: 'a', i: 0 }) },
    { weight: 2, arbitrary: fc.nat(STEPS.length - 1).map((i) => ({ kind: 'advance' as const, who: 'a', i })) },
    ...(['cast', 'activate', 'play', 'attack', 'block'] as const).map((kind) => ({
      weight: kind === 'cast' || kind === 'activate' ? 4 : 1,
      arbitrary: fc.record({ who: fc.constantFrom('a', 'b'), i: fc.nat(), j: fc.nat() }).map((r) => ({ kind, ...r })),
    })),
  );
  return fc.record({
    a: side, b: side,
    step: fc.constantFrom('main1', 'main2', 'upkeep', 'beginning_of_combat', 'end'),
    actions: fc.array(action, { minLength: 1, maxLength: 25 }),
    seed: fc.nat(),
  }).map(({ a, b, step, actions, seed }) => {
    const player = (s: typeof a, who: string) => ({
      life: s.life,
      ...(s.pool ? { pool: s.pool } : {}),
      hand: s.hand.map((card, i) => ({ card, id: `${who}h${i}` })),
      library: s.library,
      battlefield: [...s.lands, ...s.permanents].map((card, i) => ({ card, id: `${who}p${i}` })),
    });
    const hand = { a: a.hand.length, b: b.hand.length };
    const field = { a: a.lands.length + a.permanents.length, b: b.lands.length + b.permanents.length };
    const other = (w: string) => (w === 'a' ? 'b' : 'a');
    const name = (w: string) => (w === 'a' ? 'Alice' : 'Bob');
    const timeline = actions.flatMap((x): unknown[] => {
      const by = { by: name(x.who) };
      switch (x.kind) {
        case 'pass': case 'resolve': return [x.kind];
        case 'advance': return [{ advance: STEPS[x.i] }];
        case 'cast': return hand[x.who] ? [{ cast: `${x.who}h${x.i % hand[x.who]}`, ...by }] : [];
        case 'play': return hand[x.who] ? [{ play: `${x.who}h${x.i % hand[x.who]}`, ...by }] : [];
        case 'activate': return field[x.who] ? [{ activate: `${x.who}p${x.i % field[x.who]}`, ...by }] : [];
        case 'attack': return field[x.who] ? [{ attack: { [`${x.who}p${x.i % field[x.who]}`]: name(other(x.who)) }, ...by }] : [];
        case 'block': return field[x.who] && field[other(x.who)] ? [{ block: { [`${x.who}p${x.i % field[x.who]}`]: `${other(x.who)}p${x.j % field[other(x.who)]}` }, ...by }] : [];
      }
    });
    const scenario = {
      scenario: `random game ${seed}`,
      players: { Alice: player(a, 'a'), Bob: player(b, 'b') },
      turn: { number: 2, active: 'Alice', step },
      seed,
      actions: timeline,
    };
    return { label: `random game ${JSON.stringify(scenario)}`, text: stringify(scenario), answers: 'random' as const, seed };
  });
}
