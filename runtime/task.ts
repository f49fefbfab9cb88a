// A task: its queue (its programs run one at a time, in submission order), at most one
// worker, the run in progress, and what is kept across its programs (selected page, mutation
// tracking, network journal, its browser context when isolated).
import type { Receipt } from '../contract/receipt.js';
import type { WorkerHost } from './workerHost.js';
import { MutationLog } from './mutations/mutationLog.js';
import { CdpEvidence } from './mutations/cdpEvidence.js';
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
  /** Decides each program's mutationState and `mutations`: every witness records its causes here. */
  readonly mutations = new MutationLog();
  /** What the task's CDP traffic says may have changed the world, recorded in `mutations`. */
  readonly evidence: CdpEvidence;
  /** Failed and pending requests of the task's pages, across programs. */
  readonly network: NetworkJournal;
  /** Where its programs asked to navigate, for the compact view of their receipts. */
  readonly navigations = new RequestedNavigations();
  /** What the router feeds with the task's CDP traffic. */
  readonly traffic: CommandTap;
  /** What the runtime's own Network session on each of the task's pages feeds (networkWatch.ts). */
  readonly networkTraffic: CommandTap;
  private idleTimer?: NodeJS.Timeout;

  constructor(readonly name: string, readonly isolated: boolean, pageOf: (targetId: string) => string) {
    this.network = new NetworkJournal(pageOf);
    this.evidence = new CdpEvidence(this.mutations, pageOf);
    this.traffic = fanOut(this.evidence, this.network, this.navigations);
    this.networkTraffic = fanOut(this.evidence, this.network);
  }

  /** A program of the task starts: what its traffic shows from now on is that program's. */
  observe(requestId: string): void {
    this.mutations.begin();
    this.evidence.begin();
    this.network.begin(requestId);
    this.navigations.begin(requestId);
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
