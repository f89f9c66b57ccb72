// `ruling explain FILE REF`: the characteristics of REF at the end of the timeline, layer by layer
// (613), each effect with its source and timestamp.

import chalk from 'chalk';
import { explainLayers, describeChars } from '../../characteristics/layers.js';
import { runScenario } from '../../scenario/run.js';
import { resolveRef, RefError } from '../../scenario/refs.js';
import { errorLines } from '../render.js';
import { loadFile, type Out } from '../io.js';
import type { Game } from '../../state/game.js';

export async function explainCommand(file: string, ref: string, out: Out): Promise<number> {
  const loaded = loadFile(file, out);
  if (!loaded) return 2;
  const { scenario, game } = loaded;
  const result = await runScenario(scenario, game);
  if (result.error) { for (const l of errorLines(result.error)) out.err(l); return 2; }
  if (!explainObject(game, ref, out)) return 2;
  return result.failures.length ? 1 : 0;
}

/** Prints REF's characteristics layer by layer; false (with the error printed) when REF names no object. */
export function explainObject(game: Game, ref: string, out: Out): boolean {
  let id: string;
  try {
    const r = resolveRef(game, ref, { players: false, what: 'explain' });
    if (!('obj' in r)) throw new RefError('a player has no characteristics');
    id = r.obj;
  } catch (e) {
    if (e instanceof RefError) { out.err(`${chalk.red('error')}: ${e.message}`); return false; }
    throw e;
  }
  out.log(chalk.bold(`${game.name(id)}: characteristics layer by layer (613)`));
  for (const s of explainLayers(game, id)) {
    out.log(`  ${chalk.cyan(`layer ${s.layer}`)}  ${s.effect}${s.source ? chalk.dim(`  from ${s.source}${s.timestamp ? `, timestamp ${s.timestamp}` : ''}`) : ''}`);
    out.log(`           ${chalk.dim('->')} ${s.result}`);
  }
  out.log(`  ${chalk.bold('result')}: ${describeChars(game.chars(id))}`);
  return true;
}
