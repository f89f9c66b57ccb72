// A quicker way through a zod schema for data read from YAML or JSON (plain maps with string keys,
// lists, scalars, null). It walks the schema's definitions itself for the kinds that make most of the
// cost (maps, lists, records, unions, optional and lazy wrappers) and asks zod for the rest (scalars,
// transforms), each on its own. It answers only when zod is sure to give the same value without an
// issue; anywhere else it gives up and the caller runs zod, which reports every problem as before.
// The strict objects of util/zod.ts go through here by their full shape: same keys, same order, same
// output as their sparse parts.

import * as z from 'zod';

/** A node's answer when zod would report an issue for the value (a union tries its next option). */
const INVALID: unique symbol = Symbol('invalid');
/** A node's answer when it can't tell what zod would do: the whole parse is left to zod. */
const UNSURE: unique symbol = Symbol('unsure');
type Answer = unknown;

interface Walk {
  /** Maps and lists already seen (none kept for a tree): a value met twice (a YAML alias) is left to zod's memo. */
  seen: Set<object> | undefined;
  /** The context zod's own runs get, one per parse as safeParse makes it. */
  ctx: { async: false };
}
type Quick = (value: unknown, walk: Walk) => Answer;

type Internals = {
  def: Record<string, unknown> & { type: string; checks?: Check[] };
  run: (payload: { value: unknown; issues: unknown[] }, ctx: unknown) => { value: unknown; issues: unknown[] } | Promise<unknown>;
  traits: Set<string>;
  optin?: string;
  optout?: string;
  innerType?: Schema;
  values?: Set<unknown>;
};
type Schema = { _zod: Internals };
type Check = { _zod: { def: { when?: (p: unknown) => boolean }; check: (p: unknown) => unknown } };

const quickOf = new WeakMap<object, Quick>();

/**
 * The schema's output for the value, or undefined when zod has to decide (a problem, or a doubt).
 * `tree`: no map or list is in the value twice (so none needs looking for).
 */
export function quickParse<T>(schema: z.ZodType<T>, value: unknown, tree = false): { success: true; data: T } | undefined {
  const out = quick(schema as unknown as Schema)(value, { seen: tree ? undefined : new Set(), ctx: { async: false } });
  return out === INVALID || out === UNSURE ? undefined : { success: true, data: out as T };
}

function quick(schema: Schema): Quick {
  const known = quickOf.get(schema);
  if (known) return known;
  // a schema met again while its own form is being made (a cycle through a shape's getter) calls
  // that form once it is made
  let made: Quick | undefined;
  quickOf.set(schema, (v, w) => made!(v, w));
  made = withChecks(schema, build(schema));
  quickOf.set(schema, made);
  return made;
}

function failed(a: Answer): boolean {
  return a === INVALID || a === UNSURE;
}

function build(schema: Schema): Quick {
  const zod = schema._zod;
  const def = zod.def;
  if (zod.traits.has('$ZodCheck')) return byZod(schema);
  switch (def.type) {
    case 'object': return objectOf(schema);
    case 'array': return arrayOf(quick(def.element as Schema));
    case 'record': return recordOf(schema);
    // an exclusive union (xor, or one picked by a discriminator) is zod's to decide
    case 'union': return def.inclusive === false ? () => UNSURE : unionOf((def.options as Schema[]).map((o) => quick(o)));
    case 'optional': return optionalOf(def.innerType as Schema);
    case 'nullable': { const inner = quick(def.innerType as Schema); return (v, w) => (v === null ? null : inner(v, w)); }
    // made on first use: zod builds a lazy's schema only when a value reaches it
    case 'lazy': { let inner: Quick | undefined; return (v, w) => (inner ??= quick(zod.innerType!))(v, w); }
    case 'pipe': return pipeOf(quick(def.in as Schema), quick(def.out as Schema));
    case 'string': case 'boolean': return def.checks?.length || def.coerce ? byZod(schema) : typed(def.type);
    case 'any': case 'unknown': return def.checks?.length ? byZod(schema) : (v) => v;
    case 'number': case 'null': case 'literal': case 'enum': case 'transform': return byZod(schema);
    default: return () => UNSURE;
  }
}

/** A string or boolean without checks or coercion: its type alone decides. */
function typed(type: string): Quick {
  return (v) => (typeof v === type ? v : INVALID);
}

/** zod's own run of a schema that holds no map or list (its checks included). */
function byZod(schema: Schema): Quick {
  const zod = schema._zod;
  return (v, w) => {
    const r = zod.run({ value: v, issues: [] }, w.ctx);
    if (r instanceof Promise) return UNSURE;
    return r.issues.length ? INVALID : r.value;
  };
}

/** The checks (refine, superRefine, sizes) of a schema this file walks, run as zod runs them. */
function withChecks(schema: Schema, base: Quick): Quick {
  const def = schema._zod.def;
  const checks = def.checks ?? [];
  if (!checks.length || schema._zod.traits.has('$ZodCheck') || !WALKED.has(def.type)) return base;
  return (v, w) => {
    const value = base(v, w);
    if (failed(value)) return value;
    const payload = { value, issues: [] as unknown[] };
    for (const ch of checks) {
      const when = ch._zod.def.when;
      if (when && !when(payload)) continue;
      if (ch._zod.check(payload) instanceof Promise) return UNSURE;
      if (payload.issues.length) return INVALID;
    }
    return payload.value;
  };
}
const WALKED = new Set(['object', 'array', 'record', 'union', 'optional', 'nullable', 'lazy', 'pipe']);

