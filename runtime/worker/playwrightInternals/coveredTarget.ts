// blockedBy without depending on how far Playwright's retry loop got. Playwright names the
// element that intercepts the pointer only once a click attempt reached its hit-target check;
// on a busy machine a short timeout can expire before that, and the call log says nothing.
// So a pointer action on a locator that times out without that line asks the page itself, at
// the moment of failure, what covers the target's centre (coveringElementRead.ts).
import type { Locator } from 'playwright-core';
import { coveringElementRead, type CoveringElement } from '../diagnosis/coveringElementRead.js';
import { wrapLocatorMethods } from './locatorPrototype.js';
import { asRuntime } from '../effects/pageCodeCalls.js';
import { failureReads } from '../diagnosis/failureReads.js';

export const POINTER_ACTIONS = ['click', 'dblclick', 'tap', 'check', 'uncheck', 'setChecked', 'hover'] as const;
/** How long the read may take: the page is already loaded and Playwright's script injected. */
const READ_TIMEOUT_MS = 3000;

/** What the page showed over the target when an error was thrown (coveringElementRead.ts' read). */
const covers = new WeakMap<Error, CoveringElement>();

/** The cover of the target when this error was thrown, if the page showed one: its preview, whether it is the target's own control's or a copy of it. */
export function coverOf(thrown: unknown): CoveringElement | undefined {
  return thrown instanceof Error ? covers.get(thrown) : undefined;
}

/** What covers the locator's element at its centre now, read of the page (also for a click still waiting when the program failed: diagnosis/waitingCalls.ts). */
export function readCoveringElement(locator: Locator): Promise<CoveringElement | null> {
  return asRuntime(() => locator.evaluate(coveringElementRead, undefined, { timeout: READ_TIMEOUT_MS })).catch(() => null);
}

/** Wraps the pointer actions of Playwright's Locator class (locatorPrototype.ts); idempotent. */
export function watchPointerActions(locator: Locator): void {
  wrapLocatorMethods(locator, 'covered target', POINTER_ACTIONS, original => async function (this: Locator, ...args: unknown[]) {
    try {
      return await original.apply(this, args);
    } catch (error) {
      if (error instanceof Error && error.name === 'TimeoutError') {
        // Playwright's call log may have named the cover already (errorReport.ts prefers its words); the page still says whether it is the target's own control's, or a copy.
        const cover = await failureReads.read(() => readCoveringElement(this));
        if (cover) covers.set(error, cover);
      }
      throw error;
    }
  });
}
