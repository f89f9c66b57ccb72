// Instructions about libraries and hands: drawing (121), discarding (701.8), milling (701.13), revealing
// (701.16), searching (701.19), shuffling (701.20), scrying (701.18), exiling from the top, looking at a
// hand, and permission to play exiled cards (601.3).

import { addEffect } from '../state/effects.js';
import { matchesFilter, type FilterContext, type Thing } from '../characteristics/filters.js';
import type { Game } from '../state/game.js';
import { drawCard } from '../events/keywordActions.js';
import type { Option } from '../state/questions.js';
import type { ObjId, PlayerId } from '../state/state.js';
import { thingOption } from '../stack/targets.js';
import { moveAtOnce, moveObject, randomOrder, shuffleLibrary } from '../events/zones.js';
import { players, objects, filterCtx, amount, sortApnap, type Handlers, type ResolveCtx } from './context.js';
import type { DigRest, Effect } from '../cards/types.js';
import type { Filter } from '../cards/filter.js';
import type { PlayDuration } from '../cards/types.js';
import type { Duration } from '../state/durations.js';

/** Whether a search's description states a quality (a type, a color, a name...) rather than only a
 * number of cards (701.19b, 701.19d). */
function statesQuality(f: Filter): boolean {
  return f.terms.some((t) => Object.keys(t).some((k) => !['kind', 'zone', 'zoneOwner'].includes(k)));
}

