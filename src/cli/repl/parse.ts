// The REPL's line parser: one typed line is a command (`board`, `undo 2`, `save f.yaml`) or a
// timeline action, written either in words (`cast Lightning Bolt targets bears`) or as the YAML flow
// map a scenario holds (`{ cast: Lightning Bolt, targets: [bears] }`). Both become the action object
// the scenario loader builds: the words are turned into that map and checked by the same schema.

import { stringify } from 'yaml';
import { STEPS } from '../../cards/types.js';
import { actionSchema, VERBS, type ActionSpec, type Verb } from '../../scenario/schema.js';
import { didYouMean, editDistance } from '../../util/suggest.js';
import { flattenIssues } from '../../util/zod.js';
import { readYaml } from '../../util/yamlread.js';
import { formatPath } from '../../scenario/errors.js';

export const COMMANDS = ['board', 'state', 'stack', 'set', 'explain', 'card', 'rule', 'undo', 'redo', 'history', 'save', 'load', 'help', 'quit', 'exit'] as const;
export type CommandName = (typeof COMMANDS)[number];

/** The words that start a key of an action in the word form, and the action key each one sets. */
export const KEYS: Record<string, string> = {
  targets: 'targets', target: 'targets', x: 'x', modes: 'modes', mode: 'modes', alt: 'alt', additional: 'additional',
  hybrid: 'hybrid', phyrexian: 'phyrexian', divide: 'divide', face: 'face', face_down: 'face_down', pay: 'pay',
  by: 'by', ability: 'ability', illegal: 'illegal', answers: 'answers', answer: 'answer',
};

export type ParsedLine =
  | { kind: 'empty' }
  | { kind: 'command'; name: CommandName; args: string }
  | { kind: 'action'; action: ActionSpec }
  | { kind: 'error'; message: string };

class LineError extends Error {}

/** Parses one line of the REPL. */
export function parseLine(line: string): ParsedLine {
  const text = line.trim();
  if (text === '' || text.startsWith('#')) return { kind: 'empty' };
  try {
    if (text.startsWith('{') || text.startsWith('- ')) return checked(flowValue(text.replace(/^-\s+/, ''), 'the action'));
    const m = /^(\S+)\s*([\s\S]*)$/.exec(text)!;
    const word = m[1]!.toLowerCase();
    const rest = m[2]!.trim();
    if ((COMMANDS as readonly string[]).includes(word)) return { kind: 'command', name: word as CommandName, args: rest };
    const verb = word.replace(/-/g, '_');
    if ((VERBS as readonly string[]).includes(verb)) return checked(wordsToAction(verb as Verb, rest));
    const hint = didYouMean(word, [...COMMANDS, ...VERBS]);
    return { kind: 'error', message: `unknown command or action \`${m[1]}\`; ${hint || 'type `help` for the list'}` };
  } catch (e) {
    if (e instanceof LineError) return { kind: 'error', message: e.message };
    throw e;
  }
}

/** Checks the action map with the scenario schema: the object the loader would build, or its first problem. */
function checked(raw: unknown): ParsedLine {
  const r = actionSchema.safeParse(raw);
  if (r.success) return { kind: 'action', action: r.data as ActionSpec };
  const issue = flattenIssues(r.error.issues as never)[0]!;
  const where = issue.path.length ? ` (at \`${formatPath(issue.path)}\`)` : '';
  return { kind: 'error', message: `${issue.message}${where}` };
}

/** A YAML flow value (`{...}`, `[...]`), read with the scenario reader's limits. */
function flowValue(text: string, what: string): unknown {
  const r = readYaml(text);
  if (r.problems.length) throw new LineError(`${what} is not valid YAML: ${r.problems[0]!.message} (a flow map looks like \`{ cast: Lightning Bolt, targets: [bears] }\`)`);
  return r.value;
}

// ------------------------------------------------------------------ the word form

/** A piece of the line: a word, a quoted string or a bracketed flow value, with where it is. */
interface Token { text: string; start: number; end: number; quoted: boolean }

