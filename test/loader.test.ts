// The scenario loader: every problem in a file is reported at its line and column, says what was
// expected, and suggests the fix where one can be guessed (SCENARIO.md: "any key not listed here is
// rejected with a clear error (file, line, column, what was expected)").

import { describe, expect, it } from 'vitest';
import { loadLibrary } from '../dist/cards/library.js';
import { formatError } from '../dist/scenario/errors.js';
import { byRef, load, loadErrors, run, yaml } from './helpers.js';

describe('unknown keys', () => {
  it('an unknown top-level key is named, positioned at the key, and the closest key is suggested', () => {
    const errors = loadErrors(yaml`
      scenario: typo at the top
      playres:
        Alice: {}
        Bob: {}
    `, 'top.yaml');
    expect(errors).toHaveLength(1);
    const [e] = errors;
    expect(e!.pos).toEqual({ line: 2, col: 1 });
    expect(e!.path).toBe('playres');
    expect(e!.message).toContain('unknown key `playres`');
    expect(e!.message).toContain('did you mean `players`?');
    expect(formatError(e!)).toMatch(/^top\.yaml:2:1: /);
  });

  it('an unknown key in `turn` names the key and suggests the closest one', () => {
    const [e] = loadErrors(yaml`
      scenario: typo in turn
      players:
        Alice: {}
        Bob: {}
      turn: { actve: Alice }
    `);
    expect(e!.pos).toEqual({ line: 5, col: 9 });
    expect(e!.message).toContain('unknown key `actve`');
    expect(e!.message).toContain('did you mean `active`?');
  });

  it('an unknown key in a stack entry names the key and suggests the closest one', () => {
    const [e] = loadErrors(yaml`
      scenario: typo in a stack entry
      players:
        Alice: {}
        Bob: {}
      stack:
        - { spell: Shock, controler: Alice, targets: [Bob] }
    `);
    expect(e!.pos).toEqual({ line: 6, col: 21 });
    expect(e!.path).toBe('stack[0].controler');
    expect(e!.message).toContain('did you mean `controller`?');
  });

  it('an unknown key inside an object entry is named at its position, with the closest key', () => {
    const [e] = loadErrors(yaml`
      scenario: typo in an object entry
      players:
        Alice:
          battlefield:
            - { card: Grizzly Bears, tapepd: true }
        Bob: {}
    `);
    expect(e!.message).toContain('unknown key `tapepd`');
    expect(e!.message).toContain('did you mean `tapped`?');
    expect(e!.pos).toEqual({ line: 5, col: 32 });
  });

  it('an unknown key in a player is named, with the closest key', () => {
    const [e] = loadErrors(yaml`
      scenario: typo in a player
      players:
        Alice: { lfe: 3 }
        Bob: {}
    `);
    expect(e!.message).toContain('unknown key `lfe`');
    expect(e!.message).toContain('did you mean `life`?');
  });

  it('an unknown key in an action is named, with the closest key', () => {
    const [e] = loadErrors(yaml`
      scenario: typo in an action
      players:
        Alice:
          hand: [Shock]
        Bob: {}
      actions:
        - { cast: Shock, targts: [Bob] }
    `);
    expect(e!.message).toContain('unknown key `targts`');
    expect(e!.message).toContain('did you mean `targets`?');
  });
});

