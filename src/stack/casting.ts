// Casting spells (601): proposal (601.2a-e), total cost (601.2f), mana abilities and payment
// (601.2g-h), and the spell becoming cast (601.2i). Permission and prohibition (601.3, 601.5) are
// checked as a judge would: first whether any choice could make the spell castable, then, once the
// proposal is complete, whether it is castable as proposed.

import { effectsOf } from '../state/effects.js';
import { checkCondition } from '../characteristics/conditions.js';
import { COMBAT_STEPS, STEPS, spellOf, type CastWindow, type Ability, type CardFace, type Condition, type ModalSpec, type TargetSpec } from '../cards/types.js';
import type { RuleId } from '../core/rules/index.js';
import { announceCostChoices, announcedCost, costHasX, determineTotalCost, payTotalCost, withX } from './costs.js';
import { spellHelpers } from './costHelpers.js';
import { checkSplitSecond } from './splitSecond.js';
import { overloadBlock } from '../cards/overload.js';
import { awakenBlock } from '../cards/awaken.js';
import { spliceAbility, spliceText, splicedBlock } from '../cards/splice.js';
import { activeStatics, covers } from '../characteristics/statics.js';
import { matchesFilter, objectManaValue } from '../characteristics/filters.js';
import { IllegalAction, type Game } from '../state/game.js';
import { costText, manaValue, parseManaCost, type ManaCost } from '../core/mana.js';
import { announcement, chooseDivision, chooseHybrid, chooseModes, choosePhyrexian, chooseTargets, chooseX, targetSpecs, type Subject } from './proposal.js';
import type { Option } from '../state/questions.js';
import { newChoices, wasKicked, type GameObject, type ObjId, type PlayerId, type StackChoices, type ZoneName } from '../state/state.js';
import { slotsFor, thingOption } from './targets.js';
import { moveObject, zoneLabel } from '../events/zones.js';
import { costTimes, type CostPart } from '../cards/costs.js';
import { parseFilter, type Filter } from '../cards/filter.js';

const LAND_CARD = parseFilter('land card') as Filter;
const CREATURE = parseFilter('creature you control') as Filter;
const ANY_CARD = parseFilter('card') as Filter;

export interface CastRequest {
  player: PlayerId;
  card: ObjId;
  /** The action's face_down key (708): cast face down for {3} (morph). */
  faceDown?: boolean;
  /** A spell cast while another resolves, by that effect's permission (608.2g); `altCost`: only with that alternative cost (madness, 702.35a). */
  byEffect?: { withoutPaying?: boolean; altCost?: 'Madness' };
}

type Face = 'main' | 'adventure' | 'split';

function isMainPhase(g: Game): boolean {
  return g.state.turn.step === 'main1' || g.state.turn.step === 'main2';
}

/**
 * Whether the card had a keyword in the zone it was cast from, with the continuous effects there
 * (its last known information as it left): a permission of its own to cast it from there (601.3,
 * 702.34a) is one it has in that zone.
 */
function hadInZone(g: Game, spell: ObjId, k: string): boolean {
  const origin = g.tryObj(spell)?.spell?.origin;
  const l = origin ? g.state.lki[origin] : undefined;
  return !!l && l.keywords.some((key) => {
    const a = g.cards.ability(key);
    return a?.kind === 'keyword' && a.keyword === k;
  });
}

/** What the conditions of some alternative costs read as the spell is cast: whether an opponent of
 * the caster lost life this turn (spectacle, 702.137a), whether the caster already cast another
 * spell this turn (surge, 702.117a: this spell isn't counted until it becomes cast, 601.2i). */
interface AltConditions { opponentLostLife: boolean; castAnother: boolean; holds: (c: Condition) => boolean }

/** `spell`: the spell being cast, already on the stack (601.2a); a printed condition of an
 * alternative cost ("If you control a Plains, you may ...") is judged for its caster now (601.2b). */
function altConditions(g: Game, player: PlayerId, spell: ObjId): AltConditions {
  return {
    opponentLostLife: g.state.players.some((p) => p.name !== player && (p.lifeLostThisTurn ?? 0) > 0),
    castAnother: (g.player(player).spellsCastThisTurn ?? 0) > 0,
    holds: (c) => checkCondition(g, c, { you: player, source: spell, spellController: player }),
  };
}

/** Alternative costs given by a keyword with a mana cost, each offered when its condition holds. */
const KEYWORD_ALTS: Record<string, (c: AltConditions) => boolean> = {
  Bestow: () => true, Evoke: () => true, Dash: () => true, Overload: () => true, Emerge: () => true, Awaken: () => true,
  Spectacle: (c) => c.opponentLostLife, Surge: (c) => c.castAnother,
};

/** The rule an announcement cites when it uses one of these alternative costs (otherwise 601.2b). */
const ALT_RULES: Partial<Record<string, RuleId>> = { Escape: '702.138a', Spectacle: '702.137a', Surge: '702.117a', Emerge: '702.119a', Awaken: '702.113a' };

