// What a client connection needs from the socket its client is on: text in, text out, close.
// Two kinds: a WebSocket (any CDP client, through the task's endpoint URL) and a MessagePort
// (the task's own worker, a thread of this process). The port carries the same message texts
// without WebSocket framing, masking, a UTF-8 encode and decode each way and a loopback TCP
// hop: that was about half of the main thread's CPU time per program.
import type { MessagePort } from 'node:worker_threads';
import type { WebSocket } from 'ws';

export interface ClientSocket {
  /**
   * The task's own worker, on a port. Its Playwright counts the browser as on its machine and
   * names upload files by path (DOM.setFileInputFiles) where over a WebSocket it sends their
   * bytes: the same files, read by Chromium instead of the worker, so they are let through.
   */
  readonly ownWorker: boolean;
  readonly open: boolean;
  /** Bytes sent that the client has not taken yet (a WebSocket's unwritten buffer; a port's: none counted). */
  readonly backlog: number;
  send(text: string): void;
  close(code: number, reason: string): void;
  onMessage(listener: (text: string) => void): void;
  /** Called when the socket ends from either side, or fails (possibly more than once). */
  onClose(listener: () => void): void;
}

export function webSocketClient(ws: WebSocket): ClientSocket {
  return {
    ownWorker: false,
    get open() { return ws.readyState === ws.OPEN; },
    get backlog() { return ws.bufferedAmount; },
    send: text => ws.send(text),
    close: (code, reason) => ws.close(code, reason),
    onMessage: listener => ws.on('message', data => listener(data.toString())),
    onClose: listener => {
      ws.on('close', listener);
      ws.on('error', listener);
    },
  };
}

/** The runtime's side of a worker's port: the worker posts each CDP message as its JSON text. */
export function messagePortClient(port: MessagePort): ClientSocket {
  let open = true;
  port.once('close', () => { open = false; });
  return {
    ownWorker: true,
    get open() { return open; },
    // The task's own worker, a thread of this process: it reads as long as it lives.
    backlog: 0,
    send: text => { if (open) port.postMessage(text); },
    // A port has no close code: the worker sees its browser disconnect, which is all it needs.
    close: () => {
      open = false;
      port.close();
    },
    onMessage: listener => port.on('message', (text: unknown) => { if (typeof text === 'string') listener(text); }),
    onClose: listener => port.once('close', listener),
  };
}
