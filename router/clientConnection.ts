// One client (a task's Playwright, or any CDP client) connected to its task's endpoint.
// The client sees a browser that holds only the task's targets. Every session it gets is
// backed by a real session of its own on the runtime's pipe, so whatever it enables
// (Fetch interception, bindings, init scripts) dies with it.
import type { WebSocket } from 'ws';
import type { CdpConnection, CdpMessage } from '../runtime/cdpConnection.js';
import type { BrowserVersion } from '../runtime/browserProcess.js';
import type { Ownership, OwnershipRegistry, TargetInfo } from './ownership.js';
import { checkUrl } from './urlPolicy.js';
import type { CommandTap } from './commandTap.js';

/** What the router knows of the task a connection belongs to. */
export interface TaskScope {
  readonly name: string;
  /** The task's own real browser context, in isolated mode. */
  readonly contextId?: string;
  readonly allowFileUrls: boolean;
  /** Observes every command the task sends (mutation tracking). */
  readonly tap?: CommandTap;
}

const NO_TARGET = { code: -32602, message: 'No target with given id found' };
const NO_SESSION = { code: -32001, message: 'Session with given id not found.' };

/** A browser-level session: the root, or one from Target.attachToBrowserTarget. */
interface BrowserScope {
  clientId: string | undefined;
  realId: string;
  autoAttach: boolean;
  discover: boolean;
  /** Attaches to new targets nobody owns yet, held until a createTarget reply decides. */
  held: Map<string, CdpMessage>;
}

/** A page, iframe or worker session of this client. */
interface TargetSession {
  clientId: string;
  realId: string;
  targetId: string;
  type: string;
  /** The browser scope it was attached from; undefined for a child of another target session. */
  scope?: BrowserScope;
  parent?: TargetSession;
}

type Reply = { result?: Record<string, unknown>; error?: { code: number; message: string } };

export class ClientConnection {
  private readonly scopes = new Map<string | undefined, BrowserScope>();
  private readonly sessions = new Map<string, TargetSession>();
  private readonly byReal = new Map<string, TargetSession>();
  private readonly createdContexts = new Set<string>();
  private ready: Promise<void>;
  private nextSession = 1;
  private closed = false;
  private readonly onClaimed = (targetId: string, ownership: Ownership) => {
    this.decideHeld(targetId);
    // An adopted tab already exists: nothing will auto-attach it, so attach where asked to.
    if (ownership.how === 'adopted' && ownership.task === this.task.name)
      for (const scope of this.scopes.values())
        if (scope.autoAttach) this.cdp.raw('Target.attachToTarget', { targetId, flatten: true }, scope.realId).catch(() => {});
  };
  private readonly onSettled = () => this.decideHeld();
  private readonly onReleased = (targetId: string, task: string) => {
    if (task === this.task.name) this.detachTarget(targetId);
  };

  constructor(
    private readonly ws: WebSocket,
    private readonly task: TaskScope,
    private readonly cdp: CdpConnection,
    private readonly registry: OwnershipRegistry,
    private readonly version: BrowserVersion,
  ) {
    this.ready = this.openScope(undefined).then(() => {});
    registry.on('claimed', this.onClaimed);
    registry.on('settled', this.onSettled);
    registry.on('released', this.onReleased);
    ws.on('message', data => this.onClientMessage(data.toString()));
    ws.on('close', () => this.dispose());
    ws.on('error', () => this.dispose());
  }

  // ---- client -> browser

  private async onClientMessage(text: string): Promise<void> {
    let message: CdpMessage;
    try {
      message = JSON.parse(text) as CdpMessage;
    } catch {
      return;
    }
    if (typeof message.id !== 'number' || typeof message.method !== 'string') return;
    await this.ready;
    const scope = this.scopes.get(message.sessionId);
    let reply: Reply;
    if (scope) {
      reply = await this.browserCommand(scope, message.method, message.params ?? {});
    } else {
      const session = message.sessionId ? this.sessions.get(message.sessionId) : undefined;
      if (!session) {
        reply = { error: NO_SESSION };
      } else {
        this.task.tap?.command(message.method, message.params ?? {}, session.targetId);
        reply = await this.targetCommand(session, message.method, message.params ?? {});
      }
    }
    this.send({ id: message.id, ...reply, ...(message.sessionId ? { sessionId: message.sessionId } : {}) });
  }

