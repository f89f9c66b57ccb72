// The command line run in the test's own process: runCli of the bundled build, the code the binary
// runs (with its own copies of its modules and dependencies, so its colors, limits and card settings
// are its own), from a given folder and with given environment variables, giving the output and
// the exit code the binary would, without a Node start for each command.

import { runCli } from '../dist/bundle/program.js';

export interface CliResult {
  code: number;
  out: string;
  err: string;
}

let queue: Promise<unknown> = Promise.resolve();

/** Sets variables (undefined removes one); gives back what they were. */
function setEnv(env: Record<string, string | undefined>): Record<string, string | undefined> {
  const before = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  for (const [k, v] of Object.entries(env)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  return before;
}

async function once(cwd: string, env: Record<string, string | undefined>, args: string[]): Promise<CliResult> {
  const home = process.cwd();
  let out = '';
  let err = '';
  process.chdir(cwd);
  const before = setEnv(env);
  try {
    const code = await runCli(args, { out: (t: string) => { out += t; }, err: (t: string) => { err += t; } }) as number;
    return { code, out, err };
  } finally {
    process.chdir(home);
    setEnv(before);
  }
}

/** Runs `ruling ARGS` in `cwd` with `env` set; one run at a time, since a run changes the working
 * folder and the environment of the process while it lasts. */
export function rulingInProcess(cwd: string, env: Record<string, string | undefined>, args: string[]): Promise<CliResult> {
  const run = queue.then(() => once(cwd, env, args));
  queue = run.catch(() => undefined);
  return run;
}
