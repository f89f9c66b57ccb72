// User errors in a scenario: each has the file, line and column, the key path, what was expected,
// and a suggestion where one can be made. They are values, rendered once by the CLI.

import { formatPath, locate, type Position } from '../util/yamlpos.js';

export { formatPath, locate, type Position };

export interface ScenarioError {
  file: string;
  pos: Position;
  path: string;
  message: string;
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

