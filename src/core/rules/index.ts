// The citation index: every rule id the engine cites, with a one-line summary (summaries.ts).
// `RuleId` is the type of the ids it holds, so citing a rule that is missing here does not compile.

import { RULES } from './summaries.js';

export type RuleId = keyof typeof RULES;

export function isRuleId(id: string): id is RuleId {
  return Object.prototype.hasOwnProperty.call(RULES, id);
}

export function ruleSummary(id: string): string | undefined {
  return isRuleId(id) ? RULES[id] : undefined;
}

/** "601.2c" is a subrule of "601.2" and of "601"; a rule is a subrule of itself. */
export function isSubruleOf(id: string, parent: string): boolean {
  if (id === parent) return true;
  if (!id.startsWith(parent)) return false;
  const rest = id.slice(parent.length);
  // 601 -> 601.2 (next char "."), 601.2 -> 601.2c (next char a letter), but 601.2 is not a parent of 601.20
  if (/^\d+$/.test(parent)) return rest.startsWith('.');
  return /^[a-z]/.test(rest);
}

/** All rule ids of the index that are `id` or its subrules, in index order. */
export function rulesUnder(id: string): RuleId[] {
  return (Object.keys(RULES) as RuleId[]).filter((r) => isSubruleOf(r, id));
}

export function allRules(): Array<[RuleId, string]> {
  return Object.entries(RULES) as Array<[RuleId, string]>;
}
