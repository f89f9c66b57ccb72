// Turn structure (500-514): ending a step empties mana pools (500.4), the next step begins with its
// turn-based actions (703.4), and the active player receives priority (117.3a) except in the untap
// and cleanup steps (502.4, 514.3).

import { effectsOf, expireAtCleanup, removeEffect } from '../state/effects.js';
import { STEPS, type StepName } from '../cards/types.js';
import type { RuleId } from '../core/rules/index.js';
import type { Game } from '../state/game.js';
import type { ObjId, PlayerId } from '../state/state.js';
import { drawCard, untapPermanent } from '../events/keywordActions.js';
import { givePriority } from './priority.js';
import { checkStateBasedActions } from './sba.js';
import { collectStateTriggers, collectTriggers } from '../stack/triggers.js';
import { moveObject } from '../events/zones.js';
import { combatDamage, declareAttackers, declareBlockers, endCombat, hasFirstStrikers } from './combat.js';
import { activeStatics, affects, covers, liveStaticDefs } from '../characteristics/statics.js';

/** The rule that describes each step. */
const STEP_RULE: Record<StepName, RuleId> = {
  untap: '501.1', upkeep: '503.1', draw: '504.1', main1: '505.1', beginning_of_combat: '507.1', declare_attackers: '508.1',
  declare_blockers: '509.1', combat_damage: '510.1', end_of_combat: '511.1', main2: '505.1', end: '513.1', cleanup: '514.1',
};

export function stepLabel(s: StepName): string {
  return s === 'main1' ? 'precombat main phase' : s === 'main2' ? 'postcombat main phase' : `${s.replace(/_/g, ' ')} step`;
}

/**
 * Ends the current step: mana empties (500.4), then the next step begins. `passed`: the step ends as
 * all players passed with an empty stack; a cleanup step ends so only when players got priority in it,
 * and another cleanup step follows (514.3a).
 */
export function endStep(g: Game, passed = false): void {
  const s = g.state;
  for (const p of s.players) {
    if (p.pool.length) {
      g.emit({ type: 'pool_emptied', rule: '500.4', player: p.name, pool: [...p.pool], step: s.turn.step });
      p.pool = [];
    }
  }
  const i = STEPS.indexOf(s.turn.step);
  if (passed && s.turn.step === 'cleanup') {
    beginStep(g, 'cleanup', '514.3a');
    return;
  }
  if (s.turn.step === 'combat_damage' && s.turn.combatDamage === 'first') {
    beginStep(g, 'combat_damage');
    return;
  }
  if (s.turn.step === 'end_of_combat') {
    endCombat(g);
    delete s.turn.combatDamage;
    g.emit({ type: 'combat_ended', rule: '511.3' });
  }
  let next = STEPS[(i + 1) % STEPS.length]!;
  // 508.8: with no creature attacking (declared or put onto the battlefield attacking), the declare blockers and combat damage steps are skipped
  if ((next === 'declare_blockers' || next === 'combat_damage') && !s.battlefield.some((id) => g.obj(id).attacking !== undefined)) {
    next = 'end_of_combat';
  }
  if (i === STEPS.length - 1) beginTurn(g);
  else beginStep(g, next);
}

/** Who takes the next turn: the extra turn added last (500.7; a player who has left the game takes
 * none, 800.4a), else the next player in turn order after the turn the extra turns followed. */
function nextTurnsPlayer(g: Game): { active: PlayerId; extra: boolean } {
  const t = g.state.turn;
  const from = t.orderFrom ?? t.active;
  let extra: PlayerId | undefined;
  while (t.extraTurns?.length && !extra) {
    const p = t.extraTurns.pop()!;
    if (!g.player(p).lost) extra = p;
  }
  if (!t.extraTurns?.length) delete t.extraTurns;
  if (extra) {
    t.orderFrom = from;
    return { active: extra, extra: true };
  }
  delete t.orderFrom;
  return { active: g.nextPlayer(from), extra: false };
}

