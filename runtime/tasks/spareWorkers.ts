// One worker kept loaded and unassigned, so a task's first program does not wait for
// Playwright to load (the largest part of starting a task). Not kept while no new task could
// start anyway (all active slots taken): a loaded worker costs about 40 MiB.
// The next spare is loaded once the task that took one has run its first program (the task
// table calls prepare() then), not as it is taken: loading Playwright is ~0.5 s of CPU, and on
// two cores it would compete with that very program's connection and first window (measured:
// a new task's first program took 2-4 s with the next spare loading beside it on a cold start).
import type { ResourceLimits } from 'node:worker_threads';
import { WorkerHost } from './workerHost.js';
import type { RuntimeLog } from '../runtimeLog.js';

export class SpareWorkers {
  private spare?: WorkerHost;
  private stopped = false;

  /**
   * @param limits each worker's (workerMemory.ts).
   * @param wanted whether a new task could start now (there is a free active slot).
   * @param first a worker already loading (main.ts starts one before the rest of the runtime).
   * @param log the workers' (workerHost.ts).
   */
  constructor(private readonly limits: ResourceLimits, private readonly wanted: () => boolean = () => true, first?: WorkerHost, private readonly log?: Pick<RuntimeLog, 'info'>) {
    if (!first) return;
    this.spare = first;
    first.unref();
  }

  /** Starts loading the spare in the background, or drops it when no task could use it. */
  prepare(): void {
    if (this.stopped) return;
    if (!this.wanted()) {
      this.spare?.terminate().catch(() => {});
      this.spare = undefined;
      return;
    }
    if (this.spare?.alive) return;
    this.spare = new WorkerHost(this.limits, this.log);
    // An idle spare must not keep the runtime alive on its own.
    this.spare.unref();
  }

  /** A loaded (or loading) worker for a task; the next spare waits for the next prepare(). */
  take(): WorkerHost {
    const worker = this.spare?.alive ? this.spare : new WorkerHost(this.limits, this.log);
    this.spare = undefined;
    worker.ref();
    return worker;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.spare?.terminate();
    this.spare = undefined;
  }
}
