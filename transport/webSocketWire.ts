// CDP over a WebSocket (a browser started with --remote-debugging-port, or a remote browser
// service): one CDP message per text frame, so no framing of our own.
import WebSocket from 'ws';
import type { CdpWire, WireEnd } from './cdpConnection.js';
import { shownBrowserUrl, withoutSecretsOf } from '../contract/browserAddress.js';

/**
 * The socket did not open: what was tried and what came back. `url` is shown without its
 * secrets (a service's token is in it); `status` is the HTTP answer a service gave instead of
 * an upgrade (429 full, 401 wrong token), `errno` the system's word when nothing answered.
 */
export class WebSocketConnectError extends Error {
  override name = 'WebSocketConnectError';
  readonly url: string;
  constructor(url: string, readonly reason: string, readonly answer: { status?: number; retryAfterS?: number; errno?: string } = {}) {
    const shown = shownBrowserUrl(url);
    const why = withoutSecretsOf(url, reason);
    super(`Cannot open a CDP WebSocket to ${shown}: ${why}`);
    this.url = shown;
    this.reason = why;
  }
}

/** Retry-After in seconds (a number of seconds, or an HTTP date), when the answer has one. */
function retryAfterOf(header: string | string[] | undefined): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds);
  const at = Date.parse(value);
  return Number.isFinite(at) ? Math.max(0, Math.ceil((at - Date.now()) / 1000)) : undefined;
}

/** Opens the socket; resolves once it is open, rejects with a WebSocketConnectError. */
export function openWebSocketWire(url: string, timeoutMs = 30_000): Promise<CdpWire> {
  // Screenshots and large evaluations exceed ws's 100 MiB default; Playwright allows 256 MiB.
  const socket = new WebSocket(url, { perMessageDeflate: false, maxPayload: 256 * 1024 * 1024, handshakeTimeout: timeoutMs });
  return new Promise((resolve, reject) => {
    const fail = (reason: string, answer: WebSocketConnectError['answer'] = {}) => {
      socket.removeAllListeners();
      socket.on('error', () => {});
      socket.terminate();
      reject(new WebSocketConnectError(url, reason, answer));
    };
    socket.once('error', (error: NodeJS.ErrnoException) => fail(error.message, error.code ? { errno: error.code } : {}));
    socket.once('unexpected-response', (_request, response) => {
      const status = response.statusCode ?? 0;
      const retryAfterS = retryAfterOf(response.headers['retry-after']);
      response.resume();
      fail(`HTTP ${status} instead of a WebSocket upgrade`, { status, ...(retryAfterS !== undefined ? { retryAfterS } : {}) });
    });
    socket.once('open', () => {
      socket.removeAllListeners();
      resolve(webSocketWire(socket));
    });
  });
}

function webSocketWire(socket: WebSocket): CdpWire {
  const closeListeners: Array<(end: WireEnd) => void> = [];
  let closed = false;
  /** What went wrong before the close, if anything (a service that wrote something other than WebSocket frames). */
  let lastError: string | undefined;
  const onGone = (end: WireEnd) => {
    if (closed) return;
    closed = true;
    for (const listener of closeListeners) listener(end);
  };
  socket.on('close', (code: number, reason: Buffer) => onGone({ by: 'browser', code, reason: reason.toString(), ...(lastError ? { error: lastError } : {}) }));
  // An error is followed by 'close'; listening here keeps it from crashing the runtime.
  socket.on('error', (error: Error) => { lastError ??= error.message; });
  return {
    write(text) {
      if (socket.readyState === WebSocket.OPEN) socket.send(text);
    },
    onMessage(listener) {
      socket.on('message', (data: WebSocket.RawData, isBinary: boolean) => {
        if (isBinary) return;
        listener(Array.isArray(data) ? Buffer.concat(data).toString('utf8') : data.toString());
      });
    },
    onClose(listener) {
      closeListeners.push(listener);
    },
    close() {
      socket.close();
      onGone({ by: 'runtime' });
    },
  };
}
