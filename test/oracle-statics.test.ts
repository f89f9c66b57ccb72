// Conditional statics of Auras, Equipment and the creatures they are attached to.

import { describe, expect, it } from 'vitest';
import { compileParagraph } from '../dist/cards/oracle/templates.js';

const read = (p: string, name = 'Test Card') => compileParagraph(p, name, false);

describe('conditional statics about what is attached', () => {
  it('reads "it" after a condition about the equipped creature as that creature', () => {
    expect(read('As long as equipped creature is a Human, it has lifelink.')).toEqual({ static: { grant: ['Lifelink'], affected: 'equipped', if: { is: 'Human', what: 'equipped' } } });
  });

  it('reads "is equipped" and "is enchanted" as an attached Equipment or Aura', () => {
    expect(read('As long as Test Card is equipped, it gets +1/+1 and has first strike.')).toEqual({ static: { pump: '+1/+1', affected: 'self', grant: ['First strike'], if: { has_attached: 'Equipment' } } });
  });

  it('leaves an "if" about the enchanted permanent followed by "it" unread', () => {
    expect(read('When Test Card enters, if enchanted permanent is tapped, untap it.')).toHaveProperty('unsupported');
  });

  it('gives a quoted ability under a condition, and with keywords before it', () => {
    const d = read('As long as seven or more cards are in your graveyard, Test Card has "When Test Card enters, draw a card."');
    expect(d).toMatchObject({ static: { grant: [], affected: 'self', if: { graveyard_at_least: 7 }, with: [{ triggered: { when: { enters: 'self' } } }] } });
    expect(read('Enchanted creature has haste and "{T}: Draw a card."')).toMatchObject({ static: { grant: ['Haste'], affected: 'enchanted', with: [{ activated: { cost: '{T}' } }] } });
  });

  it('reads "loses flying" as a static of its own or as a part of a list', () => {
    expect(read('Enchanted creature gets -6/-0 and loses flying.')).toEqual({ static: [{ pump: '-6/-0', affected: 'enchanted' }, { lose: ['Flying'], affected: 'enchanted' }] });
  });
});
