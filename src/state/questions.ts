// The one question boundary. Every decision the rules give a player is a Question with a kind, a
// player, a rule and its options, from casting choices (601.2b-d) and payments (601.2g) to the
// declarations of attackers (508.1) and blockers (509.1); answerers (scripted, interactive, the
// automatic payment, "only one legal option") sit behind `Game.ask` and the engine never knows which
// one it talks to. One map gives each kind its question and answer fields.

import type { ManaType, PlainCost } from '../core/mana.js';
import type { RuleId } from '../core/rules/index.js';
import type { ObjId, PlayerId } from './state.js';

/** A thing a player can pick. `id` is the engine's value; `names` are the ways a user may refer to it. */
export interface Option {
  id: string;
  label: string;
  /** An object or a player, for reference resolution. */
  obj?: ObjId;
  player?: PlayerId;
  /** The option may be chosen any number of times, named once in the answer for each (replicate, 702.56a). */
  repeatable?: boolean;
}

export interface TargetSlot {
  name: string;
  text: string; // "target creature", "any target"
  min: number;
  max: number | null;
  options: Option[]; // the legal choices
}

interface QBase {
  player: PlayerId;
  rule: RuleId;
  prompt: string;
  /** When set, an answer that names a real but not allowed option is an illegal action with this rule (730). */
  illegalRule?: RuleId;
  /** The question may go unanswered: the engine then uses this default (an absent action key). */
  optional?: boolean;
  /** Answered by the engine without a trace line when it has a single option (a formality). */
  silent?: boolean;
}

/**
 * Every question kind, with the fields its question carries and the fields of its answer. Both
 * unions below derive from this one map, so `Game.ask` returns the answer type of the question it is
 * given. Answers are in engine terms: option ids and values, already checked against the question.
 */
export interface QuestionShapes {
  face: { question: { options: Option[] }; answer: { option: string } };
  /** `repeat`: the same mode may be chosen more than once (700.2d) */
  modes: { question: { options: Option[]; min: number; max: number; repeat?: boolean }; answer: { options: string[] } };
  x: { question: { min: number; max: number | null }; answer: { value: number } };
  /** The options include "none". */
  alt: { question: { options: Option[] }; answer: { option: string } };
  /** Any subset of the options. */
  additional: { question: { options: Option[] }; answer: { options: string[] } };
  hybrid: { question: { symbols: string[]; halves: Array<[string, string]> }; answer: { choices: string[] } };
  phyrexian: { question: { symbols: string[] }; answer: { choices: Array<'life' | 'mana'> } };
  targets: { question: { slots: TargetSlot[] }; answer: { slots: string[][] } };
  divide: { question: { total: number; among: Option[]; minEach: number }; answer: { amounts: Record<string, number> } };
  /**
   * The mana abilities to activate for a cost (601.2g): `cost` as announced, `need` what the payment
   * needs. `auto` marks an answer as the automatic payment's (its mana abilities are traced as such,
   * and the pool pays newest mana first).
   */
  pay: { question: { cost: string; need: PaymentNeed }; answer: { steps: PayStep[]; auto?: boolean } };
  choose: { question: { options: Option[]; min: number; max: number; ordered?: boolean }; answer: { options: string[] } };
  /** `forced`: the only legal answer, when the action is impossible (608.2d). */
  yes: { question: { forced?: boolean }; answer: { value: boolean } };
  value: { question: { what: string; options: Option[] | null }; answer: { value: string } };
  order: { question: { options: Option[] }; answer: { options: string[] } };
  apply: { question: { options: Option[] }; answer: { option: string } };
  /** The active player's attack (508.1): `options` are the creatures they control, `targets` what may be attacked. */
  attackers: { question: { options: Option[]; targets: Option[] }; answer: { declarations: AttackDeclaration[] } };
  /** The defending player's blocks (509.1): `options` are the creatures they control, `attackers` the attacking creatures. */
  blockers: { question: { options: Option[]; attackers: Option[] }; answer: { declarations: BlockDeclaration[] } };
}

export type QuestionKind = keyof QuestionShapes;

export const QUESTION_KINDS: readonly QuestionKind[] = [
  'face', 'modes', 'x', 'alt', 'additional', 'hybrid', 'phyrexian', 'targets', 'divide', 'pay', 'choose',
  'yes', 'value', 'order', 'apply', 'attackers', 'blockers',
];

