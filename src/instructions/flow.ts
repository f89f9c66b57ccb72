// The instructions that shape a resolution (608.2c-d): optional instructions and choices (608.2d), "if you
// do" (118.12), "unless" costs (118.12a), conditions, "for each" in the order of 608.2f, reflexive (603.12)
// and delayed triggered abilities (603.7a), and the instruction the engine doesn't support.

import { addEffect } from '../state/effects.js';
import { STEPS, type Effect } from '../cards/types.js';
import type { CostPart } from '../cards/costs.js';
import { checkCondition } from '../characteristics/conditions.js';
import { candidatesFor, matchesFilter, type Thing } from '../characteristics/filters.js';
import type { Game } from '../state/game.js';
import { COLORS, COLOR_NAMES, type ColorLetter, addPlain, emptyPlainCost } from '../core/mana.js';
import type { Option } from '../state/questions.js';
import { newChoices, type ObjId, type PlayerId } from '../state/state.js';
import { thingOption } from '../stack/targets.js';
import { attempt } from '../state/rollback.js';
import { announcedCost, payTotalCost } from '../stack/costs.js';
import { refThings, controllerOf, players, objects, movedObjects, amount, label, describeEffects, verbsOf, type ResolveCtx, type Handlers } from './context.js';

export const FLOW_HANDLERS: Handlers<'may' | 'may_choose' | 'if_you_do' | 'unless' | 'may_pay' | 'if' | 'choose' | 'for_each' | 'each_player' | 'reflexive' | 'delayed' | 'unsupported'> = {
  may(g, e, ctx, outer, run) {
    const src = ctx.sourceName;
    const who = players(g, ctx, e.who)[0]!;
    // 608.2d: a player can't choose an option that is impossible (sacrificing with nothing to sacrifice)
    const cant = impossible(g, ctx, who, e.do[0]);
    if (cant) g.emit({ type: 'decision', rule: '608.2d', player: who, effects: verbsOf(e.do), outcome: { kind: 'cant', reason: cant, among: false } });
    const a = g.ask({ kind: 'yes', player: who, rule: '608.2d', prompt: `${src} - you may ${describeEffects(e.do)}. Do you?`, ...(cant ? { forced: false } : {}) });
    const yes = a.value;
    if (!cant) g.emit({ type: 'decision', rule: '608.2d', player: who, effects: verbsOf(e.do), outcome: { kind: yes ? 'yes' : 'no' } });
    if (!yes) {
      outer.didLast = false;
      return;
    }
    const inner: ResolveCtx = { ...ctx, didLast: undefined, effectPath: `${ctx.effectPath}.do` };
    run(g, e.do, inner);
    // "if you do" asks whether it was done, not only chosen
    outer.didLast = inner.didLast !== false;
    if (inner.it !== ctx.it) outer.it = inner.it;
  },
  may_choose(g, e, ctx, outer, run) {
    const src = ctx.sourceName;
    const who = players(g, ctx, e.who)[0] ?? ctx.controller;
    const options: Option[] = [];
    e.options.forEach((effects, i) => {
      const cant = impossible(g, { ...ctx, thatPlayer: who }, who, effects[0]);
      if (cant) g.emit({ type: 'decision', rule: '608.2d', player: who, effects: verbsOf(effects), outcome: { kind: 'cant', reason: cant, among: true } });
      else options.push({ id: String(i), label: describeEffects(effects) });
    });
    const a = g.ask({ kind: 'choose', player: who, rule: '608.2d', prompt: `${src} - you may choose one (or none)`, options, min: 0, max: Math.min(1, options.length) });
    const pick = a.options[0];
    if (pick === undefined) {
      g.emit({ type: 'decision', rule: '608.2d', player: who, effects: [], outcome: { kind: 'none' } });
      outer.didLast = false;
      return;
    }
    const chosen = e.options[Number(pick)]!;
    g.emit({ type: 'decision', rule: '608.2d', player: who, effects: verbsOf(chosen), outcome: { kind: 'yes' } });
    const inner: ResolveCtx = { ...ctx, didLast: undefined, effectPath: `${ctx.effectPath}.options.${pick}` };
    run(g, chosen, inner);
    outer.didLast = inner.didLast !== false;
  },
  if_you_do(g, e, ctx, outer, run) {
    const src = ctx.sourceName;
    if (outer.didLast) {
      g.emit({ type: 'if_you_do', rule: '118.12', by: g.ref(ctx.source, src), done: true, effects: verbsOf(e.do) });
      const inner: ResolveCtx = { ...ctx, effectPath: `${ctx.effectPath}.do` };
      run(g, e.do, inner);
      // as after "you may": a later "it" names what the instructions done last affected ("create a token ... Exile it")
      if (inner.it !== ctx.it) outer.it = inner.it;
    }
    else if (e.otherwise) run(g, e.otherwise, { ...ctx, effectPath: `${ctx.effectPath}.otherwise` });
    else g.emit({ type: 'if_you_do', rule: '118.12', by: g.ref(ctx.source, src), done: false, effects: verbsOf(e.do) });
  },
  unless(g, e, ctx, outer, run) {
    const src = ctx.sourceName;
    // 118.12a: "[do something] unless [a player pays]": that player may pay; if they don't, it happens
    const payer = players(g, ctx, e.who)[0];
    let paid = false;
    const times = e.times !== undefined ? amount(g, ctx, e.times) : 1;
    // the cost as written, its source named ("remove a +1/+1 counter from Junk Golem")
    const text = e.cost.text.replace(/\bCARDNAME\b/g, src);
    const costText = times === 1 ? text : `${text} x${times}`;
    const cant = payer ? unpayable(g, payer, e.cost.parts, times, ctx.source) : null;
    if (payer && cant) g.emit({ type: 'unless_paid', rule: '118.3', player: payer, cost: costText, outcome: { kind: 'cant', reason: cant } });
    if (payer && !cant) {
      const a = g.ask({ kind: 'yes', player: payer, rule: '118.12a', prompt: `pay ${costText} so that ${src} doesn't ${describeEffects(e.do)}?` });
      if (a.value) {
        const cost = { text: costText, parts: Array.from({ length: times }, () => e.cost.parts).flat() };
        // X in the cost is the X of the spell or ability (107.3a, 107.3c)
        const r = attempt(g, `${payer}'s payment of ${costText}`, () => payResolutionCost(g, payer, cost, `the "unless" cost ${costText} of ${src}`, ctx.x, ctx.source));
        paid = r.ok;
      }
      g.emit({ type: 'unless_paid', rule: '118.12a', player: payer, cost: costText, outcome: paid ? { kind: 'paid', by: g.ref(ctx.source, src), effects: verbsOf(e.do) } : { kind: 'not_paid' } });
    }
    if (!paid) run(g, e.do, { ...ctx, effectPath: `${ctx.effectPath}.do` });
  },
  may_pay(g, e, ctx, outer) {
    // 608.2d: the player chooses whether to pay as the instruction is followed; one who can't, doesn't (118.3)
    const src = ctx.sourceName;
    const payer = players(g, ctx, e.who)[0];
    let paid = false;
    const cant = payer ? unpayable(g, payer, e.cost.parts, 1) : null;
    if (payer && cant) g.emit({ type: 'may_pay', rule: '118.3', player: payer, cost: e.cost.text, outcome: { kind: 'cant', reason: cant } });
    if (payer && !cant) {
      const a = g.ask({ kind: 'yes', player: payer, rule: '608.2d', prompt: `pay ${e.cost.text} (${src})?` });
      if (a.value) paid = attempt(g, `${payer}'s payment of ${e.cost.text}`, () => payResolutionCost(g, payer, e.cost, `${e.cost.text} for ${src}`)).ok;
      g.emit({ type: 'may_pay', rule: '608.2d', player: payer, cost: e.cost.text, outcome: paid ? { kind: 'paid', by: g.ref(ctx.source, src), effects: [] } : { kind: 'not_paid' } });
    }
    outer.didLast = paid;
  },
  if(g, e, ctx, outer, run) {
    const ok = checkCondition(g, e.condition, { you: ctx.controller, source: ctx.source, kicked: ctx.kicked, ...(ctx.castFrom ? { castFrom: ctx.castFrom } : {}), ...(ctx.chosenName !== undefined ? { chosenName: ctx.chosenName } : {}), things: (r) => refThings(g, ctx, r) });
    if (ok) run(g, e.do, { ...ctx, effectPath: `${ctx.effectPath}.do` });
    else if (e.otherwise) run(g, e.otherwise, { ...ctx, effectPath: `${ctx.effectPath}.otherwise` });
  },
  choose(g, e, ctx, outer) {
    const src = ctx.sourceName;
    if (e.what === 'object') {
      // a filter of cards names them in its zone ("a land card in your graveyard"), one of permanents the battlefield
      const pool = e.among ? objects(g, ctx, e.among) : candidatesFor(g, e.filter);
      const options = pool.filter((id) => matchesFilter(g, e.filter, { obj: id }, { you: ctx.controller, source: ctx.source }));
      if (options.length === 0) {
        g.emit({ type: 'nothing_happens', rule: '608.2d', by: g.ref(ctx.source, src), why: { kind: 'no_choice', filter: e.filter.text } });
        outer.chosen = [];
        return;
      }
      const a = g.ask({ kind: 'choose', player: ctx.controller, rule: '608.2d', prompt: `choose a ${e.filter.text}`, options: options.map((id) => thingOption(g, { obj: id })), min: 1, max: 1 });
      outer.chosen = a.options.map((obj) => ({ obj }));
      g.emit({ type: 'chosen', rule: '608.2d', player: ctx.controller, choice: { kind: 'objects', objs: outer.chosen.map((t) => g.ref((t as { obj: ObjId }).obj)) } });
      return;
    }
    if (e.what === 'card_name') {
      outer.chosenName = chooseCardName(g, ctx, !!e.nonland);
      return;
    }
    if (e.what === 'color') {
      const a = g.ask({ kind: 'value', player: ctx.controller, rule: '608.2d', what: 'color', prompt: `choose a color`, options: COLORS.map((c) => ({ id: c, label: COLOR_NAMES[c] })) });
      const color = a.value as ColorLetter;
      outer.chosenColor = color;
      g.emit({ type: 'chosen', rule: '608.2d', player: ctx.controller, choice: { kind: 'color', color } });
    }
  },
  for_each(g, e, ctx, outer, run) {
    const all: Thing[] = [];
    const destroyed: Thing[] = [];
    let destroyedBy: Thing[] | undefined;
    for (const t of processingOrder(g, ctx, refThings(g, ctx, e.what))) {
      // a player handled in turn is also "that player" ("all creatures target player controls")
      const inner: ResolveCtx = { ...ctx, each: t, ...('player' in t ? { thatPlayer: t.player } : {}), didLast: undefined, effectPath: `${ctx.effectPath}.do` };
      run(g, e.do, inner);
      all.push(...inner.it);
      if (inner.destroyed !== ctx.destroyed) destroyed.push(...(destroyedBy = inner.destroyed ?? []));
      if (g.state.result) return;
    }
    outer.it = all;
    // "destroyed this way" after the passes: what any of them destroyed
    if (destroyedBy) outer.destroyed = destroyed;
  },
  each_player(g, e, ctx, outer, run) {
    // 101.4: in APNAP order; "if a player does" afterwards asks whether any of them did
    let any = false;
    for (const p of g.apnap()) {
      const inner: ResolveCtx = { ...ctx, thatPlayer: p, didLast: undefined, effectPath: `${ctx.effectPath}.do` };
      run(g, e.do, inner);
      if (inner.didLast) any = true;
      if (g.state.result) return;
    }
    outer.didLast = any;
  },
  reflexive(g, e, ctx, outer) {
    const src = ctx.sourceName;
    // 603.12: it triggers now if the instruction before it was done, and goes on the stack the next
    // time a player would receive priority; it refers to what that instruction affected
    if (!outer.didLast) return;
    const objs = outer.it.flatMap((t) => ('obj' in t ? [t.obj] : []));
    g.state.pending.push({
      abilityKey: ctx.abilityKey, delayedPath: ctx.effectPath, source: ctx.source, sourceName: src, controller: ctx.controller,
      trigger: { objs }, order: g.state.pending.length,
    });
    g.emit({ type: 'reflexive_triggered', rule: '603.12', player: ctx.controller, by: g.ref(ctx.source, src), effects: verbsOf(e.do) });
  },
  delayed(g, e, ctx) {
    const src = ctx.sourceName;
    // 603.7a: a delayed triggered ability, created now, triggers once later
    // what it is about, found in the zone an earlier instruction moved it to (400.7j)
    // a cast trigger waits for a spell no instruction has named yet: its "that spell" is the one cast
    const ofEvent = e.when.event === 'cast';
    const about = ofEvent ? [] : movedObjects(g, ctx, e.about);
    const step = e.when.event === 'step' ? e.when.step : undefined;
    const whose = e.when.event === 'step' ? e.when.whose : undefined;
    const stepIndex = STEPS.indexOf(g.state.turn.step);
    addEffect(g.state, {
      kind: 'delayed', abilityKey: ctx.abilityKey, path: ctx.effectPath, controller: ctx.controller,
      source: ctx.source, sourceName: src, objects: about, ...(ofEvent ? { ofEvent: true } : {}), ...(e.repeats ? { repeats: true } : {}), ...(step ? { step, ...(whose === 'you' || whose === 'opponent' ? { whose } : {}) } : { when: e.when, fromEvent: g.state.events.length }),
      duration: { kind: e.this_turn ? 'end_of_turn' : 'permanent' }, fromTurn: g.state.turn.number, fromStepIndex: stepIndex, createdAt: g.state.nextTimestamp - 1,
    });
    g.emit({
      type: 'delayed_created', rule: '603.7a', by: g.ref(ctx.source, src), effects: verbsOf(e.do), step: step ?? null, trigger: step ? null : e.when,
      thisTurn: !!e.this_turn, about: about.map((id) => g.ref(id)),
    });
  },
  unsupported(g, e, ctx) {
    const src = ctx.sourceName;
    g.emit({ type: 'nothing_happens', rule: '608.2c', by: g.ref(ctx.source, src), why: { kind: 'not_implemented', verb: e.verb } });
    throw new Error(`internal: instruction ${e.verb} reached the engine without support (the card should be marked unsupported)`);
  },
};

