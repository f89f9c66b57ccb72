// Copying spells (707.10): the copy is put on the stack with the original's characteristics and
// every choice made for it (modes, targets, X, costs paid); its controller may choose new targets
// when the effect allows it (707.10c). A copy is not cast, and it ceases to exist off the stack.

import { addEffect, effectsOf } from '../state/effects.js';
import type { Game } from '../state/game.js';
import type { ColorLetter } from '../core/mana.js';
import type { ObjId, PlayerId, TargetChoice } from '../state/state.js';
import { blockOf, isLegalTarget, optionThing, slotQuestion, specForKey, type SlotSpec } from './targets.js';
import { createObject } from '../events/zones.js';
import { IllegalAction } from '../state/game.js';
import { clonePlain } from '../util/clone.js';

/** The colors a spell copy was given as it was copied (707.9b: part of its copiable values), if any. */
function copyingColors(g: Game, copy: ObjId): ColorLetter[] | undefined {
  for (const e of effectsOf(g.state, 'layer')) {
    if (e.rule !== '707.10' || e.source !== copy) continue;
    for (const m of e.mods) if (m.kind === 'colors') return [...m.colors];
  }
  return undefined;
}

export function copySpell(g: Game, original: ObjId, controller: PlayerId, by: string, newTargets: boolean, colors?: ColorLetter[]): ObjId {
  // a spell that left the stack is copied as it last existed (608.2h)
  const o = g.tryObj(original) ?? g.state.lki[original]!.object;
  const copy = createObject(g, {
    ...(o.card !== undefined ? { card: o.card } : {}), ...(o.token ? { token: o.token } : {}),
    owner: controller, controller, zone: 'stack', faceDown: o.faceDown,
  });
  copy.spell = { ...clonePlain(o.spell!), isCopy: true };
  g.changed();
  // a copy of a copy copies its values with the exception made in copying it ("the copy is red", 707.9b)
  const made = colors ?? copyingColors(g, original);
  if (made) {
    addEffect(g.state, {
      kind: 'layer', timestamp: g.newTimestamp(), source: copy.id, sourceName: by, controller,
      affected: [copy.id], mods: [{ layer: '5', kind: 'colors', colors: made, add: false }], duration: { kind: 'permanent' }, rule: '707.10',
    });
  }
  g.emit({ type: 'copy_put', rule: '707.10', by, of: g.ref(original), copy: g.ref(copy.id), controller });
  const targets = copy.spell.choices.targets;
  if (!newTargets || targets.every((t) => t.chosen.length === 0)) return copy.id;
  // 707.10c: the controller may choose new targets; any target may stay
  const yes = g.ask({ kind: 'yes', player: controller, rule: '707.10c', prompt: `choose new targets for the copy of ${g.name(original)}?` });
  if (!yes.value) return copy.id;
  const { block, modal } = blockOf(g, copy);
  const slots: SlotSpec[] = targets.map((t) => specForKey(g, copy, t.spec, block, modal)).filter((x): x is SlotSpec => !!x);
  const src = { stackObj: copy.id, qualitySource: copy.id, controller, abilitySource: copy.id };
  const qslots = slotQuestion(g, slots, src).map((q, i) => ({ ...q, options: [{ id: '#keep', label: `keep ${targets[i]!.chosen.map((c) => ('obj' in c ? g.name(c.obj) : c.player)).join(', ')}` }, ...q.options] }));
  const a = g.ask({ kind: 'targets', player: controller, rule: '707.10c', prompt: `New targets for the copy of ${g.name(original)} (keep keeps a target)`, slots: qslots, illegalRule: '707.10c' });
  const picked = a.slots;
  const next: TargetChoice[] = targets.map((t, i) => {
    const ids = picked[i] ?? [];
    const chosen = t.chosen.map((old, k) => {
      const id = ids[k];
      if (id === undefined || id === '#keep') return old;
      const thing = optionThing(id);
      if (!isLegalTarget(g, slots[i]!, thing, src)) throw new IllegalAction('707.10c', `${g.describeId(id)} is not a legal new target for the copy`);
      return 'obj' in thing ? { obj: thing.obj } : { player: thing.player };
    });
    return { ...t, chosen };
  });
  copy.spell.choices.targets = next;
  g.changed();
  g.emit({ type: 'copy_retargeted', rule: '707.10c', player: controller, obj: g.ref(copy.id), targets: next.flatMap((t) => t.chosen.map((c) => g.thingRef(c))), radiate: false });
  return copy.id;
}

/**
 * Radiate: a copy of a spell with a single target for each other permanent or player it could
 * target, each copy targeting one of them (707.10: the copies are put on the stack by the effect's
 * controller, who also controls them).
 */
export function copyForEachOtherTarget(g: Game, original: ObjId, controller: PlayerId, by: string): void {
  const o = g.obj(original);
  const slot = o.spell!.choices.targets.find((t) => t.chosen.length === 1);
  if (!slot) return;
  const current = slot.chosen[0]!;
  const { block, modal } = blockOf(g, o);
  const spec = specForKey(g, o, slot.spec, block, modal);
  if (!spec) return;
  const src = { stackObj: original, qualitySource: original, controller, abilitySource: original };
  const others = [...g.state.players.map((p) => ({ player: p.name })), ...g.state.battlefield.map((obj) => ({ obj }))]
    .filter((t) => JSON.stringify(t) !== JSON.stringify(current) && isLegalTarget(g, spec, t, src));
  if (others.length === 0) g.emit({ type: 'no_copies', rule: '707.10', by });
  for (const t of others) {
    const id = copySpell(g, original, controller, by, false);
    const copy = g.obj(id);
    copy.spell!.choices.targets = copy.spell!.choices.targets.map((x) => (x.spec === slot.spec ? { ...x, chosen: ['player' in t ? { player: t.player } : { obj: t.obj }] } : x));
    g.changed();
    g.emit({ type: 'copy_retargeted', rule: '707.10', player: controller, obj: g.ref(id), targets: [g.thingRef(t)], radiate: true });
  }
}
