// `ruling check FILE`: validates a scenario (schema, cards, references) without running it.

import chalk from 'chalk';
import { loadFile, type Out } from '../io.js';

export function checkCommand(file: string, out: Out): number {
  const loaded = loadFile(file, out);
  if (!loaded) return 2;
  const actions = loaded.scenario.spec.actions ?? [];
  const checkpoints = actions.filter((a) => typeof a === 'object' && 'expect' in a).length;
  out.log(`${chalk.green('ok')} ${file}: ${Object.keys(loaded.scenario.spec.players).length} players, ${actions.length} actions, ${checkpoints} checkpoints`);
  return 0;
}
