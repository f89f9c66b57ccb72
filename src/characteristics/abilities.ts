// Finding abilities: the activated abilities of an object as the `activate` action counts them, and
// the text a stack ability follows (its ability, or the `delayed` instruction it was created by).

import type { Ability, Effect, EffectBlock, ModalSpec } from '../cards/types.js';
import { IllegalAction, type Game } from '../state/game.js';
import { partsOf } from '../cards/keywords.js';
import type { ObjId } from '../state/state.js';
import { keptPer } from '../util/memo.js';

export type ActivatedAbility = Extract<Ability, { kind: 'activated' }>;

/**
 * The object's activated abilities in the order the `activate` action counts them: the intrinsic
 * mana ability of a basic land type first (305.6), then printed ones in text order, then granted ones.
 */
export function activatedAbilities(g: Game, id: ObjId): ActivatedAbility[] {
  // keyword abilities that stand for activated ones (embalm, 702.128a) count where the keyword is
  return g.chars(id).abilities.flatMap((a) => (a.kind === 'keyword' ? partsOf(a) : [a])).filter((a): a is ActivatedAbility => a.kind === 'activated');
}

/** The zone an activated ability works in: the battlefield, or the zone its cost or effect moves the card out of (113.6m). */
export function activationZone(a: ActivatedAbility): 'battlefield' | 'graveyard' | 'hand' {
  if (a.cost.parts.some((p) => p.kind === 'discard_self' || p.kind === 'reveal_self' || (p.kind === 'exile_self' && p.from === 'hand'))) return 'hand';
  if (a.cost.parts.some((p) => p.kind === 'exile_self' && p.from === 'graveyard')) return 'graveyard';
  return movesSelfFromGraveyard(a) ? 'graveyard' : 'battlefield';
}

/** Whether an ability's instructions move its own card out of a graveyard ("return CARDNAME from your graveyard"). */
export const movesSelfFromGraveyard = keptPer(findsSelfFromGraveyard);

function findsSelfFromGraveyard(a: Ability): boolean {
  if (!('block' in a)) return false;
  const walk = (v: unknown): boolean => {
    if (Array.isArray(v)) return v.some(walk);
    if (!v || typeof v !== 'object') return false;
    const o = v as Record<string, unknown>;
    return (o.affected === 'self' && o.from === 'graveyard') || Object.values(o).some(walk);
  };
  return walk(a.block) || walk(a.modal?.modes);
}

/** The text a fragment is looked for in: the ability's text, and the keyword it stands for. */
function searchable(a: ActivatedAbility): string {
  const keyword = /^kw:(.+?)#/.exec(a.key)?.[1];
  return `${keyword ? `${keyword} ` : ''}${a.text}`.toLowerCase();
}

/**
 * Picks an activated ability by number (1-based) or by a fragment of its text (or of the keyword it
 * stands for, "Cycling"). With neither, the first one that works where the object is (113.6m).
 */
export function findActivatedAbility(g: Game, id: ObjId, sel: { index?: number; fragment?: string }): ActivatedAbility {
  const all = activatedAbilities(g, id);
  const name = g.name(id);
  if (all.length === 0) throw new IllegalAction('602.1', `${name} has no activated ability`);
  if (sel.fragment !== undefined) {
    const f = sel.fragment.toLowerCase();
    const hits = all.filter((a) => searchable(a).includes(f));
    if (hits.length === 1) return hits[0]!;
    throw new IllegalAction('602.1', hits.length === 0
      ? `${name} has no activated ability matching "${sel.fragment}"; its activated abilities: ${all.map((a, i) => `${i + 1}. ${a.text.replace(/\.$/, '')}`).join(' | ')}`
      : `"${sel.fragment}" matches ${hits.length} abilities of ${name}; use a longer fragment or the ability's number`);
  }
  const zone = g.obj(id).zone;
  const i = sel.index !== undefined ? sel.index - 1 : Math.max(0, all.findIndex((x) => activationZone(x) === zone));
  const a = all[i];
  if (!a) throw new IllegalAction('602.1', `${name} has ${all.length} activated abilit${all.length === 1 ? 'y' : 'ies'}, not ${i + 1}: ${all.map((x, k) => `${k + 1}. ${x.text.replace(/\.$/, '')}`).join(' | ')}`);
  return a;
}

/** The effect at a path like "effects.1.do.0" or "modes.2.effects.0" inside an ability. */
export function effectAtPath(a: Ability, path: string): Effect | undefined {
  const parts = path.split('.');
  let cur: unknown = 'block' in a ? (a.modal && parts[0] === 'modes' ? { modes: a.modal.modes } : a.block) : undefined;
  for (const p of parts) {
    if (cur === undefined || cur === null) return undefined;
    cur = (cur as Record<string, unknown>)[p];
  }
  return cur as Effect | undefined;
}

/** The block a stack ability follows. */
export function abilityBlock(g: Game, key: string, delayedPath?: string): { block: EffectBlock; modal?: ModalSpec; ability?: Ability } {
  const a = g.cards.ability(key);
  if (!a) return { block: { targets: [], effects: [] } };
  if (delayedPath) {
    const e = effectAtPath(a, delayedPath);
    if (e && (e.verb === 'delayed' || e.verb === 'reflexive')) return { block: { targets: e.targets ?? [], effects: e.do } };
    return { block: { targets: [], effects: [] } };
  }
  if ('block' in a) return { block: a.block, ...(a.modal ? { modal: a.modal } : {}), ability: a };
  return { block: { targets: [], effects: [] }, ability: a };
}
