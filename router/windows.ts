// Windows of the task's targets: known once asked for (Browser.getWindowForTarget), and
// resizable only when they hold the task's own context, never the user's tabs.
import type { Reply, Respond } from './clientWire.js';
import { refused } from './protocolErrors.js';
import type { ClientWire } from './clientWire.js';
import type { SessionTable } from './sessionTable.js';
import { HEADLESS_WINDOW } from '../transport/browserProcess.js';

/**
 * How every task page opens, created by a task or reopened after a restart: in a window of its
 * own. A tab behind another tab in one window is hidden and renders no frames: screenshots hang
 * and every actionability check waits for an animation frame (2 s a click). Headed, the window
 * opens without being activated, so the user's tab stays in front. Headless, it is sized as a
 * launched browser's windows are (HEADLESS_WINDOW), a connected one's too (Browserless opens
 * 800×600); headed, a window's size is the person's.
 */
export function ownWindow(headless: boolean): { newWindow: true; background?: true; width?: number; height?: number } {
  return headless ? { newWindow: true, ...HEADLESS_WINDOW } : { newWindow: true, background: true };
}

export class Windows {
  /** Windows of owned targets; true when the task may resize it (a window of its own context). */
  private readonly byId = new Map<number, boolean>();

  constructor(
    private readonly table: SessionTable,
    private readonly wire: ClientWire,
  ) {}

  /** Records the window of an owned target; it may be resized only when it is of the task's own context. */
  noteWindow(reply: Reply, targetId: string): Reply {
    const windowId = reply.result?.windowId;
    if (typeof windowId === 'number') {
      const contextId = [...this.table.sessions.values()].find(s => s.targetId === targetId)?.contextId;
      // By the page's own context when a session of this client knows it (an isolated task's pages are all in its context).
      const own = contextId !== undefined ? this.table.isOwnContext(contextId) : this.table.isolated;
      this.byId.set(windowId, own || this.byId.get(windowId) === true);
    }
    return reply;
  }

  command(method: string, params: Record<string, unknown>, realSessionId: string, respond: Respond): void {
    const windowId = params.windowId as number;
    if (!this.byId.has(windowId)) return respond({ error: { code: -32000, message: 'Browser window not found' } });
    if (method === 'Browser.setWindowBounds' && !this.byId.get(windowId))
      return respond({ error: refused('the window holds the user\'s tabs (shared profile); a task may not move or resize it') });
    this.wire.forward(method, params, realSessionId, respond);
  }
}
