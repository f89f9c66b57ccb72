// Costs to attack and to block (508.1g-j, 509.1d-f): statics saying that creatures can't attack (you) or
// block unless their controller pays a cost for each of them. The declaring player's total cost is worked
// out once the creatures are chosen and tapped, and locked in; mana abilities may then be activated, and
// everything is paid at once. A declaration whose costs aren't paid in full is illegal (the game goes back
// to before it, 730). Nobody has to pay such a cost to obey a requirement (508.1d, 509.1c).

import { evalAmountStatic } from '../characteristics/amounts.js';
import { activeStatics, affects } from '../characteristics/statics.js';
import { addPlain, emptyPlainCost, type PlainCost } from '../core/mana.js';
import { announcedCost, payTotalCost } from '../stack/costs.js';
import { choosePhyrexian } from '../stack/proposal.js';
import { newChoices, type ObjId, type PlayerId } from '../state/state.js';
import type { Game } from '../state/game.js';
import type { RuleId } from '../core/rules/index.js';

/** One copy of a combat cost, owed for one creature. */
interface OwedCost {
  creature: ObjId;
  source: string;
  text: string;
  mana: PlainCost;
}

/** A creature being declared, and for an attacker what it attacks. */
export interface Declared {
  creature: ObjId;
  attacks?: PlayerId | ObjId;
}

const RULES = {
  attack: { total: '508.1h', pay: '508.1j' },
  block: { total: '509.1d', pay: '509.1f' },
} as const satisfies Record<string, { total: RuleId; pay: RuleId }>;

/** The player an attack on `target` is an attack on: the player, or a planeswalker's controller (508.5);
 * the id itself when it names nothing any more. The target is a player when this is the target. */
export function defenderOf(g: Game, target: PlayerId | ObjId): PlayerId {
  return g.state.players.some((p) => p.name === target) || !g.tryObj(target) ? target : g.controller(target);
}

/** Whether a combat cost static covers one creature's attack or block. */
function covers(g: Game, s: ReturnType<typeof combatCostStatics>[number], what: 'attack' | 'block', d: Declared): boolean {
  if (s.def.what !== what && s.def.what !== 'attack_or_block') return false;
  if (!affects(g, s.source, s.def.affected, d.creature)) return false;
  // "{1} for each card in your hand" with none: nothing is owed
  if (s.def.per !== undefined && timesOwed(g, s) === 0) return false;
  if (!s.def.attacked || d.attacks === undefined) return true;
  const defender = defenderOf(g, d.attacks);
  return defender === s.controller && (defender === d.attacks || s.def.attacked === 'you_or_planeswalkers');
}

function combatCostStatics(g: Game) {
  return activeStatics(g, 'combat_cost');
}

/** How many times a static's cost is owed for each creature it covers ("for each card in your hand"). */
function timesOwed(g: Game, s: ReturnType<typeof combatCostStatics>[number]): number {
  const src = g.tryObj(s.source);
  return s.def.per === undefined ? 1 : src ? evalAmountStatic(g, s.def.per, src) : 0;
}

/** The costs owed for one creature's attack or block: one copy of each static covering it. */
function owedFor(g: Game, what: 'attack' | 'block', d: Declared, player: PlayerId): OwedCost[] {
  const out: OwedCost[] = [];
  for (const s of combatCostStatics(g)) {
    if (!covers(g, s, what, d)) continue;
    const src = g.tryObj(s.source);
    const x = s.def.x !== undefined && src ? evalAmountStatic(g, s.def.x, src) : 0;
    const times = timesOwed(g, s);
    let mana = emptyPlainCost();
    const announced: string[] = [];
    for (const p of Array.from({ length: times }, () => s.def.cost.parts).flat()) {
      if (p.kind === 'mana') {
        const label = `the cost to ${what} with ${g.name(d.creature)} (${s.sourceName})`;
        const phyrexian = choosePhyrexian(g, { controller: player, label }, p.mana, RULES[what].total);
        announced.push(...(phyrexian ?? []).map((c) => (c === 'life' ? '2 life' : 'the mana')));
        mana = addPlain(mana, announcedCost(p.mana, x, undefined, phyrexian));
      } else if (p.kind === 'life') mana = addPlain(mana, { ...emptyPlainCost(), life: p.n });
    }
    const text = s.def.cost.text.replace(/\{X\}/g, `{${x}}`) + (times === 1 ? '' : ` x${times}`) + (announced.length ? ` (${announced.join(', ')})` : '');
    out.push({ creature: d.creature, source: s.sourceName, text, mana });
  }
  return out;
}

/** Whether a creature's attack on `target` (or its block) would cost anything: a requirement doesn't make anyone pay it. */
export function hasCombatCost(g: Game, what: 'attack' | 'block', d: Declared): boolean {
  return combatCostStatics(g).some((s) => covers(g, s, what, d));
}

/**
 * 508.1g-j / 509.1d-f: the total cost of the declaration, locked in, then paid by the declaring player
 * (the `pay` question names the mana abilities to activate). Throws when it can't be paid in full.
 */
export function payCombatCosts(g: Game, what: 'attack' | 'block', player: PlayerId, declared: Declared[]): void {
  if (combatCostStatics(g).length === 0) return;
  const owed = declared.flatMap((d) => owedFor(g, what, d, player));
  if (owed.length === 0) return;
  const mana = owed.reduce((sum, o) => addPlain(sum, o.mana), emptyPlainCost());
  const text = owed.map((o) => `${o.text} for ${g.name(o.creature)} (${o.source})`).join(', ');
  const rules = RULES[what];
  g.emit({ type: 'combat_cost', rule: rules.total, player, what, costs: owed.map((o) => ({ creature: g.ref(o.creature), cost: o.text, source: o.source })) });
  const label = `the cost to ${what}`;
  payTotalCost(g, { mana, other: [] }, { player, label, choices: newChoices(), x: 0, manaComponent: true, rule: rules.pay }, { rule: rules.pay, prompt: `Pay ${text}`, cost: text });
}
