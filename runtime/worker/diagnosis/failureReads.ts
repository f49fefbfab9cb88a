// A failure reads the page to explain itself: what a locator matched instead (candidates.ts),
// what covers a click's target (coveredTarget.ts), the calls still waiting (waitingCalls.ts) and
// error.view. A page whose main thread never yields answers none of these reads, and the failed
// program's receipt used to wait with them until the program's --timeout said only "timeout".
// Every failure read goes through `failureReads.read`: each is bounded, and once the page has
// let one go unanswered the program's other failure reads are skipped, so a failure costs at
// most one bound more than the call that failed, and its receipt keeps its own error.
import { asRuntime } from '../effects/pageCodeCalls.js';
import { LATE, withinLimit } from './readLimit.js';

/** How long one failure read may take: observe()'s wait for a busy page (3 s) and its snapshot, on a loaded machine. */
export const FAILURE_READ_MS = 6000;

class FailureReads {
  private unanswered = false;

  /** A new program: a page that did not answer the last one may answer this one. */
  begin(): void {
    this.unanswered = false;
  }

  /** Whether a failure read of this program went unanswered (the receipt says so). */
  get pageDidNotAnswer(): boolean {
    return this.unanswered;
  }

  /** The read's answer; undefined when it failed, took longer than FAILURE_READ_MS, or an earlier one did. */
  async read<T>(read: () => Promise<T>): Promise<T | undefined> {
    if (this.unanswered) return undefined;
    // An unanswered read stays pending in the page (until it yields or closes): nothing awaits it then.
    // The runtime's own: not the program's page code, failures or early reads (slips/earlyReads.ts).
    const pending = asRuntime(read);
    pending.catch(() => {});
    try {
      const answer = await withinLimit(pending, FAILURE_READ_MS);
      if (answer !== LATE) return answer;
      this.unanswered = true;
      return undefined;
    } catch {
      return undefined;
    }
  }
}

/** One per worker: a worker runs one program at a time. */
export const failureReads = new FailureReads();

/** The receipt's hint when the page let a failure read go unanswered. */
export const PAGE_DID_NOT_ANSWER = `The page did not answer within ${FAILURE_READ_MS / 1000} s after the failure (a script of its own may never yield): what it shows was not read. If it stays so, page.close() it and open its URL again with context.newPage().`;
