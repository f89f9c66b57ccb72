// The builder behind the Oracle grammar (grammar/*.peggy): each method makes one piece of a DSL entry,
// so the grammar says which words mean what and this file says how the DSL writes it. A builder
// lives for one paragraph and names its targets in the order the text gives them (601.2c).

import { parseFilter } from '../filter.js';
import { parseCost } from '../costs.js';

export type Dsl = Record<string, unknown>;

/** The statics whose effects the layer system applies from a graveyard too (see `conditional`). */
const GRAVEYARD_STATICS = ['pump', 'grant', 'set_base_pt', 'lose', 'add_types', 'add_color', 'set_color', 'remove_types'];
/** A target as the grammar reads it; the block names it when the paragraph has parsed whole
 * (names are given afterwards because a PEG parser may read a phrase, then backtrack). */
export interface TargetMark { target: string; count?: number | string; per?: string }
type Ref = string | TargetMark;
/** Where damage goes: one reference, or each object a filter matches. */
type DamageTo = { ref: Ref } | { each: string };

/** An ability given in quotes: its DSL with its text, compiled (and checked) as a paragraph of its own. */
function isQuoted(v: unknown): boolean {
  return typeof v === 'object' && v !== null && typeof (v as Dsl).text === 'string'
    && ['triggered', 'activated', 'static', 'replacement'].some((k) => k in v);
}

/** The JSON of compiled DSL without the abilities it gives in quotes: their own "it", "that player",
 * amounts and marks were read when they were compiled, and say nothing about the text around them. */
export function outer(dsl: unknown): string {
  return JSON.stringify(dsl, (_k, v: unknown) => (isQuoted(v) ? 'quoted' : v));
}

/** Words of filter phrases that are not subtypes, so may open a sentence with a capital. */
/** The subject a verb shares with the first of its sentence, until the sentence is read whole. */
export const SAME_SUBJECT = 'same_subject';

const FILTER_WORDS = /^(creatures?|artifacts?|enchantments?|lands?|permanents?|planeswalkers?|spells?|cards?|tokens?|players?|opponents?|other|another|non\w+|white|blue|black|red|green|colorless|multicolored|monocolored|tapped|untapped|attacking|blocking|blocked|unblocked|legendary|basic|snow)$/i;

/** A filter's words about the spell a cast trigger is about: its mana value (filter.ts `manaValueOfIt`). */
export const SPELL_MANA_VALUE = "with that spell's mana value";

/** Trigger events of an object leaving the battlefield, and instructions that move an object. */
const LEAVES = ['dies', 'leaves', 'put_into_graveyard'];
/** Instructions a player other than "you" can be told to do with a `who` (draw, life, mill, energy). */
const ACTED = ['draw', 'gain_life', 'lose_life', 'mill', 'get_energy'];
const MOVES = ['return_to_hand', 'exile', 'shuffle_into_library'];

/**
 * `{sacrifice: it}` as `{sacrifice: self}` in instructions, every other object kept as it is:
 * anywhere, or with `firstOnly` in the first instruction of each list only ("it" before anything
 * else was named is the trigger's own permanent).
 */
function sacrificeSelf(v: unknown, firstOnly = false): unknown {
  if (Array.isArray(v)) return firstOnly ? (v.length ? [sacrificeSelf(v[0], true), ...v.slice(1)] : v) : v.map((x) => sacrificeSelf(x));
  if (!v || typeof v !== 'object' || isMark(v)) return v;
  const o = v as Dsl;
  if (o.sacrifice === 'it') return { ...o, sacrifice: 'self' };
  return Object.values(o).some((x) => x && typeof x === 'object') ? Object.fromEntries(Object.entries(o).map(([k, x]) => [k, sacrificeSelf(x, firstOnly)])) : o;
}
/** Instructions after which "it" names what they made or moved, not the trigger's own permanent. */
const NAMES_IT = ['create_token', 'create_token_copy', 'return_to_battlefield', 'move_to_battlefield', 'put_onto_battlefield', 'search', 'dig', 'reveal_top', 'reveal_from_hand', 'reveal_hand', 'exile_top', 'destroy', 'exile', 'sacrifice'];
const SELF_MOVES = ['return_to_hand', 'return_to_battlefield', 'move_to_battlefield', 'exile', 'attach', 'gain_control', 'shuffle_into_library', 'put_on_library', 'transform'];
/** A mark on mana "its controller adds": valid only in a "tapped for mana" trigger, removed there (see `triggered`). */
const ITS_CONTROLLER = '_its_controller';
/** "that source's controller" as the grammar reads it, before `triggered` knows whether the source is `it`. */
const THAT_SOURCE = 'controller_of:that_source';
/** Marks on damage whose subject is "it" or "It" (see `dealtBy`), removed where the source is settled. */
const IT_DEALS = '_it_deals';
const IT_OPENS = '_it_opens';
/** Marks that `triggered` or `block` resolve: a paragraph still holding one is not read. */
/** "the number of cards revealed this way" as the grammar reads it: `it` only right after the reveal
 * that made them (`revealFromHand`); anywhere else the mark stays and the paragraph is unread. */
const REVEALED = '_revealed';
/** Marks that must be gone once the paragraph is read (those of triggers, and `REVEALED`). */
export const TRIGGER_ONLY_MARKS = [ITS_CONTROLLER, THAT_SOURCE, IT_DEALS, IT_OPENS, REVEALED];

/** Words the DSL's filter reader passes over (it allows "creatures each" or "target creature" in
 * hand-written DSL) or would take for a subtype when they open a sentence ("Two target creatures"),
 * but which in Oracle text belong to the phrase around a filter, never to the filter ("Each
 * creature you control" opens a filter). */
const NOT_IN_A_FILTER = /^(target|up|one|two|three|four|five|six|seven|eight|nine|ten|x)\b|\s(target|each)(\s|$)|\bor all\s/i;

/** Where a cast trigger's spell was cast from (601.2a): "from your hand", "from their hand" (the caster's),
 * "from a graveyard" (anyone's). */
