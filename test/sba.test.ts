// State-based actions (704): checked whenever a player would receive priority (704.3, 117.5); all
// that apply are performed at once, then the check is repeated until none applies.

import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../dist/state/events.js';
import type { Question } from '../dist/state/questions.js';
import { byRef, run, runClean, yaml } from './helpers.js';

const SBA_TYPES = ['player_loses', 'sba', 'counters_annihilate', 'token_ceases', 'unattached'];
const sbaRules = (events: GameEvent[]) => events.filter((e) => SBA_TYPES.includes(e.type)).map((e) => e.rule);

describe('704.3: performed together, then checked again', () => {
  it('a player at 0 life and a creature with lethal damage are handled in the same check', async () => {
    const r = await runClean(yaml`
      scenario: two state-based actions at once
      players:
        Alice: {}
        Bob:
          battlefield:
            - { card: Grizzly Bears, id: bears, damage: 2 }
        Carol:
          life: 0
      actions:
        - pass
        - expect:
            zones: { Bob.graveyard: [Grizzly Bears] }
            game: { over: false }
            cited: ["704.5a", "704.5g"]
    `);
    const g = r.game;
    expect(g.player('Carol').lost).toBe(true);
    // both were found in one round: nobody received priority between them, and the loss (players
    // are checked first in a round) comes before the destruction
    const events = r.steps[0]!.events;
    const loss = events.findIndex((e) => e.rule === '704.5a');
    const death = events.findIndex((e) => e.rule === '704.5g');
    expect(loss).toBeGreaterThanOrEqual(0);
    expect(death).toBeGreaterThan(loss);
    expect(events.slice(loss, death).some((e) => e.type === 'priority')).toBe(false);
    expect(g.state.turn.priority).toBe('Bob');
  });

  it('in a two-player game the survivor wins, and the creature still dies in the same check', async () => {
    const r = await runClean(yaml`
      scenario: Alice at 0 life
      players:
        Alice: { life: 0 }
        Bob:
          battlefield:
            - { card: Grizzly Bears, id: bears, damage: 5 }
      actions:
        - pass
        - expect:
            game: { winner: Bob }
            zones: { Bob.graveyard: [Grizzly Bears] }
    `);
    expect(r.game.state.result).toEqual({ winner: 'Bob' });
  });

  it('an Aura whose creature died goes to the graveyard in the next round (704.5m)', async () => {
    const r = await runClean(yaml`
      scenario: Pacifism falls off
      players:
        Alice:
          battlefield:
            - { card: Pacifism, id: pacifism, attached_to: bears }
        Bob:
          battlefield:
            - { card: Grizzly Bears, id: bears, damage: 2 }
      actions:
        - pass
        - expect:
            zones: { Bob.graveyard: [Grizzly Bears], Alice.graveyard: [Pacifism] }
            cited: ["704.5g", "704.5m"]
    `);
    // In one round, Auras are put into the graveyard before lethal damage is handled; the Aura comes
    // after the creature, so it was found by the repeated check.
    expect(sbaRules(r.steps[0]!.events)).toEqual(['704.5g', '704.5m']);
    expect(byRef(r.game, 'pacifism').zone).toBe('graveyard');
  });

  it('704.5f: a creature with toughness 0 is put into the graveyard (not destroyed)', async () => {
    const r = await runClean(yaml`
      scenario: toughness 0
      players:
        Alice: {}
        Bob:
          battlefield:
            - { card: Grizzly Bears, id: bears, counters: { "-1/-1": 2 } }
      actions:
        - pass
        - expect:
            zones: { Bob.graveyard: [Grizzly Bears] }
            cited: ["704.5f"]
    `);
    expect(sbaRules(r.steps[0]!.events)).toEqual(['704.5f']);
  });

  it('704.5i: a planeswalker with 0 loyalty is put into its owner\'s graveyard', async () => {
    const r = await runClean(yaml`
      scenario: Bolt the planeswalker
      players:
        Alice:
          pool: "{R}"
          hand: [Lightning Bolt]
        Bob:
          battlefield:
            - { card: Jace Beleren, id: jace, counters: { loyalty: 3 } }
      actions:
        - { cast: Lightning Bolt, targets: [jace] }
        - resolve
        - expect:
            zones: { Bob.graveyard: [Jace Beleren], Bob.battlefield: [] }
            cited: ["704.5i"]
    `);
    expect(byRef(r.game, 'jace').zone).toBe('graveyard');
  });

  it('306.5b: a planeswalker listed on the battlefield without counters has its printed loyalty', async () => {
    await runClean(yaml`
      scenario: Jace with printed loyalty
      players:
        Alice: {}
        Bob:
          battlefield:
            - { card: Jace Beleren, id: jace }
      actions:
        - expect:
            objects: { jace: { counters: { loyalty: 3 } } }
        - pass
        - expect:
            objects: { jace: { zone: Bob.battlefield } }
    `);
  });

  it('306.5b: a cast planeswalker enters with its printed loyalty and survives the check', async () => {
    await runClean(yaml`
      scenario: casting Jace Beleren
      players:
        Alice:
          pool: "{U}{U}{U}"
          hand: [{ card: Jace Beleren, id: jace }]
        Bob: {}
      actions:
        - cast: jace
        - resolve
        - expect:
            objects: { jace: { zone: Alice.battlefield, counters: { loyalty: 3 } } }
    `);
  });

  it('704.5q: +1/+1 and -1/-1 counters on one permanent annihilate in pairs', async () => {
    const r = await runClean(yaml`
      scenario: counters annihilate
      players:
        Alice: {}
        Bob:
          battlefield:
            - { card: Grizzly Bears, id: bears, counters: { "+1/+1": 3, "-1/-1": 1 } }
      actions:
        - pass
        - expect:
            objects:
              bears: { zone: Bob.battlefield, counters: { "+1/+1": 2 }, power: 4, toughness: 4 }
            cited: ["704.5q"]
    `);
    expect(sbaRules(r.steps[0]!.events)).toEqual(['704.5q']);
  });

  it('704.5b: a player who attempted to draw from an empty library loses', async () => {
    const r = await runClean(yaml`
      scenario: Divination with one card left
      players:
        Alice:
          pool: "{U}{U}{U}"
          hand: [Divination]
          library: [Island]
        Bob: {}
      actions:
        - cast: Divination
        - resolve
        - expect:
            zones: { Alice.hand: [Island], Alice.library: [] }
            game: { winner: Bob }
            cited: ["704.5b"]
    `);
    expect(r.game.player('Alice').lost).toBe(true);
  });
});

