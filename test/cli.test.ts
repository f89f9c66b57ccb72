// The command line (node bin/ruling), as a user and a CI job see it: exit codes (0 ok, 1 a failed
// checkpoint, 2 invalid input or an unanswered question), rule-cited output, JSON lines, JUnit.

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rulingInProcess } from './cli-run.js';
import { jobsFor } from '../dist/cli/pool.js';
import { ENDLESS_SPRING, yaml } from './helpers.js';
import { junitCases, junitProblems } from './junit-check.js';

const root = resolve(import.meta.dirname, '..');
let dir = '';

/** The real binary in a child process, with these environment variables. */
async function rulingEnv(env: Record<string, string | undefined>, ...args: string[]) {
  const r = spawnSync(process.execPath, [join(root, 'bin/ruling'), ...args], {
    cwd: dir, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', CI: '1', FORCE_COLOR: undefined, ...env },
  });
  return Promise.resolve({ code: r.status, out: r.stdout, err: r.stderr });
}

/** The command line in this process (test/cli-run.ts), in the same environment as rulingEnv's. */
function ruling(...args: string[]) {
  return rulingInProcess(dir, { NO_COLOR: '1', CI: '1', FORCE_COLOR: undefined }, args);
}

function write(name: string, text: string): string {
  const file = join(dir, name);
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, text);
  return name;
}

const passing = yaml`
  scenario: Lightning Bolt kills Grizzly Bears
  players:
    Alice:
      hand: [Lightning Bolt]
      battlefield: [Mountain]
    Bob:
      battlefield:
        - { card: Grizzly Bears, id: bears }
  actions:
    - cast: Lightning Bolt
      targets: [bears]
    - resolve
    - expect:
        zones: { Bob.graveyard: [Grizzly Bears] }
`;

const failing = yaml`
  scenario: a wrong expectation
  players:
    Alice:
      pool: "{R}"
      hand: [Lightning Bolt]
    Bob: {}
  actions:
    - { cast: Lightning Bolt, targets: [Bob] }
    - resolve
    - expect:
        life: { Bob: 18 }
`;

const invalid = yaml`
  scenario: a typo
  playres:
    Alice: {}
    Bob: {}
`;

const unanswered = yaml`
  scenario: no target given
  players:
    Alice:
      pool: "{R}"
      hand: [Lightning Bolt]
    Bob: {}
  actions:
    - cast: Lightning Bolt
`;

const pumped = yaml`
  scenario: a pumped bear
  players:
    Alice:
      pool: "{G}"
      hand: [Giant Growth]
    Bob:
      battlefield:
        - { card: Grizzly Bears, id: bears }
  actions:
    - { cast: Giant Growth, targets: [bears] }
    - resolve
    - expect:
        objects: { bears: { power: 5, toughness: 5 } }
`;

