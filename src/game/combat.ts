// Combat (506-511): declaring attackers (508.1) and blockers (509.1) as turn-based actions with their
// restrictions, and combat damage (510), with first strike (702.7), trample (702.19), vigilance
// (702.20), flying and reach (702.9), defender (702.3) and summoning sickness (302.6).

import { addEffect, effectsOf } from '../state/effects.js';
import { matchesFilter } from '../characteristics/filters.js';
import { activeStatics, affects, liveStaticDefs } from '../characteristics/statics.js';
import { protectionFrom } from '../events/protection.js';
import { dealDamageAtOnce } from '../events/keywordActions.js';
import { inCombat } from '../events/removeFromCombat.js';
import { defenderOf, hasCombatCost, payCombatCosts } from './combatCosts.js';
import { IllegalAction, type Game } from '../state/game.js';
import type { AttackDeclaration, BlockDeclaration, Option } from '../state/questions.js';
import type { ObjId, PlayerId } from '../state/state.js';
import type { ThingRef } from '../state/events.js';
import type { RuleId } from '../core/rules/index.js';
import { hasKeyword } from '../cards/types.js';


function has(g: Game, id: ObjId, keyword: string): boolean {
  return hasKeyword(g.chars(id).abilities, keyword);
}

/** "can't attack or block" statics (Pacifism) and "can't block this turn" effects that apply to a creature. */
function restricted(g: Game, id: ObjId, what: 'attack' | 'block'): string | null {
  const effect = effectsOf(g.state, 'combat_restriction').find((r) => (r.what === what || r.what === 'attack_or_block') && r.objs.includes(id));
  if (effect) return `${effect.sourceName}, this turn`;
  for (const src of g.abilitySources()) {
    for (const def of liveStaticDefs(g, src)) {
      if (def.kind === 'cant_attack_or_block' && def[what]) {
        if (affects(g, src, def.affected, id)) return g.name(src);
      }
      if (what === 'block' && def.kind === 'cant_block') {
        const defender = g.controller(id);
        const applies = def.who === 'each' || (def.who === 'you' ? defender === g.controller(src) : defender !== g.controller(src));
        if (applies && matchesFilter(g, def.filter, { obj: id }, { you: g.controller(src), source: src })) return g.name(src);
      }
    }
  }
  return null;
}

/** Whether an effect lets a creature attack as though it didn't have defender (702.3b doesn't stop it). */
function attacksDespiteDefender(g: Game, id: ObjId): boolean {
  return activeStatics(g, 'attack_despite_defender').some((s) => affects(g, s.source, s.def.affected, id))
    || effectsOf(g.state, 'attack_despite_defender').some((e) => e.objs.includes(id));
}

/** Whether some opponent or planeswalker of theirs is one `id` may attack (508.1b, and "can't attack unless");
 * with `free`, one it may attack without a cost to attack (508.1d: no one has to pay to obey a requirement). */
function canAttackSomething(g: Game, ap: PlayerId, id: ObjId, free = false): boolean {
  const walkers = g.state.battlefield.filter((w) => g.controller(w) !== ap && g.chars(w).types.includes('planeswalker'));
  return [...g.opponents(ap), ...walkers].some((p) => !attackUnless(g, id, p) && !(free && hasCombatCost(g, 'attack', { creature: id, attacks: p })));
}

/** Whether `id` is a creature of the active player able to attack now (as part of a declaration with others). */
function ableToAttack(g: Game, ap: PlayerId, id: ObjId): boolean {
  return g.controller(id) === ap && g.chars(id).types.includes('creature') && !cantAttack(g, id) && canAttackSomething(g, ap, id);
}

function cantAttack(g: Game, attacker: ObjId): IllegalAction | null {
  const ap = g.state.turn.active;
  const o = g.tryObj(attacker);
  const name = o ? g.name(attacker) : attacker;
  if (!o || o.zone !== 'battlefield' || !g.chars(attacker).types.includes('creature')) return new IllegalAction('508.1a', `${name} is not a creature on the battlefield`);
  if (g.controller(attacker) !== ap) return new IllegalAction('508.1a', `${name} isn't controlled by the active player, ${ap}`);
  if (o.tapped) return new IllegalAction('508.1a', `${name} is tapped and can't attack`);
  if (o.sick && !has(g, attacker, 'Haste')) return new IllegalAction('302.6', `${name} came under ${ap}'s control this turn and has no haste: it can't attack`);
  if (has(g, attacker, 'Defender') && !attacksDespiteDefender(g, attacker)) return new IllegalAction('702.3b', `${name} has defender and can't attack`);
  const why = restricted(g, attacker, 'attack');
  if (why) return new IllegalAction('508.1c', `${name} can't attack (${why})`);
  return null;
}

