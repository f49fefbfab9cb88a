// The long-lived runtime: one browser over the pipe, the router in front of it, the task
// table, the receipts. Composition only; each part lives in its own file.
import fs from 'node:fs';
import type { ResourceLimits } from 'node:worker_threads';
import { described, type Log } from './runtimeLog.js';
import type Database from 'better-sqlite3';
import { locateBrowser, missingBrowserMessage, type BrowserLookup } from '../contract/browserLocator.js';
import { openDatabase } from './database.js';
import { recordBoot } from './machineBoot.js';
import { recoveredReceipt } from './recovery.js';
import { ReceiptStore } from './receiptStore.js';
import { ReceiptEnds } from './receiptEnds.js';
import { PageTable } from './pageTable.js';
import { Retention } from './retention.js';
import { SpareWorkers } from './spareWorkers.js';
import type { WorkerHost } from './workerHost.js';
import { TaskTable, type Task } from './taskTable.js';
import type { Stop } from './task.js';
import type { CatalogPage } from './pageCatalog.js';
import { BrowserKeeper } from './browserKeeper.js';
import type { BrowserProcess } from '../transport/browserProcess.js';
import { DEFAULT_BROWSER_ANSWER_MS } from '../transport/browserAnswer.js';
import { PageSessions } from './pageSessions.js';
import type { BrowserSession } from './browserSession.js';
import { Refusal } from '../contract/errors.js';
import { checkUrl, type UrlPolicyOptions } from '../router/urlPolicy.js';
import { originPolicyOf } from '../router/originPolicy.js';
import type { RuntimePolicy } from '../contract/api.js';
import type { StatePaths } from './stateDir.js';
import { OwnershipRegistry } from '../router/ownership.js';
import { RouterServer } from '../router/routerServer.js';
import { PlaybookLibrary } from './playbooks/playbookLibrary.js';
import { Handoffs } from './handoffs.js';

export interface ServiceOptions {
  version: string;
  headless: boolean;
  maxTasks: number;
  idleMs: number;
  receiptDays: number;
  allowFileUrls: boolean;
  /** runtime.log (runtime/runtimeLog.ts); the router and the browser's connection log to children of it. */
  log: Log;
  /** --connect: connect to this running browser instead of launching one. */
  cdpUrl?: string;
  /** --allow-adopt: in a connected browser, tasks may adopt the user's tabs. */
  allowAdopt?: boolean;
  /** --browser-arg: extra switches for the browser the runtime launches. */
  browserArgs?: string[];
  /** --block-origin / --allow-origin: host patterns for every task's pages. */
  blockOrigins?: string[];
  allowOrigins?: string[];
  /** The browser main.ts found before loading the runtime; looked up here when absent. */
  browser?: BrowserLookup;
  /** The browser's launch, when main.ts started it before loading the runtime (it is this service's to close). */
  browserLaunch?: Promise<BrowserProcess>;
  /** A task worker main.ts started loading before the runtime: the first spare. */
  spareWorker?: WorkerHost;
  /** How long the browser (and a task's worker connecting to it) may take to answer: transport/browserAnswer.ts. */
  answerLimitMs?: number;
  /** Each task worker's heap cap and young generation (workerMemory.ts). */
  workerLimits: ResourceLimits;
}

export class BrowserNotFoundError extends Error {
  override name = 'BrowserNotFoundError';
}

export class Service {
  readonly startedAt = new Date();
  readonly db: Database.Database;
  readonly store: ReceiptStore;
  /** Receipt writes that retry a refusing store, and who waits for a receipt to end. */
  readonly ends: ReceiptEnds;
  readonly pageTable: PageTable;
  readonly registry: OwnershipRegistry;
  readonly router: RouterServer;
  readonly tasks: TaskTable;
  readonly browsers: BrowserKeeper;
  /** The runtime's own session on each task page, for the live view's screencasts. */
  readonly pageSessions = new PageSessions();
  /** Programs' hand-overs to a person, waiting for the live view. */
  readonly handoffs = new Handoffs();
  readonly playbooks: PlaybookLibrary;
  readonly browserPath: string;
  /** Schemes, file: and the runtime's origin policy: one value every check of a task's URL reads. */
  readonly urlPolicy: UrlPolicyOptions;
  private readonly retention: Retention;
  private readonly workers: SpareWorkers;

