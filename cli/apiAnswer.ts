// Turns the runtime's answers into what the CLI prints and its exit code.
import type { Receipt, ReceiptStatus } from '../contract/receipt.js';
import { ExitCode, exitCodeForApiError } from './exitCodes.js';
import type { CliFailure } from './failure.js';

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

export function unreachableFailure(socket: string, detail: string, advice: string): CliFailure {
  return {
    name: 'RuntimeUnreachable',
    message: `Cannot reach the runtime at ${socket} (${detail}). ${advice}`,
    exitCode: ExitCode.Unreachable,
  };
}
