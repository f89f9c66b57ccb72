// A quick reader for the plain part of YAML that scenarios and card files are written in: block
// maps and lists, flow collections (on one line, or broken after a bracket or a comma), quoted and
// plain one-line scalars, `|` and `>` block scalars, comments, and the core schema's values. It
// answers only when it is sure to agree with the full parser (the `yaml` package, YAML 1.2, core
// schema, unique keys): at anything else it gives up (returns null) and the caller reads the text the
// full way, which also reports every problem.
// Beside the value it keeps where each node starts, so positions cost nothing more to find.

/** Where a node starts (an offset, -1 when unknown) and, for collections, where its parts start. */
export interface Spot {
  at: number;
  /** A map's keys in order, as the strings they become in JavaScript. */
  keys?: string[];
  keyAt?: number[];
  /** A map's values or a list's items. */
  kids?: Spot[];
}

export interface FastRead {
  value: unknown;
  spot: Spot;
  /** The offset each line starts at. */
  lineStarts: number[];
}

interface Node { value: unknown; spot: Spot }
interface Key { name: string; at: number; after: number }
interface Flow { node: Node; end: number }

/** Thrown (without a stack) to leave the reader when the text is beyond what it reads for sure. */
const GIVE_UP = Symbol('give up');
function giveUp(): never {
  throw GIVE_UP;
}

/** Characters the fast reader leaves to the full parser wherever they are. */
const ODD_CHARS = /[\t\r\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ufeff\u2028\u2029]/;
const SPACE = 32;
const HASH = 35;
const COLON = 58;
const DASH = 45;
/** Characters that can't start a plain scalar here (`-` is handled on its own). */
const INDICATORS = charTable('-?:,[]{}#&*!|>\'"%@`');
const FLOW_INDICATORS = charTable(',[]{}');
/** The longest key the reader accepts (the full parser refuses implicit keys over 1024). */
const MAX_KEY = 1000;

/** Whether a line starting at p starts with a document marker (`---`, `...`) or a directive (`%`). */
function marker(text: string, p: number): boolean {
  const c = text.charCodeAt(p);
  if (c === 37) return true;
  return (c === DASH || c === 46) && text.charCodeAt(p + 1) === c && text.charCodeAt(p + 2) === c;
}

/** A lookup table of ASCII characters (a set of codes, read faster than a Set). */
function charTable(chars: string): { has(code: number): boolean } {
  const table = new Uint8Array(128);
  for (const c of chars) table[c.charCodeAt(0)] = 1;
  return { has: (code) => code < 128 && table[code] === 1 };
}

/**
 * Plain keys read before, by a hash of the text they are written as: a key's name is sliced out and
 * resolved once, not again at each map that has it (and, the same string each time, it is a
 * property name the engine already knows). Short keys only; emptied when full.
 */
const KEY_NAMES = new Map<number, { raw: string; name: string | null }>();
const KEY_NAMES_MAX = 4096;
const CACHED_KEY_LENGTH = 64;

/** Reads the text, or null when it is not sure to read it as the full parser would. */
export function readFast(text: string, maxDepth: number): FastRead | null {
  if (ODD_CHARS.test(text)) return null;
  try {
    const reader = new FastReader(text, maxDepth >> 1);
    const node = reader.document();
    return { value: node.value, spot: node.spot, lineStarts: reader.starts };
  } catch (e) {
    if (e === GIVE_UP) return null;
    throw e;
  }
}

/** The offset a key path points to (its key when `atKey`), as yamlpos.locate walks; -1 if unknown. */
export function spotOffset(root: Spot, path: readonly PropertyKey[], atKey: boolean): number {
  let node = root;
  let last = root.at;
  for (let i = 0; i < path.length; i++) {
    const seg = path[i]!;
    if (node.keys) {
      const k = node.keys.indexOf(String(seg));
      if (k < 0) break;
      if (i === path.length - 1 && atKey) return node.keyAt![k]!;
      node = node.kids![k]!;
    } else if (node.kids && typeof seg === 'number') {
      const item = node.kids[seg];
      if (item === undefined) break;
      node = item;
    } else {
      break;
    }
    last = node.at;
  }
  return last;
}