function beginTurn(g: Game): void {
  const s = g.state;
  const { active, extra } = nextTurnsPlayer(g);
  s.turn.number += 1;
  s.turn.active = active;
  s.turn.landsPlayed = 0;
  delete s.turn.spellsCast;
  for (const p of s.players) {
    p.lifeGainedThisTurn = 0; p.cardsDrawnThisTurn = 0; p.damagedThisTurn = false; p.lifeLostThisTurn = 0;
    // "last turn" is the turn before this one, whoever's it was
    p.spellsCastLastTurn = p.spellsCastThisTurn ?? 0;
    p.spellsCastThisTurn = 0;
  }
  for (const o of Object.values(s.objects)) o.activations = {};
  g.emit({ type: 'turn_began', rule: extra ? '500.7' : '500.1', turn: s.turn.number, active, ...(extra ? { extra } : {}) });
  beginStep(g, 'untap');
}

/** A step begins: its turn-based actions, then priority (or on to the next step). */
export function beginStep(g: Game, step: StepName, rule: RuleId = STEP_RULE[step]): void {
  const s = g.state;
  s.turn.step = step;
  s.turn.priority = null;
  s.turn.passed = [];
  g.emit({ type: 'step_began', rule, step, turn: s.turn.number, active: s.turn.active });
  const active = s.turn.active;
  switch (step) {
    case 'untap':
      // 302.6: the active player has now controlled their permanents continuously since the turn began
      for (const id of s.battlefield) if (g.obj(id).controller === active || g.controller(id) === active) g.obj(id).sick = false;
      const skips = untapSkips(g, active);
      // 502.3: every permanent untaps at once, so which ones an effect holds is decided before any untaps
      const holders = new Map([...s.battlefield].map((id) => [id, g.controller(id) === active && g.obj(id).tapped ? heldBy(g, id) : undefined]));
      for (const id of [...s.battlefield]) {
        if (g.controller(id) !== active || !g.obj(id).tapped) continue;
        const skip = skips.find((e) => e.obj === id);
        if (skip) {
          g.emit({ type: 'doesnt_untap', rule: '502.3', obj: g.ref(id), by: g.ref(skip.source, skip.sourceName) });
          continue;
        }
        const held = holders.get(id);
        if (held) {
          g.emit({ type: 'doesnt_untap', rule: '502.3', obj: g.ref(id), by: g.ref(held.source, held.sourceName) });
          continue;
        }
        // "You may choose not to untap [this] during your untap step"
        if (liveStaticDefs(g, id).some((def) => def.kind === 'may_not_untap')) {
          const a = g.ask({ kind: 'yes', player: active, rule: '502.3', prompt: `untap ${g.name(id)} during your untap step?` });
          if (!a.value) {
            g.emit({ type: 'untap_declined', rule: '502.3', player: active, obj: g.ref(id) });
            continue;
          }
        }
        untapPermanent(g, id, '502.3', 'untap step');
      }
      // 502.4: no player receives priority during the untap step
      endStep(g);
      return;
    case 'upkeep':
      markUpkeepControl(g, active);
      break;
    case 'draw':
      // 103.8a: the player who plays first skips the draw of their first turn (two-player game)
      if (s.turn.number === 1 && s.players.length === 2) g.emit({ type: 'first_draw_skipped', rule: '103.8a', player: active });
      else drawCard(g, active, '504.1');
      break;
    case 'cleanup':
      cleanup(g);
      return;
    case 'declare_attackers':
      declareAttackers(g);
      break;
    case 'declare_blockers':
      declareBlockers(g);
      break;
    case 'combat_damage': {
      // 510.4: with first or double strike, a first combat damage step, then the regular one
      const first = s.turn.combatDamage === undefined && hasFirstStrikers(g);
      const phase = first ? 'first' : s.turn.combatDamage === 'first' ? 'regular' : 'only';
      s.turn.combatDamage = first ? 'first' : 'regular';
      combatDamage(g, phase);
      break;
    }
    default:
      break;
  }
  givePriority(g, active, '117.3a');
}

