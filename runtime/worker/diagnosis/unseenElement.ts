// An `expect(locator).toBeHidden()` that failed on an element a person does not see: Playwright
// counts an element visible when it has a box and no visibility:hidden, so a dialog or popup a
// library closes by fading it to opacity 0, taking its pointer events or scaling it to nothing
// stays "visible" (sweetalert keeps its closed dialog so: site 13's agent waited for it to hide
// after the retire had worked). Read once at the failure, in the runtime's name (no mutation).
import type { Locator } from 'playwright-core';
import { asRuntime } from '../effects/pageCodeCalls.js';

const READ_TIMEOUT_MS = 1000;

/** In the page: why a person does not see the element, or null when nothing hides it. Self-contained: sent as text. */
const unseenRead = (element: Element): string | null => {
  for (let e: Element | null = element; e; e = e.parentElement) {
    const style = getComputedStyle(e);
    if (Number(style.opacity) === 0) return 'opacity 0';
    if (/scale\(0(?:\.0+)?[,)]|matrix\(0, 0, 0, 0,/.test(style.transform)) return 'scaled to nothing';
  }
  const box = element.getBoundingClientRect();
  if (box.width < 2 || box.height < 2) return 'no size';
  if (getComputedStyle(element).pointerEvents === 'none') return 'pointer-events: none';
  return null;
};

/** Why the one element the locator matches is not seen by a person though Playwright counts it visible; undefined when it is seen or cannot be read. */
export async function unseenReason(locator: Locator): Promise<string | undefined> {
  if ((await locator.count().catch(() => 0)) !== 1) return undefined;
  const why = await asRuntime(() => locator.evaluate(unseenRead, undefined, { timeout: READ_TIMEOUT_MS })).catch(() => null);
  return why ?? undefined;
}
