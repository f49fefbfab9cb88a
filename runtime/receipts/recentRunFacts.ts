// What the compact view of a recent receipt needs beyond the receipt (receiptView.ts RunFacts:
// the URLs its program asked for, its mutations as the compact view lists them), kept as the
// receipt ends (programs/runDescription.ts), past its task: `run --close` answers after the
// task is gone, and a `receipt` shortly after still finds them without reading the database. The
// store keeps them too (receiptStore.ts view_facts), for an older receipt or after a restart.
import type { RunFacts } from './receiptView.js';

/** Receipts remembered: an answer is assembled right after its program ends, so a few dozen suffice across eight tasks. */
const REMEMBERED = 64;

export class RecentRunFacts {
  private readonly byReceipt = new Map<string, RunFacts>();

  remember(task: string, requestId: string, facts: RunFacts): void {
    const key = keyOf(task, requestId);
    this.byReceipt.delete(key);
    this.byReceipt.set(key, facts);
    while (this.byReceipt.size > REMEMBERED) this.byReceipt.delete(this.byReceipt.keys().next().value!);
  }

  of(task: string, requestId: string): RunFacts | undefined {
    return this.byReceipt.get(keyOf(task, requestId));
  }
}

/** Task names cannot hold a newline (contract/submissionLimits.ts), so the pair is one key. */
function keyOf(task: string, requestId: string): string {
  return `${task}\n${requestId}`;
}
