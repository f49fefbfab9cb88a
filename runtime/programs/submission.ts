// What a submission is, and the checks that refuse one before anything is registered: names,
// an empty program, its size, and --isolated on a task that already shares the default context.
// Pure; programLife.ts calls them first.
import type { DebugBundle } from './workerProtocol.js';
import { invalidName, MAX_PROGRAM_BYTES } from '../../contract/submissionLimits.js';
import { Refusal } from '../../contract/errors.js';

export interface Submission {
  task: string;
  requestId: string;
  program: string;
  timeoutS: number;
  page?: number;
  isolated?: boolean;
  maxInline?: number;
  debug?: DebugBundle;
}

/** Throws the UsageError a submission's names, emptiness or size earns; nothing was registered. */
export function checkSubmission(submission: Submission): void {
  const problem = invalidName('task name', submission.task) ?? invalidName('request id', submission.requestId);
  if (problem) throw new Refusal('UsageError', 'invalid', problem);
  const program = submission.program;
  if (typeof program !== 'string' || program.trim() === '')
    throw new Refusal('UsageError', 'invalid', 'The program is empty: pass the body of an async function on stdin (a heredoc) or with --file.');
  if (Buffer.byteLength(program) > MAX_PROGRAM_BYTES)
    throw new Refusal('UsageError', 'invalid', `The program is ${Buffer.byteLength(program)} bytes, over the 1 MiB limit: compute in the page or read data from files instead of inlining it.`);
}

/**
 * `isolated` counts when a task is made: one that `endpoint`, `adopt` or an earlier program made
 * shares the browser's default context, and a program asking for isolation must not run there.
 */
export function isolationMismatch(task: string): Refusal {
  return new Refusal('TaskIsolationMismatch', 'conflict',
    `Task "${task}" already exists without its own browser context (an earlier program, \`tabwright endpoint\` or \`tabwright adopt\` made it), so --isolated cannot apply to it; nothing was submitted. `
    + `For an isolated task, use a new task name with --isolated, or close this one first (\`tabwright close --task ${task}\`, which closes its tabs) and submit again with --isolated.`);
}
