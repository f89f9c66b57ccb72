// Resolving spells and abilities (608): the top object of the stack checks its targets (608.2b),
// follows its instructions in order (608.2c), and leaves the stack (608.2n); a permanent spell
// becomes a permanent (608.3).

import type { EffectBlock, ModalSpec } from '../cards/types.js';
import { checkCondition } from '../characteristics/conditions.js';
import { runEffects, type ResolveCtx } from './resolve.js';
import { spellAscends } from '../stack/ascend.js';
import type { Thing } from '../characteristics/filters.js';
import type { Game } from '../state/game.js';
import type { GameObject, ObjId, PlayerId, StackChoices } from '../state/state.js';
import { wasKicked } from '../state/state.js';
import type { ThingRef } from '../state/events.js';
import { blockOf, isLegalTarget, specForKey, type TargetingSource } from '../stack/targets.js';
import { moveObject } from '../events/zones.js';
import { effectAtPath } from '../characteristics/abilities.js';
import { triggerThings } from '../stack/triggers.js';
import { addEffect } from '../state/effects.js';
import { hasKeyword, STEPS } from '../cards/types.js';
import { keywordParts, keywordRule } from '../cards/keywords.js';

const PERMANENT_TYPES = ['artifact', 'battle', 'creature', 'enchantment', 'land', 'planeswalker'];

export interface TargetCheck {
  legal: Map<string, Thing[]>;
  total: number;
  legalCount: number;
}

/** 608.2b: which of the chosen targets are still legal. */
export function checkTargets(g: Game, o: GameObject, choices: StackChoices, src: TargetingSource): TargetCheck {
  const { block, modal } = blockOf(g, o);
  const legal = new Map<string, Thing[]>();
  let total = 0;
  let legalCount = 0;
  for (const t of choices.targets) {
    const slot = specForKey(g, o, t.spec, block, modal);
    const things: Thing[] = [];
    for (const c of t.chosen) {
      total++;
      const thing: Thing = 'obj' in c ? { obj: c.obj } : { player: c.player };
      if (slot && isLegalTarget(g, slot, thing, src)) { things.push(thing); legalCount++; }
    }
    legal.set(t.spec, things);
  }
  return { legal, total, legalCount };
}

function illegalTargets(g: Game, choices: StackChoices, check: TargetCheck): ThingRef[] {
  const gone: ThingRef[] = [];
  for (const t of choices.targets) {
    const ok = check.legal.get(t.spec) ?? [];
    for (const c of t.chosen) {
      const thing = 'obj' in c ? { obj: c.obj } : { player: c.player };
      if (!ok.some((x) => JSON.stringify(x) === JSON.stringify(thing))) gone.push(g.thingRef(thing));
    }
  }
  return gone;
}

/** Resolves the object on top of the stack (608.1). */
export function resolveTopObject(g: Game): void {
  const id = g.state.stack[0];
  if (!id) return;
  const o = g.obj(id);
  if (o.ability) resolveAbility(g, o);
  else resolveSpell(g, o);
}

function baseCtx(g: Game, o: GameObject, controller: PlayerId, choices: StackChoices, check: TargetCheck, source: ObjId, sourceName: string, abilityKey: string): ResolveCtx {
  return {
    stackObj: o.id, source, sourceName, controller, choices, legal: check.legal,
    x: choices.x ?? 0, kicked: wasKicked(choices.additional),
    ...(o.spell ? { castFrom: o.spell.castFrom } : {}),
    it: o.ability?.trigger?.objs ? o.ability.trigger.objs.map((obj) => ({ obj })) : o.ability?.trigger?.obj ? [{ obj: o.ability.trigger.obj, ...(o.ability.trigger.was ? { was: o.ability.trigger.was } : {}) }] : [],
    ...(o.ability?.trigger?.player ? { thatPlayer: o.ability.trigger.player } : {}),
    ...(o.ability?.trigger?.obj ? { about: o.ability.trigger.obj } : {}),
    // "that much": the amount of the trigger event (damage dealt, life gained)
    ...(o.ability?.trigger?.amount !== undefined ? { eventAmount: o.ability.trigger.amount } : {}),
    abilityKey, effectPath: 'effects',
  };
}

function runBlock(g: Game, block: EffectBlock, modal: ModalSpec | undefined, choices: StackChoices, ctx: ResolveCtx): void {
  if (modal) {
    const seen = new Map<number, number>();
    for (const m of choices.modes ?? []) {
      if (g.state.result) return;
      // 700.2d: a mode chosen again is followed again, with its own targets
      const occurrence = seen.get(m) ?? 0;
      seen.set(m, occurrence + 1);
      runEffects(g, modal.modes[m]!.effects, { ...ctx, mode: m, ...(occurrence ? { occurrence } : {}), effectPath: `modes.${m}.effects` });
    }
  } else {
    runEffects(g, block.effects, ctx);
  }
}

