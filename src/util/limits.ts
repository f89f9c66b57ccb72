// The bounds a run keeps to, whatever its input: the size of a scenario file, and how many events
// one action and a whole run may make before they stop with an error instead of running on (a loop
// the engine can't see repeating, a number of repetitions beyond any game). Each has a default, an
// environment variable, and a command-line flag (set by the CLI through setLimits).

export interface Limits {
  /** The largest scenario file read, in characters (--max-file-size, RULING_MAX_FILE_SIZE). */
  maxFileSize: number;
  /** Events one action may make (--max-events, RULING_MAX_EVENTS). */
  maxEvents: number;
  /** Events a whole run may make, all actions together (--max-run-events, RULING_MAX_RUN_EVENTS). */
  maxRunEvents: number;
}

/** Each limit's flag and environment variable, for messages. */
export const LIMIT_NAMES: Record<keyof Limits, { flag: string; env: string }> = {
  maxFileSize: { flag: '--max-file-size', env: 'RULING_MAX_FILE_SIZE' },
  maxEvents: { flag: '--max-events', env: 'RULING_MAX_EVENTS' },
  maxRunEvents: { flag: '--max-run-events', env: 'RULING_MAX_RUN_EVENTS' },
};

export const DEFAULT_LIMITS: Limits = { maxFileSize: 5_000_000, maxEvents: 100_000, maxRunEvents: 1_000_000 };

/** A limit's value as written (a flag's or a variable's text): a whole number from 1 up, or undefined. */
export function limitValue(text: string | undefined): number | undefined {
  if (text === undefined || !/^\d+$/.test(text.trim())) return undefined;
  const n = Number(text.trim());
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

function fromEnv(): Limits {
  const out = { ...DEFAULT_LIMITS };
  for (const k of Object.keys(LIMIT_NAMES) as Array<keyof Limits>) {
    const v = limitValue(process.env[LIMIT_NAMES[k].env]);
    if (v !== undefined) out[k] = v;
  }
  return out;
}

let current: Limits = fromEnv();

/** The limits of this run. */
export function limits(): Limits {
  return current;
}

/** Back to the limits of the environment (or the defaults), as at the start of a run of the command line. */
export function resetLimits(): void {
  current = fromEnv();
}

/** Overrides some limits (command-line flags win over the environment). */
export function setLimits(given: Partial<Limits>): void {
  current = { ...current, ...given };
}

/** How to raise a limit, for the end of a message: "--max-events N, or RULING_MAX_EVENTS". */
export function howToRaise(k: keyof Limits, unit = 'N'): string {
  return `${LIMIT_NAMES[k].flag} ${unit}, or ${LIMIT_NAMES[k].env}, raises it`;
}

/** The largest number a card written by hand may hold, either way from zero (a count of cards,
 * counters, damage, life): far past any printed card, short of what would stall a run. */
export const CARD_NUMBER_LIMIT = 10_000;

/** The largest amount an instruction may come to as it is worked out during the game (X times a
 * count, a doubled doubling): past it, the instruction stops the action with an error. */
export const AMOUNT_LIMIT = 1_000_000;

/** The numbers in a tree that are not whole or lie beyond ±limit, with their key paths (keys in
 * `skip` aside). */
export function numbersOutOfBounds(v: unknown, limit: number, skip: ReadonlySet<string> = new Set(), at: PropertyKey[] = []): Array<{ path: PropertyKey[]; value: number }> {
  if (typeof v === 'number') return Number.isInteger(v) && Math.abs(v) <= limit ? [] : [{ path: at, value: v }];
  if (Array.isArray(v)) return v.flatMap((x, i) => numbersOutOfBounds(x, limit, skip, [...at, i]));
  if (v && typeof v === 'object') {
    return Object.entries(v).flatMap(([k, x]) => (skip.has(k) ? [] : numbersOutOfBounds(x, limit, skip, [...at, k])));
  }
  return [];
}
