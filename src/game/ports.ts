// The one place that wires the ports of state/ports.ts: each is implemented by the rules above the
// layer that calls it. A game gets them when it is created (`new Game(state, cards, gamePorts)`).

import type { Game } from '../state/game.js';
import type { Ports } from '../state/ports.js';
import { newChoices } from '../state/state.js';
import { moveObject } from '../events/zones.js';
import { drawCard, gainLife } from '../events/keywordActions.js';
import { runEffects } from '../instructions/resolve.js';
import { activateManaAbility } from '../stack/manaAbilities.js';
import { computeAll, keptThroughTurn, nameOf, quietChars } from '../characteristics/layers.js';

export function gamePorts(g: Game): Ports {
  return {
    replacement: {
      // the replacement's instructions run like a resolving ability's (608.2c), with the replacement as their source
      followInstead: (effects, ctx) => runEffects(g, effects, {
        ...ctx, stackObj: ctx.source, choices: newChoices(), legal: new Map(), x: 0, kicked: false, effectPath: 'replacement',
      }),
      moveObject: (id, to, opts) => moveObject(g, id, to, opts),
      drawCard: (player, rule, applied) => drawCard(g, player, rule, applied),
      gainLife: (player, n) => gainLife(g, player, n),
    },
    instructions: {
      // 605.3b: followed at once, like a resolving ability's, the mana going to the sink
      followManaAbility: (effects, ctx) => runEffects(g, effects, {
        stackObj: ctx.source, source: ctx.source, sourceName: ctx.sourceName, controller: ctx.controller, abilityKey: ctx.abilityKey,
        choices: newChoices(), legal: new Map(), x: ctx.sink.x ?? 0, kicked: false, it: [], effectPath: 'effects', mana: ctx.sink,
      }),
    },
    characteristics: {
      computeAll: () => computeAll(g),
      current: (hint) => quietChars(g, hint) ?? keptThroughTurn(hint) ?? computeAll(g),
      name: (id) => nameOf(g, id),
    },
    mana: {
      activate: (player, source, choice) => activateManaAbility(g, player, source, choice),
    },
  };
}