/** The alternative costs a card offers from where it is (118.9); flashback only if it had it there. */
function alternativeCosts(face: CardFace, from: ZoneName, only: 'Madness' | undefined, hadFlashback: boolean, cond: AltConditions): Array<{ id: string; label: string; ability: Ability }> {
  const out: Array<{ id: string; label: string; ability: Ability }> = [];
  for (const a of face.abilities) {
    if (only) {
      // an effect allowing the cast only with one alternative cost (702.35a)
      if (a.kind === 'keyword' && a.keyword === only) out.push({ id: only, label: `${only} ${a.costText}`, ability: a });
      continue;
    }
    if (a.kind === 'keyword' && a.keyword === 'Flashback' && from === 'graveyard' && hadFlashback) out.push({ id: 'Flashback', label: `Flashback ${a.costText}`, ability: a });
    // 702.138a: escape works while the card is in a graveyard
    if (a.kind === 'keyword' && a.keyword === 'Escape' && from === 'graveyard' && !out.some((x) => x.id === 'Escape')) out.push({ id: 'Escape', label: `Escape—${a.costText}`, ability: a });
    const offered = a.kind === 'keyword' ? KEYWORD_ALTS[a.keyword] : undefined;
    if (a.kind === 'keyword' && offered?.(cond) && !out.some((x) => x.id === a.keyword)) out.push({ id: a.keyword, label: a.text, ability: a });
    if (a.kind === 'alternative_cost' && (!a.condition || cond.holds(a.condition))) out.push({ id: a.label, label: a.text, ability: a });
  }
  return out;
}

function hasKeyword(abilities: Ability[], k: string): boolean {
  return abilities.some((a) => a.kind === 'keyword' && a.keyword === k);
}

/** `stage`: how far the check got (0 where it's cast from, 1 timing, 2 prohibitions), to report the most relevant failure. */
interface Legality { ok: boolean; rule: RuleId; reason: string; stage: number }

/**
 * Whether the spell on the stack may be cast as it now is: a permission to cast it from where it
 * came (601.3), the timing of its type (117.1a, 307.1) or a flash permission, and no prohibition.
 * With `lookAheadX`, a prohibition on mana value is ignored when a choice of X could avoid it (601.3a).
 */
function castLegality(g: Game, player: PlayerId, spell: ObjId, from: ZoneName, byEffect: boolean, lookAheadX: boolean): Legality {
  const o = g.obj(spell);
  const c = g.chars(spell);
  const name = g.name(spell);
  const ok: Legality = { ok: true, rule: '601.3', reason: '', stage: 3 };
  // 702.127a: an aftermath half can be cast from no zone but a graveyard, whatever allows it
  if (from !== 'graveyard' && hasKeyword(c.abilities, 'Aftermath')) return { ok: false, rule: '702.127a', stage: 0, reason: `${name} has aftermath: it can be cast only from a graveyard` };
  // "Cast this spell only during ... / only if ...": a restriction of its own, whatever allows the cast (601.3)
  const closed = castRestrictionClosed(g, player, spell, c.abilities);
  if (closed) return { ok: false, rule: '601.3', stage: 1, reason: `${name} can be cast only ${closed}` };
  // where it is cast from: your own hand, or a zone an effect allows (601.3)
  if (!byEffect && !(from === 'hand' && o.owner === player)) {
    const permitted = castPermission(g, player, spell, from) !== null;
    if (!permitted) return { ok: false, rule: '601.3', stage: 0, reason: `no rule or effect allows ${player} to cast ${name} from ${zoneLabel(from, o.owner)}${from === 'library' ? ' (no permission covers a spell with these characteristics)' : ''}` };
  }
  // timing
  if (!byEffect) {
    // 601.5a: a spell begun with a conditional flash permission keeps it even if the condition stops holding
    const instantSpeed = c.types.includes('instant') || hasKeyword(c.abilities, 'Flash') || flashPermission(g, player, spell) || ownFlash(g, player, spell, c.abilities, !lookAheadX) !== null;
    if (!instantSpeed) {
      if (!sorceryTiming(g, player, spell)) {
        return { ok: false, rule: '117.1a', stage: 1, reason: `${name} is not an instant and has no flash: it can be cast only in ${player}'s main phase with an empty stack (307.1)` };
      }
    }
  }
  // prohibitions
  for (const s of activeStatics(g, 'cant_cast')) {
    if (!covers(s.def.who, s.controller, player)) continue;
    if (!matchesFilter(g, s.def.spells, { obj: spell }, { you: s.controller, source: s.source })) continue;
    const mvRule = s.def.spells.terms.some((t) => t.manaValue);
    const hasX = (c.manaCost ?? []).some((x) => x.kind === 'x');
    if (lookAheadX && mvRule && hasX) continue; // 601.3a: the X still to be announced may avoid it
    return { ok: false, rule: lookAheadX ? '601.3' : '601.5', stage: 2, reason: `${s.sourceName} forbids ${player} to cast ${name} (a ${s.def.spells.text}; mana value ${objectManaValue(g, spell)})` };
  }
  // "can't cast spells from their graveyards": the player's own graveyard
  for (const s of activeStatics(g, 'cant_cast_from')) {
    if (covers(s.def.who, s.controller, player) && from === s.def.zone && o.owner === player) {
      return { ok: false, rule: lookAheadX ? '601.3' : '601.5', stage: 2, reason: `${s.sourceName} forbids ${player} to cast spells from their ${s.def.zone}` };
    }
  }
  return ok;
}


