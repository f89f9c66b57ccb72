// `ruling repl`: the line parser (the word form and the YAML flow form give the action object the
// scenario loader builds), completion, and sessions driven line by line whose saved scenario replays
// to exactly the same game: same state, same events, every checkpoint met.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseLine, actionText } from '../dist/cli/repl/parse.js';
import { complete } from '../dist/cli/repl/complete.js';
import { Session } from '../dist/cli/repl/session.js';
import { parseSet } from '../dist/cli/repl/board.js';
import { withAnswersGiven } from '../dist/cli/repl/save.js';
import { explainCommand } from '../dist/cli/commands/explain.js';
import { appendHistory, readHistory } from '../dist/cli/repl/history.js';
import type { Choice, PromptIO } from '../dist/cli/prompts.js';
import { loadScenarioText } from '../dist/scenario/load.js';
import { runScenario } from '../dist/scenario/run.js';
import { byRef, runClean, yaml } from './helpers.js';
import { rulingInProcess } from './cli-run.js';
import { openCatalog } from '../dist/cards/catalog.js';

const root = resolve(import.meta.dirname, '..');
let dir = '';
beforeAll(() => { dir = mkdtempSync(join(tmpdir(), 'ruling-repl-')); });
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function action(line: string): unknown {
  const r = parseLine(line);
  if (r.kind !== 'action') throw new Error(`not an action: ${JSON.stringify(r)}`);
  return r.action;
}

function error(line: string): string {
  const r = parseLine(line);
  if (r.kind !== 'error') throw new Error(`not an error: ${JSON.stringify(r)}`);
  return r.message;
}

