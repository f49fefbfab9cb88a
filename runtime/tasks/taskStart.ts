// Readies a task to run its next program: the browser (launched or attached on first need, or
// the task's own from a browser service),
// the task's endpoint (and its own context when isolated), the spare window for a task with
// no tab, and a worker whose Playwright is connected. A task released or closed meanwhile is
// noticed between the steps: nothing more is opened for it, and the caller runs nothing.
import fs from 'node:fs';
import path from 'node:path';
import { WorkerStartError, type WorkerHost } from './workerHost.js';
import { pathInside } from '../../contract/fileNaming.js';
import type { BrowserSession } from '../browser/browserSession.js';
import type { Task } from './task.js';
import type { TaskEnvironment } from './taskEnvironment.js';

/** The task was released or closed while its program started: nothing ran. */
export class StartAbandoned extends Error {
  override name = 'StartAbandoned';
}

export class TaskStart {
  constructor(private readonly env: TaskEnvironment) {}

  /** The session and a ready worker for the task's next program; rejects with StartAbandoned when the task was stopped meanwhile. */
  async ready(task: Task): Promise<{ session: BrowserSession; worker: WorkerHost }> {
    const session = await this.env.browsers.ensureFor(task.name);
    try {
      this.proceed(task, session);
      const worker = await this.workerFor(task, session);
      return { session, worker };
    } catch (error) {
      // Whatever failed first, a browser that stopped answering meanwhile is why (it was dropped).
      throw session.unresponsive ?? error;
    }
  }

  /**
   * The task's endpoint URL, the browser launched first if need be. An isolated task gets its
   * own browser context on first use.
   */
  async endpointFor(task: Task): Promise<string> {
    const session = await this.env.browsers.ensureFor(task.name);
    if (task.isolated && !task.contextId) {
      const contextId = await session.createContext();
      task.setContext(contextId);
      this.env.registry.ownContext(contextId, task.name);
    }
    return this.env.router.open({
      name: task.name,
      ...this.env.endpointOptions,
      headless: session.headless,
      tap: task.traffic,
      get contextId() { return task.contextId; },
      // While a person works on the task's pages (a hand-over), its own input is refused.
      personHold: () => this.env.handoffs.holdOf(task.name),
    });
  }

  private proceed(task: Task, session: BrowserSession): void {
    if (task.stopRequested) throw new StartAbandoned(`task ${task.name} was stopped while its program started`);
    if (session.unresponsive) throw session.unresponsive;
  }

  private async workerFor(task: Task, session: BrowserSession): Promise<WorkerHost> {
    if (task.worker?.alive) return task.worker;
    const endpoint = await this.endpointFor(task);
    this.proceed(task, session);
    // A task without a tab gets the spare window before its worker connects: Playwright then
    // finds it as the task's first page instead of waiting for a new window.
    if (!task.isolated && session.catalog.ofTask(task.name).length === 0) await session.spareWindow?.giveTo(task.name);
    this.proceed(task, session);
    const worker = this.env.workers.take();
    task.attach(worker);
    const playwrightDir = fs.mkdtempSync(path.join(this.env.playwrightDir, 'worker-'));
    worker.once('exit', () => {
      fs.rm(playwrightDir, { recursive: true, force: true }, () => {});
      task.workerEnded(worker);
      // A slot may have come free: a spare is worth loading again.
      this.env.workers.prepare();
      this.env.workerEnded?.(task);
    });
    try {
      // A browser the runtime launched gets the worker on a port (no socket per message). A
      // connected one may be on another machine: Playwright is told so only over the URL
      // (files for uploads are then sent, not named by path).
      const port = session.connected ? undefined : this.env.router.connectWorker(task.name);
      await this.bounded(session, worker.assign(
        { task: task.name, endpoint, artifactsDir: pathInside(this.env.artifactsDir, task.name), playwrightDir, downloadsOnBrowserHost: !session.browser.files.here },
        port,
        () => session.catalog.ofTask(task.name).map(p => ({
          id: p.id, targetId: p.targetId, url: p.url, title: p.title, ...(p.openerId ? { openerId: p.openerId } : {}), ...(session.needsFront(p.targetId) ? { needsFront: true as const } : {}),
        })),
        this.env.playbookCalls,
      ));
      this.proceed(task, session);
    } catch (error) {
      // A worker that could not connect (or whose task was stopped meanwhile) is of no use to the next program either.
      task.detach(worker);
      worker.terminate().catch(() => {});
      throw error;
    }
    return worker;
  }

  /**
   * The worker's connection, within the answer limit. Past it, the browser is asked directly
   * (its own bounded command): unanswered, the browser is wedged (BrowserUnresponsive, and the
   * session drops it); answered, the worker itself is what did not get ready.
   */
  private bounded(session: BrowserSession, assigned: Promise<void>): Promise<void> {
    const limitMs = this.env.answerLimitMs;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<void>((_, reject) => {
      timer = setTimeout(() => {
        session.connection.send('Browser.getVersion').then(
          () => reject(new WorkerStartError(`The task's worker did not connect to its endpoint within ${limitMs / 1000} s, though the browser answers.`)),
          reject,
        );
      }, limitMs);
      timer.unref();
    });
    return Promise.race([assigned, late]).finally(() => clearTimeout(timer));
  }
}
