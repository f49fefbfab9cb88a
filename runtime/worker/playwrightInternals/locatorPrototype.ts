// The one place the worker patches Playwright's Locator class. Playwright's public API has no
// hook around a locator call, so coveredTarget.ts (what covered a click's target), actionWindows.ts
// (which input was whose action) and diagnosis/failureDiagnosis.ts (what the page has instead
// of a missing element) each wrap methods, by their public names, on the prototype every
// Locator shares. Relied on (README.md here; test/playwright-internals checks each): every
// locator a program can make (page.locator, getBy*, .first(), .filter(), frameLocator().locator)
// has that one prototype, the methods are its own functions looked up at call time, and a
// method that calls another (clear -> fill) calls it through the prototype. The same holds of
// the page's Keyboard, Mouse and Touchscreen classes (wrapPrototypeMethods).
import type { Locator } from 'playwright-core';

export type LocatorMethod = (this: Locator, ...args: unknown[]) => Promise<unknown>;

/** The prototype every Locator shares, found from any locator. */
export function locatorPrototype(locator: Locator): Record<string, LocatorMethod> {
  return Object.getPrototypeOf(locator) as Record<string, LocatorMethod>;
}

const wrapped = new WeakMap<object, Set<string>>();

/**
 * Replaces each named method with `wrap(original, name)`, once per prototype and purpose
 * (`purpose` keeps a second call from wrapping twice). Names the prototype lacks are returned:
 * an upgraded Playwright that renamed one shows up there (and in the test), not as silence.
 */
export function wrapLocatorMethods(locator: Locator, purpose: string, names: readonly string[], wrap: (original: LocatorMethod, name: string) => LocatorMethod): string[] {
  return wrapPrototypeMethods(locator, purpose, names, wrap as (original: PrototypeMethod<object>, name: string) => PrototypeMethod<object>);
}

export type PrototypeMethod<T> = (this: T, ...args: unknown[]) => Promise<unknown>;

/**
 * The same for another public class of Playwright's client whose methods are its prototype's own
 * (Keyboard, Mouse, Touchscreen: `page.keyboard.type`, `page.mouse.click`, for actionWindows.ts).
 */
export function wrapPrototypeMethods<T extends object>(instance: T, purpose: string, names: readonly string[], wrap: (original: PrototypeMethod<T>, name: string) => PrototypeMethod<T>): string[] {
  const prototype = Object.getPrototypeOf(instance) as Record<string, PrototypeMethod<T>>;
  const done = wrapped.get(prototype) ?? new Set<string>();
  wrapped.set(prototype, done);
  if (done.has(purpose)) return [];
  done.add(purpose);
  const missing: string[] = [];
  for (const name of names) {
    const original = prototype[name];
    if (typeof original !== 'function') {
      missing.push(name);
      continue;
    }
    prototype[name] = wrap(original, name);
  }
  return missing;
}
