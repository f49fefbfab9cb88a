// The loopback server behind every task's endpoint:
//   ws://127.0.0.1:PORT/devtools/browser/<task>/<secret>
// The secret is per task and unguessable; an upgrade with a wrong secret, or from a web page
// (any Origin header), is refused before a single CDP message is read. A task's own worker
// connects through a MessagePort instead (connectWorker): same router, no socket.
import http from 'node:http';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import type { AddressInfo } from 'node:net';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { WebSocketServer } from 'ws';
import type { Logger } from 'pino';
import { ClientConnection } from './clientConnection.js';
import type { TaskScope, UpstreamBrowser } from './taskScope.js';
import type { OwnershipRegistry } from './ownership.js';
import { messagePortClient, webSocketClient, type ClientSocket } from './clientSocket.js';

interface Endpoint {
  scope: TaskScope;
  secret: string;
  clients: Set<ClientSocket>;
}

export type { TaskScope, UpstreamBrowser } from './taskScope.js';

export class RouterServer {
  private readonly server = http.createServer((req, res) => this.onHttp(req, res));
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: 256 * 1024 * 1024 });
  private readonly endpoints = new Map<string, Endpoint>();
  private port = 0;

  /**
   * @param browser the browser behind a task's endpoint, asked for each client as it connects: the
   * one every task shares, or the task's own (a browser service gives each task one). The router
   * knows nothing of how the runtime keeps them.
   * @param log the runtime's logger for the router; each client connection gets a child naming its task.
   */
  constructor(
    private readonly registry: OwnershipRegistry,
    private readonly browser: (task: string) => UpstreamBrowser | undefined,
    private readonly log: Logger,
  ) {
    this.server.on('upgrade', (req, socket, head) => {
      const endpoint = this.authorize(req);
      if (!endpoint) {
        socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n');
        return;
      }
      const link = this.browser(endpoint.scope.name);
      if (!link || link.cdp.closed) {
        socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\n\r\n');
        return;
      }
      this.wss.handleUpgrade(req, socket, head, ws => this.accept(endpoint, webSocketClient(ws), link));
    });
  }

  /**
   * A client for the task's own worker, on the other end of the returned port (transfer it to
   * the worker). Undefined when the task has no open endpoint or the browser is not there.
   */
  connectWorker(task: string): MessagePort | undefined {
    const endpoint = this.endpoints.get(task);
    const link = this.browser(task);
    if (!endpoint || !link || link.cdp.closed) return undefined;
    const { port1, port2 } = new MessageChannel();
    // The worker holds the runtime up while it is needed; its port alone must not.
    port1.unref();
    this.accept(endpoint, messagePortClient(port1), link);
    return port2;
  }

  private accept(endpoint: Endpoint, client: ClientSocket, link: UpstreamBrowser): void {
    endpoint.clients.add(client);
    client.onClose(() => endpoint.clients.delete(client));
    new ClientConnection(client, endpoint.scope, link, this.registry, this.log.child({ task: endpoint.scope.name }));
  }

  async listen(): Promise<void> {
    await new Promise<void>(resolve => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  /**
   * Opens the task's endpoint, or returns the open one with its scope brought up to date (the
   * secret stays: a client may hold the URL). Each client reads the scope when it connects.
   */
  open(scope: TaskScope): string {
    let endpoint = this.endpoints.get(scope.name);
    if (!endpoint) {
      endpoint = { scope, secret: randomBytes(24).toString('base64url'), clients: new Set() };
      this.endpoints.set(scope.name, endpoint);
    }
    endpoint.scope = scope;
    return this.urlOf(endpoint);
  }

  /** Closes the task's endpoint for good: its clients are dropped and its secret stops working. */
  forget(task: string, reason: string): void {
    this.disconnect(task, reason);
    this.endpoints.delete(task);
  }

  /** Drops every client of the task (release, close, worker end), keeping the endpoint. */
  disconnect(task: string, reason: string): void {
    for (const client of [...this.endpoints.get(task)?.clients ?? []]) client.close(4001, reason);
  }

  /** Drops every client of every task (the browser went away). */
  disconnectAll(reason: string): void {
    for (const task of this.endpoints.keys()) this.disconnect(task, reason);
  }

  async close(): Promise<void> {
    this.disconnectAll('runtime stopping');
    this.wss.close();
    const closed = new Promise<void>(resolve => this.server.close(() => resolve()));
    // A client that does not answer its close (or holds a half-sent request) must not hold the stop up.
    this.server.closeAllConnections();
    await closed;
  }

  private urlOf(endpoint: Endpoint): string {
    return `ws://127.0.0.1:${this.port}/devtools/browser/${encodeURIComponent(endpoint.scope.name)}/${endpoint.secret}`;
  }

  private authorize(req: http.IncomingMessage): Endpoint | undefined {
    // Browsers always send Origin; Node clients (Playwright, Puppeteer) do not.
    if (req.headers.origin) return undefined;
    const match = /^\/devtools\/browser\/([^/]+)\/([^/?]+)/.exec(req.url ?? '');
    if (!match) return undefined;
    let task: string;
    try {
      task = decodeURIComponent(match[1]);
    } catch {
      return undefined;
    }
    const endpoint = this.endpoints.get(task);
    if (!endpoint) return undefined;
    const given = Buffer.from(match[2]);
    const expected = Buffer.from(endpoint.secret);
    return given.length === expected.length && timingSafeEqual(given, expected) ? endpoint : undefined;
  }

  /** `/json/version` discovery, for clients given an http:// endpoint. */
  private onHttp(req: http.IncomingMessage, res: http.ServerResponse): void {
    const match = /^\/devtools\/browser\/([^/]+)\/([^/?]+)\/json\/version\/?/.exec(req.url ?? '');
    const endpoint = match && !req.headers.origin ? this.authorize({ ...req, url: `/devtools/browser/${match[1]}/${match[2]}`, headers: req.headers } as http.IncomingMessage) : undefined;
    const link = endpoint && this.browser(endpoint.scope.name);
    if (!endpoint || !link) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({
      Browser: link.version.product,
      'Protocol-Version': link.version.protocolVersion,
      'User-Agent': link.version.userAgent,
      'V8-Version': link.version.jsVersion,
      webSocketDebuggerUrl: this.urlOf(endpoint),
    }));
  }
}
