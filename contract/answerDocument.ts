// What `tabwright run` prints for an answer the runtime gave: the receipt with the exit code its
// status gives, or the error the answer describes. Pure, so the CLI and the runtime compute the
// same document: the runtime renders it for the native client (runtime/api/cliAnswer.ts), which
// prints it as is, and the Node CLI renders it from the same answer (cli/receiptAnswer.ts).
import type { Receipt, ReceiptStatus } from './receipt.js';
import { ExitCode, exitCodeForApiError, exitCodeForStatus } from './exitCodes.js';
import { errorDocument, type CliFailure } from './cliFailure.js';

export interface ReceiptRef { task: string; requestId: string }

/** One document on stdout and the exit code. */
export interface AnswerDocument { exitCode: ExitCode; document: unknown }

const STATUSES: readonly ReceiptStatus[] = ['queued', 'running', 'succeeded', 'failed', 'interrupted'];

/** A receipt, whole or in its compact view (which leaves out task and requestId): a status is what it must have. */
export function isReceipt(value: unknown): value is Pick<Receipt, 'status'> & Partial<Receipt> {
  return typeof value === 'object' && value !== null
    && 'status' in value && STATUSES.includes(value.status as ReceiptStatus);
}

/** The receipt inside an answer body `{receipt, ...}`, if there is one. */
export function receiptIn(body: unknown): (Pick<Receipt, 'status'> & Partial<Receipt>) | undefined {
  if (typeof body !== 'object' || body === null || !('receipt' in body)) return undefined;
  return isReceipt(body.receipt) ? body.receipt : undefined;
}

/**
 * The failure an error answer (HTTP 4xx/5xx) describes. The API answers
 * `{error: {name, message, ...fields}}`; fastify's own errors answer `{error: "Bad Request", message}`.
 */
export function apiFailure(httpStatus: number, body: unknown): CliFailure {
  const fallbackName = httpStatus < 500 ? 'UsageError' : 'RuntimeError';
  if (typeof body === 'object' && body !== null && 'error' in body) {
    const error = body.error;
    if (typeof error === 'object' && error !== null) {
      const { name, message, ...details } = error as Record<string, unknown>;
      const errorName = typeof name === 'string' ? name : fallbackName;
      return {
        name: errorName,
        message: typeof message === 'string' ? message : `The runtime answered HTTP ${httpStatus}.`,
        exitCode: exitCodeForApiError(errorName, httpStatus),
        ...(Object.keys(details).length > 0 ? { details } : {}),
      };
    }
    const message = 'message' in body && typeof body.message === 'string' ? body.message : String(error);
    return { name: fallbackName, message: `The runtime answered HTTP ${httpStatus}: ${message}`, exitCode: exitCodeForApiError(fallbackName, httpStatus) };
  }
  return {
    name: fallbackName,
    message: `The runtime answered HTTP ${httpStatus} without an error description: ${JSON.stringify(body).slice(0, 300)}`,
    exitCode: exitCodeForApiError(fallbackName, httpStatus),
  };
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
 * The document for an answer the runtime gave (any HTTP status). `submitted`: whether the
 * request may have registered a program (run), so a RuntimeError leaves the outcome unknown;
 * for `receipt` it just means "ask again".
 */
export function answeredDocument(httpStatus: number, body: unknown, ref: ReceiptRef, submitted: boolean): AnswerDocument {
  if (httpStatus >= 400) return failureDocument(explainApiFailure(apiFailure(httpStatus, body), ref, submitted));
  const receipt = receiptIn(body);
  if (receipt === undefined) {
    return failureDocument(outcomeUnknown(ref, `The runtime answered HTTP ${httpStatus} without a receipt: ${JSON.stringify(body).slice(0, 300)}.`));
  }
  return { exitCode: exitCodeForStatus(receipt.status), document: receipt };
}

export function failureDocument(failure: CliFailure): AnswerDocument {
  return { exitCode: failure.exitCode, document: errorDocument(failure) };
}

/** The runtime's messages say what to do; after submitting, a RuntimeError also leaves the outcome unknown. */
function explainApiFailure(failure: CliFailure, ref: ReceiptRef, submitted: boolean): CliFailure {
  if (submitted && failure.exitCode === ExitCode.Unreachable) {
    return { ...failure, message: `${failure.message} The outcome is unknown: query the receipt with \`${receiptCommandFor(ref)}\`.` };
  }
  return failure;
}
