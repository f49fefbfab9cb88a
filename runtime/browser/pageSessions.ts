// The runtime's own CDP session on each task page (opened by the network watch), offered to
// whoever else in the runtime needs to talk to a page without going through a task's
// clients: the live view's screencasts, a hand-over's file chooser, the recorder of a
// person's flow, and the watcher of what each page announces (announcements/pageAnnouncer.ts).
// One stable emitter for the runtime's life; the network watch of each browser launch reports
// into it.
import { EventEmitter } from 'node:events';
import type { CdpConnection } from '../../transport/cdpConnection.js';
import type { CdpEvent } from '../../transport/cdpProtocol.js';

export interface PageSession {
  targetId: string;
  sessionId: string;
  task: string;
  cdp: CdpConnection;
}

/** Domains a part of the runtime turns on for a while on a page session (Network stays on: the network watch's). */
export type SessionDomain = 'Page' | 'Runtime';

/**
 * Events: 'opened' (PageSession) once the session is ready; 'closed' (targetId) when the
 * page left the task, closed, or the browser went away; 'event' (targetId, CdpEvent) for
 * each event on the session that the network watch does not consume; 'pageDisabled' (targetId)
 * when the last part that needed the Page domain let it go (Chrome stops a screencast then).
 */
export class PageSessions extends EventEmitter {
  readonly open = new Map<string, PageSession>();
  /** How many parts want each domain on, by session, and its enable: the last to let go turns it off. */
  private readonly domainUsers = new Map<string, { users: number; enabled: Promise<unknown> }>();

  opened(session: PageSession): void {
    this.open.set(session.targetId, session);
    this.emit('opened', session);
  }

  closed(targetId: string): void {
    const session = this.open.get(targetId);
    if (session) for (const key of [...this.domainUsers.keys()]) if (key.startsWith(`${session.sessionId} `)) this.domainUsers.delete(key);
    if (this.open.delete(targetId)) this.emit('closed', targetId);
  }

  /**
   * Calls `use` with the page's session: now if it is open, else once it opens (a tab its task
   * claimed a moment ago has none yet). The returned function stops the wait.
   */
  whenOpen(targetId: string, use: (session: PageSession) => void): () => void {
    const open = this.open.get(targetId);
    if (open) {
      use(open);
      return () => {};
    }
    const onOpened = (session: PageSession) => {
      if (session.targetId !== targetId) return;
      this.off('opened', onOpened);
      use(session);
    };
    this.on('opened', onOpened);
    return () => this.off('opened', onOpened);
  }

  event(targetId: string, event: CdpEvent): void {
    this.emit('event', targetId, event);
  }

  /**
   * Turns `domain` on for the session (its events then come as 'event') until the returned
   * function is called; two parts may want it at once, so it goes off when the last lets go.
   */
  async enable(session: PageSession, domain: SessionDomain): Promise<() => void> {
    const key = `${session.sessionId} ${domain}`;
    let entry = this.domainUsers.get(key);
    if (!entry) {
      entry = { users: 0, enabled: domain === 'Page' ? session.cdp.send('Page.enable', {}, session.sessionId) : session.cdp.send('Runtime.enable', undefined, session.sessionId) };
      this.domainUsers.set(key, entry);
    }
    entry.users += 1;
    const mine = entry;
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      mine.users -= 1;
      if (mine.users > 0 || this.domainUsers.get(key) !== mine) return;
      this.domainUsers.delete(key);
      if (this.open.get(session.targetId)?.sessionId !== session.sessionId) return;
      (domain === 'Page' ? session.cdp.send('Page.disable', undefined, session.sessionId) : session.cdp.send('Runtime.disable', undefined, session.sessionId)).catch(() => {});
      // Chrome stops a screencast with Page.disable: the view's cast of this page starts again.
      if (domain === 'Page') this.emit('pageDisabled', session.targetId);
    };
    try {
      await mine.enabled;
    } catch (error) {
      release();
      throw error;
    }
    return release;
  }
}
