// Diagnoses for the two failures that say least on their own: a locator call that timed out
// because nothing matched ("Timeout 10000ms exceeded"), and an `expect` on text that resolved
// to an element without it. The page is asked at the moment of failure (candidates.ts) and the
// answer rides on the thrown error to errorReport.ts, which puts it in `error.matchCount` and
// `error.candidates`. Locator methods are wrapped by their public names on the prototype
// (playwrightInternals/locatorPrototype.ts); `expect` is wrapped where the program gets it.
import type { Locator } from 'playwright-core';
import { missingCandidates, textCandidates, type Candidates } from './candidates.js';
import { unseenReason } from './unseenElement.js';
import { wrapLocatorMethods } from '../playwrightInternals/locatorPrototype.js';
import { waitingCalls } from './waitingCalls.js';
import { failureReads } from './failureReads.js';
import { asRetry, caughtErrors } from './caughtErrors.js';

export interface Diagnosis extends Partial<Candidates> {
  /** toBeHidden failed on an element a person does not see (unseenElement.ts): why. */
  unseen?: string;
  /** What the locator resolved to did not show the expected text; these do (Shoelace's alert). */
  textElsewhere?: boolean;
}

const diagnoses = new WeakMap<Error, Diagnosis>();

/** What the page said about this error when it was thrown, if anything. */
export function diagnosisOf(thrown: unknown): Diagnosis | undefined {
  return thrown instanceof Error ? diagnoses.get(thrown) : undefined;
}

/** Locator calls that wait for their element: a timeout in any of them may mean it never matched. */
export const WAITING_CALLS = [
  'click', 'dblclick', 'tap', 'hover', 'press', 'pressSequentially', 'type', 'fill', 'clear', 'check', 'uncheck', 'setChecked',
  'selectOption', 'setInputFiles', 'dragTo', 'dispatchEvent', 'focus', 'blur', 'selectText', 'scrollIntoViewIfNeeded', 'screenshot',
  'innerText', 'innerHTML', 'textContent', 'inputValue', 'getAttribute', 'isChecked', 'boundingBox', 'waitFor', 'evaluate',
] as const;

/**
 * Waiting calls that ask of their element only that it be there, visible, enabled or editable:
 * when one matches and is all of these at the failure, the page drew it (or answered) only after
 * the call gave up. Pointer calls also wait for a stable box that receives the click (a cover
 * is said by coveredTarget.ts), and waitFor may wait for the element to go.
 */
const READY_CALLS: ReadonlySet<string> = new Set([
  'press', 'pressSequentially', 'type', 'fill', 'clear', 'selectOption', 'setInputFiles', 'focus', 'selectText',
  'innerText', 'innerHTML', 'textContent', 'inputValue', 'getAttribute', 'isChecked',
]);

/** Wraps the waiting calls of Playwright's Locator class (locatorPrototype.ts); idempotent. */
export function watchLocatorFailures(locator: Locator): void {
  wrapLocatorMethods(locator, 'failure diagnosis', WAITING_CALLS, (original, name) => async function (this: Locator, ...args: unknown[]) {
    try {
      return await waitingCalls.around(`locator.${name}`, this, () => original.apply(this, args));
    } catch (error) {
      if (error instanceof Error) caughtErrors.failed(error);
      if (error instanceof Error && error.name === 'TimeoutError' && !diagnoses.has(error)) {
        const missing = await failureReads.read(() => missingCandidates(this, READY_CALLS.has(name)));
        if (missing) diagnoses.set(error, missing);
      }
      throw error;
    }
  });
}

/** Matchers whose failure a diagnosis can explain: text on the element, and its being there at all. */
const TEXT_MATCHERS = new Set(['toHaveText', 'toContainText']);
const PRESENCE_MATCHERS = new Set(['toBeVisible', 'toBeEnabled', 'toBeChecked', 'toBeEditable', 'toHaveValue', 'toHaveAttribute', 'toHaveCount', 'toBeAttached', 'toBeHidden']);

type Expect = (actual: unknown, ...rest: unknown[]) => Record<string | symbol, unknown>;

/**
 * `expect` as a program gets it: Playwright's, whose failed locator assertions carry a diagnosis
 * (and are recorded, caughtErrors.ts); what fails inside expect(fn).toPass() or expect.poll(fn)
 * is Playwright's retry, not a failure the program caught.
 */
export function diagnosingExpect<E extends object>(expect: E): E {
  return new Proxy(expect, {
    apply(target, self, args: unknown[]) {
      const matchers = Reflect.apply(target as unknown as Expect, self, args);
      if (isLocator(args[0])) return diagnosingMatchers(matchers, args[0], false);
      return typeof args[0] === 'function' ? retryingMatchers(matchers) : matchers;
    },
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (property !== 'poll' || typeof value !== 'function') return value;
      return (poll: unknown, ...rest: unknown[]) =>
        Reflect.apply(value, target, [typeof poll === 'function' ? (...a: unknown[]) => asRetry(() => poll(...a)) : poll, ...rest]);
    },
  });
}

/** expect(fn)'s matchers, whose toPass retries `fn` in asRetry. */
function retryingMatchers(matchers: Record<string | symbol, unknown>): Record<string | symbol, unknown> {
  return new Proxy(matchers, {
    get(target, property) {
      const value = Reflect.get(target, property);
      if (property === 'not' && value && typeof value === 'object') return retryingMatchers(value as Record<string | symbol, unknown>);
      if (property !== 'toPass' || typeof value !== 'function') return value;
      return (...args: unknown[]) => asRetry(() => (value as (...a: unknown[]) => unknown).apply(target, args));
    },
  });
}

function diagnosingMatchers(matchers: Record<string | symbol, unknown>, locator: Locator, negated: boolean): Record<string | symbol, unknown> {
  return new Proxy(matchers, {
    get(target, property) {
      const value = Reflect.get(target, property);
      if (property === 'not' && value && typeof value === 'object') return diagnosingMatchers(value as Record<string | symbol, unknown>, locator, !negated);
      if (typeof property !== 'string' || typeof value !== 'function' || negated || !(TEXT_MATCHERS.has(property) || PRESENCE_MATCHERS.has(property))) return value;
      return async (...args: unknown[]) => {
        try {
          return await waitingCalls.around(`expect(locator).${property}`, locator, () => (value as (...a: unknown[]) => Promise<unknown>).apply(target, args));
        } catch (error) {
          if (error instanceof Error) caughtErrors.failed(error);
          if (error instanceof Error && !diagnoses.has(error)) {
            const diagnosis = await failureReads.read(() => diagnose(locator, property, args[0]));
            if (diagnosis) diagnoses.set(error, diagnosis);
          }
          throw error;
        }
      };
    },
  });
}

async function diagnose(locator: Locator, matcher: string, expected: unknown): Promise<Diagnosis | undefined> {
  if (matcher === 'toHaveCount' && expected === 0) return undefined;
  if (matcher === 'toBeHidden') {
    const unseen = await unseenReason(locator);
    return unseen ? { unseen } : undefined;
  }
  const missing = await missingCandidates(locator);
  if (missing) return missing;
  if (!TEXT_MATCHERS.has(matcher)) return undefined;
  const elsewhere = await textCandidates(locator, expected);
  return elsewhere ? { textElsewhere: true, candidates: elsewhere } : undefined;
}

function isLocator(x: unknown): x is Locator {
  return typeof x === 'object' && x !== null && typeof (x as Locator).count === 'function' && typeof (x as Locator).page === 'function'
    && typeof (x as Locator).getByRole === 'function';
}
