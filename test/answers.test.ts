// The question boundary: every decision is a Question answered by the file (an action key or the
// `answers:` list), by the engine when there is exactly one legal answer, or by a prompt; anything
// else is a user error that says what to write (SCENARIO.md, "Questions and answers").

import { describe, expect, it } from 'vitest';
import type { Question } from '../dist/state/questions.js';
import { automaticPayment } from '../dist/scenario/autopay.js';
import { byRef, load, run, runClean, yaml } from './helpers.js';
import { describeEvent } from '../dist/cli/describe.js';

const boltTheBears = (answer: string) => yaml`
  scenario: Lightning Bolt kills Grizzly Bears
  players:
    Alice:
      pool: "{R}"
      hand: [Lightning Bolt]
    Bob:
      battlefield:
        - { card: Grizzly Bears, id: bears }
  actions:
    - cast: Lightning Bolt
${answer}
    - resolve
    - expect:
        zones: { Bob.graveyard: [Grizzly Bears], Alice.graveyard: [Lightning Bolt] }
        life: { Bob: 20 }
`;

describe('scripted answers', () => {
  it('the `targets:` key of a cast answers the targets question (601.2c)', async () => {
    const r = await runClean(boltTheBears('      targets: [bears]'));
    expect(byRef(r.game, 'bears').zone).toBe('graveyard');
  });

  it('an entry of `answers:` answers the question of its kind, in the order asked', async () => {
    const r = await runClean(boltTheBears('      answers:\n        - { targets: [bears] }'));
    expect(byRef(r.game, 'bears').zone).toBe('graveyard');
  });

  it('a player name is a target', async () => {
    const r = await runClean(yaml`
      scenario: Bolt to the face
      players:
        Alice:
          pool: "{R}"
          hand: [Lightning Bolt]
        Bob: {}
      actions:
        - { cast: Lightning Bolt, targets: [Bob] }
        - resolve
        - expect: { life: { Bob: 17 } }
    `);
    expect(r.game.player('Bob').life).toBe(17);
  });
});

describe('questions with exactly one legal answer', () => {
  const doomBlade = (extra = '') => yaml`
    scenario: Doom Blade has one legal target
    players:
      Alice:
        pool: "{B}{B}"
        hand: [Doom Blade]
        battlefield: [{ card: Swamp, id: swamp }]
      Bob:
        battlefield:
          - { card: Grizzly Bears, id: bears }
    actions:
      - cast: Doom Blade
${extra}
      - resolve
      - expect:
          zones: { Bob.graveyard: [Grizzly Bears] }
  `;

  it('is answered by the engine and traced as an `answer` event citing the question\'s rule', async () => {
    const r = await runClean(doomBlade());
    const auto = r.game.state.events.flatMap((e) => (e.type === 'auto_answered' ? [e] : []));
    expect(auto).toHaveLength(1);
    expect(auto[0]!.rule).toBe('601.2c');
    expect(auto[0]!.player).toBe('Alice');
    expect(auto[0]!.answer).toBe('Grizzly Bears');
    expect(describeEvent(auto[0]!)).toContain('only one legal choice: Grizzly Bears');
  });

  it('takes a scripted answer that names the only option, and then traces no automatic answer', async () => {
    const r = await runClean(doomBlade('        answers: [{ targets: [bears] }]'));
    expect(r.game.state.events.filter((e) => e.type === 'auto_answered')).toEqual([]);
  });
});

describe('answers that do not fit', () => {
  it('answers left over after the action are an error at the unused answer', async () => {
    const r = await run(yaml`
      scenario: a leftover answer
      players:
        Alice:
          pool: "{R}"
          hand: [Lightning Bolt]
        Bob: {}
      actions:
        - cast: Lightning Bolt
          targets: [Bob]
          answers:
            - { yes: true }
    `);
    expect(r.error).toBeDefined();
    expect(r.error!.pos).toEqual({ line: 11, col: 9 });
    expect(r.error!.path).toBe('actions[0].answers[0]');
    expect(r.error!.message).toContain('was not used');
    // the action is undone with its error
    expect(r.game.state.stack).toEqual([]);
    expect(r.game.player('Alice').hand).toHaveLength(1);
  });

  it('an action key that no question asked for is an error too', async () => {
    const r = await run(yaml`
      scenario: an unused key
      players:
        Alice:
          pool: "{R}"
          hand: [Lightning Bolt]
        Bob: {}
      actions:
        - { cast: Lightning Bolt, targets: [Bob], x: 2 }
    `);
    expect(r.error?.message).toContain('the key `x`');
    expect(r.error?.message).toContain('was not used');
  });

  it('an answer of the wrong kind is an error naming the kind asked for', async () => {
    const r = await run(yaml`
      scenario: wrong kind
      players:
        Alice:
          pool: "{R}"
          hand: [Lightning Bolt]
        Bob: {}
      actions:
        - cast: Lightning Bolt
          answers:
            - { x: 3 }
    `);
    expect(r.error).toBeDefined();
    expect(r.error!.path).toBe('actions[0].answers[0]');
    expect(r.error!.pos).toEqual({ line: 10, col: 9 });
    expect(r.error!.message).toContain('{x: ...}');
    expect(r.error!.message).toContain('`targets`');
  });

  it('a REF that names nothing is an error with a suggestion', async () => {
    const r = await run(yaml`
      scenario: typo in a target
      players:
        Alice:
          pool: "{B}{B}"
          hand: [Doom Blade]
        Bob:
          battlefield: [{ card: Grizzly Bears, id: bears }]
      actions:
        - { cast: Doom Blade, targets: [baers] }
    `);
    expect(r.error?.message).toContain('nothing named "baers"');
    expect(r.error?.message).toContain('did you mean "bears"?');
  });

  it('a real object that is not a legal choice is rejected by the rules (601.2c, 730), not as a typo', async () => {
    const r = await run(yaml`
      scenario: an illegal target
      players:
        Alice:
          pool: "{B}{B}"
          hand: [Doom Blade]
          battlefield: [{ card: Island, id: island }]
        Bob:
          battlefield: [{ card: Grizzly Bears, id: bears }]
      actions:
        - { cast: Doom Blade, targets: [island], illegal: "601.2c" }
        - expect:
            zones: { Alice.hand: [Doom Blade] }
            pool: { Alice: "{B}{B}" }
    `);
    expect(r.error).toBeUndefined();
    expect(r.failures).toEqual([]);
  });
});

