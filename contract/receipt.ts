// The receipt: what every submission gets back. The contract (README "Receipt") is the
// source of truth; this file is its type, shared by the runtime and the CLI (types and one
// pure function: nothing heavy for the CLI to load).

export type ReceiptStatus = 'queued' | 'running' | 'succeeded' | 'failed' | 'interrupted';
export const FINAL_STATUSES: readonly ReceiptStatus[] = ['succeeded', 'failed', 'interrupted'];

export type MutationState = 'none' | 'possible';

/**
 * Why an `interrupted` program stopped (its error.reason): its task was released or closed,
 * the runtime stopped, the browser went away, it ran past its timeout, or its worker ended.
 */
export type InterruptionReason = 'released' | 'closed' | 'runtimeStopped' | 'browserLost' | 'timeout' | 'workerEnded';

export interface ReceiptError {
  name: string;
  /** The first line, and what the other fields do not already say. */
  message: string;
  /** Playwright's whole text with its call log, cut in the middle; left out of the compact view. */
  log?: string;
  /** The Playwright call that failed, e.g. `locator.click`. */
  call?: string;
  /** What Playwright last reported as intercepting pointer events. */
  blockedBy?: string;
  /** For strict-mode violations: each element the locator matched (Playwright lists up to 10). */
  matches?: StrictMatch[];
  /** For strict-mode violations: how many elements the locator matched. */
  matchCount?: number;
  /** For timeouts: the limit, and what was being waited for when it ran out. */
  timeoutMs?: number;
  waitingFor?: string;
  /** For failed expect assertions. */
  expected?: string;
  received?: string;
  /** For a failure the page's state explains (a locator, a wait, an expect): observe() of the page the program left, capped. */
  view?: string;
  /** Source position (program line and column) where the error was thrown. */
  line?: number;
  column?: number;
  /** Fields the program put on its own error object (strings, numbers, booleans). */
  [field: string]: unknown;
}

/** One element a strict-mode violation matched, and a locator that picks exactly it. */
export interface StrictMatch {
  role?: string;
  /** Accessible name (from a getByRole locator) or the element's text. */
  name?: string;
  /** The element as Playwright previews it, e.g. `<button class="primary">Save</button>`. */
  element: string;
  /** Relative to the page (or frame) the failing locator searched, e.g. `getByRole('button', { name: 'Save' }).nth(1)`. */
  locator: string;
}

export interface PageSummary { id: number; url: string; title: string }

/**
 * What happened to a page of the task while the program ran:
 * - navigated {from, to, redirectedFrom?: ['URL (status)', ...] the hops before `to`}; popup {opener, url}; closed;
 * - dialog {dialog: alert|confirm|prompt|beforeunload, message, handled: dismissed|accepted|open, by: tabwright|program|person}
 *   (`person`: a person worked on the page, a hand-over, and answered it in the live view);
 * - download {url, suggestedFilename, path, bytes | saving | failure}; from a remote browser
 *   {url, suggestedFilename, onBrowserHost: true, saving? | failure?} (no local file);
 * - released {url, reason}: the task lost the tab (a refused URL).
 * `deferred: true` when it happened after the previous receipt was final, before this program.
 */
export interface PageChange {
  type: 'navigated' | 'popup' | 'closed' | 'dialog' | 'download' | 'released';
  page: number;
  deferred?: boolean;
  [field: string]: unknown;
}

/**
 * Text a page announced while the program ran (a `role=status`/`alert` or `aria-live` region,
 * an `<output>`, a toast): what it said, on which page, and when it appeared and went, in ms
 * from the program's start. A toast gone in 2 s is here even when no program looked in time.
 * `gone` absent: still shown when the receipt was written. `deferred`: it appeared after the
 * previous receipt was final (then `at` is negative: before this program started). `times`:
 * the same text appeared again on the same page that many times (the last one's `gone`).
 * `replaced`, in the compact view only: this text stands for that many entries of the full
 * receipt that its own region said before it, each replaced by the next text there.
 */
export interface Announcement {
  page: number;
  text: string;
  at: number;
  gone?: number;
  times?: number;
  deferred?: true;
  replaced?: number;
}

export interface NetworkEntry {
  page: number;
  method: string;
  url: string;
  /** Resource type as Chrome names it, lower case: document, fetch, xhr, script, ... */
  type?: string;
  status?: number;
  failure?: string;
  pending?: boolean;
  deferred?: boolean;
  /** The request id of the program that was running when the request started. */
  since?: string;
}

