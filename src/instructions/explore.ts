// Explore (701.44a): the permanent's controller reveals the top card of their library; a land card goes to
// their hand; otherwise the permanent gets a +1/+1 counter and the player may put the card into their graveyard.

import type { Game } from '../state/game.js';
import type { ObjId } from '../state/state.js';
import { putCounters } from '../events/counters.js';
import { moveObject } from '../events/zones.js';
import { refThings, type Handlers, type ResolveCtx } from './context.js';

export const EXPLORE_HANDLERS: Handlers<'explore'> = {
  explore(g, e, ctx) {
    // one permanent at a time; one that has left the battlefield still explores, by its last controller
    for (const t of refThings(g, ctx, e.affected)) if ('obj' in t) explore(g, ctx, t.obj);
  },
};

function explore(g: Game, ctx: ResolveCtx, id: ObjId): void {
  const here = g.tryObj(id)?.zone === 'battlefield';
  const gone = here ? undefined : g.state.lki[id];
  if (!here && !gone) return;
  const player = here ? g.controller(id) : gone!.controller;
  const name = here ? g.name(id) : (gone!.name ?? 'a face-down permanent');
  const top = g.player(player).library[0];
  const revealed = top === undefined ? null : g.ref(top);
  if (top !== undefined) g.emit({ type: 'revealed', rule: '701.44a', player, obj: g.ref(top), by: g.ref(ctx.source, ctx.sourceName) });
  const land = top !== undefined && g.chars(top).types.includes('land');
  let to: 'hand' | 'graveyard' | 'library' | null = null;
  if (land) {
    moveObject(g, top, 'hand', { rule: '701.44a' });
    to = 'hand';
  } else {
    if (here) putCounters(g, id, '+1/+1', 1, '701.44a', name);
    if (top !== undefined) {
      const a = g.ask({ kind: 'yes', player, rule: '701.44a', prompt: `${name} explores: put ${g.name(top)} into your graveyard (or leave it on top of your library)?` });
      if (a.value) moveObject(g, top, 'graveyard', { rule: '701.44a', how: { kind: 'to_graveyard' } });
      to = a.value ? 'graveyard' : 'library';
    }
  }
  g.emit({ type: 'explored', rule: '701.44a', obj: g.ref(id, name), player, revealed, land, counter: !land && here, to });
}
