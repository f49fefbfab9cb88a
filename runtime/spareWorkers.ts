// One worker kept loaded and unassigned, so a task's first program does not wait for
// Playwright to load (the largest part of starting a task). Not kept while no new task could
// start anyway (all active slots taken): a loaded worker costs about 40 MiB.
import { WorkerHost } from './workerHost.js';

export class SpareWorkers {
  private spare?: WorkerHost;
  private stopped = false;

  /** @param wanted whether a new task could start now (there is a free active slot). */
  constructor(private readonly wanted: () => boolean = () => true) {}

  /** Starts loading the spare in the background, or drops it when no task could use it. */
  prepare(): void {
    if (this.stopped) return;
    if (!this.wanted()) {
      this.spare?.terminate().catch(() => {});
      this.spare = undefined;
      return;
    }
    if (this.spare?.alive) return;
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
