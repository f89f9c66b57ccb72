// The builder behind the Oracle grammar (oracle.peggy): each method makes one piece of a DSL entry,
// so the grammar says which words mean what and this file says how the DSL writes it. A builder
// lives for one paragraph and names its targets in the order the text gives them (601.2c).

import { parseFilter } from '../filter.js';

export type Dsl = Record<string, unknown>;
/** A target as the grammar reads it; the block names it when the paragraph has parsed whole
 * (names are given afterwards because a PEG parser may read a phrase, then backtrack). */
export interface TargetMark { target: string }
type Ref = string | TargetMark;
/** Where damage goes: one reference, or each object a filter matches. */
type DamageTo = { ref: Ref } | { each: string };

export interface Body {
  effects: Dsl[];
}

/** Plural nouns of filter phrases and their singular ("Creatures you control" -> "creature you control"). */
const PLURALS: Array<[RegExp, string]> = [
  [/\bcreatures\b/gi, 'creature'], [/\bartifacts\b/gi, 'artifact'], [/\benchantments\b/gi, 'enchantment'],
  [/\blands\b/gi, 'land'], [/\bpermanents\b/gi, 'permanent'], [/\bplaneswalkers\b/gi, 'planeswalker'],
  [/\bspells\b/gi, 'spell'], [/\bcards\b/gi, 'card'], [/\btokens\b/gi, 'token'], [/\bplayers\b/gi, 'player'],
  [/\bopponents\b/gi, 'opponent'],
];

export class OracleBuilder {
  /** `firstTarget`: how many targets earlier paragraphs of the face named, so names stay unique. */
  constructor(private readonly isSpell: boolean, private readonly selfName: string, private readonly firstTarget = 0) {}

  // ---------------------------------------------------------------- words

  isFilter(words: string): boolean {
    return !('error' in parseFilter(words));
  }

  singular(words: string): string {
    let out = words;
    for (const [re, s] of PLURALS) out = out.replace(re, s);
    return out.charAt(0).toLowerCase() + out.slice(1);
  }

  /** A plural filter: it has a plural noun, and its singular is a filter. */
  isPluralFilter(words: string): boolean {
    const one = this.singular(words);
    return one !== words.charAt(0).toLowerCase() + words.slice(1) && this.isFilter(one);
  }

  keyword(k: string): string {
    return k.charAt(0).toUpperCase() + k.slice(1);
  }

  target(filter: string): TargetMark {
    return { target: filter };
  }

  /** Targets named in the order the text gives them (t, t2, t3...), as instructions refer to them. */
  private block(body: Dsl[]): Dsl {
    const targets: Array<[string, string]> = [];
    const name = (v: unknown): unknown => {
      if (Array.isArray(v)) return v.map(name);
      if (!v || typeof v !== 'object') return v;
      if (isMark(v)) {
        const k = this.firstTarget + targets.length;
        const n = k === 0 ? 't' : `t${k + 1}`;
        targets.push([n, v.target]);
        return n;
      }
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, name(x)]));
    };
    const effects = name(body) as Dsl[];
    return { ...(targets.length ? { targets: Object.fromEntries(targets) } : {}), do: effects };
  }

  // ---------------------------------------------------------------- abilities

  spell(body: Dsl[]): Dsl | null {
    return this.isSpell ? { spell: this.block(body) } : null;
  }

  activated(cost: string, body: Dsl[], limits: string[]): Dsl {
    const extra: Dsl = {};
    for (const l of limits) if (l === 'sorcery') extra.timing = 'sorcery'; else extra.limit = l;
    return { activated: { cost: cost.replace(/CARDNAME/g, this.selfName), ...this.block(body), ...extra } };
  }

  triggered(when: Dsl, body: Dsl[]): Dsl {
    return { triggered: { when, ...this.block(body) } };
  }

  event(kind: string, who: string): Dsl {
    return { [kind]: who };
  }

  castTrigger(filter: string, by: string): Dsl {
    return { cast: filter, by };
  }

  step(step: string, whose: string): Dsl {
    return { step, whose };
  }

  entersTapped(): Dsl {
    return { replacement: { enters_tapped: 'self' } };
  }

  entersWithCounters(kind: string, n: number | string): Dsl {
    return { replacement: { enters_with_counters: kind, amount: n } };
  }

  staticPump(who: string | { filter: string }, pt: string, keywords: string[]): Dsl {
    return { static: { pump: pt, affected: affected(who), ...(keywords.length ? { grant: keywords } : {}) } };
  }

  staticGrant(who: string | { filter: string }, keywords: string[]): Dsl {
    return { static: { grant: keywords, affected: affected(who) } };
  }

  mustAttack(): Dsl {
    return { static: { must_attack: 'self' } };
  }

  // ---------------------------------------------------------------- instructions

  damage(n: number | string, to: DamageTo): Dsl {
    return 'each' in to ? { damage_each: n, filter: to.each } : { damage: n, to: to.ref };
  }

  draw(n: number | string, who: Ref): Dsl {
    return { draw: n, ...(who === 'you' ? {} : { who }) };
  }

  life(verb: 'gain_life' | 'lose_life', n: number | string, who: Ref): Dsl {
    return { [verb]: n, ...(who === 'you' ? {} : { who }) };
  }

  act(verb: string, ref: Ref): Dsl {
    return { [verb]: ref };
  }

  each(verb: string, filter: string): Dsl {
    return { [verb]: filter };
  }

  pump(ref: Ref, pt: string): Dsl {
    return { pump: pt, on: ref, until: 'end_of_turn' };
  }

  pumpAll(filter: string, pt: string): Dsl {
    return { pump_all: pt, filter };
  }

  addMana(symbols: string): Dsl {
    return { add: symbols };
  }

  addAnyColor(n: number): Dsl {
    return { add_any_color: n };
  }

  scry(n: number): Dsl {
    return { scry: n };
  }

  mill(n: number | string, who: Ref): Dsl {
    return { mill: n, ...(who === 'you' ? {} : { who }) };
  }

  discard(n: number | string, who: Ref): Dsl {
    return { discard: n, ...(who === 'you' ? {} : { who }) };
  }

  putCounters(kind: string, n: number | string, on: Ref): Dsl {
    return { put_counters: kind, amount: n, on };
  }
}

function isMark(v: object): v is TargetMark {
  return Object.keys(v).length === 1 && typeof (v as TargetMark).target === 'string';
}

function affected(who: string | { filter: string }): string {
  return typeof who === 'string' ? who : who.filter;
}
