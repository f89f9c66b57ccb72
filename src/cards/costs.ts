// Parsing the non-mana and mana parts of activation and additional costs (118, 602.1a), written as
// Oracle writes them: "{2}, {T}, Sacrifice Custom Banishing Rod", "Pay 1 life, Exile a blue card
// from your hand", "Exile the top ten cards of your library", "+1", "−4".

import { parseManaCost, type ManaCost } from '../core/mana.js';
import { parseFilter, type Filter } from './filter.js';

export type CostPart =
  | { kind: 'mana'; mana: ManaCost }
  | { kind: 'tap' } // {T}
  | { kind: 'untap' } // {Q}
  | { kind: 'loyalty'; n: number | 'X' } // +N / −N (606)
  | ({ kind: 'life' } & Count)
  | { kind: 'sacrifice'; self: true }
  /** `only`: the objects already chosen as the cost was announced (emerge's creature, 702.119a) */
  | ({ kind: 'sacrifice'; self?: false; filter: Filter; only?: string[] } & Count)
  /** `random`: "discard a card at random" (701.8b), paid after the costs without random elements (601.2h) */
  | ({ kind: 'discard'; filter: Filter; random?: true } & Count)
  | { kind: 'exile_from_hand'; filter: Filter; n: number }
  /** "Exile two creature cards from your graveyard", "Exile X cards from your graveyard" */
  | ({ kind: 'exile_from_graveyard'; filter: Filter } & Count)
  /** "Reveal a Goblin card from your hand" (701.16a: the card stays in the hand) */
  | { kind: 'reveal_from_hand'; filter: Filter; n: number }
  /** "Reveal this card from your hand" (forecast, 702.57a): the ability works only there (113.6m) */
  | { kind: 'reveal_self' }
  /** "Exile this card from your graveyard / hand": the ability works only there (113.6m) */
  | { kind: 'exile_self'; from?: 'graveyard' | 'hand' }
  /** "Return CARDNAME to its owner's hand" */
  | { kind: 'return_self' }
  /** "Put a -1/-1 counter on a creature you control" */
  /** without `filter`: on the source itself ("Put a -1/-1 counter on CARDNAME") */
  | { kind: 'put_counters'; counter: string; filter?: Filter; n: number }
  /** One of several costs, chosen as the cost is announced (601.2b): "discard a card or pay {5}" */
  | { kind: 'choice'; options: ParsedCost[] }
  /** "Discard this card": the ability works only while the card is in a hand (113.6m), as cycling */
  | { kind: 'discard_self' }
  | { kind: 'exile_top_library'; n: number }
  /** from the source, or (`filter`) from one permanent of that kind its controller controls; `x`: "any number of" */
  | ({ kind: 'remove_counters'; counter: string; filter?: Filter } & Count)
  /** An action as a cost: cumulative upkeep "Draw a card" (118.11: still paid if the draw is replaced) */
  | { kind: 'draw'; n: number }
  /** "Pay {E}{E}": energy counters removed from the player (107.14) */
  | { kind: 'pay_energy'; n: number }
  /** "Tap an untapped creature you control" (not the {T} symbol: summoning sickness doesn't matter, 302.6) */
  | { kind: 'tap_permanents'; filter: Filter; n: number; /** "any number of ... with total power N or greater" (crew, 702.122a): `n` is 0 */ totalPower?: number }
  /** "Return a land you control to its owner's hand" */
  | { kind: 'return_to_hand'; filter: Filter; n: number };

/** How many: a number, or X (`x: true`, `n` then 0 until X is announced, 601.2b / 107.3). */
export interface Count {
  n: number;
  x?: true;
}

export interface ParsedCost {
  text: string;
  parts: CostPart[];
}

const NUMBER_WORDS: Record<string, number> = {
  a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10,
  eleven: 11, twelve: 12, twenty: 20,
};

export function parseCount(w: string): number | null {
  if (/^\d+$/.test(w)) return Number(w);
  return NUMBER_WORDS[w.toLowerCase()] ?? null;
}

/** A count word or "X": `x` marks X, whose value is announced later (601.2b). */
function count(w: string): Count | null {
  if (w === 'X') return { n: 0, x: true };
  const n = parseCount(w);
  return n === null ? null : { n };
}

const COUNT = '(a|an|one|two|three|four|five|six|seven|eight|nine|ten|\\d+|X)';

export interface CostOptions {
  /** The cost is announced before it is paid (a spell's or an activated ability's): X and "or" choices are allowed (601.2b). */
  announced?: boolean;
}

