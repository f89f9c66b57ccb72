// 730: an illegal action is reversed, payments included, and the game returns to exactly the moment
// before it (730.1). The state after a rejected action is byte-identical to the state before it; the
// only trace left is the `illegal` event appended to the log.

import { describe, expect, it } from 'vitest';
import type { Game } from '../dist/state/game.js';
import type { GameEvent } from '../dist/state/events.js';
import { describeEvent } from '../dist/cli/describe.js';
import { ENDLESS_SPRING, run, runClean, yaml } from './helpers.js';
import { DEFAULT_LIMITS, setLimits } from '../dist/util/limits.js';

/**
 * The state as JSON, without the event log (compared separately). Keys are sorted: GameState is a
 * plain-data record whose key order carries no meaning (restoring a snapshot rebuilds the top-level
 * object, which may list `lki` in another place), while every value must be byte-identical.
 */
const stateJson = (g: Game) => JSON.stringify({ ...g.state, events: undefined }, (_k, v: unknown) =>
  v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v);

/**
 * Runs a scenario whose action `index` must be rejected; returns the state before and after it.
 * The action before it (a `note` if nothing else) gives the state "before".
 */
async function aroundRejection(text: string, index: number) {
  const { r, before, after } = await statesAround(text, index, runClean);
  const appended = after.events.slice(before.count);
  expect(JSON.stringify(after.events.slice(0, before.count))).toBe(before.events);
  expect(appended.map((e) => e.type)).toEqual(['rejected']);
  // without its \`illegal\` key the rejection is unexpected: the action copied nothing beforehand, and
  // the game goes back by playing the file again up to it (run.ts, \`replayed\`): the same state
  const unexpected = await statesAround(text.replace(/\n *illegal: [^\n]*|, illegal: [^,}]*/g, ''), index, run);
  expect(unexpected.r.failures.map((f) => [f.action, f.field])).toEqual([[index, 'action']]);
  expect(unexpected.after.json).toBe(after.json);
  expect(JSON.stringify(unexpected.after.events)).toBe(JSON.stringify(after.events));
  return { r, before: before.json, after: after.json, illegal: appended[0]! };
}

/** The state and log after action \`index - 1\` and after action \`index\`. */
async function statesAround(text: string, index: number, play: typeof run) {
  let before: { json: string; events: string; count: number } | undefined;
  let after: { json: string; events: GameEvent[] } | undefined;
  const r = await play(text, {
    onStep: (step, g) => {
      if (step.index === index - 1) before = { json: stateJson(g), events: JSON.stringify(g.state.events), count: g.state.events.length };
      if (step.index === index) after = { json: stateJson(g), events: structuredClone(g.state.events) };
    },
  });
  expect(before && after).toBeTruthy();
  return { r, before: before!, after: after! };
}

/** What the rejected action did before it was rejected, as the illegal event records it. */
const attempted = (e: GameEvent): Array<{ rule: string | null; text: string }> =>
  e.type === 'rejected' ? e.attempted.map((a) => ({ rule: a.rule, text: describeEvent(a) })) : [];

