// Mana abilities (605): they don't use the stack and resolve at once, whether activated with
// priority or while paying a cost (605.3), and the triggered ones resolve right after the mana
// ability that triggered them (605.4a).

import { chosenColor } from '../characteristics/copiable.js';
import { activationZone } from '../characteristics/abilities.js';
import type { Ability, Amount, Effect, EffectBlock } from '../cards/types.js';
import { evalAmount } from '../characteristics/amounts.js';
import type { Filter } from '../cards/filter.js';
import { matchesFilter, type Thing } from '../characteristics/filters.js';
import { activationForbiddenBy } from '../characteristics/statics.js';
import { IllegalAction, type Game } from '../state/game.js';
import { COLORS, COLOR_NAMES, MANA_TYPES, costText, type Mana, type ManaCost, type ManaType } from '../core/mana.js';
import type { ObjId, PlayerId } from '../state/state.js';
import type { ManaChoice, ManaSink } from '../state/ports.js';
import { announceCostChoices, announcedCost, costHasX, payTotalCost, withX, type TotalCost } from './costs.js';
import { chooseHybrid, choosePhyrexian } from './proposal.js';
import { addPlain, emptyPlainCost } from '../core/mana.js';

type Activated = Extract<Ability, { kind: 'activated' }>;

function addsMana(effects: Effect[]): boolean {
  return effects.some((e) => e.verb === 'add_mana' || ('do' in e && Array.isArray(e.do) && addsMana(e.do)));
}

/** 605.1a: an activated ability without a target that could add mana, and not a loyalty ability. */
export function isManaAbility(a: Ability): boolean {
  if (a.kind !== 'activated') return false;
  if (a.modal || a.block.targets.length > 0) return false;
  if (a.cost.parts.some((p) => p.kind === 'loyalty')) return false;
  return addsMana(a.block.effects);
}

/** 605.1b: a triggered ability without a target that triggers from a mana ability and could add mana. */
export function isTriggeredManaAbility(a: Ability): boolean {
  return a.kind === 'triggered' && a.when.event === 'tapped_for_mana' && a.block.targets.length === 0 && addsMana(a.block.effects);
}

export function manaAbilitiesOf(g: Game, id: ObjId): Activated[] {
  return g.chars(id).abilities.filter((a): a is Activated => isManaAbility(a));
}

/** Whether a creature's {T} abilities can be used: not summoning sick, or it has haste (302.6, 602.5a). */
export function canUseTapAbilities(g: Game, id: ObjId): boolean {
  const o = g.obj(id);
  const c = g.chars(id);
  if (!c.types.includes('creature') || !o.sick) return true;
  return c.abilities.some((a) => a.kind === 'keyword' && a.keyword === 'Haste');
}

/** The simple mana ability the automatic payment may use: {T} only, one mana. */
function autoPayAbility(g: Game, id: ObjId): Activated | undefined {
  return manaAbilitiesOf(g, id).find((a) => a.cost.parts.length === 1 && a.cost.parts[0]!.kind === 'tap'
    && a.block.effects.length === 1 && isSingleMana(a.block.effects[0]!));
}

function isSingleMana(e: Effect): boolean {
  // restricted mana (106.6) is spent only where the payer names its source
  if (e.verb !== 'add_mana' || e.per || e.count !== undefined || e.only) return false;
  if (e.mana) return e.mana.length === 1 && e.mana[0]!.kind === 'mana';
  if (e.one_of) return e.one_of.every((m) => m.length === 1 && m[0]!.kind === 'mana');
  return e.any_color === 1 || e.chosen_color === 1 || !!e.could_produce;
}

export function isAutoPaySource(g: Game, id: ObjId): boolean {
  const o = g.obj(id);
  return !o.tapped && canUseTapAbilities(g, id) && autoPayAbility(g, id) !== undefined && manaTypesProduced(g, id).length > 0 && !activationForbiddenBy(g, id, true);
}

/** The types of mana the object's automatic-payment mana ability can add. */
export function manaTypesProduced(g: Game, id: ObjId): ManaType[] {
  const a = autoPayAbility(g, id);
  if (!a) return [];
  const e = a.block.effects[0]!;
  if (e.verb !== 'add_mana') return [];
  if (e.mana) return [(e.mana[0] as { type: ManaType }).type];
  if (e.one_of) return oneOfTypes(e.one_of);
  if (e.any_color) return [...COLORS];
  if (e.chosen_color) { const c = chosenColor(g, g.obj(id)); return c ? [c] : []; }
  if (e.could_produce) return couldProduce(g, g.controller(id), id, e.could_produce);
  return [];
}

