// A question the file doesn't answer stops the run with an error that carries the question as data
// (kind, player, rule, options, the YAML to add), besides the message in words.

import { describe, expect, it } from 'vitest';
import { run, yaml } from './helpers.js';

describe('an unanswered question', () => {
  it('is an error with the question as data', async () => {
    const r = await run(yaml`
      scenario: no target given
      players:
        Alice:
          pool: "{R}"
          hand: [Lightning Bolt]
        Bob:
          battlefield:
            - { card: Grizzly Bears, id: bears }
      actions:
        - cast: Lightning Bolt
    `);
    expect(r.error?.message).toContain('kind `targets`, rule 601.2c');
    expect(r.error?.question).toEqual({
      kind: 'targets', player: 'Alice', rule: '601.2c', prompt: expect.stringContaining('Lightning Bolt') as unknown as string,
      options: expect.arrayContaining(['Alice', 'Bob']) as unknown as string[], yaml: 'answers:\n  - { targets: [Alice] }',
    });
    expect(r.error?.question?.options.some((o) => o.includes('Grizzly Bears'))).toBe(true);
  });
});
