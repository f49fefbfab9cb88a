// A browser per task from a browser service (`runtime start --browser-service URL`): Browserless,
// or any service that gives each CDP WebSocket connection a browser of its own. Each task opens
// its own connection when it needs a browser, so tasks are apart at the browser level (process,
// profile, crashes) and spread over the service's pool; a task that no longer needs one (its
// worker stopped while no program is in flight: idle, evicted, released, closed) gives it back,
// its tabs' last URLs kept in the page table, and its next program gets a new one with those
// tabs reopened (pageRecovery.ts says so in its receipt). The service's own limits come back as
// named errors (transport/browserServiceAnswer.ts): a full pool, a refused token, nothing there.
import { EventEmitter } from 'node:events';
import { BrowserSession, type SessionOptions } from './browserSession.js';
import { ConnectedBrowser } from '../../transport/connectedBrowser.js';
import type { BrowserVersion } from '../../transport/browserLink.js';
import { BrowserServiceError } from '../../contract/errors.js';
import type { Browsers } from './browsers.js';

/**
 * How long after its own probe closed the runtime takes a full pool for that probe's browser, not
 * yet given back: the service tears the browser down after the connection closes. With a pool of
 * one, the first program right after `runtime start` heard BrowserServiceBusy (the limits test
 * failed so on a loaded machine).
 */
const PROBE_RELEASE_MS = 5000;
const PROBE_RETRY_MS = 250;

export class TaskBrowsers extends EventEmitter implements Browsers {
  readonly perTask = true;
  readonly current = undefined;
  private readonly open = new Map<string, BrowserSession>();
  private readonly opening = new Map<string, Promise<BrowserSession>>();
  private closing = false;
  /** The service's browser, as the first connection said (status shows it); undefined before one answered. */
  version?: BrowserVersion;
  /** When the start's probe connection closed (Date.now()); 0 when none did. */
  private probeClosedAt = 0;

  constructor(private readonly options: SessionOptions & { cdpUrl: string }) {
    super();
  }

  /**
   * One connection tried and closed, so that `runtime start` fails at once on a wrong token or an
   * address where nothing answers, with what was tried. A full pool proves the service is there
   * and took the token (it checks that first): the runtime starts, and programs hear that it is
   * full until a browser is free.
   */
  async start(): Promise<void> {
    try {
      const probe = await ConnectedBrowser.connect(this.options.cdpUrl, this.options.log, process.env, this.options.answerLimitMs);
      this.version = probe.version;
      await probe.close();
      this.probeClosedAt = Date.now();
    } catch (error) {
      if (error instanceof BrowserServiceError && error.errorName === 'BrowserServiceBusy') {
        this.options.log.warn(`the browser service is full at start: ${error.message}`);
        return;
      }
      throw error;
    }
  }

  ensureFor(task: string): Promise<BrowserSession> {
    const live = this.open.get(task);
    if (live?.alive) return Promise.resolve(live);
    let opening = this.opening.get(task);
    if (!opening) {
      opening = this.openFor(task).finally(() => this.opening.delete(task));
      this.opening.set(task, opening);
    }
    return opening;
  }

  private async openFor(task: string): Promise<BrowserSession> {
    if (this.closing) throw new Error('the runtime is stopping');
    const session = await this.launchAfterProbe(task);
    this.version ??= session.browser.version;
    this.open.set(task, session);
    this.emit('launched', session);
    session.once('lost', () => {
      if (this.open.get(task) !== session) return;
      this.open.delete(task);
      this.emit('lost', session);
    });
    return session;
  }

  /** A session for `task`; a full pool just after the start's probe closed is asked again, while that probe's browser may still be held. */
  private async launchAfterProbe(task: string): Promise<BrowserSession> {
    for (;;) {
      try {
        return await BrowserSession.launch({ ...this.options, forTask: task });
      } catch (error) {
        const ownProbe = Date.now() - this.probeClosedAt < PROBE_RELEASE_MS;
        if (!(error instanceof BrowserServiceError && error.errorName === 'BrowserServiceBusy' && ownProbe) || this.closing) throw error;
        await new Promise(resolve => setTimeout(resolve, PROBE_RETRY_MS));
      }
    }
  }

  sessionOf(task: string): BrowserSession | undefined {
    const session = this.open.get(task);
    return session?.alive ? session : undefined;
  }

  sessions(): BrowserSession[] {
    return [...this.open.values()].filter(session => session.alive);
  }

  /**
   * Ends the task's connection, which ends its browser at the service. Its tabs' rows stay open
   * with their last URLs (the catalog stops listening before the browser goes), to be reopened in
   * the next one; a tab the task did not hold there (a released one, the blank start-up tab of an
   * isolated task) is closed for good.
   */
  async giveBack(task: string): Promise<void> {
    await this.opening.get(task)?.catch(() => undefined);
    const session = this.open.get(task);
    if (!session) return;
    this.open.delete(task);
    for (const page of session.catalog.all()) if (page.task !== task) this.options.pageTable.closed(page.targetId);
    await session.close();
  }

  /** Its browsers are the service's processes: they end with their connections, which end with the runtime. */
  kill(): void {}

  async close(): Promise<void> {
    this.closing = true;
    await Promise.all([...this.opening.values()].map(opening => opening.catch(() => undefined)));
    await Promise.all([...this.open.values()].map(session => session.close().catch(() => {})));
    this.open.clear();
  }
}
