// Costs (118): turning the announced cost into a total cost (601.2f), and paying it (601.2g-h).

import type { CostPart } from '../cards/costs.js';
import type { Filter } from '../cards/filter.js';
import { staticDefs, type StaticDef } from '../cards/types.js';
import { checkCondition } from '../characteristics/conditions.js';
import { evalAmountStatic } from '../characteristics/amounts.js';
import { matchesFilter } from '../characteristics/filters.js';
import type { RuleId } from '../core/rules/index.js';
import { IllegalAction, type Game } from '../state/game.js';
import {
  addPlain, choosePoolPayment, costText, emptyPlainCost, plainManaTotal, plainText, poolText, unmetByPool,
  type Mana, type ManaCost, type ManaSymbol, type ManaType, type PlainCost,
} from '../core/mana.js';
import type { Answer, CostHelper, PayStep } from '../state/questions.js';
import { helperCandidates, payWithHelpers } from './costHelpers.js';
import { thingOption } from './targets.js';
import { moveAtOnce, moveObject, randomOrder } from '../events/zones.js';
import { drawCard } from '../events/keywordActions.js';
import { putCounters } from '../events/counters.js';
import type { ObjId, PlayerId, StackChoices } from '../state/state.js';
import type { CostNote } from '../state/events.js';

export interface TotalCost {
  mana: PlainCost;
  other: CostPart[];
}

/** The announced mana cost: X, hybrid and Phyrexian symbols as chosen in 601.2b. */
export function announcedCost(cost: ManaCost, x: number, hybrid: ManaSymbol[] | undefined, phyrexian: Array<'life' | 'mana'> | undefined): PlainCost {
  const out = emptyPlainCost();
  let h = 0;
  let p = 0;
  for (const s of cost) {
    switch (s.kind) {
      case 'generic': out.generic += s.n; break;
      case 'mana': out.mana[s.type] += 1; break;
      case 'x': out.generic += x; break;
      case 'snow': out.generic += 1; break;
      case 'hybrid':
      case 'twobrid': {
        const c = hybrid?.[h++];
        if (c?.kind === 'generic') out.generic += c.n;
        else if (c?.kind === 'mana') out.mana[c.type] += 1;
        else if (s.kind === 'hybrid') out.mana[s.a] += 1;
        else out.mana[s.color] += 1;
        break;
      }
      case 'phyrexian':
        if (phyrexian?.[p++] === 'life') out.life += 2;
        else out.mana[s.color] += 1;
        break;
    }
  }
  return out;
}

interface CostModifier {
  source: ObjId;
  name: string;
  def: Extract<StaticDef, { kind: 'cost' | 'cost_minimum' }>;
}

function whoApplies(who: 'you' | 'opponents' | 'each', controller: PlayerId, caster: PlayerId): boolean {
  return who === 'each' || (who === 'you' ? caster === controller : caster !== controller);
}

/** Cost-changing static abilities that apply to a spell being cast (601.2f). */
function costModifiers(g: Game, spell: ObjId, caster: PlayerId): CostModifier[] {
  const out: CostModifier[] = [];
  const consider = (src: ObjId, onStackSelf: boolean) => {
    const c = g.chars(src);
    for (const { def } of staticDefs(c.abilities)) {
      if (def.kind !== 'cost' && def.kind !== 'cost_minimum') continue;
      // the spell's own cost statics ("CARDNAME costs {1} less to cast ...") apply only to it
      if (onStackSelf !== (def.kind === 'cost' && !!def.self)) continue;
      if (def.kind === 'cost' && !onStackSelf && !whoApplies(def.who, c.controller, caster)) continue;
      if (def.condition && !checkCondition(g, def.condition, { you: c.controller, source: src, spellController: caster })) continue;
      if (!onStackSelf && !matchesFilter(g, def.spells, { obj: spell }, { you: c.controller, source: src })) continue;
      out.push({ source: src, name: g.name(src), def });
    }
  };
  for (const id of g.abilitySources()) consider(id, false);
  consider(spell, true);
  return out.sort((a, b) => g.obj(a.source).timestamp - g.obj(b.source).timestamp);
}

/**
 * 601.2f: the total cost is the mana cost or alternative cost, plus additional costs and cost
 * increases, minus reductions (118.7), then effects that set it; then it is locked in.
 */
