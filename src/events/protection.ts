// Protection (702.16): a permanent with protection from a quality can't be Damaged, Enchanted or
// Equipped, Blocked, or Targeted by anything with that quality ("DEBT"). Each part is checked where
// the rules apply it: targets (702.16b), attachments as a state-based action (702.16c-d), damage as
// a prevention effect (702.16e), blocks (702.16f).

import { chosenColor } from '../characteristics/copiable.js';
import { matchesFilter } from '../characteristics/filters.js';
import { liveStaticDefs } from '../characteristics/statics.js';
import type { Game } from '../state/game.js';
import type { ObjId } from '../state/state.js';

const COLOR_WORDS: Record<string, string> = { white: 'W', blue: 'U', black: 'B', red: 'R', green: 'G' };

/** The colors of a source, or of what it was when it left (608.2h). */
function sourceColors(g: Game, id: ObjId): string[] {
  return g.tryObj(id) ? g.chars(id).colors : g.state.lki[id]?.colors ?? [];
}

/** Whether a permanent has protection from a quality that `source` has; its description, or null. */
export function protectionFrom(g: Game, permanent: ObjId, source: ObjId): string | null {
  const o = g.tryObj(permanent);
  if (!o || o.zone !== 'battlefield') return null;
  const colors = sourceColors(g, source);
  for (const a of g.chars(permanent).abilities) {
    if (a.kind === 'keyword' && a.keyword === 'Protection' && a.from) {
      const from = a.from.toLowerCase();
      if (from === 'everything' || (COLOR_WORDS[from] && colors.includes(COLOR_WORDS[from]!))) return `protection from ${from}`;
      if (a.filter && matchesFilter(g, a.filter, { obj: source }, { you: g.controller(permanent), lastKnown: true })) return `protection from ${from}`;
    }
    if (a.kind === 'static' && a.defs.some((d) => d.kind === 'protection_from_chosen_color') && liveStaticDefs(g, permanent).some((d) => d.kind === 'protection_from_chosen_color')) {
      const chosen = chosenColor(g, o);
      if (chosen && colors.includes(chosen)) return 'protection from the chosen color';
    }
  }
  return null;
}
