// Which window each tab of a browser the runtime launched headless is in, so a program's page is
// brought to front only when another tab could be over it.
//
// Headless, a tab is hidden (renders no frames, so every action would wait for one) only while
// another tab of its window is the active one; a window's only tab is its active tab. Every tab
// the router or the runtime opens gets a window of its own, and so do a page's popups and
// target=_blank links here, but the proof is not left to that: each page target's window is
// asked of Chrome once, as Chrome reports the target (off any program's path), and a tab counts
// as alone only while every page target of the browser has a known window and none other has
// its window. A launched browser has no other client than the runtime, so it hears of every tab.
// Minimizing a window does not hide its tab headless (measured with Chromium 156 and its
// headless shell), and bringToFront would not restore it either.
import type { CdpConnection } from '../../transport/cdpConnection.js';
import type { CdpEvent } from '../../transport/cdpProtocol.js';

/** A page target's window: its id, or not known (asked and not answered yet, or the question failed). */
type WindowOf = { known: true; windowId: number } | { known: false };

export class PageWindows {
  private readonly windows = new Map<string, WindowOf>();
  /** The questions not answered yet. */
  private readonly asking = new Set<Promise<void>>();

  constructor(private readonly cdp: CdpConnection) {
    cdp.on('event', this.onEvent);
  }

  dispose(): void {
    this.cdp.off('event', this.onEvent);
  }

  /**
   * Whether the tab is the only tab of its window, as far as Chrome has said: false while any
   * page target's window is unknown (one opened just now may share it).
   */
  alone(targetId: string): boolean {
    const own = this.windows.get(targetId);
    if (!own?.known) return false;
    for (const [other, window] of this.windows) {
      if (other === targetId) continue;
      if (!window.known || window.windowId === own.windowId) return false;
    }
    return true;
  }

  /** Resolves once every question asked so far has its answer (or failed). */
  async answered(): Promise<void> {
    await Promise.all([...this.asking]);
  }

  private readonly onEvent = (event: CdpEvent): void => {
    if (event.method === 'Target.targetCreated' && event.params.targetInfo.type === 'page') this.ask(event.params.targetInfo.targetId);
    else if (event.method === 'Target.targetDestroyed') this.windows.delete(event.params.targetId);
  };

  private ask(targetId: string): void {
    const asking: WindowOf = { known: false };
    this.windows.set(targetId, asking);
    const question = this.cdp.send('Browser.getWindowForTarget', { targetId }).then(
      ({ windowId }) => {
        // Gone meanwhile (destroyed, or created again under the same id): not this answer's to set.
        if (this.windows.get(targetId) === asking) this.windows.set(targetId, { known: true, windowId });
      },
      // Stays unknown while the target lives: no tab is taken for alone meanwhile.
      () => {},
    ).finally(() => this.asking.delete(question));
    this.asking.add(question);
  }
}