export function determineTotalCost(
  g: Game,
  args: { player: PlayerId; stackObj: ObjId; base: PlainCost; additional: CostPart[]; isSpell: boolean; label: string; reduceGeneric?: { n: number; by: string }; /** A special action's own rule, cited instead of 601.2f */ rule?: RuleId },
): TotalCost {
  let mana = args.base;
  const other: CostPart[] = [];
  for (const part of args.additional) {
    if (part.kind === 'mana') mana = addPlain(mana, announcedCost(part.mana, 0, undefined, undefined));
    else if (part.kind === 'life') mana = addPlain(mana, { ...emptyPlainCost(), life: part.n });
    else other.push(part);
  }
  const notes: CostNote[] = [];
  if (args.isSpell) {
    const mods = costModifiers(g, args.stackObj, args.player);
    for (const m of mods) {
      if (m.def.kind !== 'cost' || m.def.change !== 'increase') continue;
      const times = m.def.times === undefined ? 1 : evalAmountStatic(g, m.def.times, g.obj(m.source));
      for (let i = 0; i < times; i++) mana = addPlain(mana, announcedCost(m.def.mana, 0, undefined, undefined));
      if (times > 0) notes.push({ kind: 'increase', mana: costText(m.def.mana), times, by: m.name });
    }
    for (const m of mods) {
      if (m.def.kind !== 'cost' || m.def.change !== 'reduce') continue;
      const times = m.def.times === undefined ? 1 : evalAmountStatic(g, m.def.times, g.obj(m.source));
      if (times > 0) mana = reduceCost(g, args.player, mana, repeatMana(m.def.mana, times), m.name, notes, !!m.def.colored_only);
    }
    mana = affinity(g, args.stackObj, args.player, mana, notes);
    // a reduction the spell's own alternative cost makes (emerge, 702.119a)
    const r = args.reduceGeneric;
    if (r && r.n > 0) mana = reduceCost(g, args.player, mana, [{ kind: 'generic', n: r.n }], r.by, notes, false);
    for (const m of mods) {
      if (m.def.kind !== 'cost_minimum') continue;
      const total = plainManaTotal(mana);
      if (total < m.def.total) {
        mana = { ...mana, generic: mana.generic + (m.def.total - total) };
        notes.push({ kind: 'minimum', total: m.def.total, by: m.name });
      }
    }
  }
  g.emit({ type: 'cost_locked', rule: args.rule ?? '601.2f', player: args.player, label: args.label, obj: g.ref(args.stackObj), mana: plainText(mana), other, notes });
  return { mana, other };
}

/**
 * 702.41a-b: each affinity of the spell reduces its cost by {1} for each permanent of that kind its
 * caster controls; a reduction of generic mana only (118.7a).
 */
function affinity(g: Game, spell: ObjId, player: PlayerId, cost: PlainCost, notes: CostNote[]): PlainCost {
  let out = cost;
  for (const a of g.chars(spell).abilities) {
    if (a.kind !== 'keyword' || a.keyword !== 'Affinity' || !a.filter) continue;
    const n = g.state.battlefield.filter((id) => g.controller(id) === player && matchesFilter(g, a.filter!, { obj: id }, { you: player, source: spell })).length;
    const taken = Math.min(out.generic, n);
    out = { ...out, generic: out.generic - taken };
    g.emit({ type: 'cost_reduced', rule: '702.41a', by: a.text, how: { kind: 'generic', n, taken } });
    if (n > 0) notes.push({ kind: 'reduce', mana: `{${n}}`, asGeneric: false, by: a.text });
  }
  return out;
}

/** A reduction made N times ("{1} less for each ..."): generic mana adds up, other symbols repeat. */
function repeatMana(by: ManaCost, times: number): ManaCost {
  if (times === 1) return by;
  const generic = by.reduce((n, s) => n + (s.kind === 'generic' ? s.n : 0), 0) * times;
  const rest = by.filter((s) => s.kind !== 'generic');
  return [...(generic > 0 ? [{ kind: 'generic' as const, n: generic }] : []), ...Array.from({ length: times }, () => rest).flat()];
}

/** 118.7a-g: applies one reduction. */
function reduceCost(g: Game, player: PlayerId, cost: PlainCost, by: ManaCost, name: string, notes: CostNote[], coloredOnly: boolean): PlainCost {
  const out: PlainCost = { generic: cost.generic, mana: { ...cost.mana }, life: cost.life };
  for (const s0 of by) {
    let s: ManaSymbol = s0;
    if (s0.kind === 'hybrid' || s0.kind === 'twobrid') {
      // 118.7e: the payer chooses a half as the reduction applies
      const halves = s0.kind === 'hybrid' ? [`{${s0.a}}`, `{${s0.b}}`] : ['{2}', `{${s0.color}}`];
      const a = g.ask({ kind: 'value', player, rule: '118.7e', what: 'half of a hybrid reduction', prompt: `${name} reduces the cost by ${s0.kind === 'hybrid' ? `{${s0.a}/${s0.b}}` : `{2/${s0.color}}`}: which half?`, options: halves.map((h) => ({ id: h, label: h })) });
      const h = a.value;
      s = h === '{2}' ? { kind: 'generic', n: 2 } : { kind: 'mana', type: h.slice(1, -1) as ManaType };
      g.emit({ type: 'cost_reduced', rule: '118.7e', by: name, how: { kind: 'hybrid_half', player, half: h } });
    } else if (s0.kind === 'phyrexian') {
      s = { kind: 'mana', type: s0.color }; // 118.7f: one mana of that color
      g.emit({ type: 'cost_reduced', rule: '118.7f', by: name, how: { kind: 'phyrexian', color: s0.color } });
    } else if (s0.kind === 'snow') {
      s = { kind: 'generic', n: 1 }; // 118.7g
      g.emit({ type: 'cost_reduced', rule: '118.7g', by: name, how: { kind: 'snow' } });
    }
    if (s.kind === 'generic') {
      const r = Math.min(out.generic, s.n);
      out.generic -= r;
      g.emit({ type: 'cost_reduced', rule: '118.7a', by: name, how: { kind: 'generic', n: s.n, taken: r } });
      notes.push({ kind: 'reduce', mana: `{${s.n}}`, asGeneric: false, by: name });
    } else if (s.kind === 'mana') {
      const t = s.type;
      if (out.mana[t] > 0) {
        out.mana[t] -= 1;
        notes.push({ kind: 'reduce', mana: `{${t}}`, asGeneric: false, by: name });
        g.emit({ type: 'cost_reduced', rule: '601.2f', by: name, how: { kind: 'colored', mana: t } });
      } else if (coloredOnly) {
        // Edgewalker: "This effect reduces only the amount of colored mana you pay."
        g.emit({ type: 'cost_reduced', rule: '601.2f', by: name, how: { kind: 'colored_only_none', mana: t } });
      } else {
        // 118.7b (none of that mana in the cost) / 118.7c (more reduced than the cost holds)
        const had = cost.mana[t] > 0;
        if (out.generic > 0) out.generic -= 1;
        notes.push({ kind: 'reduce', mana: `{${t}}`, asGeneric: true, by: name });
        g.emit({ type: 'cost_reduced', rule: had ? (t === 'C' ? '118.7d' : '118.7c') : '118.7b', by: name, how: { kind: 'as_generic', mana: t, had } });
      }
    }
  }
  return out;
}

