// From a scenario file to a game: YAML with positions, the schema, the scenario's own cards, and
// the initial state. Every problem is a ScenarioError with file:line:column and a suggestion.

import type { Document, LineCounter } from 'yaml';
import { readYaml, type ReadYaml } from '../util/yamlread.js';
import { howToRaise, limits } from '../util/limits.js';
import { loadLibrary } from '../cards/library.js';
import type { CardRegistry } from '../cards/registry.js';
import { keywordLine } from '../cards/compile.js';
import { compileEntries, fromTextAlone } from '../cards/oracle/entry.js';
import { parseTypeLine } from '../cards/schema.js';
import { spellOf, type CardDef, type CardFace, type Effect, type TokenSpec } from '../cards/types.js';
import { faces } from '../cards/registry.js';
import { Game } from '../state/game.js';
import { gamePorts } from '../game/ports.js';
import { COLOR_BY_NAME, parsePool, type ColorName } from '../core/mana.js';
import { newChoices, type GameObject, type GameState, type ObjId, type Player, type PlayerId, type PlayerZone } from '../state/state.js';
import { createObject, enterWithLoyalty, OBJECT_LIMIT, objectByRef, objectCount } from '../events/zones.js';
import { captureCopy } from '../characteristics/copyEffects.js';
import { copiableValues } from '../characteristics/copiable.js';
import { closest, shown } from '../util/suggest.js';
import { flattenIssues } from '../util/zod.js';
import { quickParse } from '../util/zodquick.js';
import { formatPath, ScenarioErrors, type Position, type ScenarioError } from './errors.js';
import { scenarioSchema, type CommandEntry, type ObjectEntry, type ScenarioSpec, type StackEntry } from './schema.js';
import { resolveRef, RefError } from './refs.js';


export interface LoadOptions {
  /** Compile the scenario's own cards from their text, ignoring their DSL (`--oracle-only`). */
  oracleOnly?: boolean;
}

export interface LoadedScenario {
  file: string;
  spec: ScenarioSpec;
  doc: Document;
  lc: LineCounter;
  registry: CardRegistry;
  /** Position of a key path in the file. */
  at(path: readonly PropertyKey[], atKey?: boolean): Position;
  /** Custom cards that shadow a library card. */
  shadowed: string[];
}

/** Parses and validates a scenario; `cards` is the catalog its card names are looked up in. */
export function parseScenario(file: string, text: string, cards: CardRegistry = loadLibrary().registry, opts: LoadOptions = {}): LoadedScenario {
  const { maxFileSize } = limits();
  if (text.length > maxFileSize) {
    throw new ScenarioErrors([{ file, pos: { line: 1, col: 1 }, path: '', message: `the file has ${text.length.toLocaleString('en-US')} characters; a scenario may have at most ${maxFileSize.toLocaleString('en-US')} (${howToRaise('maxFileSize', 'BYTES')})` }]);
  }
  const read = readYaml(text);
  const { value: raw, problems } = read;
  if (problems.length) throw new ScenarioErrors(problems.map((p) => ({ file, pos: { line: p.line, col: p.col }, path: '', message: p.message })));
  const at = (path: readonly PropertyKey[], atKey = false) => read.locate(path, atKey);
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    throw new ScenarioErrors([{ file, pos: { line: 1, col: 1 }, path: '', message: 'a scenario is a YAML map with `scenario`, `players` and optional `cards`, `turn`, `stack`, `actions`' }]);
  }
  // zod itself only when the quick way can't answer: it words the problems
  const r = quickParse(scenarioSchema, raw, read.tree) ?? scenarioSchema.safeParse(raw);
  if (!r.success) {
    throw new ScenarioErrors(flattenIssues(r.error.issues as never).map((i) => ({
      file, pos: at(i.path, i.message.startsWith('unknown key')), path: formatPath(i.path), message: i.message,
    })));
  }
  const spec = r.data;
  // the scenario's own cards
  const library = cards;
  // a layer of the scenario's own over the catalog: its cards, and text-ignored variants
  let registry = library.withCustom([]);
  const shadowed: string[] = [];
  if (spec.cards?.length) {
    const sub = compileEntries(spec.cards, (i, path, atKey) => at(['cards', i, ...path], atKey), file, true);
    if (sub.problems.length) {
      throw new ScenarioErrors(sub.problems.map((p) => ({ file, pos: { line: p.line, col: p.col }, path: formatPath(['cards', ...p.path]), message: p.message })));
    }
    for (const c of sub.cards) if (library.get(c.name)) shadowed.push(c.name);
    registry = library.withCustom(opts.oracleOnly ? sub.cards.map(fromTextAlone) : sub.cards);
  }
  return new Parsed(file, spec, registry, at, shadowed, read);
}