/**
 * 106.7: the types of mana the permanents matching the filter could produce: what their mana
 * abilities would add if they resolved now, whatever their costs. A permanent met again while
 * answering (Exotic Orchard asking about another Exotic Orchard) adds nothing more, so asking ends.
 */
export function couldProduce(g: Game, player: PlayerId, source: ObjId, what: { filter: Filter; any_type: boolean }, seen: Set<ObjId> = new Set([source])): ManaType[] {
  const out = new Set<ManaType>();
  for (const id of g.state.battlefield) {
    if (seen.has(id) || !matchesFilter(g, what.filter, { obj: id }, { you: player, source })) continue;
    const inner = new Set([...seen, id]);
    for (const a of manaAbilitiesOf(g, id)) for (const t of typesOfAbility(g, id, a, inner)) out.add(t);
  }
  return MANA_TYPES.filter((t) => out.has(t) && (what.any_type || t !== 'C'));
}

/** Which mana ability to activate (a pay step's choice, or the ability itself) and for which mana. */
export interface ManaActivation extends ManaChoice {
  ability?: Activated;
  /** The number chosen for X in the ability's cost (107.3), for `times: x` */
  x?: number;
}

/** Finds the mana ability of a source named by an explicit `pay` step. */
function pickManaAbility(g: Game, id: ObjId, opts: ManaActivation): Activated {
  if (opts.ability) return opts.ability;
  const all = manaAbilitiesOf(g, id);
  if (opts.fragment) {
    const f = opts.fragment.toLowerCase();
    const hits = all.filter((a) => a.text.toLowerCase().includes(f));
    if (hits.length === 1) return hits[0]!;
    throw new IllegalAction('605.1a', hits.length === 0
      ? `${g.name(id)} has no mana ability matching "${opts.fragment}"`
      : `"${opts.fragment}" matches ${hits.length} mana abilities of ${g.name(id)}`);
  }
  if (all.length === 0) throw new IllegalAction('605.1a', `${g.name(id)} has no mana ability`);
  // with a requested mana type, the first ability that can make it
  if (opts.mana) {
    const t = normalizeMana(opts.mana);
    const fit = all.find((a) => typesOfAbility(g, id, a).includes(t));
    if (fit) return fit;
  }
  return all[0]!;
}

function normalizeMana(s: string): ManaType {
  return s.replace(/[{}]/g, '').toUpperCase() as ManaType;
}

function typesOfAbility(g: Game, id: ObjId, a: Activated, seen: Set<ObjId> = new Set([id])): ManaType[] {
  const out: ManaType[] = [];
  for (const e of a.block.effects) {
    if (e.verb !== 'add_mana') continue;
    if (e.mana) for (const s of e.mana) if (s.kind === 'mana') out.push(s.type);
    if (e.one_of) out.push(...oneOfTypes(e.one_of));
    if (e.any_color) out.push(...COLORS);
    if (e.chosen_color) { const c = chosenColor(g, g.obj(id)); if (c) out.push(c); }
    if (e.could_produce) out.push(...couldProduce(g, g.controller(id), id, e.could_produce, seen));
  }
  return out;
}

/**
 * Activates a mana ability (605.3): checks who may, pays its cost, and resolves it at once: the
 * mana goes to the pool, and triggered mana abilities it triggers resolve right after (605.4a).
 */
