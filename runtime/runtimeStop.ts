// How the runtime stops, once: `runtime stop`, a signal, or an error that leaves its state
// unknown (an uncaught exception). First the API takes no new connections and every program
// still running or queued is interrupted, its receipt written: a caller waiting for one is
// answered with that final receipt (`interrupted`, runtimeStopped), what is true, not `running`
// with "do not resubmit" for a program about to end. One whose program does not end within
// ANSWER_WITHIN_MS (a worker stuck in a system call) is answered with the receipt as it stands,
// saying the runtime is stopping. Then the clean-up: the API, the live view, router, browser,
// database, socket and lock. A clean-up that cannot finish
// (a program stuck in a system call, which even process.exit waits for) ends in a hard exit
// after HARD_EXIT_MS: runtime.log says so, and the process ends by SIGKILL, never with code 0.
import fs from 'node:fs';
import type { RuntimeLog } from './runtimeLog.js';
import { described } from './runtimeLog.js';
import { releaseLock } from './runtimeLock.js';
import type { Stop } from './tasks/task.js';

/** How long the clean-up may take before the hard exit. */
export const HARD_EXIT_MS = 15_000;

/** How long waiting callers wait for their programs' interrupted receipts before they are answered as things stand (well within HARD_EXIT_MS). */
export const ANSWER_WITHIN_MS = 5_000;

/** The exit code of a runtime that stopped because of its own failure (EX_SOFTWARE). */
export const EXIT_INTERNAL_ERROR = 70;

export interface StoppingParts {
  /** Every program still running or queued ends interrupted, its receipt written (so its waiters get it). */
  interruptPrograms(stop: Stop): Promise<void>;
  /** Answers every caller still waiting for a receipt with it as it stands, and any that starts waiting from now. */
  answerWaiters(): number;
  /** The API on the socket: stops taking connections, resolves once the ones it has are done. */
  closeApi(): Promise<void>;
  closeView(): Promise<void>;
  /** Workers, router, browser, database: programs still running end interrupted. */
  stopService(stop: Stop): Promise<void>;
  /** The hard exit's last resort for the browser the runtime launched (it would outlive the runtime otherwise). */
  killBrowser(): void;
  socket: string;
  lock: string;
  log: RuntimeLog;
}

export interface StopCause {
  /** Why, for runtime.log. */
  why: string;
  /** The exit code once cleaned up: 0 when asked to stop, EXIT_INTERNAL_ERROR after a failure. */
  code: number;
  /** What the receipts of programs still running say. */
  stop: Stop;
}

export class RuntimeStop {
  private step?: string;

  constructor(private readonly parts: StoppingParts, private readonly exit: (code: number) => void = code => process.exit(code)) {}

  get stopping(): boolean {
    return this.step !== undefined;
  }

  /** Stops the runtime; later calls while it stops do nothing. */
  stop(cause: StopCause): void {
    if (this.step) return;
    const { log } = this.parts;
    this.step = 'interrupting programs';
    log.info(`stopping: ${cause.why}`);
    setTimeout(() => this.hardExit(), HARD_EXIT_MS).unref();
    void this.cleanUp(cause).then(
      () => {
        log.info(`stopped (exit ${cause.code})`);
        this.exit(cause.code);
      },
      error => {
        log.error(`stop failed while ${this.step}: ${described(error)}`);
        this.exit(cause.code || EXIT_INTERNAL_ERROR);
      });
  }

  private async cleanUp(cause: StopCause): Promise<void> {
    const { parts } = this;
    // New connections are refused from here; the ones already in are answered just below.
    const apiClosed = parts.closeApi().catch(error => parts.log.error(`closing the API: ${described(error)}`));
    // Waiting callers hear of their programs' end as it is written; a program that does not end
    // in time leaves its caller answered as it stands (the clean-up goes on to the hard exit).
    const interrupted = parts.interruptPrograms(cause.stop).then(() => true, error => {
      parts.log.error(`interrupting programs: ${described(error)}`);
      return true;
    });
    let timer: NodeJS.Timeout | undefined;
    const inTime = await Promise.race([interrupted, new Promise<false>(resolve => { timer = setTimeout(() => resolve(false), ANSWER_WITHIN_MS); })]);
    clearTimeout(timer);
    this.step = 'answering waiting callers';
    const answered = parts.answerWaiters();
    if (answered) parts.log.info(`answered ${answered} waiting caller(s) with the receipt as it stands${inTime ? '' : ` (their programs did not end within ${ANSWER_WITHIN_MS / 1000} s)`}`);
    this.step = 'closing the API';
    await apiClosed;
    this.step = 'closing the live view';
    await parts.closeView().catch(error => parts.log.error(`closing the live view: ${described(error)}`));
    this.step = 'stopping workers, the router, the browser and the database';
    await parts.stopService(cause.stop);
    this.step = 'removing the socket and the lock';
    fs.rmSync(parts.socket, { force: true });
    releaseLock(parts.lock);
  }

  /**
   * The clean-up did not finish. process.exit would wait for a worker stuck in a system call
   * for ever, so the process ends by SIGKILL, after the socket, the lock and the browser.
   */
  private hardExit(): void {
    const { parts } = this;
    parts.log.error(`hard exit: the clean-up did not finish within ${HARD_EXIT_MS / 1000} s (still ${this.step}); the runtime ends now by SIGKILL (exit status 137) without the rest of it. Receipts still unfinished read interrupted when the next runtime starts.`);
    // Each step on its own: one that throws must not keep the next from running.
    for (const step of [() => parts.killBrowser(), () => fs.rmSync(parts.socket, { force: true }), () => releaseLock(parts.lock)]) {
      try {
        step();
      } catch (error) {
        parts.log.error(`hard exit: ${described(error)}`);
      }
    }
    process.kill(process.pid, 'SIGKILL');
  }
}
