// One launched browser and what the runtime keeps about it: the page catalog, the network
// watch, the download relay. It is the one object the task table and the service hold for
// "the browser": launched together, lost together.
import fs from 'node:fs';
import path from 'node:path';
import { EventEmitter } from 'node:events';
import { BrowserProcess } from '../transport/browserProcess.js';
import type { CdpConnection } from '../transport/cdpConnection.js';
import type { OwnershipRegistry } from '../router/ownership.js';
import { DownloadRelay } from '../router/downloadRelay.js';
import type { CommandTap } from '../router/commandTap.js';
import { NetworkWatch } from './networkWatch.js';
import { PageCatalog } from './pageCatalog.js';
import type { PageTable } from './pageTable.js';
import type { PageSessions } from './pageSessions.js';

export interface SessionOptions {
  executablePath: string;
  profileDir: string;
  downloadsDir: string;
  headless: boolean;
  allowFileUrls: boolean;
  extraArgs?: string[];
  registry: OwnershipRegistry;
  pageTable: PageTable;
  /** The network tap of a task, by name (the task table's journal). */
  journalOf(task: string): CommandTap | undefined;
  /** Where the network watch offers its page sessions (the live view's screencasts). */
  pageSessions?: PageSessions;
}

/** Events: 'lost' once, when the browser exits. */
export class BrowserSession extends EventEmitter {
  private constructor(
    readonly browser: BrowserProcess,
    readonly catalog: PageCatalog,
    readonly network: NetworkWatch,
    readonly downloads: DownloadRelay,
  ) {
    super();
    browser.once('exit', () => {
      catalog.dispose();
      network.dispose();
      this.emit('lost');
    });
  }

  static async launch(options: SessionOptions): Promise<BrowserSession> {
    // Chromium refuses a profile whose lock names a live-looking process; a killed browser leaves one.
    for (const lock of ['SingletonLock', 'SingletonSocket', 'SingletonCookie'])
      fs.rmSync(path.join(options.profileDir, lock), { force: true });
    const browser = await BrowserProcess.launch({
      executablePath: options.executablePath,
      profileDir: options.profileDir,
      headless: options.headless,
      ...(options.extraArgs ? { extraArgs: options.extraArgs } : {}),
    });
    // A new browser has new tabs: the ids of the last one's tabs are never reused.
    options.pageTable.forgetAll();
    const catalog = new PageCatalog(browser.connection, options.registry, options.pageTable, options.allowFileUrls);
    // Every download lands in the runtime's directory; the router hands each to its task's clients.
    const downloads = new DownloadRelay(browser.connection, options.registry, options.downloadsDir);
    const network = new NetworkWatch(browser.connection, options.registry, options.journalOf, options.pageSessions);
    try {
      await catalog.start();
      await downloads.start();
    } catch (error) {
      network.dispose();
      catalog.dispose();
      await browser.close();
      throw error;
    }
    return new BrowserSession(browser, catalog, network, downloads);
  }

  get connection(): CdpConnection {
    return this.browser.connection;
  }

  get alive(): boolean {
    return this.browser.alive;
  }

  /** A fresh browser context for an isolated task; downloads in it land where every other does. */
  async createContext(): Promise<string> {
    const { browserContextId } = await this.connection.send<{ browserContextId: string }>('Target.createBrowserContext', { disposeOnDetach: false });
    await this.downloads.configureContext(browserContextId);
    return browserContextId;
  }

  /** Closes tabs (and a context), each failure ignored: a tab may close by itself meanwhile. */
  async closeTargets(targetIds: string[], contextId?: string): Promise<void> {
    await Promise.all(targetIds.map(targetId => this.connection.send('Target.closeTarget', { targetId }).catch(() => {})));
    if (contextId) await this.connection.send('Target.disposeBrowserContext', { browserContextId: contextId }).catch(() => {});
  }

  close(): Promise<void> {
    return this.browser.close();
  }
}
