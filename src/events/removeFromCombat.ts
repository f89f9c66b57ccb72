// Removing a permanent from combat (506.4), by an instruction ("untap it and remove it from combat").

import type { Game } from '../state/game.js';
import type { ObjId } from '../state/state.js';

/** 506.4: a permanent removed from combat stops being attacking, blocking, blocked or unblocked; an
 * attacker it blocked stays blocked (509.1h). */
export function removeFromCombat(g: Game, id: ObjId, by: ObjId, byName: string): void {
  const o = g.tryObj(id);
  if (!o || o.zone !== 'battlefield' || (o.attacking === undefined && !o.blocking?.length)) return;
  delete o.attacking;
  delete o.blocking;
  delete o.blocked;
  g.emit({ type: 'removed_from_combat', rule: '506.4', obj: g.ref(id), by: g.ref(by, byName) });
}