describe('730: rejected actions leave the state byte-identical', () => {
  it('Lightning Bolt under Lodestone Golem paid with one Mountain: the Mountain is untapped and the {R} gone again', async () => {
    const { before, after, illegal } = await aroundRejection(yaml`
      scenario: partial payment under Lodestone Golem
      players:
        Alice:
          hand: [{ card: Lightning Bolt, id: bolt }]
          battlefield:
            - { card: Mountain, id: m1 }
            - { card: Mountain, id: m2 }
        Bob:
          battlefield: [Lodestone Golem]
      actions:
        - note: before the cast
        - cast: bolt
          targets: [Bob]
          pay: [m1]
          illegal: "601.2h"
        - expect:
            stack: []
            pool: { Alice: "" }
            life: { Bob: 20 }
            objects:
              bolt: { zone: Alice.hand }
              m1: { tapped: false }
    `, 1);
    expect(after).toBe(before);
    expect(illegal.rule).toBe('601.2h');
    // the rejection came after the mana ability: the Mountain was tapped and {R} added, then undone
    const did = attempted(illegal);
    expect(did.some((e) => e.rule === '601.2f')).toBe(true);
    expect(did.some((e) => e.rule === '605.3b' && e.text.includes('Mountain'))).toBe(true);
  });

  it('Altar\'s Reap: the sacrificed creature and the tapped Swamp come back when the mana can\'t be paid', async () => {
    const { r, before, after, illegal } = await aroundRejection(yaml`
      scenario: sacrifice chosen, then the payment fails
      players:
        Alice:
          hand: [{ card: "Altar's Reap", id: reap }]
          library: [Island, Forest]
          battlefield:
            - { card: Swamp, id: swamp }
            - { card: Grizzly Bears, id: bears }
            - { card: Blood Artist, id: artist }
        Bob: {}
      actions:
        - note: before the cast
        - cast: reap
          answers:
            - { choose: [bears] }
          illegal: "601.2h"
        - expect:
            stack: []
            zones: { Alice.graveyard: [], Alice.hand: ["Altar's Reap"] }
            objects:
              bears: { zone: Alice.battlefield }
              swamp: { tapped: false }
        - pass
        - expect:
            stack: []
            life: { Alice: 20, Bob: 20 }
    `, 1);
    expect(after).toBe(before);
    const did = attempted(illegal);
    // the creature really was sacrificed, and the Swamp tapped, before the failure
    expect(did.some((e) => e.rule === '701.17a' && e.text.includes('Grizzly Bears'))).toBe(true);
    expect(did.some((e) => e.rule === '605.3b' && e.text.includes('Swamp'))).toBe(true);
    // 730.1: the undone sacrifice triggers nothing (Blood Artist saw no creature die)
    expect(r.game.state.events.filter((e) => e.type === 'triggered')).toEqual([]);
  });

  it('a second activation of a {T} ability is rejected and leaves the first on the stack', async () => {
    const { before, after, illegal } = await aroundRejection(yaml`
      scenario: Prodigal Sorcerer twice
      players:
        Alice:
          battlefield: [{ card: Prodigal Sorcerer, id: sorcerer }]
        Bob: {}
      actions:
        - { activate: sorcerer, targets: [Bob] }
        - { activate: sorcerer, targets: [Bob], illegal: true }
        - expect:
            stack: [ability of Prodigal Sorcerer]
            objects: { sorcerer: { tapped: true } }
        - resolve
        - expect: { life: { Bob: 19 }, stack: [] }
    `, 1);
    expect(after).toBe(before);
    expect(illegal.rule).toBe('118.3');
    expect(describeEvent(illegal)).toContain('already tapped');
  });

  it('305.2: a second land in a turn is rejected and the card stays in hand', async () => {
    const { before, after, illegal } = await aroundRejection(yaml`
      scenario: two lands
      players:
        Alice:
          hand: [Mountain, Forest]
        Bob: {}
      actions:
        - play: Mountain
        - { play: Forest, illegal: "305.2" }
        - expect:
            zones: { Alice.hand: [Forest], Alice.battlefield: [Mountain] }
    `, 1);
    expect(after).toBe(before);
    expect(illegal.rule).toBe('305.2a');
  });

  it('the rejection is traced citing 730.1 in its text, and the player keeps priority (730.2)', async () => {
    const { r, illegal } = await aroundRejection(yaml`
      scenario: priority after a rejection
      players:
        Alice:
          hand: [Mountain, Forest]
        Bob: {}
      actions:
        - play: Mountain
        - { play: Forest, illegal: "305.2" }
        - expect: { turn: { priority: Alice } }
    `, 1);
    expect(describeEvent(illegal)).toContain('730.1');
    expect(r.game.state.turn.priority).toBe('Alice');
  });
});

const SPRING = ENDLESS_SPRING;

describe('a loop that never ends stops with an error, not a hang', () => {
  // the life total grows at each turn of this loop: no state comes back, so only a budget stops it
  it('a mandatory trigger loop under `resolve: all` stops at the event budget, positioned at the action', async () => {
    setLimits({ maxEvents: 3000 });
    try {
      const r = await run(SPRING);
      expect(r.error?.message).toContain('`resolve all` went on past 3,000 events without finishing, the limit for one action (--max-events N');
      expect(r.error?.message).toContain('104.4b');
      expect(r.error?.pos.line).toBe(18);
    } finally {
      setLimits(DEFAULT_LIMITS);
    }
  });

  it('a run has a budget of its own, across its actions', async () => {
    setLimits({ maxRunEvents: 2000 });
    try {
      const r = await run(SPRING);
      expect(r.error?.message).toContain('the run reached 2,000 events in all during `resolve all`, the limit for a whole run (--max-run-events N');
      expect(r.error?.pos.line).toBe(18);
    } finally {
      setLimits(DEFAULT_LIMITS);
    }
  });
});
