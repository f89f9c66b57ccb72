// "For as long as ..." durations of effects from resolved spells and abilities (611.2b): such an
// effect lasts while its condition holds, and once the condition stops holding the effect is over:
// it doesn't begin again if the condition becomes true later. One that never starts does nothing.

import type { Game } from './game.js';
import type { Duration, EffectDuration } from './durations.js';
import type { ObjId, PlayerId } from './state.js';
import { removeEffect } from './effects.js';

/** Whether a "for as long as" duration's condition holds now (any other duration: true). */
export function durationHolds(g: Game, d: Duration, source: ObjId, controller: PlayerId): boolean {
  if (d.kind !== 'while_source_tapped' && d.kind !== 'while_source_on_battlefield' && d.kind !== 'while_source_controlled' && d.kind !== 'while_source_controlled_and_tapped') return true;
  const src = g.tryObj(source);
  // a source that left the battlefield is a new object elsewhere (400.7): every such condition ends
  if (!src || src.zone !== 'battlefield') return false;
  if (d.kind === 'while_source_tapped') return src.tapped;
  if (d.kind === 'while_source_controlled') return g.controller(source) === controller;
  if (d.kind === 'while_source_controlled_and_tapped') return src.tapped && g.controller(source) === controller;
  return true;
}

/** Ends every stored effect whose "for as long as" condition no longer holds (611.2b). */
export function endLapsedEffects(g: Game): void {
  const lapsed = g.state.effects.filter((e) => !durationHolds(g, e.duration, e.source, e.controller));
  if (lapsed.length === 0) return;
  for (const e of lapsed) {
    removeEffect(g.state, e);
    g.emit({ type: 'effect_ended', rule: '611.2b', by: g.ref(e.source, e.sourceName), duration: e.duration as EffectDuration });
  }
  g.changed();
}
