// What a client may do on a browser-level session (the root, or one from
// Target.attachToBrowserTarget): Target.*, Browser.*, and the context commands, each
// scoped to the task's targets and contexts, refused or answered by the router otherwise.
import type { Respond } from './clientWire.js';
import type { BrowserScope } from './sessionTable.js';
import type { TargetInfo } from './ownership.js';
import { checkUrl } from './urlPolicy.js';
import { admits, DEFAULT_FILTER, filterOf } from './targetFilter.js';
import { pageOfTab, tabInfoOf } from './tabTargets.js';
import { NO_SESSION_TO_DETACH, NO_TARGET, noContext, notAvailable, refused } from './protocolErrors.js';
import { ownWindow } from './windows.js';
import { observeCommand } from './commandTap.js';
import type { BrowserScopes } from './browserScopes.js';
import type { UserProfile } from './userProfile.js';
import type { Windows } from './windows.js';
import type { ClientDownloads } from './clientDownloads.js';
import type { TabTargets } from './tabTargetSessions.js';
import type { EventRelay } from './eventRelay.js';
import type { ClientWire } from './clientWire.js';
import type { SessionTable } from './sessionTable.js';
import type { OwnershipRegistry } from './ownership.js';
import type { TaskScope, UpstreamBrowser } from './taskScope.js';

export class BrowserCommands {
  constructor(
    private readonly task: TaskScope,
    private readonly upstream: UpstreamBrowser,
    private readonly registry: OwnershipRegistry,
    private readonly table: SessionTable,
    private readonly wire: ClientWire,
    private readonly events: EventRelay,
    private readonly tabs: TabTargets,
    private readonly downloads: ClientDownloads,
    private readonly windows: Windows,
    private readonly scopes: BrowserScopes,
    private readonly profile: UserProfile,
  ) {}

  handle(scope: BrowserScope, method: string, params: Record<string, unknown>, respond: Respond): void {
    switch (method) {
      case 'Browser.getVersion':
        return respond({ result: { ...this.upstream.version } });
      case 'Browser.close':
        // Never the real browser: the client is disconnected, as if the browser had gone.
        setImmediate(() => this.wire.close(1000, 'Browser.close: disconnected from the task'));
        return respond({ result: {} });
      case 'Target.setAutoAttach':
        return this.setAutoAttach(scope, params, respond);
      case 'Target.setDiscoverTargets':
        return this.setDiscoverTargets(scope, params, respond);
      case 'Target.getTargets':
        return this.getTargets(scope, params, respond);
      case 'Target.getTargetInfo':
        return this.getTargetInfo(scope, params, respond);
      case 'Target.createTarget':
        return this.createTarget(scope, params, respond);
      case 'Target.closeTarget': {
        const targetId = pageOfTab(params.targetId) ?? params.targetId;
        if (!this.table.ownsPage(targetId)) return respond({ error: NO_TARGET });
        this.wire.forward(method, { targetId }, scope.realId, respond);
        // Observed once forwarded (commandTap.ts): a tab the program closed is no news to it.
        return observeCommand(this.task.tap, method, { targetId }, String(targetId));
      }
      case 'Target.activateTarget':
        // A task's tab never comes to the front over the user's: answered without activating.
        return respond(this.table.owns(pageOfTab(params.targetId) ?? params.targetId) ? { result: {} } : { error: NO_TARGET });
      case 'Target.autoAttachRelated':
        return this.table.ownsPage(params.targetId) ? this.wire.forward(method, params, scope.realId, respond) : respond({ error: NO_TARGET });
      case 'Target.attachToTarget':
        return this.attachToTarget(scope, params, respond);
      case 'Target.attachToBrowserTarget':
        this.scopes.open(this.table.newSessionId('browser')).then(
          child => respond({ result: { sessionId: child.clientId } }),
          () => respond({ error: { code: -32000, message: 'Browser has disconnected' } }));
        return;
      case 'Target.detachFromTarget':
        return this.detachFromTarget(scope, params, respond);
      case 'Target.getBrowserContexts':
        return this.wire.forward(method, {}, undefined, respond, reply => {
          if (reply.error) return reply;
          const defaultId = this.task.contextId ?? reply.result?.defaultBrowserContextId;
          return { result: { browserContextIds: [...this.table.createdContexts], ...(defaultId ? { defaultBrowserContextId: defaultId } : {}) } };
        });
      case 'Target.createBrowserContext':
        return this.createBrowserContext(params, respond);
      case 'Target.disposeBrowserContext': {
        const id = params.browserContextId as string;
        if (id === this.task.contextId) return respond({ error: { code: -32000, message: 'Cannot dispose default browser context.' } });
        if (!this.table.createdContexts.has(id)) return respond({ error: { code: -32000, message: `Failed to find context with id ${id}` } });
        this.table.createdContexts.delete(id);
        this.registry.disownContext(id);
        return this.wire.forward(method, params, undefined, respond);
      }
      case 'Browser.setDownloadBehavior':
        return respond(this.downloads.setBehavior(scope, params));
      case 'Browser.cancelDownload':
        if (!this.downloads.isShown(String(params.guid))) return respond({ error: { code: -32602, message: 'No download item found for the given GUID' } });
        return this.wire.forward(method, { guid: params.guid }, undefined, respond);
      case 'Browser.getWindowForTarget':
        if (!this.table.owns(params.targetId)) return respond({ error: NO_TARGET });
        return this.wire.forward(method, params, scope.realId, respond, reply => this.windows.noteWindow(reply, String(params.targetId)));
      case 'Browser.getWindowBounds':
      case 'Browser.setWindowBounds':
        return this.windows.command(method, params, scope.realId, respond);
      case 'Storage.clearCookies':
        if (!this.table.isOwnContext(params.browserContextId ?? this.table.ownDefaultContext))
          return respond({ error: refused('clearing cookies would log the user out of every site of the shared profile; use context.clearCookies({ domain }) in an --isolated task, or delete the cookies you set') });
        return this.contextCommand(scope, method, params, respond);
      case 'Browser.resetPermissions':
        if (!this.table.isOwnContext(params.browserContextId ?? this.table.ownDefaultContext))
          return respond({ error: refused('resetting permissions would wipe every site permission of the shared profile; use an --isolated task, or a context of your own (browser.newContext())') });
        return this.contextCommand(scope, method, params, respond);
      case 'Browser.grantPermissions':
      case 'Browser.setPermission':
      case 'Storage.getCookies':
      case 'Storage.setCookies':
        return this.contextCommand(scope, method, params, respond);
      default:
        return respond({ error: notAvailable(method, 'browser') });
    }
  }

