// The English sentence of each event type: the trace, the JSON `text` field and the "attempted,
// then undone" lines of a rejected action (730) all say what happened through `describeEvent`.
// The engine's events carry data only (src/state/events.ts); this is their one renderer.

import { COLOR_NAMES, poolText, type ColorLetter } from '../core/mana.js';
import type { Announced, ChangeEvent, ReplacedEvent, CostNote, MoveHow, Decision, InstructionEvent, Nothing, CombatEvent, CopyException, CostReduction, DamageResult, EventBody, EventOf, LossReason, MetaEvent, ObjRef, Replacement, ReplacementEvent, ReplacementOrder, ResolutionEvent, SbaEvent, SbaReason, Shield, ThingRef, TurnEvent } from '../state/events.js';
import type { EffectDuration, ZoneName } from '../state/state.js';
import { stepLabel } from '../game/turn.js';
import { describeCostPart } from '../stack/costs.js';
import { NUMBER_WORDS } from '../events/replacement.js';
import type { StepName, Trigger } from '../cards/types.js';

type From<T> = Exclude<EventBody, T>;

const ORDINALS: Record<number, string> = { 2: 'second', 3: 'third', 4: 'fourth', 5: 'fifth', 6: 'sixth', 7: 'seventh' };
const s = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;
const thing = (t: ThingRef): string => ('player' in t ? t.player : t.obj.name);
const zone = (z: ZoneName | null, owner?: string): string => (z === null ? 'nowhere' : z === 'battlefield' || z === 'stack' ? `the ${z}` : `${owner}'s ${z}`);
const step = (st: string): string => stepLabel(st as StepName);
const names = (objs: ObjRef[]): string => objs.map((o) => o.name).join(', ');
const PLAY_UNTIL = { end_of_turn: 'this turn', end_of_your_next_turn: 'until the end of their next turn', permanent: 'for as long as it remains exiled' } as const;

/** The sentence of one event. */
export function describeEvent(e: EventBody): string {
  switch (e.type) {
    case 'turn_began': return `turn ${e.turn} begins: ${e.active} is the active player${e.extra ? ' (an extra turn)' : ''}`;
    case 'extra_turn': return `${e.player} will take an extra turn after this one (${e.by.name})`;
    case 'step_began': return `${e.active}'s ${step(e.step)} begins (turn ${e.turn})`;
    case 'first_draw_skipped': return `${e.player} plays first and skips the draw of the first turn`;
    case 'untap_declined': return `${e.player} chooses not to untap ${e.obj.name}`;
    case 'pool_emptied': return `${e.player}'s unused mana ${poolText(e.pool)} empties from the pool as the ${step(e.step)} ends`;
    case 'combat_ended': return 'combat ends: all creatures are removed from combat';
    case 'cleanup': return `damage is removed from permanents${e.effectsEnded ? ` and ${e.effectsEnded} "until end of turn" effect(s) end` : ''}`;
    case 'priority': return `${e.player} receives priority`;
    case 'pass': return `${e.player} passes${e.pool.length ? ` (with ${poolText(e.pool)} in their pool)` : ''}`;
    case 'all_passed': return e.stackEmpty ? `all players passed with an empty stack: the ${step(e.step)} ends` : 'all players passed in succession: the top object of the stack resolves';
    case 'game_over': return gameOver(e);
    case 'loop': return e.mandatory
      ? `the game is back in the state it was in ${e.resolutions} resolution(s) ago with no choice made since: a loop of mandatory actions that can't end`
      : `the game is back in the state it was in ${e.resolutions} resolution(s) ago, by the players' own choices: an optional loop, which goes on only while they choose the same (a player stops it by choosing differently; it is no draw, 104.4b)`;
    case 'no_attackers': return `${e.player} declares no attackers`;
    case 'attacks': return `${e.attacker.name} attacks ${thing(e.target)}${e.tapped ? ' and becomes tapped' : " (vigilance: it doesn't tap)"}`;
    case 'attackers_declared': return `${e.player} declares ${s(e.count, 'attacking creature')}`;
    case 'blocks': return `${e.blocker.name} blocks ${e.attackers.map((a) => a.name).join(', ')}`;
    case 'no_blockers': return 'no blockers are declared';
    case 'unblocked': return `${e.obj.name} is unblocked`;
    // ninjutsu's creature enters after blockers were declared (702.49a); a token may enter before (508.4)
    case 'put_attacking': return `${e.obj.name} enters attacking ${'player' in e.target ? e.target.player : e.target.obj.name}, ${e.rule === '702.49a' ? 'unblocked and ' : ''}never declared as an attacker`;
    case 'blocked': return `${e.obj.name} becomes blocked by ${e.by.map((b) => b.name).join(' and ')}`;
    case 'removed_from_combat': return `${e.obj.name} is removed from combat (${e.by ? e.by.name : e.because === 'not_a_creature' ? 'it is no longer a creature' : e.because === 'not_a_planeswalker' ? 'it is no longer a planeswalker' : 'its controller changed'})`;
    case 'attacks_nothing': return `${e.obj.name} attacks nothing (what it attacked has left combat) and assigns no combat damage`;
    case 'combat_damage_step': return e.none ? 'no combat damage is dealt' : `combat damage${e.firstStrike ? ' (first strike)' : ''} is dealt, all at once`;
    default: return describeChange(e);
  }
}

function gameOver(e: EventOf<'game_over'>): string {
  if (e.winner === null) return e.rule === '104.4b' ? 'the game is a draw (a loop of mandatory actions)' : 'all players lost at once: the game is a draw';
  return e.by ? `${e.winner} wins the game (${e.by.name})` : `${e.winner} is the only player left and wins the game`;
}

