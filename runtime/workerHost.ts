// The main thread's side of one task's worker: start it, hand it programs, answer its
// calls, terminate it (its tabs stay open: they belong to the browser).
import { Worker } from 'node:worker_threads';
import { EventEmitter } from 'node:events';
import type { FromWorker, PageRecord, ProgramOutcome, ToWorker, WorkerStart } from './workerProtocol.js';

export class WorkerStartError extends Error {
  override name = 'WorkerStartError';
}

/** Events: 'exit' (code) when the worker ends for any reason. */
export class WorkerHost extends EventEmitter {
  private readonly worker: Worker;
  private pendingOutcome?: { requestId: string; resolve: (o: ProgramOutcome) => void };
  private exited = false;
  readonly ready: Promise<void>;

  constructor(start: WorkerStart, private readonly pages: () => PageRecord[]) {
    super();
    this.worker = new Worker(new URL('./worker/main.js', import.meta.url), { workerData: start });
    this.ready = new Promise((resolve, reject) => {
      this.worker.on('message', (message: FromWorker) => {
        if (message.type === 'ready') resolve();
        else if (message.type === 'startFailed') reject(new WorkerStartError(`The task's Playwright could not connect: ${message.message}`));
        else this.onMessage(message);
      });
      this.worker.once('error', error => reject(new WorkerStartError(`The task's worker failed to start: ${error.message}`)));
      this.worker.once('exit', code => reject(new WorkerStartError(`The task's worker exited during start (code ${code})`)));
    });
    this.ready.catch(() => {});
    this.worker.on('error', () => {});
    this.worker.once('exit', code => {
      this.exited = true;
      this.emit('exit', code);
    });
  }

  get alive(): boolean {
    return !this.exited;
  }

  /** Runs one program; resolves when the worker reports the outcome (never if it is terminated). */
  run(message: Extract<ToWorker, { type: 'run' }>): Promise<ProgramOutcome> {
    return new Promise(resolve => {
      this.pendingOutcome = { requestId: message.requestId, resolve };
      this.post(message);
    });
  }

  /** Stops the worker even inside synchronous code (`while (true) {}`). */
  async terminate(): Promise<void> {
    if (this.exited) return;
    await this.worker.terminate();
  }

  private post(message: ToWorker): void {
    this.worker.postMessage(message);
  }

  private onMessage(message: FromWorker): void {
    if (message.type === 'done') {
      const pending = this.pendingOutcome;
      this.pendingOutcome = undefined;
      pending?.resolve(message.outcome);
    } else if (message.type === 'rpc') {
      try {
        this.post({ type: 'rpcReply', id: message.id, result: this.pages() });
      } catch (error) {
        this.post({ type: 'rpcReply', id: message.id, error: error instanceof Error ? error.message : String(error) });
      }
    }
  }
}
