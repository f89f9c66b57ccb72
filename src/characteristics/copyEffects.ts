// Copy effects on permanents (707.2-707.9): the copiable values an object copies, with the copy
// effect's exceptions (707.9), and the choice of what to copy for "enter as a copy" (707.5, a
// replacement effect, 614.12a) or "as this is turned face up" (708.11). Copying spells is in
// stack/copy.ts.

import type { Game } from '../state/game.js';
import type { CopyException } from '../state/events.js';
import type { CopiedValues, GameObject, ObjId, PlayerId } from '../state/state.js';
import type { CopyExcept, ReplacementDef } from '../cards/types.js';
import { matchesFilter } from './filters.js';
import { activeCopy, copiableValues, ptNumber } from './copiable.js';

/**
 * The copiable values of `source` (707.2, following its own copy effects and face-down status, 707.3),
 * with a copy effect's exceptions baked in (707.9a-d); `abilityKey` is the copying ability ("except it
 * has this ability").
 */
export function captureCopy(g: Game, sourceId: ObjId, except: CopyExcept | undefined, self: GameObject | undefined, abilityKey?: string, face?: 'front' | 'back'): CopiedValues {
  const src0 = g.tryObj(sourceId) ?? g.state.lki[sourceId]?.object;
  if (!src0) throw new Error(`internal: nothing to copy (${sourceId})`);
  // one face of a double-faced original, for a double-faced token (707.8a)
  const src = face ? { ...src0, zone: 'battlefield' as const, transformed: face === 'back' } : src0;
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

/**
 * A token copy of a transforming double-faced card or permanent (707.8a): a double-faced token,
 * each face the copiable values of the same face of the original, with the copy's exceptions, and
 * its back face up if the original's is. Undefined when the original isn't double-faced.
 */
export function captureDoubleFaced(g: Game, sourceId: ObjId, except: CopyExcept | undefined, abilityKey?: string): { copied: CopiedValues; transformed: boolean } | undefined {
  const src = g.tryObj(sourceId) ?? g.state.lki[sourceId]?.object;
  if (!src || src.faceDown) return undefined;
  const copy = activeCopy(g, src);
  const transformed = !!src.transformed && src.zone === 'battlefield';
  let dfc: CopiedValues['dfc'];
  if (copy) {
    // a double-faced token copied again: its faces, when no exception changes them
    if (!copy.dfc || except) return undefined;
    dfc = copy.dfc;
  } else {
    if (!src.card || !g.cards.get(src.card)?.back) return undefined;
    dfc = { front: captureCopy(g, sourceId, except, undefined, abilityKey, 'front'), back: captureCopy(g, sourceId, except, undefined, abilityKey, 'back') };
  }
  return { copied: { ...(transformed ? dfc.back : dfc.front), dfc }, transformed };
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
    const yes = g.ask({ kind: 'yes', player: chooser, rule: as === 'enters' ? '614.12a' : '708.11', prompt: `have ${sourceName} become a copy as it ${as === 'enters' ? 'enters' : 'is turned face up'}?` });
    if (!yes.value) return null;
  }
  const a = g.ask({ kind: 'choose', player: chooser, rule: as === 'enters' ? '614.12a' : '708.11', prompt: `what does ${sourceName} become a copy of?`, options, min: 1, max: 1 });
  const of = a.options[0]!;
  const copied: CopiedValues = { ...captureCopy(g, of, def.except, self, abilityKey), ...(def.until_turned_face_down ? { untilFaceDown: true } : {}) };
  const obj = g.ref(self.id, sourceName);
  g.emit({ type: 'becomes_copy', rule, obj, by: sourceName, of: g.ref(of), enters: as === 'enters', untilFaceDown: !!def.until_turned_face_down });
  for (const n of exceptionNotes(def.except)) g.emit({ type: 'copy_exception', rule: n.rule, obj, exception: n.exception });
  g.emit({ type: 'copied_values', rule: '707.2', obj, name: copied.name, supertypes: copied.supertypes, types: copied.types, subtypes: copied.subtypes, colors: copied.colors, power: copied.power, toughness: copied.toughness });
  return copied;
}