export function activateManaAbility(g: Game, player: PlayerId, id: ObjId, opts: ManaActivation): Mana[] {
  const o = g.tryObj(id);
  if (!o || (o.zone !== 'battlefield' && o.zone !== 'hand')) throw new IllegalAction('602.2', `${o ? g.name(id) : id} is not a permanent on the battlefield`);
  const a = pickManaAbility(g, id, opts);
  const name = g.name(id);
  // 113.6m: "Exile CARDNAME from your hand: Add {R}" works only from a hand, where its owner activates it (108.4a)
  const zone = activationZone(a);
  if (o.zone !== zone) throw new IllegalAction(zone === 'battlefield' ? '602.2' : '113.6m', zone === 'battlefield' ? `${name} is not a permanent on the battlefield` : `this ability of ${name} works only while it is in its owner's hand`);
  if ((o.zone === 'battlefield' ? g.controller(id) : o.owner) !== player) throw new IllegalAction('602.2', `${player} doesn't control ${name}, so can't activate its abilities`);
  const forbidden = activationForbiddenBy(g, id, true);
  if (forbidden) throw new IllegalAction('602.5', `${name}'s activated abilities can't be activated (${g.name(forbidden)})`);
  // announce the cost (602.2b -> 601.2b: X, "or" choices), then pay it: {T} and the rest (a mana
  // ability's own mana cost is paid from the pool)
  // 602.5b: "Activate only once each turn" restricts a mana ability too
  checkUseLimit(a, o.activations, name);
  const label = `the mana ability of ${name}`;
  const announced = announceCostChoices(g, player, label, a.cost.parts).parts;
  if (announced.some((p) => p.kind === 'tap' || p.kind === 'untap') && !canUseTapAbilities(g, id)) {
    throw new IllegalAction('602.5a', `${name} came under ${player}'s control this turn, so its {T} ability can't be activated (summoning sickness)`);
  }
  if (announced.some((p) => p.kind === 'tap') && o.tapped) {
    throw new IllegalAction('118.3', `${name} is already tapped, so the {T} cost can't be paid`);
  }
  const x = costHasX(announced) ? g.ask({ kind: 'x', player, rule: '601.2b', prompt: `Choose the value of X for ${label}`, min: 0, max: null, illegalRule: '601.2b' }).value : 0;
  // 601.2b: the half of each hybrid symbol paid, and life or mana for each Phyrexian symbol
  const parts = withX(announced, x);
  const printedMana = parts.flatMap((p) => (p.kind === 'mana' ? p.mana : []));
  const hybrid = chooseHybrid(g, { controller: player, label }, printedMana, '601.2b');
  const phyrexian = choosePhyrexian(g, { controller: player, label }, printedMana, '601.2b');
  const cost: TotalCost = { mana: announcedCost(printedMana, 0, hybrid, phyrexian), other: [] };
  for (const p of parts) {
    if (p.kind === 'life') cost.mana = addPlain(cost.mana, { ...emptyPlainCost(), life: p.n });
    else if (p.kind !== 'tap' && p.kind !== 'mana') cost.other.push(p);
  }
  const tapped = announced.some((p) => p.kind === 'tap');
  if (tapped) o.tapped = true;
  o.activations[a.key] = (o.activations[a.key] ?? 0) + 1;
  if (cost.other.length || cost.mana.life || cost.mana.generic || MANA_TYPES.some((t) => cost.mana.mana[t])) {
    payTotalCost(g, cost, { player, source: id, label, choices: { additional: [], targets: [], paid: { sacrificed: [], exiled: [], discarded: [], life: 0, mana: [] } }, x }, []);
  }
  // resolve (605.3b): whole, every instruction and not only the mana; the trace tells the mana as it is added
  const made = followWhole(g, a, { source: id, sourceName: name, controller: player }, { made: [], x, ...(opts.mana ? { request: opts.mana } : {}) }, (mana) =>
    g.emit({ type: 'mana_ability', rule: '605.3b', player, obj: g.ref(id, name), tapped, mana, auto: !!opts.auto }));
  if (tapped) resolveTriggeredManaAbilities(g, player, id, made);
  return made;
}

/**
 * Follows every instruction of a mana ability at once (605.3b): the mana it makes goes to the pool
 * together, before anything its other instructions trigger, and `added` tells it. When the mana comes
 * first ("Add {W} or {B}. CARDNAME deals 1 damage to you."), it is added and told before the other
 * instructions are followed, as the text orders them; otherwise once all are. An ability that only
 * adds mana needs no resolution context.
 */
