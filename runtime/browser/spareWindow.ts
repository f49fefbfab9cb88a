// One blank window kept open ahead of need, so a new task's first program does not wait for
// Chrome to make a window and start its renderer (most of a new task's start-up once its
// worker is loaded: 150-500 ms of Chromium's CPU on this machine). A task's start hands it
// to a task that has no tab yet, before the task's worker connects, so Playwright finds it
// as an existing page.
//
// Only in a browser the runtime launched headless: headed, it would be an empty window on the
// user's screen; a connected browser is the user's. While no task holds it, it is nobody's
// tab and the page catalogue leaves it out of every listing.
//
// A browser just launched already has one blank window: the tab Chromium opens at start
// (browserProcess.ts passes about:blank). The first task without a tab takes that one, so a
// cold start opens no second window beside the first program (each costs Chromium ~0.4 s of
// CPU here, while the first worker is still loading Playwright).
import type { CdpConnection } from '../../transport/cdpConnection.js';
import type { OwnershipRegistry } from '../../router/ownership.js';
import { ownWindow } from '../../router/windows.js';
import type { PageCatalog } from './pageCatalog.js';

export class SpareWindow {
  private spare?: Promise<string | undefined>;
  /** Chromium's own blank startup tab, until a task takes it. */
  private startupTab?: string;
  private closed = false;

  constructor(
    private readonly cdp: CdpConnection,
    private readonly registry: OwnershipRegistry,
    private readonly catalog: PageCatalog,
  ) {}

  /** A just-launched browser: its blank startup tab, when it has one, is the first spare. */
  useStartupTab(): void {
    const blank = this.catalog.all().find(page => page.task === null && page.url === 'about:blank');
    if (blank) this.startupTab = blank.targetId;
    else this.prepare();
  }

  /** Opens the spare window unless one is open or opening. */
  prepare(): void {
    if (this.closed || this.spare) return;
    const opening = this.cdp.send('Target.createTarget', { url: 'about:blank', ...ownWindow(true) }).then(
      ({ targetId }) => {
        this.catalog.hide(targetId);
        return targetId;
      },
      // Nothing lost: the task opens its first tab itself, as without a spare.
      () => undefined,
    );
    this.spare = opening;
  }

  /**
   * The spare window, now the task's (claimed as a tab it created), or undefined when there
   * is none or it closed. Waits for one still opening: it is ahead of a new window anyway.
   */
  async giveTo(task: string): Promise<string | undefined> {
    const startup = this.startupTab;
    this.startupTab = undefined;
    // Still blank and nobody's (a client on an endpoint may have adopted or used it meanwhile).
    const page = startup ? this.catalog.page(startup) : undefined;
    if (page && page.task === null && page.url === 'about:blank') {
      this.registry.claim(page.targetId, task, 'created');
      return page.targetId;
    }
    const opening = this.spare;
    this.spare = undefined;
    const targetId = await opening;
    if (!targetId) return undefined;
    if (!this.catalog.targetInfo(targetId)) {
      // Closed meanwhile, or not reported yet: not worth waiting for.
      this.cdp.send('Target.closeTarget', { targetId }).catch(() => {});
      return undefined;
    }
    this.registry.claim(targetId, task, 'created');
    this.catalog.unhide(targetId);
    return targetId;
  }

  /** The browser is closing: no more spares. */
  close(): void {
    this.closed = true;
  }
}
