// Every scenario under scenarios/ must pass: the conformance files and the examples. The scenarios
// are cut into shards, one test file each (test/scenarios-N.test.ts), so that the test workers share
// them out instead of one worker playing them all after the others are done.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { collectFiles } from '../dist/cli/commands/test.js';
import { loadScenarioText } from '../dist/scenario/load.js';
import { runScenario } from '../dist/scenario/run.js';
import { ScenarioErrors, formatError } from '../dist/scenario/errors.js';
import { isRuleId } from '../dist/core/rules/index.js';
import { jsonEvent } from '../dist/cli/render.js';
import { EVENT_TYPES, type GameEvent } from '../dist/state/events.js';
import { isDeepStrictEqual } from 'node:util';
import type { Game } from '../dist/state/game.js';
import type { CharsView } from '../dist/characteristics/layers.js';
import { FACE_DOWN } from '../dist/characteristics/copiable.js';

const { files: all } = collectFiles(['scenarios']);
/** How many shard files there are (test/scenarios-1.test.ts to -N). */
export const SHARDS = 6;

/** Every event renders: a sentence, and a JSON line with its type, its fields and that sentence. */
function checkRenders(events: GameEvent[], seen: Set<string>): string[] {
  const bad: string[] = [];
  for (const e of events) {
    seen.add(e.type);
    const j = JSON.parse(jsonEvent(e)) as { event: string; text: string; rule: string | null };
    if (j.event !== e.type || !j.text || j.text.includes('undefined') || j.rule !== e.rule) bad.push(jsonEvent(e));
  }
  return bad;
}

/**
 * Characteristics kept from one computation to the next (when no effect reaches from one object to
 * another) must equal those computed again all together: each one read during the run is compared,
 * and so is each name read without computing the rest.
 */
function checkLazyCharacteristics(game: Game): string[] {
  const port = game.ports.characteristics;
  const current = port.current.bind(port);
  const bad: string[] = [];
  // the answer itself is given back, its `get` checking: the layers know an answer they gave by its
  // identity (a whole computation kept through turn-structure events), and one given again is checked again
  const reads = new WeakMap<object, CharsView['get']>();
  port.current = (hint) => {
    const chars = current(hint);
    const read = reads.get(chars) ?? chars.get.bind(chars);
    reads.set(chars, read);
    // the whole computation is of the same state; an object's answer doesn't change, so it is compared once
    const all = port.computeAll();
    const compared = new Set<string>();
    chars.get = (id) => {
      const c = read(id);
      if (compared.has(id)) return c;
      compared.add(id);
      if (!isDeepStrictEqual(c, all.get(id))) bad.push(`${id}: ${JSON.stringify(c)} alone, ${JSON.stringify(all.get(id))} with the rest`);
      return c;
    };
    return chars;
  };
  // a name read alone is the name the whole computation gives
  const name = port.name.bind(port);
  port.name = (id) => {
    const n = name(id);
    const whole = port.computeAll().get(id)?.name;
    if (n !== undefined && n !== whole) bad.push(`${id}: named ${JSON.stringify(n)} alone, ${JSON.stringify(whole)} with the rest`);
    return n;
  };
  return bad;
}

/**
 * After each action, every object's characteristics as the game knows them (kept or computed again
 * alone) against a whole computation: an answer nobody read is checked too.
 */
function staleAfter(g: Game, action: number): string[] {
  const all = g.ports.characteristics.computeAll();
  const bad: string[] = [];
  for (const id of Object.keys(g.state.objects)) {
    const c = g.chars(id);
    if (!isDeepStrictEqual(c, all.get(id))) bad.push(`after action ${action}, ${id}: ${JSON.stringify(c)} kept, ${JSON.stringify(all.get(id))} computed again`);
  }
  return bad;
}

/** Freezes a value and everything in it (what is frozen already was frozen whole here). */
function deepFreeze(v: unknown): void {
  if (typeof v !== 'object' || v === null || Object.isFrozen(v)) return;
  for (const x of Object.values(v)) deepFreeze(x);
  Object.freeze(v);
}

/**
 * The characteristics share their lists (types, colors, abilities ...) with the cards and the
 * face-down values (copiableChars): the cards of a run, the library's included, and the face-down
 * values are frozen, so that code changing such a list in place fails the run instead of changing
 * the card for every later game.
 */
function freezeCards(game: Game): void {
  deepFreeze(FACE_DOWN);
  for (const name of game.cards.names()) deepFreeze(game.cards.get(name));
}

/** The tests of shard `shard` (1 to SHARDS): every SHARDS-th file, and the checks of the whole set in shard 1. */
export function scenarioShard(shard: number): void {
  const files = all.filter((_, i) => i % SHARDS === shard - 1);
  const seen = new Set<string>();
  describe('scenarios', () => {
    if (shard === 1) {
      it('there are scenarios to run', () => {
        expect(all.length).toBeGreaterThan(5);
      });
    }
    for (const file of files) {
      it(file, async () => {
        let loaded;
        try {
          loaded = loadScenarioText(file, readFileSync(file, 'utf8'));
        } catch (e) {
          if (e instanceof ScenarioErrors) throw new Error(e.message);
          throw e;
        }
        freezeCards(loaded.game);
        const lazyMismatches = checkLazyCharacteristics(loaded.game);
        const stale: string[] = [];
        const r = await runScenario(loaded.scenario, loaded.game, { onStep: (step, g) => stale.push(...staleAfter(g, step.index)) });
        expect(lazyMismatches.slice(0, 3)).toEqual([]);
        expect(stale.slice(0, 3)).toEqual([]);
        expect(r.error ? formatError(r.error) : null).toBeNull();
        expect(r.failures.map((f) => `${file}:${f.pos.line} ${f.field}: expected ${f.expected}, got ${f.actual}`)).toEqual([]);
        // every rule the trace cites is in the citation index
        const missing = loaded.game.state.events.map((e) => e.rule).filter((rule): rule is string => rule !== null && !isRuleId(rule));
        expect(missing).toEqual([]);
        expect(checkRenders(loaded.game.state.events, seen)).toEqual([]);
      });
    }
    // each shard checks the event types its own runs made; together they check every run's
    it('the events of the run are all of known, documented types (docs/json-output.md)', () => {
      expect([...seen].filter((t) => !(EVENT_TYPES as readonly string[]).includes(t))).toEqual([]);
      if (shard !== 1) return;
      const doc = readFileSync('docs/json-output.md', 'utf8');
      expect(EVENT_TYPES.filter((t) => !doc.includes(`\`${t}\``))).toEqual([]);
    });
  });
}