/** Parses a cost; `selfName` is the card's name, which the text uses for itself. */
export function parseCost(text: string, selfName: string, opts: CostOptions = {}): ParsedCost | { error: string } {
  const src = text.trim();
  if (src === '') return { text: src, parts: [] };
  const loyalty = /^([+\u2212-])(\d+|X)$/.exec(src);
  if (loyalty) {
    const n = loyalty[2] === 'X' ? 'X' : Number(loyalty[2]);
    const sign = loyalty[1] === '+' ? 1 : -1;
    return { text: src, parts: [{ kind: 'loyalty', n: n === 'X' ? 'X' : sign * n }] };
  }
  if (src === '0') return { text: src, parts: [{ kind: 'loyalty', n: 0 }] };
  const plain = parseParts(src, selfName);
  if (!('error' in plain)) {
    if (!opts.announced && plain.parts.some((p) => 'x' in p && p.x)) return { error: `X in the cost "${src}", which is paid without being announced` };
    return plain;
  }
  if (!opts.announced) return plain;
  const options = costChoice(src, selfName);
  return options ? { text: src, parts: [{ kind: 'choice', options }] } : plain;
}

/** "A or B [or C]": the first split whose sides both read as costs (601.2b: one is chosen). */
function costChoice(src: string, selfName: string): ParsedCost[] | null {
  const re = /\s+or\s+/g;
  for (let m = re.exec(src); m; m = re.exec(src)) {
    const left = parseParts(src.slice(0, m.index), selfName);
    if ('error' in left) continue;
    const rest = src.slice(m.index + m[0].length);
    const right = parseParts(rest, selfName);
    if (!('error' in right)) return [left, right];
    const more = costChoice(rest, selfName);
    if (more) return [left, ...more];
  }
  return null;
}

function parseParts(src: string, selfName: string): ParsedCost | { error: string } {
  const parts: CostPart[] = [];
  for (const raw of src.split(/\s*,\s*|\s+and\s+/)) {
    const p = raw.trim().replace(/\.$/, '');
    const part = parsePart(p, selfName);
    if (part === null) return { error: `can't read the cost part "${p}"` };
    if ('error' in part) return part;
    parts.push(...part);
  }
  return { text: src, parts };
}

