// An action's element lookup, and the first attempt of the action made in it (part of
// actionRoundTrips.ts's changes, applied with them). The lookup runs in Playwright's utility
// world, where the action's own first attempt would run a round trip later on the element it
// found; for a fill, a select and a check's state read that attempt is made right there, in the
// same call, with the same arguments, and the action uses its result instead of asking again:
// - fill: the states check (visible, enabled, editable, non-inert) and the injected fill (focus and
//   select the text, or set a date's value); Input.insertText still follows only a 'needsinput'.
// - selectOption with values (no option handles): the states check (visible, enabled,
//   non-inert) and the selection.
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
// the element is fully in view; other actions wait for nothing a frame away, so they do not.

import type { BundleTextChange } from './bundleTextChange.js';

/** The part of Playwright's injected script the lookup uses (its own names). */
interface InjectedScript {
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

export interface LookupArg { takeKey: number; pointer: boolean; first?: FirstAttempt; waitForFrameVisible: boolean }

/** What the lookup answers: stock's fields, and the first attempt's result when one was made. */
export interface LookupAnswer { log: string; success: boolean; box?: { x: number; y: number; width: number; height: number }; first?: { result: unknown } }

/**
 * The page function of an action's lookup (callOnSelector's, in the injected script's world; its
 * text goes into the bundle, so it refers to nothing outside itself). Answers by value as stock's
 * lookup does (its log line, whether it found one, its box), keeps the first match for the handle
 * asked behind it, and makes the action's first attempt when asked.
 */
export async function actionLookup(
  { injected, elements, frameVisible }: { injected: InjectedScript; elements: Element[]; frameVisible: boolean },
  { takeKey, pointer, first, waitForFrameVisible }: LookupArg,
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
  (injected.__tabwrightTaken ??= new Map()).set(takeKey, element);
  // A pointer action's element in view (nothing to scroll): its stable check starts now, a round trip before the action asks for it.
  if (pointer && rect.top >= 0 && rect.left >= 0 && rect.bottom <= injected.window.innerHeight && rect.right <= injected.window.innerWidth) {
    const stable = injected._checkElementIsStable(element);
    stable.catch(() => {});
    (injected.__tabwrightEarlyStable ??= new WeakMap()).set(element, { at: injected.utils.builtins.performance.now(), stable });
  }
  // Stock would retry a lookup in a hidden frame before any attempt.
  if (!first || (waitForFrameVisible && !frameVisible)) return answer;
  try {
    if (first.kind === 'checked') {
      answer.first = { result: injected.elementState(element, 'checked') };
    } else {
      const states = first.kind === 'fill' ? ['visible', 'enabled', 'editable', 'non-inert'] : ['visible', 'enabled', 'non-inert'];
      const refused = first.force ? undefined : await injected.checkElementStates(element, states, frameVisible);
      answer.first = { result: refused ?? (first.kind === 'fill' ? injected.fill(element, first.value) : injected.selectOptions(element, first.options)) };
    }
  } catch {
    // The action's own attempt throws it, after stock's log.
  }
  return answer;
}

/** Whether an action in the main frame may make its input attempt in its lookup (`this` is the Frame). */
const QUIET = '!this._page._locatorHandlers.size && !this._page.browserContext.tracing?._state && !this._page.browserContext._debugger?._enabled && !this._page.screencast?._actions';

/** The lookup's bundle text: its call and what it does with the first attempt (used in actionRoundTrips.ts's lookup change). */
export const LOOKUP_CALL = [
  '          // One round trip: the lookup answers by value and its first match\'s handle is asked right behind it on the same session;',
  '          // it may also make the action\'s first attempt (actionRoundTrips.ts, actionLookup.ts).',
  '          const takeKey = this._page.__tabwrightTakeSeq = (this._page.__tabwrightTakeSeq ?? 0) + 1;',
  '          const tabwrightAction = options.tabwrightAction;',
  `          const firstAttempt = tabwrightAction?.first && (!tabwrightAction.first.input || ${QUIET}) ? tabwrightAction.first : void 0;`,
  '          const mainDocument = this._page.mainFrame()._currentDocument;',
  `          const resolved = await progress3.race(this.selectors.callOnSelector({ ...target, markTargets: "all", takeKey }, ${String(actionLookup)}, { takeKey, pointer: !!tabwrightAction?.pointer, first: firstAttempt, waitForFrameVisible }));`,
].join('\n');

/** The handle's own attempt result, given to the action with it. */
export const LOOKUP_FIRST_ATTEMPT = [
  '          if (resolved.result.first)',
  '            element3.__tabwrightFirstAttempt = { result: resolved.result.first.result, mainDocument };',
].join('\n');

/** Each action's first attempt asked of its lookup and used by it, together (one group). */
const GROUP = 'first attempt in the lookup';

export const FIRST_ATTEMPT_CHANGES: readonly BundleTextChange[] = [
  {
    name: 'a fill asks its lookup to make its first attempt',
    group: GROUP,
    find: '{ force: options.force, waitForFrameVisible: true }, (progress3, handle, box, frameVisible) => handle._fill(',
    replace: '{ force: options.force, waitForFrameVisible: true, tabwrightAction: { first: { kind: "fill", input: true, value: value2, force: !!options.force } } }, (progress3, handle, box, frameVisible) => handle._fill(',
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
    name: 'a select by values asks its lookup to make its first attempt',
    group: GROUP,
    find: '{ force: options.force, waitForFrameVisible: true }, (progress3, handle, box, frameVisible) => handle._selectOption(',
    replace: '{ force: options.force, waitForFrameVisible: true, tabwrightAction: elements.length ? void 0 : { first: { kind: "select", input: true, options: values, force: !!options.force } } }, (progress3, handle, box, frameVisible) => handle._selectOption(',
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
    name: `${state ? 'a check' : 'an uncheck'} asks its lookup for the checked state and to start its stable check`,
    group: GROUP,
    find: `{ force: options.force, waitForFrameVisible: true }, (progress3, handle, box, frameVisible) => handle._setChecked(progress3, ${state}, `,
    replace: `{ force: options.force, waitForFrameVisible: true, tabwrightAction: { pointer: true, first: { kind: "checked" } } }, (progress3, handle, box, frameVisible) => handle._setChecked(progress3, ${state}, `,
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
  // A pointer action's lookup starts its stable check: each alone (no attempt is made).
  ...['_click', '_dblclick', '_hover', '_tap'].map((method): BundleTextChange => ({
    name: `a ${method.slice(1)}'s lookup starts its stable check`,
    find: `{ force: options.force, waitForFrameVisible: true }, (progress3, handle, box, frameVisible) => handle.${method}(`,
    replace: `{ force: options.force, waitForFrameVisible: true, tabwrightAction: { pointer: true } }, (progress3, handle, box, frameVisible) => handle.${method}(`,
  })),
];
