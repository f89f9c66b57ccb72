// The citation index (src/rules/summaries.ts): every id is a well-formed Comprehensive Rules id
// with a one-line summary, and the engine never cites an id that is not in it.

import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RULES } from '../dist/core/rules/summaries.js';
import { isRuleId, isSubruleOf, rulesUnder, ruleSummary } from '../dist/core/rules/index.js';

const root = resolve(import.meta.dirname, '..');
const srcDir = join(root, 'src');
const sources = (readdirSync(srcDir, { recursive: true }) as string[])
  .filter((f) => f.endsWith('.ts'))
  .map((f) => join(srcDir, f))
  .filter((f) => !f.endsWith(join('rules', 'summaries.ts')));

/** Every quoted string that looks like a rule id ('704.5g', "601.2"), with where it is. */
function ruleLiterals(): Array<{ id: string; where: string; line: string }> {
  const out: Array<{ id: string; where: string; line: string }> = [];
  for (const file of sources) {
    readFileSync(file, 'utf8').split('\n').forEach((line, i) => {
      for (const m of line.matchAll(/(['"])(\d{3}\.\d+[a-z]?)\1/g)) out.push({ id: m[2]!, where: `${relative(root, file)}:${i + 1}`, line: line.trim() });
    });
  }
  return out;
}

describe('the citation index', () => {
  const entries = Object.entries(RULES) as Array<[string, string]>;

  it('is not empty', () => {
    expect(entries.length).toBeGreaterThan(100);
  });

  it('every id has the form NNN.N with an optional letter', () => {
    expect(entries.map(([id]) => id).filter((id) => !/^\d{3}\.\d+[a-z]?$/.test(id))).toEqual([]);
  });

  it('every summary is one non-empty line', () => {
    const bad = entries.filter(([, s]) => typeof s !== 'string' || s.trim() === '' || /[\r\n]/.test(s)).map(([id]) => id);
    expect(bad).toEqual([]);
  });

  it('summaries are plain sentences: no leading or trailing spaces', () => {
    expect(entries.filter(([, s]) => s !== s.trim()).map(([id]) => id)).toEqual([]);
  });

  it('lookups agree with the index', () => {
    expect(isRuleId('601.2f')).toBe(true);
    expect(ruleSummary('601.2f')).toBe(RULES['601.2f']);
    expect(isRuleId('999.9')).toBe(false);
    expect(ruleSummary('999.9')).toBeUndefined();
  });

  it('subrules: 601.2c is under 601.2 and 601; 601.20 is not under 601.2', () => {
    expect(isSubruleOf('601.2c', '601.2')).toBe(true);
    expect(isSubruleOf('601.2c', '601')).toBe(true);
    expect(isSubruleOf('601.2', '601.2')).toBe(true);
    expect(isSubruleOf('601.20', '601.2')).toBe(false);
    expect(isSubruleOf('6012', '601')).toBe(false);
    expect(rulesUnder('704.5').length).toBeGreaterThan(5);
    expect(rulesUnder('704.5').every((r) => r.startsWith('704.5'))).toBe(true);
  });
});

describe('the engine cites only indexed rules', () => {
  const literals = ruleLiterals();

  it('the scan finds the rules cited by emit() and IllegalAction', () => {
    const emits = literals.filter((l) => /\.emit\(\{ type: '[a-z_]+', rule: ['"]\d/.test(l.line));
    const illegal = literals.filter((l) => /new IllegalAction\(\s*['"]\d/.test(l.line));
    expect(emits.length).toBeGreaterThan(20);
    expect(illegal.length).toBeGreaterThan(20);
  });

  it('every rule id written in src/ is in the index', () => {
    const missing = literals.filter((l) => !isRuleId(l.id)).map((l) => `${l.where}: ${l.id}`);
    expect(missing).toEqual([]);
  });

  it('in particular every `rule` argument of emit() and IllegalAction, and every `rule:` field', () => {
    const cited = literals.filter((l) => /\.emit\(|new IllegalAction\(|\brule:\s*['"]|illegalRule:\s*['"]/.test(l.line));
    expect(cited.length).toBeGreaterThan(50);
    expect(cited.filter((l) => !isRuleId(l.id)).map((l) => `${l.where}: ${l.id}`)).toEqual([]);
  });
});
