// The interactive answerer: a question the file doesn't answer is asked at the terminal, one prompt
// per question kind. The answer comes back as the YAML answer a user would write, so the action is
// replayed with it and the trace shows how to script it.

import type { Game } from '../state/game.js';
import type { Option, Question } from '../state/questions.js';
import type { AnswerEntry } from '../scenario/schema.js';
import { objectName } from '../scenario/refs.js';
import { BACK } from '../scenario/run.js';

export { BACK };

export interface Choice { name: string; value: string }

const BACK_CHOICE: Choice = { name: '<- back (ask the previous question again)', value: BACK };

/** The choice that shows the board and asks the same question again. */
export const BOARD = '#board';
const BOARD_CHOICE: Choice = { name: '(show the board)', value: BOARD };

/** The prompt primitives; the default is @inquirer/prompts, tests pass their own. */
export interface PromptIO {
  select(message: string, choices: Choice[]): Promise<string>;
  /** Checking the BACK choice means back, whatever else is checked. */
  checkbox(message: string, choices: Choice[], min: number, max: number | null): Promise<string[]>;
  /** With `back`, the reply may be BACK instead of a number; with `board`, BOARD. */
  number(message: string, min: number, max: number | null, back?: boolean, board?: boolean): Promise<number | typeof BACK | typeof BOARD>;
}

/** The prompts of @inquirer/prompts, drawn on `output` (default stdout). */
export async function inquirerIO(output?: NodeJS.WriteStream): Promise<PromptIO> {
  const p = await import('@inquirer/prompts');
  const context = output ? { output } : undefined;
  return {
    select: (message, choices) => p.select({ message, choices }, context),
    checkbox: (message, choices, min, max) => p.checkbox({
      message, choices,
      validate: (sel) => (sel.some((c) => c.value === BACK || c.value === BOARD) ? true : sel.length < min ? `choose at least ${min}` : max !== null && sel.length > max ? `choose at most ${max}` : true),
    }, context),
    number: async (message, min, max, back, board) => {
      const words = [...(back ? ['back'] : []), ...(board ? ['board'] : [])];
      const word = (v: string) => words.includes(v.trim());
      const text = await p.input({
        message: `${message}${words.length ? ` (or ${words.join(', ')})` : ''}`,
        validate: (v) => word(v) || (/^\d+$/.test(v.trim()) && Number(v) >= min && (max === null || Number(v) <= max)) ? true : `a whole number from ${min}${max !== null ? ` to ${max}` : ''}${words.length ? `, or ${words.join(', or ')}` : ''}`,
      }, context);
      return text.trim() === 'back' ? BACK : text.trim() === 'board' ? BOARD : Number(text.trim());
    },
  };
}

/**
 * The prompts with a way to look at the board: a `(show the board)` choice last (typed `board` at a
 * number), which calls `show` and asks the same question again.
 */
export function withBoard(io: PromptIO, show: () => void): PromptIO {
  return {
    async select(message, list) {
      for (;;) {
        const r = await io.select(message, [...list, BOARD_CHOICE]);
        if (r !== BOARD) return r;
        show();
      }
    },
    async checkbox(message, list, min, max) {
      for (;;) {
        const r = await io.checkbox(message, [...list, BOARD_CHOICE], min, max);
        if (!r.includes(BOARD)) return r;
        show();
      }
    },
    async number(message, min, max, back) {
      for (;;) {
        const r = await io.number(message, min, max, back, true);
        if (r !== BOARD) return r;
        show();
      }
    },
  };
}

/** A reference that names exactly this option: its id, its player name, or NAME#K. */
export function optionRef(g: Game, o: Option): string {
  if (o.id === '#keep') return 'keep';
  if (o.player) return o.player;
  const obj = o.obj ? g.state.objects[o.obj] : undefined;
  if (!obj) return o.id;
  if (obj.ref) return obj.ref;
  const name = objectName(g, obj) ?? o.label;
  const same = Object.values(g.state.objects)
    .filter((x) => objectName(g, x) === name)
    .sort((a, b) => a.timestamp - b.timestamp || Number(a.id.slice(1)) - Number(b.id.slice(1)));
  return same.length > 1 ? `${name}#${same.findIndex((x) => x.id === obj.id) + 1}` : name;
}

function choices(g: Game, options: Option[]): Choice[] {
  return options.map((o) => ({ name: o.label, value: optionRef(g, o) }));
}

