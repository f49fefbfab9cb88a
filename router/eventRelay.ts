// Target sessions' events to the client: every tracked session's events pass as Chrome
// wrote them, with the session id swapped, after the router notes frames; children (attaches,
// their changes and detaches) only as childSessions.ts decides them.
import type { CdpEvent } from '../transport/cdpProtocol.js';
import type { TargetSession } from './sessionTable.js';
import { swapSessionId } from './wireText.js';
import { observeEvent } from './commandTap.js';
import type { ClientWire } from './clientWire.js';
import type { SessionTable } from './sessionTable.js';
import type { OwnershipRegistry } from './ownership.js';
import type { CdpConnection } from '../transport/cdpConnection.js';
import type { TaskScope } from './taskScope.js';
import type { AttachedEvent, ChildSessions } from './childSessions.js';

/** What a client is shown of one event: undefined as Chrome wrote it, null nothing, else this event. */
export type EventView = (session: TargetSession, event: CdpEvent) => CdpEvent | null | undefined;

export class EventRelay {
  constructor(
    private readonly task: TaskScope,
    private readonly cdp: CdpConnection,
    private readonly registry: OwnershipRegistry,
    private readonly table: SessionTable,
    private readonly wire: ClientWire,
    private readonly children: ChildSessions,
    /** Another site's cookies (profileEvents.ts) and what a person types (personHoldEvents.ts), cut. */
    private readonly view?: EventView,
  ) {}

  track(session: TargetSession): void {
    this.table.sessions.set(session.clientId, session);
    this.table.byReal.set(session.realId, session);
    this.cdp.listenToSession(session.realId, (event, text) => this.relay(session, event, text));
  }

  forget(session: TargetSession): void {
    // An owner's session that ends can no longer start the page: foreign clients may.
    if (session.scope) this.registry.starts.ownerStarted(session.targetId);
    this.table.sessions.delete(session.clientId);
    this.table.byReal.delete(session.realId);
    this.cdp.stopListening(session.realId);
    this.children.parentGone(session);
    for (const child of [...this.table.sessions.values()]) if (child.parent === session) this.forget(child);
  }

  /** Takes a delivered child's session from the client: detached on its parent, and the client told. */
  dropChild(child: TargetSession): void {
    const parent = child.parent;
    if (!parent) return;
    this.forget(child);
    this.cdp.raw('Target.detachFromTarget', { sessionId: child.realId }, parent.realId).catch(() => {});
    this.wire.send({ method: 'Target.detachedFromTarget', params: { sessionId: child.clientId, targetId: child.targetId }, sessionId: parent.clientId });
  }

  /** OOPIFs and workers keep their real session ids; the client sees them on the parent's session. */
  private trackChild(parent: TargetSession, attach: AttachedEvent['params']): void {
    const info = attach.targetInfo;
    const realId = attach.sessionId;
    this.track({ clientId: realId, realId, targetId: info.targetId, type: info.type, parent, ...(parent.contextId ? { contextId: parent.contextId } : {}) });
  }

  private relay(session: TargetSession, event: CdpEvent, text: string): void {
    switch (event.method) {
      case 'Target.attachedToTarget':
        if (this.children.attached(session, event).kind !== 'relay') return;
        this.trackChild(session, event.params);
        break;
      case 'Target.targetInfoChanged': {
        const outcome = this.children.infoChanged(session, event.params.targetInfo);
        if (outcome.kind === 'drop') return;
        if (outcome.kind === 'takeAway') return this.dropChild(outcome.child);
        if (outcome.kind === 'deliver') {
          // Handed over once committed: the attach carries what Chrome just said of it.
          this.trackChild(session, outcome.attach.params);
          this.wire.send({ method: outcome.attach.method, params: { ...outcome.attach.params }, sessionId: session.clientId });
          return;
        }
        break;
      }
      case 'Target.detachedFromTarget': {
        const child = this.table.byReal.get(event.params.sessionId);
        if (!child || child.parent !== session) {
          // A child the client was never given (held, let go) or already told of (taken away).
          this.children.detachedUnknown(event.params.sessionId);
          return;
        }
        this.forget(child);
        break;
      }
      case 'Network.requestWillBeSent':
        if (event.params.type === 'Document') this.children.navigation(session, event.params.frameId, undefined);
        break;
      case 'Network.responseReceived':
        if (event.params.type === 'Document') this.children.navigation(session, event.params.frameId, event.params.response.url);
        break;
      case 'Page.frameAttached':
        this.registry.frames.note(event.params.frameId, session.targetId);
        break;
      case 'Page.frameNavigated':
        this.registry.frames.note(event.params.frame.id, session.targetId);
        this.children.frameCommitted(session, event.params.frame);
        // A refused in-process frame cost the task this page: its sessions are gone.
        if (!this.table.sessions.has(session.clientId)) return;
        break;
      case 'Page.frameDetached':
        if (event.params.reason !== 'swap') this.registry.frames.forget(event.params.frameId);
        break;
    }
    // Events pass as Chrome wrote them, with the session id swapped (real ids of children stay),
    // but for what the task may not be shown (this.view).
    const shown = this.view?.(session, event);
    if (shown) this.wire.sendText(JSON.stringify({ ...shown, sessionId: session.clientId }));
    else if (shown === undefined) this.relayAsWritten(session, event, text);
    // Observed once relayed: observation never holds an event back or drops it.
    observeEvent(this.task.tap, event, session.targetId);
  }

  private relayAsWritten(session: TargetSession, event: CdpEvent, text: string): void {
    const relayed = session.clientId === session.realId ? text : swapSessionId(text, session.realId, session.clientId);
    if (relayed !== undefined) this.wire.sendText(relayed);
    else this.wire.send({ method: event.method, params: { ...event.params }, sessionId: session.clientId });
  }
}
