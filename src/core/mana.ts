// Mana symbols, mana costs and mana pools (106, 107.4, 118, 202).

export const COLORS = ['W', 'U', 'B', 'R', 'G'] as const;
export type ColorLetter = (typeof COLORS)[number];
/** A type of mana: one of the five colors or colorless (106.1). */
export type ManaType = ColorLetter | 'C';
export const MANA_TYPES: readonly ManaType[] = ['W', 'U', 'B', 'R', 'G', 'C'];

export const COLOR_NAMES: Record<ColorLetter, string> = {
  W: 'white', U: 'blue', B: 'black', R: 'red', G: 'green',
};
export type ColorName = 'white' | 'blue' | 'black' | 'red' | 'green';
export const COLOR_BY_NAME: Record<ColorName, ColorLetter> = {
  white: 'W', blue: 'U', black: 'B', red: 'R', green: 'G',
};

/** One mana symbol of a printed cost (107.4). */
export type ManaSymbol =
  | { kind: 'generic'; n: number }
  | { kind: 'mana'; type: ManaType } // {W} {U} {B} {R} {G} {C}
  | { kind: 'x' }
  | { kind: 'hybrid'; a: ColorLetter; b: ColorLetter } // {W/U}
  | { kind: 'twobrid'; color: ColorLetter } // {2/R}
  | { kind: 'phyrexian'; color: ColorLetter } // {B/P}
  | { kind: 'snow' };

export type ManaCost = ManaSymbol[];

const SYMBOL_RE = /\{([^}]*)\}/g;

/** Parses "{2}{R}{R}" into symbols; returns an error message for a malformed cost. */
export function parseManaCost(text: string): ManaCost | { error: string } {
  const out: ManaSymbol[] = [];
  const trimmed = text.trim();
  if (trimmed === '') return out;
  let consumed = '';
  for (const m of trimmed.matchAll(SYMBOL_RE)) {
    consumed += m[0];
    const s = parseSymbol(m[1]!);
    if (!s) return { error: `unknown mana symbol {${m[1]}}` };
    out.push(s);
  }
  if (consumed !== trimmed.replace(/\s+/g, '')) return { error: `"${text}" is not a sequence of mana symbols like {2}{R}` };
  return out;
}

function parseSymbol(body: string): ManaSymbol | null {
  const b = body.toUpperCase();
  if (/^\d+$/.test(b)) return { kind: 'generic', n: Number(b) };
  if (b === 'X') return { kind: 'x' };
  if (b === 'S') return { kind: 'snow' };
  if ((MANA_TYPES as readonly string[]).includes(b)) return { kind: 'mana', type: b as ManaType };
  let m = /^([WUBRG])\/P$/.exec(b);
  if (m) return { kind: 'phyrexian', color: m[1] as ColorLetter };
  m = /^2\/([WUBRG])$/.exec(b);
  if (m) return { kind: 'twobrid', color: m[1] as ColorLetter };
  m = /^([WUBRG])\/([WUBRG])$/.exec(b);
  if (m && m[1] !== m[2]) return { kind: 'hybrid', a: m[1] as ColorLetter, b: m[2] as ColorLetter };
  return null;
}

export function symbolText(s: ManaSymbol): string {
  switch (s.kind) {
    case 'generic': return `{${s.n}}`;
    case 'mana': return `{${s.type}}`;
    case 'x': return '{X}';
    case 'snow': return '{S}';
    case 'hybrid': return `{${s.a}/${s.b}}`;
    case 'twobrid': return `{2/${s.color}}`;
    case 'phyrexian': return `{${s.color}/P}`;
  }
}

export function costText(cost: ManaCost): string {
  return cost.map(symbolText).join('');
}

/** Mana value of a cost (202.3): X counts as `x` (0 except on the stack, 107.3e/202.3e). */
export function manaValue(cost: ManaCost | null, x = 0): number {
  if (!cost) return 0;
  let v = 0;
  for (const s of cost) {
    switch (s.kind) {
      case 'generic': v += s.n; break;
      case 'x': v += x; break;
      case 'twobrid': v += 2; break; // 202.3f: the larger component
      default: v += 1;
    }
  }
  return v;
}

/** The colors of a mana cost (202.2). */
export function costColors(cost: ManaCost | null): ColorLetter[] {
  const out: ColorLetter[] = [];
  if (!cost) return out;
  // in WUBRG order, each color once; no set is built (this runs for every card at every derivation)
  for (const c of COLORS) if (costHasColor(cost, c)) out.push(c);
  return out;
}

function costHasColor(cost: ManaCost, c: ColorLetter): boolean {
  for (const s of cost) if (symbolHasColor(s, c)) return true;
  return false;
}

function symbolHasColor(s: ManaSymbol, c: ColorLetter): boolean {
  if (s.kind === 'mana') return s.type === c;
  if (s.kind === 'hybrid') return s.a === c || s.b === c;
  return (s.kind === 'twobrid' || s.kind === 'phyrexian') && s.color === c;
}

/**
 * A cost with every choice made (after 601.2b): so much generic mana, so much of each type, and life.
 * This is the form cost increases, reductions and payment work on (601.2f-h).
 */
export interface PlainCost {
  generic: number;
  mana: Record<ManaType, number>;
  life: number;
}