describe('the line parser', () => {
  it('reads every verb in the word form', () => {
    expect(action('cast Lightning Bolt targets bears')).toEqual({ cast: 'Lightning Bolt', targets: ['bears'] });
    expect(action('activate elves')).toEqual({ activate: 'elves' });
    expect(action('activate sorcerer ability 1 targets Bob')).toEqual({ activate: 'sorcerer', ability: 1, targets: ['Bob'] });
    expect(action('activate Forest ability "Add {G}"')).toEqual({ activate: 'Forest', ability: 'Add {G}' });
    expect(action('play Forest')).toEqual({ play: 'Forest' });
    expect(action('turn_face_up morph pay Plains')).toEqual({ turn_face_up: 'morph', pay: ['Plains'] });
    expect(action('turn-face-up morph')).toEqual({ turn_face_up: 'morph' });
    expect(action('suspend Rift Bolt')).toEqual({ suspend: 'Rift Bolt' });
    expect(action('pass')).toEqual({ pass: null });
    expect(action('pass by Bob')).toEqual({ pass: null, by: 'Bob' });
    expect(action('resolve')).toEqual({ resolve: null });
    expect(action('resolve 2')).toEqual({ resolve: 2 });
    expect(action('resolve all')).toEqual({ resolve: 'all' });
    expect(action('advance end')).toEqual({ advance: 'end' });
    expect(action('advance declare blockers')).toEqual({ advance: 'declare_blockers' });
    expect(action('advance postcombat main')).toEqual({ advance: 'main2' });
    expect(action('attack')).toEqual({ attack: null });
    expect(action('attack bears->Bob, Hill Giant -> Bob')).toEqual({ attack: { bears: 'Bob', 'Hill Giant': 'Bob' } });
    expect(action('block wall->bears, ogre->[bears, lions]')).toEqual({ block: { wall: 'bears', ogre: ['bears', 'lions'] } });
    expect(action('expect life: { Bob: 17 }')).toEqual({ expect: { life: { Bob: 17 } } });
    expect(action('expect { stack: [] }')).toEqual({ expect: { stack: [] } });
    expect(action('note Bob thinks for a while')).toEqual({ note: 'Bob thinks for a while' });
  });

  it('reads the keys of a cast', () => {
    expect(action('cast Fireball x 3 targets Bob pay Mountain, Mountain, {R}')).toEqual({ cast: 'Fireball', x: 3, targets: ['Bob'], pay: ['Mountain', 'Mountain', '{R}'] });
    expect(action('cast Rolling Thunder x 3 divide bears 2, Bob 1')).toEqual({ cast: 'Rolling Thunder', x: 3, divide: { bears: 2, Bob: 1 } });
    expect(action('cast Emerald Charm modes 3 targets [bears]')).toEqual({ cast: 'Emerald Charm', modes: [3], targets: ['bears'] });
    expect(action('cast Kitchen Finks hybrid {G}, {W}')).toEqual({ cast: 'Kitchen Finks', hybrid: ['{G}', '{W}'] });
    expect(action('cast Dismember phyrexian life, life targets bears')).toEqual({ cast: 'Dismember', phyrexian: ['life', 'life'], targets: ['bears'] });
    expect(action('cast Think Twice alt flashback')).toEqual({ cast: 'Think Twice', alt: 'flashback' });
    expect(action('cast Inscription of Abundance additional kicker modes 1, 2')).toEqual({ cast: 'Inscription of Abundance', additional: ['kicker'], modes: [1, 2] });
    expect(action('cast Giant Killer face Chop Down targets ogre')).toEqual({ cast: 'Giant Killer', face: 'Chop Down', targets: ['ogre'] });
    expect(action('cast morph face_down')).toEqual({ cast: 'morph', face_down: true });
    expect(action('cast Lightning Bolt targets Bob illegal 601.2h')).toEqual({ cast: 'Lightning Bolt', targets: ['Bob'], illegal: '601.2h' });
    expect(action('cast Lightning Bolt illegal')).toEqual({ cast: 'Lightning Bolt', illegal: true });
    expect(action('cast "Pay No Heed" by Bob')).toEqual({ cast: 'Pay No Heed', by: 'Bob' });
    // an apostrophe inside a word is a letter; a quote opens a string only at the start of a word
    expect(action("cast Altar's Reap pay swamp")).toEqual({ cast: "Altar's Reap", pay: ['swamp'] });
    expect(action("activate Urza's Bauble targets Gideon's Lawkeeper, 'Bob'")).toEqual({ activate: "Urza's Bauble", targets: ["Gideon's Lawkeeper", 'Bob'] });
    expect(action('cast Lightning Bolt answer { targets: [bears] } answer {yes: true}')).toEqual({ cast: 'Lightning Bolt', answers: [{ targets: ['bears'] }, { yes: true }] });
    expect(action('cast Lightning Bolt answers [{ targets: [bears] }]')).toEqual({ cast: 'Lightning Bolt', answers: [{ targets: ['bears'] }] });
    expect(action('cast Fireball pay [{ source: Birds of Paradise, mana: "{R}" }]')).toEqual({ cast: 'Fireball', pay: [{ source: 'Birds of Paradise', mana: '{R}' }] });
  });

  it('reads the YAML flow form, the same object as the word form', () => {
    expect(action('{ cast: Lightning Bolt, targets: [bears] }')).toEqual(action('cast Lightning Bolt targets bears'));
    expect(action('- { attack: { bears: Bob } }')).toEqual(action('attack bears->Bob'));
    expect(action('{ resolve: all }')).toEqual({ resolve: 'all' });
    expect(action('{ pass: null, by: Bob }')).toEqual(action('pass by Bob'));
  });

  it('writes an action back as the line a scenario holds', () => {
    expect(actionText(action('pass') as never)).toBe('pass');
    expect(actionText(action('resolve') as never)).toBe('resolve');
    expect(actionText(action('cast Lightning Bolt targets bears') as never)).toBe('{cast: Lightning Bolt, targets: [bears]}');
    expect(actionText(action('attack bears->Bob') as never)).toBe('{attack: {bears: Bob}}');
    for (const line of ['cast Fireball x 3 targets Bob pay Mountain, {R}', 'block wall->[a, b]', 'advance end by Bob', 'cast Bolt illegal 704.5']) {
      expect(action(actionText(action(line) as never))).toEqual(action(line));
    }
  });

  it('recognises commands with their arguments', () => {
    expect(parseLine('undo 2')).toEqual({ kind: 'command', name: 'undo', args: '2' });
    expect(parseLine('  save out.yaml --expect ')).toEqual({ kind: 'command', name: 'save', args: 'out.yaml --expect' });
    expect(parseLine('BOARD')).toEqual({ kind: 'command', name: 'board', args: '' });
    expect(parseLine('')).toEqual({ kind: 'empty' });
    expect(parseLine('# a comment')).toEqual({ kind: 'empty' });
  });

  it('reports malformed lines in one line, with a suggestion', () => {
    expect(error('cst Lightning Bolt')).toBe('unknown command or action `cst`; did you mean `cast`?');
    expect(error('udno')).toContain('did you mean `undo`?');
    expect(error('advance endd')).toContain('did you mean `end`?');
    expect(error('{ cast: Lightning Bolt, targts: [bears] }')).toContain('did you mean `targets`?');
    expect(error('cast')).toContain('e.g. `cast Lightning Bolt targets bears`');
    expect(error('cast Lightning Bolt targets')).toContain('`targets` needs a value');
    expect(error('cast Fireball x three')).toContain('`x` takes a whole number');
    expect(error('resolve twice')).toContain('`resolve` takes a whole number');
    expect(error('pass Bob')).toContain('`pass by Bob`');
    expect(error('attack bears')).toContain('ATTACKER->PLAYER');
    expect(error('cast Shock targets bears x 1 x 2')).toContain('given twice');
    expect(error('pass targets bears')).toContain('takes no value');
    expect(error('{ cast: [oops')).toContain('not valid YAML');
    expect(error('cast "Lightning Bolt')).toContain('not closed');
    expect(error('{ cast: Shock, advance: end }')).toContain('one verb per action');
    expect(error('cast Shock answers {}')).toContain('an answer needs one kind key');
    expect(error('note')).toContain('`note` needs the text');
    for (const line of ['cst x', '{', '}', '[]', '- ', 'attack ->', 'block a->', 'divide', 'cast x divide bears', 'expect', 'expect {', 'x'.repeat(500)]) {
      expect(['error', 'empty']).toContain(parseLine(line).kind);
    }
  });
});

describe('tab completion', () => {
  const names = { cards: ['Lightning Bolt', 'Llanowar Elves', 'Grizzly Bears'], board: ['Grizzly Bears', 'bears', 'Mountain'], players: ['Alice', 'Bob'] };
  it('completes commands, verbs, names, ids, players, keys and steps', () => {
    expect(complete('ca', names)).toEqual([['card', 'cast'], 'ca']);
    expect(complete('und', names)).toEqual([['undo'], 'und']);
    expect(complete('cast li', names)).toEqual([['lightning Bolt'], 'li']);
    expect(complete('cast Lightning Bolt targets gr', names)).toEqual([['grizzly Bears'], 'gr']);
    expect(complete('cast Lightning Bolt targets bears, Bo', names)).toEqual([['Bob'], 'Bo']);
    expect(complete('cast Lightning Bolt targets bears, B', names)).toEqual([['Bears', 'Bob'], 'B']);
    expect(complete('cast Lightning Bolt ta', names)).toEqual([['target', 'targets'], 'ta']);
    expect(complete('pass by A', names)).toEqual([['Alice'], 'A']);
    expect(complete('advance de', names)).toEqual([['declare_attackers', 'declare_blockers'], 'de']);
    expect(complete('attack bears->Bo', names)).toEqual([['Bob'], 'Bo']);
    expect(complete('explain b', names)).toEqual([['bears'], 'b']);
    expect(complete('card Ll', names)).toEqual([['Llanowar Elves'], 'Ll']);
    expect(complete('set re', names)).toEqual([['remove'], 're']);
    expect(complete('set add Llan', names)).toEqual([['Llanowar Elves'], 'Llan']);
    expect(complete('set add Llanowar Elves to Bo', names)).toEqual([['Bob.battlefield', 'Bob.exile', 'Bob.graveyard', 'Bob.hand', 'Bob.library'], 'Bo']);
    expect(complete('set Bob li', names)).toEqual([['life'], 'li']);
  });
});

