// The tasks: each has a queue (its programs run one at a time, in submission order), at
// most one worker, and the tabs it owns. At most `maxActive` tasks have a live worker. The table
// keeps them (names, lookup, capacity, idle stops); what happens to a program submitted to one
// is programs/programLife.ts.
import type { CommandTap } from '../../router/commandTap.js';
import { Task } from './task.js';
import { TaskStart } from './taskStart.js';
import { reopenedHints, type RecoveredTask } from '../browser/pageRecovery.js';
import { slotFor } from './taskCapacity.js';
import type { TaskEnvironment } from './taskEnvironment.js';

export { Task, type Stop } from './task.js';
export { ClosedTasks } from './closedTasks.js';

export class TaskTable {
  private readonly tasks = new Map<string, Task>();
  /** Readies a task for its next program (programLife.ts) or its endpoint (taskStart.ts). */
  readonly starts: TaskStart;

  constructor(private readonly env: TaskEnvironment) {
    this.starts = new TaskStart(env);
  }

  /** The named task, created (idle) when new. `isolated` counts only on creation. */
  taskFor(name: string, isolated: boolean): Task {
    let task = this.tasks.get(name);
    if (!task) {
      task = new Task(name, isolated, target => this.env.registry.pageOf(target), target => this.env.browsers.sessionOf(name)?.catalog.page(target)?.id);
      this.tasks.set(name, task);
      // Where a closed task of this name had its tabs (closedTasks.ts): a hint, never worth failing the program for.
      task.carry(this.closedHint(() => this.env.closedTasks.take(name)) ?? []);
    }
    return task;
  }

  /**
   * A new browser session found or reopened these tasks' tabs (pageRecovery.ts): each exists again
   * (`tasks`, `release`, `close` know it), an isolated one with its context; reopened tabs are told.
   */
  recovered(tasks: Iterable<RecoveredTask>): void {
    for (const found of tasks) {
      const task = this.taskFor(found.task, found.contextId !== undefined);
      if (found.contextId) task.setContext(found.contextId);
      task.carry(reopenedHints(found));
    }
  }

  /** Drops a closed task whose tabs were at `urls` (a later task of its name hears it); its receipts stay in the store. */
  forget(task: Task, urls: readonly string[]): void {
    if (this.tasks.get(task.name) === task) this.tasks.delete(task.name);
    this.closedHint(() => this.env.closedTasks.remember(task.name, urls));
  }

  /** A closed task's hint read or written; a database that refuses it (locked, full) costs the hint, logged. */
  private closedHint<T>(use: () => T): T | undefined {
    try {
      return use();
    } catch (error) {
      this.env.log.warn(`closed tasks' tabs (the hint for a later program in their name): ${(error as Error).message}`);
      return undefined;
    }
  }

  named(name: string): Task | undefined {
    return this.tasks.get(name);
  }

  all(): Task[] {
    return [...this.tasks.values()];
  }

  /** The network tap of a task (its journal and its mutation evidence), for the runtime's own Network sessions on its pages. */
  journalOf(name: string): CommandTap | undefined {
    return this.tasks.get(name)?.networkTraffic;
  }

  /** The task's endpoint URL, the browser launched first if need be (taskStart.ts). */
  endpointFor(task: Task): Promise<string> {
    return this.starts.endpointFor(task);
  }

  /** Whether one more task could become active (a worker taken now would be used). */
  hasFreeSlot(): boolean {
    return this.activeTasks().length < this.env.maxActive;
  }

  activeTasks(): Task[] {
    return [...this.tasks.values()].filter(t => t.active);
  }

  /** A slot for the task (taskCapacity.ts): room, the longest-idle waiting task's, or a refusal. */
  checkCapacity(name: string): void {
    const decision = slotFor(name, this.activeTasks(), this.env.maxActive, Date.now());
    if (decision.kind === 'refuse') throw decision.refusal;
    if (decision.kind === 'evict') {
      decision.task.loseState(decision.why);
      decision.task.worker?.terminate().catch(() => {});
    }
  }

  /** A task idle for `idleMs` gives its worker back (its tabs stay). */
  stopIdle(task: Task): void {
    if (task.running || task.queued || !task.worker) return;
    task.loseState();
    task.worker.terminate().catch(() => {});
  }
}
