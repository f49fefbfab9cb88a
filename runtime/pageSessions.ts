// The runtime's own CDP session on each task page (opened by the network watch), offered to
// whoever else in the runtime needs to talk to a page without going through a task's
// clients: the live view's screencasts. One stable emitter for the runtime's life; the
// network watch of each browser launch reports into it.
import { EventEmitter } from 'node:events';
import type { CdpConnection } from '../transport/cdpConnection.js';
import type { CdpEvent } from '../transport/cdpProtocol.js';

export interface PageSession {
  targetId: string;
  sessionId: string;
  task: string;
  cdp: CdpConnection;
}

/**
 * Events: 'opened' (PageSession) once the session is ready; 'closed' (targetId) when the
 * page left the task, closed, or the browser went away; 'event' (targetId, CdpEvent) for
 * each event on the session that the network watch does not consume.
 */
export class PageSessions extends EventEmitter {
  readonly open = new Map<string, PageSession>();

  opened(session: PageSession): void {
    this.open.set(session.targetId, session);
    this.emit('opened', session);
  }

  closed(targetId: string): void {
    if (this.open.delete(targetId)) this.emit('closed', targetId);
  }

  event(targetId: string, event: CdpEvent): void {
    this.emit('event', targetId, event);
  }
}
