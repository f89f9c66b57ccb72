// Keyword abilities whose rules define triggered abilities or replacement effects (702): they are
// written in the card DSL itself and compiled once, so the engine runs them like any printed ability.

import { abilitySchema, type AbilityDsl } from './schema.js';
import type { Ability } from './types.js';
import { parseCost } from './costs.js';
import type { RuleId } from '../core/rules/index.js';

type Part = Extract<Ability, { kind: 'triggered' | 'replacement' | 'activated' }>;

/** "$COST" is a keyword's cost, "$N" its number. */
const DEFS: Record<string, Array<{ text: string; rule: RuleId; dsl: unknown }>> = {
  // 702.79a
  Persist: [{
    rule: '702.79a',
    text: 'When this permanent is put into a graveyard from the battlefield, if it had no -1/-1 counters on it, return it to the battlefield under its owner\'s control with a -1/-1 counter on it.',
    dsl: { triggered: { when: { dies: 'self' }, if: { no_counters: '-1/-1' }, do: [{ return_to_battlefield: 'it', under: 'owner', counters: { '-1/-1': 1 } }] } },
  }],
  // 702.93a: the counter check looks at the permanent as it last existed on the battlefield
  Undying: [{
    rule: '702.93a',
    text: 'When this permanent is put into a graveyard from the battlefield, if it had no +1/+1 counters on it, return it to the battlefield under its owner\'s control with a +1/+1 counter on it.',
    dsl: { triggered: { when: { dies: 'self' }, if: { no_counters: '+1/+1' }, do: [{ return_to_battlefield: 'it', under: 'owner', counters: { '+1/+1': 1 } }] } },
  }],
  // 702.24a: "$COST" is the keyword's cost, paid once for each age counter
  'Cumulative upkeep': [{
    rule: '702.24a',
    text: 'At the beginning of your upkeep, put an age counter on this permanent. Then you may pay its cumulative upkeep cost for each age counter on it. If you don\'t, sacrifice it.',
    dsl: { triggered: { when: { step: 'upkeep', whose: 'you' }, do: [
      { put_counters: 'age', amount: 1, affected: 'self' },
      { unless: '$COST', who: 'you', times: { counters: 'age', on: 'self' }, do: [{ sacrifice: 'self' }] },
    ] } },
  }],
  // 702.30a: an intervening "if" (603.4), checked as the upkeep begins and again on resolution
  Echo: [{
    rule: '702.30a',
    text: 'At the beginning of your upkeep, if this permanent came under your control since the beginning of your last upkeep, sacrifice it unless you pay $COST.',
    dsl: { triggered: { when: { step: 'upkeep', whose: 'you' }, if: { came_under_control_since_last_upkeep: true }, do: [
      { unless: '$COST', who: 'you', do: [{ sacrifice: 'self' }] },
    ] } },
  }],
  // 702.74a: the alternative cost is offered by casting (stack/casting.ts); this is its enters trigger,
  // with an intervening "if" (603.4)
  Evoke: [{
    rule: '702.74a',
    text: 'When this permanent enters, if its evoke cost was paid, its controller sacrifices it.',
    dsl: { triggered: { when: { enters: 'self' }, if: { alt_cost_paid: 'Evoke' }, do: [{ sacrifice: 'self' }] } },
  }],
  // 702.32a
  // 702.63a: three abilities; the upkeep trigger has an intervening "if" (603.4), and the last time
  // counter removed, by it or by anything else, sacrifices the permanent
  Vanishing: [
    {
      rule: '702.63a',
      text: 'This permanent enters with N time counters on it.',
      dsl: { replacement: { enters_with_counters: 'time', amount: '$N' } },
    },
    {
      rule: '702.63a',
      text: 'At the beginning of your upkeep, if there is a time counter on this permanent, remove a time counter from it.',
      dsl: { triggered: { when: { step: 'upkeep', whose: 'you' }, if: { counters_at_least: 1, counter: 'time' }, do: [{ remove_counters: 'time', amount: 1, affected: 'self' }] } },
    },
    {
      rule: '702.63a',
      text: 'When the last time counter is removed from this permanent, sacrifice it.',
      dsl: { triggered: { when: { last_counter_removed: 'time' }, do: [{ sacrifice: 'self' }] } },
    },
  ],
  Fading: [
    {
      rule: '702.32a',
      text: 'This permanent enters with N fade counters on it.',
      dsl: { replacement: { enters_with_counters: 'fade', amount: '$N' } },
    },
    {
      rule: '702.32a',
      text: 'At the beginning of your upkeep, remove a fade counter from this permanent. If you can\'t, sacrifice the permanent.',
      dsl: { triggered: { when: { step: 'upkeep', whose: 'you' }, do: [
        { if: { no_counters: 'fade' }, do: [{ sacrifice: 'self' }], otherwise: [{ remove_counters: 'fade', amount: 1, affected: 'self' }] },
      ] } },
    },
  ],
  // 702.54a: a static ability checked as the permanent enters (614.1c)
  Bloodthirst: [{
    rule: '702.54a',
    text: 'If an opponent was dealt damage this turn, this permanent enters with N +1/+1 counters on it.',
    dsl: { replacement: { enters_with_counters: '+1/+1', amount: '$N', if: { opponent_damaged_this_turn: true } } },
  }],
  // 702.82a
  Devour: [{
    rule: '702.82a',
    text: 'As this enters, you may sacrifice any number of creatures. This permanent enters with N +1/+1 counters on it for each creature sacrificed this way.',
    dsl: { replacement: { as_enters_sacrifice: 'creature', counters_each: { '+1/+1': '$N' } } },
  }],
  // 702.6a
  Equip: [{
    rule: '702.6a',
    text: '$COST: Attach this permanent to target creature you control. Activate only as a sorcery.',
    dsl: { activated: { cost: '$COST', timing: 'sorcery', targets: { t: 'creature you control' }, do: [{ attach: 'self', to: 't' }] } },
  }],
  // 702.87a: a sorcery-speed activated ability; the counter is what the level symbols count (711.2)
  'Level up': [{
    rule: '702.87a',
    text: '$COST: Put a level counter on this permanent. Activate only as a sorcery.',
    dsl: { activated: { cost: '$COST', timing: 'sorcery', do: [{ put_counters: 'level', amount: 1, affected: 'self' }] } },
  }],
  // 702.107a: a sorcery-speed activated ability; {T} in its cost, so a creature that came under its
  // controller's control this turn can't use it (302.6)
  Outlast: [{
    rule: '702.107a',
    text: '$COST, {T}: Put a +1/+1 counter on this creature. Activate only as a sorcery.',
    dsl: { activated: { cost: '$COST, {T}', timing: 'sorcery', do: [{ put_counters: '+1/+1', amount: 1, affected: 'self' }] } },
  }],
  // 702.122a: the creatures tapped are other than the Vehicle; it stays an artifact with its subtypes (205.1b)
  Crew: [{
    rule: '702.122a',
    text: 'Tap any number of other untapped creatures you control with total power N or greater: This permanent becomes an artifact creature until end of turn.',
    dsl: { activated: { cost: 'Tap any number of other untapped creatures you control with total power $N or greater', do: [{ become: { types: ['artifact', 'creature'], add_types: true }, affected: 'self', until: 'end_of_turn' }] } },
  }],
  // 702.29a: it works only while the card is in a hand (113.6m: its cost moves it out of there)
  Cycling: [{
    rule: '702.29a',
    text: '$COST, Discard this card: Draw a card.',
    dsl: { activated: { cost: '$COST, Discard this card', do: [{ draw: 1 }] } },
  }],
  // 702.83a: "that creature" is the one attacking alone
  Exalted: [{
    rule: '702.83a',
    text: 'Whenever a creature you control attacks alone, that creature gets +1/+1 until end of turn.',
    dsl: { triggered: { when: { attacks: 'creature you control', alone: true }, do: [{ pump: '+1/+1', affected: 'it', until: 'end_of_turn' }] } },
  }],
  // 702.25a: "the blocking creature" is the blocker that triggered it
  Flanking: [{
    rule: '702.25a',
    text: 'Whenever a creature without flanking blocks this creature, the blocking creature gets -1/-1 until end of turn.',
    dsl: { triggered: { when: { becomes_blocked: 'self', by: 'creature without flanking' }, do: [{ pump: '-1/-1', affected: 'it', until: 'end_of_turn' }] } },
  }],
  // 702.45a: one ability that triggers on either event; a creature can't both block and be blocked in one combat
  Bushido: [
    {
      rule: '702.45a',
      text: 'Whenever this creature blocks or becomes blocked, it gets +N/+N until end of turn.',
      dsl: { triggered: { when: { blocks: 'self' }, do: [{ pump: '+$N/+$N', affected: 'self', until: 'end_of_turn' }] } },
    },
    {
      rule: '702.45a',
      text: 'Whenever this creature blocks or becomes blocked, it gets +N/+N until end of turn.',
      dsl: { triggered: { when: { becomes_blocked: 'self' }, do: [{ pump: '+$N/+$N', affected: 'self', until: 'end_of_turn' }] } },
    },
  ],
  // 702.46a: the target is chosen as the trigger is put on the stack; returning it is optional
  Soulshift: [{
    rule: '702.46a',
    text: 'When this permanent is put into a graveyard from the battlefield, you may return target Spirit card with mana value N or less from your graveyard to your hand.',
    dsl: { triggered: { when: { dies: 'self' }, targets: { t: 'Spirit card with mana value $N or less in your graveyard' }, do: [{ may: [{ return_to_hand: 't' }] }] } },
  }],
  // 702.135a: the tokens are created under the control of the ability's controller
  Afterlife: [{
    rule: '702.135a',
    text: 'When this permanent is put into a graveyard from the battlefield, create N 1/1 white and black Spirit creature tokens with flying.',
    dsl: { triggered: { when: { dies: 'self' }, do: [
      { create_token: { type: 'Creature — Spirit', pt: '1/1', colors: ['white', 'black'], abilities: ['Flying'] }, amount: '$N' },
    ] } },
  }],
  // 702.123a: "if you don't" also covers counters that can't be put on it (608.2d)
  Fabricate: [{
    rule: '702.123a',
    text: 'When this permanent enters, you may put N +1/+1 counters on it. If you don\'t, create N 1/1 colorless Servo artifact creature tokens.',
    dsl: { triggered: { when: { enters: 'self' }, do: [
      { may: [{ put_counters: '+1/+1', amount: '$N', affected: 'self' }] },
      { if_you_do: [], otherwise: [{ create_token: { type: 'Artifact Creature — Servo', pt: '1/1' }, amount: '$N' }] },
    ] } },
  }],
  // 702.43a: a replacement effect and a dies trigger counting the counters it had as it died (608.2h)
  Modular: [
    {
      rule: '702.43a',
      text: 'This permanent enters with N +1/+1 counters on it.',
      dsl: { replacement: { enters_with_counters: '+1/+1', amount: '$N' } },
    },
    {
      rule: '702.43a',
      text: 'When this permanent is put into a graveyard from the battlefield, you may put a +1/+1 counter on target artifact creature for each +1/+1 counter on this permanent.',
      dsl: { triggered: { when: { dies: 'self' }, targets: { t: 'artifact creature' }, do: [
        { may: [{ put_counters: '+1/+1', amount: { counters: '+1/+1', on: 'self' }, affected: 't' }] },
      ] } },
    },
  ],
  // 702.101a: the life gained is what the opponents actually lost
  Extort: [{
    rule: '702.101a',
    text: 'Whenever you cast a spell, you may pay {W/B}. If you do, each opponent loses 1 life and you gain life equal to the total life lost this way.',
    dsl: { triggered: { when: { cast: 'spell', by: 'you' }, do: [
      { may_pay: '{W/B}' },
      { if_you_do: [{ lose_life: 1, who: 'each_opponent' }, { gain_life: 'life_lost', who: 'you' }] },
    ] } },
  }],
  // 702.112a: an intervening "if" (603.4); the designation stays until it leaves the battlefield (702.112b)
  Renown: [{
    rule: '702.112a',
    text: 'When this creature deals combat damage to a player, if it isn\'t renowned, put N +1/+1 counters on it and it becomes renowned.',
    dsl: { triggered: { when: { deals_damage: 'self', to: 'player', combat: true }, if: { renowned: false }, do: [
      { put_counters: '+1/+1', amount: '$N', affected: 'self' },
      { become_renowned: 'self' },
    ] } },
  }],
  // 702.95a: two triggered abilities with an intervening "if" (603.4); "you may pair" is asked on
  // resolution, and the pair lasts while both stay creatures on the battlefield under your control
  Soulbond: [{
    rule: '702.95a',
    text: 'When this creature enters, if you control both this creature and another creature and both are unpaired, you may pair this creature with another unpaired creature you control for as long as both remain creatures on the battlefield under your control.',
    dsl: { triggered: { when: { enters: 'self' }, if: { can_pair: 'self' }, do: [{ may: [{ pair: 'another creature you control' }] }] } },
  }, {
    rule: '702.95a',
    text: 'Whenever another creature you control enters, if you control both that creature and this one and both are unpaired, you may pair that creature with this creature for as long as both remain creatures on the battlefield under your control.',
    dsl: { triggered: { when: { enters: 'another creature you control' }, if: { can_pair: 'it' }, do: [{ may: [{ pair: 'it' }] }] } },
  }],
  // 702.100a: an intervening "if" comparing the entering creature ("it") with this one (603.4)
  Evolve: [{
    rule: '702.100a',
    text: 'Whenever a creature you control enters, if that creature\'s power is greater than this creature\'s power and/or that creature\'s toughness is greater than this creature\'s toughness, put a +1/+1 counter on this creature.',
    dsl: { triggered: { when: { enters: 'creature you control' }, if: { greater_power_or_toughness: 'it' }, do: [
      { put_counters: '+1/+1', amount: 1, affected: 'self' },
    ] } },
  }],
  // 702.134a: "lesser power" compares with this creature's power, checked again on resolution (608.2b)
  Mentor: [{
    rule: '702.134a',
    text: 'Whenever this creature attacks, put a +1/+1 counter on target attacking creature with lesser power.',
    dsl: { triggered: { when: { attacks: 'self' }, targets: { t: 'attacking creature with lesser power' }, do: [
      { put_counters: '+1/+1', amount: 1, affected: 't' },
    ] } },
  }],
  // 702.136a: a replacement effect; the haste lasts as long as the permanent stays on the battlefield
  Riot: [{
    rule: '702.136a',
    text: 'You may have this permanent enter with an additional +1/+1 counter on it. If you don\'t, it gains haste.',
    dsl: { replacement: { enters_with_counter_or_gains: 'Haste' } },
  }],
  // 702.92a: the token is created and the Equipment attached to it in one resolution, so no state-based
  // action sees the 0/0 Germ unequipped; "it" after create_token names the token
  'Living weapon': [{
    rule: '702.92a',
    text: 'When this Equipment enters, create a 0/0 black Phyrexian Germ creature token, then attach this Equipment to it.',
    dsl: { triggered: { when: { enters: 'self' }, do: [
      { create_token: { type: 'Creature — Phyrexian Germ', pt: '0/0', colors: ['black'] }, amount: 1 },
      { attach: 'self', to: 'it' },
    ] } },
  }],
  // 702.56a: the optional additional cost, paid any number of times, is offered by casting
  // (stack/casting.ts); this is the cast trigger, copying the spell once for each time it was paid
  Replicate: [{
    rule: '702.56a',
    text: 'When you cast this spell, if a replicate cost was paid for it, copy it for each time its replicate cost was paid. If the spell has any targets, you may choose new targets for any of the copies.',
    dsl: { triggered: { when: { cast: 'self' }, if: { additional_cost_paid: 'Replicate' }, do: [{ copy_spell: 'self', new_targets: true, times: { replicate_paid: 'self' } }] } },
  }],
  // 702.78a: the optional additional cost is offered by casting (stack/casting.ts); this is the cast
  // trigger, with an intervening "if" (603.4) reading the spell's announced costs
  Conspire: [{
    rule: '702.78a',
    text: 'When you cast this spell, if its conspire cost was paid, copy it. If the spell has any targets, you may choose new targets for the copy.',
    dsl: { triggered: { when: { cast: 'self' }, if: { additional_cost_paid: 'Conspire' }, do: [{ copy_spell: 'self', new_targets: true }] } },
  }],
  // 702.98a: two static abilities; this is the first, a replacement effect chosen as it enters (614.12a);
  // the second ("can't block as long as it has a +1/+1 counter on it") is read by blocking (game/combat.ts)
  Unleash: [{
    rule: '702.98a',
    text: 'You may have this permanent enter with an additional +1/+1 counter on it.',
    dsl: { replacement: { enters_with_counters: '+1/+1', amount: 1, optional: true } },
  }],
  // 702.23a-b: the blockers are counted once, as the ability resolves
  Rampage: [{
    rule: '702.23a',
    text: 'Whenever this creature becomes blocked, it gets +N/+N until end of turn for each creature blocking it beyond the first.',
    dsl: { triggered: { when: { becomes_blocked: 'self' }, do: [
      { pump: '+$N/+$N', affected: 'self', until: 'end_of_turn', per: { blockers_beyond_first: 'self' } },
    ] } },
  }],
  // 702.105a: life totals are compared as attackers are declared, not again on resolution
  Dethrone: [{
    rule: '702.105a',
    text: 'Whenever this creature attacks the player with the most life or tied for most life, put a +1/+1 counter on this creature.',
    dsl: { triggered: { when: { attacks: 'self', defender: 'most_life' }, do: [{ put_counters: '+1/+1', amount: 1, affected: 'self' }] } },
  }],
  // 702.108a
  Prowess: [{
    rule: '702.108a',
    text: 'Whenever you cast a noncreature spell, this creature gets +1/+1 until end of turn.',
    dsl: { triggered: { when: { cast: 'noncreature spell', by: 'you' }, do: [{ pump: '+1/+1', affected: 'self', until: 'end_of_turn' }] } },
  }],
  // 702.128a: a token copy that is white, has no mana cost and is a Zombie too
  Embalm: [{
    rule: '702.128a',
    text: '$COST, Exile this card from your graveyard: Create a token that\'s a copy of it, except it\'s white, it has no mana cost, and it\'s a Zombie in addition to its other types. Activate only as a sorcery.',
    dsl: { activated: { cost: '$COST, Exile this card from your graveyard', timing: 'sorcery', do: [
      { create_token_copy: 'self', except: { colors: ['white'], no_mana_cost: true, add_subtypes: ['Zombie'] } },
    ] } },
  }],
  // 702.40a: a trigger of the spell on the stack; the count is of spells cast before it this turn, and
  // a spell countered in response is still copied as it last existed (608.2h)
  Storm: [{
    rule: '702.40a',
    text: 'When you cast this spell, copy it for each other spell that was cast before it this turn. If the spell has any targets, you may choose new targets for any of the copies.',
    dsl: { triggered: { when: { cast: 'self' }, do: [{ copy_spell: 'self', new_targets: true, times: { spells_cast_before: 'self' } }] } },
  }],
  // 702.85a: a trigger of the spell on the stack; its mana value is read as the trigger resolves
  Cascade: [{
    rule: '702.85a',
    text: 'When you cast this spell, exile cards from the top of your library until you exile a nonland card whose mana value is less than this spell\'s mana value. You may cast that card without paying its mana cost if the resulting spell\'s mana value is less than this spell\'s mana value. Then put all cards exiled this way that weren\'t cast on the bottom of your library in a random order.',
    dsl: { triggered: { when: { cast: 'self' }, do: [{ cascade: 'self' }] } },
  }],
  // 702.88a: the delayed triggered ability rebound creates as the spell resolves (instructions/resolution.ts):
  // never triggered by itself, it holds the instruction the delayed ability follows ("it": the exiled card)
  Rebound: [{
    rule: '702.88a',
    text: 'At the beginning of your next upkeep, you may cast this card from exile without paying its mana cost.',
    dsl: { triggered: { when: { step: 'upkeep', whose: 'you' }, do: [
      { delayed: { step: 'upkeep', whose: 'you' }, do: [{ cast: 'it', without_paying: true, optional: true }] },
    ] } },
  }],
  // 702.109a: the alternative cost is offered by casting; the delayed triggered ability is created as the
  // spell resolves into a permanent (instructions/resolution.ts), and haste is a static ability of the
  // permanent (characteristics/layers.ts). This holds the delayed ability's instruction ("it": the permanent).
  Dash: [{
    rule: '702.109a',
    text: 'At the beginning of the next end step, return the permanent this spell becomes to its owner\'s hand.',
    dsl: { triggered: { when: { step: 'end', whose: 'each' }, do: [
      { delayed: { step: 'end', whose: 'next' }, do: [{ return_to_hand: 'it' }] },
    ] } },
  }],
  // 702.113a: the spell ability awaken adds when its cost was paid (cards/awaken.ts): never triggered
  // by itself, it holds the target and the instructions appended to the spell's own
  Awaken: [{
    rule: '702.113a',
    text: 'If this spell\'s awaken cost was paid, put N +1/+1 counters on target land you control. That land becomes a 0/0 Elemental creature with haste. It\'s still a land.',
    dsl: { triggered: { when: { cast: 'self' }, targets: { awaken: 'land you control' }, do: [
      { put_counters: '+1/+1', amount: '$N', affected: 'awaken' },
      { become: { pt: '0/0', types: ['creature'], subtypes: ['Elemental'], abilities: ['Haste'], add_types: true }, affected: 'awaken', until: 'permanent' },
    ] } },
  }],
  // 702.35a: the discard replacement is applied as the card moves (events/zones.ts); this is the
  // trigger of the card in exile, whose cast uses the madness cost (702.35b)
  Madness: [{
    rule: '702.35a',
    text: 'When this card is exiled this way, its owner may cast it by paying $COST rather than paying its mana cost. If that player doesn\'t, they put this card into their graveyard.',
    dsl: { triggered: { when: { exiled_by_madness: 'self' }, do: [{ madness: 'self' }] } },
  }],
  // 702.84a: an ability of the card in a graveyard (it returns itself from there, 113.6m); "it" names the
  // permanent it becomes, which the delayed ability exiles
  Unearth: [{
    rule: '702.84a',
    text: '$COST: Return this card from your graveyard to the battlefield. It gains haste. Exile it at the beginning of the next end step. If it would leave the battlefield, exile it instead of putting it anywhere else. Activate only as a sorcery.',
    dsl: { activated: { cost: '$COST', timing: 'sorcery', do: [
      { return_to_battlefield: 'self', from: 'graveyard' },
      { grant: ['Haste'], affected: 'it', until: 'permanent' },
      { delayed: { step: 'end', whose: 'next' }, about: 'it', do: [{ exile: 'it' }] },
      { exile_if_leaves: 'it' },
    ] } },
  }],
  // 702.130a: "defending player" is the player this creature attacks, or the controller of the planeswalker (508.5)
  Afflict: [{
    rule: '702.130a',
    text: 'Whenever this creature becomes blocked, defending player loses N life.',
    dsl: { triggered: { when: { becomes_blocked: 'self' }, do: [{ lose_life: '$N', who: 'defending_player' }] } },
  }],
  // 702.91a: the other attacking creatures are those attacking as the ability resolves (611.2c)
  'Battle cry': [{
    rule: '702.91a',
    text: 'Whenever this creature attacks, each other attacking creature gets +1/+0 until end of turn.',
    dsl: { triggered: { when: { attacks: 'self' }, do: [{ pump: '+1/+0', affected: { all: 'other attacking creature' }, until: 'end_of_turn' }] } },
  }],
  // 702.115a
  Ingest: [{
    rule: '702.115a',
    text: 'Whenever this creature deals combat damage to a player, that player exiles the top card of their library.',
    dsl: { triggered: { when: { deals_damage: 'self', to: 'player', combat: true }, do: [{ exile_top: 'that_player' }] } },
  }],
  // 702.97a: an ability of the card in a graveyard (its cost exiles it from there, 113.6m); the power is
  // that of the card the cost exiled
  Scavenge: [{
    rule: '702.97a',
    text: '$COST, Exile this card from your graveyard: Put a number of +1/+1 counters equal to the power of the card you exiled on target creature. Activate only as a sorcery.',
    dsl: { activated: { cost: '$COST, Exile this card from your graveyard', timing: 'sorcery', targets: { t: 'creature' }, do: [
      { put_counters: '+1/+1', amount: { power_of: 'exiled' }, affected: 't' },
    ] } },
  }],
  // 702.129a: a token copy that is black, 4/4, has no mana cost and is a Zombie too
  Eternalize: [{
    rule: '702.129a',
    text: '$COST, Exile this card from your graveyard: Create a token that\'s a copy of it, except it\'s a 4/4 black Zombie with no mana cost. Activate only as a sorcery.',
    dsl: { activated: { cost: '$COST, Exile this card from your graveyard', timing: 'sorcery', do: [
      { create_token_copy: 'self', except: { colors: ['black'], pt: '4/4', no_mana_cost: true, add_subtypes: ['Zombie'] } },
    ] } },
  }],
  // 702.53a: an ability of the card in a hand (its cost discards it, 113.6m); the mana value is that of the
  // card the cost discarded
  Transmute: [{
    rule: '702.53a',
    text: '$COST, Discard this card: Search your library for a card with the same mana value as the discarded card, reveal that card, and put it into your hand. Then shuffle. Activate only as a sorcery.',
    dsl: { activated: { cost: '$COST, Discard this card', timing: 'sorcery', do: [
      { search: 'card', to: 'hand', reveal: true, mana_value: { equal: { mana_value_of: 'discarded' } } },
      { shuffle: 'you' },
    ] } },
  }],
  // 702.49a: an ability of the card in a hand (its cost reveals it, 113.6m); the card enters attacking
  // what the returned creature was attacking
  Ninjutsu: [{
    rule: '702.49a',
    text: '$COST, Reveal this card from your hand, Return an unblocked attacking creature you control to its owner\'s hand: Put this card onto the battlefield from your hand tapped and attacking.',
    dsl: { activated: { cost: '$COST, Reveal this card from your hand, Return an unblocked attacking creature you control to its owner\'s hand', do: [
      { move_to_battlefield: 'self', under: 'you', tapped: true, attacking: 'returned' },
    ] } },
  }],
  // 702.77a: an ability of the card in a hand (its cost discards it, 113.6m)
  Reinforce: [{
    rule: '702.77a',
    text: '$COST, Discard this card: Put N +1/+1 counters on target creature.',
    dsl: { activated: { cost: '$COST, Discard this card', targets: { t: 'creature' }, do: [{ put_counters: '+1/+1', amount: '$N', affected: 't' }] } },
  }],
  // 702.58a: a replacement effect, and a trigger with an intervening "if" (603.4); the counter moves only
  // onto a creature still on the battlefield (122.5: removed from one, put on the other)
  Graft: [
    {
      rule: '702.58a',
      text: 'This permanent enters with N +1/+1 counters on it.',
      dsl: { replacement: { enters_with_counters: '+1/+1', amount: '$N' } },
    },
    {
      rule: '702.58a',
      text: 'Whenever another creature enters, if this permanent has a +1/+1 counter on it, you may move a +1/+1 counter from this permanent onto that creature.',
      dsl: { triggered: { when: { enters: 'another creature' }, if: { counters_at_least: 1, counter: '+1/+1' }, do: [
        { may: [{ if: { is: 'creature', what: 'it' }, do: [
          { put_counters: '+1/+1', amount: 1, affected: 'it' },
          { remove_counters: '+1/+1', amount: 1, affected: 'self' },
        ] }] },
      ] } },
    },
  ],
  // 702.59a: a trigger of the card in a graveyard; "your graveyard" is its owner's, so the creature is one
  // its controller owns
  Recover: [{
    rule: '702.59a',
    text: 'When a creature is put into your graveyard from the battlefield, you may pay $COST. If you do, return this card from your graveyard to your hand. Otherwise, exile this card.',
    dsl: { triggered: { when: { dies: 'creature you own' }, do: [
      { may_pay: '$COST' },
      { if_you_do: [{ return_to_hand: 'self', from: 'graveyard' }], otherwise: [{ exile: 'self' }] },
    ] } },
  }],
  // 702.44a: a replacement effect of the permanent entering from the stack
  Sunburst: [{
    rule: '702.44a',
    text: 'This object enters with a +1/+1 counter on it for each color of mana spent to cast it if it\'s a creature, and with a charge counter on it for each color of mana spent to cast it otherwise.',
    dsl: { replacement: { sunburst: true } },
  }],
  // 702.72a-b: two linked triggered abilities (607.2k); "$COST" is the quality of the object championed.
  // The exiled card returns only through the second ability: if the permanent left before the first
  // resolved, the card it exiles stays exiled
  Champion: [
    {
      rule: '702.72a',
      text: 'When this permanent enters, sacrifice it unless you exile another $COST you control.',
      dsl: { triggered: { when: { enters: 'self' }, do: [
        { may: [{ choose: { object: 'another $COST you control' } }, { exile: 'chosen', linked: true }] },
        { if_you_do: [], otherwise: [{ sacrifice: 'self' }] },
      ] } },
    },
    {
      rule: '702.72a',
      text: 'When this permanent leaves the battlefield, return the exiled card to the battlefield under its owner\'s control.',
      dsl: { triggered: { when: { leaves: 'self' }, do: [{ return_to_battlefield: 'linked', under: 'owner' }] } },
    },
  ],
  // 702.39a: the target is chosen as the creature attacks, among the creatures of the player it attacks;
  // the requirement lasts the turn, which here is the combat (the engine has one combat phase a turn)
  Provoke: [{
    rule: '702.39a',
    text: 'Whenever this creature attacks, you may choose to have target creature defending player controls block this creature this combat if able. If you do, untap that creature.',
    dsl: { triggered: { when: { attacks: 'self' }, targets: { t: 'creature defending player controls' }, do: [
      { may: [{ must_block: 't', attacker: 'self' }, { untap: 't' }] },
    ] } },
  }],
  // 702.38a: a replacement effect applied as the permanent enters (614.12)
  Amplify: [{
    rule: '702.38a',
    text: 'As this object enters, reveal any number of cards from your hand that share a creature type with it. This permanent enters with N +1/+1 counters on it for each card revealed this way.',
    dsl: { replacement: { as_enters_reveal: 'card that shares a creature type with CARDNAME', from: 'your hand', counters_each: { '+1/+1': '$N' } } },
  }],
  // 702.29e-f: a cycling ability of the card in a hand (113.6m); "$TYPE" is the quality of the card found
  Typecycling: [{
    rule: '702.29e',
    text: '$COST, Discard this card: Search your library for a $TYPE card, reveal it, and put it into your hand. Then shuffle.',
    dsl: { activated: { cost: '$COST, Discard this card', do: [
      { search: '$TYPE card', to: 'hand', reveal: true },
      { shuffle: 'you' },
    ] } },
  }],
  // 702.62a
  Suspend: [
    {
      rule: '702.62a',
      text: 'At the beginning of your upkeep, if this card is suspended, remove a time counter from it.',
      dsl: { triggered: { when: { step: 'upkeep', whose: 'you' }, if: { suspended: true }, do: [{ remove_counters: 'time', amount: 1, affected: 'self' }] } },
    },
    {
      rule: '702.62a',
      text: 'When the last time counter is removed from this card, if it\'s exiled, you may play it without paying its mana cost if able.',
      dsl: { triggered: { when: { last_counter_removed: 'time' }, if: { is: 'card in exile', what: 'self' }, do: [{ cast: 'self', without_paying: true, optional: true }] } },
    },
  ],
};

