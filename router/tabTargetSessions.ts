// Synthetic tab targets for tab-attaching clients (Puppeteer): each owned page is shown as
// a tab (ids from tabTargets.ts) whose own auto-attach delivers the real page session.
import type { CdpEventOf } from '../transport/cdpProtocol.js';
import type { Reply } from './clientWire.js';
import type { BrowserScope, TabSession, TargetSession } from './sessionTable.js';
import type { TargetInfo } from './ownership.js';
import { tabInfoOf } from './tabTargets.js';
import { NO_SESSION_TO_DETACH, notAvailable } from './protocolErrors.js';
import type { EventRelay } from './eventRelay.js';
import type { ClientWire } from './clientWire.js';
import type { SessionTable } from './sessionTable.js';
import type { CdpConnection } from '../transport/cdpConnection.js';

export class TabTargets {
  constructor(
    private readonly cdp: CdpConnection,
    private readonly table: SessionTable,
    private readonly wire: ClientWire,
    private readonly events: EventRelay,
  ) {}

  /** Shows an auto-attached page to a tab-attaching client as a tab; the page attach waits for the tab's auto-attach. */
  open(scope: BrowserScope, info: TargetInfo, attach: CdpEventOf<'Target.attachedToTarget'>): void {
    const tab: TabSession = { clientId: this.table.newSessionId('tab'), pageTargetId: info.targetId, scope, info: tabInfoOf(info), pendingAttach: attach };
    this.table.tabs.set(tab.clientId, tab);
    this.wire.sendOn(scope, { method: 'Target.attachedToTarget', params: { sessionId: tab.clientId, targetInfo: tab.info, waitingForDebugger: false } });
  }

  /**
   * A page's info changed before its tab delivered the page attach: the attach must carry the
   * new info, as Chrome's own would. Puppeteer counts a page target initialized only once it has
   * seen a URL, and after an attach whose info predates the page's first commit it waits for
   * ever (seen with Chromium's headless shell, whose about:blank commits before the attach).
   */
  noteInfo(scope: BrowserScope, info: CdpEventOf<'Target.targetInfoChanged'>['params']['targetInfo']): void {
    for (const tab of this.table.tabs.values()) {
      if (tab.scope !== scope || tab.pageTargetId !== info.targetId) continue;
      tab.info = tabInfoOf(info);
      if (tab.pendingAttach) tab.pendingAttach = { ...tab.pendingAttach, params: { ...tab.pendingAttach.params, targetInfo: info } };
    }
  }

  command(tab: TabSession, method: string, params: Record<string, unknown>): Reply {
    switch (method) {
      case 'Target.setAutoAttach':
        if (params.autoAttach === true && tab.pendingAttach) this.deliverPage(tab);
        return { result: {} };
      case 'Runtime.runIfWaitingForDebugger':
        return { result: {} };
      case 'Target.getTargetInfo':
        return { result: { targetInfo: tab.info } };
      case 'Target.detachFromTarget': {
        const page = tab.page;
        if (!page || params.sessionId !== page.clientId) return { error: NO_SESSION_TO_DETACH };
        this.cdp.raw('Target.detachFromTarget', { sessionId: page.realId }, tab.scope.realId).catch(() => {});
        return { result: {} };
      }
      default:
        return { error: notAvailable(method, 'tab') };
    }
  }

  private deliverPage(tab: TabSession): void {
    const event = tab.pendingAttach!;
    tab.pendingAttach = undefined;
    const params = event.params;
    const info = params.targetInfo;
    const session: TargetSession = {
      clientId: this.table.newSessionId('page'), realId: params.sessionId, targetId: info.targetId, type: info.type,
      ...(info.browserContextId ? { contextId: info.browserContextId } : {}), scope: tab.scope, tab,
    };
    tab.page = session;
    this.events.track(session);
    this.wire.send({ method: 'Target.attachedToTarget', params: { ...params, sessionId: session.clientId }, sessionId: tab.clientId });
  }

  close(tab: TabSession): void {
    if (!this.table.tabs.delete(tab.clientId)) return;
    this.wire.sendOn(tab.scope, { method: 'Target.detachedFromTarget', params: { sessionId: tab.clientId, targetId: tab.info.targetId } });
  }
}
