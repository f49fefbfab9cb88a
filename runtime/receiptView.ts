// What `run` shows the model by default: the fields it acts on, and nothing it already knows
// or cannot use. The stored receipt stays whole (`tabwright receipt`, `run --verbose`); this
// is a view of it, computed where it is answered. Pure: no I/O, no clock.
import type { PageChange, Receipt } from '../contract/receipt.js';
import { normalised } from './requestedNavigations.js';
import { Refusal } from '../contract/errors.js';

export type ReceiptViewMode = 'full' | 'compact';

export const RECEIPT_VIEW_MODES: readonly ReceiptViewMode[] = ['full', 'compact'];

/** What the runtime knows about the run beyond the receipt itself. */
export interface RunFacts {
  /** URLs the program asked for by navigating (page.goto, reload): it knows where it went. */
  requestedUrls?: ReadonlySet<string>;
  /**
   * `mutations` as the compact view lists them (runtime/mutations/shownMutations.ts: a
   * succeeded program's own completed actions left out, repeats folded), kept in memory
   * (recentRunFacts.ts) and with the stored receipt (receiptStore.ts view_facts); a receipt
   * stored before they were kept shows its own list.
   */
  mutations?: readonly string[];
}

/**
 * Left out of the compact view, and why:
 * - task, requestId: the caller just sent them (a hint repeats them where a command needs them);
 * - queuedAt, startedAt, finishedAt, durationMs: timing is for people and benches, not for the next step;
 * - page, pages: the program chose its page and can list tabs (`tabs.list()`); what changed
 *   is in pageChanges;
 * - artifacts already shown in `result`: the file receipt is there once;
 * - error.log: Playwright's whole call log (message, blockedBy, waitingFor and matches say it);
 * - in `mutations`, a succeeded program's own Playwright actions (it awaited each; RunFacts.mutations).
 * Kept: status, outcome, mutationState, mutations, laterMutations, deferredMutations, replayed, waitingFor, result, error,
 * pageChanges, announcements, network, console, artifacts not in the result, handoffs, hints.
 */
export function compactReceipt(receipt: Receipt, facts: RunFacts = {}): Partial<Receipt> {
  const view: Partial<Receipt> = { status: receipt.status };
  if (receipt.outcome) view.outcome = receipt.outcome;
  view.mutationState = receipt.mutationState;
  const mutations = receipt.mutationState === 'possible' ? facts.mutations ?? receipt.mutations : undefined;
  if (mutations?.length) view.mutations = [...mutations];
  if (receipt.laterMutations?.length) view.laterMutations = receipt.laterMutations;
  if (receipt.deferredMutations?.length) view.deferredMutations = receipt.deferredMutations;
  if (receipt.replayed) view.replayed = true;
  if (receipt.waitingFor) view.waitingFor = receipt.waitingFor;
  if ('result' in receipt) view.result = receipt.result;
  if (receipt.error) {
    // The call log repeats Playwright's retries; message and the structured fields say what failed.
    const { log: _log, ...error } = receipt.error;
    view.error = error;
  }
  const changes = (receipt.pageChanges ?? []).filter(change => !askedFor(change, facts));
  if (changes.length) view.pageChanges = changes;
  if (receipt.announcements?.length) view.announcements = receipt.announcements;
  if (receipt.network?.length) view.network = receipt.network;
  if (receipt.console?.length) view.console = receipt.console;
  const shown = JSON.stringify(receipt.result ?? null);
  const artifacts = (receipt.artifacts ?? []).filter(file => !shown.includes(JSON.stringify(file.path)));
  if (artifacts.length) view.artifacts = artifacts;
  // A person worked on a page: the program's next step may depend on what they did.
  if (receipt.handoffs?.length) view.handoffs = receipt.handoffs;
  if (receipt.hints?.length) view.hints = receipt.hints;
  return view;
}

/** A navigation to exactly the URL the program asked for tells it nothing new. */
function askedFor(change: PageChange, facts: RunFacts): boolean {
  return change.type === 'navigated' && !change.deferred && typeof change.to === 'string'
    && facts.requestedUrls?.has(normalised(change.to)) === true;
}

export function viewOf(receipt: Receipt, view: ReceiptViewMode, facts: RunFacts = {}): Partial<Receipt> {
  return view === 'compact' ? compactReceipt(receipt, facts) : receipt;
}

/** A request's `view=`: absent is the whole receipt; anything but a known view is a usage error. */
export function parseReceiptViewMode(value: unknown): ReceiptViewMode {
  if (value === undefined) return 'full';
  if (RECEIPT_VIEW_MODES.includes(value as ReceiptViewMode)) return value as ReceiptViewMode;
  throw new Refusal('UsageError', 'invalid', `Invalid view ${JSON.stringify(value)}: use one of ${RECEIPT_VIEW_MODES.join(', ')}.`);
}