/** One part of a cost, or null if no cost reads it. */
function parsePart(p: string, selfName: string): CostPart[] | { error: string } | null {
  const self = (s: string) => s === selfName || /^(this|it|this (card|creature|artifact|enchantment|land|permanent))$/i.test(s) || s === 'CARDNAME';
  const withFilter = (text: string, make: (f: Filter) => CostPart): CostPart[] | { error: string } => {
    const f = parseFilter(text);
    return 'error' in f ? f : [make(f)];
  };
  if (/^(\{[^}]+\})+$/.test(p)) {
    const syms: string[] = p.match(/\{[^}]+\}/g)!;
    const mana = syms.filter((s) => s !== '{T}' && s !== '{Q}');
    const out: CostPart[] = [];
    if (syms.includes('{T}')) out.push({ kind: 'tap' });
    if (syms.includes('{Q}')) out.push({ kind: 'untap' });
    if (mana.length > 0) {
      const m = parseManaCost(mana.join(''));
      if ('error' in m) return { error: m.error };
      out.push({ kind: 'mana', mana: m });
    }
    return out;
  }
  let m = /^pay (\d+|X) life$/i.exec(p);
  if (m) return [{ kind: 'life', ...count(m[1]!)! }];
  // "Pay {E}{E}": energy counters, not mana (107.14)
  m = /^pay ((?:\{E\})+)$/i.exec(p);
  if (m) return [{ kind: 'pay_energy', n: m[1]!.length / 3 }];
  m = /^pay (\{[^}]+\})+$/i.exec(p);
  if (m) return parsePart(p.slice(4), selfName);
  m = /^sacrifice (.+)$/i.exec(p);
  if (m) {
    if (self(m[1]!)) return [{ kind: 'sacrifice', self: true }];
    const q = new RegExp(`^${COUNT} (.+)$`, 'i').exec(m[1]!);
    return withFilter(q ? q[2]! : m[1]!, (filter) => ({ kind: 'sacrifice', filter, ...(q ? count(q[1]!)! : { n: 1 }) }));
  }
  m = /^discard (.+)$/i.exec(p);
  if (m && self(m[1]!)) return [{ kind: 'discard_self' }];
  m = new RegExp(`^discard ${COUNT} (.+?) at random$`, 'i').exec(p);
  if (m) return withFilter(m[2]!, (filter) => ({ kind: 'discard', filter, random: true as const, ...count(m![1]!)! }));
  m = new RegExp(`^discard ${COUNT} (.+?)$`, 'i').exec(p);
  if (m) return withFilter(m[2]!, (filter) => ({ kind: 'discard', filter, ...count(m![1]!)! }));
  m = /^exile the top (\w+) cards? of your library$/i.exec(p);
  if (m && parseCount(m[1]!) !== null) return [{ kind: 'exile_top_library', n: parseCount(m[1]!)! }];
  m = /^exile (.+?) from your (hand|graveyard)$/i.exec(p);
  if (m && self(m[1]!)) return [{ kind: 'exile_self', from: m[2]!.toLowerCase() as 'hand' | 'graveyard' }];
  m = new RegExp(`^exile ${COUNT} (.+) from your hand$`, 'i').exec(p);
  if (m && m[1] !== 'X') return withFilter(m[2]!, (filter) => ({ kind: 'exile_from_hand', filter, n: parseCount(m![1]!)! }));
  m = new RegExp(`^exile ${COUNT} (.+) from your graveyard$`, 'i').exec(p);
  if (m) return withFilter(m[2]!, (filter) => ({ kind: 'exile_from_graveyard', filter, ...count(m![1]!)! }));
  m = /^exile (.+)$/i.exec(p);
  if (m && self(m[1]!)) return [{ kind: 'exile_self' }];
  m = /^reveal (.+?) from your hand$/i.exec(p);
  if (m && self(m[1]!)) return [{ kind: 'reveal_self' }];
  m = new RegExp(`^reveal ${COUNT} (.+) from your hand$`, 'i').exec(p);
  if (m && m[1] !== 'X') return withFilter(m[2]!, (filter) => ({ kind: 'reveal_from_hand', filter, n: parseCount(m![1]!)! }));
  m = /^draw (a|an|one|two|three|\d+) cards?$/i.exec(p);
  if (m) return [{ kind: 'draw', n: parseCount(m[1]!)! }];
  m = /^tap (a|an|one|two|three|four|five|\d+) untapped (.+?)(?: you control)?$/i.exec(p);
  if (m) return withFilter(`untapped ${m[2]!} you control`, (filter) => ({ kind: 'tap_permanents', filter, n: parseCount(m![1]!)! }));
  m = /^tap any number of other untapped (.+?) you control with total power (\d+) or greater$/i.exec(p);
  if (m) return withFilter(`another untapped ${m[1]!} you control`, (filter) => ({ kind: 'tap_permanents', filter: { ...filter, text: `other untapped ${m![1]!} you control` }, n: 0, totalPower: Number(m![2]!) }));
  m = /^tap another untapped (.+?) you control$/i.exec(p);
  if (m) return withFilter(`another untapped ${m[1]!} you control`, (filter) => ({ kind: 'tap_permanents', filter, n: 1 }));
  m = /^return (.+) to (?:its|their) owner's hand$/i.exec(p);
  if (m && self(m[1]!)) return [{ kind: 'return_self' }];
  m = /^return (a|an|one|two|three|\d+) (.+? you control) to (?:its|their) owner's hand$/i.exec(p);
  if (m) return withFilter(m[2]!, (filter) => ({ kind: 'return_to_hand', filter, n: parseCount(m![1]!)! }));
  m = /^remove (a|an|one|two|three|four|five|six|\d+|X|any number of) ([\w+/-]+) counters? from (.+)$/i.exec(p);
  if (m) {
    const c = /^any number of$/i.test(m[1]!) ? count('X')! : count(m[1]!)!;
    if (self(m[3]!)) return [{ kind: 'remove_counters', counter: m[2]!, ...c }];
    const on = /^(?:a|an) (.+? you control)$/i.exec(m[3]!);
    if (on && !c.x) return withFilter(on[1]!, (filter) => ({ kind: 'remove_counters', counter: m![2]!, filter, ...c }));
    return null;
  }
  m = /^put (a|an|one|two|three|\d+) ([\w+/-]+) counters? on (.+)$/i.exec(p);
  if (m && self(m[3]!)) return [{ kind: 'put_counters', counter: m[2]!, n: parseCount(m[1]!)! }];
  m = /^put (a|an|one|two|\d+) ([\w+/-]+) counters? on (?:a|an) (.+? you control)$/i.exec(p);
  if (m) return withFilter(m[3]!, (filter) => ({ kind: 'put_counters', counter: m![2]!, filter, n: parseCount(m![1]!)! }));
  return null;
}

/** Cost parts counted by `n` that paying k times pays as one part of k times as many. */
const SCALABLE = new Set<CostPart['kind']>(['life', 'sacrifice', 'discard', 'exile_from_hand', 'exile_from_graveyard', 'put_counters', 'remove_counters', 'exile_top_library', 'draw', 'pay_energy', 'tap_permanents', 'return_to_hand']);

/** A cost paid k times over (escalate, 702.120a), as one cost: its mana k times, "Discard a card"
 * as "discard k cards"; null when a part can't be paid more than once that way ({T}, "Sacrifice
 * CARDNAME", an X amount, a choice between costs). */
export function costTimes(parts: CostPart[], k: number): CostPart[] | null {
  const out: CostPart[] = [];
  for (const p of parts) {
    if (p.kind === 'mana') { out.push({ kind: 'mana', mana: Array.from({ length: k }, () => p.mana).flat() }); continue; }
    if (!SCALABLE.has(p.kind) || !('n' in p) || typeof p.n !== 'number' || ('x' in p && p.x) || ('self' in p && p.self) || ('totalPower' in p && p.totalPower !== undefined)) return null;
    out.push({ ...p, n: p.n * k } as CostPart);
  }
  return out;
}
