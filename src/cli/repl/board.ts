// `set`: editing the board by hand. A session's board is the starting scenario's, so an edit is made
// to that scenario's YAML (its `players:` and `turn:`), through the `yaml` Document API so that the
// rest of the file keeps its comments and layout; the session then loads the edited file and plays
// its actions again. What `save` writes is therefore always a file that replays to the same point.

import { isMap, isScalar, isSeq, parseDocument, type Document, type Node, type YAMLMap, type YAMLSeq } from 'yaml';
import { STEPS } from '../../cards/types.js';
import { readYaml } from '../../util/yamlread.js';
import { RefError, resolveRef } from '../../scenario/refs.js';
import type { Game } from '../../state/game.js';
import type { ObjId } from '../../state/state.js';
import { stepName } from './parse.js';
import { SessionError } from './errors.js';

const ZONES = ['hand', 'library', 'graveyard', 'exile', 'battlefield'] as const;
type Zone = (typeof ZONES)[number];

/** One edit of the starting board. */
export type BoardEdit =
  | { kind: 'player'; player: string; field: 'life' | 'poison'; value: number }
  | { kind: 'player'; player: string; field: 'pool'; value: string }
  | { kind: 'object'; ref: string; field: 'tapped'; value: boolean }
  | { kind: 'object'; ref: string; field: 'damage'; value: number }
  | { kind: 'object'; ref: string; field: 'counters'; counter: string; value: number }
  | { kind: 'add'; entry: string | Record<string, unknown>; player: string; zone: Zone; top: boolean }
  | { kind: 'remove'; ref: string }
  | { kind: 'turn'; field: 'number' | 'lands_played'; value: number }
  | { kind: 'turn'; field: 'step'; value: string }
  | { kind: 'turn'; field: 'active' | 'priority'; value: string };

export const SET_HELP = `set PLAYER life N | poison N | pool {R}{G}     set REF tapped | untapped | damage N | counters KIND N
  set add CARD [as ID] to PLAYER.ZONE [top]   set add { card: CARD, id: ID, tapped: true } to PLAYER.battlefield
  set remove REF     set turn N | step STEP | active PLAYER | priority PLAYER | lands_played N`;

function fail(message: string): never {
  throw new SessionError(message);
}

