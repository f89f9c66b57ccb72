// `ruling init [FILE]`: writes a commented starter scenario (Lightning Bolt on Grizzly Bears) that
// passes `ruling test`, to be edited into a new ruling. Never overwrites a file.

import chalk from 'chalk';
import { existsSync, writeFileSync } from 'node:fs';
import type { Out } from '../io.js';

const STARTER = `# A ruling scenario: the board, then a timeline of actions and checkpoints.
# The format: docs/scenario-format.md. For completion in an editor with the YAML language server,
# save \`ruling schema\` as scenario.schema.json and add the line
#   # yaml-language-server: $schema=scenario.schema.json
# Run it with \`ruling run FILE\`; \`ruling check FILE\` validates it without playing it.

scenario: Lightning Bolt kills Grizzly Bears      # the title (required)
description: >
  Alice casts Lightning Bolt at Bob's Grizzly Bears; it resolves and the state-based action for
  lethal damage (704.5g) puts the Bears into the graveyard.
rules: ["601.2", "704.5g"]          # the rules it illustrates, quoted

players:                            # two or more, in turn order
  Alice:
    life: 20                        # the default
    hand: [Lightning Bolt]          # card names from \`ruling cards\`, or your own in \`cards:\`
    battlefield: [Mountain]
  Bob:
    battlefield:
      - { card: Grizzly Bears, id: bears }   # an id to refer to it later

turn: { number: 1, active: Alice, step: main1 }

actions:
  - cast: Lightning Bolt            # the mana is paid automatically from the Mountain
    targets: [bears]
  - expect:                         # a checkpoint: only the fields given are compared
      stack: [Lightning Bolt]
  - resolve                         # both players pass; the top of the stack resolves
  - expect:
      zones:
        Bob.graveyard: [Grizzly Bears]
      life: { Alice: 20, Bob: 20 }
      cited: ["704.5g"]             # rules the trace cited since the previous checkpoint
`;

export function initCommand(file: string | undefined, out: Out): number {
  const target = file ?? 'scenario.yaml';
  if (existsSync(target)) {
    out.err(`${chalk.red('error')}: ${target} already exists; give another file name`);
    return 2;
  }
  writeFileSync(target, STARTER);
  out.log(`${chalk.green('wrote')} ${target}: run it with \`ruling run ${target}\``);
  return 0;
}