/** Restrictions on what a creature attacks (508.1c): "can't attack unless defending player controls [an
 * Island]" (the player it would attack, or the controller of the planeswalker it would attack, 508.5,
 * must control one), and "can't attack you [or a planeswalker you control]". */
function attackUnless(g: Game, attacker: ObjId, target: PlayerId | ObjId): IllegalAction | null {
  const defender = defenderOf(g, target);
  for (const s of activeStatics(g, 'cant_attack_unless')) {
    if (!affects(g, s.source, s.def.affected, attacker)) continue;
    const has = g.state.battlefield.some((id) => g.controller(id) === defender && matchesFilter(g, s.def.defenderControls, { obj: id }, { you: s.controller, source: s.source }));
    if (!has) return new IllegalAction('508.1c', `${g.name(attacker)} can't attack unless defending player controls ${s.def.defenderControls.text} (${s.sourceName}), and ${defender} controls none`);
  }
  const isPlayer = defender === target;
  for (const s of activeStatics(g, 'cant_attack_you')) {
    if (defender !== s.controller || (!isPlayer && !s.def.planeswalkers) || !affects(g, s.source, s.def.affected, attacker)) continue;
    return new IllegalAction('508.1c', `${g.name(attacker)} can't attack ${s.controller}${s.def.planeswalkers ? ' or a planeswalker they control' : ''} (${s.sourceName})`);
  }
  return null;
}

/** The name of the source whose "can't attack alone" / "can't block alone" static covers a creature (506.5), or null. */
function aloneRestriction(g: Game, kind: 'cant_attack_alone' | 'cant_block_alone', id: ObjId): string | null {
  return activeStatics(g, kind).find((s) => affects(g, s.source, s.def.affected, id))?.sourceName ?? null;
}

/** "attacks each combat if able" (Juggernaut, or given by another permanent): a requirement on the
 * attack declaration (508.1d). */
function mustAttack(g: Game, id: ObjId): boolean {
  return g.abilitySources().some((src) => liveStaticDefs(g, src).some((def) => def.kind === 'must_attack' && affects(g, src, def.affected, id)));
}

/** The permanent whose "can't be blocked" static covers an attacker (509.1b), if one does. */
function unblockableBy(g: Game, attacker: ObjId): ObjId | undefined {
  return g.abilitySources().find((src) => liveStaticDefs(g, src).some((def) => def.kind === 'cant_be_blocked' && affects(g, src, def.affected, attacker)));
}

/** A creature or a player as an option of a combat question. */
function creatureOption(g: Game, id: ObjId): Option {
  return { id, label: g.name(id), obj: id };
}

/**
 * 508.1: the active player is asked which creatures attack and what each attacks: the options are
 * the creatures they control, the targets their opponents and the planeswalkers those control.
 */
function askAttackers(g: Game): AttackDeclaration[] {
  const ap = g.state.turn.active;
  const creatures = g.state.battlefield.filter((id) => g.controller(id) === ap && g.chars(id).types.includes('creature'));
  const walkers = g.state.battlefield.filter((id) => g.controller(id) !== ap && g.chars(id).types.includes('planeswalker'));
  const targets: Option[] = [...g.opponents(ap).map((p) => ({ id: `@${p}`, label: p, player: p })), ...walkers.map((id) => creatureOption(g, id))];
  const a = g.ask({ kind: 'attackers', player: ap, rule: '508.1', prompt: `declare attackers`, options: creatures.map((id) => creatureOption(g, id)), targets });
  return a.declarations;
}