/**
 * A scenario parsed, its document and lines parsed in full only if something asks for them. A class,
 * not an object literal with getters (see shapeProblems in test/architecture.test.ts).
 */
class Parsed implements LoadedScenario {
  constructor(
    readonly file: string,
    readonly spec: ScenarioSpec,
    readonly registry: CardRegistry,
    readonly at: LoadedScenario['at'],
    readonly shadowed: string[],
    private readonly read: ReadYaml,
  ) {}

  get doc(): Document {
    return this.read.doc;
  }

  get lc(): LineCounter {
    return this.read.lc;
  }
}

// ------------------------------------------------------------------ initial state

function emptyState(): GameState {
  return {
    players: [], objects: {}, battlefield: [], stack: [],
    turn: { number: 1, active: '', step: 'main1', priority: null, passed: [], landsPlayed: 0 },
    effects: [], pending: [], lki: {}, nextId: 1, nextTimestamp: 1, nextEffectId: 1, events: [], triggerSeq: 0, seed: 1,
  };
}

const ZONES = ['hand', 'library', 'graveyard', 'exile'] as const;

/**
 * Builds the game the scenario describes. `where`, when given, is filled with the key path of the
 * entry each object was made from (the REPL's \`set\` edits the board through it).
 */
export function buildGame(sc: LoadedScenario, where?: Map<ObjId, readonly PropertyKey[]>): Game {
  const { spec, file } = sc;
  const errors: ScenarioError[] = [];
  const err = (path: readonly PropertyKey[], message: string, atKey = false) => errors.push({ file, pos: sc.at(path, atKey), path: formatPath(path), message });
  const state = emptyState();
  if (spec.seed !== undefined) state.seed = spec.seed;
  const g = new Game(state, sc.registry, gamePorts);
  const names = Object.keys(spec.players);
  for (const name of names) {
    const p = spec.players[name]!;
    const pool = parsePool(p.pool ?? '');
    if ('error' in pool) err(['players', name, 'pool'], pool.error);
    const player: Player = {
      name, life: p.life ?? 20, pool: 'error' in pool ? [] : pool, hand: [], library: [], graveyard: [], exile: [], command: [], poison: p.poison ?? 0, ...(p.energy ? { energy: p.energy } : {}), ...(p.city_blessing ? { cityBlessing: true } : {}),
      drewFromEmpty: false, lost: false, lifeGainedThisTurn: 0, cardsDrawnThisTurn: 0, damagedThisTurn: false,
    };
    state.players.push(player);
  }
  const checkPlayer = (path: PropertyKey[], v: string | undefined): PlayerId | undefined => {
    if (v === undefined) return undefined;
    if (names.includes(v)) return v;
    const hint = closest(v, names, 1);
    err(path, `no player named "${v}"${hint.length ? `; did you mean "${hint[0]}"?` : `; the players are ${names.join(', ')}`}`);
    return undefined;
  };
  // turn
  const t = spec.turn ?? {};
  state.turn.number = t.number ?? 1;
  state.turn.active = checkPlayer(['turn', 'active'], t.active) ?? names[0]!;
  state.turn.step = (t.step ?? 'main1') as GameState['turn']['step'];
  state.turn.priority = checkPlayer(['turn', 'priority'], t.priority) ?? state.turn.active;
  state.turn.landsPlayed = t.lands_played ?? 0;

  // objects: explicit timestamps first, then file order (613.7)
  const explicit: number[] = [];
  for (const name of names) for (const z of [...ZONES, 'battlefield'] as const) for (const e of spec.players[name]![z] ?? []) if (typeof e === 'object' && e.timestamp !== undefined) explicit.push(e.timestamp);
  state.nextTimestamp = (explicit.length ? Math.max(...explicit) : 0) + 1;
  const ids = new Map<string, PropertyKey[]>();
  const later: Array<() => void> = [];
  const made: GameObject[] = [];
  const cardFor = (path: PropertyKey[], cardName: string, textIgnored = false): CardDef | undefined => {
    const c = sc.registry.find(cardName);
    if (!c) {
      const hint = closest(cardName, sc.registry.names(), 3);
      err(path, `no card named '${shown(cardName)}'${hint.length ? `; did you mean ${hint.map((h) => `'${h}'`).join(' or ')}?` : ''} (\`ruling cards\` lists the library; a scenario can define its own in \`cards:\`)`);
      return undefined;
    }
    if (textIgnored) return sc.registry.withoutText(c);
    if (c.unsupported.length) {
      err(path, `${c.name} is not supported yet: the engine can't do ${c.unsupported.join('; ')}. (\`ruling cards "${c.name}"\` shows its status)`);
      return undefined;
    }
    return c;
  };
  for (const pname of names) {
    for (const z of [...ZONES, 'battlefield'] as const) {
      const list = spec.players[pname]![z] ?? [];
      list.forEach((entry, i) => {
        const path = ['players', pname, z, i];
        const o = makeObject(g, sc, entry, path, pname, z, cardFor, checkPlayer, err);
        if (!o) return;
        where?.set(o.id, path);
        made.push(o);
        if (o.ref !== undefined) {
          if (ids.has(o.ref)) err([...path, 'id'], `the id "${o.ref}" is used twice (also at ${formatPath(ids.get(o.ref)!)})`);
          if (names.includes(o.ref)) err([...path, 'id'], `the id "${o.ref}" is also a player's name`);
          ids.set(o.ref, path);
        }
        if (typeof entry === 'object') later.push(() => linkObject(g, entry, o, path, err));
      });
    }
  }
  for (const pname of names) {
    (spec.players[pname]!.command ?? []).forEach((entry, i) => {
      const path = ['players', pname, 'command', i];
      const o = makeEmblem(g, entry, pname, path, cardFor, err);
      if (!o) return;
      where?.set(o.id, path);
      if (o.ref === undefined) return;
      if (ids.has(o.ref)) err([...path, 'id'], `the id "${o.ref}" is used twice (also at ${formatPath(ids.get(o.ref)!)})`);
      if (names.includes(o.ref)) err([...path, 'id'], `the id "${o.ref}" is also a player's name`);
      ids.set(o.ref, path);
    });
  }
  // a planeswalker listed without loyalty counters has its printed loyalty (306.5b)
  enterWithLoyalty(g, made);
  for (const f of later) f();
  // the stack, listed top first: built bottom first
  const stack = spec.stack ?? [];
  for (let i = stack.length - 1; i >= 0; i--) buildStackEntry(g, sc, stack[i]!, ['stack', i], cardFor, checkPlayer, err);
  checkCreatedIds(spec, ids, names, err);
  if (errors.length) throw new ScenarioErrors(errors);
  for (const s of sc.shadowed) g.emit({ type: 'card_shadowed', rule: null, card: s });
  state.triggerSeq = state.events.length;
  return g;
}

