// The one question boundary. Every decision the rules give a player is a Question with a kind, a
// player, a rule and its options; answerers (scripted, interactive, "only one legal option") sit
// behind `Game.ask` and the engine never knows which one it talks to.

import type { RuleId } from '../core/rules/index.js';
import type { ObjId, PlayerId } from './state.js';

export type QuestionKind =
  | 'face' | 'modes' | 'x' | 'alt' | 'additional' | 'hybrid' | 'phyrexian' | 'targets' | 'divide'
  | 'pay' | 'choose' | 'yes' | 'value' | 'order' | 'apply';

export const QUESTION_KINDS: readonly QuestionKind[] = [
  'face', 'modes', 'x', 'alt', 'additional', 'hybrid', 'phyrexian', 'targets', 'divide', 'pay', 'choose',
  'yes', 'value', 'order', 'apply',
];

/** A thing a player can pick. `id` is the engine's value; `names` are the ways a user may refer to it. */
export interface Option {
  id: string;
  label: string;
  /** An object or a player, for reference resolution. */
  obj?: ObjId;
  player?: PlayerId;
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

export type Question =
  | (QBase & { kind: 'face'; options: Option[] })
  | (QBase & { kind: 'modes'; options: Option[]; min: number; max: number })
  | (QBase & { kind: 'x'; min: number; max: number | null })
  | (QBase & { kind: 'alt'; options: Option[] }) // includes "none"
  | (QBase & { kind: 'additional'; options: Option[] }) // any subset
  | (QBase & { kind: 'hybrid'; symbols: string[]; halves: Array<[string, string]> })
  | (QBase & { kind: 'phyrexian'; symbols: string[] })
  | (QBase & { kind: 'targets'; slots: TargetSlot[] })
  | (QBase & { kind: 'divide'; total: number; among: Option[]; minEach: number })
  | (QBase & { kind: 'pay'; cost: string; sources: Option[] })
  | (QBase & { kind: 'choose'; options: Option[]; min: number; max: number; ordered?: boolean })
  | (QBase & { kind: 'yes'; /** The only legal answer, when the action is impossible (608.2d). */ forced?: boolean })
  | (QBase & { kind: 'value'; what: string; options: Option[] | null })
  | (QBase & { kind: 'order'; options: Option[] })
  | (QBase & { kind: 'apply'; options: Option[] });

/** An answer in engine terms: option ids and values, already checked against the question. */
export type AnswerValue =
  | { kind: 'face'; option: string }
  | { kind: 'modes'; options: string[] }
  | { kind: 'x'; value: number }
  | { kind: 'alt'; option: string }
  | { kind: 'additional'; options: string[] }
  | { kind: 'hybrid'; choices: string[] }
  | { kind: 'phyrexian'; choices: Array<'life' | 'mana'> }
  | { kind: 'targets'; slots: string[][] }
  | { kind: 'divide'; amounts: Record<string, number> }
  | { kind: 'pay'; steps: PayStep[] }
  | { kind: 'choose'; options: string[] }
  | { kind: 'yes'; value: boolean }
  | { kind: 'value'; value: string }
  | { kind: 'order'; options: string[] }
  | { kind: 'apply'; option: string };

/** One step of an explicit payment: activate a mana source, or take mana of a type from the pool. */
export type PayStep =
  | { source: ObjId; ability?: string; mana?: string }
  | { pool: string };

export interface Answerer {
  /**
   * The answer to `q`, or undefined when none is available (the engine then uses the default of an
   * optional question, or the question goes unanswered). With `only` (the question has exactly one
   * legal answer), a scripted answer is taken only if it is the next one, of this kind, and names
   * that answer; otherwise nothing is consumed and undefined is returned.
   */
  answer(q: Question, only?: AnswerValue): AnswerValue | undefined;
  /** Called when the engine answered a question itself (exactly one legal option). */
  autoAnswered?(q: Question, a: AnswerValue): void;
}

/** Thrown when a question has no answer: the driver may prompt and replay the action. */
export class NeedAnswer extends Error {
  constructor(public readonly question: Question) {
    super(`unanswered question: ${question.prompt}`);
  }
}

/** The single legal answer of a question, if it has exactly one. */
export function onlyAnswer(q: Question): AnswerValue | undefined {
  switch (q.kind) {
    case 'face':
    case 'alt':
    case 'apply':
      return q.options.length === 1 ? { kind: q.kind, option: q.options[0]!.id } : undefined;
    case 'modes':
      return q.options.length === q.min && q.min === q.max ? { kind: 'modes', options: q.options.map((o) => o.id) } : undefined;
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