  /**
   * Commands that act on a browser context: scoped to the task's context, or refused for
   * others'; on a connected browser's own profile, to the task's sites (userProfile.ts).
   */
  private contextCommand(scope: BrowserScope, method: string, params: Record<string, unknown>, respond: Respond): void {
    const contextId = params.browserContextId;
    if (!this.table.knowsContext(contextId)) return respond({ error: noContext(contextId) });
    const scoped = contextId === undefined && this.task.contextId ? { ...params, browserContextId: this.task.contextId } : params;
    if (this.profile.guards(contextId)) return this.profile.forward(method, scoped, scope.realId, respond);
    this.wire.forward(method, scoped, scope.realId, respond);
  }

  private setAutoAttach(scope: BrowserScope, params: Record<string, unknown>, respond: Respond): void {
    if (params.flatten === false)
      return respond({ error: { code: -32602, message: 'Only flatten protocol is supported with browser level auto-attach' } });
    const filter = filterOf(params.filter);
    scope.autoAttach = params.autoAttach === true;
    scope.tabs = admits(filter, 'tab') && !admits(filter, 'page');
    this.registry.starts.setHolder(this.task.name, scope, scope.autoAttach && params.waitForDebuggerOnStart === true && (scope.tabs || admits(filter, 'page')));
    const upstream: Record<string, unknown> = { ...params, flatten: true };
    // Pages reach a tab-attaching client through synthetic tabs: ask Chrome for the pages.
    if (scope.tabs) upstream.filter = [{ type: 'browser', exclude: true }, { type: 'tab', exclude: true }, { type: 'page' }, ...filter.filter(e => e.type !== 'page')];
    // Chrome sends an attach for every existing target before it replies; each owned one is
    // delivered as it arrives, so the client has them all before this reply.
    this.wire.forward('Target.setAutoAttach', upstream, scope.realId, respond);
  }

  private setDiscoverTargets(scope: BrowserScope, params: Record<string, unknown>, respond: Respond): void {
    if (params.discover !== true) {
      scope.discover = false;
      scope.shown.clear();
      return this.wire.forward('Target.setDiscoverTargets', { discover: false }, scope.realId, respond);
    }
    scope.discoverFilter = filterOf(params.filter);
    if (!scope.discover && admits(scope.discoverFilter, 'browser'))
      this.wire.sendOn(scope, { method: 'Target.targetCreated', params: { targetInfo: this.table.browserInfo() } });
    scope.discover = true;
    // Chrome sends targetCreated for every existing target before it replies; owned ones pass.
    this.wire.forward('Target.setDiscoverTargets', { discover: true, filter: DEFAULT_FILTER }, scope.realId, respond);
  }

  private getTargets(scope: BrowserScope, params: Record<string, unknown>, respond: Respond): void {
    const filter = params.filter === undefined && scope.discover ? scope.discoverFilter : filterOf(params.filter);
    this.wire.forward('Target.getTargets', { filter: DEFAULT_FILTER }, undefined, respond, reply => {
      if (reply.error) return reply;
      const infos = (reply.result?.targetInfos ?? []) as TargetInfo[];
      for (const info of infos) this.registry.noteTarget(info);
      const shown: TargetInfo[] = admits(filter, 'browser') ? [this.table.browserInfo()] : [];
      for (const info of infos) {
        if (this.registry.resolve(info)?.task !== this.task.name) continue;
        if (info.type === 'page' && admits(filter, 'tab')) shown.push(tabInfoOf(info));
        if (admits(filter, info.type)) shown.push(info);
      }
      return { result: { targetInfos: shown } };
    });
  }

