// A task's life as one state machine: every change of what a task is doing goes through
// `TRANSITIONS`, a pure table, so "close while it starts" or "a run that ends after a release"
// has one written answer instead of flags read in four files.
//
//   idle ──submit──► queued ──start──► starting ──started──► running
//    ▲                 ▲                  │ ended               │ ended
//    └──(queue empty)──┴──(more queued)───┴─────────────────────┘
//   release/close with a program in flight ──► releasing/closing ──ended──► released/closed
//   release/close with nothing in flight ────► released/closed
//
// A program in flight (starting or running) always ends with `ended`; a start that finds its
// task releasing or closing is refused (`started` does not apply) and ends without running.
// Closing and closed refuse submissions: the task table forgets a closed task, and the same
// name is a new task after that.

export type TaskState = 'idle' | 'queued' | 'starting' | 'running' | 'releasing' | 'released' | 'closing' | 'closed';

export type TaskEvent =
  /** A program was queued. */
  | 'submit'
  /** A program's life took the next program: browser, endpoint and worker are being readied. */
  | 'start'
  /** The worker is ready: the program is handed to it. */
  | 'started'
  /** The program in flight has its final receipt (it ran, failed to start, or was stopped). */
  | 'ended'
  /** `tabwright release`: the worker stops, the tabs are given up. */
  | 'release'
  /** `tabwright close`, or the runtime stopping: the worker stops, nothing more runs. */
  | 'close';

/** The next state, given whether programs are still queued; absent: the event does not apply. */
type Next = TaskState | ((queued: boolean) => TaskState);

const afterRun = (queued: boolean): TaskState => (queued ? 'queued' : 'idle');

export const TRANSITIONS: Readonly<Record<TaskState, Partial<Record<TaskEvent, Next>>>> = {
  idle: { submit: 'queued', release: 'released', close: 'closed' },
  queued: { submit: 'queued', start: 'starting', release: 'released', close: 'closed' },
  starting: { submit: 'starting', started: 'running', ended: afterRun, release: 'releasing', close: 'closing' },
  running: { submit: 'running', ended: afterRun, release: 'releasing', close: 'closing' },
  // A program submitted after the release was asked for runs once the stopped one has ended.
  releasing: { submit: 'releasing', ended: queued => (queued ? 'queued' : 'released'), release: 'releasing', close: 'closing' },
  released: { submit: 'queued', release: 'released', close: 'closed' },
  closing: { ended: 'closed', release: 'closing', close: 'closing' },
  closed: { release: 'closed', close: 'closed' },
};

/** The state after `event`, or undefined when the event does not apply in `state`. */
export function nextState(state: TaskState, event: TaskEvent, queued: boolean): TaskState | undefined {
  const next = TRANSITIONS[state][event];
  return typeof next === 'function' ? next(queued) : next;
}

/** A program is starting or running. */
export function inFlight(state: TaskState): boolean {
  return state === 'starting' || state === 'running' || state === 'releasing' || state === 'closing';
}

/** The task was told to stop (release or close) and has not yet been given a new program since. */
export function stopping(state: TaskState): boolean {
  return state === 'releasing' || state === 'closing' || state === 'closed';
}
