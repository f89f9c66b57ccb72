// What the engine can do today. A card whose DSL uses anything else is unsupported, with the
// missing mechanism named, and using it in a scenario is an error: never a silent half-card.
// Every instruction verb, trigger event, static and replacement kind of the schema has its handler in
// the engine (the instruction table is typed `Record<Verb, Handler>`, so a verb without a handler
// doesn't compile); what remains to report here are the explicit `unsupported` forms, and the forms
// the schema accepts but the engine honours only in part, listed below.

import { spellOf, type Ability, type CardDef, type CardFace, type Effect, type ReplacementDef, type StaticDef, type Trigger } from './types.js';
import { overloadBlock } from './overload.js';
import { awakenBlock } from './awaken.js';
import { spliceAbility, spliceText } from './splice.js';
import { faces } from './registry.js';
import { costTimes } from './costs.js';



/** Statics that a resolving spell can create for a while: rules of the game, not characteristics. */
const RULE_STATICS: ReadonlySet<StaticDef['kind']> = new Set<StaticDef['kind']>([
  'cant_cast', 'cant_cast_from', 'cant_play_lands', 'additional_lands', 'play_lands_from', 'cant_enter', 'flash', 'cast_from', 'graveyards_as_yours', 'hexproof_player', 'no_max_hand_size', 'max_hand_size', 'cant_lose', 'damage_cant_be_prevented',
]);

/** Events a delayed triggered ability can wait for (603.7). */
const DELAYED_EVENTS: ReadonlySet<Trigger['event']> = new Set<Trigger['event']>([
  'step', 'leaves', 'dies', 'put_into_graveyard', 'becomes_tapped', 'becomes_untapped', 'turned_face_up', 'damage_dealt', 'deals_damage', 'attacks', 'becomes_blocked', 'enters',
  // "when you cast your next instant or sorcery spell this turn": its `it` is the spell cast
  'cast',
]);



/** The keywords the engine reads directly or defines in keywords.ts. */
export const KEYWORDS: ReadonlySet<string> = new Set([
  'Flying', 'First strike', 'Double strike', 'Vigilance', 'Trample', 'Haste', 'Defender', 'Lifelink', 'Deathtouch', 'Reach', 'Flash',
  'Hexproof', 'Indestructible', 'Shroud', 'Menace', 'Kicker', 'Multikicker', 'Flashback', 'Escape', 'Enchant', 'Protection', 'Bestow',
  'Persist', 'Suspend', 'Morph', 'Megamorph', 'Cumulative upkeep', 'Fading', 'Vanishing', 'Embalm', 'Equip', 'Devour', 'Cycling', 'Devoid', 'Prowess', 'Exalted', 'Flanking', 'Bushido', 'Infect', 'Wither', 'Undying', 'Soulshift', 'Bloodthirst', 'Changeling', 'Afterlife', 'Fabricate', 'Modular', 'Extort', 'Renown', 'Evolve', 'Soulbond', 'Mentor', 'Riot', 'Unleash', 'Living weapon', 'Umbra armor', 'Conspire', 'Rampage', 'Dethrone', 'Convoke', 'Improvise', 'Delve', 'Echo', 'Buyback', 'Storm', 'Cascade', 'Rebound', 'Split second', 'Evoke', 'Dash', 'Retrace', 'Madness', 'Unearth', 'Affinity', 'Overload', 'Crew', 'Level up', 'Outlast', 'Ascend', 'Entwine', 'Escalate', 'Aftermath', 'Spectacle', 'Surge', 'Emerge', 'Awaken', 'Jump-start', 'Replicate', 'Splice',
  'Afflict', 'Battle cry', 'Ingest', 'Scavenge', 'Eternalize', 'Transmute', 'Ninjutsu', 'Reinforce', 'Graft', 'Recover', 'Partner', 'Dredge', 'Sunburst', 'Champion', 'Provoke', 'Amplify', 'Typecycling',
  'Intimidate', 'Fear', 'Shadow', 'Horsemanship', 'Skulk', 'Swampwalk', 'Islandwalk', 'Forestwalk', 'Mountainwalk', 'Plainswalk',
]);