function describeChange(e: From<TurnEvent | CombatEvent>): string {
  switch (e.type) {
    case 'zone_move': return `${e.obj.name} ${e.how ? moveHow(e.how, e.owner) : e.to === null ? 'leaves' : 'moves'}: ${zone(e.from, e.owner)} -> ${e.to === null ? 'ceases to exist' : zone(e.to, e.owner)}`;
    case 'madness_exiled': return `${e.obj.name} has madness: it is discarded into exile instead of ${e.player}'s graveyard`;
    case 'flashback_exiled': return `${e.obj.name} was cast with flashback: it is exiled instead`;
    case 'jump_start_exiled': return `${e.obj.name} was cast using jump-start: it is exiled instead`;
    case 'aftermath_exiled': return `${e.obj.name} has aftermath and was cast from a graveyard: it is exiled instead`;
    case 'cant_enter': return `${e.by.name} says ${e.obj.name} can't enter the battlefield${e.outcome === 'stays' ? `: it stays in ${zone(e.zone, e.owner)}` : e.outcome === 'not_created' ? ": it isn't created" : ''}`;
    case 'shuffled': return `${e.player} shuffles their library`;
    case 'damage': return `${e.source.name} deals ${e.amount} damage to ${thing(e.to)}${damageResult(e.result)}`;
    case 'life': return lifeLine(e);
    case 'energy': return `${e.player} ${e.delta >= 0 ? 'gets' : 'pays'} ${s(Math.abs(e.delta), 'energy counter')} (now ${e.energy})`;
    case 'draw': return `${e.player} draws ${e.obj.name}`;
    case 'draw_empty': return `${e.player} tries to draw from an empty library`;
    case 'indestructible': return `${e.obj.name} is indestructible and isn't destroyed`;
    case 'wont_untap': {
      const when = e.held ? `untap steps${duration(e.held)}` : e.player ? `${e.player}'s next untap step` : `${e.objs.length === 1 ? 'its' : 'their'} controller's next untap step`;
      return `${names(e.objs)} ${e.objs.length === 1 ? "doesn't" : "don't"} untap during ${when} (${e.by.name})`;
    }
    case 'doesnt_untap': return `${e.obj.name} doesn't untap (${e.by.name})`;
    case 'not_countered': return `${e.obj.name} can't be countered: ${e.by} doesn't counter it`;
    case 'renowned': return `${e.obj.name} becomes renowned (${e.by.name})`;
    case 'explored': return `${e.obj.name} explored: ${e.revealed ? `${e.player} revealed ${e.revealed.name} (${e.to === 'library' ? 'left on top of the library' : `put into the ${e.to}`})` : `${e.player}'s library is empty`}${e.counter ? ', a +1/+1 counter was put on it' : ''}`;
    case 'paired': return `${e.obj.name} is paired with ${e.with.name} (${e.by.name})`;
    case 'unpaired': return `${e.obj.name} is no longer paired`;
    case 'monstrous': return `${e.obj.name} becomes monstrous (${e.by.name})`;
    case 'regenerated': return `${e.obj.name} regenerates instead of being destroyed: tapped, damage removed, removed from combat`;
    case 'tapped': return 'cost' in e.cause ? `${e.obj.name} is tapped to pay the cost of ${e.cause.cost}` : `${e.obj.name} becomes tapped${e.cause.by ? ` (${e.cause.by})` : ''}`;
    case 'untapped': return 'cost' in e.cause ? `${e.obj.name} is untapped to pay the cost of ${e.cause.cost}` : `${e.obj.name} becomes untapped${e.cause.by ? ` (${e.cause.by})` : ''}`;
    case 'counters': return countersLine(e);
    case 'clash': return `${e.player} ${e.won ? 'wins' : 'does not win'} the clash${e.opponent ? ` with ${e.opponent}` : ''}`;
    case 'coin_flip': return `${e.player} flips a coin and ${e.won ? 'wins' : 'loses'} the flip`;
    case 'damage_by_toughness': return `${e.obj.name} assigns combat damage equal to its toughness, ${e.toughness}, rather than its power (${e.by.name})`;
    case 'requirement_waived': return `${e.obj.name} needn't ${e.what}: it would ${e.what} only if a cost were paid, and no requirement makes a player pay one`;
    case 'combat_cost': return `${e.player}'s total cost to ${e.what} is locked in: ${e.costs.map((c) => `${c.cost} for ${c.creature.name} (${c.source})`).join(', ')}`;
    case 'exerted': return `${e.player} exerts ${e.obj.name} as it attacks: it won't untap during their next untap step`;
    case 'turned_face_up': return `${e.player} turns the face-down permanent face up: it is ${e.obj.name} (a special action; it doesn't enter the battlefield, 708.8)`;
    case 'replacements_ordered': return ordered(e.how);
    case 'damage_prevented': return prevented(e.by, e.source, e.to, e.amount, e.shield);
    case 'replaced': return replaced(e.by, e.what);
    default: return describeStack(e);
  }
}

