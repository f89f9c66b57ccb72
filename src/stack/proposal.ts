// The choices made while a spell or ability is put on the stack, shared by casting (601.2b-d),
// activating (602.2b) and triggered abilities (603.3c-d): modes, X, hybrid and Phyrexian symbols,
// targets, and the division of an effect among targets.

import type { EffectBlock, ModalSpec, TargetSpec } from '../cards/types.js';
import type { RuleId } from '../core/rules/index.js';
import { evalAmount } from '../characteristics/amounts.js';
import { IllegalAction, type Game } from '../state/game.js';
import { symbolText, type ManaCost, type ManaSymbol } from '../core/mana.js';
import type { Option } from '../state/questions.js';
import type { ObjId, PlayerId, StackChoices, TargetChoice } from '../state/state.js';
import type { Announced } from '../state/events.js';
import { optionThing, targetProblem, slotQuestion, slotsFor, type SlotSpec, type TargetingSource } from './targets.js';

export interface Subject {
  stackObj: ObjId;
  controller: PlayerId;
  label: string;
  block: EffectBlock;
  modal?: ModalSpec;
  src: TargetingSource;
}

/** 601.2b / 700.2: the modes. `maxIfKicked` allows the look-ahead of 601.4. */
export function chooseModes(g: Game, s: Subject, rule: RuleId, maxAllowed: number): number[] {
  const m = s.modal!;
  const options: Option[] = m.modes.map((mode, i) => ({ id: String(i + 1), label: `${i + 1}: ${modeText(mode)}` }));
  const a = g.ask({
    kind: 'modes', player: s.controller, rule, prompt: `Choose ${m.min === maxAllowed ? m.min : `${m.min} to ${maxAllowed}`} mode(s) of ${s.label}`,
    options, min: m.min, max: maxAllowed, illegalRule: rule, ...(m.repeat ? { repeat: true } : {}),
  });
  const picked = a.options.map((x) => Number(x) - 1).sort((x, y) => x - y);
  return picked;
}

function modeText(b: EffectBlock): string {
  const t = b.targets.map((x) => `target ${x.text}`).join(', ');
  const verbs = b.effects.map((e) => e.verb.replace(/_/g, ' ')).join(', ');
  return t ? `${verbs} (${t})` : verbs;
}

/** 601.2b / 107.3: the value of X. */
export function chooseX(g: Game, s: Subject, rule: RuleId): number {
  const a = g.ask({ kind: 'x', player: s.controller, rule, prompt: `Choose the value of X for ${s.label}`, min: 0, max: null, illegalRule: rule });
  return a.value;
}

/** 601.2b: which half of each hybrid symbol will be paid. */
export function chooseHybrid(g: Game, s: Pick<Subject, 'controller' | 'label'>, cost: ManaCost, rule: RuleId): ManaSymbol[] | undefined {
  const hy = cost.filter((x) => x.kind === 'hybrid' || x.kind === 'twobrid');
  if (hy.length === 0) return undefined;
  const halves = hy.map((x): [string, string] => (x.kind === 'hybrid' ? [`{${x.a}}`, `{${x.b}}`] : ['{2}', `{${(x as { color: string }).color}}`]));
  const a = g.ask({ kind: 'hybrid', player: s.controller, rule, prompt: `For each hybrid symbol of ${s.label}, announce the half you will pay`, symbols: hy.map(symbolText), halves, illegalRule: rule });
  const choices = a.choices;
  if (choices.length !== hy.length) throw new IllegalAction(rule, `${s.label} has ${hy.length} hybrid symbol(s); ${choices.length} announced`);
  return choices.map((c, i) => {
    const norm = c.toUpperCase().replace(/\s/g, '');
    const ok = halves[i]!.map((h) => h.toUpperCase());
    if (!ok.includes(norm)) throw new IllegalAction(rule, `${c} is not a half of ${symbolText(hy[i]!)} (choose ${halves[i]!.join(' or ')})`);
    return norm === '{2}' ? { kind: 'generic', n: 2 } : { kind: 'mana', type: norm.slice(1, -1) as 'W' };
  });
}

