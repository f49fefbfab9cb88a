// A task: its queue (its programs run one at a time, in submission order), at most one
// worker, the program in flight, and what is kept across its programs (selected page, mutation
// tracking, network journal, its browser context when isolated).
//
// Its fields are written here only: the table, a program's life and its run call the methods
// below, and every change of what the task is doing is a transition of taskLife.ts.
import type { Receipt } from '../../contract/receipt.js';
import { Refusal } from '../../contract/errors.js';
import type { WorkerHost } from './workerHost.js';
import { MutationLog } from '../mutations/mutationLog.js';
import { CdpEvidence } from '../mutations/cdpEvidence.js';
import { NetworkJournal } from '../receipts/networkJournal.js';
import { RequestedNavigations } from '../receipts/requestedNavigations.js';
import { AnnouncementLog } from '../announcements/announcementLog.js';
import type { DebugBundle } from '../programs/workerProtocol.js';
import type { CallInFlight } from '../receipts/receiptAssembly.js';
import { fanOut, type CommandTap } from '../../router/commandTap.js';
import { inFlight, nextState, stopping, type TaskEvent, type TaskState } from './taskLife.js';

export interface Job {
  receipt: Receipt;
  program: string;
  timeoutS: number;
  explicitPage?: number;
  maxInline: number;
  /** What to record of the program besides its receipt (run --trace, --har). */
  debug?: DebugBundle;
  /** The program's Playwright calls in flight, by the worker's id, in the order they began (programRun.ts). */
  callsInFlight?: Map<number, { name: string; line?: number; at: number }>;
}

/** Why the runtime stopped a task's program: what its receipt says (error.reason and message). */
export type StopReason = 'released' | 'closed' | 'runtimeStopped' | 'browserLost';
export interface Stop { reason: StopReason; message: string }

const WORKER_ENDED = 'The previous worker of this task ended, so `state` was reset; tabs were kept. Rebuild what you need from the page.';
/** Release stops the worker and gives the tabs up (service.ts release): "tabs were kept" would be untrue. */
const RELEASED = 'The task was released since its last program: its worker stopped, so `state` was reset, and the tabs it had are no longer its own (`tabwright pages --all` lists what is still open). Start from a new page.';
/** With a browser of its own from a service, release gave that browser back; its tabs are reopened in the new one (the reopened hint says which). */
const RELEASED_OWN_BROWSER = 'The task was released since its last program: its worker stopped, so `state` was reset, and its browser went back to the browser service; this program runs in a new one.';

export class Task {
  private life: TaskState = 'idle';
  private readonly jobs: Job[] = [];
  private current?: Job;
  private stop?: Stop;
  private currentWorker?: WorkerHost;
  private selected?: number;
  private lastActive = Date.now();
  /** Why the next program starts without `state` (its worker ended since the last one), or undefined. */
  private stateLostWhy?: string;
  /** Hints for the task's next receipt, from something that happened between programs (tabs reopened). */
  private readonly carriedHints: string[] = [];
  private context?: string;
  private settledWaiters: (() => void)[] = [];
  /** Decides each program's mutationState and `mutations`: every witness records its causes here. */
  readonly mutations = new MutationLog();
  /** What the task's CDP traffic says may have changed the world, recorded in `mutations`. */
  readonly evidence: CdpEvidence;
  /** Failed and pending requests of the task's pages, across programs. */
  readonly network: NetworkJournal;
  /** What its programs asked of their pages (gotos, reloads, history, closed tabs), for the compact view of their receipts. */
  readonly navigations: RequestedNavigations;
  /** What its pages announced (status and alert text, toasts), heard by the runtime's own page sessions. */
  readonly announcements = new AnnouncementLog();
  /** Sites a receipt of this task has said its saved playbooks for (or found it has none): said once per site. */
  readonly playbookSitesNamed = new Set<string>();
  /** What the router feeds with the task's CDP traffic. */
  readonly traffic: CommandTap;
  /** What the runtime's own Network session on each of the task's pages feeds (networkWatch.ts). */
  readonly networkTraffic: CommandTap;
  private idleTimer?: NodeJS.Timeout;
  private gapsInRun = 0;
  private gapsBetween = 0;

