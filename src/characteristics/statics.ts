// Static abilities that change the rules of the game rather than characteristics (604.1, 611.2):
// "players can't play lands", "you may cast spells as though they had flash". They come from
// permanents on the battlefield, and from resolved spells and abilities that set such a rule for a
// while (Shaman's Trance: "this turn"), stored in the state with their controller.

import { effectsOf } from '../state/effects.js';
import { staticDefs, type StaticDef, type Who } from '../cards/types.js';
import type { Filter } from '../cards/filter.js';
import { matchesFilter } from './filters.js';
import { checkCondition } from './conditions.js';
import { pairedPartner } from './pairing.js';
import type { Game } from '../state/game.js';
import type { ObjId, PlayerId } from '../state/state.js';

export interface ActiveStatic<K extends StaticDef['kind'] = StaticDef['kind']> {
  def: Extract<StaticDef, { kind: K }>;
  /** The controller of the ability ("you"). */
  controller: PlayerId;
  source: ObjId;
  sourceName: string;
}

/** The rule-changing statics of a kind in effect now: the battlefield's, then resolved effects'. */
export function activeStatics<K extends StaticDef['kind']>(g: Game, kind: K): Array<ActiveStatic<K>> {
  const out: Array<ActiveStatic<K>> = [];
  for (const id of g.abilitySources()) {
    const c = g.chars(id);
    // the defs of the kind, each kept when it exists now (liveStaticDefs), with no list built per source
    for (const a of c.abilities) {
      if (a.kind !== 'static') continue;
      for (const def of a.defs) {
        if (def.kind === kind && isLive(g, def, c.controller, id)) out.push({ def: def as Extract<StaticDef, { kind: K }>, controller: c.controller, source: id, sourceName: g.name(id) });
      }
    }
  }
  for (const r of effectsOf(g.state, 'rules')) {
    for (const def of r.defs) {
      if (def.kind === kind) out.push({ def: def as Extract<StaticDef, { kind: K }>, controller: r.controller, source: r.source, sourceName: r.sourceName });
    }
  }
  return out;
}

/**
 * The static abilities' effects of an object that exist now: those without a condition, and those
 * whose condition ("as long as ...") holds at this moment (611.3a). Cost changes check their own
 * condition, which may name the spell's caster.
 */
export function liveStaticDefs(g: Game, id: ObjId): StaticDef[] {
  const c = g.chars(id);
  return staticDefs(c.abilities).map(({ def }) => def).filter((def) => isLive(g, def, c.controller, id));
}

/** Whether one static def of `id` exists now: no condition, a cost change (checked later), or its condition holds. */
function isLive(g: Game, def: StaticDef, you: PlayerId, id: ObjId): boolean {
  return !def.condition || def.kind === 'cost' || def.kind === 'cost_minimum' || checkCondition(g, def.condition, { you, source: id });
}

/** Whether what a static of `source` affects (itself, what it enchants or equips, or a filter) is `id`. */
export function affects(g: Game, source: ObjId, affected: string | Filter, id: ObjId): boolean {
  if (affected === 'self') return source === id;
  if (affected === 'enchanted' || affected === 'equipped') return g.tryObj(source)?.attachedTo === id;
  // soulbond's "both creatures" (702.95a): the source and the creature it is paired with
  if (affected === 'paired') return pairedPartner(g, source) !== null && (id === source || id === pairedPartner(g, source));
  return typeof affected !== 'string' && matchesFilter(g, affected, { obj: id }, { you: g.controller(source), source });
}

/** The source of a static ability forbidding an object's activated abilities (602.5), mana abilities
 * included unless it says "unless they're mana abilities"; null when none does. */
export function activationForbiddenBy(g: Game, id: ObjId, mana: boolean): ObjId | null {
  for (const src of g.abilitySources()) {
    const c = g.chars(src);
    for (const a of c.abilities) {
      if (a.kind !== 'static') continue;
      for (const def of a.defs) {
        if (def.kind === 'cant_activate' && !(mana && def.exceptMana) && isLive(g, def, c.controller, src) && affects(g, src, def.affected, id)) return src;
      }
    }
  }
  return null;
}

/** Whether a rule for `who` ("you", "opponents", "each") relative to `controller` covers `player`. */
export function covers(who: Who, controller: PlayerId, player: PlayerId): boolean {
  return who === 'each' || (who === 'you' ? player === controller : player !== controller);
}