/** Line and column (both from 1) of an offset, as the parser's LineCounter gives them. */
export function linePos(lineStarts: readonly number[], offset: number): { line: number; col: number } {
  let low = 0;
  let high = lineStarts.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (lineStarts[mid]! < offset) low = mid + 1;
    else high = mid;
  }
  if (lineStarts[low] === offset) return { line: low + 1, col: 1 };
  if (low === 0) return { line: 0, col: offset };
  return { line: low, col: offset - lineStarts[low - 1]! + 1 };
}

const NULL = /^(?:~|[Nn]ull|NULL)?$/;
const BOOL = /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/;
const OCT = /^0o[0-7]+$/;
const INT = /^[-+]?[0-9]+$/;
const HEX = /^0x[0-9a-fA-F]+$/;
const INF_NAN = /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/;
const EXP = /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/;
const FLOAT = /^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/;
/** What a value not starting with one of these characters can't be but a string. */
const MAYBE_NOT_STRING = charTable('-+.~0123456789nNtTfF');

/** A plain scalar's value under the core schema, trying its types in the schema's order. */
export function resolvePlain(s: string): unknown {
  if (s === '') giveUp();
  if (!MAYBE_NOT_STRING.has(s.charCodeAt(0))) return s;
  if (NULL.test(s)) return null;
  if (BOOL.test(s)) return s[0] === 't' || s[0] === 'T';
  if (OCT.test(s)) return parseInt(s.slice(2), 8);
  if (INT.test(s)) return parseInt(s, 10);
  if (HEX.test(s)) return parseInt(s.slice(2), 16);
  if (INF_NAN.test(s)) return s.slice(-3).toLowerCase() === 'nan' ? NaN : s[0] === '-' ? -Infinity : Infinity;
  if (EXP.test(s) || FLOAT.test(s)) return parseFloat(s);
  return s;
}

/** The text without the spaces at its end (only spaces: other white space is content). */
function trimSpaces(s: string): string {
  let end = s.length;
  while (end > 0 && s.charCodeAt(end - 1) === SPACE) end--;
  return end === s.length ? s : s.slice(0, end);
}

const ESCAPES: Record<string, string> = {
  '0': '\0', a: '\x07', b: '\b', e: '\x1b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v',
  N: '\u0085', _: '\u00a0', L: '\u2028', P: '\u2029', ' ': ' ', '"': '"', '/': '/', '\\': '\\',
};
const HEX_DIGITS: Record<string, number> = { x: 2, u: 4, U: 8 };

class FastReader {
  readonly starts: number[] = [];
  private readonly ends: number[] = [];
  /** The spaces each line starts with. */
  private readonly indents: number[] = [];
  /** The first line not yet read. */
  private ln = 0;
  /** The line a flow collection being read has reached, and the indentation its lines must pass. */
  private fln = 0;
  private flowParent = 0;

  constructor(private readonly text: string, private readonly maxDepth: number) {
    let start = 0;
    for (;;) {
      const nl = text.indexOf('\n', start);
      const end = nl < 0 ? text.length : nl;
      let i = start;
      while (i < end && text.charCodeAt(i) === SPACE) i++;
      if (i === start && i < end && marker(text, start)) giveUp();
      this.starts.push(start);
      this.ends.push(end);
      this.indents.push(i - start);
      if (nl < 0) break;
      start = nl + 1;
    }
  }

  document(): Node {
    const first = this.nextContent(0);
    if (first >= this.starts.length) giveUp();
    const node = this.block(first, this.indents[first]!, 0, -1, false);
    if (this.nextContent(this.ln) < this.starts.length) giveUp();
    return node;
  }

  // ---------------------------------------------------------------- lines

