// User errors in a scenario: each has the file, line and column, the key path, what was expected,
// and a suggestion where one can be made. They are values, rendered once by the CLI.

import { formatPath, locate, type Position } from '../util/yamlpos.js';

export { formatPath, locate, type Position };

export interface ScenarioError {
  file: string;
  pos: Position;
  path: string;
  message: string;
  /** For a question the file doesn't answer: the question itself, for machine-read output. */
  question?: UnansweredQuestion;
}

/** A question without an answer, as data: what the message says in words. */
export interface UnansweredQuestion {
  kind: string;
  player: string;
  rule: string;
  prompt: string;
  /** The labels of the options, when the question lists them. */
  options: string[];
  /** The YAML to add to the action's answers. */
  yaml: string;
}

export class ScenarioErrors extends Error {
  public readonly errors: ScenarioError[];
  constructor(errors: ScenarioError[]) {
    // in file order
    const sorted = [...errors].sort((a, b) => a.pos.line - b.pos.line || a.pos.col - b.pos.col);
    super(sorted.map(formatError).join('\n'));
    this.errors = sorted;
  }
}

export function formatError(e: ScenarioError): string {
  return `${e.file}:${e.pos.line}:${e.pos.col}: ${e.path ? `${e.path}: ` : ''}${e.message}`;
}

