// What the task's CDP traffic says may have changed the world, from the protocol's public
// words alone: input is a command that reaches Input.dispatch* (or types, or accepts a
// dialog), files given to a file input, writes to the profile's stored data; requests are
// what Network events say a page sent (a method other than GET/HEAD/OPTIONS, a beacon, a
// WebSocket frame). Nothing here reads the text of the scripts Playwright runs: a read
// (observe, textContent, expect) sends none of these, whichever Playwright version words it.
//
// It hears each page twice (the runtime's own Network session, networkWatch.ts, and the
// task's clients): requests are keyed by their CDP id, so one request is one cause.
import type { Protocol } from 'devtools-protocol';
import type { CommandTap } from '../../router/commandTap.js';
import type { CdpEvent } from '../../transport/cdpProtocol.js';
import type { MutationLog } from './mutationLog.js';
import { ACCEPTED_DIALOG, SAFE_METHODS, shortUrl, type MutationCause } from './mutationCause.js';

/** Commands that write the profile's stored data (what the next page load or the user's next visit sees). */
const PROFILE_WRITES: Readonly<Record<string, string>> = {
  'Network.setCookie': 'set a cookie', 'Network.setCookies': 'set cookies', 'Network.deleteCookies': 'deleted cookies',
  'Network.clearBrowserCookies': 'cleared cookies', 'Storage.setCookies': 'set cookies', 'Storage.clearCookies': 'cleared cookies',
  'Storage.clearDataForOrigin': 'cleared site data', 'Storage.clearDataForStorageKey': 'cleared site data',
  'DOMStorage.setDOMStorageItem': 'wrote web storage', 'DOMStorage.removeDOMStorageItem': 'wrote web storage', 'DOMStorage.clear': 'cleared web storage',
  'IndexedDB.clearObjectStore': 'cleared IndexedDB data', 'IndexedDB.deleteDatabase': 'deleted an IndexedDB database',
  'IndexedDB.deleteObjectStoreEntries': 'deleted IndexedDB entries', 'CacheStorage.deleteCache': 'deleted a cache', 'CacheStorage.deleteEntry': 'deleted a cache entry',
  'ServiceWorker.unregister': 'unregistered a service worker', 'ServiceWorker.deliverPushMessage': 'delivered a push message to a service worker',
  'ServiceWorker.dispatchSyncEvent': 'dispatched a sync event to a service worker', 'ServiceWorker.dispatchPeriodicSyncEvent': 'dispatched a sync event to a service worker',
  'Browser.grantPermissions': 'granted permissions', 'Browser.setPermission': 'set a permission', 'Browser.resetPermissions': 'reset permissions',
};

/** Keys whose name is worth listing (`key Enter`); a character key is counted, never shown (it may be a password's). */
const NAMED_KEY = /^(?:Enter|Tab|Escape|Backspace|Delete|Arrow(?:Up|Down|Left|Right)|Home|End|Page(?:Up|Down)|F\d{1,2}| )$/;

/** Sockets remembered at most (pages that navigate away may never say a socket closed). */
const MAX_SOCKETS = 200;

/** `later`: sent while no program ran (after a receipt was final): told as that receipt's laterMutations (mutationLog.ts). */
interface Tracked { key: string; method: string; url: string; document?: string; beacon: boolean; later: boolean }

export class CdpEvidence implements CommandTap {
  /** Requests that may change something, by CDP request id, until answered. */
  private readonly requests = new Map<string, Tracked>();
  /** WebSockets by request id: their URL. */
  private readonly sockets = new Map<string, string>();
  /** Request hops already heard (each page is heard on two sessions). */
  private readonly seen = new Set<string>();
  private readonly seenOrder: string[] = [];
  private hop = 0;
  /** What went unobserved between programs: the next program says so. */
  private readonly blind: string[] = [];

  constructor(private readonly log: MutationLog, private readonly pageOf: (targetId: string) => string) {}

  command(method: string, params: Record<string, unknown>, targetId: string): void {
    if (method.startsWith('Input.')) return this.onInput(method, params, targetId);
    if (method === 'DOM.setFileInputFiles') {
      const files = Array.isArray(params.files) ? params.files.length : 0;
      return this.log.input({ at: Date.now(), page: this.pageOf(targetId), kind: 'upload', text: `set ${files} file${files === 1 ? '' : 's'} on a file input` });
    }
    if (method === 'Page.handleJavaScriptDialog') {
      if (params.accept === true) this.log.record({ kind: 'input', text: ACCEPTED_DIALOG });
      return;
    }
    const write = PROFILE_WRITES[method];
    if (write) this.log.record({ kind: 'profile', text: write });
  }

  event(event: CdpEvent, _targetId?: string): void {
    switch (event.method) {
      case 'Network.requestWillBeSent': return this.onRequest(event.params);
      case 'Network.responseReceived': return this.onAnswer(event.params.requestId, String(event.params.response.status));
      case 'Network.loadingFailed':
        // A request the page cancelled may still have reached the server.
        return this.onAnswer(event.params.requestId, event.params.canceled === true ? 'cancelled' : `failed (${event.params.errorText || event.params.blockedReason || 'no answer'})`);
      case 'Network.webSocketCreated':
        this.sockets.set(event.params.requestId, event.params.url);
        if (this.sockets.size > MAX_SOCKETS) this.sockets.delete(this.sockets.keys().next().value!);
        return;
      case 'Network.webSocketFrameSent': return this.onFrame(event.params.requestId);
      case 'Network.webSocketClosed':
        this.sockets.delete(event.params.requestId);
        return;
    }
  }