/** The ids actions give the tokens they create are unique in the file, as a board's ids are. */
function checkCreatedIds(spec: ScenarioSpec, ids: Map<string, PropertyKey[]>, players: string[], err: Err): void {
  (spec.actions ?? []).forEach((a, i) => {
    if (typeof a !== 'object' || !a.created) return;
    a.created.forEach((id, j) => {
      const path = ['actions', i, 'created', j];
      if (ids.has(id)) err(path, `the id "${id}" is used twice (also at ${formatPath(ids.get(id)!)})`);
      else if (players.includes(id)) err(path, `the id "${id}" is also a player's name`);
      ids.set(id, path);
    });
  });
}

type CardFor = (path: PropertyKey[], name: string, textIgnored?: boolean) => CardDef | undefined;

/** The abilities of the first emblem a card's instructions make (114.2), by key; null if none. */
function emblemAbilities(card: CardDef): string[] | null {
  const inEffects = (effects: Effect[]): string[] | null => {
    for (const e of effects) {
      if (e.verb === 'emblem') return e.abilities.map((a) => a.key);
      const nested = [...('do' in e && Array.isArray(e.do) ? [e.do as Effect[]] : []), ...('otherwise' in e && Array.isArray(e.otherwise) ? [e.otherwise as Effect[]] : [])];
      for (const list of nested) { const found = inEffects(list); if (found) return found; }
    }
    return null;
  };
  for (const a of faces(card).flatMap((f) => f.abilities)) {
    if (a.kind !== 'spell' && a.kind !== 'activated' && a.kind !== 'triggered') continue;
    for (const block of a.modal ? a.modal.modes : [a.block]) { const found = inEffects(block.effects); if (found) return found; }
  }
  return null;
}

