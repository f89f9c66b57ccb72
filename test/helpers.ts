// Small helpers shared by the unit tests: inline YAML, loading and running scenarios, the YAML files of a folder.

import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { Game } from '../dist/state/game.js';
import type { GameObject } from '../dist/state/state.js';
import { objectByRef } from '../dist/events/zones.js';
import { ScenarioErrors, formatError, type ScenarioError } from '../dist/scenario/errors.js';
import { loadScenarioText, type LoadedScenario } from '../dist/scenario/load.js';
import { runScenario, type RunOptions, type RunResult } from '../dist/scenario/run.js';

/**
 * A template tag for inline YAML: drops the first line break and the common indentation, so the
 * YAML can be indented with the test code and line/column numbers count from its first line.
 */
export function yaml(strings: TemplateStringsArray, ...values: unknown[]): string {
  const raw = strings.reduce((s, str, i) => s + str + (i < values.length ? String(values[i]) : ''), '');
  const lines = raw.replace(/^\n/, '').replace(/\n[ \t]*$/, '\n').split('\n');
  const indents = lines.filter((l) => l.trim() !== '').map((l) => /^ */.exec(l)![0].length);
  const cut = indents.length ? Math.min(...indents) : 0;
  return lines.map((l) => l.slice(cut)).join('\n');
}

/** Loads a scenario; a loader error fails the test with its formatted message. */
export function load(text: string, file = 'test.yaml'): { scenario: LoadedScenario; game: Game } {
  try {
    return loadScenarioText(file, text);
  } catch (e) {
    if (e instanceof ScenarioErrors) throw new Error(`unexpected loader error:\n${e.message}`);
    throw e;
  }
}

/** The loader errors of a scenario that must not load. */
export function loadErrors(text: string, file = 'test.yaml'): ScenarioError[] {
  try {
    loadScenarioText(file, text);
  } catch (e) {
    if (e instanceof ScenarioErrors) return e.errors;
    throw e;
  }
  throw new Error('the scenario loaded, but an error was expected');
}

/** Loads and runs a scenario. */
export async function run(text: string, opts: RunOptions = {}, file = 'test.yaml'): Promise<RunResult & { scenario: LoadedScenario }> {
  const { scenario, game } = load(text, file);
  const r = await runScenario(scenario, game, opts);
  return { ...r, scenario };
}

/** Runs a scenario that must end without an error and with every checkpoint met. */
export async function runClean(text: string, opts: RunOptions = {}, file = 'test.yaml'): Promise<RunResult & { scenario: LoadedScenario }> {
  const r = await run(text, opts, file);
  expect(r.error ? formatError(r.error) : null).toBeNull();
  expect(r.failures.map((f) => `line ${f.pos.line} ${f.field}: expected ${f.expected}, got ${f.actual}`)).toEqual([]);
  return r;
}

/** The object a scenario id names now (it follows the card through zone changes). */
export function byRef(g: Game, ref: string): GameObject {
  const o = objectByRef(g, ref);
  if (!o) throw new Error(`no object with id ${ref}`);
  return o;
}

/** The rules cited by the events of the game, in order. */
export function cited(g: Game, from = 0): string[] {
  return g.state.events.slice(from).map((e) => e.rule).filter((r): r is NonNullable<typeof r> => r !== null);
}

/** A loop that only a budget stops: a trigger on gaining life that gains life (the state never repeats). */
export const ENDLESS_SPRING = yaml`
  scenario: a loop that only a budget stops
  cards:
    - name: Endless Spring
      type: Enchantment
      text: Whenever you gain life, you gain 1 life.
      abilities:
        - triggered: { when: { gain_life: you }, do: [ { gain_life: 1 } ] }
  players:
    Alice:
      battlefield: [Endless Spring]
      hand: [Healing Salve]
      pool: "{W}"
    Bob: {}
  actions:
    - cast: Healing Salve
      modes: [1]
      targets: [Alice]
    - resolve: all
`;

/** Every .yaml file under `dir`, in sorted order. */
export function yamlFiles(dir: string): string[] {
  return readdirSync(dir).sort().flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return yamlFiles(path);
    return name.endsWith('.yaml') ? [path] : [];
  });
}

/** A value written out so that key order, undefined, -0, NaN and number vs string all show. */
export function show(v: unknown): string {
  if (typeof v === 'number') return Object.is(v, -0) ? 'n:-0' : `n:${v}`;
  if (typeof v === 'string') return JSON.stringify(v);
  if (v === null || typeof v !== 'object') return String(v);
  if (Array.isArray(v)) return `[${v.map(show).join(',')}]`;
  if (Object.getPrototypeOf(v) !== Object.prototype) return 'not a plain object';
  return `{${Object.entries(v).map(([k, x]) => `${JSON.stringify(k)}:${show(x)}`).join(',')}}`;
}
