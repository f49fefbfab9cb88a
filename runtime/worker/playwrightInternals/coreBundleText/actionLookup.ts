// An action's element lookup, and the first attempt of the action made in it (part of
// actionRoundTrips.ts's changes, applied with them). The lookup runs in Playwright's utility
// world, where the action's own first attempt would run a round trip later on the element it
// found; for a fill, a select and a check's state read that attempt is made right there, in the
// same call, with the same arguments, and the action uses its result instead of asking again:
// - fill: the states check (visible, enabled, editable, non-inert) and the injected fill (focus and
//   select the text, or set a date's value); Input.insertText still follows only a 'needsinput'.
// - selectOption with values (no option handles): the states check (visible, enabled,
//   non-inert) and the selection.
//   When that attempt ends the action's attempt (done, needs its text typed, options chosen) the
//   frame finishes the action as the handle would have, without one: the handle asked behind the
//   lookup (for retries) gets nothing, and the action does not wait for it, nor does Playwright
//   preview and release it.
// - check/uncheck: the element's checked state, read before the click as stock reads it; and the
//   state after the click is read as soon as its input events are answered, beside its hit target
//   result (a state still unchanged is read again a round trip later, when stock reads it).
// What stock does between its lookup and that attempt is kept or made to stop the fold: the
// hidden-frame retry (no attempt in a frame not visible), the pre-action checks (no fold for a
// fill or a select while the page has locator handlers, which stock checks before the attempt;
// none is used after a new document in the main frame, which stock waits for before it), the
// moment input is announced to tracing, the debugger and screencast actions (no fold for a fill
// or a select while one of them watches the context). A lookup in more than one frame, or in the
// main world (selectors that need it), makes no attempt: stock's attempt runs in one utility
// world. An attempt that throws is dropped, and the action's own attempt throws stock's error
// after stock's log. A refused attempt (not visible, not editable...) is retried as stock retries.
// Pointer actions (click, dblclick, hover, tap, check, uncheck) start their stable check here when
// the element is fully in view; other actions wait for nothing a frame away, so they do not. And
// there a pointer action may be prepared whole: its states check waited for, its point taken and
// its hit target interceptor set up (pointerInLookup.ts); a check's only when it will click.

import type { BundleTextChange } from './bundleTextChange.js';
import { PREPARE_WAIT_MS, pointerGeometry, preparePointer, stopPrepared, type PointerInjectedScript, type PointerPrepare, type PreparedPointer } from './pointerInLookup.js';

/** The part of Playwright's injected script the lookup uses (its own names). */
interface InjectedScript extends PointerInjectedScript {
  previewNode(node: Element): string;
  window: Window;
  utils: { builtins: { performance: Performance } };
  checkElementStates(node: Element, states: string[], frameVisible: boolean): Promise<unknown>;
  fill(node: Element, value: string): unknown;
  selectOptions(node: Element, options: unknown[]): unknown;
  elementState(node: Element, state: 'checked'): unknown;
  _checkElementIsStable(node: Element): Promise<unknown>;
  __tabwrightTaken?: Map<number, Element>;
  __tabwrightEarlyStable?: WeakMap<Element, { at: number; stable: Promise<unknown> }>;
}

/** The first attempt of an action, made in its lookup. `input`: the attempt is the action's input. */
export type FirstAttempt =
  | { kind: 'fill'; input: true; value: string; force: boolean }
  | { kind: 'select'; input: true; options: unknown[]; force: boolean }
  | { kind: 'checked' };

/** A pointer action to prepare in the lookup; `checked`: a check's or an uncheck's wanted state (it clicks only to change it). */
export type LookupPrepare = PointerPrepare & { checked?: boolean };

export interface LookupArg { takeKey: number; pointer: boolean; first?: FirstAttempt; prepare?: LookupPrepare; waitForFrameVisible: boolean }

/**
 * What the lookup answers: stock's fields, the first attempt's result when one was made (`final`
 * when it ends the action's attempt: a fill done or needing its text typed, a select's options
 * chosen, so the action needs no handle to its element), the pointer action when prepared.
 */
export interface LookupAnswer { log: string; success: boolean; box?: { x: number; y: number; width: number; height: number }; first?: { result: unknown; final?: true }; prepared?: PreparedPointer }

/** The page functions the lookup calls, handed to it (its text refers to nothing outside itself). */
export interface LookupHelpers { preparePointer: typeof preparePointer; pointerGeometry: typeof pointerGeometry; prepareWaitMs: number }

