// Continuous effects from resolving spells and abilities (611.2): changes of power and toughness,
// abilities, types, colors and control (613), copy effects (707.4), exchanged text boxes (612.5),
// block requirements (509.1c), and rule-changing and replacement effects a resolution creates (611.2, 614.3).

import { addEffect } from '../state/effects.js';
import type { Game } from '../state/game.js';
import { COLOR_NAMES } from '../core/mana.js';
import type { EffectDuration, LayerMod, ObjId, PlayerId } from '../state/state.js';
import { captureCopy, exceptionNotes } from '../characteristics/copyEffects.js';
import { activatedAbilities } from '../characteristics/abilities.js';
import { durationHolds } from '../state/lapsed.js';
import { refThings, objects, players, amount, signed, affectedPermanents, affectedObjects, type Handlers, type ResolveCtx } from './context.js';
import type { Affected } from '../cards/types.js';

/** The keyword a `grant` names for protection from the color chosen as it resolves. */
const CHOSEN_PROTECTION = 'Protection from the chosen color';

export const CONTINUOUS_HANDLERS: Handlers<'pump' | 'grant' | 'lose_ability' | 'become' | 'switch_pt' | 'gain_control' | 'exchange_control' | 'gain_abilities_of' | 'exchange_text_boxes' | 'become_copy' | 'must_block' | 'cant' | 'skip_next_untap' | 'skip_untaps' | 'block_additional' | 'attack_despite_defender' | 'create_static' | 'create_replacement'> = {
  pump(g, e, ctx, outer) {
    const ids = groupIt(outer, e.affected, affectedPermanents(g, ctx, e.affected));
    const times = e.forEach === undefined ? 1 : amount(g, ctx, e.forEach);
    const p = amount(g, ctx, e.power) * (e.negX?.[0] ? -1 : 1) * times;
    const t = amount(g, ctx, e.toughness) * (e.negX?.[1] ? -1 : 1) * times;
    addContinuousEffect(g, ctx, ids, [{ layer: '7c', kind: 'mod_pt', power: p, toughness: t }], e.until, `get ${signed(p)}/${signed(t)}`);
  },
  grant(g, e, ctx, outer) {
    const ids = groupIt(outer, e.affected, affectedPermanents(g, ctx, e.affected));
    // "protection from the color of your choice": the color a `choose: color` before it chose (702.16a)
    const abilities = e.abilities.flatMap((a) => (a !== CHOSEN_PROTECTION ? [a] : ctx.chosenColor ? [`Protection from ${COLOR_NAMES[ctx.chosenColor]}`] : []));
    // an ability given in quotes: the permanent that has it is its source (613.1f)
    const add = [...abilities.map((a) => `kw:${a}`), ...(e.with ? [e.with.key] : [])];
    const what = [...abilities.map((a) => a.toLowerCase()), ...(e.with ? [`"${e.with.text}"`] : [])].join(', ');
    addContinuousEffect(g, ctx, ids, [{ layer: '6', kind: 'abilities', add }], e.until, `gain ${what}`);
  },
  lose_ability(g, e, ctx, outer) {
    const ids = groupIt(outer, e.affected, affectedObjects(g, ctx, e.affected).filter((id) => g.obj(id).zone === 'battlefield'));
    addContinuousEffect(g, ctx, ids, [{ layer: '6', kind: 'abilities', remove: e.abilities }], e.until, `lose ${e.abilities.join(', ').toLowerCase()}`);
  },
  become(g, e, ctx, outer) {
    const ids = groupIt(outer, e.affected, affectedObjects(g, ctx, e.affected).filter((id) => g.obj(id).zone === 'battlefield'));
    const mods: LayerMod[] = [];
    if (e.name) mods.push({ layer: '3', kind: 'name', name: e.name });
    if (e.types || e.subtypes || e.supertypes) mods.push({ layer: '4', kind: 'types', ...(e.types ? { types: e.types } : {}), ...(e.subtypes ? { subtypes: e.subtypes } : {}), ...(e.supertypes ? { supertypes: e.supertypes } : {}), add: !!e.add_types });
    // "gains all creature types" (every creature type, as changeling gives, 702.73a) or "loses all creature types"
    if (e.creature_types) mods.push({ layer: '4', kind: 'types', add: true, ...(e.creature_types === 'all' ? { allCreatureTypes: true } : { noCreatureTypes: true }) });
    // "becomes the color of your choice": the color chosen by a `choose: color` before it
    const colors = e.colors === 'chosen' ? (ctx.chosenColor ? [ctx.chosenColor] : []) : e.colors;
    if (colors) mods.push({ layer: '5', kind: 'colors', colors, add: false });
    if (e.lose_abilities) mods.push({ layer: '6', kind: 'abilities', removeAll: true });
    if (e.abilities) mods.push({ layer: '6', kind: 'abilities', add: e.abilities.map((a) => `kw:${a}`) });
    if (e.with) mods.push({ layer: '6', kind: 'abilities', add: [e.with.key] });
    if (e.power !== undefined && e.toughness !== undefined) mods.push({ layer: '7b', kind: 'set_pt', power: amount(g, ctx, e.power), toughness: amount(g, ctx, e.toughness) });
    const desc = [
      e.power !== undefined ? `${amount(g, ctx, e.power!)}/${amount(g, ctx, e.toughness!)}` : '',
      colors ? (colors.length ? colors.map((c) => COLOR_NAMES[c]).join(' and ') : 'colorless') : '',
      [...(e.supertypes ?? []), ...(e.subtypes ?? []), ...(e.types ?? [])].join(' '),
      e.creature_types === 'all' ? 'every creature type' : e.creature_types === 'none' ? 'without creature types' : '',
      e.name ? `named ${e.name}` : '',
      e.with ? `with "${e.with.text}"` : '',
    ].filter(Boolean).join(' ');
    addContinuousEffect(g, ctx, ids, mods, e.until, `become${e.add_types ? ' in addition' : ''} ${desc}`);
  },
  switch_pt(g, e, ctx, outer) {
    const ids = groupIt(outer, e.affected, affectedObjects(g, ctx, e.affected).filter((id) => g.obj(id).zone === 'battlefield'));
    addContinuousEffect(g, ctx, ids, [{ layer: '7d', kind: 'switch_pt' }], e.until, 'have power and toughness switched');
  },
  gain_control(g, e, ctx, outer) {
    const ids = groupIt(outer, e.affected, affectedObjects(g, ctx, e.affected).filter((id) => g.obj(id).zone === 'battlefield'));
    // "target opponent gains control of CARDNAME": the player named gets control (613.1b), else the controller
    const player = e.who ? players(g, ctx, e.who)[0] : ctx.controller;
    if (player === undefined) return;
    addContinuousEffect(g, ctx, ids, [{ layer: '2', kind: 'control', player }], e.until, `come under ${player}'s control`);
  },
  exchange_control(g, e, ctx) {
    const src = ctx.sourceName;
    // 701.10c: if either permanent is gone, or both have the same controller, nothing happens
    // [pair, pair]: the two objects one "two target creatures" names
    const [a, b] = e.a === e.b ? objects(g, ctx, e.a) : [objects(g, ctx, e.a)[0], objects(g, ctx, e.b)[0]];
    if (!a || !b || g.obj(a).zone !== 'battlefield' || g.obj(b).zone !== 'battlefield' || g.controller(a) === g.controller(b)) {
      g.emit({ type: 'nothing_happens', rule: '701.10b', by: g.ref(ctx.source, src), why: { kind: 'no_exchange' } });
      return;
    }
    const ca = g.controller(a);
    const cb = g.controller(b);
    addContinuousEffect(g, ctx, [a], [{ layer: '2', kind: 'control', player: cb }], 'permanent', `come under ${cb}'s control`);
    addContinuousEffect(g, ctx, [b], [{ layer: '2', kind: 'control', player: ca }], 'permanent', `come under ${ca}'s control`);
  },
  gain_abilities_of(g, e, ctx) {
    const from = objects(g, ctx, e.of)[0];
    const ids = objects(g, ctx, e.affected).filter((id) => g.obj(id).zone === 'battlefield');
    if (!from) return;
    const keys = activatedAbilities(g, from).map((a) => a.key);
    if (keys.length === 0) {
      g.emit({ type: 'no_abilities_to_gain', rule: '611.2c', obj: g.ref(from), kind: e.kind });
      return;
    }
    addContinuousEffect(g, ctx, ids, [{ layer: '6', kind: 'abilities', add: keys }], e.until, `gain${ids.length === 1 ? 's' : ''} the ${e.kind} abilities of ${g.name(from)}`);
  },
  exchange_text_boxes(g, e, ctx) {
    const src = ctx.sourceName;
    const ids = objects(g, ctx, e.affected).filter((id) => g.obj(id).zone === 'battlefield');
    if (ids.length !== 2) {
      g.emit({ type: 'nothing_happens', rule: '612.5', by: g.ref(ctx.source, src), why: { kind: 'no_two_objects' } });
      return;
    }
    const [a, b] = ids as [ObjId, ObjId];
    // one effect, two halves with the same timestamp: each gets the other's text as it was
    const timestamp = g.newTimestamp();
    const duration = durationOf(e.until);
    for (const [to, from] of [[a, b], [b, a]] as const) {
      addEffect(g.state, {
        kind: 'layer', timestamp, source: ctx.source, sourceName: src, controller: ctx.controller,
        affected: [to], mods: [{ layer: '3', kind: 'text_from', from }], duration, rule: '612.5',
      });
    }
    g.changed();
    g.emit({ type: 'text_exchanged', rule: '612.5', by: g.ref(ctx.source, src), a: g.ref(a), b: g.ref(b), duration });
  },
  become_copy(g, e, ctx) {
    const src = ctx.sourceName;
    const of = refThings(g, ctx, e.of).find((t): t is { obj: ObjId } => 'obj' in t);
    const ids = objects(g, ctx, e.affected).filter((id) => g.obj(id).zone === 'battlefield');
    if (!of || ids.length === 0) {
      g.emit({ type: 'nothing_happens', rule: '608.2b', by: g.ref(ctx.source, src), why: { kind: 'nothing_to_copy' } });
      return;
    }
    for (const id of ids) {
      const values = captureCopy(g, of.obj, e.except, g.obj(id), ctx.abilityKey);
      const before = g.name(id);
      addEffect(g.state, {
        kind: 'layer', timestamp: g.newTimestamp(), source: ctx.source, sourceName: ctx.sourceName, controller: ctx.controller,
        affected: [id], mods: [{ layer: '1', kind: 'copy', values }], duration: durationOf(e.until), rule: '707.4',
      });
      g.changed();
      g.emit({ type: 'copy_effect', rule: '707.4', obj: g.ref(id, before), of: values.from, duration: durationOf(e.until), by: g.ref(ctx.source, src) });
      for (const n of exceptionNotes(e.except)) g.emit({ type: 'copy_exception', rule: n.rule, obj: g.ref(id), exception: n.exception });
    }
  },
  must_block(g, e, ctx) {
    const src = ctx.sourceName;
    const attacker = objects(g, ctx, e.attacker).find((id) => g.obj(id).zone === 'battlefield');
    if (!attacker) return;
    // "all creatures able to block it": a change of the rules, for the creatures there as blockers are declared (611.2c)
    if (typeof e.affected !== 'string') {
      addEffect(g.state, { kind: 'block_requirement', blockers: e.affected.all, attacker, source: ctx.source, sourceName: src, controller: ctx.controller, duration: { kind: 'end_of_turn' } });
      g.emit({ type: 'must_block', rule: '509.1c', attacker: g.ref(attacker), by: g.ref(ctx.source, src) });
      return;
    }
    for (const blocker of objects(g, ctx, e.affected).filter((id) => g.obj(id).zone === 'battlefield')) {
      addEffect(g.state, { kind: 'block_requirement', blocker, attacker, source: ctx.source, sourceName: src, controller: ctx.controller, duration: { kind: 'end_of_turn' } });
      g.emit({ type: 'must_block', rule: '509.1c', blocker: g.ref(blocker), attacker: g.ref(attacker), by: g.ref(ctx.source, src) });
    }
  },
  skip_next_untap(g, e, ctx) {
    // "during that player's next untap step": the step of that player, fixed as it resolves
    const player = e.whose ? players(g, ctx, e.whose)[0] : undefined;
    if (e.whose && !player) return;
    const objs = affectedPermanents(g, ctx, e.affected);
    for (const obj of objs) {
      addEffect(g.state, { kind: 'skip_untap', obj, ...(player ? { player } : {}), source: ctx.source, sourceName: ctx.sourceName, controller: ctx.controller, duration: { kind: 'permanent' } });
    }
    if (objs.length) g.emit({ type: 'wont_untap', rule: '611.2a', objs: objs.map((id) => g.ref(id)), by: g.ref(ctx.source, ctx.sourceName), ...(player ? { player } : {}) });
  },
  skip_untaps(g, e, ctx) {
    const duration = durationOf(e.until);
    // 611.2b: a "for as long as" that has already ended as it resolves does nothing
    if (!durationHolds(g, duration, ctx.source, ctx.controller)) return;
    const objs = affectedPermanents(g, ctx, e.affected);
    for (const obj of objs) {
      addEffect(g.state, { kind: 'skip_untap', obj, held: true, source: ctx.source, sourceName: ctx.sourceName, controller: ctx.controller, duration });
    }
    if (objs.length) g.emit({ type: 'wont_untap', rule: '611.2a', objs: objs.map((id) => g.ref(id)), by: g.ref(ctx.source, ctx.sourceName), held: duration });
  },
  block_additional(g, e, ctx) {
    const objs = affectedPermanents(g, ctx, e.affected);
    if (objs.length) addEffect(g.state, { kind: 'block_additional', n: e.n, objs, source: ctx.source, sourceName: ctx.sourceName, controller: ctx.controller, duration: durationOf(e.until) });
  },
  attack_despite_defender(g, e, ctx) {
    const objs = affectedPermanents(g, ctx, e.affected);
    if (objs.length) addEffect(g.state, { kind: 'attack_despite_defender', objs, source: ctx.source, sourceName: ctx.sourceName, controller: ctx.controller, duration: durationOf(e.until) });
  },
  cant(g, e, ctx) {
    const objs = affectedPermanents(g, ctx, e.affected);
    if (!objs.length) return;
    addEffect(g.state, { kind: 'combat_restriction', what: e.restriction, objs, source: ctx.source, sourceName: ctx.sourceName, controller: ctx.controller, duration: durationOf(e.until) });
    g.emit({ type: 'combat_restriction', rule: e.restriction === 'attack' ? '508.1c' : e.restriction === 'be_regenerated' ? '701.15c' : e.restriction === 'assign_combat_damage' ? '510.1a' : '509.1b', objs: objs.map((id) => g.ref(id)), what: e.restriction, by: g.ref(ctx.source, ctx.sourceName) });
  },
  create_static(g, e, ctx) {
    const src = ctx.sourceName;
    // 611.2: a resolving spell's effect that changes the rules of the game, for its duration; with
    // `for`, the player its "you" is ("Target player can't cast spells this turn"), fixed as it resolves
    const forWhom = e.for === undefined ? [ctx.controller] : refThings(g, ctx, e.for).flatMap((t) => ('player' in t ? [t.player] : []));
    for (const player of forWhom) {
      addEffect(g.state, { kind: 'rules', source: ctx.source, sourceName: src, controller: player, defs: e.defs, duration: durationOf(e.until) });
      g.emit({ type: 'rules_effect', rule: '611.2a', by: g.ref(ctx.source, src), player, kinds: e.defs.map((d) => d.kind) });
    }
    g.changed();
  },
  create_replacement(g, e, ctx) {
    const src = ctx.sourceName;
    // 614.3: a replacement effect from a resolving spell lasts for its duration
    addEffect(g.state, { kind: 'replacement', source: ctx.source, sourceName: src, controller: ctx.controller, def: e.def, duration: { kind: e.until === 'end_of_turn' ? 'end_of_turn' : 'permanent' }, ...(e.once ? { once: true } : {}) });
    g.emit({ type: 'replacement_created', rule: '614.3', by: g.ref(ctx.source, src), untilEndOfTurn: e.until === 'end_of_turn' });
  },
};

