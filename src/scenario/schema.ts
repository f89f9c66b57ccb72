// The scenario format (shared/spec/SCENARIO.md), validated with zod. Unknown keys are errors with a
// suggestion; rule ids must be strings (YAML reads 707.10 as the number 707.1).

import * as z from 'zod';
import { STEPS } from '../cards/types.js';
import { cardEntrySchema } from '../cards/schema.js';
import { didYouMean } from '../util/suggest.js';
import { strictObject } from '../util/zod.js';

const ruleId = z.union([z.string(), z.number()]).transform((v, ctx) => {
  if (typeof v === 'number') {
    ctx.addIssue({ code: 'custom', message: `rule ids must be quoted strings: write "${v}" (YAML reads 707.10 as the number 707.1)`, input: v });
    return z.NEVER;
  }
  if (!/^\d{3}(\.\d+[a-z]?)?$/.test(v)) {
    ctx.addIssue({ code: 'custom', message: `"${v}" is not a rule id like "601.2f" or "704.5g"`, input: v });
    return z.NEVER;
  }
  return v;
});

/** Bounds on the numbers a scenario may state: far beyond any real game, near enough that no
 * instruction repeated that many times can exhaust time or memory. */
export const LIMITS = { count: 10_000, life: 1_000_000, turn: 10_000, timestamp: 1_000_000 } as const;

/** A whole number of things (counters, damage, X, a division): 0 to LIMITS.count. */
const count = () => z.number().int().nonnegative().max(LIMITS.count, { error: `at most ${LIMITS.count} (a scenario's limit)` });

const ref = z.union([z.string(), z.number()]).transform((v) => String(v));
/** A card's name; the JSON Schema (jsonSchema.ts) offers the library's names here. */
const cardName = z.string().meta({ id: 'cardName' });
const refList = z.array(ref);

const stepSchema = z.string().refine((s) => (STEPS as readonly string[]).includes(s), {
  error: (i) => `unknown step "${String(i.input)}"; ${didYouMean(String(i.input), STEPS) || `expected one of ${STEPS.join(', ')}`}`,
});

const chosenSchema = strictObject(() => ({
  color: z.string().optional(),
  type: z.string().optional(),
  name: z.string().optional(),
  number: z.number().int().optional(),
  player: z.string().optional(),
  cards: refList.optional(),
}), 'in `chosen`');

const tokenDefSchema = strictObject(() => ({
  name: z.string(),
  type: z.string(),
  pt: z.union([z.string(), z.number()]).optional(),
  colors: z.array(z.string()).optional(),
  text: z.string().optional(),
}), 'in a token definition');

export const objectEntrySchema = z.union([
  cardName,
  strictObject(() => ({
    card: cardName.optional(),
    /** `ignored`: the card is used for its characteristics alone, its rules text left out. */
    text: z.literal('ignored', { error: 'the only value of `text` on an object is `ignored` (the card is used for its characteristics alone)' }).optional(),
    token: z.union([cardName, tokenDefSchema]).optional(),
    id: ref.optional(),
    owner: z.string().optional(),
    tapped: z.boolean().optional(),
    face_down: z.boolean().optional(),
    flipped: z.boolean().optional(),
    transformed: z.boolean().optional(),
    counters: z.record(z.string(), count()).optional(),
    damage: count().optional(),
    sick: z.boolean().optional(),
    attached_to: ref.optional(),
    timestamp: z.number().int().min(-LIMITS.timestamp).max(LIMITS.timestamp, { error: `at most ${LIMITS.timestamp}` }).optional(),
    chosen: chosenSchema.optional(),
    copy_of: ref.optional(),
    attacking: ref.optional(),
    blocking: z.union([ref, refList]).optional(),
  }), 'in an object entry'),
]);
export type ObjectEntry = z.output<typeof objectEntrySchema>;

const zone = z.array(objectEntrySchema).optional();

/** An object in the command zone (408): an emblem (114), given by the card whose ability makes it. */
const commandEntrySchema = strictObject(() => ({
  emblem: cardName,
  id: ref.optional(),
}), 'in a command zone entry');
export type CommandEntry = z.output<typeof commandEntrySchema>;

const playerSchema = strictObject(() => ({
  life: z.number().int().min(-LIMITS.life, { error: `at least -${LIMITS.life}` }).max(LIMITS.life, { error: `at most ${LIMITS.life}` }).optional(),
  /** poison counters the player starts with (122.1f) */
  poison: z.number().int().min(0).max(LIMITS.count, { error: `at most ${LIMITS.count}` }).optional(),
  /** (extension) the player has the city's blessing (702.131c) */
  city_blessing: z.boolean().optional(),
  /** energy counters the player starts with (107.14) */
  energy: z.number().int().min(0).max(LIMITS.count, { error: `at most ${LIMITS.count}` }).optional(),
  pool: z.string().max(1_000, { error: 'a mana pool of at most 1,000 characters' }).optional(),
  hand: zone,
  library: zone,
  graveyard: zone,
  exile: zone,
  battlefield: zone,
  /** (extension) the command zone: emblems the player has (114) */
  command: z.array(commandEntrySchema).optional(),
}), 'in a player');
export type PlayerSpec = z.output<typeof playerSchema>;

