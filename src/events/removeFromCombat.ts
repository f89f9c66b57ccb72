// Removing a permanent from combat (506.4): by an instruction ("untap it and remove it from combat"),
// or because it no longer fits the part it was given: an attacking or blocking creature whose
// controller changes, or that stops being a creature, and a planeswalker being attacked that stops
// being one or comes under the attacking player's control, leave combat at once.

import type { Game } from '../state/game.js';
import type { GameObject, ObjId } from '../state/state.js';
import type { LeftCombatBecause } from '../state/events.js';

/** 506.4: a permanent removed from combat stops being attacking, blocking, blocked or unblocked; an
 * attacker it blocked stays blocked (509.1h). */
export function removeFromCombat(g: Game, id: ObjId, by: ObjId, byName: string): void {
  const o = g.tryObj(id);
  if (!o || !inCombat(o)) return;
  leaveCombat(o);
  g.emit({ type: 'removed_from_combat', rule: '506.4', obj: g.ref(id), by: g.ref(by, byName) });
}

/**
 * 506.4: every attacking or blocking permanent that stopped being a creature, or is no longer
 * controlled by the player it fights for (the attacking player, 506.2; the player whose attacker it
 * blocks, 509.1a), is removed from combat. Asked each time a player is about to get priority, which
 * is before anything can look at combat again.
 */
export function checkCombatants(g: Game): void {
  for (const id of g.state.battlefield) {
    const o = g.obj(id);
    if (!inCombat(o)) continue;
    const because = whyOut(g, o);
    if (!because) continue;
    leaveCombat(o);
    g.emit({ type: 'removed_from_combat', rule: '506.4', obj: g.ref(id), because });
  }
  checkAttacked(g);
}

/**
 * 506.4: a planeswalker being attacked that stopped being a planeswalker, or that the attacking player
 * now controls, is removed from combat; the creatures attacking it go on attacking nothing (506.4c).
 */
function checkAttacked(g: Game): void {
  const looked = new Set<string>();
  for (const id of g.state.battlefield) {
    const target = g.obj(id).attacking;
    if (target === undefined || looked.has(target)) continue;
    looked.add(target);
    const t = g.tryObj(target);
    if (!t || t.zone !== 'battlefield' || t.outOfCombat) continue;
    const c = g.chars(target);
    const because = !c.types.includes('planeswalker') ? 'not_a_planeswalker' : c.controller === g.state.turn.active ? 'control_changed' : null;
    if (!because) continue;
    t.outOfCombat = true;
    g.emit({ type: 'removed_from_combat', rule: '506.4', obj: g.ref(target), because });
  }
}

/** Whether a permanent is in combat: attacking or blocking (506.4). */
export function inCombat(o: GameObject): boolean {
  return o.zone === 'battlefield' && (o.attacking !== undefined || (o.blocking?.length ?? 0) > 0);
}

function whyOut(g: Game, o: GameObject): LeftCombatBecause | null {
  const c = g.chars(o.id);
  if (!c.types.includes('creature')) return 'not_a_creature';
  if (o.attacking !== undefined) return c.controller === g.state.turn.active ? null : 'control_changed';
  // the player defending against the creatures it blocks; when they have all left combat, at least
  // not the attacking player
  const defender = o.blocking!.map((a) => g.defendingPlayer(a)).find((p) => p !== undefined);
  const fits = defender === undefined ? c.controller !== g.state.turn.active : c.controller === defender;
  return fits ? null : 'control_changed';
}

function leaveCombat(o: GameObject): void {
  delete o.attacking;
  delete o.blocking;
  delete o.blocked;
}