/** 508.1: the active player declares attackers; an illegal declaration is rewound (730). */
export function declareAttackers(g: Game): void {
  const decl = askAttackers(g);
  const ap = g.state.turn.active;
  const seen = new Set<ObjId>();
  for (const { attacker, target } of decl) {
    const name = g.tryObj(attacker) ? g.name(attacker) : attacker;
    if (seen.has(attacker)) throw new IllegalAction('508.1a', `${name} is declared as an attacker twice`);
    seen.add(attacker);
    const cant = cantAttack(g, attacker);
    if (cant) throw cant;
    const unless = attackUnless(g, attacker, target);
    if (unless) throw unless;
    const isPlayer = g.state.players.some((p) => p.name === target);
    if (isPlayer) {
      if (target === ap) throw new IllegalAction('508.1b', `${name} can't attack its own controller`);
    } else {
      const t = g.tryObj(target);
      if (!t || t.zone !== 'battlefield' || !g.chars(target).types.includes('planeswalker') || g.controller(target) === ap) {
        throw new IllegalAction('508.1b', `${name} can attack only an opponent or a planeswalker an opponent controls`);
      }
    }
  }
  const alone = decl.length === 1 ? aloneRestriction(g, 'cant_attack_alone', decl[0]!.attacker) : null;
  if (alone) throw new IllegalAction('508.1c', `${g.name(decl[0]!.attacker)} can't attack alone (${alone}): it is the only creature declared as an attacker (506.5)`);
  // 508.1d: with only "attacks if able" requirements, obeying the most of them means every such
  // creature that can attack does
  for (const id of g.state.battlefield) {
    if (seen.has(id) || g.controller(id) !== ap || !g.chars(id).types.includes('creature') || !mustAttack(g, id) || cantAttack(g, id)) continue;
    // alone, which a "can't attack alone" restriction forbids, it isn't able to; beside another creature able to attack, it is
    const alone = decl.length === 0 && !!aloneRestriction(g, 'cant_attack_alone', id);
    if (alone && !g.state.battlefield.some((x) => x !== id && ableToAttack(g, ap, x))) continue;
    if (!canAttackSomething(g, ap, id, true)) {
      if (canAttackSomething(g, ap, id)) g.emit({ type: 'requirement_waived', rule: '508.1d', obj: g.ref(id), what: 'attack' });
      continue;
    }
    throw new IllegalAction('508.1d', `${g.name(id)} attacks each combat if able, and it is able to: declare it as an attacker${alone ? ' with another creature (it can\'t attack alone)' : ''} (an \`attack\` action)`);
  }
  if (decl.length === 0) {
    g.emit({ type: 'no_attackers', rule: '508.1', player: ap });
    return;
  }
  for (const { attacker, target } of decl) {
    const o = g.obj(attacker);
    o.attacking = target;
    if (!has(g, attacker, 'Vigilance')) {
      o.tapped = true;
      g.emit({ type: 'attacks', rule: '508.1f', player: ap, attacker: g.ref(attacker), target: attacked(g, target), tapped: true });
    } else {
      g.emit({ type: 'attacks', rule: '702.20b', player: ap, attacker: g.ref(attacker), target: attacked(g, target), tapped: false });
    }
  }
  payCombatCosts(g, 'attack', ap, decl.map((d) => ({ creature: d.attacker, attacks: d.target })));
  for (const { attacker } of decl) exertOffer(g, attacker);
  g.emit({ type: 'attackers_declared', rule: '508.1k', player: ap, count: decl.length });
}

/**
 * "You may exert [this] as it attacks" (701.43a): as it is declared an attacker, its controller chooses;
 * an exerted creature doesn't untap during their next untap step, and its "When you do" ability triggers.
 */
function exertOffer(g: Game, attacker: ObjId): void {
  const exert = g.chars(attacker).abilities.some((a) => a.kind === 'triggered' && a.when.event === 'exerted');
  if (!exert) return;
  const player = g.controller(attacker);
  if (!g.ask({ kind: 'yes', player, rule: '701.43a', prompt: `exert ${g.name(attacker)} as it attacks?` }).value) return;
  addEffect(g.state, { kind: 'skip_untap', obj: attacker, source: attacker, sourceName: g.name(attacker), controller: player, duration: { kind: 'permanent' } });
  g.emit({ type: 'exerted', rule: '701.43a', player, obj: g.ref(attacker) });
}

function attacked(g: Game, target: PlayerId | ObjId): ThingRef {
  return g.state.players.some((p) => p.name === target) ? { player: target } : { obj: g.ref(target) };
}

/** What an attacker attacks, or null if it attacks nothing now (its planeswalker has left, 506.4c). */
function attackedThing(g: Game, target: PlayerId | ObjId): { player: PlayerId } | { obj: ObjId } | null {
  if (g.state.players.some((p) => p.name === target)) return { player: target };
  const t = g.tryObj(target);
  return t?.zone === 'battlefield' && !t.outOfCombat ? { obj: target } : null;
}

