// The runtime's HTTP API as types (runtime/API.md says it in prose): what each route takes
// and answers. The runtime's routes and the CLI's requests are written against these.
import type { ConsoleEntry, PageSummary, Receipt, ReceiptStatus } from './receipt.js';

/**
 * The request header a CLI sends its own version in when it submits a program without asking
 * GET /v1/status first: a runtime of another version refuses (VersionMismatch) before it
 * registers anything, so the CLI can replace an idle runtime and submit again.
 */
export const VERSION_HEADER = 'tabwright-version';

/**
 * POST /v1/tasks/:task/programs/as-cli takes what POST .../programs takes and answers with what
 * `tabwright run` would print for that answer (one JSON document and a newline, HTTP 200), the
 * exit code in this header: a client that parses no JSON (client/tabwright.c) prints it as is.
 * Only a VersionMismatch keeps its own answer (409, nothing registered), for the Node CLI to
 * replace the runtime. A runtime older than the route answers 404 and registers nothing.
 */
export const CLI_EXIT_HEADER = 'tabwright-exit';
export const CLI_ANSWER_PATH_SUFFIX = '/programs/as-cli';

/** POST /v1/tasks/:task/programs?wait=S: defined once, as a schema (requestSchemas.ts). */
export type { ProgramRequest, AdoptRequest } from './requestSchemas.js';
/** `receipt` is whole, or its compact view with `view=compact` (runtime/receipts/receiptView.ts). */
export interface ProgramReply { receipt: Receipt | Partial<Receipt>; created: boolean }

/** GET /v1/tasks/:task/receipts/:requestId?wait=S, whole or with `view=compact` as above. */
export interface ReceiptReply { receipt: Receipt | Partial<Receipt> }
/**
 * GET /v1/tasks/:task/receipts/:requestId/progress?wait=S: newline-delimited JSON, one of
 * these per line, while the program runs (news only: the receipt is the record).
 */
export type ProgressLine =
  | { status: ReceiptStatus }
  | { console: ConsoleEntry }
  /** The program waits in `handoff()`: a person is being asked to do `reason` on `page`. */
  | { waitingFor: 'person'; reason: string; page: number };

/** GET /v1/tasks/:task/receipts?limit=N */
export interface ReceiptsReply { receipts: Receipt[] }

export interface TaskSummary {
  name: string;
  state: 'active' | 'idle';
  isolated: boolean;
  pages: PageSummary[];
  selectedPage?: number;
  running: string | null;
  queued: number;
  idleMs: number;
  /** Set while the running program waits in `handoff()` for a person. */
  waitingFor?: 'person';
  handoff?: WaitingHandoff;
}

/** A hand-over waiting for a person: which program asked, why, on which page, since when; `record`: the playbook a recording drafts. */
export interface WaitingHandoff { requestId: string; reason: string; page: number; since: string; record?: string }
/** GET /v1/tasks */
export interface TasksReply { tasks: TaskSummary[] }

export interface ShownPage extends PageSummary { task: string | null; opener?: number }
/** GET /v1/pages?task=T|all=1 */
export interface PagesReply { pages: ShownPage[] }
export interface AdoptReply { task: string; page: ShownPage }
/** POST /v1/tasks/:task/release, /close; GET /endpoint */
export interface ReleaseReply { task: string; released: number[] }
export interface CloseReply { task: string; closed: number[] }
export interface EndpointReply { task: string; endpoint: string }

/** GET /v1/status */
export interface StatusReply {
  version: string;
  pid: number;
  startedAt: string;
  home: string;
  /**
   * What the runtime drives: a launched browser's executable and pid; a connected browser's or a
   * browser service's address, shown without its secrets (contract/browserAddress.ts). With
   * --browser-service, `sessions` is how many browsers the runtime holds from it now (one per
   * task with a worker or an open endpoint).
   */
  browser: { path: string; version: string; pid?: number; sessions?: number } | null;
  activeTasks: number;
  maxTasks: number;
  /** What the person starting the runtime decided (`runtime start` flags, kept in start.json). */
  policy: RuntimePolicy;
}

/** What `runtime start`'s flags decided (contract/startSettings.ts), as the running runtime applies it. */
export interface RuntimePolicy {
  /** --connect URL without its secrets (`auto` for --auto-connect); absent when the runtime launches its browser. */
  connect?: string;
  /** --browser-service URL without its secrets: a browser from it per task. */
  browserService?: string;
  allowAdopt: boolean;
  allowFileUrls: boolean;
  browserArgs: string[];
  blockOrigins: string[];
  allowOrigins: string[];
}