  /** True when line i holds only spaces or a comment. */
  private idle(i: number): boolean {
    const p = this.starts[i]! + this.indents[i]!;
    return p === this.ends[i] || this.text.charCodeAt(p) === HASH;
  }

  private blank(i: number): boolean {
    return this.starts[i]! + this.indents[i]! === this.ends[i];
  }

  /** The first line from i on with something other than spaces or a comment. */
  private nextContent(i: number): number {
    while (i < this.starts.length && this.idle(i)) i++;
    return i;
  }

  private skipSpaces(p: number, end: number): number {
    while (p < end && this.text.charCodeAt(p) === SPACE) p++;
    return p;
  }

  /** True when from p to the line's end there are only spaces, then maybe a comment. */
  private restIsComment(p: number, end: number): boolean {
    const q = this.skipSpaces(p, end);
    return q === end || (q > p && this.text.charCodeAt(q) === HASH);
  }

  /** A `- ` (or a lone `-`) at p starts a list item. */
  private isDash(p: number, ln: number): boolean {
    if (this.text.charCodeAt(p) !== DASH) return false;
    return p + 1 === this.ends[ln] || this.text.charCodeAt(p + 1) === SPACE;
  }

  /** After a one-line value, a more indented line would continue it: left to the full parser. */
  private endOfValue(ln: number, parent: number): void {
    this.ln = ln + 1;
    const next = this.nextContent(this.ln);
    if (next < this.starts.length && this.indents[next]! > parent) giveUp();
  }

  // ---------------------------------------------------------------- block structure

  /** The node whose text starts at column col of line ln; `parent` is the enclosing indentation. */
  private block(ln: number, col: number, depth: number, parent: number, sameLine: boolean): Node {
    const p = this.starts[ln]! + col;
    if (this.isDash(p, ln)) return this.seq(ln, col, depth + 1);
    const key = this.key(p, ln);
    if (key) return this.map(ln, col, key, depth + 1);
    return this.inline(ln, p, parent, depth, sameLine);
  }

  private map(ln: number, col: number, first: Key, depth: number): Node {
    if (depth > this.maxDepth) giveUp();
    const value: Record<string, unknown> = {};
    const spot = { at: first.at, keys: [] as string[], keyAt: [] as number[], kids: [] as Spot[] };
    let key = first;
    for (;;) {
      if (key.name === '__proto__' || key.name === '<<' || Object.hasOwn(value, key.name)) giveUp();
      const v = this.entryValue(ln, key.after, col, depth);
      value[key.name] = v.value;
      spot.keys.push(key.name);
      spot.keyAt.push(key.at);
      spot.kids.push(v.spot);
      const next = this.nextContent(this.ln);
      if (next >= this.starts.length || this.indents[next]! < col) break;
      if (this.indents[next]! > col) giveUp();
      const k = this.key(this.starts[next]! + col, next);
      if (!k) giveUp();
      ln = next;
      key = k;
    }
    return { value, spot };
  }

  /** The value after `key:` (from offset `after`), on the same line or the lines below. */
  private entryValue(ln: number, after: number, col: number, depth: number): Node {
    const end = this.ends[ln]!;
    const p = this.skipSpaces(after, end);
    if (p < end && this.text.charCodeAt(p) !== HASH) return this.inline(ln, p, col, depth, true);
    return this.below(ln + 1, col, depth, true);
  }

  /** A value on the lines below its key or dash: more indented, or a list level with its key. */
  private below(from: number, col: number, depth: number, underKey: boolean): Node {
    const next = this.nextContent(from);
    if (next < this.starts.length) {
      const ind = this.indents[next]!;
      if (ind > col) return this.block(next, ind, depth, col, false);
      if (underKey && ind === col && this.isDash(this.starts[next]! + col, next)) return this.seq(next, col, depth + 1);
    }
    this.ln = from;
    // an empty value: where the parser places it is left to the parser
    return { value: null, spot: { at: -1 } };
  }