/** Why `blocker` can't block `attacker` (509.1a-b), or null if it can. */
function cantBlock(g: Game, blocker: ObjId, attacker: ObjId): IllegalAction | null {
  const o = g.tryObj(blocker);
  const name = o ? g.name(blocker) : blocker;
  if (!o || o.zone !== 'battlefield' || !g.chars(blocker).types.includes('creature')) return new IllegalAction('509.1a', `${name} is not a creature on the battlefield`);
  if (o.tapped) return new IllegalAction('509.1a', `${name} is tapped and can't block`);
  const a = g.tryObj(attacker);
  if (!a || a.attacking === undefined) return new IllegalAction('509.1a', `${a ? g.name(attacker) : attacker} is not an attacking creature`);
  if (g.defendingPlayer(attacker) !== g.controller(blocker)) return new IllegalAction('509.1a', `${name} can block only a creature attacking its controller or its controller's planeswalker`);
  const why = restricted(g, blocker, 'block');
  if (why) return new IllegalAction('509.1b', `${name} can't block (${why})`);
  if (has(g, blocker, 'Unleash') && (o.counters['+1/+1'] ?? 0) > 0) return new IllegalAction('702.98a', `${name} has unleash and a +1/+1 counter on it: it can't block`);
  const only = activeStatics(g, 'block_only').find((s) => affects(g, s.source, s.def.affected, blocker)
    && !matchesFilter(g, s.def.attackers, { obj: attacker }, { you: g.controller(blocker), source: blocker }));
  if (only) return new IllegalAction('509.1b', `${name} can block only ${only.def.attackers.text} (${only.sourceName})`);
  const not = activeStatics(g, 'cant_block_creatures').find((s) => affects(g, s.source, s.def.affected, blocker)
    && matchesFilter(g, s.def.attackers, { obj: attacker }, { you: s.controller, source: blocker }));
  if (not) return new IllegalAction('509.1b', `${name} can't block ${not.def.attackers.text} (${not.sourceName}): it can't block ${g.name(attacker)}`);
  const unblockable = effectsOf(g.state, 'combat_restriction').find((r) => r.what === 'be_blocked' && r.objs.includes(attacker));
  if (unblockable) return new IllegalAction('509.1b', `${g.name(attacker)} can't be blocked this turn (${unblockable.sourceName}): ${name} can't block it`);
  const by = unblockableBy(g, attacker);
  if (by) return new IllegalAction('509.1b', `${g.name(attacker)} can't be blocked (${g.name(by)}): ${name} can't block it`);
  const notBy = g.abilitySources().find((src) => liveStaticDefs(g, src).some((def) => def.kind === 'cant_be_blocked_by' && affects(g, src, def.affected, attacker)
    && matchesFilter(g, def.filter, { obj: blocker }, { you: g.controller(attacker), source: attacker })));
  if (notBy) return new IllegalAction('509.1b', `${g.name(attacker)} can't be blocked by ${name} (${g.name(notBy)})`);
  const prot = protectionFrom(g, attacker, blocker);
  if (prot) return new IllegalAction('702.16f', `${g.name(attacker)} has ${prot}: ${name} can't block it`);
  if (has(g, attacker, 'Flying') && !has(g, blocker, 'Flying') && !has(g, blocker, 'Reach')) {
    return new IllegalAction('702.9b', `${g.name(attacker)} has flying: ${name}, without flying or reach, can't block it`);
  }
  for (const e of EVASION) {
    const why = e.stops(g, attacker, blocker);
    if (why) return new IllegalAction(e.rule, `${why}: ${name} can't block ${g.name(attacker)}`);
  }
  return null;
}

const BASIC_LAND_TYPES = ['Plains', 'Island', 'Swamp', 'Mountain', 'Forest'];

/** Evasion keywords (702): each says why a blocker can't block an attacker, or null. */
const EVASION: Array<{ rule: RuleId; stops: (g: Game, attacker: ObjId, blocker: ObjId) => string | null }> = [
  { rule: '702.13b', stops: (g, a, b) => (has(g, a, 'Intimidate') && !isArtifactCreature(g, b) && !g.chars(a).colors.some((c) => g.chars(b).colors.includes(c))
    ? `${g.name(a)} has intimidate, and ${g.name(b)} is neither an artifact creature nor a creature sharing a color with it` : null) },
  { rule: '702.14c', stops: (g, a, b) => {
    const walk = BASIC_LAND_TYPES.find((t) => has(g, a, `${t}walk`));
    if (!walk) return null;
    const defender = g.controller(b);
    const owns = g.state.battlefield.some((id) => g.controller(id) === defender && g.chars(id).types.includes('land') && g.chars(id).subtypes.includes(walk));
    return owns ? `${g.name(a)} has ${walk.toLowerCase()}walk and ${defender} controls ${/^[AEIOU]/.test(walk) ? 'an' : 'a'} ${walk}` : null;
  } },
  { rule: '702.28b', stops: (g, a, b) => (has(g, a, 'Shadow') !== has(g, b, 'Shadow')
    ? (has(g, a, 'Shadow') ? `${g.name(a)} has shadow and ${g.name(b)} doesn't` : `${g.name(b)} has shadow and can block only creatures with shadow`) : null) },
  { rule: '702.31b', stops: (g, a, b) => (has(g, a, 'Horsemanship') && !has(g, b, 'Horsemanship') ? `${g.name(a)} has horsemanship and ${g.name(b)} doesn't` : null) },
  { rule: '702.36b', stops: (g, a, b) => (has(g, a, 'Fear') && !isArtifactCreature(g, b) && !g.chars(b).colors.includes('B')
    ? `${g.name(a)} has fear, and ${g.name(b)} is neither an artifact creature nor black` : null) },
  { rule: '702.118b', stops: (g, a, b) => (has(g, a, 'Skulk') && (g.chars(b).power ?? 0) > (g.chars(a).power ?? 0)
    ? `${g.name(a)} has skulk, and ${g.name(b)} has greater power` : null) },
];

