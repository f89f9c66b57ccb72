// The card DSL: the YAML form of a card (library files and a scenario's `cards:`), validated and
// compiled in one pass into the types of types.ts. The README documents it for users.

import * as z from 'zod';
import { COLOR_BY_NAME, parseManaCost, type ColorLetter, type ColorName, type ManaCost } from '../core/mana.js';
import { didYouMean } from '../util/suggest.js';
import { parseInner, strictObject } from '../util/zod.js';
import { parseCost, type ParsedCost } from './costs.js';
import { parseFilter, type Filter } from './filter.js';
import type {
  ActivationWindow, Affected, CastWindow, Ability, Amount, Condition, CopyExcept, Duration, Effect, EffectBlock, ModalSpec, ReplacedEvent, ReplacementDef, StaticDef,
  StepName, TargetSpec, TokenSpec, Trigger, Who,
} from './types.js';
import { STEPS } from './types.js';

// ---------------------------------------------------------------- leaves

const issue = (ctx: z.RefinementCtx, message: string) => {
  ctx.addIssue({ code: 'custom', message, input: undefined });
  return z.NEVER;
};

export const filterSchema = z.string().transform((s, ctx): Filter => {
  const f = parseFilter(s);
  return 'error' in f ? issue(ctx, `filter: ${f.error}`) : f;
});

export const manaCostSchema = z.string().transform((s, ctx): ManaCost => {
  const c = parseManaCost(s);
  return 'error' in c ? issue(ctx, c.error) : c;
});

const colorSchema = z.string().transform((s, ctx): ColorLetter => {
  const c = COLOR_BY_NAME[s.toLowerCase() as ColorName];
  if (!c) return issue(ctx, `unknown color "${s}"; ${didYouMean(s, Object.keys(COLOR_BY_NAME)) || 'expected white, blue, black, red or green'}`);
  return c;
});

const refSchema = z.string().min(1);
/**
 * What an instruction affects: a bare string is a reference (a target's name, `self`, `it`, `each`...,
 * 608.2c); `{ all: FILTER }` is every object that matches the filter as the instruction is followed.
 */
const affectedRefSchema: z.ZodType<Affected> = z.union([refSchema, strictObject(() => ({ all: filterSchema }))]);

const amountSchema: z.ZodType<Amount> = z.lazy(() => z.union([
  z.number().int().nonnegative(),
  z.literal('X'),
  z.literal('event_amount'),
  z.literal('life_lost'),
  strictObject(() => ({ count: filterSchema })),
  strictObject(() => ({ power_of: refSchema })),
  strictObject(() => ({ toughness_of: refSchema })),
  strictObject(() => ({ mana_value_of: refSchema })),
  strictObject(() => ({ greatest_power: filterSchema })),
  strictObject(() => ({ cards_in_hand: refSchema })),
  strictObject(() => ({ distinct: z.literal('card_types'), among: filterSchema })),
  strictObject(() => ({ number_of: refSchema, matching: filterSchema.optional() })),
  strictObject(() => ({ counters: z.string(), on: refSchema })),
  strictObject(() => ({ blockers_beyond_first: refSchema })),
  strictObject(() => ({ blockers_of: refSchema })),
  strictObject(() => ({ died_this_turn: filterSchema, owner: z.literal('you').optional() })),
  strictObject(() => ({ spells_cast_before: refSchema })),
  strictObject(() => ({ spells_cast_this_turn: refSchema, matching: filterSchema.optional(), before: refSchema.optional() })),
  strictObject(() => ({ replicate_paid: refSchema })),
  strictObject(() => ({ times_kicked: refSchema })),
  strictObject(() => ({ plus: z.tuple([amountSchema, amountSchema]) })),
  strictObject(() => ({ times: z.tuple([amountSchema, amountSchema]) })),
  strictObject(() => ({ minus: z.tuple([amountSchema, amountSchema]) })),
  strictObject(() => ({ basic_land_types: filterSchema })),
  strictObject(() => ({ targets_of: refSchema })),
  strictObject(() => ({ devotion: z.array(colorSchema).min(1) })),
  strictObject(() => ({ colors_spent: refSchema })),
  strictObject(() => ({ same_name: refSchema, among: filterSchema })),
], { error: () => 'expected an amount: a number, X, or {colors_spent: REF}, {same_name: REF, among: FILTER}, {count: FILTER}, {power_of: REF}, {toughness_of: REF}, {mana_value_of: REF}, {greatest_power: FILTER}, {cards_in_hand: REF}, {distinct: card_types, among: FILTER}, {number_of: REF, matching: FILTER}, {counters: NAME, on: REF}, {plus: [A, B]}, {times: [A, B]}, {minus: [A, B]}, {basic_land_types: FILTER}, {targets_of: REF}, {devotion: [COLOR, ...]}, {died_this_turn: FILTER, owner: you}, {spells_cast_this_turn: REF, matching: FILTER, before: REF}' }));

const searchToSchema = z.enum(['battlefield', 'hand', 'graveyard', 'exile', 'library_top']);

/** "with mana value X or less / equal to ... / N or greater", as the search resolves */
function searchManaValue(m: { at_most: Amount } | { equal: Amount } | { at_least: Amount }): { op: '<=' | '=' | '>='; of: Amount } {
  if ('at_most' in m) return { op: '<=', of: m.at_most };
  if ('equal' in m) return { op: '=', of: m.equal };
  return { op: '>=', of: m.at_least };
}

/** How long a continuous effect from a resolution lasts (611.2a-b): always written out. */
const durationSchema = z.enum(['end_of_turn', 'source_tapped', 'permanent', 'source_on_battlefield', 'source_controlled', 'source_controlled_and_tapped']);

const ptChangeSchema = z.string().transform((s, ctx) => {
  const m = /^([+\u2212-])(\d+|X)\/([+\u2212-])(\d+|X)$/.exec(s.trim());
  if (!m) return issue(ctx, `expected a change like "+3/+3" or "-5/-5", got "${s}"`);
  const part = (sign: string, v: string): Amount => {
    if (v === 'X') return 'X';
    return (sign === '+' ? 1 : -1) * Number(v);
  };
  // "-X": the sign of an X half is kept apart, since X is only known on resolution
  const negX: [boolean, boolean] = [m[1] !== '+' && m[2] === 'X', m[3] !== '+' && m[4] === 'X'];
  return { power: part(m[1]!, m[2]!), toughness: part(m[3]!, m[4]!), ...(negX[0] || negX[1] ? { negX } : {}) };
});

const ptSchema = z.string().transform((s, ctx) => {
  const m = /^(\d+|X)\/(\d+|X)$/.exec(s.trim());
  if (!m) return issue(ctx, `expected power/toughness like "3/3" or "X/X", got "${s}"`);
  return [m[1] === 'X' ? 'X' as const : Number(m[1]), m[2] === 'X' ? 'X' as const : Number(m[2])] as const;
});

const stepSchema = z.string().transform((s, ctx): StepName => {
  if (!(STEPS as readonly string[]).includes(s)) return issue(ctx, `unknown step "${s}"; ${didYouMean(s, STEPS) || `expected one of ${STEPS.join(', ')}`}`);
  return s as StepName;
});

/** "Spend this mana only to cast F spells / activate abilities of F" (106.6): at least one of the two. */
const manaUseSchema = strictObject(() => ({ spells: filterSchema.optional(), abilities: filterSchema.optional() }))
  .refine((o) => o.spells !== undefined || o.abilities !== undefined, 'give `spells`, `abilities` or both')
  .transform((o) => ({ ...(o.spells ? { spells: o.spells } : {}), ...(o.abilities ? { abilities: o.abilities } : {}) }));

const whoSchema = z.enum(['you', 'opponents', 'each']).default('you') as z.ZodType<Who>;

// ---------------------------------------------------------------- conditions and triggers

/**
 * What a table entry must be: a schema that produces a T. The tables are checked by their entries'
 * output types (`satisfies Record<string, Produces<T>>`) rather than related whole to `z.ZodType<T>`,
 * which made the type-checker compare every member of zod's classes for every entry: most of the
 * time of the build. The output is all a table's user reads of an entry (parseInner, dispatch).
 */
type Produces<T> = { _zod: { output: T } };

/**
 * A table entry: a strict object of `shape`, and what `make` makes of it. Typed by what it makes
 * alone, so that the type of zod's pipe from the object to the transform isn't built for each entry.
 */
function entry<T extends z.ZodRawShape, R>(shape: () => T, make: (o: z.output<z.ZodObject<T>>, ctx: z.RefinementCtx) => R): Produces<R> {
  return strictObject(shape).transform(make) as unknown as Produces<R>;
}

/** A table whose entries were checked by `satisfies Record<string, Produces<T>>`, as schemas of T. */
function asTable<T>(entries: Record<string, Produces<T>>): Record<string, z.ZodType<T>> {
  return entries as unknown as Record<string, z.ZodType<T>>;
}


export const conditionSchema: z.ZodType<Condition> = z.any().transform((v, ctx): Condition => {
  const ks = v && typeof v === 'object' ? Object.keys(v) : [];
  const key = ks.find((k) => CONDITIONS[k]);
  if (!key) return issue(ctx, `expected a condition with one of: ${Object.keys(CONDITIONS).join(', ')}`);
  return parseInner(CONDITIONS[key]!, v, ctx) as Condition;
});

const CONDITIONS_ENTRIES = {
  all: entry(() => ({ all: z.array(z.lazy(() => conditionSchema)).min(2) }), (o) => ({ kind: 'all' as const, all: o.all })),
  life_at_least: entry(() => ({ life_at_least: z.number().int(), who: refSchema.default('you') }),
    (o) => ({ kind: 'life_at_least' as const, who: o.who, n: o.life_at_least })),
  kicked: entry(() => ({ kicked: z.literal(true), of: refSchema.optional() }), (o) => ({ kind: 'kicked' as const, ...(o.of ? { of: o.of } : {}) })),
  escaped: entry(() => ({ escaped: z.literal(true) }), () => ({ kind: 'escaped' as const })),
  cast_from: entry(() => ({ cast_from: z.enum(['graveyard', 'hand', 'library']) }),
    (o) => ({ kind: 'cast_from' as const, zone: o.cast_from })),
  hand_empty: entry(() => ({ hand_empty: refSchema }), (o) => ({ kind: 'hand_empty' as const, who: o.hand_empty })),
  hand_at_least: entry(() => ({ hand_at_least: z.number().int(), who: refSchema.default('you') }),
    (o) => ({ kind: 'hand_at_least' as const, who: o.who, n: o.hand_at_least })),
  hand_at_most: entry(() => ({ hand_at_most: z.number().int().min(0), who: refSchema.default('you') }),
    (o) => ({ kind: 'hand_at_most' as const, who: o.who, n: o.hand_at_most })),
  no_counters: entry(() => ({ no_counters: z.string(), on: refSchema.default('self') }),
    (o) => ({ kind: 'no_counters' as const, counter: o.no_counters, on: o.on })),
  is: entry(() => ({ is: filterSchema, what: refSchema, not: z.literal(true).optional() }), (o) => ({ kind: 'is' as const, what: o.what, filter: o.is, ...(o.not ? { not: true } : {}) })),
  // `none: true`: "you control no Snakes"
  controls: strictObject(() => ({ controls: filterSchema, who: refSchema.default('you'), at_least: z.number().int().min(1).optional(), none: z.literal(true).optional() }))
    .refine((o) => !(o.none && o.at_least), 'a condition on controlling none takes no at_least')
    .transform((o) => ({ kind: 'controls' as const, who: o.who, filter: o.controls, ...(o.at_least ? { atLeast: o.at_least } : {}), ...(o.none ? { none: true } : {}) })),
  /** "if you have the city's blessing" (702.131c) */
  city_blessing: entry(() => ({ city_blessing: z.literal(true), who: refSchema.default('you') }), (o) => ({ kind: 'city_blessing' as const, who: o.who })),
  creature_died_this_turn: entry(() => ({ creature_died_this_turn: z.literal(true) }), () => ({ kind: 'creature_died_this_turn' as const })),
  // `false`: "if you didn't attack with a creature this turn"
  attacked_this_turn: entry(() => ({ attacked_this_turn: z.boolean() }), (o) => ({ kind: 'attacked_this_turn' as const, ...(o.attacked_this_turn ? {} : { not: true as const }) })),
  life_gained_this_turn: entry(() => ({ life_gained_this_turn: z.number().int().min(1), who: refSchema.default('you') }), (o) => ({ kind: 'life_gained_this_turn' as const, n: o.life_gained_this_turn, who: o.who })),
  at_least: entry(() => ({ at_least: z.number().int(), of: amountSchema }),
    (o) => ({ kind: 'at_least' as const, n: o.at_least, of: o.of })),
  // "your devotion to red is less than five"
  less_than: entry(() => ({ less_than: z.number().int(), of: amountSchema }),
    (o) => ({ kind: 'at_least' as const, n: o.less_than, of: o.of, not: true as const })),
  graveyard_at_least: entry(() => ({ graveyard_at_least: z.number().int().min(0), who: refSchema.default('you') }),
    (o) => ({ kind: 'graveyard_at_least' as const, who: o.who, n: o.graveyard_at_least })),
  life_at_most: entry(() => ({ life_at_most: z.number().int(), who: refSchema.default('you') }),
    (o) => ({ kind: 'life_at_most' as const, who: o.who, n: o.life_at_most })),
  counters_at_least: entry(() => ({ counters_at_least: z.number().int().min(0), counter: z.string(), on: refSchema.default('self'), at_most: z.number().int().min(1).optional() }),
    (o) => ({ kind: 'counters_at_least' as const, counter: o.counter, on: o.on, n: o.counters_at_least, ...(o.at_most !== undefined ? { atMost: o.at_most } : {}) })),
  // "as long as you have more cards in hand than each opponent"
  // "if you control the creature with the greatest power or tied for the greatest power"
  controls_greatest: entry(() => ({ controls_greatest: z.enum(['power', 'toughness']) }), (o) => ({ kind: 'controls_greatest' as const, stat: o.controls_greatest })),
  // "if an opponent controls more lands than you", "if you have less life than an opponent" (an opponent has more)
  more: entry(() => ({ more: z.union([z.enum(['life', 'cards_in_hand']), filterSchema]), who: refSchema.default('you'), than: z.union([z.literal('each_other_player'), refSchema]).default('you'),
    every: z.literal(true).optional(), than_any: z.literal(true).optional() }),
    (o) => ({ kind: 'player_more' as const, who: o.who, than: o.than, ...(o.every ? { every: true as const } : {}), ...(o.than_any ? { thanAny: true as const } : {}),
      stat: o.more === 'life' ? 'life' as const : o.more === 'cards_in_hand' ? 'hand' as const : { controls: o.more } })),
  more_cards_in_hand_than_each_opponent: entry(() => ({ more_cards_in_hand_than_each_opponent: z.literal(true) }), () => ({ kind: 'player_more' as const, who: 'you', than: 'each_opponent', stat: 'hand' as const })),
  source_untapped: entry(() => ({ source_untapped: z.literal(true) }), () => ({ kind: 'source_untapped' as const })),
  source_in_graveyard: entry(() => ({ source_in_graveyard: z.literal(true) }), () => ({ kind: 'source_in_graveyard' as const })),
  // "as long as CARDNAME is equipped / enchanted": an Equipment or an Aura is attached to it (301.5a, 303.4b)
  has_attached: entry(() => ({ has_attached: z.enum(['Equipment', 'Aura']), on: refSchema.default('self') }),
    (o) => ({ kind: 'has_attached' as const, subtype: o.has_attached, on: o.on })),
  // "during your turn", "except during its controller's turn": whose turn it is, or is not
  turn_of: entry(() => ({ turn_of: z.enum(['you', 'caster']), not: z.literal(true).optional() }),
    (o) => ({ kind: 'turn_of' as const, player: o.turn_of, ...(o.not ? { not: true } : {}) })),
  suspended: entry(() => ({ suspended: z.literal(true) }), () => ({ kind: 'suspended' as const })),
  greater_power_or_toughness: entry(() => ({ greater_power_or_toughness: refSchema }), (o) => ({ kind: 'greater_pt' as const, what: o.greater_power_or_toughness })),
  paired: entry(() => ({ paired: z.literal(true) }), () => ({ kind: 'paired' as const })),
  can_pair: entry(() => ({ can_pair: z.enum(['self', 'it']) }), (o) => ({ kind: 'can_pair' as const, what: o.can_pair })),
  renowned: entry(() => ({ renowned: z.boolean() }), (o) => ({ kind: 'renowned' as const, ...(o.renowned ? {} : { not: true }) })),
  monstrous: entry(() => ({ monstrous: z.boolean() }), (o) => ({ kind: 'monstrous' as const, ...(o.monstrous ? {} : { not: true }) })),
  // "if you've been attacked this step": a creature is attacking you or a planeswalker you control
  been_attacked: entry(() => ({ been_attacked: z.literal(true) }), () => ({ kind: 'been_attacked' as const })),
  opponent_damaged_this_turn: entry(() => ({ opponent_damaged_this_turn: z.literal(true) }), () => ({ kind: 'opponent_damaged_this_turn' as const })),
  // "if its evoke cost was paid", "as long as its dash cost was paid": the alternative cost it was cast with (702.74a, 702.109a)
  alt_cost_paid: entry(() => ({ alt_cost_paid: z.enum(['Evoke', 'Dash', 'Surge', 'Spectacle']) }), (o) => ({ kind: 'alt_cost_paid' as const, alt: o.alt_cost_paid })),
  additional_cost_paid: entry(() => ({ additional_cost_paid: z.enum(['Conspire', 'Replicate']) }), (o) => ({ kind: 'additional_cost_paid' as const, cost: o.additional_cost_paid })),
  // "if no spells were cast last turn" (`at_most: 0`), "if a player cast two or more spells last turn" (`at_least: 2, by: one_player`)
  spells_cast_last_turn: entry(() => ({ spells_cast_last_turn: strictObject(() => ({ at_least: z.number().int().min(1).optional(), at_most: z.number().int().min(0).optional(), by: z.enum(['all', 'one_player']).default('all') }))
    .refine((o) => (o.at_least === undefined) !== (o.at_most === undefined), 'give one of at_least and at_most') }),
    (o) => ({ kind: 'spells_last_turn' as const, ...(o.spells_cast_last_turn.at_least !== undefined ? { atLeast: o.spells_cast_last_turn.at_least } : {}), ...(o.spells_cast_last_turn.at_most !== undefined ? { atMost: o.spells_cast_last_turn.at_most } : {}), ...(o.spells_cast_last_turn.by === 'one_player' ? { byOnePlayer: true } : {}) })),
  // "if {U} was spent to cast it" (601.2h)
  mana_spent: entry(() => ({ mana_spent: z.enum(['W', 'U', 'B', 'R', 'G']) }), (o) => ({ kind: 'mana_spent' as const, color: o.mana_spent })),
  permanent_left_this_turn: entry(() => ({ permanent_left_this_turn: z.literal(true) }), () => ({ kind: 'permanent_left_this_turn' as const })),
  cast_during_main: entry(() => ({ cast_during_main: z.literal(true) }), () => ({ kind: 'cast_during_main' as const })),
  // "if you lost life last turn", "if an opponent lost 3 or more life this turn", "if you didn't lose life this turn"
  life_lost: entry(() => ({ life_lost: z.enum(['this_turn', 'last_turn']), who: refSchema.default('you'), at_least: z.number().int().min(1).default(1), not: z.literal(true).optional() }),
    (o) => ({ kind: 'life_lost' as const, who: o.who, turn: o.life_lost === 'this_turn' ? 'this' as const : 'last' as const, n: o.at_least, ...(o.not ? { not: true as const } : {}) })),
  // "if that player didn't cast a creature spell this turn"
  cast_this_turn: entry(() => ({ cast_this_turn: filterSchema, who: refSchema.default('you'), at_least: z.number().int().min(1).default(1), not: z.literal(true).optional() }),
    (o) => ({ kind: 'cast_this_turn' as const, who: o.who, filter: o.cast_this_turn, n: o.at_least, ...(o.not ? { not: true as const } : {}) })),
  // "if a planeswalker entered the battlefield under your control this turn"
  entered_this_turn: entry(() => ({ entered_this_turn: filterSchema, under: z.enum(['you', 'each_opponent']).optional(), at_least: z.number().int().min(1).default(1) }),
    (o) => ({ kind: 'entered_this_turn' as const, filter: o.entered_this_turn, ...(o.under ? { under: o.under } : {}), n: o.at_least })),
  // "if three or more creatures died this turn"
  creatures_died_this_turn: entry(() => ({ creatures_died_this_turn: z.number().int().min(1) }), (o) => ({ kind: 'creatures_died' as const, n: o.creatures_died_this_turn })),
  // "if CARDNAME dealt damage to an opponent this turn", "if CARDNAME was dealt damage this turn"
  source_dealt_damage_this_turn: entry(() => ({ source_dealt_damage_this_turn: z.literal('opponent') }), (o) => ({ kind: 'source_dealt_damage' as const, to: o.source_dealt_damage_this_turn })),
  source_was_dealt_damage_this_turn: entry(() => ({ source_was_dealt_damage_this_turn: z.literal(true) }), () => ({ kind: 'source_was_dealt_damage' as const })),
  // "if CARDNAME attacked or blocked this combat", "if CARDNAME didn't attack this turn"
  source_in_combat_this_turn: entry(() => ({ source_in_combat_this_turn: z.enum(['attacked', 'blocked', 'attacked_or_blocked']), not: z.literal(true).optional() }),
    (o) => ({ kind: 'source_in_combat' as const, how: o.source_in_combat_this_turn, ...(o.not ? { not: true as const } : {}) })),
  came_under_control_since_last_upkeep: entry(() => ({ came_under_control_since_last_upkeep: z.literal(true) }), () => ({ kind: 'new_since_last_upkeep' as const })),
} satisfies Record<string, Produces<Condition>>;
const CONDITIONS = asTable<Condition>(CONDITIONS_ENTRIES);