function followWhole(g: Game, a: Ability & { block: EffectBlock }, who: { source: ObjId; sourceName: string; controller: PlayerId }, sink: ManaSink, added: (mana: Mana[]) => void): Mana[] {
  const opts: ManaActivation = { rule: '605.3b', x: sink.x ?? 0, ...(sink.request ? { mana: sink.request } : {}) };
  const effects = a.block.effects;
  let first = 0;
  while (first < effects.length && effects[first]!.verb === 'add_mana') first++;
  const manaFirst = !effects.slice(first).some((e) => e.verb === 'add_mana');
  if (manaFirst) {
    for (const e of effects.slice(0, first)) if (e.verb === 'add_mana') sink.made.push(...manaFromEffect(g, who.controller, who.source, e, opts, sink.produced));
  } else {
    g.ports.instructions.followManaAbility(effects, { ...who, abilityKey: a.key, sink });
  }
  g.player(who.controller).pool.push(...sink.made);
  added(sink.made);
  if (manaFirst && first < effects.length) g.ports.instructions.followManaAbility(effects.slice(first), { ...who, abilityKey: a.key, sink });
  return sink.made;
}

/** How many times a mana ability adds its mana when it says "for each ..." of an amount (605.3b: it
 * doesn't use the stack, so the amount is counted as the ability is activated). Only the source and its
 * controller are named there. */
function countedByManaAbility(g: Game, player: PlayerId, id: ObjId, a: Amount, x: number): number {
  const things = (r: string): Thing[] => (r === 'self' ? [{ obj: id }] : r === 'you' ? [{ player }] : []);
  return evalAmount(g, a, { filterCtx: { you: player, source: id }, x, things });
}

/** The mana an add_mana instruction of a mana ability makes. */
export function manaFromEffect(g: Game, player: PlayerId, id: ObjId, e: Extract<Effect, { verb: 'add_mana' }>, opts: ManaActivation, produced?: ManaType[]): Mana[] {
  const out: Mana[] = [];
  const xTimes = e.times === 'x' ? opts.x ?? 0 : 1;
  if (e.mana) {
    let times = xTimes;
    if (e.per) times = g.state.battlefield.filter((x) => matchesFilter(g, e.per!, { obj: x }, { you: player, source: id })).length;
    if (e.count !== undefined) times = countedByManaAbility(g, player, id, e.count, opts.x ?? 0);
    for (let i = 0; i < times; i++) for (const s of e.mana) if (s.kind === 'mana') out.push({ type: s.type });
  }
  if (e.one_of) out.push(...chooseManaOption(g, player, id, e.one_of, opts.mana));
  if (e.any_color) {
    // "N mana of any one color": one color chosen for all of it; "in any combination of colors": one each
    const types = e.among ?? [...COLORS];
    const n = e.any_color * xTimes;
    const one = e.one_color && n > 0 ? chooseFrom(g, player, id, types, opts.mana) : undefined;
    for (let i = 0; i < n; i++) out.push({ type: one ?? chooseFrom(g, player, id, types, opts.mana) });
  }
  if (e.chosen_color) {
    // 607.2d: the chosen color of "as ... enters"; with no choice made, no mana (707.7a)
    const o = g.tryObj(id);
    const c = o ? chosenColor(g, o) : undefined;
    if (c) for (let i = 0; i < e.chosen_color; i++) out.push({ type: c });
  }
  if (e.could_produce) out.push(...couldProduceMana(g, player, id, e.could_produce, opts.mana));
  if (e.one_of_produced && produced && produced.length) {
    const choices = [...new Set(produced)];
    const t = choices.length === 1 ? choices[0]! : chooseFrom(g, player, id, choices, opts.mana);
    out.push({ type: t });
  }
  return restricted(out, e, id);
}

/** One mana of a type the matching permanents could produce (106.7), chosen; none if they could produce none. */
export function couldProduceMana(g: Game, player: PlayerId, id: ObjId, what: { filter: Filter; any_type: boolean }, requested?: string): Mana[] {
  const types = couldProduce(g, player, id, what);
  if (types.length === 0) {
    if (requested) throw new IllegalAction('106.7', `${g.name(id)} can't add ${requested}: no ${what.filter.text} could produce mana of a type it may add`);
    return [];
  }
  return [{ type: types.length === 1 ? types[0]! : chooseFrom(g, player, id, types, requested) }];
}

/** The mana an instruction made, with the instruction's restriction on spending it (106.6). */
export function restricted(made: Mana[], e: Extract<Effect, { verb: 'add_mana' }>, source: ObjId): Mana[] {
  return e.only ? made.map((m) => ({ ...m, only: e.only!, source })) : made;
}

