// From a validated card entry to a CardDef: the text is split into paragraphs (one ability each,
// bullets joining their "Choose ..." line), keyword lines are read directly, and every other
// paragraph takes the next DSL entry of `abilities:` in order.

import { parseManaCost, type ManaCost } from '../core/mana.js';
import { parseCost } from './costs.js';
import { parseFilter, type Filter } from './filter.js';
import { parseTypeLine, type AbilityDsl, type CardEntry, type FaceEntry } from './schema.js';
import { grantedAbilities, type Ability, type CardDef, type StaticDef, type CardFace, type EffectBlock, type Effect, type ModalSpec, type TargetSpec } from './types.js';

export interface CompileError {
  path: PropertyKey[];
  message: string;
}

const SIMPLE_KEYWORDS = [
  'Flying', 'First strike', 'Double strike', 'Vigilance', 'Trample', 'Haste', 'Defender', 'Lifelink',
  'Deathtouch', 'Reach', 'Flash', 'Hexproof', 'Indestructible', 'Persist', 'Shroud', 'Menace', 'Undying', 'Devoid', 'Prowess', 'Exalted', 'Flanking', 'Infect', 'Wither', 'Changeling', 'Extort', 'Evolve', 'Soulbond', 'Mentor', 'Riot', 'Unleash', 'Living weapon', 'Umbra armor', 'Dethrone', 'Convoke', 'Improvise', 'Delve', 'Storm', 'Cascade', 'Rebound', 'Split second', 'Retrace', 'Jump-start',
  'Ascend', 'Aftermath', 'Battle cry', 'Ingest', 'Partner', 'Sunburst', 'Provoke', 'Intimidate', 'Fear', 'Shadow', 'Horsemanship', 'Skulk', 'Swampwalk', 'Islandwalk', 'Forestwalk', 'Mountainwalk', 'Plainswalk',
];
const COST_KEYWORDS = ['Kicker', 'Multikicker', 'Flashback', 'Morph', 'Megamorph', 'Bestow', 'Equip', 'Embalm', 'Cycling', 'Echo', 'Buyback', 'Evoke', 'Dash', 'Madness', 'Unearth', 'Overload', 'Level up', 'Entwine', 'Escalate', 'Outlast', 'Spectacle', 'Surge', 'Emerge', 'Replicate', 'Scavenge', 'Eternalize', 'Transmute', 'Recover', 'Ninjutsu'];
const NUMBER_KEYWORDS = ['Fading', 'Devour', 'Vanishing', 'Bushido', 'Soulshift', 'Bloodthirst', 'Afterlife', 'Fabricate', 'Modular', 'Renown', 'Rampage', 'Crew', 'Afflict', 'Graft', 'Dredge', 'Amplify'];

const COST_KEYWORD_PATTERNS = COST_KEYWORDS.map((k) => [k, new RegExp(`^${k} ((?:\\{[^}]+\\})+)$`)] as const);
const NUMBER_KEYWORD_PATTERNS = NUMBER_KEYWORDS.map((k) => [k, new RegExp(`^${k} (\\d+)$`)] as const);

/** The qualities protection is checked against by name: a color, or everything (702.16a, 702.16j). */
const PROTECTION_WORDS = ['white', 'blue', 'black', 'red', 'green', 'everything'];

/** Any other quality of "protection from ..." (a card type, a subtype, "multicolored"): what a source
 * must be to have it, whatever zone the source is in (a creature spell has the quality "creatures"). */
function protectionQuality(words: string): Filter | null {
  for (const phrase of [words, `${words} objects`]) {
    const f = parseFilter(phrase);
    if (!('error' in f)) return { ...f, terms: f.terms.map((t) => (t.kind === 'permanent' ? { ...t, kind: 'object' } : t)) };
  }
  return null;
}

type KeywordAbility = Extract<Ability, { kind: 'keyword' }>;

const CONSPIRE_COST = 'Tap two untapped creatures that share a color with CARDNAME';

