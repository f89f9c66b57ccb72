// Creating tokens (111.4), including tokens that are copies of an object (707.2); effects that change how
// many tokens are created apply first (614.16).

import type { Thing } from '../characteristics/filters.js';
import type { ObjId, PlayerId } from '../state/state.js';
import { captureCopy, captureDoubleFaced, exceptionNotes } from '../characteristics/copyEffects.js';
import { createEnteringPermanent, createObject } from '../events/zones.js';
import { replaceEvent } from '../events/replacement.js';
import type { Effect } from '../cards/types.js';
import type { Game } from '../state/game.js';
import { refThings, amount, players, type Handlers, type ResolveCtx } from './context.js';

export const CREATE_HANDLERS: Handlers<'create_token' | 'emblem'> = {
  create_token(g, e, ctx, outer) {
    const src = ctx.sourceName;
    const made: Thing[] = [];
    // 111.2: the player who creates a token owns it and it enters under their control ("its controller creates")
    for (const creator of e.who === undefined ? [ctx.controller] : players(g, ctx, e.who)) {
      // 614.16: effects that change how many tokens are created apply first; then each enters (614.12)
      const ev = replaceEvent(g, { kind: 'tokens', controller: creator, n: amount(g, ctx, e.amount) });
      const n = ev && ev.kind === 'tokens' ? ev.n : 0;
      // 707.2, 111.10: a token that's a copy of an object has that object's copiable values
      const original = e.token.copy_of !== undefined ? refThings(g, ctx, e.token.copy_of).find((t): t is { obj: ObjId } => 'obj' in t) : undefined;
      if (e.token.copy_of !== undefined && !original) {
        g.emit({ type: 'nothing_happens', rule: '608.2b', by: g.ref(ctx.source, src), why: { kind: 'no_token_copy' } });
        return;
      }
      // the tokens of one instruction are created at once: their abilities see each other enter (603.6a)
      g.together(() => {
        for (let i = 0; i < n; i++) {
          const made1 = createOne(g, e, ctx, original, creator);
          if (made1) made.push(made1);
        }
      });
    }
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

/** One token of a create instruction, a copy of `original` if it copies one. */
function createOne(g: Game, e: Extract<Effect, { verb: 'create_token' }>, ctx: ResolveCtx, original: { obj: ObjId } | undefined, creator: PlayerId): Thing | null {
  const src = ctx.sourceName;
  // 707.8a: a copy of a transforming double-faced permanent or card is a double-faced token
  const dfc = original ? captureDoubleFaced(g, original.obj, e.copy_except, ctx.abilityKey) : undefined;
  const copied = dfc ? dfc.copied : original ? captureCopy(g, original.obj, e.copy_except, undefined, ctx.abilityKey) : undefined;
  const o = createEnteringPermanent(g, { token: e.token, owner: creator, zone: 'battlefield', ...(e.tapped ? { tapped: true } : {}), ...(copied ? { copied } : {}), ...(dfc?.transformed ? { transformed: true } : {}) });
  if (!o) return null;
  g.emit({
    type: 'token_created', rule: copied ? '707.2' : '111.4', by: g.ref(ctx.source, src), obj: g.ref(o.id), controller: creator, copyOf: copied ? copied.from : null,
    name: e.token.name ?? null, power: e.token.power ?? null, toughness: e.token.toughness ?? null,
  }, [o.id]);
  if (copied) for (const note of exceptionNotes(e.copy_except)) g.emit({ type: 'copy_exception', rule: note.rule, obj: g.ref(o.id), exception: note.exception });
  return { obj: o.id };
}
