// A page's utility world made ready as its document is made, not at the first use after load.
// Playwright makes the two scripts every action, expect and observe() need in a frame's utility
// world (its UtilityScript, and the injected script) at their first use in each document: after
// `page.goto` has waited for the load event, observe() waited for two more round trips (an
// evaluate and a call) before its snapshot could be asked, 5-7 ms of the observe call on the
// table page. Here Chromium's frame session asks for both as the main frame's utility world is
// created, while the page is still loading (its main thread mostly waits on the network then).
// Only once the injected script is a small call in that world (stableInjectedScript.ts: from a
// page's third document on): the first documents keep stock's order, so a cold start, whose
// program may never touch the utility world, does not send or compile 330 KB more.
// What is made is what the first use would have made, with the options it would have had then,
// except where a program registered a selector engine or set the test id attribute between the
// document's creation and its first use: then that use makes the injected script again, as stock
// would at that moment. A failure (the document already gone) is left to the first use, which
// asks again and reports it as stock does.
// Applied to the text of playwright-core's lib/coreBundle.js as a task worker loads it, like
// playwrightTiming.ts; test/unit-playwright-timing.test.ts fails if an upgrade moved the text.
import { changedText, type BundleTextChange } from './bundleTextChange.js';

/** Chromium's frame session making a context for a frame's world (crPage.ts `_onExecutionContextCreated`). */
const CONTEXT_MADE = '        const delegate = new CRExecutionContext(this._client, contextPayload);\n'
  + '        let worldName = null;\n'
  + '        if (contextPayload.auxData && !!contextPayload.auxData.isDefault)\n'
  + '          worldName = "main";\n'
  + '        else if (contextPayload.name === this._crPage.utilityWorldName)\n'
  + '          worldName = "utility";\n'
  + '        const context = new FrameExecutionContext(delegate, frame, worldName);\n'
  + '        if (worldName)\n'
  + '          frame.contextCreated(worldName, context);\n';
/** The opening of `ExecutionContext.injectedScript()`, and its lookup of the options' selectors registry. */
const INJECTED_SCRIPT_OPENING = '      injectedScript() {\n';
const INJECTED_SCRIPT_OPTIONS = '        if (!this._injectedScriptPromise) {\n'
  + '          const customEngines = [];\n'
  + '          const selectorsRegistry = this.frame._page.browserContext.selectors();\n';

export const READY_UTILITY_WORLD: readonly BundleTextChange[] = [
  {
    name: 'a main frame\'s utility world asks for its scripts as it is created',
    group: 'ready utility world',
    find: CONTEXT_MADE,
    replace: CONTEXT_MADE
      + '        // Made ready while the document loads, once the injected script is a small call here (readyUtilityWorld.ts).\n'
      + '        if (worldName === "utility" && !frame.parentFrame() && this._client.__tabwrightInjectedScriptWorlds?.get(this._crPage.utilityWorldName) === "registered") {\n'
      + '          // A failure is forgotten: the first use asks again and reports its own.\n'
      + '          const utility = context._utilityScript();\n'
      + '          utility.catch(() => { if (context._utilityScriptPromise === utility) context._utilityScriptPromise = void 0; });\n'
      + '          const injected = context._tabwrightReadyInjectedScript = context.injectedScript();\n'
      + '          injected.catch(() => { if (context._injectedScriptPromise === injected) context._injectedScriptPromise = context._tabwrightReadyInjectedScript = void 0; });\n'
      + '        }\n',
  },
  {
    name: 'an injected script made before its first use is made again if the selectors changed meanwhile',
    group: 'ready utility world',
    find: INJECTED_SCRIPT_OPENING + INJECTED_SCRIPT_OPTIONS,
    replace: INJECTED_SCRIPT_OPENING
      + '        if (this._tabwrightReadyInjectedScript) {\n'
      + '          const selectorsNow = this.frame._page.browserContext.selectors();\n'
      + '          if (this._tabwrightReadySelectors !== selectorsNow._engines.size + " " + selectorsNow.testIdAttributeName())\n'
      + '            this._injectedScriptPromise = void 0;\n'
      + '          this._tabwrightReadyInjectedScript = void 0;\n'
      + '        }\n'
      + INJECTED_SCRIPT_OPTIONS
      + '          this._tabwrightReadySelectors = selectorsRegistry._engines.size + " " + selectorsRegistry.testIdAttributeName();\n',
  },
];

/** The bundle's text with the changes made where their text occurs exactly once; the names of those that did not. */
export function withReadyUtilityWorld(source: string): { text: string; missing: string[] } {
  return changedText(source, READY_UTILITY_WORLD);
}