function isArtifactCreature(g: Game, id: ObjId): boolean {
  const t = g.chars(id).types;
  return t.includes('artifact') && t.includes('creature');
}

/**
 * 509.1: the defending player is asked which creatures block and which attacker each blocks: the
 * options are the creatures of the players being attacked. With several defending players, the
 * first in turn order is asked for all of them.
 */
function askBlockers(g: Game): BlockDeclaration[] {
  const ap = g.state.turn.active;
  const attackers = g.state.battlefield.filter((id) => g.obj(id).attacking !== undefined);
  const defenders = g.opponents(ap).filter((p) => attackers.some((id) => g.defendingPlayer(id) === p));
  const player = defenders[0] ?? g.opponents(ap)[0] ?? ap;
  const creatures = g.state.battlefield.filter((id) => defenders.includes(g.controller(id)) && g.chars(id).types.includes('creature'));
  const a = g.ask({ kind: 'blockers', player, rule: '509.1', prompt: `declare blockers`, options: creatures.map((id) => creatureOption(g, id)), attackers: attackers.map((id) => creatureOption(g, id)) });
  return a.declarations;
}

/** How many attacking creatures `blocker` may block: one (509.1a), more with "can block an additional
 * creature each combat" statics (they add up), any number with "can block any number of creatures". */
function blocksAllowed(g: Game, blocker: ObjId): number {
  let n = 1;
  for (const s of activeStatics(g, 'block_additional')) {
    if (affects(g, s.source, s.def.affected, blocker)) n += s.def.n === 'any' ? Infinity : s.def.n;
  }
  for (const e of effectsOf(g.state, 'block_additional')) if (e.objs.includes(blocker)) n += e.n === 'any' ? Infinity : e.n;
  return n;
}