  private owns(targetId: unknown): boolean {
    return typeof targetId === 'string' && this.registry.ownerOf(targetId)?.task === this.task.name;
  }

  private async forward(method: string, params: Record<string, unknown>, realSessionId?: string): Promise<Reply> {
    const reply = await this.cdp.raw(method, params, realSessionId);
    return reply.error ? { error: reply.error } : { result: reply.result ?? {} };
  }

  private async browserCommand(scope: BrowserScope, method: string, params: Record<string, unknown>): Promise<Reply> {
    switch (method) {
      case 'Browser.getVersion':
        return { result: { ...this.version } };
      case 'Browser.close':
        // Never the real browser: the client is disconnected, as if the browser had gone.
        setImmediate(() => this.ws.close(1000, 'Browser.close: disconnected from the task'));
        return { result: {} };
      case 'Target.setAutoAttach': {
        if (params.flatten === false)
          return { error: { code: -32602, message: 'Only flatten protocol is supported with browser level auto-attach' } };
        scope.autoAttach = params.autoAttach === true;
        return this.forward(method, { ...params, flatten: true }, scope.realId);
      }
      case 'Target.setDiscoverTargets':
        scope.discover = params.discover === true;
        return this.forward(method, params, scope.realId);
      case 'Target.getTargetInfo':
        if (params.targetId === undefined)
          return { result: { targetInfo: { targetId: `tabwright-browser-${this.task.name}`, type: 'browser', title: '', url: '', attached: true, canAccessOpener: false } } };
        return this.owns(params.targetId) ? this.forward(method, params, scope.realId) : { error: NO_TARGET };
      case 'Target.getTargets': {
        const reply = await this.forward(method, params, scope.realId);
        const infos = (reply.result?.targetInfos ?? []) as TargetInfo[];
        return reply.error ? reply : { result: { targetInfos: infos.filter(info => this.ownsInfo(info)) } };
      }
      case 'Target.createTarget':
        return this.createTarget(scope, params);
      case 'Target.closeTarget':
      case 'Target.autoAttachRelated':
      case 'Browser.getWindowForTarget':
        return this.owns(params.targetId) ? this.forward(method, params, scope.realId) : { error: NO_TARGET };
      case 'Target.activateTarget':
        // A task's tab never comes to the front over the user's: answer without activating.
        return this.owns(params.targetId) ? { result: {} } : { error: NO_TARGET };
      case 'Target.attachToTarget': {
        if (!this.owns(params.targetId)) return { error: NO_TARGET };
        if (params.flatten !== true)
          return { error: { code: -32602, message: 'tabwright supports only the flat protocol: pass flatten: true' } };
        const reply = await this.forward(method, params, scope.realId);
        const realId = reply.result?.sessionId as string | undefined;
        if (!realId) return reply;
        const session = this.byReal.get(realId);
        return { result: { sessionId: session ? session.clientId : realId } };
      }
      case 'Target.attachToBrowserTarget': {
        const child = await this.openScope(`${this.task.name}-browser-${this.nextSession++}`);
        return { result: { sessionId: child.clientId } };
      }
      case 'Target.detachFromTarget': {
        const clientId = params.sessionId as string | undefined;
        const session = clientId ? this.sessions.get(clientId) : undefined;
        if (session) return this.forward(method, { sessionId: session.realId }, scope.realId);
        const childScope = clientId ? this.scopes.get(clientId) : undefined;
        if (childScope && childScope !== scope) {
          this.closeScope(childScope);
          return { result: {} };
        }
        return { error: { code: -32602, message: 'No session with given id' } };
      }
      case 'Target.getBrowserContexts':
        return { result: { browserContextIds: [...this.createdContexts], ...(this.task.contextId ? { defaultBrowserContextId: this.task.contextId } : {}) } };
      case 'Target.createBrowserContext': {
        const reply = await this.forward(method, params);
        const id = reply.result?.browserContextId as string | undefined;
        if (id) {
          this.createdContexts.add(id);
          this.registry.ownContext(id, this.task.name);
        }
        return reply;
      }
      case 'Target.disposeBrowserContext': {
        const id = params.browserContextId as string;
        if (id === this.task.contextId) return { error: { code: -32000, message: 'Cannot dispose default browser context.' } };
        if (!this.createdContexts.has(id)) return { error: { code: -32000, message: `Failed to find context with id ${id}` } };
        this.createdContexts.delete(id);
        this.registry.disownContext(id);
        return this.forward(method, params);
      }
      case 'Browser.setDownloadBehavior':
      case 'Browser.grantPermissions':
      case 'Browser.resetPermissions':
      case 'Browser.setPermission':
      case 'Browser.cancelDownload':
      case 'Storage.getCookies':
      case 'Storage.setCookies':
      case 'Storage.clearCookies':
        return this.contextCommand(scope, method, params);
      default:
        return { error: { code: -32601, message: `'${method}' is not available through a tabwright task endpoint` } };
    }
  }

