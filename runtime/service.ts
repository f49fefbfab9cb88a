// The long-lived runtime: one browser over the pipe, the router in front of it, the task
// table, the receipts. Composition only; each part lives in its own file.
import fs from 'node:fs';
import path from 'node:path';
import type Database from 'better-sqlite3';
import { BrowserProcess } from '../transport/browserProcess.js';
import { locateBrowser } from '../transport/browserLocator.js';
import { openDatabase } from './database.js';
import { ReceiptStore } from './receiptStore.js';
import { PageTable } from './pageTable.js';
import { Retention } from './retention.js';
import { SpareWorkers } from './spareWorkers.js';
import { NetworkWatch } from './networkWatch.js';
import { PageCatalog } from './pageCatalog.js';
import { TaskTable, type Task } from './taskTable.js';
import { Refusal } from '../contract/errors.js';
import type { CatalogPage } from './pageCatalog.js';
import { checkUrl } from '../router/urlPolicy.js';
import type { StatePaths } from './stateDir.js';
import { OwnershipRegistry } from '../router/ownership.js';
import { RouterServer } from '../router/routerServer.js';
import { DownloadRelay } from '../router/downloadRelay.js';

export interface ServiceOptions {
  version: string;
  headless: boolean;
  maxTasks: number;
  idleMs: number;
  receiptDays: number;
  allowFileUrls: boolean;
}

export class BrowserNotFoundError extends Error {
  override name = 'BrowserNotFoundError';
}

export class Service {
  readonly startedAt = new Date();
  readonly db: Database.Database;
  readonly store: ReceiptStore;
  readonly pageTable: PageTable;
  readonly registry = new OwnershipRegistry();
  readonly router: RouterServer;
  readonly tasks: TaskTable;
  private browser?: BrowserProcess;
  private catalog?: PageCatalog;
  private network?: NetworkWatch;
  private downloads?: DownloadRelay;
  private launching?: Promise<BrowserProcess>;
  readonly browserPath: string;
  private readonly retention: Retention;
  private readonly workers = new SpareWorkers(() => this.tasks.hasFreeSlot());

  constructor(readonly paths: StatePaths, readonly options: ServiceOptions) {
    const lookup = locateBrowser();
    if (!lookup.path) {
      const where = lookup.invalidExplicit
        ? `TABWRIGHT_BROWSER=${lookup.invalidExplicit} is not an executable file`
        : `no Chrome or Chromium found (looked at ${lookup.tried.join(', ')})`;
      throw new BrowserNotFoundError(
        `Cannot start: ${where}. Install one (Debian/Ubuntu: apt-get install -y chromium; elsewhere: npx playwright install chromium) or set TABWRIGHT_BROWSER=/path/to/chrome.`);
    }
    this.browserPath = lookup.path;
    this.db = openDatabase(paths.db);
    this.store = new ReceiptStore(this.db);
    this.pageTable = new PageTable(this.db);
    this.retention = new Retention(this.store, paths.artifacts, paths.downloads, options.receiptDays);
    this.router = new RouterServer(this.registry, () => this.browser && this.downloads && { cdp: this.browser.connection, version: this.browser.version, downloads: this.downloads });
    this.tasks = new TaskTable({
      store: this.store,
      catalog: () => this.requireCatalog(),
      pageOf: target => this.registry.pageOf(target),
      endpointFor: task => this.endpointFor(task),
      artifactsDir: paths.artifacts,
      workers: this.workers,
      maxActive: options.maxTasks,
      idleMs: options.idleMs,
    });
  }

  async start(): Promise<void> {
    this.recoverUnfinished();
    this.retention.start();
    this.workers.prepare();
    await this.router.listen();
    // The API listens while the browser starts; the first program waits for it in endpointFor.
    this.ensureBrowser().catch(error => process.stderr.write(`browser launch failed: ${error}\n`));
  }

  /** Receipts a dead runtime left queued or running end `interrupted`; never replayed. */
  private recoverUnfinished(): void {
    for (const receipt of this.store.unfinished()) {
      const possible = receipt.mutationState === 'possible';
      receipt.status = 'interrupted';
      if (possible) receipt.outcome = 'OUTCOME_UNKNOWN';
      receipt.finishedAt = new Date().toISOString();
      receipt.error = { name: 'Interrupted', message: 'The runtime stopped before the program finished.' };
      receipt.hints = [possible
        ? 'The program may have changed something before the runtime stopped: check the application state before resubmitting; it was not replayed.'
        : 'The program changed nothing observable; submit it again under a new request id.'];
      this.store.save(receipt);
    }
  }

  get browserInfo(): { path: string; version: string; pid?: number } | null {
    return this.browser?.alive ? { path: this.browserPath, version: this.browser.version.product, pid: this.browser.process.pid } : null;
  }

  requireCatalog(): PageCatalog {
    if (!this.catalog) throw new Error('The browser is not running');
    return this.catalog;
  }

  /** Launches the browser when it is not running (first use, or after it died). */
  async ensureBrowser(): Promise<BrowserProcess> {
    if (this.browser?.alive) return this.browser;
    this.launching ??= this.launch().finally(() => { this.launching = undefined; });
    return this.launching;
  }