describe('unanswered questions', () => {
  const unanswered = yaml`
    scenario: no target given
    players:
      Alice:
        pool: "{R}"
        hand: [Lightning Bolt]
      Bob:
        battlefield:
          - { card: Grizzly Bears, id: bears }
    actions:
      - cast: Lightning Bolt
      - resolve
      - expect:
          zones: { Bob.graveyard: [Grizzly Bears] }
  `;

  it('the error also carries the question as data (kind, player, rule, options, the YAML to add)', async () => {
    const r = await run(unanswered);
    expect(r.error?.question).toEqual({
      kind: 'targets', player: 'Alice', rule: '601.2c', prompt: expect.stringContaining('Lightning Bolt') as unknown as string,
      options: expect.arrayContaining(['Alice', 'Bob']) as unknown as string[], yaml: 'answers:\n  - {targets: [Alice]}',
    });
  });

  it('without a prompt, stop with an error that names the question, its kind and rule, and the YAML to add', async () => {
    const r = await run(unanswered);
    expect(r.error).toBeDefined();
    const m = r.error!.message;
    expect(r.error!.pos).toEqual({ line: 10, col: 5 });
    expect(m).toContain('Choose targets for Lightning Bolt');
    expect(m).toContain('kind `targets`');
    expect(m).toContain('rule 601.2c');
    expect(m).toContain('options: any target: Alice, Bob, Grizzly Bears');
    expect(m).toMatch(/targets: \[[^\]]+\]/); // the key form
    expect(m).toMatch(/answers:\n\s+- \{targets: \[[^\]]+\]\}/); // the answers form
    // nothing happened
    expect(r.game.state.stack).toEqual([]);
    expect(r.steps).toHaveLength(0);
  });

  it('with a prompt, the missing answer is asked for and the action replayed from its start', async () => {
    const asked: Question[] = [];
    const r = await runClean(unanswered, {
      prompt: async (q) => {
        asked.push(q);
        return { targets: ['bears'] };
      },
    });
    expect(asked.map((q) => [q.kind, q.player, q.rule])).toEqual([['targets', 'Alice', '601.2c']]);
    expect(byRef(r.game, 'bears').zone).toBe('graveyard');
    // replayed, not continued: Lightning Bolt was put on the stack once, and cast once
    expect(r.game.state.events.filter((e) => e.type === 'spell_cast')).toHaveLength(1);
    expect(r.game.player('Alice').pool).toEqual([]);
  });

  it('an answer given at the prompt stays part of the timeline: a later action that is rejected goes back to where it left the game', async () => {
    const text = yaml`
      scenario: the first Bolt's target prompted, the second Bolt can't be paid for
      players:
        Alice:
          hand: [{ card: Lightning Bolt, id: bolt1 }, { card: Lightning Bolt, id: bolt2 }]
          battlefield: [{ card: Mountain, id: m1 }]
        Bob:
          battlefield: [{ card: Grizzly Bears, id: bears }]
      actions:
        - cast: bolt1
        - resolve
        - cast: bolt2
          targets: [Bob]
    `;
    const states: string[] = [];
    const r = await run(text, {
      prompt: async () => ({ targets: ['bears'] }),
      onStep: (_step, g) => states.push(JSON.stringify({ ...g.state, events: g.state.events.length })),
    });
    // the third action is rejected (nothing left to pay with); the game goes back to where the first
    // two left it, the first with the target chosen at the prompt: the Bears stay dead
    expect(r.failures.map((f) => [f.action, f.field])).toEqual([[2, 'action']]);
    expect(byRef(r.game, 'bears').zone).toBe('graveyard');
    expect(states[2]).toBe(states[1]!.replace(/"events":\d+/, `"events":${r.game.state.events.length}`));
  });

  it('a prompt that gives no answer leaves the question unanswered (an error)', async () => {
    const r = await run(unanswered, { prompt: async () => undefined });
    expect(r.error?.message).toContain('kind `targets`');
  });
});

