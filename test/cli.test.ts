// The command line (node bin/ruling), as a user and a CI job see it: exit codes (0 ok, 1 a failed
// checkpoint, 2 invalid input or an unanswered question), rule-cited output, JSON lines, JUnit.

import { execSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { yaml } from './helpers.js';

const root = resolve(import.meta.dirname, '..');
let dir = '';

function ruling(...args: string[]) {
  const r = spawnSync(process.execPath, [join(root, 'bin/ruling'), ...args], {
    cwd: dir, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', CI: '1', FORCE_COLOR: undefined },
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
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
  execSync('npx tsc -p .', { cwd: root, stdio: 'pipe' });
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
}, 120_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('ruling run', () => {
  it('exits 0 on a passing scenario and prints the trace with rule citations', () => {
    const r = ruling('run', 'pass.yaml');
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toContain('[601.2c] Lightning Bolt targets Grizzly Bears');
    expect(r.out).toMatch(/\[601\.2i\] Alice casts Lightning Bolt/);
    expect(r.out).toMatch(/\[704\.5g\] Grizzly Bears/);
    expect(r.out).toContain('all checks passed');
    // NO_COLOR: no escape sequences
    expect(r.out).not.toMatch(/\u001b\[/);
  });

  it('exits 1 when a checkpoint fails, printing expected and actual with the line', () => {
    const r = ruling('run', 'fail.yaml');
    expect(r.code).toBe(1);
    expect(r.out).toContain('fail.yaml:10:5 life.Bob: expected 18, got 17');
    expect(r.out).toContain('1 check failed');
  });

  it('exits 2 on invalid input, with file:line:col and the suggestion', () => {
    const r = ruling('run', 'invalid.yaml');
    expect(r.code).toBe(2);
    expect(r.err).toContain('invalid.yaml:2:1:');
    expect(r.err).toContain('did you mean `players`?');
  });

  it('exits 2 on a missing file', () => {
    const r = ruling('run', 'no-such-file.yaml');
    expect(r.code).toBe(2);
    expect(r.err).toContain('no-such-file.yaml');
  });

  it('--non-interactive: exits 2 naming the unanswered question, its kind and rule, and the YAML to add', () => {
    const r = ruling('run', '--non-interactive', 'unanswered.yaml');
    expect(r.code).toBe(2);
    expect(r.err).toContain('unanswered.yaml:8:5');
    expect(r.err).toContain('Choose targets for Lightning Bolt');
    expect(r.err).toContain('kind `targets`, rule 601.2c');
    expect(r.err).toContain('answers:');
  });

  it('without a terminal (CI set), a missing answer exits 2 as well', () => {
    const r = ruling('run', 'unanswered.yaml');
    expect(r.code).toBe(2);
    expect(r.err).toContain('kind `targets`');
  });

  it('--json prints one JSON object per line, each with a type', () => {
    const r = ruling('run', '--json', 'pass.yaml');
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

  it('--json reports a failed checkpoint and an error as objects too', () => {
    const failed = ruling('run', '--json', 'fail.yaml').out.trimEnd().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(failed.find((o) => o.type === 'checkpoint')).toMatchObject({ ok: false, line: 10, failures: [{ field: 'life.Bob', expected: '18', actual: '17' }] });
    const err = ruling('run', '--json', 'unanswered.yaml');
    expect(err.code).toBe(2);
    const lines = err.out.trimEnd().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines[0]).toEqual({ type: 'ruling', format: 1 });
    expect(lines.at(-2)).toMatchObject({ type: 'error', line: 8, col: 5 });
    // a result line ends the output, also after an error
    expect(lines.at(-1)).toEqual({ type: 'result', ok: false, failures: 0, error: true });
    const invalid = ruling('run', '--json', 'no-such.yaml');
    expect(invalid.code).toBe(2);
    expect(invalid.out.trimEnd().split('\n').map((l) => (JSON.parse(l) as { type: string }).type)).toEqual(['ruling', 'error', 'result']);
  });

  it('is deterministic: `run --json` twice gives byte-identical output', () => {
    const a = ruling('run', '--json', 'pass.yaml');
    const b = ruling('run', '--json', 'pass.yaml');
    expect(a.code).toBe(0);
    expect(b.out).toBe(a.out);
    const c = ruling('run', '--json', 'fail.yaml');
    const d = ruling('run', '--json', 'fail.yaml');
    expect(d.out).toBe(c.out);
  });
});

describe('ruling test', () => {
  it('prints one line per file, then `N passed, N failed`, and exits 1 when any failed', () => {
    const r = ruling('test', 'suite');
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

  it('exits 0 when every file passes', () => {
    const r = ruling('test', 'green');
    expect(r.code).toBe(0);
    expect(r.out.trimEnd().split('\n').at(-1)).toBe('2 passed, 0 failed');
  });

  it('counts an invalid file as failed, with its position', () => {
    const r = ruling('test', 'invalid.yaml', 'pass.yaml');
    expect(r.code).toBe(1);
    expect(r.out).toContain('invalid.yaml:2:1');
    expect(r.out.trimEnd().split('\n').at(-1)).toBe('1 passed, 1 failed');
  });

  it('--reporter junit --output FILE writes JUnit XML with testcase and failure elements', () => {
    const r = ruling('test', 'suite', 'invalid.yaml', '--reporter', 'junit', '--output', 'report.xml');
    expect(r.code).toBe(1);
    const xml = readFileSync(join(dir, 'report.xml'), 'utf8');
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xml).toMatch(/<testsuites [^>]*tests="4" failures="1" errors="1"/);
    expect(xml.match(/<testcase /g)).toHaveLength(4);
    expect(xml).toMatch(/<testcase [^>]*name="a wrong expectation"[^>]*>\s*<failure message="[^"]*">[^<]*life\.Bob: expected 18, got 17<\/failure>\s*<\/testcase>/);
    expect(xml).toMatch(/<error message="[^"]*did you mean `players`\?"/);
    // balanced elements
    expect(xml.match(/<testsuite /g)).toHaveLength(1);
    expect(xml.match(/<\/testsuite>/g)).toHaveLength(1);
    expect(xml.trimEnd().endsWith('</testsuites>')).toBe(true);
  });
});

describe('ruling check, cards, rule, explain', () => {
  it('check validates without running', () => {
    const ok = ruling('check', 'fail.yaml'); // a failing expectation is not checked, only the file
    expect(ok.code).toBe(0);
    expect(ok.out).toContain('ok fail.yaml: 2 players, 3 actions, 1 checkpoints');
    const bad = ruling('check', 'invalid.yaml');
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('invalid.yaml:2:1');
  });

  it('cards lists every card with its status, and a summary line', () => {
    const r = ruling('cards');
    expect(r.code).toBe(0);
    const lines = r.out.trimEnd().split('\n');
    expect(lines).toContain('supported    Lightning Bolt');
    expect(lines.some((l) => /^unsupported {2}\S.*\(needs .+\)$/.test(l))).toBe(true);
    expect(lines.at(-1)).toMatch(/^\d+ cards: \d+ supported, \d+ unsupported$/);
  });

  it('cards NAME shows the card; a misspelled name suggests the card and exits 2', () => {
    const r = ruling('cards', 'Lightning Bolt');
    expect(r.code).toBe(0);
    expect(r.out).toContain('Lightning Bolt deals 3 damage to any target.');
    expect(r.out).toContain('supported');
    const typo = ruling('cards', 'Lightning Blot');
    expect(typo.code).toBe(2);
    expect(typo.err).toContain("did you mean 'Lightning Bolt'?");
  });

  it('rule ID prints the summary; an unknown id exits 2', () => {
    const r = ruling('rule', '601.2f');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^601\.2f {2}\S.*total cost/i);
    const parent = ruling('rule', '704.5');
    expect(parent.code).toBe(0);
    expect(parent.out).toContain('704.5g');
    const unknown = ruling('rule', '999.9');
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('999.9 is not in the citation index');
  });

  it('explain FILE REF prints the characteristics layer by layer (613)', () => {
    const r = ruling('explain', 'pumped.yaml', 'bears');
    expect(r.code).toBe(0);
    expect(r.out).toContain('Grizzly Bears: characteristics layer by layer (613)');
    expect(r.out).toMatch(/layer 1 /);
    expect(r.out).toMatch(/layer 7c .*Giant Growth/);
    expect(r.out).toMatch(/result: .*5\/5/);
    const unknown = ruling('explain', 'pumped.yaml', 'baers');
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('did you mean');
  });

  it('an unknown command exits 2', () => {
    const r = ruling('frobnicate');
    expect(r.code).toBe(2);
    expect(r.err).toContain("unknown command 'frobnicate'");
  });

  it('an unknown option of a subcommand exits 2 (invalid input), not 1', () => {
    const r = ruling('run', '--bogus', 'pass.yaml');
    expect(r.err).toContain("unknown option '--bogus'");
    expect(r.code).toBe(2);
  });
});
