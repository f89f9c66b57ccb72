// End to end in a real pseudo-terminal: `node bin/ruling` is started in a pty (a fixed size, no
// colors), driven by keystrokes, and its screen read as a person would read it. What is tested is
// what runs at a terminal: @inquirer/prompts for the questions of `ruling run`, Node's readline for
// the lines of `ruling repl`, Ctrl-C and Ctrl-D as the terminal sends them.

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { yaml } from './helpers.js';

type Pty = typeof import('@lydell/node-pty');

const root = resolve(import.meta.dirname, '..');

/** The pty module, or why there is none (the tests are then skipped, saying so). */
async function loadPty(): Promise<{ pty: Pty } | { reason: string }> {
  try {
    const pty = (await import('@lydell/node-pty')) as Pty & { default?: Pty };
    const mod = pty.default ?? pty;
    // the module may load while the system has no pty to give (no /dev/ptmx)
    const probe = mod.spawn(process.execPath, ['-e', ''], { cols: 20, rows: 5 });
    await new Promise<void>((done) => probe.onExit(() => done()));
    return { pty: mod };
  } catch (e) {
    return { reason: e instanceof Error ? e.message : String(e) };
  }
}

const loaded = await loadPty();
const PTY = 'pty' in loaded ? loaded.pty : null;
if (!PTY) console.warn(`test/pty.test.ts skipped: no pseudo-terminal can be had here (${'reason' in loaded ? loaded.reason : ''})`);

/** A wait longer than any quiet run needs, so a loaded machine doesn't fail the tests. */
const WAIT_MS = 30_000;

const KEY = { up: '\x1b[A', down: '\x1b[B', enter: '\r', tab: '\t', ctrlC: '\x03', ctrlD: '\x04', ctrlU: '\x15' };

/** The text of the terminal's output: escape sequences (cursor moves, erases) removed, one that is not complete yet too. */
function plain(raw: string): string {
  return raw
    .replace(/\x1b\[[0-9;?]*[ -/]*[@-~]/g, '')
    .replace(/\x1b[()][0-9A-Za-z]|\x1b[=>78]/g, '')
    .replace(/\x1b(\[[0-9;?]*[ -/]*)?$/, '')
    .replace(/\r/g, '');
}

/** `node bin/ruling ARGS` in a pseudo-terminal, read from where the last wait stopped. */
class Terminal {
  private raw = '';
  private seen = 0;
  readonly exited: Promise<{ exitCode: number; signal?: number }>;
  private readonly proc: ReturnType<Pty['spawn']>;
  /** Wakes a wait when output comes. */
  private woken: (() => void) | undefined;

  constructor(command: string, args: string[], cwd: string, env: Record<string, string>) {
    this.proc = PTY!.spawn(command, args, { name: 'xterm-256color', cols: 200, rows: 50, cwd, env });
    this.proc.onData((d) => { this.raw += d; this.woken?.(); });
    this.exited = new Promise((done) => this.proc.onExit((e) => done(e)));
  }

  /** Everything shown so far. */
  get text(): string { return plain(this.raw); }

  /** Waits until `re` matches the output after the last wait (looked at again as each piece of output
   * comes); the output read so far is then passed. */
  async wait(re: RegExp | string): Promise<RegExpExecArray> {
    const pattern = typeof re === 'string' ? new RegExp(re.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) : re;
    const end = Date.now() + WAIT_MS;
    for (;;) {
      const t = this.text;
      const m = pattern.exec(t.slice(this.seen));
      if (m) { this.seen += m.index + m[0].length; return m; }
      if (Date.now() > end) throw new Error(`no ${pattern} on the terminal within ${WAIT_MS} ms; it shows after the last wait:\n${t.slice(this.seen)}`);
      await this.output();
    }
  }

  /** Resolves when more output comes, or after a while (the deadline is then looked at again). */
  private async output(): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    await new Promise<void>((r) => { this.woken = r; timer = setTimeout(r, 250); });
    clearTimeout(timer);
    this.woken = undefined;
  }

  type(keys: string): void { this.proc.write(keys); }

  /** The exit code, waiting at most WAIT_MS. */
  async exit(): Promise<number> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, fail) => { timer = setTimeout(() => fail(new Error(`still running after ${WAIT_MS} ms:\n${this.text.slice(-2000)}`)), WAIT_MS); });
    try {
      return (await Promise.race([this.exited, late])).exitCode;
    } finally {
      clearTimeout(timer);
    }
  }

  kill(): void {
    try { this.proc.kill(); } catch { /* already gone */ }
  }
}

