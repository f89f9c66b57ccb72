// `ruling explain FILE REF [--at LINE]`: the characteristics of REF at a point of the timeline (its
// end, or after the actions that start on or before LINE), layer by layer (613): each step with its
// source and timestamp and why it comes where it does (its layer, timestamp order, a
// characteristic-defining ability, or a dependency naming both effects, 613.8a). Steps that change
// nothing are left out unless `-v`. `--json` prints the same derivation as one JSON document
// (docs/json-output.md).

import chalk from 'chalk';
import { explainLayers, describeChars, type LayerStep } from '../../characteristics/layers.js';
import { runScenario } from '../../scenario/run.js';
import { resolveRef, RefError } from '../../scenario/refs.js';
import type { ActionSpec } from '../../scenario/schema.js';
import { errorLines } from '../render.js';
import { loadFile, type Out } from '../io.js';
import type { Game } from '../../state/game.js';

export interface ExplainFlags {
  /** Explain after the actions that start on or before this line. */
  at?: number;
  verbose?: boolean;
  /** One JSON document instead of the text. */
  json?: boolean;
}

export async function explainCommand(file: string, ref: string, flags: ExplainFlags, out: Out): Promise<number> {
  const loaded = loadFile(file, out);
  if (!loaded) return 2;
  const { scenario, game } = loaded;
  const actions = (scenario.spec.actions ?? []) as ActionSpec[];
  const limit = flags.at === undefined ? actions.length : actions.filter((_, i) => scenario.at(['actions', i]).line <= flags.at!).length;
  const result = await runScenario(scenario, game, { limit });
  if (result.error) { for (const l of errorLines(result.error)) out.err(l); return 2; }
  if (flags.json) {
    const id = objectOf(game, ref, out);
    if (id === null) return 2;
    out.log(JSON.stringify(explainJson(game, id, { file, ref, at: flags.at ?? null, played: limit, total: actions.length })));
    return result.failures.length ? 1 : 0;
  }
  if (flags.at !== undefined) out.log(chalk.dim(`at line ${flags.at}: after ${limit} of ${actions.length} action${actions.length === 1 ? '' : 's'}`));
  if (!explainObject(game, ref, out, !!flags.verbose)) return 2;
  return result.failures.length ? 1 : 0;
}

/** Prints REF's characteristics layer by layer; false (with the error printed) when REF names no object. */
export function explainObject(game: Game, ref: string, out: Out, verbose = false): boolean {
  const id = objectOf(game, ref, out);
  if (id === null) return false;
  out.log(chalk.bold(`${game.name(id)}: characteristics layer by layer (613)`));
  const { shown, hidden } = stepsToShow(explainLayers(game, id), verbose);
  for (const s of shown) {
    out.log(`  ${chalk.cyan(`layer ${s.layer}`)}  ${s.effect}${s.source ? chalk.dim(`  from ${s.source}${s.timestamp ? `, timestamp ${s.timestamp}` : ''}`) : ''}`);
    if (s.why) out.log(`           ${chalk.dim(`why: ${s.why}`)}`);
    out.log(`           ${chalk.dim('->')} ${s.result}`);
  }
  if (hidden) out.log(chalk.dim(`  (${hidden} step${hidden === 1 ? ' that changes' : 's that change'} nothing left out; -v shows them)`));
  out.log(`  ${chalk.bold('result')}: ${describeChars(game.chars(id))}`);
  return true;
}

/** The object REF names; null (with the error printed) when it names none. */
function objectOf(game: Game, ref: string, out: Out): string | null {
  try {
    const r = resolveRef(game, ref, { players: false, what: 'explain' });
    if (!('obj' in r)) throw new RefError('a player has no characteristics');
    return r.obj;
  } catch (e) {
    if (e instanceof RefError) { out.err(`${chalk.red('error')}: ${e.message}`); return null; }
    throw e;
  }
}

/** The derivation as data: every step (`shown`: false for those the text leaves out without -v) and the result. */
function explainJson(game: Game, id: string, where: { file: string; ref: string; at: number | null; played: number; total: number }) {
  const steps = explainLayers(game, id);
  const shown = new Set(stepsToShow(steps, false).shown);
  const c = game.chars(id);
  return {
    type: 'explain', format: EXPLAIN_FORMAT, ...where, object: { id, name: game.name(id) },
    steps: steps.map((s) => ({ layer: s.layer, effect: s.effect, source: s.source || null, timestamp: s.timestamp || null, why: s.why, result: s.result, shown: shown.has(s) })),
    result: {
      text: describeChars(c), name: c.name, colors: c.colors, types: c.types, supertypes: c.supertypes, subtypes: c.subtypes,
      power: c.power, toughness: c.toughness, loyalty: c.loyalty, controller: game.player(c.controller).name,
    },
  };
}

/** The version of the `explain --json` document (docs/json-output.md). */
export const EXPLAIN_FORMAT = 1;

/**
 * The steps to print: the first (copiable values), every step that changes the result, and every
 * step a dependency put out of timestamp order (613.8); all of them with `verbose`.
 */
function stepsToShow(steps: LayerStep[], verbose: boolean): { shown: LayerStep[]; hidden: number } {
  if (verbose) return { shown: steps, hidden: 0 };
  const shown = steps.filter((s, i) => i === 0 || s.result !== steps[i - 1]!.result || /613\.8/.test(s.why));
  return { shown, hidden: steps.length - shown.length };
}
