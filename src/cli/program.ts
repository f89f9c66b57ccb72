// One run of the `ruling` command line: its commands and options, on the arguments given, writing
// to the streams given, resolving to the exit code (0 ok, 1 a failed checkpoint, 2 invalid input or
// an unanswered question, 3 an internal error). main.ts runs it for the binary; the tests of the
// command line run it in their own process too, which spares a Node start for each command.

import chalk from 'chalk';
import { Argument, Command, InvalidArgumentError, Option } from 'commander';
import { REPORTERS, SHELLS, useCards, type Out, type ReporterName } from './options.js';
import { DEFAULT_LIMITS, limitValue, resetLimits, setLimits, type Limits } from '../util/limits.js';
import type { Reporter } from './commands/test.js';

/** Where a run writes: text as it is (the lines of the commands end in a line break). */
export interface Streams {
  out(text: string): void;
  err(text: string): void;
}

export const processStreams: Streams = {
  out: (text) => { process.stdout.write(text); },
  err: (text) => { process.stderr.write(text); },
};

/** Thrown by commander's exit hook: the run ends with this code (usage errors, --help, --version). */
class Exit {
  constructor(readonly code: number) {}
}

/** `--cards FILE`, repeatable, on every command that reads cards. */
function withCards(cmd: Command): Command {
  return cmd
    .option('--cards <file>', 'also use the cards of this file for this run (MTGJSON, Scryfall JSON or DSL YAML); repeatable', (v: string, prev: string[]) => [...prev, v], [] as string[])
    .option('--oracle-only', 'ignore hand-written DSL: compile every card from its Oracle text (a test of the compiler)')
    .hook('preAction', (c) => {
      const o = c.opts() as { cards?: string[]; oracleOnly?: boolean };
      useCards(o.cards, !!o.oracleOnly);
    });
}

/** --max-file-size, --max-events and --max-run-events, on every command that plays or reads scenarios. */
function withLimits(cmd: Command): Command {
  const whole = (what: string) => (v: string): number => {
    const n = limitValue(v);
    if (n === undefined) throw new InvalidArgumentError(`expected a whole number of ${what} from 1 up`);
    return n;
  };
  return cmd
    .option('--max-file-size <bytes>', `the largest scenario file read (default ${DEFAULT_LIMITS.maxFileSize}; env RULING_MAX_FILE_SIZE)`, whole('bytes'))
    .option('--max-events <n>', `the events one action may make before it stops with an error (default ${DEFAULT_LIMITS.maxEvents}; env RULING_MAX_EVENTS)`, whole('events'))
    .option('--max-run-events <n>', `the events a whole run may make (default ${DEFAULT_LIMITS.maxRunEvents}; env RULING_MAX_RUN_EVENTS)`, whole('events'))
    .hook('preAction', (c) => {
      const o = c.opts() as Partial<Limits>;
      setLimits({
        ...(o.maxFileSize !== undefined ? { maxFileSize: o.maxFileSize } : {}),
        ...(o.maxEvents !== undefined ? { maxEvents: o.maxEvents } : {}),
        ...(o.maxRunEvents !== undefined ? { maxRunEvents: o.maxRunEvents } : {}),
      });
    });
}

function lineNumber(v: string): number {
  if (!/^\d+$/.test(v)) throw new InvalidArgumentError('a line number');
  return Number(v);
}

