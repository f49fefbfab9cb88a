// Who lets a new page start. A page opened by window.open is created paused when any
// session auto-attached with waitForDebuggerOnStart, and the pause is the renderer's, not a
// session's: the first Runtime.runIfWaitingForDebugger from ANY session ends it for all. The
// router lets go of another task's new page by resuming it and detaching (a bare detach
// leaves its first navigation waiting forever), so before this gate another task's client
// could start a popup before its owner's Playwright had set it up (Page.enable, init scripts,
// routes, dialogs): `window.open('').alert('x')` then blocked the renderer in the dialog
// before the owner's Page.enable was answered, and the owner never reported the popup
// (Playwright's page-event-popup "should be able to capture alert").
//
// So a foreign client's resume of a new page waits while the page's owner has a client that
// holds new pages at start, until that owner resumes it or lets go of it.

export class StartGate {
  /** task -> its browser-level scopes that auto-attach pages with waitForDebuggerOnStart. */
  private readonly holders = new Map<string, Set<object>>();
  /** page targetId -> its owner and the foreign resumes waiting for it. */
  private readonly deferred = new Map<string, { task: string; resumes: (() => void)[] }>();
  /** Pages their owner already resumed (a foreign attach may be decided after that). */
  private readonly started = new Set<string>();

  /** Records whether `scope` (a client's browser-level session) holds its task's new pages at start. */
  setHolder(task: string, scope: object, holds: boolean): void {
    let scopes = this.holders.get(task);
    if (holds) {
      if (!scopes) this.holders.set(task, scopes = new Set());
      scopes.add(scope);
    } else if (scopes?.delete(scope) && scopes.size === 0) {
      this.holders.delete(task);
      // No client of the owner is left to start its pages: the foreign clients do.
      for (const [targetId, waiting] of this.deferred) if (waiting.task === task) this.ownerStarted(targetId);
    }
  }

  /** Runs `resume` (a foreign client's resume of `targetId`) now, or once the owner has started it. */
  foreignResume(targetId: string, type: string, ownerTask: string | undefined, resume: () => void): void {
    const ownerHolds = ownerTask !== undefined && (this.holders.get(ownerTask)?.size ?? 0) > 0;
    if (type !== 'page' || !ownerHolds || this.started.has(targetId)) return resume();
    const waiting = this.deferred.get(targetId);
    if (waiting) waiting.resumes.push(resume);
    else this.deferred.set(targetId, { task: ownerTask, resumes: [resume] });
  }

  /** The owner resumed the page, or its session on it ended: every deferred resume runs. */
  ownerStarted(targetId: string): void {
    this.started.add(targetId);
    const waiting = this.deferred.get(targetId);
    this.deferred.delete(targetId);
    for (const resume of waiting?.resumes ?? []) resume();
  }

  /** The target is gone: nothing to resume any more. */
  forget(targetId: string): void {
    this.started.delete(targetId);
    this.deferred.delete(targetId);
  }

  /** The browser is gone: so is every page it had. */
  clear(): void {
    this.started.clear();
    this.deferred.clear();
  }

  /** How many pages the gate remembers (started or waited for): bounded by the pages that exist. */
  get remembered(): number {
    return this.started.size + this.deferred.size;
  }
}
