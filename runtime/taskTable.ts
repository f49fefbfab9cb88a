// The tasks: each has a queue (its programs run one at a time, in submission order), at
// most one worker, and the tabs it owns. At most `maxActive` tasks have a live worker.
import fs from 'node:fs';
import path from 'node:path';
import { EventEmitter } from 'node:events';
import type { DebugBundle } from './workerProtocol.js';
import { programHashes, type ReceiptStore } from './receiptStore.js';
import { isFinal, type Receipt, type ReceiptError } from '../contract/receipt.js';
import { compileProgram, ProgramSyntaxError } from './programSource.js';
import type { WorkerHost } from './workerHost.js';
import type { SpareWorkers } from './spareWorkers.js';
import type { PageCatalog } from './pageCatalog.js';
import type { BrowserKeeper } from './browserKeeper.js';
import type { BrowserSession } from './browserSession.js';
import type { CommandTap } from '../router/commandTap.js';
import type { OwnershipRegistry } from '../router/ownership.js';
import type { RouterServer } from '../router/routerServer.js';
import type { UrlPolicyOptions } from '../router/urlPolicy.js';
import { pathInside } from '../contract/fileNaming.js';
import { DEFAULT_MAX_INLINE, invalidName, MAX_PROGRAM_BYTES } from '../contract/submissionLimits.js';
import { Refusal } from '../contract/errors.js';
import { Task, type Job } from './task.js';
import { described, type RuntimeLog } from './runtimeLog.js';
import { ProgramRun } from './programRun.js';
import { ProgramEvents } from './programEvents.js';
import { closedDuring } from './pageChangeLog.js';
import { addMutationHint, addMutations, addNetwork, addPages, stampFinished, withProgressHint } from './receiptAssembly.js';
import type { PlaybookCall } from './playbooks/playbookProtocol.js';
import { viewOf, type ReceiptView } from './receiptView.js';
import { reopenedHints, type RecoveredTask } from './pageRecovery.js';
import { slotFor } from './taskCapacity.js';

export { Task } from './task.js';

export interface Submission {
  task: string;
  requestId: string;
  program: string;
  timeoutS: number;
  page?: number;
  isolated?: boolean;
  maxInline?: number;
  debug?: DebugBundle;
}

/** What the task table needs from the rest of the runtime. */
export interface TaskEnvironment {
  store: ReceiptStore;
  /** The browser session: launched on a task's first need. */
  browsers: BrowserKeeper;
  /** Opens each task's scoped endpoint. */
  router: RouterServer;
  registry: OwnershipRegistry;
  endpointOptions: { urlPolicy: UrlPolicyOptions };
  artifactsDir: string;
  /** Where each worker's Playwright folder is made (StatePaths.playwright). */
  playwrightDir: string;
  workers: SpareWorkers;
  maxActive: number;
  idleMs: number;
  log: RuntimeLog;
  /** Answers a worker's playbook calls (fetch one to run, record how a run ended). */
  playbookCalls?: (call: PlaybookCall) => unknown;
}

export class TaskTable extends EventEmitter {
  private readonly tasks = new Map<string, Task>();
  /** Start and console lines of running programs, for callers that follow one (progress). */
  readonly events = new ProgramEvents();

  constructor(private readonly env: TaskEnvironment) {
    super();
  }

