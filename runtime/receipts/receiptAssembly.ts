// How a receipt is assembled from what a run observed: the worker's outcome or the reason it
// was interrupted, the task's mutation state, its network journal and its pages. Pure: the
// program's life (programs/programLife.ts) decides when, this module decides what the receipt says.
import type { InterruptionReason, PageSummary, Receipt } from '../../contract/receipt.js';
import { isFinal } from '../../contract/receipt.js';
import type { ProgramOutcome } from '../programs/workerProtocol.js';
import type { Announcement, NetworkEntry, ConsoleEntry, PageChange, DeferredMutation } from '../../contract/receipt.js';

/** The fields a worker's reported outcome gives the receipt. */
export function outcomeFields(outcome: ProgramOutcome): Partial<Receipt> {
  return {
    status: outcome.ok ? 'succeeded' : 'failed',
    ...(outcome.ok ? { result: outcome.result } : { error: outcome.error }),
    ...(outcome.pageChanges?.length ? { pageChanges: outcome.pageChanges } : {}),
    ...(outcome.console.length ? { console: outcome.console } : {}),
    ...(outcome.artifacts.length ? { artifacts: outcome.artifacts } : {}),
    hints: outcome.hints,
  };
}

/** An interrupted program's hint while nothing could have changed (addLaterMutations takes it back). */
export const NOTHING_CHANGED_HINT = 'Nothing was changed (mutationState none): it is safe to submit again with a new request id.';

/** The fields of a program stopped before it reported (timeout, worker ended, runtime stop). */
export function interruptedFields(why: string, reason: InterruptionReason, possible: boolean, progress: { console: ConsoleEntry[]; pageChanges?: PageChange[] }, name = 'Interrupted'): Partial<Receipt> {
  return {
    status: 'interrupted',
    ...(possible ? { outcome: 'OUTCOME_UNKNOWN' as const } : {}),
    ...(progress.console.length ? { console: progress.console } : {}),
    ...(progress.pageChanges?.length ? { pageChanges: progress.pageChanges } : {}),
    error: { name, message: why, reason },
    hints: possible
      ? ['The program may have changed something before it stopped: check the application state before resubmitting, and never resubmit the same request id.']
      : [NOTHING_CHANGED_HINT],
  };
}

/** Stamps the end: the fields, when it finished, how long it ran. */
export function stampFinished(receipt: Receipt, fields: Partial<Receipt>, finishedAt: Date): void {
  Object.assign(receipt, fields);
  // A final receipt waits for nobody (a hand-over ends with its run).
  delete receipt.waitingFor;
  receipt.finishedAt = finishedAt.toISOString();
  receipt.durationMs = receipt.startedAt ? finishedAt.getTime() - Date.parse(receipt.startedAt) : 0;
}

/** The task's network diagnostics for this receipt, and the hints they call for. */
export function addNetwork(receipt: Receipt, journal: { entries: NetworkEntry[]; dropped: number }): void {
  const { entries, dropped } = journal;
  if (!entries.length) return;
  receipt.network = entries;
  const hints = (receipt.hints ??= []);
  const pending = entries.filter(e => e.pending && !e.deferred);
  if (pending.length)
    hints.push(`${pending.length === 1 ? `${pending[0].method} ${pending[0].url} was` : `${pending.length} requests (${pending[0].method} ${pending[0].url}, ...) were`} still in flight when the program ended: a failure shows in this task's next receipt; confirm the outcome in the application (expect the confirmation) before repeating the action.`);
  if (entries.some(e => e.deferred && !e.pending))
    hints.push('network entries marked deferred failed after the receipt of the program in `since` was final: that program\'s action may not have taken effect.');
  if (dropped) hints.push(`${dropped} more network entries were left out (limit ${entries.length}).`);
}

/** What the task's pages announced while the program ran, and how many more there were. */
export function addAnnouncements(receipt: Receipt, log: { entries: Announcement[]; dropped: number }): void {
  if (!log.entries.length) return;
  receipt.announcements = log.entries;
  if (log.dropped) (receipt.hints ??= []).push(`${log.dropped} more announcements were left out of announcements (the first and last ${log.entries.length} are kept).`);
}

/** What made mutationState possible, when anything did. */
export function addMutations(receipt: Receipt, texts: string[]): void {
  if (texts.length) receipt.mutations = texts;
  else delete receipt.mutations;
}

/** What the task's pages sent after earlier receipts were final: told in this one, once, and why it is not this program's. */
export function addDeferredMutations(receipt: Receipt, deferred: DeferredMutation[]): void {
  if (!deferred.length) return;
  receipt.deferredMutations = deferred;
  const since = [...new Set(deferred.map(d => d.since))].join(', ');
  (receipt.hints ??= []).push(`deferredMutations: the task's pages sent these after the receipt of ${since} was written; they are not this program's doing (that receipt lists them as laterMutations). Check the application state before running that program again.`);
}

export const LATER_MUTATIONS_HINT = 'laterMutations: the task\'s pages sent these after this receipt was written (page code or a click may have started them), so mutationState is possible: check the application state before running this program again.';

/**
 * A final receipt hears what the task's pages sent after it (mutationLog.ts): listed, and
 * `possible` from then on; an interrupted one is no longer called safe to submit again.
 */
