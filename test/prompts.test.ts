// Interactive prompts: every question the engine asks can be answered at a terminal. Real questions
// come from running scenarios with a `prompt` that hands them to `promptQuestion` with a scripted
// PromptIO; the answer it builds is the YAML answer a user would write, the action is replayed with
// it, and the scenario must reach the expected state.

import { describe, expect, it } from 'vitest';
import { cast } from '../dist/game/playerActions.js';
import type { Game } from '../dist/state/game.js';
import { QUESTION_KINDS, type Question } from '../dist/state/questions.js';
import { promptQuestion, type Choice, type PromptIO } from '../dist/cli/prompts.js';
import { ScriptedAnswerer } from '../dist/scenario/answers.js';
import { answerHint } from '../dist/scenario/run.js';
import { parseDocument } from 'yaml';
import { automaticPayment } from '../dist/scenario/autopay.js';
import { answerSchema, type AnswerEntry } from '../dist/scenario/schema.js';
import { byRef, load, runClean, yaml } from './helpers.js';

type Method = 'select' | 'checkbox' | 'number';
interface Call { method: Method; message: string; choices?: Choice[]; min?: number; max?: number | null }
type Reply = { method: Method; reply: (call: Call) => unknown };

/** Picks the choice whose name contains `name` (the prompt must offer it by that label). */
const byName = (choices: Choice[] | undefined, name: string): string => {
  const hit = (choices ?? []).find((c) => c.name.includes(name));
  if (!hit) throw new Error(`no choice named "${name}" among: ${(choices ?? []).map((c) => c.name).join(' | ')}`);
  return hit.value;
};
const select = (name: string): Reply => ({ method: 'select', reply: (c) => byName(c.choices, name) });
const checkbox = (...names: string[]): Reply => ({ method: 'checkbox', reply: (c) => names.map((n) => byName(c.choices, n)) });
const number = (n: number): Reply => ({ method: 'number', reply: () => n });
/** A yes-or-no question is a select of `yes` and `no`. */
const confirm = (b: boolean): Reply => ({ method: 'select', reply: (c) => byName(c.choices, b ? 'yes' : 'no') });

/** A PromptIO that replies from a script, in order, and records every prompt it was given. */
class FakeIO implements PromptIO {
  readonly calls: Call[] = [];
  constructor(private readonly script: Reply[]) {}
  private next(call: Call): unknown {
    this.calls.push(call);
    const r = this.script.shift();
    if (!r) throw new Error(`unscripted prompt: ${call.method} "${call.message}"`);
    if (r.method !== call.method) throw new Error(`expected a ${r.method} prompt, got ${call.method} "${call.message}"`);
    return r.reply(call);
  }
  async select(message: string, choices: Choice[]) { return this.next({ method: 'select', message, choices }) as string; }
  async checkbox(message: string, choices: Choice[], min: number, max: number | null) { return this.next({ method: 'checkbox', message, choices, min, max }) as string[]; }
  async number(message: string, min: number, max: number | null) { return this.next({ method: 'number', message, min, max }) as number; }
  get left(): number { return this.script.length; }
}

/** Runs a scenario whose missing answers come from the fake terminal; returns the questions asked. */
async function withPrompts(text: string, script: Reply[]) {
  const io = new FakeIO(script);
  const asked: Question[] = [];
  const answers: AnswerEntry[] = [];
  const r = await runClean(text, {
    prompt: async (q: Question, g: Game) => {
      asked.push(q);
      const a = await promptQuestion(io, q, g);
      answers.push(a);
      return a;
    },
  });
  expect(io.left, 'every scripted reply was used').toBe(0);
  return { ...r, io, asked, answers, kinds: asked.map((q) => q.kind) };
}

describe('the board on request', () => {
  it('with a way to show the board, every prompt offers it last; choosing it shows the board and asks again', async () => {
    const io = new FakeIO([select('show the board'), select('Grizzly Bears')]);
    const shown: string[] = [];
    const r = await runClean(yaml`
      scenario: Bolt, the board looked at before the target is chosen
      players:
        Alice:
          pool: "{R}"
          hand: [Lightning Bolt]
        Bob:
          battlefield: [{ card: Grizzly Bears, id: bears }]
      actions:
        - cast: Lightning Bolt
        - resolve
    `, { prompt: (q: Question, g: Game) => promptQuestion(io, q, g, { board: () => shown.push(g.state.stack.map((id) => g.name(id)).join(', ')) }) });
    expect(io.left).toBe(0);
    // shown while Lightning Bolt is being cast: it is on the stack already (601.2a)
    expect(shown).toEqual(['Lightning Bolt']);
    expect(io.calls[0]!.choices!.map((c) => c.name)).toEqual(['Alice', 'Bob', 'Grizzly Bears', '(show the board)']);
    expect(io.calls[1]!.message).toBe(io.calls[0]!.message);
    expect(byRef(r.game, 'bears').zone).toBe('graveyard');
  });
});

