// A task's network diagnostics, kept by the runtime's main thread from the CDP events the
// router sees for the task's pages (so they do not depend on a program running): failed
// requests go to the receipt of the program during which they failed; a failure seen after
// a receipt was final goes to the task's next receipt, marked `deferred` with the request id
// of the program that was running when the request started. Each client of the task gets
// the same events on its own session, so everything is keyed by CDP request id.
import { SAFE_METHODS } from '../mutations/mutationCause.js';
import type { CommandTap } from '../../router/commandTap.js';
import type { CdpEvent } from '../../transport/cdpProtocol.js';
import type { Protocol } from 'devtools-protocol';
import type { NetworkEntry } from '../../contract/receipt.js';

/** Per receipt, at most this many entries; the rest are counted. */
export const MAX_NETWORK_ENTRIES = 50;
/** In-flight requests kept at most (streams that never end, pages closed mid-request). */
const MAX_TRACKED = 2000;
/** Resource types whose HTTP error status is a failure worth reporting. */
const STATUS_TYPES = new Set(['Document', 'Fetch', 'XHR']);

interface Tracked {
  /** The top-level page target the request belongs to (found when it started, while its frame or worker lived). */
  target: string;
  method: string;
  url: string;
  type?: string;
  /** The program (request id) running when the request started; undefined between programs. */
  program?: string;
  responded: boolean;
  /** Listed as pending in a receipt already: said once, then only its outcome is news. */
  reportedPending?: boolean;
}

interface Failure {
  entry: Omit<NetworkEntry, 'page'>;
  target: string;
  program?: string;
}

export interface JournalPage { id: number; targetId: string }

export class NetworkJournal implements CommandTap {
  private readonly requests = new Map<string, Tracked>();
  /** Request ids already reported or finished: later duplicates (other clients' sessions) are ignored. */
  private readonly done = new Set<string>();
  private readonly doneOrder: string[] = [];
  private failures: Failure[] = [];
  private current?: string;

  /** `pageOf` names the top-level page a target (OOPIF, worker) lives in: the ownership registry's. */
  constructor(private readonly pageOf: (targetId: string) => string) {}

  /** A program starts: failures from now on are its own (those queued since the last one come along). */
  begin(requestId: string): void {
    this.current = requestId;
  }

  /**
   * The program's receipt is being finalised: its network entries (failures, and requests
   * other than GET/HEAD/OPTIONS still in flight). Failures after this go to the next receipt.
   */
  end(requestId: string, pages: JournalPage[]): { entries: NetworkEntry[]; dropped: number } {
    const idOf = new Map(pages.map(p => [p.targetId, p.id]));
    const entries: NetworkEntry[] = [];
    for (const failure of this.failures) {
      const page = idOf.get(failure.target);
      const deferred = failure.program !== requestId;
      entries.push({
        page: page ?? 0,
        ...failure.entry,
        ...(deferred ? { deferred: true } : {}),
        ...(deferred && failure.program ? { since: failure.program } : {}),
      });
    }
    this.failures = [];
    for (const request of this.requests.values()) {
      if (request.responded || request.reportedPending || SAFE_METHODS.has(request.method)) continue;
      const page = idOf.get(request.target);
      // A request of a page that closed meanwhile will never be answered to us.
      if (page === undefined) continue;
      request.reportedPending = true;
      entries.push({
        page, method: request.method, url: request.url, pending: true,
        ...(request.program !== requestId ? { deferred: true, ...(request.program ? { since: request.program } : {}) } : {}),
      });
    }
    this.current = undefined;
    const dropped = Math.max(0, entries.length - MAX_NETWORK_ENTRIES);
    return { entries: entries.slice(0, MAX_NETWORK_ENTRIES), dropped };
  }

  command(): void {}

  event(event: CdpEvent, targetId: string): void {
    switch (event.method) {
      case 'Network.requestWillBeSent':
        return this.onRequest(event.params, targetId);
      case 'Network.responseReceived':
        return this.onResponse(event.params);
      case 'Network.loadingFailed':
        return this.onFailed(event.params);
      case 'Network.loadingFinished':
        return this.forget(event.params.requestId);
    }
  }

  private onRequest(params: Protocol.Network.RequestWillBeSentEvent, targetId: string): void {
    const id = params.requestId;
    if (this.done.has(id)) return;
    const request = params.request;
    const known = this.requests.get(id);
    if (known) {
      // A redirect keeps the request id; the hop before it was answered with a 3xx.
      if (params.redirectResponse) {
        known.url = request.url;
        known.method = request.method;
      }
      return;
    }
    if (isNoise(request.url)) return;
    if (this.requests.size >= MAX_TRACKED) this.evictOldest();
    this.requests.set(id, {
      target: this.pageOf(targetId), method: request.method, url: request.url,
      ...(typeof params.type === 'string' ? { type: params.type } : {}),
      ...(this.current ? { program: this.current } : {}),
      responded: false,
    });
  }

  private onResponse(params: Protocol.Network.ResponseReceivedEvent): void {
    const id = params.requestId;
    const request = this.requests.get(id);
    if (!request || request.responded) return;
    request.responded = true;
    const response = params.response;
    const type = params.type ?? request.type;
    if (response.status >= 400 && type !== undefined && STATUS_TYPES.has(type)) {
      this.fail(id, request, { method: request.method, url: response.url ?? request.url, status: response.status, type: type.toLowerCase() });
    }
  }

  private onFailed(params: Protocol.Network.LoadingFailedEvent): void {
    const id = params.requestId;
    const request = this.requests.get(id);
    if (!request) return;
    if (params.canceled === true) return this.forget(id);
    const reason = [params.errorText, params.blockedReason, params.corsErrorStatus?.corsError]
      .filter(x => typeof x === 'string' && x).join(', ');
    this.fail(id, request, { method: request.method, url: request.url, failure: reason || 'failed', ...(request.type ? { type: request.type.toLowerCase() } : {}) });
  }

  private fail(id: string, request: Tracked, entry: Omit<NetworkEntry, 'page'>): void {
    if (this.failures.length < MAX_NETWORK_ENTRIES * 2)
      this.failures.push({ entry, target: request.target, ...(request.program ? { program: request.program } : {}) });
    this.forget(id);
  }

  private forget(id: string): void {
    if (!this.requests.delete(id)) return;
    this.done.add(id);
    this.doneOrder.push(id);
    if (this.doneOrder.length > MAX_TRACKED) this.done.delete(this.doneOrder.shift()!);
  }

  private evictOldest(): void {
    const oldest = this.requests.keys().next().value;
    if (oldest !== undefined) this.forget(oldest);
  }
}

/** Requests nobody asked about: the favicon Chrome fetches by itself. */
function isNoise(url: string): boolean {
  return /\/favicon\.ico(?:[?#]|$)/.test(url);
}