describe('cards', () => {
  it('a misspelled card name is positioned at the name and the closest card is suggested', () => {
    const [e] = loadErrors(yaml`
      scenario: misspelled card
      players:
        Alice:
          hand: [Lightning Blot]
        Bob: {}
    `);
    expect(e!.pos).toEqual({ line: 4, col: 12 });
    expect(e!.path).toBe('players.Alice.hand[0]');
    expect(e!.message).toContain("no card named 'Lightning Blot'");
    expect(e!.message).toContain("did you mean 'Lightning Bolt'");
  });

  it('a misspelled card in `card:` of an object entry is positioned at the name', () => {
    const [e] = loadErrors(yaml`
      scenario: misspelled card in an entry
      players:
        Alice: {}
        Bob:
          battlefield:
            - { card: Grizly Bears, id: bears }
    `);
    expect(e!.path).toBe('players.Bob.battlefield[0].card');
    expect(e!.pos).toEqual({ line: 6, col: 17 });
    expect(e!.message).toContain("did you mean 'Grizzly Bears'");
  });

  it('an unsupported card is rejected with the reason the engine can\'t do it', () => {
    const { registry } = loadLibrary();
    const card = registry.get('Clone')?.unsupported.length ? registry.get('Clone')! : registry.all().find((c) => c.unsupported.length > 0)!;
    expect(card, 'the library has an unsupported card to test with').toBeDefined();
    const [e] = loadErrors(yaml`
      scenario: unsupported card
      players:
        Alice:
          hand: ["${card.name}"]
        Bob: {}
    `);
    expect(e!.pos).toEqual({ line: 4, col: 12 });
    expect(e!.message).toContain(`${card.name} is not supported yet`);
    for (const reason of card.unsupported) expect(e!.message).toContain(reason);
  });

  it('a custom card whose text has no DSL entry is reported at the card', () => {
    const errors = loadErrors(yaml`
      scenario: custom card with too little DSL
      cards:
        - name: Custom Zap
          cost: "{R}"
          type: Instant
          text: |
            Custom Zap deals 1 damage to any target.
            Draw a card.
          abilities:
            - spell: { targets: { t: any target }, do: [{ damage: 1, affected: t }] }
      players:
        Alice:
          hand: [Custom Zap]
        Bob: {}
    `);
    expect(errors).toHaveLength(1);
    const [e] = errors;
    expect(e!.path.startsWith('cards')).toBe(true);
    expect(e!.message).toContain('Custom Zap');
    expect(e!.message).toContain('has no DSL entry');
  });

  it('X targets where no X is announced (601.2b-c), and a mana ability giving its mana away, are refused as the card loads', () => {
    const text = (ability: string) => yaml`
      scenario: X targets with no X
      cards:
        - name: Custom Hunter
          cost: "{2}{G}"
          type: Creature — Elf
          pt: 2/2
          text: |
            Custom Hunter's ability.
          abilities:
            - ${ability}
      players:
        Alice:
          battlefield: [Custom Hunter]
        Bob: {}
    `;
    for (const ability of [
      'triggered: { when: { enters: self }, targets: { t: { filter: creature, count: X } }, do: [{ tap: t }] }',
      'activated: { cost: "{T}", targets: { t: { filter: creature, count: 0-X } }, do: [{ tap: t }] }',
    ]) expect(loadErrors(text(ability)).map((e) => e.message).join('\n')).toContain('a target count of X needs an X announced');
    expect(() => load(text('activated: { cost: "{X}, {T}", targets: { t: { filter: creature, count: X } }, do: [{ tap: t }] }'))).not.toThrow();
    // a mana ability's mana goes to whoever activated it (605.1a): `who` would be ignored, so it is refused
    expect(loadErrors(text('activated: { cost: "{T}", do: [{ add: "{G}", who: each_opponent }] }')).map((e) => e.message).join('\n'))
      .toContain('`who` on `add` names another player');
    expect(() => load(text('triggered: { when: { step: upkeep, whose: each }, do: [{ add: "{G}", who: that_player }] }'))).not.toThrow();
  });

  it('a custom card without `abilities` is compiled from its text, as a printed card', () => {
    const { game } = load(yaml`
      scenario: custom card as printed
      cards:
        - name: Custom Zap
          cost: "{R}"
          type: Instant
          text: |
            Custom Zap deals 1 damage to any target.
      players:
        Alice:
          hand: [{ card: Custom Zap, id: zap }]
        Bob: {}
    `);
    const zap = Object.values(game.state.objects).find((o) => o.ref === 'zap')!;
    expect(game.chars(zap.id).abilities.map((a) => a.kind)).toEqual(['spell']);
    const [e] = loadErrors(yaml`
      scenario: custom card as printed, unreadable
      cards:
        - name: Custom Vote
          type: Enchantment
          text: |
            Players vote for a card at random.
      players:
        Alice:
          battlefield: [Custom Vote]
        Bob: {}
    `);
    expect(e!.message).toContain('Custom Vote is not supported yet');
    expect(e!.message).toContain('Players vote for a card at random.');
  });
});

