// What the live view shows, as plain JSON: the tasks with their pages, and receipts trimmed
// for a timeline (a large result is previewed; the whole receipt is one request away).
import type { Service } from '../service.js';
import type { Receipt } from '../../contract/receipt.js';
import type { OpenHandoff } from '../handoff/handoffs.js';
import type { RecordingView } from '../recording/recordings.js';
import type { OpenDialog } from '../handoff/pageAsks.js';

export type WorkerState = 'running' | 'ready' | 'none';

export interface TaskView {
  name: string;
  state: 'active' | 'idle';
  isolated: boolean;
  /** running: a program runs; ready: a live worker waits; none: no worker (the next program starts one). */
  worker: WorkerState;
  running: string | null;
  queued: number;
  lastActivity: number;
  selectedPage: number | null;
  pages: { id: number; url: string; title: string }[];
  /** The program waits for a person: what to do, on which page; `key` goes back with the person's input and Done. */
  handoff?: HandoffView;
}

export interface HandoffView {
  key: string; requestId: string; reason: string; page: number; since: string; timeoutS: number;
  /** A recording hand-over: the steps written so far (runtime/recording/). */
  recording?: RecordingView;
  /** The page asks the person for a file, or shows a dialog (runtime/handoff/pageAsks.ts). */
  fileChooser?: { page: number; multiple: boolean };
  dialog?: OpenDialog;
}

export function taskViews(service: Service): TaskView[] {
  return service.tasks.all().map((task): TaskView => {
    const handoff = service.handoffs.waiting(task.name);
    return {
      name: task.name,
      state: task.active ? 'active' : 'idle',
      isolated: task.isolated,
      worker: task.running ? 'running' : task.worker?.alive ? 'ready' : 'none',
      running: task.running?.receipt.requestId ?? null,
      queued: task.queued,
      lastActivity: task.lastActivity,
      selectedPage: task.selectedPage ?? null,
      pages: service.pages({ task: task.name }).map(p => ({ id: p.id, url: p.url, title: p.title })),
      ...(handoff ? { handoff: handoffView(service, handoff) } : {}),
    };
  }).sort((a, b) => a.name.localeCompare(b.name));
}

function handoffView(service: Service, open: OpenHandoff): HandoffView {
  const recording = service.recordings.viewOf(open.task);
  const fileChooser = service.pageAsks.chooserOf(open.task);
  const dialog = service.pageAsks.dialogOf(open.task);
  return {
    key: open.key, requestId: open.requestId, reason: open.reason, page: open.page, since: open.since.toISOString(), timeoutS: open.timeoutS,
    ...(recording ? { recording } : {}), ...(fileChooser ? { fileChooser } : {}), ...(dialog ? { dialog } : {}),
  };
}

/** Past this, a result is shown as a preview; the view fetches the whole receipt on demand. */
const RESULT_PREVIEW_CHARS = 2000;

export type LiveViewReceipt = Receipt & { resultPreview?: string; resultChars?: number };

export function liveViewReceipt(receipt: Receipt): LiveViewReceipt {
  if (receipt.result === undefined) return { ...receipt };
  const text = JSON.stringify(receipt.result, null, 2) ?? String(receipt.result);
  if (text.length <= RESULT_PREVIEW_CHARS) return { ...receipt };
  const { result: _whole, ...rest } = receipt;
  return { ...rest, resultPreview: text.slice(0, RESULT_PREVIEW_CHARS), resultChars: text.length };
}