/**
 * The page function of an action's lookup (callOnSelector's, in the injected script's world; its
 * text goes into the bundle, so it refers to nothing outside itself). Answers by value as stock's
 * lookup does (its log line, whether it found one, its box), keeps the first match for the handle
 * asked behind it, and makes the action's first attempt when asked.
 */
export async function actionLookup(
  { injected, elements, frameVisible }: { injected: InjectedScript; elements: Element[]; frameVisible: boolean },
  { takeKey, pointer, first, prepare, waitForFrameVisible }: LookupArg,
  helpers?: LookupHelpers,
): Promise<LookupAnswer> {
  const element = elements[0];
  let log = '';
  if (elements.length > 1)
    log = `  locator resolved to ${elements.length} elements. Proceeding with the first one: ${injected.previewNode(elements[0]!)}`;
  else if (element)
    log = `  locator resolved to ${injected.previewNode(element)}`;
  if (!element) return { log, success: false };
  const rect = element.getBoundingClientRect();
  const answer: LookupAnswer = { log, success: true, box: { x: rect.x, y: rect.y, width: rect.width, height: rect.height } };
  const taken = injected.__tabwrightTaken ??= new Map();
  taken.set(takeKey, element);
  // A pointer action's element in view (nothing to scroll): its stable check starts now, a round trip before the action asks for it.
  const inView = rect.top >= 0 && rect.left >= 0 && rect.bottom <= injected.window.innerHeight && rect.right <= injected.window.innerWidth;
  if (pointer && inView) {
    const stable = injected._checkElementIsStable(element);
    stable.catch(() => {});
    (injected.__tabwrightEarlyStable ??= new WeakMap()).set(element, { at: injected.utils.builtins.performance.now(), stable });
  }
  // Stock would retry a lookup in a hidden frame before any attempt.
  if (waitForFrameVisible && !frameVisible) return answer;
  if (first) {
    try {
      if (first.kind === 'checked') {
        answer.first = { result: injected.elementState(element, 'checked') };
      } else {
        const states = first.kind === 'fill' ? ['visible', 'enabled', 'editable', 'non-inert'] : ['visible', 'enabled', 'non-inert'];
        const refused = first.force ? undefined : await injected.checkElementStates(element, states, frameVisible);
        const result = refused ?? (first.kind === 'fill' ? injected.fill(element, first.value) : injected.selectOptions(element, first.options));
        const final = first.kind === 'fill' ? result === 'done' || result === 'needsinput' : Array.isArray(result);
        answer.first = final ? { result, final } : { result };
        // Nothing is left for a handle to do: the one asked behind this lookup gets none (one it got already is dropped).
        if (final) taken.delete(takeKey);
      }
    } catch {
      // The action's own attempt throws it, after stock's log.
    }
  }
  if (!prepare || !pointer || !inView || !helpers) return answer;
  // A check clicks only to change its state, and never unchecks a radio button (stock throws).
  if (prepare.checked !== undefined) {
    const checked = answer.first?.result as { matches?: unknown; isRadio?: unknown } | undefined;
    if (!checked || typeof checked.matches !== 'boolean' || checked.matches === prepare.checked || (checked.isRadio && !prepare.checked)) return answer;
  }
  const prepared = await helpers.preparePointer(injected, element, frameVisible, prepare, takeKey, helpers.pointerGeometry, helpers.prepareWaitMs);
  if (prepared) answer.prepared = prepared;
  return answer;
}

/** Whether an action in the main frame may make its input attempt in its lookup (`this` is the Frame). */
const QUIET = '!this._page._locatorHandlers.size && !this._page.browserContext.tracing?._state && !this._page.browserContext._debugger?._enabled && !this._page.screencast?._actions';

/**
 * Whether a pointer action may be prepared in its lookup (`this` is the Frame, `pointerAction.options` the action's):
 * nothing watches its input (as for a first attempt), Chromium, and none of what makes stock's action go another way
 * (force, a given position, no scroll, a test hook). In the page: only in a top-level document.
 */
const PREPARABLE = `${QUIET} && this._page.browserContext._browser.options.name === "chromium" && !pointerAction.options.force && !pointerAction.options.position && pointerAction.options.scroll !== "none" && !Object.keys(pointerAction.options).some((name) => name.startsWith("__testHook"))`;

/**
 * The lookup's page function as the bundle holds it: actionLookup with the page functions a preparation calls, or
 * without them where there is nothing to prepare (their text, ~7 KB, is not sent with every fill's and select's lookup).
 */
const LOOKUP_PAGE_FUNCTION = `preparing ? (scope, arg) => (${String(actionLookup)})(scope, arg, { preparePointer: ${String(preparePointer)}, pointerGeometry: ${String(pointerGeometry)}, prepareWaitMs: ${PREPARE_WAIT_MS} }) : ${String(actionLookup)}`;

