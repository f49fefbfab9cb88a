// Where a task's Playwright action waits for fewer round trips than stock, one after the other,
// checking the same things (part of playwrightTiming.ts's changes, applied with them).
// Round trips an action waited for one after the other go together (each is ~2 ms from a
// task's worker through the router): an action's element lookup answers by value (the log
// line, the box) and keeps its first match in Playwright's injected script under a key, and the
// handle to it is asked right behind the lookup on the same session, which Chromium runs in
// order: one round trip instead of three (stock: a handle to the answer, then its fields, then
// the element). A pointer action's lookup that finds its element fully in view (nothing to
// scroll) also starts the element's stable check there, and the action's stable check uses it
// if it is under 100 ms old: the same two samples a frame apart, begun a round trip sooner. A
// fill's, a select's and a check's lookup also makes the action's first attempt (actionLookup.ts),
// and a pointer action's may prepare the whole action up to its input (pointerInLookup.ts); the
// action's steps from its handle to its input are in pointerAction.ts. Marking an element as
// an action's target (custom events the trace recorder listens to) is sent, not waited for:
// the evaluates after it on the same session run after it in the page all the same. And an
// input action's epilogue (Chromium: Page.enable, answered after the events its input caused)
// is sent once its input is, beside the hit target result, instead of after it.

import type { BundleTextChange } from './bundleTextChange.js';
import { FIRST_ATTEMPT_CHANGES, LOOKUP_CALL, LOOKUP_DROP_PREPARED, LOOKUP_FINISHED, LOOKUP_FIRST_ATTEMPT } from './actionLookup.js';
import { POINTER_ACTION_CHANGES } from './pointerAction.js';

/** How recent a stable check the lookup started may be for the action to use it instead of starting its own. */
const EARLY_STABLE_MS = 100;

