// From a real card's Oracle data to a card entry of the DSL, then through the same schema, compiler
// and support check as a hand-written card. Each paragraph of text that isn't a keyword line goes to
// the Oracle-text compiler; a paragraph no template matches becomes an `unsupported` entry quoting
// it, so the card is unsupported with that paragraph as the reason, never half a card.

import { CARD_NUMBER_LIMIT, numbersOutOfBounds } from '../../util/limits.js';
import { createHash } from '../../util/hash.js';
import { existsSync, readFileSync } from 'node:fs';
import { moduleFile } from '../../util/root.js';
import { compileCardEntries, type LibraryProblem } from '../library.js';
import { keywordLine, levelSymbol, paragraphs, ptLine } from '../compile.js';
import type { CardDef, CardFace } from '../types.js';
import { COLOR_NAMES, costText, manaValue, type ColorLetter } from '../../core/mana.js';
import { compileParagraph, grammarText, targetCount, withoutAbilityWord } from './templates.js';
import { keepEntry, keptEntry } from './entryCache.js';
import { subtypeOfWord } from '../../core/subtypes.js';
import type { OracleCard, OracleFace } from './read.js';

/** The modules whose code decides what a card compiles to (here, and in ../), with the grammar. */
export const COMPILER_MODULES = ['oracle/entry', 'oracle/build', 'oracle/templates', 'compile', 'schema', 'filter', 'costs', 'keywords', 'types', 'support', 'library'];
let key: string | undefined;

/** A key of this compiler's version: a database stores compiled cards under it, and uses them only
 * while the key is the same (otherwise each card is compiled again from its Oracle data). */
export function compilerKey(): string {
  if (key) return key;
  const h = createHash('sha1').update(grammarText());
  for (const m of COMPILER_MODULES) {
    const f = moduleFile(`cards/${m}`);
    h.update('\0').update(existsSync(f) ? readFileSync(f, 'utf8') : m);
  }
  key = h.digest('hex').slice(0, 16);
  return key;
}

/** Layouts whose rules the engine doesn't model yet, with the rule that describes them. */
const LAYOUT_GAPS: Partial<Record<string, string>> = {
  modal_dfc: 'modal double-faced cards (712)',
  meld: 'meld cards',
  saga: 'Sagas (714)',
  class: 'Classes (716)',
  prototype: 'prototype (702.160, 718)',
};

/** The entry key of a layout's second face: a transforming double-faced card's is its back face (712.2). */
const SECOND_FACE_OF: Partial<Record<string, 'adventure' | 'flip' | 'split' | 'back'>> = { adventure: 'adventure', flip: 'flip', split: 'split', aftermath: 'split', transform: 'back' };

/** Reminder text is not rules text (207.2a): it is dropped before compiling. */
export function withoutReminders(text: string): string {
  return text.split('\n').map((l) => l.replace(/\s*\([^)]*\)/g, '').trim()).join('\n');
}

type Entry = Record<string, unknown>;

const SECOND_FACES = ['adventure', 'flip', 'split', 'back'] as const;

function faceEntry(face: OracleFace): { entry: Entry; gaps: string[] } {
  const gaps: string[] = [];
  const text = withoutReminders(face.text);
  const abilities: Entry[] = [];
  const isSpell = /\b(Instant|Sorcery)\b/.test(face.typeLine);
  let targets = 0;
  const pars = paragraphs(text);
  for (const [i, par] of pars.entries()) {
    if (keywordLine(par, `probe/${i}`)) continue;
    // a level symbol and its power/toughness box need no DSL (711.2)
    if (levelSymbol(par) || (i > 0 && levelSymbol(pars[i - 1]!) && ptLine(par))) continue;
    const dsl = compileParagraph(withFullName(par, face), face.name, isSpell, targets);
    const joined = 'unsupported' in dsl ? withPrevious(abilities, paragraphs(text), i, face.name, isSpell, targets) : null;
    if (joined) {
      abilities.push({ spell: { do: [] } });
      continue;
    }
    targets += targetCount(dsl);
    abilities.push(dsl);
  }
  linkExiles(abilities);
  const entry: Entry = { name: face.name, type: face.typeLine, text, abilities };
  if (face.manaCost) entry.cost = face.manaCost;
  if (face.power !== null && face.toughness !== null) entry.pt = `${face.power}/${face.toughness}`;
  if (face.colorIndicator?.length) entry.color_indicator = face.colorIndicator.map((c) => COLOR_NAMES[c as ColorLetter] ?? c);
  for (const [key, value] of [['loyalty', face.loyalty], ['defense', face.defense]] as const) {
    if (value === null) continue;
    if (/^\d+$/.test(value)) entry[key] = Number(value);
    else gaps.push(`a starting ${key} of ${value}`);
  }
  return { entry, gaps };
}

