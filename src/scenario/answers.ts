// The scripted answerer: the proposal keys of a `cast`/`activate` action and the map of an
// `attack`/`block` action, then the action's `answers:` list in the order questions are asked, then
// what the runner answers by policy (the automatic payment, a combat no action declares). REFs are
// resolved against the question's options first, then against the whole game (so a real but illegal
// choice is rejected by the rules, not reported as a typo).

import type { Game } from '../state/game.js';
import type { Answer, Answerer, CostHelper, Option, PayStep, Question } from '../state/questions.js';
import type { ObjId } from '../state/state.js';
import type { AnswerEntry } from './schema.js';
import { RefError, resolveRef } from './refs.js';

/** An answer that can't be used for its question: a user error (exit 2). */
export class AnswerError extends Error {
  constructor(message: string, public readonly answerIndex: number | null, public readonly key?: string) {
    super(message);
  }
}

export type ProposalKeys = Partial<Record<'face' | 'alt' | 'additional' | 'modes' | 'x' | 'hybrid' | 'phyrexian' | 'targets' | 'divide' | 'pay', unknown>>;

const KIND_OF_KEY: Record<string, Question['kind']> = {
  face: 'face', alt: 'alt', additional: 'additional', modes: 'modes', x: 'x', hybrid: 'hybrid', phyrexian: 'phyrexian',
  targets: 'targets', divide: 'divide', pay: 'pay',
};

/** An answer the runner already has in engine terms (an `attack` or `block` declaration), under its action key. */
export interface GivenAnswer {
  key: string;
  answer: Answer;
}

export class ScriptedAnswerer implements Answerer {
  private next = 0;
  private readonly keys: Map<Question['kind'], { key: string; value: unknown }> = new Map();
  private readonly given: Map<Question['kind'], GivenAnswer> = new Map();

  /**
   * `given` answers the first question of its kind; `fallback` answers the questions nothing else
   * answers, when it can (the automatic payment, a combat the action doesn't declare).
   */
  constructor(private readonly g: () => Game, keys: ProposalKeys, private readonly answers: AnswerEntry[], given: GivenAnswer[] = [], private readonly fallback?: (q: Question) => Answer | undefined) {
    for (const [k, v] of Object.entries(keys)) if (v !== undefined && KIND_OF_KEY[k]) this.keys.set(KIND_OF_KEY[k]!, { key: k, value: v });
    for (const x of given) this.given.set(x.answer.kind, x);
  }

  /** Proposal keys, given answers and answers that no question used. */
  leftovers(): { keys: string[]; answers: number[] } {
    return { keys: [...this.keys.values(), ...this.given.values()].map((k) => k.key), answers: this.answers.map((_, i) => i).filter((i) => i >= this.next) };
  }

  answer(q: Question, only?: Answer): Answer | undefined {
    const key = this.keys.get(q.kind);
    if (key) {
      this.keys.delete(q.kind);
      return this.convert(q, key.value, null, key.key);
    }
    const given = this.given.get(q.kind);
    if (given) {
      this.given.delete(q.kind);
      return given.answer;
    }
    const entry = this.answers[this.next];
    const entryKind = entry ? (Object.keys(entry).find((k) => (entry as Record<string, unknown>)[k] !== undefined) as Question['kind']) : undefined;
    if (entry && entryKind === q.kind) {
      const a = this.convert(q, (entry as Record<string, unknown>)[entryKind], this.next, entryKind);
      if (only && JSON.stringify(normalize(a)) !== JSON.stringify(normalize(only))) return undefined;
      this.next++;
      return a;
    }
    if (only || q.optional) return undefined;
    const byDefault = this.fallback?.(q);
    if (byDefault) return byDefault;
    if (entry) {
      throw new AnswerError(`the next answer is {${entryKind}: ...} but the question asked now is of kind \`${q.kind}\`: ${q.prompt}`, this.next, entryKind);
    }
    return undefined;
  }

  private ref(ref: string, options: Option[], taken: Set<ObjId>, what: string, index: number | null, key: string): string {
    // a copy's new targets: "keep" keeps that target (707.10c)
    if (ref.toLowerCase() === 'keep' && options.some((o) => o.id === '#keep')) return '#keep';
    const g = this.g();
    const candidates = options.filter((o) => o.obj).map((o) => o.obj!);
    try {
      const r = resolveRef(g, ref, { candidates, taken, what });
      if ('player' in r) return `@${r.player}`;
      taken.add(r.obj);
      return r.obj;
    } catch (e) {
      if (e instanceof RefError) throw new AnswerError(e.message, index, key);
      throw e;
    }
  }

