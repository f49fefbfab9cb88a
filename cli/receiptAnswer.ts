// What `run` and `receipt` print: the receipt itself, with the exit code its status gives,
// or an error that tells the caller how to find the outcome.
import { apiFailure, receiptIn, unreachableFailure } from './apiAnswer.js';
import { jsonOutcome, failureOutcome, type CommandOutcome } from './commandOutcome.js';
import { ExitCode, exitCodeForStatus } from './exitCodes.js';
import type { CliFailure } from './failure.js';
import type { RuntimeAnswer } from './runtimeClient.js';

export interface ReceiptRef { task: string; requestId: string }

/** How long past --wait the CLI waits for the HTTP answer before calling it lost. */
const ANSWER_GRACE_MS = 10_000;

export function answerTimeoutMs(waitS: number): number {
  return waitS * 1000 + ANSWER_GRACE_MS;
}

/** The exact command that reads the receipt. Names are validated, so no quoting is needed. */
export function receiptCommandFor(ref: ReceiptRef): string {
  return `tabwright receipt --task ${ref.task} --request-id ${ref.requestId}`;
}

export function outcomeUnknown(ref: ReceiptRef, what: string): CliFailure {
  return {
    name: 'OutcomeUnknown',
    message: `${what} The program may have been registered and may be running: do not resubmit it under a new request id. `
      + `Query the receipt with \`${receiptCommandFor(ref)}\` (add --wait S to wait for it).`,
    exitCode: ExitCode.Unreachable,
  };
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
      if (answer.httpStatus >= 400) return failureOutcome(explainApiFailure(apiFailure(answer.httpStatus, answer.body), ref, submitted));
      const receipt = receiptIn(answer.body);
      if (receipt === undefined) {
        return failureOutcome(outcomeUnknown(ref, `The runtime answered HTTP ${answer.httpStatus} without a receipt: ${JSON.stringify(answer.body).slice(0, 300)}.`));
      }
      return jsonOutcome(exitCodeForStatus(receipt.status), receipt);
    }
  }
}

/** The runtime's messages say what to do; after submitting, a RuntimeError also leaves the outcome unknown. */
function explainApiFailure(failure: CliFailure, ref: ReceiptRef, submitted: boolean): CliFailure {
  if (submitted && failure.exitCode === ExitCode.Unreachable) {
    return { ...failure, message: `${failure.message} The outcome is unknown: query the receipt with \`${receiptCommandFor(ref)}\`.` };
  }
  return failure;
}
