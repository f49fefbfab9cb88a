// Hand-overs to a person. A program's `handoff()` opens one here and waits until it ends:
// the person in the live view says Done or "Cannot do this", the program's `until` holds,
// the agent's cap passes, the page closes, or the run ends. A task runs one program at a
// time, so it has at most one open hand-over; while it is open the task's pages take input
// from the person only (the router refuses the task's own, TaskScope.personHold).
import { EventEmitter } from 'node:events';
import { randomBytes } from 'node:crypto';
import type { HandoffEnd, RecordedPlaybook } from '../../contract/receipt.js';
import type { WaitingHandoff } from '../../contract/api.js';
import { LONGEST_TIMER_MS } from '../../contract/submissionLimits.js';
import { personHoldReason } from './personHold.js';

export interface HandoffRequest {
  task: string;
  requestId: string;
  page: number;
  targetId: string;
  reason: string;
  /** The agent's cap on the person's time, in seconds. */
  timeoutS: number;
  /** A recording hand-over (runtime/recording/): the playbook the person's flow is drafted as. */
  record?: string;
}

export interface HandoffEnding {
  ended: HandoffEnd;
  note?: string;
  /** The draft a recording hand-over's Done saved. */
  playbook?: RecordedPlaybook;
}

export interface OpenHandoff extends HandoffRequest {
  /** Unguessable, and new for every hand-over: a view left open on an old one cannot end the next. */
  readonly key: string;
  readonly since: Date;
  /** Whether the person has sent any input (a possible mutation). */
  personInput: boolean;
}

interface Entry {
  open: OpenHandoff;
  timer: NodeJS.Timeout;
  onEnd: (ending: HandoffEnding, personMs: number) => void;
  onInput: () => void;
}

/**
 * Events: 'opened' (OpenHandoff), 'ended' (OpenHandoff, HandoffEnding), 'changed' (OpenHandoff)
 * when something the view shows of an open one changed (a recording's steps, a file chooser).
 */
export class Handoffs extends EventEmitter {
  private readonly byTask = new Map<string, Entry>();

  /**
   * Opens the task's hand-over. `onEnd` is called exactly once, with how it ended and how long
   * the person had the page; `onInput` the first time the person's input reaches the page.
   */
  open(request: HandoffRequest, onEnd: Entry['onEnd'], onInput: () => void): OpenHandoff {
    this.end(request.task, { ended: 'interrupted' });
    const open: OpenHandoff = { ...request, key: randomBytes(12).toString('base64url'), since: new Date(), personInput: false };
    const timer = setTimeout(() => this.end(request.task, { ended: 'timedOut' }), Math.min(request.timeoutS * 1000, LONGEST_TIMER_MS));
    this.byTask.set(request.task, { open, timer, onEnd, onInput });
    this.emit('opened', open);
    return open;
  }

  /** The task's open hand-over, if its program waits for a person. */
  waiting(task: string): OpenHandoff | undefined {
    return this.byTask.get(task)?.open;
  }

  /** The open one with this key (what the view sends back), if it is still open. */
  withKey(task: string, key: string): OpenHandoff | undefined {
    const open = this.waiting(task);
    return open && open.key === key ? open : undefined;
  }

  /** Why the task's own input is refused now (a person works on its pages), if it is. */
  holdOf(task: string): string | undefined {
    return personHold(this.waiting(task));
  }

  all(): OpenHandoff[] {
    return [...this.byTask.values()].map(entry => entry.open);
  }

  /** The person's input reached the page: the program's receipt hears it once. */
  personInput(task: string): void {
    const entry = this.byTask.get(task);
    if (!entry || entry.open.personInput) return;
    entry.open.personInput = true;
    entry.onInput();
  }

  /** Something the view shows of the task's open hand-over changed. */
  changed(task: string): void {
    const open = this.waiting(task);
    if (open) this.emit('changed', open);
  }

  /** Ends the task's open hand-over, if any; true when this call ended it. */
  end(task: string, ending: HandoffEnding): boolean {
    const entry = this.byTask.get(task);
    if (!entry) return false;
    this.byTask.delete(task);
    clearTimeout(entry.timer);
    entry.onEnd(ending, Date.now() - entry.open.since.getTime());
    this.emit('ended', entry.open, ending);
    return true;
  }

  /** The runtime is stopping: every open hand-over ends with its run. */
  endAll(): void {
    for (const task of [...this.byTask.keys()]) this.end(task, { ended: 'interrupted' });
  }
}

/** What `tabwright tasks` and the live view show of a waiting hand-over. */
export function waitingHandoff(open: OpenHandoff): WaitingHandoff {
  return { requestId: open.requestId, reason: open.reason, page: open.page, since: open.since.toISOString(), ...(open.record !== undefined ? { record: open.record } : {}) };
}

/** Why the task's own input is refused while a person works (the router says it to every client of the task). */
export function personHold(open: OpenHandoff | undefined): string | undefined {
  return open && personHoldReason(open.reason);
}
