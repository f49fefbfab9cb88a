// Target sessions' events to the client: every tracked session's events pass as Chrome
// wrote them, with the session id swapped, after the router notes frames and children.
import type { CdpEvent } from '../transport/cdpProtocol.js';
import type { ConnectionParts } from './connectionParts.js';
import type { TargetSession } from './sessionTable.js';
import type { TargetInfo } from './ownership.js';
import { swapSessionId } from './wireText.js';
import { observeEvent } from './commandTap.js';

export class EventRelay {
  constructor(private readonly c: ConnectionParts) {}

  track(session: TargetSession): void {
    this.c.table.sessions.set(session.clientId, session);
    this.c.table.byReal.set(session.realId, session);
    this.c.cdp.listenToSession(session.realId, (event, text) => this.relay(session, event, text));
  }

  forget(session: TargetSession): void {
    // An owner's session that ends can no longer start the page: foreign clients may.
    if (session.scope) this.c.registry.starts.ownerStarted(session.targetId);
    this.c.table.sessions.delete(session.clientId);
    this.c.table.byReal.delete(session.realId);
    this.c.cdp.stopListening(session.realId);
    for (const child of [...this.c.table.sessions.values()]) if (child.parent === session) this.forget(child);
  }

  private relay(session: TargetSession, event: CdpEvent, text: string): void {
    switch (event.method) {
      case 'Target.attachedToTarget': {
        // OOPIFs and workers keep their real session ids; the client sees them on the parent's session.
        const info = event.params.targetInfo;
        this.c.registry.noteTarget(info);
        const realId = event.params.sessionId;
        this.track({ clientId: realId, realId, targetId: info.targetId, type: info.type, parent: session, ...(session.contextId ? { contextId: session.contextId } : {}) });
        break;
      }
      case 'Target.detachedFromTarget': {
        const child = this.c.table.byReal.get(event.params.sessionId);
        if (child) this.forget(child);
        break;
      }
      case 'Page.frameAttached':
        this.c.registry.frames.note(event.params.frameId, session.targetId);
        break;
      case 'Page.frameNavigated':
        this.c.registry.frames.note(event.params.frame.id, session.targetId);
        break;
      case 'Page.frameDetached':
        if (event.params.reason !== 'swap') this.c.registry.frames.forget(event.params.frameId);
        break;
    }
    // Events pass as Chrome wrote them, with the session id swapped (real ids of children stay).
    const relayed = session.clientId === session.realId ? text : swapSessionId(text, session.realId, session.clientId);
    if (relayed !== undefined) this.c.wire.sendText(relayed);
    else this.c.wire.send({ method: event.method, params: { ...event.params }, sessionId: session.clientId });
    // Observed once relayed: observation never holds an event back or drops it.
    observeEvent(this.c.task.tap, event, session.targetId);
  }
}
