// A browser the runtime did not start and must never close: the user's Chrome started with
// remote debugging, or a remote browser service. Reached by `runtime start --connect`, either the
// browser's WebSocket URL or its HTTP debugging address (resolved through /json/version).
import { EventEmitter } from 'node:events';
import type { Logger } from 'pino';
import { CdpConnection } from './cdpConnection.js';
import type { BrowserLink, BrowserVersion } from './browserLink.js';
import { openWebSocketWire, WebSocketConnectError } from './webSocketWire.js';
import { shownBrowserUrl } from '../contract/browserAddress.js';
import { serviceErrorOf } from './browserServiceAnswer.js';
import { describeLinkEnd } from './linkEnd.js';
import { BrowserUnresponsive, DEFAULT_BROWSER_ANSWER_MS } from './browserAnswer.js';
import { connectedBrowserFiles, type BrowserFiles } from './browserFiles.js';
import { findActivePorts, howToEnableRemoteDebugging, userDataDirsToSearch, type ActivePort } from './devToolsActivePort.js';

/** `runtime start --auto-connect`. */
export const AUTO_CONNECT = 'auto';
/**
 * A browser whose own remote-debugging setting is on may ask the person to allow the
 * connection; the handshake waits that long for them.
 */
const AUTO_CONNECT_TIMEOUT_MS = 60_000;

/** The URL given cannot be used. `url` and the message show it without its secrets. */
export class CdpUrlError extends Error {
  override name = 'CdpUrlError';
  readonly url: string;
  constructor(url: string, readonly reason: string) {
    const shown = shownBrowserUrl(url);
    super(`--connect ${shown}: ${reason}`);
    this.url = shown;
  }
}

/** The browser's WebSocket URL: given as is, or asked of the HTTP endpoint's /json/version. */
export async function resolveBrowserWebSocketUrl(cdpUrl: string): Promise<string> {
  let url: URL;
  try {
    url = new URL(cdpUrl);
  } catch {
    throw new CdpUrlError(cdpUrl, 'not a URL; give ws://HOST:PORT/devtools/browser/ID or http://HOST:PORT');
  }
  if (url.protocol === 'ws:' || url.protocol === 'wss:') return cdpUrl;
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new CdpUrlError(cdpUrl, `unsupported scheme ${url.protocol}; give ws://HOST:PORT/devtools/browser/ID or http://HOST:PORT`);
  // A service's token (or any query) goes along: /json/version is behind it too.
  const versionUrl = new URL(`/json/version${url.search}`, url);
  let body: { webSocketDebuggerUrl?: string };
  try {
    const response = await fetch(versionUrl, { signal: AbortSignal.timeout(30_000) });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    body = await response.json() as { webSocketDebuggerUrl?: string };
  } catch (error) {
    throw new CdpUrlError(cdpUrl, `${shownBrowserUrl(versionUrl.toString())} did not answer (${(error as Error).message}); is the browser running with --remote-debugging-port?`);
  }
  if (!body.webSocketDebuggerUrl) throw new CdpUrlError(cdpUrl, `${shownBrowserUrl(versionUrl.toString())} names no webSocketDebuggerUrl`);
  // The browser names the host as it sees itself (often localhost); reach it where we found it.
  const ws = new URL(body.webSocketDebuggerUrl);
  ws.host = url.host;
  if (url.protocol === 'https:') ws.protocol = 'wss:';
  for (const [key, value] of url.searchParams) if (!ws.searchParams.has(key)) ws.searchParams.set(key, value);
  return ws.toString();
}

export class ConnectedBrowser extends EventEmitter implements BrowserLink {
  readonly kind = 'connected' as const;
  readonly pid = undefined;

  /** When the link opened, to say how long it lived when it ends. */
  private readonly openedAt = Date.now();

  /** @param webSocketUrl where it was reached, secrets included: used to connect, never shown (`shownUrl` is). */
  private constructor(readonly connection: CdpConnection, readonly version: BrowserVersion, readonly webSocketUrl: string, readonly files: BrowserFiles) {
    super();
    connection.once('close', () => this.emit('exit'));
  }