/** Whether a timing window of "Cast this spell only during ..." holds now, for the caster `player`. */
const CAST_WINDOWS: Record<CastWindow, [string, (g: Game, player: PlayerId) => boolean]> = {
  your_turn: ['during your turn', (g, p) => g.state.turn.active === p],
  opponent_turn: ['during an opponent\'s turn', (g, p) => g.state.turn.active !== p],
  opponent_upkeep: ['during an opponent\'s upkeep', (g, p) => g.state.turn.active !== p && g.state.turn.step === 'upkeep'],
  opponent_turn_after_upkeep: ['during an opponent\'s turn after their upkeep step', (g, p) => g.state.turn.active !== p && STEPS.indexOf(g.state.turn.step) > STEPS.indexOf('upkeep')],
  your_end_step: ['during your end step', (g, p) => g.state.turn.active === p && g.state.turn.step === 'end'],
  combat: ['during combat', (g) => COMBAT_STEPS.includes(g.state.turn.step)],
  // blockers are declared as the declare blockers step begins (509.1)
  combat_before_blockers: ['during combat before blockers are declared', (g) => g.state.turn.step === 'beginning_of_combat' || g.state.turn.step === 'declare_attackers'],
  combat_after_blockers: ['during combat after blockers are declared', (g) => ['declare_blockers', 'combat_damage', 'end_of_combat'].includes(g.state.turn.step)],
  declare_attackers: ['during the declare attackers step', (g) => g.state.turn.step === 'declare_attackers'],
  declare_blockers: ['during the declare blockers step', (g) => g.state.turn.step === 'declare_blockers'],
  before_combat_damage: ['before the combat damage step', (g) => STEPS.indexOf(g.state.turn.step) < STEPS.indexOf('combat_damage')],
};

/** What a "Cast this spell only ..." restriction of the spell requires that doesn't hold now, or null. */
function castRestrictionClosed(g: Game, player: PlayerId, spell: ObjId, abilities: Ability[]): string | null {
  for (const a of abilities) {
    if (a.kind !== 'cast_restriction') continue;
    const shut = a.during.find((w) => !CAST_WINDOWS[w][1](g, player));
    if (shut) return CAST_WINDOWS[shut][0];
    if (a.condition && !checkCondition(g, a.condition, { you: player, source: spell })) return `if its condition holds ("${a.text}")`;
  }
  return null;
}

/**
 * What allows casting a spell from a zone other than its owner's hand (601.3): flashback (702.34a),
 * an effect, or retrace (702.81a: only with its additional cost, so the other permissions first).
 */
function castPermission(g: Game, player: PlayerId, spell: ObjId, from: ZoneName): 'flashback' | 'escape' | 'aftermath' | 'effect' | 'retrace' | 'jump-start' | null {
  const o = g.obj(spell);
  // a card in another player's graveyard is cast as though it were in yours (Shaman's Trance, 609.4a)
  const yourGraveyard = from === 'graveyard' && (o.owner === player || activeStatics(g, 'graveyards_as_yours').some((s) => covers(s.def.who, s.controller, player)));
  if (yourGraveyard && o.spell!.choices.alt === 'Flashback') return 'flashback';
  // 702.138a: cast from your graveyard by paying its escape cost
  if (yourGraveyard && o.spell!.choices.alt === 'Escape') return 'escape';
  // 702.127a: an aftermath half may be cast from your graveyard
  if (yourGraveyard && hasKeyword(g.chars(spell).abilities, 'Aftermath')) return 'aftermath';
  for (const s of activeStatics(g, 'cast_from')) {
    const zoneOk = (s.def.zone === 'library_top' && from === 'library' && o.owner === player) || (s.def.zone === 'graveyard' && yourGraveyard);
    if (zoneOk && covers(s.def.who, s.controller, player) && matchesFilter(g, s.def.spells, { obj: spell }, { you: s.controller, source: s.source })) return 'effect';
  }
  if (from === 'exile' && mayPlayFromExile(g, player, o.spell!.origin)) return 'effect';
  if (ownZonePermission(g, player, spell, from)) return 'effect';
  if (yourGraveyard && hadInZone(g, spell, 'Retrace')) return 'retrace';
  // 702.133a: jump-start, only if the resulting spell is an instant or sorcery spell
  const types = g.chars(spell).types;
  if (yourGraveyard && hadInZone(g, spell, 'Jump-start') && (types.includes('instant') || types.includes('sorcery'))) return 'jump-start';
  return null;
}

/** "You may cast CARDNAME from your graveyard / from exile [as long as ...]": a permission of the card's own
 * for its owner, from their own graveyard or from exile (601.3). */
function ownZonePermission(g: Game, player: PlayerId, spell: ObjId, from: ZoneName): boolean {
  if (g.obj(spell).owner !== player || (from !== 'graveyard' && from !== 'exile')) return false;
  return g.chars(spell).abilities.some((a) => a.kind === 'self_cast_from' && a.zones.includes(from)
    && (!a.condition || checkCondition(g, a.condition, { you: player, source: spell })));
}

