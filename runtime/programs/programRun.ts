// One run of one program on a task's worker: its subscriptions (worker progress and exit,
// the catalog's closes and releases), its timer, what it observed so far. It ends exactly
// once, with the fields the receipt gets: the worker's outcome, or an interruption.
import type { ConsoleEntry, InterruptionReason, Receipt } from '../../contract/receipt.js';
import type { FromWorker, ProgramOutcome } from './workerProtocol.js';
import type { WorkerHost } from '../tasks/workerHost.js';
import type { PageCatalog } from '../browser/pageCatalog.js';
import type { Job, Task } from '../tasks/task.js';
import { PageChangeLog } from './pageChangeLog.js';
import { SiteToolCallLog } from './siteToolCallLog.js';
import { interruptedFields, outcomeFields } from '../receipts/receiptAssembly.js';
import { PausableTimer } from './pausableTimer.js';
import { RunHandoffs } from '../handoff/runHandoffs.js';
import type { Handoffs } from '../handoff/handoffs.js';

/** What a run needs beyond its task, worker and job: where hand-overs wait, and how to write the receipt meanwhile. */
export interface RunSupport {
  handoffs: Handoffs;
  save: (receipt: Receipt) => void;
}

export class ProgramRun {
  private readonly console: ConsoleEntry[] = [];
  private readonly pages = new PageChangeLog();
  private readonly siteTools: SiteToolCallLog;
  /** Chrome's titles, asked for as the program ended (before the worker's outcome arrives). */
  private titles?: Promise<void>;

  constructor(
    private readonly task: Task,
    private readonly worker: WorkerHost,
    private readonly job: Job,
    private readonly catalog: PageCatalog,
    private readonly support: RunSupport,
  ) {
    this.siteTools = new SiteToolCallLog(cause => task.mutations.record(cause));
  }

  /** Runs the program; resolves once with the receipt's fields (never rejects). */
  run(hints: string[]): Promise<Partial<Receipt>> {
    const { task, worker, job, catalog } = this;
    const receipt = job.receipt;
    const onReleased = (name: string, page: number, url: string, reason: string) => {
      if (name === task.name) this.pages.releasedTab(page, url, reason);
    };
    const onClosed = (name: string, page: number) => {
      if (name === task.name) this.pages.closedTab(page);
    };
    const onProgress = (message: Extract<FromWorker, { type: 'progress' }>) => {
      if (message.requestId !== receipt.requestId) return;
      if (message.programEnded) this.titles ??= catalog.refreshTitles();
      if (message.console) this.console.push(message.console);
      if (message.pageChange) this.pages.progress(message.pageChange);
      if (message.siteToolCall) this.siteTools.progress(message.siteToolCall.id, message.siteToolCall.call);
      if (message.mutation) task.mutations.record(message.mutation);
      if (message.action?.phase === 'began') {
        const { phase: _phase, ...began } = message.action;
        task.mutations.actionStarted(began);
      } else if (message.action) task.mutations.actionEnded(message.action.id, message.action.at, message.action.completed);
      // The program's calls in flight: a running receipt names the oldest (task.ts callInFlight).
      if (message.call?.phase === 'began') calls.set(message.call.id, message.call);
      else if (message.call) calls.delete(message.call.id);
    };
    const calls = (job.callsInFlight = new Map());
    // A page that commits a URL tasks may not drive is released (the tab stays open): the
    // worker only sees it go away, so the receipt says what really happened.
    catalog.on('released', onReleased);
    // Chrome's own word on closed tabs: the worker cannot name a page that closed before it could ask.
    catalog.on('closed', onClosed);
    worker.on('progress', onProgress);
    return new Promise(resolve => {
      let settled = false;
      const settle = (fields: Partial<Receipt>) => {
        if (settled) return;
        settled = true;
        timer.clear();
        handoffs.stop();
        worker.off('exit', onExit);
        worker.off('progress', onProgress);
        catalog.off('released', onReleased);
        catalog.off('closed', onClosed);
        const pageChanges = this.pages.merged(fields.pageChanges);
        const siteTools = this.siteTools.fields();
        resolve({ ...fields, ...(pageChanges ? { pageChanges } : {}), ...siteTools, hints: [...hints, ...(fields.hints ?? []), ...(siteTools.hints ?? [])] });
      };
      const interrupted = (why: string, reason: InterruptionReason, name?: string) => {
        task.loseState();
        settle(interruptedFields(why, reason, task.mutations.state === 'possible', { console: this.console, pageChanges: this.pages.reportedSoFar() }, name));
      };
      const onExit = () => {
        const stop = task.takeStop();
        if (!stop && worker.outOfMemory) {
          interrupted(`The program's worker ran out of memory: a task's heap is capped at ${worker.limits.maxOldGenerationSizeMb} MiB (this machine's memory shared by the tasks that may run at once), `
            + 'so the worker was ended and `state` was reset. Its tabs stay open. Keep large data in the page or in files, and return or keep in `state` only what the next step needs.', 'workerEnded', 'WorkerOutOfMemory');
          return;
        }
        const cause = worker.lastError ? ` (${worker.lastError.name}: ${worker.lastError.message})` : '';
        interrupted(`${stop?.message ?? `The task's worker ended while the program ran${cause}.`} Its tabs stay open.`, stop?.reason ?? 'workerEnded');
      };
      // The timeout does not count the time a person works on a page (`handoff()`): the hand-over has its own cap.
      const timer = new PausableTimer(job.timeoutS * 1000, () => {
        interrupted(`The program ran past its timeout of ${job.timeoutS} s and was stopped; its tabs stay open.`, 'timeout');
        worker.terminate().catch(() => {});
      });
      const handoffs = new RunHandoffs({ task, receipt, worker, catalog, handoffs: this.support.handoffs, timer, save: this.support.save });
      worker.once('exit', onExit);
      worker.run({
        type: 'run', requestId: receipt.requestId, program: job.program, maxInline: job.maxInline,
        ...(job.explicitPage !== undefined ? { explicitPage: job.explicitPage } : {}),
        ...(job.debug ? { debug: job.debug } : {}),
        ...(task.selectedPage !== undefined ? { selectedPage: task.selectedPage } : {}),
      }).then(outcome => settle(this.reported(outcome)));
    });
  }

  /**
   * The task's pages with the titles they have after the program (pageCatalog.ts refreshTitles):
   * asked for as the program ended, or now for a run that ended otherwise (interrupted).
   */
  titlesAfter(): Promise<void> {
    return this.titles ?? this.catalog.refreshTitles();
  }

  private reported(outcome: ProgramOutcome): Partial<Receipt> {
    if (outcome.selectedPage !== undefined) this.task.select(outcome.selectedPage);
    if (outcome.workerEnding) this.task.loseState();
    return outcomeFields(outcome);
  }
}