/** The lookup's bundle text: its call and what it does with the first attempt (used in actionRoundTrips.ts's lookup change). */
export const LOOKUP_CALL = [
  '          // One round trip: the lookup answers by value and its first match\'s handle is asked right behind it on the same session;',
  '          // it may also make the action\'s first attempt (actionRoundTrips.ts, actionLookup.ts).',
  '          const takeKey = this._page.__tabwrightTakeSeq = (this._page.__tabwrightTakeSeq ?? 0) + 1;',
  '          const tabwrightAction = options.tabwrightAction;',
  `          const firstAttempt = tabwrightAction?.first && (!tabwrightAction.first.input || ${QUIET}) ? tabwrightAction.first : void 0;`,
  '          const mainDocument = this._page.mainFrame()._currentDocument;',
  '          // A pointer action prepared whole in its lookup where stock would go the same way to its input (pointerInLookup.ts).',
  '          const pointerAction = tabwrightAction?.pointer;',
  `          const preparing = typeof pointerAction === "object" && ${PREPARABLE} ? { actionType: pointerAction.actionType, states: pointerAction.waitForEnabled ? ["visible", "enabled", "stable", "non-inert"] : ["visible", "stable"], trial: !!pointerAction.options.trial, checked: pointerAction.checked } : void 0;`,
  `          const resolved = await progress3.race(this.selectors.callOnSelector({ ...target, markTargets: "all", takeKey }, ${LOOKUP_PAGE_FUNCTION}, { takeKey, pointer: !!pointerAction, first: firstAttempt, prepare: preparing, waitForFrameVisible }));`,
].join('\n');

/** The handle's own attempt result and its prepared pointer action, given to the action with it. */
export const LOOKUP_FIRST_ATTEMPT = [
  '          if (resolved.result.first)',
  '            element3.__tabwrightFirstAttempt = { result: resolved.result.first.result, mainDocument };',
  '          if (resolved.result.prepared)',
  '            element3.__tabwrightPrepared = { ...resolved.result.prepared, key: takeKey, mainDocument };',
].join('\n');

/** Stops what the lookup prepared when its element's handle was never taken (`resolved`: the lookup's). */
export const LOOKUP_DROP_PREPARED = [
  '            if (resolved.result.prepared?.interceptor === "set")',
  `              resolved.frame.utilityContext().then((utility) => utility.injectedScript()).then((injected) => injected.evaluate(${String(stopPrepared)}, takeKey)).catch(() => {});`,
].join('\n');

/**
 * An attempt the lookup made that ended the action's attempt (`final`): the action is finished
 * without a handle, none was taken (used in actionRoundTrips.ts's lookup change, after the hidden
 * frame check). Not waiting for the handle saves the wait for its answer (the page may render
 * between the two), its preview evaluate and its release.
 */
export const LOOKUP_FINISHED = [
  '          if (resolved.result.first?.final && tabwrightAction?.finish) {',
  '            dropElement();',
  '            const finished = await tabwrightAction.finish(progress3, { result: resolved.result.first.result, mainDocument }, box);',
  '            if (finished === "error:notconnected") {',
  '              progress3.log("element was detached from the DOM, retrying");',
  '              return continuePolling;',
  '            }',
  '            return finished;',
  '          }',
].join('\n');

/**
 * What a handle's `_fill` and `_selectOption` do in their first `_retryAction` round after an
 * attempt that ended it (stock's logs, its pre-checks, then for a fill needing input its text
 * typed), for the attempt the lookup made: a Frame's, needing no handle. A main frame that has
 * another document by then (stock would have attempted there) is retried as a detached element.
 * The instrumentation is told of the input as stock tells it (only made while nothing listens:
 * QUIET), with the frame instead of the handle.
 */
