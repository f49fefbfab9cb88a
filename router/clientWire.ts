// The wire to one client: replies and events out, commands forwarded to Chrome.
//
// Replies are relayed from the synchronous callback of CdpConnection.request, never through
// a promise: a reply must reach the client before the events Chrome sent after it (a frame
// tree answered before a navigation commits, then the commit).
import type { CdpConnection, CdpMessage } from '../transport/cdpConnection.js';
import type { ClientSocket } from './clientSocket.js';
import type { ProtocolError } from './protocolErrors.js';
import type { BrowserScope, SessionTable } from './sessionTable.js';
import { relayedReply } from './wireText.js';

export type Reply = { result?: Record<string, unknown>; error?: ProtocolError };
/** Answers a client command; `raw` is Chrome's reply text, relayed as is when nothing was rewritten. */
export type Respond = (reply: Reply, raw?: { text: string; realSessionId?: string }) => void;

export class ClientWire {
  closed = false;

  constructor(private readonly socket: ClientSocket, private readonly cdp: CdpConnection, private readonly table: SessionTable) {}

  /** The answer to one client command, on the session it came on. */
  responderFor(id: number, sessionId: string | undefined): Respond {
    return (reply, raw) => {
      const text = raw && relayedReply(raw.text, id, raw.realSessionId, sessionId);
      if (text !== undefined) this.sendText(text);
      else this.send({ id, ...reply, ...(sessionId !== undefined ? { sessionId } : {}) });
    };
  }

  /** Sends upstream; `then` may rewrite the reply (synchronously) before the client gets it. */
  forward(method: string, params: Record<string, unknown>, realSessionId: string | undefined, respond: Respond, then?: (reply: Reply) => Reply): void {
    this.cdp.request(method, params, realSessionId, (message, text) => {
      const reply: Reply = message.error ? { error: message.error } : { result: message.result ?? {} };
      if (then) respond(then(reply));
      else respond(reply, text === undefined ? undefined : { text, ...(realSessionId ? { realSessionId } : {}) });
    });
  }

  /** Sends an event on a browser-level session (the root has no session id). */
  sendOn(scope: BrowserScope, message: CdpMessage): void {
    if (this.table.scopes.get(scope.clientId) !== scope) return;
    this.send(scope.clientId === undefined ? message : { ...message, sessionId: scope.clientId });
  }

  send(message: CdpMessage): void {
    this.sendText(JSON.stringify(message));
  }

  sendText(text: string): void {
    if (this.closed || !this.socket.open) return;
    this.socket.send(text);
  }

  close(code: number, reason: string): void {
    this.socket.close(code, reason);
  }
}