  /** The runtime could not observe something it needed to: this program (or the next one) cannot be called read-only. */
  unobserved(reason: string): void {
    if (this.log.observing) this.log.record({ kind: 'unobserved', text: reason });
    else this.blind.push(reason);
  }

  /** A new program: requests still open belong to the one before (those sent between programs are still followed, to tell their answer). */
  begin(): void {
    for (const [id, tracked] of this.requests) if (!tracked.later) this.requests.delete(id);
    for (const reason of this.blind.splice(0)) this.log.record({ kind: 'unobserved', text: reason });
  }

  private onInput(method: string, params: Record<string, unknown>, targetId: string): void {
    const text = inputText(method, params);
    if (text === null) return;
    this.log.input({ at: Date.now(), page: this.pageOf(targetId), kind: 'input', ...(text ? { text } : {}) });
  }

  private onRequest(params: Protocol.Network.RequestWillBeSentEvent): void {
    const id = params.requestId;
    const request = params.request;
    // One hop of one request is one event, however many sessions report it.
    if (!this.firstReport(`${id} ${request.method} ${request.url}`)) return;
    const known = this.requests.get(id);
    if (params.redirectResponse && known) {
      // The hop before was answered with a redirect; the next one may no longer change anything (303 -> GET).
      this.told(known, { kind: 'request', key: known.key, text: requestText(known, String(params.redirectResponse.status)) }, true);
      this.requests.delete(id);
    }
    const beacon = params.type === 'Ping';
    if (SAFE_METHODS.has(request.method) && !beacon) return;
    const tracked: Tracked = {
      key: `${id}#${this.hop++}`, method: request.method, url: request.url, beacon, later: !this.log.observing,
      ...(params.documentURL ? { document: params.documentURL } : {}),
    };
    this.requests.set(id, tracked);
    // Requests sent between programs outlive a program's start until answered: bounded as a page that never answers them would not be.
    if (this.requests.size > MAX_SOCKETS * 10) this.requests.delete(this.requests.keys().next().value!);
    this.told(tracked, { kind: 'request', key: tracked.key, text: requestText(tracked, '(in flight)') }, false);
  }

  /** A request's cause: the running program's, or one that followed the last receipt (`update`: its answer). */
  private told(tracked: Tracked, cause: MutationCause, update: boolean): void {
    if (tracked.later) this.log.recordLater(cause, update);
    else this.log.record(cause);
  }

  private onAnswer(id: string, outcome: string): void {
    const tracked = this.requests.get(id);
    if (!tracked) return;
    this.requests.delete(id);
    this.told(tracked, { kind: 'request', key: tracked.key, text: requestText(tracked, outcome) }, true);
  }

  /** Frames are not counted: each page is heard on two sessions, and the two stamp the same frame apart. */
  private onFrame(id: string): void {
    const url = this.sockets.get(id);
    const cause: MutationCause = { kind: 'websocket', key: `ws:${id}`, text: `WebSocket ${url ? `${shortUrl(url)} ` : ''}frames sent` };
    if (this.log.observing) this.log.record(cause);
    else this.log.recordLater(cause);
  }

  /** Whether this is the first time the event is heard (each page is heard on two sessions). */
  private firstReport(key: string): boolean {
    if (this.seen.has(key)) return false;
    this.seen.add(key);
    this.seenOrder.push(key);
    if (this.seenOrder.length > 4000) this.seen.delete(this.seenOrder.shift()!);
    return true;
  }
}

function requestText(request: Tracked, outcome: string): string {
  return `${request.method} ${shortUrl(request.url, request.document)} ${outcome}${request.beacon ? ' (beacon)' : ''}`;
}

/**
 * How an Input command reads when no Playwright action names it; '' for the rest of a gesture
 * (a release after a press), null for what is no input to a page (Input.setIgnoreInputEvents).
 */
export function inputText(method: string, params: Record<string, unknown>): string | null {
  const at = typeof params.x === 'number' && typeof params.y === 'number' ? ` at (${Math.round(params.x)}, ${Math.round(params.y)})` : '';
  switch (method) {
    case 'Input.dispatchMouseEvent':
      if (params.type === 'mousePressed') return `mouse ${params.button === 'right' ? 'right-' : ''}click${at}`;
      if (params.type === 'mouseWheel') return `mouse wheel${at}`;
      if (params.type === 'mouseMoved') return 'mouse move';
      return '';
    case 'Input.dispatchKeyEvent': {
      if (params.type !== 'keyDown' && params.type !== 'rawKeyDown') return '';
      const key = typeof params.key === 'string' ? params.key : '';
      return NAMED_KEY.test(key) ? `key ${key === ' ' ? 'Space' : key}` : key.length === 1 ? 'typed a character' : `key ${key || 'press'}`;
    }
    case 'Input.insertText': return 'inserted text';
    case 'Input.imeSetComposition': case 'Input.imeCommitComposition': return 'IME text';
    case 'Input.dispatchTouchEvent': return params.type === 'touchStart' ? 'touch' : '';
    case 'Input.emulateTouchFromMouseEvent': return params.type === 'mousePressed' ? `touch${at}` : '';
    case 'Input.dispatchDragEvent': return params.type === 'drop' ? `drop${at}` : '';
    default:
      return method.startsWith('Input.dispatch') || method.startsWith('Input.synthesize') ? method.slice('Input.'.length) : null;
  }
}