/** 702.81a: retrace's additional cost, when retrace is what allows casting the spell from a graveyard. */
function retraceCost(g: Game, player: PlayerId, spell: ObjId, from: ZoneName, byEffect: boolean): CostPart[] {
  if (byEffect || from !== 'graveyard' || castPermission(g, player, spell, from) !== 'retrace') return [];
  g.emit({ type: 'announced', rule: '702.81a', player, label: g.name(spell), obj: g.ref(spell), choices: { additional: ['retrace: discard a land card'] } });
  return [{ kind: 'discard', n: 1, filter: LAND_CARD }];
}

/** 702.133a: jump-start's additional cost, discarding a card, when jump-start is what allows casting the
 * spell from a graveyard; the spell is marked so that it is exiled as it leaves the stack. */
function jumpStartCost(g: Game, player: PlayerId, spell: ObjId, from: ZoneName, byEffect: boolean): CostPart[] {
  if (byEffect || from !== 'graveyard' || castPermission(g, player, spell, from) !== 'jump-start') return [];
  g.obj(spell).spell!.jumpStart = true;
  g.emit({ type: 'announced', rule: '702.133a', player, label: g.name(spell), obj: g.ref(spell), choices: { additional: ['jump-start: discard a card'] } });
  return [{ kind: 'discard', n: 1, filter: ANY_CARD }];
}

/** The main phase of the caster's turn with an empty stack (307.1), the spell itself aside. */
function sorceryTiming(g: Game, player: PlayerId, spell: ObjId): boolean {
  return g.state.turn.active === player && isMainPhase(g) && g.state.stack.every((x) => x === spell);
}

/** A flash permission of the spell's own ("you may cast CARDNAME as though it had flash"), whose condition
 * holds (or, `begun`, held as casting began, 601.5a), or null. */
function ownFlash(g: Game, player: PlayerId, spell: ObjId, abilities: Ability[], begun: boolean): Extract<Ability, { kind: 'self_flash' }> | null {
  for (const a of abilities) {
    if (a.kind === 'self_flash' && (begun || !a.condition || checkCondition(g, a.condition, { you: player, source: spell }))) return a;
  }
  return null;
}

/** 601.3c: "as though it had flash if you pay {2} more": the extra cost, owed only when the cast needs that
 * permission (not at sorcery timing, and with no other flash); `byEffect` casts ignore timing. */
function ownFlashCost(g: Game, player: PlayerId, spell: ObjId, byEffect: boolean): CostPart[] {
  const c = g.chars(spell);
  const own = ownFlash(g, player, spell, c.abilities, true);
  if (byEffect || !own?.payMore || sorceryTiming(g, player, spell)) return [];
  if (c.types.includes('instant') || hasKeyword(c.abilities, 'Flash') || flashPermission(g, player, spell)) return [];
  g.emit({ type: 'announced', rule: '601.3c', player, label: g.name(spell), obj: g.ref(spell), choices: { additional: [`cast as though it had flash: ${costText(own.payMore)} more`] } });
  return [{ kind: 'mana', mana: own.payMore }];
}

function flashPermission(g: Game, player: PlayerId, spell: ObjId): boolean {
  return activeStatics(g, 'flash').some((s) => covers(s.def.who, s.controller, player) && matchesFilter(g, s.def.spells, { obj: spell }, { you: s.controller, source: s.source }));
}

/** "You may play / cast the exiled card(s) ..." (601.3, 305.1): a permission the player holds for that
 * card as it is in exile now (a card that left exile and came back is a new object, 400.7); a land
 * needs one to "play", not only to "cast". */
export function mayPlayFromExile(g: Game, player: PlayerId, card: ObjId | undefined, as: 'cast' | 'land' = 'cast'): boolean {
  return card !== undefined && effectsOf(g.state, 'play_permission').some((p) => p.player === player && p.cards.includes(card) && (as === 'cast' || !p.castOnly));
}

/** Whether every permission the player has to play this exiled card lets it be cast only without
 * paying its mana cost (an alternative cost, 118.9). */
function onlyFreeFromExile(g: Game, player: PlayerId, card: ObjId): boolean {
  const perms = effectsOf(g.state, 'play_permission').filter((p) => p.player === player && p.cards.includes(card));
  return perms.length > 0 && perms.every((p) => p.free);
}

/** The face of the card to cast: the `face` question where the card has an Adventure (715.3) or
 * is a split card, whose caster chooses a half (709.3). */
function chooseFace(g: Game, player: PlayerId, card: GameObject): Face {
  const def = g.cards.get(card.card!)!;
  const other = def.adventure ? { id: 'adventure', label: def.adventure.name } : def.split ? { id: 'split', label: def.split.name } : null;
  const options: Option[] = [{ id: 'main', label: def.main.name }, ...(other ? [other] : [])];
  const prompt = def.adventure ? `Cast ${def.main.name} or its Adventure, ${def.adventure.name}?`
    : def.split ? `Which half of ${def.name} do you cast, ${def.main.name} or ${def.split.name}?` : `${def.main.name} has a single face to cast`;
  const a = g.askOptional({ kind: 'face', player, rule: def.split ? '709.3' : '715.3', prompt, options, illegalRule: '601.2', silent: true });
  return a ? (a.option as Face) : 'main';
}

