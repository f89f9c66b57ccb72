// The JSON Schema of the scenario format: the committed schema/scenario.schema.json is what the
// generator makes now (regenerate with `npm run schema`), and `ruling schema` prints it.

import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { schemaText } from '../dist/cli/commands/schema.js';

const root = resolve(import.meta.dirname, '..');

describe('the scenario JSON Schema', () => {
  it('the committed file equals the generated schema (run `npm run schema` after changing the format)', () => {
    expect(readFileSync(join(root, 'schema/scenario.schema.json'), 'utf8')).toBe(`${schemaText()}\n`);
  });

  it('forbids unknown keys, reads transforms on their input side, and offers the library card names', () => {
    const s = JSON.parse(schemaText()) as { additionalProperties: unknown; required: string[]; properties: Record<string, unknown>; $defs: Record<string, { anyOf: Array<{ enum?: string[] }> }> };
    expect(s.additionalProperties).toBe(false);
    expect(s.required).toEqual(['scenario', 'players']);
    expect(s.properties.rules).toEqual({ type: 'array', items: { type: ['string', 'number'] } });
    expect(s.$defs.cardName!.anyOf[0]!.enum).toContain('Lightning Bolt');
    expect(s.properties.cards).toEqual({ type: 'array', items: { $ref: '#/$defs/card' } });
  });

  it('`ruling schema` prints it, and every example names it for the YAML language server', () => {
    const printed = execFileSync(process.execPath, [join(root, 'bin/ruling'), 'schema'], { encoding: 'utf8' });
    expect(printed).toBe(`${schemaText()}\n`);
    const dir = join(root, 'scenarios/examples');
    for (const f of readdirSync(dir)) {
      expect(readFileSync(join(dir, f), 'utf8').split('\n')[0], f).toBe('# yaml-language-server: $schema=../../schema/scenario.schema.json');
    }
  });
});
