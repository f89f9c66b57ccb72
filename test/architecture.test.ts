// The layout is the architecture: folders are layers, and an import may only point to the same
// layer or a lower one, with no cycle anywhere (type-only imports count: they are dependencies too).
// And functions stay short, and no object literal has an accessor (see shapeProblems).

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import type * as TypeScript from 'typescript';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { keptAnswers } from './kept.js';

// TypeScript (CommonJS, 9 MB) loaded by require: imported, Node's module loader would also parse all
// of it to tell its module format and to list its exports, about 0.4 s of CPU more. And loaded only
// when a source must be parsed: the long functions found are kept between runs (test/kept.ts).
let typescript: typeof TypeScript | undefined;
const tsModule = () => (typescript ??= createRequire(import.meta.url)('typescript') as typeof TypeScript);

const SRC = resolve(__dirname, '../src');
/** No function runs longer: long functions hide rules that deserve a name of their own. */
const MAX_LINES = 150;

/**
 * Lower layers first. A folder may import its own layer and the ones before it. stack/ comes before
 * instructions/: instructions cast, copy spells, pay costs and make triggers, and resolution (608),
 * which follows the instructions, lives with them.
 */
export const LAYERS = ['util', 'core', 'cards', 'state', 'characteristics', 'events', 'stack', 'instructions', 'game', 'scenario', 'cli', 'bench'];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specs = [...text.matchAll(/(?:from\s+|import\s*\(\s*|^import\s+)['"](\.\.?\/[^'"]+)['"]/gm)].map((m) => m[1]!);
  return specs.map((s) => resolve(dirname(file), s.replace(/\.js$/, '.ts')));
}

function layerOf(file: string): string {
  const rel = relative(SRC, file);
  return rel.includes('/') ? rel.split('/')[0]! : 'top';
}

function rank(layer: string): number {
  return layer === 'top' ? LAYERS.length : LAYERS.indexOf(layer);
}

/** Strongly connected components with more than one file (Tarjan), or a file importing itself. */
function cycles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const on = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, next); low.set(v, next); next++;
    stack.push(v); on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) { visit(w); low.set(v, Math.min(low.get(v)!, low.get(w)!)); }
      else if (on.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const scc: string[] = [];
      let w: string;
      do { w = stack.pop()!; on.delete(w); scc.push(w); } while (w !== v);
      if (scc.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(scc.map((f) => relative(SRC, f)).sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

const files = sources(SRC);
const graph = new Map(files.map((f) => [f, importsOf(f)]));

describe('architecture', () => {
  it('every folder of src/ is a known layer', () => {
    const unknown = [...new Set(files.map(layerOf))].filter((l) => l !== 'top' && !LAYERS.includes(l));
    expect(unknown).toEqual([]);
  });

  it('imports point from a layer to itself or a lower one', () => {
    const upward = files.flatMap((f) =>
      graph.get(f)!.filter((t) => rank(layerOf(t)) > rank(layerOf(f))).map((t) => `${relative(SRC, f)} -> ${relative(SRC, t)}`));
    expect(upward).toEqual([]);
  });

  it('the card DSL (cards/) imports nothing from the engine: only util/ and core/', () => {
    const engine = files.filter((f) => layerOf(f) === 'cards').flatMap((f) =>
      graph.get(f)!.filter((t) => !['util', 'core', 'cards'].includes(layerOf(t))).map((t) => `${relative(SRC, f)} -> ${relative(SRC, t)}`));
    expect(engine, 'cards/ is data and its compiler: it must not depend on the engine that reads it').toEqual([]);
  });

  it('no import cycle', () => {
    expect(cycles(graph)).toEqual([]);
  });
});

/**
 * What is wrong with a file's shape: functions longer than MAX_LINES, and object literals with a
 * getter or setter. V8 gives each such literal a hidden class of its own holding its accessors, kept
 * (with all they reach) until a full collection: a literal made per call keeps what it reaches out of
 * the young generation's reach (a class with the accessors on its prototype has one hidden class).
 */
function shapeProblems(file: string): string[] {
  const ts = tsModule();
  const text = readFileSync(file, 'utf8');
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, false);
  const found: string[] = [];
  const lineOf = (node: ts.Node) => sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const start = lineOf(node);
      const end = sf.getLineAndCharacterOfPosition(node.getEnd()).line + 1;
      if (end - start + 1 > MAX_LINES) {
        const name = node.name && ts.isIdentifier(node.name) ? node.name.text : '(anonymous)';
        found.push(`${relative(SRC, file)}:${start} ${name}: ${end - start + 1} lines`);
      }
    }
    if (ts.isObjectLiteralExpression(node) && node.properties.some((p) => ts.isGetAccessor(p) || ts.isSetAccessor(p))) {
      found.push(`${relative(SRC, file)}:${lineOf(node)} an object literal with an accessor (make it a class)`);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

describe('code shape', () => {
  // one test per folder of src/, so that none runs long
  const byFolder = new Map<string, string[]>();
  for (const f of sources(SRC)) byFolder.set(layerOf(f), [...(byFolder.get(layerOf(f)) ?? []), f]);
  for (const [folder, files] of byFolder) {
    it(`no function of ${folder === 'top' ? 'src/' : `src/${folder}/`} is longer than ${MAX_LINES} lines, no object literal has an accessor`, () => {
      // each file's answer kept while the file, this test and TypeScript (package-lock.json) stay the same
      const found = keptAnswers(`architecture-${folder}`, [fileURLToPath(import.meta.url), ...files], files, (f) => JSON.stringify(shapeProblems(f)));
      expect(found.flatMap((a) => JSON.parse(a) as string[])).toEqual([]);
    });
  }
});