export function addLaterMutations(receipt: Receipt, texts: string[]): void {
  receipt.laterMutations = texts;
  receipt.mutationState = 'possible';
  const hints = (receipt.hints ?? []).filter(hint => hint !== NOTHING_CHANGED_HINT);
  if (receipt.status === 'interrupted') receipt.outcome = 'OUTCOME_UNKNOWN';
  if (!hints.includes(LATER_MUTATIONS_HINT)) hints.push(LATER_MUTATIONS_HINT);
  receipt.hints = hints;
}

/** What amends `receipt` with what followed it (MutationLog.onLater), then saves it. */
export function laterMutationsOnto(receipt: Receipt, save: (receipt: Receipt) => void): (since: string, texts: string[]) => void {
  return (since, texts) => {
    if (since !== receipt.requestId) return;
    addLaterMutations(receipt, texts);
    save(receipt);
  };
}

/** Part of the program's browser traffic went unobserved: `possible` is the runtime not vouching for `none`. */
export function addObservationGapHint(receipt: Receipt): void {
  (receipt.hints ??= []).push('Part of what this program did in the browser could not be observed (see mutations), so mutationState is possible: the runtime cannot vouch that nothing changed. Check the application state before running it again.');
}

/** A failed program that may have changed something says so, and what it was. */
export function addMutationHint(receipt: Receipt): void {
  if (receipt.status === 'failed' && receipt.mutationState === 'possible')
    (receipt.hints ??= []).push('The program failed after it may have changed something (see mutations): check the application state before running it again.');
}

/** The task's pages as the receipt lists them, and the selected one. */
export function addPages(receipt: Receipt, pages: PageSummary[], selectedPage: number | undefined): void {
  if (selectedPage !== undefined) receipt.page = selectedPage;
  if (pages.length) receipt.pages = pages.map(p => ({ id: p.id, url: p.url, title: p.title }));
}

/** The program call a running program is in now (task.ts callInFlight): the oldest still in flight. */
export interface CallInFlight { call: string; line?: number; forMs: number; timeoutS: number }

/** A call in flight longer than this may be one that cannot end: the receipt says how to stop it. */
export const HELD_CALL_MS = 30_000;

/**
 * What `tabwright release` does to a task's tabs in this runtime: they stay open, unowned, in a
 * browser the tasks share (launched or connected: `adopt` takes one back); with a browser per
 * task from a service, the task's browser goes back to the service, and the task's next program
 * reopens its tabs at their last URLs in a new one (service.ts release).
 */
export type ReleaseEffect = 'tabsStayOpen' | 'browserGoesBack';

const AFTER_RELEASE: Readonly<Record<ReleaseEffect, (task: string) => string>> = {
  tabsStayOpen: task => `the tabs stay open, no longer the task's (\`tabwright adopt --task ${task} --page N\` takes one back)`,
  browserGoesBack: () => 'the task\'s browser goes back to the browser service, and its next program reopens its tabs at their last URLs in a new one',
};

/**
 * A receipt not final yet says how to get the final one (a copy: the stored one is not touched),
 * and, running, which call the program waits in and for how long.
 * While the runtime stops, the program is being interrupted, not going on: saying "still
 * running: do not resubmit" then would be untrue.
 */
export function withProgressHint(receipt: Receipt | undefined, runtimeStopping = false, inFlight?: CallInFlight, release: ReleaseEffect = 'tabsStayOpen'): Receipt | undefined {
  if (!receipt || isFinal(receipt.status)) return receipt;
  const pickUp = (waitS: number) => `\`tabwright receipt --task ${receipt.task} --request-id ${receipt.requestId} --wait ${waitS}\``;
  if (runtimeStopping) {
    return { ...receipt, hints: [...(receipt.hints ?? []), `The runtime is stopping: this program is being interrupted, and its receipt will read interrupted (runtimeStopped). Read it with \`tabwright receipt --task ${receipt.task} --request-id ${receipt.requestId}\` (that starts the runtime again) before deciding whether to submit it again.`] };
  }
  const asked = receipt.waitingFor === 'person' ? receipt.handoffs?.at(-1) : undefined;
  const hint = asked
    ? `A person is being asked in the live view to: ${asked.reason} (page ${asked.page}). The program goes on once they are done: do not resubmit it or act on that page meanwhile. `
      + `\`tabwright view --task ${receipt.task} --open\` opens the view on this task for the user; then get the receipt with ${pickUp(300)}.`
    // One figure, the skill's: how long that call waits at most (exit 3 again: still going, ask again).
    : `The program is ${receipt.status === 'queued' ? 'queued' : `still running${inFlight ? `, waiting in ${inFlight.call}${inFlight.line !== undefined ? ` at line ${inFlight.line}` : ''} for ${Math.floor(inFlight.forMs / 1000)} s` : ''}`}: do not resubmit it; get its receipt with ${pickUp(60)} (waits up to 60 s; exit 3 again means it still runs).`;
  // An agent asking again and again learns nothing new: a call that cannot end only ends with the program.
  const held = !asked && receipt.status === 'running' && inFlight && inFlight.forMs > HELD_CALL_MS
    ? [`A call that cannot end (a promise the page never settles, an event that never comes) holds the program until its --timeout (${inFlight.timeoutS} s). \`tabwright release --task ${receipt.task}\` stops it now: the receipt ends interrupted and \`state\` is reset; ${AFTER_RELEASE[release](receipt.task)}.`]
    : [];
  return { ...receipt, hints: [...(receipt.hints ?? []), hint, ...held] };
}