const FINISH_METHODS = [
  '      // A fill\'s or a select\'s attempt its lookup made and ended (actionLookup.ts): the rest of the handle\'s first round, with no handle.',
  '      async _tabwrightFinishedAttempt(progress2, actionName, waitingFor, options, first, box) {',
  '        progress2.log(`attempting ${actionName} action`);',
  '        if (!options.skipActionPreChecks && !options.force)',
  '          await this._page.performActionPreChecks(progress2);',
  '        await this.instrumentation.onBeforeInputAction(progress2, this, void 0, box);',
  '        if (!options.force)',
  '          progress2.log(`  waiting for element to be ${waitingFor}`);',
  '        return first.mainDocument === this._page.mainFrame()._currentDocument ? first.result : "error:notconnected";',
  '      }',
  '      async _tabwrightFilled(progress2, value2, options, first, box) {',
  '        progress2.log(`  fill("${value2}")`);',
  '        const result2 = await this._tabwrightFinishedAttempt(progress2, "fill", "visible, enabled and editable", options, first, box);',
  '        if (result2 !== "needsinput")',
  '          return result2;',
  '        if (value2)',
  '          await this._page.keyboard.insertText(progress2, value2);',
  '        else',
  '          await this._page.keyboard.press(progress2, "Delete");',
  '        return "done";',
  '      }',
  '      async _tabwrightSelected(progress2, options, first, box) {',
  '        const result2 = await this._tabwrightFinishedAttempt(progress2, "select option", "visible and enabled", options, first, box);',
  '        if (Array.isArray(result2))',
  '          progress2.log("  selected specified option(s)");',
  '        return result2;',
  '      }',
].join('\n');

/** Each action's first attempt asked of its lookup and used by it, together (one group). */
const GROUP = 'first attempt in the lookup';

