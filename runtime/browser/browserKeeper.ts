// Keeps one browser session running for the runtime: launched on first need (or again after
// the browser died), or connected to (`runtime start --connect`), shared by every task, closed
// at stop. The one place that knows whether the shared browser is up, starting, or gone.
import { EventEmitter } from 'node:events';
import { BrowserSession, type SessionOptions } from './browserSession.js';
import type { BrowserProcess } from '../../transport/browserProcess.js';
import type { Browsers } from './browsers.js';

/**
 * Events: 'launched' (session) once a new session is up, before anyone is handed it;
 * 'lost' (session) when a running browser exits.
 */
export class BrowserKeeper extends EventEmitter implements Browsers {
  readonly perTask = false;
  private session?: BrowserSession;
  private launching?: Promise<BrowserSession>;

  /** @param started the first launch, already under way (main.ts); later ones start here. */
  constructor(private readonly options: SessionOptions, private started?: Promise<BrowserProcess>) {
    super();
  }

  /** The running session, if any (no launch). */
  get current(): BrowserSession | undefined {
    return this.session?.alive ? this.session : undefined;
  }

  /**
   * A browser to connect to is the reason the runtime exists: when it cannot be reached,
   * `runtime start` fails with why. A launched one starts meanwhile: the API listens while it
   * does, and the first program waits for it.
   */
  async start(): Promise<void> {
    if (this.options.cdpUrl) {
      await this.ensure();
      return;
    }
    this.ensure().catch(error => this.options.log.error(`browser launch failed: ${error}`));
  }

  ensureFor(_task: string): Promise<BrowserSession> {
    return this.ensure();
  }

  sessionOf(_task: string): BrowserSession | undefined {
    return this.current;
  }

  sessions(): BrowserSession[] {
    return this.current ? [this.current] : [];
  }

  /** Every task shares the browser: nothing to give back. */
  async giveBack(_task: string): Promise<void> {}

  /** The running session, launched when there is none (first use, or after the browser died). */
  async ensure(): Promise<BrowserSession> {
    if (this.session?.alive) return this.session;
    this.launching ??= this.launch().finally(() => { this.launching = undefined; });
    return this.launching;
  }

  private async launch(): Promise<BrowserSession> {
    const started = this.started;
    this.started = undefined;
    const session = await BrowserSession.launch(this.options, started);
    this.session = session;
    this.emit('launched', session);
    session.once('lost', () => {
      if (this.session === session) this.emit('lost', session);
    });
    return session;
  }

  /** Kills a browser the runtime launched, at once (the runtime's hard exit); a connected one is left alone. */
  kill(): void {
    // drop() signals only a process that has not exited: a pid reused since is not hit, and an
    // ESRCH cannot skip the rest of the hard exit (the socket and the lock).
    if (this.session?.browser.kind === 'launched') this.session.browser.drop();
  }

  /** Closes the browser, one still launching too: it would outlive the runtime writing its profile. */
  async close(): Promise<void> {
    const session = this.launching ? await this.launching.catch(() => undefined) : this.session;
    await session?.close();
    await this.started?.then(browser => browser.close(), () => {});
  }
}
