// A task's life (runtime/tasks/taskLife.ts) as a table: every state against every event, and the
// Task's own bookkeeping (runtime/tasks/task.ts) for the two defects the table exists for: a stop
// while a program starts, and a worker that ends between programs.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { nextState, TRANSITIONS, type TaskEvent, type TaskState } from '../runtime/tasks/taskLife.js';
import { Task, type Job } from '../runtime/tasks/task.js';
import type { WorkerHost } from '../runtime/tasks/workerHost.js';
import { observeCommand } from '../router/commandTap.js';

const STATES = Object.keys(TRANSITIONS) as TaskState[];
const EVENTS: TaskEvent[] = ['submit', 'start', 'started', 'ended', 'release', 'close'];

/** state -> event -> [next with nothing queued, next with programs queued]; '-' does not apply. */
const EXPECTED: Record<TaskState, Record<TaskEvent, [string, string]>> = {
  idle: { submit: ['queued', 'queued'], start: ['-', '-'], started: ['-', '-'], ended: ['-', '-'], release: ['released', 'released'], close: ['closed', 'closed'] },
  queued: { submit: ['queued', 'queued'], start: ['starting', 'starting'], started: ['-', '-'], ended: ['-', '-'], release: ['released', 'released'], close: ['closed', 'closed'] },
  starting: { submit: ['starting', 'starting'], start: ['-', '-'], started: ['running', 'running'], ended: ['idle', 'queued'], release: ['releasing', 'releasing'], close: ['closing', 'closing'] },
  running: { submit: ['running', 'running'], start: ['-', '-'], started: ['-', '-'], ended: ['idle', 'queued'], release: ['releasing', 'releasing'], close: ['closing', 'closing'] },
  releasing: { submit: ['releasing', 'releasing'], start: ['-', '-'], started: ['-', '-'], ended: ['released', 'queued'], release: ['releasing', 'releasing'], close: ['closing', 'closing'] },
  released: { submit: ['queued', 'queued'], start: ['-', '-'], started: ['-', '-'], ended: ['-', '-'], release: ['released', 'released'], close: ['closed', 'closed'] },
  closing: { submit: ['-', '-'], start: ['-', '-'], started: ['-', '-'], ended: ['closed', 'closed'], release: ['closing', 'closing'], close: ['closing', 'closing'] },
  closed: { submit: ['-', '-'], start: ['-', '-'], started: ['-', '-'], ended: ['-', '-'], release: ['closed', 'closed'], close: ['closed', 'closed'] },
};

const job = (requestId: string): Job => ({ receipt: { task: 't', requestId, status: 'queued', mutationState: 'none', queuedAt: '' }, program: 'return 1', timeoutS: 30, maxInline: 100 });
const fakeWorker = () => ({ alive: true }) as unknown as WorkerHost;

describe('task life', () => {
  it('the transition table, every state against every event', () => {
    for (const state of STATES) {
      for (const event of EVENTS) {
        const got = [false, true].map(queued => nextState(state, event, queued) ?? '-');
        assert.deepEqual(got, EXPECTED[state][event], `${state} --${event}-->`);
      }
    }
  });

  it('a close while the program starts: the start is refused, the queue handed back, the task closed once the start ends', async () => {
    const task = new Task('t', false, id => id);
    task.enqueue(job('r1'));
    task.enqueue(job('r2'));
    assert.equal(task.takeNext()?.receipt.requestId, 'r1');
    assert.equal(task.state, 'starting');
    const settled = task.settled();
    const queued = task.stopFor('close', { reason: 'closed', message: 'The task was closed.' });
    assert.deepEqual(queued.map(j => j.receipt.requestId), ['r2']);
    assert.equal(task.stopRequested, true);
    assert.equal(task.started(), false, 'a worker ready after the close runs nothing');
    assert.deepEqual(task.takeStop(), { reason: 'closed', message: 'The task was closed.' });
    task.ended();
    assert.equal(task.state, 'closed');
    await settled;
    assert.ok(task.accepts(), 'a closed task takes no program');
    assert.equal(task.takeNext(), undefined);
  });

  it('a release while a program runs: a program submitted meanwhile runs after it', () => {
    const task = new Task('t', false, id => id);
    task.enqueue(job('r1'));
    task.takeNext();
    assert.equal(task.started(), true);
    task.stopFor('release', { reason: 'released', message: 'The task was released.' });
    assert.equal(task.accepts(), undefined);
    task.enqueue(job('r2'));
    task.ended();
    assert.equal(task.state, 'queued');
    assert.equal(task.takeNext()?.receipt.requestId, 'r2');
  });

  it('a worker that ends between programs: the next program hears that `state` was reset', () => {
    const task = new Task('t', false, id => id);
    const worker = fakeWorker();
    task.enqueue(job('r1'));
    task.takeNext();
    task.attach(worker);
    task.started();
    task.ended();
    assert.deepEqual(task.takeStartHints(), []);
    task.workerEnded(worker);
    assert.equal(task.worker, undefined);
    assert.ok(task.takeStartHints().some(h => /`state` was reset/.test(h)));
    assert.deepEqual(task.takeStartHints(), [], 'said once');
  });

  it('a release: the next program hears that the task was released (state reset, tabs no longer its own), never that tabs were kept', () => {
    const task = new Task('t', false, id => id);
    const released = fakeWorker();
    task.attach(released);
    task.stopFor('release', { reason: 'released', message: 'The task was released.' });
    // The program in flight ends interrupted: its loseState() keeps the reason already said.
    task.loseState();
    task.workerEnded(released);
    const [hint, ...rest] = task.takeStartHints();
    assert.deepEqual(rest, []);
    assert.match(hint!, /The task was released since its last program: its worker stopped, so `state` was reset, and the tabs it had are no longer its own/);
    assert.doesNotMatch(hint!, /tabs were kept/);
    assert.deepEqual(task.takeStartHints(), [], 'said once');
  });

  it('a worker that never connected leaves no hint', () => {
    const task = new Task('t', false, id => id);
    const unconnected = fakeWorker();
    task.attach(unconnected);
    task.detach(unconnected);
    task.workerEnded(unconnected);
    assert.deepEqual(task.takeStartHints(), []);
  });
});

describe('task observation', () => {
  it('a tap that throws: the program\'s receipt gets what went unobserved (possible) and the hint, the next program does not', () => {
    const task = new Task('t', false, id => id);
    task.observe('r1');
    task.mutations.onPossible = () => { throw Object.assign(new Error('database is locked'), { name: 'SqliteError' }); };
    observeCommand(task.traffic, 'Input.dispatchMouseEvent', { type: 'mousePressed', x: 5, y: 5, button: 'left' }, 'T');
    assert.equal(task.mutations.state, 'possible');
    assert.ok(task.mutations.texts().some(t => /failed to observe Input\.dispatchMouseEvent \(SqliteError: database is locked\)/.test(t)), task.mutations.texts().join('; '));
    assert.equal(task.takeObservationGaps(), true);
    task.mutations.end();
    task.observe('r2');
    assert.equal(task.takeObservationGaps(), false);
  });
});