  /** Commands that act on a browser context: scoped to the task's context, or refused for others'. */
  private contextCommand(scope: BrowserScope, method: string, params: Record<string, unknown>): Promise<Reply> | Reply {
    const contextId = params.browserContextId as string | undefined;
    if (contextId !== undefined && contextId !== this.task.contextId && !this.createdContexts.has(contextId))
      return { error: { code: -32000, message: `Failed to find context with id ${contextId}` } };
    const scoped = contextId === undefined && this.task.contextId ? { ...params, browserContextId: this.task.contextId } : params;
    return this.forward(method, scoped, scope.realId);
  }

  private async createTarget(scope: BrowserScope, params: Record<string, unknown>): Promise<Reply> {
    const url = typeof params.url === 'string' ? params.url : 'about:blank';
    const verdict = checkUrl(url, { allowFile: this.task.allowFileUrls });
    if (!verdict.allowed) return { error: { code: -32000, message: `Refused by tabwright: ${verdict.reason}` } };
    const contextId = params.browserContextId as string | undefined;
    if (contextId !== undefined && contextId !== this.task.contextId && !this.createdContexts.has(contextId))
      return { error: { code: -32000, message: `Failed to find browser context with id ${contextId}` } };
    const scoped: Record<string, unknown> = { ...params, ...(contextId === undefined && this.task.contextId ? { browserContextId: this.task.contextId } : {}) };
    // A task's new tab opens in the background: it must not take the user's foreground.
    if (scoped.background === undefined) scoped.background = true;
    this.registry.beginCreate();
    try {
      const reply = await this.forward('Target.createTarget', scoped, scope.realId);
      const targetId = reply.result?.targetId as string | undefined;
      // Claiming delivers the held attach, so Playwright sees the page before the reply.
      if (targetId) this.registry.claim(targetId, this.task.name, 'created');
      return reply;
    } finally {
      this.registry.endCreate();
    }
  }

  private async targetCommand(session: TargetSession, method: string, params: Record<string, unknown>): Promise<Reply> {
    switch (method) {
      case 'Page.navigate': {
        const verdict = checkUrl(String(params.url ?? ''), { allowFile: this.task.allowFileUrls });
        if (!verdict.allowed) return { error: { code: -32000, message: `Refused by tabwright: ${verdict.reason}` } };
        break;
      }
      case 'Page.bringToFront':
        // Emulated focus: the task's tab stays in the background.
        return { result: {} };
      case 'Target.detachFromTarget': {
        const child = this.sessions.get(params.sessionId as string);
        if (!child || child.parent !== session) return { error: { code: -32602, message: 'No session with given id' } };
        return this.forward(method, { sessionId: child.realId }, session.realId);
      }
      case 'Target.setAutoAttach':
      case 'Target.getTargetInfo':
        if (params.targetId !== undefined) return { error: NO_TARGET };
        break;
      case 'DOM.setFileInputFiles':
        return { error: { code: -32000, message: 'Refused by tabwright: file paths are not sent to the browser; setInputFiles sends the bytes instead' } };
      default:
        if (method.startsWith('Target.')) return { error: { code: -32601, message: `'${method}' is not available on a page session` } };
        if (method.startsWith('Browser.') && method !== 'Browser.getWindowForTarget')
          return { error: { code: -32601, message: `'${method}' is not available on a page session` } };
        if (method === 'Network.clearBrowserCookies' || method === 'Network.getAllCookies' || method === 'Network.clearBrowserCache' || method.startsWith('Storage.'))
          if (!this.task.contextId) return { error: { code: -32601, message: `'${method}' acts on the shared profile and is refused; use context.cookies() or an isolated task` } };
    }
    return this.forward(method, params, session.realId);
  }

