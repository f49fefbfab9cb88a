// What a command hands back to main: one JSON document (or, for help and the skill, text)
// and the exit code.
import type { ExitCode } from '../contract/exitCodes.js';
import { errorDocument, type CliFailure } from '../contract/cliFailure.js';

export type CommandOutcome =
  | { kind: 'json'; exitCode: ExitCode; document: unknown }
  | { kind: 'text'; exitCode: ExitCode; text: string };

export function jsonOutcome(exitCode: ExitCode, document: unknown): CommandOutcome {
  return { kind: 'json', exitCode, document };
}

export function failureOutcome(failure: CliFailure): CommandOutcome {
  return { kind: 'json', exitCode: failure.exitCode, document: errorDocument(failure) };
}
