// The JSON Schema of the scenario format (docs/scenario-format.md), generated from the zod schemas
// so that editors can complete and check keys: the input side of every transform, unknown keys
// forbidden as the loader forbids them, the scenario's own cards in the card DSL, and the built-in
// card names offered wherever a card is named (the `cardName` definition). Published as schema/scenario.schema.json.

import * as z from 'zod';
import { loadLibrary } from '../cards/library.js';
import { cardEntrySchema, scenarioSchema } from './schema.js';

type Json = Record<string, unknown>;


/** zod's JSON Schema for one schema, input side, with strict objects and plain integers. */
function generate(schema: z.ZodType): Json {
  return z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
    override: (ctx) => {
      const js = ctx.jsonSchema as Json;
      // every object with a catchall is a strict object: its catchall reports unknown keys
      const def = (ctx.zodSchema as unknown as { _zod: { def: { type: string; catchall?: unknown } } })._zod.def;
      if (def.type === 'object' && def.catchall) js.additionalProperties = false;
      if (js.minimum === Number.MIN_SAFE_INTEGER) delete js.minimum;
      if (js.maximum === Number.MAX_SAFE_INTEGER) delete js.maximum;
    },
  }) as Json;
}

/** The JSON Schema of a scenario file. */
export function scenarioJsonSchema(): Json {
  const root = generate(scenarioSchema);
  const card = generate(cardEntrySchema);
  const defs: Json = { ...(root.$defs as Json | undefined), ...(card.$defs as Json | undefined) };
  delete card.$defs;
  delete card.$schema;
  const names = loadLibrary().registry.all().filter((c) => c.unsupported.length === 0).map((c) => c.name).sort();
  defs.card = { description: "a custom card of this file, in the card DSL (docs/card-dsl.md)", ...card };
  defs.cardName = {
    description: 'a card name: a supported card of the built-in library (listed here) or one of this file\'s `cards:`',
    anyOf: [{ enum: names }, { type: 'string' }],
  };
  const out: Json = {
    $schema: root.$schema,
    title: 'ruling scenario',
    description: 'A Magic: the Gathering scenario for ruling: a board, then a timeline of actions, answers and checkpoints (docs/scenario-format.md).',
    ...root,
    $defs: defs,
  };
  (out.properties as Json).cards = { type: 'array', items: { $ref: '#/$defs/card' } };
  return out;
}