describe('prompts for the questions of casting (601.2b-d)', () => {
  it('targets: a select among the legal targets, answered by id', async () => {
    const { game, kinds, answers, io } = await withPrompts(yaml`
      scenario: Bolt, target prompted
      players:
        Alice:
          pool: "{R}"
          hand: [Lightning Bolt]
        Bob:
          battlefield: [{ card: Grizzly Bears, id: bears }]
      actions:
        - cast: Lightning Bolt
        - resolve
        - expect: { zones: { Bob.graveyard: [Grizzly Bears] } }
    `, [select('Grizzly Bears')]);
    expect(kinds).toEqual(['targets']);
    expect(answers).toEqual([{ targets: ['bears'] }]);
    expect(io.calls[0]!.message).toContain('601.2c');
    expect(io.calls[0]!.choices!.map((c) => c.name)).toEqual(['Alice', 'Bob', 'Grizzly Bears']);
    expect(byRef(game, 'bears').zone).toBe('graveyard');
  });

  it('modes: a checkbox of the modes by their text, answered 1-based', async () => {
    const { kinds, answers } = await withPrompts(yaml`
      scenario: Emerald Charm, mode prompted
      players:
        Alice:
          pool: "{G}"
          hand: [Emerald Charm]
        Bob:
          battlefield: [{ card: Serra Angel, id: angel }]
      actions:
        - cast: Emerald Charm
        - resolve
        - expect:
            objects: { angel: { abilities: [Vigilance] } }
    `, [checkbox('lose ability')]);
    expect(kinds).toEqual(['modes']); // the one target is then answered by the engine
    expect(answers).toEqual([{ modes: [3] }]);
  });

  it('additional costs: a checkbox, then how many times for a cost paid any number of times (replicate, 702.56a)', async () => {
    const { game } = load(yaml`
      scenario: a board to ask on
      players:
        Alice: {}
        Bob: {}
    `);
    const q = {
      kind: 'additional', player: 'Alice', rule: '601.2b', prompt: 'Pay optional additional costs for Gigadrowse?',
      options: [{ id: 'Kicker', label: 'Kicker {1}' }, { id: 'Replicate', label: 'Replicate {U}', repeatable: true }],
    } as Question;
    const io = new FakeIO([checkbox('Kicker', 'Replicate'), number(3)]);
    expect(await promptQuestion(io, q, game)).toEqual({ additional: ['Kicker', 'Replicate', 'Replicate', 'Replicate'] });
    expect(io.calls[1]!.min).toBe(1);
    expect(io.calls[1]!.message).toContain('Replicate {U}');
  });

  it('x and a target list: a number, then a checkbox', async () => {
    const { kinds, io } = await withPrompts(yaml`
      scenario: Fireball, X and targets prompted
      players:
        Alice:
          pool: "{R}{R}{R}{R}"
          hand: [Fireball]
        Bob: {}
      actions:
        - cast: Fireball
        - resolve
        - expect: { life: { Bob: 17 }, pool: { Alice: "" } }
    `, [number(3), checkbox('Bob')]);
    expect(kinds).toEqual(['x', 'targets']);
    expect(io.calls[0]!.min).toBe(0);
  });

  it('hybrid: a select of the two halves for each hybrid symbol', async () => {
    const { kinds, answers } = await withPrompts(yaml`
      scenario: Kitchen Finks, hybrid prompted
      players:
        Alice:
          pool: "{C}{G}{W}"
          hand: [{ card: Kitchen Finks, id: finks }]
        Bob: {}
      actions:
        - cast: finks
        - resolve
        - resolve
        - expect:
            pool: { Alice: "" }
            life: { Alice: 22 }
            objects: { finks: { zone: Alice.battlefield } }
    `, [select('{G}'), select('{W}')]);
    expect(kinds).toEqual(['hybrid']);
    expect(answers).toEqual([{ hybrid: ['{G}', '{W}'] }]);
  });

  it('phyrexian: a select of life or mana for each Phyrexian symbol', async () => {
    const { kinds, answers } = await withPrompts(yaml`
      scenario: Dismember, Phyrexian prompted
      players:
        Alice:
          pool: "{C}{B}"
          hand: [Dismember]
        Bob:
          battlefield: [{ card: Hill Giant, id: giant }]
      actions:
        - cast: Dismember
        - resolve
        - expect:
            life: { Alice: 18 }
            pool: { Alice: "" }
            zones: { Bob.graveyard: [Hill Giant] }
    `, [select('2 life'), select('the mana')]);
    expect(kinds).toEqual(['phyrexian']);
    expect(answers).toEqual([{ phyrexian: ['life', 'mana'] }]);
  });

  it('divide: a number for each target but the last, which gets the rest', async () => {
    const { kinds, answers, io } = await withPrompts(yaml`
      scenario: Rolling Thunder, division prompted
      players:
        Alice:
          pool: "{R}{R}{R}{R}{R}"
          hand: [Rolling Thunder]
        Bob:
          battlefield:
            - { card: Grizzly Bears, id: bears }
            - { card: Savannah Lions, id: lions }
      actions:
        - { cast: Rolling Thunder, x: 3, targets: [bears, lions] }
        - resolve
        - expect: { zones: { Bob.graveyard: [Grizzly Bears, Savannah Lions] } }
    `, [number(2)]);
    expect(kinds).toEqual(['divide']);
    expect(answers).toEqual([{ divide: { bears: 2, lions: 1 } }]);
    expect(io.calls[0]!).toMatchObject({ min: 1, max: 2 }); // leaves at least 1 for the lions
  });

  it('choose (a cost): a select of the creature to sacrifice', async () => {
    const { kinds, answers } = await withPrompts(yaml`
      scenario: Altar's Reap, sacrifice prompted
      players:
        Alice:
          pool: "{B}{B}"
          hand: ["Altar's Reap"]
          library: [Island, Forest]
          battlefield:
            - { card: Grizzly Bears, id: bears }
            - { card: Savannah Lions, id: lions }
        Bob: {}
      actions:
        - cast: "Altar's Reap"
        - resolve
        - expect:
            zones: { Alice.graveyard: ["Altar's Reap", Savannah Lions], Alice.hand: [Island, Forest] }
    `, [select('Savannah Lions')]);
    expect(kinds).toEqual(['choose']);
    expect(answers).toEqual([{ choose: ['lions'] }]);
  });
});