const proposalKeys = {
  face: z.string().optional(),
  alt: z.string().optional(),
  additional: z.array(z.string()).optional(),
  modes: z.array(z.number().int().positive()).optional(),
  x: count().optional(),
  hybrid: z.array(z.string()).optional(),
  phyrexian: z.array(z.enum(['life', 'mana'])).optional(),
  targets: z.array(z.union([ref, refList])).optional(),
  divide: z.record(z.string(), count()).optional(),
  face_down: z.boolean().optional(),
};

/** The keys of a proposal, `pay` with them. */
const PROPOSAL_KEYS = [...Object.keys(proposalKeys), 'pay'];

const payStep = z.union([
  ref,
  strictObject(() => ({ source: ref, ability: z.string().optional(), mana: z.string().optional() }), 'in a pay step'),
  // an object paying one mana instead of mana (702.51a, 702.126a, 702.66a)
  strictObject(() => ({ convoke: ref, mana: z.string().optional() }), 'in a convoke pay step'),
  strictObject(() => ({ improvise: ref }), 'in an improvise pay step'),
  strictObject(() => ({ delve: ref }), 'in a delve pay step'),
]);
const payList = z.array(payStep);

const stackEntrySchema = strictObject(() => ({
  spell: cardName.optional(),
  ability: z.union([z.string(), z.number().int().positive()]).optional(),
  source: ref.optional(),
  controller: z.string().optional(),
  id: ref.optional(),
  from: z.enum(['hand', 'graveyard', 'library', 'exile']).optional(),
  ...proposalKeys,
}), 'in a stack entry');
export type StackEntry = z.output<typeof stackEntrySchema>;

/** One answer: a map with one kind key. */
export const answerSchema = strictObject(() => ({
  face: z.string().optional(),
  modes: z.array(z.number().int().positive()).optional(),
  x: count().optional(),
  alt: z.string().optional(),
  additional: z.array(z.string()).optional(),
  hybrid: z.array(z.string()).optional(),
  phyrexian: z.array(z.enum(['life', 'mana'])).optional(),
  targets: z.array(z.union([ref, refList])).optional(),
  divide: z.record(z.string(), count()).optional(),
  pay: payList.optional(),
  choose: refList.optional(),
  yes: z.boolean().optional(),
  value: z.union([z.string(), z.number()]).optional(),
  order: refList.optional(),
  apply: ref.optional(),
  attackers: z.record(z.string(), ref).optional(),
  blockers: z.record(z.string(), z.union([ref, refList])).optional(),
}), 'in an answer').superRefine((v, ctx) => {
  const keys = Object.keys(v).filter((k) => (v as Record<string, unknown>)[k] !== undefined);
  if (keys.length !== 1) ctx.addIssue({ code: 'custom', message: keys.length === 0 ? 'an answer needs one kind key, e.g. {targets: [bears]} or {yes: true}' : `one answer per list item; this one has ${keys.join(' and ')}`, input: v });
});
export type AnswerEntry = z.output<typeof answerSchema>;

const zoneName = z.string().regex(/^(stack|none|[^.]+\.(hand|library|graveyard|exile|battlefield|command))$/, {
  error: 'expected a zone like Alice.hand, Bob.battlefield, Alice.command, stack or none',
});

const objectExpect = strictObject(() => ({
  zone: zoneName.optional(),
  name: z.string().nullable().optional(),
  power: z.number().int().nullable().optional(),
  toughness: z.number().int().nullable().optional(),
  types: z.array(z.string()).optional(),
  supertypes: z.array(z.string()).optional(),
  subtypes: z.array(z.string()).optional(),
  colors: z.array(z.string()).optional(),
  abilities: z.array(z.string()).optional(),
  controller: z.string().optional(),
  owner: z.string().optional(),
  tapped: z.boolean().optional(),
  renowned: z.boolean().optional(),
  monstrous: z.boolean().optional(),
  face_down: z.boolean().optional(),
  flipped: z.boolean().optional(),
  transformed: z.boolean().optional(),
  counters: z.record(z.string(), z.number().int()).optional(),
  damage: z.number().int().optional(),
  attached_to: ref.nullable().optional(),
  mana_value: z.number().int().optional(),
  attacking: ref.nullable().optional(),
}), 'in an object checkpoint');