function moveHow(h: MoveHow, owner: string): string {
  switch (h.kind) {
    case 'played_land': return `is played as a land by ${h.player}`;
    case 'cast': return `is put on the stack by ${h.player}${h.adventure !== null ? ` as its Adventure, ${h.adventure}` : ''}${h.faceDown ? ' face down' : ''}`;
    case 'resolves_enters': return 'resolves and enters';
    case 'enters_under': return `enters under ${h.player}'s control`;
    case 'enters_attached': return `enters attached to ${thing(h.to)}`;
    case 'adventure': return 'resolves and goes on an adventure in exile';
    case 'finishes_resolving': return `${h.copy ? '(a copy) ' : ''}finishes resolving`;
    case 'removed_from_stack': return `${h.copy ? '(a copy) ' : ''}is removed from the stack`;
    case 'countered': return `is countered by ${h.by}${h.to !== 'graveyard' ? ` and goes to ${zone(h.to, owner)} instead` : ''}`;
    case 'destroyed': return `is destroyed${h.by ? ` (${h.by})` : ''}`;
    case 'sacrificed': return `is sacrificed${h.by ? ` (${h.by})` : ''}`;
    case 'to_graveyard': return "is put into its owner's graveyard";
    case 'cant_enter': return "can't enter the battlefield and is put into its owner's graveyard";
    case 'suspended': return `is suspended by ${h.player}`;
    case 'discarded': return `is discarded by ${h.by}`;
    case 'discarded_to_hand_size': return 'is discarded down to maximum hand size';
    case 'milled': return 'is milled';
    case 'exiled': return `is exiled by ${h.by.name}${h.untilLeaves ? ` until ${h.by.name} leaves the battlefield` : ''}`;
    case 'exiled_from_library': return `is exiled from the top of ${h.player}'s library by ${h.by.name}`;
    case 'returned_to_hand': return `is returned to ${h.player === null ? 'its owner' : h.player}'s hand by ${h.by.name}`;
    case 'onto_battlefield': return `is ${h.returned ? 'returned' : 'put'} onto the battlefield by ${h.by.name}`;
    case 'shuffled_in': return `is shuffled into its owner's library by ${h.by.name}`;
    case 'put_on_library': return h.nth ? `is put into its owner's library ${ORDINALS[h.nth] ?? `number ${h.nth}`} from the top by ${h.by.name}` : `is put on the ${h.position} of its owner's library by ${h.by.name}`;
    case 'found': return `is found by ${h.player}'s search (${h.by.name})`;
    case 'sacrificed_entering': return `is sacrificed as ${h.by.name} enters`;
    case 'exiled_entering': return `is exiled as ${h.by.name} enters`;
    case 'returns_to_owner': return `returns to the battlefield under its owner's control as ${h.by.name} has left it`;
    case 'paid': return `is ${h.action === 'exiled_from_library' ? 'exiled from the top of the library' : h.action} to pay the cost of ${h.cost}`;
  }
}

function damageResult(r: DamageResult): string {
  switch (r.kind) {
    case 'life': return ` (life ${r.before} -> ${r.after})`;
    case 'marked': return ` (damage marked: ${r.total})`;
    case 'poison': return ` (poison counters ${r.before} -> ${r.after})`;
    case 'counters': return ` (as ${r.counter} counters)`;
    case 'loyalty': return `: ${r.removed} loyalty counter(s) removed (loyalty ${r.loyalty})`;
  }
}

function lifeLine(e: EventOf<'life'>): string {
  const n = Math.abs(e.delta);
  if (e.how === 'gain') return `${e.player} gains ${n} life (now ${e.life})`;
  if (e.how === 'lose') return `${e.player} loses ${n} life (now ${e.life})`;
  return `${e.player} pays ${n} life (now ${e.life})${e.entersUntapped ? `: ${e.entersUntapped.name} enters untapped` : ''}`;
}

function countersLine(e: EventOf<'counters'>): string {
  const c = e.cause;
  const n = Math.abs(e.delta);
  if ('suspended' in c) return `${e.obj.name} is exiled with ${s(n, 'time counter')} on it`;
  if ('loyalty' in c) return `${e.obj.name}: ${e.delta >= 0 ? `+${e.delta}` : e.delta} loyalty (now ${c.now}) to pay the cost of ${c.loyalty}`;
  if ('cost' in c) return `${n} ${e.counter} counter(s) removed from ${e.obj.name} to pay the cost of ${c.cost}`;
  if ('removed' in c) return `${n} ${e.counter} counter(s) removed from ${e.obj.name}`;
  return `${n} ${e.counter} counter${n === 1 ? '' : 's'} put on ${e.obj.name}${c.put && c.put !== e.obj.name ? ` (${c.put})` : ''}`;
}

function ordered(o: ReplacementOrder): string {
  switch (o.kind) {
    case 'each_once': return `each of the ${o.count} replacement effects applied once to this event`;
    case 'nested': return 'this event comes from another replacement effect, and a replacement effect applies to it in turn';
    case 'commute': return `${o.effects.map((c) => `${c.by.name}: ${c.effect}`).join('; ')}: all apply, in any order with the same result`;
    case 'chosen': return `${o.player} applies ${o.first.name}'s effect first (${o.count} apply)`;
  }
}

function prevented(byRef: ObjRef, source: ObjRef, to: ThingRef, amount: number, sh: Shield): string {
  const by = byRef.name;
  switch (sh.kind) {
    case 'protection': return `${by} has ${sh.quality}: the ${amount} damage from ${source.name} is prevented`;
    case 'next': return `${by}: the next time ${source.name} would deal damage to ${thing(to)}, it is prevented (${amount})`;
    case 'all': return `${by}: ${amount} damage to ${thing(to)} is prevented`;
    case 'some': return `${by}: ${amount} damage to ${thing(to)} is prevented${sh.left > 0 ? ` (${sh.left} left to prevent)` : ''}`;
    case 'up_to': return `${by}: ${amount} of the ${sh.of} damage to ${thing(to)} is prevented`;
  }
}

function replacedEvent(r: ReplacedEvent): string {
  switch (r.kind) {
    case 'move': return `${r.obj.name} moving to ${r.to}`;
    case 'damage': return `${r.amount} damage from ${r.source.name} to ${thing(r.to)}`;
    case 'counters': return `${r.n} ${r.counter} counter(s) on ${r.obj.name}`;
    case 'tokens': return `${r.n} token(s) for ${r.player}`;
    case 'gain_life': return `${r.player} gaining ${r.n} life`;
    case 'draw': return `${r.player}'s draw`;
  }
}