describe('prompts for the questions of resolution and triggers', () => {
  it('yes, then new targets (707.10c): a confirm, then a select', async () => {
    const { kinds, answers } = await withPrompts(yaml`
      scenario: Fork, new target prompted
      players:
        Alice:
          pool: "{R}{R}{R}"
          hand: [{ card: Lightning Bolt, id: bolt }, Fork]
        Bob:
          battlefield: [{ card: Grizzly Bears, id: bears }]
      actions:
        - { cast: bolt, targets: [bears] }
        - { cast: Fork, targets: [bolt] }
        - resolve
        - resolve
        - resolve
        - expect:
            life: { Bob: 17 }
            zones: { Bob.graveyard: [Grizzly Bears] }
    `, [confirm(true), select('Bob')]);
    expect(kinds).toEqual(['yes', 'targets']);
    expect(answers).toEqual([{ yes: true }, { targets: ['Bob'] }]);
  });

  it('keeping a target of a copy at the prompt keeps it (707.10c)', async () => {
    await withPrompts(yaml`
      scenario: Fork, target kept at the prompt
      players:
        Alice:
          pool: "{R}{R}{R}"
          hand: [{ card: Lightning Bolt, id: bolt }, Fork]
        Bob: {}
      actions:
        - { cast: bolt, targets: [Bob] }
        - { cast: Fork, targets: [bolt] }
        - resolve: all
        - expect: { life: { Bob: 14 } }
    `, [confirm(true), select('keep')]);
  });

  it('value (a color on resolution, 608.2d): a select of the colors', async () => {
    const { kinds, answers } = await withPrompts(yaml`
      scenario: Wild Mongrel, color prompted
      players:
        Alice:
          hand: [Island]
          battlefield: [{ card: Wild Mongrel, id: mongrel }]
        Bob: {}
      actions:
        - activate: mongrel
        - resolve
        - expect:
            zones: { Alice.graveyard: [Island] }
            objects: { mongrel: { power: 3, toughness: 3, colors: [blue] } }
    `, [select('blue')]);
    expect(kinds).toEqual(['value']); // the discard had one option: answered by the engine
    expect(answers).toEqual([{ value: 'blue' }]);
  });

  it('value (the mana of Birds of Paradise in an explicit payment, 605.3b): a select of the mana types', async () => {
    const { kinds, asked } = await withPrompts(yaml`
      scenario: Birds of Paradise, mana color prompted
      players:
        Alice:
          hand: [{ card: Grizzly Bears, id: bears }]
          battlefield:
            - { card: Birds of Paradise, id: birds }
            - { card: Forest, id: forest }
        Bob: {}
      actions:
        - { cast: bears, pay: [birds, forest] }
        - expect:
            stack: [Grizzly Bears]
            pool: { Alice: "" }
            objects: { birds: { tapped: true }, forest: { tapped: true } }
    `, [select('green')]);
    expect(kinds).toEqual(['value']);
    expect(asked[0]!.rule).toBe('605.3b');
  });

  it('order (603.3b): a select of which triggered ability resolves first, then each one\'s targets', async () => {
    const { kinds, answers, asked } = await withPrompts(yaml`
      scenario: Blood Artist and Grave Pact see Alice's creature die
      players:
        Alice:
          pool: "{R}"
          hand: [Lightning Bolt]
          battlefield:
            - { card: Grizzly Bears, id: bears }
            - { card: Blood Artist, id: artist }
            - { card: Grave Pact, id: pact }
        Bob:
          battlefield: [{ card: Hill Giant, id: giant }]
      actions:
        - { cast: Lightning Bolt, targets: [bears] }
        - resolve
        - expect:
            stack: [ability of Blood Artist, ability of Grave Pact]
        - resolve
        - expect: { life: { Alice: 21, Bob: 19 } }
        - resolve
        - expect:
            zones: { Bob.graveyard: [Hill Giant] }
            stack: [ability of Blood Artist]
        - resolve
        - expect: { life: { Alice: 22, Bob: 18 }, stack: [] }
    `, [select('Blood Artist'), select('Bob'), select('Bob')]);
    expect(kinds).toEqual(['order', 'targets', 'targets']);
    expect(asked[0]!.rule).toBe('603.3b');
    expect(asked[1]!.rule).toBe('603.3d');
    expect(answers).toEqual([{ order: ['artist', 'pact'] }, { targets: ['Bob'] }, { targets: ['Bob'] }]);
  });

  it('order (603.3b) for the enters trigger of the creature that just entered', async () => {
    await withPrompts(yaml`
      scenario: Soul Warden sees Striped Bears enter
      players:
        Alice:
          pool: "{G}{G}{G}{G}"
          hand: [Striped Bears]
          library: [Island]
          battlefield: [Soul Warden]
        Bob: {}
      actions:
        - cast: Striped Bears
        - resolve
        - expect:
            stack: [ability of Striped Bears, ability of Soul Warden]
        - resolve
        - expect: { zones: { Alice.hand: [Island] }, life: { Alice: 20 } }
        - resolve
        - expect: { life: { Alice: 21 } }
    `, [select('Striped Bears')]);
  });

  it('the same order, answered in the file, works', async () => {
    await runClean(yaml`
      scenario: Soul Warden sees Striped Bears enter, order scripted
      players:
        Alice:
          pool: "{G}{G}{G}{G}"
          hand: [Striped Bears]
          library: [Island]
          battlefield: [Soul Warden]
        Bob: {}
      actions:
        - cast: Striped Bears
        - resolve: 1
          answers:
            - { order: [Striped Bears, Soul Warden] }
        - expect:
            stack: [ability of Striped Bears, ability of Soul Warden]
        - resolve: all
        - expect: { zones: { Alice.hand: [Island] }, life: { Alice: 21 } }
    `);
  });

  it('choose (the legend rule, 704.5j): a select of the permanent to keep', async () => {
    const { kinds } = await withPrompts(yaml`
      scenario: two Isamarus, the kept one prompted
      players:
        Alice:
          battlefield:
            - { card: "Isamaru, Hound of Konda", id: isa1 }
            - { card: "Isamaru, Hound of Konda", id: isa2 }
        Bob: {}
      actions:
        - pass
        - expect: { objects: { isa1: { zone: Alice.graveyard }, isa2: { zone: Alice.battlefield } } }
    `, [{ method: 'select', reply: (c) => c.choices!.at(-1)!.value }]);
    expect(kinds).toEqual(['choose']);
  });
});

