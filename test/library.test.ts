// The built-in library: every pool card is there, with its Oracle text, cost and type exactly as
// the pool has them; the library files have no problems; the foundation cards are supported.

import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadLibrary } from '../dist/cards/library.js';
import { costText } from '../dist/core/mana.js';

interface PoolCard { name: string; cost?: string; type: string; pt?: string; loyalty?: number; text: string; adventure?: PoolCard; flip?: PoolCard }

// The pool as shared with the team (../shared), or the copy kept with the tests for clones without it.
const shared = new URL('../../shared/cards/pool.yaml', import.meta.url);
const vendored = new URL('./fixtures/pool.yaml', import.meta.url);
const pool = parse(readFileSync(existsSync(shared) ? shared : vendored, 'utf8')) as PoolCard[];
const { registry, problems } = loadLibrary();

describe('card library', () => {
  it('keeps its copy of the pool in step with the shared one', () => {
    if (!existsSync(shared)) return; // a clone without ../shared checks against the copy alone
    expect(readFileSync(vendored, 'utf8')).toBe(readFileSync(shared, 'utf8'));
  });
  it('has no problems', () => {
    expect(problems.map((p) => `${p.file}:${p.line}:${p.col} ${p.message}`)).toEqual([]);
  });
  it('holds every pool card with its Oracle characteristics', () => {
    const wrong: string[] = [];
    for (const p of pool) {
      const c = registry.get(p.name);
      if (!c) { wrong.push(`${p.name}: missing`); continue; }
      const check = (a: PoolCard, f: typeof c.main, label: string) => {
        if ((a.text ?? '').trim() !== f.text) wrong.push(`${label}: text differs`);
        if ((a.cost ?? null) !== (f.manaCost ? costText(f.manaCost) : null)) wrong.push(`${label}: cost differs (${f.manaCost ? costText(f.manaCost) : 'none'})`);
        if (a.type !== f.typeLine) wrong.push(`${label}: type differs`);
        if (a.pt !== undefined && a.pt !== `${f.power}/${f.toughness}`) wrong.push(`${label}: pt differs`);
        if (a.loyalty !== undefined && a.loyalty !== f.loyalty) wrong.push(`${label}: loyalty differs`);
      };
      check(p, c.main, p.name);
      if (p.adventure) c.adventure ? check(p.adventure, c.adventure, `${p.name} (adventure)`) : wrong.push(`${p.name}: adventure missing`);
      if (p.flip) c.flip ? check(p.flip, c.flip, `${p.name} (flip)`) : wrong.push(`${p.name}: flip face missing`);
    }
    expect(wrong).toEqual([]);
  });
  it('supports the foundation cards whole', () => {
    const required = ['Plains', 'Island', 'Swamp', 'Mountain', 'Forest', 'Grizzly Bears', 'Hill Giant', 'Savannah Lions', 'Serra Angel',
      'Memnite', 'Llanowar Elves', 'Lightning Bolt', 'Shock', 'Murder', 'Lava Axe', 'Divination', 'Counterspell', 'Cancel', 'Doom Blade',
      "Sorin's Thirst", 'Plague Spores', 'Day of Judgment', 'Wrath of God', 'Pacifism', 'Dark Ritual', 'Unsummon', 'Disenchant',
      'Stone Rain', 'Isamaru, Hound of Konda', "Altar's Reap", 'Unholy Strength'];
    expect(required.filter((n) => registry.get(n)?.unsupported.length !== 0)).toEqual([]);
  });
});
