// Awaken (702.113a): cast for its awaken cost, the spell has a second spell ability, "put N +1/+1
// counters on target land you control; that land becomes a 0/0 Elemental creature with haste; it's
// still a land", done after its other instructions. Its target is chosen only when that cost is paid
// (702.113b). The instruction is written in the DSL in keywords.ts.

import { keywordParts } from './keywords.js';
import type { CardFace, EffectBlock } from './types.js';

/** The spell's block with awaken's instructions added, or null when the face has no awaken or its
 * block can't take another target simply (a divided amount). */
export function awakenBlock(face: CardFace, block: EffectBlock): EffectBlock | null {
  const k = face.abilities.find((a) => a.kind === 'keyword' && a.keyword === 'Awaken');
  if (!k || k.kind !== 'keyword' || k.n === undefined || block.divide !== undefined) return null;
  const part = keywordParts('Awaken', String(k.n))[0];
  if (!part || part.kind !== 'triggered') return null;
  if (block.targets.some((t) => part.block.targets.some((p) => p.name === t.name))) return null;
  return { ...block, targets: [...block.targets, ...part.block.targets], effects: [...block.effects, ...part.block.effects] };
}
