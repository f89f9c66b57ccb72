// The REPL's commands (everything that is not a timeline action): views of the game, the rules and
// the cards, undo and redo, saving and loading.

import chalk from 'chalk';
import { Catalog } from '../../cards/catalog.js';
import type { LoadedScenario } from '../../scenario/load.js';
import type { Game } from '../../state/game.js';
import { boardLines } from '../render.js';
import { withCatalog, type Out } from '../io.js';
import { explainObject } from '../commands/explain.js';
import { showOne } from '../commands/cards.js';
import { ruleCommand } from '../commands/rule.js';
import type { CommandName } from './parse.js';
import { SessionError } from './errors.js';
import { SET_HELP } from './board.js';

/** What the commands need of a session. */
export interface CommandHost {
  readonly out: Out;
  readonly game: Game;
  readonly scenario: LoadedScenario;
  readonly file: string;
  undo(n: number): string[];
  redo(): Promise<string | null>;
  set(args: string): Promise<boolean>;
  history(): Array<{ text: string; fromFile: boolean }>;
  actions(): unknown[];
  undoneCount(): number;
  save(file: string, expect?: boolean): void;
  open(file?: string, until?: number): Promise<void>;
}

export const HELP = `Actions (the verbs of a scenario's timeline, one per line):
  cast NAME [targets REF, REF] [x N] [modes 1, 3] [divide REF N, REF N] [alt KEYWORD]
       [additional kicker] [hybrid {R}, {2}] [phyrexian life, mana] [face NAME] [face_down] [pay REF, REF]
  activate REF [ability N|"text"] [targets REF] ...   play NAME   turn_face_up REF   suspend NAME
  pass   resolve [N|all]   advance STEP   attack A->PLAYER, B->PLAYER   block W->A, X->[A, B]
  expect { life: { Bob: 17 } }   note TEXT
  every action also takes: by PLAYER, answer { yes: true } (repeatable), answers [...], illegal [RULE]
  or the YAML flow form of a scenario: { cast: Lightning Bolt, targets: [bears] }
  Questions an action raises are asked at the terminal; the answers are kept with the action.
  A rejected action or a failed expect is shown, then undone: it is not part of the timeline.
Commands:
  board (state)       the board            stack          the stack, top first
  set EDIT            edit the starting board; the actions so far are played again on it:
  ${SET_HELP}
  explain REF [-v]    characteristics layer by layer (613), here and now; -v: also the steps that change nothing
  card NAME           a card's text, its DSL and support status
  rule ID             a rule's summary     history        the timeline so far
  undo [N]            take back N actions (default 1)       redo   play the last undone action again
  save FILE [--expect]  write a scenario replaying to this point (--expect: and a checkpoint of the board)
  load FILE [--until LINE]  start over from a scenario file (its timeline, all of it or through LINE)
  help   quit (exit, Ctrl-D)`;