/**
 * 608.2f: an action that can't be done to several objects and players at once is done to each in
 * turn: grouped by player (a player with the objects they control) in APNAP order, the resolving
 * object's controller choosing the order within a group.
 */
function processingOrder(g: Game, ctx: ResolveCtx, things: Thing[]): Thing[] {
  const out: Thing[] = [];
  for (const p of g.apnap()) {
    const group = things.filter((t) => ('player' in t ? t.player : controllerOf(g, t.obj)) === p);
    if (group.length <= 1) {
      out.push(...group);
      continue;
    }
    const a = g.ask({ kind: 'choose', player: ctx.controller, rule: '608.2f', prompt: `in what order does ${ctx.sourceName} handle ${group.map((t) => label(g, t)).join(', ')}? (first listed first)`, options: group.map((t) => thingOption(g, t)), min: group.length, max: group.length, ordered: true });
    const ids = a.options;
    const ordered = ids.map((id) => group.find((t) => thingOption(g, t).id === id)!).filter(Boolean);
    g.emit({ type: 'one_at_a_time', rule: '608.2f', by: g.ref(ctx.source, ctx.sourceName), player: ctx.controller, order: ordered.map((t) => g.thingRef(t)) });
    out.push(...ordered);
  }
  return out;
}

/** Why a player can't do an optional instruction at all, or null (608.2d); only what can be known in advance. */
function impossible(g: Game, ctx: ResolveCtx, who: PlayerId, e: Effect | undefined): string | null {
  if (!e) return null;
  if (e.verb === 'sacrifice') {
    if (e.affected === 'self') return g.tryObj(ctx.source)?.zone === 'battlefield' ? null : `${ctx.sourceName} is no longer on the battlefield`;
    if (e.filter) {
      const n = amount(g, ctx, e.amount);
      const have = g.state.battlefield.filter((id) => g.controller(id) === who && matchesFilter(g, e.filter!, { obj: id }, { you: who, source: ctx.source })).length;
      if (have < Math.max(1, n)) return have === 0 ? `${who} controls no ${e.filter.text}` : `${who} controls only ${have} ${e.filter.text}`;
    }
  }
  if ((e.verb === 'discard' || (e.verb === 'exile_from_hand' && e.who === 'you')) && g.player(who).hand.length === 0) return `${who}'s hand is empty`;
  // counters can't be put on a source that left the battlefield (fabricate's "if you don't")
  if (e.verb === 'put_counters' && e.affected === 'self' && g.tryObj(ctx.source)?.zone !== 'battlefield') return `${ctx.sourceName} is no longer on the battlefield`;
  return null;
}