export const ACTION_ROUND_TRIP_CHANGES: readonly BundleTextChange[] = [
  {
    name: 'an action\'s lookup answers by value and its element\'s handle is asked behind it',
    group: 'one-round-trip lookup',
    find: [
      '          const resolved = await progress3.race(this.selectors.callOnSelectorHandle({ ...target, markTargets: "all" }, ({ injected, elements }) => {',
      '            const element4 = elements[0];',
      '            let log3 = "";',
      '            if (elements.length > 1)',
      '              log3 = `  locator resolved to ${elements.length} elements. Proceeding with the first one: ${injected.previewNode(elements[0])}`;',
      '            else if (element4)',
      '              log3 = `  locator resolved to ${injected.previewNode(element4)}`;',
      '            const rect = element4?.getBoundingClientRect();',
      '            return { log: log3, success: !!element4, element: element4, box: rect ? { x: rect.x, y: rect.y, width: rect.width, height: rect.height } : void 0 };',
      '          }, {}));',
      '          if (!resolved)',
      '            return continuePolling;',
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
      '          result2.dispose();',
    ].join('\n'),
    replace: [
      LOOKUP_CALL,
      '          if (!resolved)',
      '            return continuePolling;',
      '          const dropElement = () => resolved.taking?.then((handle) => handle.dispose(), () => {});',
      '          const { log: log2, success, box } = resolved.result;',
      '          if (log2)',
      '            progress3.log(log2);',
      '          if (!success) {',
      '            dropElement();',
      '            return continuePolling;',
      '          }',
      '          if (waitForFrameVisible && !resolved.frameVisible) {',
      '            progress3.log("  element is inside a hidden frame, retrying");',
      '            dropElement();',
      '            return continuePolling;',
      '          }',
      LOOKUP_FINISHED,
      '          let element3;',
      '          try {',
      '            element3 = await progress3.race(resolved.taking);',
      '          } catch (e) {',
      '            dropElement();',
      LOOKUP_DROP_PREPARED,
      '            throw e;',
      '          }',
      LOOKUP_FIRST_ATTEMPT,
    ].join('\n'),
  },
  {
    name: 'a lookup asked to take its first match asks for its handle right behind it',
    group: 'one-round-trip lookup',
    find: '            const evalResult2 = await injected[method2]((injected2, params2) => {',
    replace: '            const evaluating = injected[method2]((injected2, params2) => {',
  },
  {
    name: 'a lookup asked to take its first match returns its handle',
    group: 'one-round-trip lookup',
    find: [
      '              return func({ injected: injected2, elements, info: params2.info, frameVisible: params2.frameVisible }, params2.arg);',
      '            }, { info, scope, frameVisible, functionText: String(pageFunction), arg: arg2, callWithoutMatches: target.callWithoutMatches, markTargets: target.markTargets, returnByValue });',
      '            if (returnByValue && evalResult2 === "--playwright--no--result--value--")',
      '              return;',
      '            if (!returnByValue && evalResult2._value === "--playwright--no--result--value--") {',
      '              evalResult2.dispose();',
      '              return;',
      '            }',
      '            return { result: evalResult2 };',
    ].join('\n'),
    replace: [
      '              return func({ injected: injected2, elements, info: params2.info, frameVisible: params2.frameVisible }, params2.arg);',
      '            // An action\'s first attempt is made only where stock makes it: in the utility world of the one frame matched (actionLookup.ts).',
      '            }, { info, scope, frameVisible, functionText: String(pageFunction), arg: target.takeKey !== void 0 && (noStall || world !== "utility") ? { ...arg2, first: void 0, prepare: void 0 } : arg2, callWithoutMatches: target.callWithoutMatches, markTargets: target.markTargets, returnByValue });',
      '            // A lookup that takes its first match (actionRoundTrips.ts): the handle the page function kept under takeKey, asked right behind it.',
      '            const taking = target.takeKey !== void 0 ? injected.evaluateHandle((injected2, key) => {',
      '              const taken = injected2.__tabwrightTaken;',
      '              const element = taken?.get(key);',
      '              taken?.delete(key);',
      '              return element;',
      '            }, target.takeKey) : void 0;',
      '            taking?.catch(() => {});',
      '            const dropTaken = () => taking?.then((handle) => handle.dispose(), () => {});',
      '            let evalResult2;',
      '            try {',
      '              evalResult2 = await evaluating;',
      '            } catch (e) {',
      '              dropTaken();',
      '              throw e;',
      '            }',
      '            if (returnByValue && evalResult2 === "--playwright--no--result--value--") {',
      '              dropTaken();',
      '              return;',
      '            }',
      '            if (!returnByValue && evalResult2._value === "--playwright--no--result--value--") {',
      '              evalResult2.dispose();',
      '              dropTaken();',
      '              return;',
      '            }',
      '            return { result: evalResult2, taking };',
    ].join('\n'),
  },
  {
    name: 'the taken handle travels with the lookup\'s result',
    group: 'one-round-trip lookup',
    find: [
      '          if (aggregatedResult)',
      '            throw new NonRecoverableDOMError(`frameLocator() matched elements in multiple frames.`);',
      '          aggregatedResult = { frame, info, frameVisible, result: maybeResult.result };',
    ].join('\n'),
    replace: [
      '          if (aggregatedResult) {',
      '            for (const taking of [aggregatedResult.taking, maybeResult.taking])',
      '              taking?.then((handle) => handle.dispose(), () => {});',
      '            throw new NonRecoverableDOMError(`frameLocator() matched elements in multiple frames.`);',
      '          }',
      '          aggregatedResult = { frame, info, frameVisible, result: maybeResult.result, taking: maybeResult.taking };',
    ].join('\n'),
  },
  ...POINTER_ACTION_CHANGES,
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
    name: 'an input action may start its epilogue once its input is sent',
    find: [
      '          const result2 = await action(progress2);',
      '          await progress2.race(this._page.delegate.inputActionEpilogue());',
    ].join('\n'),
    replace: [
      '          let epilogue;',
      '          const startEpilogue = () => epilogue ??= this._page.delegate.inputActionEpilogue();',
      '          const result2 = await action(progress2, startEpilogue);',
      '          await progress2.race(startEpilogue());',
    ].join('\n'),
  },
  {
    name: 'a pointer action starts its epilogue beside its hit target result',
    find: [
      '        const actionResult = await this._page.frameManager.waitForSignalsCreatedBy(progress2, action.waitAfter === true, async (progress3) => {',
      '          if (options.__testHookBeforePointerAction)',
      '            await progress3.race(options.__testHookBeforePointerAction());',
      '          let restoreModifiers;',
      '          if (options && options.modifiers)',
      '            restoreModifiers = await this._page.keyboard.ensureModifiers(progress3, options.modifiers);',
      '          progress3.log(`  performing ${action.name} action`);',
      '          await action.perform(progress3, point);',
      '          if (restoreModifiers)',
      '            await this._page.keyboard.ensureModifiers(progress3, restoreModifiers);',
    ].join('\n'),
    replace: [
      '        const actionResult = await this._page.frameManager.waitForSignalsCreatedBy(progress2, action.waitAfter === true, async (progress3, startEpilogue) => {',
      '          if (options.__testHookBeforePointerAction)',
      '            await progress3.race(options.__testHookBeforePointerAction());',
      '          let restoreModifiers;',
      '          if (options && options.modifiers)',
      '            restoreModifiers = await this._page.keyboard.ensureModifiers(progress3, options.modifiers);',
      '          progress3.log(`  performing ${action.name} action`);',
      '          await action.perform(progress3, point);',
      '          if (restoreModifiers)',
      '            await this._page.keyboard.ensureModifiers(progress3, restoreModifiers);',
      '          // All of its input is sent: the epilogue (Chromium: Page.enable, answered after the events that input caused) goes beside the hit target result.',
      '          startEpilogue?.();',
    ].join('\n'),
  },
  {
    name: 'a stable check started by the lookup is the one the action waits for',
    // Inside the injected script's source, a single-quoted string in the bundle: one line, no quotes.
    find: 'const stableResult = await this._checkElementIsStable(node);',
    replace: 'const tabwrightEarly = this.__tabwrightEarlyStable?.get(node); this.__tabwrightEarlyStable?.delete(node); '
      + `const stableResult = await (tabwrightEarly && this.utils.builtins.performance.now() - tabwrightEarly.at < ${EARLY_STABLE_MS} ? tabwrightEarly.stable : this._checkElementIsStable(node));`,
  },
  ...FIRST_ATTEMPT_CHANGES,
];