/**
 * 601.2b: announcing how the costs will be paid: one option of each "or" choice ("discard a card or
 * pay {5}"), asked as a `value` question; the options chosen replace the choices.
 */
export function announceCostChoices(g: Game, player: PlayerId, label: string, parts: CostPart[]): { parts: CostPart[]; chosen: string[] } {
  const out: CostPart[] = [];
  const chosen: string[] = [];
  for (const part of parts) {
    if (part.kind !== 'choice') { out.push(part); continue; }
    const options = part.options.map((o) => ({ id: o.text, label: o.text }));
    const a = g.ask({ kind: 'value', player, rule: '601.2b', what: 'cost', prompt: `Which cost will ${player} pay for ${label}?`, options });
    const pick = part.options.find((o) => o.text === a.value);
    if (!pick) throw new IllegalAction('601.2b', `"${a.value}" is not a cost of ${label} (${options.map((o) => o.id).join(' or ')})`);
    chosen.push(pick.text);
    out.push(...pick.parts);
  }
  return { parts: out, chosen };
}

/** Whether a cost counts X ("discard X cards"): X is then announced (601.2b, 107.3). */
export function costHasX(parts: CostPart[]): boolean {
  return parts.some((p) => 'x' in p && p.x === true);
}

/** The costs with X's announced value in place (107.3: the same value everywhere). */
export function withX(parts: CostPart[], x: number): CostPart[] {
  return parts.map((p) => ('x' in p && p.x ? (({ x: _, ...rest }) => ({ ...rest, n: x }) as CostPart)(p) : p));
}

/** "2 cards", "1 creature you control": the first object noun of a filter's text in the plural past one. */
function counted(n: number, text: string): string {
  return `${n} ${n === 1 ? text : text.replace(/\b(card|creature|land|artifact|enchantment|permanent|token|spell)\b/, '$1s')}`;
}

export function describeCostPart(p: CostPart): string {
  switch (p.kind) {
    case 'mana': return costText(p.mana);
    case 'tap': return '{T}';
    case 'untap': return '{Q}';
    case 'loyalty': return `${p.n === 'X' ? '-X' : p.n > 0 ? `+${p.n}` : p.n} loyalty`;
    case 'life': return `${p.n} life`;
    case 'sacrifice': return p.self ? 'sacrifice it' : `sacrifice ${counted(p.n, p.filter.text)}`;
    case 'discard': return `discard ${counted(p.n, p.filter.text)}${p.random ? ' at random' : ''}`;
    case 'exile_from_hand': return `exile ${counted(p.n, p.filter.text)} from hand`;
    case 'exile_from_graveyard': return `exile ${counted(p.n, p.filter.text)} from the graveyard`;
    case 'reveal_from_hand': return `reveal ${counted(p.n, p.filter.text)} from hand`;
    case 'exile_self': return p.from ? `exile it from your ${p.from}` : 'exile it';
    case 'reveal_self': return 'reveal it from your hand';
    case 'return_self': return 'return it to its owner\'s hand';
    case 'put_counters': return `put ${p.n} ${p.counter} counter(s) on ${p.filter ? p.filter.text : 'it'}`;
    case 'choice': return p.options.map((o) => o.text).join(' or ');
    case 'discard_self': return 'discard it';
    case 'exile_top_library': return `exile the top ${p.n} cards of the library`;
    case 'remove_counters': return `remove ${p.n} ${p.counter} counter(s)${p.filter ? ` from ${p.filter.text}` : ''}`;
    case 'draw': return `draw ${p.n} card${p.n === 1 ? '' : 's'}`;
    case 'pay_energy': return `pay ${'{E}'.repeat(p.n)}`;
    case 'tap_permanents': return p.totalPower !== undefined ? `tap any number of ${p.filter.text} with total power ${p.totalPower} or greater` : `tap ${counted(p.n, p.filter.text)}`;
    case 'return_to_hand': return `return ${counted(p.n, p.filter.text)} to hand`;
  }
}