const NAME_LINKS = new Set(['of', 'the', 'and', 'from', 'to', 'in', 'on']);

/**
 * A legendary card's text may call it by one word of its name ("Rubinia remains tapped" on Rubinia
 * Soulsinger; names with a comma are shortened before it, which CARDNAME already covers): such a word,
 * used alone, is the card's name. Only a word that is no subtype, and only when no other word of the
 * name is used alone too.
 */
function withFullName(par: string, face: OracleFace): string {
  if (!/\bLegendary\b/.test(face.typeLine) || /,|\/\//.test(face.name)) return par;
  const rest = par.split(face.name).join('');
  const word = (w: string, flags = '') => new RegExp(`(^|[^\\w'-])${w}(?![\\w-])`, flags);
  // not a word of another name ("Sword of Kaldra", "a token named Urami", "Karox Bladewing")
  const alone = (w: string) => word(w).test(rest) && !new RegExp(`(named|[a-z,] [A-Z][\\w']*|of|the) ${w}\\b|\\b${w} (of|the|[A-Z])`).test(rest);
  const words = face.name.split(' ').filter((w) => /^[A-Z][a-z'-]+$/.test(w) && !NAME_LINKS.has(w.toLowerCase()) && !subtypeOfWord(w.replace(/'s$/, '')) && alone(w));
  if (words.length !== 1) return par;
  const w = words[0]!;
  return par.split(face.name).map((part) => part.replace(word(w, 'g'), `$1${face.name}`)).join(face.name);
}

/**
 * A spell's paragraph that changes an instruction of the paragraph before it ("Spell mastery — If
 * ..., CARDNAME deals 3 damage to that creature instead.") is read together with it: the spell's
 * paragraphs are one spell (608.2c), so the earlier entry takes both and this one is left empty.
 */
function withPrevious(abilities: Entry[], pars: string[], i: number, name: string, isSpell: boolean, targets: number): boolean {
  const prev = abilities[abilities.length - 1];
  const par = withoutAbilityWord(pars[i]!);
  if (!isSpell || !prev || !('spell' in prev) || i === 0 || !/\binstead\b/.test(par)) return false;
  const before = pars[i - 1]!;
  const dsl = compileParagraph(`${before} ${par}`, name, isSpell, targets - targetCount(prev));
  if ('unsupported' in dsl) return false;
  abilities[abilities.length - 1] = dsl;
  return true;
}

/** "Return the exiled card ..." refers to what another ability of the face exiled (607.2a): that
 * exile becomes linked. Without exactly one such exile the reference is not read. */
function linkExiles(abilities: Entry[]): void {
  // (an ability whose own instruction is linked, "exile ... You may play the exiled cards", needs no other)
  const refers = (a: Entry) => JSON.stringify(a).includes('"linked"') && !JSON.stringify(a).includes('"linked":true');
  const exiles = (v: unknown, out: Entry[] = []): Entry[] => {
    if (Array.isArray(v)) v.forEach((x) => exiles(x, out));
    else if (v && typeof v === 'object') {
      const o = v as Entry;
      if ('exile' in o && typeof o.exile === 'string' && o.until === undefined) out.push(o);
      Object.values(o).forEach((x) => exiles(x, out));
    }
    return out;
  };
  abilities.forEach((a, i) => {
    if (!refers(a)) return;
    // "As CARDNAME enters, exile ..." links what it exiles by itself
    if (abilities.some((b, j) => j !== i && JSON.stringify(b).includes('"as_enters_exile"'))) return;
    const found = abilities.flatMap((b, j) => (j === i || 'unsupported' in b ? [] : exiles(b)));
    if (found.length === 1) found[0]!.linked = true;
    else abilities[i] = { unsupported: `${JSON.stringify(a)}: "the exiled card" names no one exile of this card` };
  });
}