/** An emblem a player has from the start (408.2, 114.2): the one the named card makes. */
function makeEmblem(g: Game, entry: CommandEntry, player: PlayerId, path: PropertyKey[], cardFor: CardFor, err: Err): GameObject | undefined {
  const card = cardFor([...path, 'emblem'], entry.emblem);
  if (!card) return undefined;
  const abilities = emblemAbilities(card);
  if (!abilities) { err([...path, 'emblem'], `${card.name} makes no emblem ("... gets an emblem with ..."); name the card whose ability gives it`); return undefined; }
  return createObject(g, { emblem: { abilities }, owner: player, zone: 'command', ...(entry.id !== undefined ? { ref: entry.id } : {}) }, 'bottom');
}
type CheckPlayer = (path: PropertyKey[], v: string | undefined) => PlayerId | undefined;
type Err = (path: readonly PropertyKey[], message: string, atKey?: boolean) => void;

function tokenSpec(def: Exclude<Extract<ObjectEntry, object>['token'], string | undefined>, path: PropertyKey[], err: Err): TokenSpec | undefined {
  const tl = parseTypeLine(def.type);
  if ('error' in tl) { err([...path, 'token', 'type'], tl.error); return undefined; }
  let power: number | undefined;
  let toughness: number | undefined;
  if (def.pt !== undefined) {
    const m = /^(\d+)\/(\d+)$/.exec(String(def.pt));
    if (!m) err([...path, 'token', 'pt'], `expected power/toughness like "3/3", got "${def.pt}"`);
    else { power = Number(m[1]); toughness = Number(m[2]); }
  }
  const colors = (def.colors ?? []).map((c) => COLOR_BY_NAME[c.toLowerCase() as ColorName]);
  if (colors.some((c) => !c)) err([...path, 'token', 'colors'], 'colors are white, blue, black, red, green');
  const abilities: string[] = [];
  for (const line of (def.text ?? '').split('\n').map((l) => l.trim()).filter(Boolean)) {
    const kws = keywordLine(line, 'token');
    if (!kws) { err([...path, 'token', 'text'], `a token's text can only hold keywords here ("${line}" is not one); define a card in \`cards:\` and use \`token: NAME\` for more`); continue; }
    abilities.push(...kws.map((k) => k.text));
  }
  return { name: def.name, types: tl.types, supertypes: tl.supertypes, subtypes: tl.subtypes, colors: colors.filter(Boolean), ...(power !== undefined ? { power, toughness: toughness! } : {}), abilities };
}

const overfull = new WeakSet<Game>();

/** Whether the game has room for one more object; the first entry past the limit is an error. */
function roomFor(g: Game, path: PropertyKey[], err: Err): boolean {
  if (objectCount(g) < OBJECT_LIMIT) return true;
  if (!overfull.has(g)) err(path, `a game holds at most ${OBJECT_LIMIT.toLocaleString('en-US')} objects (cards, tokens, spells and abilities on the stack); this entry is past that: list fewer`);
  overfull.add(g);
  return false;
}