let dir = '';
const open: Terminal[] = [];

/** The environment of a person at a terminal: no CI, no colors, a home of their own. */
function env(extra: Record<string, string> = {}): Record<string, string> {
  const base: Record<string, string> = {};
  for (const k of ['PATH', 'LANG', 'TZ', 'SYSTEMROOT']) if (process.env[k] !== undefined) base[k] = process.env[k]!;
  return { ...base, HOME: join(dir, 'home'), NO_COLOR: '1', TERM: 'xterm-256color', ...extra };
}

function start(args: string[], extra: Record<string, string> = {}): Terminal {
  const t = new Terminal(process.execPath, [join(root, 'bin/ruling'), ...args], dir, env(extra));
  open.push(t);
  return t;
}

function write(name: string, text: string): string {
  writeFileSync(join(dir, name), text);
  return name;
}

/** `ruling run` without a terminal: its output and exit code. */
function runPlain(...args: string[]) {
  const r = spawnSync(process.execPath, [join(root, 'bin/ruling'), ...args], { cwd: dir, encoding: 'utf8', env: { ...env(), CI: '1' } });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

/** The rule-cited lines of a trace, in order. */
function traceOf(text: string): string[] {
  return text.split('\n').filter((l) => /^\s+\[\d{3}(\.\d+[a-z]*)?\] /.test(l)).map((l) => l.trim());
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'ruling-pty-'));
  mkdirSync(join(dir, 'home'));
});

afterAll(() => {
  for (const t of open) t.kill();
  rmSync(dir, { recursive: true, force: true });
});

const JAVELIN = yaml`
  scenario: Flame Javelin with its hybrid halves and its target left open
  players:
    Alice:
      hand: [Flame Javelin]
      battlefield: [Mountain, Mountain, Mountain, Mountain, Mountain, Mountain]
    Bob:
      battlefield:
        - { card: Grizzly Bears, id: bears }
  actions:
    - cast: Flame Javelin
    - resolve
    - expect:
        zones: { Bob.graveyard: [Grizzly Bears] }
`;

