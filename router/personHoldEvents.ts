// What a task's clients are shown of their pages' events while a person works on them (a
// hand-over): where the page goes and what it loads, never what the person types. Refusing
// commands is not enough (personHoldPolicy.ts): domains a client switched on before the
// hand-over keep reporting. Held back or cut, for the whole hand-over:
// - a request's body (`postData`, `postDataEntries` of Network.requestWillBeSent and
//   Fetch.requestPaused): the form the person sends. Its request id is remembered, so the body
//   is not given later by Network.getRequestPostData either;
// - what a WebSocket sends (Network.webSocketFrameSent's payload);
// - screencast frames (the page as the person types in it): acknowledged here, so Chrome goes
//   on with the screencast afterwards;
// - DOM, DOMStorage and Accessibility events (typed text in an editable element, a draft the
//   page stores, a text field's accessible value).
// Every other event, and every event outside a hand-over, passes as Chrome wrote it.
import type { CdpEvent } from '../transport/cdpProtocol.js';
import type { CdpConnection } from '../transport/cdpConnection.js';
import type { TargetSession } from './sessionTable.js';

/** Methods whose events may carry what the person types (a quick test before the hand-over is asked). */
const CARRIERS = new Set(['Network.requestWillBeSent', 'Fetch.requestPaused', 'Network.webSocketFrameSent', 'Page.screencastFrame']);
const HELD_DOMAINS = ['DOM.', 'DOMStorage.', 'Accessibility.'];

/** How many requests with a withheld body a connection remembers (the oldest let go first). */
const REMEMBERED = 4096;

export class PersonHoldEvents {
  /** `<targetId> <requestId>`: Chrome's request ids are the same on every session of a target. */
  private readonly withheldBodies = new Set<string>();

  constructor(
    private readonly cdp: CdpConnection,
    /** Why the task's pages are a person's now; undefined outside a hand-over. */
    private readonly hold: () => string | undefined,
  ) {}

  /** The event as shown: undefined as Chrome wrote it, null not at all. */
  rewrite(session: TargetSession, event: CdpEvent): CdpEvent | null | undefined {
    const method = event.method;
    if (!CARRIERS.has(method) && !HELD_DOMAINS.some(domain => method.startsWith(domain))) return undefined;
    if (this.hold() === undefined) return undefined;
    switch (event.method) {
      case 'Network.requestWillBeSent': {
        const { request, requestId } = event.params;
        if (request.postData === undefined && request.postDataEntries === undefined) return undefined;
        this.withhold(session, requestId);
        const { postData: _data, postDataEntries: _entries, ...rest } = request;
        return { method: event.method, params: { ...event.params, request: rest } };
      }
      case 'Fetch.requestPaused': {
        const { request, networkId } = event.params;
        if (request.postData === undefined && request.postDataEntries === undefined) return undefined;
        if (networkId) this.withhold(session, networkId);
        const { postData: _data, postDataEntries: _entries, ...rest } = request;
        return { method: event.method, params: { ...event.params, request: rest } };
      }
      case 'Network.webSocketFrameSent':
        return { method: event.method, params: { ...event.params, response: { ...event.params.response, payloadData: '' } } };
      case 'Page.screencastFrame':
        this.cdp.raw('Page.screencastFrameAck', { sessionId: event.params.sessionId }, session.realId).catch(() => {});
        return null;
      case 'DOM.documentUpdated':
        // The client's copy of the DOM is stale: it asks again, after the hand-over.
        return undefined;
      default:
        return null;
    }
  }

  /** Whether the body of this request (by its Network request id) was the person's. */
  withheld(session: TargetSession, requestId: unknown): boolean {
    return typeof requestId === 'string' && this.withheldBodies.has(`${session.targetId} ${requestId}`);
  }

  private withhold(session: TargetSession, requestId: string): void {
    this.withheldBodies.add(`${session.targetId} ${requestId}`);
    if (this.withheldBodies.size > REMEMBERED) this.withheldBodies.delete(this.withheldBodies.values().next().value!);
  }
}