function resolveSpell(g: Game, o: GameObject): void {
  const c = g.chars(o.id);
  const name = g.name(o.id);
  const controller = c.controller;
  const choices = o.spell!.choices;
  const src: TargetingSource = { stackObj: o.id, qualitySource: o.id, controller, abilitySource: o.id };
  const check = checkTargets(g, o, choices, src);
  const isPermanent = c.types.some((t) => PERMANENT_TYPES.includes(t));

  if (isPermanent) {
    if (check.total > 0 && check.legalCount === 0) {
      if (choices.alt === 'Bestow') {
        // 702.103e: a bestowed Aura spell whose target is illegal resolves as a creature spell
        g.emit({ type: 'bestow_fails', rule: '702.103e', obj: g.ref(o.id, name) });
        delete choices.alt;
        g.changed();
        moveObject(g, o.id, 'battlefield', { rule: '608.3a', controller, keepCastChoices: true, how: { kind: 'resolves_enters' } });
        return;
      }
      g.emit({ type: 'fizzles', rule: '608.3b', obj: g.ref(o.id, name), illegal: illegalTargets(g, choices, check), total: check.total, permanent: true, ability: false });
      moveObject(g, o.id, 'graveyard', { rule: '608.3b', how: { kind: 'removed_from_stack', copy: false } });
      return;
    }
    g.emit({ type: 'resolves', rule: '608.3', obj: g.ref(o.id, name), illegal: [] });
    const attachTo = check.legal.get('enchant')?.[0];
    const newId = moveObject(g, o.id, 'battlefield', { rule: attachTo ? '608.3c' : '608.3a', controller, keepCastChoices: true, ...(o.faceDown ? { faceDown: true } : {}), how: attachTo ? { kind: 'enters_attached', to: g.thingRef(attachTo) } : { kind: 'enters_under', player: controller } });
    if (newId && attachTo) {
      g.obj(newId).attachedTo = 'obj' in attachTo ? attachTo.obj : attachTo.player;
      g.changed();
    }
    if (newId && choices.alt === 'Dash') dashReturn(g, newId, controller, name);
    return;
  }

  if (check.total > 0 && check.legalCount === 0) {
    g.emit({ type: 'fizzles', rule: '608.2b', obj: g.ref(o.id, name), illegal: illegalTargets(g, choices, check), total: check.total, permanent: false, ability: false });
    leaveStack(g, o, false);
    return;
  }
  if (check.legalCount < check.total) {
    g.emit({ type: 'resolves', rule: '608.2b', obj: g.ref(o.id, name), illegal: illegalTargets(g, choices, check) });
  } else {
    g.emit({ type: 'resolves', rule: '608.2c', obj: g.ref(o.id, name), illegal: [] });
  }
  const { block, modal, ability } = blockOf(g, o);
  const ctx = baseCtx(g, o, controller, choices, check, o.id, name, ability?.key ?? '');
  // 702.131a: ascend is printed first, so it is followed first
  spellAscends(g, o.id);
  runBlock(g, block, modal, choices, ctx);
  if (g.tryObj(o.id)?.zone === 'stack') leaveStack(g, o, true);
}

/** 608.2n: an instant or sorcery goes to its owner's graveyard (an Adventure to exile, 715.4); one that doesn't resolve, its targets all illegal, too (608.2b). */
function leaveStack(g: Game, o: GameObject, resolved: boolean): void {
  if (o.spell?.isCopy) {
    // 704.5e / 707.10a: a copy of a spell that leaves the stack ceases to exist
    moveObject(g, o.id, 'graveyard', { rule: '704.5e', how: { kind: resolved ? 'finishes_resolving' : 'removed_from_stack', copy: true } });
    return;
  }
  if (resolved && o.spell?.face === 'adventure') {
    moveObject(g, o.id, 'exile', { rule: '715.4', how: { kind: 'adventure' } });
    return;
  }
  if (resolved && o.spell?.castFrom === 'hand' && hasKeyword(g.chars(o.id).abilities, 'Rebound')) {
    rebound(g, o);
    return;
  }
  // 702.27a: a spell whose buyback cost was paid goes to its owner's hand as it resolves (flashback's exile still wins, 702.34a)
  if (resolved && o.spell?.choices.additional.includes('Buyback')) {
    moveObject(g, o.id, 'hand', { rule: '702.27a', how: { kind: 'finishes_resolving', copy: false } });
    return;
  }
  moveObject(g, o.id, 'graveyard', { rule: resolved ? '608.2n' : '608.2b', how: { kind: resolved ? 'finishes_resolving' : 'removed_from_stack', copy: false } });
}

