// What the command line needs before it knows which command runs: the output streams, the names
// its options accept, and the card settings of the run. Kept free of the engine, so `ruling
// --version` and `ruling --help` load nothing else; each command's module is imported when it runs.

export interface Out {
  log(line: string): void;
  err(line: string): void;
}

export const stdio: Out = {
  log: (l) => process.stdout.write(`${l}\n`),
  err: (l) => process.stderr.write(`${l}\n`),
};

export const REPORTERS = ['default', 'json', 'junit', 'github'] as const;
export type ReporterName = (typeof REPORTERS)[number];

export const SHELLS = ['bash', 'zsh', 'fish'] as const;

export interface CardSettings {
  /** The `--cards` files (RULING_CARDS adds more when the catalog opens). */
  files: string[];
  /** `--oracle-only`: every card compiled from its text. */
  oracleOnly: boolean;
}

let settings: CardSettings = { files: [], oracleOnly: false };

/** The `--cards` files of this run, and `--oracle-only`. */
export function useCards(files: string[] | undefined, fromTextOnly = false): void {
  settings = { files: files ?? [], oracleOnly: fromTextOnly };
}

/** The card settings of this run (a new object whenever they change), for a worker thread to use the same cards. */
export function cardSettings(): CardSettings {
  return settings;
}