  /** `pageOf`: the top-level page a target lives in; `pageIdOf`: a live page's id as the CLI shows it. */
  constructor(readonly name: string, readonly isolated: boolean, pageOf: (targetId: string) => string, pageIdOf?: (targetId: string) => number | undefined) {
    this.navigations = new RequestedNavigations(pageIdOf);
    this.network = new NetworkJournal(pageOf);
    this.evidence = new CdpEvidence(this.mutations, pageOf);
    this.traffic = this.countingGaps(fanOut(this.evidence, this.network, this.navigations));
    this.networkTraffic = this.countingGaps(fanOut(this.evidence, this.network));
  }

  /** A program of the task starts: what its traffic shows from now on is that program's. */
  observe(requestId: string): void {
    // What went unobserved between programs is the next program's (as cdpEvidence.ts counts it).
    this.gapsInRun = this.gapsBetween;
    this.gapsBetween = 0;
    this.mutations.begin();
    this.evidence.begin();
    this.network.begin(requestId);
    this.navigations.begin(requestId);
    this.announcements.begin();
  }

  get state(): TaskState {
    return this.life;
  }

  /** Whether part of the running program's traffic went unobserved (its receipt says what that means). */
  takeObservationGaps(): boolean {
    const gaps = this.gapsInRun > 0;
    this.gapsInRun = 0;
    return gaps;
  }

  /** The tap, counting what it could not observe (a tap that threw, a page it could not watch). */
  private countingGaps(tap: CommandTap): CommandTap {
    return {
      ...tap,
      unobserved: reason => {
        if (this.mutations.observing) this.gapsInRun++;
        else this.gapsBetween++;
        tap.unobserved?.(reason);
      },
    };
  }

  /** The program starting or running, if any. */
  get running(): Job | undefined {
    return this.current;
  }

  /** The oldest call the running program `requestId` is in now, and for how long: what its running receipt names. */
  callInFlight(requestId: string, now = Date.now()): CallInFlight | undefined {
    const job = this.current;
    if (job?.receipt.requestId !== requestId) return undefined;
    const oldest = job.callsInFlight?.values().next().value;
    return oldest && { call: oldest.name, ...(oldest.line !== undefined ? { line: oldest.line } : {}), forMs: Math.max(0, now - oldest.at), timeoutS: job.timeoutS };
  }

  get queued(): number {
    return this.jobs.length;
  }

  get worker(): WorkerHost | undefined {
    return this.currentWorker;
  }

  get selectedPage(): number | undefined {
    return this.selected;
  }

  get lastActivity(): number {
    return this.lastActive;
  }

  /** The task's own browser context (isolated tasks). */
  get contextId(): string | undefined {
    return this.context;
  }

  /** Active: it holds one of the limited slots (a live worker, or a program in flight or queued). */
  get active(): boolean {
    return this.currentWorker?.alive === true || this.current !== undefined || this.jobs.length > 0;
  }

  /** Whether a release or close was asked for since the program in flight was taken: it must not (go on to) run. */
  get stopRequested(): boolean {
    return stopping(this.life);
  }

  /** Queues a program; a task being closed takes none (the caller checks `accepts` before registering). */
  enqueue(job: Job): void {
    this.apply('submit');
    this.jobs.push(job);
  }

  /** Whether a program may be queued now; a refusal says why when not. */
  accepts(): Refusal | undefined {
    if (nextState(this.life, 'submit', true) !== undefined) return undefined;
    return new Refusal('UsageError', 'conflict',
      `Task "${this.name}" is being closed; nothing was submitted. Submit again once \`tabwright close --task ${this.name}\` has returned: the same name is then a new task.`);
  }

  /** The next program to start, or undefined when one is in flight, none is queued, or the task is stopping. */
  takeNext(): Job | undefined {
    if (this.life !== 'queued') return undefined;
    this.apply('start');
    this.current = this.jobs.shift()!;
    return this.current;
  }