/** Reads one keyword ("Kicker {2}{G}", "Protection from red", "Fading 2"); null if it is not one. */
export function parseKeyword(piece: string, key: string): KeywordAbility | null {
  const p = piece.trim();
  const cap = p.charAt(0).toUpperCase() + p.slice(1);
  for (const k of SIMPLE_KEYWORDS) if (cap === k) return { kind: 'keyword', keyword: k, key, text: k };
  // 702.89b: "totem armor" is the older name of umbra armor
  if (cap === 'Totem armor') return { kind: 'keyword', keyword: 'Umbra armor', key, text: cap };
  for (const [k, pattern] of COST_KEYWORD_PATTERNS) {
    const m = pattern.exec(cap);
    if (m) {
      const cost = parseManaCost(m[1]!);
      if ('error' in cost) return null;
      return { kind: 'keyword', keyword: k, key, text: cap, cost, costText: m[1]! };
    }
  }
  for (const [k, pattern] of NUMBER_KEYWORD_PATTERNS) {
    const m = pattern.exec(cap);
    if (m) return { kind: 'keyword', keyword: k, key, text: cap, n: Number(m[1]) };
  }
  let m = /^Enchant (.+)$/.exec(cap);
  if (m) {
    const f = parseFilter(m[1]!);
    if ('error' in f) return null;
    return { kind: 'keyword', keyword: 'Enchant', key, text: cap, filter: f };
  }
  // 702.41a: "Affinity for artifacts": the filter of the permanents counted
  m = /^Affinity for (.+)$/.exec(cap);
  if (m) {
    const f = parseFilter(m[1]!);
    if ('error' in f) return null;
    return { kind: 'keyword', keyword: 'Affinity', key, text: cap, filter: f };
  }
  // 702.29e: "Basic landcycling {1}{G}", "Swampcycling {2}": the quality of the card searched for
  m = /^(Basic land|[A-Z][a-z]+)cycling ((?:\{[^}]+\})+)$/.exec(cap);
  if (m) {
    const cost = parseManaCost(m[2]!);
    if ('error' in cost || 'error' in parseFilter(`${m[1]!} card`)) return null;
    return { kind: 'keyword', keyword: 'Typecycling', key, text: cap, cost, costText: m[2]!, from: m[1]! };
  }
  // 702.72a: "Champion a Goblin": the quality of the permanent to exile, another one its controller controls
  m = /^Champion an? (.+)$/.exec(cap);
  if (m) return 'error' in parseFilter(`another ${m[1]!} you control`) ? null : { kind: 'keyword', keyword: 'Champion', key, text: cap, costText: m[1]! };
  m = /^Protection from (\w+)$/.exec(cap);
  if (m) {
    if (PROTECTION_WORDS.includes(m[1]!.toLowerCase())) return { kind: 'keyword', keyword: 'Protection', key, text: cap, from: m[1]! };
    const quality = protectionQuality(m[1]!);
    return quality ? { kind: 'keyword', keyword: 'Protection', key, text: cap, from: m[1]!, filter: quality } : null;
  }
  // "Suspend 4—{1}{U}", "Awaken 3—{4}{U}" (702.113a), "Reinforce 2—{2}{W}" (702.77a): a number and a mana cost
  m = /^(Suspend|Awaken|Reinforce) (\d+)\s*[—-]\s*((?:\{[^}]+\})+)$/.exec(cap);
  if (m) {
    const cost = parseManaCost(m[3]!);
    if ('error' in cost) return null;
    return { kind: 'keyword', keyword: m[1]!, key, text: cap, n: Number(m[2]), cost, costText: m[3]! };
  }
  // 702.47a: "Splice onto Arcane {1}{R}", "Splice onto Arcane—Exile four cards from your graveyard.":
  // the quality of the spells it may be spliced onto, and its cost
  m = /^Splice onto (\w+)\s*(?:((?:\{[^}]+\})+)|—\s*(.+?)\.?)$/.exec(cap);
  if (m) {
    const f = parseFilter(`${m[1]!} spell`);
    if ('error' in f) return null;
    if (m[2]) {
      const cost = parseManaCost(m[2]);
      return 'error' in cost ? null : { kind: 'keyword', keyword: 'Splice', key, text: cap, filter: f, cost, costText: m[2] };
    }
    const parts = parseCost(m[3]!, '');
    return 'error' in parts ? null : { kind: 'keyword', keyword: 'Splice', key, text: cap, filter: f, costText: m[3]!, costParts: parts };
  }
  // 702.138a: "Escape—{3}{R}{R}, Exile five other cards from your graveyard.": mana and other parts
  m = /^Escape\s*—\s*((?:\{[^}]+\})+),\s*(.+?)\.?$/.exec(cap);
  if (m) {
    const cost = parseManaCost(m[1]!);
    const parts = parseCost(m[2]!, '');
    if ('error' in cost || 'error' in parts) return null;
    return { kind: 'keyword', keyword: 'Escape', key, text: cap, cost, costText: `${m[1]!}, ${m[2]!}`, costParts: parts };
  }
  // a cost that isn't mana: "Buyback—Sacrifice a land." (702.27a), "Entwine—Sacrifice two lands."
  // (702.42a), "Escalate—Discard a card." (702.120a), "Kicker—Sacrifice a land." (702.33a)
  m = /^(Buyback|Entwine|Escalate|Eternalize|Kicker)\s*—\s*(.+?)\.?$/.exec(cap);
  if (m) {
    const parts = parseCost(m[2]!, '');
    if ('error' in parts) return null;
    return { kind: 'keyword', keyword: m[1]!, key, text: cap, costText: m[2]!, costParts: parts };
  }
  // 702.78a: conspire's cost taps two creatures sharing a color with the spell
  if (cap === 'Conspire') {
    const parts = parseCost(CONSPIRE_COST, '');
    return 'error' in parts ? null : { kind: 'keyword', keyword: 'Conspire', key, text: cap, costText: CONSPIRE_COST, costParts: parts };
  }
  m = /^Cumulative upkeep\s*[—-]?\s*(.+?)\.?$/.exec(cap);
  if (m) return { kind: 'keyword', keyword: 'Cumulative upkeep', key, text: cap, costText: m[1]! };
  return null;
}