/** Casts a spell (601.2). Returns the spell's id on the stack. Throws IllegalAction to be rolled back. */
export function castSpell(g: Game, req: CastRequest): ObjId {
  const { player } = req;
  const card = g.tryObj(req.card);
  if (!card || card.ability || !card.card) throw new IllegalAction('601.2', 'only a card can be cast as a spell here');
  if (!req.byEffect) {
    if (g.state.result) throw new IllegalAction('117.1', 'the game is over');
    if (g.state.turn.priority !== player) throw new IllegalAction('117.1', `${player} doesn't have priority (${g.state.turn.priority ?? 'nobody'} does)`);
  }
  const from = card.zone;
  checkSplitSecond(g, 'cast another spell');
  if (from === 'stack' || from === 'battlefield') throw new IllegalAction('601.2', `${g.name(card.id)} is on ${zoneLabel(from)}, not a card that can be cast`);
  const wasTop = from === 'library' && g.player(card.owner).library[0] === card.id;
  if (from === 'library' && !wasTop) throw new IllegalAction('601.3', `${g.name(card.id)} is not on top of the library`);
  const face = req.faceDown ? 'main' : chooseFace(g, player, card);
  const def = g.cards.get(card.card)!;
  const faceDef = face === 'adventure' ? def.adventure! : face === 'split' ? def.split! : def.main;
  if (!req.faceDown && faceDef.types.includes('land')) {
    throw new IllegalAction('305.9', `${faceDef.name} is a land: it can be played as a land (\`play\`), never cast as a spell`);
  }
  if (req.faceDown && !hasKeyword(def.main.abilities, 'Morph') && !hasKeyword(def.main.abilities, 'Megamorph')) {
    throw new IllegalAction('702.37c', `${def.main.name} has no morph ability, so it can't be cast face down`);
  }
  const label = req.faceDown ? 'a face-down spell' : faceDef.name;

  // 601.2a: the card moves to the stack and becomes a spell controlled by its caster
  const id = moveObject(g, card.id, 'stack', { rule: '601.2a', controller: player, faceDown: !!req.faceDown, how: { kind: 'cast', player, adventure: face === 'adventure' ? faceDef.name : null, faceDown: !!req.faceDown } })!;
  const spell = g.obj(id);
  spell.spell = { choices: newChoices(), castFrom: from, origin: card.id, face };
  g.changed([id]);

  // "you may play that card without paying its mana cost": the only way this permission allows (118.9)
  const free = !!req.byEffect?.withoutPaying || (!req.byEffect && !req.faceDown && from === 'exile' && onlyFreeFromExile(g, player, card.id));
  // 601.3: may the player begin to cast it? Any alternative cost may still make it castable (601.3b-c).
  const alts = req.faceDown ? [] : free ? [] : alternativeCosts(faceDef, from, req.byEffect?.altCost, hadInZone(g, id, 'Flashback'), altConditions(g, player, id));
  const candidates: Array<string | undefined> = [undefined, ...alts.map((a) => a.id)];
  let first: Legality | undefined;
  let canBegin = false;
  for (const alt of candidates) {
    if (alt === undefined) delete spell.spell.choices.alt; else spell.spell.choices.alt = alt;
    g.changed([id]);
    const l = castLegality(g, player, id, from, !!req.byEffect, true);
    // the failure that got furthest says most (flashback allows the graveyard; timing then fails)
    if (!first || l.stage > first.stage) first = l;
    if (l.ok) { canBegin = true; break; }
  }
  delete spell.spell.choices.alt;
  g.changed([id]);
  if (!canBegin) throw new IllegalAction(first!.rule === '601.5' ? '601.3' : first!.rule, first!.reason);

  // 601.2b: modes, alternative and additional costs, X, hybrid and Phyrexian symbols
  const choices = spell.spell.choices;
  const spellAbility = req.faceDown ? undefined : spellOf(faceDef);
  const subject: Subject = {
    stackObj: id, controller: player, label,
    block: spellAbility?.block ?? { targets: [], effects: [] },
    ...(spellAbility?.modal ? { modal: spellAbility.modal } : {}),
    src: { stackObj: id, qualitySource: id, controller: player, abilitySource: id },
  };
  const kicker = req.faceDown ? undefined : faceDef.abilities.find((a) => a.kind === 'keyword' && (a.keyword === 'Kicker' || a.keyword === 'Multikicker')) as Extract<Ability, { kind: 'keyword' }> | undefined;
  const entwine = !req.faceDown && hasKeyword(faceDef.abilities, 'Entwine');
  if (subject.modal) choices.modes = chooseModes(g, subject, '601.2b', mostModes(subject.modal, !!kicker, entwine));
  if (free) choices.alt = 'without paying its mana cost';
  else if (req.faceDown) choices.alt = 'Morph';
  else if (req.byEffect?.altCost) {
    if (!alts.length) throw new IllegalAction('601.2b', `${label} has no ${req.byEffect.altCost.toLowerCase()} cost to be cast with`);
    choices.alt = req.byEffect.altCost;
  } else {
    const options: Option[] = [{ id: 'none', label: 'none (pay the mana cost)' }, ...alts.map((a) => ({ id: a.id, label: a.label }))];
    const unmet = faceDef.abilities.some((a) => a.kind === 'alternative_cost' && a.condition && !alts.some((x) => x.ability === a));
    const prompt = alts.length ? `Use an alternative cost for ${label}?` : `${label} offers no alternative cost when cast from ${zoneLabel(from, card.owner)}${unmet ? ' now (the condition of its alternative cost does not hold, 118.9)' : ''}`;
    const a = g.askOptional({ kind: 'alt', player, rule: '601.2b', prompt, options, illegalRule: '601.2b', silent: true });
    const pick = a ? a.option : 'none';
    if (pick !== 'none') choices.alt = pick;
  }
  if (choices.alt === 'Overload') overload(g, subject, player);
  if (choices.alt === 'Awaken') awaken(subject, faceDef);
  const emerged = choices.alt === 'Emerge' ? chooseEmergeCreature(g, player, label) : undefined;
  const optional = req.faceDown ? [] : optionalCosts(faceDef);
  choices.additional = chooseOptionalCosts(g, player, label, optional);
  const spliced = req.faceDown ? [] : chooseSplices(g, player, subject);
  if (subject.modal && choices.modes) checkModeCount(subject.modal, choices, label, !!kicker, entwine);
  g.changed([id]);
  const altDef = alts.find((a) => a.id === choices.alt);
  const baseCost = paidManaCost(faceDef, choices.alt, altDef?.ability, !!req.faceDown);
  const printedAdditional: CostPart[] = [];
  for (const a of faceDef.abilities) if (a.kind === 'additional_cost' && !req.faceDown) printedAdditional.push(...a.cost.parts);
  for (const k of optional) for (const p of choices.additional) if (p === k.keyword) printedAdditional.push(...optionalCostParts(k));
  if (!req.faceDown) printedAdditional.push(...escalateParts(faceDef, choices.modes));
  if (altDef?.ability.kind === 'alternative_cost') printedAdditional.push(...altDef.ability.cost.parts.filter((p) => p.kind !== 'mana'));
  // 702.138a: escape's cost is mana and other parts (exiling other cards from the graveyard), all paid (601.2f-h)
  if (altDef?.ability.kind === 'keyword' && altDef.ability.keyword === 'Escape') printedAdditional.push(...(altDef.ability.costParts?.parts ?? []));
  if (emerged) printedAdditional.push({ kind: 'sacrifice', n: 1, filter: CREATURE, only: [emerged.id] });
  for (const k of spliced) printedAdditional.push(...optionalCostParts(k));
  const costChoices = announceCostChoices(g, player, label, printedAdditional);
  if ((baseCost ?? []).some((s) => s.kind === 'x') || costHasX(costChoices.parts)) choices.x = chooseX(g, subject, '601.2b');
  if (baseCost) {
    const hy = chooseHybrid(g, subject, baseCost, '601.2b');
    if (hy) choices.hybrid = hy;
    const ph = choosePhyrexian(g, subject, baseCost, '601.2b');
    if (ph) choices.phyrexian = ph;
  }
  g.changed([id]);
  const announced = announcement(choices, costChoices.chosen);
  if (Object.keys(announced).length) g.emit({ type: 'announced', rule: (choices.alt && ALT_RULES[choices.alt]) || '601.2b', player, label, obj: g.ref(id), choices: announced });

  // 601.2c: targets (an Aura spell targets what it will enchant, 115.1b / 303.4a)
  const c = g.chars(id);
  const extra: TargetSpec[] = [];
  if (c.subtypes.includes('Aura')) {
    const enchant = c.abilities.find((a) => a.kind === 'keyword' && a.keyword === 'Enchant') as Extract<Ability, { kind: 'keyword' }> | undefined;
    if (enchant?.filter) extra.push({ name: 'enchant', text: enchant.filter.text, filter: enchant.filter, min: 1, max: 1 });
  }
  const slots = slotsFor(g, targetSpecs(subject, choices.modes, extra, wasKicked(choices.additional)), player, choices.x ?? 0);
  choices.targets = chooseTargets(g, subject, slots, '601.2c')!;
  g.changed([id]);
  // 601.2d: division
  const div = chooseDivision(g, subject, choices.targets, choices, '601.2d');
  if (div) choices.divide = div;

  // 601.2e / 601.5: is the spell, as proposed, castable?
  const legal = castLegality(g, player, id, from, !!req.byEffect, false);
  if (!legal.ok) throw new IllegalAction(legal.rule === '601.3' ? '601.5' : legal.rule, `${legal.reason}; the proposal is complete, so the cast is illegal (601.5)`);

  // 601.2f: total cost
  if (baseCost === null) throw new IllegalAction('118.6', `${label} has no mana cost, so its cost can't be paid (118.6)`);
  const base = announcedCost(baseCost, choices.x ?? 0, choices.hybrid, choices.phyrexian);
  const additional: CostPart[] = withX(costChoices.parts, choices.x ?? 0);
  additional.push(...retraceCost(g, player, id, from, !!req.byEffect));
  additional.push(...jumpStartCost(g, player, id, from, !!req.byEffect));
  additional.push(...ownFlashCost(g, player, id, !!req.byEffect));
  const total = determineTotalCost(g, { player, stackObj: id, base, additional, isSpell: true, label, ...(emerged ? { reduceGeneric: { n: emerged.mv, by: `emerge (${g.name(emerged.id)})` } } : {}) });

  // 601.2g-h: mana abilities, then payment
  payTotalCost(g, total, { player, stackObj: id, label, choices, x: choices.x ?? 0, manaComponent: true, helpers: spellHelpers(g.chars(id).abilities) }, { rule: '601.2g', prompt: `Pay for ${label}`, cost: costText(baseCost) });

  // 601.2i: the spell becomes cast; the turn counts it (702.40a)
  spell.spell.castBefore = g.state.turn.spellsCast ?? 0;
  g.state.turn.spellsCast = spell.spell.castBefore + 1;
  const caster = g.player(player);
  caster.spellsCastThisTurn = (caster.spellsCastThisTurn ?? 0) + 1;
  spell.spell.castNth = caster.spellsCastThisTurn;
  g.emit({ type: 'spell_cast', rule: '601.2i', player, label, obj: g.ref(id), x: choices.x ?? null, from, owner: card.owner });
  return id;
}

