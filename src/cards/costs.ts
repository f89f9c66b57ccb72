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
  | { kind: 'life'; n: number }
  | { kind: 'sacrifice'; self: true }
  | { kind: 'sacrifice'; self?: false; filter: Filter; n: number }
  | { kind: 'discard'; filter: Filter; n: number }
  | { kind: 'exile_from_hand'; filter: Filter; n: number }
  /** "Exile this card from your graveyard": the ability works only there (113.6m) */
  | { kind: 'exile_self'; from?: 'graveyard' }
  /** "Discard this card": the ability works only while the card is in a hand (113.6m), as cycling */
  | { kind: 'discard_self' }
  | { kind: 'exile_top_library'; n: number }
  | { kind: 'remove_counters'; counter: string; n: number }
  /** An action as a cost: cumulative upkeep "Draw a card" (118.11: still paid if the draw is replaced) */
  | { kind: 'draw'; n: number }
  /** "Tap an untapped creature you control" (not the {T} symbol: summoning sickness doesn't matter, 302.6) */
  | { kind: 'tap_permanents'; filter: Filter; n: number }
  /** "Return a land you control to its owner's hand" */
  | { kind: 'return_to_hand'; filter: Filter; n: number };

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

/** Parses a cost; `selfName` is the card's name, which the text uses for itself. */
export function parseCost(text: string, selfName: string): ParsedCost | { error: string } {
  const parts: CostPart[] = [];
  const src = text.trim();
  if (src === '') return { text: src, parts };
  const loyalty = /^([+\u2212-])(\d+|X)$/.exec(src);
  if (loyalty) {
    const n = loyalty[2] === 'X' ? 'X' : Number(loyalty[2]);
    const sign = loyalty[1] === '+' ? 1 : -1;
    return { text: src, parts: [{ kind: 'loyalty', n: n === 'X' ? 'X' : sign * n }] };
  }
  if (src === '0') return { text: src, parts: [{ kind: 'loyalty', n: 0 }] };
  for (const raw of src.split(/\s*,\s*|\s+and\s+/)) {
    const p = raw.trim();
    const self = (s: string) => s === selfName || /^(this|it|this (creature|artifact|enchantment|land|permanent))$/i.test(s);
    if (/^(\{[^}]+\})+$/.test(p)) {
      const syms: string[] = p.match(/\{[^}]+\}/g)!;
      const mana = syms.filter((s) => s !== '{T}' && s !== '{Q}');
      if (syms.includes('{T}')) parts.push({ kind: 'tap' });
      if (syms.includes('{Q}')) parts.push({ kind: 'untap' });
      if (mana.length > 0) {
        const m = parseManaCost(mana.join(''));
        if ('error' in m) return { error: m.error };
        parts.push({ kind: 'mana', mana: m });
      }
      continue;
    }
    let m = /^pay (\d+) life$/i.exec(p);
    if (m) { parts.push({ kind: 'life', n: Number(m[1]) }); continue; }
    m = /^sacrifice (.+)$/i.exec(p);
    if (m) {
      if (self(m[1]!)) { parts.push({ kind: 'sacrifice', self: true }); continue; }
      const q = /^(a|an|one|two|three|\d+) (.+)$/i.exec(m[1]!);
      const another = /^another (.+)$/i.exec(m[1]!);
      const body = q ? q[2]! : another ? m[1]! : m[1]!;
      const f = parseFilter(body);
      if ('error' in f) return { error: f.error };
      parts.push({ kind: 'sacrifice', filter: f, n: q ? parseCount(q[1]!)! : 1 });
      continue;
    }
    m = /^discard (.+)$/i.exec(p);
    if (m && (self(m[1]!) || /^this card$/i.test(m[1]!))) { parts.push({ kind: 'discard_self' }); continue; }
    m = /^discard (a|an|one|two|three|\d+) (.+?)$/i.exec(p);
    if (m) {
      const f = parseFilter(m[2]!);
      if ('error' in f) return { error: f.error };
      parts.push({ kind: 'discard', filter: f, n: parseCount(m[1]!)! });
      continue;
    }
    m = /^exile the top (\w+) cards? of your library$/i.exec(p);
    if (m && parseCount(m[1]!) !== null) { parts.push({ kind: 'exile_top_library', n: parseCount(m[1]!)! }); continue; }
    m = /^exile (a|an|one|two|\d+) (.+) from your hand$/i.exec(p);
    if (m) {
      const f = parseFilter(m[2]!);
      if ('error' in f) return { error: f.error };
      parts.push({ kind: 'exile_from_hand', filter: f, n: parseCount(m[1]!)! });
      continue;
    }
    m = /^exile (.+?)( from your graveyard)?$/i.exec(p);
    if (m && (self(m[1]!) || /^this card$/i.test(m[1]!))) { parts.push({ kind: 'exile_self', ...(m[2] ? { from: 'graveyard' as const } : {}) }); continue; }
    m = /^draw (a|an|one|two|three|\d+) cards?\.?$/i.exec(p);
    if (m) { parts.push({ kind: 'draw', n: parseCount(m[1]!)! }); continue; }
    m = /^tap (a|an|one|two|three|four|five|\d+) untapped (.+?)(?: you control)?$/i.exec(p);
    if (m) {
      const f = parseFilter(`untapped ${m[2]!} you control`);
      if ('error' in f) return { error: f.error };
      parts.push({ kind: 'tap_permanents', filter: f, n: parseCount(m[1]!)! });
      continue;
    }
    m = /^return (a|an|one|two|three|\d+) (.+? you control) to (?:its|their) owner's hand$/i.exec(p);
    if (m) {
      const f = parseFilter(m[2]!);
      if ('error' in f) return { error: f.error };
      parts.push({ kind: 'return_to_hand', filter: f, n: parseCount(m[1]!)! });
      continue;
    }
    m = /^remove (a|an|one|two|three|\d+) ([\w+/-]+) counters? from (.+)$/i.exec(p);
    if (m && self(m[3]!)) { parts.push({ kind: 'remove_counters', counter: m[2]!, n: parseCount(m[1]!)! }); continue; }
    return { error: `can't read the cost part "${p}"` };
  }
  return { text: src, parts };
}