export const LIBRARY_HANDLERS: Handlers<'draw' | 'discard' | 'exile_from_hand' | 'mill' | 'reveal_top' | 'exile_top' | 'search' | 'dig' | 'shuffle' | 'scry' | 'look_at_hand' | 'reveal_hand' | 'search_zones' | 'look_at_top' | 'hand_to_library' | 'may_play' | 'reveal_from_hand'> = {
  draw(g, e, ctx) {
    for (const p of players(g, ctx, e.who)) {
      const n = amount(g, ctx, e.amount, p);
      for (let i = 0; i < n; i++) drawCard(g, p, '121.1');
    }
  },
  discard(g, e, ctx, outer) {
    const src = ctx.sourceName;
    const discarded: Thing[] = [];
    for (const p of players(g, ctx, e.who)) {
      const n = e.amount === 'hand' ? 'hand' : amount(g, ctx, e.amount, p);
      const ids = e.chosenBy ? discardChosen(g, ctx, p, n === 'hand' ? Infinity : n, e.card, !!e.look) : e.random && n !== 'hand' ? discardRandom(g, p, n, ctx.controller) : discardCards(g, p, n, src, ctx.controller, e.card && { card: e.card, ctx: filterCtx(ctx) });
      discarded.push(...ids.map((obj) => ({ obj })));
    }
    outer.it = discarded;
    outer.didLast = discarded.length > 0;
  },
  // "Target opponent reveals their hand. You choose a nonland card from it and exile that card."
  exile_from_hand(g, e, ctx, outer) {
    const exiled: Thing[] = [];
    // 610.3b: "until [source] leaves the battlefield" once it has already left: the hand is still
    // revealed and the card chosen, but nothing is exiled
    const gone = e.until === 'source_leaves' && g.tryObj(ctx.source)?.zone !== 'battlefield';
    for (const p of players(g, ctx, e.who)) {
      const n = amount(g, ctx, e.amount, p);
      const ids = e.chosenBy ? chooseFromRevealedHand(g, ctx, p, n, e.card, 'exile') : chooseFromOwnHand(g, ctx, p, n, e.card, 'exile');
      if (gone && ids.length) g.emit({ type: 'nothing_happens', rule: '610.3b', by: g.ref(ctx.source, ctx.sourceName), why: { kind: 'already_left' } });
      if (gone) continue;
      for (const id of ids) {
        const moved = moveObject(g, id, 'exile', { rule: '701.11a', how: { kind: 'exiled', by: g.ref(ctx.source, ctx.sourceName), untilLeaves: !!e.until } });
        if (moved !== null && g.tryObj(moved)?.zone === 'exile') exiled.push({ obj: moved });
      }
    }
    const cards = exiled.map((t) => (t as { obj: ObjId }).obj);
    if (e.until && cards.length) addEffect(g.state, { kind: 'exile_link', source: ctx.source, sourceName: ctx.sourceName, controller: ctx.controller, cards, abilityKey: ctx.abilityKey, duration: { kind: 'until_source_leaves' }, returnTo: 'hand' });
    outer.it = exiled;
    outer.didLast = exiled.length > 0;
  },
  mill(g, e, ctx, outer) {
    const milled: Thing[] = [];
    for (const p of players(g, ctx, e.who)) {
      const n = amount(g, ctx, e.amount, p);
      const cards = g.player(p).library.slice(0, n);
      if (cards.length < n) g.emit({ type: 'too_few', rule: '609.3', player: p, what: 'mill', have: cards.length, filter: null });
      for (const id of cards) {
        const moved = moveObject(g, id, 'graveyard', { rule: '701.13a', how: { kind: 'milled' } });
        if (moved !== null) milled.push({ obj: moved });
      }
    }
    // "If that card has the chosen name": `it` names the cards milled, in the graveyard (400.7j)
    outer.it = milled;
  },
  reveal_top(g, e, ctx, outer) {
    const src = ctx.sourceName;
    const revealed: Thing[] = [];
    for (const p of players(g, ctx, e.who)) {
      const top = g.player(p).library[0];
      if (!top) {
        g.emit({ type: 'library_empty', rule: '701.16a', player: p, for: 'reveal' });
        continue;
      }
      revealed.push({ obj: top });
      g.emit({ type: 'revealed', rule: '701.16a', player: p, obj: g.ref(top), by: g.ref(ctx.source, src) });
    }
    outer.it = revealed;
  },
  exile_top(g, e, ctx, outer) {
    const src = ctx.sourceName;
    const exiled: Thing[] = [];
    for (const p of players(g, ctx, e.who)) {
      const n = e.amount === undefined ? 1 : amount(g, ctx, e.amount, p);
      const top = g.player(p).library.slice(0, n);
      if (top.length === 0) {
        if (n > 0) g.emit({ type: 'library_empty', rule: '608.2c', player: p, for: 'exile' });
        continue;
      }
      for (const id of top) {
        const moved = moveObject(g, id, 'exile', { rule: '701.11a', how: { kind: 'exiled_from_library', player: p, by: g.ref(ctx.source, src) } });
        if (moved && g.tryObj(moved)?.zone === 'exile') exiled.push({ obj: moved });
      }
    }
    if (e.linked && exiled.length) {
      const cards = exiled.map((t) => (t as { obj: ObjId }).obj);
      addEffect(g.state, { kind: 'exile_link', source: ctx.source, sourceName: src, controller: ctx.controller, cards, abilityKey: ctx.abilityKey, duration: { kind: 'permanent' } });
    }
    outer.it = exiled;
    outer.didLast = exiled.length > 0;
  },
  search(g, e, ctx, outer) {
    const by = g.ref(ctx.source, ctx.sourceName);
    // 701.19i: players who search together choose in APNAP order; what they find moves at once
    const searches: Array<{ player: PlayerId; library: PlayerId; ids: ObjId[]; searchedLibrary: boolean }> = [];
    for (const p of sortApnap(g, players(g, ctx, e.who))) {
      const lib = e.library ? players(g, ctx, e.library)[0] : p;
      if (lib === undefined) continue;
      if (e.optional) {
        const a = g.ask({ kind: 'yes', player: p, rule: '608.2d', prompt: `search ${lib === p ? 'your' : `${lib}'s`} library for ${searchWhat(e)} (${ctx.sourceName})?` });
        if (!a.value) continue;
      }
      searches.push(searchOne(g, e, ctx, p, lib));
    }
    const found: Thing[] = [];
    for (const s of searches) {
      if (s.ids.length === 0) g.emit({ type: 'search_failed', rule: '701.19b', player: s.player, filter: e.filter.text });
      // 701.19e: found cards are shown only when the instruction says so
      if (e.reveal) for (const id of s.ids) g.emit({ type: 'revealed', rule: '701.16a', player: s.player, obj: g.ref(id), by, from: 'search' });
    }
    if (e.to === 'library_top') {
      for (const s of searches) if (s.ids.length) found.push(...putOnTopAfterShuffle(g, s.library, s.ids));
    } else {
      g.together(() => { for (const s of searches) found.push(...putFound(g, e, ctx, s.player, s.ids)); });
      if (e.shuffle) for (const s of searches) if (s.searchedLibrary) shuffleLibrary(g, s.library);
    }
    outer.it = found;
    outer.didLast = found.length > 0;
  },
  dig(g, e, ctx, outer) {
    // whose library: the controller's, or one other player's ("the top card of target player's library")
    const owner = e.library === undefined ? ctx.controller : players(g, ctx, e.library)[0];
    if (owner === undefined) return;
    const top = e.until ? revealedUntil(g, ctx, e.card!, amount(g, ctx, e.amount), owner) : g.player(owner).library.slice(0, amount(g, ctx, e.amount));
    if (top.length === 0) return;
    const options = top.filter((id) => !e.card || matchesFilter(g, e.card, { obj: id }, filterCtx(ctx)));
    const by = g.ref(ctx.source, ctx.sourceName);
    // "reveal the top N cards": all of them are shown (701.16a)
    if (e.reveal === 'all') for (const id of top) g.emit({ type: 'revealed', rule: '701.16a', player: owner, obj: g.ref(id), by });
    const picks = e.take === 'all' ? options : digChoice(g, ctx, e, top.length, options, owner);
    const taken: Thing[] = [];
    for (const id of picks) if (e.reveal === true) g.emit({ type: 'revealed', rule: '701.16a', player: ctx.controller, obj: g.ref(id), by });
    if (e.to === 'bottom') {
      // "put that card on the bottom of that player's library" (its owner's, 400.3)
      for (const id of picks) moveObject(g, id, 'library', { rule: '608.2c', position: 'bottom', how: { kind: 'put_on_library', by, position: 'bottom' } });
    } else g.together(() => { for (const id of picks) {
      const how = e.to === 'graveyard' ? { kind: 'to_graveyard' as const } : { kind: 'found' as const, player: ctx.controller, by };
      const n = moveObject(g, id, e.to as 'hand' | 'battlefield' | 'graveyard', { rule: '608.2c', ...(e.to === 'battlefield' ? { controller: ctx.controller } : {}), ...(e.tapped ? { tapped: true } : {}), how });
      if (n) taken.push({ obj: n });
    } });
    putRest(g, ctx, top.filter((id) => !picks.includes(id)), e.rest, owner, !!e.until);
    outer.it = taken;
    outer.didLast = taken.length > 0;
  },
  shuffle(g, e, ctx) {
    for (const p of players(g, ctx, e.who)) shuffleLibrary(g, p);
  },
  scry(g, e, ctx) {
    const n = amount(g, ctx, e.amount);
    const p = g.player(ctx.controller);
    const top = p.library.slice(0, n);
    if (top.length === 0) return;
    const a = g.ask({ kind: 'choose', player: ctx.controller, rule: '701.18a', prompt: `Scry ${n}: choose the cards to put on the bottom of your library`, options: top.map((id) => thingOption(g, { obj: id })), min: 0, max: top.length });
    const bottom = a.options;
    p.library = [...p.library.filter((id) => !bottom.includes(id)), ...bottom];
    g.emit({ type: 'scry', rule: '701.18a', player: ctx.controller, n, bottom: bottom.length, top: top.length - bottom.length });
  },
  look_at_hand(g, e, ctx) {
    for (const p of players(g, ctx, e.who)) {
      g.emit({ type: 'hand_seen', rule: '608.2c', player: ctx.controller, of: p, cards: g.player(p).hand.map((id) => g.ref(id)) });
    }
  },
  // "Search target player's graveyard, hand, and library for all cards with that name and exile them"
  search_zones(g, e, ctx, outer) {
    const found: ObjId[] = [];
    for (const p of players(g, ctx, e.who)) for (const zone of e.zones) found.push(...searchZone(g, ctx, p, zone, e.card, e.find));
    const by = g.ref(ctx.source, ctx.sourceName);
    const moved = moveAtOnce(g, found.map((id) => ({ id, to: 'exile' as const, opts: { rule: '701.11a' as const, how: { kind: 'exiled' as const, by, untilLeaves: false } } })));
    outer.it = moved.filter((id): id is ObjId => id !== null && g.tryObj(id)?.zone === 'exile').map((obj) => ({ obj }));
    outer.didLast = outer.it.length > 0;
  },
  // "Target player reveals their hand" (701.16a), or "look at target player's hand": only the controller
  // sees it (608.2c); `it` then names the cards of that hand
  reveal_hand(g, e, ctx, outer) {
    const seen: Thing[] = [];
    for (const p of players(g, ctx, e.who)) {
      const hand = g.player(p).hand;
      if (e.look) g.emit({ type: 'hand_seen', rule: '608.2c', player: ctx.controller, of: p, cards: hand.map((id) => g.ref(id)) });
      else for (const id of hand) g.emit({ type: 'revealed', rule: '701.16a', player: p, obj: g.ref(id), by: g.ref(ctx.source, ctx.sourceName), from: 'hand' });
      seen.push(...hand.map((obj) => ({ obj })));
    }
    outer.it = seen;
  },
  // "Reveal any number of red cards in your hand": each player chooses which of theirs to show (701.16a)
  reveal_from_hand(g, e, ctx, outer) {
    const revealed: Thing[] = [];
    for (const p of players(g, ctx, e.who)) {
      const options = g.player(p).hand.filter((id) => matchesFilter(g, e.card, { obj: id }, { ...filterCtx(ctx), you: p }));
      if (options.length === 0) continue;
      const a = g.ask({ kind: 'choose', player: p, rule: '701.16a', prompt: `choose any number of cards (${e.card.text}) in your hand to reveal (${ctx.sourceName})`, options: options.map((id) => thingOption(g, { obj: id })), min: 0, max: options.length });
      for (const id of a.options) g.emit({ type: 'revealed', rule: '701.16a', player: p, obj: g.ref(id), by: g.ref(ctx.source, ctx.sourceName), from: 'hand' });
      revealed.push(...a.options.map((obj) => ({ obj })));
    }
    outer.it = revealed;
  },
  look_at_top(g, e, ctx, outer) {
    // looking changes nothing in the game; the cards seen are what "it" names next
    const seen: Thing[] = [];
    for (const p of players(g, ctx, e.who)) {
      const top = g.player(p).library.slice(0, e.amount === undefined ? 1 : amount(g, ctx, e.amount, p));
      if (top.length === 0) continue;
      seen.push(...top.map((obj) => ({ obj })));
      g.emit({ type: 'library_top_seen', rule: '608.2c', player: ctx.controller, of: p, cards: top.map((id) => g.ref(id)) });
    }
    outer.it = seen;
  },
  hand_to_library(g, e, ctx) {
    const p = ctx.controller;
    const hand = g.player(p).hand;
    const n = amount(g, ctx, e.amount);
    // with fewer cards in hand, as many as possible (609.3)
    const k = Math.min(n, hand.length);
    if (k === 0) return;
    // the player chooses the cards and their order (608.2d): the first listed ends on top
    const a = g.ask({ kind: 'choose', player: p, rule: '608.2d', prompt: `choose ${k} card(s) from your hand to put on top of your library, the first listed on top (${ctx.sourceName})`, options: hand.map((id) => thingOption(g, { obj: id })), min: k, max: k });
    const by = g.ref(ctx.source, ctx.sourceName);
    for (const id of [...a.options].reverse()) moveObject(g, id, 'library', { rule: '608.2c', position: 'top', how: { kind: 'put_on_library', by, position: 'top' } });
  },
  may_play(g, e, ctx) {
    const src = ctx.sourceName;
    const cards = objects(g, ctx, e.affected).filter((id) => g.tryObj(id)?.zone === 'exile');
    if (cards.length === 0) return;
    addEffect(g.state, {
      kind: 'play_permission', player: ctx.controller, cards, source: ctx.source, sourceName: src, controller: ctx.controller,
      ...(e.cast_only ? { castOnly: true } : {}), ...(e.without_paying ? { free: true } : {}), duration: playDuration(g, e.until, ctx.controller),
    });
    g.changed();
    g.emit({ type: 'may_play', rule: '601.3', player: ctx.controller, cards: cards.map((id) => g.ref(id)), by: g.ref(ctx.source, src), until: e.until, castOnly: !!e.cast_only, free: !!e.without_paying });
  },
};

/** How long a permission to play exiled cards lasts (611.2a-b); one "for as long as it remains exiled"
 * needs no end: a card leaving exile is a new object the permission doesn't name (400.7). */
function playDuration(g: Game, until: PlayDuration, player: PlayerId): Duration {
  if (until === 'end_of_turn') return { kind: 'end_of_turn' };
  if (until === 'permanent') return { kind: 'permanent' };
  return { kind: 'end_of_next_turn', player, afterTurn: g.state.turn.number };
}

/** 701.8: a player discards cards of their choice; with fewer, as many as possible (609.3). */
/** Discards cards (701.8a); returns the cards as they are in the graveyard. */
/** "Target opponent reveals their hand. You choose a [F] card from it. That player discards that card." */
function discardChosen(g: Game, ctx: ResolveCtx, player: PlayerId, n: number, card: Filter | undefined, look: boolean): ObjId[] {
  return chooseFromRevealedHand(g, ctx, player, n, card, 'discard', look)
    .map((id) => moveObject(g, id, 'graveyard', { rule: '701.8a', how: { kind: 'discarded', by: player, cause: ctx.controller } })).filter((x): x is ObjId => x !== null);
}

/** The player reveals their hand (701.16a), or, with `look`, the controller looks at it, and the
 * controller chooses N cards of it matching F (all of them with fewer, 609.3). */
function chooseFromRevealedHand(g: Game, ctx: ResolveCtx, player: PlayerId, n: number, card: Filter | undefined, purpose: string, look = false): ObjId[] {
  const hand = g.player(player).hand;
  if (look) g.emit({ type: 'hand_seen', rule: '608.2c', player: ctx.controller, of: player, cards: hand.map((id) => g.ref(id)) });
  else for (const id of hand) g.emit({ type: 'revealed', rule: '701.16a', player, obj: g.ref(id), by: g.ref(ctx.source, ctx.sourceName), from: 'hand' });
  const options = hand.filter((id) => !card || matchesFilter(g, card, { obj: id }, filterCtx(ctx)));
  const k = Math.min(n, options.length);
  if (k === 0) return [];
  return g.ask({ kind: 'choose', player: ctx.controller, rule: '608.2d', prompt: `choose ${k} card(s) from ${player}'s hand to ${purpose} (${ctx.sourceName})`, options: options.map((id) => thingOption(g, { obj: id })), min: k, max: k }).options;
}

/** "Target opponent exiles a card from their hand": the player chooses N of their cards matching F,
 * unrevealed (all there are, with fewer, 609.3). */
function chooseFromOwnHand(g: Game, ctx: ResolveCtx, player: PlayerId, n: number, card: Filter | undefined, purpose: string): ObjId[] {
  const options = g.player(player).hand.filter((id) => !card || matchesFilter(g, card, { obj: id }, filterCtx(ctx)));
  const k = Math.min(n, options.length);
  if (k === 0) return [];
  return g.ask({ kind: 'choose', player, rule: '608.2d', prompt: `choose ${k} ${card ? card.text : 'card'}(s) from your hand to ${purpose} (${ctx.sourceName})`, options: options.map((id) => thingOption(g, { obj: id })), min: k, max: k }).options;
}

/** "Discards N cards at random" (701.8b): no one chooses; the game's seeded generator picks them, as
 * many as the hand holds (609.3). */
function discardRandom(g: Game, player: PlayerId, n: number, cause: PlayerId): ObjId[] {
  const hand = g.player(player).hand;
  if (hand.length < n) g.emit({ type: 'too_few', rule: '609.3', player, what: 'discard', have: hand.length, filter: null });
  return randomOrder(g, hand).slice(0, n)
    .map((id) => moveObject(g, id, 'graveyard', { rule: '701.8b', how: { kind: 'discarded', by: player, cause } })).filter((x): x is ObjId => x !== null);
}

function discardCards(g: Game, player: PlayerId, n: number | 'hand', src: string, cause: PlayerId, only?: { card: Filter; ctx: FilterContext }): ObjId[] {
  const card = only?.card;
  // "discards a creature card": only cards of that kind can be chosen (701.8a)
  const hand = only && card ? g.player(player).hand.filter((id) => matchesFilter(g, card, { obj: id }, only.ctx)) : g.player(player).hand;
  const ids = n === 'hand' ? [...hand] : (() => {
    const k = Math.min(n, hand.length);
    if (k < n) g.emit({ type: 'too_few', rule: '609.3', player, what: 'discard', have: hand.length, filter: card?.text ?? null });
    if (k === 0) return [];
    const options: Option[] = hand.map((id) => thingOption(g, { obj: id }));
    const a = g.ask({ kind: 'choose', player, rule: '608.2d', prompt: `choose ${k} ${card ? card.text : 'card'}(s) to discard (${src})`, options, min: k, max: k });
    return a.options;
  })();
  return ids.map((id) => moveObject(g, id, 'graveyard', { rule: '701.8a', how: { kind: 'discarded', by: player, cause } })).filter((x): x is ObjId => x !== null);
}

type SearchEffect = Extract<Effect, { verb: 'search' }>;

function searchWhat(e: SearchEffect, f: Filter = e.filter): string {
  return e.amount === 1 && !e.upTo ? `a ${f.text}` : `${e.upTo ? 'up to ' : ''}${e.amount === 'any' ? 'any number of' : typeof e.amount === 'number' ? e.amount : 'X'} ${f.text}(s)`;
}

/** One player's search (701.19a): the cards of the library (and graveyard) matching the description, and
 * the ones they find. A stated quality may go unfound (701.19b); "N cards" must be found while there are
 * any (701.19d). */
function searchOne(g: Game, e: SearchEffect, ctx: ResolveCtx, p: PlayerId, lib: PlayerId): { player: PlayerId; library: PlayerId; ids: ObjId[]; searchedLibrary: boolean } {
  // "your library and/or graveyard": the library is searched only if its owner chooses to
  const searchedLibrary = !e.alsoGraveyard || g.ask({ kind: 'yes', player: p, rule: '701.19a', prompt: `search your library as well as your graveyard (${ctx.sourceName})?` }).value;
  const filter = searchFilter(g, e, ctx, p);
  const zone = [...(searchedLibrary ? g.player(lib).library : []), ...(e.alsoGraveyard ? g.player(lib).graveyard : [])];
  if (e.also) return { player: p, library: lib, ids: searchEach(g, ctx, p, lib, zone, [filter, ...e.also]), searchedLibrary };
  const options = zone.filter((id) => matchesFilter(g, filter, { obj: id }, { ...filterCtx(ctx), you: p }));
  const n = e.amount === 'any' ? options.length : amount(g, ctx, e.amount, p);
  const quality = statesQuality(e.filter) || e.manaValue !== undefined;
  const max = Math.min(n, options.length);
  const min = e.upTo || quality ? 0 : max;
  if (max === 0) return { player: p, library: lib, ids: [], searchedLibrary };
  const a = g.ask({ kind: 'choose', player: p, rule: min ? '701.19d' : '701.19b', prompt: `search ${lib === p ? 'your' : `${lib}'s`} library for ${searchWhat(e, filter)} (${ctx.sourceName})${min ? '' : '; you may find fewer'}`, options: options.map((id) => thingOption(g, { obj: id })), min, max, ...(e.to === 'library_top' ? { ordered: true } : {}) });
  return { player: p, library: lib, ids: a.options, searchedLibrary };
}

/** "Search your library for a Forest card and a Plains card": one search (701.19a) in which the player
 * looks for a different card for each description, and may fail to find any of them (701.19b). */
function searchEach(g: Game, ctx: ResolveCtx, p: PlayerId, lib: PlayerId, zone: ObjId[], filters: Filter[]): ObjId[] {
  const found: ObjId[] = [];
  for (const f of filters) {
    const options = zone.filter((id) => !found.includes(id) && matchesFilter(g, f, { obj: id }, { ...filterCtx(ctx), you: p }));
    if (options.length === 0) continue;
    const a = g.ask({ kind: 'choose', player: p, rule: '701.19b', prompt: `search ${lib === p ? 'your' : `${lib}'s`} library for a ${f.text} (${ctx.sourceName}); you may find none`, options: options.map((id) => thingOption(g, { obj: id })), min: 0, max: 1 });
    found.push(...a.options);
  }
  return found;
}

/** The search's description with its mana value, counted as it resolves ("mana value X or less"). */
function searchFilter(g: Game, e: SearchEffect, ctx: ResolveCtx, p: PlayerId): Filter {
  if (!e.manaValue) return e.filter;
  const n = amount(g, ctx, e.manaValue.of, p);
  const op = e.manaValue.op;
  return { text: `${e.filter.text} with mana value ${op === '=' ? n : `${n} or ${op === '<=' ? 'less' : 'greater'}`}`, terms: e.filter.terms.map((t) => ({ ...t, manaValue: { op, n } })) };
}

/** Puts the cards found where the instruction says; with `split`, the searcher chooses which of them go
 * to the first place named ("put one onto the battlefield tapped and the other into your hand"). */
function putFound(g: Game, e: SearchEffect, ctx: ResolveCtx, p: PlayerId, ids: ObjId[]): Thing[] {
  let first: ObjId[] = [];
  if (e.split && ids.length) {
    const total = typeof e.amount === 'number' ? e.amount : ids.length;
    const rest = Math.max(0, total - e.split.count);
    const min = Math.max(0, ids.length - rest);
    const max = Math.min(e.split.count, ids.length);
    first = g.ask({ kind: 'choose', player: p, rule: '608.2c', prompt: `choose the card(s) to put ${placeWords(e.split.to, e.split.tapped)}; the rest go ${placeWords(e.to, e.tapped)} (${ctx.sourceName})`, options: ids.map((id) => thingOption(g, { obj: id })), min, max }).options;
  }
  const out: Thing[] = [];
  const rest = { to: e.to === 'library_top' ? 'library' as const : e.to, tapped: e.tapped };
  for (const id of ids) {
    const place = first.includes(id) ? e.split! : rest;
    const n = moveObject(g, id, place.to, { rule: '701.19a', ...(place.to === 'battlefield' ? { controller: p } : {}), ...(place.tapped ? { tapped: true } : {}), how: { kind: 'found', player: p, by: g.ref(ctx.source, ctx.sourceName) } });
    if (n) out.push({ obj: n });
  }
  return out;
}

function placeWords(to: string, tapped?: boolean): string {
  return to === 'battlefield' ? `onto the battlefield${tapped ? ' tapped' : ''}` : `into ${to === 'exile' ? 'exile' : `the ${to}`}`;
}

/** "Shuffle your library and put that card on top of it" (701.19a, 701.20a): the cards found stay in
 * the library (no zone change, 400.7), the rest is shuffled, and they go on top, in the order found. */
function putOnTopAfterShuffle(g: Game, player: PlayerId, picks: ObjId[]): Thing[] {
  const lib = g.player(player).library;
  for (const id of picks) lib.splice(lib.indexOf(id), 1);
  shuffleLibrary(g, player);
  lib.unshift(...picks);
  for (const id of picks) g.emit({ type: 'put_on_top', rule: '701.20a', player, obj: g.ref(id) });
  return picks.map((obj) => ({ obj }));
}

/** The cards a player takes among those looked at (608.2d): K of them, or up to K. */
function digChoice(g: Game, ctx: ResolveCtx, e: { take: number | 'all'; optional?: boolean; card?: Filter; to: string }, n: number, options: ObjId[], owner: PlayerId): ObjId[] {
  const k = Math.min(e.take === 'all' ? options.length : e.take, options.length);
  if (k === 0) return [];
  const what = e.card ? e.card.text : 'card';
  const whose = owner === ctx.controller ? 'your' : `${owner}'s`;
  const where = e.to === 'hand' ? 'into your hand' : e.to === 'bottom' ? `on the bottom of ${whose} library` : e.to === 'graveyard' ? `into ${owner === ctx.controller ? 'your' : 'its owner\'s'} graveyard` : 'onto the battlefield';
  return g.ask({ kind: 'choose', player: ctx.controller, rule: '608.2d', prompt: `the top ${n} card(s) of ${whose} library: choose ${e.optional ? `up to ${k}` : k} ${what} to put ${where} (${ctx.sourceName})`, options: options.map((id) => thingOption(g, { obj: id })), min: e.optional ? 0 : k, max: k }).options;
}

/** "Reveal cards from the top of your library until you reveal N F cards" (701.16a): the cards from the
 * top down to the Nth one matching F, or the whole library if it holds fewer; they stay where they are. */
function revealedUntil(g: Game, ctx: ResolveCtx, card: Filter, n: number, owner: PlayerId): ObjId[] {
  const library = g.player(owner).library;
  let found = 0;
  let end = 0;
  while (found < n && end < library.length) {
    if (matchesFilter(g, card, { obj: library[end]! }, filterCtx(ctx))) found++;
    end++;
  }
  return library.slice(0, end);
}

/** The cards looked at and not taken: into the graveyard, back on top or on the bottom of the library
 * they came from, in an order the player who looked chooses, into exile, or shuffled into that library.
 * (`revealed`: cards revealed until one was found, which aren't milled, 701.13a.) */
function putRest(g: Game, ctx: ResolveCtx, rest: ObjId[], where: DigRest, owner: PlayerId, revealed = false): void {
  if (where === 'graveyard') {
    for (const id of rest) moveObject(g, id, 'graveyard', { rule: '608.2c', how: revealed ? { kind: 'to_graveyard' } : { kind: 'milled' } });
    return;
  }
  if (where === 'exile') {
    const by = g.ref(ctx.source, ctx.sourceName);
    for (const id of rest) moveObject(g, id, 'exile', { rule: '701.11a', how: { kind: 'exiled', by, untilLeaves: false } });
    return;
  }
  // the cards never left the library: shuffling it shuffles them in (701.20a)
  if (where === 'shuffle') {
    shuffleLibrary(g, owner);
    return;
  }
  // "Otherwise, put it into your hand": the cards not taken go to the controller's hand together
  if (where === 'hand') {
    const by = g.ref(ctx.source, ctx.sourceName);
    g.together(() => { for (const id of rest) moveObject(g, id, 'hand', { rule: '608.2c', how: { kind: 'found', player: ctx.controller, by } }); });
    return;
  }
  const whose = owner === ctx.controller ? 'your' : `${owner}'s`;
  if (where === 'top') {
    // they never leave the library: only their order changes
    const order = rest.length < 2 ? rest : g.ask({
      kind: 'choose', player: ctx.controller, rule: '608.2d', prompt: `order the cards to put back on top of ${whose} library, the first listed on top (${ctx.sourceName})`,
      options: rest.map((id) => thingOption(g, { obj: id })), min: rest.length, max: rest.length,
    }).options;
    const p = g.player(owner);
    p.library = [...order, ...p.library.filter((id) => !order.includes(id))];
    return;
  }
  const order = rest.length < 2 ? rest : where === 'bottom_random' ? randomOrder(g, rest) : g.ask({
    kind: 'choose', player: ctx.controller, rule: '608.2d', prompt: `order the other cards for the bottom of ${whose} library, the first listed going on the bottom first (${ctx.sourceName})`,
    options: rest.map((id) => thingOption(g, { obj: id })), min: rest.length, max: rest.length,
  }).options;
  for (const id of order) moveObject(g, id, 'library', { rule: '608.2c', position: 'bottom', how: { kind: 'put_on_library', by: g.ref(ctx.source, ctx.sourceName), position: 'bottom' } });
}

/** The cards of one zone of a player found by the controller's search (701.19a): in a public zone
 * "all" of them must be found; in a hidden zone, or for "any number of", the searcher finds those they
 * choose (701.19b). */
function searchZone(g: Game, ctx: ResolveCtx, player: PlayerId, zone: 'graveyard' | 'hand' | 'library', card: Filter, find: 'all' | 'any'): ObjId[] {
  const options = g.player(player)[zone].filter((id) => matchesFilter(g, card, { obj: id }, filterCtx(ctx)));
  if (options.length === 0) return [];
  if (find === 'all' && zone === 'graveyard') return options;
  const rule = zone === 'graveyard' ? '701.19a' : '701.19b';
  return g.ask({ kind: 'choose', player: ctx.controller, rule, prompt: `search ${player}'s ${zone}: choose the cards (${card.text}) to find (${ctx.sourceName})`, options: options.map((id) => thingOption(g, { obj: id })), min: 0, max: options.length }).options;
}
