// One browser and what the runtime keeps about it: the page catalog, the network watch, the
// download relay. It is the one object the task table and the service hold for a browser:
// launched (or connected) together, lost together. Three kinds: launched by the runtime;
// someone else's, connected to (`--connect`: the user's Chrome, or one browser from a service,
// shared by every task); or one task's own, taken from a browser service (`--browser-service`):
// that one is the runtime's as much as a launched one (a fresh profile nobody else uses), and
// is given back when the task no longer needs it.
import { EventEmitter } from 'node:events';
import type { BrowserProcess } from '../../transport/browserProcess.js';
import { launchBrowser } from './browserLaunch.js';
import { ConnectedBrowser } from '../../transport/connectedBrowser.js';
import type { BrowserLink } from '../../transport/browserLink.js';
import type { CdpConnection } from '../../transport/cdpConnection.js';
import { BrowserUnresponsive } from '../../transport/browserAnswer.js';
import type { ClaimKind, OwnershipRegistry } from '../../router/ownership.js';
import { DownloadRelay } from '../../router/downloadRelay.js';
import type { CommandTap } from '../../router/commandTap.js';
import type { UrlPolicyOptions } from '../../router/urlPolicy.js';
import { NetworkWatch } from './networkWatch.js';
import { PageCatalog } from './pageCatalog.js';
import type { PageTable } from './pageTable.js';
import type { PageSessions } from './pageSessions.js';
import { recoverPages, type RecoveredTask } from './pageRecovery.js';
import { SpareWindow } from './spareWindow.js';
import { PageWindows } from './pageWindows.js';
import { ownWindow } from '../../router/windows.js';
import type { Log } from '../runtimeLog.js';

export interface SessionOptions {
  executablePath: string;
  profileDir: string;
  downloadsDir: string;
  headless: boolean;
  urlPolicy: UrlPolicyOptions;
  extraArgs?: string[];
  /** Connect to this running browser (`runtime start --connect`) instead of launching one. */
  cdpUrl?: string;
  /** With cdpUrl a browser service's (`--browser-service`): the task this browser is for, alone. */
  forTask?: string;
  registry: OwnershipRegistry;
  pageTable: PageTable;
  /** The network tap of a task, by name (the task table's journal). */
  journalOf(task: string): CommandTap | undefined;
  /** Where the network watch offers its page sessions (the live view's screencasts). */
  pageSessions?: PageSessions;
  /** What the browser's connection reports (runtime.log's child for it). */
  log: Log;
  /** How long the browser may take to answer the runtime (transport/browserAnswer.ts). */
  answerLimitMs: number;
}

/** Events: 'lost' once, when the browser exits (or, unresponsive, was dropped). */
export class BrowserSession extends EventEmitter {
  /** Why the runtime dropped this browser, when it stopped answering ('lost' follows). */
  unresponsive?: BrowserUnresponsive;
  /** Tabs the runtime opened (a task created them, or they are its popups or in its contexts). */
  private readonly opened = new Set<string>();
  private readonly onClaimed = (targetId: string, ownership: { how: ClaimKind }) => {
    if (ownership.how !== 'adopted') this.opened.add(targetId);
  };
  /** The tasks whose tabs the last session left open, found or reopened here (pageRecovery.ts). */
  recovered = new Map<string, RecoveredTask>();
  /** A blank window for the next new task, in a browser launched headless only (spareWindow.ts). */
  readonly spareWindow?: SpareWindow;

  private constructor(
    registry: OwnershipRegistry,
    readonly browser: BrowserLink,
    readonly catalog: PageCatalog,
    readonly network: NetworkWatch,
    readonly downloads: DownloadRelay,
    /**
     * Whether nobody sees this browser. A connected browser says so itself (HeadlessChrome):
     * the user's own Chrome is headed, so task pages must not take its foreground.
     */
    readonly headless: boolean,
    /** The task a browser service's browser is for (`--browser-service`); undefined for a shared one. */
    readonly task: string | undefined,
    /**
     * Whether the browser is new and the runtime is its only client: launched, or made by a
     * browser service for this connection (one task's, or the runtime's with --connect). Nobody
     * else's tabs or settings are in it, and its tabs do not outlive the runtime's link to it.
     */
    readonly fresh: boolean,
    /** Each tab's window, in a fresh headless browser only (pageWindows.ts). */
    private readonly windows?: PageWindows,
  ) {
    super();
    // A fresh browser's blank start-up tab is the first task page; a user's browser's tabs are theirs.
    if (fresh && headless) this.spareWindow = new SpareWindow(browser.connection, registry, catalog);
    registry.on('claimed', this.onClaimed);
    // A browser-level command of the runtime's own went unanswered: the browser is wedged, and
    // everything waiting on it would wait for ever. It is dropped; the next program gets a new one.
    browser.connection.on('unresponsive', (why: BrowserUnresponsive) => {
      this.unresponsive ??= why;
      browser.drop();
    });
    browser.once('exit', () => {
      registry.off('claimed', this.onClaimed);
      catalog.dispose();
      windows?.dispose();
      network.dispose();
      this.emit('lost');
    });
  }