const CAST_FROM = / from (?:your (library|graveyard|hand)|their (hand|library)|a graveyard)$/;
/** Whether words make a filter, as the filter reader decided (a pure function of the words). */
const FILTERS_READ = new Map<string, boolean>();
/** A word of a filter's run (the grammar's Word), matched where it stands. */
const WORD = /[A-Za-z0-9'\-+/]+/y;
/** Words with commas are a filter only as a list of alternatives, "or" after the last comma. */
const LIST = /,[^,]* (?:or|and\/or) [^,]+$/;
/** Or, without "or", a list of qualities before what they qualify: "nonartifact, nonblack creature". */
const QUALITIES = /^(?:non[a-z]+, )+[^,]+$/;
/** The filter qualities about damage this turn, and "that's both red and white", read as one word (src/cards/filter.ts). */
const DAMAGE_QUALITY = /(?:that (?:was|were|has been|have been) )?dealt damage this turn\b|dealt damage by CARDNAME this turn\b|that dealt damage (?:to you )?this turn\b|that(?:'s| is| are) both (?:white|blue|black|red|green) and (?:white|blue|black|red|green)\b/y;
/** Words that end a filter's phrase: the verbs and links that follow a subject. */
const FILTER_STOPS = new Set(['gets', 'get', 'gains', 'gain', 'has', 'have', 'deals', 'to', 'until', 'and', 'enters', 'dies', 'leaves', 'becomes', 'unless', 'this', 'at', 'each']);

/** Words of a filter that a change of characteristics may alter (its power, colors, types, abilities). */
const CHANGEABLE = /\b(power|toughness|with|without|white|blue|black|red|green|colorless|multicolored|monocolored|non[a-z-]+)\b|(^|\s)[A-Z]/;

/** The first half of a search as the grammar reads it: how many cards, of what description, in whose library. */
interface SearchHead { filter: string; amount: number | string; upTo: boolean; mv?: Dsl | null; x?: Dsl | null; library?: Ref; also?: string[] }
/** Where the cards found go. */
interface SearchPlace { to: string; tapped?: boolean; reveal?: boolean; under?: boolean; theirs?: boolean; split?: { to: string; tapped?: boolean } }

export class OracleBuilder {
  /** `firstTarget`: how many targets earlier paragraphs of the face named, so names stay unique. */
  /** `readQuoted` compiles an ability written in quotes ("has '{T}: Add {G}.'"), or gives null. */
  constructor(
    private readonly isSpell: boolean, private readonly selfName: string, private readonly firstTarget = 0,
    private readonly readQuoted: (text: string) => Dsl | null = () => null,
  ) {}

  /** 114.2: an emblem with the quoted abilities; in their text, CARDNAME is the emblem itself. */
  emblem(quoted: string[]): Dsl {
    return { emblem: quoted.map((q) => {
      const text = q.slice(1, -1);
      // an ability quoted inside the emblem's is printed in single quotes
      const inner = text.replace(/(?<=\s)'([^']+)'(?=$|[\s.,])/g, '"$1"');
      return { ...this.readQuoted(inner), text: text.replace(/(^|: |\. )CARDNAME/g, '$1This emblem').replace(/CARDNAME/g, 'this emblem') };
    }) };
  }

  /** An ability an effect gives, written in quotes: its DSL with its text. */
  quoted(text: string): Dsl | null {
    const dsl = this.readQuoted(text);
    return dsl ? { text: text.replace(/(^|: |\. )CARDNAME/g, '$1This creature').replace(/CARDNAME/g, 'this creature'), ...dsl } : null;
  }

  // ---------------------------------------------------------------- words

  /** Whether the DSL's cost reader reads a cost announced as it is paid (an activation or additional cost). */
  /** A phrase with its first letter in capitals: a cost read after "may" ("pay 5 life" -> "Pay 5 life"). */
  capitalised(text: string): string {
    return text.charAt(0).toUpperCase() + text.slice(1);
  }

  isCost(text: string): boolean {
    return !('error' in parseCost(text, 'CARDNAME', { announced: true }));
  }

  isFilter(words: string): boolean {
    // the grammar asks again for the same words as it backtracks, and across paragraphs: read each once
    let known = FILTERS_READ.get(words);
    if (known === undefined) {
      if (FILTERS_READ.size >= 100_000) FILTERS_READ.clear();
      known = !NOT_IN_A_FILTER.test(words) && !('error' in parseFilter(words));
      FILTERS_READ.set(words, known);
    }
    return known;
  }

  /** Where the longest filter starting at `start` of `text` ends, or -1: the words of the run (separated
   * by single spaces, never crossing a word that ends a filter's phrase) are tried longest first, so
   * "target creature on top of ..." reads "creature". A pure function of the text and the position,
   * so the grammar's memo cache may keep what it returned. */
  filterEnd(text: string, start: number): number {
    const ends: number[] = [];
    let at = start;
    for (;;) {
      // "dealt damage by CARDNAME this turn" holds words that would end a filter ("this", "to")
      DAMAGE_QUALITY.lastIndex = at;
      const quality = DAMAGE_QUALITY.exec(text);
      WORD.lastIndex = at;
      const word = quality ?? WORD.exec(text);
      if (!word || (ends.length > 0 && FILTER_STOPS.has(word[0]))) break;
      at += word[0].length;
      ends.push(at);
      // "an artifact, creature, or land", "white, blue, black, or red spell": a list of alternatives
      // runs across its commas
      // (subtypes are written with their capital: "an Aura, Equipment, or Vehicle spell")
      if (text.startsWith(', ', at) && /^(?!CARDNAME)[a-zA-Z]/.test(text.slice(at + 2))) { at += 2; continue; }
      if (text.charAt(at) !== ' ') break;
      at += 1;
    }
    // a list joined by commas ends with its "or" alternative, or lists qualities ("nonartifact,
    // nonblack creature"); another comma ends the phrase ("a noncreature spell, creatures you control get ...")
    for (let i = ends.length - 1; i >= 0; i--) {
      const words = text.slice(start, ends[i]);
      if ((!words.includes(',') || LIST.test(words) || QUALITIES.test(words)) && this.isFilter(words)) return ends[i]!;
    }
    return -1;
  }

  /** A filter phrase as the DSL writes it: a capital opening a sentence is dropped unless the word
   * is a subtype ("Creatures you control" -> "creatures you control", but "Forests" stays). */
  lower(words: string): string {
    const [first = '', ...rest] = words.split(' ');
    return FILTER_WORDS.test(first) ? [first.toLowerCase(), ...rest].join(' ') : words;
  }

  singular(plural: string): string {
    return singular(plural);
  }

  /** "eight" .. "twenty" */
  numberWord(w: string): number {
    return ['eight', 'nine', 'ten', 'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen', 'twenty'].indexOf(w) + 8;
  }

  keyword(k: string): string {
    return k.charAt(0).toUpperCase() + k.slice(1);
  }

  target(filter: string): TargetMark {
    return { target: filter };
  }

  /** "two target lands": one target slot of several objects (115.1d) */
  targets(plural: string, count: number | string): TargetMark {
    return { target: singular(plural), count };
  }

  /** A sentence marker: "They can't be regenerated." */
  noRegeneration(): Dsl {
    return { no_regeneration: true };
  }

  /** The instructions of a body, with "They can't be regenerated" applied to the destructions before it. */
  body(sentences: Dsl[]): Dsl[] {
    const out: Dsl[] = [];
    for (const s of sentences) {
      if (s.no_regeneration) { if (noRegenerate(out) === 0) return [...out, { [SAME_SUBJECT]: true }]; continue; }
      if (s.unpreventable) { const last = out[out.length - 1]; if (!last || !('damage' in last)) return [...out, { [SAME_SUBJECT]: true }]; last.cant_be_prevented = true; continue; }
      if (s.tokens_have) { if (!tokensHave(out[out.length - 1], this.onToken(s.tokens_have as Dsl, out[out.length - 1]), s.one === true)) return [...out, { [SAME_SUBJECT]: true }]; continue; }
      if (s.token_has) { if (!this.tokenHas(out[out.length - 1], s.token_has as { keywords: string[]; quoted: string | null })) return [...out, { [SAME_SUBJECT]: true }]; continue; }
      if (s.still_land) { for (const e of out) if ('become' in e) (e.become as Dsl).add_types = true; continue; }
      if (s.cant_then) { out.push(couldNot(out[out.length - 1], s.cant_then as Dsl[])); continue; }
      if (s.no_regen_dealt) { if (!noRegenerationDealt(out[out.length - 1])) return [...out, { [SAME_SUBJECT]: true }]; continue; }
      if (s.exile_if_dealt) {
        // only right after the damage it is about
        const last = out[out.length - 1];
        if (last && 'damage' in last && !last.divided) last.exile_if_dies_this_turn = true;
        else out.push({ [SAME_SUBJECT]: true });
        continue;
      }
      if (afterMade(out[out.length - 1], s)) { (out[out.length - 1]!.if_you_do as Dsl[]).push(s); continue; }
      out.push(s);
    }
    // a choice used before it is made, or an "it" the engine would read as a group: the paragraph stays unread
    return chosenBeforeChoice(out) || itAfterGroup(out) || askedAfterMove(out) || !destroyedThisWay(out) ? [...out, { [SAME_SUBJECT]: true }] : out;
  }

  /** "You may have CARDNAME enter as a copy of ..." (707.5), with its exceptions (707.9) and, for the
   * face-up wording, when else the choice is made and how long the copy lasts (708.11). */
  enterAsCopy(filter: string, except: Dsl | null = null, extra: Dsl = {}): Dsl {
    return { replacement: { enter_as_copy: filter, optional: true, ...extra, ...(except ? { except } : {}) } };
  }

  /** The exceptions of a copy effect, one object; null when one kind is said twice (the DSL holds one). */
  copyExcept(clauses: Dsl[]): Dsl | null {
    const out: Dsl = {};
    for (const c of clauses) {
      for (const [k, v] of Object.entries(c)) {
        if (k in out) return null;
        out[k] = v;
      }
    }
    return out;
  }

  /** "[object] becomes a copy of [object] [until end of turn]" (707.4, layer 1) */
  becomeCopy(affected: Ref, of: Ref, except: Dsl | null, endOfTurn: boolean): Dsl {
    return { become_copy: of, ...(affected === 'self' ? {} : { affected }), ...(except ? { except } : {}), until: endOfTurn ? 'end_of_turn' : 'permanent' };
  }

  /** "create N tokens that are copies of [object]" (707.2) */
  tokenCopy(of: Ref, n: number | string, except: Dsl | null = null): Dsl {
    return { create_token_copy: of, ...(n === 1 ? {} : { amount: n }), ...(except ? { except } : {}) };
  }

  /** "Copy target spell" (707.10): new targets, the copy's color, how many copies. */
  copySpell(ref: Ref, o: { new_targets?: boolean | 'each_other'; colors?: string | null; times?: number | string | null }): Dsl {
    return {
      copy_spell: ref, ...(o.new_targets ? { new_targets: o.new_targets } : {}), ...(o.colors ? { colors: [o.colors] } : {}),
      ...(o.times !== undefined && o.times !== null && o.times !== 1 ? { times: o.times } : {}),
    };
  }

  /** "If [condition], [do it differently] instead": the changed instruction, else the first one. */
  instead(condition: Dsl, changed: Dsl, original: Dsl): Dsl {
    return { if: condition, do: [changed], otherwise: [original] };
  }

  /** "E. If [condition], E' instead": E' must do what E does, changed (the same instructions, in
   * order, perhaps followed by more: "instead creatures you control get +2/+2 and gain first strike");
   * anything else is not an "instead" of E that the DSL can say. */
  insteadOf(condition: Dsl, first: Dsl[], second: Dsl[]): Dsl | null {
    // (an instruction's verb is its first key, as the builder writes it)
    const verbs = (es: Dsl[]) => es.map((e) => Object.keys(e)[0]).join(';');
    if (first.length === 0 || verbs(first) !== verbs(second.slice(0, first.length)) || JSON.stringify(first) === JSON.stringify(second)) return null;
    // "that creature" (`it`) in the changed instructions is what the first ones acted on
    // and "that player" the target player they acted on ("Target player loses 1 life. If ..., that player loses 3 life instead")
    const targetPlayer = (w: unknown) => typeof w === 'object' && w !== null && ['player', 'opponent'].includes((w as { target?: string }).target ?? '');
    const same = second.map((e, i) => Object.fromEntries(Object.entries(e).map(([k, v]) => [k,
      (v === 'it' && first[i]![k] !== undefined) || (v === 'that_player' && targetPlayer(first[i]![k])) ? first[i]![k] : v])));
    return { if: condition, do: same, otherwise: first };
  }

  /** "Add .... Spend this mana only to ...": the restriction on one instruction adding mana (106.6). */
  manaUse(add: Dsl | Dsl[], only: Dsl): Dsl | null {
    if (Array.isArray(add) || !['add', 'add_any_color', 'add_one_of', 'add_chosen_color', 'add_could_produce'].some((k) => k in add)) return null;
    return { ...add, only };
  }

  /** Whether the paragraph is a spell's: only a spell was kicked or cast from somewhere. */
  inSpell(): boolean {
    return this.isSpell;
  }

  /** "[object] gains all activated abilities of [object] until end of turn" (layer 6) */
  gainAbilitiesOf(affected: Ref, of: Ref): Dsl {
    return { gain_abilities_of: of, kind: 'activated', ...(affected === 'self' ? {} : { affected }), until: 'end_of_turn' };
  }

  /** "Choose a creature on the battlefield.": chosen as the instruction is followed, not targeted. */
  chooseObject(filter: string): Dsl {
    return { choose: { object: filter } };
  }

  /** A copy effect after "Choose a ...": its "that creature" (read as `it`) is the chosen object. */
  ofChosen(e: Dsl): Dsl {
    return e.become_copy === 'it' ? { ...e, become_copy: 'chosen' } : e;
  }

  /** "[instruction] if [condition]": the instruction done only if the condition holds as it resolves
   * (608.2c); "if it's F" asks it of the one object the instruction acts on. Null when it acts on none. */
  trailingIf(e: Dsl | Dsl[], c: Dsl): Dsl | null {
    if (Array.isArray(e)) return null;
    if (!('itIs' in c) && !('itKicked' in c)) return { if: c, do: [e] };
    const acted = ['put_counters', 'pump', 'grant', 'remove_counters'].some((v) => v in e) ? e.affected
      : ['destroy', 'exile', 'counter', 'tap', 'untap', 'return_to_hand'].map((v) => e[v]).find((v) => v !== undefined);
    if (acted === undefined || (typeof acted !== 'string' && !(acted && typeof acted === 'object' && isMark(acted)))) return null;
    // "Counter target spell if it was kicked": whether that spell was kicked (702.33d)
    if ('itKicked' in c) return typeof acted === 'object' && /\bspells?\b/.test((acted as TargetMark).target) ? { if: { kicked: true, of: acted }, do: [e] } : null;
    // "it's blue" of a spell or a card: a blue spell or card, not a permanent
    const kind = typeof acted === 'object' ? /\b(spell|card)s?\b/.exec((acted as TargetMark).target)?.[1] : undefined;
    const is = kind ? String(c.itIs).replace(/ permanent$/, ` ${kind}`) : c.itIs;
    return { if: { is, what: acted }, do: [e] };
  }

  /** Targets named in the order the text gives them (t, t2, t3...), as instructions refer to them;
   * a target the text names again ("target creature gets +1/+1 and gains trample") is one target.
   * `after`: how many targets earlier modes named, so names stay unique across a modal ability. */
  private block(body0: Dsl[], after = 0): Dsl {
    const body = itDealsAsSource(body0);
    const names = new Map<TargetMark, string>();
    const name = (v: unknown): unknown => {
      if (Array.isArray(v)) return v.map(name);
      if (!v || typeof v !== 'object') return v;
      if ('controllerOf' in v) return `controller_of:${String(name((v as { controllerOf: unknown }).controllerOf))}`;
      if (isMark(v)) {
        if (!names.has(v)) {
          const k = this.firstTarget + after + names.size;
          names.set(v, k === 0 ? 't' : `t${k + 1}`);
        }
        return names.get(v);
      }
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, name(x)]));
    };
    // a reflexive trigger's targets are chosen as it triggers (603.12): named after the block's own
    const reflexive = (e: Dsl): boolean => 'reflexive_block' in e;
    const outer = body.map((e) => (reflexive(e) ? e : name(e))) as Dsl[];
    const withInner = outer.map((e) => {
      if (!reflexive(e)) return e;
      const inner = this.block(e.when_you_do as Dsl[], after + names.size);
      return { when_you_do: inner.do, ...(inner.targets ? { targets: inner.targets } : {}) };
    });
    const effects = itDealsUnnamed(itIsTarget(withInner));
    const kicked = this.isSpell ? kickedOnlyTargets(effects, [...names.values()]) : new Set<string>();
    const targets = [...names].map(([mark, n]) => [n, mark.count || mark.per || kicked.has(n) ? { filter: mark.target, ...(mark.count ? { count: mark.count } : {}), ...(mark.per ? { per: mark.per } : {}), ...(kicked.has(n) ? { kicked: true } : {}) } : mark.target]);
    // an amount divided among the targets (601.2d) is announced for the whole block
    let divide: unknown;
    const plain = effects.map((e) => {
      if (!('divide_among' in e)) return e;
      const { divide_among: d, ...rest } = e;
      divide = d;
      return rest;
    });
    return { ...(targets.length ? { targets: Object.fromEntries(targets) } : {}), ...(divide !== undefined ? { divide } : {}), do: plain };
  }

  // ---------------------------------------------------------------- abilities

  spell(body: Dsl[]): Dsl | null {
    if (outer(body).includes('"event_amount"')) return null;
    // a count of what "that player controls", "that player" being the spell's target: the filter
    // names no player as it resolves (each opponent in turn, "each opponent ... that player", is read)
    if (/"count":"[^"]*\bthat player\b/.test(outer(body)) && /"target":"(player|opponent)"/.test(outer(body))) return null;
    // a spell that returns itself to hand as it resolves is not read (it goes to the graveyard after)
    if (outer(body).includes('{"return_to_hand":"self"}')) return null;
    // "X target creatures" count the X of the spell's cost, not one said by "where X is"
    if (xTargets(body) && JSON.stringify(body).includes('"where_x"')) return null;
    const named = thatPlayerIsTarget(body);
    return this.isSpell && named ? { spell: this.block(named) } : null;
  }

  /** A modal spell (700.2): each mode a block of its own, chosen as the spell is cast (601.2b). */
  modalSpell(choose: number | string | Dsl, modes: Dsl[][]): Dsl | null {
    return this.isSpell ? { spell: this.modes(choose, modes) } : null;
  }

  /** A modal triggered or activated ability (700.2b): modes chosen as it is put on the stack. */
  modalTriggered(when: Dsl, choose: number | string, modes: Dsl[][]): Dsl {
    return { triggered: { when, ...this.modes(choose, modes) } };
  }

  modalActivated(cost: string, choose: number | string, modes: Dsl[][]): Dsl {
    return { activated: { cost: cost.replace(/CARDNAME/g, this.selfName), ...this.modes(choose, modes) } };
  }

  private modes(choose: number | string | Dsl, modes: Dsl[][]): Dsl {
    let after = 0;
    const blocks = modes.map((m) => {
      const block = this.block(m, after);
      after += Object.keys((block.targets as object | undefined) ?? {}).length;
      return block;
    });
    return { choose, modes: blocks };
  }

  activated(cost: string, body: Dsl[], limits: Array<string | Dsl>): Dsl | null {
    if (outer(body).includes('"event_amount"')) return null;
    if (xTargets(body) && (!cost.includes('{X}') || JSON.stringify(body).includes('"where_x"'))) return null;
    if (!removedCountersFit(cost, body)) return null;
    const extra: Dsl = {};
    for (const l of limits) if (typeof l === 'object') Object.assign(extra, l); else if (l === 'sorcery') extra.timing = 'sorcery'; else extra.limit = l;
    // a cost acting on the permanent itself ({T}, "Sacrifice CARDNAME") is left to its controller
    if (extra.anyone && /CARDNAME|\{T\}|\{Q\}/.test(cost)) return null;
    const named = thatPlayerIsTarget(body);
    if (!named) return null;
    return { activated: { cost: cost.replace(/CARDNAME/g, this.selfName), ...this.block(named), ...extra } };
  }

  /** After a trigger on this object leaving the battlefield, "return CARDNAME" means the card in
   * its new zone (400.7, 603.10a), which the DSL calls `it`. */
  /** Whether a trigger's instructions can say "it": not after "CARDNAME is dealt damage", where the
   * DSL's `it` is the damage's source, which "it" there never means (the pronoun itself has become
   * CARDNAME before parsing; "that creature" after "blocks a creature" is the DSL's `it`). */
  itFits(when: Dsl, body: Dsl[]): boolean {
    const text = JSON.stringify(body);
    // "that much" is the amount of an event that has one: damage dealt, life gained
    if (text.includes('"event_amount"') && !['deals_damage', 'damage_dealt', 'gain_life', 'lose_life'].some((k) => k in when) && !('counters_put' in when && when.one_or_more)) return false;
    // after a discarded hand, "that many" is the number of cards discarded, never the event's amount
    if (text.includes('"event_amount"') && text.includes('"discard":"hand"')) return false;
    // after "deals damage" with no recipient, the event's object or player would be whatever was dealt
    // the damage, which such a paragraph's "that creature" or "that player" never means
    if ('deals_damage' in when && when.to === 'any' && /"(it|that_player)"|:it"/.test(text)) return false;
    // after "deals damage to you", "that player" means the source's controller, not the player dealt damage
    if (('deals_damage' in when && when.to === 'you') || when.damage_dealt === 'you') { if (text.includes('"that_player"')) return false; }
    // "defending player" is read off the source, which attacks only when the trigger is about the source itself
    if (['attacks_unblocked', 'attacks_or_blocks'].some((k) => k in when && when[k] !== 'self') && text.includes('"defending_player"')) return false;
    return !(when.damage_dealt === 'self' && text.includes('"it"'));
  }

  /** A step trigger's intervening "if" about the source itself ("if CARDNAME has no charge counters on it,
   * return it to its owner's hand"): the first instruction's "it" names the source (603.4). */
  selfConditionIt(when: Dsl, condition: Dsl, body: Dsl[]): Dsl[] | null {
    if (!('step' in when)) return null;
    const c = JSON.stringify(condition);
    const aboutSelf = ['counters_at_least', 'no_counters'].some((k) => k in condition) ? !('on' in condition) : /"what":"self"/.test(c);
    if (!aboutSelf || !body.length || !JSON.stringify(body[0]).includes('"it"')) return null;
    return [JSON.parse(JSON.stringify(body[0]).replace(/"it"/g, '"self"')) as Dsl, ...body.slice(1)];
  }

  /** "..., if enchanted permanent is tapped, untap it": that "it" is what the condition is about, not
   * the event's object the DSL's `it` names; not read. */
  itNotConditionSubject(condition: Dsl, body: Dsl[]): boolean {
    // (also after counters on the source: "it" may then be the source or the event's object)
    const aboutSource = /"what":"(enchanted|equipped)"/.test(JSON.stringify(condition)) || (['counters_at_least', 'no_counters'].some((k) => k in condition) && !('on' in condition));
    return !(aboutSource && JSON.stringify(body).includes('"it"'));
  }

  triggered(when: Dsl, body: Dsl[], condition?: Dsl): Dsl | null {
    // a triggered ability announces no X before its targets
    if (xTargets(body)) return null;
    // X of a face-up trigger would be the X paid to turn it face up (702.37), which the engine doesn't keep
    if ('turned_face_up' in when && /"X"|X\//.test(JSON.stringify(body))) return null;
    // mana for "that player" goes on the stack as any trigger does: a step's player, not a mana ability's
    if (!('step' in when) && !('cast' in when) && body.some((e) => 'add' in e && e.who === 'that_player')) return null;
    // "that player gains control": the caster of a cast trigger's spell; other triggers' "that player" isn't settled here
    if (!('cast' in when) && /"who":"that_player","gain_control"/.test(JSON.stringify(body))) return null;
    // a change of control removes an attacking or blocking creature from combat (506.4), which the engine doesn't do
    if (Object.keys(when).some((k) => /attack|block/.test(k)) && /"who":[^,]+,"gain_control"/.test(JSON.stringify(body))) return null;
    // a "tapped for mana" trigger adding mana is a mana ability (605.1b) read only when it does nothing else; one adding none uses the stack
    const addsMana = (e: Dsl) => ['add', 'add_any_color', 'add_chosen_color'].some((k) => k in e) || e.add_one_of === 'produced';
    if ('tapped_for_mana' in when && body.some(addsMana) && !body.every(addsMana)) return null;
    // "that source's controller": the source is the DSL's `it` after "a source deals damage to CARDNAME" and after damage to a player
    if (JSON.stringify(body).includes(THAT_SOURCE)) {
      const sourceIsIt = when.damage_dealt === 'self' || ('deals_damage' in when && ['player', 'opponent', 'you', 'enchanted_player'].includes(when.to as string) && !when.one_or_more);
      if (!sourceIsIt) return null;
      body = JSON.parse(JSON.stringify(body).replaceAll(THAT_SOURCE, 'controller_of:it')) as Dsl[];
    }
    // "..., it deals": the trigger's object when the event has one other than the source
    if (body.length && JSON.stringify(body[0]).includes(IT_DEALS) && aboutAnotherObject(when)) return null;
    // "its controller adds ..." names the player who tapped the land only in a "tapped for mana" trigger
    if (body.some((e) => ITS_CONTROLLER in e)) {
      if (!('tapped_for_mana' in when)) return null;
      body = body.map((e) => Object.fromEntries(Object.entries(e).filter(([k]) => k !== ITS_CONTROLLER)));
    }
    // an Aura is put into its owner's graveyard after the creature it enchanted dies (704.5m): moving
    // "CARDNAME" would be moving the card from there, which the engine doesn't follow yet
    if (when.dies === 'enchanted' && body.some((e) => Object.entries(e).some(([k, x]) => x === 'self' && SELF_MOVES.includes(k)))) return null;
    // with several events, "it" and CARDNAME's moves would mean different things for each (a permanent, a card in a graveyard)
    if ('any_of' in when && /"it"|:it"/.test(JSON.stringify(body))) return null;
    if ('any_of' in when && body.some((e) => Object.entries(e).some(([k, x]) => x === 'self' && SELF_MOVES.includes(k)))) return null;
    // "when you cast CARDNAME": the ability resolves apart from the spell, which may be gone or a
    // permanent by then, so its instructions may not name it ("CARDNAME", "it"), except to counter it:
    // that counters only the spell still on the stack, the same object (400.7, 701.5a)
    if (when.cast === 'self' && /"(self|it)"|:(self|it)"/.test(JSON.stringify(body).replaceAll('"counter":"self"', ''))) return null;
    const left = LEAVES.some((k) => when[k] === 'self');
    // "When CARDNAME enters, sacrifice it": "it" is the permanent itself
    // (a walk, not a copy: a target named twice stays one target, by identity)
    // (until an instruction names something else "it": "create a token ... Sacrifice it at ...")
    if (when.enters === 'self' || 'state' in when) body = body.map((e, i) => (body.slice(0, i).some((x) => NAMES_IT.some((v) => JSON.stringify(x).includes(`"${v}":`))) ? e : sacrificeSelf(e) as Dsl));
    else if (!left && Object.values(when).includes('self')) body = sacrificeSelf(body, true) as Dsl[];
    const effects = left ? body.map(movedCardIsIt) : body;
    return { triggered: { when, ...(condition ? { if: condition } : {}), ...this.block(effects) } };
  }

  fromBattlefield(who: string): Dsl {
    return { put_into_graveyard: who, from: 'battlefield' };
  }

  /** One ability waiting for any of several events ("whenever CARDNAME enters or attacks"). */
  anyOf(events: Dsl[]): Dsl {
    return { any_of: events };
  }

  event(kind: string, who: string): Dsl {
    return { [kind]: who };
  }

  /** A search's description: "cards" in the singular, as the DSL writes a filter ("up to two basic land cards") */
  searchFilterText(words: string): string {
    return words.replace(/\bcards\b/g, 'card');
  }

  /** Whether a search's parts fit together: a card found in another player's library goes to its owner's
   * graveyard or hand, never "your" graveyard (400.3), and the shuffle names the library searched. */
  searchFits(h: SearchHead, p: SearchPlace, shuffle: 'you' | 'library'): boolean {
    const other = h.library !== undefined;
    if (shuffle === 'library' ? !other : other) return false;
    if (other && (p.to === 'hand' || (p.to === 'graveyard' && !p.theirs) || (p.to === 'battlefield' && !p.under) || p.split)) return false;
    if (!other && p.theirs) return false;
    // "put one ... and the other ...": two cards at most, one of them placed first
    if (p.split && !(h.amount === 2 && p.split.to !== p.to)) return false;
    if (h.also && (p.split || p.to === 'library_top')) return false;
    return true;
  }

  /** "Search your library for up to two basic land cards, put them onto the battlefield tapped" (701.19) */
  searchOf(h: SearchHead, p: SearchPlace): Dsl {
    const e: Dsl = {
      search: h.filter, to: p.to, ...(p.tapped ? { tapped: true } : {}), ...(h.library ? { library: h.library } : {}),
      ...(h.upTo ? { up_to: h.amount } : h.amount !== 1 ? { count: h.amount } : {}),
      ...(p.reveal ? { reveal: true } : {}), ...(h.mv ? { mana_value: h.mv } : {}),
      ...(p.split ? { split: { count: 1, to: p.split.to, ...(p.split.tapped ? { tapped: true } : {}) } } : {}),
      ...(h.also ? { also: h.also } : {}),
    };
    return h.x ? { ...e, where_x: h.x } : e;
  }

  /** The search, then the shuffle of the library searched (701.20a) */
  searchThenShuffle(h: SearchHead, p: SearchPlace, shuffle: 'you' | 'library'): Dsl[] {
    return [this.searchOf(h, p), { shuffle: shuffle === 'library' ? h.library! : 'you' }];
  }

  /** "Each opponent may search their library for ..., then shuffle": each searcher shuffles the library
   * they searched, and one who chooses not to search doesn't (701.19i: they choose in APNAP order). */
  othersSearch(who: Ref, h: SearchHead, p: SearchPlace, optional: boolean): Dsl {
    return { ...this.searchOf(h, p), who, then_shuffle: true, ...(optional ? { optional: true } : {}) };
  }

  /** "Put target creature on top of its owner's library" */
  putOnLibrary(t: string, position: 'top' | 'bottom', nth?: number): Dsl {
    return { put_on_library: t, ...(position === 'bottom' ? { position } : {}), ...(nth ? { nth_from_top: nth } : {}) };
  }

  /** "Artifact spells you cast cost {1} less to cast" (601.2f) */
  costChange(dir: string, mana: string, spells: string[], who: string, coloredOnly: boolean, condition?: Dsl): Dsl {
    return { static: { [dir === 'more' ? 'cost_increase' : 'cost_reduction']: mana, spells: spells.join(' or '), who, ...(coloredOnly ? { colored_only: true } : {}), ...(condition ? { if: condition } : {}) } };
  }

  /** "Whenever [source] deals (combat) damage to [a player / an opponent / a creature]" */
  dealsDamage(source: string, to: string, combat: boolean): Dsl {
    return { deals_damage: source, to, ...(combat ? { combat: true } : {}) };
  }

  /** "you cast an instant or sorcery spell [from your library]": a spell is on the stack, so a zone in
   * its filter is where it was cast from (601.2a). */
  castTrigger(filter: string, by: string, extra: Dsl = {}): Dsl {
    const from = CAST_FROM.exec(filter);
    return from ? { cast: filter.slice(0, from.index), by, from: from[1] ?? from[2] ?? 'graveyard', ...extra } : { cast: filter, by, ...extra };
  }

  /** Whether a spell filter of a cast trigger names no zone other than the one it was cast from. */
  castable(filter: string): boolean {
    return !/ (from|in) /.test(filter.replace(CAST_FROM, ''));
  }

  step(step: string, whose: string): Dsl {
    return { step, whose };
  }

  entersTapped(): Dsl {
    return { replacement: { enters_tapped: 'self' } };
  }

  entersWithCounters(kind: string, n: number | string, condition?: Dsl): Dsl {
    return { replacement: { enters_with_counters: kind, amount: n, ...(condition ? { if: condition } : {}) } };
  }

  staticPump(who: string | { filter: string }, pt: string, keywords: string[], forEach?: Dsl): Dsl {
    return { static: { pump: pt, affected: affected(who), ...(keywords.length ? { grant: keywords } : {}), ...(forEach ? { per: forEach } : {}) } };
  }

  /** "has '[ability]'", with "gets +N/+N and" before it */
  staticGiven(who: string | { filter: string }, given: Dsl, pt?: string, keywords: string[] = []): Dsl {
    const grant = keywords.length ? { grant: keywords } : {};
    return { static: pt ? { pump: pt, affected: affected(who), ...grant, with: [given] } : { grant: keywords, affected: affected(who), with: [given] } };
  }

  /** Several statics about one permanent ("gets +2/+2, has flying, and is an Angel in addition to its
   * other types"); null when the parts are only a bonus and keywords, which the shorter wording reads. */
  staticList(who: string, parts: Dsl[]): Dsl | null {
    if (parts.every((p) => ('pump' in p || 'grant' in p) && !('with' in p))) return null;
    return { static: parts.map((p) => ('must_attack' in p ? { must_attack: who } : 'attack_despite_defender' in p ? { attack_despite_defender: who } : 'cant_attack' in p ? { ...p, cant_attack: who } : { ...p, affected: who })) };
  }

  /** "This effect doesn't remove [CARDNAME / Auras]" after an Aura's protection (702.16c): each of its
   * statics giving protection to the enchanted creature spares that Aura (or every Aura); null otherwise. */
  sparing(s: Dsl, spares: 'self' | 'Aura'): Dsl | null {
    const defs = [s.static as Dsl | Dsl[]].flat();
    const protects = (d: Dsl) => d.affected === 'enchanted' && ('protection_from_chosen_color' in d || (Array.isArray(d.grant) && d.grant.some((k) => /^Protection from /.test(String(k)))));
    if (!defs.some(protects)) return null;
    const out = defs.map((d) => (protects(d) ? { ...d, doesnt_remove: spares } : d));
    return { static: out.length === 1 ? out[0]! : out };
  }

  /** "[affected] can block an additional [N] creature(s) each combat / any number of creatures" (509.1a) */
  blockAdditional(who: string | { filter: string }, n: number | 'any'): Dsl {
    return { static: { block_additional: n, affected: affected(who) } };
  }

  staticGrant(who: string | { filter: string }, keywords: string[]): Dsl {
    return { static: { grant: keywords, affected: affected(who) } };
  }

  /** "As long as [condition], [static]": the condition on each of the paragraph's effects. "It" in
   * the condition is what the static is about: the permanent an Aura or Equipment is attached to
   * ("Enchanted creature gets +3/+0 as long as it's attacking"); said of a group, it is not read. */
  conditional(s: Dsl, condition: Dsl, text = ''): Dsl | null {
    const defs = [s.static as Dsl | Dsl[]].flat();
    // a static working from a graveyard (113.6b): only effects of the layers are applied there
    if (JSON.stringify(condition).includes('source_in_graveyard') && !defs.every((d) => GRAVEYARD_STATICS.some((k) => k in d))) return null;
    let cond = condition;
    if (/as long as it\b/i.test(text) && !/as long as it's (not )?your turn/i.test(text)) {
      const about = new Set(defs.map((d) => Object.entries(d).find(([k]) => k === 'affected' || (typeof d[k] === 'string' && ['self', 'enchanted', 'equipped'].includes(d[k] as string)))?.[1]));
      const subject = about.size === 1 ? [...about][0] : undefined;
      if (subject !== 'self' && subject !== 'enchanted' && subject !== 'equipped') return null;
      cond = JSON.parse(JSON.stringify(condition).replace(/"(what|on)":"self"/g, `"$1":"${subject}"`)) as Dsl;
      if (subject !== 'self' && !/"(what|on)":/.test(JSON.stringify(cond))) return null;
    }
    return { static: defs.length > 1 ? defs.map((d) => ({ ...d, if: cond })) : { ...defs[0], if: cond } };
  }

  /** "[Enchanted creature] gets +A as long as it's F. Otherwise, it gets +B.": two pumps, one for each case. */
  otherwisePump(who: string, pt: string, otherwise: string, filter: string): Dsl {
    return { static: [
      { pump: pt, affected: who, if: { is: filter, what: who } },
      { pump: otherwise, affected: who, if: { is: filter, what: who, not: true } },
    ] };
  }

  /** "Creatures lose all abilities [and have base power and toughness 1/1]" (layers 6 and 7b) */
  loseAllAbilities(who: string | { filter: string }, pt?: string): Dsl {
    const lose = { lose_all_abilities: affected(who) };
    return { static: pt ? [lose, { set_base_pt: pt, affected: affected(who) }] : lose };
  }

  setBasePT(who: string | { filter: string }, pt: string): Dsl {
    return { static: { set_base_pt: pt, affected: affected(who) } };
  }

  /** "Nonbasic lands are Mountains" (305.7), "Each land is a Swamp in addition to its other land types" */
  landType(filter: string, type: string, add: boolean): Dsl {
    return { static: { land_type: [type], affected: filter, ...(add ? { add: true } : {}) } };
  }

  /** "Each noncreature artifact is an artifact creature ...": the types it gains (layer 4); a type the
   * affected objects already have by their filter ("artifact") is no change. */
  addTypes(who: string, types: string[], basePT: string): Dsl {
    const own = new Set(who.split(' ').map((w) => w.toLowerCase()));
    const added = types.filter((t) => !own.has(t));
    return { static: { add_types: added.length ? added : types, affected: who, base_pt: basePT } };
  }

  /** "can't be blocked except by Walls / by creatures with flying": the creatures that can't block it,
   * as a filter ("non-Wall creature", "creature without flying"); null for other wordings. */
  exceptBy(f: string): string | null {
    const sub = /^([A-Z][a-z]+)$/.exec(f);
    const out = sub ? `non-${this.singular(f)} creature` : /^creatures with [a-z]+$/.test(f) ? `creature without ${f.slice('creatures with '.length)}` : null;
    return out && this.isFilter(out) ? out : null;
  }

  /** "for each Aura [and Equipment] attached to it / CARDNAME": a count of the permanents attached to the
   * source, or to what it enchants or equips ("it" of a static about that permanent); null otherwise. */
  attachedCount(who: string | { filter: string }, kinds: string, at: string): Dsl | null {
    const host = at === 'CARDNAME' || who === 'self' ? 'CARDNAME' : who === 'enchanted' ? 'enchanted creature' : who === 'equipped' ? 'equipped creature' : null;
    const f = `${kinds.replace(' and ', ' or ')} attached to ${host}`;
    return host && this.isFilter(f) ? { count: f } : null;
  }

  /** Whether every static of `s` is about the source itself (its `affected`, or its first value, is `self`). */
  aboutSelf(s: Dsl): boolean {
    const defs = [s.static as Dsl | Dsl[]].flat();
    return defs.every((d) => ('affected' in d ? d.affected : 'cant_be_blocked_by' in d ? 'self' : Object.values(d)[0]) === 'self');
  }

  /** "can't attack you unless their controller pays {2} for each ...": a cost to attack or block (508.1g, 509.1d) */
  combatCost(o: { cost: string; what: string; affected: string | Dsl; attacked?: string; x?: Dsl | null; per?: Dsl | null }): Dsl {
    return { static: { combat_cost: o.cost, for: o.what, affected: o.affected, ...(o.attacked ? { attacked: o.attacked } : {}), ...(o.x ? { x: o.x } : {}), ...(o.per ? { per: o.per } : {}) } };
  }

  staticOf(kind: string, value: string): Dsl {
    return { static: { [kind]: value } };
  }

  asEntersChoose(what: string): Dsl {
    return { replacement: { as_enters_choose: what } };
  }

  /** "You may pay 1 life and exile a blue card from your hand rather than pay this spell's mana cost" */
  alternativeCost(parts: string[]): Dsl {
    return { alternative_cost: parts.map((p) => p.charAt(0).toUpperCase() + p.slice(1)).join(', ') };
  }

  /** "If CONDITION, you may pay {U} rather than pay this spell's mana cost": offered only while it holds (118.9, 601.2b) */
  conditionalAltCost(parts: string[], condition: Dsl): Dsl {
    return { ...this.alternativeCost(parts), if: condition };
  }

  /** "If CONDITION, you may cast CARDNAME without paying its mana cost": an alternative cost of nothing (118.9) */
  freeCast(condition: Dsl): Dsl {
    return { alternative_cost: '', label: 'without paying its mana cost', if: condition };
  }

  /** "Cast this spell only during combat and only if ...": windows (strings) and conditions, all required (601.3) */
  castOnly(parts: Array<string | Dsl>): Dsl {
    const during = parts.filter((p): p is string => typeof p === 'string');
    const conds = parts.filter((p): p is Dsl => typeof p !== 'string');
    const cond = conds.length > 1 ? { all: conds } : conds[0];
    return { cast_only: { ...(during.length ? { during } : {}), ...(cond ? { if: cond } : {}) } };
  }

  additionalCost(cost: string): Dsl {
    return { additional_cost: cost.charAt(0).toUpperCase() + cost.slice(1) };
  }

  /** Two statics of one paragraph: "gets +1/+0 and can't be blocked". */
  bothStatics(a: Dsl, b: Dsl): Dsl {
    return { static: [a.static, b.static].flat() };
  }

  /** "[its] activated abilities can't be activated [unless they're mana abilities]" (602.5) */
  cantActivate(who: string, exceptMana: boolean): Dsl {
    return { static: { cant_activate: who, ...(exceptMana ? { except_mana: true } : {}) } };
  }

  /** A static whose only parameter is what it applies to: "[affected] can't be blocked". */
  staticOn(kind: string, who: string | { filter: string }): Dsl {
    return { static: { [kind]: affected(who) } };
  }

  // ---------------------------------------------------------------- instructions

  /** "[effect] unless [player] pays [cost]" (118.12a); "its controller" is the controller of the
   * effect's object (the spell it would counter). */
  unless(cost: string, who: string, effects: Dsl[], times?: Dsl): Dsl {
    const payer = who === 'controller_of:it' ? { controllerOf: Object.values(effects[0]!)[0] } : who;
    return { unless: cost.charAt(0).toUpperCase() + cost.slice(1), who: payer, do: effects, ...(times ? { times } : {}) };
  }

  /** "[effect] unless [player] pays {X}, where X is ...": X is counted as the payment is asked for;
   * "its mana value" names the object the effect acts on (a target spell, or a cast trigger's "it"). */
  unlessX(who: string, effects: Dsl[], x: Dsl): Dsl {
    const acted = Object.values(effects[0]!)[0];
    const mark = acted && typeof acted === 'object' && isMark(acted) ? acted : undefined;
    const xFor = mark ? Object.fromEntries(Object.entries(x).map(([k, v]) => [k, v === 'it' ? mark : v])) : x;
    return { ...this.unless('{X}', who, effects), where_x: xFor };
  }

  may(effects: Dsl[]): Dsl {
    return { may: effects };
  }

  /** Whether "X may ..." names one player other than you the event gives: that player, the controller of
   * the object it names, or the player the source attacks (608.2d: that player makes the choice). */
  otherChooser(who: Ref): boolean {
    return who === 'that_player' || who === 'controller_of:it' || who === 'defending_player';
  }

  /** The instructions of "that player may draw a card" done by that player: only those whose doer is a `who`,
   * written without one (their subject was "you"); null when one of them is done otherwise. */
  actAs(effects: Dsl | Dsl[], who: Ref): Dsl[] | null {
    const flat = [effects].flat(3) as Dsl[];
    const fits = (e: Dsl): boolean => e.who === undefined && ACTED.some((k) => k in e) && Object.keys(e).every((k) => k === 'who' || ACTED.includes(k) || k === 'amount');
    return flat.length > 0 && flat.every(fits) ? flat.map((e) => ({ ...e, who })) : null;
  }

  /** "that player may sacrifice a creature. If they don't, they lose 5 life": the choice is that player's
   * (608.2d), and "If they do" asks whether it was done (118.12); "they" after it is that player too. A
   * "that player" after it must be the one who chose. Null when an instruction isn't one a player does. */
  theyDid(who: Ref, m: { may_pay?: string; may?: Dsl[] }, did: boolean, parts: Array<{ they: boolean; e: Dsl[] }>): Dsl[] | null {
    const first = m.may_pay !== undefined ? { may_pay: m.may_pay, who } : this.doneBy(m.may ?? [], who);
    if (first === null) return null;
    const follow: Dsl[] = [];
    for (const p of parts) {
      const acts = p.they ? this.doneBy(p.e, who)?.may as Dsl[] | undefined : p.e;
      if (!acts) return null;
      follow.push(...acts);
    }
    if (who !== 'that_player' && JSON.stringify(follow).includes('"that_player"')) return null;
    return [first, did ? { if_you_do: follow } : { if_you_do: [], otherwise: follow }];
  }

  /** Instructions written for "you" done by another player instead: `{may: [...], who}`, or null. */
  private doneBy(effects: Dsl[], who: Ref): Dsl | null {
    const verbs = [...ACTED, 'sacrifice', 'discard'];
    const fits = (e: Dsl): boolean => e.who === undefined && verbs.some((k) => k in e) && Object.keys(e).every((k) => verbs.includes(k) || ['amount', 'random'].includes(k));
    return effects.length > 0 && effects.every(fits) ? { may: effects.map((e) => ({ ...e, who })), who } : null;
  }

  exileUntilLeaves(ref: Ref): Dsl {
    return { exile: ref, until: 'source_leaves' };
  }

  /** A token of the text's characteristics: named for its subtypes when it has no name (111.4). */
  token(n: number | string, pt: string | null, colors: string[], subtypes: string, types: string, keywords: string[], given?: Dsl): Dsl {
    const type = `${types.split(' ').map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ')} — ${subtypes}`;
    const spec: Dsl = { type, ...(pt ? { pt } : {}), colors, ...(keywords.length ? { abilities: keywords } : {}), ...(given ? { with: [this.onToken(given, { create_token: { type } })] } : {}) };
    return { create_token: spec, ...(n === 1 ? {} : { amount: n }) };
  }

  // ---------------------------------------------------------------- tokens with a name (tokens.peggy)

  /** A token the effect names (111.4), perhaps legendary, perhaps an artifact or enchantment with no
   * subtype: null when its types and power/toughness don't go together (a creature has both, 208.1). */
  namedToken(w: { n: number | string; legendary: boolean; pt: string | null; colors: string[]; sub: string | null; types: string; name: string }): Dsl | null {
    const creature = w.types.endsWith('creature');
    if (creature !== (w.pt !== null) || (creature && !w.sub)) return null;
    // the card's own name inside the token's ("Kobolds of Kher Keep"); a short name could stand for either
    if (w.name.includes('CARDNAME') && this.selfName.includes(',')) return null;
    const name = w.name.split('CARDNAME').join(this.selfName);
    const words = `${w.legendary ? 'legendary ' : ''}${w.types}`.split(' ').map((x) => x.charAt(0).toUpperCase() + x.slice(1)).join(' ');
    const spec: Dsl = { name, type: w.sub ? `${words} — ${w.sub}` : words, ...(w.pt ? { pt: w.pt } : {}), colors: w.colors };
    return { create_token: spec, ...(w.n === 1 ? {} : { amount: w.n }) };
  }

  /** "It has flying and "..."": keywords and a quoted ability of the one token the sentence before it
   * created; in the quotes the token's own name, like "this artifact", is that token (111.4). */
  private tokenHas(last: Dsl | undefined, has: { keywords: string[]; quoted: string | null }): boolean {
    const spec = last?.create_token as Dsl | undefined;
    if (!last || !spec || spec.copy_of !== undefined || (last.amount !== undefined && last.amount !== 1)) return false;
    let given: Dsl | null = null;
    if (has.quoted !== null) {
      const name = typeof spec.name === 'string' ? spec.name : null;
      const read = this.quoted(name ? has.quoted.split(name).join('CARDNAME') : has.quoted);
      if (!read) return false;
      given = { ...this.onToken(read, last), text: tokenWords(has.quoted, spec) };
    }
    if (has.keywords.length) spec.abilities = [...((spec.abilities as string[] | undefined) ?? []), ...has.keywords];
    if (given) spec.with = [...((spec.with as Dsl[] | undefined) ?? []), given];
    return true;
  }

  /** A quoted ability a token has, with "this artifact" (not the card's name) in its text and cost. */
  onToken(given: Dsl, made: Dsl | undefined): Dsl {
    const spec = made?.create_token as Dsl | undefined;
    if (!spec || typeof spec.type !== 'string') return given;
    const self = `this ${selfWord(spec.type as string)}`;
    const act = given.activated as Dsl | undefined;
    const text = typeof given.text === 'string' ? (given.text as string).replace(/\b([Tt])his creature\b/g, (_m, t: string) => `${t}${self.slice(1)}`) : given.text;
    const cost = act && typeof act.cost === 'string' ? (act.cost as string).split(this.selfName).join(self) : undefined;
    return { ...given, text, ...(act && cost !== undefined ? { activated: { ...act, cost } } : {}) };
  }

  /** "create a 1/1 ... token for each F": that many tokens, counted as the instruction is followed (608.2h) */
  tokensFor(token: Dsl, n: number | string, each: Dsl | null): Dsl {
    if (!each) return token;
    return { ...token, amount: n === 1 ? each : { times: [n, each] } };
  }

  /** "that player / its controller / target opponent creates ...": the tokens created by the player(s)
   * the subject names, who own and control them (111.2); "You create ..." is the plain creation. Null
   * for a copy token, and for a subject of several targets. */
  createdBy(who: Ref, e: Dsl | Dsl[]): Dsl | null {
    if (Array.isArray(e) || !('create_token' in e) || (e.create_token as Dsl).copy_of !== undefined) return null;
    if (typeof who === 'object' && (!['player', 'opponent'].includes(who.target) || who.count !== undefined)) return null;
    return who === 'you' ? e : { ...e, who };
  }

  /** "becomes a P/T [colors] [subtypes] [artifact] creature [with keywords]": its new characteristics (205.1b) */
  become(ref: Ref, w: { pt: string | null; colors: string[] | null; subtypes: string | null; types: string; keywords: string[]; given?: Dsl }, endOfTurn: boolean): Dsl {
    const become: Dsl = {
      ...(w.pt ? { pt: w.pt } : {}), types: w.types.split(' '), ...(w.subtypes ? { subtypes: w.subtypes.split(' ') } : {}),
      ...(w.colors ? { colors: w.colors } : {}), ...(w.keywords.length ? { abilities: w.keywords } : {}), ...(w.given ? { with: w.given } : {}),
    };
    return { become, affected: ref, until: endOfTurn ? 'end_of_turn' : 'permanent' };
  }

  /** Whether instructions name a target: a delayed trigger has no targets of its own (603.7), so
   * "destroy target creature at end of combat" is not read yet. */
  hasTarget(effects: unknown): boolean {
    const walk = (v: unknown): boolean => Array.isArray(v) ? v.some(walk) : !!v && typeof v === 'object' && (isMark(v) || Object.values(v).some(walk));
    return walk(effects);
  }

  /** "For each opponent, [instruction on] target permanent that player controls" (601.2c): one
   * target for each opponent, the one they control. True when the sentence has exactly one target. */
  perOpponent(effect: Dsl | Dsl[]): boolean {
    const marks: TargetMark[] = [];
    const walk = (v: unknown): void => {
      if (Array.isArray(v)) v.forEach(walk);
      else if (v && typeof v === 'object') { if (isMark(v)) marks.push(v); else Object.values(v).forEach(walk); }
    };
    walk(effect);
    if (new Set(marks).size !== 1 || !/ that player controls$/.test(marks[0]!.target) || marks[0]!.count !== undefined) return false;
    marks[0]!.per = 'each_opponent';
    return true;
  }

  /** Kinship: "[you may] look at the top card of your library. If it shares a creature type with
   * CARDNAME, you may reveal it. If you do, ..." (the card stays where it is, 701.16a). Whether the
   * player looks changes nothing in the game: the reveal, which the effect needs, stays optional. */
  kinship(effects: Dsl[]): Dsl[] {
    return [{ look_at_top: 'you' }, { if: { is: 'card that shares a creature type with CARDNAME', what: 'it' }, do: [{ may: [{ reveal_top: 'you' }] }, { if_you_do: effects }] }];
  }

  /** A look at the top of the library (`dig`), with the X of "where X is ..." when the count is X. */
  dig(look: { n: number | string; x: Dsl | null; reveal?: boolean }, dig: Dsl): Dsl | Dsl[] {
    const d = look.reveal ? { ...dig, reveal: 'all' } : dig;
    return look.x ? this.whereX(d, look.x) : d;
  }

  /** "You may play / cast [the cards just exiled] [this turn ...]" (601.3): a permission on `it`. */
  mayPlay(verb: string, until: string, free = false): Dsl {
    return { may_play: 'it', until, ...(verb === 'cast' ? { cast_only: true } : {}), ...(free ? { without_paying: true } : {}) };
  }

  /** "Choose any number of target ... For each of them, ...": `each` is the current target; with
   * "You may play the exiled cards ...", what each pass exiled is linked to that permission. */
  forEachTarget(t: TargetMark, effects: Dsl[], play: boolean): Dsl[] {
    const pass = effects.map((e) => ('exile_top' in e && play ? { ...e, linked: true } : e));
    return [{ for_each: t, do: pass }, ...(play ? [{ may_play: 'linked', until: 'end_of_your_next_turn' }] : [])];
  }

  /** "[player] loses N life for each card fewer than K in their hand": by cases of the hand's size
   * (the DSL has no subtraction), K or more cards losing nothing. */
  fewerInHand(who: Ref, n: number, k: number): Dsl {
    const lose = (cards: number): Dsl[] => (cards === 0 ? [] : [{ lose_life: n * cards, who }]);
    let out: Dsl[] = lose(k);
    for (let have = 1; have <= k; have++) out = [{ if: { hand_at_least: have, who }, do: lose(k - have), otherwise: out }];
    return out[0]!;
  }

  /** "becomes the color of your choice until end of turn": the color is chosen as it resolves (layer 5) */
  becomeChosenColor(ref: Ref): Dsl[] {
    return [{ choose: 'color' }, { become: { colors: 'chosen' }, affected: ref, until: 'end_of_turn' }];
  }

  /** "If this spell was kicked, it deals N damage instead" (702.33d): the same damage, another amount. */
  kickedInstead(damage: Dsl, n: number | string): Dsl {
    return { if: { kicked: true }, do: [{ ...damage, damage: n }], otherwise: [damage] };
  }

  /** "When you do, ..." (603.12): a reflexive trigger, its targets its own (named with the block). */
  whenYouDo(effects: Dsl[]): Dsl {
    return { when_you_do: effects, reflexive_block: true };
  }

  /** "When [object] becomes untapped / leaves the battlefield (this turn), ...": a delayed trigger
   * about that object (603.7c), `self` of its event. */
  delayedEvent(about: Ref, event: string, thisTurn: boolean, effects: Dsl[]): Dsl {
    return { delayed: { [event]: 'self' }, ...(about === 'self' ? {} : { about }), ...(thisTurn ? { this_turn: true } : {}), do: effects };
  }

  /** What "those creatures" names after a change of characteristics: the group it changed (`it`,
   * 611.2c) or its target; null after anything else. */
  thoseChanged(e: Dsl | Dsl[]): unknown {
    if (Array.isArray(e) || !('pump' in e || 'grant' in e)) return null;
    const a = e.affected;
    if (typeof a !== 'object' || a === null) return null;
    if ('all' in a) return /\bcreatures?\b/.test(String((a as Dsl).all)) ? 'it' : null;
    // the same target mark: one target, named twice (115.1)
    return 'target' in a && /\bcreature\b/.test(String((a as Dsl).target)) ? a : null;
  }

  /** "When you cast your next F this turn, ...": a delayed trigger on that cast, which triggers once
   * (603.7b) and ends with the turn; its "that spell" is the spell cast. */
  nextCast(filter: string, effects: Dsl[]): Dsl {
    return { delayed: this.castTrigger(filter, 'you'), this_turn: true, do: effects };
  }

  /** A delayed trigger (603.7); what "it" names when it is created is what the trigger is about
   * (603.7c: "exile it at the beginning of the next end step"). */
  delayed(when: Dsl, effects: Dsl[]): Dsl {
    const about = JSON.stringify(effects).includes('"it"') ? 'it' : undefined;
    return { delayed: when, ...(about ? { about } : {}), do: effects };
  }

  prevent(n: number, to: Ref): Dsl {
    return { prevent_damage: n, affected: to };
  }

  /** "deals N damage divided as you choose among ..." (601.2d): the split is chosen as it is cast. */
  dividedDamage(n: number | string, to: Ref): Dsl {
    return { damage: n, affected: to, divided: true, divide_among: n };
  }

  /** "Prevent the next N damage that would be dealt this turn to any number of targets, divided as
   * you choose" (601.2d): one shield for each target, of the part it was given */
  dividedPrevent(n: number | string, to: Ref): Dsl {
    return { prevent_damage: n, affected: to, divided: true, divide_among: n };
  }

  /** "Distribute N +1/+1 counters among ..." (601.2d) */
  distributeCounters(kind: string, n: number | string, to: Ref): Dsl {
    return { put_counters: kind, amount: n, affected: to, divided: true, divide_among: n };
  }

  /** "[object] deals damage equal to its power to [recipient / itself]": that object is the damage's
   * source (`from`), and its power the amount; with no recipient, it deals the damage to itself. */
  damageBy(source: Ref, pt: string, to: DamageTo | null): Dsl {
    return { ...(to ? this.damage({ [`${pt}_of`]: source }, to) : { damage: { [`${pt}_of`]: source }, affected: source }), from: source };
  }

  /** Damage dealt by "CARDNAME" or "it" (608.2b: the damage's source). "It" opening a sentence is what an
   * earlier sentence acted on ("Tap target creature. It deals damage equal to its power to ...": `from: it`,
   * kept by `block` only when it names that target), or the source when nothing comes before it ("Remove a
   * +1/+1 counter from CARDNAME: It deals 1 damage ..."). A lowercase "it" after a clause is the ability's
   * source ("If CARDNAME was kicked, it deals ..."), except at the start of a trigger about another object
   * ("Whenever a Dragon enters ..., it deals ...": marked, and `triggered` leaves that unread). */
  dealtBy(subject: 'self' | 'It' | 'it', e: Dsl | Dsl[]): Dsl | Dsl[] {
    const mark = subject === 'It' ? { from: 'it', [IT_OPENS]: true } : subject === 'it' ? { [IT_DEALS]: true } : {};
    return Array.isArray(e) ? e.map((x) => ({ ...x, ...mark })) : { ...e, ...mark };
  }

  damage(n: number | string | Dsl, to: DamageTo): Dsl {
    return { damage: n, affected: 'each' in to ? { all: to.each } : to.ref };
  }

  /** The instructions of an ability working from its card's graveyard: each that moves the card itself
   * (to a hand or the battlefield) moves it from there (113.6m); null if none does. */
  fromGraveyard(body: Dsl[]): Dsl[] | null {
    let moved = false;
    const walk = (v: unknown): unknown => {
      if (Array.isArray(v)) return v.map(walk);
      if (!v || typeof v !== 'object') return v;
      const o = Object.fromEntries(Object.entries(v as Dsl).map(([k, x]) => [k, walk(x)]));
      if (['return_to_hand', 'return_to_battlefield', 'move_to_battlefield'].some((k) => o[k] === 'self')) {
        moved = true;
        return { ...o, from: 'graveyard' };
      }
      return o;
    };
    const out = walk(body) as Dsl[];
    return moved ? out : null;
  }

  /** "where X is the number of cards in their hand": "their" is the player the instruction names ("that player"). */
  namesThatPlayer(effects: Dsl | Dsl[], x: Dsl): boolean {
    return !JSON.stringify(x).includes('"that_player"') || JSON.stringify(effects).includes('"that_player"');
  }

  /** "where X is ...": on each instruction of the sentence that uses X. */
  whereX(effects: Dsl | Dsl[], x: Dsl): Dsl[] {
    // "X target creatures, where X is ...": the number of targets is fixed as it is cast, not by this X
    if (xTargets([effects].flat(3) as Dsl[])) return [{ [SAME_SUBJECT]: true }];
    return [effects].flat(3).map((e: Dsl) => {
      // an amount that is X alone takes the value itself, as a hand-written card says it
      const plain = ['gain_life', 'lose_life', 'draw', 'mill', 'damage', 'dig'].find((k) => e[k] === 'X');
      if (plain && !JSON.stringify({ ...e, [plain]: 0 }).includes('"X"')) return { ...e, [plain]: x };
      return JSON.stringify(e).includes('"X"') || JSON.stringify(e).includes('X/') ? { ...e, where_x: x } : e;
    });
  }

  /** "N for each ...": N times the count. */
  times(n: number | string, each: Dsl): Dsl | number | string {
    return n === 1 ? each : { times: [n, each] };
  }

  /** Who a player verb is about: its subject, "you" for the imperative ("draw a card"), or, for a
   * third-person verb without one ("Target player draws a card, then discards a card"), the
   * subject of the sentence's first instruction (see shareSubject). */
  subject(who: Ref | null, verb: string): Ref {
    if (who !== null) return who;
    return /s $/.test(verb) ? SAME_SUBJECT : 'you';
  }

  /** "[subject] draws a card, then discards a card": the later verbs take the first one's subject;
   * a placeholder left over makes the paragraph unread (templates.ts). */
  shareSubject(effects: Array<Dsl | Dsl[]>): Array<Dsl | Dsl[]> {
    const flat = effects.flat(3) as Dsl[];
    const first = flat[0];
    const who = first && ['draw', 'gain_life', 'lose_life', 'discard', 'mill', 'sacrifice'].some((k) => k in first) ? (first.who ?? 'you') : undefined;
    if (who === undefined || who === SAME_SUBJECT) return effects;
    return flat.map((e) => (e.who === SAME_SUBJECT ? (who === 'you' ? Object.fromEntries(Object.entries(e).filter(([k]) => k !== 'who')) : { ...e, who }) : e));
  }

  /** "[player] reveals their hand. You choose N F from it. That player discards / Exile that card.":
   * null unless the words are a filter of cards (plural after a count above one). */
  handChoice(verb: 'discard' | 'exile' | 'exile_until', who: Ref, n: number | string, words: string): Dsl | null {
    if (typeof n !== 'number' && n !== 'X') return null;
    const one = n === 1 ? words : words.replace(/\bcards\b/, 'card');
    if ((n === 1) === /\bcards\b/.test(words) || !/\bcard\b/.test(one) || !this.isFilter(one)) return null;
    const card = one === 'card' ? {} : { card: one };
    if (verb === 'discard') return { discard: n, who, chosen_by: 'you', ...card };
    return { exile_from_hand: n, who, chosen_by: 'you', ...card, ...(verb === 'exile_until' ? { until: 'source_leaves' } : {}) };
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
    return { [verb]: { all: filter } };
  }

  /** "Tap all creatures target player controls", "Exile all cards from target player's graveyard": the
   * instruction runs once for the target player, whom its filter names as "that player". */
  forTargetPlayer(player: TargetMark, effect: Dsl): Dsl {
    return { for_each: player, do: [effect] };
  }

  /** "[subject] gets +1/+0, becomes black, and gains shadow [and subject2 ...] until end of turn": one
   * instruction per change, each for the turn (611.2a). A group's objects are found once (611.2c): its
   * first change names the group, and the others `it`, the objects that one affected. A later group
   * whose filter reads what an earlier change may alter would be found after that change: not read. */
  continuous(clauses: Array<{ subject: { ref: Ref } | { all: string }; changes: Dsl[] }>): Dsl[] | null {
    const out: Dsl[] = [];
    const chooses = clauses.flatMap((c) => c.changes).filter((c) => JSON.stringify(c).includes('chosen')).length;
    if (chooses > 1) return null;
    // "the color of your choice" is chosen as it resolves, before the changes (608.2d)
    if (clauses.some((c) => c.changes.some((x) => (x.become as Dsl | undefined)?.colors === 'chosen'))) out.push({ choose: 'color' });
    for (const [i, c] of clauses.entries()) {
      if ('all' in c.subject && i > 0 && CHANGEABLE.test(c.subject.all)) return null;
      // only permanents have these characteristics changed here (a spell's are not, 611.2c)
      if ('ref' in c.subject && typeof c.subject.ref === 'object' && /\b(spell|card)s?\b/.test(c.subject.ref.target)) return null;
      // "that player" names no one in a group's filter outside a trigger that names a player
      if ('all' in c.subject && / that player\b/.test(c.subject.all) && this.isSpell) return null;
      c.changes.forEach((change, k) => {
        const affected = 'ref' in c.subject ? c.subject.ref : k === 0 ? { all: c.subject.all } : 'it';
        out.push({ ...change, affected, until: 'end_of_turn' });
      });
    }
    return out;
  }

  pump(ref: Ref, pt: string, until = 'end_of_turn', forEach?: Dsl): Dsl {
    return { pump: pt, affected: ref, until, ...(forEach ? { per: forEach } : {}) };
  }

  grant(ref: Ref, keywords: string[], given?: Dsl): Dsl {
    return { grant: keywords, affected: ref, until: 'end_of_turn', ...(given ? { with: given } : {}) };
  }

  loseAbility(ref: Ref, keywords: string[]): Dsl {
    return { lose_ability: keywords, affected: ref, until: 'end_of_turn' };
  }

  switchPT(ref: Ref): Dsl {
    return { switch_pt: ref, until: 'end_of_turn' };
  }

  grantAll(filter: string, keywords: string[], given?: Dsl): Dsl {
    return { grant: keywords, affected: { all: filter }, until: 'end_of_turn', ...(given ? { with: given } : {}) };
  }

  /** "Prevent all (combat) damage that would be dealt to / by [object] this turn" (615.1) */
  preventAll(which: { affected: Ref } | { by: Ref }, combat: boolean): Dsl {
    return { prevent_damage: 'all', ...which, ...(combat ? { combat_only: true } : {}) };
  }

  preventAllCombat(): Dsl {
    return { prevent_damage: 'all', combat_only: true };
  }

  pumpAll(filter: string, pt: string, forEach?: Dsl): Dsl {
    return { pump: pt, affected: { all: filter }, until: 'end_of_turn', ...(forEach ? { per: forEach } : {}) };
  }

  addMana(symbols: string): Dsl {
    return { add: symbols };
  }

  /** "Add {B} for each charge counter on CARDNAME": the mana once for each of an amount; `who` the
   * player who adds it ("that player adds ..." in a step trigger, its active player). */
  addCounted(symbols: string, count: Dsl, who: string): Dsl {
    return { add: symbols, count, ...(who === 'you' ? {} : { who }) };
  }

  /** "Add {B} or {R}": one of the mana strings, chosen as the ability resolves. */
  addOneOf(options: string[]): Dsl {
    return { add_one_of: options };
  }

  /** Mana "its controller" adds: marked for `triggered`, which reads it only after "is tapped for mana" (605.4a). */
  itsControllerAdds(e: Dsl): Dsl {
    return { ...e, [ITS_CONTROLLER]: true };
  }

  addAnyColor(n: number): Dsl {
    return { add_any_color: n };
  }

  scry(n: number): Dsl {
    return { scry: n };
  }

  mill(n: number | string | Dsl, who: Ref): Dsl {
    return { mill: n, ...(who === 'you' ? {} : { who }) };
  }

  discard(n: number | string, who: Ref): Dsl {
    return { discard: n, ...(who === 'you' ? {} : { who }) };
  }

  putCounters(kind: string, n: number | string, on: Ref): Dsl {
    return { put_counters: kind, amount: n, affected: on };
  }

  // ---------------------------------------------------------------- reveals (701.16)

  /** "[player] reveal(s) cards from the top of [their] library until [they] reveal N F cards" and where
   * the cards found and the others go: a dig revealing down to the Nth card matching F. Null unless the
   * words are a filter of cards (plural after a count above one). */
  revealUntil(head: { who: Ref; n: number | string; words: string }, put: { to: string; tapped?: boolean; rest: string }, optional: boolean): Dsl | null {
    const { who, n, words } = head;
    if (typeof n !== 'number' && n !== 'X') return null;
    const one = n === 1 ? words : this.singular(words);
    if ((n === 1) === /\bcards\b/.test(words) || !/\bcard$/.test(one) || !this.isFilter(one)) return null;
    const dig = { dig: n, until: this.lower(one), to: put.to, ...(put.tapped ? { tapped: true } : {}), rest: put.rest, ...(who === 'you' ? {} : { library: who }) };
    return optional ? { may: [dig] } : dig;
  }

  /** "the number of cards revealed this way", "for each card revealed this way": marked until read. */
  revealedCount(): Dsl {
    return { number_of: REVEALED };
  }

  /** "Reveal any number of F cards in your hand. [instruction counting the cards revealed this way]":
   * the count is `it` in the sentence right after the reveal; null if that sentence doesn't count
   * them, or names `it` itself (it would then mean the revealed cards). */
  revealFromHand(words: string, then: Dsl | Dsl[]): Dsl[] | null {
    const one = this.singular(words);
    const json = outer(then);
    if (!/\bcards\b/.test(words) || !/\bcard\b/.test(one) || !this.isFilter(one)) return null;
    if (!json.includes(`"${REVEALED}"`) || /"it"|:it"/.test(json)) return null;
    return [{ reveal_from_hand: this.lower(one) }, ...[revealedIsIt(then) as Dsl | Dsl[]].flat()];
  }

  /** "[players] reveal(s) the top card of their library. For each F card revealed this way, [create a
   * token / put a counter on ...]": the tokens or counters made once for each such card. Null unless
   * the words are a filter of cards and the instruction makes one token or one counter. */
  forEachRevealed(who: Ref, words: string, e: Dsl | Dsl[]): Dsl[] | null {
    if (Array.isArray(e) || !/\bcard$/.test(words) || !this.isFilter(words)) return null;
    const n = { number_of: 'it', matching: this.lower(words) };
    const counted = 'create_token' in e && (e.amount ?? 1) === 1 ? { ...e, amount: n }
      : 'put_counters' in e && e.amount === 1 ? { ...e, amount: n } : null;
    return counted && [{ reveal_top: who }, counted];
  }

  // ------------------------------------------------------------ hands revealed and cards chosen from them

  /** "all nonland cards", "each Mountain and red card", "white cards": the filter of one card of a
   * revealed hand ("Mountain and red card" is a card that is either); null unless the words name cards. */
  handAll(words: string): string | null {
    const one = words.replace(/\bcards\b/, 'card').replace(/^(\w+) and (\w+) card$/, '$1 or $2 card');
    if (!/\bcard(?: with [^,]+)?$/.test(one)) return null;
    if (one === 'card') return one;
    return this.isFilter(one) ? this.lower(one) : null;
  }

  /** "a nonland card" chosen from a revealed hand: one card of a kind; null unless the words name one. */
  handCard(words: string): string | null {
    if (!/\bcard\b/.test(words) || /\bcards\b/.test(words)) return null;
    return words === 'card' || this.isFilter(words) ? this.lower(words) : null;
  }

  // ------------------------------------------------------------ riders on destruction and damage

  /** The key with which "[noun] destroyed this way" carries its noun until the body checks it. */
  readonly DESTROYED_NOUN = DESTROYED_NOUN;

  /** "For each creature destroyed this way, its controller creates [a token]": the tokens created by the
   * controller of each of them, as it last existed (608.2h), one creation for each; other instructions
   * repeated for each are not read (null). */
  forEachDestroyed(noun: string, e: Dsl | Dsl[]): Dsl | null {
    if (Array.isArray(e) || !('create_token' in e) || e.who !== 'controller_of:it') return null;
    return { ...e, who: 'destroyed', [DESTROYED_NOUN]: noun };
  }

}

/** The DSL with the mark of "the cards revealed this way" made `it`, every other object kept as it is
 * (a target's mark is named by its identity once the paragraph is read). */
function revealedIsIt(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(revealedIsIt);
  if (!v || typeof v !== 'object' || isMark(v)) return v;
  if ((v as Dsl).number_of === REVEALED) return { number_of: 'it' };
  return Object.fromEntries(Object.entries(v as Dsl).map(([k, x]) => [k, revealedIsIt(x)]));
}

const DESTROYED_NOUN = '$destroyed_noun';

/** "A creature dealt damage this way can't be regenerated this turn": a mark on the damage just before it. */
function noRegenerationDealt(last: Dsl | undefined): boolean {
  if (!last || !('damage' in last)) return false;
  last.cant_be_regenerated_this_turn = true;
  return true;
}

/**
 * "[noun] destroyed this way" (`destroyed`) reads the destroy instruction before it in the same list,
 * which must destroy only objects the noun names ("permanent", or the type its filter ends with; a
 * target's filter is checked as the spell is read); the nouns are then dropped. False if one can't be read.
 */
function destroyedThisWay(list: Dsl[]): boolean {
  let destroyed: Dsl | undefined;
  for (const e of list) {
    const nouns = destroyedNouns(e);
    if (nouns.length && (!destroyed || !nouns.every((n) => nounCovers(n, destroyed!.destroy)))) return false;
    destroyed = destroyIn(e) ?? destroyed;
  }
  return true;
}

/** The destroy instruction an instruction is, or the last one a `for_each` (a target player's) repeats. */
function destroyIn(e: Dsl): Dsl | undefined {
  if ('destroy' in e) return e;
  return 'for_each' in e && Array.isArray(e.do) ? (e.do as Dsl[]).filter((x) => 'destroy' in x).pop() : undefined;
}

/** The nouns of "destroyed this way" in an instruction, removed from it as they are found. */
function destroyedNouns(v: unknown): string[] {
  if (typeof v !== 'object' || v === null) return [];
  const out: string[] = [];
  const o = v as Dsl;
  if (typeof o[DESTROYED_NOUN] === 'string') { out.push(o[DESTROYED_NOUN] as string); delete o[DESTROYED_NOUN]; }
  for (const x of Array.isArray(v) ? v : Object.values(o)) out.push(...destroyedNouns(x));
  return out;
}

/** Whether every object a destroy instruction names (a target or every object matching a filter) is of
 * the kind the noun says: "permanent", or a type each alternative of the filter names. */
function nounCovers(noun: string, what: unknown): boolean {
  if (noun === 'permanent') return true;
  const o = (typeof what === 'object' && what !== null ? what : {}) as { all?: unknown; target?: unknown };
  const filter = typeof o.all === 'string' ? o.all : o.target;
  return typeof filter === 'string' && filter.split(' or ').every((f) => new RegExp(`\\b${noun}s?\\b`).test(f));
}

/** Whether instructions name "X target ..." (a number of targets set by the announced X, 601.2b-c). */
function xTargets(body: Dsl[]): boolean {
  return /"count":"(0-)?X"/.test(JSON.stringify(body));
}

/** "lands" -> "land": a filter phrase in the singular, as a target's filter is written. */
function singular(plural: string): string {
  return plural.replace(/(\w+?)(ies|s)\b/, (_m, stem: string, end: string) => (end === 'ies' ? `${stem}y` : stem));
}

/** "It has / They have "..."" after an instruction creating tokens (or "you may" create them): the
 * quoted ability joins the tokens' own, as "create ... token with "..."" would; false when the
 * instruction before creates no plain token, or the pronoun's number doesn't match the amount. */
/** What a token calls itself: "this creature", or "this artifact" for a noncreature artifact. */
function selfWord(type: string): string {
  const types = type.split(' — ')[0]!.toLowerCase();
  return types.includes('creature') ? 'creature' : types.includes('artifact') ? 'artifact' : types.includes('enchantment') ? 'enchantment' : 'permanent';
}

/** A quoted ability's text as the token shows it: CARDNAME ("this artifact" in the Oracle text) is the token. */
function tokenWords(text: string, spec: Dsl): string {
  const self = `this ${selfWord(String(spec.type))}`;
  return text.replace(/(^|: |\. )CARDNAME/g, (_m, p: string) => `${p}T${self.slice(1)}`).replace(/CARDNAME/g, self);
}

function tokensHave(last: Dsl | undefined, quoted: Dsl, one: boolean): boolean {
  const may = last?.may;
  const e = Array.isArray(may) && may.length === 1 ? may[0] as Dsl : last;
  const spec = e?.create_token;
  if (!e || !spec || typeof spec !== 'object' || !(spec as Dsl).type) return false;
  if (one !== (e.amount === undefined || e.amount === 1)) return false;
  (spec as Dsl).with = [...(((spec as Dsl).with as Dsl[] | undefined) ?? []), quoted];
  return true;
}

/** In a spell or an activated ability no event names a player: "that player" is the one player the
 * instructions target ("Target opponent discards a card. If ..., that player loses 3 life"); with
 * no such single target the words name no one, and the paragraph is not read. */
function thatPlayerIsTarget(body: Dsl[]): Dsl[] | null {
  if (!outer(body).includes('that_player')) return body;
  const players: TargetMark[] = [];
  const find = (v: unknown): void => {
    if (isQuoted(v)) return;
    if (Array.isArray(v)) v.forEach(find);
    else if (v && typeof v === 'object') {
      if (isMark(v)) { if ((v.target === 'player' || v.target === 'opponent') && !v.count && !players.includes(v)) players.push(v); }
      else Object.values(v).forEach(find);
    }
  };
  find(body);
  if (players.length !== 1) return null;
  let unnamed = false;
  const swap = (v: unknown): unknown => {
    if (isQuoted(v)) return v;
    if (v === 'that_player') return players[0];
    if (typeof v === 'string' && v.includes('that_player')) unnamed = true;
    if (Array.isArray(v)) return v.map(swap);
    if (v && typeof v === 'object' && !isMark(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, swap(x)]));
    return v;
  };
  const out = swap(body) as Dsl[];
  return unnamed ? null : out;
}

/** Whether an instruction uses the color "of your choice" with no `choose: color` before it in the
 * same list (the engine would find no color chosen by this resolution). */
/** Instructions that make or bring an object, which a later "it" then names. */
const MAKERS = ['create_token', 'create_token_copy', 'return_to_battlefield', 'move_to_battlefield', 'put_onto_battlefield'];

/** "If you do, create a token ... It gains haste. Exile it at ...": an instruction whose "it" is what
 * the "if you do" made belongs to it, since with nothing made it has nothing to act on (608.2c); left
 * outside, its "it" would name what the ability named before (a trigger's object). */
function afterMade(last: Dsl | undefined, s: Dsl): boolean {
  if (!last || !Array.isArray(last.if_you_do) || last.otherwise !== undefined) return false;
  const made = (last.if_you_do as Dsl[]).some((e) => MAKERS.some((v) => v in e));
  return made && /"it"|:it"/.test(outer(s));
}

/** "If you can't, ..." after an instruction that must be followed: it happens when that one did
 * nothing (no permanent or card to sacrifice or discard, 609.3). After anything else (a "may", a
 * sacrifice of the source, several objects) the paragraph stays unread. */
function couldNot(before: Dsl | undefined, then: Dsl[]): Dsl {
  const mustSacrifice = before !== undefined && typeof before.sacrifice === 'string' && !['self', 'it'].includes(before.sacrifice) && before.amount === undefined;
  const mustDiscard = before !== undefined && before.discard === 1 && before.chosen_by === undefined;
  return mustSacrifice || mustDiscard ? { if_you_do: [], otherwise: then } : { [SAME_SUBJECT]: true };
}

function chosenBeforeChoice(effects: Dsl[]): boolean {
  let chosen = false;
  for (const e of effects) {
    const text = JSON.stringify(e);
    if (e.choose === 'color') chosen = true;
    else if (!chosen && /"Protection from the chosen color"|"colors":"chosen"/.test(text)) return true;
    // a filter's "of the chosen color" reads the color its source chose as it entered, not this one
    else if (chosen && /of the chosen colou?r/.test(text)) return true;
  }
  return false;
}

/** Whether "if it's F" is asked of an object an earlier instruction moved to another zone and back
 * (the reference would name the object it was, 400.7). */
function askedAfterMove(effects: Dsl[]): boolean {
  const moved = new Set<unknown>();
  for (const e of effects) {
    for (const v of ['exile', 'return_to_battlefield', 'move_to_battlefield', 'return_to_hand']) if (v in e) moved.add(e[v]);
    const cond = e.if as Dsl | undefined;
    if (cond && 'is' in cond && moved.has(cond.what)) return true;
  }
  return false;
}

const CHANGES = ['pump', 'grant', 'lose_ability', 'become', 'switch_pt'];

/** Whether an instruction after a change of a group ("creatures you control get +1/+1") and the
 * changes of that group's same objects says "it": the engine's `it` then names that group (611.2c). */
function itAfterGroup(effects: Dsl[]): boolean {
  const change = (e: Dsl): boolean => CHANGES.some((v) => v in e);
  const group = effects.findIndex((e) => change(e) && typeof e.affected === 'object' && e.affected !== null && 'all' in e.affected);
  if (group < 0) return false;
  let i = group + 1;
  // ("Untap those creatures": the group's objects untapped, UntapThose)
  while (i < effects.length && ((change(effects[i]!) && effects[i]!.affected === 'it') || effects[i]!.untap === 'it')) i++;
  // (a replacement effect's own "it" is the object of the event it replaces, 614.1a)
  const rest = effects.slice(i).filter((e) => !('create_replacement' in e));
  return /"it"|:it"/.test(JSON.stringify(rest)) || (rest.length > 0 && itAfterGroup(rest));
}

function isMark(v: object): v is TargetMark {
  const keys = Object.keys(v);
  return keys.every((k) => k === 'target' || k === 'count' || k === 'per') && typeof (v as TargetMark).target === 'string';
}

/** "Exile target creature. Its controller gains ...": after an instruction on one target, "it" is that target. */
/** Whether a trigger's event has an object other than the ability's source (a player's event or a step has none). */
function aboutAnotherObject(when: Dsl): boolean {
  const [event, object] = Object.entries(when)[0] ?? [];
  if (event === 'any_of') return (object as Dsl[]).some(aboutAnotherObject);
  return !['step', 'state', 'gain_life', 'draw', 'discard'].includes(event ?? '') && object !== 'self';
}

/**
 * 702.33g / 601.2c: the targets a spell's instructions name only inside "if this spell was kicked"
 * (`if: {kicked: true}`, its `do`), which are chosen only when the spell is kicked.
 */
function kickedOnlyTargets(effects: Dsl[], names: string[]): Set<string> {
  const used = new Map<string, boolean>(); // name -> used outside a kicked branch too
  const walk = (v: unknown, inKicked: boolean): void => {
    if (typeof v === 'string') {
      const name = /^(?:.*:)?([^:]+)$/.exec(v)?.[1];
      if (name !== undefined && names.includes(name)) used.set(name, (used.get(name) ?? false) || !inKicked);
      return;
    }
    if (Array.isArray(v)) { for (const x of v) walk(x, inKicked); return; }
    if (!v || typeof v !== 'object') return;
    const kickedIf = isKickedCondition((v as Dsl).if);
    for (const [k, x] of Object.entries(v)) walk(x, inKicked || (kickedIf && k === 'do'));
  };
  walk(effects, false);
  return new Set([...used].filter(([, outside]) => !outside).map(([n]) => n));
}

/** `{kicked: true}`: "if this spell was kicked" (not "if that spell was kicked", which has `of`). */
function isKickedCondition(c: unknown): boolean {
  return !!c && typeof c === 'object' && !Array.isArray(c) && Object.keys(c).length === 1 && (c as Dsl).kicked === true;
}

/** A lowercase "it deals" is the ability's source outside the triggers `triggered` refuses: the mark goes. */
function itDealsAsSource(body: Dsl[]): Dsl[] {
  // one object met twice (a target named again, as in "... instead") stays one object: a target is known by its identity
  const done = new Map<object, unknown>();
  const strip = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(strip);
    if (!v || typeof v !== 'object') return v;
    if (!done.has(v)) done.set(v, Object.fromEntries(Object.entries(v).filter(([k]) => k !== IT_DEALS).map(([k, x]) => [k, strip(x)])));
    return done.get(v);
  };
  return JSON.stringify(body).includes(IT_DEALS) ? strip(body) as Dsl[] : body;
}

/** "It deals ..." opening the first instruction is the source's damage; later, it is read only when "it"
 * became a target an earlier instruction acted on (`itIsTarget`): what else it would name stays unread
 * (the mark stays). */
function itDealsUnnamed(effects: Dsl[]): Dsl[] {
  return effects.map((e, i) => {
    if (!(IT_OPENS in e)) return e;
    const { [IT_OPENS]: _, from, ...rest } = e;
    if (i === 0) return rest;
    return typeof from === 'string' && /^t\d*$/.test(from) ? { ...rest, from } : e;
  });
}

/** "Exile target creature. Its controller gains ...": after an instruction on one target (or on the
 * source itself, `sourceStays`), "it" is that object. */
function itIsTarget(effects: Dsl[]): Dsl[] {
  let target: string | undefined;
  return effects.map((e0) => {
    const e = target ? renameIt(e0, target) : e0;
    // "Counter target spell unless its controller pays {X}. ... that spell's controller": the spell the "unless" is about
    const inner = 'unless' in e && Array.isArray(e.do) && e.do.length === 1 && 'counter' in (e.do[0] as Dsl) ? e.do[0] as Dsl : e;
    const acted = ['put_counters', 'pump', 'grant'].some((v) => v in inner) ? inner.affected : ['destroy', 'exile', 'gain_control', 'tap', 'untap', 'counter'].map((v) => inner[v]).find((v) => v !== undefined);
    if (acted !== undefined) target = typeof acted === 'string' && (/^t\d*$/.test(acted) || sourceStays(inner, acted)) ? acted : undefined;
    return e;
  });
}

/** "Put a +1/+1 counter on CARDNAME. It gains hexproof until end of turn", "Untap CARDNAME. It gains
 * shroud ...": after an instruction that leaves the source where it is, "it" is the source (608.2c);
 * after one that moves it, "it" would be the new object it became (400.7), which `self` doesn't name. */
function sourceStays(e: Dsl, acted: string): boolean {
  return acted === 'self' && ['put_counters', 'pump', 'grant', 'tap', 'untap'].some((v) => v in e);
}

/** The effect with its references to `it` ("its power", "its controller") made to name `to`. */
function renameIt(e: Dsl, to: string): Dsl {
  // a delayed trigger has no targets (603.7): it is about that object, and its own "it" names it
  if ('delayed' in e) return e.about === 'it' ? { ...e, about: to } : e;
  // an ability given in quotes has its own "it" (the object its own trigger is about)
  if ('with' in e) {
    const { with: given, ...rest } = e;
    return { ...renameIt(rest, to), with: given };
  }
  return JSON.parse(JSON.stringify(e).replace(/"it"/g, JSON.stringify(to)).replace(/"(controller_of|owner_of):it"/g, `"$1:${to}"`)) as Dsl;
}

function affected(who: string | { filter: string }): string {
  return typeof who === 'string' ? who : who.filter;
}

/** "They can't be regenerated" (701.15c): marks every destruction in these instructions, nested ones
 * too ("Destroy target creature if it's white"); returns how many there were. */
function noRegenerate(list: Dsl[]): number {
  let n = 0;
  for (const e of list) {
    if ('destroy' in e) { e.no_regenerate = true; n++; }
    for (const v of Object.values(e)) if (Array.isArray(v) && v.every((x) => typeof x === 'object' && x !== null && !Array.isArray(x))) n += noRegenerate(v as Dsl[]);
  }
  return n;
}

/**
 * Mana "for each storage counter removed this way" (or "X mana ...") is the number chosen for the
 * cost's "any number of" or X (107.3): read only when the cost removes that many counters of that
 * kind; the instruction then says `times: X`.
 */
function removedCountersFit(cost: string, body: Dsl[]): boolean {
  const text = JSON.stringify(body);
  const removal = /\bRemove (?:X|any number of) (\S+) counters\b/i.exec(cost);
  if (text.includes('"add_any_color":"X"') && !removal && !cost.includes('{X}')) return false;
  for (const e of body) {
    const times = typeof e === 'object' && e !== null && !Array.isArray(e) ? (e as { times?: unknown }).times : undefined;
    if (typeof times !== 'string' || !times.startsWith('removed:')) continue;
    const kind = times.slice('removed:'.length);
    if (!removal || (kind !== '' && kind !== removal[1]!.toLowerCase())) return false;
    (e as { times: string }).times = 'X';
  }
  return !JSON.stringify(body).includes('"removed:');
}

/** After a trigger on the source leaving the battlefield, an instruction moving "CARDNAME" (also
 * after "you may") moves the card in its new zone, the DSL's `it` (400.7, 603.10a). */
function movedCardIsIt(e: Dsl): Dsl {
  if (Array.isArray(e.may)) return { ...e, may: (e.may as Dsl[]).map(movedCardIsIt) };
  return MOVES.some((v) => e[v] === 'self') ? Object.fromEntries(Object.entries(e).map(([k, x]) => [k, MOVES.includes(k) && x === 'self' ? 'it' : x])) : e;
}
