// One client (a task's Playwright, Puppeteer, or any CDP client) connected to its task's
// endpoint. The client sees a browser that holds only the task's targets. Every session it
// gets is backed by a real session of its own on the runtime's pipe, so whatever it enables
// (Fetch interception, bindings, init scripts) dies with it.
//
// This class is the connection's one intake: every client message is parsed here and
// dispatched by the session it names (browser scope, target session, synthetic tab). It builds
// the parts, one protocol concept each, in the order they depend on one another, and hands
// each what it uses through its constructor; no part reaches back to this class.
import type { Logger } from 'pino';
import type { CdpConnection, CdpMessage } from '../transport/cdpConnection.js';
import type { OwnershipRegistry } from './ownership.js';
import type { ClientSocket } from './clientSocket.js';
import type { TaskScope, UpstreamBrowser } from './taskScope.js';
import { SessionTable } from './sessionTable.js';
import { ClientWire } from './clientWire.js';
import { BrowserCommands } from './browserCommands.js';
import { BrowserScopes } from './browserScopes.js';
import { TabTargets } from './tabTargetSessions.js';
import { PageCommands } from './pageCommands.js';
import { Windows } from './windows.js';
import { EventRelay, type EventView } from './eventRelay.js';
import { ChildSessions } from './childSessions.js';
import { framesRefusable } from './childSessionPolicy.js';
import { PersonHoldEvents } from './personHoldEvents.js';
import { ClientDownloads } from './clientDownloads.js';
import { OwnershipReactions } from './ownershipReactions.js';
import { UserProfile } from './userProfile.js';
import { ProfileEvents } from './profileEvents.js';
import { checkUrl } from './urlPolicy.js';
import { NO_SESSION } from './protocolErrors.js';
import { observeCommand } from './commandTap.js';

export class ClientConnection {
  private readonly cdp: CdpConnection;
  private readonly table: SessionTable;
  private readonly wire: ClientWire;
  private readonly events: EventRelay;
  private readonly tabs: TabTargets;
  private readonly downloads: ClientDownloads;
  private readonly scopes: BrowserScopes;
  private readonly pages: PageCommands;
  private readonly browser: BrowserCommands;
  private readonly reactions: OwnershipReactions;
  private readonly ready: Promise<unknown>;
  private isReady = false;

  constructor(
    socket: ClientSocket,
    private readonly task: TaskScope,
    upstream: UpstreamBrowser,
    private readonly registry: OwnershipRegistry,
    /** The router's logger, with this connection's task in its fields (routerServer.ts). */
    private readonly log: Logger,
  ) {
    const cdp = this.cdp = upstream.cdp;
    const table = this.table = new SessionTable(task, registry);
    const wire = this.wire = new ClientWire(socket, cdp, table, reason => this.log.warn(`closed a client of task ${task.name}: ${reason}`));
    const frameChecks = framesRefusable(task.urlPolicy, upstream.userProfile);
    const children = new ChildSessions(task, cdp, registry, table, frameChecks);
    const profile = new UserProfile(upstream, table, wire);
    const profileEvents = upstream.userProfile
      ? new ProfileEvents(() => registry.pageUrlsOf(task.name), url => checkUrl(url, task.urlPolicy).allowed, contextId => profile.guards(contextId))
      : undefined;
    const personInput = new PersonHoldEvents(cdp, () => task.personHold?.());
    // What a person types during a hand-over first (it may hold an event back), then other sites' cookies.
    const view: EventView = (session, event) => {
      const held = personInput.rewrite(session, event);
      return held === null ? null : profileEvents?.rewrite(session, held ?? event) ?? held;
    };
    const events = this.events = new EventRelay(task, cdp, registry, table, wire, children, view);
    const tabs = this.tabs = new TabTargets(cdp, table, wire, events);
    const windows = new Windows(table, wire);
    const downloads = this.downloads = new ClientDownloads(task, upstream.downloads, table, wire);
    const scopes = this.scopes = new BrowserScopes(task, cdp, registry, table, wire, events, tabs, downloads, children);
    this.pages = new PageCommands(task, cdp, registry, table, wire, windows, socket.ownWorker, profile, upstream.userProfile, frameChecks, personInput);
    this.browser = new BrowserCommands(task, upstream, registry, table, wire, events, tabs, downloads, windows, scopes, profile);
    this.reactions = new OwnershipReactions(task, cdp, registry, table, events, tabs, scopes);
    this.ready = this.scopes.open(undefined).then(
      () => { this.isReady = true; },
      () => {
        this.isReady = true;
        socket.close(1011, 'the browser is not available');
      });
    this.reactions.subscribe();
    this.downloads.subscribe();
    socket.onMessage(text => this.handle(text));
    socket.onClose(() => this.dispose());
  }

  /**
   * One bad command must not end the connection, nor the runtime: a command held until the
   * scope opened runs from a promise, where a throw would be an unhandled rejection (which
   * stops the runtime, runtimeStop.ts). The runtime's log keeps what threw.
   */
  private handle(text: string): void {
    try {
      this.onClientMessage(text);
    } catch (error) {
      this.log.error({ err: error }, `a client's command failed in the router: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** The one dispatch point: a client command goes to the part that owns the session it names. */
  private onClientMessage(text: string): void {
    let message: CdpMessage;
    try {
      message = JSON.parse(text) as CdpMessage;
    } catch {
      return;
    }
    if (typeof message.id !== 'number' || typeof message.method !== 'string') return;
    if (!this.isReady) {
      void this.ready.then(() => this.handle(text));
      return;
    }
    const sessionId = message.sessionId;
    const respond = this.wire.responderFor(message.id, sessionId);
    const params = message.params ?? {};
    const scope = this.table.scopes.get(sessionId);
    if (scope) return this.browser.handle(scope, message.method, params, respond);
    const session = sessionId === undefined ? undefined : this.table.sessions.get(sessionId);
    if (session) {
      // Forwarded first, observed after: observation never holds a command back or drops it.
      this.pages.handle(session, message.method, params, respond);
      observeCommand(this.task.tap, message.method, params, session.targetId);
      return;
    }
    const tab = sessionId === undefined ? undefined : this.table.tabs.get(sessionId);
    respond(tab ? this.tabs.command(tab, message.method, params) : { error: NO_SESSION });
  }

  private dispose(): void {
    if (this.wire.closed) return;
    this.wire.closed = true;
    this.reactions.unsubscribe();
    this.downloads.unsubscribe();
    for (const scope of [...this.table.scopes.values()]) this.scopes.close(scope);
    // Contexts the client created die with it, as Chrome does for disposeOnDetach.
    for (const id of this.table.createdContexts) {
      this.registry.disownContext(id);
      this.cdp.raw('Target.disposeBrowserContext', { browserContextId: id }).catch(() => {});
    }
  }
}