const selfOrFilter = z.string().transform((s, ctx): { self: true } | { filter: Filter } => {
  if (s === 'self') return { self: true };
  const f = parseFilter(s);
  return 'error' in f ? issue(ctx, `filter: ${f.error}`) : { filter: f };
});

/** A reference to the source's own object (self, or what it enchants or equips), or a filter. */
const affectedSchema = z.string().transform((s, ctx): string | Filter => {
  if (['self', 'enchanted', 'equipped'].includes(s)) return s;
  const f = parseFilter(s);
  return 'error' in f ? issue(ctx, `filter: ${f.error}`) : f;
});

/** What a pump or grant static affects: also `paired`, soulbond's "both creatures" (702.95a). */
const pairedOrAffected = z.union([z.literal('paired'), affectedSchema]);

/** The filter a "when you cast this spell" trigger keeps: any spell (it matches only its own). */
const ANY_SPELL = parseFilter('spell') as Filter;
const ANY_PERMANENT = parseFilter('permanent') as Filter;

const TRIGGERS_ENTRIES = {
  // `or_self`: "Whenever CARDNAME or another Ally enters"
  enters: entry(() => ({ enters: selfOrFilter, or_self: z.literal(true).optional() }),
    (o) => ({ event: 'enters' as const, ...o.enters, ...(o.or_self ? { self: true } : {}) })),
  // `dies: enchanted` / `equipped`: the creature the source was attached to as it died (603.10a)
  dies: entry(() => ({ dies: z.union([z.enum(['enchanted', 'equipped']), selfOrFilter]) }),
    (o) => ({ event: 'dies' as const, ...(typeof o.dies === 'string' ? { attached: o.dies } : o.dies) })),
  leaves: entry(() => ({ leaves: z.literal('self') }), () => ({ event: 'leaves' as const, self: true as const })),
  explores: entry(() => ({ explores: selfOrFilter }), (o) => ({ event: 'explores' as const, ...o.explores })),
  // `owner`: "put into your graveyard" / "an opponent's graveyard", the graveyard of the card's owner (400.3)
  // `from: anywhere`: a card put into a graveyard from any zone (`it` is the card there); not for `self`
  put_into_graveyard: entry(() => ({ put_into_graveyard: selfOrFilter, from: z.enum(['battlefield', 'anywhere']), owner: z.enum(['you', 'opponent']).optional() }),
    (o, ctx) => ('self' in o.put_into_graveyard && o.from === 'anywhere' ? issue(ctx, 'put_into_graveyard: self is read only from the battlefield')
      : { event: 'put_into_graveyard' as const, ...o.put_into_graveyard, from: o.from, ...(o.owner ? { owner: o.owner } : {}) })),
  // `cast: self`: "when you cast this spell", a trigger of the spell itself on the stack (702.40a)
  // `nth: 2`: "your second spell each turn"; `during`: "during your turn", "during an opponent's turn"
  cast: entry(() => ({
    cast: selfOrFilter, by: z.enum(['you', 'any', 'opponent']).default('you'), from: z.enum(['library', 'graveyard', 'hand']).optional(), targets: z.literal('self').optional(),
    nth: z.number().int().min(1).optional(), during: z.enum(['your_turn', 'opponent_turn', 'your_main_phase']).optional(),
  }), (o) => ({
    event: 'cast' as const, filter: 'filter' in o.cast ? o.cast.filter : ANY_SPELL, ...('self' in o.cast ? { self: true as const } : {}), by: o.by, ...(o.from ? { from: o.from } : {}),
    ...(o.targets ? { targetsSelf: true as const } : {}), ...(o.nth ? { nth: o.nth } : {}), ...(o.during ? { during: o.during } : {}),
  })),
  // 702.35a: "when this card is exiled this way" (its madness)
  exiled_by_madness: entry(() => ({ exiled_by_madness: z.literal('self') }), () => ({ event: 'exiled_by_madness' as const, self: true as const })),
  step: entry(() => ({ step: stepSchema, whose: z.enum(['you', 'each', 'opponent', 'next', 'enchanted_controller', 'enchanted_player']).default('you') }),
    (o) => ({ event: 'step' as const, step: o.step, whose: o.whose })),
  // `tapped_for_mana: enchanted`: the permanent the source enchants ("whenever enchanted land is tapped for mana")
  tapped_for_mana: entry(() => ({ tapped_for_mana: z.union([z.literal('enchanted'), filterSchema]), by: z.enum(['any', 'you', 'opponent']).default('any') }),
    (o) => (o.tapped_for_mana === 'enchanted'
      ? { event: 'tapped_for_mana' as const, filter: ANY_PERMANENT, by: o.by, attached: 'enchanted' as const }
      : { event: 'tapped_for_mana' as const, filter: o.tapped_for_mana, by: o.by })),
  // `becomes_tapped: enchanted`: the permanent the source enchants
  becomes_tapped: entry(() => ({ becomes_tapped: z.union([z.literal('enchanted'), selfOrFilter]) }),
    (o) => ({ event: 'becomes_tapped' as const, ...(o.becomes_tapped === 'enchanted' ? { attached: 'enchanted' as const } : o.becomes_tapped) })),
  becomes_untapped: entry(() => ({ becomes_untapped: z.literal('self') }), () => ({ event: 'becomes_untapped' as const, self: true as const })),
  // `that_player` is the player who gained or lost life; `event_amount` how much
  gain_life: entry(() => ({ gain_life: z.enum(['you', 'opponent', 'any']) }), (o) => ({ event: 'gain_life' as const, who: o.gain_life })),
  lose_life: entry(() => ({ lose_life: z.enum(['you', 'opponent', 'any']) }), (o) => ({ event: 'lose_life' as const, who: o.lose_life })),
  blocks: entry(() => ({ blocks: selfOrFilter, attacker: filterSchema.optional() }), (o) => ({ event: 'blocks' as const, ...o.blocks, ...(o.attacker ? { attacker: o.attacker } : {}) })),
  turned_face_up: entry(() => ({ turned_face_up: z.literal('self') }), () => ({ event: 'turned_face_up' as const, self: true as const })),
  exerted: entry(() => ({ exerted: z.literal('self') }), () => ({ event: 'exerted' as const, self: true as const })),
  state: entry(() => ({ state: conditionSchema }), (o) => ({ event: 'state' as const, condition: o.state })),
  draw: entry(() => ({ draw: z.enum(['you', 'opponent', 'any']), first_each_turn: z.boolean().optional(), card: filterSchema.optional() }),
    (o) => ({ event: 'draw' as const, who: o.draw, ...(o.first_each_turn ? { first_each_turn: true } : {}), ...(o.card ? { filter: o.card } : {}) })),
  // 701.8a: "whenever you / an opponent / a player discards a card"; "cycles or discards" is the same event (702.29d)
  discard: entry(() => ({ discard: filterSchema, by: z.enum(['you', 'opponent', 'any']).default('you') }),
    (o) => ({ event: 'discarded' as const, filter: o.discard, by: o.by })),
  // "when a spell or ability an opponent controls causes you to discard CARDNAME" (701.8a)
  discarded_by_opponent: entry(() => ({ discarded_by_opponent: z.literal('self') }),
    () => ({ event: 'discarded' as const, self: true as const, by: 'you' as const, opponentCause: true as const })),
  // 702.29c: "when you cycle CARDNAME" (`self`), "whenever a player cycles a card"
  cycle: entry(() => ({ cycle: selfOrFilter, by: z.enum(['you', 'opponent', 'any']).default('you') }),
    (o) => ({ event: 'discarded' as const, ...('self' in o.cycle ? { self: true as const } : o.cycle), by: o.by, cycling: true as const })),
  // 701.17a: "when you sacrifice CARDNAME", "whenever you sacrifice a Clue", "whenever a player sacrifices a creature"
  sacrifice: entry(() => ({ sacrifice: selfOrFilter, by: z.enum(['you', 'any']).default('you') }),
    (o) => ({ event: 'sacrificed' as const, ...('self' in o.sacrifice ? { self: true as const } : o.sacrifice), by: o.by })),
  // "whenever CARDNAME / enchanted creature / a creature you control becomes the target of a spell [or ability] [an opponent controls]"
  becomes_target: entry(() => ({ becomes_target: z.union([z.literal('enchanted'), selfOrFilter]), of: z.enum(['spell', 'spell_or_ability']), opponent: z.literal(true).optional() }),
    (o) => ({
      event: 'becomes_target' as const, ...(o.becomes_target === 'enchanted' ? { attached: 'enchanted' as const } : o.becomes_target),
      ...(o.of === 'spell' ? { spellsOnly: true as const } : {}), ...(o.opponent ? { opponent: true as const } : {}),
    })),
  // "whenever CARDNAME enters or attacks": one ability, any of the events
  any_of: entry(() => ({ any_of: z.array(z.lazy(() => triggerSchema)).min(2) }), (o) => ({ event: 'any_of' as const, of: o.any_of })),
  // "whenever a +1/+1 counter is put on CARDNAME" (once per counter), "... one or more +1/+1 counters are put on a creature you control" (once)
  counters_put: entry(() => ({ counters_put: z.string().min(1), on: selfOrFilter, one_or_more: z.literal(true).optional() }),
    (o) => ({ event: 'counters_put' as const, counter: o.counters_put, ...o.on, ...(o.one_or_more ? { oneOrMore: true as const } : {}) })),
  last_counter_removed: entry(() => ({ last_counter_removed: z.string() }), (o) => ({ event: 'last_counter_removed' as const, counter: o.last_counter_removed })),
  // `one_or_more`: once for all the creatures declared at once (603.2c), `at_least: N` of them ("you attack with N or more creatures")
  // `others: N`: "CARDNAME and at least N other creatures attack"
  attacks: strictObject(() => ({ attacks: affectedSchema, alone: z.boolean().optional(), defender: z.enum(['most_life', 'you', 'you_or_planeswalker', 'enchanted_player']).optional(), one_or_more: z.literal(true).optional(), at_least: z.number().int().min(2).optional(), others: z.number().int().min(1).optional() }))
    .refine((o) => !o.at_least || o.one_or_more, 'at_least goes with one_or_more')
    .refine((o) => !o.others || (!o.one_or_more && !o.alone), 'others goes with neither one_or_more nor alone')
    .transform((o): Extract<Trigger, { event: 'attacks' }> => ({
      event: 'attacks', attacker: o.attacks as 'self' | 'enchanted' | 'equipped' | Filter, ...(o.alone ? { alone: true } : {}), ...(o.defender ? { defender: o.defender } : {}),
      ...(o.one_or_more ? { oneOrMore: true as const } : {}), ...(o.at_least ? { atLeast: o.at_least } : {}), ...(o.others ? { others: o.others } : {}),
    })),
  becomes_blocked: entry(() => ({ becomes_blocked: affectedSchema, by: filterSchema.optional() }),
    (o): Extract<Trigger, { event: 'becomes_blocked' }> => ({ event: 'becomes_blocked', attacker: o.becomes_blocked as 'self' | Filter, ...(o.by ? { by: o.by } : {}) })),
  deals_damage: strictObject(() => ({ deals_damage: affectedSchema, to: z.enum(['player', 'opponent', 'you', 'enchanted_player', 'creature', 'any']).default('any'), combat: z.boolean().default(false), one_or_more: z.literal(true).optional() }))
    .refine((o) => !o.one_or_more || o.to === 'player' || o.to === 'opponent', 'one_or_more goes with damage to a player')
    .transform((o): Extract<Trigger, { event: 'deals_damage' }> => ({ event: 'deals_damage', source: o.deals_damage as 'self' | 'enchanted' | 'equipped' | Filter, to: o.to, combat: o.combat, ...(o.one_or_more ? { oneOrMore: true as const } : {}) })),
  attacks_unblocked: entry(() => ({ attacks_unblocked: affectedSchema }),
    (o): Extract<Trigger, { event: 'attacks_unblocked' }> => ({ event: 'attacks_unblocked', attacker: o.attacks_unblocked as 'self' | 'enchanted' | 'equipped' | Filter })),
  attacks_or_blocks: entry(() => ({ attacks_or_blocks: affectedSchema }),
    (o): Extract<Trigger, { event: 'attacks_or_blocks' }> => ({ event: 'attacks_or_blocks', creature: o.attacks_or_blocks as 'self' | 'enchanted' | 'equipped' | Filter })),
  blocks_or_becomes_blocked: strictObject(() => ({ blocks_or_becomes_blocked: z.enum(['self', 'enchanted', 'equipped']), by: filterSchema.optional(), one_or_more: z.literal(true).optional() }))
    .refine((o) => !o.one_or_more || o.by, 'one_or_more goes with by')
    .transform((o): Extract<Trigger, { event: 'blocks_or_blocked' }> => ({ event: 'blocks_or_blocked', creature: o.blocks_or_becomes_blocked, ...(o.by ? { by: o.by } : {}), ...(o.one_or_more ? { oneOrMore: true as const } : {}) })),
  // `damage_dealt: enchanted` (the permanent the source enchants), `damage_dealt: you` ("whenever you're dealt damage"); `combat`: combat damage only
  damage_dealt: entry(() => ({ damage_dealt: z.union([z.literal('enchanted'), z.literal('you'), selfOrFilter]), combat: z.literal(true).optional() }),
    (o) => ({
      event: 'damage_dealt' as const, ...(o.combat ? { combat: true as const } : {}),
      ...(o.damage_dealt === 'enchanted' ? { attached: 'enchanted' as const } : o.damage_dealt === 'you' ? { player: 'you' as const } : 'self' in o.damage_dealt ? { self: true } : { to: o.damage_dealt.filter }),
    })),
} satisfies Record<string, Produces<Trigger>>;
const TRIGGERS = asTable<Trigger>(TRIGGERS_ENTRIES);