/** Splits a card's text into paragraphs: one per line, bullet lines joined to the line before. */
export function paragraphs(text: string): string[] {
  const out: string[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '') continue;
    if (line.startsWith('•') && out.length > 0) out[out.length - 1] += `\n${line}`;
    else out.push(line);
  }
  return out;
}

/** A keyword line: every comma-separated piece is a keyword. */
export function keywordLine(par: string, keyBase: string): KeywordAbility[] | null {
  if (par.includes('\n')) return null;
  // Cumulative upkeep and Suspend carry punctuation of their own
  const single = parseKeyword(par, keyBase);
  if (single && (single.keyword === 'Cumulative upkeep' || single.keyword === 'Suspend' || single.keyword === 'Awaken' || single.keyword === 'Reinforce' || single.costParts)) return [single];
  const pieces = par.split(/,\s*/);
  const out: KeywordAbility[] = [];
  for (const [i, piece] of pieces.entries()) {
    const k = parseKeyword(piece, `${keyBase}.${i}`);
    if (!k) return null;
    out.push(k);
  }
  return out;
}

function compileFace(entry: FaceEntry, faceName: 'main' | 'adventure' | 'flip' | 'split' | 'back', cardName: string, errors: CompileError[], basePath: PropertyKey[]): CardFace {
  const err = (path: PropertyKey[], message: string) => errors.push({ path: [...basePath, ...path], message });
  let manaCost: ManaCost | null = null;
  if (entry.cost !== undefined) {
    const c = parseManaCost(entry.cost);
    if ('error' in c) err(['cost'], c.error);
    else manaCost = c;
  }
  const tl = parseTypeLine(entry.type);
  const { types, supertypes, subtypes } = 'error' in tl ? (err(['type'], tl.error), { types: [], supertypes: [], subtypes: [] }) : tl;
  let power: string | number | null = null;
  let toughness: string | number | null = null;
  if (entry.pt !== undefined) {
    const m = /^([0-9*+X-]+)\/([0-9*+X-]+)$/.exec(String(entry.pt).trim());
    if (!m) err(['pt'], `expected power/toughness like "2/2" or "*/1+*", got "${entry.pt}"`);
    else {
      power = /^\d+$/.test(m[1]!) ? Number(m[1]) : m[1]!;
      toughness = /^\d+$/.test(m[2]!) ? Number(m[2]) : m[2]!;
    }
  } else if (types.includes('creature')) {
    err(['pt'], 'a creature needs `pt`, e.g. pt: "2/2"');
  }
  const abilities: Ability[] = [];
  const dsl = entry.abilities as AbilityDsl[];
  let next = 0;
  const pars = paragraphs(entry.text);
  let striation: Striation | null = null;
  let ptBox = -1;
  const endStriation = () => { if (striation) abilities.push(striationAbility(striation)); striation = null; };
  for (const [pi, par] of pars.entries()) {
    const key = `${cardName}/${faceName}/${pi}`;
    const level = levelSymbol(par);
    if (level) {
      endStriation();
      const pt = ptLine(pars[pi + 1]);
      if (!pt) err(['text'], `the level symbol "${par}" must be followed by its power/toughness box ("2/2") on the next line (711.2)`);
      if (pt) ptBox = pi + 1;
      striation = { key, ...level, power: pt?.[0] ?? 0, toughness: pt?.[1] ?? 0, texts: [par, ...(pt ? [pars[pi + 1]!] : [])], keywords: [], given: [], statics: [], gaps: [] };
      continue;
    }
    if (pi === ptBox) continue;
    const kws = keywordLine(par, key);
    if (kws && striation) { striation.keywords.push(...kws.map((k) => k.text)); striation.texts.push(par); continue; }
    if (kws) { abilities.push(...kws); continue; }
    const d = dsl[next];
    if (!d) {
      err(['abilities'], `the text paragraph "${firstLine(par)}" has no DSL entry in \`abilities\` (entries pair with the non-keyword paragraphs, in order)`);
      next++;
      continue;
    }
    const compiled = compileAbility(d, key, par, entry.name, (m) => err(['abilities', next], m));
    // abilities it gives in quotes are compiled in place, with keys of their own
    grantedAbilities(compiled).forEach((g, i) => {
      const done = compileAbility(g as unknown as AbilityDsl, `${key}/grant${i}`, g.text, entry.name, (m) => err(['abilities', next], m));
      for (const k of Object.keys(g)) delete (g as unknown as Record<string, unknown>)[k];
      Object.assign(g, done);
    });
    if (striation) addToStriation(striation, compiled, par);
    else abilities.push(compiled);
    next++;
  }
  endStriation();
  const spells = abilities.filter((a) => a.kind === 'spell');
  if (spells.length > 1) {
    if (spells.some((a) => a.kind === 'spell' && a.modal)) err(['abilities'], 'a modal spell paragraph must be the only `spell` entry of its face');
    const names = spells.flatMap((a) => (a.kind === 'spell' ? a.block.targets.map((t) => t.name) : []));
    const dup = names.find((n, i) => names.indexOf(n) !== i);
    if (dup) err(['abilities'], `the spell paragraphs of ${entry.name} read as one spell: the target name "${dup}" is used twice; give each target its own name`);
  }
  if (next < dsl.length) err(['abilities', next], `${dsl.length - next} DSL entr${dsl.length - next === 1 ? 'y has' : 'ies have'} no text paragraph to implement (the text has ${pars.length} paragraphs)`);
  return {
    name: entry.name, manaCost, typeLine: entry.type, types, supertypes, subtypes,
    ...(entry.color_indicator ? { colorIndicator: entry.color_indicator } : {}),
    power, toughness, loyalty: entry.loyalty ?? null, defense: entry.defense ?? null, text: entry.text.trim(), abilities,
  };
}