function unquote(s: string): string {
  const t = s.trim();
  return /^(["']).*\1$/s.test(t) ? t.slice(1, -1) : t;
}

function whole(v: string, what: string, signed = false): number {
  if (!(signed ? /^-?\d+$/ : /^\d+$/).test(v)) fail(`${what} takes a whole number, not "${v}"`);
  return Number(v);
}

/** Reads the words after `set`; `players` are the players' names (a player's fields come before an object's). */
export function parseSet(args: string, players: string[]): BoardEdit {
  const text = args.trim().replace(/^(\S+)\.(life|poison|pool)\b/, '$1 $2');
  if (text === '') fail('`set` needs an edit');
  let m = /^add\s+(.+)\s+to\s+(.+?)(?:\.|\s+)(hand|library|graveyard|exile|battlefield)(\s+top)?$/i.exec(text);
  if (m) return { kind: 'add', entry: addedEntry(m[1]!), player: unquote(m[2]!), zone: m[3]!.toLowerCase() as Zone, top: !!m[4] };
  if (/^add\b/i.test(text)) fail('`set add` takes a card and a zone, e.g. `set add Grizzly Bears to Bob.battlefield`');
  m = /^remove\s+(.+)$/i.exec(text);
  if (m) return { kind: 'remove', ref: unquote(m[1]!) };
  m = /^(turn|step|active|priority|lands_played)\s+(.+)$/i.exec(text);
  if (m) return turnEdit(m[1]!.toLowerCase(), unquote(m[2]!));
  m = /^(.+?)\s+(life|poison)\s+(\S+)$/i.exec(text);
  if (m && players.includes(unquote(m[1]!))) return { kind: 'player', player: unquote(m[1]!), field: m[2]!.toLowerCase() as 'life', value: whole(m[3]!, m[2]!, true) };
  m = /^(.+?)\s+pool(?:\s+(.*))?$/i.exec(text);
  if (m && players.includes(unquote(m[1]!))) return { kind: 'player', player: unquote(m[1]!), field: 'pool', value: /^(empty|""|'')?$/.test((m[2] ?? '').trim()) ? '' : m[2]!.trim() };
  m = /^(.+?)\s+(tapped|untapped)$/i.exec(text);
  if (m) return { kind: 'object', ref: unquote(m[1]!), field: 'tapped', value: m[2]!.toLowerCase() === 'tapped' };
  m = /^(.+?)\s+damage\s+(\S+)$/i.exec(text);
  if (m) return { kind: 'object', ref: unquote(m[1]!), field: 'damage', value: whole(m[2]!, '`damage`') };
  m = /^(.+?)\s+counters?\s+(\S+)\s+(\S+)$/i.exec(text);
  if (m) return { kind: 'object', ref: unquote(m[1]!), field: 'counters', counter: unquote(m[2]!), value: whole(m[3]!, 'a number of counters') };
  if (/\s(life|poison|pool)\b/i.test(text)) fail(`"${text.split(/\s+(life|poison|pool)\b/i)[0]}" is not a player; the players are ${players.join(', ')}`);
  return fail(`can't read "set ${text}": \`set\` takes PLAYER life|poison|pool V, REF tapped|untapped|damage N|counters KIND N, add CARD to PLAYER.ZONE, remove REF, or turn|step|active|priority|lands_played V (\`help\` shows them)`);
}

function turnEdit(field: string, v: string): BoardEdit {
  if (field === 'turn' || field === 'lands_played') return { kind: 'turn', field: field === 'turn' ? 'number' : 'lands_played', value: whole(v, `\`${field}\``) };
  if (field === 'step') {
    const s = stepName(v);
    if (!(STEPS as readonly string[]).includes(s)) fail(`"${v}" is not a step; the steps are ${STEPS.join(', ')}`);
    return { kind: 'turn', field: 'step', value: s };
  }
  return { kind: 'turn', field: field as 'active', value: v };
}

/** What `set add` puts in the zone: a card name, `NAME as ID`, or a flow map of an object entry. */
function addedEntry(s: string): string | Record<string, unknown> {
  const t = s.trim();
  if (t.startsWith('{')) {
    const r = readYaml(t);
    if (r.problems.length || !r.value || typeof r.value !== 'object' || Array.isArray(r.value)) fail(`the object entry is not a YAML flow map: ${r.problems[0]?.message ?? t}`);
    return r.value as Record<string, unknown>;
  }
  const m = /^(.+?)\s+as\s+(\S+)$/.exec(t);
  if (m && !/^(["']).*\1$/.test(t)) return { card: unquote(m[1]!), id: unquote(m[2]!) };
  return unquote(t);
}

/** The starting board a `set` is applied to: its text, the game it builds, and each object's entry. */
export interface StartingBoard {
  text: string;
  game: Game;
  where: Map<ObjId, readonly PropertyKey[]>;
}

/** The scenario text with the edit made. Throws SessionError when the edit can't be made. */
export function applyEdit(start: StartingBoard, edit: BoardEdit): string {
  const doc = parseDocument(start.text);
  const players = start.game.state.players.map((p) => p.name);
  switch (edit.kind) {
    case 'player':
      setIn(doc, ['players', edit.player, edit.field], edit.field === 'life' && edit.value === 20 ? undefined : edit.field === 'pool' && edit.value === '' ? undefined : edit.value);
      break;
    case 'turn':
      if ((edit.field === 'active' || edit.field === 'priority') && !players.includes(edit.value)) fail(`no player named "${edit.value}"; the players are ${players.join(', ')}`);
      setIn(doc, ['turn', edit.field], edit.value);
      break;
    case 'add': {
      if (!players.includes(edit.player)) fail(`no player named "${edit.player}"; the players are ${players.join(', ')}`);
      const seq = zoneSeq(doc, edit.player, edit.zone);
      const node = doc.createNode(edit.entry, { flow: true }) as Node;
      if (edit.top) seq.items.unshift(node); else seq.items.push(node);
      break;
    }
    case 'remove': {
      const path = entryPath(start, edit.ref);
      const seq = doc.getIn(path.slice(0, -1), true) as YAMLSeq;
      seq.items.splice(path.at(-1) as number, 1);
      break;
    }
    case 'object':
      editObject(doc, start, edit);
      break;
  }
  return doc.toString({ lineWidth: 0 });
}

function editObject(doc: Document, start: StartingBoard, edit: Extract<BoardEdit, { kind: 'object' }>): void {
  const path = entryPath(start, edit.ref);
  if (path[2] !== 'battlefield' && edit.field !== 'counters') fail(`${edit.ref} is not on the battlefield of the starting board: only permanents are ${edit.field === 'tapped' ? 'tapped' : 'dealt damage'}`);
  const map = entryMap(doc, path);
  if (edit.field === 'counters') {
    const counters = (map.get('counters', true) ?? doc.createNode({}, { flow: true })) as YAMLMap;
    if (edit.value === 0) counters.delete(edit.counter); else counters.set(edit.counter, edit.value);
    if (counters.items.length) map.set('counters', counters); else map.delete('counters');
    return;
  }
  if (edit.value === false || edit.value === 0) map.delete(edit.field); else map.set(edit.field, edit.value);
}

/** The entry at `path` as a map: a bare card name becomes `{ card: NAME }` first. */
function entryMap(doc: Document, path: readonly PropertyKey[]): YAMLMap {
  const node = doc.getIn(path, true);
  if (isMap(node)) return node;
  const card = isScalar(node) ? String(node.value) : '';
  const map = doc.createNode({ card }, { flow: true }) as YAMLMap;
  doc.setIn(path, map);
  return map;
}

/** The key path of the starting board's entry REF names (an id, a name, NAME#K). */
function entryPath(start: StartingBoard, ref: string): readonly PropertyKey[] {
  let id: ObjId;
  try {
    const r = resolveRef(start.game, ref, { players: false, what: '`set`' });
    if (!('obj' in r)) fail(`"${ref}" is a player`);
    id = r.obj;
  } catch (e) {
    if (e instanceof RefError) fail(`${e.message} on the starting board (\`set\` edits the board the session started from)`);
    throw e;
  }
  const path = start.where.get(id);
  if (!path) fail(`${ref} is not an object listed in a player's zone of the starting board`);
  return path;
}

/** The list of a player's zone, made (in block form for the battlefield, else as a flow list) when absent. */
function zoneSeq(doc: Document, player: string, zone: Zone): YAMLSeq {
  const p = playerMap(doc, player);
  const node = p.get(zone, true);
  if (isSeq(node)) return node;
  const seq = doc.createNode([], { flow: zone !== 'battlefield' }) as YAMLSeq;
  p.set(zone, seq);
  return seq;
}

function playerMap(doc: Document, player: string): YAMLMap {
  const node = doc.getIn(['players', player], true);
  if (!isMap(node)) fail(`no player named "${player}"`);
  // an empty player written `Alice: {}` grows in block form
  if (node.flow && node.items.length === 0) node.flow = false;
  return node;
}

/** Sets a value under a map key path (undefined deletes it), growing missing maps in block form. */
function setIn(doc: Document, path: string[], value: unknown): void {
  if (path[0] === 'players') playerMap(doc, path[1]!);
  if (value === undefined) { if (doc.hasIn(path)) doc.deleteIn(path); return; }
  const parent = doc.getIn(path.slice(0, -1), true);
  if (parent === undefined) doc.setIn(path.slice(0, -1), doc.createNode({}));
  else if (isMap(parent) && parent.flow && parent.items.length === 0) parent.flow = false;
  doc.setIn(path, value);
}

/** A one-line account of the edit, for the session's output and history. */
export function describeEdit(edit: BoardEdit): string {
  switch (edit.kind) {
    case 'player': return `${edit.player}'s ${edit.field} is ${edit.field === 'pool' ? (edit.value || 'empty') : edit.value}`;
    case 'object': return edit.field === 'counters' ? `${edit.ref} has ${edit.value} ${edit.counter} counter(s)` : edit.field === 'tapped' ? `${edit.ref} is ${edit.value ? 'tapped' : 'untapped'}` : `${edit.ref} has ${edit.value} damage marked`;
    case 'add': return `${typeof edit.entry === 'string' ? edit.entry : String(edit.entry.card ?? edit.entry.token ?? 'an object')} is added to ${edit.player}'s ${edit.zone}${edit.top ? ' (on top)' : ''}`;
    case 'remove': return `${edit.ref} is removed`;
    case 'turn': return `the turn's ${edit.field === 'number' ? 'number' : edit.field.replace('_', ' ')} is ${edit.value}`;
  }
}