/** What was announced in 601.2b, as the trace tells it: modes (1-based), costs chosen, X, hybrid halves, Phyrexian payments. */
export function announcement(choices: StackChoices, chosenCosts: string[]): Announced {
  return {
    ...(choices.modes ? { modes: choices.modes.map((m) => m + 1) } : {}),
    ...(choices.alt ? { alt: choices.alt } : {}),
    ...(choices.additional.length || chosenCosts.length ? { additional: [...choices.additional, ...chosenCosts] } : {}),
    ...(choices.x !== undefined ? { x: choices.x } : {}),
    ...(choices.hybrid ? { hybrid: choices.hybrid.map((s) => (s.kind === 'generic' ? `{${s.n}}` : `{${(s as { type: string }).type}}`)).join('') } : {}),
    ...(choices.phyrexian ? { phyrexian: [...choices.phyrexian] } : {}),
  };
}

/** 601.2b / 118.13a: for each Phyrexian symbol, 2 life or the colored mana. */
export function choosePhyrexian(g: Game, s: Pick<Subject, 'controller' | 'label'>, cost: ManaCost, rule: RuleId): Array<'life' | 'mana'> | undefined {
  const ph = cost.filter((x) => x.kind === 'phyrexian');
  if (ph.length === 0) return undefined;
  const a = g.ask({ kind: 'phyrexian', player: s.controller, rule, prompt: `For each Phyrexian symbol of ${s.label} (${ph.map(symbolText).join('')}), announce 2 life or the mana`, symbols: ph.map(symbolText), illegalRule: rule });
  const choices = a.choices;
  if (choices.length !== ph.length) throw new IllegalAction(rule, `${s.label} has ${ph.length} Phyrexian symbol(s); ${choices.length} announced`);
  return choices;
}

/**
 * The target specs of the chosen modes (or of the ability), plus any extra (an Aura's enchant). A target
 * only a kicked spell's instructions name is required only when it is kicked (702.33g); otherwise the
 * spell is cast as if it didn't have it (601.2c).
 */
export function targetSpecs(s: Subject, modes: number[] | undefined, extra: TargetSpec[] = [], kicked = false): Array<{ spec: TargetSpec; mode?: number; occurrence?: number }> {
  return allTargetSpecs(s, modes, extra).filter((x) => kicked || !x.spec.kicked);
}

function allTargetSpecs(s: Subject, modes: number[] | undefined, extra: TargetSpec[]): Array<{ spec: TargetSpec; mode?: number; occurrence?: number }> {
  const out: Array<{ spec: TargetSpec; mode?: number; occurrence?: number }> = extra.map((spec) => ({ spec }));
  const seen = new Map<number, number>();
  for (const m of s.modal ? modes ?? [] : []) {
    // 700.2d: a mode chosen again is another instance of it, with targets of its own
    const occurrence = seen.get(m) ?? 0;
    seen.set(m, occurrence + 1);
    for (const spec of s.modal!.modes[m]!.targets) out.push({ spec, mode: m, ...(occurrence ? { occurrence } : {}) });
  }
  if (!s.modal) for (const spec of s.block.targets) out.push({ spec });
  return out;
}

/**
 * 601.2c / 602.2b / 603.3d: announces the targets. Each slot takes its number of targets, the same
 * object at most once per slot (115.3); every target must be legal. With no legal way to choose, the
 * action is illegal (or, for a triggered ability, `null` is returned and it is removed, 603.3d).
 */