  /** The address as status and logs show it: without its token. */
  get shownUrl(): string {
    return shownBrowserUrl(this.webSocketUrl);
  }

  /**
   * Whether the browser was made for this connection: a browser service's (Browserless and the
   * hosted ones give each CDP connection a new browser and profile, at an address of their own
   * such as `ws://host:3000?token=T`), not a running browser's DevTools endpoint
   * (`/devtools/browser/ID`, which is also where http:// and --auto-connect lead), which is
   * someone's own. Only what is the runtime's to set in a fresh profile depends on it (where
   * downloads are saved); everything that guards a person's profile stays on either way.
   */
  get madeForThisConnection(): boolean {
    try {
      return !/^\/devtools\/browser\//.test(new URL(this.webSocketUrl).pathname);
    } catch {
      return false;
    }
  }

  /** How the link ended, in a person's words (undefined while it lives, or when the runtime ended it). */
  get ending(): string | undefined {
    const end = this.connection.end;
    if (!end || end.by === 'runtime') return undefined;
    return describeLinkEnd(end, Date.now() - this.openedAt);
  }

  /**
   * `auto`: the running browser a DevToolsActivePort names (devToolsActivePort.ts); else a CDP URL.
   * @param log what the connection reports (runtime.log's child for it).
   */
  static async connect(cdpUrl: string, log: Logger, env: NodeJS.ProcessEnv = process.env, answerLimitMs = DEFAULT_BROWSER_ANSWER_MS): Promise<ConnectedBrowser> {
    if (cdpUrl === AUTO_CONNECT) return ConnectedBrowser.autoConnect(log, env, answerLimitMs);
    return ConnectedBrowser.connectTo(cdpUrl, await resolveBrowserWebSocketUrl(cdpUrl), log, env, answerLimitMs);
  }

  /** Tried newest first; a file a crashed browser left behind names a port nothing answers on. */
  private static async autoConnect(log: Logger, env: NodeJS.ProcessEnv, answerLimitMs: number): Promise<ConnectedBrowser> {
    const looked = userDataDirsToSearch(env);
    const stale: ActivePort[] = [];
    for (const found of findActivePorts(looked)) {
      try {
        return await ConnectedBrowser.connectTo(AUTO_CONNECT, found.webSocketUrl, log, env, answerLimitMs, AUTO_CONNECT_TIMEOUT_MS);
      } catch {
        stale.push(found);
      }
    }
    throw new CdpUrlError(AUTO_CONNECT, howToEnableRemoteDebugging(looked, stale));
  }

  private static async connectTo(cdpUrl: string, webSocketUrl: string, log: Logger, env: NodeJS.ProcessEnv, answerLimitMs: number, handshakeMs = answerLimitMs): Promise<ConnectedBrowser> {
    let connection: CdpConnection;
    try {
      connection = new CdpConnection(await openWebSocketWire(webSocketUrl, handshakeMs), log, { answerLimitMs });
    } catch (error) {
      // A service's answer (full, wrong token, nothing there) is a named error; anything else says what the socket said.
      if (error instanceof WebSocketConnectError) throw serviceErrorOf(error) ?? new CdpUrlError(cdpUrl, error.message);
      throw error;
    }
    try {
      const version = await connection.send('Browser.getVersion');
      return new ConnectedBrowser(connection, version, webSocketUrl, connectedBrowserFiles(cdpUrl, webSocketUrl, env));
    } catch (error) {
      connection.disconnect();
      if (error instanceof BrowserUnresponsive) throw error;
      throw new CdpUrlError(cdpUrl, `the browser did not answer Browser.getVersion (${(error as Error).message})`);
    }
  }

  get alive(): boolean {
    return !this.connection.closed;
  }

  drop(): void {
    this.connection.disconnect();
  }

  /** Never Browser.close: the browser and its tabs are someone else's. */
  async close(): Promise<void> {
    this.connection.disconnect();
  }
}
