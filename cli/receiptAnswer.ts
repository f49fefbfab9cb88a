// What `run` and `receipt` print: the receipt itself, with the exit code its status gives,
// or an error that tells the caller how to find the outcome. An answer the runtime gave means
// what the contract says (contract/answerDocument.ts); here are the CLI's own outcomes, a
// runtime never reached or a connection lost.
import { unreachableFailure } from './apiAnswer.js';
import { failureOutcome, jsonOutcome, type CommandOutcome } from './commandOutcome.js';
import { answeredDocument, outcomeUnknown, receiptCommandFor, type ReceiptRef } from '../contract/answerDocument.js';
import type { RuntimeAnswer } from './runtimeClient.js';

/** How long past --wait the CLI waits for the HTTP answer before calling it lost. */
const ANSWER_GRACE_MS = 10_000;

export function answerTimeoutMs(waitS: number): number {
  return waitS * 1000 + ANSWER_GRACE_MS;
}

/**
 * `submitted`: whether sending the request may have registered a program (run), so a lost
 * answer leaves the outcome unknown; for `receipt` a lost answer just means "ask again".
 */
export function receiptOutcome(answer: RuntimeAnswer, ref: ReceiptRef, socket: string, submitted: boolean): CommandOutcome {
  switch (answer.kind) {
    case 'unreachable':
      return failureOutcome(unreachableFailure(socket, `${answer.code}: ${answer.message}`, submitted
        ? 'Nothing was submitted; running the same command again is safe.'
        : `Retry \`${receiptCommandFor(ref)}\` once the runtime is up (\`tabwright runtime status\`).`));
    case 'lost':
      return failureOutcome(submitted
        ? outcomeUnknown(ref, `The connection to the runtime was lost after the program was sent: ${answer.message}.`)
        : outcomeUnknown(ref, `The connection to the runtime was lost while reading the receipt: ${answer.message}.`));
    case 'answered': {
      const { exitCode, document } = answeredDocument(answer.httpStatus, answer.body, ref, submitted);
      return jsonOutcome(exitCode, document);
    }
  }
}