  private seq(ln: number, col: number, depth: number): Node {
    if (depth > this.maxDepth) giveUp();
    const value: unknown[] = [];
    const kids: Spot[] = [];
    const spot = { at: this.starts[ln]! + col, kids };
    for (;;) {
      const v = this.item(ln, col, depth);
      value.push(v.value);
      kids.push(v.spot);
      const next = this.nextContent(this.ln);
      if (next >= this.starts.length || this.indents[next]! < col) break;
      if (this.indents[next]! > col) giveUp();
      if (!this.isDash(this.starts[next]! + col, next)) break;
      ln = next;
    }
    return { value, spot };
  }

  private item(ln: number, col: number, depth: number): Node {
    const end = this.ends[ln]!;
    const p = this.skipSpaces(this.starts[ln]! + col + 1, end);
    if (p < end && this.text.charCodeAt(p) !== HASH) return this.block(ln, p - this.starts[ln]!, depth, col, true);
    return this.below(ln + 1, col, depth, false);
  }

  /** A key and its colon at p, or null when the line is not a map entry. */
  private key(p: number, ln: number): Key | null {
    const t = this.text;
    const end = this.ends[ln]!;
    const c = t.charCodeAt(p);
    if (c === 34 || c === 39) {
      const q = this.quoted(p, end);
      const colon = this.skipSpaces(q.end, end);
      if (!this.isColon(colon, end)) return null;
      if (q.value.length > MAX_KEY) giveUp();
      return { name: q.value, at: p, after: colon + 1 };
    }
    if (INDICATORS.has(c)) return null;
    const colon = this.keyColon(p, end);
    if (colon < 0) return null;
    const name = this.plainKey(p, colon);
    if (name === null) giveUp();
    return { name, at: p, after: colon + 1 };
  }

  /** The name of the plain key written from p to e (spaces at its end aside); null for a null key. */
  private plainKey(p: number, e: number): string | null {
    const t = this.text;
    while (e > p && t.charCodeAt(e - 1) === SPACE) e--;
    const short = e - p <= CACHED_KEY_LENGTH;
    let h = e - p;
    if (short) for (let i = p; i < e; i++) h = (Math.imul(h, 31) + t.charCodeAt(i)) | 0;
    const known = short ? KEY_NAMES.get(h) : undefined;
    if (known && known.raw.length === e - p && t.startsWith(known.raw, p)) return known.name;
    const raw = t.slice(p, e);
    // (a flow key can't hold these brackets or commas: its end is before them)
    if (raw.length > MAX_KEY || /[[\]{},]/.test(raw)) giveUp();
    const v = resolvePlain(raw);
    const name = v === null ? null : String(v);
    if (short) {
      if (KEY_NAMES.size >= KEY_NAMES_MAX) KEY_NAMES.clear();
      KEY_NAMES.set(h, { raw, name });
    }
    return name;
  }

  /** A `:` at p followed by a space or the line's end. */
  private isColon(p: number, end: number): boolean {
    return this.text.charCodeAt(p) === COLON && (p + 1 === end || this.text.charCodeAt(p + 1) === SPACE);
  }

  /** The colon ending a plain key that starts at p, or -1 (none, or a comment comes first). */
  private keyColon(p: number, end: number): number {
    const t = this.text;
    for (let i = p; i < end; i++) {
      const c = t.charCodeAt(i);
      if (c === COLON && (i + 1 === end || t.charCodeAt(i + 1) === SPACE)) return i;
      if (c === HASH && t.charCodeAt(i - 1) === SPACE) return -1;
    }
    return -1;
  }

  // ---------------------------------------------------------------- one-line values

