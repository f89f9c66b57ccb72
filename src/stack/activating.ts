// Activating abilities (602): mana abilities resolve at once (605.3); other activated abilities go
// on the stack with the same proposal and cost steps as spells (602.2b); loyalty abilities have
// their own timing (606.3).

import { announceCostChoices, announcedCost, costHasX, determineTotalCost, payTotalCost, withX } from './costs.js';
import { activationZone, findActivatedAbility, type ActivatedAbility } from '../characteristics/abilities.js';
import { checkCondition } from '../characteristics/conditions.js';
import { IllegalAction, type Game } from '../state/game.js';
import { activateManaAbility, canUseTapAbilities, checkUseLimit, isManaAbility } from './manaAbilities.js';
import { costText } from '../core/mana.js';
import { announcement, chooseDivision, chooseHybrid, chooseModes, choosePhyrexian, chooseTargets, chooseX, targetSpecs, type Subject } from './proposal.js';
import { newChoices, type ObjId, type PlayerId } from '../state/state.js';
import { COMBAT_STEPS, STEPS } from '../cards/types.js';
import { slotsFor } from './targets.js';
import { newAbilityObject } from './triggers.js';
import type { CostPart } from '../cards/costs.js';
import { activationForbiddenBy, liveStaticDefs } from '../characteristics/statics.js';
import { checkSplitSecond } from './splitSecond.js';

export interface ActivateRequest {
  player: PlayerId;
  source: ObjId;
  index?: number;
  fragment?: string;
}

function isMainPhase(g: Game): boolean {
  return g.state.turn.step === 'main1' || g.state.turn.step === 'main2';
}

