// `ruling completion bash|zsh|fish`: a shell completion script for the commands, their flags and
// the built-in card names (for `ruling cards NAME`), made from the program's own definition.

import chalk from 'chalk';
import type { Command } from 'commander';
import { loadLibrary } from '../../cards/library.js';
import type { Out } from '../io.js';

import { SHELLS } from '../options.js';

export { SHELLS };

interface Spec { name: string; about: string; flags: string[] }

function specs(program: Command): Spec[] {
  return program.commands.map((c) => ({
    name: c.name(),
    about: c.description(),
    flags: c.options.flatMap((o) => [o.long, o.short].filter((f): f is string => !!f)),
  }));
}

const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

function bash(cmds: Spec[], cards: string[]): string {
  const cases = cmds.map((c) => `    ${c.name}) opts=${quote(c.flags.join(' '))} ;;`).join('\n');
  return `# ruling completion for bash: eval "$(ruling completion bash)"
_ruling() {
  local cur=\${COMP_WORDS[COMP_CWORD]} cmd=\${COMP_WORDS[1]} opts=''
  if [ "$COMP_CWORD" -eq 1 ]; then
    COMPREPLY=($(compgen -W ${quote([...cmds.map((c) => c.name), '--help', '--version', '--no-color'].join(' '))} -- "$cur")); return
  fi
  case "$cmd" in
${cases}
  esac
  if [[ "$cur" == -* ]]; then COMPREPLY=($(compgen -W "$opts --help" -- "$cur")); return; fi
  if [ "$cmd" = cards ]; then
    local n; COMPREPLY=()
    while IFS= read -r n; do [[ $n == "$cur"* ]] && COMPREPLY+=("$n"); done <<'RULING_CARDS'
${cards.join('\n')}
RULING_CARDS
    return
  fi
  COMPREPLY=($(compgen -f -- "$cur"))
}
complete -o filenames -F _ruling ruling
`;
}

function zsh(cmds: Spec[], cards: string[]): string {
  const list = cmds.map((c) => quote(`${c.name}:${c.about.replace(/:/g, '\\:')}`)).join(' ');
  const cases = cmds.map((c) => `    ${c.name}) _arguments ${c.flags.map((f) => quote(f)).join(' ')} '*:file:_files' ;;`).join('\n');
  return `#compdef ruling
# ruling completion for zsh: eval "$(ruling completion zsh)" (after compinit)
_ruling() {
  if (( CURRENT == 2 )); then
    local -a cmds; cmds=(${list}); _describe command cmds; return
  fi
  local cmd=\${words[2]}
  if [[ $cmd == cards && \${words[CURRENT]} != -* ]]; then
    local -a names; names=(${cards.map(quote).join(' ')}); compadd -a names; return
  fi
  case $cmd in
${cases}
  esac
}
compdef _ruling ruling
`;
}

function fish(cmds: Spec[], cards: string[]): string {
  const lines = ['# ruling completion for fish: ruling completion fish | source', 'complete -c ruling -f'];
  for (const c of cmds) {
    lines.push(`complete -c ruling -n __fish_use_subcommand -a ${c.name} -d ${quote(c.about)}`);
    for (const f of c.flags) {
      lines.push(`complete -c ruling -n ${quote(`__fish_seen_subcommand_from ${c.name}`)} ${f.startsWith('--') ? `-l ${f.slice(2)}` : `-s ${f.slice(1)}`}`);
    }
    if (c.name !== 'cards') lines.push(`complete -c ruling -n ${quote(`__fish_seen_subcommand_from ${c.name}`)} -F`);
  }
  lines.push('function __ruling_cards', `  printf '%s\\n' ${cards.map(quote).join(' ')}`, 'end');
  lines.push(`complete -c ruling -n '__fish_seen_subcommand_from cards' -a '(__ruling_cards)'`);
  return `${lines.join('\n')}\n`;
}

export function completionCommand(shell: string, program: Command, out: Out): number {
  const cmds = specs(program);
  const cards = loadLibrary().registry.names().sort();
  switch (shell) {
    case 'bash': out.log(bash(cmds, cards)); return 0;
    case 'zsh': out.log(zsh(cmds, cards)); return 0;
    case 'fish': out.log(fish(cmds, cards)); return 0;
    default:
      out.err(`${chalk.red('error')}: no completion for "${shell}" (expected ${SHELLS.join(', ')})`);
      return 2;
  }
}