const MECHANISM: Partial<Record<string, string>> = {
  Persist: 'persist (a dies trigger returning the card, 702.79)', Undying: 'undying (702.93)', Fading: 'fading (702.32)',
  Devour: 'devour (702.82)', Suspend: 'suspend (702.62)', 'Cumulative upkeep': 'cumulative upkeep (702.24)', Embalm: 'embalm (702.128)',
  Equip: 'equip (702.6)', Morph: 'morph: turning face up (702.37)',
};

/** Changeling works as a characteristic-defining ability only (604.3): granting it by an effect isn't done. */
function grantReasons(abilities: string[] | undefined, out: Set<string>): void {
  if (abilities?.some((a) => a.toLowerCase() === 'changeling')) out.add('granting changeling by an effect (702.73a works only as printed, 604.3a)');
}

function effectReasons(effects: Effect[], out: Set<string>): void {
  for (const e of effects) {
    if (e.verb === 'grant' || e.verb === 'become') grantReasons(e.abilities, out);
    if (e.verb === 'unsupported') out.add(e.reason);
    // "you may pay {X}": X chosen as the cost is paid on resolution, which isn't asked (an "unless" cost's X is the spell's, 107.3a)
    if (e.verb === 'may_pay' && e.cost.parts.some((p) => p.kind === 'mana' && p.mana.some((m) => m.kind === 'x'))) out.add('choosing X for a cost paid on resolution (107.3)');
    else if (e.verb === 'become_copy' && e.except?.grant) abilityReasons(e.except.grant, out);
    else if ((e.verb === 'become' || e.verb === 'grant') && e.with) abilityReasons(e.with, out);
    else if (e.verb === 'create_token' && e.copy_except?.grant) abilityReasons(e.copy_except.grant, out);
    else if (e.verb === 'emblem') for (const x of e.abilities) abilityReasons(x, out);
    else if (e.verb === 'choose' && e.what !== 'color' && e.what !== 'object' && e.what !== 'card_name') out.add(`choosing a ${e.what.replace('_', ' ')}`);
    else if (e.verb === 'delayed' && !DELAYED_EVENTS.has(e.when.event)) out.add(`delayed triggers on ${e.when.event} (603.7)`);
    else if (e.verb === 'create_replacement') replacementReasons(e.def, out);
    if ('do' in e && Array.isArray(e.do)) effectReasons(e.do, out);
    if ('otherwise' in e && Array.isArray(e.otherwise)) effectReasons(e.otherwise, out);
    if (e.verb === 'may_choose') for (const o of e.options) effectReasons(o, out);
    if (e.verb === 'create_static') for (const d of e.defs) if (!RULE_STATICS.has(d.kind)) out.add(`a resolving effect creating the static \`${d.kind}\` for a while`);
  }
}

function replacementReasons(def: ReplacementDef, out: Set<string>): void {
  if (def.kind === 'unsupported') out.add(def.reason);
  else if (def.kind === 'as_enters_choose' && def.what !== 'color' && def.what !== 'creature_type') out.add(`choosing a ${def.what.replace('_', ' ')} as a permanent enters (614.12a)`);
  else if (def.kind === 'instead') effectReasons(def.do, out);
  else if (def.kind === 'enter_as_copy' && def.except?.grant) abilityReasons(def.except.grant, out);
  // parts of definitions the engine reads only in their simple forms
  else if (def.kind === 'draw_instead' && (def.n === 0) !== !!def.optional) out.add('a draw replacement other than "you may skip that draw" or "draw N cards instead" (614.1b, 614.11)');
  else if (def.kind === 'enters_with_counters' && typeof def.affected === 'string' && def.affected !== 'self') out.add('"enters with counters" for a permanent named by a reference (614.1c)');
  else if (def.kind === 'to_graveyard_instead' && def.filter.terms.some((t) => Object.keys(t).some((k) => !['kind', 'token'].includes(k)))) out.add(`"would be put into a graveyard" for "${def.filter.text}": only cards or tokens are told apart (614.1a)`);
  else if ((def.kind === 'damage_multiplier' || def.kind === 'prevent_some') && typeof def.to === 'object' && def.to.terms.some((t) => t.kind === 'player')) out.add('a damage replacement for damage to players matching a filter (614.1a)');
}