export function emptyPlainCost(): PlainCost {
  return { generic: 0, mana: { W: 0, U: 0, B: 0, R: 0, G: 0, C: 0 }, life: 0 };
}

export function plainManaTotal(c: PlainCost): number {
  return c.generic + MANA_TYPES.reduce((n, t) => n + c.mana[t], 0);
}

export function addPlain(a: PlainCost, b: PlainCost): PlainCost {
  const out = emptyPlainCost();
  out.generic = a.generic + b.generic;
  out.life = a.life + b.life;
  for (const t of MANA_TYPES) out.mana[t] = a.mana[t] + b.mana[t];
  return out;
}

export function plainText(c: PlainCost): string {
  let s = c.generic > 0 ? `{${c.generic}}` : '';
  for (const t of MANA_TYPES) s += `{${t}}`.repeat(c.mana[t]);
  if (s === '') s = '{0}';
  if (c.life > 0) s += ` and ${c.life} life`;
  return s;
}

/** A plain cost with only mana symbols (for parsing increases like "{1}" and reductions like "{W}{B}"). */
/** A unit of mana in a pool (106.4). */
export interface Mana {
  type: ManaType;
  /** "Spend this mana only to ..." (106.6): what it may pay for, and the source that made it (whose
   * choices its filters read, "a creature spell of the chosen type"). */
  only?: ManaRestriction;
  source?: string;
}

/** What restricted mana may be spent on (106.6): casting spells matching `spells`, activating
 * abilities of objects matching `abilities` (filters as their DSL text and parsed form). */
export interface ManaRestriction {
  spells?: { text: string; terms: unknown[] };
  abilities?: { text: string; terms: unknown[] };
}

export function poolText(pool: Mana[]): string {
  return sortMana(pool).map((m) => `{${m.type}}`).join('');
}

export function sortMana(pool: Mana[]): Mana[] {
  return [...pool].sort((a, b) => MANA_TYPES.indexOf(a.type) - MANA_TYPES.indexOf(b.type));
}

/** Parses a pool string like "{R}{R}{C}": only the six types of mana are allowed. */
export function parsePool(text: string): Mana[] | { error: string } {
  const cost = parseManaCost(text);
  if ('error' in cost) return cost;
  const out: Mana[] = [];
  for (const s of cost) {
    if (s.kind !== 'mana') return { error: `a pool holds mana of a type ({W}{U}{B}{R}{G}{C}); ${symbolText(s)} is not mana` };
    out.push({ type: s.type });
  }
  return out;
}

/**
 * Chooses which mana of `pool` pays the mana part of `cost` (601.2h), by one deterministic policy:
 * colored and colorless requirements take mana of their type; generic takes what is left, the mana
 * listed first in `preference` order (indices into pool) first. Returns the pool indices used, or null
 * if the pool can't pay. Mana types never compete (each requirement names one type), so this is exact.
 */
export function choosePoolPayment(pool: Mana[], cost: PlainCost, preference?: number[], wild: readonly ManaType[] = []): number[] | null {
  const order = preference ?? pool.map((_, i) => i);
  const used = new Set<number>();
  const short: Partial<Record<ManaType, number>> = {};
  for (const t of MANA_TYPES) {
    let need = cost.mana[t];
    for (const i of order) {
      if (need === 0) break;
      if (!used.has(i) && pool[i]!.type === t) { used.add(i); need--; }
    }
    if (need > 0) short[t] = need;
  }
  // 609.4b: mana that may be spent as though it were any color pays what is still short
  for (const t of MANA_TYPES) {
    let need = short[t] ?? 0;
    if (need > 0 && t !== 'C') {
      for (const i of order) {
        if (need === 0) break;
        if (!used.has(i) && wild.includes(pool[i]!.type)) { used.add(i); need--; }
      }
    }
    if (need > 0) return null;
  }
  // generic: colorless mana first (it pays nothing else a later cost may ask for), then the rest in order
  let generic = cost.generic;
  for (const colorless of [true, false]) {
    for (const i of order) {
      if (generic === 0) break;
      if (!used.has(i) && (pool[i]!.type === 'C') === colorless) { used.add(i); generic--; }
    }
  }
  if (generic > 0) return null;
  return [...used].sort((a, b) => a - b);
}

/** The requirements of `cost` the pool can't meet (what is still to be produced). */
export function unmetByPool(pool: Mana[], cost: PlainCost, wild: readonly ManaType[] = []): PlainCost {
  const out = emptyPlainCost();
  const counts: Record<ManaType, number> = { W: 0, U: 0, B: 0, R: 0, G: 0, C: 0 };
  for (const m of pool) counts[m.type]++;
  let spare = 0;
  for (const t of MANA_TYPES) {
    const short = cost.mana[t] - counts[t];
    if (short > 0) out.mana[t] = short;
    else spare += -short;
  }
  // 609.4b: left-over mana that may be spent as any color covers colored shortfalls
  let wildSpare = wild.reduce((n, w) => n + Math.max(0, counts[w] - cost.mana[w]), 0);
  for (const t of MANA_TYPES) {
    if (t === 'C' || out.mana[t] === 0 || wildSpare === 0) continue;
    const k = Math.min(out.mana[t], wildSpare);
    out.mana[t] -= k;
    wildSpare -= k;
    spare -= k;
  }
  out.generic = Math.max(0, cost.generic - spare);
  return out;
}