/** 702.109a: a permanent whose dash cost was paid returns to its owner's hand at the beginning of the next end step. */
function dashReturn(g: Game, permanent: ObjId, controller: PlayerId, name: string): void {
  addDelayedFromKeyword(g, 'Dash', { controller, source: permanent, name, about: permanent, step: 'end' });
}

/** A delayed triggered ability a keyword creates (its instruction is the keyword's definition, cards/keywords.ts). */
function addDelayedFromKeyword(g: Game, keyword: string, d: { controller: PlayerId; source: ObjId; name: string; about: ObjId; step: 'upkeep' | 'end'; whose?: 'you' }): void {
  const part = keywordParts(keyword)[0]!;
  addEffect(g.state, {
    kind: 'delayed', abilityKey: part.key, path: 'effects.0', controller: d.controller, source: d.source, sourceName: d.name, objects: [d.about],
    step: d.step, ...(d.whose ? { whose: d.whose } : {}), duration: { kind: 'permanent' }, fromTurn: g.state.turn.number, fromStepIndex: STEPS.indexOf(g.state.turn.step),
  });
  const effects = part.kind === 'triggered' ? part.block.effects.flatMap((e) => (e.verb === 'delayed' ? e.do.map((x) => x.verb) : [])) : [];
  g.emit({ type: 'delayed_created', rule: part.kind === 'triggered' ? (keywordRule(part.key) ?? '603.7a') : '603.7a', by: g.ref(d.source), effects, step: d.step, trigger: null, thisTurn: false, about: [g.ref(d.about)] });
}

/**
 * 702.88a: a spell with rebound cast from its controller's hand is exiled as it resolves, and a
 * delayed triggered ability lets them cast the card from exile at the beginning of their next upkeep.
 */
function rebound(g: Game, o: GameObject): void {
  const controller = g.controller(o.id);
  const name = g.name(o.id);
  const card = moveObject(g, o.id, 'exile', { rule: '702.88a', how: { kind: 'finishes_resolving', copy: false } });
  if (card === null || g.tryObj(card)?.zone !== 'exile') return;
  addDelayedFromKeyword(g, 'Rebound', { controller, source: card, name, about: card, step: 'upkeep', whose: 'you' });
}

function resolveAbility(g: Game, o: GameObject): void {
  const info = o.ability!;
  const name = g.name(o.id);
  const { block, modal, ability } = blockOf(g, o);
  const src: TargetingSource = { stackObj: o.id, qualitySource: info.source, controller: info.controller, abilitySource: info.source };
  // 608.2a: an intervening "if" is checked again
  if (ability?.kind === 'triggered' && ability.condition) {
    const ok = checkCondition(g, ability.condition, { you: info.controller, source: info.source, things: (r) => (info.trigger ? triggerThings(r, info.trigger) : []) });
    if (!ok) {
      g.emit({ type: 'condition_false', rule: '603.4', obj: g.ref(o.id, name) });
      moveObject(g, o.id, 'graveyard', { rule: '608.2a', quiet: true });
      return;
    }
  }
  const check = checkTargets(g, o, info.choices, src);
  if (check.total > 0 && check.legalCount === 0) {
    g.emit({ type: 'fizzles', rule: '608.2b', obj: g.ref(o.id, name), illegal: illegalTargets(g, info.choices, check), total: check.total, permanent: false, ability: true });
    moveObject(g, o.id, 'graveyard', { rule: '608.2n', quiet: true });
    return;
  }
  g.emit({ type: 'resolves', rule: check.legalCount < check.total ? '608.2b' : '608.2c', obj: g.ref(o.id, name), illegal: [] });
  // 603.7c: a delayed ability affects only the objects it was made for; one that changed zones is a new object
  const delayedAbility = info.delayedPath ? g.cards.ability(info.abilityKey) : undefined;
  const delayed = delayedAbility ? effectAtPath(delayedAbility, info.delayedPath!) : undefined;
  // (only when its instructions act on that object: a pact's payment names no object)
  const isDelayed = delayed?.verb === 'delayed' && /"(it|self)"/.test(JSON.stringify(delayed.do));
  for (const id of isDelayed ? (info.trigger?.objs ?? []) : []) {
    if (!g.tryObj(id)) g.emit({ type: 'delayed_object_gone', rule: '603.7c', name: g.state.lki[id]?.name ?? null });
  }
  const ctx = baseCtx(g, o, info.controller, info.choices, check, info.source, info.sourceName, info.abilityKey);
  runBlock(g, block, modal, info.choices, ctx);
  if (g.tryObj(o.id)?.zone === 'stack') moveObject(g, o.id, 'graveyard', { rule: '608.2n', quiet: true });
}