/**
 * As a player's upkeep begins, each permanent they control remembers the first of their upkeeps it
 * has been under their control for (702.30a: "came under your control since the beginning of your
 * last upkeep"); one that changed controllers since starts again.
 */
function markUpkeepControl(g: Game, active: PlayerId): void {
  for (const id of g.state.battlefield) {
    const o = g.obj(id);
    if (g.controller(id) === active && o.heldSinceUpkeep?.player !== active) o.heldSinceUpkeep = { player: active, turn: g.state.turn.number };
  }
}

/** 402.2: seven, raised or lowered by the effects that say so (never below zero). */
function maxHandSize(g: Game, player: PlayerId): number {
  const by = activeStatics(g, 'max_hand_size').filter((st) => covers(st.def.who, st.controller, player)).reduce((n, st) => n + st.def.by, 0);
  return Math.max(0, 7 + by);
}

/** 514: discard to hand size, then damage wears off and "until end of turn" effects end. */
function cleanup(g: Game): void {
  const s = g.state;
  const active = g.player(s.turn.active);
  // 402.2: an effect may say a player has no maximum hand size
  const unlimited = activeStatics(g, 'no_max_hand_size').some((st) => covers(st.def.who, st.controller, active.name));
  const max = maxHandSize(g, active.name);
  if (active.hand.length > max && !unlimited) {
    const excess = active.hand.length - max;
    const a = g.ask({
      kind: 'choose', player: active.name, rule: '514.1', prompt: `discard ${excess} card(s) down to ${max}`,
      options: active.hand.map((id) => ({ id, label: g.name(id), obj: id })), min: excess, max: excess,
    });
    for (const id of a.options) moveObject(g, id, 'graveyard', { rule: '514.1', how: { kind: 'discarded_to_hand_size' } });
  }
  for (const id of s.battlefield) {
    const o = g.obj(id);
    if (o.damage > 0) o.damage = 0;
    delete o.deathtouched;
    o.regenerationShields = 0;
  }
  const ending = expireAtCleanup(s).filter((e) => e.kind === 'layer');
  g.emit({ type: 'cleanup', rule: '514.2', effectsEnded: ending.length });
  // 514.3a: if state-based actions or triggered abilities happen now, players get priority
  collectTriggers(g);
  const sba = checkStateBasedActions(g);
  collectTriggers(g);
  // a state trigger too (603.8): its state may begin here, as an effect ends (514.2)
  collectStateTriggers(g);
  if (sba || s.pending.length > 0) {
    givePriority(g, s.turn.active, '514.3a');
    return;
  }
  endStep(g);
}

/**
 * The "doesn't untap" effects of resolved spells and abilities for this untap step of `active` (502.3):
 * "its controller's next untap step" and "that player's next untap step" are used up by it; one
 * lasting "for as long as ..." isn't, and holds until its duration ends (611.2b).
 */
function untapSkips(g: Game, active: PlayerId): StoredSkip[] {
  const s = g.state;
  const here = (e: StoredSkip): boolean => g.tryObj(e.obj)?.zone === 'battlefield' && g.controller(e.obj) === active;
  const all = effectsOf(s, 'skip_untap');
  for (const e of all) if (!e.held && (e.player ? e.player === active : here(e))) removeEffect(s, e);
  return all.filter((e) => (!e.player || e.player === active) && here(e));
}

type StoredSkip = ReturnType<typeof effectsOf<'skip_untap'>>[number];

/** "[this] doesn't untap during its controller's untap step" (502.3): the static that holds it, if any. */
function heldBy(g: Game, id: ObjId): { source: ObjId; sourceName: string } | undefined {
  return activeStatics(g, 'doesnt_untap').find((st) => affects(g, st.source, st.def.affected, id));
}
