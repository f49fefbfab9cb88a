// One client (a task's Playwright, Puppeteer, or any CDP client) connected to its task's
// endpoint. The client sees a browser that holds only the task's targets. Every session it
// gets is backed by a real session of its own on the runtime's pipe, so whatever it enables
// (Fetch interception, bindings, init scripts) dies with it.
//
// Session ids: the root (no id), synthetic browser sessions (Target.attachToBrowserTarget),
// synthetic tab sessions (for tab-attaching clients), synthetic page sessions, and the real
// ids of out-of-process iframe and worker sessions, delivered on their parent's session.
// Any other id is answered -32001, as Chrome answers a closed session.
import path from 'node:path';
import type { WebSocket } from 'ws';
import type { CdpConnection, CdpMessage } from '../transport/cdpConnection.js';
import type { BrowserVersion } from '../transport/browserProcess.js';
import type { Ownership, OwnershipRegistry, TargetInfo } from './ownership.js';
import { checkUrl } from './urlPolicy.js';
import type { CommandTap } from './commandTap.js';
import { deliverFile, type Download, type DownloadRelay } from './downloadRelay.js';
import { admits, DEFAULT_FILTER, filterOf, type TargetFilter } from './targetFilter.js';
import { pageOfTab, tabIdOf, tabInfoOf } from './tabTargets.js';
import { pageMethodVerdict } from './pageSessionPolicy.js';
import { relayedReply, swapSessionId } from './wireText.js';
import { INVALID_URL, NO_SESSION, NO_SESSION_TO_DETACH, NO_TARGET, noContext, notAvailable, refused, type ProtocolError } from './protocolErrors.js';

/** What the router knows of the task a connection belongs to. */
export interface TaskScope {
  readonly name: string;
  /** The task's own real browser context, in isolated mode. */
  readonly contextId?: string;
  readonly allowFileUrls: boolean;
  /** Whether the browser is headless: decides how a new tab avoids the user's foreground. */
  readonly headless: boolean;
  /** Observes every command the task sends (mutation tracking). */
  readonly tap?: CommandTap;
}

/** The browser behind the router: the pipe, its version, the download relay. */
export interface BrowserLink {
  cdp: CdpConnection;
  version: BrowserVersion;
  downloads: DownloadRelay;
}

/** What Chrome answers to a discovery or getTargets filter: everything but browser and tabs (the router makes those up). */

/** A browser-level session: the root, or one from Target.attachToBrowserTarget. */
interface BrowserScope {
  clientId: string | undefined;
  realId: string;
  autoAttach: boolean;
  /** Auto-attached pages are shown through synthetic tab targets (Puppeteer). */
  tabs: boolean;
  discover: boolean;
  discoverFilter: TargetFilter;
  /** Targets shown through discovery (id -> type), so their end is shown too. */
  shown: Map<string, string>;
  /** Events about new pages nobody owns yet, held until a createTarget reply decides. */
  held: Map<string, CdpMessage[]>;
  /** Targets this scope is attaching to with an explicit Target.attachToTarget. */
  manual: Set<string>;
}

/** A page, iframe or worker session of this client. */
interface TargetSession {
  clientId: string;
  realId: string;
  targetId: string;
  type: string;
  contextId?: string;
  /** The browser scope a top-level session hangs off; undefined for a child of another target session. */
  scope?: BrowserScope;
  parent?: TargetSession;
  /** The synthetic tab it is shown under, for tab-attaching clients. */
  tab?: TabSession;
}

/** A synthetic tab around one owned page. */
interface TabSession {
  clientId: string;
  pageTargetId: string;
  scope: BrowserScope;
  info: TargetInfo;
  /** The real page attach, delivered when the client auto-attaches on the tab. */
  pendingAttach?: CdpMessage;
  page?: TargetSession;
}

interface DownloadSetting {
  behavior: string;
  downloadPath?: string;
  eventsEnabled: boolean;
  scope: BrowserScope;
}

type Reply = { result?: Record<string, unknown>; error?: ProtocolError };
/** Answers a client command; `raw` is Chrome's reply text, relayed as is when nothing was rewritten. */
type Respond = (reply: Reply, raw?: { text: string; realSessionId?: string }) => void;

export class ClientConnection {
  private readonly scopes = new Map<string | undefined, BrowserScope>();
  private readonly sessions = new Map<string, TargetSession>();
  private readonly byReal = new Map<string, TargetSession>();
  private readonly tabs = new Map<string, TabSession>();
  private readonly createdContexts = new Set<string>();
  /** Windows of owned targets; true when the task may resize it (a window of its own context). */
  private readonly windows = new Map<number, boolean>();
  private readonly downloadSettings = new Map<string, DownloadSetting>();
  private readonly downloadsShown = new Map<string, DownloadSetting>();
  private readonly ready: Promise<unknown>;
  private isReady = false;
  private readonly cdp: CdpConnection;
  private readonly browserTargetId: string;
  private nextSession = 1;
  private closed = false;