export function chooseTargets(g: Game, s: Subject, slots: SlotSpec[], rule: RuleId): TargetChoice[] | null {
  if (slots.length === 0) return [];
  const qslots = slotQuestion(g, slots, s.src);
  for (const q of qslots) {
    if (q.options.length < q.min) {
      if (rule === '603.3d') return null;
      throw new IllegalAction(rule, `${s.label} has no legal choice for ${q.text}${q.min > 1 ? ` (needs ${q.min} different ones)` : ''}`);
    }
  }
  const a = g.ask({ kind: 'targets', player: s.controller, rule, prompt: `Choose targets for ${s.label}: ${qslots.map((q) => q.text).join('; ')}`, slots: qslots, illegalRule: rule });
  const picked = a.slots;
  const beyond = picked.slice(slots.length).flat();
  if (beyond.length) {
    // 601.2c: the spell asks for these targets only; one it doesn't require (a kicked-only target of a spell not kicked) can't be announced
    throw new IllegalAction(rule, `${s.label} asks for ${qslots.map((q) => q.text).join('; ')} only: ${beyond.map((id) => g.describeId(id)).join(', ')} can't be announced as a target too`);
  }
  const out: TargetChoice[] = [];
  for (const [i, slot] of slots.entries()) {
    const ids = picked[i] ?? [];
    const q = qslots[i]!;
    if (ids.length < q.min || (q.max !== null && ids.length > q.max)) {
      throw new IllegalAction(rule, `${q.text} of ${s.label} needs ${q.max === null ? `at least ${q.min}` : q.min === q.max ? q.min : `${q.min} to ${q.max}`} target(s), got ${ids.length}`);
    }
    if (new Set(ids).size !== ids.length) {
      throw new IllegalAction(rule, `the same object or player can't be chosen twice for one instance of the word "target" (${q.text}) (115.3)`);
    }
    const again = ids.find((id) => anotherRepeats(slots, picked, i, id));
    if (again !== undefined) throw new IllegalAction(rule, `${g.describeId(again)} is already a target of ${s.label}; "${q.text}" asks for a different one`);
    for (const id of ids) {
      const thing = optionThing(id);
      const bar = targetProblem(g, slot, thing, s.src);
      if (bar === null) continue;
      if (bar !== 'unfit') throw new IllegalAction(bar.rule, `${g.describeId(id)} can't be the target of ${s.label}: ${'obj' in thing ? 'it has' : 'they have'} ${bar.ability}`);
      throw new IllegalAction(rule, `${g.describeId(id)} is not a legal choice for ${q.text} of ${s.label}`);
    }
    out.push({ spec: slot.key, ...(slot.mode !== undefined ? { mode: slot.mode } : {}), chosen: ids.map((id) => ('obj' in optionThing(id) ? { obj: id } : { player: id.slice(1) })) });
  }
  g.emit({ type: 'targets_chosen', rule, player: s.controller, label: s.label, obj: g.ref(s.stackObj), targets: out.flatMap((t) => t.chosen.map((c) => g.thingRef(c))) });
  return out;
}

/** "Destroy target land. ... destroy another target land": a slot whose filter says "another" takes an
 * object other than those chosen for the earlier slots of the same text (the same mode's instance). */
function anotherRepeats(slots: SlotSpec[], picked: string[][], i: number, id: string): boolean {
  const slot = slots[i]!;
  if (!slot.spec.filter.terms.length || !slot.spec.filter.terms.every((t) => t.other)) return false;
  const group = (k: string): string => k.slice(0, k.lastIndexOf('.') + 1);
  return slots.slice(0, i).some((x, j) => group(x.key) === group(slot.key) && (picked[j] ?? []).includes(id));
}

/** 601.2d: the division of an amount among the chosen targets, each getting at least 1. */
export function chooseDivision(g: Game, s: Subject, targets: TargetChoice[], choices: StackChoices, rule: RuleId): number[] | undefined {
  const blocks = s.modal ? (choices.modes ?? []).map((m) => s.modal!.modes[m]!) : [s.block];
  const divBlock = blocks.find((b) => b.divide !== undefined);
  if (!divBlock) return undefined;
  const chosen = targets.flatMap((t) => t.chosen);
  if (chosen.length === 0) return [];
  const total = evalAmount(g, divBlock.divide!, { x: choices.x ?? 0, filterCtx: { you: s.controller }, things: () => [] });
  const among: Option[] = chosen.map((c) => ('obj' in c ? { id: c.obj, label: g.name(c.obj), obj: c.obj } : { id: `@${c.player}`, label: c.player, player: c.player }));
  if (total < chosen.length) throw new IllegalAction(rule, `${total} can't be divided among ${chosen.length} targets with at least 1 each`);
  const a = g.ask({ kind: 'divide', player: s.controller, rule, prompt: `Divide ${total} among the targets of ${s.label}`, total, among, minEach: 1, illegalRule: rule });
  const amounts = a.amounts;
  const out = among.map((o) => amounts[o.id] ?? 0);
  for (const k of Object.keys(amounts)) if (!among.some((o) => o.id === k)) throw new IllegalAction(rule, `${g.describeId(k)} is not a target of ${s.label}`);
  if (out.some((n) => n < 1)) throw new IllegalAction(rule, `each target must be assigned at least 1 when dividing ${total} (601.2d)`);
  const sum = out.reduce((x, y) => x + y, 0);
  if (sum !== total) throw new IllegalAction(rule, `the division must total ${total}, not ${sum}`);
  g.emit({ type: 'divided', rule, player: s.controller, label: s.label, obj: g.ref(s.stackObj), total, parts: chosen.map((c, i) => ({ to: g.thingRef(c), n: out[i]! })) });
  return out;
}

export { slotsFor };