  private convert(q: Question, v: unknown, index: number | null, key: string): Answer {
    const fail = (msg: string): never => { throw new AnswerError(msg, index, key); };
    const matchOption = (s: string, options: Option[]): string => {
      const l = s.toLowerCase();
      const hit = options.find((o) => o.id.toLowerCase() === l || o.label.toLowerCase() === l)
        ?? options.find((o) => o.label.toLowerCase().startsWith(l))
        ?? options.find((o) => o.label.toLowerCase().includes(l));
      return hit ? hit.id : fail(`"${s}" is not one of the options: ${options.map((o) => o.label).join(', ')}`);
    };
    // a face, alternative or additional cost the card doesn't offer is the player's illegal choice:
    // the rules reject it (the engine's check cites the rule), it isn't a typo
    const proposal = (s: string, options: Option[]): string => {
      const l = s.toLowerCase();
      const hit = options.find((o) => o.id.toLowerCase() === l || o.label.toLowerCase() === l)
        ?? options.find((o) => o.label.toLowerCase().startsWith(l))
        ?? options.find((o) => o.label.toLowerCase().includes(l));
      return hit ? hit.id : s;
    };
    switch (q.kind) {
      case 'face': return { kind: 'face', option: proposal(String(v), q.options) };
      case 'alt': return { kind: 'alt', option: String(v).toLowerCase() === 'none' ? 'none' : proposal(String(v), q.options) };
      case 'apply': {
        const ids = q.options.map((o) => o.obj).filter((x): x is string => !!x);
        const id = this.ref(String(v), q.options, new Set(), 'the effect to apply', index, key);
        // an effect's source may have moved since it made the effect (a resolved spell's shield, 615.7)
        const from = (o: Option) => !!o.obj && becameOf(this.g(), o.obj).includes(id);
        return { kind: 'apply', option: q.options.find((o) => o.obj === id || o.id === id)?.id ?? q.options.find(from)?.id ?? (ids.length ? id : matchOption(String(v), q.options)) };
      }
      case 'additional': return { kind: 'additional', options: (v as string[]).map((s) => proposal(s, q.options)) };
      case 'modes': return { kind: 'modes', options: (v as number[]).map(String) };
      case 'x': return { kind: 'x', value: v as number };
      case 'hybrid': return { kind: 'hybrid', choices: v as string[] };
      case 'phyrexian': return { kind: 'phyrexian', choices: v as Array<'life' | 'mana'> };
      case 'yes': return { kind: 'yes', value: v as boolean };
      case 'value': {
        if (q.options) return { kind: 'value', value: matchOption(String(v), q.options) };
        return { kind: 'value', value: String(v) };
      }
      case 'choose': {
        const taken = new Set<ObjId>();
        // options that are not objects or players (one of several instructions) are named by their text
        const plain = q.options.filter((o) => !o.obj && !o.player);
        return { kind: 'choose', options: (v as string[]).map((r) => (plain.length === q.options.length ? matchOption(String(r), plain) : this.choiceRef(String(r), q.options, taken, index, key))) };
      }
      case 'order': {
        const taken = new Set<string>();
        const ids = (v as string[]).map((r) => {
          const opts = q.options.filter((o) => !taken.has(o.id));
          const l = r.toLowerCase();
          const [src, frag] = l.includes(':') ? [l.slice(0, l.indexOf(':')).trim(), l.slice(l.indexOf(':') + 1).trim()] : [l, ''];
          const g = this.g();
          const hit = opts.find((o) => {
            const so = o.obj ? g.state.objects[o.obj] : undefined;
            const srcOk = o.label.toLowerCase().startsWith(`${src}:`) || so?.ref === src || (o.obj ? g.state.lki[o.obj]?.object.ref === src : false);
            return srcOk && (!frag || o.label.toLowerCase().includes(frag));
          });
          if (!hit) fail(`"${r}" names none of the triggered abilities to order: ${q.options.map((o) => o.label).join('; ')}`);
          taken.add(hit!.id);
          return hit!.id;
        });
        return { kind: 'order', options: ids };
      }
      case 'targets': {
        const flat = v as Array<string | string[]>;
        const slots = q.slots;
        const taken = new Set<ObjId>();
        const out: string[][] = slots.map(() => []);
        // nested lists give each slot its targets; a flat list is split in slot order
        if (flat.some(Array.isArray)) {
          if (flat.length < slots.length) fail(`${flat.length} target lists given for ${slots.length} target slot(s): ${slots.map((s) => s.text).join('; ')}`);
          // lists beyond the slots are announced as they are: the game refuses targets the spell doesn't ask for (601.2c)
          if (flat.length > slots.length) return { kind: 'targets', slots: flat.map((part, i) => (Array.isArray(part) ? part : [part]).map((r) => this.ref(String(r), slots[i]?.options ?? allOptions(slots), new Set(), slots[i]?.text ?? 'a target', index, key))) };
          flat.forEach((part, i) => { out[i] = (Array.isArray(part) ? part : [part]).map((r) => this.ref(String(r), slots[i]!.options, new Set(), slots[i]!.text, index, key)); });
          return { kind: 'targets', slots: out };
        }
        let i = 0;
        for (const [si, s] of slots.entries()) {
          const laterMin = slots.slice(si + 1).reduce((n, x) => n + x.min, 0);
          const remaining = flat.length - i;
          const want = s.max === null ? Math.max(0, remaining - laterMin) : Math.min(s.max, Math.max(s.min, remaining - laterMin));
          for (let k = 0; k < want && i < flat.length; k++, i++) {
            const slotTaken = new Set<ObjId>(taken);
            out[si]!.push(this.ref(String(flat[i]), s.options, slotTaken, s.text, index, key));
          }
        }
        if (i < flat.length && !slots.some((s) => s.options.length)) fail(`${flat.length} targets given, but ${q.prompt.replace(/^Choose targets for /, '')} takes at most ${slots.reduce((n, s) => n + (s.max ?? Infinity), 0)}`);
        // targets beyond what the slots take are announced as they are, in a slot of their own, for the game to refuse (601.2c)
        if (i < flat.length) out.push(flat.slice(i).map((r) => this.ref(String(r), allOptions(slots), new Set(), 'a target', index, key)));
        return { kind: 'targets', slots: out };
      }
      case 'divide': {
        const rec = v as Record<string, number>;
        const amounts: Record<string, number> = {};
        for (const [r, n] of Object.entries(rec)) amounts[this.ref(r, q.among, new Set(), 'the division', index, key)] = n;
        return { kind: 'divide', amounts };
      }
      case 'pay': {
        const g = this.g();
        const taken = new Set<ObjId>();
        const mine = g.state.battlefield.filter((id) => g.controller(id) === q.player).sort((a, b) => Number(g.obj(a).tapped) - Number(g.obj(b).tapped));
        const options = mine.map((id) => ({ id, label: g.name(id), obj: id }));
        const steps: PayStep[] = (v as Array<string | { source: string; ability?: string; mana?: string }>).map((s) => {
          if (typeof s === 'string' && /^(\{[^}]+\})+$/.test(s.trim())) return { pool: s.trim() };
          const helper = helperStep(s);
          if (helper) {
            // a card exiled for delve is in a graveyard; a creature or artifact tapped is on the battlefield
            const opts = helper.helper === 'delve' ? g.player(q.player).graveyard.map((id) => ({ id, label: g.name(id), obj: id })) : options;
            return { helper: helper.helper, obj: this.ref(helper.ref, opts, taken, `an object to pay by ${helper.helper}`, index, key), ...(helper.mana ? { mana: helper.mana } : {}) };
          }
          const src = typeof s === 'string' ? s : s.source;
          return { source: this.ref(src, options, taken, 'a mana source', index, key), ...(typeof s === 'object' && s.ability ? { ability: s.ability } : {}), ...(typeof s === 'object' && s.mana ? { mana: s.mana } : {}) };
        });
        return { kind: 'pay', steps };
      }
      case 'attackers': {
        const taken = new Set<ObjId>();
        const declarations = Object.entries(v as Record<string, string>).map(([who, what]) => ({
          attacker: this.ref(who, q.options, taken, 'an attacking creature', index, key),
          target: this.ref(String(what), q.targets, new Set(), 'what it attacks', index, key).replace(/^@/, ''),
        }));
        return { kind: 'attackers', declarations };
      }
      case 'blockers': {
        const taken = new Set<ObjId>();
        const declarations = Object.entries(v as Record<string, string | string[]>).map(([who, what]) => ({
          blocker: this.ref(who, q.options, taken, 'a blocking creature', index, key),
          attackers: [what].flat().map((r) => this.ref(String(r), q.attackers, new Set(), 'an attacking creature', index, key)),
        }));
        return { kind: 'blockers', declarations };
      }
    }
  }

  private choiceRef(r: string, options: Option[], taken: Set<ObjId>, index: number | null, key: string): string {
    return this.ref(r, options, taken, 'this choice', index, key);
  }
}