describe('the names a session completes', () => {
  it("card names from the catalog (a card file here), the scenario's own cards, the board and the players", async () => {
    const catalog = openCatalog({ cardFiles: [join(root, 'test/fixtures/cards/mtgjson-small.json')] });
    const file = join(dir, 'own-card.yaml');
    writeFileSync(file, yaml`
      scenario: a card of the scenario's own
      cards:
        - name: Tiny Test Wall
          cost: "{1}"
          type: Artifact Creature — Wall
          pt: 0/1
          text: Defender
      players:
        Alice:
          battlefield: [{ card: Tiny Test Wall, id: wall }]
        Bob: {}
    `);
    const s = await Session.start({ out: collector().out, cards: catalog.registry }, file);
    const names = s.names();
    expect(names.cards).toEqual(expect.arrayContaining(['Air Elemental', 'Tiny Test Wall', 'Lightning Bolt']));
    expect(complete('cast Air El', names)).toEqual([['Air Elemental'], 'Air El']);
    expect(complete('card Tiny', names)).toEqual([['Tiny Test Wall'], 'Tiny']);
    expect(names.board).toEqual(expect.arrayContaining(['Tiny Test Wall', 'wall']));
    expect(names.players).toEqual(['Alice', 'Bob']);
  });
});

describe('history across sessions', () => {
  it('keeps lines in a file, newest first when read', () => {
    const file = join(dir, 'data', 'repl_history');
    expect(readHistory(file)).toEqual([]);
    appendHistory(file, 'cast Lightning Bolt');
    appendHistory(file, 'resolve');
    appendHistory(file, '   ');
    expect(readHistory(file)).toEqual(['resolve', 'cast Lightning Bolt']);
  });
});

// ------------------------------------------------------------------ sessions

const BOLT = yaml`
  scenario: Bolt the bears
  players:
    Alice:
      hand: [Lightning Bolt, Shock, Forest]
      library: [Island, Island]
      battlefield: [Mountain, Mountain, { card: Llanowar Elves, id: elves }, { card: Prodigal Sorcerer, id: sorcerer }]
    Bob:
      library: [Swamp, Swamp]
      battlefield:
        - { card: Grizzly Bears, id: bears }
`;

const COMBAT = yaml`
  scenario: A fight
  players:
    Alice:
      library: [Island, Island]
      battlefield:
        - { card: Hill Giant, id: giant }
        - { card: Grizzly Bears, id: bears }
    Bob:
      library: [Swamp, Swamp]
      battlefield:
        - { card: Savannah Lions, id: lions }
        - { card: Gray Ogre, id: ogre }
`;

/** Every line printed, in order, colors off (vitest runs without a TTY). */
function collector() {
  const lines: string[] = [];
  return { lines, out: { log: (l: string) => lines.push(l), err: (l: string) => lines.push(`ERR ${l}`) } };
}

/** A fake terminal for questions: each reply picks the choice whose label contains the text. */
class ScriptIO implements PromptIO {
  constructor(private readonly picks: string[]) {}
  private pick(choices: Choice[]): string {
    const p = this.picks.shift();
    const hit = choices.find((c) => p !== undefined && c.name.includes(p));
    if (!hit) throw new Error(`unscripted or unknown pick ${p} among ${choices.map((c) => c.name).join(', ')}`);
    return hit.value;
  }
  async select(_m: string, choices: Choice[]) { return this.pick(choices); }
  async checkbox(_m: string, choices: Choice[]) { return [this.pick(choices)]; }
  async number() { return Number(this.picks.shift()); }
  async confirm() { return this.picks.shift() === 'yes'; }
}

let n = 0;

/**
 * Plays the lines in a session started from `board`, saves it, and replays the saved file with the
 * library's runner: the same state and events, every checkpoint met.
 */
async function roundTrip(board: string | undefined, lines: string[], opts: { until?: number; io?: PromptIO; expect?: boolean } = {}) {
  const c = collector();
  const start = board === undefined ? undefined : join(dir, `start-${++n}.yaml`);
  if (start) writeFileSync(start, board!);
  const s = await Session.start({ out: c.out, io: opts.io ?? null }, start, opts.until);
  for (const l of lines) expect(await s.line(l), l).toBeUndefined();
  const saved = join(dir, `saved-${++n}.yaml`);
  await s.line(`save ${saved}${opts.expect ? ' --expect' : ''}`);
  const text = readFileSync(saved, 'utf8');
  const { scenario, game } = loadScenarioText(saved, text);
  const r = await runScenario(scenario, game);
  expect(r.error?.message).toBeUndefined();
  expect(r.failures).toEqual([]);
  expect(JSON.stringify(game.state)).toBe(JSON.stringify(s.game.state));
  return { s, out: c.lines, text, saved, game };
}