/** Why a player can't pay a cost on resolution at all (118.3), or null; mana is checked when paid. */
function unpayable(g: Game, player: PlayerId, parts: CostPart[], times: number, source?: ObjId): string | null {
  for (const p of parts) {
    // "another creature" is one other than the ability's source
    if (p.kind === 'sacrifice' && !p.self) {
      const have = g.state.battlefield.filter((id) => g.controller(id) === player && matchesFilter(g, p.filter, { obj: id }, { you: player, ...(source ? { source } : {}) })).length;
      if (have < p.n * times) return `${player} controls ${have} ${p.filter.text}, not ${p.n * times}`;
    }
    if (p.kind === 'discard') {
      const have = g.player(player).hand.filter((id) => matchesFilter(g, p.filter, { obj: id }, { you: player })).length;
      if (have < p.n * times) return `${player} has ${have} ${p.filter.text} in hand, not ${p.n * times}`;
    }
    if (p.kind === 'life' && g.player(player).life < p.n * times) return `${player} has ${g.player(player).life} life (119.4)`;
    if (p.kind === 'pay_energy' && (g.player(player).energy ?? 0) < p.n * times) return `${player} has ${g.player(player).energy ?? 0} energy (107.14)`;
    // "remove a +1/+1 counter from CARDNAME": the source must still be there with that many (118.3)
    if (p.kind === 'remove_counters' && !p.filter && 'n' in p && typeof p.n === 'number') {
      const have = source ? (g.tryObj(source)?.zone === 'battlefield' ? (g.obj(source).counters[p.counter] ?? 0) : 0) : 0;
      if (have < p.n * times) return `the source has ${have} ${p.counter} counter${have === 1 ? '' : 's'}, not ${p.n * times}`;
    }
  }
  return null;
}