/** Splits on white space, keeping quoted strings and [...] / {...} groups whole. */
export function tokens(s: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < s.length) {
    while (i < s.length && /\s/.test(s[i]!)) i++;
    if (i >= s.length) break;
    const start = i;
    let depth = 0;
    let quote: string | null = null;
    while (i < s.length) {
      const c = s[i]!;
      if (quote) { if (c === quote) quote = null; i++; continue; }
      if (opensQuote(s, i)) quote = c;
      else if (c === '[' || c === '{') depth++;
      else if (c === ']' || c === '}') depth--;
      else if (/\s/.test(c) && depth <= 0) break;
      i++;
    }
    if (quote) throw new LineError(`a quote (${quote}) is not closed`);
    const text = s.slice(start, i);
    out.push({ text, start, end: i, quoted: /^(["']).*\1$/s.test(text) });
  }
  return out;
}

/**
 * Whether the character at `i` opens a quoted string: a quote at the start of a word or of a part
 * of a list (as in YAML); inside a word it is a letter (`Altar's Reap`).
 */
function opensQuote(s: string, i: number): boolean {
  return (s[i] === '"' || s[i] === "'") && (i === 0 || /[\s,[{:]/.test(s[i - 1]!));
}

/** Splits at top-level separators (outside quotes and brackets), trimming each part. */
export function splitTop(s: string, sep: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote: string | null = null;
  let from = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (quote) { if (c === quote) quote = null; continue; }
    if (opensQuote(s, i)) quote = c;
    else if (c === '[' || c === '{') depth++;
    else if (c === ']' || c === '}') depth--;
    else if (depth === 0 && s.startsWith(sep, i)) { parts.push(s.slice(from, i).trim()); from = i + sep.length; i += sep.length - 1; }
  }
  parts.push(s.slice(from).trim());
  return parts;
}

function unquote(s: string): string {
  const t = s.trim();
  return /^(["']).*\1$/s.test(t) ? t.slice(1, -1) : t;
}

/** The verb's own value and the `key value` pairs after it, split at key words (a quoted word is never a key). */
function segments(rest: string, verb: Verb): { head: string; keys: Array<{ key: string; value: string }> } {
  if (verb === 'note' || verb === 'expect') return { head: rest, keys: [] };
  const toks = tokens(rest);
  const allowed = keysOf(verb);
  const cut = toks.filter((t) => !t.quoted && allowed.includes(t.text));
  const head = rest.slice(0, cut[0]?.start ?? rest.length).trim();
  const keys = cut.map((t, i) => ({ key: KEYS[t.text]!, value: rest.slice(t.end, cut[i + 1]?.start ?? rest.length).trim() }));
  return { head, keys };
}

/** The key words a verb takes in the word form (the others are part of its value). */
export function keysOf(verb: Verb): string[] {
  const all = Object.keys(KEYS);
  const common = ['by', 'answers', 'answer', 'illegal'];
  if (verb === 'cast') return all.filter((k) => k !== 'ability');
  if (verb === 'activate') return all;
  if (verb === 'turn_face_up' || verb === 'suspend') return [...common, 'pay'];
  return common;
}

/** A list value: a YAML flow list, or items separated by commas. */
function listValue(v: string, key: string): unknown[] {
  if (v === '') throw new LineError(`\`${key}\` needs a value, e.g. ${EXAMPLES[key] ?? `${key} VALUE`}`);
  if (v.startsWith('[')) {
    const l = flowValue(v, `the value of \`${key}\``);
    if (!Array.isArray(l)) throw new LineError(`the value of \`${key}\` is not a list`);
    return l;
  }
  return splitTop(v, ',').filter((x) => x !== '').map((x) => {
    // a pay step written as a map; a mana symbol like {R} stays a string
    if (x.startsWith('{') && !/^(\{[^{}:]+\})+$/.test(x)) return flowValue(x, `an item of \`${key}\``);
    return unquote(x);
  });
}

const EXAMPLES: Record<string, string> = {
  targets: '`targets bears, Bob`', modes: '`modes 1, 3`', x: '`x 3`', divide: '`divide bears 2, Bob 1`', pay: '`pay Mountain, Forest`',
  additional: '`additional kicker`', hybrid: '`hybrid {R}, {2}`', phyrexian: '`phyrexian life, mana`', by: '`by Bob`', alt: '`alt flashback`',
  face: '`face Chop Down`', resolve: '`resolve 2` or `resolve all`', ability: '`ability 2` or `ability "draw a card"`', answers: '`answers [{ yes: true }]`', answer: '`answer { targets: [bears] }`',
};

function numberValue(v: string, key: string): number {
  if (!/^\d+$/.test(v)) throw new LineError(`\`${key}\` takes a whole number${v ? `, not "${v}"` : ''}, e.g. ${EXAMPLES[key] ?? `\`${key} 1\``}`);
  return Number(v);
}

/** `bears 2, Bob 1`, `bears: 2, Bob: 1`, `bears=2` or a flow map. */
function divideValue(v: string): Record<string, unknown> {
  if (v.startsWith('{')) return flowValue(v, 'the value of `divide`') as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const part of splitTop(v, ',').filter((x) => x !== '')) {
    const m = /^(.*?)\s*[:= ]\s*(\d+)$/.exec(part);
    if (!m) throw new LineError(`\`divide\` takes REF N pairs, e.g. ${EXAMPLES.divide}; "${part}" has no amount`);
    out[unquote(m[1]!)] = Number(m[2]);
  }
  return out;
}

/** One key of the word form into the action map. */
function setKey(a: Record<string, unknown>, key: string, v: string): void {
  switch (key) {
    case 'targets': case 'additional': case 'hybrid': case 'phyrexian': case 'pay':
      a[key] = listValue(v, key);
      return;
    case 'modes':
      a.modes = listValue(v, key).map((m) => numberValue(String(m), 'modes'));
      return;
    case 'x':
      a.x = numberValue(v, 'x');
      return;
    case 'divide':
      a.divide = divideValue(v);
      return;
    case 'face_down':
      a.face_down = v === '' || v === 'true' ? true : v === 'false' ? false : v;
      return;
    case 'illegal': {
      const ids = v === '' ? [] : splitTop(v, ',').map(unquote);
      a.illegal = ids.length === 0 ? true : ids.length === 1 ? ids[0] : ids;
      return;
    }
    case 'ability':
      a.ability = /^\d+$/.test(v) ? Number(v) : unquote(v);
      return;
    case 'answers':
      a.answers = [...((a.answers as unknown[]) ?? []), ...listValue(v, key)];
      return;
    case 'answer':
      if (!v.startsWith('{')) throw new LineError(`\`answer\` takes one answer as a flow map, e.g. ${EXAMPLES.answer}`);
      a.answers = [...((a.answers as unknown[]) ?? []), flowValue(v, 'the answer')];
      return;
    default:
      if (v === '') throw new LineError(`\`${key}\` needs a value, e.g. ${EXAMPLES[key] ?? `${key} VALUE`}`);
      a[key] = unquote(v);
  }
}

/** The words of a line after its verb, as the action map a scenario would hold. */
function wordsToAction(verb: Verb, rest: string): Record<string, unknown> {
  const { head, keys } = segments(rest, verb);
  const a: Record<string, unknown> = { [verb]: verbValue(verb, head) };
  for (const { key, value } of keys) {
    if (key in a && key !== 'answers' && key !== 'answer') throw new LineError(`\`${key}\` is given twice`);
    setKey(a, key, value);
  }
  return a;
}

/** The value of the verb key itself. */
function verbValue(verb: Verb, head: string): unknown {
  switch (verb) {
    case 'pass':
      if (head !== '') throw new LineError(`\`pass\` takes no value (got "${head}"); \`pass by Bob\` names who passes`);
      return null;
    case 'resolve':
      if (head === '') return null;
      if (head === 'all') return 'all';
      return numberValue(head, 'resolve');
    case 'advance':
      return stepName(head);
    case 'attack':
    case 'block':
      return head === '' ? null : combatMap(verb, head);
    case 'expect':
      if (head === '') throw new LineError('`expect` takes a checkpoint as a flow map, e.g. `expect { life: { Bob: 17 } }`');
      return flowValue(head.startsWith('{') ? head : `{ ${head} }`, 'the checkpoint');
    case 'note':
      if (head === '') throw new LineError('`note` needs the text to print, e.g. `note Bob holds priority here`');
      return head;
    default:
      if (head === '') throw new LineError(`\`${verb}\` needs something to act on, e.g. ${VERB_EXAMPLES[verb] ?? `\`${verb} NAME\``}`);
      return unquote(head);
  }
}

const VERB_EXAMPLES: Partial<Record<Verb, string>> = {
  cast: '`cast Lightning Bolt targets bears`', activate: '`activate elves` or `activate Prodigal Sorcerer targets Bob`', play: '`play Forest`',
  turn_face_up: '`turn_face_up morph`', suspend: '`suspend Rift Bolt`',
};

/** A step as the format names it; spaces and hyphens may stand for underscores, and a few everyday names are known. */
export function stepName(head: string): string {
  if (head === '') throw new LineError(`\`advance\` needs a step: ${STEPS.filter((s) => s !== 'untap' && s !== 'cleanup').join(', ')}`);
  const s = head.toLowerCase().replace(/[\s-]+/g, '_');
  return STEP_ALIASES[s] ?? s;
}

const STEP_ALIASES: Record<string, string> = {
  main: 'main1', precombat_main: 'main1', postcombat_main: 'main2', combat: 'beginning_of_combat', attackers: 'declare_attackers',
  blockers: 'declare_blockers', damage: 'combat_damage', end_step: 'end', end_of_turn: 'end',
};

/** `bears->Bob, elves->Bob` (attack) or `wall->bears, wall2->[a, b]` (block), or a flow map. */
function combatMap(verb: 'attack' | 'block', head: string): Record<string, unknown> {
  if (head.startsWith('{')) return flowValue(head, `the \`${verb}\` map`) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const part of splitTop(head, ',').filter((x) => x !== '')) {
    const [who, what, ...more] = splitTop(part, '->');
    if (what === undefined || more.length || who === '' || what === '') {
      throw new LineError(`\`${verb}\` pairs are written ${verb === 'attack' ? 'ATTACKER->PLAYER_OR_PLANESWALKER, e.g. `attack bears->Bob`' : 'BLOCKER->ATTACKER, e.g. `block wall->bears`'}; "${part}" is not one`);
    }
    out[unquote(who!)] = what.startsWith('[') ? flowValue(what, `what ${who} blocks`) : unquote(what);
  }
  return out;
}

// ------------------------------------------------------------------ back to text

/** An action as one line of a scenario's timeline: a bare `pass` or `resolve`, else a YAML flow map. */
export function actionText(a: ActionSpec): string {
  const keys = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  if (keys.length === 1 && (keys[0] === 'pass' || keys[0] === 'resolve') && (a as Record<string, unknown>)[keys[0]] === null) return keys[0];
  return stringify(a, { collectionStyle: 'flow', lineWidth: 0, flowCollectionPadding: false }).trim();
}

/** A word in the name of a card or object that looks like a misspelled key ("targts"): a hint, or ''. */
export function keyHint(name: string): string {
  for (const w of name.split(/\s+/)) {
    if (w.length < 4 || w.toLowerCase() !== w || w in KEYS) continue;
    const k = Object.keys(KEYS).find((key) => key.length > 3 && editDistance(w, key) <= (w.length >= 6 ? 2 : 1));
    if (k) return `; is \`${w}\` meant to be the key \`${k}\`?`;
  }
  return '';
}