/** Every command of the program, writing through `io`; `finish` takes a command's exit code. */
function buildProgram(io: Out, streams: Streams, finish: (code: number) => void): Command {
  const program = new Command();
  program
    .name('ruling')
    .description('A Magic: the Gathering rules adjudicator: plays a scenario and cites the rule for every change')
    .version('0.1.0')
    .option('--no-color', 'no colors in the output (NO_COLOR is honoured too)')
    .showHelpAfterError('(run `ruling --help` for usage)')
    // commander's own output (help, version, usage errors) goes to the streams of this run too
    .configureOutput({ writeOut: (s) => streams.out(s), writeErr: (s) => streams.err(s) })
    // usage errors (unknown option, missing argument) are invalid input: exit 2, for every subcommand
    .exitOverride((err) => {
      throw new Exit(err.exitCode === 0 ? 0 : 2);
    });

  withLimits(withCards(program.command('run')))
    .description('play a scenario: the rule-cited trace and the board after each resolution')
    .argument('<file>', 'scenario file (.yaml)')
    .option('--json', 'print the trace as one JSON event per line')
    .option('--non-interactive', 'never prompt: a question without an answer in the file exits with code 2')
    .option('-v, --verbose', 'also show priority and passes')
    .option('--no-board', 'do not print the board after each resolution')
    .option('--save-answers', 'write the answers given at the prompt into the file (its comments and layout kept)')
    .action(async (file: string, o: { json?: boolean; nonInteractive?: boolean; verbose?: boolean; board?: boolean; saveAnswers?: boolean }) => {
      const { runCommand } = await import('./commands/run.js');
      finish(await runCommand(file, { ...(o.json ? { json: true } : {}), interactive: !o.nonInteractive, ...(o.verbose ? { verbose: true } : {}), board: o.board !== false, ...(o.saveAnswers ? { saveAnswers: true } : {}) }, io));
    });

  // --reporter and --output pair up in the order they are written: each --output belongs to the
  // reporter before it
  const reporters: Reporter[] = [];
  let strayOutput: string | undefined;
  const collect = (v: string, list: string[]) => [...list, v];

  withLimits(withCards(program.command('test')))
    .description('run every scenario under the paths (default scenarios/); exit 1 if any fails')
    .argument('[paths...]', 'files or folders')
    .addOption(new Option('--reporter <name>', 'a report: default, json, junit or github (repeatable)').choices(REPORTERS).argParser((v: string) => {
      if (!(REPORTERS as readonly string[]).includes(v)) throw new InvalidArgumentError(`Allowed choices are ${REPORTERS.join(', ')}.`);
      reporters.push({ name: v as ReporterName });
      return v;
    }))
    .option('--output <file>', 'where the reporter before it writes (`-` is stdout)', (v: string) => {
      const last = reporters.at(-1);
      if (!last || last.output !== undefined) strayOutput ??= v;
      else last.output = v;
      return v;
    })
    .option('--exclude <glob>', 'skip files and folders matching the glob (repeatable)', collect, [])
    .option('-t, --title <pattern>', 'only the scenarios whose title matches the regular expression')
    .option('--bail', 'stop at the first file that fails')
    .option('-j, --jobs <n>', 'worker threads (default: one per 75 files, up to one per core)', (v: string) => Number(v))
    .option('-v, --verbose', 'also list the YAML files skipped as not scenarios')
    .action(async (paths: string[], o: { exclude: string[]; title?: string; bail?: boolean; jobs?: number; verbose?: boolean }) => {
      const { testCommand } = await import('./commands/test.js');
      finish(await testCommand(paths, { reporters, ...(strayOutput !== undefined ? { strayOutput } : {}), exclude: o.exclude, ...(o.title !== undefined ? { title: o.title } : {}), ...(o.bail ? { bail: true } : {}), ...(o.jobs !== undefined ? { jobs: o.jobs } : {}), ...(o.verbose ? { verbose: true } : {}) }, io));
    });
  addOtherCommands(program, io, finish);
  return program;
}

