// Copying spells (707.10): the copy is put on the stack with the original's characteristics and
// every choice made for it (modes, targets, X, costs paid); its controller may choose new targets
// when the effect allows it (707.10c). A copy is not cast, and it ceases to exist off the stack.

import type { Game } from '../state/game.js';
import type { ColorLetter } from '../core/mana.js';
import type { CopiedValues, GameObject, ObjId, PlayerId, TargetChoice } from '../state/state.js';
import type { CopyExcept, ReplacementDef } from '../cards/types.js';
import type { CopyException } from '../state/events.js';
import { matchesFilter } from '../characteristics/filters.js';
import { activeCopy, copiableValues, ptNumber } from '../characteristics/layers.js';
import { isLegalTarget, optionThing, slotQuestion, type SlotSpec } from './targets.js';
import { createObject } from '../events/zones.js';
import { IllegalAction } from '../state/game.js';
import { specForKey, blockOf } from './resolution.js';

export function copySpell(g: Game, original: ObjId, controller: PlayerId, by: string, newTargets: boolean, colors?: ColorLetter[]): ObjId {
  const o = g.obj(original);
  const copy = createObject(g, {
    ...(o.card !== undefined ? { card: o.card } : {}), ...(o.token ? { token: o.token } : {}),
    owner: controller, controller, zone: 'stack', faceDown: o.faceDown,
  });
  copy.spell = { ...structuredClone(o.spell!), isCopy: true };
  g.changed();
  if (colors) {
    g.state.effects.push({
      id: g.state.nextEffectId++, timestamp: g.newTimestamp(), source: copy.id, sourceName: by, controller,
      affected: [copy.id], mods: [{ layer: '5', kind: 'colors', colors, add: false }], duration: { kind: 'permanent' }, rule: '707.10',
    });
  }
  g.emit({ type: 'copy_put', rule: '707.10', by, of: g.ref(original), copy: g.ref(copy.id), controller });
  const targets = copy.spell.choices.targets;
  if (!newTargets || targets.every((t) => t.chosen.length === 0)) return copy.id;
  // 707.10c: the controller may choose new targets; any target may stay
  const yes = g.ask({ kind: 'yes', player: controller, rule: '707.10c', prompt: `${controller}: choose new targets for the copy of ${g.name(original)}?` });
  if (!(yes as { value: boolean }).value) return copy.id;
  const { block, modal } = blockOf(g, copy);
  const slots: SlotSpec[] = targets.map((t) => specForKey(g, copy, t.spec, block, modal)).filter((x): x is SlotSpec => !!x);
  const src = { stackObj: copy.id, qualitySource: copy.id, controller, abilitySource: copy.id };
  const qslots = slotQuestion(g, slots, src).map((q, i) => ({ ...q, options: [{ id: '#keep', label: `keep ${targets[i]!.chosen.map((c) => ('obj' in c ? g.name(c.obj) : c.player)).join(', ')}` }, ...q.options] }));
  const a = g.ask({ kind: 'targets', player: controller, rule: '707.10c', prompt: `New targets for the copy of ${g.name(original)} (keep keeps a target)`, slots: qslots, illegalRule: '707.10c' });
  const picked = (a as { slots: string[][] }).slots;
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

// ------------------------------------------------------------------ copying permanents (707.2-707.9)

/**
 * The copiable values of `source` (707.2, following its own copy effects and face-down status, 707.3),
 * with a copy effect's exceptions baked in (707.9a-d); `abilityKey` is the copying ability ("except it
 * has this ability").
 */
export function captureCopy(g: Game, sourceId: ObjId, except: CopyExcept | undefined, self: GameObject | undefined, abilityKey?: string): CopiedValues {
  const src = g.tryObj(sourceId) ?? g.state.lki[sourceId]?.object;
  if (!src) throw new Error(`internal: nothing to copy (${sourceId})`);
  const v = copiableValues(g, src);
  let abilities = v.abilities;
  let power = v.power;
  let toughness = v.toughness;
  let colors = v.colors;
  let types = v.types;
  let supertypes = v.supertypes;
  if (except?.not_color && self) colors = copiableValues(g, self).colors; // 707.9c: it keeps its own
  if (except?.add_types) types = [...new Set([...types, ...except.add_types])];
  if (except?.not_legendary) supertypes = supertypes.filter((s) => s !== 'legendary');
  if (except?.colors) colors = [...except.colors];
  let subtypes = [...v.subtypes];
  if (except?.add_subtypes) subtypes = [...new Set([...subtypes, ...except.add_subtypes])];
  const manaCost = except?.no_mana_cost ? null : v.manaCost;
  if (except?.pt) {
    // 707.9d: a copy that sets P/T doesn't copy the abilities that define them
    [power, toughness] = except.pt;
    abilities = abilities.filter((a) => !(a.kind === 'static' && a.defs.every((d) => d.kind === 'cda_pt')));
  }
  const keys = abilities.map((a) => a.key);
  if (except?.extra_ability === 'this' && abilityKey) keys.push(abilityKey);
  if (except?.grant) keys.push(except.grant.key);
  // a flip card's other half is part of what it prints (710.1b), so a copy carries it
  const def = !src.faceDown && !src.flipped && src.card ? g.cards.get(src.card) : undefined;
  const copiedFlip = src.faceDown ? undefined : activeCopy(g, src)?.flip;
  const f = def && !activeCopy(g, src) ? def.flip : undefined;
  const flip = f
    ? { name: f.name, types: [...f.types], supertypes: [...f.supertypes], subtypes: [...f.subtypes], abilities: f.abilities.map((a) => a.key), power: ptNumber(f.power), toughness: ptNumber(f.toughness) }
    : copiedFlip;
  return {
    ...(flip ? { flip } : {}),
    from: v.name ?? 'a face-down permanent', name: v.name, manaCost, colors, types, supertypes, subtypes,
    abilities: keys, power, toughness, loyalty: v.loyalty,
  };
}

/** What a copy effect's exceptions did, for the trace (707.9a-c). */
export function exceptionNotes(except: CopyExcept | undefined): Array<{ rule: '707.9a' | '707.9b' | '707.9c'; exception: CopyException }> {
  if (!except) return [];
  const out: Array<{ rule: '707.9a' | '707.9b' | '707.9c'; exception: CopyException }> = [];
  if (except.not_color) out.push({ rule: '707.9c', exception: { kind: 'not_color' } });
  if (except.add_types) out.push({ rule: '707.9b', exception: { kind: 'add_types', types: except.add_types } });
  if (except.pt) out.push({ rule: '707.9b', exception: { kind: 'pt', power: except.pt[0], toughness: except.pt[1] } });
  if (except.not_legendary) out.push({ rule: '707.9b', exception: { kind: 'not_legendary' } });
  if (except.extra_ability) out.push({ rule: '707.9a', exception: { kind: 'extra_ability' } });
  if (except.grant) out.push({ rule: '707.9a', exception: { kind: 'grant', text: except.grant.text } });
  if (except.colors) out.push({ rule: '707.9b', exception: { kind: 'colors', colors: except.colors } });
  if (except.no_mana_cost) out.push({ rule: '707.9b', exception: { kind: 'no_mana_cost' } });
  if (except.add_subtypes) out.push({ rule: '707.9b', exception: { kind: 'add_subtypes', subtypes: except.add_subtypes } });
  return out;
}

/**
 * "You may have [this] enter as a copy of ..." (707.5) or "as [this] is turned face up, you may
 * choose ..." (708.11): the optional choice and the copiable values it gives, or null (no copy).
 */
export function chooseCopy(g: Game, chooser: PlayerId, self: GameObject, def: Extract<ReplacementDef, { kind: 'enter_as_copy' }>, abilityKey: string, sourceName: string, as: 'enters' | 'turned face up'): CopiedValues | null {
  const options = g.state.battlefield
    .filter((id) => id !== self.id && matchesFilter(g, def.filter, { obj: id }, { you: chooser, source: self.id }))
    .map((id) => ({ id, label: g.describeId(id), obj: id }));
  const rule = as === 'enters' ? '707.5' : '708.11';
  if (options.length === 0) {
    g.emit({ type: 'nothing_to_copy', rule, by: sourceName });
    return null;
  }
  if (def.optional) {
    const yes = g.ask({ kind: 'yes', player: chooser, rule: as === 'enters' ? '614.12a' : '708.11', prompt: `${chooser}: have ${sourceName} become a copy as it ${as === 'enters' ? 'enters' : 'is turned face up'}?` });
    if (!(yes as { value: boolean }).value) return null;
  }
  const a = g.ask({ kind: 'choose', player: chooser, rule: as === 'enters' ? '614.12a' : '708.11', prompt: `${chooser}: what does ${sourceName} become a copy of?`, options, min: 1, max: 1 });
  const of = (a as { options: string[] }).options[0]!;
  const copied: CopiedValues = { ...captureCopy(g, of, def.except, self, abilityKey), ...(def.until_turned_face_down ? { untilFaceDown: true } : {}) };
  const obj = g.ref(self.id, sourceName);
  g.emit({ type: 'becomes_copy', rule, obj, by: sourceName, of: g.ref(of), enters: as === 'enters', untilFaceDown: !!def.until_turned_face_down });
  for (const n of exceptionNotes(def.except)) g.emit({ type: 'copy_exception', rule: n.rule, obj, exception: n.exception });
  g.emit({ type: 'copied_values', rule: '707.2', obj, name: copied.name, supertypes: copied.supertypes, types: copied.types, subtypes: copied.subtypes, colors: copied.colors, power: copied.power, toughness: copied.toughness });
  return copied;
}
