// What can make a program's mutationState `possible`, as one small shape every witness
// records: the runtime's CDP evidence (input reaching a page, requests, WebSocket frames,
// uploads, a page it could not watch), the worker (a program's own requests, Playwright actions
// that set a value without input events) and whatever comes next (a WebMCP tool call that
// is not read-only, a person's input during a hand-over). The receipt's `mutations` lists
// their texts in order (causeList.ts).

/** What kind of thing may have changed the world. */
export type MutationKind =
  /** Input reached a page: Input.dispatch* (a click, keys, typed text), a dialog accepted, a form value set. */
  | 'input'
  /** A request other than GET/HEAD/OPTIONS (a page's, or the program's own), a beacon. */
  | 'request'
  /** A WebSocket frame a page sent. */
  | 'websocket'
  /** Files given to a file input. */
  | 'upload'
  /** The program wrote the browser profile's stored data (cookies, storage, permissions). */
  | 'profile'
  /** The runtime could not observe something it needed to (a page it could not watch, a lost event stream). */
  | 'unobserved'
  /** A site's tool (WebMCP) called without a read-only annotation. */
  | 'tool'
  /** Program code ran in a page (page.evaluate and its kin, a read-only site tool): its effects cannot be ruled out (worker/effects/pageCodeCalls.ts). */
  | 'pageCode'
  /** A person's input while the page was handed over to them. */
  | 'handoff';

/**
 * One observed cause. `text` is what the receipt shows: compact, self-explaining, and never a
 * secret (no typed text, no field values): `POST /api/tickets 201`,
 * `click getByRole('button', { name: 'Create ticket' })`.
 */
export interface MutationCause {
  kind: MutationKind;
  text: string;
  /** When it happened (epoch ms); the recorder stamps it when absent. Orders the list. */
  at?: number;
  /** A later cause with the same key replaces this one's text and keeps its place (a request, then its status). */
  key?: string;
}

/**
 * Where a witness records a cause. The task's MutationLog implements it in the main thread
 * (`task.mutations.record(...)`); in the worker, WorkerMutations posts it to the main thread.
 * A cause recorded while no program runs belongs to no receipt and is dropped.
 */
export interface MutationRecorder {
  record(cause: MutationCause): void;
}

/** A JavaScript dialog the program accepted (Page.handleJavaScriptDialog): it answers the site, unlike a keystroke. */
export const ACCEPTED_DIALOG = 'accepted a dialog';

/** Request methods that change nothing on the server (HTTP's safe methods). */
export const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A URL as the list shows it: path and query when it is on the page's own origin, cut in the middle when long. */
export function shortUrl(url: string, documentUrl?: string): string {
  let shown = url;
  try {
    const parsed = new URL(url);
    if (documentUrl && new URL(documentUrl).origin === parsed.origin && parsed.origin !== 'null') shown = `${parsed.pathname}${parsed.search}`;
  } catch {
    // Not a URL we can parse (data:, blob:): shown as it is, cut.
  }
  return shown.length > MAX_URL ? `${shown.slice(0, MAX_URL / 2 - 1)}…${shown.slice(-MAX_URL / 2)}` : shown;
}

const MAX_URL = 120;