  private readonly onClaimed = (targetId: string, ownership: Ownership) => this.claimed(targetId, ownership);
  private readonly onSettled = () => this.decideHeld();
  private readonly onReleased = (targetId: string, task: string, reason: string) => {
    if (task === this.task.name) this.released(targetId, reason);
  };
  private readonly onDownloadBegin = (download: Download, params: Record<string, unknown>) => this.downloadBegan(download, params);
  private readonly onDownloadProgress = (download: Download, params: Record<string, unknown>) => void this.downloadProgressed(download, params);

  constructor(
    private readonly ws: WebSocket,
    private readonly task: TaskScope,
    private readonly link: BrowserLink,
    private readonly registry: OwnershipRegistry,
  ) {
    this.cdp = link.cdp;
    this.browserTargetId = `tabwright-browser-${task.name}`;
    this.ready = this.openScope(undefined).then(
      () => { this.isReady = true; },
      () => {
        this.isReady = true;
        ws.close(1011, 'the browser is not available');
      });
    registry.on('claimed', this.onClaimed);
    registry.on('settled', this.onSettled);
    registry.on('released', this.onReleased);
    link.downloads.on('begin', this.onDownloadBegin);
    link.downloads.on('progress', this.onDownloadProgress);
    ws.on('message', data => {
      try {
        this.onClientMessage(data.toString());
      } catch (error) {
        process.stderr.write(`router ${task.name}: ${(error as Error).stack ?? error}\n`);
      }
    });
    ws.on('close', () => this.dispose());
    ws.on('error', () => this.dispose());
  }

  // ---- client -> browser
  //
  // Replies are relayed from the synchronous callback of CdpConnection.request, never through
  // a promise: a reply must reach the client before the events Chrome sent after it (a frame
  // tree answered before a navigation commits, then the commit).

  private onClientMessage(text: string): void {
    let message: CdpMessage;
    try {
      message = JSON.parse(text) as CdpMessage;
    } catch {
      return;
    }
    if (typeof message.id !== 'number' || typeof message.method !== 'string') return;
    if (!this.isReady) {
      void this.ready.then(() => this.onClientMessage(text));
      return;
    }
    const id = message.id;
    const sessionId = message.sessionId;
    const respond: Respond = (reply, raw) => {
      const text = raw && relayedReply(raw.text, id, raw.realSessionId, sessionId);
      if (text !== undefined) this.sendText(text);
      else this.send({ id, ...reply, ...(sessionId !== undefined ? { sessionId } : {}) });
    };
    const params = message.params ?? {};
    const scope = this.scopes.get(sessionId);
    if (scope) return this.browserCommand(scope, message.method, params, respond);
    const session = sessionId === undefined ? undefined : this.sessions.get(sessionId);
    if (session) {
      this.task.tap?.command(message.method, params, session.targetId);
      return this.targetCommand(session, message.method, params, respond);
    }
    const tab = sessionId === undefined ? undefined : this.tabs.get(sessionId);
    respond(tab ? this.tabCommand(tab, message.method, params) : { error: NO_SESSION });
  }

  private owns(targetId: unknown): boolean {
    return typeof targetId === 'string' && this.registry.ownerOf(targetId)?.task === this.task.name;
  }

  private get isolated(): boolean {
    return this.task.contextId !== undefined;
  }

  /** A context id the task may name: its own isolated context or one this client created. */
  private knowsContext(id: unknown): boolean {
    return id === undefined || (typeof id === 'string' && (id === this.task.contextId || this.createdContexts.has(id)));
  }

  /** Sends upstream; `then` may rewrite the reply (synchronously) before the client gets it. */
  private forward(method: string, params: Record<string, unknown>, realSessionId: string | undefined, respond: Respond, then?: (reply: Reply) => Reply): void {
    this.cdp.request(method, params, realSessionId, (message, text) => {
      const reply: Reply = message.error ? { error: message.error } : { result: message.result ?? {} };
      if (then) respond(then(reply));
      else respond(reply, text === undefined ? undefined : { text, ...(realSessionId ? { realSessionId } : {}) });
    });
  }

