// Putting counters on an object (122.1, 122.6): an event that replacement effects may modify
// (614.1), such as "that many plus one" or "twice that many".

import type { RuleId } from '../core/rules/index.js';
import type { Game } from '../state/game.js';
import type { ObjId } from '../state/state.js';
import { replaceEvent } from './replacement.js';

/** Puts counters on an object; `entering`: the counters a permanent enters with (614.1c, 614.12). */
export function putCounters(g: Game, id: ObjId, counter: string, n0: number, rule: RuleId, why: string, entering = false): void {
  if (n0 <= 0) return;
  const ev = replaceEvent(g, { kind: 'counters', obj: id, counter, n: n0, ...(entering ? { entering } : {}) });
  if (!ev || ev.kind !== 'counters' || ev.n <= 0) return;
  const n = ev.n;
  const o = g.obj(id);
  o.counters[counter] = (o.counters[counter] ?? 0) + n;
  g.emit({ type: 'counters', rule, obj: g.ref(id), counter, delta: n, cause: { put: why } });
}
