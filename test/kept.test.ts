// The files a kept answer depends on (test/kept.ts): the module closure must hold every module the
// function can load, or an answer would outlive a change that alters it.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { importClosure } from './kept.js';

const ROOT = join(import.meta.dirname, '..');

describe('importClosure', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ruling-closure-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const file = (name: string, text: string) => {
    writeFileSync(join(dir, name), text);
    return relative(ROOT, join(dir, name));
  };

  it('follows static, re-exported, bare and dynamic imports, and leaves out type-only ones', () => {
    file('a.js', 'export const a = 1;\n');
    file('b.js', 'import { a } from "./a.js";\nexport { c } from "./c.js";\n');
    file('c.js', 'import "./d.js";\nexport const c = async () => (await import("./e.js")).e;\n');
    file('d.js', '');
    file('e.js', 'import fs from "node:fs";\nexport const e = fs;\n');
    file('t.ts', "import type { X } from './x.js';\nimport { b } from './b.js';\n");
    const entry = relative(ROOT, join(dir, 't.ts'));
    expect(importClosure([entry]).map((f) => f.slice(f.lastIndexOf('/') + 1))).toEqual(['a.js', 'b.js', 'c.js', 'd.js', 'e.js', 't.ts']);
  });

  it('takes a TypeScript import of a .js path to its .ts file', () => {
    file('u.ts', "import { v } from './v.js';\n");
    file('v.ts', 'export const v = 1;\n');
    expect(importClosure([relative(ROOT, join(dir, 'u.ts'))]).map((f) => f.slice(f.lastIndexOf('/') + 1))).toEqual(['u.ts', 'v.ts']);
  });

  it('finds what the built YAML reading loads, and the commands the command line imports when they run', () => {
    expect(importClosure(['dist/util/yamlread.js'])).toEqual(['dist/util/yamlfast.js', 'dist/util/yamlpos.js', 'dist/util/yamlread.js']);
    expect(importClosure(['dist/cli/program.js'])).toContain('dist/cli/commands/run.js');
  });
});
