// While a person works on the task's pages (a program waits in `handoff()`), the program's own
// input and navigations fail at once with PageHeldByPerson, before anything is sent. The router
// refuses the same commands from any client of the task (router/pageSessionPolicy.ts,
// heldForPerson); this guard is what makes a program racing the person hear it by name:
// Playwright retries a refused click until its timeout and would report a TimeoutError.
//
// It listens to Playwright's client instrumentation (one per connection: every API call is
// announced there, synchronously, before it is sent, and a listener that throws fails the call),
// reached through the private `_instrumentation` of a client object, and names the calls by
// their protocol names (`Frame.click`, `Page.mouseMove`). Relied on (README.md here;
// test/playwright-internals checks it on a live page). Without it the router still refuses;
// only the name is lost.
import type { BrowserContext } from 'playwright-core';
import { PAGE_HELD_BY_PERSON } from '../../../contract/errors.js';

/** Protocol calls that act on a page: input, focus, navigation, content, files, page tools. */
const ACTIONS: Readonly<Record<string, ReadonlySet<string>>> = {
  Frame: new Set(['blur', 'check', 'click', 'dblclick', 'dispatchEvent', 'dragAndDrop', 'drop', 'fill', 'focus', 'goto', 'hover', 'press',
    'selectOption', 'setContent', 'setInputFiles', 'tap', 'type', 'uncheck', 'webmcpCallTool']),
  ElementHandle: new Set(['check', 'click', 'dblclick', 'dispatchEvent', 'fill', 'focus', 'hover', 'press', 'selectOption', 'selectText',
    'setInputFiles', 'tap', 'type', 'uncheck']),
  Page: new Set(['goBack', 'goForward', 'reload', 'keyboardDown', 'keyboardInsertText', 'keyboardPress', 'keyboardType', 'keyboardUp',
    'mouseClick', 'mouseDown', 'mouseMove', 'mouseUp', 'mouseWheel', 'touchscreenTap']),
};

/** A call Playwright would send to act on a page while a person works on it. */
export function isPageAction(type: string, method: string): boolean {
  return ACTIONS[type]?.has(method) === true;
}

export class PageHeldByPerson extends Error {
  override name = PAGE_HELD_BY_PERSON;
}

interface ApiCall { type: string; method: string }
interface ClientInstrumentation {
  addListener(listener: { onApiCallBegin?: (zone: unknown, call: ApiCall) => void }): void;
}

function instrumentationOf(context: BrowserContext): ClientInstrumentation | undefined {
  const candidate = (context as unknown as { _instrumentation?: Partial<ClientInstrumentation> })._instrumentation;
  return typeof candidate?.addListener === 'function' ? candidate as ClientInstrumentation : undefined;
}

/**
 * Refuses the program's page actions while `hold()` says why (a person works on the pages).
 * Returns false when this Playwright offers no instrumentation to listen to.
 */
export function guardPageActions(context: BrowserContext, hold: () => string | undefined): boolean {
  const instrumentation = instrumentationOf(context);
  if (!instrumentation) return false;
  instrumentation.addListener({
    onApiCallBegin: (_zone, call) => {
      const why = isPageAction(call.type, call.method) ? hold() : undefined;
      if (why !== undefined) throw new PageHeldByPerson(`${PAGE_HELD_BY_PERSON}: ${why}`);
    },
  });
  return true;
}
