// The tasks: each has a queue (its programs run one at a time, in submission order), at
// most one worker, and the tabs it owns. At most `maxActive` tasks have a live worker.
import type { DebugBundle } from '../programs/workerProtocol.js';
import { programHashes } from '../receipts/receiptStore.js';
import type { Receipt, ReceiptError } from '../../contract/receipt.js';
import { compileProgram, ProgramSyntaxError } from '../programs/programSource.js';
import type { WorkerHost } from './workerHost.js';
import type { PageCatalog } from '../browser/pageCatalog.js';
import type { CommandTap } from '../../router/commandTap.js';
import { DEFAULT_MAX_INLINE, invalidName, MAX_INLINE, MAX_PROGRAM_BYTES } from '../../contract/submissionLimits.js';
import { Refusal } from '../../contract/errors.js';
import { Task, type Job, type Stop } from './task.js';
import { TaskStart, StartAbandoned } from './taskStart.js';
import { browserStartFailure } from './browserStartFailure.js';
import { described, type RuntimeLog } from '../runtimeLog.js';
import { ProgramRun } from '../programs/programRun.js';
import { ProgramEvents } from '../programs/programEvents.js';
import { closedDuring } from '../programs/pageChangeLog.js';
import { addDeferredMutations, addMutationHint, laterMutationsOnto, addMutations, addObservationGapHint, addNetwork, addAnnouncements, addPages, stampFinished, withProgressHint } from '../receipts/receiptAssembly.js';
import { viewOf, type ReceiptViewMode, type RunFacts } from '../receipts/receiptView.js';
import { RecentRunFacts } from '../receipts/recentRunFacts.js';
import { askedFacts } from '../receipts/requestedNavigations.js';
import { ClosedTasks } from './closedTasks.js';
import { playbookHints } from '../playbooks/playbookHint.js';
import { reopenedHints, type RecoveredTask } from '../browser/pageRecovery.js';
import { slotFor } from './taskCapacity.js';
import type { TaskEnvironment } from './taskEnvironment.js';

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

export class TaskTable {
  private readonly tasks = new Map<string, Task>();
  /** What the compact view of a recent receipt needs, kept past its task (`run --close`). */
  private readonly recentFacts = new RecentRunFacts();
  /** Start and console lines of running programs, for callers that follow one (progress). */
  readonly events = new ProgramEvents();
  /** Where closed tasks' tabs were: the first program of a new task of such a name hears it. */
  private readonly closed = new ClosedTasks();

  private readonly starts: TaskStart;

  constructor(private readonly env: TaskEnvironment) {
    this.starts = new TaskStart(env);
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
    if (!existing) {
      const known = this.tasks.get(submission.task);
      const refusal = known?.accepts() ?? (submission.isolated && known && !known.isolated ? isolationMismatch(known.name) : undefined);
      if (refusal) throw refusal;
      this.checkCapacity(submission.task);
    }
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
    task.enqueue({
      receipt, program, timeoutS: submission.timeoutS,
      ...(submission.page !== undefined ? { explicitPage: submission.page } : {}),
      maxInline: Math.min(submission.maxInline ?? DEFAULT_MAX_INLINE, MAX_INLINE),
      ...(submission.debug ? { debug: submission.debug } : {}),
    });
    this.schedule(task);
    return { receipt, created: true };
  }

  /**
   * A receipt as an answer: `replayed` when it answers a resubmission (it cannot read as a fresh
   * run), in the view asked for, with the facts that spare the compact view what the program
   * knows (RunFacts: remembered as it ended, past its task, recentRunFacts.ts, or stored with it).
   */
  answer(receipt: Receipt, view: ReceiptViewMode, replayed = false): Receipt | Partial<Receipt> {
    const answered = replayed ? { ...receipt, replayed: true as const } : receipt;
    const facts = this.recentFacts.of(receipt.task, receipt.requestId)
      ?? this.storedViewFacts(receipt)
      ?? askedFacts(this.tasks.get(receipt.task)?.navigations.of(receipt.requestId));
    return viewOf(answered, view, facts);
  }

