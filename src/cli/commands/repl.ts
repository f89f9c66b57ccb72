// `ruling repl [FILE]`: the judge at the terminal. A session starts from a scenario's board (its
// timeline replayed, all of it or through `--until LINE`) or from an empty two-player board; each
// line is a timeline action or a command (src/cli/repl/). In a terminal: line editing, tab
// completion, history across sessions, questions asked with the prompts of `ruling run`; Ctrl-C
// drops the line or the question, Ctrl-D leaves. From a pipe: one line at a time, echoed after the
// prompt, questions left unasked (an error naming the answer to add).

import chalk from 'chalk';
import { createInterface } from 'node:readline';
import { ScenarioErrors } from '../../scenario/errors.js';
import { errorLines, boardLines } from '../render.js';
import { cardSettings, withCatalog, type Out } from '../io.js';
import { inquirerIO } from '../prompts.js';
import { isInteractive } from './run.js';
import { Session } from '../repl/session.js';
import { complete } from '../repl/complete.js';
import { appendHistory, historyFile, HISTORY_SIZE, readHistory } from '../repl/history.js';

export interface ReplFlags {
  until?: number;
}

export async function replCommand(file: string | undefined, flags: ReplFlags, out: Out): Promise<number> {
  const catalog = withCatalog(out);
  if (!catalog) return 2;
  const tty = isInteractive(undefined);
  let session: Session;
  try {
    session = await Session.start({ out, cards: catalog.registry, io: tty ? await inquirerIO() : null, oracleOnly: cardSettings().oracleOnly }, file, flags.until);
  } catch (e) {
    if (e instanceof ScenarioErrors) { for (const x of e.errors) for (const l of errorLines(x)) out.err(l); return 2; }
    throw e;
  }
  const n = session.history().length;
  out.log(chalk.bold(session.scenario.spec.scenario) + chalk.dim(file ? `  (${file}: ${n} action${n === 1 ? '' : 's'} replayed)` : '  (an empty board; `help` lists the commands)'));
  for (const l of boardLines(session.game)) out.log(l);
  if (tty) await terminalLoop(session, out);
  else await pipeLoop(session, out);
  return 0;
}

/** Lines from a pipe or a file: each echoed after the prompt, so the output reads as a session. */
async function pipeLoop(session: Session, out: Out): Promise<void> {
  const rl = createInterface({ input: process.stdin, terminal: false });
  for await (const line of rl) {
    out.log(`${session.prompt()}${line}`);
    if ((await session.line(line)) === 'quit') break;
  }
  rl.close();
}

/**
 * Lines typed at a terminal. Each line gets its own readline interface, closed before the line runs,
 * so the question prompts of an action have the terminal to themselves.
 */
async function terminalLoop(session: Session, out: Out): Promise<void> {
  const file = historyFile();
  const history = readHistory(file);
  // Ctrl-C between two prompts (while an action runs) must not end the session
  const ignore = () => {};
  process.on('SIGINT', ignore);
  try {
    for (;;) {
      const line = await readOne(session, history);
      if (line === null) { out.log(''); return; }
      if (line === undefined) continue;
      appendHistory(file, line);
      if ((await session.line(line)) === 'quit') return;
    }
  } finally {
    process.off('SIGINT', ignore);
  }
}

/** One line: the text; undefined when Ctrl-C dropped it; null at Ctrl-D (end of input). */
function readOne(session: Session, history: string[]): Promise<string | null | undefined> {
  return new Promise((resolve) => {
    const rl = createInterface({
      input: process.stdin, output: process.stdout, terminal: true, prompt: session.prompt(),
      history: [...history], historySize: HISTORY_SIZE, removeHistoryDuplicates: true,
      completer: (line: string) => complete(line, session.names()),
    });
    let done = false;
    const finish = (v: string | null | undefined) => { if (done) return; done = true; rl.close(); resolve(v); };
    rl.on('history', (h: string[]) => { history.splice(0, history.length, ...h); });
    rl.on('line', (l) => finish(l));
    rl.on('SIGINT', () => { process.stdout.write('^C\n'); finish(undefined); });
    rl.on('close', () => finish(null));
    rl.prompt();
  });
}
