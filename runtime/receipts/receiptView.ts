// What `run` shows the model by default: the fields it acts on, and nothing it already knows
// or cannot use. The stored receipt stays whole (`tabwright receipt`, `run --verbose`); this
// is a view of it, computed where it is answered. Pure: no I/O, no clock.
import type { Announcement, PageChange, Receipt } from '../../contract/receipt.js';
import { moveKey, normalised } from './requestedNavigations.js';
import { Refusal } from '../../contract/errors.js';

export type ReceiptViewMode = 'full' | 'compact';

export const RECEIPT_VIEW_MODES: readonly ReceiptViewMode[] = ['full', 'compact'];

/** What the runtime knows about the run beyond the receipt itself. */
export interface RunFacts {
  /** URLs the program asked for by navigating (page.goto): it knows where it went. */
  requestedUrls?: ReadonlySet<string>;
  /** Each reload and step in history (page.reload, goBack, goForward) it asked for: the page, from and to (requestedNavigations.ts moveKey). */
  movedTo?: readonly string[];
  /** Tabs the program closed itself (page.close()). */
  closedPages?: ReadonlySet<number>;
  /**
   * `mutations` as the compact view lists them (runtime/mutations/shownMutations.ts: a
   * succeeded program's own completed actions left out, repeats folded), kept in memory
   * (recentRunFacts.ts) and with the stored receipt (receiptStore.ts view_facts); a receipt
   * stored before they were kept shows its own list.
   */
  mutations?: readonly string[];
  /**
   * `announcements` as the compact view lists them when a region's step-by-step texts were
   * folded into the one that stands (announcementLog.ts foldedReplacements), kept as `mutations` is.
   */
  announcements?: readonly Announcement[];
}

/**
 * Left out of the compact view, and why:
 * - task, requestId: the caller just sent them (a hint repeats them where a command needs them);
 * - queuedAt, startedAt, finishedAt, durationMs: timing is for people and benches, not for the next step;
 * - page, pages: the program chose its page and can list tabs (`tabs.list()`); what changed
 *   is in pageChanges, but for what the program asked for itself (a goto's URL, a reload, a
 *   step in history, a tab it closed): a navigation that failed stays;
 * - artifacts already shown in `result`: the file receipt is there once;
 * - error.log: Playwright's whole call log (message, blockedBy, waitingFor and matches say it);
 * - in `mutations`, a succeeded program's own Playwright actions (it awaited each; RunFacts.mutations);
 * - in `announcements`, the texts a region said before the one that replaced them (RunFacts.announcements).
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
  const asked = askedFor(facts);
  const changes = (receipt.pageChanges ?? []).filter(change => !asked(change));
  if (changes.length) view.pageChanges = changes;
  const said = receipt.announcements?.length ? facts.announcements ?? receipt.announcements : undefined;
  if (said?.length) view.announcements = [...said];
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

/**
 * What the program itself asked for tells it nothing new: a navigation to exactly the URL its
 * goto named, where each of its reloads and steps in history took a page (once each), a tab it
 * closed. A navigation that failed stays: that is news.
 */
function askedFor(facts: RunFacts): (change: PageChange) => boolean {
  const moves = new Map<string, number>();
  for (const key of facts.movedTo ?? []) moves.set(key, (moves.get(key) ?? 0) + 1);
  const tookMove = (key: string) => {
    const left = moves.get(key) ?? 0;
    if (left) moves.set(key, left - 1);
    return left > 0;
  };
  return change => {
    if (change.deferred) return false;
    if (change.type === 'closed') return facts.closedPages?.has(change.page) === true;
    if (change.type !== 'navigated' || change.failed !== undefined || typeof change.to !== 'string') return false;
    if (facts.requestedUrls?.has(normalised(change.to))) return true;
    return tookMove(moveKey(change.page, typeof change.from === 'string' ? change.from : undefined, change.to)) || tookMove(moveKey(change.page, undefined, change.to));
  };
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