  /** The compact view's facts kept with a receipt that ended before this runtime remembered it. */
  private storedViewFacts(receipt: Receipt): RunFacts | undefined {
    try {
      return this.env.store.viewFactsOf(receipt.task, receipt.requestId);
    } catch {
      return undefined; // a locked database: the answer shows the stored receipt's own lists
    }
  }

  /** The program registered under this request id, if any (a playbook run's resubmission finds its version in it). */
  programOf(task: string, requestId: string): string | undefined {
    return this.env.store.programOf(task, requestId);
  }

  /** Resolves with the receipt once final, or as it stands after `waitMs`. */
  waitFor(task: string, requestId: string, waitMs: number): Promise<Receipt | undefined> {
    return this.waitForFinal(task, requestId, waitMs).then(receipt => withProgressHint(receipt, this.env.ends.stopping, this.tasks.get(task)?.callInFlight(requestId)));
  }

  private waitForFinal(task: string, requestId: string, waitMs: number): Promise<Receipt | undefined> {
    return this.env.ends.waitForFinal(task, requestId, waitMs);
  }

  /** The named task, created (idle) when new. `isolated` counts only on creation. */
  taskFor(name: string, isolated: boolean): Task {
    let task = this.tasks.get(name);
    if (!task) {
      task = new Task(name, isolated, target => this.env.registry.pageOf(target), target => this.env.browsers.sessionOf(name)?.catalog.page(target)?.id);
      this.tasks.set(name, task);
      task.carry(this.closed.take(name));
    }
    return task;
  }

  /**
   * A new browser session found or reopened these tasks' tabs (pageRecovery.ts): each exists again
   * (`tasks`, `release`, `close` know it), an isolated one with its context; reopened tabs are told.
   */
  recovered(tasks: Iterable<RecoveredTask>): void {
    for (const found of tasks) {
      const task = this.taskFor(found.task, found.contextId !== undefined);
      if (found.contextId) task.setContext(found.contextId);
      task.carry(reopenedHints(found));
    }
  }

  /** Drops a closed task whose tabs were at `urls` (a later task of its name hears it); its receipts stay in the store. */
  forget(task: Task, urls: readonly string[]): void {
    if (this.tasks.get(task.name) === task) this.tasks.delete(task.name);
    this.closed.remember(task.name, urls);
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

  /** The task's endpoint URL, the browser launched first if need be (taskStart.ts). */
  endpointFor(task: Task): Promise<string> {
    return this.starts.endpointFor(task);
  }

  /**
   * The browser exited or the link to it dropped: contexts are gone with it, what ran or waited
   * is interrupted, and each task's next receipt says what its next program starts from.
   */
  browserLost(why: string, nextProgramHint: string, only?: string): Promise<void> {
    // With a browser per task (a browser service), only the task whose browser it was.
    const hit = [...this.tasks.values()].filter(task => only === undefined || task.name === only);
    for (const task of hit) {
      task.setContext(undefined);
      task.loseState(nextProgramHint);
      // What its pages sent from the last event heard until the browser went is unknown.
      if (task.running) task.mutations.record({ kind: 'unobserved', text: 'the link to the browser was lost while the program ran' });
    }
    return this.interruptAll({ reason: 'browserLost', message: why }, hit);
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
      decision.task.loseState(decision.why);
      decision.task.worker?.terminate().catch(() => {});
    }
  }

  private async pump(task: Task): Promise<void> {
    const job = task.takeNext();
    if (!job) return;
    try {
      let ready;
      try {
        ready = await this.starts.ready(task);
      } catch (error) {
        this.startFailed(task, job, error);
        return;
      }
      // Released or closed while it started (the worker became ready after the stop was asked): nothing runs.
      if (!task.started()) {
        this.startFailed(task, job, new StartAbandoned(`task ${task.name} was stopped while its program started`));
        return;
      }
      await this.runOn(task, ready.worker, job, ready.session.catalog);
    } finally {
      task.ended();
      task.touch(this.env.idleMs, () => this.stopIdle(task));
      this.schedule(task);
      // After a program, not while a task starts (spareWorkers.ts says why), and after its answer
      // went out (an immediate runs once the reply is written): a new worker and window would
      // take the two cores from it (a cold start's answer took 10-30 ms longer with them first).
      setImmediate(() => {
        this.env.workers.prepare();
        if (this.hasFreeSlot()) this.env.browsers.current?.spareWindow?.prepare();
      });
    }
  }