describe('sessions replay from what they save', () => {
  it('cast with targets, then resolve (the Bears die)', async () => {
    const { text, game, out } = await roundTrip(BOLT, ['cast Lightning Bolt targets bears', 'resolve']);
    expect(text).toContain('  - {cast: Lightning Bolt, targets: [bears]}\n  - resolve\n');
    expect(game.player('Bob').graveyard.map((id) => game.name(id))).toEqual(['Grizzly Bears']);
    expect(out).toContain('  [704.5g] Grizzly Bears is destroyed (state-based action): the battlefield -> Bob\'s graveyard');
  });

  it('a target asked at the terminal is saved as an answer', async () => {
    const { text, s } = await roundTrip(BOLT, ['cast Shock', 'resolve'], { io: new ScriptIO(['Bob']) });
    expect(text).toContain('{cast: Shock, answers: [{targets: [Bob]}]}');
    expect(s.game.player('Bob').life).toBe(18);
  });

  it('the flow form is saved as typed', async () => {
    const { text } = await roundTrip(BOLT, ['{ cast: Shock, targets: [bears] }', '{ resolve: 1 }']);
    expect(text).toContain('  - {cast: Shock, targets: [bears]}\n  - {resolve: 1}\n');
  });

  it('activate with a target; pass and pass resolves it', async () => {
    const { s, text } = await roundTrip(BOLT, ['activate sorcerer targets Bob', 'pass', 'pass']);
    expect(text).toContain('{activate: sorcerer, targets: [Bob]}\n  - pass\n  - pass\n');
    expect(s.game.player('Bob').life).toBe(19);
    expect(s.prompt()).toBe('t1 main1 Alice> ');
  });

  it('play a land, tap a mana creature, cast with explicit payment', async () => {
    const { s } = await roundTrip(BOLT, ['play Forest', 'activate elves', 'cast Shock targets bears pay Mountain', 'resolve all']);
    expect(s.game.player('Alice').pool).toHaveLength(1);
    expect(s.game.player('Bob').graveyard).toHaveLength(1);
  });

  it('advance through turns (the next player draws)', async () => {
    const { s, text } = await roundTrip(BOLT, ['advance end', 'advance upkeep', 'advance draw', 'advance main1 by Bob'], { expect: true });
    expect(s.prompt()).toBe('t2 main1 Bob> ');
    expect(s.game.player('Bob').hand).toHaveLength(1);
    expect(text).toContain('turn: {number: 2, step: main1, active: Bob, priority: Bob}');
  });

  it('attack and block, then combat damage', async () => {
    const { s } = await roundTrip(COMBAT, ['attack giant->Bob, bears->Bob', 'block ogre->bears', 'advance main2'], { expect: true });
    expect(s.game.player('Bob').life).toBe(17);
    expect(s.game.player('Alice').graveyard.map((id) => s.game.name(id))).toEqual(['Grizzly Bears']);
  });

  it('undo, then a different line: only the new line is saved', async () => {
    const { text, s, out } = await roundTrip(BOLT, ['cast Lightning Bolt targets bears', 'undo', 'cast Lightning Bolt targets Bob', 'resolve']);
    expect(text).not.toContain('targets: [bears]');
    expect(text).toContain('{cast: Lightning Bolt, targets: [Bob]}');
    expect(s.game.player('Bob').life).toBe(17);
    expect(out).toContain('  undone: {cast: Lightning Bolt, targets: [bears]}');
  });

  it('undo N and redo', async () => {
    const { s, text } = await roundTrip(BOLT, ['cast Shock targets Bob', 'resolve', 'cast Lightning Bolt targets Bob', 'undo 2', 'redo']);
    expect(s.history().map((h) => h.text)).toEqual(['{cast: Shock, targets: [Bob]}', 'resolve']);
    expect(s.undoneCount()).toBe(1);
    expect(text.slice(text.indexOf('actions:'))).toBe('actions:\n  - {cast: Shock, targets: [Bob]}\n  - resolve\n');
  });

  it('a rejected action and a failed checkpoint are shown, then left out', async () => {
    const { s, out, text } = await roundTrip(BOLT, ['cast Shock targets bears pay Forest', 'expect life: { Bob: 3 }', 'cast Shock targets bears']);
    expect(out.some((l) => l.includes('is illegal') && l.includes('(730.1)'))).toBe(true);
    expect(out).toContain('  (not recorded: the game is back where it was (730.1))');
    expect(out.some((l) => l.startsWith('  rule '))).toBe(true);
    expect(out.some((l) => l.includes('expected 3, got 20'))).toBe(true);
    expect(s.history()).toHaveLength(1);
    expect(text).not.toContain('expect');
  });

  it('from a file through a line, then on by hand: the file keeps its own text', async () => {
    const file = yaml`
      scenario: Half a timeline
      players:
        Alice:
          hand: [Lightning Bolt, Shock]
          battlefield: [Mountain, Mountain]
        Bob:
          battlefield: [{ card: Grizzly Bears, id: bears }]
      actions:
        # the Shock first
        - cast: Shock
          targets: [Bob]
        - resolve
        - cast: Lightning Bolt
          targets: [Bob]
    `;
    const { text, s } = await roundTrip(file, ['cast Lightning Bolt targets bears', 'resolve'], { until: 12 });
    expect(text).toContain('  # the Shock first\n  - cast: Shock\n    targets: [Bob]\n  - resolve\n  - {cast: Lightning Bolt, targets: [bears]}\n  - resolve\n');
    expect(s.game.player('Bob').life).toBe(18);
  });

  it('saving the whole of a file without changes writes it back unchanged', async () => {
    const file = join(root, 'scenarios/examples/inscription-kicked-modes.yaml');
    const c = collector();
    const s = await Session.start({ out: c.out }, file);
    expect(s.scenarioText()).toBe(readFileSync(file, 'utf8'));
  });

  it('from the empty board', async () => {
    const { s, text } = await roundTrip(undefined, ['advance end', 'note nothing happens'], { expect: true });
    expect(text).toContain('scenario: ruling repl session');
    expect(s.prompt()).toBe('t1 end Alice> ');
  });
});

