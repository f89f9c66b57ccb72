// The filter phrases of the card DSL: Oracle-like descriptions of objects and players, such as
// "nonblack creature", "artifact or enchantment", "instant or sorcery spell you control",
// "creature card in your graveyard", "player or planeswalker", "any target".

import { subtypeOfWord } from '../core/subtypes.js';
import { COLOR_BY_NAME, type ColorLetter, type ColorName } from '../core/mana.js';

export const CARD_TYPES = ['artifact', 'battle', 'creature', 'enchantment', 'instant', 'kindred', 'land', 'planeswalker', 'sorcery'] as const;
export type CardType = (typeof CARD_TYPES)[number];
export const SUPERTYPES = ['basic', 'legendary', 'snow', 'world'] as const;

/** What kind of thing a filter term describes. */
export type FilterKind = 'permanent' | 'spell' | 'card' | 'player' | 'object';

export type Comparison = { op: '>=' | '<=' | '='; n: number } | { parity: 'even' | 'odd' };

/** One alternative of a filter: every condition given must hold. */
export interface FilterTerm {
  kind: FilterKind;
  types?: CardType[]; // all of these
  notTypes?: CardType[];
  subtypes?: string[]; // any of these
  notSubtypes?: string[];
  supertypes?: string[];
  notSupertypes?: string[];
  colors?: ColorLetter[]; // all of these
  notColors?: ColorLetter[];
  colorless?: boolean;
  tapped?: boolean;
  /** "with lesser power": less power than the ability's source (mentor, 702.134a) */
  lesserPower?: boolean;
  /** "with greater power": more power than the ability's source */
  greaterPower?: boolean;
  /** "attached to CARDNAME" (`self`: the ability's source), "attached to enchanted / equipped creature"
   * (`host`: the permanent the source is attached to) */
  attachedTo?: 'self' | 'host';
  other?: boolean; // "another": not the source of the ability
  token?: boolean;
  controller?: 'you' | 'not_you' | 'opponent' | 'that_player' | 'defending_player';
  owner?: 'you' | 'opponent';
  player?: 'opponent' | 'you'; // for kind player
  zone?: 'graveyard' | 'hand' | 'library' | 'exile' | 'battlefield' | 'stack';
  zoneOwner?: 'you' | 'any' | 'that_player';
  power?: Comparison;
  toughness?: Comparison;
  manaValue?: Comparison;
  keyword?: string; // "with morph", "with flying"
  withoutKeyword?: string; // "without flying"
  /** "of the chosen color": the color chosen as the ability's source entered (607.2d) */
  chosenColor?: boolean;
  /** "with the chosen name", "with that name": the card name chosen by the resolving spell or ability (201.3) */
  chosenName?: boolean;
  /** "of the chosen type": the creature type chosen as the ability's source entered (607.2d) */
  chosenType?: boolean;
  /** "blocking or blocked by this": in combat with the ability's source (509.1) */
  inCombatWithSource?: boolean;
  /** "with a +1/+1 counter on it", "with three or more level counters on it"; kind `*`: counters of any kind; `none`: "with no counters on it" */
  counters?: { kind: string; atLeast: number; none?: boolean };
  /** "that are enchanted": an Aura is attached to it */
  enchanted?: boolean;
  /** combat state (506.4, 509.1h): "attacking", "blocking", "blocked", "unblocked", and "nonattacking",
   * "nonblocking" (any creature that isn't one) */
  combat?: 'attacking' | 'blocking' | 'blocked' | 'unblocked' | 'nonattacking' | 'nonblocking';
  /** "multicolored" (two or more colors), "monocolored" (exactly one), 105.2 */
  colorCount?: 'multi' | 'mono';
  /** "spell that targets only a single permanent or player" */
  singleTarget?: boolean;
  /** "spell that targets you or a creature you control" (115.1): among the spell's targets is the
   * controller of the ability (`you`) or an object or player matching `filter` */
  targets?: { you: boolean; filter?: Filter; /** "that targets CARDNAME" */ source?: true };
  /** "card named CARDNAME": the same name as the ability's source */
  sameNameAsSource?: boolean;
  /** "card named Forest": a card with exactly that name */
  named?: string;
  /** "that shares a creature type with CARDNAME" (kinship): a creature type in common with the source */
  sharesCreatureTypeWithSource?: boolean;
  /** "that share a color with CARDNAME" (conspire's creatures): a color in common with the source */
  sharesColorWithSource?: boolean;
  /** "that was dealt damage this turn" (`any`), "dealt damage by CARDNAME / enchanted creature /
   * equipped creature this turn": damage dealt to it this turn, by any source or by that one */
  wasDealtDamage?: 'any' | 'self' | 'enchanted' | 'equipped';
  /** "that dealt damage this turn" (`any`), "that dealt damage to you this turn" (`you`) */
  dealtDamage?: 'any' | 'you';
  /** "with that spell's mana value": the mana value of the spell a cast trigger is about (its `it`, 603.2),
   * read as it last existed once it has left the stack (608.2h) */
  manaValueOfIt?: boolean;
}

