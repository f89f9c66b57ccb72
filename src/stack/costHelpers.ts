// Convoke (702.51), improvise (702.126) and delve (702.66): once a spell's total cost is locked in,
// objects may pay some of its mana instead of mana (a creature or artifact tapped, a card exiled from
// the graveyard). They are neither additional nor alternative costs (702.51b, 702.126b, 702.66b):
// the payer names them in the answer to the `pay` question, and they are paid in 601.2h.

import type { Ability } from '../cards/types.js';
import { COLOR_NAMES, COLORS, type ColorLetter, type PlainCost } from '../core/mana.js';
import type { RuleId } from '../core/rules/index.js';
import { moveObject } from '../events/zones.js';
import { IllegalAction, type Game } from '../state/game.js';
import type { CostHelper, PayStep } from '../state/questions.js';
import type { ObjId, PlayerId } from '../state/state.js';

const KEYWORD: Record<CostHelper, string> = { convoke: 'Convoke', improvise: 'Improvise', delve: 'Delve' };
const RULE: Record<CostHelper, RuleId> = { convoke: '702.51a', improvise: '702.126a', delve: '702.66a' };

/** The helper keywords a spell has (several instances of one are redundant: 702.51d, 702.126c, 702.66c). */
export function spellHelpers(abilities: Ability[]): CostHelper[] {
  return (Object.keys(KEYWORD) as CostHelper[]).filter((h) => abilities.some((a) => a.kind === 'keyword' && a.keyword === KEYWORD[h]));
}

/** The objects that could pay for each helper keyword: untapped creatures or artifacts the player controls, cards in their graveyard. */
export function helperCandidates(g: Game, player: PlayerId, helpers: CostHelper[], except: ObjId | undefined): Partial<Record<CostHelper, ObjId[]>> {
  const out: Partial<Record<CostHelper, ObjId[]>> = {};
  for (const h of helpers) {
    if (h === 'delve') { out.delve = g.player(player).graveyard.filter((id) => id !== except); continue; }
    const type = h === 'convoke' ? 'creature' : 'artifact';
    out[h] = g.state.battlefield.filter((id) => g.controller(id) === player && !g.obj(id).tapped && g.chars(id).types.includes(type));
  }
  return out;
}

/**
 * 601.2h: the helper steps of a payment, in the order given; each pays one mana of what is left of
 * the total cost. Returns the mana still to pay with mana. A step the spell's keywords don't allow,
 * or one with nothing left for it to pay, makes the payment illegal.
 */
export function payWithHelpers(g: Game, mana: PlainCost, args: { player: PlayerId; label: string; helpers: CostHelper[] }, steps: PayStep[]): { rest: PlainCost; used: number } {
  const rest: PlainCost = { generic: mana.generic, mana: { ...mana.mana }, life: mana.life };
  let used = 0;
  for (const s of steps) {
    if (!('helper' in s)) continue;
    const rule = RULE[s.helper];
    if (!args.helpers.includes(s.helper)) throw new IllegalAction(rule, `${args.label} has no ${s.helper}, so ${g.name(s.obj)} can't pay for it that way`);
    const pays = s.helper === 'delve' ? exileForDelve(g, s.obj, rest, args) : tapForHelper(g, s.helper, s.obj, s.mana, rest, args);
    used++;
    g.emit({ type: 'cost_paid_by', rule, player: args.player, label: args.label, obj: g.ref(s.obj), how: s.helper, pays });
  }
  return { rest, used };
}

function exileForDelve(g: Game, id: ObjId, rest: PlainCost, args: { player: PlayerId; label: string }): string {
  const o = g.tryObj(id);
  if (!o || o.zone !== 'graveyard' || o.owner !== args.player) throw new IllegalAction('702.66a', `${g.name(id)} is not a card in ${args.player}'s graveyard, so it can't be exiled for delve`);
  if (rest.generic === 0) throw new IllegalAction('702.66a', `no generic mana of ${args.label}'s total cost is left for ${g.name(id)} to pay (delve pays only generic mana)`);
  rest.generic--;
  moveObject(g, id, 'exile', { rule: '702.66a', how: { kind: 'paid', action: 'exiled', cost: args.label } });
  return '{1}';
}

/** Convoke or improvise: taps the object, which pays one mana of its color (convoke) or one generic mana. */
function tapForHelper(g: Game, helper: 'convoke' | 'improvise', id: ObjId, want: string | undefined, rest: PlainCost, args: { player: PlayerId; label: string }): string {
  const rule = RULE[helper];
  const type = helper === 'convoke' ? 'creature' : 'artifact';
  const o = g.tryObj(id);
  if (!o || o.zone !== 'battlefield' || g.controller(id) !== args.player || !g.chars(id).types.includes(type)) {
    throw new IllegalAction(rule, `${g.name(id)} is not ${type === 'artifact' ? 'an' : 'a'} ${type} ${args.player} controls, so it can't be tapped for ${helper}`);
  }
  if (o.tapped) throw new IllegalAction(rule, `${g.name(id)} is already tapped, so it can't be tapped for ${helper}`);
  const pays = helper === 'convoke' ? convokePays(g, id, want, rest, args.label) : generic(g, id, want, rest, args.label, rule);
  o.tapped = true;
  g.emit({ type: 'tapped', rule, obj: g.ref(id), player: args.player, cause: { cost: args.label } });
  return pays;
}

function generic(g: Game, id: ObjId, want: string | undefined, rest: PlainCost, label: string, rule: RuleId): string {
  if (want !== undefined && want !== '{1}') throw new IllegalAction(rule, `${g.name(id)} can pay only generic mana ({1}) of ${label}'s cost, not ${want}`);
  if (rest.generic === 0) throw new IllegalAction(rule, `no generic mana of ${label}'s total cost is left for ${g.name(id)} to pay`);
  rest.generic--;
  return '{1}';
}

/**
 * 702.51a: a creature pays one mana of one of its colors, or one generic mana. Without a choice in
 * the answer, it pays mana of its color while the cost still holds some, else generic mana.
 */
function convokePays(g: Game, id: ObjId, want: string | undefined, rest: PlainCost, label: string): string {
  const colors = g.chars(id).colors;
  if (want !== undefined && want !== '{1}') {
    const c = /^\{([WUBRG])\}$/i.exec(want)?.[1]?.toUpperCase() as ColorLetter | undefined;
    if (!c) throw new IllegalAction('702.51a', `a convoking creature pays one colored mana or {1}, not ${want}`);
    if (!colors.includes(c)) throw new IllegalAction('702.51a', `${g.name(id)} is not ${COLOR_NAMES[c]}, so it can't pay {${c}} for convoke (it can pay {1})`);
    if (rest.mana[c] === 0) throw new IllegalAction('702.51a', `no {${c}} of ${label}'s total cost is left for ${g.name(id)} to pay`);
    rest.mana[c]--;
    return `{${c}}`;
  }
  const own = want === undefined ? COLORS.find((c) => colors.includes(c) && rest.mana[c] > 0) : undefined;
  if (own) { rest.mana[own]--; return `{${own}}`; }
  return generic(g, id, want, rest, label, '702.51a');
}
