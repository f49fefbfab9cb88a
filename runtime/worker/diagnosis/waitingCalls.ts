// The program's locator calls and locator expectations still waiting when it failed on
// another: `Promise.all([page.waitForEvent('filechooser'), page.getByText(...).click()])` fails
// on the event, while the click that was to cause it never found its element, and the receipt
// said nothing of it (issue 41 item 4). failureDiagnosis.ts runs each waiting call through
// `around`; when the program fails, main.ts asks `now()` for those still running, each with how
// many elements its locator matches then (and, at 0, what the page has instead; at 1, for a
// pointer action, what covers its element: FilePond's transparent file input over its Browse).
import type { Locator } from 'playwright-core';
import { missingCandidates } from './candidates.js';
import { failureReads } from './failureReads.js';
import { POINTER_ACTIONS, readCoveringElement } from '../playwrightInternals/coveredTarget.js';

export interface WaitingCall {
  /** `locator.click`, `expect(locator).toBeVisible`. */
  call: string;
  /** The locator as Playwright prints it (relative to the page, or through its frames). */
  locator: string;
  /** How many elements it matched when the program failed. */
  matchCount?: number;
  /** At 0: locators the page does have (candidates.ts). */
  candidates?: string[];
  /** At 1, for a pointer action: the element over it that takes the pointer (as a failed click's `error.blockedBy`). */
  blockedBy?: string;
}

const POINTER_CALLS = new Set<string>(POINTER_ACTIONS.map(name => `locator.${name}`));

/** Calls named at most: a program rarely waits on more at once, and each is read of the page. */
const MAX_NAMED = 5;

interface Running { call: string; locator: Locator }

class WaitingCalls {
  private running = new Set<Running>();

  /** A new program: calls a previous one left running are not its. */
  begin(): void {
    this.running = new Set();
  }

  /** Runs one waiting call, known as waiting until it settles. A call made inside another (`clear` through `fill`) is the outer one's. */
  async around<T>(call: string, locator: Locator, run: () => Promise<T>): Promise<T> {
    const set = this.running;
    const printed = String(locator);
    if ([...set].some(r => String(r.locator) === printed)) return run();
    const entry = { call, locator };
    set.add(entry);
    try {
      return await run();
    } finally {
      set.delete(entry);
    }
  }

  /** The calls still waiting, read of the page now: how many elements each matches. */
  async now(): Promise<WaitingCall[]> {
    const running = [...this.running].slice(0, MAX_NAMED);
    return Promise.all(running.map(async ({ call, locator }) => {
      const waiting: WaitingCall = { call, locator: String(locator) };
      const matchCount = await failureReads.read(() => locator.count());
      if (matchCount !== undefined) waiting.matchCount = matchCount;
      if (matchCount === 0) {
        const instead = await failureReads.read(() => missingCandidates(locator));
        if (instead?.candidates.length) waiting.candidates = instead.candidates.slice(0, 3);
      }
      if (matchCount === 1 && POINTER_CALLS.has(call)) {
        const cover = await failureReads.read(() => readCoveringElement(locator));
        if (cover) waiting.blockedBy = cover.preview;
      }
      return waiting;
    }));
  }
}

/** One per worker: a worker runs one program at a time. */
export const waitingCalls = new WaitingCalls();
