// One run's side of its hand-overs to a person: the worker asks (`handoff()` in the program),
// the receipt says `waitingFor: 'person'` and keeps a record, the program's timeout stops
// counting, and when the hand-over ends (Handoffs decides) the worker is told and the clock
// goes on. The person's first input is recorded as a possible mutation.
import type { HandoffRecord, Receipt } from '../../contract/receipt.js';
import type { FromWorker } from '../programs/workerProtocol.js';
import type { WorkerHost } from '../tasks/workerHost.js';
import type { PageCatalog } from '../browser/pageCatalog.js';
import type { Task } from '../tasks/task.js';
import type { Handoffs } from './handoffs.js';
import type { PausableTimer } from '../programs/pausableTimer.js';

export interface RunHandoffDeps {
  task: Task;
  receipt: Receipt;
  worker: WorkerHost;
  catalog: PageCatalog;
  handoffs: Handoffs;
  /** The program's timeout: paused while a person works. */
  timer: PausableTimer;
  /** Writes the receipt as it stands (the store's `saved` event tells the view and waiters). */
  save: (receipt: Receipt) => void;
}

export class RunHandoffs {
  private openPage?: number;

  private readonly onAsk = (message: Extract<FromWorker, { type: 'handoff' }>) => {
    const { task, receipt, worker, catalog, handoffs, timer, save } = this.deps;
    if (message.requestId !== receipt.requestId) return;
    const { ask } = message;
    // The worker asks one at a time; a second ask while one is open is answered, not opened.
    if (this.openPage !== undefined) {
      worker.endHandoff(ask.id, 'interrupted', 0, false);
      return;
    }
    const page = catalog.page(ask.targetId);
    if (!page || page.task !== task.name) {
      worker.endHandoff(ask.id, 'pageClosed', 0, false);
      return;
    }
    timer.pause();
    const record: HandoffRecord = {
      reason: ask.reason, page: page.id, since: new Date().toISOString(),
      ...(ask.record !== undefined ? { record: ask.record } : {}),
      // A recording keeps what the person typed as its draft's examples (never a secret's).
      inputKept: ask.record !== undefined ? 'playbookExamples' : false,
    };
    (receipt.handoffs ??= []).push(record);
    receipt.waitingFor = 'person';
    save(receipt);
    this.openPage = page.id;
    let personInput = false;
    handoffs.open(
      { task: task.name, requestId: receipt.requestId, page: page.id, targetId: ask.targetId, reason: ask.reason, timeoutS: ask.timeoutS, ...(ask.record !== undefined ? { record: ask.record } : {}) },
      (ending, personMs) => {
        this.openPage = undefined;
        record.ended = ending.ended;
        record.personMs = personMs;
        if (ending.note) record.note = ending.note;
        if (ending.playbook) record.playbook = ending.playbook;
        delete receipt.waitingFor;
        worker.endHandoff(ask.id, ending.ended, personMs, personInput, ending.note, ending.playbook);
        // An interrupted run's receipt is written by programLife.ts with the rest of its end.
        if (ending.ended === 'interrupted') return;
        save(receipt);
        timer.resume();
      },
      // What they typed is never named: only that a person's input reached the page.
      () => {
        personInput = true;
        task.mutations.record({ kind: 'handoff', text: `a person's input on page ${page.id} (handoff)` });
      },
    );
  };

  private readonly onUntil = (message: Extract<FromWorker, { type: 'handoffUntil' }>) => {
    if (message.requestId === this.deps.receipt.requestId) this.deps.handoffs.end(this.deps.task.name, { ended: 'until' });
  };

  private readonly onClosed = (name: string, page: number) => {
    if (name === this.deps.task.name && page === this.openPage) this.deps.handoffs.end(name, { ended: 'pageClosed' });
  };

  constructor(private readonly deps: RunHandoffDeps) {
    deps.worker.on('handoff', this.onAsk);
    deps.worker.on('handoffUntil', this.onUntil);
    deps.catalog.on('closed', this.onClosed);
  }

  /** The run ended: a hand-over still open ends with it. */
  stop(): void {
    const { worker, catalog, handoffs, task } = this.deps;
    worker.off('handoff', this.onAsk);
    worker.off('handoffUntil', this.onUntil);
    catalog.off('closed', this.onClosed);
    if (this.openPage !== undefined) handoffs.end(task.name, { ended: 'interrupted' });
  }
}