function replaced(by: ObjRef, r: Replacement): string {
  const src = by.name;
  switch (r.kind) {
    case 'enters_tapped': return `${src}: ${r.obj.name} enters tapped`;
    case 'enters_with_counters': return r.obj ? `${src}: ${r.obj.name} enters with ${r.n} additional ${r.counter} counter${r.n === 1 ? '' : 's'}` : `${src} enters with ${r.n} ${r.counter} counter${r.n === 1 ? '' : 's'}`;
    case 'color_chosen': return `${r.player} chooses ${COLOR_NAMES[r.color as ColorLetter]} as ${src} enters`;
    case 'type_chosen': return `${r.player} chooses the creature type ${r.subtype} as ${src} enters`;
    case 'counter_or_gains': return r.counter ? `${r.player} has ${src} enter with an additional ${r.counter} counter` : `${r.player} doesn't have ${src} enter with an additional counter: it gains ${r.gains!.toLowerCase()}`;
    case 'extra_counter': return `${src} enters with an additional ${r.counter} counter`;
    case 'sacrificed_to_enter': return `${r.player} sacrifices ${r.count} as ${src} enters: it enters with ${Object.entries(r.counters).map(([k, n]) => `${n} ${k}`).join(', ') || 'no'} counters`;
    case 'nothing_exiled': return `${r.player} exiles no cards as ${src} enters`;
    case 'control': return `${src}: ${r.obj.name} enters under ${r.player}'s control instead of ${r.instead}'s`;
    case 'leaves_exiled': return `${src}: ${r.obj.name} would leave the battlefield for ${r.to === 'graveyard' ? 'a graveyard' : r.to === 'library' ? 'a library' : r.to === 'hand' ? 'a hand' : r.to}; it is exiled instead`;
    case 'umbra_armor': return `${src}'s umbra armor: ${r.obj.name} would be destroyed; instead all damage is removed from it and ${src} is destroyed`;
    case 'exiled_instead': return `${src}: ${r.obj.name} would be put into a graveyard; it is exiled instead`;
    case 'instead': return `${src}'s replacement effect applies: instead of ${replacedEvent(r.event)}, ${r.verbs.map((v) => v.replace(/_/g, ' ')).join(', then ')}`;
    case 'life_floor': return `${src}: the damage would reduce ${r.player}'s life below 1; it reduces it to 1 instead (${r.from} -> ${r.to})`;
    case 'damage_multiplied': return `${src}: ${r.from} damage becomes ${r.to}`;
    case 'damage_redirected': return `${src}: ${r.amount} damage that would be dealt to ${thing(r.from)} is dealt to ${thing(r.to)} instead`;
    case 'counters_multiplied': return `${src}: ${r.from} ${r.counter} counter${r.from === 1 ? '' : 's'} become ${r.to}`;
    case 'tokens_multiplied': return `${src}: ${r.from} token${r.from === 1 ? '' : 's'} become ${r.to}`;
    case 'life_multiplied': return `${src}: gaining ${r.from} life becomes gaining ${r.to}`;
    case 'draw_skipped': return `${r.player} skips the draw (${src})`;
    case 'draw_instead': return `${src}: ${r.player} draws ${NUMBER_WORDS[r.n] ?? r.n} card${r.n === 1 ? '' : 's'} instead`;
  }
}

function describeStack(e: From<TurnEvent | CombatEvent | ChangeEvent | ReplacementEvent>): string {
  switch (e.type) {
    case 'ability_activating': return `${e.player} activates ${e.label}: "${e.abilityText}"`;
    case 'overloaded': return `${e.obj.name} is overloaded: its text says "each" where it said "target", so it has no targets`;
    case 'announced': return `${e.player} announces for ${e.label}: ${announced(e.choices).join('; ')}`;
    case 'targets_chosen': return `${e.label} targets ${e.targets.length ? e.targets.map(thing).join(', ') : 'nothing'}`;
    case 'divided': return `${e.label} divides ${e.total}: ${e.parts.map((p) => `${p.n} to ${thing(p.to)}`).join(', ')}`;
    case 'cost_locked': return `total cost of ${e.label}: ${e.mana}${e.other.length ? ` plus ${e.other.map(describeCostPart).join(', ')}` : ''}${e.notes.length ? ` [${e.notes.map(costNote).join('; ')}]` : ''}, locked in`;
    case 'cost_reduced': return reduction(e.by, e.how);
    case 'cost_zero': return `the mana cost {0} of ${e.label} is paid by acknowledging it`;
    case 'cost_draw_replaced': return `the draw was replaced, but ${describeCostPart(e.part)} still counts as paid for ${e.label}`;
    case 'cost_paid_by': return `${e.obj.name} pays ${e.pays} of the cost of ${e.label} (${e.how})`;
    case 'mana_paid': return `${e.player} pays ${poolText(e.mana)} for ${e.label}`;
    case 'mana_ability': return `${e.player} ${e.tapped ? `taps ${e.obj.name} for` : `activates ${e.obj.name}'s mana ability for`} ${e.mana.length ? poolText(e.mana) : 'no mana'} (a mana ability: no stack)${e.auto ? ' [automatic payment]' : ''}`;
    case 'mana_triggered': return `${e.source.name}'s triggered mana ability resolves at once: ${e.player} adds ${poolText(e.mana) || 'no mana'}`;
    case 'spell_cast': return `${e.player} casts ${e.label}${e.x !== null ? ` (X = ${e.x})` : ''} from ${zone(e.from, e.owner)}`;
    case 'ability_activated': return `${e.player} has activated ${e.label}`;
    default: return describeResolution(e);
  }
}