/** Every slot's options, once each: where a target named beyond the slots is looked up. */
function allOptions(slots: Array<{ options: Option[] }>): Option[] {
  const seen = new Set<string>();
  return slots.flatMap((s) => s.options).filter((o) => !seen.has(o.id) && !!seen.add(o.id));
}

function normalize(a: Answer): unknown {
  if (a.kind === 'choose' || a.kind === 'modes' || a.kind === 'additional') return { ...a, options: [...a.options].sort() };
  return a;
}

/** A pay step naming an object for convoke, improvise or delve (`{convoke: elf, mana: "{G}"}`). */
function helperStep(s: unknown): { helper: CostHelper; ref: string; mana?: string } | undefined {
  if (!s || typeof s !== 'object') return undefined;
  const o = s as Record<string, unknown>;
  for (const h of ['convoke', 'improvise', 'delve'] as const) {
    if (o[h] !== undefined) return { helper: h, ref: String(o[h]), ...(typeof o.mana === 'string' ? { mana: o.mana } : {}) };
  }
  return undefined;
}

/** The objects an object became as it moved from zone to zone (400.7), oldest first. */
function becameOf(g: Game, id: ObjId): ObjId[] {
  const out: ObjId[] = [];
  for (let cur = g.state.lki[id]?.becameId; cur && !out.includes(cur); cur = g.state.lki[cur]?.becameId) out.push(cur);
  return out;
}
