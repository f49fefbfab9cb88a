// One worker kept loaded and unassigned, so a task's first program does not wait for
// Playwright to load (the largest part of starting a task).
import { WorkerHost } from './workerHost.js';

export class SpareWorkers {
  private spare?: WorkerHost;
  private stopped = false;

  /** Starts loading the spare in the background. */
  prepare(): void {
    if (this.stopped || this.spare?.alive) return;
    this.spare = new WorkerHost();
    // An idle spare must not keep the runtime alive on its own.
    this.spare.unref();
  }

  /** A loaded (or loading) worker for a task; a new spare starts loading right after. */
  take(): WorkerHost {
    const worker = this.spare?.alive ? this.spare : new WorkerHost();
    this.spare = undefined;
    worker.ref();
    setImmediate(() => this.prepare());
    return worker;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.spare?.terminate();
    this.spare = undefined;
  }
}
