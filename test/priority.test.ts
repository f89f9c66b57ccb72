// Timing and priority (117): who may act, what passing does, who gets priority next.

import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../dist/state/events.js';
import { run, runClean, yaml } from './helpers.js';

const priorityEvents = (events: GameEvent[]) => events.flatMap((e) => (e.type === 'priority' ? [[e.player, e.rule]] : []));

describe('passing priority', () => {
  it('117.3d: a player who passes gives priority to the next player in turn order', async () => {
    const r = await runClean(yaml`
      scenario: Alice passes
      players:
        Alice: {}
        Bob: {}
      actions:
        - expect: { turn: { priority: Alice, step: main1 } }
        - pass
        - expect: { turn: { priority: Bob, step: main1 }, cited: ["117.3d"] }
    `);
    const step = r.steps[1]!;
    expect(step.events.map((e) => [e.type, 'player' in e ? e.player : undefined, e.rule])).toEqual([
      ['pass', 'Alice', '117.3d'],
      ['priority', 'Bob', '117.3d'],
    ]);
  });

  it('117.4: when all players pass in succession with an empty stack, the step ends', async () => {
    await runClean(yaml`
      scenario: both pass in main1
      players:
        Alice: {}
        Bob: {}
      actions:
        - pass
        - pass
        - expect: { turn: { step: beginning_of_combat, active: Alice, priority: Alice }, cited: ["117.4"] }
    `);
  });

  it('117.4 / 117.3b: all players passing resolves the top object, then the active player gets priority', async () => {
    const r = await runClean(yaml`
      scenario: Bob's instant resolves, Alice gets priority
      players:
        Alice: {}
        Bob:
          pool: "{R}"
          hand: [Shock]
      turn: { active: Alice, step: main1, priority: Bob }
      actions:
        - { cast: Shock, by: Bob, targets: [Alice] }
        - expect: { turn: { priority: Bob }, stack: [Shock] }
        - { pass: null, by: Bob }
        - expect: { turn: { priority: Alice }, stack: [Shock], life: { Alice: 20 } }
        - { pass: null, by: Alice }
        - expect:
            stack: []
            life: { Alice: 18 }
            turn: { priority: Alice, active: Alice, step: main1 }
            cited: ["117.4", "117.3b"]
    `);
    const last = r.steps[4]!.events;
    expect(last.map((e) => e.type)).toContain('resolves');
    // after the resolution, the active player (not the caster, not the last to pass) gets priority
    expect(priorityEvents(last)).toEqual([['Alice', '117.3b']]);
  });

  it('`resolve` is all players passing in succession once: the top object only resolves', async () => {
    await runClean(yaml`
      scenario: one resolution at a time
      players:
        Alice:
          pool: "{R}{R}"
          hand: [Shock, Lightning Bolt]
        Bob: {}
      actions:
        - { cast: Shock, targets: [Bob] }
        - { cast: Lightning Bolt, targets: [Bob] }
        - resolve
        - expect: { stack: [Shock], life: { Bob: 17 }, turn: { priority: Alice } }
        - resolve
        - expect: { stack: [], life: { Bob: 15 } }
    `);
  });
});

describe('who may act', () => {
  it('117.3c: after casting a spell, its caster receives priority', async () => {
    const r = await runClean(yaml`
      scenario: Alice casts and keeps priority
      players:
        Alice:
          pool: "{R}"
          hand: [Lightning Bolt]
        Bob: {}
      actions:
        - { cast: Lightning Bolt, targets: [Bob] }
        - expect: { turn: { priority: Alice }, stack: [Lightning Bolt], cited: ["601.2i", "117.3c"] }
    `);
    expect(priorityEvents(r.steps[0]!.events)).toEqual([['Alice', '117.3c']]);
  });

  it('117.1: a player without priority can\'t cast a spell, even an instant', async () => {
    const r = await runClean(yaml`
      scenario: Bob acts out of turn
      players:
        Alice: {}
        Bob:
          pool: "{R}"
          hand: [Lightning Bolt]
      actions:
        - { cast: Lightning Bolt, by: Bob, targets: [Alice], illegal: "117.1" }
        - expect:
            stack: []
            zones: { Bob.hand: [Lightning Bolt] }
            pool: { Bob: "{R}" }
            turn: { priority: Alice }
    `);
    const illegal = r.game.state.events.flatMap((e) => (e.type === 'rejected' ? [e] : []));
    expect(illegal).toHaveLength(1);
    expect(illegal[0]!.message).toContain("Bob doesn't have priority");
  });

  it('without `illegal:`, an action taken without priority fails the scenario with the rule', async () => {
    const r = await run(yaml`
      scenario: Bob acts out of turn, unexpectedly
      players:
        Alice: {}
        Bob:
          pool: "{R}"
          hand: [Lightning Bolt]
      actions:
        - { cast: Lightning Bolt, by: Bob, targets: [Alice] }
    `);
    expect(r.error).toBeUndefined();
    expect(r.failures).toHaveLength(1);
    expect(r.failures[0]!.field).toBe('action');
    expect(r.failures[0]!.actual).toMatch(/^rejected \[117\.1[a-z]?\]/);
  });

  it('a player without priority can\'t activate an ability either', async () => {
    await runClean(yaml`
      scenario: Bob's sorcerer waits
      players:
        Alice: {}
        Bob:
          battlefield: [{ card: Prodigal Sorcerer, id: sorcerer }]
      actions:
        - { activate: sorcerer, by: Bob, targets: [Alice], illegal: "117.1" }
        - expect: { objects: { sorcerer: { tapped: false } }, life: { Alice: 20 } }
    `);
  });

  it('117.1a / 307.1: a sorcery can\'t be cast while the stack is not empty', async () => {
    await runClean(yaml`
      scenario: Lava Axe on top of a Bolt
      players:
        Alice:
          pool: "{R}{R}{R}{R}{R}{R}"
          hand: [Lightning Bolt, Lava Axe]
        Bob: {}
      actions:
        - { cast: Lightning Bolt, targets: [Bob] }
        - { cast: Lava Axe, targets: [Bob], illegal: ["117.1a", "307.1"] }
        - expect:
            stack: [Lightning Bolt]
            zones: { Alice.hand: [Lava Axe] }
            pool: { Alice: "{R}{R}{R}{R}{R}" }
        - resolve
        - { cast: Lava Axe, targets: [Bob] }
        - resolve
        - expect: { life: { Bob: 12 } }
    `);
  });

  it('117.1a / 307.1: a sorcery can\'t be cast in another player\'s turn, even with an empty stack', async () => {
    await runClean(yaml`
      scenario: Bob's Lava Axe in Alice's turn
      players:
        Alice: {}
        Bob:
          pool: "{R}{R}{R}{R}{R}"
          hand: [Lava Axe]
      turn: { active: Alice, step: main1, priority: Bob }
      actions:
        - { cast: Lava Axe, by: Bob, targets: [Alice], illegal: ["117.1a", "307.1"] }
        - expect: { life: { Alice: 20 }, zones: { Bob.hand: [Lava Axe] } }
    `);
  });

  it('117.1a / 307.1: a sorcery can\'t be cast outside a main phase', async () => {
    await runClean(yaml`
      scenario: Lava Axe at the beginning of combat
      players:
        Alice:
          pool: "{R}{R}{R}{R}{R}"
          hand: [Lava Axe]
        Bob: {}
      turn: { step: beginning_of_combat }
      actions:
        - { cast: Lava Axe, targets: [Bob], illegal: ["117.1a", "307.1"] }
    `);
  });
});