const cache = new Map<string, Part[]>();

/** Puts a keyword's parameter (its cost, or its number) into the DSL of its abilities. */
function withParam(dsl: unknown, param: string): unknown {
  const { n, cost, type } = splitParam(param);
  const json = JSON.stringify(dsl).replace(/"\$N"/g, n).replace(/\$N/g, n).replace(/\$COST/g, cost.replace(/"/g, '\\"')).replace(/\$TYPE/g, type);
  return JSON.parse(json);
}

/** A keyword's parameter: its number, its cost, or both as "2—{2}{W}" (reinforce, 702.77a). */
function splitParam(param: string): { n: string; cost: string; type: string } {
  const both = /^(\d+)—(.+)$/.exec(param);
  if (both) return { n: both[1]!, cost: both[2]!, type: '' };
  // typecycling: "Basic land|{1}{G}" (702.29e)
  const typed = /^([^|{]+)\|(.+)$/.exec(param);
  if (typed) return { n: '0', cost: typed[2]!, type: typed[1]! };
  return { n: /^\d+$/.test(param) ? param : '0', cost: param, type: '' };
}

/** Whether a keyword's abilities use both its number and its cost. */
function usesBoth(keyword: string): boolean {
  const json = JSON.stringify(keywordDsl(keyword));
  return json.includes('$N') && json.includes('$COST');
}

/**
 * The abilities a keyword stands for, with stable keys ("kw:Persist#0", "kw:Fading#0|2",
 * "kw:Cumulative upkeep#0|Draw a card"): the parameter is part of the key.
 */
/** The DSL a keyword stands for, as written here (empty for a keyword the engine reads directly). */
export function keywordDsl(keyword: string): unknown[] {
  return (DEFS[keyword] ?? []).map((d) => d.dsl);
}

export function keywordParts(keyword: string, param = ''): Part[] {
  const cacheKey = `${keyword}|${param}`;
  const hit = cache.get(cacheKey);
  if (hit) return hit;
  const out: Part[] = [];
  for (const [i, d] of (DEFS[keyword] ?? []).entries()) {
    const parsed = abilitySchema.parse(withParam(d.dsl, param)) as AbilityDsl;
    const key = `kw:${keyword}#${i}${param ? `|${param}` : ''}`;
    const { n, cost: costParam, type } = splitParam(param);
    const text = d.text.replace(/\bN\b/g, n).replace(/\$COST/g, costParam).replace(/\$TYPE/g, type.toLowerCase());
    if (parsed.kind === 'activated') {
      const { costText, ...rest } = parsed;
      const cost = parseCost(costText, '');
      if ('error' in cost) throw new Error(`internal: keyword ${keyword}: ${cost.error}`);
      out.push({ ...rest, cost, key, text } as Part);
      continue;
    }
    if (parsed.kind !== 'triggered' && parsed.kind !== 'replacement') continue;
    out.push({ ...parsed, key, text } as Part);
  }
  cache.set(cacheKey, out);
  return out;
}

/** The abilities a keyword ability of a card stands for (none for keywords the engine reads itself). */
export function partsOf(a: Ability): Part[] {
  if (a.kind !== 'keyword' || !DEFS[a.keyword]) return [];
  if (a.n !== undefined && a.costText !== undefined && usesBoth(a.keyword)) return keywordParts(a.keyword, `${a.n}—${a.costText}`);
  if (a.keyword === 'Typecycling') return keywordParts(a.keyword, `${a.from ?? ''}|${a.costText ?? ''}`);
  return keywordParts(a.keyword, a.n !== undefined ? String(a.n) : (a.costText ?? ''));
}

/** The rule that defines a keyword's triggered ability (for citations). */
export function keywordRule(key: string): RuleId | undefined {
  const m = /^kw:(.+?)#(\d+)(?:\|.*)?$/.exec(key);
  return m ? DEFS[m[1]!]?.[Number(m[2])]?.rule : undefined;
}

export function keywordAbility(key: string): Part | undefined {
  const m = /^kw:(.+?)#(\d+)(?:\|(.*))?$/.exec(key);
  if (!m) return undefined;
  return keywordParts(m[1]!, m[3] ?? '')[Number(m[2])];
}

/** Keywords that define triggered abilities, and the zones they work from. */
export const TRIGGER_KEYWORDS: Record<string, 'battlefield' | 'exile' | 'graveyard' | 'stack'> = { Prowess: 'battlefield', Exalted: 'battlefield', Flanking: 'battlefield', Bushido: 'battlefield', Persist: 'battlefield', Undying: 'battlefield', Soulshift: 'battlefield', Afterlife: 'battlefield', Fabricate: 'battlefield', Modular: 'battlefield', Extort: 'battlefield', Renown: 'battlefield', Evolve: 'battlefield', Soulbond: 'battlefield', Mentor: 'battlefield', Rampage: 'battlefield', Dethrone: 'battlefield', Suspend: 'exile', 'Cumulative upkeep': 'battlefield', Fading: 'battlefield', Vanishing: 'battlefield', Echo: 'battlefield', Storm: 'stack', Cascade: 'stack', Evoke: 'battlefield', Madness: 'exile', 'Living weapon': 'battlefield', Conspire: 'stack', Replicate: 'stack', Afflict: 'battlefield', 'Battle cry': 'battlefield', Ingest: 'battlefield', Graft: 'battlefield', Recover: 'graveyard', Champion: 'battlefield', Provoke: 'battlefield' };