function announced(c: Announced): string[] {
  return [
    c.modes ? `modes ${c.modes.join(', ')}` : '',
    c.alt ? `alternative cost: ${c.alt}` : '',
    c.additional?.length ? `additional: ${c.additional.join(', ')}` : '',
    c.x !== undefined ? `X = ${c.x}` : '',
    c.hybrid ? `hybrid as ${c.hybrid}` : '',
    c.phyrexian ? `Phyrexian paid with ${c.phyrexian.join(', ')}` : '',
  ].filter(Boolean);
}

function costNote(n: CostNote): string {
  switch (n.kind) {
    case 'increase': return `+${n.mana}${n.times > 1 ? ` x${n.times}` : ''} (${n.by})`;
    case 'minimum': return `raised to ${n.total} mana (${n.by})`;
    case 'reduce': return `-${n.mana}${n.asGeneric ? ' as generic' : ''} (${n.by})`;
  }
}

function reduction(by: string, r: CostReduction): string {
  switch (r.kind) {
    case 'hybrid_half': return `${r.player} applies ${by}'s hybrid reduction as ${r.half}`;
    case 'phyrexian': return `${by}'s Phyrexian reduction {${r.color}/P} reduces the cost by {${r.color}}`;
    case 'snow': return `${by}'s {S} reduction reduces the generic part by {1}`;
    case 'generic': return r.taken > 0
      ? `${by}: the generic reduction of {${r.n}} takes {${r.taken}} off the generic part (never colored mana)`
      : `${by}: the cost has no generic mana, so the {${r.n}} reduction reduces nothing (it never touches colored mana)`;
    case 'colored': return `${by} reduces {${r.mana}}`;
    case 'colored_only_none': return `${by} reduces only colored mana: the cost has no {${r.mana}} left, so that part reduces nothing`;
    case 'as_generic': return r.had
      ? `${by}: the {${r.mana}} reduction exceeds the {${r.mana}} in the cost, so it reduces the generic part`
      : `${by}: the cost has no {${r.mana}}, so the {${r.mana}} reduction reduces the generic part`;
  }
}

function describeResolution(e: SbaEvent | MetaEvent | ResolutionEvent | InstructionEvent): string {
  switch (e.type) {
    case 'trigger_skipped': return e.why === 'condition'
      ? `${e.source.name}'s ability doesn't trigger: its intervening "if" condition is false`
      : `${e.source.name}'s ability doesn't trigger: ${names(e.by ?? [])} says that permanent entering causes no triggers`;
    case 'triggers_again': return `${names(e.by)}: it triggers an additional time`;
    case 'triggered': return `${e.source.name}'s ability triggers: "${e.abilityText}"`;
    case 'delayed_triggered': return `the delayed triggered ability of ${e.source.name} triggers (${e.on !== null ? e.on.replace(/_/g, ' ') : (e.effects?.join(', ') ?? 'delayed ability')})`;
    case 'apnap_order': return `triggered abilities of ${e.players.join(' and ')} go on the stack in APNAP order: ${e.players.map((p) => `${p}'s`).join(', then ')}; the last put there resolve first`;
    case 'trigger_removed': return `${e.label} has no legal target and is removed from the stack`;
    case 'trigger_on_stack': return `${e.label} is put on the stack${e.targets.length ? ` targeting ${e.targets.map(thing).join(', ')}` : ''}`;
    case 'resolves': return e.illegal.length
      ? `${e.obj.name} resolves; its illegal target${e.illegal.length > 1 ? 's' : ''} (${e.illegal.map(thing).join(', ')}) ${e.illegal.length > 1 ? 'are' : 'is'} not affected`
      : `${e.obj.name} resolves`;
    case 'bestow_fails': return `${e.obj.name}'s target is illegal: it stops being bestowed and resolves as a creature spell`;
    case 'fizzles': return fizzles(e);
    case 'condition_false': return `${e.obj.name}: its intervening "if" condition is checked again and is false, so it is removed from the stack and does nothing (608.2a)`;
    case 'delayed_object_gone': return `${e.name ?? 'the object'} has left its zone since: it is a new object, and the delayed ability does nothing to it`;
    case 'last_known_used': if (e.what === 'spell') return `${e.name ?? 'the spell'} has left the stack: it is copied as it last existed there`;
      return `${e.name ?? 'the object'} is no longer there: its last known ${e.what.replace('_', ' ')} is used (${e.value})`;
    case 'copy_put': return `${e.by} puts a copy of ${e.of.name} on the stack, controlled by ${e.controller}, with the same choices`;
    case 'copy_retargeted': return `the copy ${e.radiate ? '' : 'now '}targets ${e.targets.map(thing).join(', ')}`;
    case 'no_copies': return `${e.by}: no other permanent or player could be targeted: no copies`;
    case 'nothing_to_copy': return `${e.by} has nothing to copy`;
    case 'becomes_copy': return `${e.by} ${e.enters ? 'enters as' : 'becomes'} a copy of ${e.of.name}${e.untilFaceDown ? ' until it is turned face down' : ''}`;
    case 'copy_exception': return copyException(e.exception);
    case 'copied_values': return copiedValues(e);
    default: return describeInstruction(e);
  }
}

function fizzles(e: EventOf<'fizzles'>): string {
  const ill = e.illegal.map(thing).join(', ');
  if (e.permanent) return `${e.obj.name}'s target (${ill}) is illegal: it doesn't resolve and is put into its owner's graveyard`;
  return `${e.obj.name} doesn't resolve: its target${e.total > 1 ? 's are' : ' is'} illegal (${ill})${e.ability ? '' : '; none of its instructions happen'}`;
}

