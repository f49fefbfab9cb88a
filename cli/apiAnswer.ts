// Turns the runtime's answers into what the CLI prints and its exit code. What an answer
// means is the contract's (contract/answerDocument.ts), shared with the runtime.
import { ExitCode } from '../contract/exitCodes.js';
import type { CliFailure } from '../contract/cliFailure.js';


export function unreachableFailure(socket: string, detail: string, advice: string): CliFailure {
  return {
    name: 'RuntimeUnreachable',
    message: `Cannot reach the runtime at ${socket} (${detail}). ${advice}`,
    exitCode: ExitCode.Unreachable,
  };
}
