// The view's one stream of server-sent events. A viewer connecting gets the whole picture
// first ('snapshot'), then every change as it happens: 'receipt' when a receipt is
// registered or written, 'tasks' when the task list differs from the last one sent,
// 'frame' for each screencast frame. Screencasts run while at least one viewer that wants
// frames is connected; a view in a hidden tab keeps a stream without them, so it still hears
// that a task asks for a person. A viewer that stops reading is closed once it falls
// MAX_VIEWER_BACKLOG behind (frames are skipped before that): what the runtime holds for one
// viewer stays bounded, and a live one reconnects and gets the whole picture again.
import type { ServerResponse } from 'node:http';
import type { Service } from '../service.js';
import type { Receipt } from '../../contract/receipt.js';
import type { Frame, Screencasts } from './screencasts.js';
import { liveViewReceipt, taskViews } from './viewModel.js';

/** Receipts per task a viewer gets on connecting; older ones are one `receipts` call away. */
const RECEIPTS_PER_TASK = 30;
/** The task list is compared this often while watched: idle stops, titles and URLs have no event here. */
const TASKS_POLL_MS = 1000;
/** Comments keep proxies and the browser from timing the stream out, and find dead viewers. */
const HEARTBEAT_MS = 20_000;
/**
 * What may wait in the runtime for one viewer before it is closed: news (receipts, task lists)
 * is never skipped, since a view that missed one would show a wrong picture, so a viewer this
 * far behind is let go instead. Far above a snapshot of many tasks' receipts, which a viewer
 * on loopback drains in moments; frames wait only while the socket's own buffer is not full.
 */
export const MAX_VIEWER_BACKLOG = 8 * 1024 * 1024;

interface Viewer {
  res: ServerResponse;
  /** Whether it is sent screencast frames (a hidden tab's view is not). */
  frames: boolean;
  /** The socket's buffer is full: frames are skipped until it drains. */
  congested: boolean;
  /**
   * Pages whose frame was skipped: each gets its latest frame once the socket drains. A page at
   * rest sends no next frame to replace a skipped one (Chrome casts what the page draws), so a
   * hand-over's still page would stay without a picture.
   */
  skipped: Set<string>;
  /** The view session it came with (viewSessions.ts): its stream ends with the session. */
  session?: string;
}

export class LiveFeed {
  private readonly viewers = new Set<Viewer>();
  private lastTasks = '';
  private tasksTimer?: NodeJS.Timeout;
  private pollTimer?: NodeJS.Timeout;
  private heartbeat?: NodeJS.Timeout;

