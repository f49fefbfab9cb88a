// Browser-level sessions and the attach relay: each scope is a real browser session of its
// own; Chrome's Target events on it are shown to the client when the target is the task's,
// held while a createTarget may still claim it, and let go of otherwise.
import type { CdpEvent, CdpEventOf } from '../transport/cdpProtocol.js';
import type { ConnectionParts } from './connectionParts.js';
import type { BrowserScope, TargetSession } from './sessionTable.js';
import type { TargetInfo } from './ownership.js';
import { admits, DEFAULT_FILTER } from './targetFilter.js';
import { tabIdOf, tabInfoOf } from './tabTargets.js';

type AttachedEvent = CdpEventOf<'Target.attachedToTarget'>;

export class BrowserScopes {
  constructor(private readonly c: ConnectionParts) {}

  async open(clientId: string | undefined): Promise<BrowserScope> {
    const { sessionId } = await this.c.cdp.send('Target.attachToBrowserTarget');
    const scope: BrowserScope = {
      clientId, realId: sessionId, autoAttach: false, tabs: false, discover: false, discoverFilter: DEFAULT_FILTER,
      shown: new Map(), held: new Map(), manual: new Set(),
    };
    this.c.table.scopes.set(clientId, scope);
    this.c.cdp.listenToSession(sessionId, event => this.onEvent(scope, event));
    if (this.c.wire.closed) this.close(scope);
    return scope;
  }

  close(scope: BrowserScope): void {
    this.c.table.scopes.delete(scope.clientId);
    this.c.registry.starts.setHolder(this.c.task.name, scope, false);
    for (const session of [...this.c.table.sessions.values()]) if (session.scope === scope) this.c.events.forget(session);
    for (const tab of [...this.c.table.tabs.values()]) if (tab.scope === scope) this.c.table.tabs.delete(tab.clientId);
    this.c.downloads.forgetScope(scope);
    this.c.cdp.stopListening(scope.realId);
    // Detaching the browser session closes every real session attached through it.
    this.c.cdp.raw('Target.detachFromTarget', { sessionId: scope.realId }).catch(() => {});
  }

  onEvent(scope: BrowserScope, event: CdpEvent): void {
    switch (event.method) {
      case 'Target.attachedToTarget':
        return this.onAttached(scope, event);
      case 'Target.detachedFromTarget':
        return this.onDetached(scope, event.params.sessionId);
      case 'Target.targetCreated':
      case 'Target.targetInfoChanged':
        return this.onTargetInfo(scope, event);
      case 'Target.targetDestroyed':
      case 'Target.targetCrashed':
        return this.onTargetGone(scope, event);
      default:
        return;
    }
  }

  private onAttached(scope: BrowserScope, event: AttachedEvent): void {
    const info = event.params.targetInfo;
    const owner = this.c.registry.resolve(info);
    if (owner?.task === this.c.task.name) return this.deliverAttach(scope, event);
    if (!owner && info.type === 'page' && this.c.registry.creating) return this.hold(scope, info.targetId, event);
    this.refuseAttach(scope, event, owner?.task);
  }

  /**
   * Lets go of a target that is not the task's. It is resumed first: a popup's first
   * navigation waits in the renderer for every session that auto-attached with
   * waitForDebuggerOnStart, and a bare detach leaves it waiting forever. The owner's own
   * session still holds it until the owner resumes.
   */
  refuseAttach(scope: BrowserScope, attach: AttachedEvent, ownerTask: string | undefined): void {
    const realSessionId = attach.params.sessionId;
    const info = attach.params.targetInfo;
    const letGo = () => {
      this.c.cdp.raw('Runtime.runIfWaitingForDebugger', {}, realSessionId).catch(() => {});
      this.c.cdp.raw('Target.detachFromTarget', { sessionId: realSessionId }, scope.realId).catch(() => {});
    };
    // Not before the owner's own client has started it (router/startGate.ts).
    if (attach.params.waitingForDebugger) this.c.registry.starts.foreignResume(info.targetId, info.type, ownerTask, letGo);
    else letGo();
  }

  private hold(scope: BrowserScope, targetId: string, event: CdpEvent): void {
    const events = scope.held.get(targetId);
    if (events) events.push(event);
    else scope.held.set(targetId, [event]);
  }