/** A filter: a union of terms, or "any target" (115.4: creature, player, planeswalker or battle). */
export interface Filter {
  text: string;
  terms: FilterTerm[];
}

const PLURALS: Record<string, string> = {
  creatures: 'creature', lands: 'land', artifacts: 'artifact', enchantments: 'enchantment',
  planeswalkers: 'planeswalker', battles: 'battle', instants: 'instant', sorceries: 'sorcery',
  spells: 'spell', cards: 'card', players: 'player', opponents: 'opponent', permanents: 'permanent',
  sources: 'source', objects: 'object',
};

const KIND_WORDS: Record<string, FilterKind> = {
  permanent: 'permanent', spell: 'spell', card: 'card', player: 'player', opponent: 'player',
  source: 'object', object: 'object',
};

export function anyTargetTerms(): FilterTerm[] {
  return [
    { kind: 'permanent', types: ['creature'] },
    { kind: 'player' },
    { kind: 'permanent', types: ['planeswalker'] },
    { kind: 'permanent', types: ['battle'] },
  ];
}

const SUFFIXES: Array<[RegExp, (t: FilterTerm, m: RegExpExecArray) => void]> = [
  [/^you don't control\b/, (t) => { t.controller = 'not_you'; }],
  [/^you control\b/, (t) => { t.controller = 'you'; }],
  [/^(an opponent|your opponents|opponents) controls?\b/, (t) => { t.controller = 'opponent'; }],
  [/^that player controls\b/, (t) => { t.controller = 'that_player'; }],
  // the player the source attacks, or the controller of the planeswalker it attacks (506.2, 508.5)
  [/^(the )?defending player controls\b/, (t) => { t.controller = 'defending_player'; }],
  [/^you own\b/, (t) => { t.owner = 'you'; }],
  [/^an opponent owns\b/, (t) => { t.owner = 'opponent'; }],
  [/^with (power|toughness|mana value) (\d+) or (greater|more|less|fewer)\b/, (t, m) => {
    const key = m[1] === 'mana value' ? 'manaValue' : (m[1] as 'power' | 'toughness');
    t[key] = { op: m[3] === 'less' || m[3] === 'fewer' ? '<=' : '>=', n: Number(m[2]) };
  }],
  [/^with (power|toughness|mana value) (\d+)\b/, (t, m) => {
    const key = m[1] === 'mana value' ? 'manaValue' : (m[1] as 'power' | 'toughness');
    t[key] = { op: '=', n: Number(m[2]) };
  }],
  [/^with lesser power\b/, (t) => { t.lesserPower = true; }],
  [/^with greater power\b/, (t) => { t.greaterPower = true; }],
  [/^with (a|an|one|two|three|four|five|\d+)(?: or more)? ([+-]\d+\/[+-]\d+|[a-z]+) counters? on (?:it|them)\b/, (t, m) => {
    t.counters = { kind: m[2]!, atLeast: NUMBER_WORDS[m[1]!] ?? Number(m[1]) };
  }],
  // "with counters on them", "with a counter on it": any kind; "with +1/+1 counters on them": one or more
  [/^with (?:(?:a|one or more) counters? on (?:it|them)|counters on them)\b/, (t) => { t.counters = { kind: '*', atLeast: 1 }; }],
  [/^with no counters on (?:it|them)\b/, (t) => { t.counters = { kind: '*', atLeast: 0, none: true }; }],
  [/^with (?!no )([+-]\d+\/[+-]\d+|[a-z]+) counters on them\b/, (t, m) => { t.counters = { kind: m[1]!, atLeast: 1 }; }],
  [/^(?:that are|that's|that is) enchanted\b/, (t) => { t.enchanted = true; }],
  [/^with that spell's mana value\b/, (t) => { t.manaValueOfIt = true; }],
  [/^with (even|odd) mana values?\b/, (t, m) => { t.manaValue = { parity: m[1] as 'even' | 'odd' }; }],
  [/^with (?:the chosen|that) name\b/, (t) => { t.chosenName = true; }],
  [/^with ([a-z]+)\b/, (t, m) => { t.keyword = m[1]!; }],
  [/^without ([a-z]+)\b/, (t, m) => { t.withoutKeyword = m[1]!; }],
  [/^of the chosen color\b/, (t) => { t.chosenColor = true; }],
  [/^of the chosen (?:creature )?type\b/, (t) => { t.chosenType = true; }],
  [/^(in|from) your (graveyard|hand|library)\b/, (t, m) => { t.zone = m[2] as FilterTerm['zone']; t.zoneOwner = 'you'; }],
  [/^(in|from) (a graveyard|graveyards|all graveyards)\b/, (t) => { t.zone = 'graveyard'; t.zoneOwner = 'any'; }],
  [/^(in|from) that player's graveyard\b/, (t) => { t.zone = 'graveyard'; t.zoneOwner = 'that_player'; }],
  [/^(in|from) an opponent's graveyard\b/, (t) => { t.zone = 'graveyard'; t.zoneOwner = 'any'; t.owner = 'opponent'; }],
  [/^in exile\b/, (t) => { t.zone = 'exile'; t.zoneOwner = 'any'; }],
  [/^on the battlefield\b/, (t) => { t.zone = 'battlefield'; }],
  [/^named cardname\b/, (t) => { t.sameNameAsSource = true; }],
  [/^attached to cardname\b/, (t) => { t.attachedTo = 'self'; }],
  [/^attached to (?:enchanted|equipped) creature\b/, (t) => { t.attachedTo = 'host'; }],
  [/^that shares? (?:a|at least one) creature type with cardname\b/, (t) => { t.sharesCreatureTypeWithSource = true; }],
  [/^that shares? (?:a|at least one) color with cardname\b/, (t) => { t.sharesColorWithSource = true; }],
  [/^(?:that (?:was|were|has been|have been) )?dealt damage this turn\b/, (t) => { t.wasDealtDamage = 'any'; }],
  [/^dealt damage by (cardname|enchanted creature|equipped creature) this turn\b/, (t, m) => {
    t.wasDealtDamage = m[1] === 'cardname' ? 'self' : m[1] === 'enchanted creature' ? 'enchanted' : 'equipped';
  }],
  [/^that dealt damage (to you )?this turn\b/, (t, m) => { t.dealtDamage = m[1] ? 'you' : 'any'; }],
  [/^\u0001/, (t) => { t.inCombatWithSource = true; }],
  [/^\u0002/, (t) => { t.singleTarget = true; }],
  [/^\u0003/, () => { /* "that targets ...": set on every term by parseFilter */ }],
];

/** Parses a filter phrase, or returns an error that says what was not understood. */
export function parseFilter(text: string): Filter | { error: string } {
  const named = namedCard(text.trim());
  if (named) return named;
  // "noncreature, nonland card": commas without "or"/"and" join adjectives of one object
  const joined = /,/.test(text) && !/\b(or|and)\b/i.test(text) ? text.trim().replace(/,\s*/g, ' ') : text.trim();
  // 700.6: "historic" means artifacts, legendaries and Sagas
  const src = joined.replace(/^(an? |another )?historic (\w+)$/i, (_m, a: string | undefined, noun: string) => `${a ?? ''}artifact ${noun}, legendary ${noun}, or Saga ${noun}`);
  if (src === '') return { error: 'empty filter' };
  const both = BOTH_COLORS.exec(src);
  if (both) return bothColors(src, both);
  if (/^any target$/i.test(src)) return { text: src, terms: anyTargetTerms() };
  // "with power 4 or greater" is one qualifier, not two alternatives
  const protectedSrc = src.replace(/\b(\d+|one|two|three|four|five) or (greater|more|less|fewer)\b/gi, '$1\u0000$2').replace(/\bblocking or blocked by (?:this|cardname)\b/gi, '\u0001')
    .replace(/\bthat targets only a single permanent or player\b/gi, '\u0002');
  // "that targets you or a permanent you control" qualifies the whole term, its "or" included
  const targetsAt = /\bthat targets (?!only\b)/i.exec(protectedSrc);
  let targets: FilterTerm['targets'];
  if (targetsAt) {
    const r = targetsFilter(protectedSrc.slice(targetsAt.index + targetsAt[0].length).replace(/\u0000/g, ' or '));
    if ('error' in r) return { error: `${r.error} in "${src}"` };
    targets = r;
  }
  const parts = (targetsAt ? `${protectedSrc.slice(0, targetsAt.index)}\u0003` : protectedSrc).split(/\s*,\s*(?:and\/or\s+|or\s+|and\s+)?|\s+and\/or\s+|\s+or\s+|\s+and\s+/).map((p) => p.replace(/\u0000/g, ' or '));
  const parsed: Array<{ term: FilterTerm; hasKind: boolean; hasNoun: boolean; suffixes: Array<(t: FilterTerm) => void> }> = [];
  for (const part of parts) {
    const r = parseTerm(part);
    if ('error' in r) return { error: `${r.error} in "${src}"` };
    parsed.push(r);
  }
  // Shared words distribute backwards: "instant or sorcery spell you control"; a leading
  // "another" forwards: "another Vampire or Zombie".
  const last = parsed[parsed.length - 1]!;
  if (parsed[0]!.term.other) for (const p of parsed) p.term.other = true;
  for (const p of parsed.slice(0, -1)) {
    if (!p.hasKind && last.hasKind && last.term.kind !== 'player') { p.term.kind = last.term.kind; p.hasKind = true; }
    if (p.suffixes.length === 0) for (const s of last.suffixes) s(p.term);
    if (!p.hasNoun && last.hasNoun) {
      // "white or blue creature": adjectives borrow the noun of the last alternative
      if (last.term.types && !p.term.types) p.term.types = [...last.term.types];
      if (last.term.subtypes && !p.term.subtypes) p.term.subtypes = [...last.term.subtypes];
    }
  }
  for (const p of parsed) {
    if (!p.hasNoun && !p.hasKind && !p.term.types && !p.term.subtypes) {
      return { error: `"${src}" names no kind of object (creature, spell, card, player, permanent...)` };
    }
  }
  const terms = adjectivesTimesNouns(parsed, parts) ?? parsed.map((p) => p.term);
  return { text: text.trim(), terms: terms.map((t: FilterTerm) => (targets ? { ...t, targets } : t)) };
}

/** "spell that's both red and white": one object of each of two colors (105.2; it may have more) */
const BOTH_COLORS = /^(.+?) that(?:'s| is| are) both (white|blue|black|red|green) and (white|blue|black|red|green)$/i;

function bothColors(src: string, m: RegExpExecArray): Filter | { error: string } {
  const r = parseFilter(m[1]!);
  if ('error' in r) return r;
  if (r.terms.length !== 1) return { error: `"${src}" qualifies more than one kind of object` };
  const term = r.terms[0]!;
  const colors = [m[2]!, m[3]!].map((c) => COLOR_BY_NAME[c.toLowerCase() as ColorName]);
  return { text: src, terms: [{ ...term, colors: [...new Set([...(term.colors ?? []), ...colors])] }] };
}

/** The words that qualify an object before its noun: "red", "nonblack", "legendary", "tapped", "token". */
const ADJECTIVES = ['notTypes', 'notSubtypes', 'supertypes', 'notSupertypes', 'colors', 'notColors', 'colorless', 'colorCount', 'tapped', 'token'] as const;

/**
 * "white or blue instant or sorcery spell", "red instant or sorcery spell", "legendary creature or
 * planeswalker": alternatives of adjectives up to the first noun, then alternatives of bare nouns
 * (no adjective, no article) qualify each other: every adjective alternative with every noun.
 * Undefined when the words aren't of that shape.
 */
function adjectivesTimesNouns(parsed: Array<{ term: FilterTerm; hasNoun: boolean }>, parts: string[]): FilterTerm[] | undefined {
  const k = parsed.findIndex((p) => p.hasNoun);
  if (k < 0 || k === parsed.length - 1) return undefined;
  const adjectives = (t: FilterTerm) => ADJECTIVES.filter((f) => t[f] !== undefined);
  const bare = (i: number) => adjectives(parsed[i]!.term).length === 0 && !/^(an?|another|the)\s/i.test(parts[i]!.trim());
  if (parsed.slice(k + 1).some((_, j) => !bare(k + 1 + j))) return undefined;
  const quals = parsed.slice(0, k + 1).map((p) => Object.fromEntries(adjectives(p.term).map((f) => [f, p.term[f]])) as Partial<FilterTerm>);
  const nouns = parsed.slice(k).map((p) => Object.fromEntries(Object.entries(p.term).filter(([f]) => !(ADJECTIVES as readonly string[]).includes(f))) as unknown as FilterTerm);
  return quals.flatMap((q) => nouns.map((n) => structuredClone({ ...n, ...q })));
}

/** What "that targets ..." names: "you", a filter ("a creature", "one or more creatures you
 * control"), or both ("you or a permanent you control"). */
function targetsFilter(text: string): NonNullable<FilterTerm['targets']> | { error: string } {
  const m = /^(you)(?: or (.+))?$/i.exec(text.trim());
  if (m && !m[2]) return { you: true };
  const rest = (m ? m[2]! : text.trim()).replace(/^one or more /i, '');
  // "that targets CARDNAME": the ability's source is among the spell's targets
  if (/^cardname$/i.test(rest)) return { you: m !== null, source: true };
  if (/^(it|them|cardname)\b/i.test(rest)) return { error: `"that targets ${rest}" is not read in filters yet` };
  const f = parseFilter(rest);
  if ('error' in f) return f;
  return { you: m !== null, filter: f };
}

function parseTerm(part: string): { term: FilterTerm; hasKind: boolean; hasNoun: boolean; suffixes: Array<(t: FilterTerm) => void> } | { error: string } {
  const term: FilterTerm = { kind: 'permanent' };
  let hasKind = false;
  let hasNoun = false;
  let rest = part.trim();
  const suffixes: Array<(t: FilterTerm) => void> = [];
  // words before the suffixes
  while (rest.length > 0) {
    const lower = rest.toLowerCase();
    const sfx = SUFFIXES.find(([re]) => re.test(lower));
    if (sfx) {
      const m = sfx[0].exec(lower)!;
      const apply = (t: FilterTerm) => sfx[1](t, m);
      apply(term);
      suffixes.push(apply);
      rest = rest.slice(m[0].length).trim();
      continue;
    }
    const wm = /^(\S+)\s*/.exec(rest)!;
    const raw = wm[1]!;
    rest = rest.slice(wm[0].length);
    if (suffixes.length > 0) return { error: `unexpected "${raw}" after a qualifier` };
    const w0 = raw.toLowerCase();
    const w = PLURALS[w0] ?? w0;
    if (w === 'another' || w === 'other') { term.other = true; continue; }
    if (w === 'a' || w === 'an' || w === 'each' || w === 'all' || w === 'target') continue;
    if (w === 'tapped') { term.tapped = true; continue; }
    if (w === 'untapped') { term.tapped = false; continue; }
    if (w === 'token') { term.token = true; continue; }
    // "unblocked attacking creature": only an attacking creature is blocked or unblocked (509.1h)
    if (w === 'attacking' && (term.combat === 'blocked' || term.combat === 'unblocked')) continue;
    if (w === 'attacking' || w === 'blocking' || w === 'blocked' || w === 'unblocked' || w === 'nonattacking' || w === 'nonblocking') { term.combat = w; continue; }
    if (w === 'multicolored' || w === 'monocolored') { term.colorCount = w === 'multicolored' ? 'multi' : 'mono'; continue; }
    if (w === 'nontoken') { term.token = false; continue; }
    if (w === 'colorless') { term.colorless = true; continue; }
    if (w in COLOR_BY_NAME) { (term.colors ??= []).push(COLOR_BY_NAME[w as ColorName]); continue; }
    if ((CARD_TYPES as readonly string[]).includes(w)) { (term.types ??= []).push(w as CardType); hasNoun = true; continue; }
    if ((SUPERTYPES as readonly string[]).includes(w)) { (term.supertypes ??= []).push(w); continue; }
    if (w in KIND_WORDS) {
      term.kind = KIND_WORDS[w]!;
      if (w === 'opponent') term.player = 'opponent';
      hasKind = true;
      hasNoun = true;
      continue;
    }
    const non = /^non-?(.+)$/.exec(w);
    if (non) {
      const x = PLURALS[non[1]!] ?? non[1]!;
      if (x in COLOR_BY_NAME) { (term.notColors ??= []).push(COLOR_BY_NAME[x as ColorName]); continue; }
      if ((CARD_TYPES as readonly string[]).includes(x)) { (term.notTypes ??= []).push(x as CardType); continue; }
      if ((SUPERTYPES as readonly string[]).includes(x)) { (term.notSupertypes ??= []).push(x); continue; }
      if (x === 'token') { term.token = false; continue; }
      // non-Aura, non-Equipment: a subtype, written with its capital in the source
      const orig = capitalize(/^non-?(.+)$/i.exec(raw)![1]!);
      const notSub = subtypeOfWord(orig);
      if (!notSub) return { error: `"${orig}" is not a subtype of the Comprehensive Rules (205.3)` };
      (term.notSubtypes ??= []).push(notSub);
      continue;
    }
    // "face-down" is a status (708.2), not a subtype; no filter reads it yet
    if (/^face-(down|up)$/i.test(raw)) return { error: `"${raw}" (a face-down or face-up status) is not read in filters yet` };
    const sub = subtypeOfWord(raw);
    if (sub) { (term.subtypes ??= []).push(sub); hasNoun = true; continue; }
    if (/^[A-Z]/.test(raw)) return { error: `"${raw}" is not a subtype of the Comprehensive Rules (205.3)` };
    return { error: `unknown word "${raw}"` };
  }
  if (term.kind === 'card' && !term.zone) { /* zone given by context */ }
  if (term.kind === 'player' && (term.types || term.subtypes)) return { error: 'a player has no types' };
  return { term, hasKind, hasNoun, suffixes };
}

/** "card named Ajani, Valiant Protector": a name runs to the end of the phrase, commas and all, and
 * names one card; "named CARDNAME" is the source's own name, read as a qualifier. */
function namedCard(src: string): Filter | { error: string } | null {
  const m = /^(.*?)\bnamed ([A-Z].*)$/.exec(src);
  if (!m || /^CARDNAME\b/i.test(m[2]!)) return null;
  if (/CARDNAME/.test(m[2]!)) return { error: `"${m[2]}" holds another card's name` };
  if (/ or /.test(m[2]!)) return { error: `"${m[2]}" names more than one card` };
  const head = parseTerm(m[1]!.trim());
  if ('error' in head) return { error: `${head.error} in "${src}"` };
  if (!head.hasNoun && !head.hasKind) return { error: `"${src}" names no kind of object (creature, spell, card, player, permanent...)` };
  return { text: src, terms: [{ ...head.term, named: m[2]! }] };
}

const NUMBER_WORDS: Record<string, number> = { a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5 };

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
