// The Oracle-text compiler: one paragraph of rules text (reminder text removed) to one DSL entry.
// The paragraph is first brought to a canonical wording (the card's own name and "this creature"
// become CARDNAME, older templating becomes current), then parsed whole by the grammar (the peggy
// files of grammar/, one per family, joined into one parser), whose builder (build.ts) writes the
// DSL. A paragraph the grammar doesn't read to its end becomes an `unsupported` entry quoting it, so the card is unsupported with that reason.

import { createHash } from '../../util/hash.js';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { threadId } from 'node:worker_threads';
import type * as Peggy from 'peggy';
import { PACKAGE_ROOT } from '../../util/root.js';
import { OracleBuilder, outer, SAME_SUBJECT, SPELL_MANA_VALUE, TRIGGER_ONLY_MARKS, type Dsl } from './build.js';

export type DslEntry = Dsl;

const GRAMMAR_DIR = join(PACKAGE_ROOT, 'src/cards/oracle/grammar/');
/** The file whose first rule is the start rule; the others follow in name order. */
const START_FILE = 'paragraph.peggy';
const CACHE_DIR = join(PACKAGE_ROOT, 'dist/cards/oracle/');

interface Parser {
  parse(text: string, options: { b: OracleBuilder }): unknown;
  /** The error a text the grammar doesn't read raises. */
  SyntaxError: new (...args: never[]) => Error;
}

let parser: Parser | undefined;

/** How the parser is generated (part of the cached parser's key). The memo cache is safe because every
 * semantic predicate is a pure function of the text and the position (Filter asks the builder where
 * its words end instead of remembering where they began). */
const GENERATE = { cache: true } as const;

const requireCjs = createRequire(import.meta.url);

/** The parser generator, loaded only when a parser must be generated (the cached one is plain code). */
function peggy(): typeof Peggy {
  return requireCjs('peggy') as typeof Peggy;
}

/** The paths of the grammar's files, the start rule's first. */
export function grammarPaths(): string[] {
  return [START_FILE, ...readdirSync(GRAMMAR_DIR).filter((f) => f.endsWith('.peggy') && f !== START_FILE).sort()].map((f) => `${GRAMMAR_DIR}${f}`);
}

/** The grammar's files, the start rule's first. */
function grammarFiles(): Array<{ source: string; text: string }> {
  return grammarPaths().map((source) => ({ source, text: readFileSync(source, 'utf8') }));
}

/** The grammar's text, for a key of the compiler's version (a database's stored compilations). */
export function grammarText(): string {
  return grammarFiles().map((g) => g.text).join('\0');
}

let tracer: Parser | undefined;

/** The same grammar without its rules' display names, which hide how far a named rule got: its
 * errors then point at the farthest text any rule reached (for `stopsAt`, not for compiling). */
