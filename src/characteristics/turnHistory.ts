// What happened this turn or last turn, read back from the game's event log: life lost, spells
// cast, permanents that entered, creatures that died, damage the source dealt or was dealt.
// Intervening "if" clauses (603.4) ask these as a trigger event happens and again as it resolves.

import type { Filter } from '../cards/filter.js';
import { matchesFilter } from './filters.js';
import type { Game } from '../state/game.js';
import type { ObjId, PlayerId } from '../state/state.js';
import type { GameEvent } from '../state/events.js';

/** The events of this turn (`back` 0) or of the turn before it (`back` 1); a scenario that starts
 * mid-game has no log of the turns before its start. */
export function eventsOfTurn(g: Game, back: 0 | 1): GameEvent[] {
  const out: GameEvent[] = [];
  let seen = 0;
  for (let i = g.state.events.length - 1; i >= 0; i--) {
    const e = g.state.events[i]!;
    if (e.type === 'turn_began') {
      if (seen === back) break;
      seen++;
      continue;
    }
    if (seen === back) out.push(e);
  }
  return seen === back ? out : [];
}

/** The life a player lost in those events: life lost or paid (119.4), and damage dealt to them (120.3a). */
export function lifeLost(events: GameEvent[], player: PlayerId): number {
  let n = 0;
  for (const e of events) {
    if (e.type === 'life' && e.player === player && e.delta < 0) n -= e.delta;
    if (e.type === 'damage' && 'player' in e.to && e.to.player === player && e.result.kind === 'life') n += Math.max(0, e.result.before - e.result.after);
  }
  return n;
}

/** The spells a player cast in those events that match the filter (as they were on the stack). */
export function spellsCast(g: Game, events: GameEvent[], player: PlayerId, filter: Filter | undefined, you: PlayerId): number {
  return events.filter((e) => e.type === 'spell_cast' && e.player === player
    && (!filter || matchesFilter(g, filter, { obj: e.obj.id }, { you, lastKnown: true }))).length;
}

/** The permanents that entered the battlefield in those events under `under`'s control (if given) and matching the filter. */
export function entered(g: Game, events: GameEvent[], filter: Filter, under: PlayerId | undefined, you: PlayerId): number {
  return events.filter((e) => e.type === 'zone_move' && e.to === 'battlefield' && !!e.newObj
    && (under === undefined || e.controller === under)
    && matchesFilter(g, filter, { obj: e.newObj.id }, { you, lastKnown: true })).length;
}

/** The creatures that died in those events: put into a graveyard from the battlefield (700.4). */
export function creaturesDied(g: Game, events: GameEvent[]): number {
  return events.filter((e) => e.type === 'zone_move' && e.from === 'battlefield' && e.to === 'graveyard' && !!g.state.lki[e.obj.id]?.types.includes('creature')).length;
}

/** The permanents put into a graveyard from the battlefield in those events (700.4) matching the filter
 * as they last existed, put into `owner`'s graveyard if given (a card goes to its owner's, 400.3). */
export function diedThisTurn(g: Game, events: GameEvent[], filter: Filter, owner: PlayerId | undefined, you: PlayerId): number {
  return events.filter((e) => e.type === 'zone_move' && e.from === 'battlefield' && e.to === 'graveyard' && (owner === undefined || e.owner === owner)
    && matchesFilter(g, filter, { obj: e.obj.id }, { you, lastKnown: true })).length;
}

/** Whether the object attacked (was declared an attacker, 508.1) or blocked (509.1) in those events; an
 * object that left the battlefield and came back is a new object (400.7) that did neither. */
export function inCombat(events: GameEvent[], id: ObjId, how: 'attacked' | 'blocked' | 'attacked_or_blocked'): boolean {
  return events.some((e) => (how !== 'blocked' && e.type === 'attacks' && e.attacker.id === id)
    || (how !== 'attacked' && e.type === 'blocks' && e.blocker.id === id));
}

/** Whether the object dealt damage to an opponent of `you` in those events. */
export function dealtDamage(events: GameEvent[], source: ObjId, you: PlayerId): boolean {
  return events.some((e) => e.type === 'damage' && e.source.id === source && e.amount > 0 && 'player' in e.to && e.to.player !== you);
}

/** Whether the object was dealt damage in those events. */
export function wasDealtDamage(events: GameEvent[], id: ObjId): boolean {
  return events.some((e) => e.type === 'damage' && 'obj' in e.to && e.to.obj.id === id && e.amount > 0);
}