  /** The worker is ready: false when the task was released or closed meanwhile (the program must not run). */
  started(): boolean {
    if (nextState(this.life, 'started', this.jobs.length > 0) === undefined) return false;
    this.apply('started');
    return true;
  }

  /** The program in flight has its final receipt. */
  ended(): void {
    this.current = undefined;
    this.apply('ended');
    if (!inFlight(this.life)) {
      const waiters = this.settledWaiters;
      this.settledWaiters = [];
      for (const resolve of waiters) resolve();
    }
  }

  /**
   * Release or close (the runtime stopping closes every task): the queued programs are taken
   * out (their receipts are the caller's to end), and the program in flight, if any, is to stop.
   * `ownBrowser`: the task's browser is its own, from a service (a release gives it back).
   */
  stopFor(event: 'release' | 'close', stop: Stop, ownBrowser = false): Job[] {
    this.apply(event);
    // What the next program starts from, said over any earlier reason (a closed task is forgotten).
    if (event === 'release') this.loseState(ownBrowser ? RELEASED_OWN_BROWSER : RELEASED);
    if (this.current) this.stop = stop;
    return this.jobs.splice(0);
  }

  /**
   * The runtime stops the program in flight without a change of the task's life (the browser
   * went away): it and the programs queued behind it (theirs to end) are interrupted.
   */
  interruptFor(stop: Stop): Job[] {
    if (!this.current) return [];
    this.stop = stop;
    return this.jobs.splice(0);
  }

  /** Why the runtime stopped the program in flight, once (the run's receipt takes it). */
  takeStop(): Stop | undefined {
    const stop = this.stop;
    this.stop = undefined;
    return stop;
  }

  /** Resolves once no program is in flight. */
  settled(): Promise<void> {
    if (!inFlight(this.life)) return Promise.resolve();
    return new Promise(resolve => this.settledWaiters.push(resolve));
  }

  /** The worker the task's programs run on from now. */
  attach(worker: WorkerHost): void {
    this.currentWorker = worker;
  }

  /** A worker that never became the task's (it could not connect): it leaves no `state` behind. */
  detach(worker: WorkerHost): void {
    if (this.currentWorker === worker) this.currentWorker = undefined;
  }

  /**
   * A worker of the task ended (or could not start). Its `state` is gone: unless the user
   * asked for it (release, close), the next program hears so.
   */
  workerEnded(worker: WorkerHost): void {
    if (this.currentWorker !== worker) return;
    this.currentWorker = undefined;
    if (!stopping(this.life) && this.life !== 'released') this.stateLostWhy ??= WORKER_ENDED;
  }

  /**
   * `state` is gone (or about to be: its worker is being stopped), and why, for the next receipt.
   * With no reason given, a reason already said stays: the browser's loss names a reconnect, and
   * the interrupted program that follows it must not turn that into "the worker ended".
   */
  loseState(why?: string): void {
    this.stateLostWhy = why ?? this.stateLostWhy ?? WORKER_ENDED;
  }

  /** Something that happened between programs, for the next receipt. */
  carry(hints: string[]): void {
    this.carriedHints.push(...hints);
  }

  /** The hints a starting program's receipt gets: what was carried, and whether `state` was reset. */
  takeStartHints(): string[] {
    const hints = this.carriedHints.splice(0);
    if (this.stateLostWhy) hints.push(this.stateLostWhy);
    this.stateLostWhy = undefined;
    return hints;
  }

  select(page: number | undefined): void {
    this.selected = page;
  }

  /** The task's own context (isolated), or none (the browser that held it is gone). */
  setContext(contextId: string | undefined): void {
    this.context = contextId;
  }

  touch(idleMs: number, onIdle: () => void): void {
    this.lastActive = Date.now();
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(onIdle, idleMs);
    this.idleTimer.unref();
  }

  private apply(event: TaskEvent): void {
    const next = nextState(this.life, event, this.jobs.length > 0);
    if (next === undefined) throw new Error(`task ${this.name}: "${event}" does not apply while ${this.life}`);
    this.life = next;
  }
}