/**
 * 702.47a-b: the cards with splice onto a quality the spell has that its caster reveals from their
 * hand, in the order their text will be followed (a `choose` question, which may pick none). Each
 * adds its text to the spell (the targets of that text are chosen with the spell's, 601.2c) and its
 * splice cost as an additional cost. Returns the splice abilities whose costs are to be paid.
 */
function chooseSplices(g: Game, player: PlayerId, subject: Subject): KeywordAbility[] {
  const spell = subject.stackObj;
  const candidates = g.player(player).hand.filter((id) => {
    const face = g.cards.get(g.obj(id).card!)?.main;
    const k = face && spliceAbility(face);
    return !!face && !!k?.filter && !!spliceText(face) && matchesFilter(g, k.filter, { obj: spell }, { you: player, source: spell });
  });
  if (!candidates.length || subject.modal) return [];
  const a = g.askOptional({ kind: 'choose', player, rule: '702.47a', prompt: `Reveal cards to splice onto ${subject.label}, in the order their text is followed?`, options: candidates.map((id) => thingOption(g, { obj: id })), min: 0, max: candidates.length, illegalRule: '702.47b', silent: true });
  const picked = a ? a.options : [];
  if (!picked.length) return [];
  const defs = picked.map((id) => g.obj(id).card!);
  g.obj(spell).spell!.spliced = defs;
  subject.block = splicedBlock(subject.block, defs.map((c) => g.cards.get(c)!.main));
  g.emit({ type: 'announced', rule: '702.47a', player, label: subject.label, obj: g.ref(spell), choices: { additional: picked.map((id) => `splice ${g.name(id)} (revealed)`) } });
  return defs.map((c) => spliceAbility(g.cards.get(c)!.main)!);
}

