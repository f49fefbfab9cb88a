// Where a task's Playwright waits less than stock Playwright, checking the same things.
// Applied to the text of playwright-core's lib/coreBundle.js as a task worker loads it
// (oneByteSource.ts's loader); programs still call Playwright's own API.
// - A pointer action waits for its element to be stable: the same box in two animation frames
//   in a row (injected script, _checkElementIsStable). Stock Playwright takes its first sample
//   in the next frame, so a click waits 1 to 2 frames (17 to 33 ms headless); here the first
//   sample is taken at once, which is the box as of the last frame, and the second in the next
//   frame: the same one frame boundary checked, half a frame less waiting on average. The hit
//   target is still checked at the point and moment of the click, so a moved or covered
//   target is never clicked (bench:controlled checks both).
// - A wait that polls (expect, locator.waitFor, an action looking for its element) polls every
//   10 to 20 ms for its first half second instead of after 20, 50, 100, 100 ms (stock finds a
//   text that appears 150 ms later at 170 ms, one at 75 ms at 170 ms), then backs off as stock
//   does; and a refused action attempt (not visible, not stable, covered) is retried sooner.
//   What is waited for, and every timeout, stay as they are.
// - Two round trips an action waited for one after the other go together (each is ~2 ms from a
//   task's worker through the router): an action reads what its element lookup found (the log
//   line, the box) and takes the element's handle in one go instead of two; a pointer action
//   asks for the element's quads right behind its scroll into view, on the same CDP session,
//   which Chromium answers in order (so the quads are the scrolled ones). A retry that scrolls
//   by script (the scroll options Playwright cycles through) and an action at a given position
//   keep stock order. And marking an element as an action's target (custom events the trace
//   recorder listens to) is sent, not waited for: the evaluates after it on the same session
//   run after it in the page all the same.
// - In those first fast polls, a wait also ends at the frame's next DOM change: an observer in
//   Playwright's utility world (the page cannot reach it) resolves at the first mutation, so a
//   text that a timer puts on the page is seen one round trip later instead of up to one poll
//   interval later. Later, slower polls sleep as stock: a page that changes every frame is not
//   polled every frame for the whole timeout.
// A Playwright whose text no longer matches gets no change (stock timing, still correct);
// test/unit-playwright-timing.test.ts fails on it, so an upgrade brings the change across.

/** A change to a bundle's text: `find` must occur exactly once (timing here, utilityWorldReads.ts's reads). */
export interface BundleTextChange { name: string; find: string; replace: string }

/** Stock: [20, 50, 100, 100, 500]. 15 waits of 15 ms and 14 of 20 ms make the first ~0.5 s. */
const WAIT_POLLS = [10, ...Array<number>(15).fill(15), ...Array<number>(14).fill(20), 50, 50, 100, 100, 500];
/** The polls short enough to wake at a DOM change: those of the first half second. */
const FAST_POLL_MS = 20;

