// The `ruling` command line.

import chalk from 'chalk';
import { Command, Option } from 'commander';
import { stdio } from './io.js';
import { runCommand } from './commands/run.js';
import { testCommand } from './commands/test.js';
import { checkCommand } from './commands/check.js';
import { cardsCommand } from './commands/cards.js';
import { ruleCommand } from './commands/rule.js';
import { explainCommand } from './commands/explain.js';
import { schemaCommand } from './commands/schema.js';

// a closed pipe (`ruling run x | head`) ends the output quietly
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw e;
  });
}

if (process.env.NO_COLOR !== undefined || process.argv.includes('--no-color')) chalk.level = 0;

function finish(code: number): void {
  process.exitCode = code;
}

const program = new Command();
program
  .name('ruling')
  .description('A Magic: the Gathering rules adjudicator: plays a scenario and cites the rule for every change')
  .version('0.1.0')
  .option('--no-color', 'no colors in the output (NO_COLOR is honoured too)')
  .showHelpAfterError('(run `ruling --help` for usage)')
  // usage errors (unknown option, missing argument) are invalid input: exit 2, for every subcommand
  .exitOverride((err) => {
    process.exit(err.exitCode === 0 ? 0 : 2);
  });

program.command('run')
  .description('play a scenario: the rule-cited trace and the board after each resolution')
  .argument('<file>', 'scenario file (.yaml)')
  .option('--json', 'print the trace as one JSON event per line')
  .option('--non-interactive', 'never prompt: a question without an answer in the file exits with code 2')
  .option('-v, --verbose', 'also show priority and passes')
  .option('--no-board', 'do not print the board after each resolution')
  .action(async (file: string, o: { json?: boolean; nonInteractive?: boolean; verbose?: boolean; board?: boolean }) => {
    finish(await runCommand(file, { ...(o.json ? { json: true } : {}), interactive: !o.nonInteractive, ...(o.verbose ? { verbose: true } : {}), board: o.board !== false }, stdio));
  });

program.command('test')
  .description('run every scenario under the paths (default scenarios/); exit 1 if any fails')
  .argument('[paths...]', 'files or folders')
  .addOption(new Option('--reporter <name>', 'also write a report').choices(['junit']))
  .option('--output <file>', 'where the report goes')
  .action(async (paths: string[], o: { reporter?: string; output?: string }) => {
    finish(await testCommand(paths, o, stdio));
  });

program.command('check')
  .description('validate a scenario without running it')
  .argument('<file>', 'scenario file (.yaml)')
  .action((file: string) => finish(checkCommand(file, stdio)));

program.command('cards')
  .description('list the card library with support status, or show one card')
  .argument('[name]', 'a card name')
  .option('--check', 'validate the library files')
  .action((name: string | undefined, o: { check?: boolean }) => finish(cardsCommand(name, o, stdio)));

program.command('rule')
  .description('the summary of a Comprehensive Rules id from the citation index')
  .argument('<id>', 'rule id, e.g. 601.2f')
  .action((id: string) => finish(ruleCommand(id, stdio)));

program.command('explain')
  .description("an object's characteristics at the end of the timeline, layer by layer (613)")
  .argument('<file>', 'scenario file (.yaml)')
  .argument('<ref>', 'an object: id, name or NAME#K')
  .action(async (file: string, ref: string) => finish(await explainCommand(file, ref, stdio)));

program.command('schema')
  .description('print the JSON Schema of the scenario format (for editors)')
  .action(() => finish(schemaCommand(stdio)));

program.parseAsync(process.argv).catch((e: unknown) => {
  const msg = e instanceof Error ? e.message : String(e);
  process.stderr.write(`${chalk.red('internal error')}: ${msg}\n(this is a bug in ruling; set RULING_DEBUG=1 for details)\n`);
  if (process.env.RULING_DEBUG && e instanceof Error) process.stderr.write(`${e.stack}\n`);
  process.exitCode = 3;
});