export const FIRST_ATTEMPT_CHANGES: readonly BundleTextChange[] = [
  {
    name: 'a fill asks its lookup to make its first attempt',
    group: GROUP,
    find: '{ force: options.force, waitForFrameVisible: true }, (progress3, handle, box, frameVisible) => handle._fill(',
    replace: '{ force: options.force, waitForFrameVisible: true, tabwrightAction: { first: { kind: "fill", input: true, value: value2, force: !!options.force }, finish: (progress3, first, box) => this._tabwrightFilled(progress3, value2, options, first, box) } }, (progress3, handle, box, frameVisible) => handle._fill(',
  },
  {
    name: 'a fill uses the first attempt its lookup made',
    group: GROUP,
    find: '          const result2 = await progress3.race(this.evaluateInUtility(async ([injected, node, { value: value3, force, frameVisible: frameVisible2 }]) => {',
    replace: [
      '          const tabwrightFirst = this._tabwrightFirstAttempt();',
      '          const result2 = tabwrightFirst ? tabwrightFirst.result : await progress3.race(this.evaluateInUtility(async ([injected, node, { value: value3, force, frameVisible: frameVisible2 }]) => {',
    ].join('\n'),
  },
  {
    // The frame's methods that finish a fill or a select its lookup ended go before its selectOption.
    name: 'a select by values asks its lookup to make its first attempt',
    group: GROUP,
    find: [
      '      async selectOption(progress2, target, elements, values, options) {',
      '        return await this._retryWithProgressIfNotConnected(progress2, target, { force: options.force, waitForFrameVisible: true }, (progress3, handle, box, frameVisible) => handle._selectOption(',
    ].join('\n'),
    replace: [
      FINISH_METHODS,
      '      async selectOption(progress2, target, elements, values, options) {',
      '        return await this._retryWithProgressIfNotConnected(progress2, target, { force: options.force, waitForFrameVisible: true, tabwrightAction: elements.length ? void 0 : { first: { kind: "select", input: true, options: values, force: !!options.force }, finish: (progress3, first, box) => this._tabwrightSelected(progress3, options, first, box) } }, (progress3, handle, box, frameVisible) => handle._selectOption(',
    ].join('\n'),
  },
  {
    name: 'a select uses the first attempt its lookup made',
    group: GROUP,
    find: '          const result3 = await progress3.race(this.evaluateInUtility(async ([injected, node, { optionsToSelect: optionsToSelect2, force, frameVisible: frameVisible2 }]) => {',
    replace: [
      '          const tabwrightFirst = this._tabwrightFirstAttempt();',
      '          const result3 = tabwrightFirst ? tabwrightFirst.result : await progress3.race(this.evaluateInUtility(async ([injected, node, { optionsToSelect: optionsToSelect2, force, frameVisible: frameVisible2 }]) => {',
    ].join('\n'),
  },
  ...[true, false].map((state): BundleTextChange => ({
    name: `${state ? 'a check' : 'an uncheck'} asks its lookup for the checked state and to prepare its click`,
    group: GROUP,
    find: `{ force: options.force, waitForFrameVisible: true }, (progress3, handle, box, frameVisible) => handle._setChecked(progress3, ${state}, `,
    replace: `{ force: options.force, waitForFrameVisible: true, tabwrightAction: { pointer: { actionType: "mouse", waitForEnabled: true, options, checked: ${state} }, first: { kind: "checked" } } }, (progress3, handle, box, frameVisible) => handle._setChecked(progress3, ${state}, `,
  })),
  {
    name: 'a check reads first the checked state its lookup read; an element handle gives its first attempt once',
    group: GROUP,
    find: [
      '      async _setChecked(progress2, state, options, frameVisible) {',
      '        const isChecked = async (progress3) => {',
      '          const result3 = await progress3.race(this.evaluateInUtility(([injected, node]) => injected.elementState(node, "checked"), {}));',
    ].join('\n'),
    replace: [
      '      // The attempt this handle\'s lookup made (actionLookup.ts), once; none once the main frame has another document (stock would not have made it).',
      '      _tabwrightFirstAttempt() {',
      '        const first = this.__tabwrightFirstAttempt;',
      '        this.__tabwrightFirstAttempt = void 0;',
      '        if (first && first.mainDocument === this._page.mainFrame()._currentDocument)',
      '          return first;',
      '      }',
      '      async _setChecked(progress2, state, options, frameVisible) {',
      '        const isChecked = async (progress3, afterClick) => {',
      '          const tabwrightFirst = afterClick ? void 0 : this._tabwrightFirstAttempt();',
      '          const result3 = tabwrightFirst ? tabwrightFirst.result : await progress3.race(afterClick ?? this.evaluateInUtility(([injected, node]) => injected.elementState(node, "checked"), {}));',
    ].join('\n'),
  },
  {
    name: 'a check reads the state its click left as soon as the click is done, and again before calling it unchanged',
    group: GROUP,
    find: [
      '        const result2 = await this._click(progress2, options, "disabled", frameVisible);',
      '        if (result2 !== "done")',
      '          return result2;',
      '        if (options.trial)',
      '          return "done";',
      '        const finalState = await isChecked(progress2);',
    ].join('\n'),
    replace: [
      '        // The state is read as the click\'s hit target result is (actionLookup.ts): its input events are answered, so the',
      '        // page has handled them. Each attempt that reaches its hit target result asks again, so the one read is the',
      '        // attempt that succeeded; a forced click has none and reads after it as stock does.',
      '        let afterClick;',
      '        const readAfterClick = () => {',
      '          afterClick = this.evaluateInUtility(([injected, node]) => injected.elementState(node, "checked"), {});',
      '          afterClick.catch(() => {});',
      '        };',
      '        const result2 = await this._click(progress2, options.trial || options.__testHookAfterPointerAction ? options : { ...options, __tabwrightAfterPointer: readAfterClick }, "disabled", frameVisible);',
      '        if (result2 !== "done")',
      '          return result2;',
      '        if (options.trial)',
      '          return "done";',
      '        let finalState = await isChecked(progress2, afterClick);',
      '        // Unchanged that soon: read again at stock\'s moment before saying so.',
      '        if (afterClick && finalState.matches !== state)',
      '          finalState = await isChecked(progress2);',
    ].join('\n'),
  },
  {
    name: 'a pointer action sends what its caller reads after it right behind its hit target result',
    group: GROUP,
    find: [
      '            const stopHitTargetInterception = this._frame.raceAgainstEvaluationStallingEvents(() => {',
      '              return hitTargetInterceptionHandle.evaluate((h) => h.stop());',
      '            }).catch((e) => "done").finally(() => {',
      '              hitTargetInterceptionHandle?.dispose();',
      '            });',
      '            if (action.waitAfter !== false) {',
    ].join('\n'),
    replace: [
      '            const stopHitTargetInterception = this._frame.raceAgainstEvaluationStallingEvents(() => {',
      '              return hitTargetInterceptionHandle.evaluate((h) => h.stop());',
      '            }).catch((e) => "done").finally(() => {',
      '              hitTargetInterceptionHandle?.dispose();',
      '            });',
      '            options.__tabwrightAfterPointer?.();',
      '            if (action.waitAfter !== false) {',
    ].join('\n'),
  },
  // A pointer action's lookup starts its stable check and prepares the action: each alone (no attempt is made).
  // Playwright's own interceptor action type and states for each (_hover, _click, _dblclick, _tap).
  ...([['_click', 'mouse', true], ['_dblclick', 'mouse', true], ['_hover', 'hover', false], ['_tap', 'tap', true]] as const).map(([method, actionType, waitForEnabled]): BundleTextChange => ({
    name: `a ${method.slice(1)}'s lookup starts its stable check and prepares it`,
    find: `{ force: options.force, waitForFrameVisible: true }, (progress3, handle, box, frameVisible) => handle.${method}(`,
    replace: `{ force: options.force, waitForFrameVisible: true, tabwrightAction: { pointer: { actionType: "${actionType}", waitForEnabled: ${waitForEnabled}, options } } }, (progress3, handle, box, frameVisible) => handle.${method}(`,
  })),
];
