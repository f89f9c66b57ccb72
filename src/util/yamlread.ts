// Reading YAML safely: the formats of ruling are YAML 1.2 with the core schema's values only, and a
// file is input from anyone, so what a parser would accept but a user can't have meant, or what
// could exhaust memory or the stack, is an error with its position: other YAML versions, custom or
// unresolvable tags, aliases before their anchor or in excess (expansion attacks), empty keys, and
// nesting beyond any real scenario.

import { isAlias, isNode, isPair, isScalar, LineCounter, parseDocument, visit, type Document } from 'yaml';
import { linePos, readFast, spotOffset, type FastRead } from './yamlfast.js';
import { locate, type Position } from './yamlpos.js';

export interface YamlLimits {
  /** The most aliases (`*name`) a file may use. */
  maxAliases: number;
  /** The deepest nesting of maps and lists. */
  maxDepth: number;
}

export const DEFAULT_YAML_LIMITS: YamlLimits = { maxAliases: 100, maxDepth: 64 };

export interface YamlProblem {
  line: number;
  col: number;
  message: string;
}

export interface ReadYaml {
  /** The parsed document (made on first use when the fast reader read the text). */
  readonly doc: Document;
  readonly lc: LineCounter;
  /** The plain value, when there is no problem. */
  value: unknown;
  problems: YamlProblem[];
  /** Where a key path points: at its key when `atKey`, else at its value (see yamlpos.locate). */
  locate(path: readonly PropertyKey[], atKey?: boolean): Position;
  /** True when no map or list is in the value twice (the fast reader reads no alias). */
  tree?: boolean;
}

function nodeStart(node: unknown): number {
  return isNode(node) && node.range ? node.range[0] : 0;
}

/** The parser's own message, in words that don't leak its internals. */
function parserMessage(message: string): string {
  const first = message.split('\n')[0]!;
  if (/call stack/i.test(first)) return 'the YAML is nested too deeply to read';
  return first;
}

/** Problems the parser only warns about, and the checks of a walk over the document. */
function inspect(doc: Document, limits: YamlLimits, at: (offset: number) => { line: number; col: number }): YamlProblem[] {
  const problems: YamlProblem[] = [];
  const add = (offset: number, message: string) => problems.push({ ...at(offset), message });
  const version = doc.directives?.yaml;
  if (version?.explicit && version.version !== '1.2') add(0, `%YAML ${version.version}: the format is YAML 1.2; remove the %YAML line`);
  for (const w of doc.warnings) {
    const tag = /Unresolved tag: (.*)$/.exec(w.message.split('\n')[0]!);
    if (tag) add(w.pos[0], `the tag ${tag[1]!.replace('tag:yaml.org,2002:', '!!')} isn't allowed: write plain values (YAML 1.2 core schema)`);
    else add(w.pos[0], `YAML: ${parserMessage(w.message)}`);
  }
  const anchors = new Set<string>();
  let aliases = 0;
  let tooDeep = false;
  visit(doc, (_key, node, path) => {
    if (!tooDeep && path.length > limits.maxDepth * 2) {
      tooDeep = true;
      add(nodeStart(node), `nested more than ${limits.maxDepth} levels deep`);
      return visit.BREAK;
    }
    if (isNode(node) && node.anchor) anchors.add(node.anchor);
    if (isAlias(node)) {
      aliases++;
      if (!anchors.has(node.source)) add(nodeStart(node), `the alias *${node.source} comes before its anchor &${node.source} (an anchor must be set first)`);
      if (aliases === limits.maxAliases + 1) add(nodeStart(node), `more than ${limits.maxAliases} aliases (*name) in one file`);
    }
    if (isPair(node) && (node.key === null || (isScalar(node.key) && node.key.value === null))) {
      const parent = path[path.length - 1];
      add(nodeStart(node.key ?? node.value ?? parent), 'a key is empty or null (`~`): every key needs a name');
    }
    return undefined;
  });
  return problems;
}

/**
 * The offset where flow collections (`[` and `{`) first nest deeper than `max`, or -1. Checked
 * before parsing, because the parser recurses on flow nesting and would exhaust the stack at a
 * point that depends on the stack left, not on the text. Quoted scalars and comments are skipped.
 */
