// One fuzz case at a time, in a worker thread the harness can stop on a hang or a memory blow-up.
// A case is a scenario text, played in-process through the same path as `ruling run` (load, run,
// render every event and the board, text and JSON), with questions the file leaves open either
// unanswered (as `run` in CI) or answered at random by a seeded answerer. The reply says how the
// run ended (the exit code `run` would give, or the internal error), what it printed, and the
// invariants checked along the way.

import { parentPort } from 'node:worker_threads';
import { loadLibrary } from '../../dist/cards/library.js';
import { loadScenarioText } from '../../dist/scenario/load.js';
import { runScenario } from '../../dist/scenario/run.js';
import { ScenarioErrors } from '../../dist/scenario/errors.js';
import { boardLines, errorLines, jsonEvent, traceLines } from '../../dist/cli/render.js';
import { promptQuestion } from '../../dist/cli/prompts.js';

const registry = loadLibrary().registry;

/** A small deterministic generator (mulberry32), so a case replays from its seed. */
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Prompt primitives that answer at random within the question's bounds. */
function randomIO(next) {
  const int = (min, max) => min + Math.floor(next() * (max - min + 1));
  return {
    select: async (_m, choices) => choices[int(0, choices.length - 1)].value,
    checkbox: async (_m, choices, min, max) => {
      const pool = [...choices];
      const n = int(Math.min(min, pool.length), Math.min(max ?? pool.length, pool.length));
      const out = [];
      while (out.length < n) out.push(pool.splice(int(0, pool.length - 1), 1)[0].value);
      return out;
    },
    number: async (_m, min, max) => int(min, max ?? min + 5),
    confirm: async () => next() < 0.5,
  };
}

/** Every zone's list of objects, by zone name. */
function zoneLists(g) {
  const s = g.state;
  const lists = [['stack', s.stack], ['battlefield', s.battlefield]];
  for (const p of s.players) for (const z of ['hand', 'library', 'graveyard', 'exile']) lists.push([`${p.name}.${z}`, p[z]]);
  return lists;
}

/** Objects listed in two zones, or listed where the object says it isn't: broken invariants. */
function zoneProblems(g) {
  const seen = new Map();
  const problems = [];
  for (const [zone, ids] of zoneLists(g)) {
    for (const id of ids) {
      const o = g.state.objects[id];
      if (!o) { problems.push(`${zone} lists ${id}, which doesn't exist`); continue; }
      if (seen.has(id)) problems.push(`${id} is in both ${seen.get(id)} and ${zone}`);
      if (!zone.endsWith(o.zone)) problems.push(`${id} is listed in ${zone} but says it is in ${o.zone}`);
      seen.set(id, zone);
    }
  }
  return problems;
}

/** How many cards are in some zone (tokens, copies of spells and abilities aside): a card never
 * vanishes or appears, it only moves (400.1). */
function cardCount(g) {
  let n = 0;
  for (const [, ids] of zoneLists(g)) {
    for (const id of ids) {
      const o = g.state.objects[id];
      if (o && !o.isToken && !o.ability && !o.spell?.isCopy) n++;
    }
  }
  return n;
}

/** An event as the trace and as a `--json` line, which must be one valid JSON object. */
function render(e, index, out, invariants) {
  out.push(...traceLines([e], { verbose: true }));
  const line = jsonEvent(e, index);
  try {
    const v = JSON.parse(line);
    if (typeof v !== 'object' || v === null || line.includes('\n')) invariants.push(`the JSON of a ${e.type} event is not one object on one line`);
  } catch {
    invariants.push(`the JSON of a ${e.type} event doesn't parse`);
  }
}

async function play({ text, answers, seed }) {
  const out = [];
  const invariants = [];
  let loaded;
  try {
    loaded = loadScenarioText('fuzz.yaml', text, registry);
  } catch (e) {
    if (!(e instanceof ScenarioErrors)) throw e;
    for (const err of e.errors) out.push(...errorLines(err));
    return { code: 2, out, invariants, rejections: 0, errors: e.errors };
  }
  const { scenario, game } = loaded;
  const before = cardCount(game);
  for (const e of game.state.events) render(e, undefined, out, invariants);
  out.push(...boardLines(game));
  const next = rng(seed);
  const io = randomIO(next);
  let lastState = stateText(game);
  let rejections = 0;
  const result = await runScenario(scenario, game, {
    // each question tells the harness the run is alive: it times the silence between questions
    ...(answers === 'random' ? { prompt: (q, g) => (parentPort.postMessage({ asking: true }), promptQuestion(io, q, g)) } : {}),
    onStep: (step, g) => {
      for (const e of step.events) render(e, step.index, out, invariants);
      out.push(...boardLines(g));
      invariants.push(...zoneProblems(g).map((p) => `after action ${step.index}: ${p}`));
      const now = stateText(g);
      const rejected = step.failures.some((f) => f.field === 'action' && /^rejected/.test(String(f.actual)));
      if (rejected) rejections++;
      if (rejected && now !== lastState) invariants.push(`action ${step.index} was rejected but the state changed (730: an illegal action is undone)`);
      lastState = now;
    },
  });
  const after = cardCount(result.game);
  if (after !== before) invariants.push(`${before} cards before the timeline, ${after} after (400.1: cards only move)`);
  if (result.error) {
    for (const l of errorLines(result.error)) out.push(l);
  }
  return { code: result.error ? 2 : result.failures.length ? 1 : 0, out, invariants, rejections, errors: result.error ? [result.error] : [] };
}

/** The state without the logs that only grow (events, last known information). */
function stateText(g) {
  const { events: _e, lki: _l, ...rest } = g.state;
  return JSON.stringify(rest);
}

// the imports above are done: the harness starts its clock on the cases only now
parentPort.postMessage({ ready: true });

/** The output lines as one string and each line's length: a message copies one long string much
 * faster than thousands of short ones (the harness cuts it back into the same lines). */
function packed(lines) {
  return { text: lines.join(''), lengths: Uint32Array.from(lines, (l) => l.length) };
}

parentPort.on('message', async (c) => {
  const start = performance.now();
  try {
    const { out, ...r } = await play(c);
    parentPort.postMessage({ ...r, out: packed(out), errors: r.errors.map((e) => ({ file: e.file, pos: e.pos, message: e.message })), ms: performance.now() - start });
  } catch (e) {
    parentPort.postMessage({ code: 3, rejections: 0, internal: String(e && e.stack ? e.stack : e), out: packed([]), invariants: [], errors: [], ms: performance.now() - start });
  }
});
