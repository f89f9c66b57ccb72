// `ruling cards [NAME]`: the cards a run knows with their support status, or one card: where it
// comes from, its text paragraph by paragraph beside the DSL it compiled to, and why it is
// unsupported when it is. `--json` prints one object per card; `--check` validates the library.

import chalk from 'chalk';
import { stringify } from 'yaml';
import { faces } from '../../cards/registry.js';
import { loadLibrary } from '../../cards/library.js';
import type { Catalog, Provenance } from '../../cards/catalog.js';
import type { Ability, CardDef, CardFace } from '../../cards/types.js';
import { closest } from '../../util/suggest.js';
import { nameKey } from '../../cards/oracle/names.js';
import { withCatalog, type Out } from '../io.js';

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
    case 'cast_restriction': return 'casting restriction';
    case 'self_flash': return 'casting permission (flash)';
    case 'self_cast_from': return 'casting permission (zone)';
    case 'unsupported': return 'not implemented';
  }
}

/** The compiled form of an ability, without its key and text, as one line of YAML. */
function dslLine(a: Ability): string {
  const { key: _key, text: _text, ...rest } = a;
  return stringify(rest, { collectionStyle: 'flow', lineWidth: 0 }).trim();
}

function costText(f: CardFace): string {
  return f.manaCost ? f.manaCost.map((s) => (s.kind === 'generic' ? `{${s.n}}` : s.kind === 'mana' ? `{${s.type}}` : s.kind === 'x' ? '{X}' : s.kind === 'hybrid' ? `{${s.a}/${s.b}}` : s.kind === 'twobrid' ? `{2/${s.color}}` : s.kind === 'phyrexian' ? `{${s.color}/P}` : '{S}')).join('') : '';
}

function faceLines(f: CardFace): string[] {
  const out = [`${chalk.bold(f.name)}  ${costText(f)}`];
  out.push(`${f.typeLine}${f.power !== null ? `  ${f.power}/${f.toughness}` : ''}${f.loyalty !== null ? `  loyalty ${f.loyalty}` : ''}`);
  for (const a of f.abilities) {
    out.push(`  ${a.text.split('\n').join('\n  ')}  ${chalk.dim(`[${describeAbility(a)}]`)}`);
    if (a.kind !== 'keyword') out.push(chalk.dim(`    DSL: ${dslLine(a)}`));
  }
  return out;
}

/** The card whose name is the only one containing `part`. */
function onlyMatch(catalog: Catalog, part: string): CardDef | undefined {
  const some = containing(catalog, part);
  return some.length === 1 ? catalog.registry.find(some[0]!) : undefined;
}

export function sourceLabel(p: Provenance | undefined): string {
  if (!p) return 'scenario';
  switch (p.kind) {
    case 'built-in': return 'built-in';
    case 'scenario': return 'scenario';
    case 'file': return p.path;
    case 'imported': return 'imported';
  }
}

function provenanceLine(p: Provenance | undefined): string {
  if (p?.kind === 'imported') return `source: imported from ${p.file}${p.date ? ` (${p.date})` : ''}, database ${p.path}`;
  if (p?.kind === 'file') return `source: card file ${p.path}`;
  return `source: ${sourceLabel(p)}${p?.kind === 'built-in' ? ' library (hand-written DSL)' : ''}`;
}

/** Every card the run knows, each once, in lookup order (a card found earlier hides a later one). */
function everyCard(catalog: Catalog): Array<{ card: CardDef; source: string }> {
  const seen = new Set<string>();
  const out: Array<{ card: CardDef; source: string }> = [];
  for (const name of catalog.registry.names()) {
    if (seen.has(name)) continue;
    seen.add(name);
    const card = catalog.registry.find(name);
    if (card) out.push({ card, source: sourceLabel(catalog.provenance(card.name)) });
  }
  return out;
}

/** The names that contain `part`, ignoring case and accents, in alphabetical order. */
function containing(catalog: Catalog, part: string): string[] {
  const key = nameKey(part);
  return [...new Set(catalog.registry.names())].filter((n) => nameKey(n).includes(key)).sort((a, b) => a.localeCompare(b));
}

/** One card: where it comes from, its text beside its DSL, its status; 2 when no card has the name. */
export function showOne(catalog: Catalog, name: string, out: Out): number {
  const c = catalog.registry.find(name) ?? onlyMatch(catalog, name);
  if (!c) {
    const some = containing(catalog, name);
    if (some.length > 1) {
      for (const n of some.slice(0, 50)) out.log(n);
      out.log(chalk.dim(`${some.length} cards contain "${name}"${some.length > 50 ? ' (the first 50 shown)' : ''}; \`ruling cards NAME\` shows one`));
      return 0;
    }
    const hint = closest(name, catalog.registry.names(), 3);
    out.err(`${chalk.red('error')}: no card named '${name}'${hint.length ? `; did you mean ${hint.map((h) => `'${h}'`).join(' or ')}?` : ''} (\`ruling cards import FILE\` adds real cards)`);
    return 2;
  }
  out.log(chalk.dim(provenanceLine(catalog.provenance(c.name))));
  for (const [i, f] of faces(c).entries()) {
    if (i > 0) out.log(chalk.dim(c.adventure === f ? '— Adventure —' : c.split === f ? '— // (the other half of a split card) —' : c.back === f ? '— back face (transformed, 712) —' : '— flipped —'));
    for (const l of faceLines(f)) out.log(l);
  }
  out.log(c.unsupported.length ? chalk.yellow(`unsupported: the engine can't yet do ${c.unsupported.join('; ')}`) : chalk.green('supported: implemented whole'));
  return 0;
}

export function cardsCommand(name: string | undefined, flags: { check?: boolean; json?: boolean }, out: Out): number {
  const catalog = withCatalog(out);
  if (!catalog) return 2;
  if (flags.check) {
    for (const p of catalog.problems) out.err(`${p.file}:${p.line}:${p.col}: ${p.message}`);
    const all = loadLibrary().registry.all();
    out.log(`${all.length} library cards, ${all.filter((c) => c.unsupported.length).length} unsupported, ${catalog.problems.length} problems`);
    return catalog.problems.length ? 1 : 0;
  }
  if (name) return showOne(catalog, name, out);
  const all = everyCard(catalog);
  if (flags.json) {
    for (const { card, source } of all) out.log(JSON.stringify({ name: card.name, source, supported: card.unsupported.length === 0, reasons: card.unsupported }));
    return 0;
  }
  all.sort((a, b) => a.card.name.localeCompare(b.card.name));
  for (const { card: c, source } of all) out.log(`${c.unsupported.length ? chalk.yellow('unsupported') : chalk.green('supported  ')}  ${c.name}${source === 'built-in' ? '' : chalk.dim(`  [${source}]`)}${c.unsupported.length ? chalk.dim(`  (needs ${c.unsupported.join('; ')})`) : ''}`);
  const n = all.filter((x) => !x.card.unsupported.length).length;
  out.log(`${all.length} cards: ${n} supported, ${all.length - n} unsupported`);
  return 0;
}
