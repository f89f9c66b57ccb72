// Soulbond pairing (702.95): two creatures on the battlefield, each naming the other.

import type { Game } from '../state/game.js';
import type { ObjId } from '../state/state.js';

/**
 * The creature `id` is paired with, or null (702.95b-c). Read from the objects alone, so the layers
 * may ask it while they compute characteristics; the pair is broken by `unpairBroken` (702.95e).
 */
export function pairedPartner(g: Game, id: ObjId): ObjId | null {
  const o = g.state.objects[id];
  if (!o || o.zone !== 'battlefield' || !o.pairedWith) return null;
  const p = g.state.objects[o.pairedWith];
  return p && p.zone === 'battlefield' && p.pairedWith === id ? o.pairedWith : null;
}

/** Whether `id` is a creature on the battlefield under `you`'s control paired with none (702.95a). */
export function canPair(g: Game, id: ObjId, you: string): boolean {
  const o = g.state.objects[id];
  return !!o && o.zone === 'battlefield' && pairedPartner(g, id) === null
    && g.chars(id).types.includes('creature') && g.controller(id) === you;
}

/**
 * 702.95e: a pair ends once either creature leaves the battlefield, stops being a creature, or
 * another player gains control of one of them; it stays ended even if that changes back.
 */
export function unpairBroken(g: Game): void {
  for (const id of g.state.battlefield) {
    const o = g.state.objects[id];
    if (!o?.pairedWith) continue;
    const p = pairedPartner(g, id);
    const ok = p !== null && g.chars(id).types.includes('creature') && g.chars(p).types.includes('creature')
      && g.controller(id) === g.controller(p);
    if (ok) continue;
    delete o.pairedWith;
    const q = p !== null ? g.state.objects[p] : undefined;
    if (q) delete q.pairedWith;
    g.emit({ type: 'unpaired', rule: '702.95e', obj: g.ref(id) });
  }
}
