// Following the instructions of a resolving spell or ability (608.2c-h): the table with one handler per
// verb of the card DSL, and the dispatcher that runs a list of instructions in order. The handlers live
// in one file per family of instructions (damage, zones, library, continuous, permanents, create, stack,
// flow); what they share is in context.ts.

import type { Effect, EffectVerb } from '../cards/types.js';
import type { Game } from '../state/game.js';
import { collectStateTriggers, collectTriggers } from '../stack/triggers.js';
import { amount, type Handler, type Handlers, type ResolveCtx } from './context.js';
import { DAMAGE_HANDLERS } from './damage.js';
import { ZONES_HANDLERS } from './zones.js';
import { LIBRARY_HANDLERS } from './library.js';
import { CONTINUOUS_HANDLERS } from './continuous.js';
import { PERMANENTS_HANDLERS } from './permanents.js';
import { CREATE_HANDLERS } from './create.js';
import { STACK_HANDLERS } from './stack.js';
import { FLOW_HANDLERS } from './flow.js';
import { COUNTERS_HANDLERS, POISON_HANDLERS } from './counters.js';
import { CLASH_HANDLERS, COIN_HANDLERS } from './clash.js';
import { EXPLORE_HANDLERS } from './explore.js';

export { refThings, type ResolveCtx } from './context.js';

/** One handler per verb: a verb without a handler is a type error. */
const HANDLERS: Handlers<EffectVerb> = {
  ...DAMAGE_HANDLERS, ...ZONES_HANDLERS, ...LIBRARY_HANDLERS, ...CONTINUOUS_HANDLERS,
  ...PERMANENTS_HANDLERS, ...CREATE_HANDLERS, ...STACK_HANDLERS, ...FLOW_HANDLERS,
  ...COUNTERS_HANDLERS, ...CLASH_HANDLERS, ...COIN_HANDLERS, ...POISON_HANDLERS, ...EXPLORE_HANDLERS,
};

export function runEffects(g: Game, effects: Effect[], ctx: ResolveCtx): void {
  for (const [i, e] of effects.entries()) {
    const path = `${ctx.effectPath}.${i}`;
    runEffect(g, e, { ...ctx, effectPath: path }, ctx);
    if (g.state.result) return;
    // an ability triggers as its event happens, even in the middle of a resolution: an intervening "if"
    // is checked then (603.4), once a simultaneous event (a "destroy all" with an "instead" in it) is
    // whole; a state trigger as soon as its condition is true (603.8)
    if (!g.batch && !g.leavingAtOnce && g.enteringTogether === null) collectTriggers(g);
    collectStateTriggers(g);
  }
}

/** Runs one instruction; `outer` receives what later instructions refer back to (it, did). */
function runEffect(g: Game, e: Effect, ctx: ResolveCtx, outer: ResolveCtx): void {
  // "where X is ...": read as the instruction is followed (608.2h)
  const here = e.xIs === undefined ? ctx : { ...ctx, x: amount(g, ctx, e.xIs) };
  (HANDLERS[e.verb] as Handler<EffectVerb>)(g, e, here, outer, runEffects);
}
