// `tabwright receipt` (one receipt, optionally waiting for it) and `tabwright receipts` (recent ones).
import type { Command } from '../arguments.js';
import { failureOutcome, type CommandOutcome } from '../commandOutcome.js';
import { ExitCode } from '../../contract/exitCodes.js';
import { watchSignals } from '../interruption.js';
import { answerTimeoutMs, receiptOutcome } from '../receiptAnswer.js';
import { requestRuntime } from '../runtimeClient.js';
import { connectRuntime } from '../runtimeConnection.js';
import type { RuntimeHome } from '../runtimeHome.js';
import { passThrough } from './passThrough.js';

export async function showReceipt(command: Extract<Command, { kind: 'receipt' }>, home: RuntimeHome): Promise<CommandOutcome> {
  const connection = await connectRuntime(home);
  if (!connection.ok) return failureOutcome(connection.failure);
  const signals = watchSignals();
  try {
    const answer = requestRuntime(home.socket, {
      method: 'GET',
      // What `run` prints: the compact view, unless the caller asks for the whole stored receipt.
      path: `/v1/tasks/${encodeURIComponent(command.task)}/receipts/${encodeURIComponent(command.requestId)}?wait=${command.waitS}${command.verbose ? '' : '&view=compact'}`,
      timeoutMs: answerTimeoutMs(command.waitS),
    });
    const settled = await Promise.race([answer, signals.signalled]);
    if (typeof settled === 'string') {
      return failureOutcome({
        name: 'Interrupted',
        message: `The CLI was stopped by ${settled} while waiting for the receipt; the program is unaffected. Query it again with the same command.`,
        exitCode: ExitCode.Unreachable,
      });
    }
    return receiptOutcome(settled, command, home.socket, false);
  } finally {
    signals.stop();
  }
}

export function listReceipts(command: Extract<Command, { kind: 'receipts' }>, home: RuntimeHome): Promise<CommandOutcome> {
  const query = command.limit === undefined ? '' : `?limit=${command.limit}`;
  return passThrough(home, { method: 'GET', path: `/v1/tasks/${encodeURIComponent(command.task)}/receipts${query}` });
}