  private readonly onSaved = (receipt: Receipt) => {
    // Called from inside the store's write: a fault here must never reach the task table.
    try {
      this.broadcast('receipt', JSON.stringify(liveViewReceipt(receipt)), false);
      this.scheduleTasks();
    } catch (error) {
      this.service.options.log.error({ err: error, part: 'view' }, `a receipt event for the live view was dropped: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  private readonly onFrame = (frame: Frame) => {
    const payload = this.framePayload(frame);
    if (payload) for (const viewer of this.viewers) if (viewer.frames) this.writeFrame(viewer, frame.targetId, payload);
  };
  private readonly onPagesChanged = () => this.scheduleTasks();
  /** A task asking for a person is news at once, not at the next poll. */
  private readonly onHandoff = () => this.scheduleTasks();

  constructor(private readonly service: Service, private readonly screencasts: Screencasts) {}

  get viewerCount(): number {
    return this.viewers.size;
  }

  /** Takes over a response for the life of the viewer's connection. */
  add(res: ServerResponse, options: { frames?: boolean; session?: string } = {}): void {
    const frames = options.frames ?? true;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    const viewer: Viewer = { res, frames, congested: false, skipped: new Set(), ...(options.session !== undefined ? { session: options.session } : {}) };
    if (this.viewers.size === 0) this.listen();
    this.viewers.add(viewer);
    const unwatch = frames ? this.screencasts.watch() : () => {};
    res.on('drain', () => this.drained(viewer));
    res.on('close', () => {
      this.viewers.delete(viewer);
      unwatch();
      if (this.viewers.size === 0) this.unlisten();
    });
    this.write(viewer, 'snapshot', JSON.stringify(this.snapshot()), false);
    if (frames) for (const frame of this.screencasts.latest.values()) {
      const payload = this.framePayload(frame);
      if (payload) this.writeFrame(viewer, frame.targetId, payload);
    }
  }

  /** A frame for the viewer, or, while its socket is full, a note to send the page's latest once it drains. */
  private writeFrame(viewer: Viewer, targetId: string, payload: string): void {
    if (viewer.congested) {
      viewer.skipped.add(targetId);
      return;
    }
    viewer.skipped.delete(targetId);
    this.write(viewer, 'frame', payload, true);
  }

  /** The viewer's socket took what waited: the pages whose frames it missed meanwhile, at their latest. */
  private drained(viewer: Viewer): void {
    viewer.congested = false;
    for (const targetId of [...viewer.skipped]) {
      const frame = this.screencasts.latest.get(targetId);
      const payload = frame && this.framePayload(frame);
      if (payload) this.writeFrame(viewer, targetId, payload);
      else viewer.skipped.delete(targetId);
    }
  }

  /** A frame under the page id the view knows; none for a page no task owns any more. */
  private framePayload(frame: Frame): string | undefined {
    const page = this.service.pageByTarget(frame.targetId);
    if (!page?.task) return undefined;
    return JSON.stringify({ page: page.id, task: page.task, width: frame.width, height: frame.height, data: frame.data });
  }

  private snapshot(): object {
    const tasks = taskViews(this.service);
    this.lastTasks = JSON.stringify(tasks);
    const receipts: Record<string, unknown[]> = {};
    for (const task of tasks) receipts[task.name] = this.service.store.list(task.name, RECEIPTS_PER_TASK).map(liveViewReceipt);
    const options = this.service.options;
    return {
      runtime: { version: options.version, pid: process.pid, home: this.service.paths.home, startedAt: this.service.startedAt.toISOString(), maxTasks: options.maxTasks },
      tasks,
      receipts,
    };
  }

  private listen(): void {
    this.service.store.on('saved', this.onSaved);
    this.screencasts.on('frame', this.onFrame);
    this.service.pageSessions.on('opened', this.onPagesChanged);
    this.service.pageSessions.on('closed', this.onPagesChanged);
    this.service.handoffs.on('opened', this.onHandoff);
    this.service.handoffs.on('ended', this.onHandoff);
    this.service.handoffs.on('changed', this.onHandoff);
    this.pollTimer = setInterval(() => this.sendTasksIfChanged(), TASKS_POLL_MS);
    this.heartbeat = setInterval(() => this.broadcast('', '', true), HEARTBEAT_MS);
  }

  private unlisten(): void {
    this.service.store.off('saved', this.onSaved);
    this.screencasts.off('frame', this.onFrame);
    this.service.pageSessions.off('opened', this.onPagesChanged);
    this.service.pageSessions.off('closed', this.onPagesChanged);
    this.service.handoffs.off('opened', this.onHandoff);
    this.service.handoffs.off('ended', this.onHandoff);
    this.service.handoffs.off('changed', this.onHandoff);
    clearInterval(this.pollTimer);
    clearInterval(this.heartbeat);
    clearTimeout(this.tasksTimer);
    this.tasksTimer = undefined;
  }

  /** Receipts come in bursts (registered, running, finished): one task list for the burst. */
  private scheduleTasks(): void {
    this.tasksTimer ??= setTimeout(() => {
      this.tasksTimer = undefined;
      this.sendTasksIfChanged();
    }, 50);
  }

  private sendTasksIfChanged(): void {
    const text = JSON.stringify(taskViews(this.service));
    if (text === this.lastTasks) return;
    this.lastTasks = text;
    this.broadcast('tasks', text, false);
  }

  private broadcast(event: string, data: string, droppable: boolean): void {
    for (const viewer of this.viewers) this.write(viewer, event, data, droppable);
  }

  private write(viewer: Viewer, event: string, data: string, droppable: boolean): void {
    if (viewer.res.destroyed || (droppable && viewer.congested)) return;
    const backlog = viewer.res.writableLength;
    if (!droppable && backlog > MAX_VIEWER_BACKLOG) {
      // Its EventSource reconnects if it is alive, and the snapshot it gets then holds this news.
      this.service.options.log.warn({ part: 'view' }, `the live view closed a viewer that fell ${Math.round(backlog / 1024 / 1024)} MiB behind (it stopped reading); a view that is still open reconnects`);
      viewer.res.destroy();
      return;
    }
    // An empty event is a heartbeat comment. JSON has no raw newlines, so one data line suffices.
    const chunk = event === '' ? ': ping\n\n' : `event: ${event}\ndata: ${data}\n\n`;
    try {
      if (!viewer.res.write(chunk)) viewer.congested = true;
    } catch {
      viewer.res.destroy();
    }
  }

  /** Ends the streams of a session that was ended (a one-time link used twice). */
  closeSession(session: string): void {
    for (const viewer of this.viewers) if (viewer.session === session) viewer.res.destroy();
  }

  /** Ends every viewer's stream (the view server is closing). */
  closeAll(): void {
    for (const viewer of this.viewers) viewer.res.end();
  }
}