export const triggerSchema: z.ZodType<Trigger> = z.any().transform((v, ctx): Trigger => {
  const ks = v && typeof v === 'object' ? Object.keys(v) : [];
  const key = ks.find((k) => TRIGGERS[k]);
  if (!key) {
    const hint = ks.length ? didYouMean(ks[0]!, Object.keys(TRIGGERS)) : '';
    return issue(ctx, `expected a trigger event, one of: ${Object.keys(TRIGGERS).join(', ')}${hint ? `; ${hint}` : ''}`);
  }
  return parseInner(TRIGGERS[key]!, v, ctx) as Trigger;
});

// ---------------------------------------------------------------- effects

const tokenSchema = strictObject(() => ({
  name: z.string().optional(),
  type: z.string(),
  pt: ptSchema.optional(),
  colors: z.array(colorSchema).default([]),
  abilities: z.array(z.string()).default([]),
  with: z.array(z.any()).optional(),
})).transform((o, ctx): TokenSpec => {
  const t = parseTypeLine(o.type);
  if ('error' in t) return issue(ctx, t.error);
  const pt = o.pt as readonly [number | 'X', number | 'X'] | undefined;
  return {
    // 111.4: a token the effect doesn't name is named for its subtypes plus "Token"
    name: o.name ?? `${[...t.subtypes, 'Token'].join(' ')}`, types: t.types, supertypes: t.supertypes, subtypes: t.subtypes, colors: o.colors,
    ...(pt ? { power: pt[0] === 'X' ? 0 : pt[0], toughness: pt[1] === 'X' ? 0 : pt[1] } : {}),
    abilities: o.abilities, ...givenAbilities(o.with, ctx),
  };
});

/**
 * The instructions whose handler tells whether they were done, which a following "if you do" reads
 * (an optional choice, a cost paid on resolution, or an action that can fail to happen). After any
 * other instruction "if you do" would have nothing to read: the loader refuses it.
 */
const REPORTS_DONE: ReadonlySet<string> = new Set([
  'may', 'may_pay', 'may_choose', 'each_player', 'if_you_do', 'discard', 'exile_from_hand', 'put_onto_battlefield', 'sacrifice', 'search', 'dig', 'cast', 'exile_top',
  'exile', 'destroy', 'return_to_hand', 'return_to_battlefield', 'put_on_library', 'shuffle_into_library', 'tap', 'untap', 'remove_counters',
]);

const effectList: z.ZodType<Effect[]> = z.lazy(() => z.array(effectSchema).superRefine((list, ctx) => {
  list.forEach((e, i) => {
    if (e?.verb !== 'if_you_do') return;
    const before = list[i - 1]?.verb;
    if (before && REPORTS_DONE.has(before)) return;
    ctx.addIssue({
      code: 'custom', path: [i], input: e,
      message: before
        ? `\`if_you_do\` can't follow \`${before === 'add_mana' ? 'add' : before}\`: that instruction doesn't tell whether it was done; "if you do" follows one of ${[...REPORTS_DONE].join(', ')}`
        : '`if_you_do` needs an instruction before it (what "you do")',
    });
  });
}));
const targetList: z.ZodType<TargetSpec[]> = z.lazy(() => targetsSchema);

/** Each verb: its schema over the whole map (verb key plus modifiers) and the compiled effect. */
const toBattlefieldShape = {
  under: z.enum(['owner', 'you']).default('owner'), tapped: z.boolean().optional(), from: z.literal('graveyard').optional(),
  counters: z.record(z.string(), z.number().int().positive()).optional(), add_types: z.array(z.string()).optional(),
  /** ninjutsu (702.49a): attacking what the creature its cost returned was attacking */
  attacking: z.literal('returned').optional(),
};

function toBattlefield(affected: string, o: { under: 'owner' | 'you'; tapped?: boolean | undefined; from?: 'graveyard' | undefined; counters?: Record<string, number> | undefined; add_types?: string[] | undefined; attacking?: 'returned' | undefined }): Extract<Effect, { verb: 'return_to_battlefield' }> {
  return {
    verb: 'return_to_battlefield', affected, under: o.under, ...(o.tapped ? { tapped: true } : {}), ...(o.from ? { from: o.from } : {}), ...(o.counters ? { counters: o.counters } : {}),
    ...(o.add_types ? { add_types: o.add_types.map((t) => t.toLowerCase()) } : {}), ...(o.attacking ? { attacking: o.attacking } : {}),
  };
}

