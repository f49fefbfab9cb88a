// Where a task's Playwright waits less than stock Playwright, checking the same things.
// Applied to the text of playwright-core's lib/coreBundle.js as a task worker loads it
// (oneByteSource.ts's loader); programs still call Playwright's own API.
// - A pointer action waits for its element to be stable: the same box in two animation frames
//   in a row (injected script, _checkElementIsStable). Stock Playwright takes its first sample
//   in the next frame, so a click waits 1 to 2 frames (17 to 33 ms headless); here the first
//   sample is taken at once and the second in the next frame, half a frame less waiting on
//   average, but only while no animation runs (or is about to) in the element's document:
//   Blink moves a document's animation clock ahead to its estimate of the next frame for a
//   script between frames, so that sample and the next frame's can be of one moment, and a
//   button in a CSS transition passed as stable (Playwright's page-click spec 'should not hang
//   when frame is detached', 2 of 8 runs in a repro). With an animation, both samples are
//   frames', as stock. The hit target is still checked at the point and moment of the click,
//   so a moved or covered target is never clicked (bench:controlled checks both).
//   Two samples of one animation time are not compared, nor one taken while an animation was
//   pending (held at its start) with the next: with other Chromiums busy, Chromium ran two
//   animation frame callbacks of one time and a button in a CSS transition was clicked mid-slide
//   (ebfd495: 24 of 500 clicks; with this: none in 500; stock's check passes such a pair too).
// - A wait that polls (expect, locator.waitFor, an action looking for its element) polls every
//   10 to 20 ms for its first half second instead of after 20, 50, 100, 100 ms (stock finds a
//   text that appears 150 ms later at 170 ms, one at 75 ms at 170 ms), then backs off as stock
//   does; and a refused action attempt (not visible, not stable, covered) is retried sooner.
//   What is waited for, and every timeout, stay as they are.
// - Round trips an action waited for one after the other go together: actionRoundTrips.ts.
// - In those first fast polls, a wait also ends at a DOM change in its frame: an observer in
//   Playwright's utility world (the page cannot reach it) counts changes; the count is read
//   just ahead of a check, so a change made after the check read the page ends the wait after
//   it at once, and one made while it waits ends it then. Later, slower polls sleep as stock: a
//   page that changes every frame is not polled every frame for the whole timeout.
// - An expect's fast polls go further: the wait for a change, the count and the check are one
//   evaluate in the utility world (for a selector of the frame itself; a child frame's or the
//   main world's poll waits as above). A change ends the wait and the check follows as a task of
//   its own (user-blocking: ahead of the frame the change asked for): no round trip between
//   them, and the state checked is one between two of the page's tasks, as any check sent from
//   outside sees (never one from the middle of a task). Its lookup is Playwright's own (strict
//   mode, the same errors).
// - An expect whose element is missing takes the page snapshot its error carries
//   (matcherResult.ariaSnapshot) once, when it fails, instead of at every poll (a round trip and
//   a walk of the whole page each time).
// A Playwright whose text no longer matches gets no change (stock timing, still correct);
// test/unit-playwright-timing.test.ts fails on it, so an upgrade brings the change across.

import { ACTION_ROUND_TRIP_CHANGES } from './actionRoundTrips.js';
import { changedText, type BundleTextChange } from './bundleTextChange.js';


/** Stock: [20, 50, 100, 100, 500]. 15 waits of 15 ms and 14 of 20 ms make the first ~0.5 s. */
const WAIT_POLLS = [10, ...Array<number>(15).fill(15), ...Array<number>(14).fill(20), 50, 50, 100, 100, 500];
/** The polls short enough to wake at a DOM change: those of the first half second. */
const FAST_POLL_MS = 20;
/** How long a failed expect waits for the page snapshot its error carries. */
const FAILURE_SNAPSHOT_MS = 1000;

/** The DOM changes a frame's utility world has counted (domChanges), and the waits they end. */
interface DomChangeCounter { count: number; wake: Set<() => void> }

/**
 * Runs in a frame's utility world, out of the page's reach (its text goes into the bundle).
 * Without a wait: how many DOM changes the frame has had, counted by an observer installed at
 * the first call. With one: resolves as soon as that count is not `since` (`since` unknown:
 * at the next change), or after `ms`. Read before a poll's check and waited on after it, a
 * change made between the two ends the wait, and so does one made while it waits.
 */
