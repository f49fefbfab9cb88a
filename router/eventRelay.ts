// Target sessions' events to the client: every tracked session's events pass as Chrome
// wrote them, with the session id swapped, after the router notes frames and children.
import type { CdpEvent } from '../transport/cdpProtocol.js';
import type { TargetSession } from './sessionTable.js';
import type { TargetInfo } from './ownership.js';
import { swapSessionId } from './wireText.js';
import { observeEvent } from './commandTap.js';
import type { ClientWire } from './clientWire.js';
import type { SessionTable } from './sessionTable.js';
import type { OwnershipRegistry } from './ownership.js';
import type { CdpConnection } from '../transport/cdpConnection.js';
import type { TaskScope } from './taskScope.js';

export class EventRelay {
  constructor(
    private readonly task: TaskScope,
    private readonly cdp: CdpConnection,
    private readonly registry: OwnershipRegistry,
    private readonly table: SessionTable,
    private readonly wire: ClientWire,
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
    for (const child of [...this.table.sessions.values()]) if (child.parent === session) this.forget(child);
  }

  private relay(session: TargetSession, event: CdpEvent, text: string): void {
    switch (event.method) {
      case 'Target.attachedToTarget': {
        // OOPIFs and workers keep their real session ids; the client sees them on the parent's session.
        const info = event.params.targetInfo;
        this.registry.noteTarget(info);
        const realId = event.params.sessionId;
        this.track({ clientId: realId, realId, targetId: info.targetId, type: info.type, parent: session, ...(session.contextId ? { contextId: session.contextId } : {}) });
        break;
      }
      case 'Target.detachedFromTarget': {
        const child = this.table.byReal.get(event.params.sessionId);
        if (child) this.forget(child);
        break;
      }
      case 'Page.frameAttached':
        this.registry.frames.note(event.params.frameId, session.targetId);
        break;
      case 'Page.frameNavigated':
        this.registry.frames.note(event.params.frame.id, session.targetId);
        break;
      case 'Page.frameDetached':
        if (event.params.reason !== 'swap') this.registry.frames.forget(event.params.frameId);
        break;
    }
    // Events pass as Chrome wrote them, with the session id swapped (real ids of children stay).
    const relayed = session.clientId === session.realId ? text : swapSessionId(text, session.realId, session.clientId);
    if (relayed !== undefined) this.wire.sendText(relayed);
    else this.wire.send({ method: event.method, params: { ...event.params }, sessionId: session.clientId });
    // Observed once relayed: observation never holds an event back or drops it.
    observeEvent(this.task.tap, event, session.targetId);
  }
}