/** Runs one command; 'quit' ends the session. */
export async function runCommand(host: CommandHost, name: CommandName, args: string): Promise<'quit' | undefined> {
  const { out } = host;
  switch (name) {
    case 'quit': case 'exit':
      return 'quit';
    case 'help':
      for (const l of HELP.split('\n')) out.log(l);
      return undefined;
    case 'board': case 'state':
      noArgs(name, args);
      for (const l of boardLines(host.game)) out.log(l);
      return undefined;
    case 'stack':
      noArgs(name, args);
      stackLines(host.game).forEach((l) => out.log(l));
      return undefined;
    case 'explain': {
      const verbose = /(^|\s)(-v|--verbose)(\s|$)/.test(args);
      explainObject(host.game, need(name, args.replace(/(^|\s)(-v|--verbose)(?=\s|$)/, '').trim(), 'REF, e.g. `explain bears`'), out, verbose);
      return undefined;
    }
    case 'card':
      showCard(host, need(name, args, 'a card name, e.g. `card Lightning Bolt`'));
      return undefined;
    case 'rule':
      ruleCommand(need(name, args, 'a rule id, e.g. `rule 601.2f`'), out);
      return undefined;
    case 'set':
      await host.set(need(name, args, `an edit of the board:\n  ${SET_HELP}`));
      return undefined;
    case 'undo': return undo(host, args);
    case 'redo': return redo(host, args);
    case 'history':
      noArgs(name, args);
      history(host);
      return undefined;
    case 'save': return save(host, args);
    case 'load': {
      const m = /^(.*?)(?:\s+--until\s+(\S+))?$/.exec(need(name, args, 'a scenario file, e.g. `load scenarios/examples/bolt-the-bears.yaml`'))!;
      if (m[2] !== undefined && !/^\d+$/.test(m[2])) throw new SessionError(`\`--until\` takes a line number (got "${m[2]}")`);
      await host.open(m[1]!.replace(/^(["'])(.*)\1$/, '$2'), m[2] !== undefined ? Number(m[2]) : undefined);
      out.log(chalk.dim(`loaded ${host.file}: ${host.history().length} action(s) replayed`));
      for (const l of boardLines(host.game)) out.log(l);
      return undefined;
    }
  }
}

function noArgs(name: string, args: string): void {
  if (args !== '') throw new SessionError(`\`${name}\` takes no argument (got "${args}")`);
}

function need(name: string, args: string, what: string): string {
  if (args === '') throw new SessionError(`\`${name}\` needs ${what}`);
  return args.replace(/^(["'])(.*)\1$/, '$2');
}

function stackLines(g: Game): string[] {
  const s = g.state.stack;
  if (s.length === 0) return [chalk.dim('  the stack is empty')];
  return s.map((id, i) => {
    const o = g.obj(id);
    const info = o.spell ?? o.ability;
    const controller = o.ability?.controller ?? g.controller(id);
    const targets = (info?.choices.targets ?? []).flatMap((t) => t.chosen.map((c) => ('player' in c ? c.player : g.state.objects[c.obj] ? g.name(c.obj) : c.obj)));
    const kind = o.ability ? (o.ability.triggered ? 'triggered ability' : 'activated ability') : 'spell';
    return `  ${i + 1}. ${chalk.bold(g.name(id))} ${chalk.dim(`(${kind}, ${controller}${o.ref ? `, id ${o.ref}` : ''})`)}${targets.length ? ` targeting ${targets.join(', ')}` : ''}`;
  });
}

/** `card NAME`: as `ruling cards NAME`, also finding the scenario's own cards. */
function showCard(host: CommandHost, name: string): void {
  const catalog = withCatalog(host.out);
  if (!catalog) return;
  const own = host.scenario.registry.find(name);
  if (own && !catalog.registry.find(name)) { showOne(new Catalog(host.scenario.registry, [], []), name, host.out); return; }
  showOne(catalog, name, host.out);
}

function count(args: string, name: string): number {
  if (args === '') return 1;
  if (!/^\d+$/.test(args) || Number(args) < 1) throw new SessionError(`\`${name}\` takes a number of actions, e.g. \`${name} 2\` (got "${args}")`);
  return Number(args);
}

function undo(host: CommandHost, args: string): undefined {
  const gone = host.undo(count(args, 'undo'));
  for (const a of gone) host.out.log(chalk.dim(`  undone: ${a}`));
  for (const l of boardLines(host.game)) host.out.log(l);
  return undefined;
}

async function redo(host: CommandHost, args: string): Promise<undefined> {
  noArgs('redo', args);
  const before = host.undoneCount();
  if (before === 0) throw new SessionError('nothing to redo (a new action drops the actions undone before it)');
  const a = await host.redo();
  if (a) host.out.log(chalk.dim(`  redone: ${a}`));
  return undefined;
}

function history(host: CommandHost): void {
  const h = host.history();
  if (h.length === 0) host.out.log(chalk.dim('  no actions yet'));
  h.forEach((e, i) => host.out.log(`  ${String(i + 1).padStart(3)}. ${e.text}${e.fromFile ? chalk.dim(`  (from ${host.file})`) : ''}`));
  const n = host.undoneCount();
  if (n) host.out.log(chalk.dim(`  ${n} undone action${n === 1 ? '' : 's'} can be redone`));
}

function save(host: CommandHost, args: string): undefined {
  const words = args.split(/\s+/).filter((w) => w !== '');
  const expect = words.includes('--expect');
  const rest = words.filter((w) => w !== '--expect');
  if (rest.length === 0) throw new SessionError('`save` needs a file name, e.g. `save ruling.yaml` or `save ruling.yaml --expect`');
  const file = rest.join(' ').replace(/^(["'])(.*)\1$/, '$2');
  host.save(file, expect);
  host.out.log(chalk.dim(`  saved ${file}: ${host.actions().length} action(s)${expect ? ' and a checkpoint of the board' : ''}; \`ruling run ${file}\` replays it`));
  return undefined;
}
