// The interactive answerer: a question the file doesn't answer is asked at the terminal, one prompt
// per question kind. The answer comes back as the YAML answer a user would write, so the action is
// replayed with it and the trace shows how to script it.

import type { Game } from '../state/game.js';
import type { Option, Question } from '../state/questions.js';
import type { AnswerEntry } from '../scenario/schema.js';
import { objectName } from '../scenario/refs.js';

export interface Choice { name: string; value: string }

/** The prompt primitives; the default is @inquirer/prompts, tests pass their own. */
export interface PromptIO {
  select(message: string, choices: Choice[]): Promise<string>;
  checkbox(message: string, choices: Choice[], min: number, max: number | null): Promise<string[]>;
  number(message: string, min: number, max: number | null): Promise<number>;
  confirm(message: string): Promise<boolean>;
}

export async function inquirerIO(): Promise<PromptIO> {
  const p = await import('@inquirer/prompts');
  return {
    select: (message, choices) => p.select({ message, choices }),
    checkbox: (message, choices, min, max) => p.checkbox({
      message, choices,
      validate: (sel) => (sel.length < min ? `choose at least ${min}` : max !== null && sel.length > max ? `choose at most ${max}` : true),
    }),
    number: async (message, min, max) => (await p.number({ message, min, ...(max !== null ? { max } : {}), required: true })) ?? min,
    confirm: (message) => p.confirm({ message }),
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

/** Asks a question at the terminal; returns the answer as a scenario would write it. */
export async function promptQuestion(io: PromptIO, q: Question, g: Game): Promise<AnswerEntry> {
  const head = `${q.player} [${q.rule}]: ${q.prompt}`;
  switch (q.kind) {
    case 'face':
    case 'alt':
      return { [q.kind]: await io.select(head, q.options.map((o) => ({ name: o.label, value: o.label }))) } as AnswerEntry;
    case 'apply':
      return { apply: await io.select(head, choices(g, q.options)) };
    case 'additional':
      return { additional: await io.checkbox(head, q.options.map((o) => ({ name: o.label, value: o.id })), 0, q.options.length) };
    case 'modes':
      return { modes: (await io.checkbox(head, q.options.map((o) => ({ name: o.label, value: o.id })), q.min, q.max)).map(Number) };
    case 'x':
      return { x: await io.number(head, q.min, q.max) };
    case 'yes':
      return { yes: await io.confirm(head) };
    case 'value':
      if (q.options) return { value: await io.select(head, q.options.map((o) => ({ name: o.label, value: o.label }))) };
      return { value: String(await io.number(head, 0, null)) };
    case 'choose':
      if (q.min === 1 && q.max === 1) return { choose: [await io.select(head, choices(g, q.options))] };
      return { choose: await io.checkbox(head, choices(g, q.options), q.min, q.max) };
    case 'order': {
      const left = [...q.options];
      const order: string[] = [];
      while (left.length > 1) {
        const pick = await io.select(`${head} - which resolves ${order.length === 0 ? 'first' : 'next'}?`, choices(g, left).map((c, i) => ({ name: c.name, value: String(i) })));
        order.push(optionRef(g, left[Number(pick)]!));
        left.splice(Number(pick), 1);
      }
      order.push(optionRef(g, left[0]!));
      return { order };
    }
    case 'targets': {
      const all: string[] = [];
      for (const s of q.slots) {
        const msg = `${q.player} [${q.rule}]: ${s.text}`;
        if (s.min === 1 && s.max === 1) all.push(await io.select(msg, choices(g, s.options)));
        else all.push(...(await io.checkbox(msg, choices(g, s.options), s.min, s.max)));
      }
      return { targets: all };
    }
    case 'divide': {
      const out: Record<string, number> = {};
      let left = q.total;
      for (const [i, o] of q.among.entries()) {
        const rest = q.among.length - i - 1;
        const n = i === q.among.length - 1 ? left : await io.number(`${head}: how much to ${o.label}? (${left} left)`, q.minEach, left - rest * q.minEach);
        out[optionRef(g, o)] = n;
        left -= n;
      }
      return { divide: out };
    }
    case 'hybrid': {
      const picks: string[] = [];
      for (const [i, h] of q.halves.entries()) picks.push(await io.select(`${head}: ${q.symbols[i]}`, h.map((x) => ({ name: x, value: x }))));
      return { hybrid: picks };
    }
    case 'phyrexian': {
      const picks: Array<'life' | 'mana'> = [];
      for (const s of q.symbols) picks.push((await io.select(`${head}: ${s}`, [{ name: '2 life', value: 'life' }, { name: `the mana ${s.replace('/P', '')}`, value: 'mana' }])) as 'life' | 'mana');
      return { phyrexian: picks };
    }
    case 'pay': {
      const mine = g.state.battlefield.filter((id) => g.controller(id) === q.player && !g.obj(id).tapped);
      const picked: AnswerEntry['pay'] = await io.checkbox(`${head} (choose mana sources to activate; none pays from the pool)`, mine.map((id) => ({ name: g.name(id), value: optionRef(g, { id, label: g.name(id), obj: id }) })), 0, null);
      return { pay: [...picked!, ...(await helperSteps(g, q, io, head))] };
    }
    case 'attackers': {
      const out: Record<string, string> = {};
      for (const who of await io.checkbox(`${head} (choose the attacking creatures)`, choices(g, q.options), 0, null)) {
        out[who] = q.targets.length === 1 ? optionRef(g, q.targets[0]!) : await io.select(`${q.player} [${q.rule}]: what does ${who} attack?`, choices(g, q.targets));
      }
      return { attackers: out };
    }
    case 'blockers': {
      const out: Record<string, string> = {};
      for (const who of await io.checkbox(`${head} (choose the blocking creatures)`, choices(g, q.options), 0, null)) {
        out[who] = await io.select(`${q.player} [${q.rule}]: which attacking creature does ${who} block?`, choices(g, q.attackers));
      }
      return { blockers: out };
    }
  }
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
