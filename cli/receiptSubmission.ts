// Sends one request that registers a program (`run`, `playbook run`) and prints the receipt it
// answers with. A signal after sending leaves the outcome unknown: the program may run, so the
// caller is told to query the receipt, never to resubmit.
import { failureOutcome, type CommandOutcome } from './commandOutcome.js';
import { watchSignals } from './interruption.js';
import { answerTimeoutMs, outcomeUnknown, receiptOutcome, type ReceiptRef } from './receiptAnswer.js';
import { requestRuntime } from './runtimeClient.js';
import type { RuntimeHome } from './runtimeHome.js';

export async function submitForReceipt(home: RuntimeHome, ref: ReceiptRef, path: string, body: unknown, waitS: number): Promise<CommandOutcome> {
  const signals = watchSignals();
  try {
    const answer = requestRuntime(home.socket, { method: 'POST', path, body, timeoutMs: answerTimeoutMs(waitS) });
    const settled = await Promise.race([answer, signals.signalled]);
    if (typeof settled === 'string') {
      return failureOutcome(outcomeUnknown(ref, `The CLI was stopped by ${settled} after sending the program.`));
    }
    return receiptOutcome(settled, ref, home.socket, true);
  } finally {
    signals.stop();
  }
}