function addOtherCommands(program: Command, io: Out, finish: (code: number) => void): void {
  withLimits(withCards(program.command('check')))
    .description('validate scenarios without running them: schema, cards, and every reference of the timeline')
    .argument('<paths...>', 'scenario files or folders')
    .action(async (paths: string[]) => finish((await import('./commands/check.js')).checkCommand(paths, io)));

  const cards = withCards(program.command('cards'))
    .description('list the cards with their support status, or show one card')
    .argument('[name]', 'a card name')
    .option('--check', 'validate the library files')
    .option('--json', 'one JSON object per card: name, source, supported, reasons')
    .action(async (name: string | undefined, o: { check?: boolean; json?: boolean }) => finish((await import('./commands/cards.js')).cardsCommand(name, o, io)));

  cards.command('import')
    .description('import real cards (MTGJSON AtomicCards or Scryfall oracle-cards JSON) into the local card database')
    .argument('<file>', 'the card data file')
    .action(async (file: string) => finish((await import('./commands/import.js')).importCommand(file, io)));

  program.command('rule')
    .description('the summary of a Comprehensive Rules id from the citation index')
    .argument('<id>', 'rule id, e.g. 601.2f')
    .action(async (id: string) => finish((await import('./commands/rule.js')).ruleCommand(id, io)));

  withLimits(withCards(program.command('explain')))
    .description("an object's characteristics at the end of the timeline, layer by layer (613)")
    .argument('<file>', 'scenario file (.yaml)')
    .argument('<ref>', 'an object: id, name or NAME#K')
    .option('--at <line>', 'at this point of the timeline: after the actions that start on or before this line', lineNumber)
    .option('-v, --verbose', 'also the steps that change nothing')
    .option('--json', 'the same derivation as one JSON document (docs/json-output.md)')
    .action(async (file: string, ref: string, o: { at?: number; verbose?: boolean; json?: boolean }) => finish(await (await import('./commands/explain.js')).explainCommand(file, ref, o, io)));

  withLimits(withCards(program.command('repl')))
    .description('the judge at the terminal: play actions line by line from a scenario\'s board (or an empty one), undo, explain, save')
    .argument('[file]', 'scenario file (.yaml) whose board, and timeline, the session starts from')
    .option('--until <line>', 'replay the timeline only through this line of the file', (v: string) => {
      if (!/^\d+$/.test(v)) throw new InvalidArgumentError('a line number');
      return Number(v);
    })
    .action(async (file: string | undefined, o: { until?: number }) => finish(await (await import('./commands/repl.js')).replCommand(file, { ...(o.until !== undefined ? { until: o.until } : {}) }, io)));

  program.command('schema')
    .description('print the JSON Schema of the scenario format (for editors)')
    .action(async () => finish((await import('./commands/schema.js')).schemaCommand(io)));

  program.command('init')
    .description('write a commented starter scenario (default scenario.yaml)')
    .argument('[file]', 'the file to create')
    .action(async (file: string | undefined) => finish((await import('./commands/init.js')).initCommand(file, io)));

  program.command('completion')
    .description('print a shell completion script for commands, flags and card names')
    .addArgument(new Argument('<shell>', 'the shell').choices(SHELLS))
    .action(async (shell: string) => finish((await import('./commands/completion.js')).completionCommand(shell, program, io)));
}

/**
 * Runs the command line on `args` (the arguments after the program's name). The limits and the card
 * settings start from the environment's and the defaults at each run, whatever a run before set.
 */
export async function runCli(args: string[], streams: Streams = processStreams): Promise<number> {
  // NO_COLOR counts only when it is set to something (no-color.org): an empty value keeps colors
  if (process.env.NO_COLOR || args.includes('--no-color')) chalk.level = 0;
  resetLimits();
  useCards([], false);
  const io: Out = { log: (l) => streams.out(`${l}\n`), err: (l) => streams.err(`${l}\n`) };
  let code = 0;
  const program = buildProgram(io, streams, (c) => { code = c; });
  try {
    await program.parseAsync(args, { from: 'user' });
    return code;
  } catch (e: unknown) {
    if (e instanceof Exit) return e.code;
    const msg = e instanceof Error ? e.message : String(e);
    streams.err(`${chalk.red('internal error')}: ${msg}\n(this is a bug in ruling; set RULING_DEBUG=1 for details)\n`);
    if (process.env.RULING_DEBUG && e instanceof Error) streams.err(`${e.stack}\n`);
    return 3;
  }
}
