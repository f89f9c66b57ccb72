// Split second (702.61a): while a spell with split second is on the stack, players can't cast other
// spells or activate abilities that aren't mana abilities. Mana abilities, special actions and
// triggered abilities go on as usual (702.61b).

import { IllegalAction, type Game } from '../state/game.js';

/** Throws if a spell with split second is on the stack. */
export function checkSplitSecond(g: Game, what: string): void {
  const holder = g.state.stack.find((id) => g.obj(id).spell && g.chars(id).abilities.some((a) => a.kind === 'keyword' && a.keyword === 'Split second'));
  if (holder !== undefined) throw new IllegalAction('702.61a', `${g.name(holder)} has split second and is on the stack: no player can ${what} until it leaves the stack`);
}