const VERBS_ENTRIES = {
  damage: entry(() => ({ damage: amountSchema, affected: affectedRefSchema, from: refSchema.optional(), divided: z.boolean().optional(), evenly: z.boolean().optional(), exile_if_dies_this_turn: z.literal(true).optional(), cant_be_prevented: z.boolean().optional(), cant_be_regenerated_this_turn: z.literal(true).optional() }),
    (o) => ({ verb: 'damage' as const, amount: o.damage, affected: o.affected, ...(o.from ? { from: o.from } : {}), ...(o.divided ? { divided: true } : {}), ...(o.evenly ? { evenly: true } : {}), ...(o.exile_if_dies_this_turn ? { exile_if_dies: true } : {}), ...(o.cant_be_prevented ? { cant_be_prevented: true } : {}), ...(o.cant_be_regenerated_this_turn ? { no_regenerate_dealt: true } : {}) })),
  destroy: entry(() => ({ destroy: affectedRefSchema, no_regenerate: z.boolean().optional() }),
    (o) => ({ verb: 'destroy' as const, affected: o.destroy, ...(o.no_regenerate ? { no_regenerate: true } : {}) })),
  exile: entry(() => ({ exile: affectedRefSchema, until: z.literal('source_leaves').optional(), linked: z.boolean().optional() }),
    (o) => ({ verb: 'exile' as const, affected: o.exile, ...(o.until ? { until: o.until } : {}), ...(o.linked ? { linked: true } : {}) })),
  // `from: graveyard`: only a card still in a graveyard moves; the ability then works only there (113.6m)
  return_to_hand: entry(() => ({ return_to_hand: affectedRefSchema, from: z.literal('graveyard').optional() }),
    (o) => ({ verb: 'return_to_hand' as const, affected: o.return_to_hand, ...(o.from ? { from: o.from } : {}) })),
  return_to_battlefield: entry(() => ({ return_to_battlefield: refSchema, ...toBattlefieldShape }),
    (o) => toBattlefield(o.return_to_battlefield, o)),
  // the same instruction for a card that isn't coming back ("put it onto the battlefield")
  move_to_battlefield: entry(() => ({ move_to_battlefield: refSchema, ...toBattlefieldShape }),
    (o) => toBattlefield(o.move_to_battlefield, o)),
  reveal_top: entry(() => ({ reveal_top: refSchema }), (o) => ({ verb: 'reveal_top' as const, who: o.reveal_top })),
  counter: entry(() => ({ counter: refSchema, to: z.enum(['graveyard', 'library_top', 'hand', 'exile']).default('graveyard') }),
    (o) => ({ verb: 'counter' as const, affected: o.counter, to: o.to })),
  draw: entry(() => ({ draw: amountSchema, who: refSchema.default('you') }), (o) => ({ verb: 'draw' as const, amount: o.draw, who: o.who })),
  dig: entry(() => ({
    dig: amountSchema, take: z.union([z.number().int().nonnegative(), z.literal('all')]).default(1), card: filterSchema.optional(), optional: z.boolean().optional(),
    reveal: z.union([z.boolean(), z.literal('all')]).optional(), to: z.enum(['hand', 'battlefield', 'graveyard', 'bottom']).default('hand'), tapped: z.boolean().optional(),
    rest: z.enum(['graveyard', 'hand', 'bottom', 'bottom_random', 'top', 'exile', 'shuffle']), library: refSchema.optional(), until: filterSchema.optional(),
  }), (o, ctx) => o.until && (o.card || o.take !== 1 || o.optional || o.reveal) ? issue(ctx, '`until` names the cards taken (all of them) and reveals every card: it takes no `card`, `take`, `optional` or `reveal`') : ({
    verb: 'dig' as const, amount: o.dig, take: o.take, to: o.to, rest: o.rest, ...(o.library !== undefined && o.library !== 'you' ? { library: o.library } : {}),
    ...(o.card ? { card: o.card } : {}), ...(o.optional ? { optional: true } : {}), ...(o.reveal ? { reveal: o.reveal } : {}), ...(o.tapped ? { tapped: true } : {}),
    // "reveal cards until you reveal N F cards": every card is revealed, and the F cards are the ones taken
    ...(o.until ? { until: true as const, card: o.until, take: 'all' as const, reveal: 'all' as const } : {}),
  })),
  discard: entry(() => ({ discard: z.union([amountSchema, z.literal('hand')]), who: refSchema.default('you'), chosen_by: z.literal('you').optional(), card: filterSchema.optional(), random: z.literal(true).optional(), look: z.literal(true).optional() }),
    (o, ctx) => (o.look && !o.chosen_by) || (o.random && (o.chosen_by || o.card))
      ? issue(ctx, '`look` goes with `chosen_by` (the chooser looks at the hand), and a `random` discard takes no `chosen_by` or `card`')
      : ({ verb: 'discard' as const, amount: o.discard, who: o.who, ...(o.chosen_by ? { chosenBy: o.chosen_by } : {}), ...(o.card ? { card: o.card } : {}), ...(o.random ? { random: true as const } : {}), ...(o.look ? { look: true as const } : {}) })),
  mill: entry(() => ({ mill: amountSchema, who: refSchema.default('you') }), (o) => ({ verb: 'mill' as const, amount: o.mill, who: o.who })),
  gain_life: entry(() => ({ gain_life: amountSchema, who: refSchema.default('you') }), (o) => ({ verb: 'gain_life' as const, amount: o.gain_life, who: o.who })),
  get_poison: entry(() => ({ get_poison: amountSchema, who: refSchema.default('you') }), (o) => ({ verb: 'get_poison' as const, amount: o.get_poison, who: o.who })),
  get_energy: entry(() => ({ get_energy: amountSchema, who: refSchema.default('you') }), (o) => ({ verb: 'get_energy' as const, amount: o.get_energy, who: o.who })),
  explore: entry(() => ({ explore: refSchema }), (o) => ({ verb: 'explore' as const, affected: o.explore })),
  lose_life: entry(() => ({ lose_life: amountSchema, who: refSchema.default('you') }), (o) => ({ verb: 'lose_life' as const, amount: o.lose_life, who: o.who })),
  // `who`: the player whose mana pool gets it ("that player adds {G}{G}"), the controller by default
  // `times: X`: that mana X times, X being the number chosen for the ability's cost (107.3, "for each
  // storage counter removed this way")
  // `count`: that mana once for each of an amount counted as it is added ("for each charge counter on CARDNAME")
  add: entry(() => ({ add: manaCostSchema, per: filterSchema.optional(), count: amountSchema.optional(), times: z.literal('X').optional(), only: manaUseSchema.optional(), who: refSchema.optional() }),
    (o) => ({ verb: 'add_mana' as const, mana: o.add, ...(o.per ? { per: o.per } : {}), ...(o.count !== undefined ? { count: o.count } : {}), ...(o.times ? { times: 'x' as const } : {}), ...(o.only ? { only: o.only } : {}), ...(o.who && o.who !== 'you' ? { who: o.who } : {}) })),
  // `X`: as many as the number chosen for the ability's cost; `among`: each mana one of those types
  // ("X mana in any combination of {W} and/or {U}")
  add_any_color: entry(() => ({ add_any_color: z.union([z.number().int().positive(), z.literal('X')]), one_color: z.literal(true).optional(), among: manaCostSchema.optional(), only: manaUseSchema.optional() }), (o) => ({ verb: 'add_mana' as const, any_color: o.add_any_color === 'X' ? 1 : o.add_any_color, ...(o.add_any_color === 'X' ? { times: 'x' as const } : {}), ...(o.one_color ? { one_color: true } : {}), ...(o.among ? { among: o.among.flatMap((m) => (m.kind === 'mana' ? [m.type] : [])) } : {}), ...(o.only ? { only: o.only } : {}) })),
  /**
   * "Add {B} or {R}": one of several mana strings, chosen as the instruction is followed (605.3b, 608.2d);
   * `produced`: one mana of any type the land that triggered the ability produced (106.12a)
   */
  add_one_of: entry(() => ({ add_one_of: z.union([z.array(manaCostSchema).min(2), z.literal('produced')]), only: manaUseSchema.optional() }),
    (o) => ({ verb: 'add_mana' as const, ...(o.add_one_of === 'produced' ? { one_of_produced: true } : { one_of: o.add_one_of }), ...(o.only ? { only: o.only } : {}) })),
  /** "one mana of any color (any type) that a F could produce": a type some such permanent's mana abilities could make (106.7) */
  add_could_produce: entry(() => ({ add_could_produce: filterSchema, any_type: z.literal(true).optional(), only: manaUseSchema.optional() }),
    (o) => ({ verb: 'add_mana' as const, could_produce: { filter: o.add_could_produce, any_type: !!o.any_type }, ...(o.only ? { only: o.only } : {}) })),
  add_chosen_color: entry(() => ({ add_chosen_color: z.number().int().positive(), only: manaUseSchema.optional() }), (o) => ({ verb: 'add_mana' as const, chosen_color: o.add_chosen_color, ...(o.only ? { only: o.only } : {}) })),
  put_counters: entry(() => ({ put_counters: z.string(), amount: amountSchema.default(1), affected: affectedRefSchema.default('self'), divided: z.boolean().optional() }),
    (o) => ({ verb: 'put_counters' as const, counter: o.put_counters, amount: o.amount, affected: o.affected, ...(o.divided ? { divided: true } : {}) })),
  remove_counters: entry(() => ({ remove_counters: z.string(), amount: amountSchema.default(1), affected: affectedRefSchema.default('self') }),
    (o) => ({ verb: 'remove_counters' as const, counter: o.remove_counters, amount: o.amount, affected: o.affected })),
  bolster: entry(() => ({ bolster: amountSchema }), (o) => ({ verb: 'bolster' as const, amount: o.bolster })),
  proliferate: entry(() => ({ proliferate: z.literal(true) }), () => ({ verb: 'proliferate' as const })),
  pump: entry(() => ({ pump: ptChangeSchema, affected: affectedRefSchema.default('self'), until: durationSchema, per: amountSchema.optional() }),
    (o) => ({
      verb: 'pump' as const, power: o.pump.power, toughness: o.pump.toughness, affected: o.affected, until: o.until as Duration,
      ...(o.pump.negX ? { negX: o.pump.negX } : {}), ...(o.per !== undefined ? { forEach: o.per } : {}),
    })),
  grant: entry(() => ({ grant: z.array(z.string()), affected: affectedRefSchema.default('self'), until: durationSchema, with: z.any().optional() }),
    (o, ctx) => {
      const given = o.with !== undefined ? grantedAbility(o.with, ctx, 'with') : undefined;
      return { verb: 'grant' as const, abilities: o.grant, affected: o.affected, until: o.until as Duration, ...(given ? { with: given } : {}) };
    }),
  /** "[player] gets an emblem with '...'" (114.2): the emblem's abilities, each with its text and DSL */
  emblem: entry(() => ({ emblem: z.array(z.any()).min(1), who: refSchema.default('you') }),
    (o, ctx) => ({
      verb: 'emblem' as const, who: o.who,
      abilities: o.emblem.map((v, i) => grantedAbility(v, ctx, `emblem.${i}`)).filter((a): a is Ability => !!a),
    })),
  lose_ability: entry(() => ({ lose_ability: z.array(z.string()), affected: affectedRefSchema.default('self'), until: durationSchema }),
    (o) => ({ verb: 'lose_ability' as const, abilities: o.lose_ability, affected: o.affected, until: o.until as Duration })),
  become: entry(() => ({
    become: strictObject(() => ({
      pt: ptSchema.optional(), types: z.array(z.string()).optional(), subtypes: z.array(z.string()).optional(),
      supertypes: z.array(z.string()).optional(),
      colors: z.union([z.literal('chosen'), z.array(colorSchema)]).optional(), add_types: z.boolean().optional(), name: z.string().optional(),
      abilities: z.array(z.string()).optional(), lose_abilities: z.boolean().optional(), with: z.any().optional(),
      creature_types: z.enum(['all', 'none']).optional(),
    })),
    affected: affectedRefSchema.default('self'), until: durationSchema,
  }), (o, ctx) => {
    const b = o.become;
    const given = b.with !== undefined ? grantedAbility(b.with, ctx, 'with') : undefined;
    const pt = b.pt as readonly [number | 'X', number | 'X'] | undefined;
    return {
      verb: 'become' as const, affected: o.affected, until: o.until as Duration,
      ...(pt ? { power: pt[0], toughness: pt[1] } : {}),
      ...(b.types ? { types: b.types.map((t) => t.toLowerCase()) } : {}), ...(b.subtypes ? { subtypes: b.subtypes } : {}),
      ...(b.supertypes ? { supertypes: b.supertypes.map((t) => t.toLowerCase()) } : {}),
      ...(b.colors ? { colors: b.colors } : {}), ...(b.add_types ? { add_types: true } : {}), ...(b.name ? { name: b.name } : {}),
      ...(b.abilities ? { abilities: b.abilities } : {}), ...(b.lose_abilities ? { lose_abilities: true } : {}),
      ...(given ? { with: given } : {}), ...(b.creature_types ? { creature_types: b.creature_types } : {}),
    };
  }),
  switch_pt: entry(() => ({ switch_pt: affectedRefSchema, until: durationSchema }), (o) => ({ verb: 'switch_pt' as const, affected: o.switch_pt, until: o.until as Duration })),
  fight: entry(() => ({ fight: z.tuple([refSchema, refSchema]) }), (o) => ({ verb: 'fight' as const, a: o.fight[0], b: o.fight[1] })),
  tap: entry(() => ({ tap: affectedRefSchema }), (o) => ({ verb: 'tap' as const, affected: o.tap })),
  pair: entry(() => ({ pair: z.string() }), (o, ctx) => {
    if (o.pair === 'it') return { verb: 'pair' as const, with: { ref: 'it' } };
    const f = parseFilter(o.pair);
    return 'error' in f ? issue(ctx, `filter: ${f.error}`) : { verb: 'pair' as const, with: { filter: f } };
  }),
  become_renowned: entry(() => ({ become_renowned: affectedRefSchema }), (o) => ({ verb: 'become_renowned' as const, affected: o.become_renowned })),
  become_monstrous: entry(() => ({ become_monstrous: affectedRefSchema }), (o) => ({ verb: 'become_monstrous' as const, affected: o.become_monstrous })),
  untap: entry(() => ({ untap: affectedRefSchema }), (o) => ({ verb: 'untap' as const, affected: o.untap })),
  remove_from_combat: entry(() => ({ remove_from_combat: affectedRefSchema }), (o) => ({ verb: 'remove_from_combat' as const, affected: o.remove_from_combat })),
  gain_control: entry(() => ({ gain_control: affectedRefSchema, until: durationSchema, who: refSchema.optional() }),
    (o) => ({ verb: 'gain_control' as const, affected: o.gain_control, until: o.until as Duration, ...(o.who ? { who: o.who } : {}) })),
  exchange_control: entry(() => ({ exchange_control: z.tuple([refSchema, refSchema]) }),
    (o) => ({ verb: 'exchange_control' as const, a: o.exchange_control[0], b: o.exchange_control[1] })),
  create_token: entry(() => ({ create_token: tokenSchema, amount: amountSchema.default(1), tapped: z.boolean().optional(), attacking: z.boolean().optional(), who: refSchema.optional() }),
    (o) => ({ verb: 'create_token' as const, token: o.create_token, amount: o.amount, ...(o.tapped ? { tapped: true } : {}), ...(o.attacking ? { attacking: true } : {}), ...(o.who ? { who: o.who } : {}) })),
  create_token_copy: entry(() => ({ create_token_copy: refSchema, amount: amountSchema.default(1), except: z.lazy(() => exceptSchema).optional() }),
    (o) => ({ verb: 'create_token' as const, token: { name: '', types: [], supertypes: [], subtypes: [], colors: [], abilities: [], copy_of: o.create_token_copy }, amount: o.amount, ...(o.except ? { copy_except: o.except } : {}) })),
  sacrifice: entry(() => ({ sacrifice: z.string(), who: refSchema.default('you'), amount: amountSchema.default(1) }),
    (o, ctx) => {
      if (o.sacrifice === 'self' || o.sacrifice === 'it') return { verb: 'sacrifice' as const, who: 'you', affected: o.sacrifice, amount: 1 };
      // "that player sacrifices enchanted creature": the player named sacrifices it if they control it (701.17a)
      if (o.sacrifice === 'enchanted') return { verb: 'sacrifice' as const, who: o.who, affected: o.sacrifice, amount: 1 };
      const f = parseFilter(o.sacrifice);
      if ('error' in f) return issue(ctx, `filter: ${f.error}`);
      return { verb: 'sacrifice' as const, who: o.who, filter: f, amount: o.amount };
    }),
  scry: entry(() => ({ scry: amountSchema }), (o) => ({ verb: 'scry' as const, amount: o.scry })),
  search: strictObject(() => ({
    search: filterSchema, to: searchToSchema, tapped: z.boolean().optional(), who: refSchema.default('you'), optional: z.boolean().optional(),
    up_to: z.union([z.literal('any'), amountSchema]).optional(), count: amountSchema.optional(), library: refSchema.optional(), reveal: z.boolean().optional(),
    mana_value: z.union([strictObject(() => ({ at_most: amountSchema })), strictObject(() => ({ equal: amountSchema })), strictObject(() => ({ at_least: amountSchema }))]).optional(),
    split: strictObject(() => ({ count: z.number().int().min(1), to: searchToSchema.exclude(['library_top']), tapped: z.boolean().optional() })).optional(),
    also_graveyard: z.boolean().optional(), then_shuffle: z.boolean().optional(), also: z.array(filterSchema).min(1).optional(),
  })).refine((o) => o.up_to === undefined || o.count === undefined, { message: 'a search takes `up_to` or `count`, not both' })
    .refine((o) => o.also === undefined || (o.up_to === undefined && o.count === undefined && o.split === undefined && o.mana_value === undefined), { message: 'a search for several descriptions (`also`) finds one card of each: no `up_to`, `count`, `split` or `mana_value`' })
    .transform((o) => ({
      verb: 'search' as const, filter: o.search, to: o.to, who: o.who, amount: o.up_to ?? o.count ?? 1, upTo: o.up_to !== undefined,
      ...(o.tapped ? { tapped: true } : {}), ...(o.optional ? { optional: true } : {}), ...(o.library ? { library: o.library } : {}),
      ...(o.reveal ? { reveal: true } : {}), ...(o.mana_value ? { manaValue: searchManaValue(o.mana_value) } : {}), ...(o.split ? { split: o.split } : {}),
      ...(o.also_graveyard ? { alsoGraveyard: true } : {}), ...(o.then_shuffle ? { shuffle: true } : {}), ...(o.also ? { also: o.also } : {}),
    })),
  shuffle: entry(() => ({ shuffle: refSchema }), (o) => ({ verb: 'shuffle' as const, who: o.shuffle })),
  shuffle_graveyard: entry(() => ({ shuffle_graveyard: refSchema }), (o) => ({ verb: 'shuffle_graveyard' as const, who: o.shuffle_graveyard })),
  regenerate: entry(() => ({ regenerate: affectedRefSchema }), (o) => ({ verb: 'regenerate' as const, affected: o.regenerate })),
  // `to: {controller_of: REF}`: "is dealt to its controller instead"
  redirect_damage: entry(() => ({ redirect_damage: z.union([amountSchema, z.literal('all'), z.literal('next')]), affected: refSchema.optional(), to: z.union([refSchema, strictObject(() => ({ controller_of: refSchema }))]), by: refSchema.optional(), from: filterSchema.optional(), from_chosen_source: filterSchema.optional(), combat_only: z.literal(true).optional() }),
    (o) => ({ verb: 'redirect_damage' as const, amount: o.redirect_damage, ...(o.affected ? { affected: o.affected } : {}), to: o.to, ...(o.by ? { by: o.by } : {}), ...(o.from ? { from: o.from } : {}), ...(o.from_chosen_source ? { from_chosen_source: o.from_chosen_source } : {}), ...(o.combat_only ? { combat_only: true } : {}) })),
  prevent_damage: entry(() => ({ prevent_damage: z.union([amountSchema, z.literal('all'), z.literal('next')]), affected: affectedRefSchema.optional(), to: filterSchema.optional(), by: refSchema.optional(), from: filterSchema.optional(), combat_only: z.boolean().optional(), from_chosen_source: filterSchema.optional(), gain_life_prevented: z.literal(true).optional(), counters_prevented: z.string().optional(), divided: z.literal(true).optional() }),
    (o) => ({ ...(o.counters_prevented ? { then: [{ verb: 'put_counters' as const, counter: o.counters_prevented, amount: 'event_amount' as const, affected: 'it' }] } : {}), verb: 'prevent_damage' as const, amount: o.prevent_damage, ...(o.affected ? { affected: o.affected } : {}), ...(o.to ? { to: o.to } : {}), ...(o.by ? { by: o.by } : {}), ...(o.from ? { from: o.from } : {}), ...(o.combat_only ? { combat_only: true } : {}), ...(o.from_chosen_source ? { from_chosen_source: o.from_chosen_source } : {}), ...(o.gain_life_prevented ? { gain_life_prevented: true } : {}), ...(o.divided ? { divided: true } : {}) })),
  look_at_hand: entry(() => ({ look_at_hand: refSchema }), (o) => ({ verb: 'look_at_hand' as const, who: o.look_at_hand })),
  search_zones: entry(() => ({ search_zones: filterSchema, player: refSchema, zones: z.array(z.enum(['graveyard', 'hand', 'library'])).min(1), find: z.enum(['all', 'any']), to: z.literal('exile') }),
    (o) => ({ verb: 'search_zones' as const, card: o.search_zones, who: o.player, zones: o.zones, find: o.find })),
  reveal_hand: entry(() => ({ reveal_hand: refSchema, look: z.literal(true).optional() }), (o) => ({ verb: 'reveal_hand' as const, who: o.reveal_hand, ...(o.look ? { look: true as const } : {}) })),
  reveal_from_hand: entry(() => ({ reveal_from_hand: filterSchema, who: refSchema.default('you') }), (o) => ({ verb: 'reveal_from_hand' as const, card: o.reveal_from_hand, who: o.who })),
  exile_from_hand: entry(() => ({ exile_from_hand: amountSchema, who: refSchema.default('you'), chosen_by: z.literal('you').optional(), card: filterSchema.optional(), until: z.literal('source_leaves').optional() }),
    (o) => ({ verb: 'exile_from_hand' as const, amount: o.exile_from_hand, who: o.who, ...(o.chosen_by ? { chosenBy: o.chosen_by } : {}), ...(o.card ? { card: o.card } : {}), ...(o.until ? { until: o.until } : {}) })),
  hand_to_library: entry(() => ({ hand_to_library: amountSchema }),
    (o) => ({ verb: 'hand_to_library' as const, amount: o.hand_to_library })),
  look_at_top: entry(() => ({ look_at_top: refSchema, amount: amountSchema.optional() }),
    (o) => ({ verb: 'look_at_top' as const, who: o.look_at_top, ...(o.amount !== undefined ? { amount: o.amount } : {}) })),
  win_game: entry(() => ({ win_game: refSchema }), (o) => ({ verb: 'win_game' as const, who: o.win_game })),
  lose_game: entry(() => ({ lose_game: refSchema }), (o) => ({ verb: 'lose_game' as const, who: o.lose_game })),
  extra_turn: entry(() => ({ extra_turn: refSchema }), (o) => ({ verb: 'extra_turn' as const, who: o.extra_turn })),
  exile_if_leaves: entry(() => ({ exile_if_leaves: refSchema }), (o) => ({ verb: 'exile_if_leaves' as const, affected: o.exile_if_leaves })),
  exile_if_dies: entry(() => ({ exile_if_dies: refSchema, until: z.literal('end_of_turn') }), (o) => ({ verb: 'exile_if_dies' as const, affected: o.exile_if_dies })),
  madness: entry(() => ({ madness: refSchema }), (o) => ({ verb: 'madness' as const, affected: o.madness })),
  cascade: entry(() => ({ cascade: refSchema }), (o) => ({ verb: 'cascade' as const, affected: o.cascade })),
  copy_spell: entry(() => ({ copy_spell: refSchema, new_targets: z.union([z.boolean(), z.literal('each_other')]).default(false), colors: z.array(colorSchema).optional(), times: amountSchema.optional() }),
    (o) => ({
      verb: 'copy_spell' as const, affected: o.copy_spell, new_targets: o.new_targets, ...(o.colors ? { colors: o.colors } : {}), ...(o.times !== undefined ? { times: o.times } : {}),
    })),
  may: entry(() => ({ may: effectList, who: refSchema.default('you') }), (o) => ({ verb: 'may' as const, do: o.may, who: o.who })),
  if_you_do: entry(() => ({ if_you_do: effectList, otherwise: effectList.optional() }),
    (o) => ({ verb: 'if_you_do' as const, do: o.if_you_do, ...(o.otherwise ? { otherwise: o.otherwise } : {}) })),
  may_pay: entry(() => ({ may_pay: z.string(), who: refSchema.default('you') }), (o, ctx) => {
    // X chosen as a resolving instruction is paid is not announced anywhere yet: it would count as 0
    if (/\{X\}/.test(o.may_pay)) return issue(ctx, `paying ${o.may_pay} as the ability resolves (choosing X then) is not supported yet`);
    const c = parseCost(o.may_pay, '');
    if ('error' in c) return issue(ctx, c.error);
    return { verb: 'may_pay' as const, who: o.who, cost: c };
  }),
  unless: entry(() => ({ unless: z.string(), who: refSchema.default('you'), do: effectList, times: amountSchema.optional() }), (o, ctx) => {
    const c = parseCost(o.unless, '');
    if ('error' in c) return issue(ctx, c.error);
    return { verb: 'unless' as const, who: o.who, cost: c, do: o.do, ...(o.times !== undefined ? { times: o.times } : {}) };
  }),
  clash: entry(() => ({ clash: z.literal('opponent'), do: effectList, otherwise: effectList.optional() }),
    (o) => ({ verb: 'clash' as const, do: o.do, ...(o.otherwise ? { otherwise: o.otherwise } : {}) })),
  flip_coin: entry(() => ({ flip_coin: z.enum(['you', 'that_player']), do: effectList, otherwise: effectList.optional() }),
    (o) => ({ verb: 'flip_coin' as const, do: o.do, ...(o.flip_coin === 'that_player' ? { who: 'that_player' as const } : {}), ...(o.otherwise ? { otherwise: o.otherwise } : {}) })),
  if: entry(() => ({ if: conditionSchema, do: effectList, otherwise: effectList.optional() }),
    (o) => ({ verb: 'if' as const, condition: o.if, do: o.do, ...(o.otherwise ? { otherwise: o.otherwise } : {}) })),
  // `about` defaults to what `it` names when the delayed instructions speak of `it` ("return those cards"), else to `self`
  delayed: entry(() => ({ delayed: triggerSchema, do: effectList, targets: targetList.optional(), about: refSchema.optional(), this_turn: z.boolean().optional(), repeats: z.boolean().optional() }),
    (o, ctx) => {
      // 603.7b: only a stated duration lets a delayed trigger trigger more than once
      if (o.repeats && !o.this_turn) return issue(ctx, 'a delayed trigger that `repeats` needs `this_turn`: a stated duration (603.7b)');
      return { verb: 'delayed' as const, when: o.delayed, do: o.do, about: o.about ?? (namesIt(o.do) ? 'it' : 'self'), ...(o.targets ? { targets: o.targets } : {}), ...(o.this_turn ? { this_turn: true } : {}), ...(o.repeats ? { repeats: true } : {}) };
    }),
  create_static: entry(() => ({ create_static: z.array(z.lazy(() => staticSchema)), until: z.literal('end_of_turn'), for: refSchema.optional() }),
    (o) => ({ verb: 'create_static' as const, defs: o.create_static, until: o.until, ...(o.for !== undefined ? { for: o.for } : {}) })),
  gain_abilities_of: entry(() => ({ gain_abilities_of: refSchema, kind: z.literal('activated'), affected: refSchema.default('self'), until: durationSchema }),
    (o) => ({ verb: 'gain_abilities_of' as const, of: o.gain_abilities_of, kind: o.kind, affected: o.affected, until: o.until as Duration })),
  exchange_text_boxes: entry(() => ({ exchange_text_boxes: refSchema, until: durationSchema }),
    (o) => ({ verb: 'exchange_text_boxes' as const, affected: o.exchange_text_boxes, until: o.until as Duration })),
  cant: entry(() => ({ cant: z.enum(['attack', 'block', 'attack_or_block', 'be_blocked', 'be_regenerated', 'assign_combat_damage']), affected: affectedRefSchema, until: z.literal('end_of_turn') }),
    (o) => ({ verb: 'cant' as const, restriction: o.cant, affected: o.affected, until: o.until })),
  skip_next_untap: entry(() => ({ skip_next_untap: affectedRefSchema, whose: refSchema.optional() }),
    (o) => ({ verb: 'skip_next_untap' as const, affected: o.skip_next_untap, ...(o.whose !== undefined ? { whose: o.whose } : {}) })),
  skip_untaps: entry(() => ({ skip_untaps: affectedRefSchema, until: z.enum(['source_tapped', 'source_controlled', 'source_on_battlefield']) }),
    (o) => ({ verb: 'skip_untaps' as const, affected: o.skip_untaps, until: o.until })),
  attack_despite_defender: entry(() => ({ attack_despite_defender: affectedRefSchema, until: z.literal('end_of_turn') }),
    (o) => ({ verb: 'attack_despite_defender' as const, affected: o.attack_despite_defender, until: o.until })),
  block_additional: entry(() => ({ block_additional: z.union([z.number().int().min(1).max(99), z.literal('any')]), affected: affectedRefSchema, until: z.literal('end_of_turn') }),
    (o) => ({ verb: 'block_additional' as const, n: o.block_additional, affected: o.affected, until: o.until })),
  must_block: entry(() => ({ must_block: affectedRefSchema, attacker: refSchema.default('self') }),
    (o) => ({ verb: 'must_block' as const, affected: o.must_block, attacker: o.attacker })),
  attach: entry(() => ({ attach: refSchema, to: refSchema }), (o) => ({ verb: 'attach' as const, affected: o.attach, to: o.to })),
  for_each: entry(() => ({ for_each: refSchema, do: effectList }), (o) => ({ verb: 'for_each' as const, what: o.for_each, do: o.do })),
  exile_top: entry(() => ({ exile_top: refSchema, amount: amountSchema.optional(), linked: z.boolean().optional() }),
    (o) => ({ verb: 'exile_top' as const, who: o.exile_top, ...(o.amount !== undefined ? { amount: o.amount } : {}), ...(o.linked ? { linked: true } : {}) })),
  may_play: entry(() => ({ may_play: refSchema, until: z.enum(['end_of_turn', 'end_of_your_next_turn', 'permanent']), cast_only: z.boolean().optional(), without_paying: z.boolean().optional() }),
    (o) => ({ verb: 'may_play' as const, affected: o.may_play, until: o.until, ...(o.cast_only ? { cast_only: true } : {}), ...(o.without_paying ? { without_paying: true } : {}) })),
  each_player: entry(() => ({ each_player: effectList }), (o) => ({ verb: 'each_player' as const, do: o.each_player })),
  may_choose: entry(() => ({ may_choose: z.array(effectList).min(2), who: refSchema.default('you') }),
    (o) => ({ verb: 'may_choose' as const, options: o.may_choose, who: o.who })),
  when_you_do: entry(() => ({ when_you_do: effectList, targets: targetList.optional() }),
    (o) => ({ verb: 'reflexive' as const, do: o.when_you_do, ...(o.targets ? { targets: o.targets } : {}) })),
  choose: entry(() => ({ choose: z.union([z.enum(['color', 'creature_type', 'card_name', 'number', 'player']), strictObject(() => ({ object: filterSchema, among: refSchema.optional() }))]), nonland: z.literal(true).optional() }),
    (o, ctx) => (o.nonland && o.choose !== 'card_name' ? issue(ctx, '`nonland` goes with `choose: card_name`') : typeof o.choose === 'string' ? { verb: 'choose' as const, what: o.choose, ...(o.nonland ? { nonland: true as const } : {}) }
      : { verb: 'choose' as const, what: 'object' as const, filter: o.choose.object, ...(o.choose.among ? { among: o.choose.among } : {}) })),
  cast: entry(() => ({ cast: refSchema, without_paying: z.boolean().optional(), optional: z.boolean().optional() }),
    (o) => ({ verb: 'cast' as const, affected: o.cast, ...(o.without_paying ? { without_paying: true } : {}), ...(o.optional ? { optional: true } : {}) })),
  turn_face_down: entry(() => ({ turn_face_down: affectedRefSchema }), (o) => ({ verb: 'turn_face_down' as const, affected: o.turn_face_down })),
  flip: entry(() => ({ flip: affectedRefSchema }), (o) => ({ verb: 'flip' as const, affected: o.flip })),
  transform: entry(() => ({ transform: affectedRefSchema }), (o) => ({ verb: 'transform' as const, affected: o.transform })),
  put_onto_battlefield: entry(() => ({ put_onto_battlefield: filterSchema, from: z.enum(['hand', 'graveyard', 'library']), who: refSchema.default('you'), optional: z.boolean().optional(), tapped: z.boolean().optional() }),
    (o) => ({ verb: 'put_onto_battlefield' as const, filter: o.put_onto_battlefield, from: o.from, who: o.who, ...(o.optional ? { optional: true } : {}), ...(o.tapped ? { tapped: true } : {}) })),
  become_copy: entry(() => ({ become_copy: refSchema, affected: refSchema.default('self'), except: z.lazy(() => exceptSchema).optional(), until: z.enum(['end_of_turn', 'permanent']) }),
    (o) => ({ verb: 'become_copy' as const, of: o.become_copy, affected: o.affected, until: o.until as Duration, ...(o.except ? { except: o.except } : {}) })),
  /** "Put target creature on top of (on the bottom of) its owner's library": a card goes to its owner's library (400.3) */
  put_on_library: strictObject(() => ({ put_on_library: affectedRefSchema, position: z.enum(['top', 'bottom']).default('top'), nth_from_top: z.number().int().min(2).optional() }))
    .refine((o) => o.nth_from_top === undefined || o.position === 'top', '`nth_from_top` goes with `position: top`')
    .transform((o) => ({ verb: 'put_on_library' as const, affected: o.put_on_library, position: o.position, ...(o.nth_from_top ? { nth: o.nth_from_top } : {}) })),
  shuffle_into_library: entry(() => ({ shuffle_into_library: affectedRefSchema }), (o) => ({ verb: 'shuffle_into_library' as const, affected: o.shuffle_into_library })),
  return_chosen_to_hand: entry(() => ({ return_chosen_to_hand: filterSchema, who: refSchema.default('you') }),
    (o) => ({ verb: 'return_chosen_to_hand' as const, filter: o.return_chosen_to_hand, who: o.who })),
  create_replacement: entry(() => ({ create_replacement: z.lazy(() => replacementSchema), until: durationSchema, next: z.literal(true).optional() }),
    (o) => ({ verb: 'create_replacement' as const, def: o.create_replacement, until: o.until as Duration, ...(o.next ? { once: true } : {}) })),
  unsupported: entry(() => ({ unsupported: z.string() }), (o) => ({ verb: 'unsupported' as const, reason: o.unsupported })),
} satisfies Record<string, Produces<Effect>>;
const VERBS = asTable<Effect>(VERBS_ENTRIES);