  private deliverAttach(scope: BrowserScope, event: AttachedEvent): void {
    const params = event.params;
    const info = params.targetInfo;
    if (scope.tabs && info.type === 'page' && !scope.manual.has(info.targetId)) return this.c.tabs.open(scope, info, event);
    const session: TargetSession = {
      clientId: this.c.table.newSessionId(info.type), realId: params.sessionId, targetId: info.targetId, type: info.type,
      ...(info.browserContextId ? { contextId: info.browserContextId } : {}), scope,
    };
    this.c.events.track(session);
    this.c.wire.sendOn(scope, { method: 'Target.attachedToTarget', params: { ...params, sessionId: session.clientId } });
  }

  private onDetached(scope: BrowserScope, realId: string): void {
    const session = this.c.table.byReal.get(realId);
    if (session) {
      this.c.events.forget(session);
      this.showDetached(session);
      return;
    }
    for (const [targetId, events] of scope.held)
      if (events.some(e => e.method === 'Target.attachedToTarget' && e.params.sessionId === realId)) scope.held.delete(targetId);
    for (const tab of this.c.table.tabs.values())
      if (tab.scope === scope && tab.pendingAttach?.params.sessionId === realId) this.c.tabs.close(tab);
  }

  /** Tells the client a session of a top-level target ended (always with its targetId). */
  showDetached(session: TargetSession): void {
    if (session.tab) {
      this.c.wire.send({ method: 'Target.detachedFromTarget', params: { sessionId: session.clientId, targetId: session.targetId }, sessionId: session.tab.clientId });
      this.c.tabs.close(session.tab);
    } else if (session.scope) {
      this.c.wire.sendOn(session.scope, { method: 'Target.detachedFromTarget', params: { sessionId: session.clientId, targetId: session.targetId } });
    }
  }

  private onTargetInfo(scope: BrowserScope, event: CdpEventOf<'Target.targetCreated' | 'Target.targetInfoChanged'>): void {
    if (!scope.discover) return;
    const info = event.params.targetInfo;
    const owner = this.c.registry.resolve(info);
    if (owner?.task === this.c.task.name) {
      if (info.type === 'page') this.c.tabs.noteInfo(scope, info);
      return this.showInfo(scope, event.method, info);
    }
    if (!owner && info.type === 'page' && this.c.registry.creating && !scope.shown.has(info.targetId)) return this.hold(scope, info.targetId, event);
    // Shown before and no longer the task's (released): gone, as far as this client knows.
    if (scope.shown.has(info.targetId)) this.showGone(scope, info.targetId);
  }

  showInfo(scope: BrowserScope, method: string, info: TargetInfo): void {
    const filter = scope.discoverFilter;
    const created = !scope.shown.has(info.targetId);
    const shownMethod = created ? 'Target.targetCreated' : method;
    if (info.type === 'page' && admits(filter, 'tab')) this.c.wire.sendOn(scope, { method: shownMethod, params: { targetInfo: tabInfoOf(info) } });
    if (admits(filter, info.type)) this.c.wire.sendOn(scope, { method: shownMethod, params: { targetInfo: info } });
    scope.shown.set(info.targetId, info.type);
  }

  private onTargetGone(scope: BrowserScope, event: CdpEventOf<'Target.targetDestroyed' | 'Target.targetCrashed'>): void {
    const params = event.params;
    const targetId = params.targetId;
    if (scope.held.has(targetId)) {
      scope.held.delete(targetId);
      return;
    }
    if (!scope.shown.has(targetId)) return;
    if (event.method === 'Target.targetCrashed') {
      this.c.wire.sendOn(scope, { method: event.method, params: { ...params } });
      return;
    }
    this.showGone(scope, targetId);
  }

  showGone(scope: BrowserScope, targetId: string): void {
    const type = scope.shown.get(targetId);
    scope.shown.delete(targetId);
    if (admits(scope.discoverFilter, type ?? '')) this.c.wire.sendOn(scope, { method: 'Target.targetDestroyed', params: { targetId } });
    if (type === 'page' && admits(scope.discoverFilter, 'tab')) this.c.wire.sendOn(scope, { method: 'Target.targetDestroyed', params: { targetId: tabIdOf(targetId) } });
  }
}