  private browserCommand(scope: BrowserScope, method: string, params: Record<string, unknown>, respond: Respond): void {
    switch (method) {
      case 'Browser.getVersion':
        return respond({ result: { ...this.link.version } });
      case 'Browser.close':
        // Never the real browser: the client is disconnected, as if the browser had gone.
        setImmediate(() => this.ws.close(1000, 'Browser.close: disconnected from the task'));
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
        return this.ownsPage(targetId) ? this.forward(method, { targetId }, scope.realId, respond) : respond({ error: NO_TARGET });
      }
      case 'Target.activateTarget':
        // A task's tab never comes to the front over the user's: answered without activating.
        return respond(this.owns(pageOfTab(params.targetId) ?? params.targetId) ? { result: {} } : { error: NO_TARGET });
      case 'Target.autoAttachRelated':
        return this.ownsPage(params.targetId) ? this.forward(method, params, scope.realId, respond) : respond({ error: NO_TARGET });
      case 'Target.attachToTarget':
        return this.attachToTarget(scope, params, respond);
      case 'Target.attachToBrowserTarget':
        this.openScope(`${this.task.name}-browser-${this.nextSession++}`).then(
          child => respond({ result: { sessionId: child.clientId } }),
          () => respond({ error: { code: -32000, message: 'Browser has disconnected' } }));
        return;
      case 'Target.detachFromTarget':
        return this.detachFromTarget(scope, params, respond);
      case 'Target.getBrowserContexts':
        return this.forward(method, {}, undefined, respond, reply => {
          if (reply.error) return reply;
          const defaultId = this.task.contextId ?? reply.result?.defaultBrowserContextId;
          return { result: { browserContextIds: [...this.createdContexts], ...(defaultId ? { defaultBrowserContextId: defaultId } : {}) } };
        });
      case 'Target.createBrowserContext':
        return this.createBrowserContext(params, respond);
      case 'Target.disposeBrowserContext': {
        const id = params.browserContextId as string;
        if (id === this.task.contextId) return respond({ error: { code: -32000, message: 'Cannot dispose default browser context.' } });
        if (!this.createdContexts.has(id)) return respond({ error: { code: -32000, message: `Failed to find context with id ${id}` } });
        this.createdContexts.delete(id);
        this.registry.disownContext(id);
        return this.forward(method, params, undefined, respond);
      }
      case 'Browser.setDownloadBehavior':
        return respond(this.setDownloadBehavior(scope, params));
      case 'Browser.cancelDownload':
        if (!this.downloadsShown.has(String(params.guid))) return respond({ error: { code: -32602, message: 'No download item found for the given GUID' } });
        return this.forward(method, { guid: params.guid }, undefined, respond);
      case 'Browser.getWindowForTarget':
        if (!this.owns(params.targetId)) return respond({ error: NO_TARGET });
        return this.forward(method, params, scope.realId, respond, reply => this.windowForTarget(reply, String(params.targetId)));
      case 'Browser.getWindowBounds':
      case 'Browser.setWindowBounds':
        return this.windowCommand(method, params, scope.realId, respond);
      case 'Storage.clearCookies':
        if (!this.isolated && !this.createdContexts.has(params.browserContextId as string))
          return respond({ error: refused('clearing cookies would log the user out of every site of the shared profile; use context.clearCookies({ domain }) in an --isolated task, or delete the cookies you set') });
        return this.contextCommand(scope, method, params, respond);
      case 'Browser.resetPermissions':
        if (!this.isolated && !this.createdContexts.has(params.browserContextId as string))
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

  private ownsPage(targetId: unknown): boolean {
    return typeof targetId === 'string' && this.owns(targetId) && this.registry.pageOf(targetId) === targetId;
  }

  /** Commands that act on a browser context: scoped to the task's context, or refused for others'. */
  private contextCommand(scope: BrowserScope, method: string, params: Record<string, unknown>, respond: Respond): void {
    const contextId = params.browserContextId;
    if (!this.knowsContext(contextId)) return respond({ error: noContext(contextId) });
    const scoped = contextId === undefined && this.task.contextId ? { ...params, browserContextId: this.task.contextId } : params;
    this.forward(method, scoped, scope.realId, respond);
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
    this.forward('Target.setAutoAttach', upstream, scope.realId, respond);
  }

  private setDiscoverTargets(scope: BrowserScope, params: Record<string, unknown>, respond: Respond): void {
    if (params.discover !== true) {
      scope.discover = false;
      scope.shown.clear();
      return this.forward('Target.setDiscoverTargets', { discover: false }, scope.realId, respond);
    }
    scope.discoverFilter = filterOf(params.filter);
    if (!scope.discover && admits(scope.discoverFilter, 'browser'))
      this.sendOn(scope, { method: 'Target.targetCreated', params: { targetInfo: this.browserInfo() } });
    scope.discover = true;
    // Chrome sends targetCreated for every existing target before it replies; owned ones pass.
    this.forward('Target.setDiscoverTargets', { discover: true, filter: DEFAULT_FILTER }, scope.realId, respond);
  }

  private browserInfo(): TargetInfo {
    return { targetId: this.browserTargetId, type: 'browser', title: '', url: '', attached: true, canAccessOpener: false };
  }

  private getTargets(scope: BrowserScope, params: Record<string, unknown>, respond: Respond): void {
    const filter = params.filter === undefined && scope.discover ? scope.discoverFilter : filterOf(params.filter);
    this.forward('Target.getTargets', { filter: DEFAULT_FILTER }, undefined, respond, reply => {
      if (reply.error) return reply;
      const infos = (reply.result?.targetInfos ?? []) as TargetInfo[];
      for (const info of infos) this.registry.noteTarget(info);
      const shown: TargetInfo[] = admits(filter, 'browser') ? [this.browserInfo()] : [];
      for (const info of infos) {
        if (this.registry.resolve(info)?.task !== this.task.name) continue;
        if (info.type === 'page' && admits(filter, 'tab')) shown.push(tabInfoOf(info));
        if (admits(filter, info.type)) shown.push(info);
      }
      return { result: { targetInfos: shown } };
    });
  }

  private getTargetInfo(scope: BrowserScope, params: Record<string, unknown>, respond: Respond): void {
    if (params.targetId === undefined || params.targetId === this.browserTargetId) return respond({ result: { targetInfo: this.browserInfo() } });
    const tabOf = pageOfTab(params.targetId);
    const targetId = tabOf ?? params.targetId;
    if (!this.owns(targetId) || (tabOf && !this.ownsPage(tabOf))) return respond({ error: NO_TARGET });
    this.forward('Target.getTargetInfo', { targetId }, scope.realId, respond, reply =>
      !tabOf || reply.error ? reply : { result: { targetInfo: tabInfoOf(reply.result?.targetInfo as TargetInfo) } });
  }

  private createTarget(scope: BrowserScope, params: Record<string, unknown>, respond: Respond): void {
    const url = typeof params.url === 'string' ? params.url : 'about:blank';
    const verdict = checkUrl(url, { allowFile: this.task.allowFileUrls });
    if (!verdict.allowed) return respond({ error: refused(verdict.reason) });
    const contextId = params.browserContextId;
    if (!this.knowsContext(contextId)) return respond({ error: noContext(contextId) });
    this.task.tap?.command('Target.createTarget', params, '');
    const scoped: Record<string, unknown> = { ...params, ...(contextId === undefined && this.task.contextId ? { browserContextId: this.task.contextId } : {}) };
    delete scoped.newWindow;
    delete scoped.focus;
    // Each task page gets a window of its own. A tab behind another tab in one window is
    // hidden and renders no frames: screenshots hang and every actionability check waits for
    // an animation frame (2 s a click). Headed, the window opens without being activated, so
    // the user's tab stays in front.
    Object.assign(scoped, { newWindow: true, ...(this.task.headless ? {} : { background: true }) });
    this.registry.beginCreate();
    this.forward('Target.createTarget', scoped, scope.realId, respond, reply => {
      const targetId = reply.result?.targetId as string | undefined;
      // Claiming delivers the held attach, so the client sees the page before the reply.
      if (targetId) this.registry.claim(targetId, this.task.name, 'created');
      this.registry.endCreate();
      return reply;
    });
  }

  private attachToTarget(scope: BrowserScope, params: Record<string, unknown>, respond: Respond): void {
    const targetId = params.targetId;
    if (typeof targetId !== 'string' || !this.owns(targetId)) return respond({ error: NO_TARGET });
    if (params.flatten !== true) return respond({ error: refused('only the flat protocol is supported: pass flatten: true') });
    scope.manual.add(targetId);
    this.forward('Target.attachToTarget', { targetId, flatten: true }, scope.realId, respond, reply => {
      scope.manual.delete(targetId);
      const realId = reply.result?.sessionId as string | undefined;
      if (!realId) return reply;
      const session = this.byReal.get(realId);
      if (!session) {
        this.cdp.raw('Target.detachFromTarget', { sessionId: realId }, scope.realId).catch(() => {});
        return { error: NO_TARGET };
      }
      return { result: { sessionId: session.clientId } };
    });
  }

  private detachFromTarget(scope: BrowserScope, params: Record<string, unknown>, respond: Respond): void {
    const clientId = params.sessionId as string | undefined;
    const session = clientId === undefined ? undefined : this.sessions.get(clientId);
    if (session?.scope) return this.forward('Target.detachFromTarget', { sessionId: session.realId }, session.scope.realId, respond);
    const tab = clientId === undefined ? undefined : this.tabs.get(clientId);
    if (tab) {
      const realId = tab.page?.realId ?? (tab.pendingAttach?.params?.sessionId as string | undefined);
      if (tab.page) this.forgetSession(tab.page);
      if (realId) this.cdp.raw('Target.detachFromTarget', { sessionId: realId }, tab.scope.realId).catch(() => {});
      this.closeTab(tab);
      return respond({ result: {} });
    }
    const childScope = clientId === undefined ? undefined : this.scopes.get(clientId);
    if (childScope && childScope !== scope && childScope.clientId !== undefined) {
      this.closeScope(childScope);
      this.send({ method: 'Target.detachedFromTarget', params: { sessionId: childScope.clientId, targetId: this.browserTargetId } });
      return respond({ result: {} });
    }
    respond({ error: NO_SESSION_TO_DETACH });
  }

  private createBrowserContext(params: Record<string, unknown>, respond: Respond): void {
    // Created on the runtime's session and disposed by the router when this client goes.
    this.cdp.raw('Target.createBrowserContext', { ...params, disposeOnDetach: false }).then(async message => {
      const id = message.result?.browserContextId as string | undefined;
      if (id) {
        this.createdContexts.add(id);
        this.registry.ownContext(id, this.task.name);
        await this.link.downloads.configureContext(id).catch(() => {});
      }
      respond(message.error ? { error: message.error } : { result: message.result ?? {} });
    });
  }

  // ---- tab sessions (synthetic)

  private tabCommand(tab: TabSession, method: string, params: Record<string, unknown>): Reply {
    switch (method) {
      case 'Target.setAutoAttach':
        if (params.autoAttach === true && tab.pendingAttach) this.deliverTabPage(tab);
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

  private deliverTabPage(tab: TabSession): void {
    const event = tab.pendingAttach!;
    tab.pendingAttach = undefined;
    const params = event.params ?? {};
    const info = params.targetInfo as TargetInfo;
    const session: TargetSession = {
      clientId: this.newSessionId('page'), realId: params.sessionId as string, targetId: info.targetId, type: info.type,
      ...(info.browserContextId ? { contextId: info.browserContextId } : {}), scope: tab.scope, tab,
    };
    tab.page = session;
    this.track(session);
    this.send({ method: 'Target.attachedToTarget', params: { ...params, sessionId: session.clientId }, sessionId: tab.clientId });
  }

  private closeTab(tab: TabSession): void {
    if (!this.tabs.delete(tab.clientId)) return;
    this.sendOn(tab.scope, { method: 'Target.detachedFromTarget', params: { sessionId: tab.clientId, targetId: tab.info.targetId } });
  }

  // ---- page, iframe and worker sessions

  private targetCommand(session: TargetSession, method: string, params: Record<string, unknown>, respond: Respond): void {
    const verdict = pageMethodVerdict(method, this.isolated || (session.contextId !== undefined && this.createdContexts.has(session.contextId)));
    switch (verdict.kind) {
      case 'forward':
        this.forward(method, params, session.realId, respond);
        // The owner starting a new page lets other tasks' clients let go of it (startGate.ts).
        if (method === 'Runtime.runIfWaitingForDebugger' && session.scope) this.registry.starts.ownerStarted(session.targetId);
        return;
      case 'refuse':
        return respond({ error: verdict.reason ? refused(verdict.reason) : notAvailable(method, 'page') });
      case 'frameTree':
        return this.forward(method, params, session.realId, respond, reply => {
          if (reply.result) this.registry.frames.noteTree(reply.result.frameTree as { frame: { id: string } }, session.targetId);
          return reply;
        });
      case 'navigate': {
        const verdict = checkUrl(String(params.url ?? ''), { allowFile: this.task.allowFileUrls });
        if (!verdict.allowed) return respond({ error: verdict.invalid ? INVALID_URL : refused(verdict.reason) });
        return this.forward(method, params, session.realId, respond);
      }
      case 'historyNavigate':
        this.cdp.request('Page.getNavigationHistory', {}, session.realId, history => {
          const entries = (history.result?.entries ?? []) as { id: number; url: string }[];
          const entry = entries.find(e => e.id === params.entryId);
          const verdict = entry ? checkUrl(entry.url, { allowFile: this.task.allowFileUrls }) : undefined;
          if (verdict && !verdict.allowed) respond({ error: refused(verdict.reason) });
          else this.forward(method, params, session.realId, respond);
        });
        return;
      case 'bringToFront':
        // Headed, the user's tab stays in front (focus is emulated). Headless there is no user
        // to disturb, and a tab behind a popup renders again only when brought to front.
        if (!this.task.headless) return respond({ result: {} });
        return this.forward(method, params, session.realId, respond);
      case 'detachChild': {
        const child = this.sessions.get(params.sessionId as string);
        if (!child || child.parent !== session) return respond({ error: NO_SESSION_TO_DETACH });
        return this.forward(method, { sessionId: child.realId }, session.realId, respond);
      }
      case 'ownTargetInfo':
        if (params.targetId !== undefined && params.targetId !== session.targetId) return respond({ error: NO_TARGET });
        return this.forward(method, {}, session.realId, respond);
      case 'windowForTarget':
        if (params.targetId !== undefined && !this.owns(params.targetId)) return respond({ error: NO_TARGET });
        return this.forward(method, params, session.realId, respond, reply => this.windowForTarget(reply, session.targetId));
      case 'windowBounds':
        return this.windowCommand(method, params, session.realId, respond);
    }
  }

  /** Records the window of an owned target; it may be resized only when it is of the task's own context. */
  private windowForTarget(reply: Reply, targetId: string): Reply {
    const windowId = reply.result?.windowId;
    if (typeof windowId === 'number') {
      const contextId = [...this.sessions.values()].find(s => s.targetId === targetId)?.contextId;
      const own = this.isolated || (contextId !== undefined && this.createdContexts.has(contextId));
      this.windows.set(windowId, own || this.windows.get(windowId) === true);
    }
    return reply;
  }

  private windowCommand(method: string, params: Record<string, unknown>, realSessionId: string, respond: Respond): void {
    const windowId = params.windowId as number;
    if (!this.windows.has(windowId)) return respond({ error: { code: -32000, message: 'Browser window not found' } });
    if (method === 'Browser.setWindowBounds' && !this.windows.get(windowId))
      return respond({ error: refused('the window holds the user\'s tabs (shared profile); a task may not move or resize it') });
    this.forward(method, params, realSessionId, respond);
  }

  // ---- browser -> client

  private async openScope(clientId: string | undefined): Promise<BrowserScope> {
    const { sessionId } = await this.cdp.send<{ sessionId: string }>('Target.attachToBrowserTarget');
    const scope: BrowserScope = {
      clientId, realId: sessionId, autoAttach: false, tabs: false, discover: false, discoverFilter: DEFAULT_FILTER,
      shown: new Map(), held: new Map(), manual: new Set(),
    };
    this.scopes.set(clientId, scope);
    this.cdp.listenToSession(sessionId, event => this.onScopeEvent(scope, event));
    if (this.closed) this.closeScope(scope);
    return scope;
  }

  private closeScope(scope: BrowserScope): void {
    this.scopes.delete(scope.clientId);
    this.registry.starts.setHolder(this.task.name, scope, false);
    for (const session of [...this.sessions.values()]) if (session.scope === scope) this.forgetSession(session);
    for (const tab of [...this.tabs.values()]) if (tab.scope === scope) this.tabs.delete(tab.clientId);
    for (const [guid, setting] of this.downloadsShown) if (setting.scope === scope) this.downloadsShown.delete(guid);
    for (const [key, setting] of this.downloadSettings) if (setting.scope === scope) this.downloadSettings.delete(key);
    this.cdp.stopListening(scope.realId);
    // Detaching the browser session closes every real session attached through it.
    this.cdp.raw('Target.detachFromTarget', { sessionId: scope.realId }).catch(() => {});
  }

  private onScopeEvent(scope: BrowserScope, event: CdpMessage): void {
    switch (event.method) {
      case 'Target.attachedToTarget':
        return this.onAttached(scope, event);
      case 'Target.detachedFromTarget':
        return this.onDetached(scope, event.params ?? {});
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

  private onAttached(scope: BrowserScope, event: CdpMessage): void {
    const params = event.params ?? {};
    const info = params.targetInfo as TargetInfo;
    const owner = this.registry.resolve(info);
    if (owner?.task === this.task.name) return this.deliverAttach(scope, event);
    if (!owner && info.type === 'page' && this.registry.creating) return this.hold(scope, info.targetId, event);
    this.refuseAttach(scope, event, owner?.task);
  }

  /**
   * Lets go of a target that is not the task's. It is resumed first: a popup's first
   * navigation waits in the renderer for every session that auto-attached with
   * waitForDebuggerOnStart, and a bare detach leaves it waiting forever. The owner's own
   * session still holds it until the owner resumes.
   */
  private refuseAttach(scope: BrowserScope, attach: CdpMessage, ownerTask: string | undefined): void {
    const realSessionId = attach.params?.sessionId as string;
    const info = attach.params?.targetInfo as TargetInfo;
    const letGo = () => {
      this.cdp.raw('Runtime.runIfWaitingForDebugger', {}, realSessionId).catch(() => {});
      this.cdp.raw('Target.detachFromTarget', { sessionId: realSessionId }, scope.realId).catch(() => {});
    };
    // Not before the owner's own client has started it (router/startGate.ts).
    if (attach.params?.waitingForDebugger === true) this.registry.starts.foreignResume(info.targetId, info.type, ownerTask, letGo);
    else letGo();
  }

  private hold(scope: BrowserScope, targetId: string, event: CdpMessage): void {
    const events = scope.held.get(targetId);
    if (events) events.push(event);
    else scope.held.set(targetId, [event]);
  }

  private deliverAttach(scope: BrowserScope, event: CdpMessage): void {
    const params = event.params ?? {};
    const info = params.targetInfo as TargetInfo;
    if (scope.tabs && info.type === 'page' && !scope.manual.has(info.targetId)) {
      const tab: TabSession = { clientId: this.newSessionId('tab'), pageTargetId: info.targetId, scope, info: tabInfoOf(info), pendingAttach: event };
      this.tabs.set(tab.clientId, tab);
      this.sendOn(scope, { method: 'Target.attachedToTarget', params: { sessionId: tab.clientId, targetInfo: tab.info, waitingForDebugger: false } });
      return;
    }
    const session: TargetSession = {
      clientId: this.newSessionId(info.type), realId: params.sessionId as string, targetId: info.targetId, type: info.type,
      ...(info.browserContextId ? { contextId: info.browserContextId } : {}), scope,
    };
    this.track(session);
    this.sendOn(scope, { method: 'Target.attachedToTarget', params: { ...params, sessionId: session.clientId } });
  }

  private onDetached(scope: BrowserScope, params: Record<string, unknown>): void {
    const realId = params.sessionId as string;
    const session = this.byReal.get(realId);
    if (session) {
      this.forgetSession(session);
      this.showDetached(session);
      return;
    }
    for (const [targetId, events] of scope.held)
      if (events.some(e => e.method === 'Target.attachedToTarget' && e.params?.sessionId === realId)) scope.held.delete(targetId);
    for (const tab of this.tabs.values())
      if (tab.scope === scope && tab.pendingAttach?.params?.sessionId === realId) this.closeTab(tab);
  }

  /** Tells the client a session of a top-level target ended (always with its targetId). */
  private showDetached(session: TargetSession): void {
    if (session.tab) {
      this.send({ method: 'Target.detachedFromTarget', params: { sessionId: session.clientId, targetId: session.targetId }, sessionId: session.tab.clientId });
      this.closeTab(session.tab);
    } else if (session.scope) {
      this.sendOn(session.scope, { method: 'Target.detachedFromTarget', params: { sessionId: session.clientId, targetId: session.targetId } });
    }
  }

  private onTargetInfo(scope: BrowserScope, event: CdpMessage): void {
    if (!scope.discover) return;
    const info = event.params?.targetInfo as TargetInfo;
    const owner = this.registry.resolve(info);
    if (owner?.task === this.task.name) return this.showInfo(scope, event.method!, info);
    if (!owner && info.type === 'page' && this.registry.creating && !scope.shown.has(info.targetId)) return this.hold(scope, info.targetId, event);
    // Shown before and no longer the task's (released): gone, as far as this client knows.
    if (scope.shown.has(info.targetId)) this.showGone(scope, info.targetId);
  }

  private showInfo(scope: BrowserScope, method: string, info: TargetInfo): void {
    const filter = scope.discoverFilter;
    const created = !scope.shown.has(info.targetId);
    const shownMethod = created ? 'Target.targetCreated' : method;
    if (info.type === 'page' && admits(filter, 'tab')) this.sendOn(scope, { method: shownMethod, params: { targetInfo: tabInfoOf(info) } });
    if (admits(filter, info.type)) this.sendOn(scope, { method: shownMethod, params: { targetInfo: info } });
    scope.shown.set(info.targetId, info.type);
  }

  private onTargetGone(scope: BrowserScope, event: CdpMessage): void {
    const params = event.params ?? {};
    const targetId = params.targetId as string;
    if (scope.held.has(targetId)) {
      scope.held.delete(targetId);
      return;
    }
    if (!scope.shown.has(targetId)) return;
    if (event.method === 'Target.targetCrashed') {
      this.sendOn(scope, { method: event.method, params });
      return;
    }
    this.showGone(scope, targetId);
  }

  private showGone(scope: BrowserScope, targetId: string): void {
    const type = scope.shown.get(targetId);
    scope.shown.delete(targetId);
    if (admits(scope.discoverFilter, type ?? '')) this.sendOn(scope, { method: 'Target.targetDestroyed', params: { targetId } });
    if (type === 'page' && admits(scope.discoverFilter, 'tab')) this.sendOn(scope, { method: 'Target.targetDestroyed', params: { targetId: tabIdOf(targetId) } });
  }

  /** Held events are decided when ownership changes or no createTarget is pending any more. */
  private decideHeld(targetId?: string): void {
    for (const scope of this.scopes.values()) {
      for (const [heldId, events] of [...scope.held]) {
        if (targetId && heldId !== targetId) continue;
        const owner = this.registry.ownerOf(heldId);
        if (owner?.task === this.task.name) {
          scope.held.delete(heldId);
          for (const event of events) this.onScopeEvent(scope, event);
        } else if (owner || !this.registry.creating) {
          scope.held.delete(heldId);
          for (const event of events)
            if (event.method === 'Target.attachedToTarget') this.refuseAttach(scope, event, owner?.task);
        }
      }
    }
  }

  private claimed(targetId: string, ownership: Ownership): void {
    this.decideHeld(targetId);
    if (ownership.how !== 'adopted' || ownership.task !== this.task.name) return;
    // An adopted tab already exists: nothing will auto-attach or announce it, so do it here.
    for (const scope of this.scopes.values()) {
      if (scope.autoAttach) this.cdp.raw('Target.attachToTarget', { targetId, flatten: true }, scope.realId).catch(() => {});
      if (scope.discover)
        void this.cdp.raw('Target.getTargetInfo', { targetId }, scope.realId).then(reply => {
          const info = reply.result?.targetInfo as TargetInfo | undefined;
          if (info && this.owns(targetId) && this.scopes.get(scope.clientId) === scope) this.showInfo(scope, 'Target.targetCreated', info);
        });
    }
  }

  /** The task lost a page while it lives on (released, refused URL): the client loses every session on it. */
  private released(targetId: string, reason: string): void {
    for (const scope of this.scopes.values()) {
      if (scope.held.delete(targetId)) continue;
      // A closed page ends on its own: Chrome reports the detach and the destruction.
      if (reason !== 'closed' && scope.shown.has(targetId)) this.showGone(scope, targetId);
    }
    if (reason === 'closed') return;
    for (const session of [...this.sessions.values()]) {
      // The page's own sessions and any opened directly on its frames or workers.
      if (!session.scope || (session.targetId !== targetId && this.registry.pageOf(session.targetId) !== targetId)) continue;
      this.forgetSession(session);
      this.cdp.raw('Target.detachFromTarget', { sessionId: session.realId }, session.scope.realId).catch(() => {});
      this.showDetached(session);
    }
    for (const tab of [...this.tabs.values()]) {
      if (tab.pageTargetId !== targetId) continue;
      const realId = tab.pendingAttach?.params?.sessionId as string | undefined;
      if (realId) this.cdp.raw('Target.detachFromTarget', { sessionId: realId }, tab.scope.realId).catch(() => {});
      this.closeTab(tab);
    }
  }

  private newSessionId(kind: string): string {
    return `${this.task.name}-${kind}-${this.nextSession++}`;
  }

  private track(session: TargetSession): void {
    this.sessions.set(session.clientId, session);
    this.byReal.set(session.realId, session);
    this.cdp.listenToSession(session.realId, (event, text) => this.onTargetEvent(session, event, text));
  }

  private forgetSession(session: TargetSession): void {
    // An owner's session that ends can no longer start the page: foreign clients may.
    if (session.scope) this.registry.starts.ownerStarted(session.targetId);
    this.sessions.delete(session.clientId);
    this.byReal.delete(session.realId);
    this.cdp.stopListening(session.realId);
    for (const child of [...this.sessions.values()]) if (child.parent === session) this.forgetSession(child);
  }

  private onTargetEvent(session: TargetSession, event: CdpMessage, text: string): void {
    const params = event.params ?? {};
    switch (event.method) {
      case 'Target.attachedToTarget': {
        // OOPIFs and workers keep their real session ids; the client sees them on the parent's session.
        const info = params.targetInfo as TargetInfo;
        this.registry.noteTarget(info);
        const realId = params.sessionId as string;
        this.track({ clientId: realId, realId, targetId: info.targetId, type: info.type, parent: session, ...(session.contextId ? { contextId: session.contextId } : {}) });
        break;
      }
      case 'Target.detachedFromTarget': {
        const child = this.byReal.get(params.sessionId as string);
        if (child) this.forgetSession(child);
        break;
      }
      case 'Page.frameAttached':
        this.registry.frames.note(params.frameId as string, session.targetId);
        break;
      case 'Page.frameNavigated': {
        const frame = params.frame as { id: string } | undefined;
        if (frame) this.registry.frames.note(frame.id, session.targetId);
        break;
      }
      case 'Page.frameDetached':
        if (params.reason !== 'swap') this.registry.frames.forget(params.frameId as string);
        break;
    }
    this.task.tap?.event(event.method ?? '', params, session.targetId);
    // Events pass as Chrome wrote them, with the session id swapped (real ids of children stay).
    const relayed = session.clientId === session.realId ? text : swapSessionId(text, session.realId, session.clientId);
    if (relayed !== undefined) this.sendText(relayed);
    else this.send({ method: event.method, params, sessionId: session.clientId });
  }

  // ---- downloads

  private setDownloadBehavior(scope: BrowserScope, params: Record<string, unknown>): Reply {
    const contextId = params.browserContextId;
    if (!this.knowsContext(contextId)) return { error: noContext(contextId) };
    const key = typeof contextId === 'string' && this.createdContexts.has(contextId) ? contextId : '';
    if (params.behavior === 'default') {
      this.downloadSettings.delete(key);
    } else {
      this.downloadSettings.set(key, {
        behavior: String(params.behavior), eventsEnabled: params.eventsEnabled === true, scope,
        ...(typeof params.downloadPath === 'string' ? { downloadPath: params.downloadPath } : {}),
      });
    }
    return { result: {} };
  }

  private downloadBegan(download: Download, params: Record<string, unknown>): void {
    if (download.task !== this.task.name || this.closed) return;
    const contextId = [...this.sessions.values()].find(s => s.targetId === download.pageTargetId)?.contextId;
    const setting = this.downloadSettings.get(contextId && this.createdContexts.has(contextId) ? contextId : '');
    if (!setting) return;
    this.downloadsShown.set(download.guid, setting);
    if (setting.eventsEnabled) this.sendOn(setting.scope, { method: 'Browser.downloadWillBegin', params });
    if (setting.behavior === 'deny') void this.link.downloads.cancel(download.guid);
  }

  private async downloadProgressed(download: Download, params: Record<string, unknown>): Promise<void> {
    const setting = this.downloadsShown.get(download.guid);
    if (!setting) return;
    let shown = params;
    if (download.state !== 'inProgress') this.downloadsShown.delete(download.guid);
    if (download.state === 'completed' && setting.downloadPath && download.filePath && setting.behavior !== 'deny') {
      const name = setting.behavior === 'allowAndName' ? download.guid : path.basename(download.suggestedFilename) || download.guid;
      const destination = path.join(setting.downloadPath, name);
      try {
        await deliverFile(download.filePath, destination);
        shown = { ...params, filePath: destination };
      } catch {
        shown = { ...params, state: 'canceled' };
      }
    }
    if (setting.eventsEnabled) this.sendOn(setting.scope, { method: 'Browser.downloadProgress', params: shown });
  }

  // ---- plumbing

  /** Sends an event on a browser-level session (the root has no session id). */
  private sendOn(scope: BrowserScope, message: CdpMessage): void {
    if (this.scopes.get(scope.clientId) !== scope) return;
    this.send(scope.clientId === undefined ? message : { ...message, sessionId: scope.clientId });
  }

  private send(message: CdpMessage): void {
    this.sendText(JSON.stringify(message));
  }

  private sendText(text: string): void {
    if (this.closed || this.ws.readyState !== this.ws.OPEN) return;
    this.ws.send(text);
  }

  private dispose(): void {
    if (this.closed) return;
    this.closed = true;
    this.registry.off('claimed', this.onClaimed);
    this.registry.off('settled', this.onSettled);
    this.registry.off('released', this.onReleased);
    this.link.downloads.off('begin', this.onDownloadBegin);
    this.link.downloads.off('progress', this.onDownloadProgress);
    for (const scope of [...this.scopes.values()]) this.closeScope(scope);
    // Contexts the client created die with it, as Chrome does for disposeOnDetach.
    for (const id of this.createdContexts) {
      this.registry.disownContext(id);
      this.cdp.raw('Target.disposeBrowserContext', { browserContextId: id }).catch(() => {});
    }
  }
}