  constructor(readonly paths: StatePaths, readonly options: ServiceOptions) {
    const lookup = options.cdpUrl ? { path: options.cdpUrl, tried: [] } : options.browser ?? locateBrowser(process.env.TABWRIGHT_BROWSER, { headless: options.headless });
    if (!lookup.path) throw new BrowserNotFoundError(`Cannot start: ${missingBrowserMessage(lookup)}`);
    this.browserPath = lookup.path;
    this.workers = new SpareWorkers(options.workerLimits, () => this.tasks.hasFreeSlot(), options.spareWorker, options.log.child({ part: 'worker' }));
    this.urlPolicy = { allowFile: options.allowFileUrls, origins: originPolicyOf(options.blockOrigins ?? [], options.allowOrigins ?? []) };
    // Frames are held to the same policy as pages: a frame showing a refused document is nobody's.
    this.registry = new OwnershipRegistry(this.urlPolicy);
    this.db = openDatabase(paths.db);
    this.store = new ReceiptStore(this.db);
    this.pageTable = new PageTable(this.db);
    this.playbooks = new PlaybookLibrary(this.db);
    this.retention = new Retention(this.store, paths.artifacts, paths.downloads, options.receiptDays, this.pageTable);
    this.browsers = new BrowserKeeper({
      executablePath: this.browserPath,
      profileDir: paths.profile,
      downloadsDir: paths.downloads,
      headless: options.headless,
      urlPolicy: this.urlPolicy,
      extraArgs: options.browserArgs ?? [],
      ...(options.cdpUrl ? { cdpUrl: options.cdpUrl } : {}),
      registry: this.registry,
      pageTable: this.pageTable,
      journalOf: task => this.tasks.journalOf(task),
      pageSessions: this.pageSessions,
      log: options.log.child({ part: 'cdp' }),
      answerLimitMs: options.answerLimitMs ?? DEFAULT_BROWSER_ANSWER_MS,
    }, options.browserLaunch);
    this.router = new RouterServer(this.registry, () => {
      const session = this.browsers.current;
      return session && { cdp: session.connection, version: session.browser.version, downloads: session.downloads, userProfile: session.connected };
    }, options.log.child({ part: 'router' }));
    this.ends = new ReceiptEnds(this.store, paths.db, options.log);
    this.tasks = new TaskTable({
      store: this.store,
      ends: this.ends,
      browsers: this.browsers,
      router: this.router,
      registry: this.registry,
      endpointOptions: { urlPolicy: this.urlPolicy },
      artifactsDir: paths.artifacts,
      playwrightDir: paths.playwright,
      workers: this.workers,
      answerLimitMs: options.answerLimitMs ?? DEFAULT_BROWSER_ANSWER_MS,
      maxActive: options.maxTasks,
      idleMs: options.idleMs,
      log: options.log,
      handoffs: this.handoffs,
      playbookCalls: call => this.playbooks.answer(call),
    });
    this.browsers.on('launched', (session: BrowserSession) => this.tasks.recovered(session.recovered.values()));
    this.browsers.on('lost', (session: BrowserSession) => this.onBrowserLost(session));
  }

  async start(): Promise<void> {
    this.recoverUnfinished();
    // A dead runtime's workers left their Playwright folders (this runtime holds the lock now).
    fs.rmSync(this.paths.playwright, { recursive: true, force: true });
    fs.mkdirSync(this.paths.playwright, { recursive: true, mode: 0o700 });
    this.retention.start(error => this.options.log.error({ err: error }, `receipt retention failed this round (the next round tries again): ${described(error)}`));
    this.workers.prepare();
    await this.router.listen();
    // A browser to connect to is the reason this runtime exists: when it cannot be reached,
    // `runtime start` fails with why, instead of every program failing later.
    if (this.options.cdpUrl) {
      await this.browsers.ensure();
      return;
    }
    // The API listens while the browser starts; the first program waits for it in endpointFor.
    this.browsers.ensure().catch(error => this.options.log.error(`browser launch failed: ${error}`));
  }

  get policy(): RuntimePolicy {
    return {
      ...(this.options.cdpUrl ? { connect: this.options.cdpUrl } : {}),
      allowAdopt: this.options.allowAdopt === true,
      allowFileUrls: this.options.allowFileUrls,
      browserArgs: this.options.browserArgs ?? [],
      blockOrigins: this.options.blockOrigins ?? [],
      allowOrigins: this.options.allowOrigins ?? [],
    };
  }

  /** Receipts a dead runtime left queued or running end `interrupted`; never replayed. */
  private recoverUnfinished(): void {
    const { machineRestarted } = recordBoot(this.db);
    for (const receipt of this.store.unfinished()) this.store.save(recoveredReceipt(receipt, { machineRestarted, now: new Date() }));
  }

  get browserInfo(): { path: string; version: string; pid?: number } | null {
    const session = this.browsers.current;
    const where = session?.browser.webSocketUrl ?? this.browserPath;
    return session ? { path: where, version: session.browser.version.product, ...(session.browser.pid ? { pid: session.browser.pid } : {}) } : null;
  }

  private onBrowserLost(session: BrowserSession): void {
    this.registry.clear();
    this.router.disconnectAll(session.connected ? 'the connection to the browser was lost' : 'the browser exited');
    const unresponsive = session.unresponsive ? `The browser stopped answering (${session.unresponsive.waitedFor} went unanswered for ${session.unresponsive.limitMs / 1000} s), so the runtime ${session.connected ? 'disconnected from' : 'ended'} it while the program ran; ` : undefined;
    void this.tasks.browserLost(session.connected
      ? unresponsive ? `${unresponsive}the next program connects again.` : 'The connection to the browser (runtime start --connect) was lost while the program ran; the next program connects again.'
      : unresponsive ? `${unresponsive}the next program starts a new one.` : 'The browser exited while the program ran.',
    session.connected
      ? 'The browser was reconnected before this program (the connection to it was lost since this task\'s last program), so `state` was reset and '
        + 'the tabs this task had are no longer its own: they stay open in the browser (`tabwright pages --all`). Start again from a new page.'
      : 'The browser was started again before this program (it exited since this task\'s last program): this task\'s tabs and `state` are gone. Start again from a new page.');
  }

