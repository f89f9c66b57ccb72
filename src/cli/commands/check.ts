// `ruling check FILE|DIR...`: validates scenarios without playing them: the schema, the cards, the
// initial state, and every reference the timeline would resolve. Reports every error of every
// file; exit 0 when all are valid, 2 otherwise.

import chalk from 'chalk';
import { readScenario, type Out } from '../io.js';
import { collectFiles } from '../discover.js';
import { errorLines } from '../render.js';
import { displayName } from '../reporters.js';
import { referenceErrors } from '../../scenario/references.js';
import type { ScenarioError } from '../../scenario/errors.js';

/** Checks one file: its errors, or a one-line summary of what it holds. */
function checkFile(file: string): { errors: ScenarioError[]; summary?: string } {
  const r = readScenario(file);
  if ('errors' in r) return { errors: r.errors };
  const errors = referenceErrors(r.scenario, r.game);
  if (errors.length) return { errors };
  const actions = r.scenario.spec.actions ?? [];
  const checkpoints = actions.filter((a) => typeof a === 'object' && 'expect' in a).length;
  return { errors, summary: `${Object.keys(r.scenario.spec.players).length} players, ${actions.length} actions, ${checkpoints} checkpoints` };
}

export function checkCommand(paths: string[], out: Out): number {
  const found = collectFiles(paths, []);
  for (const m of found.missing) out.err(`${chalk.red('error')}: ${m}: no such file or directory`);
  if (found.files.length === 0 && found.missing.length === 0) out.err(`${chalk.red('error')}: no scenario found under ${paths.join(', ')}`);
  let bad = found.missing.length + (found.files.length === 0 ? 1 : 0);
  for (const f of found.files) {
    const r = checkFile(f);
    if (r.summary) out.log(`${chalk.green('ok')} ${displayName(f)}: ${r.summary}`);
    else bad++;
    for (const e of r.errors) for (const l of errorLines(e)) out.err(l);
  }
  return bad ? 2 : 0;
}