describe('the pay prompt', () => {
  // an action without `pay:` has its `pay` question answered by the automatic payment, so it never
  // reaches a runScenario prompt; the real question is taken from the engine directly.
  it('pay: a checkbox of the untapped mana sources; the answer pays as chosen when replayed', async () => {
    const text = (answers: string) => yaml`
      scenario: Lightning Bolt under Lodestone Golem, sources prompted
      players:
        Alice:
          hand: [{ card: Lightning Bolt, id: bolt }]
          battlefield:
            - { card: Mountain, id: m1 }
            - { card: Mountain, id: m2 }
            - { card: Mountain, id: m3 }
        Bob:
          battlefield: [Lodestone Golem]
      actions:
        - cast: bolt
          targets: [Bob]
          answers: ${answers}
        - resolve
        - expect:
            life: { Bob: 17 }
            objects: { m1: { tapped: false }, m2: { tapped: true }, m3: { tapped: true } }
    `;
    // the real question, as the engine asks it
    const { game } = load(text('[]'));
    const scripted = new ScriptedAnswerer(() => game, { targets: ['Bob'] }, [], [], (q) => (q.kind === 'pay' ? automaticPayment(game, q) : undefined));
    let payQ: Question | undefined;
    game.answerer = { answer: (q, only) => { if (q.kind === 'pay') payQ = q; return scripted.answer(q, only); } };
    expect(cast(game, { player: 'Alice', card: byRef(game, 'bolt').id }).ok).toBe(true);
    expect(payQ?.kind).toBe('pay');
    expect(payQ?.rule).toBe('601.2g');
    const io = new FakeIO([{ method: 'checkbox', reply: (c) => c.choices!.filter((x) => x.value !== 'm1').map((x) => x.value) }]);
    const a = await promptQuestion(io, payQ!, load(text('[]')).game);
    expect(io.calls[0]!.choices!.map((c) => c.value)).toEqual(['m1', 'm2', 'm3']);
    expect(a).toEqual({ pay: ['m2', 'm3'] });
    await runClean(text(JSON.stringify([a])));
  });
});

