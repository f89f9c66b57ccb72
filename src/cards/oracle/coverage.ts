// How much of a set of real cards the engine supports whole: compiles each card and groups the
// reasons the others are unsupported. Used by `cards import` and `npm run coverage`.

import { compileOracleCard } from './entry.js';
import type { OracleCard } from './read.js';

export interface Coverage {
  cards: number;
  supported: number;
  /** Reasons with their quoted text elided, most frequent first: [reason, cards]. */
  reasons: Array<[string, number]>;
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
  cards.forEach((card, i) => {
    const { card: def, problems } = compileOracleCard(card);
    const reasons = def ? def.unsupported : problems;
    if (reasons.length === 0) supported++;
    for (const r of new Set(reasons.map(reasonGroup))) groups.set(r, (groups.get(r) ?? 0) + 1);
    if (progress && (i % 500 === 0 || i === cards.length - 1)) progress(i + 1, cards.length);
  });
  const reasons = [...groups].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  return { cards: cards.length, supported, reasons };
}

export function percent(part: number, whole: number): string {
  return `${((100 * part) / Math.max(1, whole)).toFixed(1)}%`;
}
