// `ruling rule ID`: the summary of a rule from the citation index, with its subrules; the id in any
// case.

import chalk from 'chalk';
import { allRules, isRuleId, ruleSummary, rulesUnder } from '../../core/rules/index.js';
import { closest } from '../../util/suggest.js';
import type { Out } from '../io.js';

export function ruleCommand(given: string, out: Out): number {
  // the index writes subrule letters in lower case; `613.1D` is 613.1d
  const id = given.toLowerCase();
  const under = rulesUnder(id);
  if (!isRuleId(id) && under.length === 0) {
    const hint = closest(id, allRules().map(([r]) => r), 3);
    out.err(`${chalk.red('error')}: rule ${id} is not in the citation index${hint.length ? `; nearby: ${hint.join(', ')}` : ''}`);
    return 2;
  }
  if (isRuleId(id)) out.log(`${chalk.cyan(id)}  ${ruleSummary(id)}`);
  for (const r of under) if (r !== id) out.log(`  ${chalk.cyan(r)}  ${ruleSummary(r)}`);
  return 0;
}
