// The automatic payment (README "Automatic payment"): the scenario's answer to a `pay` question
// (601.2g) when the action has no `pay:`. The policy is played on a copy of the game, activating
// mana abilities one at a time (605.3) so that triggered mana abilities count (605.4a); the sources it
// used are the answer, marked `auto`, and the engine then activates them on the real game.

import { choosePoolPayment, MANA_TYPES, plainManaTotal, unmetByPool, type Mana, type ManaType, type PlainCost } from '../core/mana.js';
import { Game } from '../state/game.js';
import { clonePlain } from '../util/clone.js';
import { gamePorts } from '../game/ports.js';
import type { Answer, PayStep, Question } from '../state/questions.js';
import type { ObjId, PlayerId } from '../state/state.js';
import { activateManaAbility, isAutoPaySource, manaTypesProduced } from '../stack/manaAbilities.js';

/** The automatic payment's answer to a `pay` question. */
export function automaticPayment(g: Game, q: Question<'pay'>): Answer<'pay'> {
  const steps: PayStep[] = [];
  const unusable = new Set(q.need.unusable ?? []);
  // restricted mana that can't pay this cost (106.6) stays aside: the pool seen is the rest
  const usableIn = (game: Game) => game.player(q.player).pool.filter((_, i) => !unusable.has(i));
  const manaOnly: PlainCost = { ...q.need.mana, life: 0 };
  // the policy uses the pool first: when it pays already, no source is activated and no copy is needed
  if (plainManaTotal(manaOnly) > 0 && !choosePoolPayment(usableIn(g), manaOnly, undefined, q.need.wild)) {
    const copy = trialGame(g);
    const usable = () => usableIn(copy);
    play(copy, q.player, q.need.mana, new Set(q.need.reserved), q.need.wild, usable, (id, type) => {
      activateManaAbility(copy, q.player, id, { mana: type, rule: '601.2g', auto: true });
      steps.push({ source: id, mana: type });
    });
  }
  return { kind: 'pay', steps, auto: true };
}

/**
 * A copy of the game to play the policy on. The engine never reads back its event log, so the copy
 * starts one of its own. Last known information is never changed once written (only added, and cut
 * back by a restore), so the copy gets a table of its own holding the same entries. Its state being
 * the same as the game's, the characteristics the game knows hold for it too.
 */
function trialGame(g: Game): Game {
  const state = clonePlain({ ...g.state, events: [], lki: {} });
  state.lki = { ...g.state.lki };
  const copy = new Game(state, g.cards, gamePorts);
  copy.knowAsOf(g);
  return copy;
}

/**
 * The policy, played on `g` (mana already in the pool first; then
 * untapped permanents of the payer whose mana ability costs only {T} and adds one fixed mana or one
 * mana of a choice of colors, each used at most once, chosen so that colored requirements get
 * sources that can make that color (the least flexible first), then generic from the remaining
 * sources (colorless-only first, then lands, then others, in battlefield order). Sources are
 * activated one at a time and the policy stops as soon as the pool can pay): `use` activates a source.
 */
function play(g: Game, player: PlayerId, cost: PlainCost, reserved: Set<ObjId>, wild: ManaType[], pool: () => Mana[], use: (id: ObjId, type: ManaType) => void): void {
  const manaOnly: PlainCost = { ...cost, life: 0 };
  if (choosePoolPayment(pool(), manaOnly, undefined, wild)) return;
  const need = unmetByPool(pool(), manaOnly, wild);
  const sources = g.state.battlefield
    .filter((id) => !reserved.has(id) && g.controller(id) === player && isAutoPaySource(g, id))
    .map((id) => ({ id, types: manaTypesProduced(g, id), land: g.chars(id).types.includes('land') }));
  const units: Array<ManaType | 'generic'> = [];
  for (const t of MANA_TYPES) for (let i = 0; i < need.mana[t]; i++) units.push(t);
  for (let i = 0; i < need.generic; i++) units.push('generic');
  const plan = assign(units, sources, wild);
  if (plan) {
    for (const step of plan) {
      if (choosePoolPayment(pool(), manaOnly, undefined, wild)) break;
      use(step.id, step.type);
    }
    return;
  }
  // no source for every unit: sources may make more than one mana (605.4a, Mana Flare); use them
  // one at a time, a needed color first, while it helps
  for (let guard = 0; guard < sources.length; guard++) {
    if (choosePoolPayment(pool(), manaOnly, undefined, wild)) return;
    const still = unmetByPool(pool(), manaOnly, wild);
    const avail = sources.filter((s) => !g.obj(s.id).tapped);
    const colored = MANA_TYPES.find((t) => still.mana[t] > 0 && avail.some((s) => s.types.includes(t)));
    const pick = colored ? avail.find((s) => s.types.includes(colored))! : avail.sort((a, b) => rank(a) - rank(b))[0];
    if (!pick) return; // the payment fails with what is missing
    use(pick.id, colored ?? pick.types[0]!);
  }
}

function rank(s: { types: ManaType[]; land: boolean }): number {
  if (s.types.length === 1 && s.types[0] === 'C') return 0;
  return s.land ? 1 : 2;
}

/** Backtracking assignment of one source per unit of mana needed. */
function assign(units: Array<ManaType | 'generic'>, sources: Array<{ id: ObjId; types: ManaType[]; land: boolean }>, wild: ManaType[]): Array<{ id: ObjId; type: ManaType }> | null {
  const used = new Set<ObjId>();
  const out: Array<{ id: ObjId; type: ManaType }> = [];
  const byFlex = [...sources].sort((a, b) => a.types.length - b.types.length);
  const byRank = [...sources].sort((a, b) => rank(a) - rank(b));
  const go = (i: number): boolean => {
    if (i === units.length) return true;
    const u = units[i]!;
    // the generic units come last and any source pays one: the unused sources by rank, if enough are left
    // (trying them in every order instead would take factorial time to fail)
    if (u === 'generic') {
      const free = byRank.filter((s) => !used.has(s.id)).slice(0, units.length - i);
      if (free.length < units.length - i) return false;
      for (const s of free) out.push({ id: s.id, type: s.types[0]! });
      return true;
    }
    // a colored unit takes a source of that color, or one making mana spendable as any color (609.4b)
    const wildType = (s: { types: ManaType[] }) => s.types.find((t) => wild.includes(t));
    const list = [...byFlex.filter((s) => s.types.includes(u)), ...(u === 'C' ? [] : byFlex.filter((s) => !s.types.includes(u) && wildType(s)))];
    for (const s of list) {
      if (used.has(s.id)) continue;
      used.add(s.id);
      out.push({ id: s.id, type: s.types.includes(u) ? u : wildType(s)! });
      if (go(i + 1)) return true;
      out.pop();
      used.delete(s.id);
    }
    return false;
  };
  return go(0) ? out : null;
}