function tracingParser(): Parser {
  // (without the memo cache: a rule's failures first met under a predicate would not be reported again)
  tracer ??= peggy().generate(grammarFiles().map((g) => ({ ...g, text: g.text.replace(/^(\w+)\s+"[^"\n]*"\s*$/gm, '$1') })), { cache: false }) as unknown as Parser;
  return tracer;
}

/**
 * Makes sure the generated parser is in its cache next to the build (generating it takes about 5 s):
 * the build and `npm test` call this (scripts/parser.mjs), so no command or test pays for it at first use.
 */
export function prepareOracleParser(): void {
  oracleParser();
}

/** The generated parser: built from the grammar once, and cached next to the build by its hash. */
function oracleParser(): Parser {
  if (parser) return parser;
  const grammar = grammarFiles();
  const hash = createHash('sha1').update((requireCjs('peggy/package.json') as { version: string }).version).update(JSON.stringify(GENERATE));
  for (const g of grammar) hash.update(g.source.slice(GRAMMAR_DIR.length)).update('\0').update(g.text);
  const cached = `${CACHE_DIR}parser-${hash.digest('hex').slice(0, 16)}.cjs`;
  if (existsSync(cached)) {
    parser = requireCjs(cached) as Parser;
    return parser;
  }
  const source = peggy().generate(grammar, { ...GENERATE, output: 'source', format: 'commonjs' });
  try {
    mkdirSync(dirname(cached), { recursive: true });
    // written aside, then renamed: another process or thread may be reading the cache at the same moment
    const aside = `${cached}.${process.pid}-${threadId}.tmp`;
    writeFileSync(aside, source);
    renameSync(aside, cached);
    parser = requireCjs(cached) as Parser;
  } catch {
    parser = peggy().generate(grammar, GENERATE) as unknown as Parser;
  }
  removeOtherParsers(cached);
  return parser;
}

/** The parsers of earlier grammars, some megabytes each, are of no more use. */
function removeOtherParsers(kept: string): void {
  try {
    for (const f of readdirSync(CACHE_DIR)) if (/^parser-[0-9a-f]{16}\.cjs$/.test(f) && CACHE_DIR + f !== kept) rmSync(CACHE_DIR + f, { force: true });
  } catch {
    // a read-only install keeps them
  }
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Ability words (207.2c): italic words with no rules meaning that open some abilities. */
const ABILITY_WORDS = [
  'Adamant', 'Addendum', 'Alliance', 'Battalion', 'Bloodrush', 'Celebration', 'Channel', 'Chroma', 'Cohort',
  'Constellation', 'Converge', "Council's dilemma", 'Coven', 'Delirium', 'Descend 4', 'Descend 8', 'Domain', 'Eerie',
  'Eminence', 'Enrage', 'Fateful hour', 'Fathomless descent', 'Ferocious', 'Flurry', 'Formidable', 'Grandeur',
  'Hellbent', 'Heroic', 'Imprint', 'Inspired', 'Join forces', 'Kinship', 'Landfall', 'Lieutenant', 'Magecraft',
  'Metalcraft', 'Morbid', 'Pack tactics', 'Paradox', 'Parley', 'Radiance', 'Raid', 'Rally', 'Revolt',
  'Secret council', 'Spell mastery', 'Strive', 'Sweep', 'Survival', 'Tempting offer', 'Threshold', 'Undergrowth',
  'Valiant', 'Will of the council',
];
// the dash has a space either side, or none in some card data ("Undergrowth\u2014This spell ...")
const ABILITY_WORD = new RegExp(`^(?:${ABILITY_WORDS.map(escapeRegExp).join('|')})(?: \u2014 |\u2014)`);

/** A paragraph without the ability word that opens it (207.2c). */
export function withoutAbilityWord(paragraph: string): string {
  return paragraph.replace(ABILITY_WORD, '');
}

/** A word character as a RegExp's \\w and \\b see it. */
function isWordChar(c: string): boolean {
  return /\w/.test(c);
}

/** Every occurrence of `name` that stands as a word of its own (a word boundary before it) and is
 * followed by what `follows` accepts, replaced. Written out rather than as a RegExp: a pattern made
 * for each card's name costs more to compile than all of the canonical wording's fixed patterns. */
function replaceName(t: string, name: string, replacement: string, follows: (rest: string) => boolean): string {
  let out = '';
  let from = 0;
  for (let at = t.indexOf(name); at >= 0; at = t.indexOf(name, at + 1)) {
    if (at < from || isWordChar(t.charAt(at - 1)) === isWordChar(name.charAt(0))) continue;
    if (!follows(t.slice(at + name.length, at + name.length + 16))) continue;
    out += t.slice(from, at) + replacement;
    from = at + name.length;
  }
  return out + t.slice(from);
}

/** A card's own name stands for CARDNAME, as does its short name (before a comma, "Jace, ..."). */
function selfNames(t: string, selfName: string): string {
  const names = [selfName, ...(selfName.includes(',') ? [selfName.split(',')[0]!] : [])];
  for (const n of names) t = replaceName(t, n, 'CARDNAME', (rest) => !/^[\w']/.test(rest));
  // its own power and toughness (a characteristic-defining ability, 604.3), its own abilities
  for (const n of names) t = replaceName(t, `${n}'s `, "CARDNAME's ", (rest) => /^(power|toughness|abilities|owner |mana cost)/.test(rest));
  return t;
}

/** Older and current templating, and self-references, brought to one wording. */
export function canonical(paragraph: string, selfName: string): string {
  let t = paragraph.replace(/\u2212/g, '-').replace(ABILITY_WORD, '');
  // a Phyrexian mana symbol written with the P first ({P/R}, older card text) is the same symbol ({R/P}, 107.4f)
  t = t.replace(/\{P\/([WUBRG])\}/g, '{$1/P}');
  // a loyalty cost is printed in brackets (606.2): "[+1]: ..." reads as the cost "+1"
  t = t.replace(/^\[([+-]?(?:\d+|X))\]: /, '$1: ');
  t = selfNames(t, selfName);
  // 702.57a: "Forecast — [activated ability]" is that ability, activated only during your upkeep and once each turn
  t = t.replace(/^Forecast \u2014 (.+?)\.?$/s, '$1. Activate only during your upkeep. Activate only once each turn.');
  t = t.replace(/\b[Tt]his (creature|permanent|artifact|enchantment|land|spell|planeswalker|emblem)\b/g, 'CARDNAME');
  t = t.replace(/enters the battlefield/g, 'enters');
  t = itAsSelf(t);
  t = itAsConditionSubject(t);
  t = itAsStepConditionSubject(t);
  t = thatPlayerPronouns(t);
  t = casterPronouns(t);
  t = enchantedControllerStep(t);
  // the keyword action "investigate" means creating a Clue artifact token
  t = t.replace(/\b([Ii])nvestigate\b/g, (_m, i: string) => `${i === 'I' ? 'C' : 'c'}reate a colorless Clue artifact token with "{2}, Sacrifice CARDNAME: Draw a card."`);
  t = t.replace(/\benter the battlefield\b/g, 'enter');
  t = youMayHave(t);
  // "a creature other than CARDNAME" is "another creature" (a single word naming what it is)
  t = t.replace(/\b(an?|target) ([a-z]+) other than CARDNAME\b/g, (_m, a: string, w: string) => (a === 'target' ? `another target ${w}` : `another ${w}`));
  // after "Sacrifice CARDNAME:", "It deals ..." is the sacrificed source itself (its last known information, 608.2h)
  t = t.replace(/^([^:"]*\bSacrifice CARDNAME: )It deals\b/, '$1CARDNAME deals');
  t = t.replace(/target creature or player/g, 'any target');
  // in a "becomes the target" trigger, "that player" is the controller of the spell or ability that targeted
  t = t.replace(/^(Whenever CARDNAME becomes the target of a spell or ability, [^"]*)\bthat spell or ability's controller\b/, '$1that player');
  // "CARDNAME deals damage equal to the number of charge counters on it": "it" is the source that deals it
  t = t.replace(/\bCARDNAME deals damage equal to the number of ([\w+/-]+) counters on it\b/g, 'CARDNAME deals damage equal to the number of $1 counters on CARDNAME');
  t = t.replace(/converted mana cost/g, 'mana value');
  // the older wording of "can't be countered"
  t = t.replace(/can't be countered by spells or abilities/g, "can't be countered");
  // "each creature each opponent controls" is every creature the opponents control
  t = t.replace(/\beach ([a-z+/ -]+?) each opponent controls\b/g, 'each $1 your opponents control');
  // a duration written first: "Until end of turn, target creature gains flying."
  // (not across a quoted ability, whose own period would end the match inside the quotes)
  // (before a "where X is ...", which says what X is for the whole sentence)
  t = t.replace(/(^|: |\. )Until end of turn, ([^."]+)\./g, (_m, lead: string, rest: string) => {
    const where = rest.indexOf(', where X is ');
    const [change, x] = where < 0 ? [rest, ''] : [rest.slice(0, where), rest.slice(where)];
    return `${lead}${change.charAt(0).toUpperCase()}${change.slice(1)} until end of turn${x}.`;
  });
  // "also" and "an additional" add nothing to a change that comes on top of the others (613.7)
  t = t.replace(/\b(it|they|CARDNAME|creatures you control|that creature) also (gains?|gets?)\b/g, '$1 $2');
  t = t.replace(/\b(gets?) an additional ([+-])/g, '$1 $2');
  // older wordings of activation limits (602.5b, 602.5d)
  t = t.replace(/Activate this ability only any time you could cast a sorcery\./g, 'Activate only as a sorcery.');
  t = t.replace(/Activate this ability only once each turn\./g, 'Activate only once each turn.');
  t = t.replace(/Activate this ability only /g, 'Activate only ');
  t = t.replace(/Activate this ability no more than /g, 'Activate no more than ');
  // milling was once written out (701.13a)
  t = t.replace(/[Pp]ut the top card of your library into your graveyard/g, 'mill a card');
  t = t.replace(/[Pp]ut the top (\w+) cards of your library into your graveyard/g, 'mill $1 cards');
  // "you may have target player put the top card ...": as youMayHave (above) reads "you may have [player] mill"
  t = t.replace(/\byou may have (target player|target opponent) put the top card of (?:his or her|their) library into (?:his or her|their) graveyard/g, 'you may $1 mills a card');
  t = t.replace(/\byou may have (target player|target opponent) put the top (\w+) cards of (?:his or her|their) library into (?:his or her|their) graveyard/g, 'you may $1 mills $2 cards');
  t = t.replace(/\b(target player|each player|that player|target opponent|each opponent|its controller|that spell's controller) puts the top card of (?:his or her|their) library into (?:his or her|their) graveyard/gi, '$1 mills a card');
  t = t.replace(/\b(target player|each player|that player|target opponent|each opponent|its controller|that spell's controller) puts the top (\w+) cards of (?:his or her|their) library into (?:his or her|their) graveyard/gi, '$1 mills $2 cards');
  return t;
}

/** Triggers whose event object is another object (the blocked creature, the damage's source), where
 * "it" means the permanent itself: "Whenever CARDNAME blocks, it gets +2/+2" (the DSL's `it` would
 * name the other object). A paragraph that also says "that creature" is left as it is. */
const SELF_EVENT = /^(Whenever CARDNAME (?:blocks|is dealt damage), )(.*)$/s;

function itAsSelf(t: string): string {
  const m = SELF_EVENT.exec(t);
  if (!m || /\bthat (creature|source)\b/.test(t)) return t;
  return m[1]! + m[2]!.replace(/\bit\b/g, 'CARDNAME');
}

/** "As long as equipped creature is a Human, it has lifelink": the "it" of the static is the object its
 * condition is about (the source itself, or what the source is attached to). */
const CONDITION_SUBJECT = /^As long as (CARDNAME|enchanted (?:creature|permanent|land|artifact)|equipped creature) ([^,."]+), it (gets|has|is|can't|can|attacks|doesn't)\b/;

function itAsConditionSubject(t: string): string {
  return t.replace(CONDITION_SUBJECT, (_m, who: string, rest: string, verb: string) =>
    `As long as ${who} ${rest}, ${who.charAt(0).toUpperCase()}${who.slice(1)} ${verb}`);
}

/** "At the beginning of each end step, if CARDNAME dealt damage this turn, put a +1/+1 counter on it":
 * a step trigger has no event object, so its "it" is what the intervening "if" is about, the
 * source itself, when the condition names no other object and no instruction before "it" acted on one. */
const STEP_CONDITION = /^(At (?:the beginning of [^,]+|end of combat), if )([^,]*\bCARDNAME\b[^,]*)(, )([^"]*)$/s;
const OTHER_OBJECT = /\b(enchanted|equipped|target|that|those|creature card|card|token|create|exile|destroy|return|search|reveal|sacrifice|it's|its)\b/;

function itAsStepConditionSubject(t: string): string {
  const m = STEP_CONDITION.exec(t);
  if (!m || OTHER_OBJECT.test(m[2]!)) return t;
  const before = m[4]!.split(/\bit\b/)[0]!;
  if (OTHER_OBJECT.test(before)) return t;
  return m[1]! + m[2]! + m[3]! + m[4]!.replace(/\bit\b/g, 'CARDNAME');
}

/** Verbs "you may have [object or player] VERB" puts in the base form, and their third person. */
const HAVE_VERBS: Record<string, string> = {
  deal: 'deals', get: 'gets', gain: 'gains', lose: 'loses', fight: 'fights', discard: 'discards', sacrifice: 'sacrifices',
  become: 'becomes', draw: 'draws', mill: 'mills', create: 'creates', exchange: 'exchanges',
};
const HAVE = new RegExp(`\\b([Yy]ou may) have ([^.,"]+?) (${Object.keys(HAVE_VERBS).join('|')})\\b`, 'g');
/** A subject naming one object or player (or each of a group, one at a time): its verb takes an -s. */
const SINGULAR_SUBJECT = /^(?:(?:another |up to one )?target \w+(?! target)|it|CARDNAME|that \w+|each \w+|enchanted \w+|equipped \w+|defending player)\b/;

/** "You may have it deal 1 damage to any target": you choose whether the instruction happens (608.2d),
 * whoever its subject is; it reads as "you may" with the instruction in its usual wording ("you may
 * it deals 1 damage ..."), which the grammar reads as an optional instruction. */
function youMayHave(t: string): string {
  return t.replace(HAVE, (_m, may: string, subject: string, verb: string) =>
    `${may} ${subject} ${SINGULAR_SUBJECT.test(subject) && !/\btarget \w+s\b/.test(subject) ? HAVE_VERBS[verb] : verb}`);
}

/** After "At the beginning of ..., if that player ...", "they" and "them" are that player; after
 * "At the beginning of each player's upkeep, ... that player ...", so is the "they" of "they control". */
function thatPlayerPronouns(t0: string): string {
  const s = /^(At the beginning of [^,]+, [^."]*?\bthat player\b)([^."]*)/.exec(t0);
  const t = s ? s[1]! + s[2]!.replace(/\bthey control\b/g, 'that player controls').replace(/\bunless they (pay|sacrifice|discard)\b/g, 'unless that player $1s')
    + t0.slice(s[0].length) : t0;
  const m = /^(At the beginning of [^,]+, if that player [^,]+, )(.*)$/s.exec(t);
  if (!m) return t;
  return m[1]! + m[2]!.replace(/^they (lose|gain)\b/, 'that player $1s').replace(/ damage to them\./, ' damage to that player.');
}

/** After "Whenever a player / an opponent casts ...", "they" opening the instructions, and the "they" of
 * "... that player ... unless they pay", are the caster, the trigger's "that player". */
function casterPronouns(t: string): string {
  const m = /^(When(?:ever)? (?:a player|an opponent) casts [^,."]+, )([^."]*)/.exec(t);
  if (!m) return t;
  const body = m[2]!.replace(/^they (lose|gain)\b/, 'that player $1s');
  const fixed = /\bthat player\b/.test(body) ? body.replace(/\bunless they (pay|sacrifice|discard)\b/g, 'unless that player $1s') : body;
  return m[1]! + fixed + t.slice(m[0].length);
}

/** In "At the beginning of the upkeep of enchanted creature's controller, ...", "that creature" is the
 * enchanted creature (the step has no object of its own, 603.2). */
function enchantedControllerStep(t: string): string {
  const m = /^(At the beginning of the (?:upkeep|end step|draw step) of enchanted (creature|land|artifact|enchantment|permanent)'s controller, )(.*)$/s.exec(t);
  if (!m) return t;
  // (with no other object named, "the creature" is that creature too)
  const the = /\b(target|an?|each|all|another)\b/.test(m[3]!) ? 'that' : '(?:that|the)';
  return m[1]! + m[3]!.replace(new RegExp(`\\b${the} ${m[2]}\\b`, 'g'), `enchanted ${m[2]}`);
}

/** The DSL entry for one paragraph, or an `unsupported` entry quoting it. */
export function compileParagraph(paragraph: string, selfName: string, isSpell: boolean, firstTarget = 0): DslEntry {
  const grammar = oracleParser();
  try {
    const readQuoted = (q: string): DslEntry | null => {
      const d = compileParagraph(q, selfName, false);
      return 'unsupported' in d ? null : d;
    };
    const dsl = grammar.parse(canonical(paragraph, selfName), { b: new OracleBuilder(isSpell, selfName, firstTarget, readQuoted) });
    if (dsl && typeof dsl === 'object' && !itOutsideTrigger(dsl as DslEntry) && !outer(dsl).includes(SAME_SUBJECT) && !TRIGGER_ONLY_MARKS.some((m) => outer(dsl).includes(m)) && !spellFilterOutsideCastTrigger(dsl as DslEntry)) return dsl as DslEntry;
  } catch (e) {
    if (!(e instanceof grammar.SyntaxError)) throw e;
  }
  return { unsupported: `the paragraph "${paragraph.replace(/\n/g, ' ')}", which no Oracle-text template reads yet` };
}

/** A filter about a cast trigger's spell ("with that spell's mana value") anywhere but in such a trigger
 * of another spell (603.2): nothing else gives "that spell" an object to name. */
function spellFilterOutsideCastTrigger(dsl: DslEntry): boolean {
  if (!outer(dsl).includes(SPELL_MANA_VALUE)) return false;
  const when = 'triggered' in dsl ? (dsl.triggered as { when?: { cast?: unknown } }).when : undefined;
  return typeof when?.cast !== 'string' || when.cast === 'self';
}

/** Where the grammar stops reading a paragraph it can't read whole: the canonical text from the
 * farthest point it reached (for finding what to add next); null when it reads the paragraph. */
export function stopsAt(paragraph: string, selfName: string, isSpell: boolean): { before: string; after: string } | null {
  const text = canonical(paragraph, selfName);
  try {
    tracingParser().parse(text, { b: new OracleBuilder(isSpell, selfName, 0) });
    return null;
  } catch (e) {
    const at = (e as { location?: { start: { offset: number } } }).location?.start.offset ?? 0;
    return { before: text.slice(0, at), after: text.slice(at) };
  }
}

/** Instructions after which the DSL's `it` names what they affected ("Destroy target creature. Its
 * controller ..."). */
const IT_SETTERS = ['destroy', 'exile', 'damage', 'create_token', 'discard', 'reveal_top', 'look_at_top', 'exile_top', 'search', 'put_onto_battlefield', 'sacrifice',
  'return_to_battlefield', 'move_to_battlefield', 'return_to_hand', 'put_on_library', 'shuffle_into_library', 'dig', 'reveal_from_hand', 'reveal_hand', 'search_zones', 'mill'];

/** "It" names the object a trigger event is about (603.2), or what an earlier instruction affected;
 * a spell or activated ability that says "it" with nothing before it to refer to is not read yet. */
function itOutsideTrigger(dsl: DslEntry): boolean {
  // a step trigger has no object of its event: its "it" must name what an instruction acted on
  if ('triggered' in dsl && !('step' in ((dsl.triggered as { when?: object }).when ?? {}))) return false;
  // a replacement of an event: "it" is the object of the replaced event (614.1a)
  if ('replacement' in dsl && (dsl.replacement as { of?: unknown }).of) return false;
  const block = Object.values(dsl)[0] as { do?: Array<Record<string, unknown>> } | undefined;
  // a pass of "for each of them" is read in order with the instructions around it
  // a delayed trigger about a named object: its own "it" is that object (603.7)
  const effects = (block?.do ?? []).flatMap((e) => ('for_each' in e ? (e.do as Array<Record<string, unknown>>) : [e]))
    .map((e) => ('delayed' in e && typeof e.about === 'string' && e.about !== 'it' ? { delayed: e.delayed, about: e.about } : e))
    // a delayed cast trigger's own "it" is the spell cast (601.2i)
    .map((e) => ('delayed' in e && typeof e.delayed === 'object' && e.delayed !== null && 'cast' in e.delayed ? { delayed: e.delayed } : e))
    // a replacement effect's own "it" is the object of the event it replaces (614.1a)
    .map((e) => ('create_replacement' in e ? { create_replacement: true } : e));
  const first = effects.findIndex((e) => outer(e).includes('"it"'));
  if (first < 0) return block?.do ? false : outer(dsl).includes('"it"');
  // a change of a group's characteristics names that group's objects `it` (611.2c)
  // (so does gaining control of a group, 613.1b)
  const isGroup = (a: unknown): boolean => typeof a === 'object' && a !== null && 'all' in a;
  // (so does tapping or untapping a group: "Untap all creatures you control. They gain haste ...")
  const group = (e: Record<string, unknown>): boolean => isGroup(e.affected) || isGroup(e.gain_control) || isGroup(e.tap) || isGroup(e.untap);
  // (an optional instruction names what it acted on too, when it was done)
  const sets = (e: Record<string, unknown>): boolean => IT_SETTERS.some((v) => v in e) || group(e) || (Array.isArray(e.may) && (e.may as Array<Record<string, unknown>>).some(sets));
  return !effects.slice(0, first).some(sets);
}

/** How many targets a compiled entry names (the next paragraph's names continue after them). */
export function targetCount(entry: DslEntry): number {
  const block = Object.values(entry)[0];
  const targets = block && typeof block === 'object' ? (block as { targets?: object }).targets : undefined;
  return targets ? Object.keys(targets).length : 0;
}
