// Instructions that act on the stack: countering (701.6), casting while another spell resolves (608.2g),
// and copying spells (707.10).

import { counterObject } from '../events/keywordActions.js';
import { attempt } from '../state/rollback.js';
import { castSpell } from '../stack/casting.js';
import { copyForEachOtherTarget, copySpell } from '../stack/copy.js';
import { moveObject, randomOrder } from '../events/zones.js';
import { objectValue } from '../characteristics/amounts.js';
import { objectManaValue } from '../characteristics/filters.js';
import { IllegalAction, type Game } from '../state/game.js';
import type { ObjId, PlayerId } from '../state/state.js';
import { objects, amount, refThings, type Handlers } from './context.js';

export const STACK_HANDLERS: Handlers<'counter' | 'cast' | 'copy_spell' | 'cascade' | 'madness'> = {
  counter(g, e, ctx) {
    const src = ctx.sourceName;
    for (const id of objects(g, ctx, e.affected)) {
      if (e.to && e.to !== 'graveyard') g.emit({ type: 'self_replacement', rule: '616.1a', by: g.ref(ctx.source, src), to: e.to });
      counterObject(g, id, src, e.to === 'library_top' ? 'library' : e.to === 'hand' ? 'hand' : e.to === 'exile' ? 'exile' : 'graveyard');
    }
  },
  cast(g, e, ctx, outer) {
    const src = ctx.sourceName;
    // 608.2g: a spell cast while another resolves goes on the stack; an illegal cast is undone (730)
    const [id] = objects(g, ctx, e.affected);
    const o = g.tryObj(id);
    const player = ctx.controller;
    if (!o || o.zone === 'stack' || o.zone === 'battlefield') {
      g.emit({ type: 'nothing_happens', rule: '608.2c', by: g.ref(ctx.source, src), why: { kind: 'no_card_to_cast' } });
      return;
    }
    if (e.optional) {
      const a = g.ask({ kind: 'yes', player, rule: '608.2d', prompt: `cast ${g.name(o.id)}${e.without_paying ? ' without paying its mana cost' : ''}?` });
      if (!a.value) {
        g.emit({ type: 'cast_declined', rule: '608.2d', player, obj: g.ref(o.id) });
        return;
      }
      g.emit({ type: 'cast_while_resolving', rule: '608.2g', player, obj: g.ref(o.id), by: g.ref(ctx.source, src), free: !!e.without_paying });
    }
    const r = attempt(g, `${player}'s cast of ${g.name(o.id)}`, () => castSpell(g, { player, card: o.id, byEffect: { ...(e.without_paying ? { withoutPaying: true } : {}) } }));
    outer.didLast = r.ok;
  },
  madness(g, e, ctx) {
    const [thing] = refThings(g, ctx, e.affected);
    const card = thing && 'obj' in thing && g.tryObj(thing.obj)?.zone === 'exile' ? thing.obj : undefined;
    if (card === undefined) {
      g.emit({ type: 'nothing_happens', rule: '702.35a', by: g.ref(ctx.source, ctx.sourceName), why: { kind: 'no_card_to_cast' } });
      return;
    }
    const owner = g.obj(card).owner;
    const a = g.ask({ kind: 'yes', player: owner, rule: '702.35a', prompt: `cast ${g.name(card)} for its madness cost?` });
    let cast = false;
    if (a.value) {
      g.emit({ type: 'cast_while_resolving', rule: '608.2g', player: owner, obj: g.ref(card), by: g.ref(ctx.source, ctx.sourceName), free: false });
      cast = attempt(g, `${owner}'s cast of ${g.name(card)}`, () => castSpell(g, { player: owner, card, byEffect: { altCost: 'Madness' } })).ok;
    } else g.emit({ type: 'cast_declined', rule: '702.35a', player: owner, obj: g.ref(card) });
    // 702.35a: a card not cast this way goes to its owner's graveyard
    if (!cast && g.tryObj(card)?.zone === 'exile') moveObject(g, card, 'graveyard', { rule: '702.35a' });
  },
  cascade(g, e, ctx) {
    const [thing] = refThings(g, ctx, e.affected);
    if (!thing || !('obj' in thing)) return;
    // "this spell's mana value": as it last existed if it has left the stack (608.2h)
    const mv = objectValue(g, thing.obj, 'mana_value');
    const by = g.ref(ctx.source, ctx.sourceName);
    const exiled = exileUntilCascadeHit(g, ctx.controller, mv, by);
    const hit = exiled.at(-1);
    if (hit !== undefined && !g.chars(hit).types.includes('land') && objectManaValue(g, hit) < mv) castCascadeHit(g, ctx.controller, hit, mv, by);
    // 702.85a: the exiled cards not cast go to the bottom of the library in a random order
    const rest = exiled.filter((id) => g.tryObj(id)?.zone === 'exile');
    for (const id of randomOrder(g, rest)) moveObject(g, id, 'library', { rule: '702.85a', position: 'bottom', how: { kind: 'put_on_library', by, position: 'bottom' } });
  },
  copy_spell(g, e, ctx) {
    const src = ctx.sourceName;
    // the objects named, including a spell that has left the stack since
    for (const id of refThings(g, ctx, e.affected).flatMap((t) => ('obj' in t ? [t.obj] : []))) {
      const o = g.tryObj(id);
      // a spell that left the stack is copied as it last existed there (608.2h: a countered storm spell is still copied)
      const gone = !o && g.state.lki[id]?.object.zone === 'stack' && g.state.lki[id]?.object.spell;
      if (!gone && (!o?.spell || o.zone !== 'stack')) {
        g.emit({ type: 'nothing_happens', rule: '707.10', by: g.ref(ctx.source, src), why: { kind: 'spell_gone' } });
        continue;
      }
      if (gone) g.emit({ type: 'last_known_used', rule: '608.2h', name: g.state.lki[id]!.name, what: 'spell', value: 0 });
      if (e.new_targets === 'each_other' && o) {
        copyForEachOtherTarget(g, o.id, ctx.controller, src);
        continue;
      }
      const times = e.times !== undefined ? amount(g, ctx, e.times) : 1;
      for (let i = 0; i < times; i++) copySpell(g, id, ctx.controller, src, e.new_targets === true, e.colors);
    }
  },
};

