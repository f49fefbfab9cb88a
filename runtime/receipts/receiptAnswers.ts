// A receipt as an answer to whoever asked: the view asked for, `replayed` for a resubmission,
// the facts that spare the compact view what the program knows, and the wait for its end (with
// what a receipt still running is waiting in). Reads receipts; never writes one.
import type { Receipt } from '../../contract/receipt.js';
import type { ReceiptStore } from './receiptStore.js';
import type { ReceiptEnds } from './receiptEnds.js';
import { withProgressHint, type CallInFlight, type ReleaseEffect } from './receiptAssembly.js';
import { viewOf, type ReceiptViewMode, type RunFacts } from './receiptView.js';
import { RecentRunFacts } from './recentRunFacts.js';
import { askedFacts, type RequestedNavigations } from './requestedNavigations.js';

/** What an answer reads of a task that still exists (tasks/task.ts): the URLs its program asked for, the call it waits in. */
export interface AnsweringTask {
  readonly navigations: RequestedNavigations;
  callInFlight(requestId: string): CallInFlight | undefined;
}

export class ReceiptAnswers {
  /** What the compact view of a recent receipt needs, kept past its task (`run --close`); a program's end remembers them. */
  readonly recentFacts = new RecentRunFacts();

  constructor(
    private readonly store: ReceiptStore,
    private readonly ends: ReceiptEnds,
    private readonly taskNamed: (name: string) => AnsweringTask | undefined,
    /** What release does to a task's tabs here: a held program's hint says so. */
    private readonly release: ReleaseEffect,
  ) {}

  /**
   * A receipt as an answer: `replayed` when it answers a resubmission (it cannot read as a fresh
   * run), in the view asked for, with the facts that spare the compact view what the program
   * knows (RunFacts: remembered as it ended, past its task, recentRunFacts.ts, or stored with it).
   */
  answer(receipt: Receipt, view: ReceiptViewMode, replayed = false): Receipt | Partial<Receipt> {
    const answered = replayed ? { ...receipt, replayed: true as const } : receipt;
    const facts = this.recentFacts.of(receipt.task, receipt.requestId)
      ?? this.storedViewFacts(receipt)
      ?? askedFacts(this.taskNamed(receipt.task)?.navigations.of(receipt.requestId));
    return viewOf(answered, view, facts);
  }

  /** The compact view's facts kept with a receipt that ended before this runtime remembered it. */
  private storedViewFacts(receipt: Receipt): RunFacts | undefined {
    try {
      return this.store.viewFactsOf(receipt.task, receipt.requestId);
    } catch {
      return undefined; // a locked database: the answer shows the stored receipt's own lists
    }
  }

  /** The program registered under this request id, if any (a playbook run's resubmission finds its version in it). */
  programOf(task: string, requestId: string): string | undefined {
    return this.store.programOf(task, requestId);
  }

  /** Resolves with the receipt once final, or as it stands after `waitMs`. */
  waitFor(task: string, requestId: string, waitMs: number): Promise<Receipt | undefined> {
    return this.waitForFinal(task, requestId, waitMs).then(receipt => withProgressHint(receipt, this.ends.stopping, this.taskNamed(task)?.callInFlight(requestId), this.release));
  }

  private waitForFinal(task: string, requestId: string, waitMs: number): Promise<Receipt | undefined> {
    return this.ends.waitForFinal(task, requestId, waitMs);
  }
}