  private getTargetInfo(scope: BrowserScope, params: Record<string, unknown>, respond: Respond): void {
    if (params.targetId === undefined || params.targetId === this.table.browserTargetId) return respond({ result: { targetInfo: this.table.browserInfo() } });
    const tabOf = pageOfTab(params.targetId);
    const targetId = tabOf ?? params.targetId;
    if (!this.table.owns(targetId) || (tabOf && !this.table.ownsPage(tabOf))) return respond({ error: NO_TARGET });
    this.wire.forward('Target.getTargetInfo', { targetId }, scope.realId, respond, reply =>
      !tabOf || reply.error ? reply : { result: { targetInfo: tabInfoOf(reply.result?.targetInfo as TargetInfo) } });
  }

  private createTarget(scope: BrowserScope, params: Record<string, unknown>, respond: Respond): void {
    const url = typeof params.url === 'string' ? params.url : 'about:blank';
    const verdict = checkUrl(url, this.task.urlPolicy);
    if (!verdict.allowed) return respond({ error: refused(verdict.reason) });
    const contextId = params.browserContextId;
    if (!this.table.knowsContext(contextId)) return respond({ error: noContext(contextId) });
    const scoped: Record<string, unknown> = { ...params, ...(contextId === undefined && this.task.contextId ? { browserContextId: this.task.contextId } : {}) };
    delete scoped.newWindow;
    delete scoped.focus;
    Object.assign(scoped, ownWindow(this.task.headless));
    this.registry.beginCreate();
    this.wire.forward('Target.createTarget', scoped, scope.realId, respond, reply => {
      const targetId = reply.result?.targetId as string | undefined;
      // Claiming delivers the held attach, so the client sees the page before the reply.
      if (targetId) this.registry.claim(targetId, this.task.name, 'created');
      this.registry.endCreate();
      return reply;
    });
    // Observed once forwarded (commandTap.ts).
    observeCommand(this.task.tap, 'Target.createTarget', params, '');
  }

  private attachToTarget(scope: BrowserScope, params: Record<string, unknown>, respond: Respond): void {
    const targetId = params.targetId;
    if (typeof targetId !== 'string' || !this.table.owns(targetId)) return respond({ error: NO_TARGET });
    if (params.flatten !== true) return respond({ error: refused('only the flat protocol is supported: pass flatten: true') });
    scope.manual.add(targetId);
    this.wire.forward('Target.attachToTarget', { targetId, flatten: true }, scope.realId, respond, reply => {
      scope.manual.delete(targetId);
      const realId = reply.result?.sessionId as string | undefined;
      if (!realId) return reply;
      const session = this.table.byReal.get(realId);
      if (!session) {
        this.upstream.cdp.raw('Target.detachFromTarget', { sessionId: realId }, scope.realId).catch(() => {});
        return { error: NO_TARGET };
      }
      return { result: { sessionId: session.clientId } };
    });
  }

  private detachFromTarget(scope: BrowserScope, params: Record<string, unknown>, respond: Respond): void {
    const clientId = params.sessionId as string | undefined;
    const session = clientId === undefined ? undefined : this.table.sessions.get(clientId);
    if (session?.scope) return this.wire.forward('Target.detachFromTarget', { sessionId: session.realId }, session.scope.realId, respond);
    const tab = clientId === undefined ? undefined : this.table.tabs.get(clientId);
    if (tab) {
      const realId = tab.page?.realId ?? tab.pendingAttach?.params.sessionId;
      if (tab.page) this.events.forget(tab.page);
      if (realId) this.upstream.cdp.raw('Target.detachFromTarget', { sessionId: realId }, tab.scope.realId).catch(() => {});
      this.tabs.close(tab);
      return respond({ result: {} });
    }
    const childScope = clientId === undefined ? undefined : this.table.scopes.get(clientId);
    if (childScope && childScope !== scope && childScope.clientId !== undefined) {
      this.scopes.close(childScope);
      this.wire.send({ method: 'Target.detachedFromTarget', params: { sessionId: childScope.clientId, targetId: this.table.browserTargetId } });
      return respond({ result: {} });
    }
    respond({ error: NO_SESSION_TO_DETACH });
  }

  private createBrowserContext(params: Record<string, unknown>, respond: Respond): void {
    // Created on the runtime's session and disposed by the router when this client goes.
    this.upstream.cdp.raw('Target.createBrowserContext', { ...params, disposeOnDetach: false }).then(async message => {
      const id = message.result?.browserContextId as string | undefined;
      if (id) {
        this.table.createdContexts.add(id);
        this.registry.ownContext(id, this.task.name);
        await this.upstream.downloads.configureContext(id).catch(() => {});
      }
      respond(message.error ? { error: message.error } : { result: message.result ?? {} });
    });
  }
}