/** Where a question comes from, as a prompt names it. */
export interface PromptContext {
  /** The action (`cast Lightning Bolt`) and its line in the file (0 at the REPL). */
  action?: string;
  line?: number;
  /** `back` may be answered to the first part of this question (an earlier question of the action was answered). */
  canGoBack?: boolean;
  /** Told about a part of the question that had one legal answer and was not asked. */
  note?: (line: string) => void;
  /** Shows the board; with it, every prompt offers to show it. */
  board?: () => void;
}

/**
 * What the question is for: the object on top of the stack (the spell being cast, the ability being
 * activated or put on the stack, the object resolving), else the action itself.
 */
function subject(q: Question, g: Game, ctx: PromptContext): string {
  const top = g.state.stack[0];
  const own = q.kind !== 'order' && q.kind !== 'attackers' && q.kind !== 'blockers' && top !== undefined;
  const what = own ? g.name(top) : ctx.action ?? q.player;
  return `${what}${ctx.line ? ` (line ${ctx.line})` : ctx.action && own ? ` (${ctx.action})` : ''}`;
}

/** A question asked part by part; BACK at a part goes to the part before, or out of the question at the first. */
class Asker {
  constructor(private readonly io: PromptIO, private readonly head: string, private readonly ctx: PromptContext) {}

  /** A select; one legal choice is taken without asking. */
  async select(part: string, list: Choice[], back: boolean): Promise<string> {
    if (list.length === 1) { this.ctx.note?.(`  (${this.head}${part ? ` ${part}` : ''}: only one legal choice, ${list[0]!.name})`); return list[0]!.value; }
    return this.io.select(`${this.head}${part ? ` ${part}` : ''}`, back ? [...list, BACK_CHOICE] : list);
  }

  async checkbox(part: string, list: Choice[], min: number, max: number | null, back: boolean): Promise<string[] | typeof BACK> {
    if (list.length === min && (max === null || max === min) && min > 0) { this.ctx.note?.(`  (${this.head} ${part}: only one legal choice, ${list.map((c) => c.name).join(', ')})`); return list.map((c) => c.value); }
    const r = await this.io.checkbox(`${this.head}${part ? ` ${part}` : ''}`, back ? [...list, BACK_CHOICE] : list, min, max);
    return r.includes(BACK) ? BACK : r;
  }

  number(part: string, min: number, max: number | null, back: boolean): Promise<number | typeof BACK> {
    if (max === min) return Promise.resolve(min);
    // BOARD is not asked for here: withBoard() answers it
    return this.io.number(`${this.head}${part ? ` ${part}` : ''}`, min, max, back) as Promise<number | typeof BACK>;
  }

  /** Asks `n` parts in order, `back` going to the part before; BACK when the first part is answered back. */
  async parts<T>(n: number, ask: (i: number, back: boolean) => Promise<T | typeof BACK>): Promise<T[] | typeof BACK> {
    const out: T[] = [];
    for (let i = 0; i < n;) {
      const r = await ask(i, i > 0 || !!this.ctx.canGoBack);
      if (r === BACK) { if (i === 0) return BACK; out.pop(); i--; continue; }
      out[i] = r;
      i++;
    }
    return out;
  }
}

/** 601.2b: the optional costs to pay, then how many times for each one paid any number of times
 * (replicate, 702.56a), which the answer names once per time. */
async function additionalPrompt(ask: Asker, q: Extract<Question, { kind: 'additional' }>, back: boolean): Promise<AnswerEntry | typeof BACK> {
  const picked = await ask.checkbox('', q.options.map((o) => ({ name: o.label, value: o.id })), 0, q.options.length, back);
  if (picked === BACK) return BACK;
  const out: string[] = [];
  for (const id of picked) {
    const o = q.options.find((x) => x.id === id)!;
    const times = o.repeatable ? await ask.number(`how many times to pay ${o.label}?`, 1, null, true) : 1;
    if (times === BACK) return BACK;
    for (let i = 0; i < times; i++) out.push(id);
  }
  return { additional: out };
}

function labelOf(list: Choice[], value: string): string {
  return list.find((c) => c.value === value)?.name ?? value;
}

function of(i: number, n: number, what: string): string {
  return n > 1 ? `${what} ${i + 1} of ${n}` : '';
}

/**
 * Asks a question at the terminal; returns the answer as a scenario would write it, or BACK (the
 * user takes back the previous answer of the action).
 */