export const EFFECT_KEYS = Object.keys(VERBS);

/** Whether instructions refer to `it` (a reference or an amount "of it"). */
function namesIt(effects: Effect[]): boolean {
  return JSON.stringify(effects).includes('"it"');
}

export const effectSchema: z.ZodType<Effect> = z.any().transform((v, ctx): Effect => {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return issue(ctx, `expected an instruction: a map with one of ${EFFECT_KEYS.join(', ')}`);
  const keys = Object.keys(v);
  const verbs = keys.filter((k) => VERBS[k]);
  if (verbs.length !== 1) {
    const hint = keys.length ? didYouMean(keys[0]!, EFFECT_KEYS) : '';
    return issue(ctx, verbs.length === 0
      ? `no instruction verb in {${keys.join(', ')}}${hint ? `; ${hint}` : `; expected one of ${EFFECT_KEYS.join(', ')}`}`
      : `one instruction per list item, found ${verbs.join(' and ')}`);
  }
  // "where X is ...": any instruction may say what X is for it
  const { where_x: xIs, ...rest } = v as Record<string, unknown>;
  const e = parseInner(VERBS[verbs[0]!]!, rest, ctx) as Effect;
  return xIs === undefined ? e : { ...e, xIs: parseInner(amountSchema, xIs, ctx, ['where_x']) };
});

// ---------------------------------------------------------------- targets, blocks, modes

const countSchema = z.union([z.number().int().positive(), z.string()]).transform((c, ctx): { min: number; max: number | null; x?: 'exact' | 'up_to' } => {
  if (typeof c === 'number') return { min: c, max: c };
  if (c === 'any') return { min: 0, max: null };
  // X targets: as many as the X announced with the spell's or ability's other choices (601.2b-c)
  if (c === 'X') return { min: 0, max: null, x: 'exact' };
  if (c === '0-X') return { min: 0, max: null, x: 'up_to' };
  const m = /^(\d+)-(\d+)$/.exec(c);
  if (m && Number(m[1]) <= Number(m[2])) return { min: Number(m[1]), max: Number(m[2]) };
  return issue(ctx, `expected a count: a number, "MIN-MAX" such as "1-2", "any", "X" or "0-X"`);
});

const targetSpecSchema = z.union([
  z.string(),
  strictObject(() => ({ filter: z.string(), count: countSchema.optional(), per: z.literal('each_opponent').optional(), kicked: z.literal(true).optional() })),
]);

export const targetsSchema = z.record(z.string(), targetSpecSchema).transform((rec, ctx): TargetSpec[] => {
  const out: TargetSpec[] = [];
  for (const [name, spec] of Object.entries(rec)) {
    const text = typeof spec === 'string' ? spec : spec.filter;
    const f = parseFilter(text);
    if ('error' in f) { ctx.addIssue({ code: 'custom', path: [name], message: `filter: ${f.error}`, input: spec }); continue; }
    const count = typeof spec === 'string' ? { min: 1, max: 1 } : (spec.count ?? { min: 1, max: 1 });
    out.push({
      name, text, filter: f, min: count.min, max: count.max, ...(typeof spec !== 'string' && spec.per ? { per: spec.per } : {}), ...(count.x ? { x: count.x } : {}),
      ...(typeof spec !== 'string' && spec.kicked ? { kicked: true as const } : {}),
    });
  }
  return out;
});

const blockShape = {
  targets: targetsSchema.optional(),
  divide: amountSchema.optional(),
  do: effectList.optional(),
  choose: z.union([z.number().int().positive(), z.string(), strictObject(() => ({ min: z.number().int(), max: z.number().int(), kicked: z.union([z.number().int(), z.literal('any')]).optional(), repeat: z.literal(true).optional() }))]).optional(),
  modes: z.array(strictObject(() => ({ targets: targetsSchema.optional(), divide: amountSchema.optional(), do: effectList }))).optional(),
};

type BlockIn = {
  targets?: TargetSpec[] | undefined; divide?: Amount | undefined; do?: Effect[] | undefined;
  choose?: number | string | { min: number; max: number; kicked?: number | 'any' | undefined; repeat?: true | undefined } | undefined;
  modes?: Array<{ targets?: TargetSpec[] | undefined; divide?: Amount | undefined; do: Effect[] }> | undefined;
};

/**
 * 601.2d: an amount is divided as the ability is put on the stack, among its own targets, and only the
 * instructions of that block marked `divided` use the division: `divide` and `divided` go together.
 */
function checkDivision(targets: TargetSpec[] | undefined, divide: Amount | undefined, effects: Effect[], ctx: z.RefinementCtx): void {
  const nested = (list: Effect[]): boolean => list.some((e) => 'do' in e && Array.isArray(e.do) && (e.verb === 'delayed' || e.verb === 'reflexive'
    ? JSON.stringify(e.do).includes('"divided":true') : nested(e.do)));
  const marked = effects.some(function walk(e: Effect): boolean {
    if ('divided' in e && e.divided) return true;
    if (e.verb === 'delayed' || e.verb === 'reflexive') return false;
    return ['do', 'otherwise'].some((k) => Array.isArray((e as Record<string, unknown>)[k]) && ((e as Record<string, unknown>)[k] as Effect[]).some(walk));
  });
  if (nested(effects)) issue(ctx, 'a delayed or reflexive triggered ability divides nothing (it has no `divide`): `divided` there is not honoured');
  if (divide !== undefined && !marked) issue(ctx, '`divide` needs an instruction with `divided: true` that deals or puts what is divided');
  if (divide === undefined && marked) issue(ctx, '`divided: true` needs the block\'s `divide: AMOUNT` (601.2d: the amount divided as it is cast or put on the stack)');
  if (divide !== undefined && !(targets ?? []).length) issue(ctx, '`divide` needs targets to divide among (601.2d)');
}

