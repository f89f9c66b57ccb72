// Small zod helpers shared by the card DSL and the scenario schema: strict objects whose unknown
// keys are reported with a suggestion.

import * as z from 'zod';
import { closest, didYouMean } from './suggest.js';

z.config({ jitless: true });

const UNKNOWN = '\u0000unknown-key\u0000';

/**
 * A strict object: an unknown key is an error that names the closest known key. Unknown keys are
 * checked alongside the known ones, so every problem of an entry is reported at once.
 */
export function strictObject<T extends z.ZodRawShape>(shape: T | (() => T), what = 'here') {
  // built on first use, fields and all (a shape is given as a function so that its fields aren't made
  // before): the card DSL alone has hundreds of these, and a command that reads no card file never
  // parses most of them (zod's schema construction is most of the start-up cost)
  return z.lazy(() => buildStrictObject(typeof shape === 'function' ? shape() : shape, what));
}

function buildStrictObject<T extends z.ZodRawShape>(shape: T, what: string) {
  const known = Object.keys(shape);
  const unknownKey = z.any().superRefine((_v, ctx) => {
    ctx.addIssue({ code: 'custom', message: `${UNKNOWN}${what}\u0000${known.join(',')}` });
  });
  const full = z.object(shape).catchall(unknownKey);
  sparse(full, shape, unknownKey);
  // typed as the object without the catch-all: an unknown key never passes, so none is in the output
  // (a cast, where a transform would cost a step in every parse of every object). Its input type is
  // left unknown: nothing reads it, and working it out for each of the DSL's hundreds of objects was
  // about an eighth of the types the type-check makes (226,686 -> 195,537; 8% less memory)
  return full as unknown as z.ZodType<z.output<z.ZodObject<T>>>;
}

type Run = (payload: { value: unknown; issues: unknown[] }, ctx: unknown) => unknown;

/**
 * zod checks every key of a shape on every object, absent or not, and an absent optional key gives
 * nothing and no issue. So a map is checked by the object of the keys it has (and the keys it must
 * have), in the shape's order: same output, same issues, a fraction of the work on wide shapes.
 */
function sparse(full: z.ZodObject, shape: z.ZodRawShape, catchall: z.ZodType): void {
  const keys = Object.keys(shape);
  const optional = keys.map((k) => shape[k]!._zod.optin === 'optional' && shape[k]!._zod.optout === 'optional');
  const byKeys = new Map<string, Run>();
  const internals = full._zod as unknown as { run: Run; parse: Run };
  const whole = internals.run;
  internals.run = (payload, ctx) => {
    const input = payload.value;
    if (input === null || typeof input !== 'object' || Array.isArray(input)) return whole(payload, ctx);
    const present = keys.filter((k, i) => !optional[i] || k in input);
    const id = present.join('\u0000');
    let run = byKeys.get(id);
    if (!run) {
      const part = z.object(Object.fromEntries(present.map((k) => [k, shape[k]!]))).catchall(catchall);
      run = (part._zod as unknown as { run: Run }).run;
      byKeys.set(id, run);
    }
    return run(payload, ctx);
  };
}

function unknownKey(key: PropertyKey, marker: string): { message: string; suggested?: string } {
  const [what, knownList] = marker.slice(UNKNOWN.length).split('\u0000') as [string, string];
  const known = knownList ? knownList.split(',') : [];
  const best = closest(String(key), known, 1)[0];
  const hint = didYouMean(String(key), known);
  return { message: `unknown key \`${String(key)}\` ${what}${hint ? `; ${hint}` : `; expected one of: ${known.join(', ')}`}`, ...(best ? { suggested: best } : {}) };
}

export type Issue = { path: PropertyKey[]; message: string };

/** Runs a schema inside a transform and re-reports its issues under the current path. */
export function parseInner<T>(schema: z.ZodType<T>, value: unknown, ctx: z.RefinementCtx, path: PropertyKey[] = []): T | typeof z.NEVER {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  for (const i of flattenIssues(r.error.issues as unknown as AnyIssue[])) ctx.addIssue({ code: 'custom', path: [...path, ...i.path], message: i.message, input: value });
  return z.NEVER;
}

type AnyIssue = { code?: string; path: PropertyKey[]; message: string; errors?: AnyIssue[][]; expected?: string };

/**
 * Flattens zod's union errors into the issues of the branch the value was meant for: the branch
 * whose type matched (an object entry, not the bare string form), so that a misspelled key inside it
 * is reported as such instead of a bare "Invalid input".
 */
export function flattenIssues(issues: readonly AnyIssue[], base: readonly PropertyKey[] = []): Issue[] {
  const all = flattenAll(issues, base);
  // a missing key that an unknown key next to it was probably meant to be is not worth a second error
  const meant = new Set(all.filter((i) => i.suggested).map((i) => JSON.stringify([...i.path.slice(0, -1), i.suggested])));
  return all.filter((i) => !(i.missing && meant.has(JSON.stringify(i.path)))).map(({ path, message }) => ({ path, message }));
}

function flattenAll(issues: readonly AnyIssue[], base: readonly PropertyKey[]): Array<Issue & { suggested?: string; missing?: boolean }> {
  const out: Array<Issue & { suggested?: string; missing?: boolean }> = [];
  for (const i of issues) {
    const path = [...base, ...i.path];
    if (i.code === 'invalid_union' && i.errors?.length) {
      const rootMismatch = (b: AnyIssue[]) => b.some((x) => (x.code === 'invalid_type' || x.code === 'invalid_value') && x.path.length === 0);
      const matched = i.errors.filter((b) => !rootMismatch(b));
      if (matched.length) {
        const pick = matched.reduce((a, b) => (a.length <= b.length ? a : b));
        out.push(...flattenAll(pick, path));
        continue;
      }
      if (i.message !== 'Invalid input') { out.push({ path, message: i.message }); continue; }
      const expected = [...new Set(i.errors.flat().filter((x) => x.path.length === 0).map((x) => x.expected ?? (x.code === 'invalid_value' ? 'one of the allowed values' : undefined)).filter(Boolean))];
      out.push({ path, message: expected.length ? `expected ${expected.join(' or ')}` : i.message });
      continue;
    }
    if (i.message.startsWith(UNKNOWN)) {
      out.push({ path, ...unknownKey(path[path.length - 1] ?? '', i.message) });
      continue;
    }
    if (i.code === 'invalid_type' && /received undefined$/.test(i.message) && path.length > 0) {
      out.push({ path, message: `missing required key \`${String(path[path.length - 1])}\` (${i.expected ?? 'a value'})`, missing: true });
      continue;
    }
    out.push({ path, message: plainMessage(i.message) });
  }
  return out;
}

const TYPE_WORDS: Record<string, string> = {
  array: 'a list', record: 'a map', object: 'a map', string: 'text', number: 'a number', boolean: 'true or false',
  undefined: 'nothing', null: 'null', int: 'a whole number',
};

/** zod's "Invalid input: expected array, received string" in the words of the format. */
function plainMessage(m: string): string {
  const t = /^Invalid input: expected (\w+), received (\w+)$/.exec(m);
  if (t) return `expected ${TYPE_WORDS[t[1]!] ?? t[1]}, got ${TYPE_WORDS[t[2]!] ?? t[2]}`;
  return m;
}