export async function promptQuestion(plainIO: PromptIO, q: Question, g: Game, ctx: PromptContext = {}): Promise<AnswerEntry | typeof BACK> {
  const io = ctx.board ? withBoard(plainIO, ctx.board) : plainIO;
  const head = `${subject(q, g, ctx)}: ${q.prompt} (${q.player}, ${q.rule})`;
  const ask = new Asker(io, head, ctx);
  const back = !!ctx.canGoBack;
  const yes = [{ name: 'yes', value: 'yes' }, { name: 'no', value: 'no' }];
  const wrap = <T>(r: T | typeof BACK, f: (v: T) => AnswerEntry): AnswerEntry | typeof BACK => (r === BACK ? BACK : f(r));
  switch (q.kind) {
    case 'face':
    case 'alt':
      return wrap(await ask.select('', q.options.map((o) => ({ name: o.label, value: o.label })), back), (v) => ({ [q.kind]: v }) as AnswerEntry);
    case 'apply':
      return wrap(await ask.select('', choices(g, q.options), back), (v) => ({ apply: v }));
    case 'additional': return additionalPrompt(ask, q, back);
    case 'modes':
      return wrap(await ask.checkbox('', q.options.map((o) => ({ name: o.label, value: o.id })), q.min, q.max, back), (v) => ({ modes: v.map(Number) }));
    case 'x':
      return wrap(await ask.number('', q.min, q.max, back), (v) => ({ x: v }));
    case 'yes':
      return wrap(await ask.select('', yes, back), (v) => ({ yes: v === 'yes' }));
    case 'value':
      if (q.options) return wrap(await ask.select('', q.options.map((o) => ({ name: o.label, value: o.label })), back), (v) => ({ value: v }));
      return wrap(await ask.number('', 0, null, back), (v) => ({ value: String(v) }));
    case 'choose':
      if (q.min === 1 && q.max === 1) return wrap(await ask.select('', choices(g, q.options), back), (v) => ({ choose: [v] }));
      return wrap(await ask.checkbox('', choices(g, q.options), q.min, q.max, back), (v) => ({ choose: v }));
    case 'order': return orderPrompt(ask, q, g);
    case 'targets': {
      const n = q.slots.length;
      const r = await ask.parts(n, async (i, b) => {
        const s = q.slots[i]!;
        const part = `- ${[of(i, n, 'target'), s.text].filter(Boolean).join(': ')}`;
        if (s.min === 1 && s.max === 1) return wrap(await ask.select(part, choices(g, s.options), b), (v) => [v] as never) as string[] | typeof BACK;
        return ask.checkbox(part, choices(g, s.options), s.min, s.max, b);
      });
      return wrap(r, (v) => ({ targets: v.flat() }));
    }
    case 'divide': return dividePrompt(ask, q, g);
    case 'hybrid': {
      const n = q.halves.length;
      return wrap(await ask.parts(n, (i, b) => ask.select(`- ${of(i, n, 'hybrid symbol') || 'hybrid symbol'} ${q.symbols[i]}`, q.halves[i]!.map((x) => ({ name: x, value: x })), b)), (v) => ({ hybrid: v }));
    }
    case 'phyrexian': {
      const n = q.symbols.length;
      return wrap(await ask.parts(n, (i, b) => ask.select(`- ${of(i, n, 'Phyrexian symbol') || 'Phyrexian symbol'} ${q.symbols[i]}`, [{ name: '2 life', value: 'life' }, { name: `the mana ${q.symbols[i]!.replace('/P', '')}`, value: 'mana' }], b) as Promise<'life' | 'mana' | typeof BACK>), (v) => ({ phyrexian: v }));
    }
    case 'pay': {
      const mine = g.state.battlefield.filter((id) => g.controller(id) === q.player && !g.obj(id).tapped);
      const picked = await io.checkbox(`${head} (choose mana sources to activate; none pays from the pool)`, [...mine.map((id) => ({ name: g.name(id), value: optionRef(g, { id, label: g.name(id), obj: id }) })), ...(back ? [BACK_CHOICE] : [])], 0, null);
      if (picked.includes(BACK)) return BACK;
      return { pay: [...picked, ...(await helperSteps(g, q, io, head))] };
    }
    case 'attackers': return attackersPrompt(ask, io, q, g, head, back);
    case 'blockers': return blockersPrompt(ask, io, q, g, head, back);
  }
}

/**
 * After an action was rejected because of an answer given at the prompt: true to answer the last
 * question again, false to let the rejection stand (730.1).
 */
export async function retryPrompt(io: PromptIO, rejection: { rule: string; message: string }, note: (line: string) => void): Promise<boolean> {
  note(`  illegal [${rejection.rule}]: ${rejection.message}`);
  const r = await io.select('The action is illegal with these answers. Answer the last question again?', [
    { name: 'yes: ask the last question again', value: 'yes' },
    { name: 'no: the action is rejected and the game goes back (730.1)', value: 'no' },
  ]);
  return r === 'yes';
}