  /** A scalar or flow collection starting at p, the rest of its line a comment at most. */
  private inline(ln: number, p: number, parent: number, depth: number, sameLine: boolean): Node {
    const t = this.text;
    const end = this.ends[ln]!;
    const c = t.charCodeAt(p);
    if (c === 124 || c === 62) {
      if (!sameLine) giveUp();
      return this.blockScalar(ln, p, parent);
    }
    let node: Node;
    let stop: number;
    if (c === 91 || c === 123) {
      this.fln = ln;
      this.flowParent = parent;
      const f = this.flow(p, end, depth + 1);
      node = f.node;
      stop = f.end;
      if (this.fln !== ln) return this.flowEnd(this.fln, stop, parent, node);
    } else if (c === 34 || c === 39) {
      const q = this.quoted(p, end);
      node = { value: q.value, spot: { at: p } };
      stop = q.end;
    } else {
      node = { value: this.plain(p, end), spot: { at: p } };
      stop = end;
    }
    if (!this.restIsComment(stop, end)) giveUp();
    this.endOfValue(ln, parent);
    return node;
  }

  /** The end of a flow collection written over several lines, on line ln at stop. */
  private flowEnd(ln: number, stop: number, parent: number, node: Node): Node {
    if (!this.restIsComment(stop, this.ends[ln]!)) giveUp();
    this.endOfValue(ln, parent);
    return node;
  }

  /** True when a plain scalar may start at p. */
  private plainStart(p: number, end: number, inFlow: boolean): boolean {
    const c = this.text.charCodeAt(p);
    if (p >= end) return false;
    if (!INDICATORS.has(c)) return true;
    if (c !== DASH || p + 1 >= end) return false;
    const d = this.text.charCodeAt(p + 1);
    return d !== SPACE && !(inFlow && FLOW_INDICATORS.has(d));
  }

  /** A plain scalar in block context, from p to a comment or the line's end. */
  private plain(p: number, end: number): unknown {
    if (!this.plainStart(p, end, false)) giveUp();
    let stop = p;
    while (stop < end && !(this.text.charCodeAt(stop) === HASH && this.text.charCodeAt(stop - 1) === SPACE)) stop++;
    const raw = trimSpaces(this.text.slice(p, stop));
    if (raw.includes(': ') || raw.endsWith(':')) giveUp();
    return resolvePlain(raw);
  }

  private quoted(p: number, end: number): { value: string; end: number } {
    return this.text.charCodeAt(p) === 39 ? this.singleQuoted(p, end) : this.doubleQuoted(p, end);
  }

  private singleQuoted(p: number, end: number): { value: string; end: number } {
    let out = '';
    let i = p + 1;
    for (;;) {
      const q = this.text.indexOf("'", i);
      if (q < 0 || q >= end) giveUp();
      out += this.text.slice(i, q);
      if (this.text.charCodeAt(q + 1) !== 39) return { value: out, end: q + 1 };
      out += "'";
      i = q + 2;
    }
  }

  private doubleQuoted(p: number, end: number): { value: string; end: number } {
    const t = this.text;
    let out = '';
    let i = p + 1;
    while (i < end) {
      const c = t.charCodeAt(i);
      if (c === 34) return { value: out, end: i + 1 };
      if (c === 92) {
        const e = this.escape(i, end);
        out += e.text;
        i = e.next;
        continue;
      }
      let j = i + 1;
      while (j < end && t.charCodeAt(j) !== 34 && t.charCodeAt(j) !== 92) j++;
      out += t.slice(i, j);
      i = j;
    }
    giveUp();
  }

  /** The escape sequence at i (a backslash) in a double-quoted scalar. */
  private escape(i: number, end: number): { text: string; next: number } {
    const ch = this.text[i + 1];
    if (i + 1 >= end || ch === undefined) giveUp();
    const simple = ESCAPES[ch];
    if (simple !== undefined && Object.hasOwn(ESCAPES, ch)) return { text: simple, next: i + 2 };
    const n = HEX_DIGITS[ch];
    if (n === undefined || !Object.hasOwn(HEX_DIGITS, ch) || i + 2 + n > end) giveUp();
    const digits = this.text.slice(i + 2, i + 2 + n);
    if (!/^[0-9a-fA-F]+$/.test(digits)) giveUp();
    const code = parseInt(digits, 16);
    if (code > 0x10ffff) giveUp();
    return { text: String.fromCodePoint(code), next: i + 2 + n };
  }