/** 509.1: the defending players declare blockers; an illegal declaration is rewound (730). */
export function declareBlockers(g: Game): void {
  const decl = askBlockers(g);
  const seen = new Set<ObjId>();
  for (const { blocker, attackers } of decl) {
    const name = g.tryObj(blocker) ? g.name(blocker) : blocker;
    if (seen.has(blocker)) throw new IllegalAction('509.1a', `${name} is declared as a blocker twice`);
    seen.add(blocker);
    const most = blocksAllowed(g, blocker);
    if (attackers.length === 0 || attackers.length > most) throw new IllegalAction('509.1a', `${name} can block only ${most === 1 ? 'one attacking creature' : `${most} attacking creatures`}`);
    if (new Set(attackers).size !== attackers.length) throw new IllegalAction('509.1a', `${name} is declared as blocking the same creature twice`);
    for (const attacker of attackers) {
      const cant = cantBlock(g, blocker, attacker);
      if (cant) throw cant;
    }
  }
  const aloneBlock = decl.length === 1 ? aloneRestriction(g, 'cant_block_alone', decl[0]!.blocker) : null;
  if (aloneBlock) throw new IllegalAction('509.1b', `${g.name(decl[0]!.blocker)} can't block alone (${aloneBlock}): it is the only creature declared as a blocker (506.5)`);
  // 702.111b: menace, a restriction on the declaration as a whole
  for (const attacker of new Set(decl.flatMap((d) => d.attackers))) {
    const blockers = decl.filter((d) => d.attackers.includes(attacker)).length;
    if (blockers === 1 && has(g, attacker, 'Menace')) throw new IllegalAction('702.111b', `${g.name(attacker)} has menace: it can't be blocked except by two or more creatures`);
    const one = blockers > 1 ? oneBlockerAtMost(g, attacker) : undefined;
    if (one) throw new IllegalAction('509.1b', `${g.name(attacker)} can't be blocked by more than one creature (${one.sourceName})`);
  }
  // 509.1c: "blocks [that creature] this turn if able": a creature that can obey one of its
  // requirements must (blocking another creature instead obeys fewer)
  const requirements = blockRequirements(g);
  for (const r of requirements) {
    if (!g.tryObj(r.blocker) || !g.tryObj(r.attacker) || cantBlock(g, r.blocker, r.attacker) || menaceStopsAlone(g, r.attacker)) continue;
    // nobody has to pay a cost to block to obey a requirement
    if (hasCombatCost(g, 'block', { creature: r.blocker })) {
      g.emit({ type: 'requirement_waived', rule: '509.1c', obj: g.ref(r.blocker), what: 'block' });
      continue;
    }
    // "can't be blocked by more than one creature", and another creature blocks it: obeying this one would break that restriction
    if (decl.some((d) => d.blocker !== r.blocker && d.attackers.includes(r.attacker)) && oneBlockerAtMost(g, r.attacker)) continue;
    const mine = requirements.filter((x) => x.blocker === r.blocker).map((x) => x.attacker);
    const declared = decl.find((d) => d.blocker === r.blocker)?.attackers ?? [];
    if (!declared.some((x) => mine.includes(x))) {
      const must = r.all ? `all creatures able to block ${g.name(r.attacker)} do so` : `${g.name(r.blocker)} blocks ${g.name(r.attacker)} this turn if able`;
      throw new IllegalAction('509.1c', `${must} (${r.sourceName}), and ${g.name(r.blocker)} is able to: declare that block`);
    }
  }
  for (const player of new Set(decl.map((d) => g.controller(d.blocker)))) {
    payCombatCosts(g, 'block', player, decl.filter((d) => g.controller(d.blocker) === player).map((d) => ({ creature: d.blocker })));
  }
  for (const { blocker, attackers } of decl) {
    g.obj(blocker).blocking = [...attackers];
    // a blocker blocks one creature here (509.1a): "whenever [this] blocks a creature" sees it (509.1i)
    g.emit({ type: 'blocks', rule: '509.1g', blocker: g.ref(blocker), attackers: attackers.map((x) => g.ref(x)) });
  }
  for (const id of g.state.battlefield) {
    const o = g.obj(id);
    if (o.attacking === undefined) continue;
    o.blocked = decl.some((d) => d.attackers.includes(id));
    if (!o.blocked) g.emit({ type: 'unblocked', rule: '509.1h', obj: g.ref(id) });
    else g.emit({ type: 'blocked', rule: '509.1h', obj: g.ref(id), by: decl.filter((d) => d.attackers.includes(id)).map((d) => g.ref(d.blocker)) });
  }
  if (decl.length === 0) g.emit({ type: 'no_blockers', rule: '509.1' });
}

interface BlockRequirement { blocker: ObjId; attacker: ObjId; sourceName: string; all?: boolean }

/** The block requirements in force (509.1c): "blocks [that creature] this turn if able" effects, and,
 * for each attacking creature an "all creatures able to block it do so" effect or static covers, one
 * for each creature of its defending player. */
function blockRequirements(g: Game): BlockRequirement[] {
  const out: BlockRequirement[] = [];
  for (const r of effectsOf(g.state, 'block_requirement')) {
    if ('blocker' in r) { out.push({ blocker: r.blocker, attacker: r.attacker, sourceName: r.sourceName }); continue; }
    if (!g.tryObj(r.attacker) || g.obj(r.attacker).attacking === undefined) continue;
    const defender = g.defendingPlayer(r.attacker);
    for (const blocker of g.state.battlefield) {
      if (g.controller(blocker) === defender && matchesFilter(g, r.blockers, { obj: blocker }, { you: r.controller })) out.push({ blocker, attacker: r.attacker, sourceName: r.sourceName, all: true });
    }
  }
  for (const s of activeStatics(g, 'must_be_blocked_by_all')) {
    for (const attacker of g.state.battlefield) {
      if (g.obj(attacker).attacking === undefined || !affects(g, s.source, s.def.affected, attacker)) continue;
      const defender = g.defendingPlayer(attacker);
      for (const blocker of g.state.battlefield) {
        if (g.controller(blocker) === defender && g.chars(blocker).types.includes('creature')) out.push({ blocker, attacker, sourceName: s.sourceName, all: true });
      }
    }
  }
  return out;
}