describe('values', () => {
  it('a rule id written as a number is an error that says to quote it', () => {
    const [e] = loadErrors(yaml`
      scenario: numeric rule id
      rules: [707.10, "704.5g"]
      players:
        Alice: {}
        Bob: {}
    `);
    expect(e!.pos).toEqual({ line: 2, col: 9 });
    expect(e!.path).toBe('rules[0]');
    expect(e!.message).toMatch(/quoted/);
    // YAML reads 707.10 as the number 707.1: the message shows the quoted form of what YAML read
    expect(e!.message).toContain('"707.1"');
  });

  it('a rule id in `illegal:` written as a number is an error that says to quote it', () => {
    const [e] = loadErrors(yaml`
      scenario: numeric rule id in illegal
      players:
        Alice:
          hand: [Shock]
        Bob: {}
      actions:
        - { cast: Shock, targets: [Bob], illegal: 601.2 }
    `);
    expect(e!.path).toBe('actions[0].illegal');
    expect(e!.message).toMatch(/quoted/);
  });

  it('a scenario needs at least two players', () => {
    const [e] = loadErrors(yaml`
      scenario: one player
      players:
        Alice: {}
    `);
    expect(e!.path).toBe('players');
    expect(e!.pos.line).toBe(3);
    expect(e!.message).toContain('at least two players');
  });

  it('an id used twice is reported at the second use, naming the first', () => {
    const [e] = loadErrors(yaml`
      scenario: duplicate id
      players:
        Alice:
          battlefield:
            - { card: Grizzly Bears, id: bears }
        Bob:
          battlefield:
            - { card: Hill Giant, id: bears }
    `);
    expect(e!.pos).toEqual({ line: 8, col: 33 });
    expect(e!.path).toBe('players.Bob.battlefield[0].id');
    expect(e!.message).toContain('"bears" is used twice');
    expect(e!.message).toContain('players.Alice.battlefield[0]');
  });

  it('an id an action gives a created token may not repeat a board id', () => {
    const [e] = loadErrors(yaml`
      scenario: created ids
      players:
        Alice:
          battlefield:
            - { card: Grizzly Bears, id: bears }
        Bob: {}
      actions:
        - { pass: null, created: [bears] }
    `);
    expect(e!.path).toBe('actions[0].created[0]');
    expect(e!.message).toContain('"bears" is used twice');
  });

  it('`created` goes with an action that can create something', () => {
    const [e] = loadErrors(yaml`
      scenario: created on a note
      players:
        Alice: {}
        Bob: {}
      actions:
        - { note: hi, created: [z] }
    `);
    expect(e!.path).toBe('actions[0].created');
    expect(e!.message).toContain('`note` creates none');
  });

  it('an unknown player in `turn.active` is reported at the value, listing the players', () => {
    const [e] = loadErrors(yaml`
      scenario: unknown active player
      players:
        Alice: {}
        Bob: {}
      turn: { active: Carol }
    `);
    expect(e!.pos).toEqual({ line: 5, col: 17 });
    expect(e!.path).toBe('turn.active');
    expect(e!.message).toContain('no player named "Carol"');
    expect(e!.message).toContain('Alice, Bob');
  });

  it('a near miss of a player name in `turn.active` is suggested', () => {
    const [e] = loadErrors(yaml`
      scenario: misspelled active player
      players:
        Alice: {}
        Bob: {}
      turn: { active: Alcie }
    `);
    expect(e!.message).toContain('did you mean "Alice"?');
  });

  it('YAML syntax errors are positioned too', () => {
    const [e] = loadErrors('scenario: broken\nplayers:\n  Alice: {\n  Bob: {}\n');
    expect(e!.message).toMatch(/^YAML: /);
    expect(e!.pos.line).toBeGreaterThan(0);
  });
});

describe('references in answers', () => {
  it('an ambiguous name in an answer is an error listing the candidates and suggesting an id or NAME#K', async () => {
    const r = await run(yaml`
      scenario: ambiguous target
      players:
        Alice:
          pool: "{R}"
          hand: [Lightning Bolt]
          battlefield: [Grizzly Bears]
        Bob:
          battlefield: [Grizzly Bears]
      actions:
        - cast: Lightning Bolt
          answers:
            - { targets: [Grizzly Bears] }
    `);
    expect(r.error).toBeDefined();
    const e = r.error!;
    expect(e.pos).toEqual({ line: 12, col: 9 });
    expect(e.path).toBe('actions[0].answers[0]');
    expect(e.message).toContain('"Grizzly Bears" is ambiguous');
    expect(e.message).toContain("Grizzly Bears in Alice's battlefield");
    expect(e.message).toContain("Grizzly Bears in Bob's battlefield");
    expect(e.message).toContain('`id`');
    expect(e.message).toContain('Grizzly Bears#K');
    // the rejected action left the game where it was
    expect(r.game.state.stack).toEqual([]);
  });

  it('NAME#K resolves the ambiguity (the K-th by timestamp)', async () => {
    const r = await run(yaml`
      scenario: NAME#K picks one
      players:
        Alice:
          pool: "{R}"
          hand: [Lightning Bolt]
          battlefield: [Grizzly Bears]
        Bob:
          battlefield: [Grizzly Bears]
      actions:
        - cast: Lightning Bolt
          answers:
            - { targets: ["Grizzly Bears#2"] }
        - resolve
        - expect:
            zones:
              Alice.battlefield: [Grizzly Bears]
              Bob.graveyard: [Grizzly Bears]
    `);
    expect(r.error).toBeUndefined();
    expect(r.failures).toEqual([]);
  });
});

