// The main thread's side of one task's worker: start it, hand it programs, answer its
// calls, terminate it (its tabs stay open: they belong to the browser).
import { Worker, type MessagePort, type ResourceLimits } from 'node:worker_threads';
import { EventEmitter } from 'node:events';
import type { FromWorker, PageRecord, ProgramOutcome, RunMessage, ToWorker, WorkerStart } from '../programs/workerProtocol.js';
import type { HandoffEnd, RecordedPlaybook } from '../../contract/receipt.js';
import type { PlaybookCall } from '../playbooks/playbookProtocol.js';
import { Refusal } from '../../contract/errors.js';
import type { RuntimeLog } from '../runtimeLog.js';
import type { CodeCacheOutcome } from '../codeCache/codeCacheName.js';

export class WorkerStartError extends Error {
  override name = 'WorkerStartError';
}

/**
 * A worker is spawned before it is needed (loading Playwright is most of a task's start-up)
 * and assigned to a task when one needs it. Events: 'exit' (code) when it ends for any reason;
 * 'progress' (message) as a running program logs or changes pages; 'handoff' and
 * 'handoffUntil' (message) as a program hands a page to a person and its `until` holds.
 */
export class WorkerHost extends EventEmitter {
  private readonly worker: Worker;
  private pendingOutcome?: { requestId: string; resolve: (o: ProgramOutcome) => void };
  private exited = false;
  private pages: () => PageRecord[] = () => [];
  private playbookCalls?: (call: PlaybookCall, task: string) => unknown;
  private task?: string;
  private onReady?: { resolve: () => void; reject: (e: Error) => void };

  /**
   * @param limits its heap cap (workerMemory.ts: chosen from the machine's memory) and young generation.
   * @param log where it says how its Playwright compiled (from its code caches or not); or later, reportTo.
   */
  constructor(readonly limits: ResourceLimits, private log?: Pick<RuntimeLog, 'info'>) {
    super();
    this.worker = new Worker(new URL('../worker/bundle.js', import.meta.url), { resourceLimits: limits });
    this.worker.on('message', (message: FromWorker) => {
      if (message.type === 'ready') this.onReady?.resolve();
      else if (message.type === 'startFailed') this.onReady?.reject(new WorkerStartError(`The task's Playwright could not connect: ${message.message}`));
      else this.onMessage(message);
    });
    this.worker.on('error', error => {
      this.lastError = error;
      this.onReady?.reject(new WorkerStartError(`The task's worker failed: ${error.message}`));
    });
    this.worker.once('exit', code => {
      this.exited = true;
      this.onReady?.reject(new WorkerStartError(`The task's worker exited during start (code ${code})`));
      this.emit('exit', code);
    });
  }

  /** Where it says how its Playwright compiled, for a worker started before the runtime's log was made (main.ts). */
  reportTo(log: Pick<RuntimeLog, 'info'>): void {
    this.log = log;
  }

  /** Binds the worker to a task: it connects to the task's endpoint; resolves when usable. */
  assign(start: WorkerStart, port: MessagePort | undefined, pages: () => PageRecord[], playbookCalls?: (call: PlaybookCall, task: string) => unknown): Promise<void> {
    this.pages = pages;
    this.playbookCalls = playbookCalls;
    this.task = start.task;
    const ready = new Promise<void>((resolve, reject) => { this.onReady = { resolve, reject }; });
    if (this.exited) this.onReady!.reject(new WorkerStartError('The worker had already exited'));
    else if (port) this.worker.postMessage({ type: 'assign', start, port } satisfies ToWorker, [port]);
    else this.post({ type: 'assign', start });
    return ready;
  }

  ref(): void {
    this.worker.ref();
  }

  unref(): void {
    this.worker.unref();
  }

  /** False from the moment termination is asked for: no new program may be handed to it. */
  get alive(): boolean {
    return !this.exited && !this.terminating;
  }

  /** The last error the worker threw (an unhandled rejection in a program, say). */
  lastError?: Error;

  /** Whether the worker ended at its heap cap (Node ends a worker that reaches it). */
  get outOfMemory(): boolean {
    return (this.lastError as NodeJS.ErrnoException | undefined)?.code === 'ERR_WORKER_OUT_OF_MEMORY';
  }

  /** Runs one program; resolves when the worker reports the outcome (never if it is terminated). */
  run(message: Omit<RunMessage, 'pages'>): Promise<ProgramOutcome> {
    return new Promise(resolve => {
      this.pendingOutcome = { requestId: message.requestId, resolve };
      this.post({ ...message, pages: this.pages() });
    });
  }

  /** Ends the program's hand-over `id`: its `handoff()` returns, or throws for `declined`, `timedOut`, `pageClosed`. */
  endHandoff(id: number, ended: HandoffEnd, personMs: number, personInput: boolean, note?: string, playbook?: RecordedPlaybook): void {
    if (!this.exited) this.post({ type: 'handoffEnded', id, ended, personMs, personInput, ...(note !== undefined ? { note } : {}), ...(playbook ? { playbook } : {}) });
  }

  /** Stops the worker even inside synchronous code (`while (true) {}`). */
  async terminate(): Promise<void> {
    if (this.exited) return;
    this.terminating = true;
    await this.worker.terminate();
  }

  private terminating = false;

  private post(message: ToWorker): void {
    this.worker.postMessage(message);
  }

  private onMessage(message: FromWorker): void {
    if (message.type === 'done') {
      const pending = this.pendingOutcome;
      if (pending?.requestId !== message.outcome.requestId) return;
      this.pendingOutcome = undefined;
      if (message.outcome.workerEnding) this.terminate().catch(() => {});
      pending.resolve(message.outcome);
    } else if (message.type === 'codeCache') {
      this.log?.info({ codeCache: message.outcomes }, `task worker's code cache: ${codeCacheSummary(message.outcomes)}`);
    } else if (message.type === 'progress' || message.type === 'handoff' || message.type === 'handoffUntil') {
      this.emit(message.type, message);
    } else if (message.type === 'rpc') {
      try {
        const { type: _type, id: _id, ...call } = message;
        const result = call.method === 'pages' ? this.pages() : this.playbookCalls?.(call, this.task!);
        this.post({ type: 'rpcReply', id: message.id, result });
      } catch (error) {
                // A refusal (an unknown playbook, bad parameters) reaches the program under its own name.
        const errorName = error instanceof Refusal ? error.errorName : error instanceof Error ? error.name : undefined;
        this.post({ type: 'rpcReply', id: message.id, error: error instanceof Error ? error.message : String(error), ...(errorName ? { errorName } : {}) });
      }
    }
  }
}

/** `coreBundle.js accepted, expect.js missing (written)`: one worker's code caches in a line. */
export function codeCacheSummary(outcomes: readonly CodeCacheOutcome[]): string {
  return outcomes.map(o => `${o.script} ${o.cache}${o.why ? ` (${o.why})` : ''}${o.written ? ` (${o.written})` : ''}${o.text ? ` (text ${o.text})` : ''}`).join(', ') || 'nothing compiled';
}