/** A level symbol's striation (711.2): its range, its power/toughness box and the abilities printed in it. */
interface Striation { key: string; min: number; max?: number; power: number; toughness: number; texts: string[]; keywords: string[]; given: Ability[]; statics: StaticDef[]; gaps: string[] }

/**
 * An ability printed in a striation is part of the level symbol's static ability (711.2): a static
 * one's effects become the symbol's own, under its condition (an effect of a static granted in layer 6
 * would apply too late to matter, 613.1f); any other is granted to the permanent in layer 6.
 */
function addToStriation(s: Striation, a: Ability, par: string): void {
  s.texts.push(par);
  if (a.kind !== 'static') { s.given.push(a); return; }
  for (const d of a.defs) {
    if (d.condition || d.kind === 'cda_pt') s.gaps.push(`"${par}" inside a level symbol's striation: a condition of its own, or a characteristic-defining ability (711.2)`);
    else s.statics.push(d);
  }
}

/** "LEVEL 1-3" or "LEVEL 4+": a level symbol (711.2), or null. */
export function levelSymbol(par: string): { min: number; max?: number } | null {
  const m = /^LEVEL (\d+)(?:-(\d+)|\+)$/.exec(par.trim());
  if (!m) return null;
  return { min: Number(m[1]), ...(m[2] !== undefined ? { max: Number(m[2]) } : {}) };
}