  /** Registers a submission (before anything runs) and queues it; finds it when it exists. */
  submit(submission: Submission): { receipt: Receipt; created: boolean } {
    const problem = invalidName('task name', submission.task) ?? invalidName('request id', submission.requestId);
    if (problem) throw new Refusal('UsageError', 'invalid', problem);
    const program = submission.program;
    if (typeof program !== 'string' || program.trim() === '')
      throw new Refusal('UsageError', 'invalid', 'The program is empty: pass the body of an async function on stdin (a heredoc) or with --file.');
    if (Buffer.byteLength(program) > MAX_PROGRAM_BYTES)
      throw new Refusal('UsageError', 'invalid', `The program is ${Buffer.byteLength(program)} bytes, over the 1 MiB limit: compute in the page or read data from files instead of inlining it.`);

    const existing = this.env.store.get(submission.task, submission.requestId);
    if (!existing) this.checkCapacity(submission.task);
    const registration = this.env.store.register(submission.task, submission.requestId, programHashes(program), new Date(), program);
    if (registration.kind === 'conflict')
      throw new Refusal('RequestIdConflict', 'conflict',
        `Request id "${submission.requestId}" was already used in task "${submission.task}" for a different program; nothing was run. A changed program needs a new request id.`,
        { receipt: registration.receipt });
    if (registration.kind === 'existing') return { receipt: registration.receipt, created: false };

    const receipt = registration.receipt;
    try {
      compileProgram(program);
    } catch (error) {
      const syntax = error as ProgramSyntaxError;
      const report: ReceiptError = { name: 'SyntaxError', message: syntax.message };
      if (syntax.line !== undefined) report.line = syntax.line;
      if (syntax.column !== undefined) report.column = syntax.column;
      this.finish(receipt, { status: 'failed', error: report, hints: ['Nothing ran. Fix the program and submit it with a new request id.'] });
      return { receipt, created: true };
    }

    const task = this.taskFor(submission.task, submission.isolated === true);
    task.queue.push({
      receipt, program, timeoutS: submission.timeoutS,
      ...(submission.page !== undefined ? { explicitPage: submission.page } : {}),
      maxInline: submission.maxInline ?? DEFAULT_MAX_INLINE,
      ...(submission.debug ? { debug: submission.debug } : {}),
    });
    this.schedule(task);
    return { receipt, created: true };
  }

  /**
   * A receipt as an answer: `replayed` when it answers a resubmission (so it cannot read as a
   * fresh run), in the view asked for, with the navigations its program asked for (the task
   * remembers them) so the compact view need not repeat them.
   */
  answer(receipt: Receipt, view: ReceiptView, replayed = false): Receipt | Partial<Receipt> {
    const answered = replayed ? { ...receipt, replayed: true as const } : receipt;
    const requestedUrls = this.tasks.get(receipt.task)?.navigations.of(receipt.requestId);
    return viewOf(answered, view, requestedUrls ? { requestedUrls } : {});
  }

  /** Resolves with the receipt once final, or as it stands after `waitMs`. */
  waitFor(task: string, requestId: string, waitMs: number): Promise<Receipt | undefined> {
    return this.waitForFinal(task, requestId, waitMs).then(withProgressHint);
  }

  private waitForFinal(task: string, requestId: string, waitMs: number): Promise<Receipt | undefined> {
    const receipt = this.env.store.get(task, requestId);
    if (!receipt || isFinal(receipt.status) || waitMs <= 0) return Promise.resolve(receipt);
    return new Promise(resolve => {
      const key = `${task}\u0000${requestId}`;
      const onFinal = (finished: Receipt) => {
        clearTimeout(timer);
        resolve(finished);
      };
      const timer = setTimeout(() => {
        this.off(key, onFinal);
        resolve(this.env.store.get(task, requestId));
      }, waitMs);
      this.once(key, onFinal);
    });
  }

  /** The named task, created (idle) when new. `isolated` counts only on creation. */
  taskFor(name: string, isolated: boolean): Task {
    let task = this.tasks.get(name);
    if (!task) {
      task = new Task(name, isolated, target => this.env.registry.pageOf(target));
      this.tasks.set(name, task);
    }
    return task;
  }

  /**
   * A new browser session found or reopened these tasks' tabs (pageRecovery.ts): each task
   * exists again (so `tasks`, `release` and `close` know it), an isolated one with its context,
   * and a task whose tabs were reopened hears so in its next receipt.
   */
  recovered(tasks: Iterable<RecoveredTask>): void {
    for (const found of tasks) {
      const task = this.taskFor(found.task, found.contextId !== undefined);
      if (found.contextId) task.contextId = found.contextId;
      task.carriedHints.push(...reopenedHints(found));
    }
  }

  /** Drops a closed task; its receipts stay in the store. */
  forget(task: Task): void {
    if (this.tasks.get(task.name) === task) this.tasks.delete(task.name);
  }

  named(name: string): Task | undefined {
    return this.tasks.get(name);
  }

  all(): Task[] {
    return [...this.tasks.values()];
  }

  /** The network tap of a task (its journal and its mutation evidence), for the runtime's own Network sessions on its pages. */
  journalOf(name: string): CommandTap | undefined {
    return this.tasks.get(name)?.networkTraffic;
  }

