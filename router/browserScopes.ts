// Browser-level sessions and the attach relay: each scope is a real browser session of its
// own; Chrome's Target events on it are shown to the client when the target is the task's,
// held while a createTarget may still claim it, and let go of otherwise.
import type { CdpEvent, CdpEventOf } from '../transport/cdpProtocol.js';
import type { BrowserScope, TargetSession } from './sessionTable.js';
import type { TargetInfo } from './ownership.js';
import { admits, DEFAULT_FILTER } from './targetFilter.js';
import { tabIdOf, tabInfoOf } from './tabTargets.js';
import type { ClientDownloads } from './clientDownloads.js';
import type { TabTargets } from './tabTargetSessions.js';
import type { EventRelay } from './eventRelay.js';
import type { ClientWire } from './clientWire.js';
import type { SessionTable } from './sessionTable.js';
import type { OwnershipRegistry } from './ownership.js';
import type { CdpConnection } from '../transport/cdpConnection.js';
import type { TaskScope } from './taskScope.js';
import type { ChildSessions } from './childSessions.js';

type AttachedEvent = CdpEventOf<'Target.attachedToTarget'>;

export class BrowserScopes {
  constructor(
    private readonly task: TaskScope,
    private readonly cdp: CdpConnection,
    private readonly registry: OwnershipRegistry,
    private readonly table: SessionTable,
    private readonly wire: ClientWire,
    private readonly events: EventRelay,
    private readonly tabs: TabTargets,
    private readonly downloads: ClientDownloads,
    private readonly children: ChildSessions,
  ) {}

  async open(clientId: string | undefined): Promise<BrowserScope> {
    const { sessionId } = await this.cdp.send('Target.attachToBrowserTarget');
    const scope: BrowserScope = {
      clientId, realId: sessionId, autoAttach: false, tabs: false, discover: false, discoverFilter: DEFAULT_FILTER,
      shown: new Map(), held: new Map(), manual: new Set(),
    };
    this.table.scopes.set(clientId, scope);
    this.cdp.listenToSession(sessionId, event => this.onEvent(scope, event));
    if (this.wire.closed) this.close(scope);
    return scope;
  }

  close(scope: BrowserScope): void {
    this.table.scopes.delete(scope.clientId);
    this.registry.starts.setHolder(this.task.name, scope, false);
    for (const session of [...this.table.sessions.values()]) if (session.scope === scope) this.events.forget(session);
    for (const tab of [...this.table.tabs.values()]) if (tab.scope === scope) this.table.tabs.delete(tab.clientId);
    this.downloads.forgetScope(scope);
    this.cdp.stopListening(scope.realId);
    // Detaching the browser session closes every real session attached through it.
    this.cdp.raw('Target.detachFromTarget', { sessionId: scope.realId }).catch(() => {});
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
    const owner = this.registry.resolve(info);
    // An iframe or worker of the task's is still held to the frame table (a frame before its first commit, a refused document).
    if (owner?.task === this.task.name && this.children.atBrowserLevel(info).kind === 'deliver') return this.deliverAttach(scope, event);
    if (!owner && info.type === 'page' && this.registry.creating) return this.hold(scope, info.targetId, event);
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
      this.cdp.raw('Runtime.runIfWaitingForDebugger', {}, realSessionId).catch(() => {});
      this.cdp.raw('Target.detachFromTarget', { sessionId: realSessionId }, scope.realId).catch(() => {});
    };
    // Not before the owner's own client has started it (router/startGate.ts).
    if (attach.params.waitingForDebugger) this.registry.starts.foreignResume(info.targetId, info.type, ownerTask, letGo);
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
    if (scope.tabs && info.type === 'page' && !scope.manual.has(info.targetId)) return this.tabs.open(scope, info, event);
    const session: TargetSession = {
      clientId: this.table.newSessionId(info.type), realId: params.sessionId, targetId: info.targetId, type: info.type,
      ...(info.browserContextId ? { contextId: info.browserContextId } : {}), scope,
    };
    this.events.track(session);
    this.wire.sendOn(scope, { method: 'Target.attachedToTarget', params: { ...params, sessionId: session.clientId } });
  }

  private onDetached(scope: BrowserScope, realId: string): void {
    const session = this.table.byReal.get(realId);
    if (session) {
      this.events.forget(session);
      this.showDetached(session);
      return;
    }
    for (const [targetId, events] of scope.held)
      if (events.some(e => e.method === 'Target.attachedToTarget' && e.params.sessionId === realId)) scope.held.delete(targetId);
    for (const tab of this.table.tabs.values())
      if (tab.scope === scope && tab.pendingAttach?.params.sessionId === realId) this.tabs.close(tab);
  }

  /** Tells the client a session of a top-level target ended (always with its targetId). */
  showDetached(session: TargetSession): void {
    if (session.tab) {
      this.wire.send({ method: 'Target.detachedFromTarget', params: { sessionId: session.clientId, targetId: session.targetId }, sessionId: session.tab.clientId });
      this.tabs.close(session.tab);
    } else if (session.scope) {
      this.wire.sendOn(session.scope, { method: 'Target.detachedFromTarget', params: { sessionId: session.clientId, targetId: session.targetId } });
    }
  }

  private onTargetInfo(scope: BrowserScope, event: CdpEventOf<'Target.targetCreated' | 'Target.targetInfoChanged'>): void {
    if (!scope.discover) return;
    const info = event.params.targetInfo;
    const owner = this.registry.resolve(info);
    if (owner?.task === this.task.name) {
      if (info.type === 'page') this.tabs.noteInfo(scope, info);
      return this.showInfo(scope, event.method, info);
    }
    if (!owner && info.type === 'page' && this.registry.creating && !scope.shown.has(info.targetId)) return this.hold(scope, info.targetId, event);
    // Shown before and no longer the task's (released): gone, as far as this client knows.
    if (scope.shown.has(info.targetId)) this.showGone(scope, info.targetId);
  }

  showInfo(scope: BrowserScope, method: string, info: TargetInfo): void {
    const filter = scope.discoverFilter;
    const created = !scope.shown.has(info.targetId);
    const shownMethod = created ? 'Target.targetCreated' : method;
    if (info.type === 'page' && admits(filter, 'tab')) this.wire.sendOn(scope, { method: shownMethod, params: { targetInfo: tabInfoOf(info) } });
    if (admits(filter, info.type)) this.wire.sendOn(scope, { method: shownMethod, params: { targetInfo: info } });
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
      this.wire.sendOn(scope, { method: event.method, params: { ...params } });
      return;
    }
    this.showGone(scope, targetId);
  }

  showGone(scope: BrowserScope, targetId: string): void {
    const type = scope.shown.get(targetId);
    scope.shown.delete(targetId);
    if (admits(scope.discoverFilter, type ?? '')) this.wire.sendOn(scope, { method: 'Target.targetDestroyed', params: { targetId } });
    if (type === 'page' && admits(scope.discoverFilter, 'tab')) this.wire.sendOn(scope, { method: 'Target.targetDestroyed', params: { targetId: tabIdOf(targetId) } });
  }
}
