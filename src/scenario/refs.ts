// References (REF) in scenarios: an id, a player name, a name (with NAME#K), or an ability on the
// stack or waiting to be put there ("Source: fragment"). A name is looked up among the candidates
// that make sense where it is used.

import type { Game } from '../state/game.js';
import type { GameObject, ObjId, PlayerId } from '../state/state.js';
import { objectByRef } from '../events/zones.js';
import { closest, shown } from '../util/suggest.js';

export type Resolved = { obj: ObjId } | { player: PlayerId };

export class RefError extends Error {}

/** Every object's display name (chars name; abilities as "ability of X"). */
export function objectName(g: Game, o: GameObject): string | null {
  if (o.ability) return g.name(o.id);
  return g.characteristicName(o.id);
}

function byTimestamp(g: Game): GameObject[] {
  return Object.values(g.state.objects).sort((a, b) => a.timestamp - b.timestamp || Number(a.id.slice(1)) - Number(b.id.slice(1)));
}

/** Objects that are interchangeable for a reference: same card, zone, owner, state, no id. */
function equivalent(a: GameObject, b: GameObject): boolean {
  return a.card === b.card && a.zone === b.zone && a.owner === b.owner && a.controller === b.controller && a.tapped === b.tapped
    && a.faceDown === b.faceDown && a.ref === undefined && b.ref === undefined && a.damage === b.damage
    && JSON.stringify(a.counters) === JSON.stringify(b.counters) && a.attachedTo === b.attachedTo && !a.spell && !b.spell && !a.isToken && !b.isToken;
}

function describe(g: Game, o: GameObject): string {
  const where = o.zone === 'battlefield' ? `${g.controller(o.id)}'s battlefield` : o.zone === 'stack' ? 'the stack' : `${o.owner}'s ${o.zone}`;
  return `${objectName(g, o) ?? 'a face-down object'} in ${where}${o.ref ? ` (id ${o.ref})` : ''}`;
}

export interface ResolveOptions {
  /** Candidate objects where the name makes sense, in preference order (zone order). */
  candidates?: ObjId[];
  /** Candidates in tiers: a name is looked up in the first tier that has it ("cast" looks in hand first). */
  tiers?: ObjId[][];
  /** Objects already picked by this answer (a repeated name picks distinct ones). */
  taken?: Set<ObjId>;
  /** Whether players may be named here. */
  players?: boolean;
  /** What the reference is for, in error messages. */
  what?: string;
}

/** Resolves a REF. Throws RefError with a suggestion when it names nothing or is ambiguous. */
export function resolveRef(g: Game, ref: string, opts: ResolveOptions = {}): Resolved {
  const taken = opts.taken ?? new Set<ObjId>();
  // 1. an id
  const byId = objectByRef(g, ref);
  if (byId) return { obj: byId.id };
  // 2. a player
  if (opts.players !== false && g.state.players.some((p) => p.name === ref)) return { player: ref };
  // 3. NAME#K
  const k = /^(.*)#(\d+)$/.exec(ref);
  if (k) {
    const all = byTimestamp(g).filter((o) => objectName(g, o)?.toLowerCase() === k[1]!.toLowerCase());
    const o = all[Number(k[2]) - 1];
    if (!o) throw new RefError(`"${ref}": there ${all.length === 1 ? 'is 1 object' : `are ${all.length} objects`} named ${k[1]}`);
    return { obj: o.id };
  }
  // 4. an ability: "Source: fragment" or "ability of Source"
  const ab = /^ability of (.+)$/i.exec(ref);
  const frag = /^([^:]+):\s*(.+)$/.exec(ref);
  if (ab || frag) {
    const src = (ab ? ab[1]! : frag![1]!).trim();
    const abilities = Object.values(g.state.objects).filter((o) => o.ability && (o.ability.sourceName.toLowerCase() === src.toLowerCase() || g.name(o.id).toLowerCase() === `ability of ${src.toLowerCase()}` || g.state.objects[o.ability.source]?.ref === src));
    const matching = frag && !ab ? abilities.filter((o) => (g.cards.ability(o.ability!.abilityKey)?.text ?? '').toLowerCase().includes(frag[2]!.toLowerCase())) : abilities;
    const pick = (opts.candidates ? matching.filter((o) => opts.candidates!.includes(o.id)) : matching).find((o) => !taken.has(o.id));
    if (pick) return { obj: pick.id };
  }
  // 5. a name among the candidates, then anywhere
  const lower = ref.toLowerCase();
  const named = (ids: ObjId[]) => ids.map((id) => g.state.objects[id]).filter((o): o is GameObject => !!o && objectName(g, o)?.toLowerCase() === lower);
  const pools = [...(opts.tiers ?? [opts.candidates ?? []]), byTimestamp(g).map((o) => o.id)];
  for (const [i, pool] of pools.entries()) {
    if (i === pools.length - 1 && (opts.candidates || opts.tiers) && pool.length === 0) continue;
    const hits = named(pool).filter((o) => !taken.has(o.id));
    if (hits.length === 0) continue;
    if (hits.length === 1 || taken.size > 0 || hits.every((o) => equivalent(o, hits[0]!))) return { obj: hits[0]!.id };
    throw new RefError(`"${ref}" is ambiguous${opts.what ? ` for ${opts.what}` : ''}: ${hits.map((o) => describe(g, o)).join('; ')}. Give the object an \`id\`, or write ${ref}#K (the K-th ${ref} by timestamp)`);
  }
  const names = new Set<string>();
  for (const o of Object.values(g.state.objects)) { const n = objectName(g, o); if (n) names.add(n); }
  for (const id of Object.keys(g.state.objects)) { const r = g.state.objects[id]!.ref; if (r) names.add(r); }
  if (opts.players !== false) for (const p of g.state.players) names.add(p.name);
  const hint = closest(ref, names, 3);
  const lki = Object.values(g.state.lki).find((l) => l.object.ref === ref);
  if (lki?.ceasedToExist) throw new RefError(`"${shown(ref)}" ceased to exist`);
  throw new RefError(`nothing named "${shown(ref)}"${opts.what ? ` for ${opts.what}` : ''}${hint.length ? `; did you mean ${hint.map((h) => `"${h}"`).join(' or ')}?` : ''}`);
}
