// What a connection does when ownership changes: held events decided, adopted tabs
// announced, released pages taken away from the client.
import type { ConnectionParts } from './connectionParts.js';
import type { Ownership, TargetInfo } from './ownership.js';

export class OwnershipReactions {
  private readonly onClaimed = (targetId: string, ownership: Ownership) => this.claimed(targetId, ownership);
  private readonly onSettled = () => this.decideHeld();
  private readonly onReleased = (targetId: string, task: string, reason: string) => {
    if (task === this.c.task.name) this.released(targetId, reason);
  };

  constructor(private readonly c: ConnectionParts) {}

  subscribe(): void {
    this.c.registry.on('claimed', this.onClaimed);
    this.c.registry.on('settled', this.onSettled);
    this.c.registry.on('released', this.onReleased);
  }

  unsubscribe(): void {
    this.c.registry.off('claimed', this.onClaimed);
    this.c.registry.off('settled', this.onSettled);
    this.c.registry.off('released', this.onReleased);
  }

  /** Held events are decided when ownership changes or no createTarget is pending any more. */
  private decideHeld(targetId?: string): void {
    for (const scope of this.c.table.scopes.values()) {
      for (const [heldId, events] of [...scope.held]) {
        if (targetId && heldId !== targetId) continue;
        const owner = this.c.registry.ownerOf(heldId);
        if (owner?.task === this.c.task.name) {
          scope.held.delete(heldId);
          for (const event of events) this.c.scopes.onEvent(scope, event);
        } else if (owner || !this.c.registry.creating) {
          scope.held.delete(heldId);
          for (const event of events)
            if (event.method === 'Target.attachedToTarget') this.c.scopes.refuseAttach(scope, event, owner?.task);
        }
      }
    }
  }

  private claimed(targetId: string, ownership: Ownership): void {
    this.decideHeld(targetId);
    if (ownership.how !== 'adopted' || ownership.task !== this.c.task.name) return;
    // An adopted tab already exists: nothing will auto-attach or announce it, so do it here.
    for (const scope of this.c.table.scopes.values()) {
      if (scope.autoAttach) this.c.cdp.raw('Target.attachToTarget', { targetId, flatten: true }, scope.realId).catch(() => {});
      if (scope.discover)
        void this.c.cdp.raw('Target.getTargetInfo', { targetId }, scope.realId).then(reply => {
          const info = reply.result?.targetInfo as TargetInfo | undefined;
          if (info && this.c.table.owns(targetId) && this.c.table.scopes.get(scope.clientId) === scope) this.c.scopes.showInfo(scope, 'Target.targetCreated', info);
        });
    }
  }

  /** The task lost a page while it lives on (released, refused URL): the client loses every session on it. */
  private released(targetId: string, reason: string): void {
    for (const scope of this.c.table.scopes.values()) {
      if (scope.held.delete(targetId)) continue;
      // A closed page ends on its own: Chrome reports the detach and the destruction.
      if (reason !== 'closed' && scope.shown.has(targetId)) this.c.scopes.showGone(scope, targetId);
    }
    if (reason === 'closed') return;
    for (const session of [...this.c.table.sessions.values()]) {
      // The page's own sessions and any opened directly on its frames or workers.
      if (!session.scope || (session.targetId !== targetId && this.c.registry.pageOf(session.targetId) !== targetId)) continue;
      this.c.events.forget(session);
      this.c.cdp.raw('Target.detachFromTarget', { sessionId: session.realId }, session.scope.realId).catch(() => {});
      this.c.scopes.showDetached(session);
    }
    for (const tab of [...this.c.table.tabs.values()]) {
      if (tab.pageTargetId !== targetId) continue;
      const realId = tab.pendingAttach?.params.sessionId;
      if (realId) this.c.cdp.raw('Target.detachFromTarget', { sessionId: realId }, tab.scope.realId).catch(() => {});
      this.c.tabs.close(tab);
    }
  }
}
