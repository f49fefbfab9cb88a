// CDP over a WebSocket (a browser started with --remote-debugging-port, or a remote browser
// service): one CDP message per text frame, so no framing of our own.
import WebSocket from 'ws';
import type { CdpWire } from './cdpConnection.js';

export class WebSocketConnectError extends Error {
  override name = 'WebSocketConnectError';
  constructor(readonly url: string, readonly reason: string) {
    super(`Cannot open a CDP WebSocket to ${url}: ${reason}`);
  }
}

/** Opens the socket; resolves once it is open, rejects with a WebSocketConnectError. */
export function openWebSocketWire(url: string, timeoutMs = 30_000): Promise<CdpWire> {
  // Screenshots and large evaluations exceed ws's 100 MiB default; Playwright allows 256 MiB.
  const socket = new WebSocket(url, { perMessageDeflate: false, maxPayload: 256 * 1024 * 1024, handshakeTimeout: timeoutMs });
  return new Promise((resolve, reject) => {
    const fail = (reason: string) => {
      socket.removeAllListeners();
      socket.on('error', () => {});
      socket.terminate();
      reject(new WebSocketConnectError(url, reason));
    };
    socket.once('error', error => fail(error.message));
    socket.once('unexpected-response', (_request, response) => fail(`HTTP ${response.statusCode} instead of a WebSocket upgrade`));
    socket.once('open', () => {
      socket.removeAllListeners();
      resolve(webSocketWire(socket));
    });
  });
}

function webSocketWire(socket: WebSocket): CdpWire {
  const closeListeners: Array<() => void> = [];
  let closed = false;
  const onGone = () => {
    if (closed) return;
    closed = true;
    for (const listener of closeListeners) listener();
  };
  socket.on('close', onGone);
  // An error is followed by 'close'; listening here keeps it from crashing the runtime.
  socket.on('error', onGone);
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
      onGone();
    },
  };
}
