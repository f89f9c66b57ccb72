// Splice (702.47): a card revealed from its owner's hand as they cast a spell of the named quality
// lends that spell its text: the spell's own instructions are followed first, then those of each
// spliced card in the order chosen (702.47b), with targets chosen for them as the spell's are (601.2c).
// Here the spliced card's spell block is appended to the spell's, its target names made distinct.

import type { Ability, CardFace, EffectBlock, TargetSpec } from './types.js';

type Keyword = Extract<Ability, { kind: 'keyword' }>;

/** The splice ability of a face, if it has one. */
export function spliceAbility(face: CardFace): Keyword | undefined {
  return face.abilities.find((a): a is Keyword => a.kind === 'keyword' && a.keyword === 'Splice');
}

/** The spell block a face lends when spliced, or null when its text can't simply be added (modal, a divided amount). */
export function spliceText(face: CardFace): EffectBlock | null {
  const spells = face.abilities.filter((a): a is Extract<Ability, { kind: 'spell' }> => a.kind === 'spell');
  if (spells.length !== 1 || spells[0]!.modal || spells[0]!.block.divide !== undefined) return null;
  return spells[0]!.block;
}

/** The spell's block with each spliced face's block added after it, in order. */
export function splicedBlock(block: EffectBlock, faces: CardFace[]): EffectBlock {
  let out = block;
  faces.forEach((face, i) => {
    const add = spliceText(face);
    if (!add) return;
    const names = new Map(add.targets.map((t) => [t.name, `${t.name}_splice${i + 1}`]));
    const targets: TargetSpec[] = add.targets.map((t) => ({ ...t, name: names.get(t.name)! }));
    out = { ...out, targets: [...out.targets, ...targets], effects: [...out.effects, ...(rename(add.effects, names) as EffectBlock['effects'])] };
  });
  return out;
}

/** A deep copy with every reference to a renamed target ("t", "controller_of:t") renamed. */
function rename(v: unknown, names: Map<string, string>): unknown {
  if (typeof v === 'string') {
    if (names.has(v)) return names.get(v);
    const m = /^(.*:)([^:]+)$/.exec(v);
    return m && names.has(m[2]!) ? `${m[1]}${names.get(m[2]!)}` : v;
  }
  if (Array.isArray(v)) return v.map((x) => rename(x, names));
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, rename(x, names)]));
  return v;
}
