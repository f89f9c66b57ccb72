// Special actions other than playing a land (116.2): turning a face-down permanent face up
// (116.2b, 702.37e) and suspending a card from hand (116.2f, 702.62a). They don't use the stack;
// the player keeps priority afterwards (117.3c).

import type { Ability } from '../cards/types.js';
import type { RuleId } from '../core/rules/index.js';
import { announcedCost, determineTotalCost, payTotalCost } from '../stack/costs.js';
import { IllegalAction, type Game } from '../state/game.js';
import { givePriority } from './priority.js';
import { newChoices, type ObjId, type PlayerId } from '../state/state.js';
import { moveObject } from '../events/zones.js';
import { putCounters } from '../events/counters.js';
import { costText } from '../core/mana.js';
import { copiableValues } from '../characteristics/copiable.js';
import { chooseCopy } from '../characteristics/copyEffects.js';
import { hasKeyword } from '../cards/types.js';

type Keyword = Extract<Ability, { kind: 'keyword' }>;

function printedKeyword(g: Game, id: ObjId, k: string): Keyword | undefined {
  const o = g.obj(id);
  const def = o.card ? g.cards.get(o.card) : undefined;
  return def?.main.abilities.find((a): a is Keyword => a.kind === 'keyword' && a.keyword === k);
}

function payFor(g: Game, player: PlayerId, source: ObjId, cost: NonNullable<Keyword['cost']>, label: string, rule: RuleId): void {
  const choices = newChoices();
  const total = determineTotalCost(g, { player, stackObj: source, base: announcedCost(cost, 0, undefined, undefined), additional: [], isSpell: false, label, rule });
  // mana abilities may be activated while a rule asks for a mana payment (605.3a)
  payTotalCost(g, total, { player, label, choices, x: 0, rule }, { rule: '605.3a', prompt: `Pay ${costText(cost)} for ${label}`, cost: costText(cost) });
}

/** 116.2b / 702.37e: turn a face-down permanent with morph face up by paying its morph cost. */
export function turnFaceUp(g: Game, player: PlayerId, id: ObjId): void {
  const o = g.tryObj(id);
  if (!o || o.zone !== 'battlefield') throw new IllegalAction('116.2b', 'only a face-down permanent can be turned face up');
  if (g.state.turn.priority !== player) throw new IllegalAction('116.2b', `${player} doesn't have priority (${g.state.turn.priority ?? 'nobody'} does)`);
  if (!o.faceDown) throw new IllegalAction('116.2b', `${g.name(id)} is already face up`);
  if (g.controller(id) !== player) throw new IllegalAction('702.37e', `${player} doesn't control that face-down permanent`);
  // the morph cost of what it would be face up, copy effects included (708.10)
  const faceUp = copiableValues(g, { ...o, faceDown: false });
  const morph = faceUp.abilities.find((a): a is Keyword => a.kind === 'keyword' && (a.keyword === 'Morph' || a.keyword === 'Megamorph'));
  const what = faceUp.name ?? o.card ?? 'a card';
  if (!morph?.cost) throw new IllegalAction('702.37e', `the face-down permanent would be ${what} face up, which has no morph cost: it can't be turned face up this way`);
  payFor(g, player, id, morph.cost, `turning ${what} face up`, '702.37e');
  // 708.11: "as this is turned face up" applies while it is turned face up
  const asFaceUp = faceUp.abilities.find((a) => a.kind === 'replacement' && a.def.kind === 'enter_as_copy' && a.def.also_turned_face_up);
  if (asFaceUp && asFaceUp.kind === 'replacement' && asFaceUp.def.kind === 'enter_as_copy') {
    const copied = chooseCopy(g, player, o, asFaceUp.def, asFaceUp.key, what, 'turned face up');
    if (copied) o.copied = copied;
  }
  o.faceDown = false;
  g.changed();
  // 702.37b: as it is turned face up for its megamorph cost, a +1/+1 counter (replacement effects apply)
  if (morph.keyword === 'Megamorph') putCounters(g, id, '+1/+1', 1, '702.37b', what);
  g.emit({ type: 'turned_face_up', rule: '702.37e', player, obj: g.ref(id) });
  givePriority(g, player, '117.3c');
}

/** 116.2f / 702.62a: exile a card with suspend from hand with N time counters, paying its suspend cost. */
export function suspendCard(g: Game, player: PlayerId, id: ObjId): void {
  const o = g.tryObj(id);
  if (!o || o.zone !== 'hand' || o.owner !== player) throw new IllegalAction('116.2f', 'only a card in your hand can be suspended');
  if (g.state.turn.priority !== player) throw new IllegalAction('116.2f', `${player} doesn't have priority (${g.state.turn.priority ?? 'nobody'} does)`);
  const k = printedKeyword(g, id, 'Suspend');
  if (!k?.cost || k.n === undefined) throw new IllegalAction('702.62a', `${g.name(id)} has no suspend ability`);
  // "if you could begin to cast this card": its timing (117.1a)
  const c = g.chars(id);
  const instant = c.types.includes('instant') || hasKeyword(c.abilities, 'Flash');
  const t = g.state.turn;
  if (!instant && (t.active !== player || (t.step !== 'main1' && t.step !== 'main2') || g.state.stack.length > 0)) {
    throw new IllegalAction('116.2f', `${g.name(id)} could not be cast now (117.1a), so it can't be suspended now`);
  }
  const name = g.name(id);
  payFor(g, player, id, k.cost, `suspending ${name}`, '702.62a');
  const n = moveObject(g, id, 'exile', { rule: '702.62a', how: { kind: 'suspended', player } })!;
  g.obj(n).counters.time = k.n;
  g.emit({ type: 'counters', rule: '702.62a', obj: g.ref(n, name), counter: 'time', delta: k.n, cause: { suspended: true } });
  givePriority(g, player, '117.3c');
}
