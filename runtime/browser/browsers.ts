// What the runtime holds for "the browser", said once for its two shapes: one session every task
// shares (a browser the runtime launched, or one it connected to: browserKeeper.ts), or a
// session per task from a browser service (`runtime start --browser-service`: taskBrowsers.ts),
// each task's tabs in a browser of its own. The task table, the start of a program, the router's
// upstream and the page listings ask through this, never for "the" session.
import type { EventEmitter } from 'node:events';
import type { BrowserSession } from './browserSession.js';
import type { CatalogPage } from './pageCatalog.js';

/**
 * Events: 'launched' (session) once a new session is up (its tabs found or reopened), before
 * anyone is handed it; 'lost' (session) when a session ended by itself (the browser exited, the
 * link dropped, the service ended it), never for one the runtime closed or gave back.
 */
export interface Browsers extends EventEmitter {
  /** True when each task has a browser of its own (a browser service). */
  readonly perTask: boolean;
  /** Readies what `runtime start` must prove before it answers: the browser connected, or the service answering. */
  start(): Promise<void>;
  /** The session a task's programs run on: opened (launched, connected, taken from the service) when there is none. */
  ensureFor(task: string): Promise<BrowserSession>;
  /** The session holding the task's pages, if one is open (nothing is opened). */
  sessionOf(task: string): BrowserSession | undefined;
  /** The one session every task shares, when up; undefined with a browser per task. */
  readonly current: BrowserSession | undefined;
  /** Every open session. */
  sessions(): BrowserSession[];
  /**
   * The task needs no browser now (its worker stopped while no program is in flight, or it was
   * released or closed): a browser of its own goes back to the service, its tabs' last URLs kept
   * for the next one. A shared browser stays.
   */
  giveBack(task: string): Promise<void>;
  /** Kills a browser the runtime launched, at once (the runtime's hard exit); a connected one is left alone. */
  kill(): void;
  close(): Promise<void>;
}

/** Pages across every open session: ids come from one page table, so they never collide. */
export function pagesOf(browsers: Browsers): CatalogPage[] {
  return browsers.sessions().flatMap(session => session.catalog.all()).sort((a, b) => a.id - b.id);
}
