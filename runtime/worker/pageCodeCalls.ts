// Page code a program runs: a cause of mutationState `possible` (issue 38 item 18).
//
// The rule, and why. The runtime sees what changes the world as input, requests, frames and
// profile writes (cdpEvidence.ts). Code a program runs in a page (page.evaluate and its kin)
// reaches none of those by itself, yet it can change anything the page can: click a button
// whose handler posts after a debounce (the POST leaves after the receipt was written), write
// localStorage, document.cookie or IndexedDB (no CDP command, no request), or arm a timer. What
// was seen before the program returned cannot rule that out, and neither can the function's
// text (any call may reach a handler), so `none` would be a claim the runtime cannot back: the
// program's receipt says `possible`, and `mutations` names the call (`page.evaluate (page code
// ran)`) so the agent can judge, knowing whether its function only read. A request the page
// sends after the receipt is told besides, wherever it came from (deferredMutations,
// laterMutations: mutationLog.ts). Playwright's own reads (textContent, expect, observe) run
// its injected script, not program code, and stay `none`; the runtime's own calls (read(),
// what covered a click) run inside `asRuntime` and are not counted.
//
// Playwright's public API has no hook around these calls, so they are wrapped by their public
// names on the prototypes the program's objects share (as locatorPrototype.ts does for Locator);
// handles' prototypes are found from the first handle a wrapped call returns.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { BrowserContext, Page } from 'playwright-core';
import type { MutationRecorder } from '../mutations/mutationCause.js';
import { playwrightObjectKind } from './playwrightInternals/playwrightObjects.js';

type Method = (this: unknown, ...args: unknown[]) => unknown;

/** Methods that run program code in a page, by the object that has them. */
const PAGE_CODE = {
  page: ['evaluate', 'evaluateHandle', '$eval', '$$eval', 'addScriptTag', 'addInitScript', 'dispatchEvent', 'waitForFunction'],
  frame: ['evaluate', 'evaluateHandle', '$eval', '$$eval', 'addScriptTag', 'dispatchEvent', 'waitForFunction'],
  locator: ['evaluate', 'evaluateAll', 'evaluateHandle'],
  handle: ['evaluate', 'evaluateHandle', '$eval', '$$eval', 'dispatchEvent'],
  context: ['addInitScript'],
} as const;

/**
 * Calls whose page code is Playwright's, not the program's, though they reach a method above
 * (playwright-core's client Locator): allTextContents and allInnerTexts read through
 * Frame.$$eval; dispatchEvent, a Playwright action named by actionWindows.ts, through
 * Frame.dispatchEvent.
 */
const PLAYWRIGHT_OWN: Partial<Record<keyof typeof PAGE_CODE, readonly string[]>> = { locator: ['dispatchEvent', 'allTextContents', 'allInnerTexts'] };

/** Methods that return handles: their prototypes are wrapped when first seen. */
const HANDLE_SOURCES = ['$', '$$', 'waitForSelector', 'evaluateHandle', 'elementHandle', 'elementHandles', 'frameElement', 'ownerFrame', 'contentFrame'];

/** Set inside a wrapped call (one page-code call calls another: page.evaluate -> frame.evaluate) and inside the runtime's own calls. */
const inside = new AsyncLocalStorage<'program' | 'runtime'>();
const wrapped = new WeakSet<object>();

/** Runs the runtime's own page calls (read(), a covering element's read): not the program's page code. */
export function asRuntime<T>(call: () => T): T {
  return inside.run('runtime', call);
}

/** Wraps the page-code methods of the page's, its frames', locators' and context's classes; idempotent. */
export function watchPageCode(page: Page, recorder: MutationRecorder): void {
  wrap(Object.getPrototypeOf(page), 'page', recorder);
  wrap(Object.getPrototypeOf(page.mainFrame()), 'frame', recorder);
  wrap(Object.getPrototypeOf(page.locator(':root')), 'locator', recorder);
  watchContextCode(page.context(), recorder);
}

/** The context's addInitScript (page code on every later load); a worker with no page yet has its context. */
export function watchContextCode(context: BrowserContext, recorder: MutationRecorder): void {
  wrap(Object.getPrototypeOf(context), 'context', recorder);
}

function wrap(prototype: Record<string, Method> | null, owner: keyof typeof PAGE_CODE, recorder: MutationRecorder): void {
  if (!prototype || wrapped.has(prototype)) return;
  wrapped.add(prototype);
  const counted = new Set<string>(PAGE_CODE[owner]);
  for (const name of new Set([...PAGE_CODE[owner], ...HANDLE_SOURCES, ...(PLAYWRIGHT_OWN[owner] ?? [])])) {
    const original = prototype[name];
    if (typeof original !== 'function') continue;
    const label = `${owner}.${name}`;
    prototype[name] = function (this: unknown, ...args: unknown[]) {
      const within = inside.getStore();
      if (counted.has(name) && !within) recorder.record({ kind: 'pageCode', key: `pageCode ${label}`, text: `${label} (page code ran)` });
      const result = inside.run(within ?? 'program', () => original.apply(this, args));
      if (result instanceof Promise) return result.then(value => (watchHandles(value, recorder), value), within || owner === 'handle' ? undefined : (error: unknown) => { throw namedAs(error, label); });
      return result;
    };
  }
}

/**
 * Playwright names a failed call after the last of its own frames on the stack before other
 * code; this wrapper is such code, so page.evaluate -> frame.evaluate failed as `frame.evaluate:`.
 * The program's own call (the outermost wrapper) is the name it wrote, as before the wrapper.
 */
function namedAs(error: unknown, label: string): unknown {
  if (!(error instanceof Error)) return error;
  const named = /^([a-z][A-Za-z]*(?:\.[$A-Za-z]+)+): /.exec(error.message)?.[1];
  if (!named || named === label) return error;
  error.message = label + error.message.slice(named.length);
  if (error.stack) error.stack = error.stack.replace(`${named}: `, `${label}: `);
  return error;
}

/** A handle (or handles) a wrapped call returned: its class's page-code methods are wrapped too. */
function watchHandles(value: unknown, recorder: MutationRecorder): void {
  for (const item of Array.isArray(value) ? value : [value]) {
    if (!item || typeof item !== 'object') continue;
    const kind = playwrightObjectKind(item);
    if (kind?.kind !== 'channelOwner' || (kind.type !== 'JSHandle' && kind.type !== 'ElementHandle')) continue;
    // ElementHandle's prototype has its own methods; JSHandle's (its parent) the evaluate pair.
    for (let proto = Object.getPrototypeOf(item); proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto)) {
      if (Object.prototype.hasOwnProperty.call(proto, 'evaluate') || Object.prototype.hasOwnProperty.call(proto, '$eval') || Object.prototype.hasOwnProperty.call(proto, 'dispatchEvent'))
        wrap(proto, 'handle', recorder);
    }
  }
}
