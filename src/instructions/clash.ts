// Clash (701.30): "Clash with an opponent. If you win, ...". The controller chooses an opponent, both
// reveal the top card of their library at once, each decides in APNAP order whether to put theirs on
// the bottom, the cards move at the same time, and a player wins with a greater mana value than every
// other card revealed (701.30a-d). The instructions under `do` are followed if the controller won,
// those under `otherwise` if not. A coin flip (705.1) branches the same way on whether the flip was won.

import type { Game } from '../state/game.js';
import type { ObjId, PlayerId } from '../state/state.js';
import { objectValue } from '../characteristics/amounts.js';
import { moveObject } from '../events/zones.js';
import type { Handlers, ResolveCtx } from './context.js';

export const CLASH_HANDLERS: Handlers<'clash'> = {
  clash(g, e, ctx, outer, run) {
    const won = clash(g, ctx);
    if (won) run(g, e.do, { ...ctx, effectPath: `${ctx.effectPath}.do` });
    else if (e.otherwise) run(g, e.otherwise, { ...ctx, effectPath: `${ctx.effectPath}.otherwise` });
    outer.didLast = won;
  },
};

/** A coin flip the controller calls (705.1): won or lost, drawn from the game's seeded generator (the
 * same one shuffles use), so the same seed gives the same flips. */
export const COIN_HANDLERS: Handlers<'flip_coin'> = {
  flip_coin(g, e, ctx, outer, run) {
    // "that player flips a coin" with no such player: no one flips
    const player = e.who === 'that_player' ? ctx.thatPlayer : ctx.controller;
    if (player === undefined) { outer.didLast = false; return; }
    g.state.seed = (Math.imul(g.state.seed, 1103515245) + 12345) >>> 0;
    // the generator's high bits: its lowest bit only alternates
    const won = ((g.state.seed >>> 16) & 1) === 1;
    g.emit({ type: 'coin_flip', rule: '705.1', player, won });
    if (won) run(g, e.do, { ...ctx, effectPath: `${ctx.effectPath}.do` });
    else if (e.otherwise) run(g, e.otherwise, { ...ctx, effectPath: `${ctx.effectPath}.otherwise` });
    outer.didLast = won;
  },
};

/** The opponent the controller clashes with (701.30b): asked only when there are several. */
function opponentOf(g: Game, ctx: ResolveCtx): PlayerId | undefined {
  const opps = g.opponents(ctx.controller);
  if (opps.length < 2) return opps[0];
  const a = g.ask({ kind: 'choose', player: ctx.controller, rule: '701.30b', prompt: `${ctx.sourceName}: choose an opponent to clash with`, options: opps.map((p) => ({ id: p, label: p, player: p })), min: 1, max: 1 });
  return a.options[0] as PlayerId;
}

/** Whether the controller wins the clash (701.30d). */
function clash(g: Game, ctx: ResolveCtx): boolean {
  const opponent = opponentOf(g, ctx);
  const clashing = g.apnap().filter((p) => p === ctx.controller || p === opponent);
  const by = g.ref(ctx.source, ctx.sourceName);
  const revealed = new Map<PlayerId, ObjId>();
  for (const p of clashing) {
    const top = g.player(p).library[0];
    if (!top) {
      g.emit({ type: 'library_empty', rule: '701.30a', player: p, for: 'reveal' });
      continue;
    }
    revealed.set(p, top);
    g.emit({ type: 'revealed', rule: '701.30c', player: p, obj: g.ref(top), by });
  }
  const values = new Map([...revealed].map(([p, id]) => [p, objectValue(g, id, 'mana_value')]));
  // 701.30c: each decides in APNAP order, then the cards chosen move at the same time
  const bottom = [...revealed].filter(([p, id]) => g.ask({ kind: 'yes', player: p, rule: '701.30a', prompt: `clash (${ctx.sourceName}): put ${g.describeId(id)} on the bottom of your library?` }).value);
  for (const [, id] of bottom) moveObject(g, id, 'library', { rule: '701.30a', position: 'bottom', how: { kind: 'put_on_library', by, position: 'bottom' } });
  const mine = values.get(ctx.controller);
  const won = mine !== undefined && [...values].every(([p, v]) => p === ctx.controller || mine > v);
  g.emit({ type: 'clash', rule: '701.30d', player: ctx.controller, ...(opponent ? { opponent } : {}), won });
  return won;
}
