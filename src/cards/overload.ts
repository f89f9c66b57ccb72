// Overload (702.96): a spell cast for its overload cost has its text changed, "target" becoming
// "each" (702.96a, a text-changing effect, 612); it then has no targets (702.96b). Here that change
// is made on the spell's DSL block: each instruction acting on a single target acts on every object
// matching the target's filter. A block whose targets are used any other way isn't overloaded.

import type { Affected, Effect, EffectBlock } from './types.js';

/** Instructions whose affected role takes `{ all: FILTER }` (docs/card-dsl.md). */
const EACH_VERBS: ReadonlySet<string> = new Set([
  'damage', 'destroy', 'exile', 'return_to_hand', 'shuffle_into_library', 'regenerate', 'tap', 'untap', 'turn_face_down', 'flip', 'transform',
  'gain_control', 'put_counters', 'remove_counters', 'pump', 'grant', 'lose_ability', 'become', 'switch_pt', 'cant',
]);

/** The block as overloaded ("target" read as "each"), or null when its text can't be changed that simply. */
export function overloadBlock(block: EffectBlock): EffectBlock | null {
  if (block.divide !== undefined || block.targets.some((t) => t.min !== 1 || t.max !== 1 || t.per)) return null;
  const filters = new Map(block.targets.map((t) => [t.name, t.filter]));
  const effects: Effect[] = [];
  for (const e of block.effects) {
    const affected = (e as { affected?: Affected }).affected;
    const named = typeof affected === 'string' ? filters.get(affected) : undefined;
    const rest = Object.entries(e).filter(([k]) => k !== 'affected');
    // a target named anywhere else (a player, "its controller", nested instructions) isn't a simple change
    if (rest.some(([, v]) => mentions(v, filters))) return null;
    if (!named) {
      if (mentions(affected, filters)) return null;
      effects.push(e);
      continue;
    }
    if (!EACH_VERBS.has(e.verb)) return null;
    effects.push({ ...e, affected: { all: named } } as Effect);
  }
  return { targets: [], effects };
}

function mentions(v: unknown, names: Map<string, unknown>): boolean {
  if (typeof v === 'string') return [...names.keys()].some((n) => v === n || v.endsWith(`:${n}`));
  if (Array.isArray(v)) return v.some((x) => mentions(x, names));
  if (v && typeof v === 'object') return Object.values(v).some((x) => mentions(x, names));
  return false;
}