function deepFlowAt(text: string, max: number): number {
  let depth = 0;
  // only these characters matter: jump from one to the next
  const signs = /["'#[\]{}]/g;
  for (let m = signs.exec(text); m; m = signs.exec(text)) {
    const i = m.index;
    const c = m[0];
    if ((c === '"' || c === "'") && (i === 0 || /[\s[{,:]/.test(text[i - 1]!))) {
      const end = text.indexOf(c, i + 1);
      if (end < 0) return -1;
      signs.lastIndex = end + 1;
    } else if (c === '#' && (i === 0 || /\s/.test(text[i - 1]!))) {
      const end = text.indexOf('\n', i);
      if (end < 0) return -1;
      signs.lastIndex = end + 1;
    } else if (c === '[' || c === '{') {
      if (++depth > max) return i;
    } else if ((c === ']' || c === '}') && depth > 0) {
      depth--;
    }
  }
  return -1;
}

/** Whether the text has more than `max` of the characters that open a flow collection. */
function openersPast(text: string, max: number): boolean {
  let n = 0;
  for (const c of ['[', '{']) {
    for (let i = text.indexOf(c); i >= 0; i = text.indexOf(c, i + 1)) if (++n > max) return true;
  }
  return false;
}

/**
 * Parses YAML text; `problems` lists every reason it can't be used, each with its position. Most
 * files are read by the fast reader, which agrees with the full parser wherever it answers; the
 * full parser reads the rest, and is run later for a file the fast reader read only if a position
 * the fast reader didn't keep, or the document itself, is asked for.
 */
export function readYaml(text: string, limits: YamlLimits = DEFAULT_YAML_LIMITS): ReadYaml {
  // flow collections can't nest deeper than there are brackets to open them
  const deep = openersPast(text, limits.maxDepth) ? deepFlowAt(text, limits.maxDepth) : -1;
  if (deep >= 0) {
    const lc = new LineCounter();
    for (let i = text.indexOf('\n'); i >= 0 && i < deep; i = text.indexOf('\n', i + 1)) lc.addNewLine(i + 1);
    const doc = parseDocument('');
    const problems = [{ ...lc.linePos(deep), message: `nested more than ${limits.maxDepth} levels deep` }];
    return { doc, lc, value: undefined, problems, locate: (path, atKey) => locate(doc, lc, path, atKey) };
  }
  const fast = readFast(text, limits.maxDepth);
  return fast ? new FastReading(text, limits, fast) : readYamlFull(text, limits);
}

/**
 * What the fast reader read, with the full parse made only when something needs it. A class: an
 * object literal with getters would keep the whole reading alive until a full garbage collection
 * (test/architecture.test.ts, shapeProblems, says why and refuses such literals).
 */
class FastReading implements ReadYaml {
  readonly value: unknown;
  readonly tree = true;
  readonly problems: YamlProblem[] = [];
  private full: ReadYaml | undefined;

  constructor(private readonly text: string, private readonly limits: YamlLimits, private readonly fast: FastRead) {
    this.value = fast.value;
  }

  get doc(): Document {
    return this.slow().doc;
  }

  get lc(): LineCounter {
    return this.slow().lc;
  }

  locate(path: readonly PropertyKey[], atKey = false): Position {
    const offset = spotOffset(this.fast.spot, path, atKey);
    return offset >= 0 ? linePos(this.fast.lineStarts, offset) : this.slow().locate(path, atKey);
  }

  private slow(): ReadYaml {
    return (this.full ??= readYamlFull(this.text, this.limits));
  }
}

/** The full parser's reading, with every check (flow nesting aside, which readYaml checks first). */
export function readYamlFull(text: string, limits: YamlLimits = DEFAULT_YAML_LIMITS): ReadYaml {
  const lc = new LineCounter();
  const at = (offset: number) => lc.linePos(offset);
  const doc = parseDocument(text, { lineCounter: lc, prettyErrors: false, uniqueKeys: true, version: '1.2', schema: 'core' });
  const problems: YamlProblem[] = doc.errors.map((e) => ({ ...at(e.pos[0]), message: `YAML: ${parserMessage(e.message)}` }));
  if (problems.length === 0) problems.push(...inspect(doc, limits, at));
  const where = (path: readonly PropertyKey[], atKey?: boolean) => locate(doc, lc, path, atKey);
  if (problems.length) return { doc, lc, value: undefined, problems, locate: where };
  try {
    return { doc, lc, value: doc.toJS({ maxAliasCount: limits.maxAliases * 10 }), problems, locate: where };
  } catch (e) {
    return { doc, lc, value: undefined, problems: [{ line: 1, col: 1, message: `YAML: ${parserMessage(e instanceof Error ? e.message : String(e))}` }], locate: where };
  }
}