function makeObject(g: Game, sc: LoadedScenario, entry: ObjectEntry, path: PropertyKey[], listing: PlayerId, zone: PlayerZone | 'battlefield', cardFor: CardFor, checkPlayer: CheckPlayer, err: Err): GameObject | undefined {
  if (!roomFor(g, path, err)) return undefined;
  if (typeof entry === 'string') {
    const c = cardFor(path, entry);
    if (!c) return undefined;
    return createObject(g, { card: c.name, owner: listing, zone }, 'bottom');
  }
  if ((entry.card === undefined) === (entry.token === undefined)) {
    err(path, 'an object entry has exactly one of `card` or `token`');
    return undefined;
  }
  let card: string | undefined;
  let token: TokenSpec | undefined;
  if (entry.text !== undefined && entry.card === undefined) err([...path, 'text'], '`text: ignored` is for a card (`card:`), not a token', true);
  if (entry.card !== undefined) {
    const c = cardFor([...path, 'card'], entry.card, entry.text === 'ignored');
    if (!c) return undefined;
    card = c.name;
  } else if (typeof entry.token === 'string') {
    const c = cardFor([...path, 'token'], entry.token);
    if (!c) return undefined;
    card = c.name;
  } else {
    token = tokenSpec(entry.token!, path, err);
    if (!token) return undefined;
  }
  const owner = checkPlayer([...path, 'owner'], entry.owner) ?? listing;
  if (zone !== 'battlefield' && entry.owner !== undefined && entry.owner !== listing) {
    err([...path, 'owner'], `a card in ${listing}'s ${zone} is ${listing}'s: cards in hands, libraries, graveyards and exile are in their owner's zones (400.3)`);
  }
  for (const k of ['tapped', 'transformed', 'damage', 'sick', 'attached_to', 'attacking', 'blocking'] as const) {
    if (entry[k] !== undefined && zone !== 'battlefield') err([...path, k], `\`${k}\` is for permanents on the battlefield`, true);
  }
  // one literal of fixed shape, absent values left undefined (createObject reads them so): spreads of
  // optional parts here cost more than the rest of the entry's building
  const o = createObject(g, {
    card, token, isToken: entry.token !== undefined, ref: entry.id,
    owner, controller: zone === 'battlefield' ? listing : owner, zone: zone === 'battlefield' ? 'battlefield' : zone,
    tapped: entry.tapped ?? false, faceDown: entry.face_down ?? false, flipped: entry.flipped ?? false, transformed: entry.transformed ?? false,
    counters: entry.counters ?? {}, damage: entry.damage ?? 0, sick: entry.sick ?? false, timestamp: entry.timestamp,
  }, 'bottom');
  // a permanent listed without summoning sickness has been its controller's since before their last upkeep (702.30a)
  if (zone === 'battlefield' && !entry.sick) o.heldSinceUpkeep = { player: listing, turn: 0 };
  if (entry.text === 'ignored') g.emit({ type: 'note', rule: null, text: `${g.name(o.id)} is used for its characteristics alone: its rules text is ignored, as the scenario says` });
  if (entry.flipped && !(card && sc.registry.get(card)?.flip)) err([...path, 'flipped'], `${card ?? 'this token'} is not a flip card (710)`);
  if (entry.transformed && !(card && sc.registry.get(card)?.back)) err([...path, 'transformed'], `${card ?? 'this token'} is not a transforming double-faced card (712)`);
  if (entry.chosen) {
    const ch = entry.chosen;
    const color = ch.color ? COLOR_BY_NAME[ch.color.toLowerCase() as ColorName] : undefined;
    if (ch.color && !color) err([...path, 'chosen', 'color'], `"${ch.color}" is not a color (white, blue, black, red, green)`);
    o.chosen = { ...(color ? { color } : {}), ...(ch.type ? { type: ch.type } : {}), ...(ch.name ? { name: ch.name } : {}), ...(ch.number !== undefined ? { number: ch.number } : {}), ...(ch.player ? { player: checkPlayer([...path, 'chosen', 'player'], ch.player) ?? ch.player } : {}) };
  }
  return o;
}

