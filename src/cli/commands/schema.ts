// `ruling schema`: prints the JSON Schema of the scenario format (schema/scenario.schema.json is the
// same text, committed and published with the package).

import { scenarioJsonSchema } from '../../scenario/jsonSchema.js';
import type { Out } from '../io.js';

/** The schema as it is written to schema/scenario.schema.json. */
export function schemaText(): string {
  return JSON.stringify(scenarioJsonSchema(), null, 2);
}

export function schemaCommand(out: Out): number {
  out.log(schemaText());
  return 0;
}
