// The tasks: each has a queue (its programs run one at a time, in submission order), at
// most one worker, and the tabs it owns. At most `maxActive` tasks have a live worker.
import path from 'node:path';
import { EventEmitter } from 'node:events';
import type { ReceiptStore } from './receiptStore.js';
import { programHash } from './receiptStore.js';
import type { ConsoleEntry, PageChange, Receipt, ReceiptError } from '../contract/receipt.js';
import { isFinal } from '../contract/receipt.js';
import { compileProgram, ProgramSyntaxError } from './programSource.js';
import type { WorkerHost } from './workerHost.js';
import type { SpareWorkers } from './spareWorkers.js';
import type { FromWorker, ProgramOutcome } from './workerProtocol.js';
import { MutationTracker } from './mutationTracker.js';
import { NetworkJournal } from './networkJournal.js';
import type { CatalogPage, PageCatalog } from './pageCatalog.js';
import { DEFAULT_MAX_INLINE, invalidName, MAX_PROGRAM_BYTES } from '../contract/submissionLimits.js';
import { Refusal } from '../contract/errors.js';
import { fanOut, type CommandTap } from '../router/commandTap.js';

export interface Submission {
  task: string;
  requestId: string;
  program: string;
  timeoutS: number;
  page?: number;
  isolated?: boolean;
  maxInline?: number;
}

interface Job {
  receipt: Receipt;
  program: string;
  timeoutS: number;
  explicitPage?: number;
  maxInline: number;
}

/** What the task table needs from the rest of the runtime. */
export interface TaskEnvironment {
  store: ReceiptStore;
  catalog: () => PageCatalog;
  /** The top-level page a target lives in (the ownership registry's answer). */
  pageOf(targetId: string): string;
  /** Makes sure the browser runs; returns the task's endpoint URL. */
  endpointFor(task: Task): Promise<string>;
  artifactsDir: string;
  workers: SpareWorkers;
  maxActive: number;
  idleMs: number;
}

export class Task {
  readonly queue: Job[] = [];
  running?: Job;
  worker?: WorkerHost;
  selectedPage?: number;
  lastActivity = Date.now();
  /** Set when a worker ended under a program: the next receipt says `state` was reset. */
  stateLost = false;
  contextId?: string;
  /** Decides each program's mutationState from the task's CDP traffic. */
  readonly mutations = new MutationTracker();
  /** Failed and pending requests of the task's pages, across programs. */
  readonly network: NetworkJournal;
  /** What the router feeds with the task's CDP traffic. */
  readonly traffic: CommandTap;
  private idleTimer?: NodeJS.Timeout;

  constructor(readonly name: string, readonly isolated: boolean, pageOf: (targetId: string) => string) {
    this.network = new NetworkJournal(pageOf);
    this.traffic = fanOut(this.mutations, this.network);
  }

  /** Active: it holds one of the limited slots (a live worker, or a program running or queued). */
  get active(): boolean {
    return this.worker?.alive === true || this.running !== undefined || this.queue.length > 0;
  }

  touch(idleMs: number, onIdle: () => void): void {
    this.lastActivity = Date.now();
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(onIdle, idleMs);
    this.idleTimer.unref();
  }
}

/** A receipt not final yet says how to get the final one (a copy: the stored one is not touched). */
function withProgressHint(receipt: Receipt | undefined): Receipt | undefined {
  if (!receipt || isFinal(receipt.status)) return receipt;
  const hint = `The program is ${receipt.status === 'queued' ? 'queued' : 'still running'}: do not resubmit it; get its receipt with \`tabwright receipt --task ${receipt.task} --request-id ${receipt.requestId} --wait 30\`.`;
  return { ...receipt, hints: [...(receipt.hints ?? []), hint] };
}

