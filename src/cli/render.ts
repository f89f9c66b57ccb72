// Views of the event stream and of the game: the rule-cited trace, the board, checkpoint results.

import chalk from 'chalk';
import type { GameEvent } from '../state/events.js';
import { describeEvent } from './describe.js';
import type { Game } from '../state/game.js';
import { poolText } from '../core/mana.js';
import { stepLabel } from '../game/turn.js';
import type { CheckFailure, StepReport } from '../scenario/run.js';
import type { ScenarioError } from '../scenario/errors.js';
import { formatError } from '../scenario/errors.js';
import { codeFrame } from './codeFrame.js';

export interface TraceOptions {
  /** Show priority and pass events (hidden by default: they are implied). */
  verbose?: boolean;
}

const QUIET = new Set(['priority', 'pass']);
const SBA = new Set(['player_loses', 'sba', 'counters_annihilate', 'token_ceases', 'unattached']);
const TURN = new Set(['turn_began', 'step_began', 'first_draw_skipped', 'combat_ended', 'cleanup']);

export function ruleTag(rule: string | null): string {
  return rule ? chalk.cyan(`[${rule}]`) : chalk.dim('[note]');
}

/** How an event's sentence is styled in the trace. */
function style(e: GameEvent): (text: string) => string {
  const t = e.type;
  if (t === 'rejected') return chalk.red;
  if (t === 'fizzles' || t === 'condition_false' || SBA.has(t)) return chalk.yellow;
  if (t === 'spell_cast' || t === 'ability_activated') return chalk.bold;
  if (t === 'damage' || t === 'life') return chalk.magenta;
  if (t === 'game_over') return chalk.bold.green;
  if (QUIET.has(t)) return chalk.dim;
  if (t === 'note') return chalk.italic;
  if (TURN.has(t) || (e.type === 'all_passed' && e.stackEmpty)) return chalk.blue;
  return (x) => x;
}

export function eventLine(e: GameEvent): string {
  return `  ${ruleTag(e.rule)} ${style(e)(describeEvent(e))}`;
}

export function traceLines(events: GameEvent[], opts: TraceOptions = {}): string[] {
  const out: string[] = [];
  for (const e of events) {
    if (!opts.verbose && QUIET.has(e.type)) continue;
    if (e.type === 'rejected' && e.attempted.length) {
      out.push(chalk.dim('  attempted, then undone:'));
      for (const a of e.attempted) {
        if (!opts.verbose && QUIET.has(a.type)) continue;
        out.push(chalk.dim(`    [${a.rule ?? 'note'}] ${describeEvent(a)}`));
      }
    }
    out.push(eventLine(e));
  }
  return out;
}

/** A card in a graveyard or exile: its name, marked when the scenario ignores its text. */
function cardLabel(g: Game, id: string): string {
  const card = g.obj(id).card;
  return card && g.cards.get(card)?.textIgnored ? `${g.name(id)} ${chalk.dim('(text ignored)')}` : g.name(id);
}

function objLabel(g: Game, id: string): string {
  const o = g.obj(id);
  const c = g.chars(id);
  const bits: string[] = [];
  if (o.tapped) bits.push('tapped');
  if (c.power !== null && c.toughness !== null && c.types.includes('creature')) bits.push(`${c.power}/${c.toughness}`);
  if (o.damage) bits.push(`${o.damage} damage`);
  for (const [k, n] of Object.entries(o.counters)) if (n > 0) bits.push(`${n} ${k}`);
  if (o.attachedTo) bits.push(`on ${g.state.objects[o.attachedTo] ? g.name(o.attachedTo) : o.attachedTo}`);
  if (o.sick && c.types.includes('creature')) bits.push('summoning sick');
  if (o.isToken) bits.push('token');
  if (o.card && g.cards.get(o.card)?.textIgnored) bits.push('text ignored');
  if (o.ref) bits.push(`id ${o.ref}`);
  return `${g.name(id)}${bits.length ? chalk.dim(` (${bits.join(', ')})`) : ''}`;
}

