// Tab completion for the REPL: commands and verbs first; then, after a verb, card names and the
// names and ids of the objects on the board, players after `by`, steps after `advance`, the key
// words of the verb, and scenario files after `save` and `load`.

import { readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { STEPS } from '../../cards/types.js';
import { VERBS, type Verb } from '../../scenario/schema.js';
import { COMMANDS, keysOf } from './parse.js';

/** What can be named: card names, names and ids on the board, players. */
export interface Names {
  cards: string[];
  board: string[];
  players: string[];
}

/** Readline's completer: the candidates for the end of `line`, and the part of it they replace. */
export function complete(line: string, names: Names): [string[], string] {
  const m = /^(\s*)(\S*)(\s*)([\s\S]*)$/.exec(line)!;
  const word = m[2]!;
  if (m[3] === '') return [matching(word, [...COMMANDS, ...VERBS]), word];
  const verb = word.toLowerCase();
  const rest = m[4]!;
  if (verb === 'advance') return [matching(rest, STEPS.filter((s) => s !== 'untap' && s !== 'cleanup')), rest];
  if (verb === 'save' || verb === 'load') return files(rest);
  if (verb === 'card') return [matching(rest, names.cards), rest];
  if (verb === 'explain') return [matching(rest, names.board), rest];
  if (verb === 'set') return completeSet(rest, names);
  if (!(VERBS as readonly string[]).includes(verb)) return [[], rest];
  const keys = keysOf(verb as Verb);
  const { fragment, after } = lastFragment(rest, keys);
  const pool = after === 'by' ? names.players : [...names.board, ...names.players, ...(verb === 'cast' || verb === 'play' || verb === 'suspend' ? names.cards : [])];
  const hits = matching(fragment, pool);
  if (hits.length) return [hits, fragment];
  const last = /(\S*)$/.exec(fragment)![1]!;
  return [matching(last, [...keys, ...pool]), last];
}

const SET_WORDS = ['add', 'remove', 'turn', 'step', 'active', 'priority', 'lands_played'];
const SET_FIELDS = ['life', 'poison', 'pool', 'tapped', 'untapped', 'damage', 'counters', 'to', 'top', 'as'];

/** After `set`: its first words, then card names after `add`, zones after `to`, names and fields. */
function completeSet(rest: string, names: Names): [string[], string] {
  if (/^add\s+/.test(rest) && !/\sto\s/.test(rest)) {
    const frag = rest.replace(/^add\s+/, '');
    const hits = matching(frag, names.cards);
    if (hits.length) return [hits, frag];
  }
  const zone = /\sto\s+(\S*)$/.exec(rest);
  if (zone) return [matching(zone[1]!, names.players.flatMap((p) => ['hand', 'library', 'graveyard', 'exile', 'battlefield'].map((z) => `${p}.${z}`))), zone[1]!];
  const hits = matching(rest, [...SET_WORDS, ...names.players, ...names.board]);
  if (hits.length) return [hits, rest];
  const last = /(\S*)$/.exec(rest)![1]!;
  return [matching(last, SET_FIELDS), last];
}

/** The text after the last separator: a comma, `->`, a bracket, or a key word. */
function lastFragment(rest: string, keys: string[]): { fragment: string; after: string } {
  let at = 0;
  let after = '';
  const re = new RegExp(`(,|->|\\[|\\{|(?:^|\\s)(${keys.join('|')})\\s)\\s*`, 'g');
  for (const mm of rest.matchAll(re)) {
    at = mm.index + mm[0].length;
    after = mm[2] ?? '';
  }
  return { fragment: rest.slice(at), after };
}

/** The candidates starting with `prefix` (any case), each written from the prefix as typed. */
function matching(prefix: string, candidates: Iterable<string>): string[] {
  const p = prefix.toLowerCase();
  const out = new Set<string>();
  for (const c of candidates) if (c.toLowerCase().startsWith(p)) out.add(prefix + c.slice(prefix.length));
  return [...out].sort((a, b) => a.localeCompare(b));
}

/** Scenario files and folders for `save` and `load`. */
function files(rest: string): [string[], string] {
  const dir = rest.includes('/') ? dirname(`${rest}x`) : '.';
  const base = rest.includes('/') ? rest.slice(rest.lastIndexOf('/') + 1) : rest;
  let entries: string[] = [];
  try {
    entries = readdirSync(dir).filter((e) => !e.startsWith('.') || base.startsWith('.'));
  } catch {
    return [[], rest];
  }
  const prefix = rest.slice(0, rest.length - base.length);
  const out = entries.filter((e) => e.startsWith(base)).flatMap((e) => {
    let isDir = false;
    try { isDir = statSync(join(dir, e)).isDirectory(); } catch { /* a vanished entry */ }
    if (isDir) return [`${prefix}${e}/`];
    return /\.ya?ml$/.test(e) ? [`${prefix}${e}`] : [];
  });
  return [out.sort(), rest];
}
