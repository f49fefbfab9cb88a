// Hears what every task page announces (announcementWatcher.ts), on the runtime's own CDP
// session with the page (pageSessions.ts), never a task's: nothing a program or a task's client
// sends is needed, nothing of it passes through the router, and a program stopped at its
// timeout loses nothing the page said. The watcher runs in an isolated world named here, made
// in each new document before the page's scripts run (and in the document already there); the
// binding it reports through exists in that world only, so the page cannot call it. What it
// sends is checked and cut again here: the world is ours, the text is the page's.
import type { Protocol } from 'devtools-protocol';
import type { CdpEvent } from '../../transport/cdpProtocol.js';
import type { PageSession, PageSessions } from '../browser/pageSessions.js';
import { ANNOUNCING, watchAnnouncements, type Limits } from './announcementWatcher.js';
import type { AnnouncementLog } from './announcementLog.js';

const WORLD = '__tabwright_announcements__';
const BINDING = '__tabwrightAnnounce';

export const WATCH_LIMITS: Limits = {
  binding: BINDING, selector: ANNOUNCING, maxText: 300, maxRegionText: 2000, perSecond: 20, burst: 40, maxTracked: 50,
};

/** The watcher as the page's world runs it. */
const SOURCE = `(${watchAnnouncements.toString()})(${JSON.stringify(WATCH_LIMITS)});`;

/** One message of the watcher, as it may arrive (the world is ours, but check anyway). */
type Message = { a: number; t: string; r?: number } | { g: number } | { x: number };

export interface AnnouncerTargets {
  /** The task's log, when the task exists. */
  logOf(task: string): AnnouncementLog | undefined;
  /** The page id the CLI shows for a target. */
  pageIdOf(targetId: string): number;
}

export class PageAnnouncer {
  private readonly onOpened = (session: PageSession) => void this.install(session);
  private readonly onEvent = (targetId: string, event: CdpEvent) => {
    if (event.method === 'Runtime.bindingCalled') this.heard(targetId, event.params);
  };
  /** Each watched page's task (a page session names it when it opens). */
  private readonly tasks = new Map<string, string>();
  private readonly onClosed = (targetId: string) => void this.tasks.delete(targetId);

  constructor(private readonly sessions: PageSessions, private readonly targets: AnnouncerTargets) {
    sessions.on('opened', this.onOpened);
    sessions.on('event', this.onEvent);
    sessions.on('closed', this.onClosed);
  }

  dispose(): void {
    this.sessions.off('opened', this.onOpened);
    this.sessions.off('event', this.onEvent);
    this.sessions.off('closed', this.onClosed);
  }

  /**
   * The binding first (Runtime must be on for it to exist), then the watcher for new documents
   * (Page must be on for those to run it), then the document already there. A page that went
   * away meanwhile answers errors: nothing to watch.
   */
  private async install(session: PageSession): Promise<void> {
    this.tasks.set(session.targetId, session.task);
    const send = (method: string, params: Record<string, unknown> = {}) => session.cdp.raw(method, params, session.sessionId);
    await send('Runtime.enable');
    await send('Runtime.addBinding', { name: BINDING, executionContextName: WORLD });
    await send('Page.enable');
    await send('Page.addScriptToEvaluateOnNewDocument', { source: SOURCE, worldName: WORLD });
    const tree = await send('Page.getFrameTree');
    const frameId = (tree.result as Protocol.Page.GetFrameTreeResponse | undefined)?.frameTree.frame.id;
    if (!frameId) return;
    const world = await send('Page.createIsolatedWorld', { frameId, worldName: WORLD, grantUniveralAccess: false });
    const contextId = (world.result as Protocol.Page.CreateIsolatedWorldResponse | undefined)?.executionContextId;
    if (contextId !== undefined) await send('Runtime.evaluate', { expression: SOURCE, contextId });
  }

  private heard(targetId: string, params: Protocol.Runtime.BindingCalledEvent): void {
    if (params.name !== BINDING) return;
    const task = this.tasks.get(targetId);
    const log = task === undefined ? undefined : this.targets.logOf(task);
    const message = parsed(params.payload);
    if (!log || !message) return;
    const key = (id: number) => `${targetId}:${params.executionContextId}:${id}`;
    if ('a' in message && unrendered(message.t)) return;
    if ('a' in message) log.appeared(this.targets.pageIdOf(targetId), key(message.a), cleanText(message.t), message.r === undefined ? undefined : key(message.r));
    else if ('g' in message) log.went(key(message.g));
    else log.unsent(message.x);
  }
}

function parsed(payload: string): Message | undefined {
  if (payload.length > 4 * WATCH_LIMITS.maxText) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return undefined;
  }
  if (!value || typeof value !== 'object') return undefined;
  const { a, t, r, g, x } = value as Record<string, unknown>;
  if (Number.isInteger(a) && typeof t === 'string' && t !== '') return { a: a as number, t, ...(Number.isInteger(r) ? { r: r as number } : {}) };
  if (Number.isInteger(g)) return { g: g as number };
  if (Number.isInteger(x) && (x as number) > 0) return { x: Math.min(x as number, 1_000_000) };
  return undefined;
}

/** The page's text as the receipt carries it: one line, no control characters, cut. */
function cleanText(text: string): string {
  const line = text.replace(/[\u0000-\u001f\u007f\s]+/g, ' ').trim();
  return line.length > WATCH_LIMITS.maxText ? `${line.slice(0, WATCH_LIMITS.maxText - 1)}…` : line;
}

/**
 * A framework's template before it rendered (`{{ loading ? 'Loading…' : total + ' people' }}`):
 * petite-vue and Vue mount after the page's live regions are in the document, and site 21's
 * dashboard receipt carried five such announcements. No page says `{{ … }}` to a person.
 */
function unrendered(text: string): boolean {
  return /\{\{[^{}]*\}\}/.test(text);
}
