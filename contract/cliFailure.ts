// A failure the CLI reports: a name, a message that says what was wrong and what to do, and
// the exit code. It is printed as {"error": {"name", "message", ...details}}.
import type { ExitCode } from './exitCodes.js';

export interface CliFailure {
  name: string;
  message: string;
  exitCode: ExitCode;
  /** Extra fields printed inside "error", e.g. the existing receipt on a request id conflict. */
  details?: Record<string, unknown>;
}

export function errorDocument(failure: CliFailure): { error: Record<string, unknown> } {
  return { error: { name: failure.name, message: failure.message, ...failure.details } };
}
