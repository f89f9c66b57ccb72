// Protection (702.16): a permanent with protection from a quality can't be Damaged, Enchanted or
// Equipped, Blocked, or Targeted by anything with that quality ("DEBT"). Each part is checked where
// the rules apply it: targets (702.16b), attachments as a state-based action (702.16c-d), damage as
// a prevention effect (702.16e), blocks (702.16f).

import { chosenColor } from '../characteristics/copiable.js';
import { matchesFilter } from '../characteristics/filters.js';
import { activeStatics, affects, liveStaticDefs } from '../characteristics/statics.js';
import type { Game } from '../state/game.js';
import type { ObjId } from '../state/state.js';

const COLOR_WORDS: Record<string, string> = { white: 'W', blue: 'U', black: 'B', red: 'R', green: 'G' };

/** The colors of a source, or of what it was when it left (608.2h). */
function sourceColors(g: Game, id: ObjId): string[] {
  return g.tryObj(id) ? g.chars(id).colors : g.state.lki[id]?.colors ?? [];
}

/** Whether an effect that "doesn't remove" some Auras spares `source` (702.16c), for an Aura staying attached. */
function spared(g: Game, spares: string | undefined, source: ObjId, attaching: boolean): boolean {
  if (!attaching || !spares) return false;
  return spares === source || (spares === 'Aura' && !!g.tryObj(source) && g.chars(source).subtypes.includes('Aura'));
}

/** Whether a permanent has protection from a quality that `source` has; its description, or null.
 * `attaching`: the question is whether the Aura `source` may stay attached (702.16c). */
export function protectionFrom(g: Game, permanent: ObjId, source: ObjId, attaching = false): string | null {
  const o = g.tryObj(permanent);
  if (!o || o.zone !== 'battlefield') return null;
  const colors = sourceColors(g, source);
  for (const a of g.chars(permanent).abilities) {
    if (spared(g, a.spares, source, attaching)) continue;
    if (a.kind === 'keyword' && a.keyword === 'Protection' && a.from) {
      const from = a.from.toLowerCase();
      if (from === 'everything' || (COLOR_WORDS[from] && colors.includes(COLOR_WORDS[from]!))) return `protection from ${from}`;
      if (a.filter && matchesFilter(g, a.filter, { obj: source }, { you: g.controller(permanent), lastKnown: true })) return `protection from ${from}`;
    }
    if (a.kind === 'static' && a.defs.some((d) => d.kind === 'protection_from_chosen_color' && !d.affected) && liveStaticDefs(g, permanent).some((d) => d.kind === 'protection_from_chosen_color' && !d.affected)) {
      const chosen = chosenColor(g, o);
      if (chosen && colors.includes(chosen)) return 'protection from the chosen color';
    }
  }
  // "Enchanted creature has protection from the chosen color": the color its source's controller chose
  for (const s of activeStatics(g, 'protection_from_chosen_color')) {
    if (!s.def.affected || !affects(g, s.source, s.def.affected, permanent)) continue;
    if (spared(g, s.def.spares === 'self' ? s.source : s.def.spares, source, attaching)) continue;
    const chosen = chosenColor(g, g.obj(s.source));
    if (chosen && colors.includes(chosen)) return 'protection from the chosen color';
  }
  return null;
}
