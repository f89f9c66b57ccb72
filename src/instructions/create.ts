// Creating tokens (111.4), including tokens that are copies of an object (707.2); effects that change how
// many tokens are created apply first (614.16).

import type { Thing } from '../characteristics/filters.js';
import type { ObjId, PlayerId } from '../state/state.js';
import { captureCopy, captureDoubleFaced, exceptionNotes } from '../characteristics/copyEffects.js';
import { createEnteringPermanent, createObject } from '../events/zones.js';
import { replaceEvent } from '../events/replacement.js';
import { ATTACKING_STEPS, type Effect } from '../cards/types.js';
import type { Game } from '../state/game.js';
import { refThings, amount, players, nothingNamedRule, type Handlers, type ResolveCtx } from './context.js';
import { thingOption } from '../stack/targets.js';

export const CREATE_HANDLERS: Handlers<'create_token' | 'emblem'> = {
  create_token(g, e, ctx, outer) {
    const src = ctx.sourceName;
    // 707.2, 111.10: a token that's a copy of an object has that object's copiable values
    const original = e.token.copy_of !== undefined ? refThings(g, ctx, e.token.copy_of).find((t): t is { obj: ObjId } => 'obj' in t) : undefined;
    if (e.token.copy_of !== undefined && !original) {
      g.emit({ type: 'nothing_happens', rule: nothingNamedRule(ctx, e.token.copy_of), by: g.ref(ctx.source, src), why: { kind: 'no_token_copy' } });
      return;
    }
    // 111.2: each player who creates tokens owns them, and they enter under that player's control; a
    // reference to permanents names their controllers, once for each ("for each creature destroyed
    // this way, its controller creates ..."), in APNAP order (608.2f)
    const creators = e.who === undefined ? [ctx.controller] : players(g, ctx, e.who);
    const made: Thing[] = [];
    // several players' tokens are created at once too (603.6a)
    const run = () => {
      for (const p of g.apnap().filter((q) => creators.includes(q))) {
        const times = creators.filter((q) => q === p).length;
        made.push(...createTokens(g, e, ctx, original, times, p));
      }
    };
    if (new Set(creators).size > 1) g.together(run);
    else run();
    outer.it = made;
  },
  // 114.2: the emblem is owned and controlled by that player; its abilities work in the command zone (114.4)
  emblem(g, e, ctx) {
    for (const p of players(g, ctx, e.who)) {
      const o = createObject(g, { emblem: { abilities: e.abilities.map((a) => a.key) }, owner: p, zone: 'command' }, 'bottom');
      g.emit({ type: 'emblem_created', rule: '114.2', by: g.ref(ctx.source, ctx.sourceName), obj: g.ref(o.id), player: p }, [o.id]);
    }
  },
};

/** The tokens one player creates (the amount `times` over): effects that change how many apply first (614.16), then each enters (614.12). */
function createTokens(g: Game, e: Extract<Effect, { verb: 'create_token' }>, ctx: ResolveCtx, original: { obj: ObjId } | undefined, times: number, creator: PlayerId): Thing[] {
  const ev = replaceEvent(g, { kind: 'tokens', controller: creator, n: amount(g, ctx, e.amount) * times });
  const n = ev && ev.kind === 'tokens' ? ev.n : 0;
  const made: Thing[] = [];
  // the tokens of one instruction are created at once: their abilities see each other enter (603.6a)
  g.together(() => {
    for (let i = 0; i < n; i++) {
      const made1 = createOne(g, e, ctx, original, creator);
      if (made1) made.push(made1);
    }
  });
  return made;
}

/** One token of a create instruction, a copy of `original` if it copies one. */
function createOne(g: Game, e: Extract<Effect, { verb: 'create_token' }>, ctx: ResolveCtx, original: { obj: ObjId } | undefined, creator: PlayerId): Thing | null {
  const src = ctx.sourceName;
  // 707.8a: a copy of a transforming double-faced permanent or card is a double-faced token
  const dfc = original ? captureDoubleFaced(g, original.obj, e.copy_except, ctx.abilityKey) : undefined;
  const copied = dfc ? dfc.copied : original ? captureCopy(g, original.obj, e.copy_except, undefined, ctx.abilityKey) : undefined;
  const o = createEnteringPermanent(g, { token: e.token, owner: creator, zone: 'battlefield', ...(e.tapped ? { tapped: true } : {}), ...(copied ? { copied } : {}), ...(dfc?.transformed ? { transformed: true } : {}) });
  if (!o) return null;
  g.emit({
    type: 'token_created', rule: copied ? '707.2' : creator !== ctx.controller ? '111.2' : '111.4', by: g.ref(ctx.source, src), obj: g.ref(o.id), controller: creator, copyOf: copied ? copied.from : null,
    name: e.token.name ?? null, power: e.token.power ?? null, toughness: e.token.toughness ?? null,
  }, [o.id]);
  if (copied) for (const note of exceptionNotes(e.copy_except)) g.emit({ type: 'copy_exception', rule: note.rule, obj: g.ref(o.id), exception: note.exception });
  if (e.attacking) enterAttacking(g, o.id, creator, src);
  return { obj: o.id };
}

/**
 * 508.4: a token put onto the battlefield attacking attacks the player or planeswalker its controller
 * chooses; it is an attacking creature that was never declared as one, so "whenever ... attacks"
 * doesn't trigger for it (508.3a). Only the attacking player's creature, during combat, attacks.
 */
function enterAttacking(g: Game, id: ObjId, creator: PlayerId, src: string): void {
  const o = g.tryObj(id);
  if (!o || o.zone !== 'battlefield' || creator !== g.state.turn.active || !ATTACKING_STEPS.includes(g.state.turn.step)) return;
  if (!g.chars(id).types.includes('creature')) return;
  const players = g.opponents(creator);
  const walkers = g.state.battlefield.filter((w) => g.controller(w) !== creator && g.chars(w).types.includes('planeswalker'));
  const options = [...players.map((p) => ({ id: p, label: p, player: p })), ...walkers.map((w) => thingOption(g, { obj: w }))];
  if (options.length === 0) return;
  const at = options.length === 1 ? options[0]!.id : g.ask({ kind: 'choose', player: creator, rule: '508.4', prompt: `choose what ${g.name(id)} attacks (${src})`, options, min: 1, max: 1 }).options[0]!;
  const player = players.includes(at);
  o.attacking = at;
  g.emit({ type: 'put_attacking', rule: '508.4', obj: g.ref(id), target: player ? { player: at } : { obj: g.ref(at) } });
}