/** References between objects (attached_to, copy_of, chosen cards, combat), once all exist. */
function linkObject(g: Game, entry: Extract<ObjectEntry, object>, o: GameObject, path: PropertyKey[], err: Err): void {
  const find = (key: string, ref: string): ObjId | string | undefined => {
    try {
      const r = resolveRef(g, ref, { what: `\`${key}\`` });
      return 'obj' in r ? r.obj : `@${r.player}`;
    } catch (e) {
      if (e instanceof RefError) { err([...path, key], e.message); return undefined; }
      throw e;
    }
  };
  if (entry.attached_to !== undefined) {
    const r = find('attached_to', entry.attached_to);
    if (r) o.attachedTo = r.startsWith('@') ? r.slice(1) : r;
  }
  if (entry.copy_of !== undefined) {
    const r = find('copy_of', entry.copy_of);
    if (r && !r.startsWith('@')) o.copied = copyAsEntered(g, r, o);
  }
  if (entry.chosen?.cards) {
    const cards = entry.chosen.cards.map((c) => find('chosen', c)).filter((x): x is string => !!x && !x.startsWith('@'));
    o.chosen = { ...(o.chosen ?? {}), cards };
  }
  if (entry.attacking !== undefined) {
    const r = find('attacking', entry.attacking);
    if (r) o.attacking = r.startsWith('@') ? r.slice(1) : r;
  }
  if (entry.blocking !== undefined) {
    const list = Array.isArray(entry.blocking) ? entry.blocking : [entry.blocking];
    o.blocking = list.map((b) => find('blocking', b)).filter((x): x is string => !!x && !x.startsWith('@'));
  }
  g.changed();
}

/**
 * A permanent of the starting board that entered as a copy (`copy_of`): its own "enter as a copy"
 * ability's exceptions apply (707.9), as they would had it entered during the timeline.
 */
function copyAsEntered(g: Game, of: ObjId, o: GameObject): GameObject['copied'] {
  const own = copiableValues(g, o).abilities.find((a) => a.kind === 'replacement' && a.def.kind === 'enter_as_copy');
  const def = own?.kind === 'replacement' && own.def.kind === 'enter_as_copy' ? own.def : undefined;
  return { ...captureCopy(g, of, def?.except, o, own?.key), ...(def?.until_turned_face_down ? { untilFaceDown: true } : {}) };
}

