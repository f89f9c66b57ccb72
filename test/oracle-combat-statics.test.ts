// The compiler's templates for statics that restrict or require attacks and blocks (508.1c, 509.1b-c),
// and the designations a static's condition may ask about (701.37b, 702.112b).

import { describe, expect, it } from 'vitest';
import { compileParagraph } from '../dist/cards/oracle/templates.js';
import { parseFilter } from '../dist/cards/filter.js';
import { oracleEntry } from '../dist/cards/oracle/entry.js';

const read = (text: string) => compileParagraph(text, 'Foo', false);

describe('block requirements and restrictions (509.1b-c)', () => {
  it('reads "All creatures able to block ... do so" of the source or what it is attached to', () => {
    expect(read('All creatures able to block Foo do so.')).toEqual({ static: { must_be_blocked_by_all: 'self' } });
    expect(read('All creatures able to block enchanted creature do so.')).toEqual({ static: { must_be_blocked_by_all: 'enchanted' } });
    expect(read('All creatures able to block equipped creature do so.')).toEqual({ static: { must_be_blocked_by_all: 'equipped' } });
    expect(read('As long as seven or more cards are in your graveyard, all creatures able to block Foo do so.'))
      .toEqual({ static: { must_be_blocked_by_all: 'self', if: { graveyard_at_least: 7 } } });
  });
  it('compares a blocker\'s power with the source\'s', () => {
    expect(read('Creatures with power less than Foo\'s power can\'t block it.')).toEqual({ static: { cant_be_blocked_by: 'creature with lesser power' } });
    expect(read('Creatures with power greater than Foo\'s power can\'t block it.')).toEqual({ static: { cant_be_blocked_by: 'creature with greater power' } });
  });
  it('reads "can\'t be blocked except by" a subtype or a keyword, alone or after a bonus', () => {
    expect(read('Enchanted creature can\'t be blocked except by Walls.')).toEqual({ static: { cant_be_blocked_by: 'non-Wall creature', affected: 'enchanted' } });
    expect(read('Enchanted creature gets +1/+1 and can\'t be blocked except by creatures with flying.')).toEqual({ static: [
      { pump: '+1/+1', affected: 'enchanted' }, { cant_be_blocked_by: 'creature without flying', affected: 'enchanted' },
    ] });
    expect(read('Equipped creature gets +1/+0 and can\'t be blocked by creatures with flying.')).toEqual({ static: [
      { pump: '+1/+0', affected: 'equipped' }, { cant_be_blocked_by: 'creatures with flying', affected: 'equipped' },
    ] });
  });
  it('leaves other "except by" wordings unread', () => {
    expect(read('Enchanted creature can\'t be blocked except by artifact creatures and/or white creatures.')).toHaveProperty('unsupported');
  });
});

describe('attack restrictions on what is attacked (508.1c)', () => {
  it('reads "can\'t attack you [or a planeswalker you control]"', () => {
    expect(read('Creatures can\'t attack you.')).toEqual({ static: { cant_attack: 'creature', attacked: 'you' } });
    expect(read('Creatures with power 2 or less can\'t attack you.')).toEqual({ static: { cant_attack: 'creature with power 2 or less', attacked: 'you' } });
    expect(read('Enchanted creature gets +2/+2, has vigilance, and can\'t attack you or a planeswalker you control.')).toEqual({ static: [
      { pump: '+2/+2', affected: 'enchanted' }, { grant: ['Vigilance'], affected: 'enchanted' }, { cant_attack: 'enchanted', attacked: 'you_or_planeswalkers' },
    ] });
  });
});

describe('designations as conditions (701.37b, 702.112b)', () => {
  it('reads "as long as CARDNAME is monstrous / renowned"', () => {
    expect(read('As long as Foo is monstrous, it has hexproof and indestructible.')).toEqual({ static: { grant: ['Hexproof', 'Indestructible'], affected: 'self', if: { monstrous: true } } });
    expect(read('As long as Foo is renowned, Foo has menace.')).toEqual({ static: { grant: ['Menace'], affected: 'self', if: { renowned: true } } });
  });
});

describe('bonuses for each Aura or Equipment attached (613.4c)', () => {
  it('counts what is attached to the source or to what it is attached to', () => {
    expect(read('Enchanted creature gets +2/+2 for each Aura attached to it and has vigilance.'))
      .toEqual({ static: { pump: '+2/+2', affected: 'enchanted', grant: ['Vigilance'], per: { count: 'Aura attached to enchanted creature' } } });
    expect(read('Other Kor creatures you control get +2/+2 for each Equipment attached to Foo.'))
      .toEqual({ static: { pump: '+2/+2', affected: 'other Kor creatures you control', per: { count: 'Equipment attached to CARDNAME' } } });
    expect(read('Foo gets +2/+2 for each Aura and Equipment attached to it.'))
      .toEqual({ static: { pump: '+2/+2', affected: 'self', per: { count: 'Aura or Equipment attached to CARDNAME' } } });
  });
  it('leaves "it" of a group unread', () => {
    expect(read('Creatures you control get +1/+1 for each Aura attached to it.')).toHaveProperty('unsupported');
  });
});

