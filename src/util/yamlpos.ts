// Positions in YAML documents: where a key path points, for errors with file:line:column.

import { isMap, isPair, isScalar, isSeq, type Document, type LineCounter, type Node } from 'yaml';

export interface Position {
  line: number;
  col: number;
}

export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const p of path) {
    if (typeof p === 'number') out += `[${p}]`;
    else out += out === '' ? String(p) : `.${String(p)}`;
  }
  return out;
}

/** Finds where a key path points in the YAML document: the key itself when `atKey`, else the value. */
export function locate(doc: Document, lc: LineCounter, path: readonly PropertyKey[], atKey = false): Position {
  let node: unknown = doc.contents;
  let last: Node | null = (doc.contents as Node | null) ?? null;
  for (const [i, seg] of path.entries()) {
    const isLast = i === path.length - 1;
    if (isMap(node)) {
      const pair = node.items.find((p) => isPair(p) && isScalar(p.key) && String(p.key.value) === String(seg));
      if (!pair) break;
      if (isLast && atKey) { last = pair.key as Node; break; }
      node = pair.value;
      last = (pair.value as Node | null) ?? (pair.key as Node);
    } else if (isSeq(node) && typeof seg === 'number') {
      const item = node.items[seg];
      if (item === undefined) break;
      node = item;
      last = item as Node;
    } else {
      break;
    }
  }
  const offset = last?.range?.[0] ?? 0;
  const { line, col } = lc.linePos(offset);
  return { line, col };
}