describe.skipIf(!PTY)('interactive `ruling run` in a terminal', () => {
  it('asks the questions the file leaves open: arrow keys and enter answer, `back` asks the previous question again, --save-answers keeps them', async () => {
    const file = write('javelin.yaml', JAVELIN);
    const t = start(['run', file, '--save-answers', '--no-board']);
    // hybrid symbols, one part each (601.2b): {2}, {2}, then {R}
    await t.wait(/Flame Javelin \(line 10\): .*\(Alice, 601\.2b\)\s+- hybrid symbol 1 of 3 \{2\/R\}\n❯ \{2\}\n {2}\{R\}/);
    t.type(KEY.enter);
    await t.wait('hybrid symbol 2 of 3');
    await t.wait('<- back');
    t.type(KEY.enter);
    await t.wait('hybrid symbol 3 of 3');
    t.type(KEY.down);
    await t.wait(/❯ \{R\}/);
    t.type(KEY.enter);
    await t.wait('add to the action\'s answers:  - {hybrid: ["{2}", "{2}", "{R}"]}');
    // the target (601.2c): `back` and the board are the last choices
    await t.wait(/Choose targets for Flame Javelin: any target \(Alice, 601\.2c\)[^]*❯ Alice\n {2}Bob\n {2}Grizzly Bears\n {2}<- back \(ask the previous question again\)\n {2}\(show the board\)\n/);
    t.type(KEY.up);
    await t.wait(/❯ \(show the board\)/);
    t.type(KEY.enter);
    // the board as it is: Flame Javelin on the stack (601.2a), then the same question again
    await t.wait(/\n {2}│ stack \(top first\): Flame Javelin \(Alice\)\n[^]*Choose targets for Flame Javelin[^]*❯ Alice/);
    t.type(KEY.up);
    await t.wait(/❯ \(show the board\)/);
    t.type(KEY.up);
    await t.wait(/❯ <- back/);
    t.type(KEY.enter);
    await t.wait('hybrid symbol 1 of 3');
    for (let i = 1; i <= 3; i++) {
      if (i > 1) await t.wait(`hybrid symbol ${i} of 3`);
      t.type(KEY.down);
      await t.wait(/❯ \{R\}/);
      t.type(KEY.enter);
    }
    await t.wait('add to the action\'s answers:  - {hybrid: ["{R}", "{R}", "{R}"]}');
    await t.wait(/❯ Alice/);
    t.type(KEY.down);
    await t.wait(/❯ Bob/);
    t.type(KEY.down);
    await t.wait(/❯ Grizzly Bears/);
    t.type(KEY.enter);
    await t.wait('{targets: [bears]}');
    const end = await t.wait(/▸ 1\. cast Flame Javelin[^]*all checks passed/);
    expect(await t.exit()).toBe(0);
    // the answers given last are the ones played: three {R} paid, the Bears destroyed
    expect(end[0]).toContain('[601.2h] Alice pays {R}{R}{R} for Flame Javelin');
    expect(end[0]).toContain('[704.5g] Grizzly Bears is destroyed');
    expect(t.text).not.toMatch(/internal error|\n\s+at /);
    // the answers are in the file now: a run without a terminal plays it the same
    expect(readFileSync(join(dir, file), 'utf8')).toContain('{hybrid: ["{R}", "{R}", "{R}"]}');
    const again = runPlain('run', file, '--no-board');
    expect(again.code).toBe(0);
    expect(traceOf(again.out)).toEqual(traceOf(end[0]));
  });

  it('answers that make the action illegal: the rule is shown and the question may be answered again', async () => {
    // one Mountain and four Plains: {R}{R}{R} can't be paid (601.2h), {2}{2}{R} can
    const file = write('javelin-retry.yaml', yaml`
      scenario: Flame Javelin paid by one Mountain and four Plains
      players:
        Alice:
          hand: [Flame Javelin]
          battlefield: [Mountain, Plains, Plains, Plains, Plains]
        Bob:
          battlefield:
            - { card: Grizzly Bears, id: bears }
      actions:
        - cast: Flame Javelin
          targets: [bears]
        - resolve
        - expect:
            zones: { Bob.graveyard: [Grizzly Bears] }
    `);
    const t = start(['run', file, '--no-board']);
    for (let i = 1; i <= 3; i++) {
      await t.wait(`hybrid symbol ${i} of 3`);
      t.type(KEY.down);
      await t.wait(/❯ \{R\}/);
      t.type(KEY.enter);
    }
    await t.wait(/illegal \[601\.2h\]: Alice can't pay \{R\}\{R\}\{R\} for Flame Javelin[^]*Answer the last question again\?\n❯ yes/);
    t.type(KEY.enter);
    for (let i = 1; i <= 3; i++) {
      await t.wait(`hybrid symbol ${i} of 3`);
      if (i === 3) { t.type(KEY.down); await t.wait(/❯ \{R\}/); }
      t.type(KEY.enter);
    }
    const end = await t.wait(/▸ 1\. cast Flame Javelin[^]*all checks passed/);
    expect(await t.exit()).toBe(0);
    expect(end[0]).toContain('[601.2h] Alice pays {W}{W}{W}{W}{R} for Flame Javelin');
  });

  it('Ctrl-C at a question stops the run with exit code 130 and one line, no stack trace', async () => {
    const file = write('javelin-cancel.yaml', JAVELIN);
    const t = start(['run', file, '--save-answers']);
    await t.wait('hybrid symbol 1 of 3');
    t.type(KEY.ctrlC);
    expect(await t.exit()).toBe(130);
    const after = t.text.slice(t.text.indexOf('hybrid symbol 1 of 3'));
    expect(after).toContain('cancelled at a question (Ctrl-C): the run stops here, nothing was written');
    expect(after).not.toMatch(/internal error|Error:|\n\s+at /);
    expect(readFileSync(join(dir, file), 'utf8')).toBe(JAVELIN);
  });

  it('prompts when only stdin is a terminal, the output going to a pipe (`ruling run f.yaml | tee log`)', async () => {
    const file = write('javelin-piped.yaml', JAVELIN);
    const log = join(dir, 'piped.log');
    const t = new Terminal('/bin/sh', ['-c', `"${process.execPath}" "${join(root, 'bin/ruling')}" run ${file} --no-board > "${log}"`], dir, env());
    open.push(t);
    for (let i = 1; i <= 3; i++) { await t.wait(`hybrid symbol ${i} of 3`); t.type(KEY.enter); }
    await t.wait(/any target[^]*❯ Alice/);
    t.type(KEY.down);
    await t.wait(/❯ Bob/);
    t.type(KEY.down);
    await t.wait(/❯ Grizzly Bears/);
    t.type(KEY.enter);
    expect(await t.exit()).toBe(0);
    const out = readFileSync(log, 'utf8');
    expect(out).toContain('{hybrid: ["{2}", "{2}", "{2}"]}');
    expect(out).toContain('[601.2c] Flame Javelin targets Grizzly Bears');
    expect(out).toContain('all checks passed');
    expect(out).not.toMatch(/\x1b/);
  });
});

const BEARS = yaml`
  scenario: Bolt, Shock and the Bears
  players:
    Alice:
      hand: [Lightning Bolt, Shock]
      battlefield: [Mountain]
    Bob:
      battlefield:
        - { card: Grizzly Bears, id: bears }
`;

describe.skipIf(!PTY)('`ruling repl` in a terminal', () => {
  const PROMPT = 't1 main1 Alice> ';

  it('plays typed actions, reports bad lines and goes on, undoes, completes with tab, saves a file that replays the same; Ctrl-C drops a line or a question, Ctrl-D leaves', async () => {
    const file = write('bears.yaml', BEARS);
    const t = start(['repl', file]);
    await t.wait(/Bolt, Shock and the Bears\s+\(bears\.yaml: 0 actions replayed\)[^]*Grizzly Bears \(2\/2, id bears\)[^]*t1 main1 Alice> /);

    // a wrong line first: cast at Bob, then undone
    t.type('cast Lightning Bolt targets Bob\r');
    await t.wait(/\[601\.2i\] Alice casts Lightning Bolt[^]*t1 main1 Alice> /);
    // illegal: no mana left for Shock; one line with its rule, the game as it was
    t.type('cast Shock targets bears\r');
    const illegal = await t.wait(/\n(.*illegal.*)\n[^]*not recorded[^]*t1 main1 Alice> /);
    expect(illegal[1]).toMatch(/^\s+\[601\.2[a-z]?\] Alice's cast of Shock is illegal: /);
    // an unknown command and an unknown card: one line each, with a suggestion
    t.type('stak\r');
    await t.wait(/\nerror: unknown command or action `stak`; did you mean `stack`\?\n/);
    t.type('cast Lightnig Bolt targets bears\r');
    await t.wait(/\nerror: .*"Lightnig Bolt".*did you mean "Lightning Bolt"\?\n/);
    await t.wait(PROMPT);
    t.type('undo\r');
    await t.wait(/undone: \{cast: Lightning Bolt, targets: \[Bob\]\}[^]*t1 main1 Alice> /);

    // tab completes a command and a name on the board
    t.type('stac');
    await t.wait('stac');
    t.type(KEY.tab);
    await t.wait(/^k/);
    t.type(KEY.enter);
    await t.wait(/\n {2}the stack is empty\n[^]*t1 main1 Alice> /);
    t.type('cast Lightning Bolt targets bea');
    await t.wait('targets bea');
    t.type(KEY.tab);
    await t.wait(/^rs/);
    t.type(KEY.enter);
    const cast = await t.wait(/\[601\.2c\] Lightning Bolt targets Grizzly Bears[^]*t1 main1 Alice> /);
    expect(cast[0]).toContain('[601.2i] Alice casts Lightning Bolt');

    // a question asked at the prompt, then dropped with Ctrl-C: the session goes on, the game as it was
    t.type('cast Shock\r');
    await t.wait(/Choose targets for Shock.*601\.2c[^]*❯ Alice/);
    t.type(KEY.ctrlC);
    await t.wait(/cancelled\n[^]*t1 main1 Alice> /);
    // Ctrl-C on a half-typed line drops it
    t.type('resolve all the things');
    await t.wait('things');
    t.type(KEY.ctrlC);
    await t.wait(/\^C\n[^]*t1 main1 Alice> /);

    t.type('resolve\r');
    await t.wait(/\[704\.5g\] Grizzly Bears is destroyed[^]*t1 main1 Alice> /);
    t.type('history\r');
    const hist = await t.wait(/history\n([^]*?)t1 main1 Alice> /);
    expect(hist[1]!.trim().split('\n').map((l) => l.trim())).toEqual(['1. {cast: Lightning Bolt, targets: [bears]}', '2. resolve']);
    t.type('save saved.yaml\r');
    await t.wait(/saved saved\.yaml: 2 action\(s\)[^]*t1 main1 Alice> /);
    t.type(KEY.ctrlD);
    expect(await t.exit()).toBe(0);
    expect(t.text).not.toMatch(/internal error|\n\s+at /);

    // the saved file replays exactly what the session played after the undo
    const session = t.text.slice(t.text.lastIndexOf('undone:'));
    const run = runPlain('run', 'saved.yaml', '--no-board');
    expect(run.code).toBe(0);
    expect(traceOf(run.out).length).toBeGreaterThan(8);
    expect(traceOf(run.out)).toEqual(traceOf(session));
    expect(runPlain('test', 'saved.yaml').code).toBe(0);

    // the lines typed are kept in the user's data directory (~/.local/share/ruling by default)
    const history = readFileSync(join(dir, 'home', '.local', 'share', 'ruling', 'repl_history'), 'utf8').split('\n');
    expect(history).toContain('cast Lightning Bolt targets bears');
    expect(history).toContain('save saved.yaml');
  });

  it('recalls the lines of an earlier session with the up arrow, from $XDG_DATA_HOME/ruling', async () => {
    const data = join(dir, 'xdg');
    mkdirSync(join(data, 'ruling'), { recursive: true });
    writeFileSync(join(data, 'ruling', 'repl_history'), 'cast Lightning Bolt targets bears\nboard\n');
    const file = write('bears2.yaml', BEARS);
    const t = start(['repl', file], { XDG_DATA_HOME: data, HOME: join(dir, 'home2') });
    await t.wait(PROMPT);
    t.type(KEY.up);
    await t.wait(/board/);
    t.type(KEY.up);
    await t.wait(/cast Lightning Bolt targets bears/);
    t.type(KEY.enter);
    await t.wait(/\[601\.2i\] Alice casts Lightning Bolt[^]*t1 main1 Alice> /);
    t.type('quit\r');
    expect(await t.exit()).toBe(0);
    expect(existsSync(join(dir, 'home2', '.local'))).toBe(false);
    expect(readFileSync(join(data, 'ruling', 'repl_history'), 'utf8').trim().split('\n')).toEqual(['cast Lightning Bolt targets bears', 'board', 'cast Lightning Bolt targets bears', 'quit']);
  });
});
