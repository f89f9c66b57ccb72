// How much of a set of real cards the engine supports whole: compiles each card and groups the
// reasons the others are unsupported. Used by `cards import` and `npm run coverage`.

import { compileOracleCard } from './entry.js';
import { stopsAt } from './templates.js';
import type { OracleCard } from './read.js';
import type { CardDef } from '../types.js';

export interface Coverage {
  cards: number;
  supported: number;
  /** Reasons with their quoted text elided, most frequent first: [reason, cards]. */
  reasons: Array<[string, number]>;
  /** What each card compiled to, in order (null: not even its characteristics could be read). */
  compiled: Array<CardDef | null>;
}

const UNREAD = /^the paragraph "([\s\S]*)", which no Oracle-text template reads yet$/;

/** A reason with its particulars removed, so that like reasons group together: an unread paragraph
 * by its first words (numbers and mana symbols generalised), anything else with its quote elided. */
export function reasonGroup(reason: string): string {
  const unread = UNREAD.exec(reason);
  if (!unread) return reason.replace(/"[\s\S]*"/, '"…"');
  const opening = unread[1]!.replace(/\{[^}]+\}/g, '{…}').replace(/\d+/g, 'N').split(' ').slice(0, 4).join(' ');
  return `no template yet reads paragraphs opening "${opening} …"`;
}

export function coverage(cards: OracleCard[], progress?: (done: number, total: number) => void): Coverage {
  const groups = new Map<string, number>();
  let supported = 0;
  const compiled: Array<CardDef | null> = [];
  cards.forEach((card, i) => {
    const { card: def, problems } = compileOracleCard(card);
    compiled.push(def);
    const reasons = def ? def.unsupported : problems;
    if (reasons.length === 0) supported++;
    for (const r of new Set(reasons.map(reasonGroup))) groups.set(r, (groups.get(r) ?? 0) + 1);
    if (progress && (i % 500 === 0 || i === cards.length - 1)) progress(i + 1, cards.length);
  });
  const reasons = [...groups].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  return { cards: cards.length, supported, reasons, compiled };
}

export function percent(part: number, whole: number): string {
  return `${((100 * part) / Math.max(1, whole)).toFixed(1)}%`;
}

/**
 * Where the grammar stops reading the unread paragraphs of a set of cards: the three words before
 * that point and the two after it (numbers and mana symbols generalised), with how many cards stop
 * there, most frequent first. A development aid: it points at the template to write next.
 */
export function whereItStops(cards: OracleCard[]): Array<[string, number]> {
  const groups = new Map<string, number>();
  for (const card of cards) {
    const def = compileOracleCard(card).card;
    if (!def) continue;
    const face = card.faces[0]!;
    const isSpell = /\b(Instant|Sorcery)\b/.test(face.typeLine);
    const seen = new Set<string>();
    for (const r of def.unsupported) {
      const unread = UNREAD.exec(r);
      const s = unread ? stopsAt(unread[1]!, face.name, isSpell) : null;
      if (!s) continue;
      const key = `${s.before.split(' ').slice(-3).join(' ')} ▮ ${s.after.split(' ').slice(0, 2).join(' ') || '(end)'}`.replace(/\{[^}]+\}/g, '{…}').replace(/\d+/g, 'N');
      if (seen.has(key)) continue;
      seen.add(key);
      groups.set(key, (groups.get(key) ?? 0) + 1);
    }
  }
  return [...groups].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}