/** 702.113a-b: cast for its awaken cost, the spell has awaken's spell ability, whose target is chosen now. */
function awaken(subject: Subject, face: CardFace): void {
  const block = awakenBlock(face, subject.block);
  if (!block || subject.modal) throw new IllegalAction('702.113a', `${subject.label}'s awaken ability can't be added to its text`);
  subject.block = block;
}

/** 702.119a: emerge's creature to sacrifice is chosen as the cost is announced (601.2b), since its mana
 * value reduces the total cost (601.2f); it is sacrificed as the costs are paid (601.2h). */
function chooseEmergeCreature(g: Game, player: PlayerId, label: string): { id: ObjId; mv: number } {
  const options = g.state.battlefield.filter((id) => g.controller(id) === player && g.chars(id).types.includes('creature'));
  if (!options.length) throw new IllegalAction('702.119a', `${player} controls no creature to sacrifice for ${label}'s emerge cost`);
  const a = g.ask({ kind: 'choose', player, rule: '702.119a', prompt: `Choose a creature to sacrifice for ${label}'s emerge cost`, options: options.map((id) => thingOption(g, { obj: id })), min: 1, max: 1, illegalRule: '702.119a' });
  const id = a.options[0]!;
  return { id, mv: objectManaValue(g, id) };
}

/** 702.96a-b: cast for its overload cost, the spell's "target" reads "each": it has no targets. */
function overload(g: Game, subject: Subject, player: PlayerId): void {
  const block = overloadBlock(subject.block);
  if (!block) throw new IllegalAction('702.96a', `${subject.label}'s text can't be overloaded`);
  subject.block = block;
  g.emit({ type: 'overloaded', rule: '702.96a', player, obj: g.ref(subject.stackObj) });
}

type KeywordAbility = Extract<Ability, { kind: 'keyword' }>;