  // ---------------------------------------------------------------- flow collections

  private flow(p: number, end: number, depth: number): Flow {
    if (depth > this.maxDepth) giveUp();
    return this.text.charCodeAt(p) === 91 ? this.flowSeq(p, end, depth) : this.flowMap(p, end, depth);
  }

  private flowSeq(p: number, end: number, depth: number): Flow {
    const value: unknown[] = [];
    const kids: Spot[] = [];
    const node = { value, spot: { at: p, kids } };
    let i = this.gap(p + 1);
    if (this.text.charCodeAt(i) === 93) return { node, end: i + 1 };
    for (;;) {
      end = this.ends[this.fln]!;
      const item = this.flowItem(i, end, depth);
      value.push(item.node.value);
      kids.push(item.node.spot);
      i = this.skipSpaces(item.end, this.ends[this.fln]!);
      const c = this.text.charCodeAt(i);
      if (c === 93) return { node, end: i + 1 };
      if (c !== 44) giveUp();
      i = this.gap(i + 1);
    }
  }

  private flowMap(p: number, end: number, depth: number): Flow {
    const value: Record<string, unknown> = {};
    const spot = { at: p, keys: [] as string[], keyAt: [] as number[], kids: [] as Spot[] };
    const node = { value, spot };
    let i = this.gap(p + 1);
    if (this.text.charCodeAt(i) === 125) return { node, end: i + 1 };
    for (;;) {
      end = this.ends[this.fln]!;
      const key = this.flowKey(i, end);
      if (key.name === '__proto__' || key.name === '<<' || Object.hasOwn(value, key.name)) giveUp();
      const v = this.flowItem(this.skipSpaces(key.after, end), end, depth);
      value[key.name] = v.node.value;
      spot.keys.push(key.name);
      spot.keyAt.push(key.at);
      spot.kids.push(v.node.spot);
      i = this.skipSpaces(v.end, this.ends[this.fln]!);
      const c = this.text.charCodeAt(i);
      if (c === 125) return { node, end: i + 1 };
      if (c !== 44) giveUp();
      i = this.gap(i + 1);
    }
  }

  /**
   * Where the next part of a flow collection starts after an opening bracket or a comma at p: on the
   * same line, or at the start of the next line when this one ends there. The next line must be
   * written more indented than the collection's parent, with no comment or blank line between.
   */
  private gap(p: number): number {
    const end = this.ends[this.fln]!;
    const i = this.skipSpaces(p, end);
    if (i < end) return i;
    const next = this.fln + 1;
    if (next >= this.starts.length || this.idle(next) || this.indents[next]! <= this.flowParent) giveUp();
    this.fln = next;
    return this.starts[next]! + this.indents[next]!;
  }

  /** A key of a flow map and its colon: `: ` after a plain key, or `:` after a quoted one. */
  private flowKey(p: number, end: number): Key {
    const c = this.text.charCodeAt(p);
    let name: string;
    let colon: number;
    if (c === 34 || c === 39) {
      const q = this.quoted(p, end);
      name = q.value;
      colon = this.skipSpaces(q.end, end);
    } else {
      colon = this.flowPlainEnd(p, end);
      const plain = this.plainKey(p, colon);
      if (plain === null || this.text.charCodeAt(colon + 1) !== SPACE) giveUp();
      name = plain;
    }
    if (name.length > MAX_KEY || this.text.charCodeAt(colon) !== COLON) giveUp();
    return { name, at: p, after: colon + 1 };
  }