/** 702.85a: exiles cards from the top of the library until a nonland card with lesser mana value; the cards exiled, that one last. */
function exileUntilCascadeHit(g: Game, player: PlayerId, mv: number, by: ReturnType<Game['ref']>): ObjId[] {
  const out: ObjId[] = [];
  for (;;) {
    const top = g.player(player).library[0];
    if (top === undefined) {
      g.emit({ type: 'library_empty', rule: '702.85a', player, for: 'exile' });
      return out;
    }
    const id = moveObject(g, top, 'exile', { rule: '702.85a', how: { kind: 'exiled_from_library', player, by } });
    if (id === null) continue;
    out.push(id);
    if (!g.chars(id).types.includes('land') && objectManaValue(g, id) < mv) return out;
  }
}

/** 702.85a: the player may cast the card without paying its mana cost if the resulting spell's mana value is less. */
function castCascadeHit(g: Game, player: PlayerId, card: ObjId, mv: number, by: ReturnType<Game['ref']>): void {
  const a = g.ask({ kind: 'yes', player, rule: '702.85a', prompt: `cast ${g.name(card)} without paying its mana cost?` });
  if (!a.value) {
    g.emit({ type: 'cast_declined', rule: '702.85a', player, obj: g.ref(card) });
    return;
  }
  g.emit({ type: 'cast_while_resolving', rule: '608.2g', player, obj: g.ref(card), by, free: true });
  attempt(g, `${player}'s cast of ${g.name(card)}`, () => {
    const id = castSpell(g, { player, card, byEffect: { withoutPaying: true } });
    const now = objectManaValue(g, id);
    if (now >= mv) throw new IllegalAction('702.85a', `the resulting spell ${g.name(id)} has mana value ${now}, not less than ${mv}`);
    return id;
  });
}