async function orderPrompt(ask: Asker, q: Question<'order'>, g: Game): Promise<AnswerEntry | typeof BACK> {
  const n = q.options.length;
  const r = await ask.parts(n - 1, async (i, b) => {
    return ask.select(`- which resolves ${i === 0 ? 'first' : 'next'}? (${i + 1} of ${n})`, choices(g, q.options), b);
  });
  if (r === BACK) return BACK;
  // the same source may be picked for several of its abilities: each pick takes one of the left
  const left = q.options.map((o) => optionRef(g, o));
  const order: string[] = [];
  for (const ref of r) { const k = left.indexOf(ref); order.push(ref); if (k >= 0) left.splice(k, 1); }
  return { order: [...order, ...left] };
}

async function dividePrompt(ask: Asker, q: Question<'divide'>, g: Game): Promise<AnswerEntry | typeof BACK> {
  const n = q.among.length;
  const r = await ask.parts(n - 1, (i, b) => {
    return ask.number(`- how much to ${q.among[i]!.label}? (${of(i, n, 'target')})`, q.minEach, q.total - (n - 1) * q.minEach, b);
  });
  if (r === BACK) return BACK;
  const out: Record<string, number> = {};
  r.forEach((v, i) => { out[optionRef(g, q.among[i]!)] = v; });
  out[optionRef(g, q.among[n - 1]!)] = q.total - r.reduce((a, b) => a + b, 0);
  return { divide: out };
}

async function attackersPrompt(ask: Asker, io: PromptIO, q: Question<'attackers'>, g: Game, head: string, back: boolean): Promise<AnswerEntry | typeof BACK> {
  const out = await combatPairs(ask, io, g, `${head} (choose the attacking creatures)`, q.options, q.targets, (c) => `- what does ${c} attack?`, back);
  return out === BACK ? BACK : { attackers: out };
}

async function blockersPrompt(ask: Asker, io: PromptIO, q: Question<'blockers'>, g: Game, head: string, back: boolean): Promise<AnswerEntry | typeof BACK> {
  const out = await combatPairs(ask, io, g, `${head} (choose the blocking creatures)`, q.options, q.attackers, (c) => `- which attacking creature does ${c} block?`, back);
  return out === BACK ? BACK : { blockers: out };
}

/** The creatures chosen for a combat declaration, each paired with what it attacks or blocks. */
async function combatPairs(ask: Asker, io: PromptIO, g: Game, title: string, options: Parameters<typeof choices>[1], others: Parameters<typeof choices>[1], askFor: (creature: string) => string, back: boolean): Promise<Record<string, string> | typeof BACK> {
  const creatures = choices(g, options);
  const who = await io.checkbox(title, [...creatures, ...(back ? [BACK_CHOICE] : [])], 0, null);
  if (who.includes(BACK)) return BACK;
  const out: Record<string, string> = {};
  for (const w of who) out[w] = await ask.select(askFor(labelOf(creatures, w)), choices(g, others), false);
  return out;
}
/** The objects paying for convoke, improvise or delve, and what each convoking creature pays. */
async function helperSteps(g: Game, q: Question<'pay'>, io: PromptIO, head: string): Promise<NonNullable<AnswerEntry['pay']>> {
  const out: NonNullable<AnswerEntry['pay']> = [];
  for (const [helper, ids] of Object.entries(q.need.helpers ?? {}) as Array<['convoke' | 'improvise' | 'delve', string[]]>) {
    if (!ids.length) continue;
    const what = helper === 'delve' ? 'cards to exile from your graveyard' : `${helper === 'convoke' ? 'creatures' : 'artifacts'} to tap`;
    const picked = await io.checkbox(`${head} (${helper}: ${what}, each paying one mana)`, ids.map((id) => ({ name: g.name(id), value: optionRef(g, { id, label: g.name(id), obj: id }) })), 0, null);
    for (const ref of picked) {
      if (helper !== 'convoke') { out.push(helper === 'delve' ? { delve: ref } : { improvise: ref }); continue; }
      const id = ids.find((x) => optionRef(g, { id: x, label: g.name(x), obj: x }) === ref)!;
      const colors = g.chars(id).colors.filter((c) => q.need.mana.mana[c] > 0);
      const mana = colors.length ? await io.select(`${head}: what does ${g.name(id)} pay?`, [...colors.map((c) => ({ name: `{${c}}`, value: `{${c}}` })), { name: '{1}', value: '{1}' }]) : '{1}';
      out.push({ convoke: ref, mana });
    }
  }
  return out;
}