describe("the README's judge examples from an empty board", () => {
  // each built with `set`, played with one wrong step on the way (an illegal cast is rolled back,
  // a wrong target undone), saved with a checkpoint of the board, and replayed green by roundTrip
  it('hybrid halves are announced while proposing (601.2b, 601.2h, 730.1)', async () => {
    const { s } = await roundTrip(undefined, [
      'set add Mountain as m to Alice.battlefield', ...[1, 2, 3, 4].map((k) => `set add Plains as p${k} to Alice.battlefield`),
      'set add Flame Javelin as javelin to Alice.hand',
      'cast javelin hybrid {R}, {R}, {R} targets Bob pay m, p1, p2',
      'cast javelin hybrid {2}, {2}, {R} targets Alice pay m, p1, p2, p3, p4', 'undo',
      'cast javelin hybrid {2}, {2}, {R} targets Bob pay m, p1, p2, p3, p4', 'resolve', 'expect life: { Bob: 16 }',
    ], { expect: true });
    expect(s.actions().map((a) => Object.keys(a)[0])).toEqual(['cast', 'resolve', 'expect']);
    expect(s.game.player('Bob').life).toBe(16);
  });

  it('an illegal cast is rolled back, mana abilities included (601.2h, 730.1)', async () => {
    const { s } = await roundTrip(undefined, [
      'set add Mountain as m1 to Alice.battlefield', 'set add Mountain as m2 to Alice.battlefield',
      'set add Lightning Bolt to Alice.hand', 'set add Memnite as memnite to Alice.hand', 'set add Lodestone Golem to Bob.battlefield',
      'cast Lightning Bolt targets Bob pay m1', 'expect { stack: [], objects: { m1: { tapped: false } } }',
      'cast Lightning Bolt targets Bob pay m1, m2', 'resolve', 'expect life: { Bob: 17 }',
      'cast memnite', 'resolve',
    ], { expect: true });
    expect(s.game.player('Bob').life).toBe(17);
    expect(byRef(s.game, 'memnite').zone).toBe('battlefield');
  });

  it("the total cost is locked before the Familiar is sacrificed (601.2f, 601.2h)", async () => {
    const { s, text } = await roundTrip(undefined, [
      'set add Thunderscape Familiar as familiar to Alice.battlefield', 'set add Swamp as swamp to Alice.battlefield',
      "set add Altar's Reap to Alice.hand", 'set add Island to Alice.library', 'set add Forest to Alice.library',
      "cast Altar's Reap pay swamp answer { choose: [familiar] }",
      "expect { stack: [Altar's Reap], zones: { Alice.graveyard: [Thunderscape Familiar] } }", 'resolve',
    ], { expect: true });
    expect(text).toContain("- {cast: Altar's Reap, pay: [swamp], answers: [{choose: [familiar]}]}");
    expect(s.game.player('Alice').hand).toHaveLength(2);
  });
});

describe('bad input never ends a session', () => {
  it('reports each problem on one line and goes on', async () => {
    const c = collector();
    const start = join(dir, 'bad.yaml');
    writeFileSync(start, BOLT);
    const s = await Session.start({ out: c.out }, start);
    const bad = ['cast Lightnig Bolt', 'cast Lightning Bolt targts bears', 'cast Lightning Bolt', 'frobnicate', 'undo', 'redo', 'undo x', 'explain nobody', 'card Lightnig Bolt', 'rule 999.9', 'load nowhere.yaml', 'save', 'board extra', 'resolve'];
    for (const l of bad) {
      const before = c.lines.length;
      expect(await s.line(l)).toBeUndefined();
      expect(c.lines.slice(before).some((x) => x.startsWith('ERR')), l).toBe(true);
    }
    const text = c.lines.join('\n');
    expect(text).toContain('did you mean "Lightning Bolt"');
    expect(text).toContain('is `targts` meant to be the key `targets`?');
    expect(text).toContain('Add to the action:  targets:');
    expect(text).toContain("did you mean 'Lightning Bolt'");
    expect(text).not.toContain('internal error');
    expect(s.history()).toEqual([]);
    expect(await s.line('quit')).toBe('quit');
  });
});

