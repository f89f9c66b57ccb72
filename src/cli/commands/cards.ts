// `ruling cards [NAME]`: the library, each card with its support status; one card with its text.

import chalk from 'chalk';
import { loadLibrary } from '../../cards/library.js';
import { faces } from '../../cards/registry.js';
import type { Ability, CardFace } from '../../cards/types.js';
import { closest } from '../../util/suggest.js';
import type { Out } from '../io.js';

function describeAbility(a: Ability): string {
  switch (a.kind) {
    case 'keyword': return 'keyword';
    case 'spell': return 'spell ability';
    case 'activated': return a.block.effects.some((e) => e.verb === 'add_mana') && a.block.targets.length === 0 ? 'mana ability' : 'activated ability';
    case 'triggered': return 'triggered ability';
    case 'static': return `static ability (${a.defs.map((d) => d.kind).join(', ')})`;
    case 'replacement': return `replacement effect (${a.def.kind})`;
    case 'additional_cost': return 'additional cost';
    case 'alternative_cost': return 'alternative cost';
    case 'unsupported': return 'not implemented';
  }
}

function faceLines(f: CardFace): string[] {
  const out = [`${chalk.bold(f.name)}  ${f.manaCost ? f.manaCost.map((s) => (s.kind === 'generic' ? `{${s.n}}` : s.kind === 'mana' ? `{${s.type}}` : s.kind === 'x' ? '{X}' : s.kind === 'hybrid' ? `{${s.a}/${s.b}}` : s.kind === 'twobrid' ? `{2/${s.color}}` : s.kind === 'phyrexian' ? `{${s.color}/P}` : '{S}')).join('') : ''}`];
  out.push(`${f.typeLine}${f.power !== null ? `  ${f.power}/${f.toughness}` : ''}${f.loyalty !== null ? `  loyalty ${f.loyalty}` : ''}`);
  for (const a of f.abilities) out.push(`  ${a.text.split('\n').join('\n  ')}  ${chalk.dim(`[${describeAbility(a)}]`)}`);
  return out;
}

export function cardsCommand(name: string | undefined, flags: { check?: boolean }, out: Out): number {
  const { registry, problems } = loadLibrary();
  if (flags.check) {
    for (const p of problems) out.err(`${p.file}:${p.line}:${p.col}: ${p.message}`);
    out.log(`${registry.names().length} cards, ${registry.all().filter((c) => c.unsupported.length).length} unsupported, ${problems.length} problems`);
    return problems.length ? 1 : 0;
  }
  if (!name) {
    const all = registry.all().sort((a, b) => a.name.localeCompare(b.name));
    for (const c of all) out.log(`${c.unsupported.length ? chalk.yellow('unsupported') : chalk.green('supported  ')}  ${c.name}${c.unsupported.length ? chalk.dim(`  (needs ${c.unsupported.join('; ')})`) : ''}`);
    const n = all.filter((c) => !c.unsupported.length).length;
    out.log(`${all.length} cards: ${n} supported, ${all.length - n} unsupported`);
    return 0;
  }
  const c = registry.find(name);
  if (!c) {
    const hint = closest(name, registry.names(), 3);
    out.err(`${chalk.red('error')}: no card named '${name}' in the library${hint.length ? `; did you mean ${hint.map((h) => `'${h}'`).join(' or ')}?` : ''}`);
    return 2;
  }
  for (const [i, f] of faces(c).entries()) {
    if (i > 0) out.log(chalk.dim(c.adventure === f ? '— Adventure —' : '— flipped —'));
    for (const l of faceLines(f)) out.log(l);
  }
  out.log(c.unsupported.length ? chalk.yellow(`unsupported: the engine can't yet do ${c.unsupported.join('; ')}`) : chalk.green('supported: implemented whole'));
  return 0;
}