/** A cost paid while a spell or ability resolves (118.12), its mana abilities asked with the `pay` question. */
function payResolutionCost(g: Game, player: PlayerId, cost: import('../cards/costs.js').ParsedCost, label: string, x = 0, source?: ObjId): void {
  let mana = emptyPlainCost();
  const other = [];
  for (const p of cost.parts) {
    if (p.kind === 'mana') mana = addPlain(mana, announcedCost(p.mana, x, undefined, undefined));
    else if (p.kind === 'life') mana = addPlain(mana, { ...emptyPlainCost(), life: p.n });
    else other.push(p);
  }
  payTotalCost(g, { mana, other }, { player, label, ...(source ? { source } : {}), choices: newChoices(), x: 0, manaComponent: cost.parts.some((p) => p.kind === 'mana') }, { rule: '118.12', prompt: `Pay ${cost.text} (${label})`, cost: cost.text });
}

/** "Choose a [nonland] card name" (201.3): the name of a card the game knows (a face of a split card
 * names one half), of a nonland card if the text says so; the instructions after it read it. */
function chooseCardName(g: Game, ctx: ResolveCtx, nonland: boolean): string {
  const names = new Set<string>();
  for (const n of g.cards.names()) {
    const def = g.cards.get(n);
    if (!def) continue;
    for (const face of [def.main, def.split]) if (face && !(nonland && face.types.includes('land'))) names.add(face.name);
  }
  const options = [...names].sort().map((n) => ({ id: n, label: n }));
  const a = g.ask({ kind: 'value', player: ctx.controller, rule: '201.3', what: 'card name', prompt: `choose a ${nonland ? 'nonland ' : ''}card name (${ctx.sourceName})`, options });
  g.emit({ type: 'chosen', rule: '201.3', player: ctx.controller, choice: { kind: 'name', name: a.value } });
  return a.value;
}