export interface PaymentContext {
  player: PlayerId;
  /** The permanent whose ability is being activated ({T}, "sacrifice this"), if any. */
  source?: ObjId;
  /** The spell or ability on the stack whose cost this is. */
  stackObj?: ObjId;
  label: string;
  choices: StackChoices;
  x: number;
  /** The cost has a mana component, possibly {0} (a spell's mana cost, "{X}: ..."): {0} is acknowledged (118.5). */
  manaComponent?: boolean;
  /** Mana that may be spent as though it were mana of any color for this cost (609.4b). */
  wild?: ManaType[];
  /** The spell's convoke, improvise and delve: objects that may pay some of its mana (702.51a, 702.126a, 702.66a). */
  helpers?: CostHelper[];
  /** The rule each payment cites: 601.2h for a spell or an ability (602.2b), a special action's own (116.2b, 702.37e ...). */
  rule?: RuleId;
}

/** The `pay` question to ask for a cost (601.2g): its rule, prompt and the cost as announced. */
export interface PayRequest {
  rule: RuleId;
  prompt: string;
  cost: string;
}

/** How the mana abilities of a payment are chosen: the given steps (a mana ability's own cost), or the answer to a `pay` question. */
export type PayWith = PayStep[] | PayRequest;

/**
 * 601.2g: the payer is asked which mana abilities to activate, knowing the total mana cost, the
 * permanents the other costs already use and the mana spendable as any color (609.4b); the answer's
 * sources are activated in order. An `auto` answer is the automatic payment policy's.
 */
function activateForPayment(g: Game, cost: TotalCost, ctx: PaymentContext, pay: PayWith, reserved: Set<ObjId>): Answer<'pay'> {
  const a: Answer<'pay'> = Array.isArray(pay)
    ? { kind: 'pay', steps: pay }
    : g.ask({ kind: 'pay', player: ctx.player, ...pay, need: { mana: cost.mana, reserved: [...reserved], wild: ctx.wild ?? [], unusable: unusableMana(g, ctx), ...(ctx.helpers?.length ? { helpers: helperCandidates(g, ctx.player, ctx.helpers, ctx.stackObj) } : {}) } });
  for (const s of a.steps) {
    if ('pool' in s || 'helper' in s) continue; // pool mana is simply there to be paid; helpers pay in 601.2h
    g.ports.mana.activate(ctx.player, s.source, { ...(s.ability ? { fragment: s.ability } : {}), ...(s.mana ? { mana: s.mana } : {}), rule: '601.2g', ...(a.auto ? { auto: true } : {}) });
  }
  return a;
}

/** 601.2h: the objects the costs will act on (to sacrifice, discard, exile, tap...), chosen as they are paid. */
function chooseCostObjects(g: Game, cost: TotalCost, ctx: PaymentContext): Map<CostPart, ObjId[]> {
  const p = g.player(ctx.player);
  // choices for costs: which objects to sacrifice, discard, exile (made as the costs are paid)
  const chosen = new Map<CostPart, ObjId[]>();
  for (const part of cost.other) {
    if ((part.kind === 'sacrifice' && !part.self) || part.kind === 'tap_permanents' || part.kind === 'return_to_hand') {
      const verb = part.kind === 'sacrifice' ? 'sacrifice' : part.kind === 'tap_permanents' ? 'tap' : 'return to hand';
      const taken = new Set([...chosen.values()].flat());
      // a spell's cost reads the spell as its source ("creatures that share a color with it": conspire)
      const source = ctx.source ?? ctx.stackObj;
      const options = g.state.battlefield.filter((id) => g.controller(id) === ctx.player && !taken.has(id)
        && matchesFilter(g, part.filter, { obj: id }, { you: ctx.player, ...(source ? { source } : {}) }));
      if (part.kind === 'sacrifice' && part.only) {
        if (!part.only.every((id) => options.includes(id))) throw new IllegalAction('118.3', `${ctx.player} can't sacrifice what was chosen for ${ctx.label}: it is no longer a ${part.filter.text} they control`);
        chosen.set(part, part.only);
        continue;
      }
      if (part.kind === 'tap_permanents' && part.totalPower !== undefined) {
        chosen.set(part, chooseByTotalPower(g, ctx, part, options));
        continue;
      }
      if (options.length < part.n) throw new IllegalAction('118.3', `${ctx.player} can't pay "${verb} ${part.n === 1 ? `a ${part.filter.text}` : counted(part.n, part.filter.text)}": not enough to ${verb}`);
      const a = g.ask({ kind: 'choose', player: ctx.player, rule: ctx.rule ?? '601.2h', prompt: `Choose ${part.n} ${part.filter.text} to ${verb} for ${ctx.label}`, options: options.map((id) => thingOption(g, { obj: id })), min: part.n, max: part.n, illegalRule: '601.2h' });
      chosen.set(part, a.options);
    }
    if (part.kind === 'discard' || part.kind === 'exile_from_hand' || part.kind === 'reveal_from_hand' || part.kind === 'exile_from_graveyard') {
      const zone = part.kind === 'exile_from_graveyard' ? p.graveyard : p.hand;
      // "Exile seven other cards from your graveyard": not the source itself
      const options = zone.filter((id) => id !== ctx.stackObj && matchesFilter(g, part.filter, { obj: id }, { you: ctx.player, ...(ctx.source ? { source: ctx.source } : {}) }));
      if (options.length < part.n) throw new IllegalAction('118.3', `${ctx.player} can't pay "${describeCostPart(part)}": not enough cards`);
      // chosen at random as it is paid, after the other costs (601.2h, 701.8b)
      if (part.kind === 'discard' && part.random) continue;
      const verb = part.kind === 'discard' ? 'discard' : part.kind === 'reveal_from_hand' ? 'reveal' : 'exile';
      const a = g.ask({ kind: 'choose', player: ctx.player, rule: ctx.rule ?? '601.2h', prompt: `Choose ${part.n} ${part.filter.text} to ${verb} for ${ctx.label}`, options: options.map((id) => thingOption(g, { obj: id })), min: part.n, max: part.n, illegalRule: '601.2h' });
      chosen.set(part, a.options);
    }
    if ((part.kind === 'put_counters' || part.kind === 'remove_counters') && part.filter) chosen.set(part, [chooseCounterPermanent(g, ctx, part)]);
  }
  return chosen;
}