/** After an instruction on a group ("creatures you control get +1/+1 and gain trample"), `it` names
 * the objects it affected, so the rest of the sentence acts on that same set, fixed as it resolves (611.2c). */
function groupIt(outer: ResolveCtx, affected: Affected, ids: ObjId[]): ObjId[] {
  if (typeof affected === 'object') outer.it = ids.map((obj) => ({ obj }));
  return ids;
}

export function durationOf(until: string): EffectDuration {
  switch (until) {
    case 'source_tapped': return { kind: 'while_source_tapped' };
    case 'source_on_battlefield': return { kind: 'while_source_on_battlefield' };
    case 'source_controlled': return { kind: 'while_source_controlled' };
    case 'source_controlled_and_tapped': return { kind: 'while_source_controlled_and_tapped' };
    case 'permanent': return { kind: 'permanent' };
    default: return { kind: 'end_of_turn' };
  }
}

/** 611.2a/c: a continuous effect from a resolving spell or ability, affecting a set fixed now. */
export function addContinuousEffect(g: Game, ctx: { source: ObjId; sourceName: string; controller: PlayerId }, affected: ObjId[], mods: LayerMod[], until: string, what: string): void {
  if (affected.length === 0) return;
  const duration = durationOf(until);
  addEffect(g.state, {
    kind: 'layer', timestamp: g.newTimestamp(), source: ctx.source, sourceName: ctx.sourceName, controller: ctx.controller,
    affected, mods, duration, rule: '611.2a',
  });
  g.emit({ type: 'continuous_effect', rule: '611.2c', by: g.ref(ctx.source, ctx.sourceName), affected: affected.map((id) => g.ref(id)), what, duration });
}