/** A power/toughness box written alone on its line ("4/4"). */
export function ptLine(par: string | undefined): [number, number] | null {
  const m = par === undefined ? null : /^(\d+)\/(\d+)$/.exec(par.trim());
  return m ? [Number(m[1]), Number(m[2])] : null;
}

/**
 * 711.2a-b: a level symbol is one static ability: "as long as this creature has at least N1 (and no
 * more than N2) level counters on it, it has base power and toughness [P/T] and has [abilities]" -
 * a layer-7b setting and a layer-6 grant on the permanent itself, both under that condition.
 */
function striationAbility(s: Striation): Ability {
  const condition = { kind: 'counters_at_least' as const, counter: 'level', on: 'self', n: s.min, ...(s.max !== undefined ? { atMost: s.max } : {}) };
  const grant = s.keywords.length || s.given.length
    ? [{ kind: 'grant' as const, abilities: s.keywords, affected: 'self', ...(s.given.length ? { given: s.given } : {}), condition }]
    : [];
  const text = s.texts.join('\n');
  if (s.gaps.length) return { kind: 'unsupported', key: s.key, text, reason: s.gaps[0]! };
  const statics = s.statics.map((d) => ({ ...d, condition }));
  return { kind: 'static', key: s.key, text, defs: [{ kind: 'set_base_pt', power: s.power, toughness: s.toughness, affected: 'self', condition }, ...grant, ...statics] };
}

function firstLine(s: string): string {
  return s.split('\n')[0]!;
}

function compileAbility(d: AbilityDsl, key: string, text: string, selfName: string, err: (m: string) => void): Ability {
  const cost = (t: string) => {
    const c = parseCost(t, selfName, { announced: true });
    if ('error' in c) { err(c.error); return { text: t, parts: [] }; }
    return c;
  };
  switch (d.kind) {
    case 'spell':
    case 'triggered':
      checkRefs(d.block, d.modal, err);
      return { ...d, key, text };
    case 'activated': {
      checkRefs(d.block, d.modal, err);
      const { costText, ...rest } = d;
      return { ...rest, cost: cost(costText), key, text };
    }
    case 'additional_cost':
      return { kind: 'additional_cost', cost: cost(d.costText), key, text };
    case 'alternative_cost':
      return { kind: 'alternative_cost', cost: cost(d.costText), label: d.label, ...(d.condition ? { condition: d.condition } : {}), key, text };
    default:
      return { ...d, key, text };
  }
}

