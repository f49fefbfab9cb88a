// Sends one request that registers a program (`run`, `playbook run`) and prints the receipt it
// answers with. A signal after sending leaves the outcome unknown: the program may run, so the
// caller is told to query the receipt, never to resubmit.
import { apiFailure } from '../contract/answerDocument.js';
import { failureOutcome, type CommandOutcome } from './commandOutcome.js';
import { watchSignals } from './interruption.js';
import { answerTimeoutMs, receiptOutcome } from './receiptAnswer.js';
import { outcomeUnknown, type ReceiptRef } from '../contract/answerDocument.js';
import { requestRuntime, type RuntimeAnswer } from './runtimeClient.js';
import { cliVersion } from './packageFiles.js';
import { VERSION_HEADER } from '../contract/api.js';
import type { RuntimeHome } from './runtimeHome.js';

export async function submitForReceipt(home: RuntimeHome, ref: ReceiptRef, path: string, body: unknown, waitS: number): Promise<CommandOutcome> {
  const sent = await send(home, path, body, waitS);
  return typeof sent === 'string'
    ? failureOutcome(outcomeUnknown(ref, `The CLI was stopped by ${sent} after sending the program.`))
    : receiptOutcome(sent, ref, home.socket, true);
}

/** Why a first-try submission reached no runtime that took it: nothing was registered either way. */
export type Unsent = { unsent: 'noRuntime' | 'otherVersion' };

/**
 * Submits straight to the socket, naming this CLI's version (VERSION_HEADER), without asking
 * for the runtime's status first: a warm runtime of the same version (the common case) answers
 * in one round trip. No runtime there, or one of another version, comes back as Unsent, for
 * the caller to start or replace it (runtimeConnection.ts) and submit again.
 */
export async function submitFirstTry(home: RuntimeHome, ref: ReceiptRef, path: string, body: unknown, waitS: number): Promise<CommandOutcome | Unsent> {
  const sent = await send(home, path, body, waitS, { [VERSION_HEADER]: cliVersion() });
  if (typeof sent === 'string') return failureOutcome(outcomeUnknown(ref, `The CLI was stopped by ${sent} after sending the program.`));
  // Never connected: nothing was sent. Whatever the cause, the status probe that follows names it.
  if (sent.kind === 'unreachable') return { unsent: 'noRuntime' };
  if (sent.kind === 'answered' && sent.httpStatus === 409 && apiFailure(sent.httpStatus, sent.body).name === 'VersionMismatch') return { unsent: 'otherVersion' };
  return receiptOutcome(sent, ref, home.socket, true);
}

/** The answer, or the signal that stopped the CLI while it waited for one. */
async function send(home: RuntimeHome, path: string, body: unknown, waitS: number, headers?: Record<string, string>): Promise<RuntimeAnswer | NodeJS.Signals> {
  const signals = watchSignals();
  try {
    const answer = requestRuntime(home.socket, { method: 'POST', path, body, timeoutMs: answerTimeoutMs(waitS), ...(headers ? { headers } : {}) });
    return await Promise.race([answer, signals.signalled]);
  } finally {
    signals.stop();
  }
}