describe('ruling repl at the command line', () => {
  it('prints the same trace as `ruling run` of the file it saves', async () => {
    const start = join(dir, 'cli-start.yaml');
    writeFileSync(start, COMBAT);
    const saved = join(dir, 'cli-saved.yaml');
    const env = { ...process.env, NO_COLOR: '1', CI: '1', RULING_DATA_DIR: join(dir, 'data') };
    const lines = ['attack giant->Bob, bears->Bob', 'block lions->bears', 'board', 'advance end', `save ${saved}`, 'quit'];
    const repl = spawnSync(process.execPath, [join(root, 'bin/ruling'), 'repl', start], { input: lines.join('\n'), encoding: 'utf8', env });
    expect(repl.stderr).toBe('');
    expect(repl.status).toBe(0);
    expect(repl.stdout).toContain('t1 main1 Alice> attack giant->Bob, bears->Bob');
    // `ruling run` in this process (test/cli-run.ts): the binary's code, without a second Node start
    const run = await rulingInProcess(dir, { NO_COLOR: '1', CI: '1', RULING_DATA_DIR: env.RULING_DATA_DIR }, ['run', saved, '--no-board']);
    expect(run.code).toBe(0);
    const trace = (s: string) => s.split('\n').filter((l) => /^ {2}\[/.test(l));
    expect(trace(repl.stdout).length).toBeGreaterThan(10);
    expect(trace(run.out)).toEqual(trace(repl.stdout));
  });

  it('a file that does not load is exit 2 with its error', () => {
    const env = { ...process.env, NO_COLOR: '1', CI: '1' };
    const r = spawnSync(process.execPath, [join(root, 'bin/ruling'), 'repl', join(dir, 'missing.yaml')], { input: '', encoding: 'utf8', env });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('missing.yaml');
  });
});

// ------------------------------------------------------------------ set: the board by hand

describe('`set`: reading an edit of the board', () => {
  const players = ['Alice', 'Bob', 'Carol Ann'];
  it('reads every form', () => {
    expect(parseSet('Bob life 7', players)).toEqual({ kind: 'player', player: 'Bob', field: 'life', value: 7 });
    expect(parseSet('Bob.life -3', players)).toEqual({ kind: 'player', player: 'Bob', field: 'life', value: -3 });
    expect(parseSet('Carol Ann poison 2', players)).toEqual({ kind: 'player', player: 'Carol Ann', field: 'poison', value: 2 });
    expect(parseSet('Alice pool {R}{G}', players)).toEqual({ kind: 'player', player: 'Alice', field: 'pool', value: '{R}{G}' });
    expect(parseSet('Alice pool empty', players)).toEqual({ kind: 'player', player: 'Alice', field: 'pool', value: '' });
    expect(parseSet('Grizzly Bears tapped', players)).toEqual({ kind: 'object', ref: 'Grizzly Bears', field: 'tapped', value: true });
    expect(parseSet('bears untapped', players)).toEqual({ kind: 'object', ref: 'bears', field: 'tapped', value: false });
    expect(parseSet('bears damage 1', players)).toEqual({ kind: 'object', ref: 'bears', field: 'damage', value: 1 });
    expect(parseSet('bears counters +1/+1 2', players)).toEqual({ kind: 'object', ref: 'bears', field: 'counters', counter: '+1/+1', value: 2 });
    expect(parseSet('add Return to Dust to Bob.hand', players)).toEqual({ kind: 'add', entry: 'Return to Dust', player: 'Bob', zone: 'hand', top: false });
    expect(parseSet('add Grizzly Bears as bears to Bob battlefield', players)).toEqual({ kind: 'add', entry: { card: 'Grizzly Bears', id: 'bears' }, player: 'Bob', zone: 'battlefield', top: false });
    expect(parseSet('add Island to Alice.library top', players)).toEqual({ kind: 'add', entry: 'Island', player: 'Alice', zone: 'library', top: true });
    expect(parseSet('add { card: Grizzly Bears, tapped: true } to Bob.battlefield', players)).toEqual({ kind: 'add', entry: { card: 'Grizzly Bears', tapped: true }, player: 'Bob', zone: 'battlefield', top: false });
    expect(parseSet('remove bears', players)).toEqual({ kind: 'remove', ref: 'bears' });
    expect(parseSet('turn 4', players)).toEqual({ kind: 'turn', field: 'number', value: 4 });
    expect(parseSet('step declare blockers', players)).toEqual({ kind: 'turn', field: 'step', value: 'declare_blockers' });
    expect(parseSet('active Bob', players)).toEqual({ kind: 'turn', field: 'active', value: 'Bob' });
    expect(parseSet('priority Bob', players)).toEqual({ kind: 'turn', field: 'priority', value: 'Bob' });
    expect(parseSet('lands_played 1', players)).toEqual({ kind: 'turn', field: 'lands_played', value: 1 });
  });

  it('is a command of the line parser', () => {
    expect(parseLine('set Bob life 3')).toEqual({ kind: 'command', name: 'set', args: 'Bob life 3' });
  });

  it('reports what it cannot read', () => {
    const msg = (s: string) => { try { parseSet(s, players); } catch (e) { return (e as Error).message; } return 'no error'; };
    expect(msg('Bob life lots')).toContain('takes a whole number');
    expect(msg('Dave life 3')).toContain('is not a player; the players are Alice, Bob, Carol Ann');
    expect(msg('bears damage x')).toContain('takes a whole number');
    expect(msg('step upkeeep')).toContain('is not a step');
    expect(msg('add Grizzly Bears')).toContain('e.g. `set add Grizzly Bears to Bob.battlefield`');
    expect(msg('add { card: [ to Bob.hand')).toContain('not a YAML flow map');
    expect(msg('frobnicate')).toContain("can't read");
  });
});

describe('sessions with `set` replay from what they save', () => {
  it('from the empty board: set up a board, cast, resolve', async () => {
    const { s, text } = await roundTrip(undefined, [
      'set add Mountain to Alice.battlefield', 'set add Lightning Bolt to Alice.hand', 'set add Grizzly Bears as bears to Bob.battlefield',
      'set Bob life 10', 'cast Lightning Bolt targets Bob', 'resolve', 'expect life: { Bob: 7 }',
    ], { expect: true });
    expect(s.game.player('Bob').life).toBe(7);
    expect(text).toContain('  Bob:\n    battlefield:\n      - { card: Grizzly Bears, id: bears }\n    life: 10\n');
    expect(text).toContain('hand: [ Lightning Bolt ]');
    expect(s.history().map((h) => h.text).slice(0, 4)).toEqual(['set add Mountain to Alice.battlefield', 'set add Lightning Bolt to Alice.hand', 'set add Grizzly Bears as bears to Bob.battlefield', 'set Bob life 10']);
  });

  it('edits of permanents on a file board keep its comments', async () => {
    const board = `# a comment that stays\n${BOLT}`;
    const { s, text } = await roundTrip(board, ['set bears counters +1/+1 3', 'set Mountain#1 tapped', 'set bears damage 1', 'cast Lightning Bolt targets bears', 'resolve'], { expect: true });
    expect(text.startsWith('# a comment that stays\n')).toBe(true);
    expect(text).toContain('{ card: Grizzly Bears, id: bears, counters: { +1/+1: 3 }, damage: 1 }');
    expect(text).toContain('battlefield: [ { card: Mountain, tapped: true }, Mountain,');
    // a 5/5 with 1 damage survives the Bolt's 3 (704.5g needs lethal damage)
    expect(s.game.obj(s.game.state.battlefield.find((id) => s.game.obj(id).ref === 'bears')!).damage).toBe(4);
  });

  it('a set after actions changes the starting board and plays the actions again on it', async () => {
    const { s, out } = await roundTrip(BOLT, ['cast Shock targets Bob', 'resolve', 'set Bob life 5']);
    expect(s.game.player('Bob').life).toBe(3);
    expect(out).toContain("  set: Bob's life is 5 on the starting board; the 2 actions since played again on it");
  });

  it('undo takes back a set, redo makes it again', async () => {
    const { s, text } = await roundTrip(BOLT, ['set Bob life 5', 'cast Shock targets Bob', 'undo 2', 'redo', 'history']);
    expect(s.game.player('Bob').life).toBe(5);
    expect(s.history().map((h) => h.text)).toEqual(['set Bob life 5']);
    expect(s.undoneCount()).toBe(1);
    expect(text).toContain('    life: 5\n');
    expect(text).not.toContain('actions:');
  });

  it('remove, turn, step and active player', async () => {
    const { s, text } = await roundTrip(COMBAT, ['set remove lions', 'set turn 5', 'set active Bob', 'set step main1', 'attack ogre->Alice', 'advance main2'], { expect: true });
    expect(text).not.toContain('lions');
    expect(text).toContain('turn:\n  number: 5\n  active: Bob\n  step: main1\n');
    expect(s.game.player('Alice').life).toBe(18);
  });

  it('an edit that would change how the recorded actions play is refused, and nothing changes', async () => {
    const c = collector();
    const start = join(dir, 'refused.yaml');
    writeFileSync(start, BOLT);
    const s = await Session.start({ out: c.out }, start);
    await s.line('cast Lightning Bolt targets bears');
    await s.line('set remove bears');
    await s.line('set Bob poison lots');
    await s.line('set add Lightnig Bolt to Alice.hand');
    const errors = c.lines.filter((l) => l.startsWith('ERR'));
    expect(errors[0]).toContain('not made: action 1 ({cast: Lightning Bolt, targets: [bears]}) would not play on that board');
    expect(errors[1]).toContain('takes a whole number');
    expect(errors[2]).toContain("not made: the board would not load: no card named 'Lightnig Bolt'");
    expect(s.history().map((h) => h.text)).toEqual(['{cast: Lightning Bolt, targets: [bears]}']);
    expect(s.game.state.stack).toHaveLength(1);
  });

  it('turn face up and suspend (the special actions) in a session', async () => {
    const board = yaml`
      scenario: special actions
      cards:
        - name: Custom Slumbering Spark
          cost: "{2}{R}"
          type: Sorcery
          text: |
            Suspend 1—{R}
            Custom Slumbering Spark deals 3 damage to any target.
          abilities:
            - spell:
                targets: { t: any target }
                do:
                  - { damage: 3, affected: t }
      players:
        Alice:
          hand: [Custom Slumbering Spark, { card: Branchsnap Lorian, id: lorian }]
          battlefield: [Forest, Forest, Forest, Forest, Mountain]
        Bob: {}
    `;
    const { s } = await roundTrip(board, ['suspend Custom Slumbering Spark pay Mountain', 'cast lorian face_down', 'resolve', 'turn_face_up lorian'], { expect: true });
    expect(s.game.player('Alice').exile.map((id) => s.game.name(id))).toEqual(['Custom Slumbering Spark']);
    expect(s.game.state.battlefield.some((id) => s.game.name(id) === 'Branchsnap Lorian' && !s.game.obj(id).faceDown)).toBe(true);
  });
});

// ------------------------------------------------------------------ questions at the prompt

describe('questions asked in a session', () => {
  const KICKER = yaml`
    scenario: two targets
    players:
      Alice:
        pool: "{R}{R}{R}{R}"
        hand: [Lightning Bolt, Flame Javelin]
        battlefield: [Mountain]
      Bob:
        battlefield: [{ card: Grizzly Bears, id: bears }, { card: Savannah Lions, id: lions }]
  `;
  it('`back` at a question asks the previous one of the action again', async () => {
    // the hybrid halves of Flame Javelin, one symbol at a time: back at the second symbol goes to the
    // first; back at the targets asks the hybrid question again
    const io = new ScriptIO(['{R}', '<- back', '{2}', '{R}', '{R}', '<- back', '{2}', '{R}', '{R}', 'Bob']);
    const { s, text } = await roundTrip(KICKER, ['cast Flame Javelin'], { io });
    expect(text).toContain('{cast: Flame Javelin, answers: [{hybrid: ["{2}", "{R}", "{R}"]}, {targets: [Bob]}]}');
    expect(s.game.state.stack).toHaveLength(1);
  });

  it('after an illegal answer, the last question can be answered again', async () => {
    // announced as {2}{2}{2}, Flame Javelin needs six mana and Alice has five: illegal (601.2h); she
    // answers the targets again, goes back to the halves, and announces {2}{R}{R}
    const io = new ScriptIO(['{2}', '{2}', '{2}', 'Bob', 'yes', '<- back', '{2}', '{R}', '{R}', 'Bob']);
    const c = collector();
    const start = join(dir, 'retry.yaml');
    writeFileSync(start, KICKER);
    const s = await Session.start({ out: c.out, io }, start);
    await s.line('cast Flame Javelin');
    expect(c.lines.some((l) => l.startsWith('  illegal [601.2h]'))).toBe(true);
    expect(s.history().map((h) => h.text)).toEqual(['{cast: Flame Javelin, answers: [{hybrid: ["{2}", "{R}", "{R}"]}, {targets: [Bob]}]}']);
  });

  it('a part with one legal choice is not asked, and is told', async () => {
    const { out } = await roundTrip(yaml`
      scenario: one attacker
      players:
        Alice:
          battlefield: [{ card: Grizzly Bears, id: a1 }]
        Bob:
          battlefield: [{ card: Savannah Lions, id: b1 }]
    `, ['attack a1->Bob', 'block'], { io: new ScriptIO(['Savannah Lions']) });
    expect(out.some((l) => l.includes('which attacking creature does Savannah Lions block?: only one legal choice, Grizzly Bears'))).toBe(true);
  });
});

describe('ruling run --save-answers', () => {
  it('adds the answers to the actions, keeping the comments and the layout', async () => {
    const text = yaml`
      # a ruling
      scenario: answers to save
      players:
        Alice:
          hand: [Lightning Bolt, Shock]
          battlefield: [Mountain, Mountain]   # two red sources
        Bob:
          battlefield: [{ card: Grizzly Bears, id: bears }]
      actions:
        # first the Bolt
        - cast: Lightning Bolt
        - resolve
        - { cast: Shock, answers: [] }
        - resolve
    `;
    const saved = withAnswersGiven(text, new Map([[0, [{ targets: ['bears'] }]], [2, [{ targets: ['Bob'] }]]]));
    expect(saved).toContain('# a ruling\nscenario: answers to save\n');
    // the lines of the file not given answers are kept as written
    expect(saved).toContain('hand: [Lightning Bolt, Shock]\n    battlefield: [Mountain, Mountain]   # two red sources\n');
    expect(saved).toContain('  # first the Bolt\n  - cast: Lightning Bolt\n    answers:\n      - {targets: [bears]}\n  - resolve\n');
    expect(saved).toContain('\n  - {cast: Shock, answers: [{targets: [Bob]}]}\n  - resolve\n');
    expect(saved.replace('    answers:\n      - {targets: [bears]}\n', '').replace('{cast: Shock, answers: [{targets: [Bob]}]}', '{ cast: Shock, answers: [] }')).toBe(text);
    const r = await runClean(saved);
    expect(r.game.player('Bob').life).toBe(18);
  });
});

describe('explain at a point of the timeline', () => {
  const file = join(root, 'scenarios/rules/613.8a-stolen-control-magic-dependency.yaml');
  const explain = async (ref: string, flags: { at?: number; verbose?: boolean }) => {
    const c = collector();
    const code = await explainCommand(file, ref, flags, c.out);
    return { code, text: c.lines.join('\n') };
  };
  it('--at LINE explains after the actions that start on or before the line', async () => {
    const before = await explain('giant', { at: 20 });
    expect(before.code).toBe(0);
    expect(before.text).toContain('at line 20: after 1 of 4 actions');
    expect(before.text).toContain('result: Hill Giant: creature - Giant, R 3/3, controller Alice');
    const after = await explain('giant', {});
    expect(after.text).toContain('result: Hill Giant: creature - Giant, R 3/3, controller Bob');
  });
  it('--json gives the same derivation as data', async () => {
    const c = collector();
    expect(await explainCommand(file, 'giant', { at: 20, json: true }, c.out)).toBe(0);
    expect(c.lines).toHaveLength(1);
    const doc = JSON.parse(c.lines[0]!);
    expect(doc).toMatchObject({ type: 'explain', format: 1, ref: 'giant', at: 20, played: 1, total: 4, object: { name: 'Hill Giant' } });
    expect(doc.steps.map((s: { layer: string; source: string | null; timestamp: number | null }) => [s.layer, s.source, s.timestamp])).toEqual([['1', null, null], ['2', 'Control Magic', 1]]);
    expect(doc.result).toMatchObject({ text: 'Hill Giant: creature - Giant, R 3/3, controller Alice', power: 3, toughness: 3, colors: ['R'], controller: 'Alice' });
    const text = await explain('giant', { at: 20 });
    for (const s of doc.steps) expect(text.text).toContain(`why: ${s.why}`);
  });
  it('a dependency names both effects, with source and timestamp (613.8a)', async () => {
    const { text } = await explain('magic', {});
    expect(text).toContain("613.8a: Control Magic's effect (timestamp 1) depends on Blatant Thievery's effect (timestamp 5), which changes the player Control Magic's gives control to; so Blatant Thievery's applies first");
    const giant = await explain('giant', {});
    expect(giant.text).toContain("613.8b: Control Magic's effect (timestamp 1) applies after Blatant Thievery's effect (timestamp 5), which it depends on (613.8a)");
  });
  it('steps that change nothing are left out unless -v', async () => {
    // Alice's own Control Magic on Alice's creature: its layer-2 step changes nothing
    const f = join(dir, 'own-control-magic.yaml');
    writeFileSync(f, yaml`
      scenario: Control Magic on one's own creature
      players:
        Alice:
          battlefield: [{ card: Grizzly Bears, id: bears }, { card: Control Magic, attached_to: bears }]
        Bob: {}
    `);
    const quiet = collector();
    await explainCommand(f, 'bears', {}, quiet.out);
    expect(quiet.lines.join('\n')).not.toContain('control -> Alice');
    expect(quiet.lines).toContain('  (1 step that changes nothing left out; -v shows them)');
    const loud = collector();
    await explainCommand(f, 'bears', { verbose: true }, loud.out);
    expect(loud.lines.join('\n')).toContain('layer 2  control -> Alice  from Control Magic, timestamp 2');
    expect(loud.lines.join('\n')).toContain('why: layer 2 (613.1b); 613.7: timestamp order');
  });
});