  /**
   * The task's endpoint URL, the browser launched first if need be. An isolated task gets its
   * own browser context on first use; the task table alone sets and clears `contextId`.
   */
  async endpointFor(task: Task): Promise<string> {
    const session = await this.env.browsers.ensure();
    if (task.isolated && !task.contextId) {
      const contextId = await session.createContext();
      task.contextId = contextId;
      this.env.registry.ownContext(contextId, task.name);
    }
    return this.env.router.open({
      name: task.name,
      ...this.env.endpointOptions,
      headless: session.headless,
      tap: task.traffic,
      get contextId() { return task.contextId; },
    });
  }

  /**
   * The browser exited or the link to it dropped: contexts are gone with it, what ran or waited
   * is interrupted, and each task's next receipt says what its next program starts from.
   */
  browserLost(why: string, nextProgramHint: string): Promise<void> {
    for (const task of this.tasks.values()) {
      task.contextId = undefined;
      task.stateLost = true;
      task.stateLostWhy = nextProgramHint;
      // What its pages sent from the last event heard until the browser went is unknown.
      if (task.running) task.mutations.record({ kind: 'unobserved', text: 'the link to the browser was lost while the program ran' });
    }
    return this.interruptAll(why);
  }

  /** Whether one more task could become active (a worker taken now would be used). */
  hasFreeSlot(): boolean {
    return this.activeTasks().length < this.env.maxActive;
  }

  activeTasks(): Task[] {
    return [...this.tasks.values()].filter(t => t.active);
  }

  /** A slot for the task (taskCapacity.ts): room, the longest-idle waiting task's, or a refusal. */
  private checkCapacity(name: string): void {
    const decision = slotFor(name, this.activeTasks(), this.env.maxActive, Date.now());
    if (decision.kind === 'refuse') throw decision.refusal;
    if (decision.kind === 'evict') {
      decision.task.stateLost = true;
      decision.task.stateLostWhy = decision.why;
      decision.task.worker?.terminate().catch(() => {});
    }
  }

  private async pump(task: Task): Promise<void> {
    if (task.running || task.queue.length === 0) return;
    const job = task.queue.shift()!;
    task.running = job;
    try {
      const session = await this.env.browsers.ensure();
      const worker = await this.workerFor(task, session);
      await this.runOn(task, worker, job, session.catalog);
    } catch (error) {
      // Only start-up failures land here (runOn settles its own receipt): nothing ran.
      this.finish(job.receipt, {
        status: 'failed',
        error: { name: (error as Error).name || 'Error', message: (error as Error).message },
        hints: ['The runtime could not start the task; see runtime.log in the state directory. Nothing ran.'],
      });
    } finally {
      task.running = undefined;
      task.touch(this.env.idleMs, () => this.stopIdle(task));
      this.schedule(task);
      // After a program, not while a task starts (spareWorkers.ts says why); no-ops while spares are ready.
      this.env.workers.prepare();
      if (this.hasFreeSlot()) this.env.browsers.current?.spareWindow?.prepare();
    }
  }

  /** Runs the task's next program when it is free; a failure here is logged, never thrown. */
  private schedule(task: Task): void {
    this.pump(task).catch(error => this.env.log.error(`pump ${task.name}: ${described(error)}`));
  }

  private async workerFor(task: Task, session: BrowserSession): Promise<WorkerHost> {
    if (task.worker?.alive) return task.worker;
    const endpoint = await this.endpointFor(task);
    const worker = this.env.workers.take();
    task.worker = worker;
    const playwrightDir = fs.mkdtempSync(path.join(this.env.playwrightDir, 'worker-'));
    worker.once('exit', () => {
      fs.rm(playwrightDir, { recursive: true, force: true }, () => {});
      if (task.worker === worker) task.worker = undefined;
      // A slot may have come free: a spare is worth loading again.
      this.env.workers.prepare();
    });
    try {
      // A browser the runtime launched gets the worker on a port (no socket per message). A
      // connected one may be on another machine: Playwright is told so only over the URL
      // (files for uploads are then sent, not named by path).
      // A task without a tab gets the spare window before its worker connects: Playwright then
      // finds it as the task's first page instead of waiting for a new window.
      if (!task.isolated && session.catalog.ofTask(task.name).length === 0) await session.spareWindow?.giveTo(task.name);
      const port = session.connected ? undefined : this.env.router.connectWorker(task.name);
      await worker.assign(
        { task: task.name, endpoint, artifactsDir: pathInside(this.env.artifactsDir, task.name), playwrightDir, downloadsOnBrowserHost: !session.browser.files.here },
        port,
        () => session.catalog.ofTask(task.name).map(p => ({ id: p.id, targetId: p.targetId, url: p.url, title: p.title, ...(p.openerId ? { openerId: p.openerId } : {}) })),
        this.env.playbookCalls,
      );
    } catch (error) {
      // A worker that could not connect is of no use to the next program either.
      if (task.worker === worker) task.worker = undefined;
      worker.terminate().catch(() => {});
      throw error;
    }
    return worker;
  }