  /** The task, created idle when it does not exist yet (adopt, endpoint). */
  private taskNamed(name: string): Task {
    return this.tasks.taskFor(name, false);
  }

  /** The pages as `tabwright pages` lists them: with their titles now (pageCatalog.ts refreshTitles). */
  async listedPages(filter: { task?: string; all?: boolean }): Promise<CatalogPage[]> {
    await this.browsers.current?.catalog.refreshTitles();
    return this.pages(filter);
  }

  pages(filter: { task?: string; all?: boolean }): CatalogPage[] {
    const catalog = this.browsers.current?.catalog;
    if (!catalog) return [];
    const pages = catalog.all();
    if (filter.all) return pages;
    if (filter.task) return pages.filter(p => p.task === filter.task);
    return pages.filter(p => p.task !== null);
  }

  /** Hands a tab no task owns (one the user opened) to a task. */
  adopt(taskName: string, pageId: number): CatalogPage {
    const session = this.browsers.current;
    const catalog = session?.catalog;
    const page = catalog?.byId(pageId);
    if (!page) throw new Refusal('UsageError', 'missing', `No open tab with id ${pageId}; list them with \`tabwright pages --all\`.`);
    // The user's own tabs hold their logins; only the person starting the runtime may open them to agents.
    if (session!.connected && !session!.openedByRuntime(page.targetId) && !this.options.allowAdopt)
      throw new Refusal('UsageError', 'invalid',
        `Tab ${pageId} is one of the connected browser's own tabs (the runtime did not open it); adopting those is off. `
        + 'To allow it, stop the runtime (`tabwright runtime stop`) and start it again with `tabwright runtime start --allow-adopt`.');
    if (page.task && page.task !== taskName)
      throw new Refusal('UsageError', 'conflict', `Tab ${pageId} belongs to task "${page.task}"; release it there first (\`tabwright release --task ${page.task}\`).`);
    const verdict = checkUrl(page.url, this.urlPolicy);
    if (!verdict.allowed) throw new Refusal('UsageError', 'invalid', `Tab ${pageId} shows a refused URL: ${verdict.reason}.`);
    this.taskNamed(taskName);
    this.registry.claim(page.targetId, taskName, 'adopted');
    return catalog!.byId(pageId)!;
  }

  /** Stops the task's worker and gives up its tabs; they stay open, unowned. */
  async release(taskName: string): Promise<number[]> {
    const task = this.existingTask(taskName);
    await this.tasks.stopWorker(task, 'release');
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
    await this.tasks.stopWorker(task, 'close');
    // A task of the same name later is a new task: the old endpoint URL must not reach it.
    this.router.forget(taskName, 'task closed');
    const session = this.browsers.current;
    const owned = this.pages({ task: taskName });
    // In a connected browser, a tab the runtime did not open (an adopted user tab) is released, never closed.
    const closed = session?.connected ? owned.filter(p => session.openedByRuntime(p.targetId)) : owned;
    for (const page of owned) if (!closed.includes(page)) this.registry.release(page.targetId, 'released');
    await session?.closeTargets(closed.map(p => p.targetId), task.contextId);
    if (task.contextId) this.registry.disownContext(task.contextId);
    this.tasks.forget(task);
    return closed.map(p => p.id);
  }

  /**
   * Closes the task once the receipt of `requestId` is final (`run --close`); resolves when it
   * is closed, or when the close failed (logged: the receipt is final either way). A program
   * queued behind it ends interrupted, never started, as with `tabwright close`.
   */
  closeAfter(taskName: string, requestId: string): Promise<void> {
    return this.ends.ended(taskName, requestId)
      .then(() => this.close(taskName))
      .then(() => undefined, error => this.options.log.error(`run --close of ${taskName}: ${(error as Error).message}`));
  }

  async endpoint(taskName: string): Promise<string> {
    return this.tasks.endpointFor(this.taskNamed(taskName));
  }

  private existingTask(name: string): Task {
    const task = this.tasks.named(name);
    if (!task) throw new Refusal('UnknownTask', 'missing', `No task "${name}"; list tasks with \`tabwright tasks\`.`);
    return task;
  }

  async stop(stop: Stop = { reason: 'runtimeStopped', message: 'The runtime was stopped.' }): Promise<void> {
    this.retention.stop();
    await this.workers.stop();
    await this.tasks.interruptAll(stop);
    await this.router.close();
    await this.browsers.close();
    // What the store refused earlier gets a last write (a database unlocked since, say).
    this.ends.close();
    this.db.close();
  }

  /** A hard exit's last word to the browser the runtime launched: killed, as it would outlive the runtime. */
  killBrowser(): void {
    this.browsers.kill();
  }
}
