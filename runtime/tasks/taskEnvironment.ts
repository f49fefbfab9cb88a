// What the task table, a program's life (programs/programLife.ts) and the start of a task's
// program need from the rest of the runtime (service.ts gives it): said apart, so that neither
// module imports the other for it.
import type { ReceiptStore } from '../receipts/receiptStore.js';
import type { ReceiptEnds } from '../receipts/receiptEnds.js';
import type { Browsers } from '../browser/browsers.js';
import type { Task } from './task.js';
import type { RouterServer } from '../../router/routerServer.js';
import type { OwnershipRegistry } from '../../router/ownership.js';
import type { UrlPolicyOptions } from '../../router/urlPolicy.js';
import type { SpareWorkers } from './spareWorkers.js';
import type { RuntimeLog } from '../runtimeLog.js';
import type { Handoffs } from '../handoff/handoffs.js';
import type { PlaybookCall } from '../playbooks/playbookProtocol.js';
import type { ClosedTasks } from './closedTasks.js';

/** What the task table and a program's life need from the rest of the runtime. */
export interface TaskEnvironment {
  store: ReceiptStore;
  /** Every write of a receipt, and who waits for one to end (receiptEnds.ts). */
  ends: ReceiptEnds;
  /** The browser sessions: the shared one launched (or connected) on a task's first need, or one per task from a service. */
  browsers: Browsers;
  /** Opens each task's scoped endpoint. */
  router: RouterServer;
  registry: OwnershipRegistry;
  endpointOptions: { urlPolicy: UrlPolicyOptions };
  artifactsDir: string;
  /** Where each worker's Playwright folder is made (StatePaths.playwright). */
  playwrightDir: string;
  workers: SpareWorkers;
  /** How long a task's worker may take to connect (and the browser to answer): transport/browserAnswer.ts. */
  answerLimitMs: number;
  maxActive: number;
  idleMs: number;
  log: RuntimeLog;
  /** Where programs' hand-overs to a person wait (the live view ends them). */
  handoffs: Handoffs;
  /** Answers a worker's playbook calls (fetch one to run, record how a run ended). */
  playbookCalls?: (call: PlaybookCall, task: string) => unknown;
  /** How many saved playbooks apply to a page's URL (a `run` receipt says so once per task and site). */
  playbooksFor?: (url: string) => number;
  /** Where closed tasks' tabs were, kept in the runtime's database: a later program in such a name hears it. */
  closedTasks: ClosedTasks;
  /** A task's worker ended (idle, evicted, timed out, crashed): a browser of its own may go back to the service. */
  workerEnded?: (task: Task) => void;
}
