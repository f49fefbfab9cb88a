// One CDP session of the runtime's own on every page a task owns, with Network enabled, so
// the task's network journal hears its pages whether or not a worker is connected: a POST a
// timed-out program left in flight still reports its 504 in the task's next receipt. A page's
// dedicated workers send requests of their own, reported on their own sessions: those are
// attached on the page's session (auto-attach, never paused) and heard as the page's. The
// journal keys requests by id, so hearing them from the task's clients too changes nothing.
import type { CdpConnection } from '../../transport/cdpConnection.js';
import type { Ownership, OwnershipRegistry } from '../../router/ownership.js';
import { observeEvent, type CommandTap } from '../../router/commandTap.js';
import type { PageSessions } from './pageSessions.js';

export class NetworkWatch {
  /** Page target id -> the runtime's session on it. */
  private readonly sessions = new Map<string, string>();
  /** Page target id -> the runtime's sessions on its dedicated workers. */
  private readonly workerSessions = new Map<string, Set<string>>();
  private readonly onClaimed = (targetId: string, ownership: Ownership) => {
    if (this.onlyTask === undefined || ownership.task === this.onlyTask) void this.watch(targetId, ownership.task);
  };
  private readonly onReleased = (targetId: string) => this.unwatch(targetId);

  constructor(
    private readonly cdp: CdpConnection,
    private readonly registry: OwnershipRegistry,
    private readonly journalOf: (task: string) => CommandTap | undefined,
    /** Where the sessions are offered to the rest of the runtime (the live view). */
    private readonly offered?: PageSessions,
    /** A browser of one task's own (a browser service's): another task's page is never in it. */
    private readonly onlyTask?: string,
  ) {
    registry.on('claimed', this.onClaimed);
    registry.on('released', this.onReleased);
  }

  private async watch(targetId: string, task: string): Promise<void> {
    if (this.sessions.has(targetId)) return;
    this.sessions.set(targetId, '');
    const attached = await this.cdp.raw('Target.attachToTarget', { targetId, flatten: true });
    const sessionId = attached.result?.sessionId as string | undefined;
    // A page that went away meanwhile needs no watching; one that is still there and could not
    // be attached is a page whose requests the task's receipts cannot vouch for.
    if (!sessionId && this.sessions.get(targetId) === '' && !/no target|disconnected/i.test(attached.error?.message ?? ''))
      this.journalOf(task)?.unobserved?.(`the runtime could not watch a page's requests (${attached.error?.message ?? 'attach failed'})`);
    if (!sessionId || this.sessions.get(targetId) !== '') {
      // Released (or gone) while attaching.
      if (sessionId) this.cdp.raw('Target.detachFromTarget', { sessionId }).catch(() => {});
      if (this.sessions.get(targetId) === '') this.sessions.delete(targetId);
      return;
    }
    // Out-of-process frames are heard through the page's clients; a page session is enough here.
    const own = await this.cdp.raw('Target.getTargetInfo', {}, sessionId);
    if ((own.result?.targetInfo as { type?: string } | undefined)?.type !== 'page' || this.sessions.get(targetId) !== '') {
      if (this.sessions.get(targetId) === '') this.sessions.delete(targetId);
      this.cdp.raw('Target.detachFromTarget', { sessionId }).catch(() => {});
      return;
    }
    this.sessions.set(targetId, sessionId);
    this.cdp.listenToSession(sessionId, event => {
      if (event.method.startsWith('Network.')) observeEvent(this.journalOf(task), event, targetId);
      else if (event.method === 'Target.attachedToTarget') void this.watchWorker(targetId, task, event.params.sessionId);
      else if (event.method === 'Target.detachedFromTarget') this.unwatchWorker(targetId, event.params.sessionId);
      else this.offered?.event(targetId, event);
    });
    await this.cdp.raw('Network.enable', {}, sessionId);
    await this.cdp.raw('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: true, filter: [{ type: 'worker' }] }, sessionId);
    if (this.sessions.get(targetId) === sessionId) this.offered?.opened({ targetId, sessionId, task, cdp: this.cdp });
  }

  /**
   * Resolves once each of the task's pages has answered one command its renderer handles. A page
   * reports its requests from its renderer, on this session: what it reported before the answer
   * has then been heard (a request a page's timer sent just before the next program started is
   * the last program's, not the next one's). A page that does not answer within `boundMs` (its
   * thread busy, a dialog open) is not waited for longer: its program will say what it finds.
   */
  async heardUpTo(task: string, boundMs: number): Promise<void> {
    const asked: Promise<unknown>[] = [];
    for (const [targetId, sessionId] of this.sessions)
      if (sessionId && this.registry.ownerOf(targetId)?.task === task) asked.push(this.cdp.send('Runtime.evaluate', { expression: '0' }, sessionId).catch(() => {}));
    if (!asked.length) return;
    let timer: NodeJS.Timeout | undefined;
    const bound = new Promise<void>(resolve => { timer = setTimeout(resolve, boundMs); });
    await Promise.race([Promise.all(asked), bound]).finally(() => clearTimeout(timer));
  }

  /** A dedicated worker of a watched page: its requests are the page's. */
  private async watchWorker(targetId: string, task: string, sessionId: string): Promise<void> {
    if (!this.sessions.get(targetId)) return;
    let workers = this.workerSessions.get(targetId);
    if (!workers) this.workerSessions.set(targetId, workers = new Set());
    workers.add(sessionId);
    this.cdp.listenToSession(sessionId, event => {
      if (event.method.startsWith('Network.')) observeEvent(this.journalOf(task), event, targetId);
    });
    const enabled = await this.cdp.raw('Network.enable', {}, sessionId);
    if (enabled.error && workers.has(sessionId) && !/no session|not found|closed/i.test(enabled.error.message))
      this.journalOf(task)?.unobserved?.(`the runtime could not watch a page's worker's requests (${enabled.error.message})`);
  }

  private unwatchWorker(targetId: string, sessionId: string): void {
    this.workerSessions.get(targetId)?.delete(sessionId);
    this.cdp.stopListening(sessionId);
  }

  private unwatch(targetId: string): void {
    for (const worker of this.workerSessions.get(targetId) ?? []) this.cdp.stopListening(worker);
    this.workerSessions.delete(targetId);
    const sessionId = this.sessions.get(targetId);
    if (sessionId === undefined) return;
    this.sessions.delete(targetId);
    if (!sessionId) return;
    this.offered?.closed(targetId);
    this.cdp.stopListening(sessionId);
    this.cdp.raw('Target.detachFromTarget', { sessionId }).catch(() => {});
  }

  /** The browser is gone: its sessions went with it. */
  dispose(): void {
    this.registry.off('claimed', this.onClaimed);
    this.registry.off('released', this.onReleased);
    for (const targetId of this.sessions.keys()) this.offered?.closed(targetId);
    this.sessions.clear();
    this.workerSessions.clear();
  }
}