/**
 * The filter words "defending player controls" are judged for the player the ability's source attacks
 * (506.2): in a triggered ability, only one about the source's own attack or block is read so.
 */
function defendingPlayerReasons(a: Extract<Ability, { kind: 'triggered' }>, out: Set<string>): void {
  if (!JSON.stringify(a.modal ?? a.block).includes('"controller":"defending_player"')) return;
  const w = a.when;
  const own = (w.event === 'attacks' || w.event === 'becomes_blocked' || w.event === 'attacks_unblocked') && w.attacker === 'self';
  if (!own) out.add('"defending player" in an ability about another creature\'s attack (506.2)');
}

function abilityReasons(a: Ability, out: Set<string>): void {
  switch (a.kind) {
    case 'keyword':
      if (!KEYWORDS.has(a.keyword)) out.add(MECHANISM[a.keyword] ?? `the keyword ${a.keyword}`);
      break;
    case 'spell':
    case 'activated':
    case 'triggered':
      for (const b of a.modal ? a.modal.modes : [a.block]) effectReasons(b.effects, out);
      if (a.kind === 'triggered') defendingPlayerReasons(a, out);
      break;
    case 'static':
      for (const def of a.defs) {
        if (def.kind === 'unsupported') out.add(def.reason);
        if (def.kind === 'grant' || def.kind === 'pump') grantReasons(def.kind === 'grant' ? def.abilities : def.grant, out);
        if ((def.kind === 'grant' || def.kind === 'pump') && def.given) for (const x of def.given) abilityReasons(x, out);
      }
      break;
    case 'replacement':
      replacementReasons(a.def, out);
      break;
    case 'unsupported':
      out.add(a.reason);
      break;
    default:
      break;
  }
}

/** Overload (702.96a) changes "target" to "each" only in a spell whose targets are simple to read so. */
function overloadReasons(face: CardFace, out: Set<string>): void {
  if (!face.abilities.some((a) => a.kind === 'keyword' && a.keyword === 'Overload')) return;
  const spell = spellOf(face);
  if (!spell || spell.modal || !overloadBlock(spell.block)) out.add('overload of a spell whose targets don\'t simply read as "each" (702.96a)');
}

/** Awaken (702.113a) adds a target and instructions to a spell whose block can take them simply;
 * splice (702.47a) lends a text that is a single spell ability, neither modal nor dividing an amount. */
function addedTextReasons(face: CardFace, out: Set<string>): void {
  const spell = spellOf(face);
  if (face.abilities.some((a) => a.kind === 'keyword' && a.keyword === 'Awaken') && (!spell || spell.modal || !awakenBlock(face, spell.block))) out.add('awaken on a spell whose text can\'t simply take its instruction (702.113a)');
  if (spliceAbility(face) && !spliceText(face)) out.add('splice of a text that isn\'t a single simple spell ability (702.47a)');
}

/** Entwine (702.42a) and escalate (702.120a) are about the modes of a modal spell; elsewhere they mean nothing the engine reads. */
function modalCostReasons(face: CardFace, out: Set<string>): void {
  for (const k of ['Entwine', 'Escalate']) {
    if (face.abilities.some((a) => a.kind === 'keyword' && a.keyword === k) && !spellOf(face)?.modal) out.add(`${k.toLowerCase()} on a spell that isn't modal (700.2)`);
  }
  const esc = face.abilities.find((a) => a.kind === 'keyword' && a.keyword === 'Escalate');
  if (esc?.kind === 'keyword' && esc.costParts && !costTimes(esc.costParts.parts, 2)) out.add('an escalate cost that can\'t be paid more than once (702.120a)');
}

/** Why the engine can't yet do this card whole (empty when it can). */
export function unsupportedReasons(card: CardDef): string[] {
  // what the engine can do changes between versions: derived from the DSL each time
  const out = new Set<string>(card.declaredUnsupported ? [card.declaredUnsupported] : []);
  for (const f of faces(card)) for (const a of f.abilities) abilityReasons(a, out);
  for (const f of faces(card)) overloadReasons(f, out);
  for (const f of faces(card)) modalCostReasons(f, out);
  for (const f of faces(card)) addedTextReasons(f, out);
  return [...out];
}