/** Crew (702.122a): any number of the options, whose total power must be the number or greater. */
function chooseByTotalPower(g: Game, ctx: PaymentContext, part: Extract<CostPart, { kind: 'tap_permanents' }>, options: ObjId[]): ObjId[] {
  const need = part.totalPower ?? 0;
  const power = (ids: ObjId[]) => ids.reduce((n, id) => n + Math.max(0, g.chars(id).power ?? 0), 0);
  if (power(options) < need) throw new IllegalAction('702.122a', `${ctx.player} can't pay "${describeCostPart(part)}": the untapped creatures have a total power of ${power(options)}`);
  const a = g.ask({ kind: 'choose', player: ctx.player, rule: '702.122a', prompt: `Choose ${part.filter.text} with total power ${need} or greater to tap for ${ctx.label}`, options: options.map((id) => thingOption(g, { obj: id })), min: 1, max: options.length, illegalRule: '702.122a' });
  if (power(a.options) < need) throw new IllegalAction('702.122a', `the creatures chosen to tap for ${ctx.label} have a total power of ${power(a.options)}, less than ${need}`);
  return a.options;
}

/**
 * 601.2g-h: mana abilities first (asked with a `pay` question), then every cost is paid, the ones
 * moving cards from the library to a public zone last. A cost that can't be paid in full makes the
 * whole action illegal (118.3, 601.2h).
 */