export const TIMING_CHANGES: readonly BundleTextChange[] = [
  {
    name: 'stable check samples now and in the next frame',
    // Inside the injected script's source, a string literal in the bundle: its newlines are `\n` escapes.
    find: String.raw`this.utils.builtins.requestAnimationFrame(raf);\n    return result;\n  }\n  _createAriaRefEngine`,
    replace: String.raw`raf();\n    return result;\n  }\n  _createAriaRefEngine`,
  },
  {
    name: 'polling waits start at 10-20 ms',
    find: 'const backoffScale = [20, 50, 100, 100, 500];',
    replace: `const backoffScale = [${WAIT_POLLS.join(', ')}];`,
  },
  {
    name: 'a refused action attempt is retried sooner',
    find: 'const waitTime = [0, 20, 100, 100, 500];',
    replace: 'const waitTime = [0, 10, 20, 20, 50, 100, 100, 500];',
  },
  {
    name: 'an action reads its lookup and takes its element together',
    find: [
      '          const result2 = resolved.result;',
      '          const { log: log2, success, box } = await progress3.race(result2.evaluate((r) => ({ log: r.log, success: r.success, box: r.box })));',
      '          if (log2)',
      '            progress3.log(log2);',
      '          if (!success) {',
      '            result2.dispose();',
      '            return continuePolling;',
      '          }',
      '          if (waitForFrameVisible && !resolved.frameVisible) {',
      '            progress3.log("  element is inside a hidden frame, retrying");',
      '            result2.dispose();',
      '            return continuePolling;',
      '          }',
      '          const element3 = await progress3.race(result2.evaluateHandle((r) => r.element));',
    ].join('\n'),
    replace: [
      '          const result2 = resolved.result;',
      '          const elementHandle = result2.evaluateHandle((r) => r.element);',
      '          const dropElement = () => elementHandle.then((handle) => handle.dispose(), () => {});',
      '          let lookup;',
      '          try {',
      '            lookup = await progress3.race(result2.evaluate((r) => ({ log: r.log, success: r.success, box: r.box })));',
      '          } catch (e) {',
      '            dropElement();',
      '            throw e;',
      '          }',
      '          const { log: log2, success, box } = lookup;',
      '          if (log2)',
      '            progress3.log(log2);',
      '          if (!success) {',
      '            result2.dispose();',
      '            dropElement();',
      '            return continuePolling;',
      '          }',
      '          if (waitForFrameVisible && !resolved.frameVisible) {',
      '            progress3.log("  element is inside a hidden frame, retrying");',
      '            result2.dispose();',
      '            dropElement();',
      '            return continuePolling;',
      '          }',
      '          let element3;',
      '          try {',
      '            element3 = await progress3.race(elementHandle);',
      '          } catch (e) {',
      '            dropElement();',
      '            throw e;',
      '          }',
    ].join('\n'),
  },
  {
    name: 'a pointer action asks for its quads behind its scroll',
    find: [
      '        const scrolled = await doScrollIntoView(progress2);',
      '        if (scrolled !== "done")',
      '          return scrolled;',
      '        progress2.log("  done scrolling");',
      '        const maybeResult = position ? await this._offsetPoint(progress2, position) : await this._clickablePoint(progress2);',
    ].join('\n'),
    replace: [
      '        // Sent in order on one session: the quads are read after the scroll (playwrightTiming.ts).',
      '        const scrolling = doScrollIntoView(progress2);',
      '        const pointing = !forceScrollOptions && !position && this._page.browserContext._browser.options.name === "chromium" ? this._clickablePoint(progress2) : void 0;',
      '        pointing?.catch(() => {});',
      '        const scrolled = await scrolling;',
      '        if (scrolled !== "done")',
      '          return scrolled;',
      '        progress2.log("  done scrolling");',
      '        const maybeResult = pointing ? await pointing : position ? await this._offsetPoint(progress2, position) : await this._clickablePoint(progress2);',
    ].join('\n'),
  },
  {
    name: 'marking the target element is not waited for',
    find: [
      '      async _markAsTargetElement(progress2) {',
      '        await progress2.race(this.evaluateInUtility(([injected, node]) => {',
      '          if (node.nodeType === 1)',
      '            injected.markTargetElements(/* @__PURE__ */ new Set([node]));',
      '        }, {}));',
      '      }',
    ].join('\n'),
    replace: [
      '      async _markAsTargetElement(progress2) {',
      '        this.evaluateInUtility(([injected, node]) => {',
      '          if (node.nodeType === 1)',
      '            injected.markTargetElements(/* @__PURE__ */ new Set([node]));',
      '        }, {}).catch(() => {});',
      '      }',
    ].join('\n'),
  },
  {
    name: 'a fast poll also wakes at the next DOM change',
    find: '            const actionPromise = new Promise((f) => setTimeout(f, timeout));',
    replace: [
      '            const actionPromise = new Promise((f) => {',
      '              setTimeout(f, timeout);',
      `              if (timeout <= ${FAST_POLL_MS})`,
      '                this.existingContext("utility")?.evaluate((ms) => new Promise((resolve) => {',
      '                  const observer = new MutationObserver(() => { observer.disconnect(); resolve(); });',
      '                  observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });',
      '                  setTimeout(() => { observer.disconnect(); resolve(); }, ms);',
      '                }), timeout).then(f, () => {});',
      '            });',
    ].join('\n'),
  },
];

/** The bundle's text with each change made where its text occurs exactly once; the names of those that did not. */
export function retimedPlaywright(source: string): { text: string; missing: string[] } {
  return changedText(source, TIMING_CHANGES);
}

/** `source` with each change made where its text occurs exactly once; the names of those that did not. */
export function changedText(source: string, changes: readonly BundleTextChange[]): { text: string; missing: string[] } {
  let text = source;
  const missing: string[] = [];
  for (const change of changes) {
    const at = text.indexOf(change.find);
    if (at < 0 || text.indexOf(change.find, at + 1) >= 0) {
      missing.push(change.name);
      continue;
    }
    text = text.slice(0, at) + change.replace + text.slice(at + change.find.length);
  }
  return { text, missing };
}