  /** @param started a launch of this very browser already under way (main.ts starts one before loading the runtime). */
  static async launch(options: SessionOptions, started?: Promise<BrowserProcess>): Promise<BrowserSession> {
    const browser = options.cdpUrl ? await ConnectedBrowser.connect(options.cdpUrl, options.log, process.env, options.answerLimitMs) : await (started ?? launchBrowser(options));
    const task = options.cdpUrl ? options.forTask : undefined;
    // Nobody's but the runtime's: launched, a service's browser for one task, or one a service made for this connection.
    const fresh = browser.kind === 'launched' || task !== undefined || (browser instanceof ConnectedBrowser && browser.madeForThisConnection);
    const headless = browser.kind === 'launched' ? options.headless : /Headless/i.test(`${browser.version.product} ${browser.version.userAgent}`);
    const catalog = new PageCatalog(browser.connection, options.registry, options.pageTable, options.urlPolicy);
    // The router hands each download to its task's clients (router/downloadRelay.ts says where
    // the browser saves it: the runtime's directory, or a connected browser's own folder).
    const downloads = new DownloadRelay(browser.connection, options.registry, options.downloadsDir, browser.files.here);
    // One task's browser watches that task's pages only: the registry is the runtime's, and
    // another task's page is never in this browser.
    const network = new NetworkWatch(browser.connection, options.registry, options.journalOf, options.pageSessions, task);
    // Before the catalogue starts discovering targets, so it hears of the tabs already open too.
    // A browser with no other client than the runtime hears of every tab, which PageWindows needs.
    const windows = fresh && headless ? new PageWindows(browser.connection) : undefined;
    try {
      await catalog.start();
      // A fresh browser has no one's download settings to keep.
      await downloads.start(!fresh);
    } catch (error) {
      network.dispose();
      catalog.dispose();
      windows?.dispose();
      // One that stopped answering would not answer its close either.
      if (error instanceof BrowserUnresponsive) browser.drop();
      else await browser.close();
      throw error;
    }
    const session = new BrowserSession(options.registry, browser, catalog, network, downloads, headless, task, fresh, windows);
    try {
      // Before any task's endpoint opens (the keeper hands the session out only after this).
      session.recovered = await recoverPages({
        // A fresh browser's tabs went with the last one: reopened. A user's browser kept its own.
        kind: task !== undefined ? 'service' : fresh ? 'launched' : 'connected',
        ...(task !== undefined ? { task } : {}),
        targetInfo: targetId => catalog.targetInfo(targetId),
        createContext: () => session.createContext(),
        // Reopened as the router opens task pages: each in a window of its own.
        createTarget: async (url, browserContextId) =>
          (await browser.connection.send('Target.createTarget', { url, ...ownWindow(headless), ...(browserContextId ? { browserContextId } : {}) })).targetId,
      }, options.pageTable, options.registry, options.urlPolicy);
    } catch (error) {
      await session.close();
      throw session.unresponsive ?? error;
    }
    // A new browser is usually launched for a program about to run in a new task.
    session.spareWindow?.useStartupTab();
    return session;
  }

  /**
   * Whether a program on this tab must bring it to front first: a tab behind another renders no
   * frames headless. Not headed (the router answers bringToFront there without activating
   * anything: the user's tab stays in front), nor for a tab alone in its window of a browser
   * launched headless (pageWindows.ts); always in a connected headless browser, which other
   * clients may drive unseen.
   */
  needsFront(targetId: string): boolean {
    if (!this.headless) return false;
    return !this.windows?.alone(targetId);
  }

  /** True when the runtime connected to the browser (someone else's, or a service's): it never closes it, only its link. */
  get connected(): boolean {
    return this.browser.kind === 'connected';
  }

  /**
   * True when its default context is someone's own profile (a browser connected to with
   * --connect): a task touches only its pages' sites of it, and the tabs the runtime did not
   * open are not the tasks'. A launched browser, and a service's browser for one task, are the runtime's.
   */
  get userProfile(): boolean {
    return this.connected && this.task === undefined;
  }

  /** Where the browser is, as status shows it: a launched one's executable, a connected one's address without its secrets. */
  get shownAddress(): string | undefined {
    return this.browser instanceof ConnectedBrowser ? this.browser.shownUrl : undefined;
  }

  /** How the link ended, when the browser's side ended it (a connected browser; undefined otherwise). */
  get ending(): string | undefined {
    return this.browser instanceof ConnectedBrowser ? this.browser.ending : undefined;
  }

  /** Whether the runtime opened this tab; in a connected browser the others are the user's. */
  openedByRuntime(targetId: string): boolean {
    return this.opened.has(targetId);
  }

  get connection(): CdpConnection {
    return this.browser.connection;
  }

  get alive(): boolean {
    return this.browser.alive;
  }

  /** A fresh browser context for an isolated task; downloads in it land where every other does. */
  async createContext(): Promise<string> {
    const { browserContextId } = await this.connection.send('Target.createBrowserContext', { disposeOnDetach: false });
    await this.downloads.configureContext(browserContextId);
    return browserContextId;
  }

  /** Closes tabs (and a context), each failure ignored: a tab may close by itself meanwhile. */
  async closeTargets(targetIds: string[], contextId?: string): Promise<void> {
    await Promise.all(targetIds.map(targetId => this.connection.send('Target.closeTarget', { targetId }).catch(() => {})));
    if (contextId) await this.connection.send('Target.disposeBrowserContext', { browserContextId: contextId }).catch(() => {});
  }

  close(): Promise<void> {
    // Chrome reports its tabs destroyed as it shuts down: they are not closed for their tasks,
    // the next session reopens them (pageRecovery.ts), so the catalog stops listening first.
    this.catalog.dispose();
    this.spareWindow?.close();
    return this.browser.close();
  }
}

