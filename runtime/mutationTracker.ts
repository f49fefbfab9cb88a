// Decides a program's mutationState from what the task actually sent and saw, not from
// its text: `none` only when no input, navigation, main-world script, upload or
// state-changing request was observed for the whole program.
//
// Playwright runs its own queries (textContent, ariaSnapshot, isVisible, expect, ...) in an
// isolated "utility" world, which cannot touch the page's scripts; those are reads. A few of
// its utility-world helpers do change the page (fill, selectOption, setInputFiles, focus,
// setContent): the function text it sends names them, and they count.
import type { CommandTap } from '../router/commandTap.js';
import type { CdpEvent } from '../transport/cdpProtocol.js';
import type { MutationState } from '../contract/receipt.js';
import { COVERING_ELEMENT_READ_TEXT } from './coveringElementRead.js';
import { ELEMENT_HTML_READ_TEXT } from './elementHtmlRead.js';

/** Request methods that change nothing on the server (the contract's definition of `none`). */
export const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);
const NAVIGATIONS = new Set(['Page.navigate', 'Page.reload', 'Page.navigateToHistoryEntry', 'Page.setDocumentContent']);
const SCRIPT_METHODS = new Set(['Runtime.evaluate', 'Runtime.callFunctionOn', 'Runtime.compileScript', 'Runtime.runScript']);
/** Commands that change a page's document, storage or cookies directly. */
const DIRECT_CHANGES = new Set([
  'DOM.setFileInputFiles', 'DOM.setAttributeValue', 'DOM.setAttributesAsText', 'DOM.removeAttribute', 'DOM.setNodeValue',
  'DOM.setOuterHTML', 'DOM.removeNode', 'DOM.setNodeName', 'DOM.moveTo', 'DOM.copyTo', 'DOM.undo', 'DOM.redo', 'DOM.focus',
  'CSS.setStyleTexts', 'CSS.setStyleSheetText', 'CSS.setRuleSelector', 'CSS.addRule', 'CSS.setMediaText',
  'DOMStorage.setDOMStorageItem', 'DOMStorage.removeDOMStorageItem', 'DOMStorage.clear',
  'IndexedDB.clearObjectStore', 'IndexedDB.deleteDatabase', 'IndexedDB.deleteObjectStoreEntries',
  'CacheStorage.deleteCache', 'CacheStorage.deleteEntry',
  'Network.setCookie', 'Network.setCookies', 'Network.deleteCookies', 'Network.clearBrowserCookies',
  'Storage.setCookies', 'Storage.clearCookies', 'Storage.clearDataForOrigin', 'Storage.clearDataForStorageKey',
  'ServiceWorker.unregister', 'ServiceWorker.skipWaiting', 'ServiceWorker.deliverPushMessage', 'ServiceWorker.dispatchSyncEvent',
  'Debugger.setScriptSource', 'Debugger.evaluateOnCallFrame', 'Debugger.setVariableValue', 'Debugger.setReturnValue',
  'Browser.grantPermissions', 'Browser.setPermission',
]);
/** Playwright's utility-world helpers that change the page (the names its function text carries). */
const UTILITY_WRITES = /\b(?:selectOptions|fill|setInputFiles|focusNode|blurNode|selectText|callTool|dispatchEvent)\(|document\.(?:open|write)\(/;

type World = 'main' | 'isolated';

export class MutationTracker implements CommandTap {
  /** Called once per program, the first time a mutation becomes possible (to persist it). */
  onPossible?: () => void;
  /** Execution contexts per target ("targetId:contextId", and unique ids), main or isolated. */
  private readonly worlds = new Map<string, World>();
  private observed: string[] = [];
  private observing = false;

  /** Starts observing a new program. */
  begin(): void {
    this.observed = [];
    this.observing = true;
  }

  /** The program's receipt is final: what happens from now on is no program's doing. */
  end(): void {
    this.observing = false;
    this.onPossible = undefined;
  }

  get state(): MutationState {
    return this.observed.length ? 'possible' : 'none';
  }

  command(method: string, params: Record<string, unknown>, targetId: string): void {
    if (method.startsWith('Input.')) {
      if (/^Input\.(dispatch|insertText|ime|synthesize|emulateTouch)/.test(method)) this.note(method);
      return;
    }
    if (NAVIGATIONS.has(method)) return this.note(method);
    if (method === 'Target.createTarget') {
      if (typeof params.url === 'string' && params.url !== '' && params.url !== 'about:blank') this.note(`${method} ${params.url}`);
      return;
    }
    if (DIRECT_CHANGES.has(method)) return this.note(method);
    if (method === 'Page.handleJavaScriptDialog') {
      if (params.accept === true) this.note('a dialog was accepted');
      return;
    }
    if (method === 'Page.addScriptToEvaluateOnNewDocument') {
      if (params.runImmediately === true && !params.worldName) this.note(`${method} (runImmediately) in the main world`);
      return;
    }
    if (SCRIPT_METHODS.has(method)) {
      const world = this.worldOf(params, targetId);
      if (world !== 'isolated') {
        if (!isPlaywrightMainWorldRead(params)) this.note(`${method} in the page's main world${process.env.TABWRIGHT_DEBUG_MUTATIONS === '1' ? `: ${JSON.stringify(params).slice(0, 400)}` : ''}`);
      }
      else if (UTILITY_WRITES.test(scriptText(params))) this.note(`${method}: a Playwright helper that changes the page`);
    }
  }

  event(event: CdpEvent, targetId: string): void {
    switch (event.method) {
      case 'Runtime.executionContextCreated': {
        const context = event.params.context;
        const world: World = context.auxData?.isDefault ? 'main' : 'isolated';
        this.worlds.set(`${targetId}:${context.id}`, world);
        if (context.uniqueId) this.worlds.set(context.uniqueId, world);
        return;
      }
      case 'Runtime.executionContextDestroyed': {
        this.worlds.delete(`${targetId}:${event.params.executionContextId}`);
        this.worlds.delete(event.params.executionContextUniqueId);
        return;
      }
      case 'Runtime.executionContextsCleared': {
        for (const key of [...this.worlds.keys()]) if (key.startsWith(`${targetId}:`)) this.worlds.delete(key);
        return;
      }
      case 'Network.requestWillBeSent': {
        // A redirect continues a request already counted (or started before the program).
        if (event.params.redirectResponse) return;
        const request = event.params.request;
        if (!SAFE_METHODS.has(request.method)) this.note(`${request.method} ${request.url}`);
        return;
      }
    }
  }

  /**
   * Which world a script command runs in. Playwright's own queries run in its utility world;
   * page.evaluate and friends run in the main world. Unknown counts as main.
   */
  private worldOf(params: Record<string, unknown>, targetId: string): World | undefined {
    if (typeof params.uniqueContextId === 'string') return this.worlds.get(params.uniqueContextId);
    if (typeof params.executionContextId === 'number') return this.worlds.get(`${targetId}:${params.executionContextId}`);
    if (typeof params.contextId === 'number') return this.worlds.get(`${targetId}:${params.contextId}`);
    if (typeof params.objectId === 'string') {
      // V8 remote object ids read "<isolate>.<context>.<id>".
      const parts = params.objectId.split('.');
      if (parts.length === 3) return this.worlds.get(`${targetId}:${parts[1]}`);
    }
    return undefined;
  }

  /** A possible mutation no CDP command shows, reported by the worker (a site tool call). */
  possible(reason: string): void {
    this.note(reason);
  }

  private note(reason: string): void {
    if (!this.observing) return;
    if (this.observed.length === 0) this.onPossible?.();
    if (this.observed.length < 50) this.observed.push(reason);
    if (process.env.TABWRIGHT_DEBUG_MUTATIONS === '1') process.stderr.write(`${new Date().toISOString()} mutation possible: ${reason}\n`);
  }
}

/**
 * Playwright's own reads that run in the main world (locator.allTextContents/allInnerTexts
 * query and read there), and its library being installed there. Recognised by the exact
 * function text Playwright sends; any other main-world script counts as a possible mutation,
 * and so does everything when a Playwright version words them differently.
 */
const MAIN_WORLD_READS = new Set(['(ee) => ee.map((e) => e.textContent || "")', '(ee) => ee.map((e) => e.innerText)',
  // locator.evaluate previewing the element handle it resolved, and the worker's own covered-target read.
  '(injected, e) => "JSHandle@" + injected.previewNode(e)', COVERING_ELEMENT_READ_TEXT, ELEMENT_HTML_READ_TEXT]);
const UTILITY_WRAPPER = '(utilityScript, ...args) => utilityScript.evaluate(...args)';
const SELECTOR_HELPER = /^\(injected\d*, params\d*\) => \{\s*const elements = injected\d*\.querySelectorAll\(params\d*\.info\.parsed/;
const QUERY_ONLY = new Set(['({ elements }) => elements', '({ elements }) => elements[0]']);
const LIBRARY_INSTALL = /^\s*\(\(\) => \{\s*const module = \{\};\s*var __commonJS = /;

/**
 * Playwright's trace snapshotter (`run --trace`): it installs a streamer in the main world and
 * asks it for DOM snapshots. It reads the document; nothing the application sees changes.
 */
const SNAPSHOT_STREAMER = /^window\["__playwright_snapshot_streamer_[0-9a-f]+"\]\.(?:captureSnapshot\((?:undefined|"(?:history|targets)")\)|resetHistory\(\))$/;
const SNAPSHOT_INSTALL = /^\(function frameSnapshotStreamer\(snapshotStreamer, removeNoScript\) \{/;

function isPlaywrightMainWorldRead(params: Record<string, unknown>): boolean {
  if (typeof params.expression === 'string') {
    return SNAPSHOT_STREAMER.test(params.expression) || (params.expression.length > MAX_CALL_TEXT && LIBRARY_INSTALL.test(params.expression));
  }
  if (params.functionDeclaration !== UTILITY_WRAPPER || !Array.isArray(params.arguments)) return false;
  const args = params.arguments as { value?: unknown }[];
  const fn = args[3]?.value;
  if (typeof fn !== 'string') return false;
  if (MAIN_WORLD_READS.has(fn) || SNAPSHOT_STREAMER.test(fn) || SNAPSHOT_INSTALL.test(fn)) return true;
  if (SELECTOR_HELPER.test(fn)) {
    // Its parameters travel in Playwright's serialisation: {o: [{k: 'functionText', v: '...'}, ...]}.
    const texts = [...JSON.stringify(args.slice(4)).matchAll(/"k":"functionText","v":("(?:\\.|[^"\\])*")/g)].map(m => JSON.parse(m[1]) as string);
    return texts.length === 1 && QUERY_ONLY.has(texts[0]);
  }
  return false;
}

/** Longer texts are Playwright installing its own library in the utility world, not a call. */
const MAX_CALL_TEXT = 10_000;

/** The text of the function or expression a script command runs, and its string arguments. */
function scriptText(params: Record<string, unknown>): string {
  const texts: unknown[] = [params.functionDeclaration, params.expression];
  if (Array.isArray(params.arguments)) for (const argument of params.arguments as { value?: unknown }[]) texts.push(argument?.value);
  return texts.filter((t): t is string => typeof t === 'string' && t.length <= MAX_CALL_TEXT).join('\n');
}
