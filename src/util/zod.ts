// Small zod helpers shared by the card DSL and the scenario schema: strict objects whose unknown
// keys are reported with a suggestion.

import { z } from 'zod';
import { didYouMean } from './suggest.js';

/** A strict object: an unknown key is an error that names the closest known key. */
export function strictObject<T extends z.ZodRawShape>(shape: T, what = 'here') {
  const known = Object.keys(shape);
  return z.preprocess((v, ctx) => {
    if (v !== null && typeof v === 'object' && !Array.isArray(v)) {
      for (const k of Object.keys(v)) {
        if (!known.includes(k)) {
          const hint = didYouMean(k, known);
          ctx.addIssue({
            code: 'custom',
            path: [k],
            message: `unknown key \`${k}\` ${what}${hint ? `; ${hint}` : `; expected one of: ${known.join(', ')}`}`,
            input: v,
          });
        }
      }
    }
    return v;
  }, z.object(shape));
}

export type Issue = { path: PropertyKey[]; message: string };

/** Runs a schema inside a transform and re-reports its issues under the current path. */
export function parseInner<T>(schema: z.ZodType<T>, value: unknown, ctx: z.RefinementCtx, path: PropertyKey[] = []): T | typeof z.NEVER {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  for (const i of r.error.issues) ctx.addIssue({ code: 'custom', path: [...path, ...i.path], message: i.message, input: value });
  return z.NEVER;
}