/** Every type of mana among the options of "Add {B} or {R}". */
function oneOfTypes(options: ManaCost[]): ManaType[] {
  return [...new Set(options.flatMap((m) => m.flatMap((s) => (s.kind === 'mana' ? [s.type] : []))))];
}

/**
 * The mana of "Add {B} or {R}" (or "{U}{U}, {U}{R}, or {R}{R}"): the player chooses one option as
 * the instruction is followed (605.3b, 608.2d). A requested type picks the one option that makes
 * it, when exactly one does.
 */
export function chooseManaOption(g: Game, player: PlayerId, id: ObjId, options: ManaCost[], requested?: string): Mana[] {
  const label = (m: ManaCost) => costText(m);
  let pick: ManaCost | undefined;
  if (requested) {
    const want = requested.startsWith('{') ? requested.toUpperCase() : `{${requested.toUpperCase()}}`;
    const fits = options.filter((m) => label(m) === want || label(m).includes(want));
    if (fits.length === 0) throw new IllegalAction('605.3b', `${g.name(id)} can't add ${want}`);
    if (fits.length === 1 || fits.some((m) => label(m) === want)) pick = fits.find((m) => label(m) === want) ?? fits[0];
  }
  if (!pick) {
    const a = g.ask({
      kind: 'value', player, rule: '605.3b', what: 'mana',
      prompt: `Which mana does ${g.name(id)} add?`,
      options: options.map((m) => ({ id: label(m), label: label(m) })),
    });
    pick = options.find((m) => label(m) === a.value.toUpperCase() || label(m) === `{${a.value.toUpperCase()}}`);
    if (!pick) throw new IllegalAction('605.3b', `${g.name(id)} can't add ${a.value}`);
  }
  return pick.flatMap((s) => (s.kind === 'mana' ? [{ type: s.type }] : []));
}

function chooseFrom(g: Game, player: PlayerId, id: ObjId, types: ManaType[], requested?: string): ManaType {
  if (requested) {
    const t = normalizeMana(requested);
    if (types.includes(t)) return t;
    throw new IllegalAction('605.3b', `${g.name(id)} can't add {${t}}`);
  }
  const a = g.ask({
    kind: 'value', player, rule: '605.3b', what: 'mana type',
    prompt: `Which mana does ${g.name(id)} add?`,
    options: types.map((t) => ({ id: t, label: t === 'C' ? 'colorless {C}' : `${COLOR_NAMES[t as keyof typeof COLOR_NAMES]} {${t}}` })),
  });
  return normalizeMana(a.value);
}

/** 605.4a: Mana Flare and the like resolve immediately after the mana ability that triggered them. */
function resolveTriggeredManaAbilities(g: Game, player: PlayerId, tappedId: ObjId, made: Mana[]): void {
  for (const src of [...g.state.battlefield]) {
    const c = g.chars(src);
    for (const a of c.abilities) {
      if (a.kind !== 'triggered' || !isTriggeredManaAbility(a) || a.when.event !== 'tapped_for_mana') continue;
      if ((a.when.by === 'you' && player !== c.controller) || (a.when.by === 'opponent' && player === c.controller)) continue;
      if (a.when.attached ? g.tryObj(src)?.attachedTo !== tappedId : !matchesFilter(g, a.when.filter, { obj: tappedId }, { you: c.controller, source: src })) continue;
      // 605.4a: the mana goes to the pool of the player who tapped the land; the whole ability resolves
      followWhole(g, a, { source: src, sourceName: c.name ?? g.name(src), controller: player }, { made: [], produced: made.map((m) => m.type) }, (mana) =>
        g.emit({ type: 'mana_triggered', rule: '605.4a', player, source: g.ref(src, c.name ?? g.name(src)), mana }));
    }
  }
}

const TIMES = ['', 'once', 'twice', 'three times', 'four times', 'five times'];

/** 602.5b: an ability that may be activated only once, or no more than N times, each turn. */
export function checkUseLimit(a: { key: string; limit?: number }, activations: Record<string, number>, name: string): void {
  if (a.limit === undefined || (activations[a.key] ?? 0) < a.limit) return;
  const times = TIMES[a.limit] ?? `${a.limit} times`;
  throw new IllegalAction('602.5b', `${name}'s ability can be activated ${a.limit === 1 ? 'only once' : `no more than ${times}`} each turn`);
}
