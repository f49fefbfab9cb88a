// The long-lived runtime: its browser (one over the pipe, one connected to, or one per task from
// a browser service), the router in front of it, the task table, a program's life, the receipts.
// Composition only; each part lives in its own file.
import fs from 'node:fs';
import type { ResourceLimits } from 'node:worker_threads';
import { described, type Log } from './runtimeLog.js';
import type Database from 'better-sqlite3';
import { locateBrowser, missingBrowserMessage, type BrowserLookup } from '../contract/browserLocator.js';
import { openDatabase } from './receipts/database.js';
import { recordBoot } from './receipts/machineBoot.js';
import { recoveredReceipt } from './receipts/recovery.js';
import { ReceiptStore } from './receipts/receiptStore.js';
import { ReceiptEnds } from './receipts/receiptEnds.js';
import { PageTable } from './browser/pageTable.js';
import { Retention } from './receipts/retention.js';
import { SpareWorkers } from './tasks/spareWorkers.js';
import type { WorkerHost } from './tasks/workerHost.js';
import { TaskTable, ClosedTasks, type Task, type Stop } from './tasks/taskTable.js';
import { ProgramLife } from './programs/programLife.js';
import type { TaskEnvironment } from './tasks/taskEnvironment.js';
import type { CatalogPage } from './browser/pageCatalog.js';
import { BrowserKeeper } from './browser/browserKeeper.js';
import { TaskBrowsers } from './browser/taskBrowsers.js';
import { pagesOf, type Browsers } from './browser/browsers.js';
import { shownBrowserUrl } from '../contract/browserAddress.js';
import { browserLoss } from './browser/browserLoss.js';
import type { BrowserProcess } from '../transport/browserProcess.js';
import { DEFAULT_BROWSER_ANSWER_MS } from '../transport/browserAnswer.js';
import { PageSessions } from './browser/pageSessions.js';
import { PageAnnouncer } from './announcements/pageAnnouncer.js';
import type { BrowserSession, SessionOptions } from './browser/browserSession.js';
import { Refusal } from '../contract/errors.js';
import { checkUrl, type UrlPolicyOptions } from '../router/urlPolicy.js';
import { originPolicyOf } from '../router/originPolicy.js';
import type { RuntimePolicy } from '../contract/api.js';
import type { StatePaths } from './stateDir.js';
import { OwnershipRegistry } from '../router/ownership.js';
import { RouterServer } from '../router/routerServer.js';
import { PlaybookLibrary } from './playbooks/playbookLibrary.js';
import { Handoffs } from './handoff/handoffs.js';
import { Recordings } from './recording/recordings.js';
import { PageAsks } from './handoff/pageAsks.js';
import { pathKnob } from '../contract/environmentKnobs.js';

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
  /** --browser-service: a browser per task from this service (its CDP WebSocket URL, token included). */
  browserService?: string;
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
  /** What happens to a submitted program, from its registration to its answered waiters (programs/programLife.ts). */
  readonly life: ProgramLife;
  readonly browsers: Browsers;
  /** The runtime's own session on each task page, for the live view's screencasts. */
  readonly pageSessions = new PageSessions();
  /** Programs' hand-overs to a person, waiting for the live view. */
  readonly handoffs = new Handoffs();
  /** What a handed-over page asks the person itself: a file (its chooser), an answer (a dialog). */
  readonly pageAsks: PageAsks;
  readonly playbooks: PlaybookLibrary;
  /** Recording hand-overs: a person's flow written as a playbook draft (runtime/recording/). */
  readonly recordings: Recordings;
  /** What the runtime launches, or the address it connects to, shown without secrets. */
  readonly browserPath: string;
  /** Schemes, file: and the runtime's origin policy: one value every check of a task's URL reads. */
  readonly urlPolicy: UrlPolicyOptions;
  private readonly retention: Retention;
  private readonly workers: SpareWorkers;

  constructor(readonly paths: StatePaths, readonly options: ServiceOptions) {
    const remote = options.browserService ?? options.cdpUrl;
    const lookup = remote ? { path: shownBrowserUrl(remote), tried: [] } : options.browser ?? locateBrowser(pathKnob(process.env, 'TABWRIGHT_BROWSER'), { headless: options.headless });
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
    this.recordings = new Recordings(this.handoffs, this.pageSessions, this.playbooks, options.log);
    this.pageAsks = new PageAsks(this.handoffs, this.pageSessions, paths.artifacts, task => this.browsers.sessionOf(task)?.browser.files.here ?? true);
    this.retention = new Retention(this.store, paths.artifacts, paths.downloads, options.receiptDays, this.pageTable);
    const sessionOptions: SessionOptions = {
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
    };
    this.browsers = options.browserService
      ? new TaskBrowsers({ ...sessionOptions, cdpUrl: options.browserService })
      : new BrowserKeeper(sessionOptions, options.browserLaunch);
    // Each task's endpoint reaches the browser holding its pages: the shared one, or its own.
    this.router = new RouterServer(this.registry, task => {
      const session = this.browsers.sessionOf(task);
      return session && { cdp: session.connection, version: session.browser.version, downloads: session.downloads, userProfile: session.userProfile };
    }, options.log.child({ part: 'router' }));
    this.ends = new ReceiptEnds(this.store, paths.db, options.log);
    const taskEnvironment: TaskEnvironment = {
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
      playbookCalls: (call, task) => this.playbooks.answer(call, task),
      playbooksFor: url => this.playbooks.list(url).length,
      closedTasks: new ClosedTasks(this.db, options.receiptDays),
      workerEnded: task => this.afterWorker(task),
    };
    this.tasks = new TaskTable(taskEnvironment);
    this.life = new ProgramLife(taskEnvironment, this.tasks);
    // What every task page announces, heard on the runtime's own page sessions for the runtime's life (the receipts' announcements).
    new PageAnnouncer(this.pageSessions, { logOf: task => this.tasks.named(task)?.announcements, pageIdOf: target => this.pageTable.idFor(target) });
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
    // A browser to connect to (or a service) is the reason this runtime exists: when it cannot be
    // reached, `runtime start` fails with why, instead of every program failing later. A launched
    // one starts while the API listens; the first program waits for it in endpointFor.
    await this.browsers.start();
  }

  get policy(): RuntimePolicy {
    // The addresses without their tokens: status output lands in agents' transcripts.
    return {
      ...(this.options.cdpUrl ? { connect: shownBrowserUrl(this.options.cdpUrl) } : {}),
      ...(this.options.browserService ? { browserService: shownBrowserUrl(this.options.browserService) } : {}),
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

  get browserInfo(): { path: string; version: string; pid?: number; sessions?: number } | null {
    if (this.browsers instanceof TaskBrowsers) {
      const version = this.browsers.version?.product ?? 'not known yet (the service was full at start)';
      return { path: this.browserPath, version, sessions: this.browsers.sessions().length };
    }
    const session = this.browsers.current;
    const where = session?.shownAddress ?? this.browserPath;
    return session ? { path: where, version: session.browser.version.product, ...(session.browser.pid ? { pid: session.browser.pid } : {}) } : null;
  }

  /**
   * A task's worker ended (idle, evicted, a timeout, a crash). With a browser per task, one that
   * has no program in flight then gives its browser back to the service; one whose program is
   * still ending gives it back once it has, unless a next program took it meanwhile.
   */
  private afterWorker(task: Task): void {
    if (!this.browsers.perTask) return;
    const giveBackIfUnused = () => {
      if (task.running || task.worker?.alive || task.queued) return;
      void this.giveBack(task.name);
    };
    if (!task.running) giveBackIfUnused();
    else void task.settled().then(giveBackIfUnused);
  }

  /** The task's own browser goes back to the service: its clients are dropped, what the registry knew of it forgotten. */
  private async giveBack(taskName: string): Promise<void> {
    if (!this.browsers.sessionOf(taskName)) return;
    this.router.disconnect(taskName, 'the task gave its browser back to the browser service');
    // Before the registry forgets it: the tabs still owned are the ones kept for the next browser.
    await this.browsers.giveBack(taskName).catch(error => this.options.log.error(`giving ${taskName}'s browser back: ${(error as Error).message}`));
    this.registry.forgetTask(taskName);
    this.tasks.named(taskName)?.setContext(undefined);
  }

  private onBrowserLost(session: BrowserSession): void {
    const loss = browserLoss(session);
    // A task's own browser from a service: only that task is touched.
    if (session.task !== undefined) {
      this.registry.forgetTask(session.task);
      this.router.disconnect(session.task, 'the browser service ended the task\'s browser');
      void this.life.browserLost(loss.why, loss.nextProgram, session.task);
      return;
    }
    this.registry.clear();
    this.router.disconnectAll(session.connected ? 'the connection to the browser was lost' : 'the browser exited');
    void this.life.browserLost(loss.why, loss.nextProgram);
  }

  /** The pages as `tabwright pages` lists them: with their titles now (pageCatalog.ts refreshTitles). */
  async listedPages(filter: { task?: string; all?: boolean }): Promise<CatalogPage[]> {
    await Promise.all(this.browsers.sessions().map(session => session.catalog.refreshTitles()));
    return this.pages(filter);
  }

  /** Open tabs, in every browser the runtime holds. */
  pages(filter: { task?: string; all?: boolean }): CatalogPage[] {
    if (filter.task !== undefined) return this.browsers.sessionOf(filter.task)?.catalog.ofTask(filter.task) ?? [];
    const pages = pagesOf(this.browsers);
    if (filter.all) return pages;
    if (filter.task) return pages.filter(p => p.task === filter.task);
    return pages.filter(p => p.task !== null);
  }

  /** An open tab by its id, in whichever browser holds it (the live view's hand-over input). */
  pageById(pageId: number): CatalogPage | undefined {
    for (const session of this.browsers.sessions()) {
      const page = session.catalog.byId(pageId);
      if (page) return page;
    }
    return undefined;
  }

  /** An open tab by its target id, in whichever browser holds it (the live view's frames). */
  pageByTarget(targetId: string): CatalogPage | undefined {
    for (const session of this.browsers.sessions()) {
      const page = session.catalog.page(targetId);
      if (page) return page;
    }
    return undefined;
  }

  /** Hands a tab no task owns (one the user opened) to a task. */
  adopt(taskName: string, pageId: number): CatalogPage {
    // Each task's tabs are in a browser of its own: no tab can move from one to another.
    if (this.browsers.perTask)
      throw new Refusal('UsageError', 'invalid', 'With --browser-service each task has a browser of its own from the service, so there are no shared tabs to adopt; open the page in the task with tabs.new(url).');
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
    // An isolated task's pages are its context: a tab of another would bring that context (the
    // shared profile, every site's cookies) to the methods that act on the task's own.
    const task = this.tasks.named(taskName);
    if (task?.isolated && catalog!.targetInfo(page.targetId)?.browserContextId !== task.contextId)
      throw new Refusal('UsageError', 'invalid',
        `Tab ${pageId} is not in task "${taskName}"'s own browser context: an --isolated task has a profile of its own, and a tab of another context would bring that one (the shared profile's logins) with it. `
        + 'Adopt it into a task without --isolated, or open its URL from this task (`page.goto`).');
    this.tasks.taskFor(taskName, false);
    this.registry.claim(page.targetId, taskName, 'adopted');
    return catalog!.byId(pageId)!;
  }

  /** Stops the task's worker and gives up its tabs; they stay open, unowned (with a browser per task, they go with it and come back in the next). */
  async release(taskName: string): Promise<number[]> {
    const task = this.existingTask(taskName);
    await this.life.stopWorker(task, 'release');
    this.router.disconnect(taskName, 'task released');
    const released = this.pages({ task: taskName });
    // Its own browser goes back to the service as after an idle stop: the tabs, nobody else's to use, stay the task's for its next program to reopen.
    if (this.browsers.perTask) return this.giveBack(taskName).then(() => released.map(p => p.id));
    // An isolated task's context would otherwise claim its released tabs back on their next change.
    if (task.contextId) this.registry.disownContext(task.contextId);
    for (const page of released) this.registry.release(page.targetId, 'released');
    return released.map(p => p.id);
  }

  /** Stops the task's worker and closes its tabs. */
  async close(taskName: string): Promise<number[]> {
    const task = this.existingTask(taskName);
    await this.life.stopWorker(task, 'close');
    // A task of the same name later is a new task: the old endpoint URL must not reach it.
    this.router.forget(taskName, 'task closed');
    const session = this.browsers.sessionOf(taskName);
    const owned = this.pages({ task: taskName });
    // In a connected browser, a tab the runtime did not open (an adopted user tab) is released, never closed.
    const closed = session?.userProfile ? owned.filter(p => session.openedByRuntime(p.targetId)) : owned;
    for (const page of owned) if (!closed.includes(page)) this.registry.release(page.targetId, 'released');
    await session?.closeTargets(closed.map(p => p.targetId), task.contextId);
    if (task.contextId) this.registry.disownContext(task.contextId);
    this.tasks.forget(task, owned.map(p => p.url));
    await this.giveBack(taskName);
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
    return this.tasks.endpointFor(this.tasks.taskFor(taskName, false));
  }

  private existingTask(name: string): Task {
    const task = this.tasks.named(name);
    if (!task) throw new Refusal('UnknownTask', 'missing', `No task "${name}"; list tasks with \`tabwright tasks\`.`);
    return task;
  }

  private interrupting?: Promise<void>;

  /** The runtime stops: every program running or queued ends interrupted, its receipt written (once, however often asked). */
  interruptPrograms(stop: Stop): Promise<void> {
    return this.interrupting ??= (async () => {
      this.retention.stop();
      await this.workers.stop();
      await this.life.interruptAll(stop);
    })();
  }

  async stop(stop: Stop = { reason: 'runtimeStopped', message: 'The runtime was stopped.' }): Promise<void> {
    await this.interruptPrograms(stop);
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
