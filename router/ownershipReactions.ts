// What a connection does when ownership changes: held events decided, adopted tabs
// announced, released pages and refused frames taken away from the client.
import type { Ownership, TargetInfo } from './ownership.js';
import type { BrowserScopes } from './browserScopes.js';
import type { TabTargets } from './tabTargetSessions.js';
import type { EventRelay } from './eventRelay.js';
import type { SessionTable } from './sessionTable.js';
import type { OwnershipRegistry } from './ownership.js';
import type { CdpConnection } from '../transport/cdpConnection.js';
import type { TaskScope } from './taskScope.js';

export class OwnershipReactions {
  private readonly onClaimed = (targetId: string, ownership: Ownership) => this.claimed(targetId, ownership);
  private readonly onSettled = () => this.decideHeld();
  private readonly onReleased = (targetId: string, task: string, reason: string) => {
    if (task === this.task.name) this.released(targetId, reason);
  };
  private readonly onFrameRefused = (frameId: string) => this.frameRefused(frameId);

  constructor(
    private readonly task: TaskScope,
    private readonly cdp: CdpConnection,
    private readonly registry: OwnershipRegistry,
    private readonly table: SessionTable,
    private readonly events: EventRelay,
    private readonly tabs: TabTargets,
    private readonly scopes: BrowserScopes,
  ) {}

  subscribe(): void {
    this.registry.on('claimed', this.onClaimed);
    this.registry.on('settled', this.onSettled);
    this.registry.on('released', this.onReleased);
    this.registry.on('frameRefused', this.onFrameRefused);
  }

  unsubscribe(): void {
    this.registry.off('claimed', this.onClaimed);
    this.registry.off('settled', this.onSettled);
    this.registry.off('released', this.onReleased);
    this.registry.off('frameRefused', this.onFrameRefused);
  }

  /** Held events are decided when ownership changes or no createTarget is pending any more. */
  private decideHeld(targetId?: string): void {
    for (const scope of this.table.scopes.values()) {
      for (const [heldId, events] of [...scope.held]) {
        if (targetId && heldId !== targetId) continue;
        const owner = this.registry.ownerOf(heldId);
        if (owner?.task === this.task.name) {
          scope.held.delete(heldId);
          for (const event of events) this.scopes.onEvent(scope, event);
        } else if (owner || !this.registry.creating) {
          scope.held.delete(heldId);
          for (const event of events)
            if (event.method === 'Target.attachedToTarget') this.scopes.refuseAttach(scope, event, owner?.task);
        }
      }
    }
  }

  private claimed(targetId: string, ownership: Ownership): void {
    this.decideHeld(targetId);
    if (ownership.how !== 'adopted' || ownership.task !== this.task.name) return;
    // An adopted tab already exists: nothing will auto-attach or announce it, so do it here.
    for (const scope of this.table.scopes.values()) {
      if (scope.autoAttach) this.cdp.raw('Target.attachToTarget', { targetId, flatten: true }, scope.realId).catch(() => {});
      if (scope.discover)
        void this.cdp.raw('Target.getTargetInfo', { targetId }, scope.realId).then(reply => {
          const info = reply.result?.targetInfo as TargetInfo | undefined;
          if (info && this.table.owns(targetId) && this.table.scopes.get(scope.clientId) === scope) this.scopes.showInfo(scope, 'Target.targetCreated', info);
        });
    }
  }

  /**
   * An iframe committed a document the URL policy refuses: every session this client holds on
   * it or on what lives in it (its workers, nested frames) is taken away, wherever it was
   * attached (on a page's session, or through a browser-level one); discovery shows it gone.
   */
  private frameRefused(frameId: string): void {
    for (const scope of this.table.scopes.values())
      for (const shownId of [...scope.shown.keys()]) if (this.registry.within(shownId, frameId)) this.scopes.showGone(scope, shownId);
    for (const session of [...this.table.sessions.values()]) {
      // Gone with a parent taken away before it in this loop.
      if (!this.table.sessions.has(session.clientId) || !this.registry.within(session.targetId, frameId)) continue;
      if (session.parent) {
        this.events.dropChild(session);
      } else if (session.scope) {
        this.events.forget(session);
        this.cdp.raw('Target.detachFromTarget', { sessionId: session.realId }, session.scope.realId).catch(() => {});
        this.scopes.showDetached(session);
      }
    }
  }

  /** The task lost a page while it lives on (released, refused URL): the client loses every session on it. */
  private released(targetId: string, reason: string): void {
    for (const scope of this.table.scopes.values()) {
      if (scope.held.delete(targetId)) continue;
      // A closed page ends on its own: Chrome reports the detach and the destruction.
      if (reason !== 'closed' && scope.shown.has(targetId)) this.scopes.showGone(scope, targetId);
    }
    if (reason === 'closed') return;
    for (const session of [...this.table.sessions.values()]) {
      // The page's own sessions and any opened directly on its frames or workers.
      if (!session.scope || (session.targetId !== targetId && this.registry.pageOf(session.targetId) !== targetId)) continue;
      this.events.forget(session);
      this.cdp.raw('Target.detachFromTarget', { sessionId: session.realId }, session.scope.realId).catch(() => {});
      this.scopes.showDetached(session);
    }
    for (const tab of [...this.table.tabs.values()]) {
      if (tab.pageTargetId !== targetId) continue;
      const realId = tab.pendingAttach?.params.sessionId;
      if (realId) this.cdp.raw('Target.detachFromTarget', { sessionId: realId }, tab.scope.realId).catch(() => {});
      this.tabs.close(tab);
    }
  }
}
