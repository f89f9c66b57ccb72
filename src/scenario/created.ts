// Ids for tokens an action creates (`created: [zombie1, zombie2]`): each name is given, in the order
// they were created, to the tokens the action created, and stays with the token through every zone
// change and after it ceases to exist (a checkpoint then finds it in zone `none`). Unlike NAME#K,
// which counts the objects there are now, such an id never shifts.

import type { Game } from '../state/game.js';
import type { ObjId } from '../state/state.js';

/** The tokens created by the events from `since` on, in the order they were created. */
export function createdTokens(g: Game, since: number): ObjId[] {
  const out: ObjId[] = [];
  for (const ev of g.state.events.slice(since)) if (ev.type === 'token_created') out.push(ev.obj.id);
  return out;
}

/** Gives `ref` to the object `id` was created as and to every object it became since (400.7). */
function giveRef(g: Game, id: ObjId, ref: string): void {
  const seen = new Set<ObjId>();
  for (let cur: ObjId | undefined = id; cur !== undefined && !seen.has(cur); ) {
    seen.add(cur);
    const live = g.tryObj(cur);
    if (live) live.ref = ref;
    const lki: { object: { ref?: string }; becameId?: ObjId } | undefined = g.state.lki[cur];
    if (lki) lki.object.ref = ref;
    cur = lki?.becameId;
  }
}

/**
 * Names the tokens created since event `since` with `names`, in creation order. Returns an error
 * message when the action created fewer tokens than it names.
 */
export function nameCreated(g: Game, names: string[], since: number): string | null {
  const made = createdTokens(g, since);
  if (made.length < names.length) {
    return `\`created\` names ${names.length} token${names.length === 1 ? '' : 's'}, but this action created ${made.length}`;
  }
  names.forEach((name, i) => giveRef(g, made[i]!, name));
  return null;
}
