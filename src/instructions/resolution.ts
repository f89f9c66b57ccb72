// Resolving spells and abilities (608): the top object of the stack checks its targets (608.2b),
// follows its instructions in order (608.2c), and leaves the stack (608.2n); a permanent spell
// becomes a permanent (608.3).

import type { EffectBlock, ModalSpec } from '../cards/types.js';
import { checkCondition } from '../characteristics/conditions.js';
import { runEffects, type ResolveCtx } from './resolve.js';
import type { Thing } from '../characteristics/filters.js';
import type { Game } from '../state/game.js';
import type { GameObject, ObjId, PlayerId, StackChoices } from '../state/state.js';
import { blockOf, isLegalTarget, specForKey, type TargetingSource } from '../stack/targets.js';
import { moveObject } from '../events/zones.js';
import { effectAtPath } from '../characteristics/abilities.js';
import { triggerThings } from '../stack/triggers.js';

const PERMANENT_TYPES = ['artifact', 'battle', 'creature', 'enchantment', 'land', 'planeswalker'];

export interface TargetCheck {
  legal: Map<string, Thing[]>;
  chosenCount: Map<string, number>;
  total: number;
  legalCount: number;
}

/** 608.2b: which of the chosen targets are still legal. */
export function checkTargets(g: Game, o: GameObject, choices: StackChoices, src: TargetingSource): TargetCheck {
  const { block, modal } = blockOf(g, o);
  const legal = new Map<string, Thing[]>();
  const chosenCount = new Map<string, number>();
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
    chosenCount.set(t.spec, t.chosen.length);
  }
  return { legal, chosenCount, total, legalCount };
}

function describeIllegal(g: Game, choices: StackChoices, check: TargetCheck): string {
  const gone: string[] = [];
  for (const t of choices.targets) {
    const ok = check.legal.get(t.spec) ?? [];
    for (const c of t.chosen) {
      const thing = 'obj' in c ? { obj: c.obj } : { player: c.player };
      if (!ok.some((x) => JSON.stringify(x) === JSON.stringify(thing))) gone.push('obj' in c ? g.name(c.obj) : c.player);
    }
  }
  return gone.join(', ');
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
    stackObj: o.id, source, sourceName, controller, choices, legal: check.legal, chosenCount: check.chosenCount,
    x: choices.x ?? 0, kicked: choices.additional.includes('Kicker'),
    ...(o.spell ? { castFrom: o.spell.castFrom } : {}),
    it: o.ability?.trigger?.objs ? o.ability.trigger.objs.map((obj) => ({ obj })) : o.ability?.trigger?.obj ? [{ obj: o.ability.trigger.obj }] : [],
    ...(o.ability?.trigger?.player ? { thatPlayer: o.ability.trigger.player } : {}),
    abilityKey, effectPath: 'effects',
  };
}