describe('704.5j: the legend rule', () => {
  const twoIsamarus = (answers: string) => yaml`
    scenario: two Isamarus
    players:
      Alice:
        battlefield:
          - { card: "Isamaru, Hound of Konda", id: isa1 }
          - { card: "Isamaru, Hound of Konda", id: isa2 }
      Bob: {}
    actions:
      - pass:
${answers}
      - expect:
          zones: { Alice.graveyard: ["Isamaru, Hound of Konda"] }
          objects:
            isa2: { zone: Alice.battlefield }
            isa1: { zone: Alice.graveyard }
          cited: ["704.5j"]
  `;

  it('the controller chooses the one to keep (a `choose` question); the rest go to the graveyard', async () => {
    await runClean(twoIsamarus('        answers:\n          - { choose: [isa2] }'));
  });

  it('the question is `choose`, asked of the controller, citing 704.5j, with both as options', async () => {
    const asked: Question[] = [];
    await runClean(twoIsamarus(''), {
      prompt: async (q) => { asked.push(q); return { choose: ['isa2'] }; },
    });
    expect(asked).toHaveLength(1);
    const q = asked[0]!;
    expect([q.kind, q.player, q.rule]).toEqual(['choose', 'Alice', '704.5j']);
    expect(q.kind === 'choose' && [q.min, q.max, q.options.length]).toEqual([1, 1, 2]);
  });

  it('unanswered, the legend rule stops the run naming the `choose` question', async () => {
    const r = await run(twoIsamarus(''));
    expect(r.error?.message).toContain('kind `choose`, rule 704.5j');
  });

  it('different controllers may each keep a legend of the same name', async () => {
    const r = await runClean(yaml`
      scenario: one Isamaru each
      players:
        Alice:
          battlefield: ["Isamaru, Hound of Konda"]
        Bob:
          battlefield: ["Isamaru, Hound of Konda"]
      actions:
        - pass
        - expect:
            count: { Alice.battlefield: 1, Bob.battlefield: 1 }
    `);
    expect(sbaRules(r.game.state.events)).toEqual([]);
  });
});

describe('704.3: an action that changes nothing does not repeat the check', () => {
  it('lethal damage on an indestructible creature is traced once, however often players get priority', async () => {
    const r = await runClean(yaml`
      scenario: indestructible with lethal damage
      cards:
        - name: Steel Wall
          type: Artifact Creature — Wall
          pt: "0/2"
          text: Indestructible
      players:
        Alice:
          battlefield:
            - { card: Steel Wall, id: wall, damage: 5 }
        Bob: {}
      actions:
        - pass
        - pass
        - expect:
            zones: { Alice.battlefield: [Steel Wall] }
    `);
    const all = r.steps.flatMap((s) => s.events);
    expect(all.filter((e) => e.rule === '704.5g')).toHaveLength(1);
    expect(all.filter((e) => e.rule === '702.12b')).toHaveLength(1);
  });
});