function compileBlock(o: BlockIn, ctx: z.RefinementCtx): { block: EffectBlock; modal?: ModalSpec } {
  const block: EffectBlock = { targets: o.targets ?? [], effects: o.do ?? [], ...(o.divide !== undefined ? { divide: o.divide } : {}) };
  if (!o.modes) checkDivision(o.targets, o.divide, o.do ?? [], ctx);
  else for (const m of o.modes) checkDivision(m.targets, m.divide, m.do, ctx);
  if (!o.modes) {
    if (o.choose !== undefined) issue(ctx, '`choose` needs `modes`');
    return { block };
  }
  if (o.do || o.targets || o.divide !== undefined) issue(ctx, 'a modal ability puts its `targets`, `divide` and `do` inside each mode');
  const modes = o.modes.map((m) => ({ targets: m.targets ?? [], effects: m.do, ...(m.divide !== undefined ? { divide: m.divide } : {}) }));
  let min = 1;
  let max = 1;
  let kickedMax: number | undefined;
  let repeat = false;
  const c = o.choose ?? 1;
  if (typeof c === 'number') { min = c; max = c; }
  else if (typeof c === 'string') {
    const m = /^(\d+)-(\d+)$/.exec(c);
    if (c === 'any') { min = 1; max = modes.length; }
    else if (m) { min = Number(m[1]); max = Number(m[2]); }
    else issue(ctx, 'expected `choose` as a number, "MIN-MAX", "any", or {min, max, kicked}');
  } else {
    min = c.min; max = c.max;
    if (c.kicked !== undefined) kickedMax = c.kicked === 'any' ? modes.length : c.kicked;
    repeat = c.repeat === true;
  }
  return { block, modal: { min, max, modes, ...(kickedMax !== undefined ? { kickedMax } : {}), ...(repeat ? { repeat: true as const } : {}) } };
}

// ---------------------------------------------------------------- statics and replacements

/** "This effect doesn't remove [this Aura / Auras]": protection given doesn't make them fall off (702.16c) */
const sparesSchema = z.enum(['self', 'Aura']).optional();

const STATICS_ENTRIES = {
  pump: entry(() => ({ pump: ptChangeSchema, affected: pairedOrAffected, grant: z.array(z.string()).optional(), per: amountSchema.optional(), with: z.array(z.any()).optional(), doesnt_remove: sparesSchema }),
    (o, ctx) => {
      if (typeof o.pump.power !== 'number' || typeof o.pump.toughness !== 'number') return issue(ctx, 'a static pump needs numbers (write "+1/+1" with `per:` for "+1/+1 for each ...")');
      return {
        kind: 'pump' as const, power: o.pump.power, toughness: o.pump.toughness, affected: o.affected,
        ...(o.grant ? { grant: o.grant } : {}), ...(o.per !== undefined ? { forEach: o.per } : {}), ...givenAbilities(o.with, ctx),
        ...(o.doesnt_remove ? { spares: o.doesnt_remove } : {}),
      };
    }),
  grant: entry(() => ({ grant: z.array(z.string()).default([]), affected: pairedOrAffected, with: z.array(z.any()).optional(), doesnt_remove: sparesSchema }),
    (o, ctx) => ({ kind: 'grant' as const, abilities: o.grant, affected: o.affected, ...givenAbilities(o.with, ctx), ...(o.doesnt_remove ? { spares: o.doesnt_remove } : {}) })),
  /** `self: true`: "CARDNAME costs {1} less/more to cast [for each ...] [if ...]", a static of the spell itself (601.2f); `per`: once for each */
  cost_increase: entry(() => ({ cost_increase: manaCostSchema, spells: filterSchema, who: whoSchema, if: conditionSchema.optional(), self: z.literal(true).optional(), per: amountSchema.optional() }),
    (o) => ({
      kind: 'cost' as const, change: 'increase' as const, mana: o.cost_increase, spells: o.spells, who: o.who,
      ...(o.if ? { condition: o.if } : {}), ...(o.self ? { self: true as const } : {}), ...(o.per !== undefined ? { times: o.per } : {}),
    })),
  cost_reduction: entry(() => ({ cost_reduction: manaCostSchema, spells: filterSchema, who: whoSchema, colored_only: z.boolean().optional(), if: conditionSchema.optional(), self: z.literal(true).optional(), per: amountSchema.optional() }),
    (o) => ({
      kind: 'cost' as const, change: 'reduce' as const, mana: o.cost_reduction, spells: o.spells, who: o.who, ...(o.colored_only ? { colored_only: true } : {}),
      ...(o.if ? { condition: o.if } : {}), ...(o.self ? { self: true as const } : {}), ...(o.per !== undefined ? { times: o.per } : {}),
    })),
  cost_minimum: entry(() => ({ cost_minimum: z.number().int().positive(), spells: filterSchema, if: conditionSchema.optional() }),
    (o) => ({ kind: 'cost_minimum' as const, total: o.cost_minimum, spells: o.spells, ...(o.if ? { condition: o.if } : {}) })),
  cant_cast: entry(() => ({ cant_cast: filterSchema, who: whoSchema }), (o) => ({ kind: 'cant_cast' as const, spells: o.cant_cast, who: o.who })),
  /** "Creatures with power 2 or less can't block" (a filter, with whose creatures), or "CARDNAME can't block" (a reference) */
  cant_block: entry(() => ({ cant_block: affectedSchema, who: whoSchema }), (o): Extract<StaticDef, { kind: 'cant_attack_or_block' | 'cant_block' }> => (typeof o.cant_block === 'string'
    ? { kind: 'cant_attack_or_block', affected: o.cant_block, attack: false, block: true }
    : { kind: 'cant_block', filter: o.cant_block, who: o.who })),
  block_only: entry(() => ({ block_only: filterSchema, affected: z.enum(['self', 'enchanted', 'equipped']).default('self') }),
    (o) => ({ kind: 'block_only' as const, affected: o.affected, attackers: o.block_only })),
  doesnt_untap: entry(() => ({ doesnt_untap: affectedSchema }), (o) => ({ kind: 'doesnt_untap' as const, affected: o.doesnt_untap })),
  cant_be_countered: entry(() => ({ cant_be_countered: z.literal('self') }), () => ({ kind: 'cant_be_countered' as const })),
  cant_attack: entry(() => ({ cant_attack: affectedSchema, unless_defender_controls: filterSchema.optional(), attacked: z.enum(['you', 'you_or_planeswalkers']).optional() }),
    (o, ctx): Extract<StaticDef, { kind: 'cant_attack_unless' | 'cant_attack_or_block' | 'cant_attack_you' }> => {
      if (o.attacked && o.unless_defender_controls) return issue(ctx, 'cant_attack takes either attacked or unless_defender_controls');
      if (o.attacked) return { kind: 'cant_attack_you', affected: o.cant_attack, planeswalkers: o.attacked === 'you_or_planeswalkers' };
      return o.unless_defender_controls
        ? { kind: 'cant_attack_unless', affected: o.cant_attack, defenderControls: o.unless_defender_controls }
        : { kind: 'cant_attack_or_block', affected: o.cant_attack, attack: true, block: false };
    }),
  assigns_by_toughness: entry(() => ({ assigns_by_toughness: affectedSchema }), (o) => ({ kind: 'assigns_by_toughness' as const, affected: o.assigns_by_toughness })),
  combat_cost: entry(() => ({ combat_cost: z.string(), for: z.enum(['attack', 'block', 'attack_or_block']), affected: affectedSchema, attacked: z.enum(['you', 'you_or_planeswalkers']).optional(), x: amountSchema.optional(), per: amountSchema.optional() }),
    (o, ctx): Extract<StaticDef, { kind: 'combat_cost' }> => {
      const c = parseCost(o.combat_cost, '');
      if ('error' in c) return issue(ctx, c.error);
      if (c.parts.some((p) => p.kind !== 'mana' && p.kind !== 'life')) return issue(ctx, 'combat_cost takes mana and life only');
      if (o.attacked && o.for !== 'attack') return issue(ctx, 'combat_cost: `attacked` is for a cost to attack');
      if (/\{X\}/.test(o.combat_cost) !== (o.x !== undefined)) return issue(ctx, 'combat_cost: a cost with {X} takes `x:` (what X is), and only such a cost');
      return { kind: 'combat_cost', cost: c, what: o.for, affected: o.affected, ...(o.attacked ? { attacked: o.attacked } : {}), ...(o.x !== undefined ? { x: o.x } : {}), ...(o.per !== undefined ? { per: o.per } : {}) };
    }),
  cant_block_creatures: entry(() => ({ cant_block_creatures: filterSchema, affected: z.enum(['self', 'enchanted', 'equipped']).default('self') }),
    (o) => ({ kind: 'cant_block_creatures' as const, affected: o.affected, attackers: o.cant_block_creatures })),
  cant_attack_alone: entry(() => ({ cant_attack_alone: affectedSchema }), (o) => ({ kind: 'cant_attack_alone' as const, affected: o.cant_attack_alone })),
  cant_block_alone: entry(() => ({ cant_block_alone: affectedSchema }), (o) => ({ kind: 'cant_block_alone' as const, affected: o.cant_block_alone })),
  assign_as_unblocked: entry(() => ({ assign_as_unblocked: affectedSchema }), (o) => ({ kind: 'assign_as_unblocked' as const, affected: o.assign_as_unblocked })),
  max_one_blocker: entry(() => ({ max_one_blocker: affectedSchema }), (o) => ({ kind: 'max_one_blocker' as const, affected: o.max_one_blocker })),
  remove_types: entry(() => ({ remove_types: z.array(z.enum(['artifact', 'creature', 'enchantment', 'land'])).min(1), affected: affectedSchema }),
    (o) => ({ kind: 'remove_types' as const, types: o.remove_types, affected: o.affected })),
  attack_despite_defender: entry(() => ({ attack_despite_defender: affectedSchema }), (o) => ({ kind: 'attack_despite_defender' as const, affected: o.attack_despite_defender })),
  block_additional: entry(() => ({ block_additional: z.union([z.number().int().min(1).max(99), z.literal('any')]), affected: affectedSchema.default('self') }),
    (o) => ({ kind: 'block_additional' as const, n: o.block_additional, affected: o.affected })),
  must_be_blocked_by_all: entry(() => ({ must_be_blocked_by_all: affectedSchema }), (o) => ({ kind: 'must_be_blocked_by_all' as const, affected: o.must_be_blocked_by_all })),
  spend_as_any_color: entry(() => ({ spend_as_any_color: z.array(colorSchema), for: z.literal('activation_costs_of_self') }),
    (o) => ({ kind: 'spend_as_any_color' as const, colors: o.spend_as_any_color })),
  no_enter_triggers: entry(() => ({ no_enter_triggers: filterSchema }), (o) => ({ kind: 'no_enter_triggers' as const, filter: o.no_enter_triggers })),
  extra_enter_triggers: entry(() => ({ extra_enter_triggers: filterSchema }), (o) => ({ kind: 'extra_enter_triggers' as const, filter: o.extra_enter_triggers })),
  cant_play_lands: entry(() => ({ cant_play_lands: whoSchema }), (o) => ({ kind: 'cant_play_lands' as const, who: o.cant_play_lands })),
  play_lands_from: entry(() => ({ play_lands_from: z.enum(['library_top', 'graveyard']), who: whoSchema }), (o) => ({ kind: 'play_lands_from' as const, zone: o.play_lands_from, who: o.who })),
  additional_lands: entry(() => ({ additional_lands: z.number().int().min(1).max(10), who: whoSchema }), (o) => ({ kind: 'additional_lands' as const, n: o.additional_lands, who: o.who })),
  damage_cant_be_prevented: entry(() => ({ damage_cant_be_prevented: z.literal(true) }), () => ({ kind: 'damage_cant_be_prevented' as const })),
  cant_cast_from: entry(() => ({ cant_cast_from: z.literal('graveyard'), who: whoSchema }), (o) => ({ kind: 'cant_cast_from' as const, zone: o.cant_cast_from, who: o.who })),
  graveyards_as_yours: entry(() => ({ graveyards_as_yours: whoSchema }), (o) => ({ kind: 'graveyards_as_yours' as const, who: o.graveyards_as_yours })),
  cant_enter: entry(() => ({ cant_enter: filterSchema }), (o) => ({ kind: 'cant_enter' as const, filter: o.cant_enter })),
  must_attack: entry(() => ({ must_attack: affectedSchema }), (o) => ({ kind: 'must_attack' as const, affected: o.must_attack })),
  cant_be_blocked: entry(() => ({ cant_be_blocked: affectedSchema }), (o) => ({ kind: 'cant_be_blocked' as const, affected: o.cant_be_blocked })),
  cant_be_blocked_by: entry(() => ({ cant_be_blocked_by: filterSchema, affected: affectedSchema.default('self') }), (o) => ({ kind: 'cant_be_blocked_by' as const, filter: o.cant_be_blocked_by, affected: o.affected })),
  cant_attack_or_block: entry(() => ({ cant_attack_or_block: affectedSchema }),
    (o) => ({ kind: 'cant_attack_or_block' as const, affected: o.cant_attack_or_block, attack: true, block: true })),
  flash: entry(() => ({ flash: filterSchema, who: whoSchema }), (o) => ({ kind: 'flash' as const, spells: o.flash, who: o.who })),
  cast_from: entry(() => ({ cast_from: z.enum(['library_top', 'graveyard']), spells: filterSchema, who: whoSchema }),
    (o) => ({ kind: 'cast_from' as const, zone: o.cast_from, spells: o.spells, who: o.who })),
  look_at_library_top: entry(() => ({ look_at_library_top: whoSchema }), (o) => ({ kind: 'look_at_library_top' as const, who: o.look_at_library_top })),
  may_not_untap: entry(() => ({ may_not_untap: z.literal('self') }), () => ({ kind: 'may_not_untap' as const })),
  opening_hand_battlefield: entry(() => ({ opening_hand_battlefield: z.literal(true) }), () => ({ kind: 'opening_hand_battlefield' as const })),
  reveal_library_top: entry(() => ({ reveal_library_top: whoSchema }), (o) => ({ kind: 'reveal_library_top' as const, who: o.reveal_library_top })),
  control: entry(() => ({ control: z.literal('enchanted') }), (o) => ({ kind: 'control' as const, affected: o.control })),
  set_base_pt: entry(() => ({ set_base_pt: ptSchema, affected: affectedSchema }), (o, ctx) => {
    const [p, t] = o.set_base_pt as readonly [number | 'X', number | 'X'];
    if (p === 'X' || t === 'X') return issue(ctx, 'set_base_pt needs numbers');
    return { kind: 'set_base_pt' as const, power: p, toughness: t, affected: o.affected };
  }),
  // "Enchanted creature loses flying": those abilities removed (layer 6, 613.1f)
  lose: entry(() => ({ lose: z.array(z.string()).min(1), affected: affectedSchema }), (o) => ({ kind: 'lose' as const, abilities: o.lose, affected: o.affected })),
  lose_all_abilities: entry(() => ({ lose_all_abilities: affectedSchema }), (o) => ({ kind: 'lose_all_abilities' as const, affected: o.lose_all_abilities })),
  add_types: entry(() => ({ add_types: z.array(z.string()), subtypes: z.array(z.string()).optional(), affected: affectedSchema, base_pt: z.union([z.literal('mana_value'), ptSchema]).optional() }),
    (o) => ({
      kind: 'add_types' as const, types: o.add_types.map((t) => t.toLowerCase()), affected: o.affected,
      ...(o.subtypes ? { subtypes: o.subtypes } : {}),
      ...(o.base_pt !== undefined ? { base_pt: o.base_pt === 'mana_value' ? 'mana_value' as const : [Number(o.base_pt[0]), Number(o.base_pt[1])] as [number, number] } : {}),
    })),
  land_type: entry(() => ({ land_type: z.array(z.string()), affected: affectedSchema, add: z.boolean().default(false) }),
    (o) => ({ kind: 'set_land_type' as const, subtypes: o.land_type, affected: o.affected, add: o.add })),
  add_color: entry(() => ({ add_color: z.union([z.literal('chosen'), z.array(colorSchema)]), affected: affectedSchema }),
    (o) => ({ kind: 'add_color' as const, affected: o.affected, ...(o.add_color === 'chosen' ? { chosen: true } : { colors: o.add_color }) })),
  set_color: entry(() => ({ set_color: z.array(colorSchema), affected: affectedSchema }),
    (o) => ({ kind: 'add_color' as const, affected: o.affected, colors: o.set_color, set: true })),
  // "CARDNAME's power is equal to ...": only the power defined, the toughness the printed one
  cda_pt: entry(() => ({ cda_pt: strictObject(() => ({ power: amountSchema, toughness: amountSchema.optional() })) }),
    (o) => ({ kind: 'cda_pt' as const, power: o.cda_pt.power, ...(o.cda_pt.toughness !== undefined ? { toughness: o.cda_pt.toughness } : {}) })),
  hexproof_player: entry(() => ({ hexproof_player: whoSchema }), (o) => ({ kind: 'hexproof_player' as const, who: o.hexproof_player })),
  // 402.2: no discard down to a maximum hand size in the cleanup step (514.1)
  no_max_hand_size: entry(() => ({ no_max_hand_size: whoSchema }), (o) => ({ kind: 'no_max_hand_size' as const, who: o.no_max_hand_size })),
  max_hand_size: entry(() => ({ max_hand_size: z.number().int(), who: whoSchema }), (o) => ({ kind: 'max_hand_size' as const, by: o.max_hand_size, who: o.who })),
  cant_lose: entry(() => ({ cant_lose: whoSchema }), (o) => ({ kind: 'cant_lose' as const, who: o.cant_lose })),
  cant_activate: entry(() => ({ cant_activate: affectedSchema, except_mana: z.literal(true).optional() }),
    (o) => ({ kind: 'cant_activate' as const, affected: o.cant_activate, ...(o.except_mana ? { exceptMana: true } : {}) })),
  protection_from_chosen_color: entry(() => ({ protection_from_chosen_color: z.literal(true), affected: z.enum(['self', 'enchanted', 'equipped']).optional(), doesnt_remove: sparesSchema }),
    (o) => ({ kind: 'protection_from_chosen_color' as const, ...(o.affected && o.affected !== 'self' ? { affected: o.affected } : {}), ...(o.doesnt_remove ? { spares: o.doesnt_remove } : {}) })),
  unsupported: entry(() => ({ unsupported: z.string() }), (o) => ({ kind: 'unsupported' as const, reason: o.unsupported })),
} satisfies Record<string, Produces<StaticDef>>;
const STATICS = asTable<StaticDef>(STATICS_ENTRIES);