beforeAll(() => {
  // `npm test` builds first; these tests drive the built CLI, as a user would
  if (!existsSync(join(root, 'dist/cli/main.js'))) throw new Error('build first: npm run build (npm test does)');
  dir = mkdtempSync(join(tmpdir(), 'ruling-cli-'));
  write('pass.yaml', passing);
  write('fail.yaml', failing);
  write('invalid.yaml', invalid);
  write('unanswered.yaml', unanswered);
  write('pumped.yaml', pumped);
  write('suite/a-pass.yaml', passing);
  write('suite/b-fail.yaml', failing);
  write('suite/nested/c-pass.yaml', pumped);
  write('green/a.yaml', passing);
  write('green/b.yaml', pumped);
  write('tree/a.yaml', passing);
  write('tree/notes.yaml', 'just: some data\n');
  write('tree/node_modules/pkg/x.yaml', invalid);
  write('tree/.hidden/x.yaml', invalid);
  write('tree/drafts/d.yaml', failing);
  write('mixed/both.yaml', `${failing}  - { pass: null, by: Carol }\n`);
  write('empty/readme.txt', 'nothing here');
}, 120_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('ruling run', () => {
  it('exits 0 on a passing scenario and prints the trace with rule citations', async () => {
    const r = await rulingEnv({}, 'run', 'pass.yaml'); // the binary itself
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toContain('[601.2c] Lightning Bolt targets Grizzly Bears');
    expect(r.out).toMatch(/\[601\.2i\] Alice casts Lightning Bolt/);
    expect(r.out).toMatch(/\[704\.5g\] Grizzly Bears/);
    expect(r.out).toContain('all checks passed');
    // NO_COLOR: no escape sequences
    expect(r.out).not.toMatch(/\u001b\[/);
  });

  it('exits 1 when a checkpoint fails, printing expected and actual with the line', async () => {
    const r = await ruling('run', 'fail.yaml');
    expect(r.code).toBe(1);
    expect(r.out).toContain('fail.yaml:10:5 life.Bob: expected 18, got 17');
    expect(r.out).toContain('1 check failed');
  });

  it('exits 2 on invalid input, with file:line:col and the suggestion', async () => {
    const r = await ruling('run', 'invalid.yaml');
    expect(r.code).toBe(2);
    expect(r.err).toContain('invalid.yaml:2:1:');
    expect(r.err).toContain('did you mean `players`?');
  });

  it('exits 2 on a missing file', async () => {
    const r = await ruling('run', 'no-such-file.yaml');
    expect(r.code).toBe(2);
    expect(r.err).toContain('no-such-file.yaml');
  });

  it('--non-interactive: exits 2 naming the unanswered question, its kind and rule, and the YAML to add', async () => {
    const r = await ruling('run', '--non-interactive', 'unanswered.yaml');
    expect(r.code).toBe(2);
    expect(r.err).toContain('unanswered.yaml:8:5');
    expect(r.err).toContain('Choose targets for Lightning Bolt');
    expect(r.err).toContain('kind `targets`, rule 601.2c');
    expect(r.err).toContain('answers:');
  });

  it('without a terminal (CI set), a missing answer exits 2 as well', async () => {
    const r = await ruling('run', 'unanswered.yaml');
    expect(r.code).toBe(2);
    expect(r.err).toContain('kind `targets`');
  });

  it('--json prints one JSON object per line, each with a type', async () => {
    const r = await ruling('run', '--json', 'pass.yaml');
    expect(r.code).toBe(0);
    const lines = r.out.trimEnd().split('\n');
    const objs = lines.map((l) => JSON.parse(l) as { type: string; rule?: string | null });
    expect(objs.every((o) => typeof o.type === 'string')).toBe(true);
    const types = new Set(objs.map((o) => o.type));
    for (const t of ['ruling', 'scenario', 'action', 'event', 'checkpoint', 'result']) expect(types).toContain(t);
    // the first line states the format version (docs/json-output.md)
    expect(objs[0]).toEqual({ type: 'ruling', format: 1 });
    expect(objs[1]).toMatchObject({ type: 'scenario', title: 'Lightning Bolt kills Grizzly Bears' });
    expect(objs.at(-1)).toEqual({ type: 'result', ok: true, failures: 0 });
    const events = objs.filter((o) => o.type === 'event') as Array<Record<string, unknown>>;
    // events carry their typed fields and their sentence
    expect(events.find((o) => o.rule === '704.5g')).toMatchObject({ event: 'sba', obj: { name: 'Grizzly Bears' }, why: { kind: 'lethal', damage: 3, toughness: 2 } });
    expect(events.find((o) => o.event === 'damage')).toMatchObject({ source: { name: 'Lightning Bolt' }, to: { obj: { name: 'Grizzly Bears' } }, amount: 3, combat: false });
    expect(events.every((o) => typeof o.text === 'string' && typeof o.seq === 'number')).toBe(true);
  });

  it('--json reports a failed checkpoint and an error as objects too', async () => {
    const failed = (await ruling('run', '--json', 'fail.yaml')).out.trimEnd().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(failed.find((o) => o.type === 'checkpoint')).toMatchObject({ ok: false, line: 10, failures: [{ field: 'life.Bob', expected: 18, actual: 17 }] });
    const err = await ruling('run', '--json', 'unanswered.yaml');
    expect(err.code).toBe(2);
    const lines = err.out.trimEnd().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines[0]).toEqual({ type: 'ruling', format: 1 });
    expect(lines.at(-2)).toMatchObject({ type: 'error', line: 8, col: 5 });
    // the question itself, as data: what to add to the file
    expect((lines.at(-2) as { question: { kind: string; yaml: string } }).question).toMatchObject({ kind: expect.any(String) as string, yaml: expect.any(String) as string });
    // a result line ends the output, also after an error
    expect(lines.at(-1)).toEqual({ type: 'result', ok: false, failures: 0, error: true });
    const invalid = await ruling('run', '--json', 'no-such.yaml');
    expect(invalid.code).toBe(2);
    expect(invalid.out.trimEnd().split('\n').map((l) => (JSON.parse(l) as { type: string }).type)).toEqual(['ruling', 'error', 'result']);
  });

  it('is deterministic: `run --json` twice gives byte-identical output', async () => {
    const a = await ruling('run', '--json', 'pass.yaml');
    const b = await ruling('run', '--json', 'pass.yaml');
    expect(a.code).toBe(0);
    expect(b.out).toBe(a.out);
    const c = await ruling('run', '--json', 'fail.yaml');
    const d = await ruling('run', '--json', 'fail.yaml');
    expect(d.out).toBe(c.out);
  });
});

describe('ruling test', () => {
  it('prints one line per file, then `N passed, N failed`, and exits 1 when any failed', async () => {
    const r = await ruling('test', 'suite');
    expect(r.code).toBe(1);
    const lines = r.out.trimEnd().split('\n');
    expect(lines.filter((l) => /^[✓✗] /.test(l))).toEqual([
      '✓ suite/a-pass.yaml',
      '✗ suite/b-fail.yaml  a wrong expectation',
      '✓ suite/nested/c-pass.yaml',
    ]);
    expect(r.out).toContain('suite/b-fail.yaml:10:5 life.Bob: expected 18, got 17');
    expect(lines.at(-1)).toBe('2 passed, 1 failed');
  });

  it('exits 0 when every file passes', async () => {
    const r = await ruling('test', 'green');
    expect(r.code).toBe(0);
    expect(r.out.trimEnd().split('\n').at(-1)).toBe('2 passed, 0 failed');
  });

  it('counts an invalid file as failed, with its position', async () => {
    const r = await ruling('test', 'invalid.yaml', 'pass.yaml');
    expect(r.code).toBe(1);
    expect(r.out).toContain('invalid.yaml:2:1');
    expect(r.out.trimEnd().split('\n').at(-1)).toBe('1 passed, 1 failed');
  });

  it('--reporter junit --output FILE writes JUnit XML valid against the Jenkins/Ant schema', async () => {
    const r = await ruling('test', 'suite', 'invalid.yaml', 'mixed', '--reporter', 'junit', '--output', 'report.xml');
    expect(r.code).toBe(1);
    expect(r.out.trimEnd().split('\n').at(-1)).toBe('2 passed, 3 failed');
    const xml = readFileSync(join(dir, 'report.xml'), 'utf8');
    expect(junitProblems(xml)).toEqual([]);
    expect(xml).toMatch(/<testsuites [^>]*tests="5" failures="2" errors="2"/);
    const cases = junitCases(xml);
    expect(cases.map((c) => c.attrs.classname)).toEqual(['suite', 'suite', 'suite.nested', 'scenarios', 'mixed']);
    expect(cases.every((c) => !('file' in c.attrs))).toBe(true);
    expect(cases[1]!.children).toEqual(['failure']);
    expect(cases[3]!.children).toEqual(['error']);
    // a file with failed checks and then an error keeps both
    expect(cases[4]!.children).toEqual(['error', 'failure']);
    expect(xml).toMatch(/<failure message="[^"]*" type="checkpoint">[^<]*life\.Bob: expected 18, got 17<\/failure>/);
    expect(xml).toMatch(/<error message="[^"]*did you mean `players`\?"/);
  });

  it('the strict JUnit check rejects what Jenkins rejects', async () => {
    const ok = '<?xml version="1.0" encoding="UTF-8"?>\n<testsuites><testsuite name="s" tests="1"><testcase name="a"/></testsuite></testsuites>';
    expect(junitProblems(ok)).toEqual([]);
    expect(junitProblems(ok.replace('name="a"', 'name="a" file="x"'))).toEqual(['<testcase> may not have @file']);
    expect(junitProblems(ok.replace('<testcase name="a"/>', '<testcase name="a"><failure/><error/></testcase>'))).toEqual(['<error> comes too late inside <testcase>']);
  });

  it('a CI job: junit to a file and GitHub annotations on stdout, with the default lines', async () => {
    const r = await ruling('test', 'suite', 'invalid.yaml', '--reporter', 'junit', '--output', 'ci.xml', '--reporter', 'github');
    expect(r.code).toBe(1);
    expect(r.out).toContain('::error file=suite/b-fail.yaml,line=10,col=5,title=ruling%3A a wrong expectation::life.Bob: expected 18, got 17');
    expect(r.out).toMatch(/^::error file=invalid\.yaml,line=2,col=1,title=ruling%3A invalid scenario::playres: unknown key/m);
    expect(r.out).toContain('✓ suite/a-pass.yaml');
    expect(junitProblems(readFileSync(join(dir, 'ci.xml'), 'utf8'))).toEqual([]);
  });

  it('--reporter json to stdout is clean JSON; several reporters each have their own --output', async () => {
    const r = await ruling('test', 'suite', '--reporter', 'json', '--reporter', 'junit', '--output', 'x.xml', '--reporter', 'default', '--output', 'log.txt');
    expect(r.code).toBe(1);
    const j = JSON.parse(r.out) as { version: number; passed: number; failed: number; files: Array<{ file: string; ok: boolean; failures: unknown[] }> };
    expect(j).toMatchObject({ version: 1, passed: 2, failed: 1 });
    expect(j.files[1]).toMatchObject({ file: 'suite/b-fail.yaml', ok: false, failures: [{ line: 10, col: 5, field: 'life.Bob', expected: 18, actual: 17 }] });
    expect(readFileSync(join(dir, 'log.txt'), 'utf8')).toContain('2 passed, 1 failed');
    expect(readFileSync(join(dir, 'x.xml'), 'utf8')).toContain('<testsuites');
    const dash = await ruling('test', 'green', '--reporter', 'junit', '--output', '-');
    expect(dash.out.startsWith('<?xml')).toBe(true);
  });

  it('--output without a reporter, an unknown reporter, a missing path and no scenario exit 2', async () => {
    const stray = await ruling('test', 'green', '--output', 'r.xml');
    expect(stray.code).toBe(2);
    expect(stray.err).toContain('--output r.xml needs a --reporter before it');
    expect((await ruling('test', 'green', '--reporter', 'tap')).code).toBe(2);
    const missing = await ruling('test', 'green', 'nowhere');
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('nowhere: no such file or directory');
    const none = await ruling('test', 'empty');
    expect(none.code).toBe(2);
    expect(none.err).toContain('no scenario found under empty');
  });

  it('discovery skips node_modules, dot-folders and files without `scenario:` (listed with --verbose); --exclude skips globs', async () => {
    const r = await ruling('test', 'tree', '-v');
    expect(r.out).toContain('- tree/notes.yaml: not a scenario');
    expect(r.out.trimEnd().split('\n').filter((l) => /^[✓✗] /.test(l))).toEqual(['✓ tree/a.yaml', '✗ tree/drafts/d.yaml  a wrong expectation']);
    const ex = await ruling('test', 'tree', '--exclude', 'drafts', '--exclude', '**/nothing/*.yaml');
    expect(ex.code).toBe(0);
    expect(ex.out.trimEnd().split('\n').at(-1)).toBe('1 passed, 0 failed');
    expect((await ruling('test', 'tree', '--exclude', 'tree/drafts/*.yaml')).code).toBe(0);
  });

  it('-t filters by title; --bail stops at the first failure', async () => {
    const t = await ruling('test', 'suite', '-t', 'pumped|Grizzly');
    expect(t.out.trimEnd().split('\n')).toEqual(['✓ suite/a-pass.yaml', '✓ suite/nested/c-pass.yaml', '2 passed, 0 failed']);
    const b = await ruling('test', 'suite', '--bail');
    expect(b.code).toBe(1);
    expect(b.out.trimEnd().split('\n').at(-1)).toBe('1 passed, 1 failed');
  });

  it.runIf(spawnSync('script', ['--version']).status === 0)('on a terminal, a progress line counts the files, erased before each result', () => {
    const r = spawnSync('script', ['-qec', `${process.execPath} ${join(root, 'bin/ruling')} test green`, '/dev/null'], { cwd: dir, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', CI: '1' } });
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('running scenarios: 2/2');
    expect(r.stdout).toContain('\r\u001b[K');
    expect(r.stdout).toContain('2 passed, 0 failed');
  });

  it('a parallel run prints exactly what a serial run prints', async () => {
    const serial = await ruling('test', 'suite', 'green', 'tree', '--jobs', '1');
    const parallel = await ruling('test', 'suite', 'green', 'tree', '--jobs', '3');
    expect(parallel.out).toBe(serial.out);
    expect(parallel.code).toBe(serial.code);
  });

  it('by default a worker per 75 files, up to one per core; a smaller suite runs without workers; --jobs decides', () => {
    const cores = availableParallelism();
    expect([1, 74, 149].map((n) => jobsFor(n))).toEqual([1, 1, 1]);
    expect(jobsFor(150)).toBe(Math.min(2, cores));
    expect(jobsFor(10_000)).toBe(cores);
    expect([jobsFor(3, 8), jobsFor(3, 2), jobsFor(1_000, 1)]).toEqual([3, 2, 1]);
  });
});

describe('ruling check, cards, rule, explain', () => {
  it('check validates without running', async () => {
    const ok = await ruling('check', 'fail.yaml'); // a failing expectation is not checked, only the file
    expect(ok.code).toBe(0);
    expect(ok.out).toContain('ok fail.yaml: 2 players, 3 actions, 1 checkpoints');
    const bad = await ruling('check', 'invalid.yaml');
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('invalid.yaml:2:1');
  });

  it('check FILE|DIR... reports every error of every file, references of the timeline included', async () => {
    write('refs/typo.yaml', `${passing.replace('targets: [bears]', 'targets: [baers]')}  - cast: Lightning Blot\n`);
    write('refs/schema.yaml', 'scenario: two errors\nplayers:\n  Alice: {lfe: 3}\n  Bob: {hnd: []}\n');
    const r = await ruling('check', 'refs', 'green/a.yaml');
    expect(r.code).toBe(2);
    expect(r.out).toContain('ok green/a.yaml');
    expect(r.err).toContain('refs/typo.yaml:11:15: actions[0].targets[0]: "baers" names no id, player or card a run could find; did you mean "bears"?');
    expect(r.err).toContain('"Lightning Blot" names no id');
    expect(r.err).toContain('did you mean "Lightning Bolt"');
    expect(r.err).toContain('refs/schema.yaml:3:11');
    expect(r.err).toContain('refs/schema.yaml:4:9');
    // the source line with a caret under the column
    expect(r.err).toContain('  3 |   Alice: {lfe: 3}\n    |           ^');
    expect((await ruling('check', 'nowhere.yaml')).code).toBe(2);
  });

  it('a YAML syntax error shows the source line and a caret', async () => {
    write('syntax.yaml', 'scenario: x\nplayers:\n  Alice: [\n  Bob: {}\n');
    const r = await ruling('run', 'syntax.yaml');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/syntax\.yaml:4:3: YAML: /);
    expect(r.err).toContain('  4 |   Bob: {}\n    |   ^');
  });

  it('cards lists every card with its status, and a summary line', async () => {
    const r = await ruling('cards');
    expect(r.code).toBe(0);
    const lines = r.out.trimEnd().split('\n');
    expect(lines).toContain('supported    Lightning Bolt');
    expect(lines.some((l) => /^unsupported {2}\S.*\(needs .+\)$/.test(l))).toBe(true);
    expect(lines.at(-1)).toMatch(/^\d+ cards: \d+ supported, \d+ unsupported$/);
  });

  it('cards NAME shows the card; a misspelled name suggests the card and exits 2', async () => {
    const r = await ruling('cards', 'Lightning Bolt');
    expect(r.code).toBe(0);
    expect(r.out).toContain('Lightning Bolt deals 3 damage to any target.');
    expect(r.out).toContain('supported');
    const typo = await ruling('cards', 'Lightning Blot');
    expect(typo.code).toBe(2);
    expect(typo.err).toContain("did you mean 'Lightning Bolt'?");
  });

  it('cards NAME finds a card by a part of its name when no name matches whole', async () => {
    const many = await ruling('cards', 'bolt');
    expect(many.code).toBe(0);
    expect(many.out).toContain('Lightning Bolt');
    expect(many.out).toMatch(/\d+ cards contain "bolt"/);
    const one = await ruling('cards', 'lightning bol');
    expect(one.code).toBe(0);
    expect(one.out).toContain('supported: implemented whole');
  });

  it('rule ID prints the summary; an unknown id exits 2', async () => {
    const r = await ruling('rule', '601.2f');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^601\.2f {2}\S.*total cost/i);
    const parent = await ruling('rule', '704.5');
    expect(parent.code).toBe(0);
    expect(parent.out).toContain('704.5g');
    const unknown = await ruling('rule', '999.9');
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('999.9 is not in the citation index');
  });

  it('explain FILE REF prints the characteristics layer by layer (613)', async () => {
    const r = await ruling('explain', 'pumped.yaml', 'bears');
    expect(r.code).toBe(0);
    expect(r.out).toContain('Grizzly Bears: characteristics layer by layer (613)');
    expect(r.out).toMatch(/layer 1 /);
    expect(r.out).toMatch(/layer 7c .*Giant Growth/);
    expect(r.out).toMatch(/result: .*5\/5/);
    const unknown = await ruling('explain', 'pumped.yaml', 'baers');
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('did you mean');
  });

  it('rule ID is case-insensitive', async () => {
    const r = await ruling('rule', '613.1D');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^613\.1d {2}Layer 4/);
  });

  it('NO_COLOR disables colors only when it is not empty', async () => {
    expect((await rulingEnv({ FORCE_COLOR: '1', NO_COLOR: '' }, 'run', 'pass.yaml')).out).toMatch(/\u001b\[/);
    expect((await rulingEnv({ FORCE_COLOR: '1', NO_COLOR: '1' }, 'run', 'pass.yaml')).out).not.toMatch(/\u001b\[/);
  });

  it('init writes a commented starter scenario that passes, and never overwrites a file', async () => {
    const r = await ruling('init', 'new.yaml');
    expect(r.code).toBe(0);
    const text = readFileSync(join(dir, 'new.yaml'), 'utf8');
    expect(text).toMatch(/^# /);
    expect((await ruling('test', 'new.yaml')).code).toBe(0);
    const again = await ruling('init', 'new.yaml');
    expect(again.code).toBe(2);
    expect(again.err).toContain('new.yaml already exists');
  });

  it('completion bash|zsh|fish covers commands, flags and card names', async () => {
    for (const shell of ['bash', 'zsh', 'fish']) {
      const r = await ruling('completion', shell);
      expect(r.code).toBe(0);
      for (const word of ['check', 'completion', 'reporter', 'exclude', 'non-interactive', 'Lightning Bolt']) expect(r.out, `${shell}: ${word}`).toContain(word);
    }
    write('ruling.bash', (await ruling('completion', 'bash')).out);
    const bash = spawnSync('bash', ['-c', `source ruling.bash; COMP_WORDS=(ruling cards "Ajani"); COMP_CWORD=2; _ruling; printf '%s|' "\${COMPREPLY[@]}"`], { cwd: dir, encoding: 'utf8' });
    expect(bash.stdout).toBe("Ajani's Pridemate|");
    expect((await ruling('completion', 'tcsh')).code).toBe(2);
  });

  it('an unknown command exits 2', async () => {
    const r = await rulingEnv({}, 'frobnicate');
    expect(r.code).toBe(2);
    expect(r.err).toContain("unknown command 'frobnicate'");
  });

  it('an unknown option of a subcommand exits 2 (invalid input), not 1', async () => {
    const r = await rulingEnv({}, 'run', '--bogus', 'pass.yaml');
    expect(r.err).toContain("unknown option '--bogus'");
    expect(r.code).toBe(2);
  });
});

const endless = ENDLESS_SPRING;

describe('limits, by flag and by environment', () => {
  it('--max-events and --max-run-events stop a run at that many events, naming the flag; a bad value names it too', async () => {
    write('limits/endless.yaml', endless);
    const action = await ruling('run', '--max-events', '500', 'limits/endless.yaml');
    expect(action.code).toBe(2);
    expect(action.err).toContain('went on past 500 events without finishing, the limit for one action (--max-events N, or RULING_MAX_EVENTS, raises it)');
    expect(action.err).toContain('endless.yaml:18:5');
    const run = await ruling('test', '--max-run-events', '700', 'limits/endless.yaml', 'pass.yaml');
    expect(run.code).toBe(1);
    expect(run.out).toContain('the run reached 700 events in all during `resolve all`');
    expect((await rulingEnv({ RULING_MAX_EVENTS: '400' }, 'run', 'limits/endless.yaml')).err).toContain('went on past 400 events');
    const bad = await ruling('run', '--max-events', '-3', 'pass.yaml');
    expect(bad.code).toBe(2);
    expect(bad.err).toContain("option '--max-events <n>' argument '-3' is invalid");
  });

  it('--max-file-size refuses a bigger file before reading it, and reaches the worker threads of `test`', async () => {
    const r = await ruling('test', '-j', '2', '--max-file-size', '100', 'pass.yaml', 'pumped.yaml');
    expect(r.code).toBe(1);
    expect(r.out).toContain('a scenario may have at most 100 (--max-file-size BYTES, or RULING_MAX_FILE_SIZE, raises it)');
    expect(r.out).toContain('pass.yaml:1:1');
    expect((await ruling('run', '--max-file-size', '100000', 'pass.yaml')).code).toBe(0);
  });
});