  private async launch(): Promise<BrowserProcess> {
    // Chromium refuses a profile whose lock names a live-looking process; a killed browser leaves one.
    for (const lock of ['SingletonLock', 'SingletonSocket', 'SingletonCookie'])
      fs.rmSync(path.join(this.paths.profile, lock), { force: true });
    const browser = await BrowserProcess.launch({
      executablePath: this.browserPath,
      profileDir: this.paths.profile,
      headless: this.options.headless,
      extraArgs: process.env.TABWRIGHT_BROWSER_ARGS?.split(' ').filter(Boolean),
    });
    // A new browser has new tabs: the ids of the last one's tabs are never reused.
    this.pageTable.forgetAll();
    const catalog = new PageCatalog(browser.connection, this.registry, this.pageTable, this.options.allowFileUrls);
    // Every download lands in the runtime's directory; the router hands each to its task's clients.
    const downloads = new DownloadRelay(browser.connection, this.registry, this.paths.downloads);
    const network = new NetworkWatch(browser.connection, this.registry, task => this.tasks.tasks.get(task)?.network);
    try {
      await catalog.start();
      await downloads.start();
    } catch (error) {
      network.dispose();
      catalog.dispose();
      await browser.close();
      throw error;
    }
    this.downloads = downloads;
    this.browser = browser;
    this.catalog = catalog;
    this.network = network;
    browser.once('exit', () => this.onBrowserLost(browser));
    return browser;
  }

  private onBrowserLost(browser: BrowserProcess): void {
    if (this.browser !== browser) return;
    this.catalog?.dispose();
    this.network?.dispose();
    this.registry.clear();
    for (const task of this.tasks.tasks.values()) task.contextId = undefined;
    this.router.disconnectAll('the browser exited');
    void this.tasks.interruptAll('The browser exited while the program ran.');
  }

  private async endpointFor(task: Task): Promise<string> {
    const browser = await this.ensureBrowser();
    if (task.isolated && !task.contextId) {
      const { browserContextId } = await browser.connection.send<{ browserContextId: string }>('Target.createBrowserContext', { disposeOnDetach: false });
      task.contextId = browserContextId;
      this.registry.ownContext(browserContextId, task.name);
      await this.downloads?.configureContext(browserContextId);
    }
    return this.router.open({
      name: task.name,
      allowFileUrls: this.options.allowFileUrls,
      headless: this.options.headless,
      tap: task.traffic,
      get contextId() { return task.contextId; },
    });
  }

  /** The task, created idle when it does not exist yet (adopt, endpoint). */
  private taskNamed(name: string): Task {
    return this.tasks.taskFor(name, false);
  }

  pages(filter: { task?: string; all?: boolean }): CatalogPage[] {
    if (!this.catalog) return [];
    const pages = this.catalog.all();
    if (filter.all) return pages;
    if (filter.task) return pages.filter(p => p.task === filter.task);
    return pages.filter(p => p.task !== null);
  }

  /** Hands a tab no task owns (one the user opened) to a task. */
  adopt(taskName: string, pageId: number): CatalogPage {
    const page = this.catalog?.byId(pageId);
    if (!page) throw new Refusal('UsageError', 'missing', `No open tab with id ${pageId}; list them with \`tabwright pages --all\`.`);
    if (page.task && page.task !== taskName)
      throw new Refusal('UsageError', 'conflict', `Tab ${pageId} belongs to task "${page.task}"; release it there first (\`tabwright release --task ${page.task}\`).`);
    const verdict = checkUrl(page.url, { allowFile: this.options.allowFileUrls });
    if (!verdict.allowed) throw new Refusal('UsageError', 'invalid', `Tab ${pageId} shows a refused URL: ${verdict.reason}.`);
    this.taskNamed(taskName);
    this.registry.claim(page.targetId, taskName, 'adopted');
    return this.catalog!.byId(pageId)!;
  }

  /** Stops the task's worker and gives up its tabs; they stay open, unowned. */
  async release(taskName: string): Promise<number[]> {
    const task = this.existingTask(taskName);
    await this.tasks.stopWorker(task, 'The task was released.');
    this.router.disconnect(taskName, 'task released');
    // An isolated task's context would otherwise claim its released tabs back on their next change.
    if (task.contextId) this.registry.disownContext(task.contextId);
    const released = this.pages({ task: taskName });
    for (const page of released) this.registry.release(page.targetId, 'released');
    return released.map(p => p.id);
  }

  /** Stops the task's worker and closes its tabs. */
  async close(taskName: string): Promise<number[]> {
    const task = this.existingTask(taskName);
    await this.tasks.stopWorker(task, 'The task was closed.');
    // A task of the same name later is a new task: the old endpoint URL must not reach it.
    this.router.forget(taskName, 'task closed');
    const closed = this.pages({ task: taskName });
    const connection = this.browser?.connection;
    await Promise.all(closed.map(p => connection?.send('Target.closeTarget', { targetId: p.targetId }).catch(() => {})));
    if (task.contextId) {
      await connection?.send('Target.disposeBrowserContext', { browserContextId: task.contextId }).catch(() => {});
      this.registry.disownContext(task.contextId);
    }
    this.tasks.forget(task);
    return closed.map(p => p.id);
  }

  async endpoint(taskName: string): Promise<string> {
    return this.endpointFor(this.taskNamed(taskName));
  }

  private existingTask(name: string): Task {
    const task = this.tasks.tasks.get(name);
    if (!task) throw new Refusal('UnknownTask', 'missing', `No task "${name}"; list tasks with \`tabwright tasks\`.`);
    return task;
  }

  async stop(): Promise<void> {
    this.retention.stop();
    await this.workers.stop();
    await this.tasks.interruptAll('The runtime was stopped.');
    await this.router.close();
    // A browser still launching must be closed too, or it outlives the runtime writing its profile.
    const browser = this.launching ? await this.launching.catch(() => undefined) : this.browser;
    await browser?.close();
    this.db.close();
  }
}