export class TaskTable extends EventEmitter {
  readonly tasks = new Map<string, Task>();
  /** Why a running program's worker is being stopped (release, close, runtime stop), for its receipt. */
  private readonly interruptReason = new WeakMap<Task, string>();

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
    const registration = this.env.store.register(submission.task, submission.requestId, programHash(program));
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
    });
    this.schedule(task);
    return { receipt, created: true };
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
      task = new Task(name, isolated, this.env.pageOf);
      this.tasks.set(name, task);
    }
    return task;
  }

  /** Drops a closed task; its receipts stay in the store. */
  forget(task: Task): void {
    if (this.tasks.get(task.name) === task) this.tasks.delete(task.name);
  }

  /** Whether one more task could become active (a worker taken now would be used). */
  hasFreeSlot(): boolean {
    return this.activeTasks().length < this.env.maxActive;
  }

  activeTasks(): Task[] {
    return [...this.tasks.values()].filter(t => t.active);
  }

  /** A ninth active task is refused with what to do, never queued forever. */
  private checkCapacity(name: string): void {
    const active = this.activeTasks();
    if (active.some(t => t.name === name) || active.length < this.env.maxActive) return;
    const now = Date.now();
    const list = active.map(t => `${t.name} (${t.running ? 'running' : `idle ${Math.round((now - t.lastActivity) / 1000)} s`})`).join(', ');
    throw new Refusal('TaskLimitReached', 'full',
      `${active.length} tasks are active, the limit (TABWRIGHT_MAX_TASKS=${this.env.maxActive}): ${list}. Free one with \`tabwright release --task NAME\` (keeps its tabs) or \`tabwright close --task NAME\` (closes them), then resubmit with the same request id; nothing was submitted.`,
      { active: active.map(t => ({ task: t.name, idleMs: t.running ? 0 : now - t.lastActivity })) });
  }

  private async pump(task: Task): Promise<void> {
    if (task.running || task.queue.length === 0) return;
    const job = task.queue.shift()!;
    task.running = job;
    try {
      const worker = await this.workerFor(task);
      await this.runOn(task, worker, job);
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
    }
  }

  /** Runs the task's next program when it is free; a failure here is logged, never thrown. */
  private schedule(task: Task): void {
    this.pump(task).catch(error => process.stderr.write(`pump ${task.name}: ${(error as Error).stack ?? error}\n`));
  }

  private async workerFor(task: Task): Promise<WorkerHost> {
    if (task.worker?.alive) return task.worker;
    const endpoint = await this.env.endpointFor(task);
    const worker = this.env.workers.take();
    task.worker = worker;
    worker.once('exit', () => {
      if (task.worker === worker) task.worker = undefined;
      // A slot may have come free: a spare is worth loading again.
      this.env.workers.prepare();
    });
    try {
      await worker.assign(
        { task: task.name, endpoint, artifactsDir: path.join(this.env.artifactsDir, task.name) },
        () => this.env.catalog().ofTask(task.name).map(p => ({ id: p.id, targetId: p.targetId, url: p.url, title: p.title, ...(p.openerId ? { openerId: p.openerId } : {}) })),
      );
    } catch (error) {
      // A worker that could not connect is of no use to the next program either.
      if (task.worker === worker) task.worker = undefined;
      worker.terminate().catch(() => {});
      throw error;
    }
    return worker;
  }

  private runOn(task: Task, worker: WorkerHost, job: Job): Promise<void> {
    const receipt = job.receipt;
    receipt.status = 'running';
    receipt.startedAt = new Date().toISOString();
    this.env.store.save(receipt);
    task.mutations.begin();
    task.network.begin(receipt.requestId);
    // Persist the moment a mutation becomes possible: a crash after it must read OUTCOME_UNKNOWN.
    task.mutations.onPossible = () => {
      receipt.mutationState = 'possible';
      this.env.store.save(receipt);
    };
    const hints: string[] = [];
    if (task.stateLost) {
      hints.push('The previous worker of this task ended, so `state` was reset; tabs were kept. Rebuild what you need from the page.');
      task.stateLost = false;
    }
    // A page that commits a URL tasks may not drive is released (the tab stays open): the
    // worker only sees it go away, so the receipt says what really happened.
    const released: PageChange[] = [];
    const catalog = this.env.catalog();
    const onReleased = (name: string, page: number, url: string, reason: string) => {
      if (name === task.name) released.push({ type: 'released', page, url, reason });
    };
    catalog.on('released', onReleased);
    // Chrome's own word on closed tabs: the worker cannot name a page that closed before it could ask.
    const closed: number[] = [];
    const onClosed = (name: string, page: number) => {
      if (name === task.name) closed.push(page);
    };
    catalog.on('closed', onClosed);
    // What the program did so far, kept in case it never reports its end (timeout, crash).
    const progress: { console: ConsoleEntry[]; pageChanges: PageChange[] } = { console: [], pageChanges: [] };
    const onProgress = (message: Extract<FromWorker, { type: 'progress' }>) => {
      if (message.requestId !== receipt.requestId) return;
      if (message.console) progress.console.push(message.console);
      if (message.pageChange) progress.pageChanges.push(message.pageChange);
    };
    worker.on('progress', onProgress);
    return new Promise<void>(resolve => {
      let settled = false;
      const settle = (fields: Partial<Receipt>) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        worker.off('exit', onExit);
        worker.off('progress', onProgress);
        catalog.off('released', onReleased);
        catalog.off('closed', onClosed);
        const reported = new Set((fields.pageChanges ?? []).filter(c => c.type === 'closed').map(c => c.page));
        const missed: PageChange[] = closed.filter(page => !reported.has(page)).map(page => ({ type: 'closed', page }));
        if (released.length || missed.length) {
          const gone = new Set(released.map(r => r.page));
          fields = { ...fields, pageChanges: [...(fields.pageChanges ?? []).filter(c => !(c.type === 'closed' && gone.has(c.page))), ...missed, ...released] };
        }
        try {
          this.finish(receipt, { ...fields, hints: [...hints, ...(fields.hints ?? [])] }, task);
        } catch (error) {
          process.stderr.write(`could not finish ${receipt.task}/${receipt.requestId}: ${(error as Error).stack ?? error}\n`);
        } finally {
          resolve();
        }
      };
      const interrupted = (why: string) => {
        task.stateLost = true;
        const possible = task.mutations.state === 'possible';
        settle({
          status: 'interrupted',
          ...(possible ? { outcome: 'OUTCOME_UNKNOWN' as const } : {}),
          ...(progress.console.length ? { console: progress.console } : {}),
          ...(progress.pageChanges.length ? { pageChanges: progress.pageChanges } : {}),
          error: { name: 'Interrupted', message: why },
          hints: possible
            ? ['The program may have changed something before it stopped: check the application state before resubmitting, and never resubmit the same request id.']
            : ['Nothing was changed (mutationState none): it is safe to submit again with a new request id.'],
        });
      };
      const onExit = () => {
        const cause = worker.lastError ? ` (${worker.lastError.name}: ${worker.lastError.message})` : '';
        const why = this.interruptReason.get(task) ?? `The task's worker ended while the program ran${cause}.`;
        this.interruptReason.delete(task);
        interrupted(`${why} Its tabs stay open.`);
      };
      const timer = setTimeout(() => {
        interrupted(`The program ran past its timeout of ${job.timeoutS} s and was stopped; its tabs stay open.`);
        worker.terminate().catch(() => {});
      }, job.timeoutS * 1000);
      worker.once('exit', onExit);
      worker.run({
        type: 'run', requestId: receipt.requestId, program: job.program, maxInline: job.maxInline,
        ...(job.explicitPage !== undefined ? { explicitPage: job.explicitPage } : {}),
        ...(task.selectedPage !== undefined ? { selectedPage: task.selectedPage } : {}),
      }).then(outcome => settle(this.fieldsFrom(task, outcome)));
    });
  }

  private fieldsFrom(task: Task, outcome: ProgramOutcome): Partial<Receipt> {
    if (outcome.selectedPage !== undefined) task.selectedPage = outcome.selectedPage;
    if (outcome.workerEnding) task.stateLost = true;
    return {
      status: outcome.ok ? 'succeeded' : 'failed',
      ...(outcome.ok ? { result: outcome.result } : { error: outcome.error }),
      ...(outcome.pageChanges?.length ? { pageChanges: outcome.pageChanges } : {}),
      ...(outcome.console.length ? { console: outcome.console } : {}),
      ...(outcome.artifacts.length ? { artifacts: outcome.artifacts } : {}),
      hints: outcome.hints,
    };
  }

  /**
   * Interrupts what runs and what waits (runtime stop, browser lost). The receipts are
   * written before this resolves; tabs stay open.
   */
  async interruptAll(why: string): Promise<void> {
    const stopping: Promise<void>[] = [];
    for (const task of this.tasks.values()) {
      this.interruptQueued(task, why);
      if (task.running) this.interruptReason.set(task, why);
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
    if (task.running) this.interruptReason.set(task, why);
    await task.worker?.terminate();
    await new Promise(resolve => setImmediate(resolve));
  }

  private interruptQueued(task: Task, why: string): void {
    for (const job of task.queue.splice(0))
      this.finish(job.receipt, { status: 'interrupted', error: { name: 'Interrupted', message: `${why} The program never started.` },
        hints: ['Nothing ran. Submit the program again under a new request id.'] });
  }

  private finish(receipt: Receipt, fields: Partial<Receipt>, task?: Task): void {
    const finishedAt = new Date();
    Object.assign(receipt, fields);
    receipt.finishedAt = finishedAt.toISOString();
    receipt.durationMs = receipt.startedAt ? finishedAt.getTime() - Date.parse(receipt.startedAt) : 0;
    if (task) {
      receipt.mutationState = task.mutations.state;
      task.mutations.end();
      // A page the program saw close is gone even if Chrome's own word on it is still on its way.
      const closed = new Set((receipt.pageChanges ?? []).filter(c => c.type === 'closed' && !c.deferred).map(c => c.page));
      const allPages = this.env.catalog().ofTask(task.name);
      this.addNetwork(receipt, task, allPages);
      const pages = allPages.filter(p => !closed.has(p.id));
      if (receipt.status === 'failed' && receipt.mutationState === 'possible')
        (receipt.hints ??= []).push('The program failed after it may have changed something (mutationState possible): check the application state before running it again.');
      if (task.selectedPage !== undefined && !pages.some(p => p.id === task.selectedPage)) task.selectedPage = pages[0]?.id;
      if (task.selectedPage !== undefined) receipt.page = task.selectedPage;
      if (pages.length) receipt.pages = pages.map(p => ({ id: p.id, url: p.url, title: p.title }));
    }
    if (!receipt.hints?.length) delete receipt.hints;
    this.env.store.save(receipt);
    this.emit(`${receipt.task}\u0000${receipt.requestId}`, receipt);
  }

  /** The task's network diagnostics for this receipt, and the hints they call for. */
  private addNetwork(receipt: Receipt, task: Task, pages: CatalogPage[]): void {
    const { entries, dropped } = task.network.end(receipt.requestId, pages);
    if (!entries.length) return;
    receipt.network = entries;
    const hints = (receipt.hints ??= []);
    const pending = entries.filter(e => e.pending && !e.deferred);
    if (pending.length)
      hints.push(`${pending.length === 1 ? `${pending[0].method} ${pending[0].url} was` : `${pending.length} requests (${pending[0].method} ${pending[0].url}, ...) were`} still in flight when the program ended: a failure shows in this task's next receipt; confirm the outcome in the application (expect the confirmation) before repeating the action.`);
    if (entries.some(e => e.deferred && !e.pending))
      hints.push('network entries marked deferred failed after the receipt of the program in `since` was final: that program\'s action may not have taken effect.');
    if (dropped) hints.push(`${dropped} more network entries were left out (limit ${entries.length}).`);
  }

  private stopIdle(task: Task): void {
    if (task.running || task.queue.length || !task.worker) return;
    task.stateLost = true;
    task.worker.terminate().catch(() => {});
  }
}