export function payTotalCost(g: Game, cost: TotalCost, ctx: PaymentContext, pay: PayWith): void {
  const p = g.player(ctx.player);
  const chosen = chooseCostObjects(g, cost, ctx);
  const reserved = new Set<ObjId>([...chosen.values()].flat());
  if (ctx.source && cost.other.some((c) => c.kind === 'tap' || c.kind === 'untap')) reserved.add(ctx.source);

  // 601.2g: mana abilities (the mana they make told from the pool's by identity: their costs may spend it)
  const poolBefore: ReadonlySet<Mana> = new Set(p.pool);
  const paid = activateForPayment(g, cost, ctx, pay, reserved);

  // 601.2h: pay everything; convoke, improvise and delve first, leaving the mana still to pay
  const helped = payWithHelpers(g, cost.mana, { player: ctx.player, label: ctx.label, helpers: ctx.helpers ?? [] }, paid.steps);
  for (const part of cost.other) {
    switch (part.kind) {
      case 'tap': {
        const src = g.obj(ctx.source!);
        if (src.tapped) throw new IllegalAction('118.3', `${g.name(src.id)} is already tapped, so {T} can't be paid`);
        src.tapped = true;
        g.emit({ type: 'tapped', rule: ctx.rule ?? '601.2h', obj: g.ref(src.id), player: ctx.player, cause: { cost: ctx.label } });
        break;
      }
      case 'untap': {
        const src = g.obj(ctx.source!);
        if (!src.tapped) throw new IllegalAction('118.3', `${g.name(src.id)} is untapped, so {Q} can't be paid`);
        src.tapped = false;
        g.emit({ type: 'untapped', rule: ctx.rule ?? '601.2h', obj: g.ref(src.id), cause: { cost: ctx.label } });
        break;
      }
      case 'pay_energy': {
        const pl = g.player(ctx.player);
        if ((pl.energy ?? 0) < part.n) throw new IllegalAction('107.14', `${ctx.player} has ${pl.energy ?? 0} energy, not enough to pay ${'{E}'.repeat(part.n)}`);
        pl.energy = (pl.energy ?? 0) - part.n;
        g.emit({ type: 'energy', rule: '107.14', player: ctx.player, delta: -part.n, energy: pl.energy });
        break;
      }
      case 'loyalty': {
        const src = g.obj(ctx.source!);
        const n = part.n === 'X' ? -ctx.x : part.n;
        const have = src.counters.loyalty ?? 0;
        if (have + n < 0) throw new IllegalAction('606.6', `${g.name(src.id)} has ${have} loyalty, not enough to remove ${-n}`);
        src.counters.loyalty = have + n;
        g.emit({ type: 'counters', rule: '606.4', obj: g.ref(src.id), counter: 'loyalty', delta: n, cause: { loyalty: ctx.label, now: have + n } });
        break;
      }
      case 'sacrifice': {
        const ids = part.self ? [ctx.source!] : chosen.get(part)!;
        if (part.self && g.tryObj(ids[0])?.zone !== 'battlefield') throw new IllegalAction('118.3', `${g.name(ids[0]!)} is no longer on the battlefield to be sacrificed`);
        // the permanents one cost sacrifices go at the same time, one event (each sees the others leave, 603.10a)
        moveAtOnce(g, ids.map((id) => ({ id, to: 'graveyard' as const, opts: { rule: '701.17a' as const, how: { kind: 'paid' as const, action: 'sacrificed' as const, cost: ctx.label } } })));
        ctx.choices.paid.sacrificed.push(...ids);
        break;
      }
      case 'discard':
        if (part.random) break; // below
        for (const id of chosen.get(part)!) {
          moveObject(g, id, 'graveyard', { rule: '701.8a', how: { kind: 'paid', action: 'discarded', cost: ctx.label } });
          ctx.choices.paid.discarded.push(id);
        }
        break;
      case 'discard_self':
        ctx.choices.paid.discarded.push(ctx.source!);
        moveObject(g, ctx.source!, 'graveyard', { rule: '701.8a', how: { kind: 'paid', action: 'discarded', cost: ctx.label, ...(isCycling(g, ctx.stackObj) ? { cycling: true as const } : {}) } });
        break;
      case 'exile_self':
        moveObject(g, ctx.source!, 'exile', { rule: ctx.rule ?? '601.2h', how: { kind: 'paid', action: 'exiled', cost: ctx.label } });
        // "the card you exiled" (scavenge, 702.97a)
        ctx.choices.paid.exiled.push(ctx.source!);
        break;
      case 'exile_from_hand':
      case 'exile_from_graveyard':
        for (const id of chosen.get(part)!) {
          moveObject(g, id, 'exile', { rule: ctx.rule ?? '601.2h', how: { kind: 'paid', action: 'exiled', cost: ctx.label } });
          ctx.choices.paid.exiled.push(id);
        }
        break;
      case 'reveal_self':
        // 701.16a: the card stays in the hand
        g.emit({ type: 'revealed', rule: '701.16a', player: ctx.player, obj: g.ref(ctx.source!), by: g.ref(ctx.source!), from: 'hand' });
        break;
      case 'reveal_from_hand':
        // 701.16a: the card stays where it is
        for (const id of chosen.get(part)!) g.emit({ type: 'revealed', rule: '701.16a', player: ctx.player, obj: g.ref(id), by: g.ref(ctx.stackObj ?? ctx.source ?? id), from: 'hand' });
        break;
      case 'return_self':
        if (g.tryObj(ctx.source!)?.zone !== 'battlefield') throw new IllegalAction('118.3', `${g.name(ctx.source!)} is no longer on the battlefield to be returned`);
        moveObject(g, ctx.source!, 'hand', { rule: ctx.rule ?? '601.2h', how: { kind: 'paid', action: 'returned to hand', cost: ctx.label } });
        break;
      case 'put_counters':
        // on the source itself: only while it is on the battlefield (an object elsewhere is no permanent to pay with)
        if (!part.filter && g.tryObj(ctx.source!)?.zone !== 'battlefield') throw new IllegalAction('118.3', `${g.name(ctx.source!)} is not on the battlefield to put counters on`);
        for (const id of chosen.get(part) ?? [ctx.source!]) putCounters(g, id, part.counter, part.n, ctx.rule ?? '601.2h', ctx.label);
        break;
      case 'choice':
        throw new Error(`the cost choice "${describeCostPart(part)}" reached payment unannounced`);
      case 'remove_counters': {
        if (part.filter) {
          const id = chosen.get(part)![0]!;
          g.obj(id).counters[part.counter] = (g.obj(id).counters[part.counter] ?? 0) - part.n;
          g.emit({ type: 'counters', rule: ctx.rule ?? '601.2h', obj: g.ref(id), counter: part.counter, delta: -part.n, cause: { cost: ctx.label } });
          break;
        }
        const src = g.obj(ctx.source!);
        const have = src.counters[part.counter] ?? 0;
        if (have < part.n) throw new IllegalAction('118.3', `${g.name(src.id)} has ${have} ${part.counter} counter(s), not ${part.n}`);
        src.counters[part.counter] = have - part.n;
        g.emit({ type: 'counters', rule: ctx.rule ?? '601.2h', obj: g.ref(src.id), counter: part.counter, delta: -part.n, cause: { cost: ctx.label } });
        break;
      }
      case 'draw':
        for (let i = 0; i < part.n; i++) {
          // 118.11: if the draw is replaced (skipped), the cost has still been paid
          if (drawCard(g, ctx.player, '121.1') === null) g.emit({ type: 'cost_draw_replaced', rule: '118.11', player: ctx.player, label: ctx.label, part });
        }
        break;
      case 'tap_permanents':
        for (const id of chosen.get(part)!) {
          if (g.obj(id).tapped) throw new IllegalAction('118.3', `${g.name(id)} is already tapped`);
          g.obj(id).tapped = true;
          g.emit({ type: 'tapped', rule: ctx.rule ?? '601.2h', obj: g.ref(id), player: ctx.player, cause: { cost: ctx.label } });
        }
        break;
      case 'return_to_hand':
        // one cost returns its permanents at the same time (603.10a); ninjutsu asks what they attacked
        moveAtOnce(g, noteAttacked(g, ctx, chosen.get(part)!).map((id) => ({ id, to: 'hand' as const, opts: { rule: ctx.rule ?? '601.2h', how: { kind: 'paid' as const, action: 'returned to hand' as const, cost: ctx.label } } })));
        break;
      case 'exile_top_library':
      case 'mana':
      case 'life':
        break; // below
    }
  }
  if (cost.mana.life > 0) {
    if (p.life < cost.mana.life) throw new IllegalAction('118.3', `${ctx.player} has ${p.life} life and can't pay ${cost.mana.life} life (119.4)`);
    p.life -= cost.mana.life;
    p.lifeLostThisTurn = (p.lifeLostThisTurn ?? 0) + cost.mana.life; // paying life is losing it (119.4)
    ctx.choices.paid.life += cost.mana.life;
    g.emit({ type: 'life', rule: '118.3b', player: ctx.player, delta: -cost.mana.life, life: p.life, how: 'pay' });
  }
  payManaFromPool(g, ctx, helped.rest, paid.auto ? undefined : eligibleMana(g, ctx.player, paid.steps, poolBefore), helped.used > 0);
  // 601.2h: costs with random elements and moving cards from the library to a public zone are paid last
  for (const part of cost.other) if (part.kind === 'discard' && part.random) discardAtRandom(g, ctx, part);
  for (const part of cost.other) {
    if (part.kind !== 'exile_top_library') continue;
    if (p.library.length < part.n) throw new IllegalAction('118.3', `${ctx.player}'s library has ${p.library.length} cards, not the ${part.n} to exile`);
    for (const id of p.library.slice(0, part.n)) {
      moveObject(g, id, 'exile', { rule: ctx.rule ?? '601.2h', how: { kind: 'paid', action: 'exiled_from_library', cost: ctx.label } });
      ctx.choices.paid.exiled.push(id);
    }
  }
}

