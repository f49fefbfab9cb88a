// Playwright's CDP transport over the MessagePort the router gave this worker (see
// router/clientSocket.ts): each message crosses as its JSON text, as over a WebSocket, but
// without the socket.
import type { MessagePort } from 'node:worker_threads';
import type { ConnectOverCDPTransport } from 'playwright-core';

export function portTransport(port: MessagePort): ConnectOverCDPTransport {
  const transport: ConnectOverCDPTransport = {
    send: message => port.postMessage(JSON.stringify(message)),
    close: () => port.close(),
  };
  port.on('message', (text: string) => transport.onmessage?.(JSON.parse(text) as object));
  port.once('close', () => transport.onclose?.());
  return transport;
}
