// A program's life, in the order it happens: submitted (checked, registered before anything
// runs, its syntax checked, queued on its task), scheduled, its task readied (or the start
// failed), running on the task's worker, ended (the receipt completed from what the task
// observed, written, its waiters told); and the stops that end receipts early (runtime stop,
// release, close, browser lost). The task table (tasks/taskTable.ts) only keeps the tasks.
import type { Receipt, ReceiptError } from '../../contract/receipt.js';
import { DEFAULT_MAX_INLINE, MAX_INLINE } from '../../contract/submissionLimits.js';
import { Refusal } from '../../contract/errors.js';
import { programHashes } from '../receipts/receiptStore.js';
import { stampFinished } from '../receipts/receiptAssembly.js';
import type { ReceiptViewMode, RunFacts } from '../receipts/receiptView.js';
import { ReceiptAnswers } from '../receipts/receiptAnswers.js';
import type { PageCatalog } from '../browser/pageCatalog.js';
import type { Task, Job, Stop } from '../tasks/task.js';
import type { TaskTable } from '../tasks/taskTable.js';
import type { TaskEnvironment } from '../tasks/taskEnvironment.js';
import type { WorkerHost } from '../tasks/workerHost.js';
import { StartAbandoned } from '../tasks/taskStart.js';
import { browserStartFailure } from '../tasks/browserStartFailure.js';
import { described } from '../runtimeLog.js';
import { checkSubmission, isolationMismatch, type Submission } from './submission.js';
import { compileProgram, ProgramSyntaxError } from './programSource.js';
import { ProgramRun } from './programRun.js';
import { ProgramEvents } from './programEvents.js';
import { describeRun } from './runDescription.js';

/** How long a program's start waits for the task's pages to answer (NetworkWatch.heardUpTo). */
const HEARD_UP_TO_MS = 500;

export type { Submission } from './submission.js';

export class ProgramLife {
  /** Start and console lines of running programs, for callers that follow one (progress). */
  readonly events = new ProgramEvents();
  /** A receipt as an answer, and the wait for its end (receipts/receiptAnswers.ts). */
  private readonly answers: ReceiptAnswers;

  constructor(private readonly env: TaskEnvironment, private readonly tasks: TaskTable) {
    this.answers = new ReceiptAnswers(env.store, env.ends, name => tasks.named(name), env.browsers.perTask ? 'browserGoesBack' : 'tabsStayOpen');
  }

