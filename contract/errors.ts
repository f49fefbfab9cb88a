// The errors the API answers with, said once: their names (the CLI maps each to an exit
// code) and, for the runtime, why a request was refused. Dependency-free: the CLI loads it.

export type ApiErrorName =
  | 'UsageError'          // bad task name, request id, empty or oversized program: exit 2
  | 'UnknownRequest'      // receipt for a request id never registered (or expired): exit 2
  | 'UnknownTask'         // exit 2
  | 'TaskLimitReached'    // a ninth active task: exit 2
  | 'TaskIsolationMismatch' // --isolated for a task that exists without its own context: exit 2
  | 'RequestIdConflict'   // same request id, different program: exit 6
  | 'VersionMismatch'     // the CLI's VERSION_HEADER names another version; nothing registered. The CLI
                          // replaces an idle runtime, or resubmits without the header (exit 5 if it cannot)
  | 'RuntimeError'        // the runtime failed to do what was asked: exit 5
  | 'PlaybookRefused'     // a playbook file failed its checks (front matter, final check): exit 2
  | 'UnknownPlaybook'     // exit 2
  | 'PlaybookParamsError'; // parameters that do not fit the playbook's declaration: exit 2

/** The body of every error answer: `name` says which, the other fields are the error's own. */
export interface ApiErrorBody {
  error: { name: ApiErrorName; message: string; [field: string]: unknown };
}

/**
 * Why the runtime refused a request, in the domain's words (the API turns each into an HTTP
 * status): `invalid` input, a thing `missing`, a `conflict` with what exists, no room (`full`).
 */
export type RefusalKind = 'invalid' | 'missing' | 'conflict' | 'full';

/** A request the runtime refused: nothing was done. A value with a name, a kind and fields. */
export class Refusal extends Error {
  override name = 'Refusal';
  constructor(
    readonly errorName: ApiErrorName,
    readonly kind: RefusalKind,
    message: string,
    readonly fields: Record<string, unknown> = {},
  ) {
    super(message);
  }

  get body(): ApiErrorBody {
    return { error: { name: this.errorName, message: this.message, ...this.fields } };
  }
}

/**
 * The name of a program's error when its task sent input or a navigation to a page a person is
 * working on (a hand-over): the router refuses it with this name at the head of its reason.
 */
export const PAGE_HELD_BY_PERSON = 'PageHeldByPerson';

/**
 * Why a browser service (`runtime start --connect URL` or `--browser-service URL`) gave the
 * runtime no browser. Nothing ran. A program that could not start for it ends `failed` with this
 * name (and its fields) as the receipt's error; a `runtime start` that could not connect exits
 * with the runtime process code below, which the CLI turns into this name (contract/exitCodes.ts
 * says the CLI's exit code for each).
 */
export type BrowserServiceErrorName =
  | 'BrowserServiceBusy'         // HTTP 429: every browser of its pool is in use and its queue is full: retry later
  | 'BrowserServiceRefused'      // HTTP 401/403: the token (or the URL) is not one it accepts
  | 'BrowserServiceUnreachable'; // nothing answered: connection refused, no route, no such host, no WebSocket handshake

/** The runtime process's exit code when it could not start for each (sysexits.h's TEMPFAIL, NOPERM, UNAVAILABLE). */
export const BROWSER_SERVICE_EXIT: Readonly<Record<BrowserServiceErrorName, number>> = {
  BrowserServiceBusy: 75,
  BrowserServiceRefused: 77,
  BrowserServiceUnreachable: 69,
};

/** What a browser service answered when asked for a browser, with the URL shown without its secrets. */
export interface BrowserServiceFields {
  /** The service's address as shown (contract/browserAddress.ts): never its token. */
  service: string;
  /** Its HTTP status instead of a WebSocket upgrade, when it sent one. */
  status?: number;
  /** When to ask again (BrowserServiceBusy): its Retry-After header, else the runtime's suggestion. */
  retryAfterS?: number;
}

export class BrowserServiceError extends Error {
  constructor(readonly errorName: BrowserServiceErrorName, message: string, readonly fields: BrowserServiceFields) {
    super(message);
    this.name = errorName;
  }
}