  /** A program that did not get to run: interrupted when the task was stopped meanwhile, failed otherwise. */
  private startFailed(task: Task, job: Job, error: unknown): void {
    const stop = task.takeStop();
    // The browser stopped answering, or the browser service gave none: the failure itself, in its own terms.
    const refused = browserStartFailure(error, stop);
    if (refused) return this.finish(job.receipt, refused);
    if (stop || error instanceof StartAbandoned) {
      if (task.worker && task.stopRequested) task.worker.terminate().catch(() => {});
      this.finish(job.receipt, neverStarted(stop ?? { reason: 'closed', message: 'The task was stopped.' }));
      return;
    }
    // Only start-up failures land here (runOn settles its own receipt): nothing ran.
    this.finish(job.receipt, {
      status: 'failed',
      error: { name: (error as Error).name || 'Error', message: (error as Error).message },
      hints: ['The runtime could not start the task; see runtime.log in the state directory. Nothing ran.'],
    });
  }

  /** Runs the task's next program when it is free; a failure here is logged, never thrown. */
  private schedule(task: Task): void {
    this.pump(task).catch(error => this.env.log.error(`pump ${task.name}: ${described(error)}`));
  }

  private async runOn(task: Task, worker: WorkerHost, job: Job, catalog: PageCatalog): Promise<void> {
    const receipt = job.receipt;
    receipt.status = 'running';
    receipt.startedAt = new Date().toISOString();
    this.env.ends.save(receipt);
    this.events.announce(receipt.task, receipt.requestId, { kind: 'started' });
    task.observe(receipt.requestId);
    // Persist the moment a mutation becomes possible: a crash after it must read OUTCOME_UNKNOWN.
    task.mutations.onPossible = () => {
      receipt.mutationState = 'possible';
      this.env.ends.save(receipt);
    };
    const hints = task.takeStartHints();
    const stopRelay = this.events.relayConsole(worker, receipt.task, receipt.requestId);
    const run = new ProgramRun(task, worker, job, catalog, { handoffs: this.env.handoffs, save: r => this.env.ends.save(r) });
    const fields = await run.run(hints);
    stopRelay();
    // Chrome's word on titles a page set since its last event (its own CDP command: bounded, never throws).
    await run.titlesAfter();
    this.finish(receipt, fields, { task, catalog });
  }

  /**
   * Interrupts what runs and what waits (runtime stop, browser lost). The receipts are
   * written before this resolves; tabs stay open. A runtime stop closes every task: a program
   * still starting does not run.
   */
  async interruptAll(stop: Stop, tasks: Task[] = [...this.tasks.values()]): Promise<void> {
    const stopping: Promise<void>[] = [];
    for (const task of tasks) {
      const queued = stop.reason === 'runtimeStopped' ? task.stopFor('close', stop) : task.interruptFor(stop);
      for (const job of queued) this.finish(job.receipt, neverStarted(stop));
      if (task.worker) stopping.push(task.worker.terminate().catch(() => {}));
    }
    await Promise.all(stopping);
    // Worker 'exit' settles the programs, their receipts are written a CDP round trip later: wait,
    // or a runtime stopping under load closed its database first and lost their reason (CI saw it).
    await Promise.all(tasks.map(task => task.settled()));
  }

  /**
   * Stops a task's worker (release, close): the program in flight and every queued one end
   * interrupted (queued ones never started), so nothing runs after the user said stop.
   * Resolves once the program in flight (one still starting too) has its receipt.
   */
  async stopWorker(task: Task, event: 'release' | 'close'): Promise<void> {
    const stop: Stop = event === 'release'
      ? { reason: 'released', message: 'The task was released.' }
      : { reason: 'closed', message: 'The task was closed.' };
    for (const job of task.stopFor(event, stop)) this.finish(job.receipt, neverStarted(stop));
    await task.worker?.terminate();
    await task.settled();
    await new Promise(resolve => setImmediate(resolve));
  }

