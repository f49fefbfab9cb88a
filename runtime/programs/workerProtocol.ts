// Messages between the runtime's main thread and a task's worker.
import type { ConsoleEntry, FileReceipt, HandoffEnd, PageChange, ReceiptError, RecordedPlaybook, SiteToolCall } from '../../contract/receipt.js';
import type { MessagePort } from 'node:worker_threads';
import type { PlaybookCall } from '../playbooks/playbookProtocol.js';
import type { MutationCause } from '../mutations/mutationCause.js';
import type { ActionWindow } from '../mutations/causeList.js';
import type { CodeCacheOutcome } from '../codeCache/codeCacheName.js';

export interface WorkerStart {
  task: string;
  /** The task's endpoint URL: used when no port is given (a browser the runtime connected to). */
  endpoint: string;
  artifactsDir: string;
  /**
   * Playwright's own artifacts folder. Left to itself, connectOverCDP makes one in the system's
   * temp dir and removes it only on a clean disconnect, which a terminated worker never makes:
   * the task table gives each worker one and removes it when the worker exits.
   */
  playwrightDir: string;
  /**
   * The browser saves downloads on another machine (a remote browser): the receipt says so
   * instead of naming a local file (transport/browserFiles.ts decides).
   */
  downloadsOnBrowserHost: boolean;
}

/** A debug bundle for one program: a Playwright trace and/or a HAR, saved as the receipt's artifacts. */
/** What to record besides the receipt (run --trace, --har, --keep-secrets: their credentials kept). */
export interface DebugBundle { trace?: true; har?: true; keepSecrets?: true }

export interface PageRecord {
  id: number;
  targetId: string;
  url: string;
  title: string;
  openerId?: number;
  /** A program on it must bring it to front first: another tab may be over it (BrowserSession.needsFront). */
  needsFront?: true;
}

/** A program to run; `pages`: the task's tabs as it starts (WorkerHost.run adds them: the worker need not ask). */
export interface RunMessage { type: 'run'; requestId: string; program: string; explicitPage?: number; selectedPage?: number; maxInline: number; debug?: DebugBundle; pages: PageRecord[] }

/** main -> worker */
export type ToWorker =
  /** `port`: the router's client for this worker (transferred), instead of the endpoint URL. */
  | { type: 'assign'; start: WorkerStart; port?: MessagePort }
  | RunMessage
  | { type: 'rpcReply'; id: number; result?: unknown; error?: string; errorName?: string }
  /** The hand-over `id` ended (the main thread alone decides when): `handoff()` returns or throws. */
  /** `personInput`: whether the person's input reached the page (what the run records after it depends on it). */
  | { type: 'handoffEnded'; id: number; ended: HandoffEnd; personMs: number; personInput: boolean; note?: string; playbook?: RecordedPlaybook };

/** A program's `handoff()`: a person is asked to work on the page `targetId`. */
export interface HandoffAsk {
  /** Numbered by the worker, to match the answer. */
  id: number;
  reason: string;
  targetId: string;
  /** The agent's cap on the person's time. */
  timeoutS: number;
  /** A recording hand-over: the playbook name the person's flow is drafted as. */
  record?: string;
}

export interface ProgramOutcome {
  requestId: string;
  ok: boolean;
  result?: unknown;
  error?: ReceiptError;
  console: ConsoleEntry[];
  artifacts: FileReceipt[];
  pageChanges: PageChange[];
  selectedPage?: number;
  hints: string[];
  /** The worker lost its connection (a program closed the browser): it must not run another program. */
  workerEnding?: boolean;
}

/** A Playwright action of the program began (the name input gets), or ended. */
export type ActionReport =
  | ({ phase: 'began' } & Omit<ActionWindow, 'end' | 'completed'>)
  | { phase: 'ended'; id: number; at: number; completed: boolean };

/** A Playwright call of the program began (its public name, its line in the program), or ended (worker/program/programCalls.ts). */
export type ProgramCallReport = { phase: 'began'; id: number; name: string; line?: number; at: number } | { phase: 'ended'; id: number };

/** worker -> main */
export type FromWorker =
  | { type: 'ready' }
  | { type: 'startFailed'; message: string }
  /** How the worker's Playwright compiled: from its code caches or not (worker/playwrightInternals/codeCache.ts). */
  | { type: 'codeCache'; outcomes: CodeCacheOutcome[] }
  | { type: 'done'; outcome: ProgramOutcome }
  /** Sent as things happen, so a program that never finishes still reports what it did. */
  /** `programEnded`: the program's function returned or threw; the rest is the worker's write-up of its outcome. */
  | { type: 'progress'; requestId: string; console?: ConsoleEntry; pageChange?: PageChange; siteToolCall?: { id: number; call: SiteToolCall }; mutation?: MutationCause; action?: ActionReport; call?: ProgramCallReport; programEnded?: true }
  | { type: 'rpc'; id: number; method: 'pages' }
  | { type: 'handoff'; requestId: string; ask: HandoffAsk }
  /** The hand-over's `until` holds: the main thread ends it (unless it ended already). */
  | { type: 'handoffUntil'; requestId: string; id: number }
  | ({ type: 'rpc'; id: number } & PlaybookCall);
