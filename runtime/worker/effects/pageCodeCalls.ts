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
// laterMutations: mutationLog.ts). A worker's evaluate (the page's dedicated worker, a service
// worker) and a function exposed to the page (it runs whenever the page calls it) are the same:
// code that can post as the page can; so are HTML a program sets (setContent) and what it sends
// on a CDP session of its own. Playwright's own reads (textContent, expect, a snapshot) run
// its injected script, not program code, and stay `none`; the runtime's own calls (read(),
// observe(), what covered a click) run inside `asRuntime` and are not counted.
//
// The calls are told by Playwright's client instrumentation (playwrightInternals/
// clientInstrumentation.ts), which announces each API call the program makes, once, before it
// is sent: by its first protocol call (Frame.evaluateExpression) and the public call it serves
// (`page.evaluate`, as Playwright names it in an error). Nothing of the runtime's is put on the
// program's stack, so Playwright names a failed call as the program wrote it.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { BrowserContext } from 'playwright-core';
import type { MutationRecorder } from '../../mutations/mutationCause.js';
import { onApiCallBegin, type ApiCall } from '../playwrightInternals/clientInstrumentation.js';

/** Protocol calls that run code in a page, by the object that sends them. */
const PAGE_CODE: Readonly<Record<string, ReadonlySet<string>>> = {
  // setContent: the program's HTML becomes the page, its scripts and handlers with it.
  Frame: new Set(['evaluateExpression', 'evaluateExpressionHandle', 'evalOnSelector', 'evalOnSelectorAll', 'addScriptTag', 'dispatchEvent', 'waitForFunction', 'setContent']),
  ElementHandle: new Set(['evaluateExpression', 'evaluateExpressionHandle', 'evalOnSelector', 'evalOnSelectorAll', 'dispatchEvent']),
  JSHandle: new Set(['evaluateExpression', 'evaluateExpressionHandle']),
  // Code the page runs later: an init script at each load, an exposed function when the page calls it.
  Page: new Set(['addInitScript', 'exposeBinding']),
  BrowserContext: new Set(['addInitScript', 'exposeBinding']),
  // A page's dedicated worker, or a service worker in a context of the task's own: code that can post as the page can.
  Worker: new Set(['evaluateExpression', 'evaluateExpressionHandle']),
  // A CDP session of the program's own: Runtime.evaluate, or anything at all (the runtime's own sessions send inside asRuntime).
  CDPSession: new Set(['send']),
};

/** Public calls that run the program's code in a page but announce another call first: a locator's evaluate finds its element (Frame.waitForSelector), then evaluates on it. */
const ELEMENT_FIRST: ReadonlySet<string> = new Set(['locator.evaluate', 'locator.evaluateHandle']);

/**
 * Public calls whose page code is Playwright's, not the program's, though they send a call
 * above (playwright-core's client Locator): allTextContents and allInnerTexts read through
 * Frame.evalOnSelectorAll; dispatchEvent, a Playwright action named by actionWindows.ts, is
 * Frame.dispatchEvent.
 */
const PLAYWRIGHT_OWN: ReadonlySet<string> = new Set(['locator.allTextContents', 'locator.allInnerTexts', 'locator.dispatchEvent']);

/** The receipt's names for objects Playwright names longer. */
const OWNER_LABEL: Readonly<Record<string, string>> = { elementHandle: 'handle', jsHandle: 'handle', browserContext: 'context' };

/** Set inside the runtime's own calls: what they run in a page is not the program's. */
const runtime = new AsyncLocalStorage<true>();

/** Runs the runtime's own page calls (read(), observe(), a covering element's read, its CDP sessions): not the program's page code. */
export function asRuntime<T>(call: () => T): T {
  return runtime.run(true, call);
}

/** Whether the call being made is one of the runtime's own (inside asRuntime). */
export function inRuntimeCall(): boolean {
  return runtime.getStore() === true;
}

/** Whether an announced call runs the program's code in a page. */
export function isProgramPageCode(call: ApiCall): boolean {
  if (PLAYWRIGHT_OWN.has(call.apiName)) return false;
  return PAGE_CODE[call.type]?.has(call.method) === true || ELEMENT_FIRST.has(call.apiName);
}

/** The receipt's name for a call: the public one the program wrote (`page.evaluate`, `handle.$eval`), else the protocol's. */
export function pageCodeLabel(call: ApiCall): string {
  const dot = call.apiName.indexOf('.');
  if (dot <= 0) return `${call.type}.${call.method}`;
  const owner = call.apiName.slice(0, dot);
  return `${OWNER_LABEL[owner] ?? owner}${call.apiName.slice(dot)}`;
}

/**
 * Records each call of the program's that runs code in the context's pages (one listener for
 * the whole connection). Added after the input guard (inputGuard.ts): a call it refuses is
 * never sent, so no page code ran. Returns false when this Playwright offers no instrumentation.
 */
export function watchPageCode(context: BrowserContext, recorder: MutationRecorder): boolean {
  return onApiCallBegin(context, call => {
    if (runtime.getStore() || !isProgramPageCode(call)) return;
    const label = pageCodeLabel(call);
    recorder.record({ kind: 'pageCode', key: `pageCode ${label}`, text: `${label} (page code ran)` });
  });
}