  private flowItem(p: number, end: number, depth: number): Flow {
    const c = this.text.charCodeAt(p);
    if (c === 91 || c === 123) return this.flow(p, end, depth + 1);
    if (c === 34 || c === 39) {
      const q = this.quoted(p, end);
      return { node: { value: q.value, spot: { at: p } }, end: q.end };
    }
    const j = this.flowPlainEnd(p, end);
    if (this.text.charCodeAt(j) === COLON) giveUp();
    return { node: { value: resolvePlain(trimSpaces(this.text.slice(p, j))), spot: { at: p } }, end: j };
  }

  /**
   * Where a plain scalar starting at p inside a flow collection ends: at a flow indicator, or at a
   * colon followed by a space, an indicator or the line's end. A comment there is left to the parser.
   */
  private flowPlainEnd(p: number, end: number): number {
    const t = this.text;
    if (!this.plainStart(p, end, true)) giveUp();
    for (let j = p; j < end; j++) {
      const c = t.charCodeAt(j);
      if (FLOW_INDICATORS.has(c)) return j;
      if (c === COLON && (j + 1 === end || t.charCodeAt(j + 1) === SPACE || FLOW_INDICATORS.has(t.charCodeAt(j + 1)))) return j;
      if (c === HASH && t.charCodeAt(j - 1) === SPACE) giveUp();
    }
    return end;
  }

  // ---------------------------------------------------------------- block scalars

  /** A `|` or `>` scalar whose header is at p; its lines are more indented than `parent`. */
  private blockScalar(ln: number, p: number, parent: number): Node {
    const t = this.text;
    const folded = t.charCodeAt(p) === 62;
    const sign = t.charCodeAt(p + 1);
    const chomp = sign === DASH ? 'strip' : sign === 43 ? 'keep' : 'clip';
    if (!this.restIsComment(chomp === 'clip' ? p + 1 : p + 2, this.ends[ln]!)) giveUp();
    const first = ln + 1;
    if (first >= this.starts.length || this.blank(first) || this.indents[first]! <= parent) giveUp();
    const { lines, gaps, trailing } = this.scalarLines(first, folded);
    let body = folded ? fold(lines, gaps) : literal(lines, gaps);
    if (chomp !== 'strip') body += '\n';
    if (chomp === 'keep') body += '\n'.repeat(trailing);
    return { value: body, spot: { at: p } };
  }

  /** The content lines of a block scalar, the blank lines before each, and the blank lines after. */
  private scalarLines(first: number, folded: boolean): { lines: string[]; gaps: number[]; trailing: number } {
    const indent = this.indents[first]!;
    const lines: string[] = [];
    const gaps: number[] = [];
    let blanks = 0;
    let i = first;
    for (; i < this.starts.length; i++) {
      const width = this.ends[i]! - this.starts[i]!;
      if (this.indents[i] === width) {
        if (width > indent) giveUp();
        blanks++;
        continue;
      }
      if (this.indents[i]! < indent) break;
      if (folded && this.indents[i]! > indent) giveUp();
      lines.push(this.text.slice(this.starts[i]! + indent, this.ends[i]));
      gaps.push(blanks);
      blanks = 0;
      if (this.ends[i] === this.text.length) giveUp();
    }
    // at the end, the empty piece after the text's last line break is no line
    if (i === this.starts.length) {
      if (!this.text.endsWith('\n')) giveUp();
      blanks--;
    }
    this.ln = i;
    return { lines, gaps, trailing: blanks };
  }
}

function literal(lines: string[], gaps: number[]): string {
  let out = '';
  for (let k = 0; k < lines.length; k++) out += (k ? '\n'.repeat(gaps[k]! + 1) : '') + lines[k];
  return out;
}

/** Folding: a single line break between lines becomes a space, n blank lines become n breaks. */
function fold(lines: string[], gaps: number[]): string {
  let out = '';
  for (let k = 0; k < lines.length; k++) out += (k ? (gaps[k] ? '\n'.repeat(gaps[k]!) : ' ') : '') + lines[k];
  return out;
}