export function copyException(x: CopyException): string {
  switch (x.kind) {
    case 'not_color': return "it doesn't copy the color: it keeps its own";
    case 'add_types': return `it's also ${x.types.join(' and ')}, as part of its copiable values`;
    case 'pt': return `it's ${x.power}/${x.toughness}, as part of its copiable values`;
    case 'not_legendary': return "it isn't legendary, as part of its copiable values";
    case 'extra_ability': return 'it also has the ability that made it a copy';
    case 'grant': return `it also has "${x.text}"`;
    case 'colors': return `it's ${x.colors.join('')}, as part of its copiable values`;
    case 'no_mana_cost': return 'it has no mana cost, as part of its copiable values';
    case 'add_subtypes': return `it's also a ${x.subtypes.join(' ')}, as part of its copiable values`;
  }
}

function copiedValues(c: EventOf<'copied_values'>): string {
  const types = [...c.supertypes, ...c.types].join(' ') + (c.subtypes.length ? ` - ${c.subtypes.join(' ')}` : '');
  const pt = c.power !== null && c.toughness !== null ? ` ${c.power}/${c.toughness}` : '';
  return `it copies only the copiable values: ${c.name ?? '(no name)'}, ${types || 'no types'}, ${c.colors.join('') || 'colorless'}${pt}`;
}

const verbs = (effects: string[]): string => effects.map((v) => v.replace(/_/g, ' ')).join(', then ');

function duration(d: EffectDuration): string {
  switch (d.kind) {
    case 'end_of_turn': return ' until end of turn';
    case 'while_source_tapped': return ' for as long as its source remains tapped';
    case 'while_source_on_battlefield': return ' for as long as its source remains on the battlefield';
    case 'while_source_controlled': return ' for as long as its controller controls its source';
    case 'while_source_controlled_and_tapped': return ' for as long as its controller controls its source and its source remains tapped';
    case 'permanent': return '';
  }
}

/** The singular of the verbs a continuous effect's change begins with (written for several objects). */
const SINGULAR: Record<string, string> = { get: 'gets', gain: 'gains', lose: 'loses', become: 'becomes', have: 'has', come: 'comes', are: 'is' };

/** A change written for several objects ("get +3/+3"), said of the objects affected: "Grizzly Bears gets +3/+3". */
function affectedWhat(affected: ObjRef[], what: string): string {
  const [verb, ...rest] = what.split(' ');
  const agreed = affected.length === 1 ? SINGULAR[verb!] ?? verb : verb;
  return `${names(affected)} ${[agreed, ...rest].join(' ')}`;
}

