// A task: its queue (its programs run one at a time, in submission order), at most one
// worker, the run in progress, and what is kept across its programs (selected page, mutation
// tracking, network journal, its browser context when isolated).
import type { Receipt } from '../contract/receipt.js';
import type { WorkerHost } from './workerHost.js';
import { MutationTracker } from './mutationTracker.js';
import { NetworkJournal } from './networkJournal.js';
import { RequestedNavigations } from './requestedNavigations.js';
import type { DebugBundle } from './workerProtocol.js';
import { fanOut, type CommandTap } from '../router/commandTap.js';

export interface Job {
  receipt: Receipt;
  program: string;
  timeoutS: number;
  explicitPage?: number;
  maxInline: number;
  /** What to record of the program besides its receipt (run --trace, --har). */
  debug?: DebugBundle;
}

export class Task {
  readonly queue: Job[] = [];
  running?: Job;
  /** Why the runtime is stopping the worker under a program (release, close, runtime stop): its receipt says so. */
  stopReason?: string;
  worker?: WorkerHost;
  selectedPage?: number;
  lastActivity = Date.now();
  /** Set when a worker ended under a program: the next receipt says `state` was reset. */
  stateLost = false;
  /** Why, when it was not the worker's own doing (stopped to make room for another task). */
  stateLostWhy?: string;
  /** Hints for the task's next receipt, from something that happened between programs (tabs reopened). */
  readonly carriedHints: string[] = [];
  /** The task's own browser context (isolated tasks), set and cleared by the task table only. */
  contextId?: string;
  /** Decides each program's mutationState from the task's CDP traffic. */
  readonly mutations = new MutationTracker();
  /** Failed and pending requests of the task's pages, across programs. */
  readonly network: NetworkJournal;
  /** Where its programs asked to navigate, for the compact view of their receipts. */
  readonly navigations = new RequestedNavigations();
  /** What the router feeds with the task's CDP traffic. */
  readonly traffic: CommandTap;
  private idleTimer?: NodeJS.Timeout;

  constructor(readonly name: string, readonly isolated: boolean, pageOf: (targetId: string) => string) {
    this.network = new NetworkJournal(pageOf);
    this.traffic = fanOut(this.mutations, this.network, this.navigations);
  }

  /** Active: it holds one of the limited slots (a live worker, or a program running or queued). */
  get active(): boolean {
    return this.worker?.alive === true || this.running !== undefined || this.queue.length > 0;
  }

  touch(idleMs: number, onIdle: () => void): void {
    this.lastActivity = Date.now();
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(onIdle, idleMs);
    this.idleTimer.unref();
  }
}
