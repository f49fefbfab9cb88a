// Names for the input a program sends. Playwright's Locator actions are wrapped (by their
// public names, on the class's prototype: playwrightInternals/locatorPrototype.ts) to tell the main thread when each began and ended:
// input the router sees reach the page meanwhile is that action's (causeList.ts), so the
// receipt says `click getByRole('button', { name: 'Create ticket' })` rather than
// `mouse click at (412, 230)`, and a click that timed out before it was dispatched says
// nothing at all. The label never carries a value the program typed.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Locator, Page } from 'playwright-core';
import type { WorkerMutations } from './workerMutations.js';
import { wrapLocatorMethods } from './playwrightInternals/locatorPrototype.js';

/** Actions that reach the page as input events: they count only when input was seen while they ran. */
export const INPUT_ACTIONS = ['click', 'dblclick', 'tap', 'hover', 'press', 'type', 'dragTo'] as const;
/**
 * Actions that can set a value without any input event (fill on a date input, a select's
 * option, a synthetic event, files): they count once they complete. `clear`, `setChecked` and
 * `pressSequentially` call the ones here, so they are named by those.
 */
export const VALUE_ACTIONS = ['fill', 'selectOption', 'setInputFiles', 'dispatchEvent', 'check', 'uncheck'] as const;

/** Set while a wrapped action runs in this async chain: the actions it calls are part of it. */
const running = new AsyncLocalStorage<true>();

/** Wraps the actions of Playwright's Locator class (locatorPrototype.ts); idempotent. */
export function watchActions(locator: Locator, mutations: WorkerMutations, targetIdOf: (page: Page) => string | undefined): void {
  wrapLocatorMethods(locator, 'action windows', [...INPUT_ACTIONS, ...VALUE_ACTIONS], (original, name) => {
    const countsOnCompletion = (VALUE_ACTIONS as readonly string[]).includes(name);
    return function (this: Locator, ...args: unknown[]) {
      if (running.getStore()) return original.apply(this, args);
      const id = mutations.actionStarted(label(name, this, args), countsOnCompletion, targetIdOf(this.page()));
      return running.run(true, async () => {
        let completed = false;
        try {
          const result = await original.apply(this, args);
          completed = true;
          return result;
        } finally {
          mutations.actionEnded(id, completed);
        }
      });
    };
  });
}

/** `click getByRole(...)`, `press getByLabel('Search') Enter`, `dragTo getByText('Card') → getByText('Done')`. */
function label(name: string, locator: Locator, args: unknown[]): string {
  const target = String(locator);
  if (name === 'press' && typeof args[0] === 'string' && args[0].length > 1) return `press ${target} ${args[0]}`;
  if (name === 'dispatchEvent' && typeof args[0] === 'string') return `dispatchEvent ${target} ${args[0]}`;
  if (name === 'dragTo' && args[0] && typeof args[0] === 'object') return `dragTo ${target} → ${String(args[0])}`;
  return `${name} ${target}`;
}
