// Targets only a kicked spell has (702.33g, 601.2c): the compiler marks a spell's target that only
// instructions inside "if this spell was kicked" name, and the loader refuses such a mark anywhere
// it could name a target that was never chosen.

import { describe, expect, it } from 'vitest';
import { compileParagraph } from '../dist/cards/oracle/templates.js';
import { abilitySchema } from '../dist/cards/schema.js';

const spell = (text: string) => compileParagraph(text, 'Foo', true);
const perm = (text: string) => compileParagraph(text, 'Foo', false);

describe('targets chosen only if the spell is kicked', () => {
  it('marks a target named only inside the kicked branch', () => {
    expect(spell('Return target creature to its owner\'s hand. If Foo was kicked, it deals 2 damage to another target creature.')).toEqual({
      spell: {
        targets: { t: 'creature', t2: { filter: 'another creature', kicked: true } },
        do: [{ return_to_hand: 't' }, { if: { kicked: true }, do: [{ damage: 2, affected: 't2' }] }],
      },
    });
    expect(spell('If Foo was kicked, target player discards two cards.'))
      .toMatchObject({ spell: { targets: { t: { filter: 'player', kicked: true } } } });
  });

  it('leaves a target named outside the kicked branch an ordinary one', () => {
    expect(spell('Destroy target artifact or enchantment. If Foo was kicked, it deals damage equal to that permanent\'s converted mana cost to target creature.'))
      .toMatchObject({ spell: { targets: { t: 'artifact or enchantment', t2: { filter: 'creature', kicked: true } } } });
    expect(spell('Target creature gets +2/+2 until end of turn. If Foo was kicked, that creature gets +5/+5 until end of turn instead.'))
      .toMatchObject({ spell: { targets: { t: 'creature' } } });
  });

  it('reads "it deals N damage to that creature instead" as the same one target', () => {
    expect(spell('Foo deals 2 damage to target creature. If this spell was kicked, it deals 4 damage to that creature instead.')).toEqual({
      spell: { targets: { t: 'creature' }, do: [{ if: { kicked: true }, do: [{ damage: 4, affected: 't' }], otherwise: [{ damage: 2, affected: 't' }] }] },
    });
  });

  it('reads "if it was kicked" after an instruction on a target spell as that spell\'s kicker', () => {
    expect(spell('Counter target spell if it was kicked.')).toEqual({
      spell: { targets: { t: 'spell' }, do: [{ if: { kicked: true, of: 't' }, do: [{ counter: 't' }] }] },
    });
  });

  it('marks no target of a permanent\'s ability', () => {
    expect(JSON.stringify(perm('When Foo enters, if it was kicked, destroy target land.'))).not.toContain('"kicked":true,');
  });

  it('refuses a kicked target named outside the kicked branch, or on an ability that is no spell', () => {
    const ok = { spell: { targets: { t: 'creature', t2: { filter: 'creature', kicked: true } }, do: [{ destroy: 't' }, { if: { kicked: true }, do: [{ destroy: 't2' }] }] } };
    expect(abilitySchema.safeParse(ok).success).toBe(true);
    const outside = { spell: { targets: { t: { filter: 'creature', kicked: true } }, do: [{ if: { kicked: true }, do: [], otherwise: [{ destroy: 'controller_of:t' }] }] } };
    expect(abilitySchema.safeParse(outside).success).toBe(false);
    const trig = { triggered: { when: { enters: 'self' }, targets: { t: { filter: 'creature', kicked: true } }, do: [{ if: { kicked: true }, do: [{ destroy: 't' }] }] } };
    expect(abilitySchema.safeParse(trig).success).toBe(false);
  });
});