/** The static that says `attacker` can't be blocked by more than one creature, if one does (509.1b). */
function oneBlockerAtMost(g: Game, attacker: ObjId): { sourceName: string } | undefined {
  return activeStatics(g, 'max_one_blocker').find((s) => affects(g, s.source, s.def.affected, attacker));
}

/** Whether menace keeps every block of `attacker` from being legal: fewer than two creatures can block
 * it, so a requirement to block it can't be obeyed without breaking that restriction (509.1c). */
function menaceStopsAlone(g: Game, attacker: ObjId): boolean {
  if (!has(g, attacker, 'Menace')) return false;
  return g.state.battlefield.filter((id) => g.chars(id).types.includes('creature') && !cantBlock(g, id, attacker)).length < 2;
}

/** The creatures in combat. */
function combatants(g: Game): ObjId[] {
  return g.state.battlefield.filter((id) => inCombat(g.obj(id)));
}

/** "You may have [this] assign its combat damage as though it weren't blocked": its controller chooses as
 * damage is assigned (510.1c); if they do, it assigns all of it as an unblocked creature would (510.1b). */
function assignsAsUnblocked(g: Game, id: ObjId): boolean {
  const s = activeStatics(g, 'assign_as_unblocked').find((x) => affects(g, x.source, x.def.affected, id));
  if (!s) return false;
  return g.ask({ kind: 'yes', player: g.controller(id), rule: '510.1c', prompt: `have ${g.name(id)} assign its combat damage as though it weren't blocked?` }).value === true;
}

/** "[It] assigns no combat damage this turn": an effect that overrides 510.1a for it. */
function assignsNone(g: Game, id: ObjId): boolean {
  return effectsOf(g.state, 'combat_restriction').some((r) => r.what === 'assign_combat_damage' && r.objs.includes(id));
}

/** Whether combat needs a first-strike damage step (702.7b). */
/** The combat damage a creature assigns: its power, or its toughness when an effect says so (510.1a). */
function damageAmount(g: Game, id: ObjId): number {
  const c = g.chars(id);
  const by = activeStatics(g, 'assigns_by_toughness').find((s) => affects(g, s.source, s.def.affected, id));
  if (!by) return c.power ?? 0;
  g.emit({ type: 'damage_by_toughness', rule: '510.1a', obj: g.ref(id), toughness: c.toughness ?? 0, by: g.ref(by.source, by.sourceName) });
  return c.toughness ?? 0;
}

export function hasFirstStrikers(g: Game): boolean {
  return combatants(g).some((id) => has(g, id, 'First strike') || has(g, id, 'Double strike'));
}