describe('the pay prompt with convoke', () => {
  it('pay: after the mana sources, a checkbox of the creatures that may convoke and what each pays (702.51a)', async () => {
    const text = (answers: string) => yaml`
      scenario: Stoke the Flames paid by two Mountains and two convoking creatures
      cards:
        - { name: Stoke the Flames, cost: "{2}{R}{R}", type: Instant, text: "Convoke\\nStoke the Flames deals 4 damage to any target." }
      players:
        Alice:
          hand: [{ card: Stoke the Flames, id: stoke }]
          battlefield:
            - { card: Mountain, id: m1 }
            - { card: Mountain, id: m2 }
            - { card: Gray Ogre, id: ogre }
            - { card: Grizzly Bears, id: bears }
        Bob: {}
      actions:
        - cast: stoke
          targets: [Bob]
          answers: ${answers}
        - resolve
        - expect:
            life: { Bob: 16 }
            objects: { m1: { tapped: true }, m2: { tapped: true }, ogre: { tapped: true }, bears: { tapped: true } }
    `;
    const { game } = load(text('[]'));
    const scripted = new ScriptedAnswerer(() => game, { targets: ['Bob'] }, [], [], (q) => (q.kind === 'pay' ? automaticPayment(game, q) : undefined));
    let payQ: Question | undefined;
    game.answerer = { answer: (q, only) => { if (q.kind === 'pay') payQ = q; return scripted.answer(q, only); } };
    // the automatic payment uses mana only, so this cast fails; the question is what is looked at
    cast(game, { player: 'Alice', card: byRef(game, 'stoke').id });
    expect(payQ?.kind === 'pay' && payQ.need.helpers?.convoke?.length).toBe(2);
    const io = new FakeIO([
      { method: 'checkbox', reply: (c) => c.choices!.filter((x) => x.value === 'm1' || x.value === 'm2').map((x) => x.value) },
      { method: 'checkbox', reply: (c) => c.choices!.map((x) => x.value) },
      { method: 'select', reply: () => '{R}' },
    ]);
    const a = await promptQuestion(io, payQ!, load(text('[]')).game);
    expect(a).toEqual({ pay: ['m1', 'm2', { convoke: 'ogre', mana: '{R}' }, { convoke: 'bears', mana: '{1}' }] });
    await runClean(text(JSON.stringify([a])));
  });
});