function describeInstruction(e: SbaEvent | MetaEvent | InstructionEvent): string {
  switch (e.type) {
    case 'continuous_effect': return `${e.by.name}: ${affectedWhat(e.affected, e.what)}${duration(e.duration)}`;
    case 'effect_ended': return `the effect of ${e.by.name} that lasted${duration(e.duration)} ends: that no longer holds`;
    case 'rules_effect': return `${e.by.name}: ${e.kinds.map((k) => k.replace(/_/g, ' ')).join('; ')} (for ${e.player}), until end of turn`;
    case 'replacement_created': return `${e.by.name} creates a replacement effect${e.untilEndOfTurn ? ' until end of turn' : ''}`;
    case 'self_replacement': return `${e.by.name}'s own replacement ("${e.to === 'library_top' ? "on top of its owner's library" : e.to === 'hand' ? "into its owner's hand" : 'exile it'} instead") is a self-replacement effect: it applies before any other (614.15)`;
    case 'regeneration_shield': return `${e.by.name}: the next time ${e.obj.name} would be destroyed this turn, it is regenerated instead`;
    case 'prevention_shield': return preventionShield(e);
    case 'redirection_shield': return `${e.by.name}: ${e.amount === 'all' ? 'all' : e.amount === 'next' ? 'the next instance of' : `the next ${e.amount}`} ${e.combatOnly ? 'combat ' : ''}damage ${e.fromObj ? `${e.fromObj.name} would deal ` : ''}${e.to ? `to ${thing(e.to)} ` : ''}this turn will be dealt to ${thing(e.redirectTo)} instead`;
    case 'may_play': return `${e.player} may ${e.castOnly ? 'cast' : 'play'} ${e.cards.map((o) => o.name).join(', ')} from exile${e.free ? ' without paying its mana cost' : ''} ${PLAY_UNTIL[e.until]} (${e.by.name})`;
    case 'combat_restriction': return e.what === 'assign_combat_damage'
      ? `${e.objs.map((o) => o.name).join(', ')} assign${e.objs.length === 1 ? 's' : ''} no combat damage this turn (${e.by.name})`
      : `${e.objs.map((o) => o.name).join(', ')} can't ${e.what.replace(/_/g, ' ')} this turn (${e.by.name})`;
    case 'must_block': return e.blocker ? `${e.blocker.name} blocks ${e.attacker.name} this turn if able (${e.by.name})` : `all creatures able to block ${e.attacker.name} this turn do so (${e.by.name})`;
    case 'text_exchanged': return `${e.by.name}: ${e.a.name} and ${e.b.name} exchange text boxes${duration(e.duration)}`;
    case 'delayed_created': return delayedCreated(e);
    case 'reflexive_triggered': return `${e.by.name}'s reflexive triggered ability triggers ("when you do": ${verbs(e.effects)})`;
    case 'divided_evenly': return `${e.by.name}: ${e.total} damage divided evenly, rounded down, among ${e.count} targets: ${e.each} each`;
    case 'destroy_all': return `${e.by.name} destroys each ${e.filter}: ${e.objs.length ? e.objs.map((o) => o.name).join(', ') : 'none'}`;
    case 'too_few': return tooFew(e);
    case 'mana_added': return `${e.by.name} adds ${poolText(e.mana) || 'no mana'} to ${e.player}'s mana pool`;
    case 'library_empty': return e.for === 'reveal' ? `${e.player}'s library is empty: there is nothing to reveal` : `${e.player}'s library is empty: there is no card to exile`;
    case 'revealed': return e.from === 'search' ? `${e.player} reveals ${e.obj.name}, found by their search (${e.by.name})` : `${e.player} reveals ${e.obj.name} from ${e.from === 'hand' ? 'their hand' : 'the top of their library'} (${e.by.name})`;
    case 'already_face_down': return `${e.obj.name} is already face down: nothing happens`;
    case 'turned_face_down': return `${e.obj.name} is turned face down: a 2/2 creature with no name, text, subtypes or mana cost (${e.by.name})`;
    case 'flipped': return `${e.obj.name} flips: it is now ${e.now}`;
    case 'transformed': return `${e.obj.name} transforms: it is now ${e.now}, ${e.back ? 'its back face up' : 'its front face up'}`;
    case 'copy_effect': return `${e.obj.name} becomes a copy of ${e.of}${duration(e.duration)} (${e.by.name})`;
    case 'fight': return `${e.a.name} fights ${e.b.name}`;
    case 'city_blessing': return `${e.player} controls ${e.permanents} permanents and gets the city's blessing for the rest of the game (ascend of ${e.source.name})`;
    case 'emblem_created': return `${e.player} gets an emblem from ${e.by.name} (in the command zone)`;
    case 'token_created': return `${e.by.name} creates a ${e.copyOf !== null ? `token that's a copy of ${e.copyOf}` : `${e.power !== null ? `${e.power}/${e.toughness} ` : ''}token named ${e.name}`}`;
    case 'scry': return `${e.player} scries ${e.n}: ${e.bottom} card(s) to the bottom, ${e.top} on top`;
    case 'proliferated': return `${e.player} proliferates: ${e.chosen.length ? e.chosen.map(thing).join(', ') : 'nothing chosen'}`;
    case 'player_counters': return `${e.player} gets ${s(e.delta, `${e.counter} counter`)} (now ${e.total}, ${e.by.name})`;
    case 'chosen': return `${e.player} chooses ${e.choice.kind === 'color' ? COLOR_NAMES[e.choice.color as ColorLetter] : e.choice.kind === 'name' ? `the card name ${e.choice.name}` : e.choice.objs.map((o) => o.name).join(', ')}`;
    case 'library_top_seen': return `${e.player} looks at the top of ${e.of === e.player ? 'their' : `${e.of}'s`} library: ${e.cards.map((o) => o.name).join(', ')}`;
    case 'hand_seen': return `${e.player} looks at ${e.of}'s hand: ${e.cards.length ? e.cards.map((o) => o.name).join(', ') : 'no cards'}`;
    case 'cant_win': return `${e.player} can't win the game: ${e.by.name} says ${e.controller}'s opponents can't win`;
    case 'decision': return decision(e.player, e.effects, e.outcome);
    case 'if_you_do': return e.done ? `${e.by.name}: it was done, so "if you do" follows: ${verbs(e.effects)}` : `${e.by.name}: the instruction "if you do" is not followed, it wasn't done`;
    case 'unless_paid': return unlessPaid(e);
    case 'may_pay': return e.outcome.kind === 'cant' ? `${e.player} can't pay ${e.cost}: ${e.outcome.reason}` : `${e.player} ${e.outcome.kind === 'paid' ? 'pays' : 'chooses not to pay'} ${e.cost}`;
    case 'attached': return `${e.obj.name} becomes attached to ${e.to.name} (${e.by.name})`;
    case 'attach_failed': return `${e.obj.name} ${e.already ? 'is already attached to' : "can't be attached to"} ${e.to.name}: it doesn't move`;
    case 'search_failed': return `${e.player} searches their library and finds no ${e.filter}`;
    case 'put_on_top': return `${e.player} puts ${e.obj.name} on top of their shuffled library`;
    case 'no_abilities_to_gain': return `${e.obj.name} has no ${e.kind} abilities to gain`;
    case 'cast_declined': return `${e.player} chooses not to cast ${e.obj.name}`;
    case 'cast_while_resolving': return `${e.player} casts ${e.obj.name} while ${e.by.name} resolves${e.free ? ', without paying its mana cost' : ''}`;
    case 'put_decision': return `${e.player} chooses ${e.yes ? 'to' : 'not to'} put a ${e.filter} from their ${e.from} onto the battlefield`;
    case 'one_at_a_time': return `${e.by.name} handles them one at a time: ${e.order.map(thing).join(', then ')}`;
    case 'nothing_happens': return nothing(e.by, e.why);
    default: return describeMeta(e);
  }
}

function preventionShield(e: EventOf<'prevention_shield'>): string {
  const what = e.amount === 'all' ? 'all' : e.amount === 'next' ? 'the next instance of' : `the next ${e.amount}`;
  const from = e.fromObj ? `${e.fromObj.name} would deal ` : e.fromFilter ? `${e.fromFilter}s would deal ` : '';
  const to = e.to ? `to ${thing(e.to)} ` : e.toFilter ? `to each ${e.toFilter} ` : '';
  return `${e.by.name}: ${what} ${e.combatOnly ? 'combat ' : ''}damage ${from}${to}this turn will be prevented`;
}

function delayedCreated(e: EventOf<'delayed_created'>): string {
  const when = e.step ? `at the beginning of the next ${e.step.replace(/_/g, ' ')} step` : `when ${e.trigger ? trigger(e.trigger) : ''}${e.thisTurn ? ' this turn' : ''}`;
  return `${e.by.name} creates a delayed triggered ability: "${verbs(e.effects)}" ${when}${e.about.length ? ` (about ${e.about.map((o) => o.name).join(', ')})` : ''}`;
}