describe('groups by counters and Auras', () => {
  it('reads "with counters on them" (any kind), "with +1/+1 counters on them" and "that are enchanted"', () => {
    expect(read('Creatures you control with +1/+1 counters on them can\'t be blocked.')).toEqual({ static: { cant_be_blocked: 'creatures you control with +1/+1 counters on them' } });
    expect(read('Creatures your opponents control with counters on them can\'t attack or block.')).toEqual({ static: { cant_attack_or_block: 'creature your opponents control with counters on them' } });
    expect(read('Creatures you control that are enchanted get +1/+1.')).toEqual({ static: { pump: '+1/+1', affected: 'creatures you control that are enchanted' } });
    expect(read('Creatures without flying can\'t attack.')).toEqual({ static: { cant_attack: 'creature without flying' } });
  });
  it('reads "with no counters on them" as no counter of any kind, never as a kind named "no"', () => {
    expect(parseFilter('creatures with no counters on them')).toMatchObject({ terms: [{ counters: { kind: '*', none: true } }] });
    expect(parseFilter('creature with bribery counters on them')).toMatchObject({ terms: [{ counters: { kind: 'bribery', atLeast: 1 } }] });
  });
});

describe('filters that compare an object with the source', () => {
  it('reads "that share(s) a color / creature type with" the source, singular or plural', () => {
    expect(parseFilter('other creatures you control that share a creature type with CARDNAME').terms[0]).toMatchObject({ other: true, sharesCreatureTypeWithSource: true });
    expect(parseFilter('creature that shares a creature type with CARDNAME').terms[0]).toMatchObject({ sharesCreatureTypeWithSource: true });
    expect(parseFilter('other creatures you control that share at least one color with CARDNAME').terms[0]).toMatchObject({ sharesColorWithSource: true });
    expect(read('Other creatures you control that share a creature type with Foo get +1/+0.')).toEqual({ static: { pump: '+1/+0', affected: 'other creatures you control that share a creature type with CARDNAME' } });
  });
});

describe('combat damage by toughness (510.1a as an effect changes it)', () => {
  it('reads "assigns combat damage equal to its toughness rather than its power" for a group, with "can attack as though it didn\'t have defender"', () => {
    expect(read('Each creature assigns combat damage equal to its toughness rather than its power.')).toEqual({ static: { assigns_by_toughness: 'creature' } });
    expect(read('Each creature you control with defender assigns combat damage equal to its toughness rather than its power and can attack as though it didn\'t have defender.'))
      .toEqual({ static: [{ assigns_by_toughness: 'creature you control with defender' }, { attack_despite_defender: 'creature you control with defender' }] });
  });
  it('reads "[group] can attack as though they didn\'t have defender"', () => {
    expect(read('Creatures you control can attack as though they didn\'t have defender.')).toEqual({ static: { attack_despite_defender: 'creature you control' } });
  });
});

describe('exiled instead of dying, as a static (614.1a)', () => {
  it('reads "If a creature dealt damage by CARDNAME this turn would die, exile it instead."', () => {
    expect(read('If a creature dealt damage by Foo this turn would die, exile it instead.'))
      .toEqual({ replacement: { of: { dies: 'creature dealt damage by CARDNAME this turn' }, instead: [{ exile: 'it' }] } });
    expect(read('If a land would die, exile it instead.')).toHaveProperty('unsupported');
  });
});

describe('control for as long as the source stays under control and tapped (611.2b)', () => {
  it('reads the three "for as long as" durations of "Gain control of"', () => {
    const act = (d: string) => compileParagraph(`{T}: Gain control of target creature for as long as ${d}.`, 'Foo', false);
    expect(act('you control Foo')).toMatchObject({ activated: { do: [{ gain_control: 't', until: 'source_controlled' }] } });
    expect(act('Foo remains tapped')).toMatchObject({ activated: { do: [{ gain_control: 't', until: 'source_tapped' }] } });
    expect(act('you control Foo and Foo remains tapped')).toMatchObject({ activated: { do: [{ gain_control: 't', until: 'source_controlled_and_tapped' }] } });
  });
});

describe("a legendary card's text calling it by one word of its name", () => {
  const face = (name: string, text: string, typeLine = 'Legendary Creature — Faerie') => ({
    name, manaCost: '{2}{G}', manaValue: 3, colors: ['G'], colorIndicator: null, typeLine, power: '2', toughness: '3', loyalty: null, defense: null, keywords: [], text,
  });
  const entry = (f: ReturnType<typeof face>) => oracleEntry({ name: f.name, layout: 'normal', faces: [f] }).entry.abilities as object[];
  it('reads the word as the name on a legendary card, not inside another name, not on another card', () => {
    expect(entry(face('Rubinia Soulsinger', '{T}: Gain control of target creature for as long as you control Rubinia and Rubinia remains tapped.'))[0])
      .toMatchObject({ activated: { do: [{ until: 'source_controlled_and_tapped' }] } });
    expect(entry(face('Rubinia Soulsinger', '{T}: Gain control of target creature for as long as you control Rubinia and Rubinia remains tapped.', 'Creature — Faerie'))[0])
      .toHaveProperty('unsupported');
    // whatever it reads (or quotes as unread), "Kaldra" inside the other names is left alone
    expect(JSON.stringify(entry(face('Helm of Kaldra', 'Equipment named Sword of Kaldra and Shield of Kaldra have indestructible.', 'Legendary Artifact — Equipment'))))
      .toContain('Sword of Kaldra');
  });
});