/** The DSL card entry of a real card, and what about it the engine can't represent at all. */
export function oracleEntry(card: OracleCard): { entry: Entry; gaps: string[] } {
  const gaps: string[] = [];
  const layoutGap = LAYOUT_GAPS[card.layout];
  if (layoutGap) gaps.push(layoutGap);
  const [front, second] = card.faces;
  const main = faceEntry(front!);
  gaps.push(...main.gaps);
  const entry: Entry = { ...main.entry, name: card.name };
  const key = SECOND_FACE_OF[card.layout];
  if (second && key) {
    const other = faceEntry(second);
    gaps.push(...other.gaps);
    entry[key] = other.entry;
  }
  return { entry, gaps };
}

/** Compiles a real card. When the schema rejects what the compiler wrote, the card is compiled again
 * with every compiled paragraph replaced by that problem, so it is still known, and unsupported
 * with the problem as its reason; null only when even its characteristics can't be read. */
export function compileOracleCard(card: OracleCard): { card: CardDef | null; problems: string[] } {
  const { entry, gaps } = oracleEntry(card);
  let { cards, problems } = compileCardEntries([entry], () => ({ line: 1, col: 1 }), card.name, false);
  if (!cards[0]) {
    const reason = `the compiled DSL, which the schema rejects (${problems.map(problemText).join('; ')})`;
    ({ cards, problems } = compileCardEntries([withoutAbilities(entry, reason)], () => ({ line: 1, col: 1 }), card.name, false));
  }
  const messages = problems.map(problemText);
  const def = cards[0] ?? null;
  if (!def) return { card: null, problems: messages };
  def.custom = false;
  for (const reason of [...gaps, ...messages]) if (!def.unsupported.includes(reason)) def.unsupported.push(reason);
  return { card: def, problems: [] };
}

/** The entry with each DSL entry (of every face) replaced by an `unsupported` one giving the reason. */
function withoutAbilities(entry: Entry, reason: string): Entry {
  const strip = (face: Entry): Entry => ({ ...face, abilities: (face.abilities as Entry[]).map(() => ({ unsupported: reason })) });
  const out = strip(entry);
  for (const k of SECOND_FACES) if (entry[k]) out[k] = strip(entry[k] as Entry);
  return out;
}

function problemText(p: LibraryProblem): string {
  return p.message;
}

/** The Oracle data of a card the library or a scenario defines, for compiling it from its text alone. */
export function oracleOf(card: CardDef): OracleCard {
  const face = (f: CardFace): OracleFace => ({
    name: f.name, manaCost: f.manaCost ? costText(f.manaCost) : null, manaValue: manaValue(f.manaCost), colors: [],
    colorIndicator: f.colorIndicator ? [...f.colorIndicator] : null, typeLine: f.typeLine,
    power: f.power === null ? null : String(f.power), toughness: f.toughness === null ? null : String(f.toughness),
    loyalty: f.loyalty === null ? null : String(f.loyalty), defense: f.defense === null ? null : String(f.defense), keywords: [], text: f.text,
  });
  const second = card.adventure ?? card.flip ?? card.split ?? card.back;
  const layout = card.adventure ? 'adventure' : card.flip ? 'flip' : card.split ? 'split' : card.back ? 'transform' : 'normal';
  return { name: card.name, layout, faces: [face(card.main), ...(second ? [face(second)] : [])] };
}

/** Cards compiled from their text alone, by the card they were compiled from (compiled cards are never changed). */
const fromText = new WeakMap<CardDef, CardDef>();