/** The board: each player's life, pool, zones and permanents, then the stack. */
export function boardLines(g: Game): string[] {
  const s = g.state;
  const t = s.turn;
  const out: string[] = [];
  out.push(chalk.dim(`  ┌ turn ${t.number}, ${t.active}'s ${stepLabel(t.step)}${t.priority ? `; ${t.priority} has priority` : ''}${s.result ? `; game over: ${s.result.winner ? `${s.result.winner} wins` : 'draw'}` : ''}`));
  for (const p of s.players) {
    const mine = s.battlefield.filter((id) => g.controller(id) === p.name);
    out.push(`  │ ${chalk.bold(p.name)}${p.lost ? chalk.red(' (lost)') : ''}  life ${chalk.bold(String(p.life))}${p.cityBlessing ? "  city's blessing" : ''}  pool ${poolText(p.pool) || '-'}  hand ${p.hand.length}  library ${p.library.length}  graveyard ${p.graveyard.length ? p.graveyard.map((id) => cardLabel(g, id)).join(', ') : '-'}${p.exile.length ? `  exile ${p.exile.map((id) => cardLabel(g, id)).join(', ')}` : ''}`);
    out.push(`  │   ${mine.length ? mine.map((id) => objLabel(g, id)).join(', ') : chalk.dim('no permanents')}`);
    // the command zone (408): each emblem by its abilities (114.3: it has nothing else)
    for (const id of p.command) {
      const ref = g.obj(id).ref;
      out.push(`  │   ${chalk.dim('command zone:')} emblem${ref !== undefined ? chalk.dim(` (id ${ref})`) : ''}: ${g.chars(id).abilities.map((a) => `"${a.text}"`).join(' and ')}`);
    }
  }
  if (s.stack.length) {
    out.push(`  │ ${chalk.bold('stack')} (top first): ${s.stack.map((id) => `${g.name(id)} ${chalk.dim(`(${g.obj(id).ability?.controller ?? g.controller(id)})`)}`).join(', ')}`);
  }
  out.push(chalk.dim('  └'));
  return out;
}

export function failureLines(file: string, fs: CheckFailure[]): string[] {
  return fs.map((f) => `    ${chalk.red('✗')} ${file}:${f.pos.line}:${f.pos.col} ${chalk.bold(f.field)}: expected ${chalk.green(f.expected)}, got ${chalk.red(f.actual)}`);
}

export function stepHeader(step: StepReport): string {
  if (step.verb === 'expect') {
    return step.failures.length
      ? `${chalk.red('✗')} ${chalk.bold(`expect`)} ${chalk.dim(`(line ${step.pos.line})`)}`
      : `${chalk.green('✓')} ${chalk.bold('expect')} ${chalk.dim(`(line ${step.pos.line})`)}`;
  }
  return `${chalk.bold(`▸ ${step.index + 1}. ${step.label}`)} ${chalk.dim(`(line ${step.pos.line})`)}`;
}

/** An error with its position, then the source line with a caret (codeFrame.ts). */
export function errorLines(e: ScenarioError): string[] {
  const [first, ...rest] = formatError(e).split('\n');
  return [`${chalk.red('error')}: ${first}`, ...rest, ...codeFrame(e.file, e.pos.line, e.pos.col)];
}

/** An event as JSON: its type as `event`, its fields, and its sentence as `text` (docs/json-output.md). */
export function eventJson(e: GameEvent): Record<string, unknown> {
  const { type, seq, ...fields } = e;
  return { seq, event: type, ...fields, text: describeEvent(e), ...(e.type === 'rejected' ? { attempted: e.attempted.map(eventJson) } : {}) };
}

export function jsonEvent(e: GameEvent, action?: number): string {
  return JSON.stringify({ type: 'event', ...eventJson(e), ...(action !== undefined ? { action } : {}) });
}