describe('combat declarations are questions (508.1, 509.1)', () => {
  const board = (actions: string) => yaml`
    scenario: Bears attack, a Wall may block
    cards:
      - name: Wall of Wood
        cost: "{G}"
        type: "Creature — Wall"
        pt: 0/3
        text: |
          Defender
    players:
      Alice:
        battlefield: [{ card: Grizzly Bears, id: bears }]
      Bob:
        battlefield: [{ card: Wall of Wood, id: wall }]
    actions:
${actions}
  `;

  it('an attack and a block map answer the attackers and blockers questions', async () => {
    const asked: Question[] = [];
    const r = await runClean(board(`
      - attack: { bears: Bob }
      - block: { wall: bears }
      - advance: main2
      - expect:
          objects: { bears: { damage: 0 }, wall: { damage: 2 } }
    `), { prompt: async (q) => { asked.push(q); return undefined; } });
    expect(asked).toEqual([]);
    expect(byRef(r.game, 'wall').damage).toBe(2);
  });

  it('an attack or block without a map is asked like any other question; the answers list answers it', async () => {
    const r = await runClean(board(`
      - attack:
        answers: [{ attackers: { bears: Bob } }]
      - block:
        answers: [{ blockers: { wall: bears } }]
      - advance: main2
      - expect:
          objects: { wall: { damage: 2 } }
    `));
    expect(byRef(r.game, 'bears').tapped).toBe(true);
  });

  it('unanswered, the error names the attackers question and the `attack` map to add', async () => {
    const r = await run(board(`
      - attack:
    `));
    const m = r.error!.message;
    expect(m).toContain('Alice: declare attackers');
    expect(m).toContain('kind `attackers`, rule 508.1');
    expect(m).toContain('options: creatures Grizzly Bears; attacking Bob');
    expect(m).toContain('Add to the action:  attack: {bears: Bob}');
    expect(m).toContain('- {attackers: {bears: Bob}}');
  });

  it('a combat no action declares has no attackers', async () => {
    const r = await runClean(board(`
      - advance: main2
    `));
    expect(r.game.state.events.some((e) => e.rule === '508.1' && describeEvent(e) === 'Alice declares no attackers')).toBe(true);
  });
});

describe('the automatic payment (an answerer outside the engine)', () => {
  it('answers a payment with the sources its policy uses, marked auto, without changing the game', () => {
    const { game } = load(yaml`
      scenario: a red cost, a Forest and a Mountain
      players:
        Alice:
          battlefield:
            - { card: Forest, id: f }
            - { card: Mountain, id: m }
        Bob: {}
    `);
    const before = JSON.stringify(game.state);
    const mana = { generic: 1, mana: { W: 0, U: 0, B: 0, R: 1, G: 0, C: 0 }, life: 0 };
    const q: Question<'pay'> = { kind: 'pay', player: 'Alice', rule: '601.2g', prompt: 'Pay {1}{R}', cost: '{1}{R}', need: { mana, reserved: [], wild: [] } };
    const a = automaticPayment(game, q);
    expect(a).toEqual({ kind: 'pay', steps: [{ source: byRef(game, 'm').id, mana: 'R' }, { source: byRef(game, 'f').id, mana: 'G' }], auto: true });
    expect(JSON.stringify(game.state)).toBe(before);
    // a permanent another cost of the action uses is left alone
    expect(automaticPayment(game, { ...q, need: { mana, reserved: [byRef(game, 'f').id], wild: [] } }).steps).toEqual([{ source: byRef(game, 'm').id, mana: 'R' }]);
  });
});

describe('searching a library (701.19)', () => {
  const tutor = (text: string, choose: string) => yaml`
    scenario: a search answered with no card
    cards:
      - { name: Test Tutor, cost: "{B}", type: Sorcery, text: "${text}" }
    players:
      Alice:
        pool: "{B}"
        hand: [Test Tutor]
        library: [Grizzly Bears, Lightning Bolt]
      Bob: {}
    actions:
      - cast: Test Tutor
      - resolve: 1
        answers:
          - { choose: ${choose} }
  `;

  it('"a card" must be found while the library has one (701.19d)', async () => {
    const r = await run(tutor('Search your library for a card, put that card into your hand, then shuffle.', '[]'));
    expect(r.error?.message).toMatch(/choose 1, not 0.*701\.19d/);
  });

  it('a card with a stated quality may be left unfound (701.19b)', async () => {
    const r = await runClean(tutor('Search your library for a creature card, put that card into your hand, then shuffle.', '[]'));
    expect(r.game.state.players[0]!.hand).toEqual([]);
  });
});