/** Keywords that are optional additional costs (601.2b): kicker and multikicker (702.33a, 702.33c), buyback (702.27a), entwine (702.42a), conspire (702.78a). */
const OPTIONAL_COST_KEYWORDS = ['Kicker', 'Multikicker', 'Buyback', 'Entwine', 'Conspire', 'Replicate'];
/** Optional additional costs that may be paid any number of times: named once in the answer for each time (702.56a, 702.33c). */
const REPEATABLE_COSTS = ['Replicate', 'Multikicker'];

/** The most modes the caster may choose before announcing costs: with the look-ahead to kicker
 * (601.4) or entwine (702.42a: every mode). */
function mostModes(modal: ModalSpec, kicker: boolean, entwine: boolean): number {
  if (entwine) return modal.modes.length;
  return kicker && modal.kickedMax !== undefined ? Math.max(modal.max, modal.kickedMax) : modal.max;
}

/** 700.2, 601.2b: the modes chosen are as many as the spell allows, given the costs announced. */
function checkModeCount(modal: ModalSpec, choices: StackChoices, label: string, kicker: boolean, entwine: boolean): void {
  checkEntwine(modal, choices, label);
  if (choices.additional.includes('Entwine')) return;
  const kicked = wasKicked(choices.additional);
  const max = kicked && modal.kickedMax !== undefined ? modal.kickedMax : modal.max;
  if (choices.modes!.length <= max) return;
  const why = kicked ? 'is kicked and' : kicker ? 'is not kicked, so it' : entwine ? 'is not entwined, so it' : '';
  throw new IllegalAction('601.2b', `${label} ${why ? `${why} ` : ''}may choose ${max === 1 ? 'only one mode' : `at most ${max} modes`} (700.2), not ${choices.modes!.length}`);
}

/** 702.42a: paying the entwine cost means choosing every mode, and choosing more modes than the
 * spell says is allowed only by paying it. */
function checkEntwine(modal: ModalSpec, choices: StackChoices, label: string): void {
  const entwined = choices.additional.includes('Entwine');
  if (entwined && choices.modes!.length !== modal.modes.length) {
    throw new IllegalAction('702.42a', `${label}'s entwine cost is paid, so all ${modal.modes.length} of its modes are chosen, not ${choices.modes!.length}`);
  }
}

/** 702.120a: escalate's cost, once for each mode chosen beyond the first. */
function escalateParts(face: CardFace, modes: number[] | undefined): CostPart[] {
  const k = face.abilities.find((a) => a.kind === 'keyword' && a.keyword === 'Escalate') as KeywordAbility | undefined;
  const times = (modes?.length ?? 0) - 1;
  if (!k || times < 1) return [];
  const parts = costTimes(optionalCostParts(k), times);
  if (!parts) throw new IllegalAction('702.120a', `${face.name}'s escalate cost can't be paid more than once`);
  return parts;
}

function optionalCosts(face: CardFace): KeywordAbility[] {
  const out: KeywordAbility[] = [];
  for (const a of face.abilities) {
    if (a.kind === 'keyword' && OPTIONAL_COST_KEYWORDS.includes(a.keyword) && !out.some((k) => k.keyword === a.keyword)) out.push(a);
  }
  return out;
}

/** 601.2b: the optional additional costs the caster announces paying (the `additional` question). */
function chooseOptionalCosts(g: Game, player: PlayerId, label: string, optional: KeywordAbility[]): string[] {
  const options: Option[] = optional.map((k) => ({ id: k.keyword, label: k.text, ...(REPEATABLE_COSTS.includes(k.keyword) ? { repeatable: true } : {}) }));
  const a = g.askOptional({ kind: 'additional', player, rule: '601.2b', prompt: `Pay optional additional costs for ${label}?`, options, illegalRule: '601.2b', silent: true });
  const picked = a ? a.options : [];
  for (const p of picked) if (!options.some((o) => o.id === p)) throw new IllegalAction('601.2b', `${label} has no optional additional cost "${p}"${options.length ? '' : ' (it has none)'}`);
  const twice = picked.find((p, i) => picked.indexOf(p) !== i && !REPEATABLE_COSTS.includes(p));
  if (twice) throw new IllegalAction('601.2b', `${label}'s ${twice.toLowerCase()} cost can be paid only once`);
  return picked;
}

/** What an optional additional cost adds to the total cost: its mana, or other parts ("Buyback—Sacrifice a land"). */
function optionalCostParts(k: KeywordAbility): CostPart[] {
  if (k.costParts) return k.costParts.parts;
  return k.cost ? [{ kind: 'mana', mana: k.cost }] : [];
}

/** The mana cost the caster will pay: the mana cost, an alternative cost (118.9), or {3} face down. */
function paidManaCost(face: CardFace, alt: string | undefined, altAbility: Ability | undefined, faceDown: boolean): ManaCost | null {
  if (faceDown) return parseManaCost('{3}') as ManaCost;
  if (alt === 'without paying its mana cost') return [];
  if (altAbility?.kind === 'keyword' && altAbility.cost) return altAbility.cost;
  if (altAbility?.kind === 'alternative_cost') {
    const m = altAbility.cost.parts.find((p) => p.kind === 'mana');
    return m && m.kind === 'mana' ? m.mana : [];
  }
  return face.manaCost;
}

export { manaValue };