  // ---- browser -> client

  private async openScope(clientId: string | undefined): Promise<BrowserScope> {
    const { sessionId } = await this.cdp.send<{ sessionId: string }>('Target.attachToBrowserTarget');
    const scope: BrowserScope = { clientId, realId: sessionId, autoAttach: false, discover: false, held: new Map() };
    this.scopes.set(clientId, scope);
    this.cdp.listenToSession(sessionId, event => this.onScopeEvent(scope, event));
    if (this.closed) this.closeScope(scope);
    return scope;
  }

  private closeScope(scope: BrowserScope): void {
    this.scopes.delete(scope.clientId);
    for (const session of [...this.sessions.values()])
      if (session.scope === scope) this.forgetSession(session);
    this.cdp.stopListening(scope.realId);
    // Detaching the browser session closes every real session attached through it.
    this.cdp.raw('Target.detachFromTarget', { sessionId: scope.realId }).catch(() => {});
  }

  private ownsInfo(info: TargetInfo): boolean {
    if (info.type === 'browser' || info.type === 'tab') return false;
    const owner = this.registry.resolve(info);
    if (owner) return owner.task === this.task.name;
    // Frames and workers belong to the page that holds them: shown only via that page's session.
    return false;
  }

  private onScopeEvent(scope: BrowserScope, event: CdpMessage): void {
    const params = event.params ?? {};
    switch (event.method) {
      case 'Target.attachedToTarget': {
        const info = params.targetInfo as TargetInfo;
        const owner = this.registry.resolve(info);
        if (owner?.task === this.task.name) return this.deliverAttach(scope, event);
        if (!owner && info.type === 'page' && this.registry.creating) {
          scope.held.set(info.targetId, event);
          return;
        }
        return this.refuseAttach(scope, params.sessionId as string);
      }
      case 'Target.detachedFromTarget': {
        const session = this.byReal.get(params.sessionId as string);
        if (!session) {
          for (const [targetId, held] of scope.held)
            if (held.params?.sessionId === params.sessionId) scope.held.delete(targetId);
          return;
        }
        this.forgetSession(session);
        this.send({ method: event.method, params: { sessionId: session.clientId, targetId: session.targetId }, ...(scope.clientId ? { sessionId: scope.clientId } : {}) });
        return;
      }
      case 'Target.targetCreated':
      case 'Target.targetInfoChanged':
      case 'Target.targetDestroyed':
      case 'Target.targetCrashed': {
        const info = params.targetInfo as TargetInfo | undefined;
        const targetId = info?.targetId ?? (params.targetId as string);
        const owned = info ? this.ownsInfo(info) : this.owns(targetId);
        if (owned || (event.method === 'Target.targetDestroyed' && this.seen.has(targetId))) {
          if (event.method === 'Target.targetDestroyed') this.seen.delete(targetId);
          else this.seen.add(targetId);
          this.send({ method: event.method, params, ...(scope.clientId ? { sessionId: scope.clientId } : {}) });
        }
        return;
      }
      case 'Browser.downloadWillBegin':
      case 'Browser.downloadProgress':
        // Downloads are wired by the runtime (one profile, one download directory).
        return;
      default:
        return;
    }
  }

  private readonly seen = new Set<string>();