/** Activates an ability; returns the ability's id on the stack, or null for a mana ability. */
export function activateAbility(g: Game, req: ActivateRequest): ObjId | null {
  const { player } = req;
  const t = g.state.turn;
  if (g.state.result) throw new IllegalAction('117.1', 'the game is over');
  const src = g.tryObj(req.source);
  if (!src) throw new IllegalAction('602.2', 'no such object');
  if (src.zone !== 'battlefield' && src.zone !== 'graveyard' && src.zone !== 'hand') throw new IllegalAction('602.2', `${g.name(src.id)} is not on the battlefield, so its activated abilities can't be activated`);
  if (t.priority !== player) throw new IllegalAction('117.1b', `${player} doesn't have priority (${t.priority ?? 'nobody'} does)`);
  const ability = findActivatedAbility(g, src.id, { ...(req.index !== undefined ? { index: req.index } : {}), ...(req.fragment !== undefined ? { fragment: req.fragment } : {}) });
  const name = g.name(src.id);
  const zone = activationZone(ability);
  if (src.zone !== zone) {
    throw new IllegalAction(zone === 'battlefield' ? '113.6' : '113.6m', zone === 'battlefield'
      ? `${name} is not on the battlefield, so this ability can't be activated`
      : `this ability of ${name} works only while it is in ${zone === 'hand' ? 'its owner\'s hand' : 'a graveyard'}`);
  }
  // a card in a hand or graveyard has no controller: its owner stands in for it (108.4a)
  const activator = src.zone === 'battlefield' ? g.controller(src.id) : src.owner;
  // "Any player may activate this ability": the player activating it controls it (113.8)
  const anyone = ability.anyone === true && src.zone === 'battlefield';
  if (activator !== player && !anyone) throw new IllegalAction('602.2', `${player} doesn't control ${name}, so can't activate its abilities`);

  const forbidden = activationForbiddenBy(g, src.id, isManaAbility(ability));
  if (forbidden) throw new IllegalAction('602.5', `${name}'s activated abilities can't be activated (${g.name(forbidden)})`);
  // 605.3: a mana ability doesn't use the stack
  if (isManaAbility(ability)) {
    activateManaAbility(g, player, src.id, { ability, rule: '605.3a' });
    return null;
  }

  checkSplitSecond(g, 'activate an ability that isn\'t a mana ability');
  const printedParts = ability.cost.parts;
  if (printedParts.some((p) => p.kind === 'tap' || p.kind === 'untap') && !canUseTapAbilities(g, src.id)) {
    throw new IllegalAction('602.5a', `${name} came under ${player}'s control this turn and has no haste, so its {T} ability can't be activated (summoning sickness, 302.6)`);
  }
  const loyalty = printedParts.some((p) => p.kind === 'loyalty');
  const sorcery = ability.timing === 'sorcery' || loyalty;
  if (sorcery && (t.active !== player || !isMainPhase(g) || g.state.stack.length > 0)) {
    throw new IllegalAction(loyalty ? '606.3' : '602.5d', `${loyalty ? 'a loyalty ability' : 'this ability'} can be activated only at sorcery speed: in ${player}'s main phase with an empty stack`);
  }
  if (loyalty) {
    const used = Object.entries(src.activations).some(([k, n]) => n > 0 && g.cards.ability(k)?.kind === 'activated' && (g.cards.ability(k) as { cost: { parts: CostPart[] } }).cost.parts.some((p) => p.kind === 'loyalty'));
    if (used) throw new IllegalAction('606.3', `a loyalty ability of ${name} was already activated this turn`);
  }
  const closed = activationClosed(g, ability, player, src.id);
  if (closed) throw new IllegalAction('602.5', `${name}'s ability can be activated only ${closed}`);
  checkUseLimit(ability, src.activations, name);

  // 602.2a: the ability goes on the stack
  const o = newAbilityObject(g, { abilityKey: ability.key, source: src.id, sourceName: name, controller: player, choices: newChoices(), triggered: false });
  const label = `${name}'s ability`;
  g.emit({ type: 'ability_activating', rule: '602.2a', player, label, obj: g.ref(o.id), abilityText: ability.text });
  const choices = o.ability!.choices;
  const subject: Subject = { stackObj: o.id, controller: player, label, block: ability.block, ...(ability.modal ? { modal: ability.modal } : {}), src: { stackObj: o.id, qualitySource: src.id, controller: player, abilitySource: src.id } };
  // 602.2b -> 601.2b-d
  if (ability.modal) choices.modes = chooseModes(g, subject, '601.2b', ability.modal.max);
  const costChoices = announceCostChoices(g, player, label, printedParts);
  const announced = costChoices.parts;
  const manaParts = announced.filter((p) => p.kind === 'mana');
  const hasX = manaParts.some((p) => p.kind === 'mana' && p.mana.some((s) => s.kind === 'x')) || announced.some((p) => p.kind === 'loyalty' && p.n === 'X') || costHasX(announced);
  if (hasX) choices.x = chooseX(g, subject, '601.2b');
  // 602.2b -> 601.2b: the half of each hybrid symbol and, for each Phyrexian symbol, life or mana
  const printedMana = manaParts.flatMap((p) => (p.kind === 'mana' ? p.mana : []));
  const hybrid = chooseHybrid(g, subject, printedMana, '601.2b');
  if (hybrid) choices.hybrid = hybrid;
  const phyrexian = choosePhyrexian(g, subject, printedMana, '601.2b');
  if (phyrexian) choices.phyrexian = phyrexian;
  const told = announcement(choices, costChoices.chosen);
  if (Object.keys(told).length) g.emit({ type: 'announced', rule: '601.2b', player, label, obj: g.ref(o.id), choices: told });
  const parts = withX(announced, choices.x ?? 0);
  // a {T} among the costs chosen of several ("{3}, {T} or {R}, {T}") (302.6)
  if (parts.some((p) => p.kind === 'tap' || p.kind === 'untap') && !canUseTapAbilities(g, src.id)) {
    throw new IllegalAction('602.5a', `${name} came under ${player}'s control this turn and has no haste, so its {T} ability can't be activated (summoning sickness, 302.6)`);
  }
  choices.targets = chooseTargets(g, subject, slotsFor(g, targetSpecs(subject, choices.modes), player, choices.x ?? 0), '601.2c')!;
  const div = chooseDivision(g, subject, choices.targets, choices, '601.2d');
  if (div) choices.divide = div;
  g.changed();

  // 601.2f-h via 602.2b: the activation cost
  const base = announcedCost(printedMana, choices.x ?? 0, hybrid, phyrexian);
  const other = parts.filter((p) => p.kind !== 'mana');
  const total = determineTotalCost(g, { player, stackObj: o.id, base, additional: other, isSpell: false, label });
  // 609.4b: mana its own statics let be spent as though it were any color
  const wild = liveStaticDefs(g, src.id).flatMap((def) => (def.kind === 'spend_as_any_color' ? def.colors : []));
  payTotalCost(g, total, { player, source: src.id, stackObj: o.id, label, choices, x: choices.x ?? 0, manaComponent: manaParts.length > 0, ...(wild.length ? { wild } : {}) }, {
    rule: '601.2g', prompt: `Pay for ${label}`, cost: manaParts.map((p) => (p.kind === 'mana' ? costText(p.mana) : '')).join(''),
  });
  const live = g.tryObj(src.id);
  if (live) live.activations[ability.key] = (live.activations[ability.key] ?? 0) + 1;
  g.emit({ type: 'ability_activated', rule: '602.2b', player, label, obj: g.ref(o.id) });
  return o.id;
}


/** Why an "Activate only during ... / only if ..." restriction forbids activating now, or null. */
function activationClosed(g: Game, a: ActivatedAbility, player: PlayerId, source: ObjId): string | null {
  const t = g.state.turn;
  if (a.during === 'your_turn' && t.active !== player) return 'during its controller\'s turn';
  if (a.during === 'your_upkeep' && (t.active !== player || t.step !== 'upkeep')) return 'during its controller\'s upkeep';
  if (a.during === 'upkeep' && t.step !== 'upkeep') return 'during an upkeep step';
  if (a.during === 'your_draw' && (t.active !== player || t.step !== 'draw')) return 'during the draw step of the player activating it';
  if (a.during === 'combat' && !COMBAT_STEPS.includes(t.step)) return 'during combat';
  // attackers are declared as the declare attackers step begins (508.1): before that step of the turn
  if (a.during === 'your_turn_before_attackers' && (t.active !== player || STEPS.indexOf(t.step) >= STEPS.indexOf('declare_attackers'))) return 'during its controller\'s turn, before attackers are declared';
  if (a.condition && !checkCondition(g, a.condition, { you: player, source })) return 'while its condition holds';
  return null;
}