/** A map or list not met before in this parse (a repeated one is left to zod). */
function firstVisit(v: object, w: Walk): boolean {
  if (!w.seen) return true;
  if (w.seen.has(v)) return false;
  w.seen.add(v);
  return true;
}

function plainProto(v: object): boolean {
  const p = Object.getPrototypeOf(v);
  return p === Object.prototype || p === null;
}

function arrayOf(element: Quick): Quick {
  return (v, w) => {
    if (!Array.isArray(v)) return INVALID;
    if (!firstVisit(v, w)) return UNSURE;
    const out = new Array<unknown>(v.length);
    for (let i = 0; i < v.length; i++) {
      const r = element(v[i], w);
      if (failed(r)) return r;
      out[i] = r;
    }
    return out;
  };
}

function unionOf(options: Quick[]): Quick {
  return (v, w) => {
    for (const option of options) {
      const r = option(v, w);
      if (r !== INVALID) return r;
    }
    return INVALID;
  };
}

function optionalOf(inner: Schema): Quick {
  const q = quick(inner);
  return (v, w) => {
    if (v !== undefined) return q(v, w);
    return inner._zod.optin === 'defaulted' ? UNSURE : undefined;
  };
}

function pipeOf(into: Quick, out: Quick): Quick {
  return (v, w) => {
    const r = into(v, w);
    return failed(r) ? r : out(r, w);
  };
}

/**
 * A map against a shape: the keys it has, in the shape's order; a key it lacks must be optional. An
 * unknown key is the catch-all's (util/zod.ts makes that an issue); without one it is dropped.
 */
function objectOf(schema: Schema): Quick {
  const def = schema._zod.def;
  const shape = def.shape as Record<string, Schema>;
  const keys = Object.keys(shape);
  // a key that plain objects inherit would be "in" every map: zod's way with those is left to zod
  if (Object.getOwnPropertySymbols(shape).length || keys.some((k) => k in Object.prototype)) return () => UNSURE;
  const form: ShapeForm = {
    keys, index: new Map(keys.map((k, i) => [k, i])), fields: keys.map((k) => quick(shape[k]!)),
    catchall: def.catchall ? quick(def.catchall as Schema) : undefined,
    optional: keys.map((k) => shape[k]!._zod.optin === 'optional' && shape[k]!._zod.optout === 'optional'),
    needed: keys.map((k) => shape[k]!._zod.optin === undefined),
    required: 0,
  };
  form.required = form.optional.filter((o) => !o).length;
  return (v, w) => {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return INVALID;
    if (!plainProto(v) || !firstVisit(v, w)) return UNSURE;
    return mapOf(v as Record<string, unknown>, form, w);
  };
}

/** What a map is checked against. */
interface ShapeForm {
  keys: string[];
  index: Map<string, number>;
  fields: Quick[];
  catchall: Quick | undefined;
  /** Keys that may be left out, with nothing in their place. */
  optional: boolean[];
  /** Keys that can't be left out at all (zod reports an issue whatever the field). */
  needed: boolean[];
  required: number;
}

/**
 * The map's output: its keys in the shape's order. Keys written in that order (the usual case) go
 * straight in; after one out of order, the rest are gathered and put in order at the end.
 */
function mapOf(v: Record<string, unknown>, form: ShapeForm, w: Walk): Answer {
  let out: Record<string, unknown> = {};
  let last = -1;
  let mandatory = 0;
  let unordered: Array<[number, unknown]> | undefined;
  for (const k in v) {
    const i = form.index.get(k);
    if (i === undefined) {
      if (k === '__proto__') return UNSURE;
      if (!form.catchall) continue;
      return form.catchall(v[k], w) === INVALID ? INVALID : UNSURE;
    }
    const r = form.fields[i]!(v[k], w);
    if (failed(r)) return r;
    if (!form.optional[i]) mandatory++;
    if (unordered) unordered.push([i, r]);
    else if (i > last) { out[k] = r; last = i; }
    else unordered = [...Object.keys(out).map((key): [number, unknown] => [form.index.get(key)!, out[key]]), [i, r]];
  }
  if (mandatory < form.required) return missing(v, form);
  if (unordered) {
    out = {};
    for (const [i, r] of unordered.sort((a, b) => a[0] - b[0])) out[form.keys[i]!] = r;
  }
  return out;
}

/** A map without a key it must have: an issue for sure when that key can't be absent at all. */
function missing(v: Record<string, unknown>, form: ShapeForm): Answer {
  return form.keys.some((k, i) => form.needed[i] && !(k in v)) ? INVALID : UNSURE;
}

/** A record with keys checked by a schema (not an enumeration of them). */
function recordOf(schema: Schema): Quick {
  const def = schema._zod.def;
  const keyType = def.keyType as Schema;
  if (keyType._zod.values) return () => UNSURE;
  const key = quick(keyType);
  const value = quick(def.valueType as Schema);
  return (v, w) => {
    if (!z.core.util.isPlainObject(v)) return INVALID;
    if (!plainProto(v) || !firstVisit(v, w)) return UNSURE;
    const out: Record<PropertyKey, unknown> = {};
    for (const k of Object.keys(v)) {
      if (k === '__proto__') return UNSURE;
      const outKey = key(k, w);
      // a key that fails may pass as a number: left to zod
      if (failed(outKey)) return UNSURE;
      if (outKey === '__proto__') return UNSURE;
      const r = value((v as Record<string, unknown>)[k], w);
      if (failed(r)) return r;
      out[outKey as PropertyKey] = r;
    }
    return out;
  };
}