  private async runOn(task: Task, worker: WorkerHost, job: Job, catalog: PageCatalog): Promise<void> {
    const receipt = job.receipt;
    receipt.status = 'running';
    receipt.startedAt = new Date().toISOString();
    this.env.store.save(receipt);
    this.events.announce(receipt.task, receipt.requestId, { kind: 'started' });
    task.observe(receipt.requestId);
    // Persist the moment a mutation becomes possible: a crash after it must read OUTCOME_UNKNOWN.
    task.mutations.onPossible = () => {
      receipt.mutationState = 'possible';
      this.env.store.save(receipt);
    };
    const hints: string[] = task.carriedHints.splice(0);
    if (task.stateLost) {
      hints.push(task.stateLostWhy ?? 'The previous worker of this task ended, so `state` was reset; tabs were kept. Rebuild what you need from the page.');
      task.stateLost = false;
      task.stateLostWhy = undefined;
    }
    const stopRelay = this.events.relayConsole(worker, receipt.task, receipt.requestId);
    const fields = await new ProgramRun(task, worker, job, catalog).run(hints);
    stopRelay();
    try {
      this.finish(receipt, fields, { task, catalog });
    } catch (error) {
      this.env.log.error(`could not finish ${receipt.task}/${receipt.requestId}: ${described(error)}`);
    }
  }

  /**
   * Interrupts what runs and what waits (runtime stop, browser lost). The receipts are
   * written before this resolves; tabs stay open.
   */
  async interruptAll(why: string): Promise<void> {
    const stopping: Promise<void>[] = [];
    for (const task of this.tasks.values()) {
      this.interruptQueued(task, why);
      if (task.running) task.stopReason = why;
      if (task.worker) stopping.push(task.worker.terminate().catch(() => {}));
    }
    await Promise.all(stopping);
    // Worker 'exit' events finish the running receipts; let them land.
    await new Promise(resolve => setImmediate(resolve));
  }


  /**
   * Stops a task's worker (release, close): the running program and every queued one end
   * interrupted (queued ones never started), so nothing runs after the user said stop.
   */
  async stopWorker(task: Task, why: string): Promise<void> {
    this.interruptQueued(task, why);
    if (task.running) task.stopReason = why;
    await task.worker?.terminate();
    await new Promise(resolve => setImmediate(resolve));
  }

  private interruptQueued(task: Task, why: string): void {
    for (const job of task.queue.splice(0))
      this.finish(job.receipt, { status: 'interrupted', error: { name: 'Interrupted', message: `${why} The program never started.` },
        hints: ['Nothing ran. Submit the program again under a new request id.'] });
  }

  private finish(receipt: Receipt, fields: Partial<Receipt>, ran?: { task: Task; catalog: PageCatalog }): void {
    stampFinished(receipt, fields, new Date());
    if (ran) {
      const { task, catalog } = ran;
      receipt.mutationState = task.mutations.state;
      addMutations(receipt, task.mutations.texts());
      task.mutations.end();
      task.navigations.end();
      const allPages = catalog.ofTask(task.name);
      addNetwork(receipt, task.network.end(receipt.requestId, allPages));
      // A page the program saw close is gone even if Chrome's own word on it is still on its way.
      const closed = closedDuring(receipt.pageChanges);
      const pages = allPages.filter(p => !closed.has(p.id));
      addMutationHint(receipt);
      if (task.selectedPage !== undefined && !pages.some(p => p.id === task.selectedPage)) task.selectedPage = pages[0]?.id;
      addPages(receipt, pages, task.selectedPage);
    }
    if (!receipt.hints?.length) delete receipt.hints;
    this.env.store.save(receipt);
    this.emit(`${receipt.task}\u0000${receipt.requestId}`, receipt);
  }

  private stopIdle(task: Task): void {
    if (task.running || task.queue.length || !task.worker) return;
    task.stateLost = true;
    task.worker.terminate().catch(() => {});
  }
}