/** "Discard a card at random" (701.8b): the cards are chosen with the game's seeded generator. */
function discardAtRandom(g: Game, ctx: PaymentContext, part: Extract<CostPart, { kind: 'discard' }>): void {
  const options = g.player(ctx.player).hand.filter((id) => matchesFilter(g, part.filter, { obj: id }, { you: ctx.player, ...(ctx.source ? { source: ctx.source } : {}) }));
  for (const id of randomOrder(g, options).slice(0, part.n)) {
    moveObject(g, id, 'graveyard', { rule: '701.8a', how: { kind: 'paid', action: 'discarded', cost: ctx.label } });
    ctx.choices.paid.discarded.push(id);
  }
}

/** The one permanent a cost puts counters on or removes them from ("a creature you control"). */
function chooseCounterPermanent(g: Game, ctx: PaymentContext, part: Extract<CostPart, { kind: 'put_counters' | 'remove_counters' }>): ObjId {
  const removing = part.kind === 'remove_counters';
  const options = g.state.battlefield.filter((id) => g.controller(id) === ctx.player
    && matchesFilter(g, part.filter!, { obj: id }, { you: ctx.player, ...(ctx.source ? { source: ctx.source } : {}) })
    && (!removing || (g.obj(id).counters[part.counter] ?? 0) >= part.n));
  if (options.length === 0) throw new IllegalAction('118.3', `${ctx.player} can't pay "${describeCostPart(part)}": no ${part.filter!.text}${removing ? ` with ${part.n} ${part.counter} counter(s)` : ''}`);
  const a = g.ask({ kind: 'choose', player: ctx.player, rule: ctx.rule ?? '601.2h', prompt: `Choose ${part.filter!.text} to ${removing ? 'remove' : 'put'} ${part.counter} counter(s) ${removing ? 'from' : 'on'} for ${ctx.label}`, options: options.map((id) => thingOption(g, { obj: id })), min: 1, max: 1, illegalRule: '601.2h' });
  return a.options[0]!;
}

/**
 * With an explicit `pay` list, the mana that may be spent: what the listed sources made, and the pool
 * symbols the list names ("{R}"); a list naming neither (empty, or only convoke, improvise and delve
 * steps) spends from the whole pool. Newest mana first.
 */
function eligibleMana(g: Game, player: PlayerId, steps: PayStep[], poolBefore: ReadonlySet<Mana>): number[] | undefined {
  if (steps.every((s) => 'helper' in s)) return undefined;
  const pool = g.player(player).pool;
  const made = pool.map((_, i) => i).filter((i) => !poolBefore.has(pool[i]!)).reverse();
  const named: number[] = [];
  for (const s of steps) {
    if (!('pool' in s)) continue;
    for (const sym of s.pool.match(/\{[^}]+\}/g) ?? []) {
      const t = sym.slice(1, -1).toUpperCase();
      const i = pool.findIndex((m, k) => poolBefore.has(m) && m.type === t && !named.includes(k));
      if (i < 0) throw new IllegalAction('601.2h', `${player}'s pool has no ${sym} to pay with (it holds ${poolText(pool.filter((m) => poolBefore.has(m))) || 'no mana'})`);
      named.push(i);
    }
  }
  return [...made, ...named];
}

