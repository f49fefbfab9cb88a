// What a task may send to its pages while a person works on them (a hand-over): deny by
// default. The person's keyboard and mouse are the page's only ones, the page stays where the
// person takes it, and what they type is theirs: a task may neither act on the page nor read
// it meanwhile. What passes is what keeps the task's sessions alive and lets Playwright watch
// where the page goes (page.waitForURL sends nothing: it listens to navigation events), and
// start a popup the person opens (a new target's session set-up, then its resume).
//
// The task's own worker may also run code in the page (Runtime.evaluate, callFunctionOn):
// handoff({ until: locator }) watches with Playwright's locator.waitFor, which runs its
// injected script in the page. No CDP-level rule can keep that watch and refuse a read: the
// function it sends carries its own code as an argument. The program's own calls are refused
// by name in the worker instead (runtime/worker/playwrightInternals/inputGuard.ts), reads and
// its CDP sessions included; a program is not sandboxed (SECURITY.md), so that guard stops a
// steered program, not one written to go around Playwright.
// router/README.md states the same in words; test/handoff-hold and unit-handoff check it.

/** Session plumbing and a new target's set-up: neither runs code in the page, reads it, nor takes its input. */
const WATCHING = new Set([
  'Target.setAutoAttach', 'Target.detachFromTarget', 'Target.getTargetInfo',
  'Runtime.runIfWaitingForDebugger', 'Runtime.enable', 'Runtime.disable', 'Runtime.releaseObject', 'Runtime.releaseObjectGroup',
  'Runtime.discardConsoleEntries', 'Runtime.addBinding',
  'Page.enable', 'Page.disable', 'Page.getFrameTree', 'Page.getNavigationHistory', 'Page.setLifecycleEventsEnabled',
  'Page.createIsolatedWorld', 'Page.removeScriptToEvaluateOnNewDocument', 'Page.bringToFront', 'Page.stopScreencast', 'Page.screencastFrameAck',
  'Log.enable', 'Log.disable', 'Inspector.enable', 'Inspector.disable',
  'Network.enable', 'Network.disable', 'Network.setCacheDisabled', 'Network.setExtraHTTPHeaders', 'Network.emulateNetworkConditions',
  'Fetch.enable', 'Fetch.disable', 'Fetch.failRequest', 'Fetch.continueWithAuth',
  // The context's standing settings, applied by Playwright to a popup the person opens.
  'Emulation.setFocusEmulationEnabled', 'Emulation.setEmulatedMedia', 'Emulation.setDeviceMetricsOverride', 'Emulation.setTouchEmulationEnabled',
  'Emulation.setUserAgentOverride', 'Emulation.setLocaleOverride', 'Emulation.setTimezoneOverride', 'Emulation.setGeolocationOverride',
  'Page.setFontFamilies', 'Security.setIgnoreCertificateErrors', 'Page.setBypassCSP',
  'Browser.getWindowForTarget', 'Browser.getWindowBounds',
]);

/** What the task's own worker may send besides: Playwright's locator watch (handoff's until). */
const WORKER_WATCH = new Set(['Runtime.evaluate', 'Runtime.callFunctionOn']);

/**
 * Whether `method` waits while a person works on the task's pages. `ownWorker`: the client is
 * the task's own worker (its program's Playwright, guarded by name in the worker).
 */
export function heldForPerson(method: string, params: Record<string, unknown>, ownWorker: boolean): boolean {
  if (WATCHING.has(method) || (ownWorker && WORKER_WATCH.has(method))) return false;
  switch (method) {
    // Playwright's marker for its utility world: no script. Any other runs in the person's next document.
    case 'Page.addScriptToEvaluateOnNewDocument':
      return params.source !== '';
    // A route that lets the person's request go on as it is (a change of URL, method, body or headers is held).
    case 'Fetch.continueRequest':
    case 'Fetch.continueResponse':
      return Object.keys(params).some(key => key !== 'requestId' && key !== 'interceptResponse');
    default:
      return true;
  }
}