export const expectSchema = strictObject(() => ({
  life: z.record(z.string(), z.number().int()).optional(),
  poison: z.record(z.string(), z.number().int().nonnegative()).optional(),
  energy: z.record(z.string(), z.number().int().nonnegative()).optional(),
  /** (extension) whether each player has the city's blessing (702.131c) */
  city_blessing: z.record(z.string(), z.boolean()).optional(),
  pool: z.record(z.string(), z.string()).optional(),
  zones: z.record(zoneName, z.array(z.string())).optional(),
  count: z.record(zoneName, z.number().int().nonnegative()).optional(),
  stack: z.array(z.string()).optional(),
  objects: z.record(z.string(), objectExpect).optional(),
  turn: strictObject(() => ({ number: z.number().int().optional(), step: stepSchema.optional(), active: z.string().optional(), priority: z.string().optional() }), 'in `turn`').optional(),
  game: strictObject(() => ({ winner: z.string().optional(), draw: z.boolean().optional(), over: z.boolean().optional() }), 'in `game`').optional(),
  cited: z.array(z.union([ruleId, z.array(ruleId)])).optional(),
}), 'in `expect`');
export type ExpectSpec = z.output<typeof expectSchema>;

const illegalSchema = z.union([z.literal(true), ruleId, z.array(ruleId)]);

const common = {
  by: z.string().optional(),
  answers: z.array(answerSchema).optional(),
  illegal: illegalSchema.optional(),
};

export const VERBS = ['cast', 'activate', 'play', 'turn_face_up', 'suspend', 'pass', 'resolve', 'advance', 'attack', 'block', 'expect', 'note'] as const;
export type Verb = (typeof VERBS)[number];

const actionMapSchema = strictObject(() => ({
  cast: ref.optional(),
  activate: ref.optional(),
  ability: z.union([z.string(), z.number().int().positive()]).optional(),
  play: ref.optional(),
  turn_face_up: ref.optional(),
  suspend: ref.optional(),
  pass: z.null().optional(),
  resolve: z.union([z.number().int().positive(), z.literal('all'), z.null()]).optional(),
  advance: stepSchema.optional(),
  attack: z.record(z.string(), ref).nullable().optional(),
  block: z.record(z.string(), z.union([ref, refList])).nullable().optional(),
  expect: expectSchema.optional(),
  note: z.string().optional(),
  created: z.array(z.string().min(1)).min(1).optional(),
  pay: payList.optional(),
  ...proposalKeys,
  ...common,
}), 'in an action').superRefine((v, ctx) => {
  const verbs = VERBS.filter((k) => k in v);
  if (verbs.length !== 1) {
    ctx.addIssue({ code: 'custom', input: v, message: verbs.length === 0 ? `an action needs one verb: ${VERBS.join(', ')}` : `one verb per action; this one has ${verbs.join(' and ')}` });
    return;
  }
  const verb = verbs[0]!;
  // the keys of a proposal are a cast's and an activation's (looked for only in other actions)
  const proposal = verb === 'cast' || verb === 'activate' ? [] : PROPOSAL_KEYS.filter((k) => k in v);
  if (proposal.length && !((verb === 'turn_face_up' || verb === 'suspend') && proposal.every((k) => k === 'pay'))) {
    ctx.addIssue({ code: 'custom', input: v, path: [proposal[0]!], message: `\`${proposal[0]}\` is a key of \`cast\` and \`activate\` actions, not of \`${verb}\`` });
  }
  if ('created' in v && (verb === 'expect' || verb === 'note' || 'illegal' in v)) {
    ctx.addIssue({ code: 'custom', input: v, path: ['created'], message: `\`created\` names the tokens an action creates; ${'illegal' in v ? 'an illegal action creates none' : `\`${verb}\` creates none`}` });
  }
  if ('ability' in v && verb !== 'activate') ctx.addIssue({ code: 'custom', input: v, path: ['ability'], message: '`ability` goes with `activate`' });
});

export const actionSchema = z.union([
  z.enum(['pass', 'resolve']).transform((verb) => ({ [verb]: null })),
  actionMapSchema,
], { error: (i) => (typeof i.input === 'string' ? `unknown action "${i.input}"; a bare action is \`pass\` or \`resolve\`${didYouMean(i.input, ['pass', 'resolve']) ? `; ${didYouMean(i.input, ['pass', 'resolve'])}` : ''}` : undefined) });
export type ActionSpec = z.output<typeof actionMapSchema>;

export const scenarioSchema = strictObject(() => ({
  scenario: z.string({ error: 'every scenario needs a title: `scenario: ...`' }),
  description: z.string().optional(),
  rules: z.array(ruleId).optional(),
  cards: z.array(z.unknown()).optional(),
  players: z.record(z.string(), z.union([playerSchema, z.null().transform((): PlayerSpec => ({}))])).refine((p) => Object.keys(p).length >= 2, { error: 'a scenario needs at least two players' }),
  turn: strictObject(() => ({
    number: z.number().int().positive().max(LIMITS.turn, { error: `at most ${LIMITS.turn}` }).optional(),
    active: z.string().optional(),
    step: stepSchema.optional(),
    priority: z.string().optional(),
    lands_played: z.number().int().nonnegative().optional(),
  }), 'in `turn`').optional(),
  stack: z.array(stackEntrySchema).optional(),
  actions: z.array(actionSchema).optional(),
  seed: z.number().int().optional(),
}), 'at the top level of a scenario');
export type ScenarioSpec = z.output<typeof scenarioSchema>;

export { cardEntrySchema };