  /** Registers a submission (before anything runs) and queues it; finds it when it exists. */
  submit(submission: Submission): { receipt: Receipt; created: boolean } {
    checkSubmission(submission);
    const program = submission.program;
    const existing = this.env.store.get(submission.task, submission.requestId);
    if (!existing) {
      const known = this.tasks.named(submission.task);
      const refusal = known?.accepts() ?? (submission.isolated && known && !known.isolated ? isolationMismatch(known.name) : undefined);
      if (refusal) throw refusal;
      this.tasks.checkCapacity(submission.task);
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

    const task = this.tasks.taskFor(submission.task, submission.isolated === true);
    task.enqueue({
      receipt, program, timeoutS: submission.timeoutS,
      ...(submission.page !== undefined ? { explicitPage: submission.page } : {}),
      maxInline: Math.min(submission.maxInline ?? DEFAULT_MAX_INLINE, MAX_INLINE),
      ...(submission.debug ? { debug: submission.debug } : {}),
    });
    this.schedule(task);
    return { receipt, created: true };
  }

  /** Runs the task's next program when it is free; a failure here is logged, never thrown. */
  private schedule(task: Task): void {
    this.pump(task).catch(error => this.env.log.error(`pump ${task.name}: ${described(error)}`));
  }

  private async pump(task: Task): Promise<void> {
    const job = task.takeNext();
    if (!job) return;
    try {
      let ready;
      try {
        ready = await this.tasks.starts.ready(task);
      } catch (error) {
        this.startFailed(task, job, error);
        return;
      }
      // What the task's pages told Chrome before now (a request a page's timer sent, a commit) is
      // the last program's, deferred: one round trip to each page's renderer lets the runtime hear
      // it before this program's window opens, and the worker is sent the pages as they are then
      // (PageObserver.catchUp). Bounded: a page whose thread is busy is not waited for.
      await ready.session.network.heardUpTo(task.name, HEARD_UP_TO_MS);
      // Released or closed while it started (the worker became ready after the stop was asked): nothing runs.
      if (!task.started()) {
        this.startFailed(task, job, new StartAbandoned(`task ${task.name} was stopped while its program started`));
        return;
      }
      await this.runOn(task, ready.worker, job, ready.session.catalog);
    } finally {
      task.ended();
      task.touch(this.env.idleMs, () => this.tasks.stopIdle(task));
      this.schedule(task);
      // After a program, not while a task starts (spareWorkers.ts says why), and after its answer
      // went out (an immediate runs once the reply is written): a new worker and window would
      // take the two cores from it (a cold start's answer took 10-30 ms longer with them first).
      setImmediate(() => {
        this.env.workers.prepare();
        if (this.tasks.hasFreeSlot()) this.env.browsers.current?.spareWindow?.prepare();
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

  /** The receipt's end: what it says, written (or kept to be written: receiptEnds.ts), its waiters told. Never throws. */
  private finish(receipt: Receipt, fields: Partial<Receipt>, ran?: { task: Task; catalog: PageCatalog }): void {
    stampFinished(receipt, fields, new Date());
    let viewFacts: RunFacts | undefined;
    if (ran) {
      try {
        viewFacts = describeRun(receipt, ran.task, ran.catalog, { recentFacts: this.answers.recentFacts, save: r => this.env.ends.save(r), playbooksFor: this.env.playbooksFor });
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

  /** A receipt as an answer to its waiter (receipts/receiptAnswers.ts). */
  answer(receipt: Receipt, view: ReceiptViewMode, replayed = false): Receipt | Partial<Receipt> {
    return this.answers.answer(receipt, view, replayed);
  }

  /** Resolves with the receipt once final, or as it stands after `waitMs`. */
  waitFor(task: string, requestId: string, waitMs: number): Promise<Receipt | undefined> {
    return this.answers.waitFor(task, requestId, waitMs);
  }

  /** The program registered under this request id, if any (a playbook run's resubmission finds its version in it). */
  programOf(task: string, requestId: string): string | undefined {
    return this.answers.programOf(task, requestId);
  }

  /**
   * Interrupts what runs and what waits (runtime stop, browser lost). The receipts are
   * written before this resolves; tabs stay open. A runtime stop closes every task: a program
   * still starting does not run.
   */
  async interruptAll(stop: Stop, tasks: Task[] = this.tasks.all()): Promise<void> {
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
    for (const job of task.stopFor(event, stop, this.env.browsers.perTask)) this.finish(job.receipt, neverStarted(stop));
    await task.worker?.terminate();
    await task.settled();
    await new Promise(resolve => setImmediate(resolve));
  }

  /**
   * The browser exited or the link to it dropped: contexts are gone with it, what ran or waited
   * is interrupted, and each task's next receipt says what its next program starts from.
   */
  browserLost(why: string, nextProgramHint: string, only?: string): Promise<void> {
    // With a browser per task (a browser service), only the task whose browser it was.
    const hit = this.tasks.all().filter(task => only === undefined || task.name === only);
    for (const task of hit) {
      task.setContext(undefined);
      task.loseState(nextProgramHint);
      // What its pages sent from the last event heard until the browser went is unknown.
      if (task.running) task.mutations.record({ kind: 'unobserved', text: 'the link to the browser was lost while the program ran' });
    }
    return this.interruptAll({ reason: 'browserLost', message: why }, hit);
  }
}

/** The receipt of a program the runtime stopped before it started. */
function neverStarted(stop: Stop): Partial<Receipt> {
  return {
    status: 'interrupted',
    error: { name: 'Interrupted', message: `${stop.message} The program never started.`, reason: stop.reason },
    hints: ['Nothing ran. Submit the program again under a new request id.'],
  };
}