/**
 * A call of a tool the page registered (WebMCP, `webmcp.call`). What the tool returned is the
 * page's word, untrusted. A call not annotated read-only may have changed something.
 * `unfinished`: the program stopped while the call ran.
 */
export interface SiteToolCall {
  page?: number;
  tool: string;
  readOnly: boolean;
  outcome: 'returned' | 'failed' | 'unfinished';
}

export interface ConsoleEntry { type: string; text: string; page?: number }

export interface FileReceipt { path: string; bytes: number; mime: string; width?: number; height?: number }

/** How a hand-over to a person ended: Done, `until` held, "Cannot do this", its cap passed, its page closed, or the program stopped. */
export type HandoffEnd = 'done' | 'until' | 'declined' | 'timedOut' | 'pageClosed' | 'interrupted';

/**
 * The playbook draft a recording hand-over wrote (`handoff({ record })`): saved as a new version
 * of `name`, its parameters as `playbook list` shows them, and its status then (`untried` until a
 * run passes its final check).
 */
export interface RecordedPlaybook {
  name: string;
  version: number;
  status: 'untried' | 'verified' | 'failing';
  params: string;
}

/**
 * One `handoff()` of the program: a person was asked to work on one of the task's pages in the
 * live view. Open (no `ended`) while the person works; what they typed, pasted or saw is never
 * kept, which `inputKept: false` says in the receipt itself. A recording hand-over (`record`)
 * keeps what they typed, chose or uploaded only as the examples of its draft's parameters, and
 * never a password or one-time code (`inputKept: 'playbookExamples'`).
 */
export interface HandoffRecord {
  reason: string;
  page: number;
  /** When the person was asked. */
  since: string;
  ended?: HandoffEnd;
  /** How long the person had the page. */
  personMs?: number;
  /** The person's note (with "Cannot do this", or with Done). */
  note?: string;
  /** The playbook name a recording hand-over drafts. */
  record?: string;
  /** The draft the person saved with Done. */
  playbook?: RecordedPlaybook;
  inputKept: false | 'playbookExamples';
}

export interface DeferredMutation {
  /** The request id of the program whose receipt it followed. */
  since: string;
  /** As `mutations` words it: `POST /api/save 200`. */
  text: string;
}

export interface Receipt {
  task: string;
  requestId: string;
  status: ReceiptStatus;
  outcome?: 'OUTCOME_UNKNOWN';
  mutationState: MutationState;
  /**
   * What made `mutationState` possible, as observed, in order and capped (docs/receipt.md,
   * "Mutations"): `click getByRole('button', { name: 'Create ticket' })`, `POST /api/tickets 201`,
   * `POST /api/order (in flight)`. Absent when none.
   */
  mutations?: string[];
  /**
   * Requests and WebSocket frames other than GET/HEAD/OPTIONS the task's pages sent after this
   * receipt was final (a debounced Save, a page's own timer), added as they come; mutationState
   * is then `possible`. Absent when none.
   */
  laterMutations?: string[];
  /** What the task's pages sent after an earlier receipt (`since`) was final, told once, in the task's next receipt: not this program's doing. */
  deferredMutations?: DeferredMutation[];
  /** Set on an answer to a resubmission: this receipt is the stored one, the program did not run again. Never stored. */
  replayed?: true;
  durationMs?: number;
  queuedAt: string;
  startedAt?: string;
  finishedAt?: string;
  result?: unknown;
  error?: ReceiptError;
  page?: number;
  pages?: PageSummary[];
  pageChanges?: PageChange[];
  /** What the task's pages announced while the program ran (status and alert text, toasts), in order. */
  announcements?: Announcement[];
  network?: NetworkEntry[];
  console?: ConsoleEntry[];
  artifacts?: FileReceipt[];
  siteToolCalls?: SiteToolCall[];
  hints?: string[];
  /** Set while the program waits in `handoff()` for a person; gone once it goes on. */
  waitingFor?: 'person';
  /** The program's hand-overs to a person, in order; the last one is open while `waitingFor` is set. */
  handoffs?: HandoffRecord[];
}

export function isFinal(status: ReceiptStatus): boolean {
  return FINAL_STATUSES.includes(status);
}