function buildStackEntry(g: Game, sc: LoadedScenario, e: StackEntry, path: PropertyKey[], cardFor: CardFor, checkPlayer: CheckPlayer, err: Err): void {
  if (!roomFor(g, path, err)) return;
  if ((e.spell === undefined) === (e.ability === undefined)) { err(path, 'a stack entry has exactly one of `spell` or `ability`'); return; }
  const choices = newChoices();
  if (e.x !== undefined) choices.x = e.x;
  if (e.modes) choices.modes = e.modes.map((m) => m - 1);
  if (e.alt && e.alt !== 'none') choices.alt = e.alt;
  if (e.additional) choices.additional = e.additional.map((a) => (a.toLowerCase() === 'kicker' ? 'Kicker' : a));
  const refTo = (key: string, r: string): { obj: string } | { player: string } | undefined => {
    try {
      const x = resolveRef(g, r, { what: `\`${key}\`` });
      return 'obj' in x ? { obj: x.obj } : { player: x.player };
    } catch (ex) {
      if (ex instanceof RefError) { err([...path, key], ex.message); return undefined; }
      throw ex;
    }
  };
  const targets = (e.targets ?? []).flat().map((r) => refTo('targets', String(r))).filter((x): x is { obj: string } | { player: string } => !!x);
  if (e.spell !== undefined) {
    const c = cardFor([...path, 'spell'], e.spell);
    if (!c) return;
    const controller = checkPlayer([...path, 'controller'], e.controller) ?? g.state.turn.active;
    const o = createObject(g, { card: c.name, owner: controller, controller, zone: 'stack', ...(e.id !== undefined ? { ref: e.id } : {}), faceDown: !!e.face_down });
    g.state.stack = [o.id, ...g.state.stack.filter((x) => x !== o.id)];
    const named = (f: CardFace | undefined) => !!f && !!e.face && e.face.toLowerCase() === f.name.toLowerCase();
    const face = named(c.adventure) ? 'adventure' : named(c.split) ? 'split' : 'main';
    o.spell = { choices, castFrom: e.from ?? 'hand', face };
    const spellAb = spellOf(face === 'adventure' ? c.adventure! : face === 'split' ? c.split! : c.main);
    const isAura = c.main.subtypes.includes('Aura') || choices.alt === 'Bestow';
    const specs = spellAb && spellAb.kind === 'spell' ? (spellAb.modal ? (choices.modes ?? []).flatMap((m) => spellAb.modal!.modes[m]!.targets.map((t) => ({ key: `${m}.${t.name}`, t }))) : spellAb.block.targets.map((t) => ({ key: t.name, t }))) : [];
    if (isAura) choices.targets = [{ spec: 'enchant', chosen: targets.slice(0, 1) }];
    else choices.targets = distribute(specs.map((s) => ({ key: s.key, min: s.t.min, max: s.t.max })), targets, (m) => err([...path, 'targets'], m));
    if (e.divide) {
      choices.divide = targets.map((t) => {
        const key = Object.keys(e.divide!).find((k) => { const r = refTo('divide', k); return r && JSON.stringify(r) === JSON.stringify(t); });
        return key ? e.divide![key]! : 0;
      });
    }
    g.changed();
    return;
  }
  // an ability
  if (e.source === undefined) { err(path, 'an ability on the stack needs `source`'); return; }
  const src = refTo('source', e.source);
  if (!src || !('obj' in src)) return;
  const so = g.obj(src.obj);
  const c = g.chars(so.id);
  let ability;
  if (typeof e.ability === 'number' || e.ability === undefined) {
    // every ability of the source in text order, a keyword line counting one per keyword
    ability = c.abilities.filter((a) => !a.key.startsWith('basic:'))[(e.ability ?? 1) - 1];
    if (!ability) { err([...path, 'ability'], `${g.name(so.id)} has ${c.abilities.length} abilities, not ${e.ability}`); return; }
  } else {
    const f = e.ability.toLowerCase();
    const hits = c.abilities.filter((a) => a.text.toLowerCase().includes(f));
    if (hits.length !== 1) { err([...path, 'ability'], hits.length ? `"${e.ability}" matches ${hits.length} abilities of ${g.name(so.id)}` : `${g.name(so.id)} has no ability matching "${e.ability}"; its abilities: ${c.abilities.map((a) => a.text).join(' | ')}`); return; }
    ability = hits[0]!;
  }
  if (ability.kind !== 'activated' && ability.kind !== 'triggered') { err([...path, 'ability'], `"${ability.text}" is not an activated or triggered ability, so it can't be on the stack`); return; }
  const controller = checkPlayer([...path, 'controller'], e.controller) ?? c.controller;
  const o = createObject(g, { owner: controller, controller, zone: 'stack', ...(e.id !== undefined ? { ref: e.id } : {}) });
  g.state.stack = [o.id, ...g.state.stack.filter((x) => x !== o.id)];
  o.ability = { abilityKey: ability.key, source: so.id, sourceName: g.name(so.id), controller, choices, triggered: ability.kind === 'triggered' };
  const block = ability.modal ? (choices.modes ?? []).flatMap((m) => ability.modal!.modes[m]!.targets.map((t) => ({ key: `${m}.${t.name}`, min: t.min, max: t.max }))) : ability.block.targets.map((t) => ({ key: t.name, min: t.min, max: t.max }));
  choices.targets = distribute(block, targets, (m) => err([...path, 'targets'], m));
  g.changed();
}

function distribute(slots: Array<{ key: string; min: number; max: number | null }>, things: Array<{ obj: string } | { player: string }>, err: (m: string) => void) {
  const out: Array<{ spec: string; chosen: Array<{ obj: string } | { player: string }> }> = [];
  let i = 0;
  for (const [si, s] of slots.entries()) {
    const laterMin = slots.slice(si + 1).reduce((n, x) => n + x.min, 0);
    const want = s.max === null ? Math.max(0, things.length - i - laterMin) : Math.min(s.max, Math.max(s.min, things.length - i - laterMin));
    const mode = /^(\d+)(?:~\d+)?\./.exec(s.key)?.[1];
    out.push({ spec: s.key, ...(mode !== undefined ? { mode: Number(mode) } : {}), chosen: things.slice(i, i + want) });
    i += want;
  }
  if (i < things.length) err(`${things.length} targets given but the entry takes ${i}`);
  return out;
}

export function loadScenarioText(file: string, text: string, cards?: CardRegistry, opts: LoadOptions = {}): { scenario: LoadedScenario; game: Game } {
  const scenario = parseScenario(file, text, cards, opts);
  return { scenario, game: buildGame(scenario) };
}

export { objectByRef };