export function domChanges(wait?: { since: number | undefined; ms: number }): number | Promise<void> {
  const world = globalThis as typeof globalThis & { __tabwrightDomChanges?: DomChangeCounter };
  let counter = world.__tabwrightDomChanges;
  if (!counter) {
    const installed: DomChangeCounter = { count: 0, wake: new Set() };
    new MutationObserver(() => {
      installed.count++;
      for (const wake of [...installed.wake]) wake();
    }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    world.__tabwrightDomChanges = counter = installed;
  }
  if (!wait) return counter.count;
  const changes = counter;
  if (wait.since !== undefined && changes.count !== wait.since) return Promise.resolve();
  return new Promise<void>(resolve => {
    const end = () => {
      clearTimeout(timer);
      changes.wake.delete(end);
      resolve();
    };
    const timer = setTimeout(end, wait.ms);
    changes.wake.add(end);
  });
}

/** The page function of Playwright's _callOnSelectorInternal (1.65.1): an expect's poll in the page runs it, made over below. */
const STOCK_LOOKUP_PAGE_FUNCTION = [
  '              const elements = injected2.querySelectorAll(params2.info.parsed, params2.scope || document);',
  '              if (params2.markTargets === "all")',
  '                injected2.markTargetElements(new Set(elements));',
  '              else if (params2.markTargets === "first" && elements.length)',
  '                injected2.markTargetElements(/* @__PURE__ */ new Set([elements[0]]));',
  '              else if (params2.markTargets === "first")',
  '                injected2.markTargetElements(/* @__PURE__ */ new Set());',
  '              injected2.checkDeprecatedSelectorUsage(params2.info.parsed, elements);',
  '              if (params2.info.strict && elements.length > 1)',
  '                throw injected2.strictModeViolationError(params2.info.parsed, elements);',
  '              if (!elements.length && !params2.callWithoutMatches)',
  '                return "--playwright--no--result--value--";',
  '              const func = injected2.eval("(" + params2.functionText + ")");',
  '              return func({ injected: injected2, elements, info: params2.info, frameVisible: params2.frameVisible }, params2.arg);',
].join('\n');

/** `text` with `from` replaced by `to`; `from` must be there (these are this file's own texts). */
function replacedOnce(text: string, from: string | RegExp, to: string): string {
  if (!text.match(from)) throw new Error(`playwrightTiming.ts: ${String(from)} is not in the text it changes`);
  return text.replace(from, to);
}

/**
 * That page function as an expect's poll runs it, made from it: in the frame's own document (a
 * poll has no scope), its answers carrying the DOM change count read just before it.
 */
const POLL_LOOKUP_PAGE_FUNCTION = replacedOnce(replacedOnce(replacedOnce(STOCK_LOOKUP_PAGE_FUNCTION,
  'params2.scope || document', 'document'),
  'return "--playwright--no--result--value--";', 'return { count, value: "--playwright--no--result--value--" };'),
  /return (func\(.*\));/, 'return { count, value: await $1 };');

/** How many pairs of samples one stable check may leave uncompared (of one animation time, or the first taken while an animation was pending). */
const UNPAIRED_SAMPLES = 5;

export const TIMING_CHANGES: readonly BundleTextChange[] = [
  {
    name: 'stable check samples now and in the next frame',
    group: 'stable check',
    // Inside the injected script's source, a string literal in the bundle: its newlines are `\n` escapes.
    find: String.raw`this.utils.builtins.requestAnimationFrame(raf);\n    return result;\n  }\n  _createAriaRefEngine`,
    replace: String.raw`if (tabwrightAnimating()) this.utils.builtins.requestAnimationFrame(raf); else { sampledNow = true; raf(); }\n    return result;\n  }\n  _createAriaRefEngine`,
  },
  {
    name: 'a stable check compares its first sample taken now only while no animation runs in its document',
    group: 'stable check',
    find: String.raw`clientRect.height };\n      if (lastRect) {\n        const samePosition = rect.x === lastRect.x`,
    replace: String.raw`clientRect.height };\n      const animations = tabwrightAnimations();\n      const clock = tabwrightClock();\n      const pending = animations.some((a) => a.pending && a.timeline === node.ownerDocument.timeline);\n`
      + String.raw`      if (lastRect && sampledNow) {\n        sampledNow = false;\n        if (animations.some((a) => a.pending || a.playState === "running")) {\n          lastRect = rect;\n          lastClock = clock;\n          lastPending = pending;\n          return continuePolling;\n        }\n`
      // Chromium may run two animation frame callbacks of one animation time (under load, each
      // time a transition was clicked mid-slide), and an animation is held at its start while
      // pending, for a frame or more: two such samples show one box while it moves. Such a pair
      // is not compared; the later sample is compared with the next. A few times at most: a
      // page whose animation clock stands still (paused by DevTools) is then checked as stock.
      + String.raw`      } else if (lastRect && (lastPending || tabwrightSameTime(clock, lastClock)) && unpaired++ < ${UNPAIRED_SAMPLES}) {\n        lastRect = rect;\n        lastClock = clock;\n        lastPending = pending;\n        return continuePolling;\n      }\n      lastClock = clock;\n      lastPending = pending;\n`
      + String.raw`      if (lastRect) {\n        const samePosition = rect.x === lastRect.x`,
  },
  {
    name: 'a stable check knows the animations of its document and their clock',
    group: 'stable check',
    find: String.raw`    let lastRect;\n    let stableRafCounter = 0;\n    let lastTime = 0;\n    const check = () => {`,
    replace: String.raw`    let lastRect;\n    let stableRafCounter = 0;\n    let lastTime = 0;\n    let sampledNow = false;\n    let lastClock;\n    let lastPending = false;\n    let unpaired = 0;\n`
      + String.raw`    const tabwrightAnimations = () => { const doc = node.ownerDocument; return doc && typeof doc.getAnimations === "function" ? doc.getAnimations() : []; };\n`
      + String.raw`    const tabwrightAnimating = () => tabwrightAnimations().some((a) => a.pending || a.playState === "running");\n`
      + String.raw`    const tabwrightClock = () => { const timeline = node.ownerDocument && node.ownerDocument.timeline; return timeline ? timeline.currentTime : null; };\n`
      // A page reads its clock coarsened (to 0.1 ms, with jitter): two reads of one time may differ by that much, while frames are milliseconds apart.
      + String.raw`    const tabwrightSameTime = (a, b) => a === b || (typeof a === "number" && typeof b === "number" && Math.abs(a - b) < 1);\n`
      + String.raw`    const check = () => {`,
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
    name: 'a fast poll also wakes at a DOM change since its last check',
    find: [
      '        let timeoutIndex = 0;',
      '        while (true) {',
      '          const timeout = timeouts[Math.min(timeoutIndex++, timeouts.length - 1)];',
      '          if (timeout) {',
      '            const actionPromise = new Promise((f) => setTimeout(f, timeout));',
      '            await progress2.race(LongStandingScope.raceMultiple([',
      '              this._page.openScope,',
      '              this._detachedScope',
      '            ], actionPromise));',
      '          }',
      '          try {',
      '            const result2 = await action(progress2, continuePolling);',
    ].join('\n'),
    replace: [
      '        let timeoutIndex = 0;',
      '        let changesBefore;',
      '        const tabwrightDomChanges = ' + String(domChanges) + ';',
      '        while (true) {',
      '          const timeout = timeouts[Math.min(timeoutIndex++, timeouts.length - 1)];',
      '          // An action that waits in the page itself (expect: the wait, the count and its check in one evaluate) is handed its fast polls.',
      `          const poll = action.tabwrightPollsInPage && timeout <= ${FAST_POLL_MS} ? { wait: timeout ? { since: changesBefore, ms: timeout } : void 0, count: void 0, domChanges: tabwrightDomChanges } : void 0;`,
      '          if (timeout && !poll) {',
      '            const before = changesBefore;',
      '            const actionPromise = new Promise((f) => {',
      '              setTimeout(f, timeout);',
      `              if (timeout <= ${FAST_POLL_MS})`,
      '                Promise.resolve(before).then((since) => {',
      '                  this.existingContext("utility")?.evaluate(tabwrightDomChanges, { since, ms: timeout }).then(f, () => {});',
      '                });',
      '            });',
      '            await progress2.race(LongStandingScope.raceMultiple([',
      '              this._page.openScope,',
      '              this._detachedScope',
      '            ], actionPromise));',
      '          }',
      '          // How many DOM changes the frame has seen as this check starts, sent ahead of it on the same session (a first',
      '          // check, which usually succeeds, reads none: the wait after it ends at the next change).',
      `          changesBefore = poll ? void 0 : timeout && timeouts[Math.min(timeoutIndex, timeouts.length - 1)] <= ${FAST_POLL_MS} ? this.existingContext("utility")?.evaluate(tabwrightDomChanges).catch(() => void 0) : void 0;`,
      '          try {',
      '            const result2 = await action(progress2, continuePolling, poll);',
      '            if (poll)',
      '              changesBefore = poll.count;',
    ].join('\n'),
  },
  {
    name: 'a missing element\'s page snapshot is taken when its expect fails',
    group: 'failure snapshot',
    find: [
      '          if (matches === options.isNot && !isArray) {',
      '            const context = await progress2.race(this.context(mainWorld ? "main" : "utility"));',
      '            const injected = await progress2.race(context.injectedScript());',
      '            const ariaSnapshot = await progress2.race(injected.evaluate((injected2) => {',
      '              if (injected2.document.body)',
      '                return injected2.ariaSnapshotForExpectFailure(injected2.document.body, { mode: "default" });',
      '            }));',
      '            if (ariaSnapshot)',
      '              received = { ...received, ariaSnapshot };',
      '          }',
      '        }',
      '        if (matches === options.isNot) {',
    ].join('\n'),
    replace: [
      '          if (matches === options.isNot && !isArray) {',
      '            pageSnapshot = async () => {',
      '              const context = await this.context(mainWorld ? "main" : "utility");',
      '              const injected = await context.injectedScript();',
      '              return await injected.evaluate((injected2) => {',
      '                if (injected2.document.body)',
      '                  return injected2.ariaSnapshotForExpectFailure(injected2.document.body, { mode: "default" });',
      '              });',
      '            };',
      '          }',
      '        }',
      '        if (matches === options.isNot) {',
      '          lastIntermediateResult.pageSnapshot = pageSnapshot;',
    ].join('\n'),
  },
  {
    name: 'the page snapshot is declared for the poll that finds no element',
    group: 'failure snapshot',
    find: '        let missingReceived = false;\n        const resolved = await progress2.race(this.selectors.callOnSelector(',
    replace: '        let missingReceived = false;\n        let pageSnapshot;\n        const resolved = await progress2.race(this.selectors.callOnSelector(',
  },
  {
    name: 'a failed expect takes the page snapshot of its last poll that found no element',
    group: 'failure snapshot',
    find: '        } catch (e) {\n          const closedError = isTargetClosedError(e) || isSessionClosedError(e) ? rewriteErrorForClosedTarget(e, this.closeReason()) : void 0;',
    replace: [
      '        } catch (e) {',
      '          if (lastIntermediateResult.isSet && lastIntermediateResult.pageSnapshot) {',
      '            // Bounded: a page that no longer answers still gets its expect error.',
      `            const ariaSnapshot = await Promise.race([lastIntermediateResult.pageSnapshot().catch(() => void 0), new Promise((f) => setTimeout(f, ${FAILURE_SNAPSHOT_MS}))]);`,
      '            if (ariaSnapshot)',
      '              lastIntermediateResult.received = { ...lastIntermediateResult.received, ariaSnapshot };',
      '          }',
      '          const closedError = isTargetClosedError(e) || isSessionClosedError(e) ? rewriteErrorForClosedTarget(e, this.closeReason()) : void 0;',
    ].join('\n'),
  },
  {
    name: 'an expect takes its fast polls into the page',
    group: 'expect polls in the page',
    find: [
      '          await this.retryWithProgressAndBackoff(progress2, async (progress3, continuePolling) => {',
      '            await this._page.performActionPreChecks(progress3);',
      '            const { matches, received } = await this._expectInternal(progress3, selector, options, lastIntermediateResult, false);',
      '            if (matches === options.isNot) {',
      '              return continuePolling;',
      '            }',
      '            return { matches, received };',
      '          });',
    ].join('\n'),
    replace: [
      '          await this.retryWithProgressAndBackoff(progress2, Object.assign(async (progress3, continuePolling, poll) => {',
      '            await this._page.performActionPreChecks(progress3);',
      '            const { matches, received } = await this._expectInternal(progress3, selector, options, lastIntermediateResult, false, poll);',
      '            if (matches === options.isNot) {',
      '              return continuePolling;',
      '            }',
      '            return { matches, received };',
      '          }, { tabwrightPollsInPage: true }));',
    ].join('\n'),
  },
  {
    name: 'an expect check is given its poll',
    group: 'expect polls in the page',
    find: 'async _expectInternal(progress2, selector, options, lastIntermediateResult, noAbort) {',
    replace: 'async _expectInternal(progress2, selector, options, lastIntermediateResult, noAbort, poll) {',
  },
  {
    name: 'an expect check passes its poll to the lookup',
    group: 'expect polls in the page',
    find: '{ selector: effectiveSelector, strict: !isArray, mainWorld, markTargets: "all" }',
    replace: '{ selector: effectiveSelector, strict: !isArray, mainWorld, markTargets: "all", tabwrightPoll: poll }',
  },
  // The poll's evaluate copies the page function of Playwright's _callOnSelectorInternal (strict
  // mode, its errors, the no-match answer): this change leaves that text as it is, and makes the
  // group apply only where it is still the text copied, so an upgrade that changed it brings
  // stock's polls back instead of a stale copy.
  {
    name: 'Playwright\'s lookup page function is still the one an expect\'s poll in the page copies',
    group: 'expect polls in the page',
    find: STOCK_LOOKUP_PAGE_FUNCTION,
    replace: STOCK_LOOKUP_PAGE_FUNCTION,
  },
  {
    name: 'a lookup with a poll waits, counts and checks in one evaluate',
    group: 'expect polls in the page',
    find: '      async callOnSelector(target, pageFunction, arg2) {\n        const result2 = await this._callOnSelectorInternal(',
    replace: [
      '      // A poll\'s wait, the DOM change count and the check in one evaluate, for a selector of this frame in its utility world (playwrightTiming.ts).',
      '      async _tabwrightPolledCall(target, pageFunction, arg2) {',
      '        const poll = target.tabwrightPoll;',
      '        const frame = this.frame;',
      '        const resolved = target.mainWorld || target.scope ? [] : await this.resolveFramesForSelector(target);',
      '        const here = resolved.length === 1 && resolved[0].frame === frame && !resolved[0].scope && resolved[0].info.world === "utility" ? resolved[0] : void 0;',
      '        if (!here) {',
      '          // Elsewhere (a child frame, the main world): the wait, then the count sent ahead of the check, as any fast poll.',
      '          const utility = frame.existingContext("utility");',
      '          if (poll.wait)',
      '            await new Promise((f) => {',
      '              setTimeout(f, poll.wait.ms);',
      '              utility?.evaluate(poll.domChanges, poll.wait).then(f, () => {});',
      '            });',
      '          const counting = frame.existingContext("utility")?.evaluate(poll.domChanges).catch(() => void 0);',
      '          const result2 = await this._callOnSelectorInternal({ ...target, tabwrightPoll: void 0 }, pageFunction, arg2, true);',
      '          poll.count = await counting;',
      '          return result2;',
      '        }',
      '        const { info, frameVisible } = here;',
      '        const context = await frame.context("utility");',
      '        const injected = await context.injectedScript();',
      '        const reply = await injected.evaluate(async (injected2, params2) => {',
      '          const domChanges = injected2.eval("(" + params2.domChanges + ")");',
      '          if (params2.wait) {',
      '            await domChanges(params2.wait);',
      '            // The check is a task of its own, as any check sent from outside: the page has finished what the change was part of (its',
      '            // microtasks). A user-blocking one: Chromium runs it ahead of the frame the change asked for (a message task runs after it).',
      '            await new Promise((f) => {',
      '              if (typeof globalThis.scheduler?.postTask === "function")',
      '                return void globalThis.scheduler.postTask(f, { priority: "user-blocking" });',
      '              const channel = new MessageChannel();',
      '              channel.port1.onmessage = () => f();',
      '              channel.port2.postMessage(void 0);',
      '            });',
      '          }',
      '          // Read just ahead of the check, in the same task: a change after it ends the next wait at once.',
      '          const count = domChanges();',
      POLL_LOOKUP_PAGE_FUNCTION,
      '        }, { wait: poll.wait, domChanges: String(poll.domChanges), info, frameVisible, functionText: String(pageFunction), arg: arg2, callWithoutMatches: target.callWithoutMatches, markTargets: target.markTargets });',
      '        poll.count = reply.count;',
      '        if (reply.value === "--playwright--no--result--value--")',
      '          return;',
      '        return { frame, info, frameVisible, result: reply.value };',
      '      }',
      '      async callOnSelector(target, pageFunction, arg2) {',
      '        if (target.tabwrightPoll)',
      '          return await this._tabwrightPolledCall(target, pageFunction, arg2);',
      '        const result2 = await this._callOnSelectorInternal(',
    ].join('\n'),
  },
  ...ACTION_ROUND_TRIP_CHANGES,
];

/** The bundle's text with each change made where its text occurs exactly once; the names of those that did not. */
export function retimedPlaywright(source: string): { text: string; missing: string[] } {
  return changedText(source, TIMING_CHANGES);
}
