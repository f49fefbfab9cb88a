// The exit codes of the contract, and how receipt statuses and API error names map onto them.
import type { ReceiptStatus } from './receipt.js';
import type { ApiErrorName, BrowserServiceErrorName } from './errors.js';

export const ExitCode = {
  /** Receipt `succeeded`, or a command other than run/receipt did what was asked. */
  Succeeded: 0,
  /** Receipt `failed`: the program threw. */
  Failed: 1,
  /** Usage or input error: nothing was submitted. */
  Usage: 2,
  /** Not final within --wait: query the receipt, do not resubmit. */
  NotFinal: 3,
  /** Receipt `interrupted`. */
  Interrupted: 4,
  /** Runtime unreachable, or the connection was lost after submitting. */
  Unreachable: 5,
  /** The request id was already used for a different program in this task. */
  RequestIdConflict: 6,
} as const;

export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];

export function exitCodeForStatus(status: ReceiptStatus): ExitCode {
  switch (status) {
    case 'succeeded': return ExitCode.Succeeded;
    case 'failed': return ExitCode.Failed;
    case 'interrupted': return ExitCode.Interrupted;
    case 'queued':
    case 'running': return ExitCode.NotFinal;
  }
}

const API_ERROR_EXIT_CODES: Record<ApiErrorName, ExitCode> = {
  UsageError: ExitCode.Usage,
  UnknownRequest: ExitCode.Usage,
  UnknownTask: ExitCode.Usage,
  TaskLimitReached: ExitCode.Usage,
  RequestIdConflict: ExitCode.RequestIdConflict,
  VersionMismatch: ExitCode.Unreachable,
  RuntimeError: ExitCode.Unreachable,
  PlaybookRefused: ExitCode.Usage,
  UnknownPlaybook: ExitCode.Usage,
  PlaybookParamsError: ExitCode.Usage,
  TaskIsolationMismatch: ExitCode.Usage,
};

/** An error name the API did not promise (e.g. fastify's own 400s) maps by its HTTP status. */
export function exitCodeForApiError(name: string, httpStatus: number): ExitCode {
  if (Object.hasOwn(API_ERROR_EXIT_CODES, name)) return API_ERROR_EXIT_CODES[name as ApiErrorName];
  return httpStatus >= 400 && httpStatus < 500 ? ExitCode.Usage : ExitCode.Unreachable;
}

/**
 * `runtime start` when the browser service gave no browser: a wrong token is the person's input
 * to fix (exit 2); a full or unreachable service is the runtime's link (exit 5), worth trying
 * again. A program that could not start for one of these is a `failed` receipt (exit 1).
 */
export const BROWSER_SERVICE_EXIT_CODES: Readonly<Record<BrowserServiceErrorName, ExitCode>> = {
  BrowserServiceBusy: ExitCode.Unreachable,
  BrowserServiceRefused: ExitCode.Usage,
  BrowserServiceUnreachable: ExitCode.Unreachable,
};
