// `tabwright run`: submit a program with one POST and print its receipt.
import type { ProgramRequest } from '../../contract/api.js';
import type { Command } from '../arguments.js';
import { failureOutcome, type CommandOutcome } from '../commandOutcome.js';
import { readProgram } from '../programSource.js';
import { submitFirstTry, submitForReceipt } from '../receiptSubmission.js';
import { connectRuntime } from '../runtimeConnection.js';
import type { RuntimeHome } from '../runtimeHome.js';

type RunCommand = Extract<Command, { kind: 'run' }>;

export async function runProgram(command: RunCommand, home: RuntimeHome): Promise<CommandOutcome> {
  const read = await readProgram(command.file);
  if (!read.ok) return failureOutcome(read.failure);

  const body: ProgramRequest = {
    requestId: command.requestId,
    program: read.program,
    timeoutS: command.timeoutS,
    ...(command.page === undefined ? {} : { page: command.page }),
    ...(command.isolated ? { isolated: true } : {}),
    ...(command.maxInline === undefined ? {} : { maxInline: command.maxInline }),
    ...(command.trace ? { trace: true } : {}),
    ...(command.har ? { har: true } : {}),
    ...(command.keepSecrets ? { keepSecrets: true } : {}),
    ...(command.close ? { close: true } : {}),
  };
  // The model reads what comes back: the compact view unless the caller asks for all of it.
  const view = command.verbose ? '' : '&view=compact';
  const path = `/v1/tasks/${encodeURIComponent(command.task)}/programs?wait=${command.waitS}${view}`;
  // Most runs find their runtime warm and of their version: one round trip, no status probe first.
  const first = await submitFirstTry(home, command, path, body, command.waitS);
  if (!('unsent' in first)) return first;
  // None there, or another version: start it, replace an idle one, or keep a busy one (with a warning).
  const connection = await connectRuntime(home);
  if (!connection.ok) return failureOutcome(connection.failure);
  return submitForReceipt(home, command, path, body, command.waitS);
}
