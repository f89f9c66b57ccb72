// The `ruling` command line, as the binary starts it (bin/ruling): the commands are in program.ts.

import { runCli } from './program.js';

// a closed pipe (`ruling run x | head`) ends the output quietly
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw e;
  });
}

void runCli(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
