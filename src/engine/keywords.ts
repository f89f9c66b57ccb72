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
  // 702.24a: "$COST" is the keyword's cost, paid once for each age counter
  'Cumulative upkeep': [{
    rule: '702.24a',
    text: 'At the beginning of your upkeep, put an age counter on this permanent. Then you may pay its cumulative upkeep cost for each age counter on it. If you don\'t, sacrifice it.',
    dsl: { triggered: { when: { step: 'upkeep', whose: 'you' }, do: [
      { put_counters: 'age', amount: 1, on: 'self' },
      { unless: '$COST', who: 'you', times: { counters: 'age', on: 'self' }, do: [{ sacrifice: 'self' }] },
    ] } },
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

/** Puts a keyword's parameter (its cost) into the DSL of its abilities. */
function withParam(dsl: unknown, param: string): unknown {
  return JSON.parse(JSON.stringify(dsl).replace(/\$COST/g, param.replace(/"/g, '\\"')));
}

/**
 * The triggered abilities a keyword stands for, with stable keys ("kw:Persist#0",
 * "kw:Cumulative upkeep#0|Draw a card"): the parameter is part of the key.
 */
export function keywordTriggers(keyword: string, param = ''): Triggered[] {
  const cacheKey = `${keyword}|${param}`;
  const hit = cache.get(cacheKey);
  if (hit) return hit;
  const out: Triggered[] = [];
  for (const [i, d] of (DEFS[keyword] ?? []).entries()) {
    const parsed = abilitySchema.parse(withParam(d.dsl, param)) as AbilityDsl;
    if (parsed.kind !== 'triggered') continue;
    out.push({ ...parsed, key: `kw:${keyword}#${i}${param ? `|${param}` : ''}`, text: d.text });
  }
  cache.set(cacheKey, out);
  return out;
}

/** The rule that defines a keyword's triggered ability (for citations). */
export function keywordRule(key: string): RuleId | undefined {
  const m = /^kw:(.+?)#(\d+)(?:\|.*)?$/.exec(key);
  return m ? DEFS[m[1]!]?.[Number(m[2])]?.rule : undefined;
}

export function keywordAbility(key: string): Triggered | undefined {
  const m = /^kw:(.+?)#(\d+)(?:\|(.*))?$/.exec(key);
  if (!m) return undefined;
  return keywordTriggers(m[1]!, m[3] ?? '')[Number(m[2])];
}

/** Keywords that define triggered abilities, and the zones they work from. */
export const TRIGGER_KEYWORDS: Record<string, 'battlefield' | 'exile'> = { Persist: 'battlefield', Suspend: 'exile', 'Cumulative upkeep': 'battlefield' };
