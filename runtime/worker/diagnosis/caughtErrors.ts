// Failures of the program's own calls that it caught and went on from. A program that wraps an
// expect in try/catch (`catch { return { view: await observe() } }`) succeeds with a result that
// says nothing of why its check failed: on site 9 an agent spent its next call finding out that
// its row filter had matched two rows, which the swallowed error said ("expected 1, received 2").
// The runtime sees every failure of a locator call or a locator expect (failureDiagnosis.ts
// wraps them); those the program did not end on are told in one hint (errorReport.ts'
// caughtHint). Retries the program asked Playwright for (expect(fn).toPass(), expect.poll) fail
// and retry by design: they are not recorded.
import { AsyncLocalStorage } from 'node:async_hooks';
import { inRuntimeCall } from '../effects/pageCodeCalls.js';

/** Failures kept per program: a loop of hovers that all fail says enough in its first ones. */
const KEPT = 50;

export interface Caught {
  /** The failures the program went on from, first first (at most KEPT). */
  errors: Error[];
  /** How many more there were. */
  more: number;
}

/** Set while Playwright retries a callback of the program's (toPass, poll): its failures are the retry's. */
const retrying = new AsyncLocalStorage<true>();

/** Runs `call` as a retry Playwright makes for the program: what fails inside it is not the program's to catch. */
export function asRetry<T>(call: () => T): T {
  return retrying.run(true, call);
}

class CaughtErrors {
  private failures: Error[] = [];
  private more = 0;

  /** A new program. */
  begin(): void {
    this.failures = [];
    this.more = 0;
  }

  /** A call of the program's failed with `error`; it may yet catch it. */
  failed(error: Error): void {
    if (inRuntimeCall() || retrying.getStore() || this.failures.includes(error)) return;
    if (this.failures.length < KEPT) this.failures.push(error);
    else this.more++;
  }

  /** The failures the program went on from: all but `final`, the error it ended on. Undefined when there are none. */
  caught(final?: unknown): Caught | undefined {
    const errors = this.failures.filter(e => e !== final);
    return errors.length || this.more ? { errors, more: this.more } : undefined;
  }
}

/** The worker's one record of the running program's failures (a worker runs one program at a time). */
export const caughtErrors = new CaughtErrors();
