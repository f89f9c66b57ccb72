// Errors of a REPL session the user can fix: printed on one line, and the session goes on.

export class SessionError extends Error {}

/** A cancelled prompt (Ctrl-C in a question): the action is dropped, the game as it was. */
export function isCancel(e: unknown): boolean {
  return e instanceof Error && /^(ExitPromptError|AbortPromptError|CancelPromptError|Cancelled)$/.test(e.name);
}