/** A card compiled from its text alone, ignoring its hand-written DSL (`--oracle-only`). */
export function fromTextAlone(card: CardDef): CardDef {
  const known = fromText.get(card);
  if (known) return known;
  const compiled = compileOracleCard(oracleOf(card)).card;
  const out = compiled ? { ...compiled, custom: card.custom } : { ...card, unsupported: ['its characteristics, which the Oracle compiler could not read'] };
  if (compiled) {
    // a number past any printed card ("draw 1000000000 cards") is past what a game can play out
    const faces = [out.main, ...SECOND_FACES.map((k) => out[k])].filter((f) => f !== undefined);
    const big = faces.flatMap((f) => numbersOutOfBounds(f.abilities, CARD_NUMBER_LIMIT));
    if (big.length) out.unsupported = [...out.unsupported, `a number past ${CARD_NUMBER_LIMIT.toLocaleString('en-US')}, ruling's limit for a card (its text has ${big[0]!.value})`];
  }
  fromText.set(card, out);
  return out;
}

type Locate = Parameters<typeof compileCardEntries>[1];


/** A face written as printed: its text given, its `abilities` left out. */
function faceAsPrinted(face: unknown): face is { text: string } {
  return !!face && typeof face === 'object' && !Array.isArray(face) && !('abilities' in face) && typeof (face as { text?: unknown }).text === 'string';
}

/** An entry written as the card is printed: each of its faces so. */
function writtenAsPrinted(entry: unknown): entry is { text: string } & Partial<Record<(typeof SECOND_FACES)[number], { text: string }>> {
  return faceAsPrinted(entry) && SECOND_FACES.every((k) => !(k in entry) || faceAsPrinted((entry as Record<string, unknown>)[k]));
}

/** The entry with the text of each face left out (its characteristics alone). */
function textless(entry: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...entry, text: '' };
  for (const k of SECOND_FACES) if (entry[k]) out[k] = { ...(entry[k] as object), text: '' };
  return out;
}

/**
 * Compiles card entries of the DSL (a scenario's `cards:`, a `--cards` YAML file). An entry that
 * gives its `text` but no `abilities` is compiled from that text by the Oracle compiler, as a real
 * card is: a custom card can be written as it would be printed.
 */
export function compileEntries(entries: unknown[], at: Locate, file: string, custom: boolean): ReturnType<typeof compileCardEntries> {
  const out: ReturnType<typeof compileCardEntries> = { cards: [], problems: [] };
  entries.forEach((entry, i) => {
    const key = `${custom ? 1 : 0}${JSON.stringify(entry)}`;
    let known = compiledEntries.get(key);
    if (!known && (known = keptEntry(COMPILER_MODULES, key))) remember(key, known);
    if (known) { out.cards.push(known); return; }
    const before = out.cards.length;
    const problems = out.problems.length;
    compileEntry(entry, i, at, file, custom, out);
    if (out.problems.length === problems && out.cards.length === before + 1) {
      remember(key, out.cards[before]!);
      keepEntry(COMPILER_MODULES, key, out.cards[before]!);
    }
  });
  return out;
}

/**
 * Entries compiled in this process, by their text, so a card given by many scenarios (or by the same
 * one run again, as the REPL and the bench do) is compiled once (and, kept on disk by entryCache.ts,
 * once per version of the compiler). An entry's card depends on nothing
 * but the entry: its file and positions matter only to its problems, and an entry with problems is
 * not kept. Bounded: a long run over many distinct cards starts afresh when it is full.
 */
const compiledEntries = new Map<string, CardDef>();
const MAX_COMPILED_ENTRIES = 5000;

function remember(key: string, card: CardDef): void {
  if (compiledEntries.size >= MAX_COMPILED_ENTRIES) compiledEntries.clear();
  compiledEntries.set(key, card);
}

function compileEntry(entry: unknown, i: number, at: Locate, file: string, custom: boolean, out: ReturnType<typeof compileCardEntries>): void {
  const printed = writtenAsPrinted(entry);
  const r = compileCardEntries([printed ? textless(entry) : entry], (_, path, atKey) => at(i, path, atKey), file, custom);
  out.problems.push(...r.problems.map((p) => ({ ...p, path: [i, ...p.path.slice(1)] })));
  const card = r.cards[0];
  if (!card) return;
  if (!printed) { out.cards.push(card); return; }
  card.main.text = entry.text.trim();
  for (const k of SECOND_FACES) if (card[k] && entry[k]) card[k]!.text = entry[k]!.text.trim();
  out.cards.push(fromTextAlone(card));
}
