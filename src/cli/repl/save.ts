// Writing a session as a scenario: the file it started from stays as it was written, byte for byte,
// except its `actions:`, which become the session's timeline. Actions still exactly the file's keep
// their text (comments included); the others are written as one-line flow maps, the form typed at the
// prompt; `save --expect` adds a checkpoint of the board last.

import { Document, isMap, isScalar, isSeq, parseDocument, YAMLMap, YAMLSeq, type Node, type Pair } from 'yaml';
import type { AnswerEntry } from '../../scenario/schema.js';
import type { ActionSpec } from '../../scenario/schema.js';
import { actionText } from './parse.js';

/** One item of the timeline to write: the file's own item K, or an action to write out. */
export type SavedItem = { action: ActionSpec; fileIndex?: number } | { expect: Record<string, unknown> };

/** The scenario text: `text` with its actions replaced by `items`. */
export function withActions(text: string, items: SavedItem[]): string {
  const doc = parseDocument(text);
  const pair = isMap(doc.contents) ? doc.contents.items.find((p) => isScalar(p.key) && p.key.value === 'actions') as Pair<Node, Node> | undefined : undefined;
  const seq = pair && isSeq(pair.value) && !pair.value.flow ? pair.value : undefined;
  const starts = lineStarts(text);
  const indent = seq?.items[0] ? ' '.repeat(column(starts, (seq.items[0] as Node).range![0]) - 2) : '  ';
  const body = items.map((it) => {
    if ('expect' in it) return expectText(it.expect, indent);
    if (it.fileIndex !== undefined && seq?.items[it.fileIndex]) return chunk(text, starts, seq, it.fileIndex, lineEnd(text, (pair!.key as Node).range![1]));
    return `${indent}- ${actionText(it.action)}\n`;
  }).join('');
  const block = items.length ? `actions:\n${body}` : '';
  if (!pair) return items.length ? `${text}${text.endsWith('\n') || text === '' ? '' : '\n'}${block}` : text;
  const from = lineStart(starts, (pair.key as Node).range![0]);
  const end = pair.value?.range ? lineEnd(text, pair.value.range[1]) : lineEnd(text, (pair.key as Node).range![1]);
  return text.slice(0, from) + block + text.slice(end);
}

/**
 * The text of the file's item K: from its line to the next item's line (comments between them
 * included); the first item also takes the comments between `actions:` and it.
 */
function chunk(text: string, starts: number[], seq: YAMLSeq, k: number, afterKey: number): string {
  const item = seq.items[k] as Node;
  const next = seq.items[k + 1] as Node | undefined;
  const from = k === 0 ? Math.min(afterKey, lineStart(starts, item.range![0])) : lineStart(starts, item.range![0]);
  const to = next ? lineStart(starts, next.range![0]) : lineEnd(text, item.range![1]);
  const s = text.slice(from, to);
  return s.endsWith('\n') ? s : `${s}\n`;
}

/**
 * The scenario text with answers added to its actions (`ruling run --save-answers`): each action's
 * `answers:` list grows by the answers given for it, one flow map each; a bare verb (`- resolve`)
 * becomes a map. Only the actions given answers are written again (with the `yaml` Document API);
 * the rest of the file, comments and layout, stays as it was written, byte for byte.
 */
export function withAnswersGiven(text: string, given: Map<number, AnswerEntry[]>): string {
  const doc = parseDocument(text);
  const seq = doc.get('actions', true);
  if (!isSeq(seq)) return text;
  const starts = lineStarts(text);
  const edits: Array<{ from: number; to: number; text: string }> = [];
  for (const [i, answers] of given) {
    const old = seq.items[i] as Node | undefined;
    if (!old?.range) continue;
    const item = isScalar(old) ? doc.createNode({ [String(old.value)]: null }) as YAMLMap : old;
    if (!isMap(item)) continue;
    const nodes = answers.map((a) => doc.createNode(a, { flow: true }) as Node);
    const list = item.get('answers', true);
    if (isSeq(list)) list.items.push(...nodes);
    else {
      const fresh = new YAMLSeq();
      fresh.items.push(...nodes);
      fresh.flow = !!item.flow;
      item.set('answers', fresh);
    }
    let to = old.range[2];
    while (to > old.range[0] && /\s/.test(text[to - 1]!)) to--;
    edits.push({ from: old.range[0], to, text: nodeText(item, column(starts, old.range[0])) });
  }
  let out = text;
  for (const e of edits.sort((a, b) => b.from - a.from)) out = out.slice(0, e.from) + e.text + out.slice(e.to);
  return out;
}

/** A node as YAML that starts at column `col`: its lines after the first indented to it. */
function nodeText(node: Node, col: number): string {
  const doc = new Document();
  doc.contents = node;
  const lines = doc.toString({ flowCollectionPadding: false, lineWidth: 0 }).replace(/\n+$/, '').split('\n');
  return lines.map((l, k) => (k === 0 || l === '' ? l : ' '.repeat(col) + l)).join('\n');
}

function expectText(expect: Record<string, unknown>, indent: string): string {
  const fields = new YAMLMap();
  const doc = new Document();
  for (const [k, v] of Object.entries(expect)) {
    if (k === 'zones' || k === 'objects') {
      const m = new YAMLMap();
      for (const [z, list] of Object.entries(v as Record<string, unknown>)) m.set(z, doc.createNode(list, { flow: true }));
      fields.set(k, m);
    } else {
      fields.set(k, doc.createNode(v, { flow: true }));
    }
  }
  const item = new YAMLMap();
  item.set('expect', fields);
  doc.contents = new YAMLSeq() as never;
  (doc.contents as unknown as YAMLSeq).items.push(item);
  return doc.toString({ flowCollectionPadding: false, lineWidth: 0 }).split('\n').filter((l) => l !== '').map((l) => `${indent}${l}\n`).join('');
}

function lineStarts(text: string): number[] {
  const out = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') out.push(i + 1);
  return out;
}

function lineStart(starts: number[], offset: number): number {
  let lo = 0;
  for (let hi = starts.length - 1; lo < hi;) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= offset) lo = mid; else hi = mid - 1;
  }
  return starts[lo]!;
}

function column(starts: number[], offset: number): number {
  return offset - lineStart(starts, offset);
}

/** The offset just after the line break ending the line `offset` is on (or the end of the text). */
function lineEnd(text: string, offset: number): number {
  if (offset > 0 && text[offset - 1] === '\n') return offset;
  const i = text.indexOf('\n', offset);
  return i < 0 ? text.length : i + 1;
}
