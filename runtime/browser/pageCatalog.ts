// Every tab of the browser, seen from the runtime's own root session: its URL and title,
// its stable id, and whether a task owns it. It is also the last line of complete
// mediation: whatever path a page took to a new document, Chrome reports the commit here,
// and a refused URL ends the task's hold on the tab.
import { EventEmitter } from 'node:events';
import type { CdpConnection } from '../../transport/cdpConnection.js';
import type { CdpEvent } from '../../transport/cdpProtocol.js';
import type { Ownership, OwnershipRegistry, TargetInfo } from '../../router/ownership.js';
import { checkCommittedUrl, type UrlPolicyOptions } from '../../router/urlPolicy.js';
import type { PageTable } from './pageTable.js';
import type { PageSummary } from '../../contract/receipt.js';

export interface CatalogPage extends PageSummary { targetId: string; task: string | null; openerId?: number }

/**
 * Events: 'released' (task, pageId, url, reason) when a task loses a tab because it
 * committed a refused URL; 'closed' (task, pageId) when a task's tab closed.
 */
export class PageCatalog extends EventEmitter {
  private readonly targets = new Map<string, TargetInfo>();
  /** The runtime's spare window (spareWindow.ts) while no task holds it: nobody's tab, never listed. */
  private readonly hidden = new Set<string>();

  constructor(
    private readonly cdp: CdpConnection,
    private readonly registry: OwnershipRegistry,
    private readonly table: PageTable,
    private readonly urlPolicy: UrlPolicyOptions,
  ) {
    super();
    cdp.on('event', this.onCdpEvent);
    registry.on('claimed', this.onClaimed);
    registry.on('released', this.onReleased);
    registry.on('frameCommitRefused', this.onFrameCommitRefused);
  }

  private readonly onCdpEvent = (event: CdpEvent) => this.onEvent(event);
  private readonly onClaimed = (targetId: string, ownership: Ownership) => {
    this.table.setTask(targetId, ownership.task, ownership.how, ownership.openerId);
    const info = this.targets.get(targetId);
    if (info) this.noteLocation(info);
    // A popup can commit its URL before it is claimed: its check is then here, not on an event.
    // After the other listeners of this claim, so none of them sees a claim already undone.
    queueMicrotask(() => {
      const info = this.targets.get(targetId);
      if (info && this.registry.ownerOf(targetId)?.task === ownership.task) this.recheck(info, ownership.task);
    });
  };
  private readonly onReleased = (targetId: string) => {
    if (this.targets.has(targetId)) this.table.setTask(targetId, null);
  };
  /** A frame in the page's own process committed a refused document (router/childSessions.ts): the page goes as on a refused commit. */
  private readonly onFrameCommitRefused = (targetId: string, _frameUrl: string, reason: string) => {
    const info = this.targets.get(targetId);
    const owner = this.registry.ownerOf(targetId);
    if (info && owner) this.releaseRefused(info, owner.task, reason);
  };

  /** The browser is gone: stop listening to it and to the registry (a new catalogue follows). */
  dispose(): void {
    this.cdp.off('event', this.onCdpEvent);
    this.registry.off('claimed', this.onClaimed);
    this.registry.off('released', this.onReleased);
    this.registry.off('frameCommitRefused', this.onFrameCommitRefused);
  }

  async start(): Promise<void> {
    // Frames and workers too: their parentId links tell the router which page holds them.
    await this.cdp.send('Target.setDiscoverTargets', { discover: true, filter: [{ type: 'page' }, { type: 'iframe' }, { type: 'worker' }] });
  }

  page(targetId: string): CatalogPage | undefined {
    const info = this.targets.get(targetId);
    if (!info) return undefined;
    const row = this.table.row(targetId);
    const owner = this.registry.ownerOf(targetId);
    return {
      id: this.table.idFor(targetId),
      targetId,
      url: info.url,
      title: info.title,
      task: owner?.task ?? null,
      ...(row?.openerId ? { openerId: row.openerId } : {}),
    };
  }

  all(): CatalogPage[] {
    return [...this.targets.keys()].filter(id => !this.hidden.has(id)).map(id => this.page(id)!).sort((a, b) => a.id - b.id);
  }

  /**
   * Chrome says a page's title only when it commits (Target.targetInfoChanged is not sent when
   * the <title> arrives or a script sets document.title), so a title read from events is the
   * URL the page had at commit: ask Chrome for the titles now. URLs still come from the events
   * (each commit is checked against the URL policy there).
   */
  async refreshTitles(): Promise<void> {
    const reply = await this.cdp.send('Target.getTargets').catch(() => undefined);
    for (const info of reply?.targetInfos ?? []) {
      const known = this.targets.get(info.targetId);
      if (known && info.type === 'page' && known.title !== info.title) this.targets.set(info.targetId, { ...known, title: info.title });
    }
  }

  hide(targetId: string): void {
    this.hidden.add(targetId);
  }

  unhide(targetId: string): void {
    this.hidden.delete(targetId);
  }

  ofTask(task: string): CatalogPage[] {
    return this.all().filter(p => p.task === task);
  }

  /** What Chrome last said of a tab (its context, among others). */
  targetInfo(targetId: string): TargetInfo | undefined {
    return this.targets.get(targetId);
  }

  byId(id: number): CatalogPage | undefined {
    const row = this.table.byId(id);
    return row && !this.hidden.has(row.targetId) ? this.page(row.targetId) : undefined;
  }

  private onEvent(event: CdpEvent): void {
    switch (event.method) {
      case 'Target.targetCreated':
      case 'Target.targetInfoChanged': {
        const info: TargetInfo = event.params.targetInfo;
        if (info.type !== 'page') {
          this.registry.noteTarget(info);
          return;
        }
        this.targets.set(info.targetId, info);
        this.table.idFor(info.targetId);
        // Popups are claimed here too, so ownership does not depend on a client being attached.
        const owner = this.registry.resolve(info);
        if (owner) {
          this.noteLocation(info);
          this.recheck(info, owner.task);
        }
        return;
      }
      case 'Target.targetDestroyed': {
        const targetId = event.params.targetId;
        if (!this.targets.has(targetId)) {
          this.registry.forgetTarget(targetId);
          return;
        }
        const owner = this.registry.ownerOf(targetId);
        const id = this.table.idFor(targetId);
        this.targets.delete(targetId);
        this.hidden.delete(targetId);
        this.registry.closed(targetId);
        this.table.closed(targetId);
        if (owner) this.emit('closed', owner.task, id);
        return;
      }
    }
  }

  /** Remembers where an owned tab is, so a restarted runtime can reopen it there (pageRecovery.ts). */
  private noteLocation(info: TargetInfo): void {
    const inTaskContext = info.browserContextId !== undefined && this.registry.contextOwner(info.browserContextId) !== undefined;
    this.table.noteLocation(info.targetId, info.url, inTaskContext);
  }

  /** A committed document is checked again: a refused URL releases the tab (it stays open). */
  private recheck(info: TargetInfo, task: string): void {
    const verdict = checkCommittedUrl(info.url, this.urlPolicy);
    if (!verdict.allowed) this.releaseRefused(info, task, verdict.reason);
  }

  private releaseRefused(info: TargetInfo, task: string, reason: string): void {
    const id = this.table.idFor(info.targetId);
    this.registry.release(info.targetId, reason);
    this.emit('released', task, id, info.url, reason);
  }
}