/**
 * An ability an effect gives, written inline: its `text` and its DSL ("except it has '...'",
 * "becomes a creature with '...'"). Its key is given when the card is compiled (compile.ts).
 */
function grantedAbility(v: unknown, ctx: z.RefinementCtx, at: string): Ability | undefined {
  const { text, ...rest } = (v ?? {}) as { text?: unknown };
  if (typeof text !== 'string') {
    issue(ctx, `\`${at}\` needs the \`text\` of the ability that is given, and its DSL`);
    return undefined;
  }
  const a = parseInner(abilitySchema, rest, ctx, [at]) as AbilityDsl;
  return a && typeof a === 'object' ? ({ ...(a as object), key: '', text } as unknown as Ability) : undefined;
}

/** `with: [{text, ...}]` on a static: the quoted abilities it gives. */
function givenAbilities(list: unknown[] | undefined, ctx: z.RefinementCtx): { given?: Ability[] } {
  if (!list?.length) return {};
  const given = list.map((v, i) => grantedAbility(v, ctx, `with.${i}`)).filter((a): a is Ability => !!a);
  return { given };
}

const exceptSchema: z.ZodType<CopyExcept> = z.lazy(() => strictObject(() => ({
  not_color: z.boolean().optional(), add_types: z.array(z.string()).optional(), pt: ptSchema.optional(),
  not_legendary: z.boolean().optional(), extra_counter: z.boolean().optional(), extra_ability: z.literal('this').optional(),
  grant: z.any().optional(), colors: z.array(colorSchema).optional(), no_mana_cost: z.boolean().optional(), add_subtypes: z.array(z.string()).optional(),
})).transform((o, ctx): CopyExcept => {
  const grant = o.grant !== undefined ? grantedAbility(o.grant, ctx, 'grant') : undefined;
  return {
    ...(o.not_color ? { not_color: true } : {}), ...(o.add_types ? { add_types: o.add_types.map((t) => t.toLowerCase()) } : {}),
    ...(o.pt ? { pt: [Number(o.pt[0]), Number(o.pt[1])] as [number, number] } : {}), ...(o.not_legendary ? { not_legendary: true } : {}),
    ...(o.extra_counter ? { extra_counter: true } : {}), ...(o.extra_ability ? { extra_ability: o.extra_ability } : {}),
    ...(grant ? { grant } : {}), ...(o.colors ? { colors: o.colors } : {}), ...(o.no_mana_cost ? { no_mana_cost: true } : {}),
    ...(o.add_subtypes ? { add_subtypes: o.add_subtypes } : {}),
  };
}));

const REPLACEMENTS_ENTRIES = {
  enters_tapped: entry(() => ({ enters_tapped: affectedSchema, unless_pay_life: z.number().int().optional(), unless: conditionSchema.optional(), unless_reveal: filterSchema.optional() }),
    (o) => ({
      kind: 'enters_tapped' as const, affected: o.enters_tapped, ...(o.unless_pay_life ? { unless_pay_life: o.unless_pay_life } : {}),
      ...(o.unless ? { unless: o.unless } : {}), ...(o.unless_reveal ? { unless_reveal: o.unless_reveal } : {}),
    })),
  enters_with_counters: entry(() => ({ enters_with_counters: z.string(), amount: amountSchema, affected: affectedSchema.default('self'), if: conditionSchema.optional(), optional: z.literal(true).optional(), tapped: z.literal(true).optional(), gains: z.array(z.string()).min(1).optional() }),
    (o) => ({
      kind: 'enters_with_counters' as const, counter: o.enters_with_counters, amount: o.amount, affected: o.affected, ...(o.if ? { if: o.if } : {}),
      ...(o.optional ? { optional: true as const } : {}), ...(o.tapped ? { tapped: true as const } : {}), ...(o.gains ? { gains: o.gains } : {}),
    })),
  as_enters_sacrifice: entry(() => ({ as_enters_sacrifice: filterSchema, counters_each: z.record(z.string(), amountSchema) }),
    (o) => ({ kind: 'as_enters_sacrifice' as const, filter: o.as_enters_sacrifice, counters_each: o.counters_each })),
  // amplify (702.38a): cards revealed from the hand as it enters, counters for each
  as_enters_reveal: entry(() => ({ as_enters_reveal: filterSchema, from: z.literal('your hand'), counters_each: z.record(z.string(), amountSchema) }),
    (o) => ({ kind: 'as_enters_reveal' as const, filter: o.as_enters_reveal, counters_each: o.counters_each })),
  as_enters_exile: entry(() => ({ as_enters_exile: filterSchema, from: z.literal('your graveyard') }),
    (o) => ({ kind: 'as_enters_exile' as const, filter: o.as_enters_exile, from: 'graveyard' as const })),
  // 702.44a: a counter for each color of mana spent to cast it, +1/+1 on a creature and charge otherwise
  sunburst: entry(() => ({ sunburst: z.literal(true) }), () => ({ kind: 'sunburst' as const })),
  enters_with_counter_or_gains: entry(() => ({ enters_with_counter_or_gains: z.string(), counter: z.string().default('+1/+1') }),
    (o) => ({ kind: 'counter_or_gains' as const, counter: o.counter, gains: o.enters_with_counter_or_gains })),
  as_enters_choose: entry(() => ({ as_enters_choose: z.enum(['color', 'creature_type', 'card_name', 'number']) }),
    (o) => ({ kind: 'as_enters_choose' as const, what: o.as_enters_choose })),
  enter_as_copy: entry(() => ({
    enter_as_copy: filterSchema, optional: z.boolean().default(true), except: exceptSchema.optional(),
    also_turned_face_up: z.boolean().optional(), until_turned_face_down: z.boolean().optional(),
  }), (o) => ({
    kind: 'enter_as_copy' as const, filter: o.enter_as_copy, optional: o.optional, ...(o.except ? { except: o.except } : {}),
    ...(o.also_turned_face_up ? { also_turned_face_up: true } : {}), ...(o.until_turned_face_down ? { until_turned_face_down: true } : {}),
  })),
  graveyard_to_exile: entry(() => ({ graveyard_to_exile: filterSchema, owner: z.enum(['opponent', 'any']).default('any') }),
    (o) => ({ kind: 'to_graveyard_instead' as const, to: 'exile' as const, filter: o.graveyard_to_exile, owner: o.owner })),
  damage_multiplier: entry(() => ({ damage_multiplier: z.number().int(), plus: z.number().int().optional(), to: filterSchema.optional(), from: filterSchema.optional() }),
    (o) => ({ kind: 'damage_multiplier' as const, factor: o.damage_multiplier, ...(o.plus ? { plus: o.plus } : {}), ...(o.to ? { to: o.to } : {}), ...(o.from ? { from: o.from } : {}) })),
  prevent_all: strictObject(() => ({ prevent_all: z.literal(true), to: z.union([z.literal('you'), affectedSchema]).optional(), by: affectedSchema.optional(), from: filterSchema.optional(), combat_only: z.boolean().optional(),
    noncombat_only: z.literal(true).optional(), only_to: filterSchema.optional(), then: effectList.optional(), if: conditionSchema.optional() }))
    .refine((o) => o.to !== undefined || o.by !== undefined, { message: 'prevent_all needs `to` or `by` (or both): whose damage is prevented' })
    .transform((o) => ({ kind: 'prevent_all' as const, ...(o.to !== undefined ? { to: o.to } : {}), ...(o.by !== undefined ? { by: o.by } : {}), ...(o.from ? { from: o.from } : {}), ...(o.combat_only ? { combatOnly: true } : {}),
      ...(o.noncombat_only ? { noncombatOnly: true } : {}), ...(o.only_to ? { onlyTo: o.only_to } : {}), ...(o.then ? { then: o.then } : {}), ...(o.if ? { condition: o.if } : {}) })),
  // "All damage that would be dealt to you is dealt to CARDNAME instead" (614.9)
  redirect_damage: entry(() => ({ redirect_damage: z.enum(['self', 'enchanted', 'equipped', 'its_controller']), to: z.union([z.string(), z.array(z.string())]), combat_only: z.literal(true).optional(), from: filterSchema.optional(), if: conditionSchema.optional() }),
    (o, ctx) => {
      const to = (Array.isArray(o.to) ? o.to : [o.to]).map((w) => (w === 'you' ? 'you' as const : affectedSchema.safeParse(w)));
      const out: Array<'you' | string | Filter> = [];
      for (const w of to) {
        if (w === 'you') out.push(w);
        else if (w.success) out.push(w.data);
        else return issue(ctx, `redirect_damage: ${w.error.issues[0]?.message ?? 'bad recipient'}`);
      }
      return { kind: 'redirect_damage' as const, to: out, instead: o.redirect_damage, ...(o.combat_only ? { combatOnly: true } : {}), ...(o.from ? { from: o.from } : {}), ...(o.if ? { condition: o.if } : {}) };
    }),
  prevent_some: entry(() => ({ prevent_some: z.number().int(), to: z.union([z.literal('you'), affectedSchema]), from: filterSchema.optional(), combat_only: z.boolean().optional() }),
    (o) => ({ kind: 'prevent_some' as const, amount: o.prevent_some, to: o.to as 'you' | 'self' | 'enchanted' | 'equipped' | Filter, ...(o.from ? { from: o.from } : {}), ...(o.combat_only ? { combatOnly: true } : {}) })),
  counters_multiplier: entry(() => ({ counters_multiplier: z.number().int(), plus: z.number().int().optional(), counter: z.string().optional(), on: filterSchema }),
    (o) => ({ kind: 'counters_multiplier' as const, factor: o.counters_multiplier, on: o.on, ...(o.plus ? { plus: o.plus } : {}), ...(o.counter ? { counter: o.counter } : {}) })),
  tokens_multiplier: entry(() => ({ tokens_multiplier: z.number().int() }), (o) => ({ kind: 'tokens_multiplier' as const, factor: o.tokens_multiplier })),
  life_gain_multiplier: entry(() => ({ life_gain_multiplier: z.number().int() }), (o) => ({ kind: 'life_gain_multiplier' as const, factor: o.life_gain_multiplier })),
  instead: entry(() => ({ instead: effectList, of: z.lazy(() => replacedEventSchema) }),
    (o) => ({ kind: 'instead' as const, of: o.of, do: o.instead })),
  life_floor: entry(() => ({ life_floor: z.literal(1), if: conditionSchema.optional() }),
    (o) => ({ kind: 'life_floor' as const, ...(o.if ? { condition: o.if } : {}) })),
  enters_under_control_of: entry(() => ({ enters_under_control_of: z.literal('you'), affected: filterSchema }),
    (o) => ({ kind: 'enters_under_control_of' as const, player: o.enters_under_control_of, affected: o.affected })),
  // "you may skip that draw" (0, optional), "draw two cards instead, except the first one you draw in each of your draw steps"
  draw_instead: entry(() => ({ draw_instead: z.number().int().min(0), optional: z.literal(true).optional(), except: z.literal('first_in_your_draw_step').optional() }),
    (o) => ({ kind: 'draw_instead' as const, n: o.draw_instead, ...(o.optional ? { optional: true as const } : {}), ...(o.except ? { except: o.except } : {}) })),
  unsupported: entry(() => ({ unsupported: z.string() }), (o) => ({ kind: 'unsupported' as const, reason: o.unsupported })),
} satisfies Record<string, Produces<ReplacementDef>>;
const REPLACEMENTS = asTable<ReplacementDef>(REPLACEMENTS_ENTRIES);

function dispatch<T>(table: Record<string, z.ZodType<T>>, what: string) {
  return z.any().transform((v, ctx): T => {
    const ks = v && typeof v === 'object' ? Object.keys(v) : [];
    const key = ks.find((k) => table[k]);
    if (!key) {
      const hint = ks.length ? didYouMean(ks[0]!, Object.keys(table)) : '';
      return issue(ctx, `expected a ${what}, one of: ${Object.keys(table).join(', ')}${hint ? `; ${hint}` : ''}`);
    }
    return parseInner(table[key]!, v, ctx) as T;
  });
}

/** A static ability's effect; `if:` makes it exist only while a condition holds ("as long as ..."). */
const staticSchema = z.any().transform((v, ctx): StaticDef => {
  const dispatched = dispatch(STATICS, 'static ability');
  const own = v && typeof v === 'object' && 'if' in v && !Object.keys(v).some((k) => k.startsWith('cost_'));
  if (!own) return parseInner(dispatched, v, ctx);
  const { if: cond, ...rest } = v as Record<string, unknown>;
  const def = parseInner(dispatched, rest, ctx);
  if (def.kind === 'cda_pt') return issue(ctx, 'a characteristic-defining ability has no condition (604.3)');
  const condition = parseInner(conditionSchema, cond, ctx, ['if']);
  return { ...def, condition } as StaticDef;
});

const REPLACED_ENTRIES = {
  dies: entry(() => ({ dies: selfOrFilter }), (o) => ({ event: 'dies' as const, ...o.dies })),
  put_into_graveyard: entry(() => ({ put_into_graveyard: selfOrFilter, from: z.enum(['battlefield', 'anywhere']).default('anywhere') }),
    (o) => ({ event: 'put_into_graveyard' as const, ...o.put_into_graveyard, from: o.from })),
  enters: entry(() => ({ enters: filterSchema, not_cast: z.boolean().optional() }),
    (o) => ({ event: 'enters' as const, filter: o.enters, ...(o.not_cast ? { not_cast: true } : {}) })),
  gain_life: entry(() => ({ gain_life: z.literal('you') }), () => ({ event: 'gain_life' as const, who: 'you' as const })),
  draw: entry(() => ({ draw: z.literal('you') }), () => ({ event: 'draw' as const, who: 'you' as const })),
  // "If damage would be dealt to CARDNAME, ... instead": the whole damage event is replaced (614.1a)
  dealt_damage: entry(() => ({ dealt_damage: z.literal('self') }), () => ({ event: 'dealt_damage' as const, self: true as const })),
} satisfies Record<string, Produces<ReplacedEvent>>;
const REPLACED = asTable<ReplacedEvent>(REPLACED_ENTRIES);
const replacedEventSchema: z.ZodType<ReplacedEvent> = dispatch(REPLACED, 'replaced event');
const replacementSchema: z.ZodType<ReplacementDef> = dispatch(REPLACEMENTS, 'replacement effect');

