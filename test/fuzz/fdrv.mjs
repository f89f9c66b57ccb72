// ../../tmp/fdrv.ts
import fc2 from "fast-check";

// test/fuzz/cases.ts
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import fc from "fast-check";
import { parse, stringify } from "yaml";
function corpus(root) {
  const walk = (d) => readdirSync(d).flatMap((n2) => {
    const p = join(d, n2);
    return statSync(p).isDirectory() ? walk(p) : n2.endsWith(".yaml") ? [p] : [];
  });
  return walk(join(root, "scenarios")).sort().map((f) => ({ file: relative(root, f), text: readFileSync(f, "utf8") }));
}
function paths(t, at = []) {
  const out = [at];
  if (Array.isArray(t)) t.forEach((v, i) => out.push(...paths(v, [...at, i])));
  else if (t && typeof t === "object") for (const [k, v] of Object.entries(t)) out.push(...paths(v, [...at, k]));
  return out;
}
function parentOf(t, p) {
  if (p.length === 0) return null;
  let node = t;
  for (const k of p.slice(0, -1)) node = node[k];
  return [node, p[p.length - 1]];
}
var ODD_VALUES = [
  null,
  0,
  -1,
  -1e9,
  1e12,
  2 ** 53,
  1.5,
  "",
  "x".repeat(2e4),
  [],
  {},
  true,
  "NaN",
  "\u221E",
  "{R}{R}{R}".repeat(2e3),
  [[[[[]]]]],
  { a: { b: { c: 1 } } },
  "Lightning Bolt",
  "Lightnig Bolt",
  "all",
  "Alice",
  "Bob",
  "bears"
];
function applyTree(t, o) {
  const all = paths(t).slice(1);
  if (all.length === 0) return;
  const pickPath = (n2) => all[n2 % all.length];
  switch (o.op) {
    case "delete": {
      const [node, k] = parentOf(t, pickPath(o.pick));
      if (Array.isArray(node)) node.splice(k, 1);
      else delete node[k];
      return;
    }
    case "retype": {
      const [node, k] = parentOf(t, pickPath(o.pick));
      node[k] = structuredClone(ODD_VALUES[o.value % ODD_VALUES.length]);
      return;
    }
    case "near_miss": {
      const strings = all.filter((p) => typeof parentOf(t, p)[0][p[p.length - 1]] === "string");
      if (!strings.length) return;
      const [node, k] = parentOf(t, strings[o.pick % strings.length]);
      const s = node[k];
      const i = s.length ? o.at % s.length : 0;
      node[k] = s.slice(0, i) + String.fromCharCode(97 + o.at % 26) + s.slice(i + 1);
      return;
    }
    case "swap_actions": {
      const actions = t.actions;
      if (!Array.isArray(actions) || actions.length < 2) return;
      const i = o.i % actions.length;
      const j = o.j % actions.length;
      [actions[i], actions[j]] = [actions[j], actions[i]];
      return;
    }
    case "drop_answers": {
      const withAnswers = all.filter((p) => p[p.length - 1] === "answers");
      if (!withAnswers.length) return;
      const [node, k] = parentOf(t, withAnswers[o.pick % withAnswers.length]);
      delete node[k];
      return;
    }
    case "copy_value": {
      const [node, k] = parentOf(t, pickPath(o.to));
      const [src, sk] = parentOf(t, pickPath(o.from));
      node[k] = structuredClone(src[sk]);
      return;
    }
    case "card_number": {
      const numbers = all.filter((p) => p[0] === "cards" && typeof parentOf(t, p)[0][p[p.length - 1]] === "number");
      if (!numbers.length) return;
      const [node, k] = parentOf(t, numbers[o.pick % numbers.length]);
      node[k] = CARD_NUMBERS[o.value % CARD_NUMBERS.length];
      return;
    }
    case "big_card":
      return addBigCard(t, o.which, CARD_NUMBERS[o.value % CARD_NUMBERS.length], o.text);
  }
}
var CARD_NUMBERS = [1e9, 1e12, -1, -2e4, 1.5, 2 ** 53, 300, 10001, 0, 3, 1e6];
var COUNTED = [
  (n2) => ({ draw: n2 }),
  (n2) => ({ mill: n2 }),
  (n2) => ({ create_token: { name: "Fuzz", type: "Creature \u2014 Soldier", pt: "1/1" }, amount: n2 }),
  (n2) => ({ damage: n2, affected: { all: "creature" } }),
  (n2) => ({ put_counters: "+1/+1", amount: n2, affected: "self" }),
  (n2) => ({ gain_life: n2 }),
  (n2) => ({ lose_life: n2 }),
  (n2) => ({ draw: { times: [n2, n2] } })
];
var PRINTED = ["Draw N cards.", "Create N 1/1 white Soldier creature tokens.", "Fuzz Engine deals N damage to each creature.", "You gain N life.", "Put N +1/+1 counters on Fuzz Engine."];
function addBigCard(t, which2, n2, text) {
  const root = t;
  const [name, first] = root.players && typeof root.players === "object" ? Object.entries(root.players)[0] ?? [] : [];
  if (!first || typeof first !== "object") return;
  const printed = `{T}: ${PRINTED[which2 % PRINTED.length].replace("N", String(n2))}`;
  const card = text ? { name: "Fuzz Engine", type: "Artifact", text: printed } : { name: "Fuzz Engine", type: "Artifact", text: printed, abilities: [{ activated: { cost: "{T}", do: [COUNTED[which2 % COUNTED.length](n2)] } }] };
  root.cards = [...Array.isArray(root.cards) ? root.cards : [], card];
  first.battlefield = [...Array.isArray(first.battlefield) ? first.battlefield : [], { card: "Fuzz Engine", id: "fuzz_engine" }];
  root.actions = [{ activate: "fuzz_engine", by: name }, "resolve", ...Array.isArray(root.actions) ? root.actions : []];
}
var TAGS = ['!!js/function "x"', '!!python/object:os.system "ls"', "!custom 3", '!!int "abc"', "!!binary aGVsbG8="];
function applyText(text, o) {
  const lines = text.split("\n");
  switch (o.op) {
    case "garbage": {
      const at = o.at % (text.length + 1);
      return text.slice(0, at) + String.fromCharCode(...o.bytes) + text.slice(at);
    }
    case "bom":
      return `\uFEFF${text}`;
    case "tabs": {
      const i = o.line % lines.length;
      lines[i] = lines[i].replace(/^ +/, "	");
      return lines.join("\n");
    }
    case "truncate":
      return text.slice(0, o.at % (text.length + 1));
    case "duplicate_line": {
      const i = o.line % lines.length;
      lines.splice(i, 0, lines[i]);
      return lines.join("\n");
    }
    case "deep_nesting":
      return o.flow ? `${text}
notes: ${"[".repeat(o.depth)}${"]".repeat(o.depth)}
` : `${text}
notes:
${Array.from({ length: o.depth }, (_, i) => `${" ".repeat(i + 1)}- `).join("\n")}x
`;
    case "alias_bomb": {
      const defs = [`a0: &a0 [${Array(o.width).fill("x").join(", ")}]`];
      for (let i = 1; i <= o.levels; i++) defs.push(`a${i}: &a${i} [${Array(o.width).fill(`*a${i - 1}`).join(", ")}]`);
      return `${text}
bomb:
${defs.map((d) => `  ${d}`).join("\n")}
`;
    }
    case "tag": {
      const i = o.line % lines.length;
      lines[i] = lines[i].replace(/: (\S.*)$/, `: ${TAGS[o.which % TAGS.length]}`);
      return lines.join("\n");
    }
    case "directive":
      return `%YAML ${o.version}
---
${text}`;
    case "null_key":
      return text.replace(/^players:\n/m, "players:\n  ~: {}\n");
  }
}
var treeOp = fc.oneof(
  fc.record({ op: fc.constant("delete"), pick: fc.nat() }),
  fc.record({ op: fc.constant("retype"), pick: fc.nat(), value: fc.nat() }),
  fc.record({ op: fc.constant("near_miss"), pick: fc.nat(), at: fc.nat() }),
  fc.record({ op: fc.constant("swap_actions"), i: fc.nat(), j: fc.nat() }),
  fc.record({ op: fc.constant("drop_answers"), pick: fc.nat() }),
  fc.record({ op: fc.constant("copy_value"), from: fc.nat(), to: fc.nat() }),
  fc.record({ op: fc.constant("card_number"), pick: fc.nat(), value: fc.nat() }),
  fc.record({ op: fc.constant("big_card"), which: fc.nat(), value: fc.nat(), text: fc.boolean() })
);
var textOp = fc.oneof(
  fc.record({ op: fc.constant("garbage"), at: fc.nat(), bytes: fc.array(fc.integer({ min: 0, max: 65535 }), { minLength: 1, maxLength: 8 }) }),
  fc.constant({ op: "bom" }),
  fc.record({ op: fc.constant("tabs"), line: fc.nat() }),
  fc.record({ op: fc.constant("truncate"), at: fc.nat() }),
  fc.record({ op: fc.constant("duplicate_line"), line: fc.nat() }),
  fc.record({ op: fc.constant("deep_nesting"), depth: fc.integer({ min: 50, max: 5e3 }), flow: fc.boolean() }),
  fc.record({ op: fc.constant("alias_bomb"), width: fc.integer({ min: 2, max: 10 }), levels: fc.integer({ min: 1, max: 12 }) }),
  fc.record({ op: fc.constant("tag"), which: fc.nat(), line: fc.nat() }),
  fc.record({ op: fc.constant("directive"), version: fc.constantFrom("1.1", "1.2", "2.0") }),
  fc.constant({ op: "null_key" })
);
function mutatedScenario(files) {
  return fc.record({
    file: fc.nat({ max: files.length - 1 }),
    tree: fc.array(treeOp, { minLength: 0, maxLength: 3 }),
    text: fc.option(textOp, { freq: 3 }),
    random: fc.boolean(),
    seed: fc.nat()
  }).map(({ file, tree, text, random, seed }) => {
    const src = files[file];
    let out = src.text;
    if (tree.length) {
      const t = parse(src.text);
      for (const o of tree) applyTree(t, o);
      out = stringify(t);
    }
    if (text) out = applyText(out, text);
    return { label: `${src.file} ${JSON.stringify({ tree, text })}`, text: out, answers: random ? "random" : "file", seed };
  });
}
var STEPS = ["upkeep", "draw", "main1", "beginning_of_combat", "declare_attackers", "declare_blockers", "combat_damage", "end_of_combat", "main2", "end"];
function randomGame(cards2) {
  const permanents = cards2.filter((c) => !c.types.includes("instant") && !c.types.includes("sorcery"));
  const lands = cards2.filter((c) => c.types.includes("land"));
  const anyCard = fc.constantFrom(...cards2.map((c) => c.name));
  const side = fc.record({
    life: fc.integer({ min: 1, max: 30 }),
    pool: fc.constantFrom("", "{R}{G}{U}{B}{W}", "{C}{C}{C}{R}{R}{G}{G}{U}{U}{B}{B}{W}{W}"),
    lands: fc.array(fc.constantFrom(...lands.map((c) => c.name)), { maxLength: 7 }),
    permanents: fc.array(fc.constantFrom(...permanents.map((c) => c.name)), { maxLength: 4 }),
    hand: fc.array(anyCard, { maxLength: 5 }),
    library: fc.array(anyCard, { maxLength: 6 })
  });
  const action = fc.oneof(
    { weight: 5, arbitrary: fc.constant({ kind: "pass", who: "a", i: 0 }) },
    { weight: 2, arbitrary: fc.constant({ kind: "resolve", who: "a", i: 0 }) },
    { weight: 2, arbitrary: fc.nat(STEPS.length - 1).map((i) => ({ kind: "advance", who: "a", i })) },
    ...["cast", "activate", "play", "attack", "block"].map((kind) => ({
      weight: kind === "cast" || kind === "activate" ? 4 : 1,
      arbitrary: fc.record({ who: fc.constantFrom("a", "b"), i: fc.nat(), j: fc.nat() }).map((r) => ({ kind, ...r }))
    }))
  );
  return fc.record({
    a: side,
    b: side,
    step: fc.constantFrom("main1", "main2", "upkeep", "beginning_of_combat", "end"),
    actions: fc.array(action, { minLength: 1, maxLength: 25 }),
    seed: fc.nat()
  }).map(({ a, b, step, actions, seed }) => {
    const player = (s, who) => ({
      life: s.life,
      ...s.pool ? { pool: s.pool } : {},
      hand: s.hand.map((card, i) => ({ card, id: `${who}h${i}` })),
      library: s.library,
      battlefield: [...s.lands, ...s.permanents].map((card, i) => ({ card, id: `${who}p${i}` }))
    });
    const hand = { a: a.hand.length, b: b.hand.length };
    const field = { a: a.lands.length + a.permanents.length, b: b.lands.length + b.permanents.length };
    const other = (w) => w === "a" ? "b" : "a";
    const name = (w) => w === "a" ? "Alice" : "Bob";
    const timeline = actions.flatMap((x) => {
      const by = { by: name(x.who) };
      switch (x.kind) {
        case "pass":
        case "resolve":
          return [x.kind];
        case "advance":
          return [{ advance: STEPS[x.i] }];
        case "cast":
          return hand[x.who] ? [{ cast: `${x.who}h${x.i % hand[x.who]}`, ...by }] : [];
        case "play":
          return hand[x.who] ? [{ play: `${x.who}h${x.i % hand[x.who]}`, ...by }] : [];
        case "activate":
          return field[x.who] ? [{ activate: `${x.who}p${x.i % field[x.who]}`, ...by }] : [];
        case "attack":
          return field[x.who] ? [{ attack: { [`${x.who}p${x.i % field[x.who]}`]: name(other(x.who)) }, ...by }] : [];
        case "block":
          return field[x.who] && field[other(x.who)] ? [{ block: { [`${x.who}p${x.i % field[x.who]}`]: `${other(x.who)}p${x.j % field[other(x.who)]}` }, ...by }] : [];
      }
    });
    const scenario = {
      scenario: `random game ${seed}`,
      players: { Alice: player(a, "a"), Bob: player(b, "b") },
      turn: { number: 2, active: "Alice", step },
      seed,
      actions: timeline
    };
    return { label: `random game ${JSON.stringify(scenario)}`, text: stringify(scenario), answers: "random", seed };
  });
}

// ../../tmp/fdrv.ts
import { loadLibrary } from "/work/main/dist/cards/library.js";
import { play } from "/work/main/test/fuzz/wprof.mjs";
var ROOT = "/work/main/";
var which = process.argv[2] ?? "mut";
var n = Number(process.argv[3] ?? 300);
var cards = loadLibrary().registry.all().filter((c) => c.unsupported.length === 0).map((c) => ({ name: c.name, types: c.main.types }));
var arb = which === "mut" ? mutatedScenario(corpus(ROOT)) : randomGame(cards);
var cases = fc2.sample(arb, { seed: 20261123, numRuns: n });
var t0 = performance.now();
var codes = {};
for (const c of cases) {
  const r = await play(c);
  codes[r.code] = (codes[r.code] ?? 0) + 1;
}
console.log(which, n, ((performance.now() - t0) / n).toFixed(2), "ms/case", JSON.stringify(codes));