describe('a card used for its characteristics alone (`text: ignored`)', () => {
  it('keeps its name, cost, types and P/T, and has no abilities', () => {
    const { game } = load(yaml`
      scenario: Serra Angel as a vanilla 4/4
      players:
        Alice:
          battlefield:
            - { card: Serra Angel, id: angel, text: ignored }
        Bob: {}
    `);
    const angel = byRef(game, 'angel');
    const c = game.chars(angel.id);
    expect([c.name, c.power, c.toughness, c.types]).toEqual(['Serra Angel', 4, 4, ['creature']]);
    expect(c.abilities).toEqual([]);
  });

  it('`text` takes only `ignored`, and only on a card', () => {
    expect(loadErrors(yaml`
      scenario: a typo
      players:
        Alice:
          battlefield:
            - { card: Serra Angel, text: ignore }
        Bob: {}
    `)[0]!.message).toContain('the only value of `text` on an object is `ignored`');
  });
});


describe('numbers in cards written by hand', () => {
  const withAbility = (instruction: string, text = 'Draws.') => yaml`
    scenario: a custom card with a big number
    cards:
      - name: Custom Big
        type: Artifact
        text: "${text}"
        abilities:
          - activated: { cost: "{T}", do: [ ${instruction} ] }
    players:
      Alice:
        battlefield: [{ card: Custom Big, id: big }]
        library: [Forest]
      Bob: {}
    actions:
      - activate: big
      - resolve
  `;

  it.each([
    ['{ draw: 1000000000 }', '1000000000'],
    ['{ create_token: { name: Soldier, type: "Creature — Soldier", pt: 1/1 }, amount: 1000000000 }', '1000000000'],
    ['{ damage: 1000000000000, affected: self }', '1000000000000'],
    ['{ put_counters: "+1/+1", amount: 1000000000, affected: self }', '1000000000'],
    ['{ lose_life: -20000 }', '-20000'],
    ['{ gain_life: 2.5 }', '2.5, which is not a whole number'],
  ])('%s is refused as the file loads, at the number', (instruction, shown) => {
    const [e] = loadErrors(withAbility(instruction));
    expect(e?.message).toBe(`a number in a card must be a whole number from -10,000 to 10,000 (ruling's limit for cards written by hand), not ${shown}`);
    expect(e?.pos.line).toBe(7);
    expect(e?.pos.col).toBeGreaterThan(30);
  });

  it('a card written as printed with such a number is unsupported, and naming it is an error', () => {
    const [e] = loadErrors(yaml`
      scenario: printed text with a big number
      cards:
        - { name: Custom Big Draw, type: Sorcery, cost: "{0}", text: "Draw 1000000000 cards." }
      players:
        Alice: { hand: [Custom Big Draw] }
        Bob: {}
    `);
    expect(e?.message).toContain("a number past 10,000, ruling's limit for a card (its text has 1000000000)");
    expect(e?.pos.line).toBe(5);
  });

  it('an amount worked out in the game past 1,000,000 stops the action with an error naming it and the limit', async () => {
    const r = await run(withAbility('{ put_counters: "+1/+1", amount: { times: [10000, { times: [10000, 100] }] }, affected: self }'));
    expect(r.error?.message).toBe("`resolve` came to an amount of 10,000,000,000 in an instruction (a count, X, a product), past 1,000,000, ruling's limit for one amount, so ruling stopped it: no game needs that many");
    expect(r.error?.pos.line).toBe(15);
  });
});