/** A question of kind K; without K, the union of every kind (narrowed by `kind`). */
export type Question<K extends QuestionKind = QuestionKind> = K extends QuestionKind ? QBase & { kind: K } & QuestionShapes[K]['question'] : never;
/** The answer to a question of kind K; without K, the union of every kind. */
export type Answer<K extends QuestionKind = QuestionKind> = K extends QuestionKind ? { kind: K } & QuestionShapes[K]['answer'] : never;

/** One attacker and what it attacks: a player or a planeswalker (508.1b). */
export interface AttackDeclaration { attacker: ObjId; target: PlayerId | ObjId }
/** One blocker and the attacking creatures it blocks (509.1a). */
export interface BlockDeclaration { blocker: ObjId; attackers: ObjId[] }

/**
 * What a payment needs: its total mana cost and life, the permanents its other costs use, the mana
 * spendable as any color (609.4b), and the objects that may pay part of it instead of mana, by the
 * spell's convoke, improvise or delve.
 */
export interface PaymentNeed {
  mana: PlainCost;
  reserved: ObjId[];
  wild: ManaType[];
  /** Pool indices of mana that can't pay this cost (106.6: "spend this mana only to ..."). */
  unusable?: number[];
  helpers?: Partial<Record<CostHelper, ObjId[]>>;
}

/**
 * Keywords letting objects pay mana of a spell's total cost: tapping a creature (convoke, 702.51a:
 * one mana of its color or {1}), tapping an artifact (improvise, 702.126a: {1}), or exiling a card
 * from the graveyard (delve, 702.66a: {1}).
 */
export type CostHelper = 'convoke' | 'improvise' | 'delve';

/**
 * One step of an explicit payment: activate a mana source, take mana of a type from the pool, or
 * pay one mana with a helper object (`mana`: what a convoking creature pays, "{G}" or "{1}").
 */
export type PayStep =
  | { source: ObjId; ability?: string; mana?: string }
  | { pool: string }
  | { helper: CostHelper; obj: ObjId; mana?: string };

export interface Answerer {
  /**
   * The answer to `q`, or undefined when none is available (the engine then uses the default of an
   * optional question, or the question goes unanswered). With `only` (the question has exactly one
   * legal answer), a scripted answer is taken only if it is the next one, of this kind, and names
   * that answer; otherwise nothing is consumed and undefined is returned.
   */
  answer(q: Question, only?: Answer): Answer | undefined;
}

/** Whether `a` answers a question of the kind of `q`. */
export function answers<K extends QuestionKind>(q: Question<K>, a: Answer): a is Answer<K> {
  return a.kind === q.kind;
}

/** Thrown when a question has no answer: the driver may prompt and replay the action. */
export class NeedAnswer extends Error {
  constructor(public readonly question: Question) {
    super(`unanswered question: ${question.prompt}`);
  }
}

/** The single legal answer of a question, if it has exactly one. */
export function onlyAnswer(q: Question): Answer | undefined {
  switch (q.kind) {
    case 'face':
    case 'alt':
    case 'apply':
      return q.options.length === 1 ? { kind: q.kind, option: q.options[0]!.id } : undefined;
    case 'modes':
      return !q.repeat && q.options.length === q.min && q.min === q.max ? { kind: 'modes', options: q.options.map((o) => o.id) } : undefined;
    case 'x':
      return q.max !== null && q.max === q.min ? { kind: 'x', value: q.min } : undefined;
    case 'choose':
      if (q.min === q.max && q.options.length === q.min && (!q.ordered || q.min <= 1)) return { kind: 'choose', options: q.options.map((o) => o.id) };
      if (q.max === 0) return { kind: 'choose', options: [] };
      return undefined;
    case 'targets': {
      const slots: string[][] = [];
      for (const s of q.slots) {
        if (s.max === null || s.min !== s.max || s.options.length !== s.min) return undefined;
        slots.push(s.options.map((o) => o.id));
      }
      return { kind: 'targets', slots };
    }
    case 'divide':
      if (q.among.length === 1) return { kind: 'divide', amounts: { [q.among[0]!.id]: q.total } };
      if (q.among.length * q.minEach === q.total) return { kind: 'divide', amounts: Object.fromEntries(q.among.map((o) => [o.id, q.minEach])) };
      return undefined;
    case 'value':
      return q.options && q.options.length === 1 ? { kind: 'value', value: q.options[0]!.id } : undefined;
    case 'yes':
      return q.forced !== undefined ? { kind: 'yes', value: q.forced } : undefined;
    case 'order':
      return q.options.length === 1 ? { kind: 'order', options: [q.options[0]!.id] } : undefined;
    default:
      return undefined;
  }
}
