// The worker's side of a program's `mutations`: what only the worker can see or name, posted
// to the main thread as it happens (a program that never finishes still said it): the
// Playwright actions it ran (their names for the input the router saw), the program's own
// requests, and whatever a scope object records (a site tool that is not read-only).
import type { FromWorker } from '../../programs/workerProtocol.js';
import type { MutationCause, MutationRecorder } from '../../mutations/mutationCause.js';

export class WorkerMutations implements MutationRecorder {
  private requestId?: string;
  private nextAction = 1;
  /** When the last action of any program ended (Date.now()): observe() right after input lets the page draw it. */
  lastActionEndedAt = 0;
  /** The last action to end, by its label (`click getByRole('button', { name: 'Add' })`). */
  lastActionLabel = '';
  private readonly labels = new Map<number, string>();

  constructor(private readonly post: (message: FromWorker) => void) {}

  /** A program starts: what is recorded from now on is its own. */
  begin(requestId: string): void {
    this.requestId = requestId;
  }

  /** It reported: what a leftover promise does later belongs to no receipt. */
  end(): void {
    this.requestId = undefined;
  }

  record(cause: MutationCause): void {
    this.bound().record(cause);
  }

  /** A recorder for the program running now, even when it records later (a request's answer after the program ended goes nowhere). */
  bound(): MutationRecorder {
    const requestId = this.requestId;
    return {
      record: cause => {
        if (requestId !== undefined && requestId === this.requestId)
          this.post({ type: 'progress', requestId, mutation: { ...cause, at: cause.at ?? Date.now() } });
      },
    };
  }

  /** An action begins; its id ends it. `page`: the target it acts on, when known. */
  actionStarted(label: string, countsOnCompletion: boolean, page?: string): number {
    const id = this.nextAction++;
    this.labels.set(id, label);
    if (this.requestId !== undefined)
      this.post({ type: 'progress', requestId: this.requestId, action: { phase: 'began', id, label, begin: Date.now(), countsOnCompletion, ...(page ? { page } : {}) } });
    return id;
  }

  /** How many actions have begun, ever: a count that moved means an action began in between. */
  get actionsBegun(): number {
    return this.nextAction - 1;
  }

  actionEnded(id: number, completed: boolean): void {
    this.lastActionEndedAt = Date.now();
    this.lastActionLabel = this.labels.get(id) ?? '';
    this.labels.delete(id);
    if (this.requestId !== undefined) this.post({ type: 'progress', requestId: this.requestId, action: { phase: 'ended', id, at: Date.now(), completed } });
  }
}