/**
 * Whether this mana may pay this cost (106.6): restricted mana only casting a spell its filter
 * matches (the spell is on the stack by now, 601.2a), or activating an ability of an object its
 * filter matches; never any other payment.
 */
function mayPay(g: Game, m: Mana, ctx: PaymentContext): boolean {
  if (!m.only) return true;
  const fctx = { you: ctx.player, ...(m.source ? { source: m.source } : {}) };
  const target = ctx.stackObj ? g.tryObj(ctx.stackObj) : undefined;
  // (the filters are DSL filters: the core layer keeps them as plain data)
  if (target?.spell) return !!m.only.spells && matchesFilter(g, m.only.spells as Filter, { obj: target.id }, fctx);
  // an activated ability (a mana ability's cost has no stack object, 605.3a): of the permanent ctx.source
  const activating = ctx.source !== undefined && (!ctx.stackObj || !!target?.ability);
  return activating && !!m.only.abilities && matchesFilter(g, m.only.abilities as Filter, { obj: ctx.source! }, fctx);
}

/** What restricted mana may pay for, in words. */
function restrictionText(m: Mana): string {
  const parts = [m.only?.spells ? `to cast ${m.only.spells.text}` : '', m.only?.abilities ? `to activate abilities of ${m.only.abilities.text}` : ''];
  return parts.filter((t) => t).join(' or ');
}

/** The indices of the pool's mana that can't pay this cost (106.6). */
export function unusableMana(g: Game, ctx: PaymentContext): number[] {
  return g.player(ctx.player).pool.flatMap((m, i) => (mayPay(g, m, ctx) ? [] : [i]));
}

/** Removes the mana from the pool (118.3a); without enough, the payment is partial and illegal. `helped`: objects paid some of it (convoke, delve). */
function payManaFromPool(g: Game, ctx: PaymentContext, cost: PlainCost, eligible: number[] | undefined, helped: boolean): void {
  const p = g.player(ctx.player);
  const manaOnly: PlainCost = { ...cost, life: 0 };
  if (plainManaTotal(manaOnly) === 0) {
    if (ctx.manaComponent && !helped && ctx.choices.paid.mana.length === 0 && cost.life === 0) g.emit({ type: 'cost_zero', rule: '118.5', player: ctx.player, label: ctx.label });
    return;
  }
  // newest mana first for generic: what was just made for this payment goes before older floating mana
  const order = (eligible ?? p.pool.map((_, i) => p.pool.length - 1 - i)).filter((i) => mayPay(g, p.pool[i]!, ctx));
  const used = choosePoolPayment(p.pool, manaOnly, order, ctx.wild);
  if (!used) {
    const usable = order.map((i) => p.pool[i]!);
    const missing = unmetByPool(usable, manaOnly, ctx.wild);
    const floating = eligible && usable.length < p.pool.length ? ` (the pay list makes ${poolText(usable) || 'no mana'} available)` : '';
    const kept = p.pool.filter((m) => !mayPay(g, m, ctx));
    const only = kept.length ? ` (${poolText(kept)} of it can be spent only ${restrictionText(kept[0]!)}, 106.6)` : '';
    throw new IllegalAction(ctx.rule ?? '601.2h', `${ctx.player} can't pay ${plainText(manaOnly)} for ${ctx.label}: the pool holds ${poolText(p.pool) || 'no mana'}${floating}${only} (missing ${plainText(missing)}); a cost can't be paid in part`);
  }
  const spent = used.map((i) => p.pool[i]!);
  p.pool = p.pool.filter((_, i) => !used.includes(i));
  ctx.choices.paid.mana.push(...spent);
  g.emit({ type: 'mana_paid', rule: ctx.rule ?? '601.2h', player: ctx.player, label: ctx.label, mana: spent });
}

/** Whether the ability being paid for is a cycling ability (702.29a): "cycling" a card is discarding it to pay that cost (702.29c). */
function isCycling(g: Game, stackObj: ObjId | undefined): boolean {
  const key = stackObj !== undefined ? g.tryObj(stackObj)?.ability?.abilityKey : undefined;
  // typecycling is cycling too (702.29f)
  return (key?.startsWith('kw:Cycling#') || key?.startsWith('kw:Typecycling#')) ?? false;
}

/** What the attacking creatures a cost returns to hand were attacking (702.49a: the ninja attacks it too). */
function noteAttacked(g: Game, ctx: { choices: { paid: { returnedAttacking?: Array<PlayerId | ObjId> } } }, ids: ObjId[]): ObjId[] {
  for (const id of ids) {
    const at = g.obj(id).attacking;
    if (at !== undefined) (ctx.choices.paid.returnedAttacking ??= []).push(at);
  }
  return ids;
}