  private deliverAttach(scope: BrowserScope, event: CdpMessage): void {
    const params = event.params ?? {};
    const info = params.targetInfo as TargetInfo;
    const realId = params.sessionId as string;
    const clientId = `${this.task.name}-${info.type}-${this.nextSession++}`;
    const session: TargetSession = { clientId, realId, targetId: info.targetId, type: info.type, scope };
    this.track(session);
    this.send({ method: 'Target.attachedToTarget', params: { ...params, sessionId: clientId }, ...(scope.clientId ? { sessionId: scope.clientId } : {}) });
  }

  private refuseAttach(scope: BrowserScope, realSessionId: string): void {
    this.cdp.raw('Runtime.runIfWaitingForDebugger', {}, realSessionId).catch(() => {});
    this.cdp.raw('Target.detachFromTarget', { sessionId: realSessionId }, scope.realId).catch(() => {});
  }

  /** A held attach is decided when ownership changes or no createTarget is pending any more. */
  private decideHeld(targetId?: string): void {
    for (const scope of this.scopes.values()) {
      for (const [heldId, event] of [...scope.held]) {
        if (targetId && heldId !== targetId) continue;
        const owner = this.registry.ownerOf(heldId);
        if (owner?.task === this.task.name) {
          scope.held.delete(heldId);
          this.deliverAttach(scope, event);
        } else if (owner || !this.registry.creating) {
          scope.held.delete(heldId);
          this.refuseAttach(scope, event.params?.sessionId as string);
        }
      }
    }
  }

  private track(session: TargetSession): void {
    this.sessions.set(session.clientId, session);
    this.byReal.set(session.realId, session);
    this.cdp.listenToSession(session.realId, event => this.onTargetEvent(session, event));
  }

  private forgetSession(session: TargetSession): void {
    this.sessions.delete(session.clientId);
    this.byReal.delete(session.realId);
    this.cdp.stopListening(session.realId);
    for (const child of [...this.sessions.values()])
      if (child.parent === session) this.forgetSession(child);
  }

  private onTargetEvent(session: TargetSession, event: CdpMessage): void {
    const params = event.params ?? {};
    if (event.method === 'Target.attachedToTarget') {
      // OOPIFs and workers keep their real session ids; the client sees them on the parent's session.
      const info = params.targetInfo as TargetInfo;
      const child: TargetSession = { clientId: params.sessionId as string, realId: params.sessionId as string, targetId: info.targetId, type: info.type, parent: session };
      this.track(child);
    } else if (event.method === 'Target.detachedFromTarget') {
      const child = this.byReal.get(params.sessionId as string);
      if (child) this.forgetSession(child);
    }
    this.task.tap?.event(event.method ?? '', params, session.targetId);
    this.send({ ...event, sessionId: session.clientId });
  }

  /** Ownership ended (released, refused URL): the client loses every session on the target. */
  private detachTarget(targetId: string): void {
    for (const session of [...this.sessions.values()]) {
      if (session.targetId !== targetId || session.parent) continue;
      this.forgetSession(session);
      const scope = session.scope;
      if (scope) {
        this.cdp.raw('Target.detachFromTarget', { sessionId: session.realId }, scope.realId).catch(() => {});
        this.send({ method: 'Target.detachedFromTarget', params: { sessionId: session.clientId, targetId }, ...(scope.clientId ? { sessionId: scope.clientId } : {}) });
      }
    }
  }

  private send(message: CdpMessage): void {
    if (this.closed || this.ws.readyState !== this.ws.OPEN) return;
    this.ws.send(JSON.stringify(message));
  }

  private dispose(): void {
    if (this.closed) return;
    this.closed = true;
    this.registry.off('claimed', this.onClaimed);
    this.registry.off('settled', this.onSettled);
    this.registry.off('released', this.onReleased);
    for (const scope of [...this.scopes.values()]) {
      for (const event of scope.held.values()) this.refuseAttach(scope, event.params?.sessionId as string);
      this.closeScope(scope);
    }
    // Contexts the client created die with it, as Chrome does for disposeOnDetach.
    for (const id of this.createdContexts) {
      this.registry.disownContext(id);
      this.cdp.raw('Target.disposeBrowserContext', { browserContextId: id }).catch(() => {});
    }
  }
}