function trigger(t: Trigger): string {
  const what = 'self' in t && t.self ? 'it' : 'filter' in t && t.filter ? `${/^[aeiou]/i.test(t.filter.text) ? 'an' : 'a'} ${t.filter.text}` : 'it';
  return `${what} ${t.event.replace(/_/g, ' ')}`;
}

function tooFew(e: EventOf<'too_few'>): string {
  switch (e.what) {
    case 'return': return `${e.player} has no ${e.filter} to return`;
    case 'mill': return `${e.player}'s library has only ${e.have} card(s): as many as possible are milled`;
    case 'discard': return `${e.player} has only ${e.have} ${e.filter ?? 'card'}(s) in hand: as many as possible are discarded`;
  }
}

function decision(player: string, effects: string[], d: Decision): string {
  switch (d.kind) {
    case 'yes': return `${player} chooses to ${verbs(effects)}`;
    case 'no': return `${player} chooses not to ${verbs(effects)}`;
    case 'none': return `${player} chooses none of them`;
    case 'cant': return `${player} can't ${d.among ? 'choose to ' : ''}${verbs(effects)}: ${d.reason}`;
  }
}

function unlessPaid(e: EventOf<'unless_paid'>): string {
  const o = e.outcome;
  if (o.kind === 'cant') return `${e.player} can't pay "${e.cost}": ${o.reason}`;
  return o.kind === 'paid' ? `${e.player} pays "${e.cost}": ${o.by.name} doesn't ${verbs(o.effects)}` : `${e.player} doesn't pay "${e.cost}"`;
}

/** A zone as a place: "exile", "the graveyard". */
const zonePlace = (z: string): string => (z === 'exile' ? 'exile' : `the ${z}`);

function nothing(obj: ObjRef, n: Nothing): string {
  const by = obj.name;
  switch (n.kind) {
    case 'already_left': return `${by} has already left the battlefield: nothing is exiled`;
    case 'nothing_to_copy': return `${by}: there is nothing to copy, or nothing to become a copy`;
    case 'no_token_copy': return `${by}: there is nothing to copy, so no token is created`;
    case 'no_source': return `${by}: the object that would deal the damage is gone, so no damage is dealt`;
    case 'no_fight': return `${by}: no fight, one of the creatures is gone or no longer a creature`;
    case 'no_exchange': return `${by}: control can't be exchanged (both gone, or one player controls both), so nothing happens`;
    case 'cant_sacrifice': return `${by} is no longer on the battlefield: it can't be sacrificed`;
    case 'not_yours_to_sacrifice': return `what ${by}'s instruction names is no permanent its player controls: nothing is sacrificed`;
    case 'no_choice': return `${by}: there is no ${n.filter} to choose`;
    case 'no_two_objects': return `${by}: there aren't two objects to exchange text boxes`;
    case 'nothing_to_attach': return `${by}: there is nothing to attach, or nothing to attach it to`;
    case 'spell_gone': return `${by}: the spell to copy is no longer on the stack`;
    case 'token_stays': return `${by} is a token that has left the battlefield: it stays in ${zonePlace(n.zone)} instead of moving to ${zonePlace(n.to)}`;
    case 'no_card_to_cast': return `${by}: there is no card to cast`;
    case 'cant_transform': return `${by}: ${n.obj} ${n.reason === 'not_double_faced' ? "isn't a double-faced card, so it can't transform" : n.reason === 'already_transformed' ? 'has transformed since the ability was put on the stack, so it does not transform again' : 'would turn to an instant or sorcery face, so it does not transform'}`;
    case 'not_implemented': return `${by}: "${n.verb}" is not implemented yet`;
  }
}

function describeMeta(e: SbaEvent | MetaEvent): string {
  switch (e.type) {
    case 'player_loses': return e.why.kind === 'effect' ? `${e.player} loses the game: ${e.why.by.name} says so` : `${loss(e.player, e.why)} and loses the game`;
    case 'sba': return sbaReason(e.obj.name, e.why);
    case 'counters_annihilate': return `${e.n} +1/+1 and ${e.n} -1/-1 counters are removed from ${e.obj.name}`;
    case 'token_ceases': return `the token ${e.name} is not on the battlefield and ceases to exist`;
    case 'unattached': return `${e.obj.name} becomes unattached`;
    case 'note': return e.text;
    case 'card_shadowed': return `the scenario's own card "${e.card}" shadows the library card of that name`;
    case 'auto_answered': return `${e.player}: ${e.prompt} - only one legal choice: ${e.answer}`;
    case 'rejected': return `${e.label} is illegal: ${e.message}. The game returns to the moment before (730.1)`;
  }
}

function loss(player: string, why: LossReason): string {
  switch (why.kind) {
    case 'life': return `${player} has ${why.life} life`;
    case 'empty_library': return `${player} attempted to draw from an empty library`;
    case 'poison': return `${player} has ${why.poison} poison counters`;
    case 'effect': return `${why.by.name} says that ${player} loses the game`;
  }
}

function sbaReason(name: string, why: SbaReason): string {
  switch (why.kind) {
    case 'toughness': return `${name} has toughness ${why.toughness}`;
    case 'lethal': return `${name} has ${why.damage} damage marked and toughness ${why.toughness} (lethal damage)`;
    case 'deathtouch': return `${name} was dealt damage by a source with deathtouch`;
    case 'loyalty': return `${name} has 0 loyalty`;
    case 'aura': return `${name} is attached to ${why.attachedTo === 'illegal' ? 'an illegal object' : 'nothing'}`;
    case 'legend': return `legend rule: ${why.player} keeps another ${why.name}`;
  }
}