  /** The receipt's end: what it says, written (or kept to be written: receiptEnds.ts), its waiters told. Never throws. */
  private finish(receipt: Receipt, fields: Partial<Receipt>, ran?: { task: Task; catalog: PageCatalog }): void {
    stampFinished(receipt, fields, new Date());
    let viewFacts: RunFacts | undefined;
    if (ran) {
      try {
        viewFacts = this.describeRun(receipt, ran.task, ran.catalog);
      } catch (error) {
        // The receipt still ends: without what could not be added to it.
        this.env.log.error(`could not complete the receipt of ${receipt.task}/${receipt.requestId}: ${described(error)}`);
        (receipt.hints ??= []).push('The runtime failed to add the task\'s pages, network entries or mutations to this receipt (see runtime.log).');
      }
    }
    if (!receipt.hints?.length) delete receipt.hints;
    // The view facts are stored with the receipt: a `receipt` after a restart answers as `run` did (without them: longer, never wrong).
    this.env.ends.end(receipt, viewFacts);
  }

  /** What the task observed during the run: mutations, network entries, pages; returns what the compact view needs beyond the receipt. */
  private describeRun(receipt: Receipt, task: Task, catalog: PageCatalog): RunFacts {
    receipt.mutationState = task.mutations.state;
    addMutations(receipt, task.mutations.texts());
    addDeferredMutations(receipt, task.mutations.takeDeferred());
    if (task.takeObservationGaps()) addObservationGapHint(receipt);
    const facts = { ...askedFacts(task.navigations.of(receipt.requestId)), mutations: task.mutations.shown(receipt.status === 'succeeded') };
    this.recentFacts.remember(receipt.task, receipt.requestId, facts);
    task.mutations.end(receipt.requestId);
    // What the pages send from now until the next program follows this receipt: it is amended as it comes.
    task.mutations.onLater = laterMutationsOnto(receipt, amended => this.env.ends.save(amended));
    task.navigations.end();
    const allPages = catalog.ofTask(task.name);
    addNetwork(receipt, task.network.end(receipt.requestId, allPages));
    addAnnouncements(receipt, task.announcements.end());
    // A page the program saw close is gone even if Chrome's own word on it is still on its way.
    const closed = closedDuring(receipt.pageChanges);
    const pages = allPages.filter(p => !closed.has(p.id));
    addMutationHint(receipt);
    // The tab the program selected, unless it closed (or none was known: a tab the task opened as it had none): the first one.
    if (task.selectedPage === undefined || !pages.some(p => p.id === task.selectedPage)) task.select(pages[0]?.id);
    addPages(receipt, pages, task.selectedPage);
    for (const hint of playbookHints(pages, task.playbookSitesNamed, this.env.playbooksFor)) (receipt.hints ??= []).push(hint);
    return facts;
  }

  private stopIdle(task: Task): void {
    if (task.running || task.queued || !task.worker) return;
    task.loseState();
    task.worker.terminate().catch(() => {});
  }
}

/**
 * `isolated` counts when a task is made: one that `endpoint`, `adopt` or an earlier program made
 * shares the browser's default context, and a program asking for isolation must not run there.
 */
function isolationMismatch(task: string): Refusal {
  return new Refusal('TaskIsolationMismatch', 'conflict',
    `Task "${task}" already exists without its own browser context (an earlier program, \`tabwright endpoint\` or \`tabwright adopt\` made it), so --isolated cannot apply to it; nothing was submitted. `
    + `For an isolated task, use a new task name with --isolated, or close this one first (\`tabwright close --task ${task}\`, which closes its tabs) and submit again with --isolated.`);
}

/** The receipt of a program the runtime stopped before it started. */
function neverStarted(stop: Stop): Partial<Receipt> {
  return {
    status: 'interrupted',
    error: { name: 'Interrupted', message: `${stop.message} The program never started.`, reason: stop.reason },
    hints: ['Nothing ran. Submit the program again under a new request id.'],
  };
}