/** 510.1-510.2: combat damage is assigned, then dealt all at once. `phase`: the first-strike step or the regular one. */
export function combatDamage(g: Game, phase: 'first' | 'regular' | 'only'): void {
  const deals = (id: ObjId) => {
    if (assignsNone(g, id)) return false;
    const fs = has(g, id, 'First strike');
    const ds = has(g, id, 'Double strike');
    if (phase === 'only') return true;
    if (phase === 'first') return fs || ds;
    const dealtFirst = g.obj(id).dealtFirstStrike === true;
    return ds || !dealtFirst;
  };
  const hits: Array<{ source: ObjId; to: { obj: ObjId } | { player: PlayerId }; amount: number }> = [];
  const ap = g.state.turn.active;
  // 510.1: the active player assigns for attackers, then defenders for blockers
  for (const id of combatants(g)) {
    const o = g.obj(id);
    if (o.attacking === undefined || !deals(id)) continue;
    const power = damageAmount(g, id);
    if (power <= 0) continue;
    const blockers = g.state.battlefield.filter((b) => g.obj(b).blocking?.includes(id));
    const target = o.attacking;
    const targetThing = attackedThing(g, target);
    // 510.1b: an unblocked creature attacking nothing assigns no combat damage
    if (!o.blocked) {
      if (targetThing) hits.push({ source: id, to: targetThing, amount: power });
      else g.emit({ type: 'attacks_nothing', rule: '510.1b', obj: g.ref(id) });
      continue;
    }
    if (targetThing && assignsAsUnblocked(g, id)) { hits.push({ source: id, to: targetThing, amount: power }); continue; }
    const trample = has(g, id, 'Trample');
    if (blockers.length === 0) {
      if (trample && targetThing) hits.push({ source: id, to: targetThing, amount: power }); // 702.19d
      continue;
    }
    if (blockers.length === 1 && !trample) { hits.push({ source: id, to: { obj: blockers[0]! }, amount: power }); continue; }
    // divide among the blockers (and, with trample, what it attacks)
    // 702.19b: what lethal damage still is, counting the damage marked and what other creatures assign to it in this step;
    // with deathtouch any nonzero amount is lethal (702.2c), none when nothing more is needed
    const deathtouch = has(g, id, 'Deathtouch');
    const lethal = (b: ObjId) => {
      const rest = Math.max(0, (g.chars(b).toughness ?? 0) - g.obj(b).damage - assignedTo(hits, b));
      return deathtouch ? Math.min(1, rest) : rest;
    };
    const among: Option[] = blockers.map((b) => ({ id: b, label: g.name(b), obj: b }));
    // trampling over needs something to trample onto (702.19c; nothing once its planeswalker has left)
    const onto = trample ? targetThing : null;
    if (onto) among.push('player' in onto ? { id: `@${onto.player}`, label: onto.player, player: onto.player } : { id: target, label: g.name(target), obj: target });
    const a = g.ask({ kind: 'divide', player: ap, rule: '510.1c', prompt: `Assign ${g.name(id)}'s ${power} combat damage among ${among.map((x) => x.label).join(', ')}`, total: power, among, minEach: 0, illegalRule: '510.1c' });
    const amounts = a.amounts;
    const sum = Object.values(amounts).reduce((x, y) => x + y, 0);
    if (sum !== power) throw new IllegalAction('510.1c', `${g.name(id)} must assign all ${power} of its combat damage, not ${sum}`);
    if (onto) {
      const over = amounts[among[among.length - 1]!.id] ?? 0;
      if (over > 0 && blockers.some((b) => (amounts[b] ?? 0) < lethal(b))) throw new IllegalAction('702.19b', 'trample: lethal damage must be assigned to every blocker before any goes to the player or planeswalker');
    }
    for (const x of among) {
      const n = amounts[x.id] ?? 0;
      if (n > 0) hits.push({ source: id, to: x.player ? { player: x.player } : { obj: x.obj! }, amount: n });
    }
  }
  for (const id of combatants(g)) {
    const o = g.obj(id);
    if (!o.blocking?.length || !deals(id)) continue;
    const power = damageAmount(g, id);
    const targets = o.blocking.filter((x) => g.tryObj(x)?.zone === 'battlefield' && g.obj(x).attacking !== undefined);
    if (power <= 0 || targets.length === 0) continue;
    if (targets.length === 1) { hits.push({ source: id, to: { obj: targets[0]! }, amount: power }); continue; }
    // 510.1d: a creature blocking several creatures divides its damage among them as its controller chooses
    const among: Option[] = targets.map((x) => ({ id: x, label: g.name(x), obj: x }));
    const a = g.ask({ kind: 'divide', player: g.controller(id), rule: '510.1d', prompt: `Assign ${g.name(id)}'s ${power} combat damage among ${among.map((x) => x.label).join(', ')}`, total: power, among, minEach: 0, illegalRule: '510.1d' });
    const sum = Object.values(a.amounts).reduce((x, y) => x + y, 0);
    if (sum !== power) throw new IllegalAction('510.1d', `${g.name(id)} must assign all ${power} of its combat damage, not ${sum}`);
    for (const x of targets) if ((a.amounts[x] ?? 0) > 0) hits.push({ source: id, to: { obj: x }, amount: a.amounts[x]! });
  }
  if (phase === 'first') for (const id of combatants(g)) if (deals(id)) g.obj(id).dealtFirstStrike = true;
  if (hits.length === 0) {
    g.emit({ type: 'combat_damage_step', rule: '510.2', firstStrike: phase === 'first', none: true });
    return;
  }
  g.emit({ type: 'combat_damage_step', rule: '510.2', firstStrike: phase === 'first', none: false });
  dealDamageAtOnce(g, hits, { combat: true });
}

/** The combat damage assigned to an object so far in this step. */
function assignedTo(hits: ReadonlyArray<{ to: { obj: ObjId } | { player: PlayerId }; amount: number }>, id: ObjId): number {
  let n = 0;
  for (const h of hits) if ('obj' in h.to && h.to.obj === id) n += h.amount;
  return n;
}

/** 511.3: creatures are removed from combat as the end of combat step ends. */
export function endCombat(g: Game): void {
  for (const id of g.state.battlefield) {
    const o = g.obj(id);
    delete o.outOfCombat;
    if (o.attacking === undefined && !o.blocking?.length) continue;
    delete o.attacking;
    delete o.blocking;
    delete o.blocked;
    delete o.dealtFirstStrike;
  }
}
