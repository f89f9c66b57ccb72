// 400.7: an object that moves from one zone to another becomes a new object with no memory of its
// previous existence; the scenario `id` follows the card; last known information keeps what the
// old object looked like (608.2h). Tokens (111.7, 704.5d) and copies of spells (707.10a) that leave
// their zone cease to exist.

import { describe, expect, it } from 'vitest';
import { byRef, runClean, yaml } from './helpers.js';

describe('400.7: a new object in the new zone', () => {
  const pumpedThenKilled = yaml`
    scenario: Giant Growth, then Doom Blade
    players:
      Alice:
        pool: "{G}{B}{B}"
        hand: [Giant Growth, Doom Blade]
      Bob:
        battlefield:
          - { card: Grizzly Bears, id: bears }
    actions:
      - { cast: Giant Growth, targets: [bears] }
      - resolve
      - expect:
          objects:
            bears: { zone: Bob.battlefield, power: 5, toughness: 5 }
      - { cast: Doom Blade, targets: [bears] }
      - resolve
      - expect:
          objects:
            bears: { zone: Bob.graveyard, power: 2, toughness: 2 }
  `;

  it('the card in the graveyard is a new object; the id follows it; LKI keeps the pumped power', async () => {
    let before: string | undefined;
    const r = await runClean(pumpedThenKilled, {
      onStep: (step, g) => { if (step.index === 2) before = byRef(g, 'bears').id; },
    });
    const g = r.game;
    const after = byRef(g, 'bears');
    expect(before).toBeDefined();
    expect(after.id).not.toBe(before);
    expect(after.zone).toBe('graveyard');
    expect(g.state.objects[before!]).toBeUndefined();
    const lki = g.state.lki[before!]!;
    expect(lki).toBeDefined();
    expect(lki.power).toBe(5);
    expect(lki.toughness).toBe(5);
    expect(lki.name).toBe('Grizzly Bears');
    expect(lki.controller).toBe('Bob');
    expect(lki.becameId).toBe(after.id);
    expect(lki.object.zone).toBe('battlefield');
    // the new object has no memory of the Giant Growth effect
    expect(g.chars(after.id).power).toBe(2);
  });

  it('a cast card is a new object on the stack and again in the graveyard', async () => {
    const seen: string[] = [];
    const r = await runClean(yaml`
      scenario: Bolt changes objects twice
      players:
        Alice:
          pool: "{R}"
          hand: [{ card: Lightning Bolt, id: bolt }]
        Bob: {}
      actions:
        - expect: { objects: { bolt: { zone: Alice.hand } } }
        - { cast: bolt, targets: [Bob] }
        - expect: { objects: { bolt: { zone: stack } } }
        - resolve
        - expect: { objects: { bolt: { zone: Alice.graveyard } } }
    `, { onStep: (step, g) => { if (step.verb === 'expect') seen.push(byRef(g, 'bolt').id); } });
    expect(new Set(seen).size).toBe(3);
    // the zone events link each old object to the new one
    const moves = r.game.state.events.flatMap((e) => (e.type === 'zone_move' ? [e] : []));
    const bolt = moves.filter((m) => seen.includes(m.obj.id));
    expect(bolt.map((m) => [m.from, m.to])).toEqual([['hand', 'stack'], ['stack', 'graveyard']]);
    expect(bolt.map((m) => [m.obj.id, m.newObj?.id])).toEqual([[seen[0], seen[1]], [seen[1], seen[2]]]);
    expect(bolt.map((m) => [m.obj.name, m.obj.ref])).toEqual([['Lightning Bolt', 'bolt'], ['Lightning Bolt', 'bolt']]);
  });

  it('a permanent returned to hand comes back as a new object without its damage or counters', async () => {
    const r = await runClean(yaml`
      scenario: Unsummon resets the creature
      players:
        Alice:
          pool: "{U}"
          hand: [Unsummon]
        Bob:
          battlefield:
            - { card: Grizzly Bears, id: bears, damage: 1, tapped: true, counters: { "+1/+1": 2 } }
      actions:
        - { cast: Unsummon, targets: [bears] }
        - resolve
        - expect:
            objects:
              bears: { zone: Bob.hand, counters: {}, damage: 0, tapped: false, power: 2 }
    `);
    const lki = Object.values(r.game.state.lki).find((l) => l.object.ref === 'bears' && l.object.zone === 'battlefield')!;
    expect(lki.power).toBe(4);
    expect(lki.object.counters).toEqual({ '+1/+1': 2 });
    expect(lki.object.damage).toBe(1);
  });
});

describe('tokens and copies cease to exist', () => {
  it('a token returned to hand ceases to exist as a state-based action (704.5d)', async () => {
    const r = await runClean(yaml`
      scenario: Unsummon a token
      players:
        Alice:
          pool: "{U}"
          hand: [Unsummon]
        Bob:
          battlefield:
            - { token: { name: Beast, type: Creature — Beast, pt: 3/3, colors: [green] }, id: beast }
      actions:
        - { cast: Unsummon, targets: [beast] }
        - resolve
        - expect:
            zones: { Bob.hand: [], Bob.battlefield: [] }
            objects:
              beast: { zone: none }
            cited: ["704.5d"]
    `);
    const g = r.game;
    expect(Object.values(g.state.objects).some((o) => o.isToken)).toBe(false);
    const gone = Object.values(g.state.lki).filter((l) => l.object.ref === 'beast');
    expect(gone.some((l) => l.ceasedToExist)).toBe(true);
  });

  it('a destroyed token goes to the graveyard, then ceases to exist (704.5d)', async () => {
    const r = await runClean(yaml`
      scenario: Doom Blade a token
      players:
        Alice:
          pool: "{B}{B}"
          hand: [Doom Blade]
        Bob:
          battlefield:
            - { token: Grizzly Bears, id: bear }
      actions:
        - { cast: Doom Blade, targets: [bear] }
        - resolve
        - expect:
            zones: { Bob.graveyard: [], Bob.battlefield: [] }
            objects:
              bear: { zone: none }
            cited: ["704.5d"]
    `);
    // it did go to the graveyard first: a "dies" event happened (700.4)
    const toGraveyard = r.game.state.events.filter((e) => e.type === 'zone_move' && e.to === 'graveyard' && e.from === 'battlefield');
    expect(toGraveyard).toHaveLength(1);
  });

  it('a copy of a spell ceases to exist as it leaves the stack (707.10a)', async () => {
    const r = await runClean(yaml`
      scenario: Fork a Lightning Bolt
      players:
        Alice:
          pool: "{R}{R}{R}"
          hand: [{ card: Lightning Bolt, id: bolt }, Fork]
        Bob: {}
      actions:
        - { cast: bolt, targets: [Bob] }
        - { cast: Fork, targets: [bolt] }
        - resolve: 1
          answers:
            - { yes: false }
        - expect:
            stack: [Lightning Bolt, Lightning Bolt]
        - resolve
        - expect:
            stack: [Lightning Bolt]
            life: { Bob: 17 }
        - resolve
        - expect:
            stack: []
            life: { Bob: 14 }
            zones: { Alice.graveyard: [Lightning Bolt, Fork], Alice.exile: [] }
    `);
    const g = r.game;
    const copies = Object.values(g.state.lki).filter((l) => l.object.spell?.isCopy);
    expect(copies).toHaveLength(1);
    expect(copies[0]!.ceasedToExist).toBe(true);
    expect(Object.values(g.state.objects).some((o) => o.spell?.isCopy)).toBe(false);
    expect(byRef(g, 'bolt').zone).toBe('graveyard');
  });
});