const BUILTIN_REFS = new Set([
  'self', 'you', 'enchanted', 'equipped', 'sacrificed', 'exiled', 'discarded', 'it', 'that_player',
  'each_player', 'each_opponent', 'target_player', 'chosen', 'linked', 'each', 'defending_player', 'destroyed',
]);

/** What a `most:` reference compares: life, cards in hand, or the permanents a filter names. */
function mostRefValid(what: string): boolean {
  return what === 'life' || what === 'cards_in_hand' || !('error' in parseFilter(what));
}

/** Every REF an instruction names must be a target of the block or a built-in reference. */
function checkRefs(block: EffectBlock, modal: ModalSpec | undefined, err: (m: string) => void): void {
  const blocks = modal ? modal.modes : [block];
  for (const b of blocks) {
    const names = new Set(b.targets.map((t: TargetSpec) => t.name));
    const visit = (effects: Effect[], extra: Set<string>) => {
      for (const e of effects) {
        for (const [k, v] of Object.entries(e)) {
          const isRef = (['affected', 'what', 'who', 'a', 'b'].includes(k) && e.verb !== 'choose') || (k === 'from' && e.verb === 'damage');
          if (isRef && typeof v === 'string' && v.startsWith('most:')) {
            if (!mostRefValid(v.slice(5))) err(`instruction \`${e.verb}\` names "${v}": after "most:" comes life, cards_in_hand or a filter of permanents`);
          } else if (isRef && typeof v === 'string') {
            const ref = String(v).replace(/^(controller_of|owner_of|opponents_of):/, '');
            if (!names.has(ref) && !BUILTIN_REFS.has(ref) && !extra.has(ref)) {
              err(`instruction \`${e.verb}\` names "${v}", which is neither a target of this ability (${[...names].join(', ') || 'none'}) nor one of ${[...BUILTIN_REFS].join(', ')}`);
            }
          }
        }
        if ('do' in e && Array.isArray(e.do)) {
          const inner = new Set(extra);
          if (e.verb === 'delayed' || e.verb === 'reflexive') for (const t of e.targets ?? []) inner.add(t.name);
          visit(e.do, inner);
        }
        if ('otherwise' in e && Array.isArray(e.otherwise)) visit(e.otherwise, extra);
      }
    };
    visit(b.effects, new Set());
  }
}

export function compileCard(entry: CardEntry, custom: boolean): { card: CardDef; errors: CompileError[] } {
  const errors: CompileError[] = [];
  const main = compileFace(entry, 'main', entry.name, errors, []);
  const card: CardDef = { name: entry.name, main, unsupported: [], custom };
  if (entry.split) {
    // 709.1: two halves on one card; the left half is named before " // "
    const halves = entry.name.split(' // ');
    if (halves.length !== 2 || halves[1] !== entry.split.name) errors.push({ path: ['name'], message: `a split card is named "Left // Right" with its right half's name after " // " (here "${entry.split.name}")` });
    main.name = halves[0]!;
    card.split = compileFace(entry.split, 'split', entry.name, errors, ['split']);
  }
  if (entry.adventure) card.adventure = compileFace(entry.adventure, 'adventure', entry.name, errors, ['adventure']);
  if (entry.back) {
    // 712.2: a face on each side; named "Front // Back" (as MTGJSON and Scryfall do) or by its front face
    const sides = entry.name.split(' // ');
    if (sides.length > 2 || (sides.length === 2 && sides[1] !== entry.back.name)) errors.push({ path: ['name'], message: `a double-faced card is named by its front face, or "Front // Back" with its back face's name after " // " (here "${entry.back.name}")` });
    main.name = sides[0]!;
    card.back = compileFace(entry.back, 'back', entry.name, errors, ['back']);
  }
  if (entry.flip) card.flip = compileFace(entry.flip, 'flip', entry.name, errors, ['flip']);
  if (entry.unsupported) { card.declaredUnsupported = entry.unsupported; card.unsupported.push(entry.unsupported); }
  return { card, errors };
}