describe('every question kind has a prompt', () => {
  const options = [{ id: 'a', label: 'first' }, { id: 'b', label: 'second' }];
  const base = { player: 'Alice', rule: '601.2b' as const, prompt: 'a question' };
  const questions: Question[] = [
    { ...base, kind: 'face', options },
    { ...base, kind: 'modes', options: [{ id: '1', label: '1: first' }, { id: '2', label: '2: second' }], min: 1, max: 1 },
    { ...base, kind: 'x', min: 0, max: null },
    { ...base, kind: 'alt', options: [{ id: 'none', label: 'none' }, ...options] },
    { ...base, kind: 'additional', options },
    { ...base, kind: 'hybrid', symbols: ['{R/G}'], halves: [['{R}', '{G}']] },
    { ...base, kind: 'phyrexian', symbols: ['{B/P}'] },
    { ...base, kind: 'targets', slots: [{ name: 't', text: 'target player', min: 1, max: 1, options: [{ id: '@Bob', label: 'Bob', player: 'Bob' }] }] },
    { ...base, kind: 'divide', total: 3, among: [{ id: '@Alice', label: 'Alice', player: 'Alice' }, { id: '@Bob', label: 'Bob', player: 'Bob' }], minEach: 1 },
    { ...base, kind: 'pay', cost: '{R}', need: { mana: { generic: 0, mana: { W: 0, U: 0, B: 0, R: 1, G: 0, C: 0 }, life: 0 }, reserved: [], wild: [] } },
    { ...base, kind: 'choose', options, min: 0, max: 2 },
    { ...base, kind: 'yes' },
    { ...base, kind: 'value', what: 'color', options },
    { ...base, kind: 'order', options },
    { ...base, kind: 'apply', options },
    { ...base, kind: 'attackers', options, targets: [{ id: '@Bob', label: 'Bob', player: 'Bob' }] },
    { ...base, kind: 'blockers', options, attackers: options },
  ];

  it('covers every kind in QUESTION_KINDS', () => {
    expect(questions.map((q) => q.kind).sort()).toEqual([...QUESTION_KINDS].sort());
  });

  for (const q of questions) {
    it(`${q.kind}: the prompt returns a valid answer of kind \`${q.kind}\``, async () => {
      const { game } = load(yaml`
        scenario: an empty board
        players:
          Alice: {}
          Bob: {}
      `);
      const io: PromptIO = {
        select: async (_m, choices) => choices[0]!.value,
        checkbox: async (_m, choices, min) => choices.slice(0, Math.max(min, 1)).map((c) => c.value),
        number: async (_m, min) => Math.max(min, 1),
      };
      const a = await promptQuestion(io, q, game);
      expect(Object.keys(a)).toEqual([q.kind]);
      const parsed = answerSchema.safeParse(a);
      expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    });

    it(`${q.kind}: the YAML to add, shown when it is unanswered, is valid YAML and a valid answer`, () => {
      const { game } = load(yaml`
        scenario: an empty board
        players:
          Alice: {}
          Bob: {}
      `);
      // labels YAML would misread if they were written by hand: a colon, quotes, a comment sign
      const tricky = JSON.parse(JSON.stringify(q).replace(/"first"/g, '"Hans: \\"Run!\\" #1"').replace(/"second"/g, '"[brackets], {braces}"')) as Question;
      for (const question of [q, tricky]) {
        const hint = answerHint(game, question);
        const doc = parseDocument(hint);
        expect(doc.errors, hint).toEqual([]);
        const list = (doc.toJS() as { answers: unknown[] }).answers;
        expect(list).toHaveLength(1);
        const parsed = answerSchema.safeParse(list[0]);
        expect(parsed.success, `${hint}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
        expect(Object.keys(list[0] as object)).toEqual([question.kind]);
      }
    });
  }
});

describe('prompts for combat declarations (508.1, 509.1)', () => {
  it('attackers and blockers: a checkbox of the creatures; what each attacks or blocks is not asked with one choice', async () => {
    const { kinds, answers, game } = await withPrompts(yaml`
      scenario: Bears attack, Bob's Bears block, both prompted
      players:
        Alice:
          battlefield: [{ card: Grizzly Bears, id: a1 }]
        Bob:
          battlefield: [{ card: Grizzly Bears, id: b1 }]
      actions:
        - attack:
        - block:
        - advance: main2
      `, [checkbox('Grizzly Bears'), checkbox('Grizzly Bears')]);
    expect(kinds).toEqual(['attackers', 'blockers']);
    expect(answers).toEqual([{ attackers: { a1: 'Bob' } }, { blockers: { b1: 'a1' } }]);
    expect(byRef(game, 'a1').zone).toBe('graveyard');
    expect(byRef(game, 'b1').zone).toBe('graveyard');
  });
});