function runBlock(g: Game, block: EffectBlock, modal: ModalSpec | undefined, choices: StackChoices, ctx: ResolveCtx): void {
  if (modal) {
    for (const m of choices.modes ?? []) {
      if (g.state.result) return;
      runEffects(g, modal.modes[m]!.effects, { ...ctx, mode: m, effectPath: `modes.${m}.effects` });
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
        g.emit('resolve', '702.103e', `${name}'s target is illegal: it stops being bestowed and resolves as a creature spell`, { obj: o.id });
        delete choices.alt;
        g.changed();
        moveObject(g, o.id, 'battlefield', { rule: '608.3a', controller, keepCastChoices: true, why: 'resolves and enters' });
        return;
      }
      g.emit('fizzle', '608.3b', `${name}'s target (${describeIllegal(g, choices, check)}) is illegal: it doesn't resolve and is put into its owner's graveyard`, { obj: o.id });
      moveObject(g, o.id, 'graveyard', { rule: '608.3b', why: 'is removed from the stack' });
      return;
    }
    g.emit('resolve', '608.3', `${name} resolves`, { obj: o.id });
    const attachTo = check.legal.get('enchant')?.[0];
    const newId = moveObject(g, o.id, 'battlefield', { rule: attachTo ? '608.3c' : '608.3a', controller, keepCastChoices: true, ...(o.faceDown ? { faceDown: true } : {}), why: attachTo ? `enters attached to ${'obj' in attachTo ? g.name(attachTo.obj) : attachTo.player}` : `enters under ${controller}'s control` });
    if (newId && attachTo) {
      g.obj(newId).attachedTo = 'obj' in attachTo ? attachTo.obj : attachTo.player;
      g.changed();
    }
    return;
  }

  if (check.total > 0 && check.legalCount === 0) {
    g.emit('fizzle', '608.2b', `${name} doesn't resolve: its target${check.total > 1 ? 's are' : ' is'} illegal (${describeIllegal(g, choices, check)}); none of its instructions happen`, { obj: o.id });
    leaveStack(g, o, false);
    return;
  }
  if (check.legalCount < check.total) {
    g.emit('resolve', '608.2b', `${name} resolves; its illegal target${check.total - check.legalCount > 1 ? 's' : ''} (${describeIllegal(g, choices, check)}) ${check.total - check.legalCount > 1 ? 'are' : 'is'} not affected`, { obj: o.id });
  } else {
    g.emit('resolve', '608.2c', `${name} resolves`, { obj: o.id });
  }
  const { block, modal, ability } = blockOf(g, o);
  const ctx = baseCtx(g, o, controller, choices, check, o.id, name, ability?.key ?? '');
  runBlock(g, block, modal, choices, ctx);
  if (g.tryObj(o.id)?.zone === 'stack') leaveStack(g, o, true);
}

/** 608.2n: an instant or sorcery goes to its owner's graveyard (an Adventure to exile, 715.4). */
function leaveStack(g: Game, o: GameObject, resolved: boolean): void {
  if (o.spell?.isCopy) {
    // 704.5e / 707.10a: a copy of a spell that leaves the stack ceases to exist
    moveObject(g, o.id, 'graveyard', { rule: '704.5e', why: `(a copy) ${resolved ? 'finishes resolving' : 'is removed from the stack'}` });
    return;
  }
  if (resolved && o.spell?.face === 'adventure') {
    moveObject(g, o.id, 'exile', { rule: '715.4', why: 'resolves and goes on an adventure in exile' });
    return;
  }
  moveObject(g, o.id, 'graveyard', { rule: '608.2n', why: resolved ? 'finishes resolving' : 'is removed from the stack' });
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
      g.emit('fizzle', '603.4', `${name}: its intervening "if" condition is checked again and is false, so it is removed from the stack and does nothing (608.2a)`, { obj: o.id });
      moveObject(g, o.id, 'graveyard', { rule: '608.2a', quiet: true });
      return;
    }
  }
  const check = checkTargets(g, o, info.choices, src);
  if (check.total > 0 && check.legalCount === 0) {
    g.emit('fizzle', '608.2b', `${name} doesn't resolve: its target${check.total > 1 ? 's are' : ' is'} illegal (${describeIllegal(g, info.choices, check)})`, { obj: o.id });
    moveObject(g, o.id, 'graveyard', { rule: '608.2n', quiet: true });
    return;
  }
  g.emit('resolve', check.legalCount < check.total ? '608.2b' : '608.2c', `${name} resolves`, { obj: o.id });
  // 603.7c: a delayed ability affects only the objects it was made for; one that changed zones is a new object
  const delayedAbility = info.delayedPath ? g.cards.ability(info.abilityKey) : undefined;
  const isDelayed = !!delayedAbility && effectAtPath(delayedAbility, info.delayedPath!)?.verb === 'delayed';
  for (const id of isDelayed ? (info.trigger?.objs ?? []) : []) {
    if (!g.tryObj(id)) g.emit('info', '603.7c', `${g.state.lki[id]?.name ?? 'the object'} has left its zone since: it is a new object, and the delayed ability does nothing to it`);
  }
  const ctx = baseCtx(g, o, info.controller, info.choices, check, info.source, info.sourceName, info.abilityKey);
  runBlock(g, block, modal, info.choices, ctx);
  if (g.tryObj(o.id)?.zone === 'stack') moveObject(g, o.id, 'graveyard', { rule: '608.2n', quiet: true });
}

