// While a person works on the task's pages (a program waits in `handoff()`), the program's own
// input, navigations and reads of the page fail at once with PageHeldByPerson, before anything
// is sent: what the person types is theirs (a program that does not await handoff() must not
// read it live, nor act under their hands). The router refuses the same from any other client
// of the task (router/personHoldPolicy.ts); it lets the task's own worker run code in the page,
// because handoff's `until` watch (locator.waitFor: Frame.waitForSelector, Frame.isVisible)
// needs it, so this guard is where the program's own calls are told apart by name. Playwright
// retries a refused click until its timeout and would report a TimeoutError: here it is named.
//
// It listens to Playwright's client instrumentation (clientInstrumentation.ts: every API call is
// announced there, synchronously, before it is sent, and a listener that throws fails the call)
// and names the calls by their protocol names (`Frame.click`, `Page.mouseMove`). Relied on
// (README.md here; test/playwright-internals checks it on a live page). A program is not sandboxed: one written
// to go around Playwright's API goes around this guard (SECURITY.md).
import type { BrowserContext } from 'playwright-core';
import { PAGE_HELD_BY_PERSON } from '../../../contract/errors.js';
import { onApiCallBegin } from './clientInstrumentation.js';

/** Protocol calls that act on a page: input, focus, navigation, content, files, page tools. */
const ACTIONS: Readonly<Record<string, ReadonlySet<string>>> = {
  Frame: new Set(['blur', 'check', 'click', 'dblclick', 'dispatchEvent', 'dragAndDrop', 'drop', 'fill', 'focus', 'goto', 'hover', 'press',
    'selectOption', 'setContent', 'setInputFiles', 'tap', 'type', 'uncheck', 'webmcpCallTool']),
  ElementHandle: new Set(['check', 'click', 'dblclick', 'dispatchEvent', 'fill', 'focus', 'hover', 'press', 'selectOption', 'selectText',
    'setInputFiles', 'tap', 'type', 'uncheck']),
  Page: new Set(['goBack', 'goForward', 'reload', 'keyboardDown', 'keyboardInsertText', 'keyboardPress', 'keyboardType', 'keyboardUp',
    'mouseClick', 'mouseDown', 'mouseMove', 'mouseUp', 'mouseWheel', 'touchscreenTap']),
};

/**
 * Protocol calls that read what is in a page (a field's value, its text, a picture of it) or
 * run the program's code there. Not held: waiting for a selector and visibility (handoff's own
 * `until` watch), titles and URLs.
 */
const READS: Readonly<Record<string, ReadonlySet<string>>> = {
  Frame: new Set(['evaluateExpression', 'evaluateExpressionHandle', 'evalOnSelector', 'evalOnSelectorAll', 'waitForFunction', 'inputValue',
    'innerHTML', 'innerText', 'textContent', 'getAttribute', 'content', 'ariaSnapshot', 'addScriptTag', 'addStyleTag', 'expect']),
  ElementHandle: new Set(['evaluateExpression', 'evaluateExpressionHandle', 'evalOnSelector', 'evalOnSelectorAll', 'inputValue', 'innerHTML',
    'innerText', 'textContent', 'getAttribute', 'screenshot', 'getProperty', 'getPropertyList', 'jsonValue']),
  JSHandle: new Set(['evaluateExpression', 'evaluateExpressionHandle', 'getProperty', 'getPropertyList', 'jsonValue']),
  Page: new Set(['screenshot', 'expectScreenshot', 'addInitScript', 'exposeBinding', 'pdf']),
  BrowserContext: new Set(['addInitScript', 'exposeBinding']),
  Worker: new Set(['evaluateExpression', 'evaluateExpressionHandle']),
  // A program's own CDP session: anything at all.
  CDPSession: new Set(['send']),
};

/**
 * Locator calls that announce only the Frame.waitForSelector finding their element, then read
 * it or act on it unannounced (ElementHandle.evaluateExpression, screenshot, selectText): held
 * by the public call the program made (clientInstrumentation.ts: the zone's apiName).
 */
const HELD_BY_NAME: ReadonlySet<string> = new Set(['locator.evaluate', 'locator.evaluateHandle', 'locator.screenshot', 'locator.selectText']);

/** A call Playwright would send to act on a page while a person works on it. */
export function isPageAction(type: string, method: string): boolean {
  return ACTIONS[type]?.has(method) === true;
}

/** A call that acts on a page or reads it: held while a person works on it. */
export function isHeldCall(type: string, method: string): boolean {
  return isPageAction(type, method) || READS[type]?.has(method) === true;
}

export class PageHeldByPerson extends Error {
  override name = PAGE_HELD_BY_PERSON;
}

/**
 * Refuses the program's page actions and reads while `hold()` says why (a person works on the pages).
 * Returns false when this Playwright offers no instrumentation to listen to.
 */
export function guardPageActions(context: BrowserContext, hold: () => string | undefined): boolean {
  return onApiCallBegin(context, call => {
    const why = isHeldCall(call.type, call.method) || HELD_BY_NAME.has(call.apiName) ? hold() : undefined;
    if (why !== undefined) throw new PageHeldByPerson(`${PAGE_HELD_BY_PERSON}: ${why}`);
  });
}
