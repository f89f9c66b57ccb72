// Keyword abilities whose rules define triggered abilities (702): they are written in the card DSL
// itself and compiled once, so the engine runs them like any printed ability.

import { abilitySchema, type AbilityDsl } from '../cards/schema.js';
import type { Ability } from '../cards/types.js';
import type { RuleId } from '../rules/index.js';

type Triggered = Extract<Ability, { kind: 'triggered' }>;

const DEFS: Record<string, Array<{ text: string; rule: RuleId; dsl: unknown }>> = {
  // 702.79a
  Persist: [{
    rule: '702.79a',
    text: 'When this permanent is put into a graveyard from the battlefield, if it had no -1/-1 counters on it, return it to the battlefield under its owner\'s control with a -1/-1 counter on it.',
    dsl: { triggered: { when: { dies: 'self' }, if: { no_counters: '-1/-1' }, do: [{ return_to_battlefield: 'it', under: 'owner', counters: { '-1/-1': 1 } }] } },
  }],
  // 702.62a
  Suspend: [
    {
      rule: '702.62a',
      text: 'At the beginning of your upkeep, if this card is suspended, remove a time counter from it.',
      dsl: { triggered: { when: { step: 'upkeep', whose: 'you' }, if: { suspended: true }, do: [{ remove_counters: 'time', amount: 1, on: 'self' }] } },
    },
    {
      rule: '702.62a',
      text: 'When the last time counter is removed from this card, if it\'s exiled, you may play it without paying its mana cost if able.',
      dsl: { triggered: { when: { last_counter_removed: 'time' }, if: { is: 'card in exile', what: 'self' }, do: [{ cast: 'self', without_paying: true, optional: true }] } },
    },
  ],
};

const cache = new Map<string, Triggered[]>();

/** The triggered abilities a keyword stands for, with stable keys ("kw:Persist#0"). */
export function keywordTriggers(keyword: string): Triggered[] {
  const hit = cache.get(keyword);
  if (hit) return hit;
  const out: Triggered[] = [];
  for (const [i, d] of (DEFS[keyword] ?? []).entries()) {
    const parsed = abilitySchema.parse(d.dsl) as AbilityDsl;
    if (parsed.kind !== 'triggered') continue;
    out.push({ ...parsed, key: `kw:${keyword}#${i}`, text: d.text });
  }
  cache.set(keyword, out);
  return out;
}

/** The rule that defines a keyword's triggered ability (for citations). */
export function keywordRule(key: string): RuleId | undefined {
  const m = /^kw:(.+)#(\d+)$/.exec(key);
  return m ? DEFS[m[1]!]?.[Number(m[2])]?.rule : undefined;
}

export function keywordAbility(key: string): Triggered | undefined {
  const m = /^kw:(.+)#(\d+)$/.exec(key);
  if (!m) return undefined;
  return keywordTriggers(m[1]!)[Number(m[2])];
}

/** Keywords that define triggered abilities, and the zones they work from. */
export const TRIGGER_KEYWORDS: Record<string, 'battlefield' | 'exile'> = { Persist: 'battlefield', Suspend: 'exile' };