// ---------------------------------------------------------------- abilities

/** The DSL entry for one non-keyword paragraph of a card's text, before it is given its key and text. */
export type AbilityDsl =
  | { kind: 'spell'; block: EffectBlock; modal?: ModalSpec }
  | { kind: 'activated'; costText: string; block: EffectBlock; modal?: ModalSpec; timing?: 'sorcery'; limit?: number; during?: ActivationWindow; condition?: Condition }
  | { kind: 'triggered'; when: Trigger; condition?: Condition; block: EffectBlock; modal?: ModalSpec }
  | { kind: 'static'; defs: StaticDef[] }
  | { kind: 'replacement'; def: ReplacementDef }
  | { kind: 'additional_cost'; costText: string }
  | { kind: 'alternative_cost'; costText: string; label: string; condition?: Condition }
  | { kind: 'cast_restriction'; during: CastWindow[]; condition?: Condition }
  | { kind: 'self_flash'; payMore?: ManaCost; condition?: Condition }
  | { kind: 'self_cast_from'; zones: Array<'graveyard' | 'exile'>; condition?: Condition }
  | { kind: 'unsupported'; reason: string };

const CAST_WINDOWS = ['your_turn', 'opponent_turn', 'opponent_upkeep', 'opponent_turn_after_upkeep', 'your_end_step', 'combat',
  'combat_before_blockers', 'combat_after_blockers', 'declare_attackers', 'declare_blockers', 'before_combat_damage'] as const satisfies readonly CastWindow[];

const ABILITIES: Record<string, z.ZodType<AbilityDsl>> = {
  spell: strictObject(() => ({ spell: strictObject(blockShape) })).transform((o, ctx) => ({ kind: 'spell' as const, ...checkKickedTargets(compileBlock(o.spell, ctx), true, ctx) })),
  activated: strictObject(() => ({
    activated: strictObject(() => ({
      ...blockShape, cost: z.string(), timing: z.literal('sorcery').optional(),
      // 602.5b: at most once, or at most N times, each turn
      limit: z.union([z.literal('once_per_turn'), strictObject(() => ({ per_turn: z.number().int().min(1) }))]).optional(),
      during: z.enum(['your_turn', 'combat', 'your_upkeep', 'your_turn_before_attackers', 'upkeep', 'your_draw']).optional(), if: conditionSchema.optional(),
      anyone: z.literal(true).optional(),
    })),
  })).transform((o, ctx) => ({
    kind: 'activated' as const, costText: o.activated.cost, ...checkMana(checkKickedTargets(checkXTargets(compileBlock(o.activated, ctx), /X/.test(o.activated.cost), ctx), false, ctx), undefined, ctx, 'activated'),
    ...(o.activated.timing ? { timing: o.activated.timing } : {}), ...(o.activated.limit ? { limit: o.activated.limit === 'once_per_turn' ? 1 : o.activated.limit.per_turn } : {}),
    ...(o.activated.during ? { during: o.activated.during } : {}), ...(o.activated.if ? { condition: o.activated.if } : {}),
    ...(o.activated.anyone ? { anyone: true as const } : {}),
  })),
  triggered: strictObject(() => ({ triggered: strictObject(() => ({ ...blockShape, when: triggerSchema, if: conditionSchema.optional() })) }))
    .transform((o, ctx) => ({ kind: 'triggered' as const, when: o.triggered.when, ...(o.triggered.if ? { condition: o.triggered.if } : {}), ...checkMana(checkKickedTargets(checkXTargets(compileBlock(o.triggered, ctx), false, ctx), false, ctx), o.triggered.when, ctx) })),
  // one paragraph may hold several static effects (Humility): a list
  static: strictObject(() => ({ static: z.union([z.array(staticSchema), staticSchema]) }))
    .transform((o) => ({ kind: 'static' as const, defs: Array.isArray(o.static) ? o.static : [o.static] })),
  replacement: strictObject(() => ({ replacement: dispatch(REPLACEMENTS, 'replacement effect') })).transform((o) => ({ kind: 'replacement' as const, def: o.replacement })),
  additional_cost: strictObject(() => ({ additional_cost: z.string() })).transform((o) => ({ kind: 'additional_cost' as const, costText: o.additional_cost })),
  alternative_cost: strictObject(() => ({ alternative_cost: z.string(), label: z.string().optional(), if: conditionSchema.optional() }))
    .refine((o) => o.alternative_cost.trim() !== '' || o.label !== undefined, 'an empty alternative cost ("without paying its mana cost") needs a `label`')
    .transform((o) => ({ kind: 'alternative_cost' as const, costText: o.alternative_cost, label: o.label ?? o.alternative_cost, ...(o.if ? { condition: o.if } : {}) })),
  cast_only: strictObject(() => ({ cast_only: strictObject(() => ({ during: z.array(z.enum(CAST_WINDOWS)).default([]), if: conditionSchema.optional() }))
    .refine((o) => o.during.length > 0 || o.if !== undefined, 'give `during` or `if`') }))
    .transform((o) => ({ kind: 'cast_restriction' as const, during: o.cast_only.during, ...(o.cast_only.if ? { condition: o.cast_only.if } : {}) })),
  flash_self: strictObject(() => ({ flash_self: strictObject(() => ({ pay_more: manaCostSchema.optional(), if: conditionSchema.optional() })) }))
    .transform((o) => ({ kind: 'self_flash' as const, ...(o.flash_self.pay_more ? { payMore: o.flash_self.pay_more } : {}), ...(o.flash_self.if ? { condition: o.flash_self.if } : {}) })),
  cast_from_self: strictObject(() => ({ cast_from_self: strictObject(() => ({ zones: z.array(z.enum(['graveyard', 'exile'])).min(1), if: conditionSchema.optional() })) }))
    .transform((o) => ({ kind: 'self_cast_from' as const, zones: o.cast_from_self.zones, ...(o.cast_from_self.if ? { condition: o.cast_from_self.if } : {}) })),
  unsupported: strictObject(() => ({ unsupported: z.string() })).transform((o) => ({ kind: 'unsupported' as const, reason: o.unsupported })),
};

/**
 * "X target ..." counts the X announced as a spell is cast or an ability activated (601.2b-c): a triggered
 * ability announces none, and an activated ability announces one only when its cost has X. Anywhere else
 * the count would silently be zero, so the card is refused as it loads.
 */
function checkXTargets<T extends { block: EffectBlock; modal?: ModalSpec }>(b: T, costHasX: boolean, ctx: z.RefinementCtx): T {
  const specs = [b.block.targets, ...(b.modal?.modes.map((m) => m.targets) ?? [])].flat();
  if (!costHasX && specs.some((t) => t.x)) {
    issue(ctx, 'a target count of X needs an X announced as a spell is cast or an ability with X in its cost is activated (601.2b-c); this ability has none');
  }
  return b;
}

/**
 * 702.33g / 601.2c: a `kicked` target is chosen only when the spell is kicked, so only a spell has one,
 * and only instructions inside `if: {kicked: true}` (its `do`) may name it; anywhere else it could be
 * named without having been chosen, so the card is refused as it loads.
 */
function checkKickedTargets<T extends { block: EffectBlock; modal?: ModalSpec }>(b: T, spell: boolean, ctx: z.RefinementCtx): T {
  for (const block of b.modal ? b.modal.modes : [b.block]) {
    const kicked = block.targets.filter((t) => t.kicked).map((t) => t.name);
    if (!kicked.length) continue;
    if (!spell) { issue(ctx, '`kicked: true` marks a target of a spell (702.33g); this ability is no spell'); continue; }
    const outside = namedOutsideKicked(block.effects, kicked);
    if (outside.length) issue(ctx, `the \`kicked\` target(s) ${outside.join(', ')} are named outside \`if: {kicked: true}\`, where they may not have been chosen (702.33g)`);
  }
  return b;
}

/** Which of `names` instructions refer to ("t", "controller_of:t") outside the `do` of an `if: {kicked: true}`. */
function namedOutsideKicked(effects: Effect[], names: string[]): string[] {
  const out = new Set<string>();
  const walk = (v: unknown, inKicked: boolean): void => {
    if (typeof v === 'string') {
      const name = /^(?:.*:)?([^:]+)$/.exec(v)?.[1];
      if (!inKicked && name !== undefined && names.includes(name)) out.add(name);
      return;
    }
    if (Array.isArray(v)) { for (const x of v) walk(x, inKicked); return; }
    if (!v || typeof v !== 'object') return;
    const o = v as { verb?: unknown; condition?: { kind?: unknown; of?: unknown } };
    const kickedIf = o.verb === 'if' && o.condition?.kind === 'kicked' && o.condition.of === undefined;
    for (const [k, x] of Object.entries(v)) walk(x, inKicked || (kickedIf && k === 'do'));
  };
  walk(effects, false);
  return [...out];
}

/** Whether instructions add mana, at any depth. */
function addsMana(effects: Effect[]): boolean {
  return JSON.stringify(effects).includes('"verb":"add_mana"');
}

/**
 * The forms of mana abilities (605) the engine would not run as written, refused as the card loads:
 * a modal ability adding mana (605.1a makes it a mana ability, which is never modal here: "Add {B} or
 * {R}" is `add_one_of`), a "tapped for mana" trigger that isn't a triggered mana ability (605.1b),
 * and `add_one_of: produced` ("one mana of any type that land produced") anywhere else.
 */
function checkMana<T extends { block: EffectBlock; modal?: ModalSpec }>(b: T, when: Trigger | undefined, ctx: z.RefinementCtx, kind: 'activated' | 'triggered' = 'triggered'): T {
  const all = b.modal ? b.modal.modes.flatMap((m) => m.effects) : b.block.effects;
  if (b.modal && b.modal.modes.some((m) => addsMana(m.effects))) {
    issue(ctx, 'a modal ability that adds mana would be a mana ability (605.1a), which is never modal here: write a choice of mana ("Add {B} or {R}") as `add_one_of: ["{B}", "{R}"]`');
  }
  // a "tapped for mana" trigger whose instructions add no mana is an ordinary triggered ability (605.1b)
  const manaTrigger = when?.event === 'tapped_for_mana' && addsMana(all);
  // a mana ability's mana goes to the player who activated it (605.1a, 106.4) or who tapped the land (605.4a)
  const manaAbility = manaTrigger || (kind === 'activated' && !b.modal && b.block.targets.length === 0);
  const givesAway = (es: Effect[]): boolean => es.some((e) => (e.verb === 'add_mana' && e.who !== undefined) || ('do' in e && Array.isArray(e.do) && givesAway(e.do)));
  if (manaAbility && givesAway(all)) {
    issue(ctx, '`who` on `add` names another player to get the mana, which a mana ability (605.1a-b) never does: its mana goes to the player who activated it or tapped the land');
  }
  if (manaTrigger && (b.modal || b.block.targets.length > 0)) {
    issue(ctx, 'a `tapped_for_mana` trigger that adds mana is a triggered mana ability (605.1b), which has no targets or modes');
  }
  if (!manaTrigger && JSON.stringify(all).includes('"one_of_produced":true')) {
    issue(ctx, '`add_one_of: produced` is "one mana of any type that land produced": it belongs to a `tapped_for_mana` trigger (605.1b)');
  }
  return b;
}

/** Every key of the DSL's tables, by table: what the DSL accepts (test/dsl-audit.test.ts holds each to a scenario). */
export function dslKeys(): Record<string, string[]> {
  return {
    ability: Object.keys(ABILITIES), instruction: Object.keys(VERBS), trigger: Object.keys(TRIGGERS), condition: Object.keys(CONDITIONS),
    static: Object.keys(STATICS), replacement: Object.keys(REPLACEMENTS), replaced: Object.keys(REPLACED),
  };
}

export const abilitySchema = dispatch(ABILITIES, 'ability (the DSL entry for one paragraph of the text)');

// ---------------------------------------------------------------- card entries

const faceShape = {
  name: z.string().min(1),
  cost: z.string().optional(),
  type: z.string().min(1),
  pt: z.union([z.string(), z.number()]).optional(),
  loyalty: z.number().int().optional(),
  defense: z.number().int().optional(),
  color_indicator: z.array(colorSchema).optional(),
  text: z.string().default(''),
  abilities: z.array(abilitySchema).default([]),
};

export const faceSchema = strictObject(faceShape, 'in a card face');
export type FaceEntry = z.output<typeof faceSchema>;

export const cardEntrySchema = strictObject(() => ({
  ...faceShape,
  adventure: faceSchema.optional(),
  flip: faceSchema.optional(),
  // a split card (709): the entry's own fields are its left half, `name` is "Left // Right"
  split: faceSchema.optional(),
  // a transforming double-faced card (712): the entry's own fields are its front face
  back: faceSchema.optional(),
  unsupported: z.string().optional(),
  tier: z.number().optional(),
  rules: z.array(z.string()).optional(),
}), 'in a card');
export type CardEntry = z.output<typeof cardEntrySchema>;

/** Splits a type line "Legendary Creature — Human Soldier" into its parts (205). */
export function parseTypeLine(line: string): { types: string[]; supertypes: string[]; subtypes: string[] } | { error: string } {
  const [left, right] = line.split(/\s+[—–-]\s+/, 2) as [string, string | undefined];
  const supertypes: string[] = [];
  const types: string[] = [];
  for (const w of left.trim().split(/\s+/)) {
    const lw = w.toLowerCase();
    if (['basic', 'legendary', 'snow', 'world'].includes(lw)) supertypes.push(lw);
    else if (['artifact', 'battle', 'creature', 'enchantment', 'instant', 'kindred', 'land', 'planeswalker', 'sorcery', 'tribal'].includes(lw)) types.push(lw);
    else return { error: `unknown card type or supertype "${w}" in type line "${line}"` };
  }
  if (types.length === 0) return { error: `type line "${line}" has no card type` };
  const subtypes = right ? right.trim().split(/\s+/) : [];
  return { types, supertypes, subtypes };
}

export type { ParsedCost };

// The compiled form's types (types.ts) are what the engine reads; each table above is checked against
// them both ways: by `satisfies`, no entry produces anything else; below, every member of each union
// is produced by some entry, and no entry's output is left as the whole union (which would hide a gap).
type Discriminant<O, D extends PropertyKey> = O extends Record<D, infer V> ? V : never;
type Produced<T, D extends PropertyKey> = { [K in keyof T]: T[K] extends Produces<infer O> ? Discriminant<O, D> : never }[keyof T];
type Vague<U, D extends PropertyKey, T> = { [K in keyof T]: T[K] extends Produces<infer O> ? ([Discriminant<U, D>] extends [Discriminant<O, D>] ? K : never) : never }[keyof T];
/** True when the table `T` covers the union `U` by its discriminant `D`; otherwise the type names what is missing. */
type Covered<U, D extends PropertyKey, T> = [Exclude<Discriminant<U, D>, Produced<T, D>> | Vague<U, D, T>] extends [never] ? true : { unproduced: Exclude<Discriminant<U, D>, Produced<T, D>>; vague: Vague<U, D, T> };
/** Fails to compile, naming the gap, unless every table covers its union. */
type Check<T extends true> = T;
type SchemaCoversCompiledTypes = [
  Check<Covered<Condition, 'kind', typeof CONDITIONS_ENTRIES>>,
  Check<Covered<Trigger, 'event', typeof TRIGGERS_ENTRIES>>,
  Check<Covered<Effect, 'verb', typeof VERBS_ENTRIES>>,
  Check<Covered<StaticDef, 'kind', typeof STATICS_ENTRIES>>,
  Check<Covered<ReplacementDef, 'kind', typeof REPLACEMENTS_ENTRIES>>,
  Check<Covered<ReplacedEvent, 'event', typeof REPLACED_ENTRIES>>,
];
/**
 * Holds the check above. Exported with a plain type so that the declaration file (dist/cards/schema.d.ts)
 * need not spell out the tables' inferred types, whose printing was a good part of the build's time.
 */
export const SCHEMA_COVERS_COMPILED_TYPES: readonly true[] = [true, true, true, true, true, true] satisfies SchemaCoversCompiledTypes;
