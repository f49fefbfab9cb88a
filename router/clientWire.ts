// The wire to one client: replies and events out, commands forwarded to Chrome.
//
// Replies are relayed from the synchronous callback of CdpConnection.relay (or .request when
// the router reads the reply), never through a promise: a reply must reach the client before
// the events Chrome sent after it (a frame tree answered before a navigation commits, then the
// commit). A reply that only passes through is never parsed: its id and session id are swapped
// in Chrome's text (wireText.ts).
import type { CdpConnection, CdpMessage, RelayedReply } from '../transport/cdpConnection.js';
import type { ClientSocket } from './clientSocket.js';
import type { ProtocolError } from './protocolErrors.js';
import type { BrowserScope, SessionTable } from './sessionTable.js';
import { relayedReply } from './wireText.js';

export type Reply = { result?: Record<string, unknown>; error?: ProtocolError };
/** Chrome's reply text to a forwarded command, sent on readdressed (never parsed when it can be). */
export type ChromeReply = { text: string; realSessionId?: string };
/** Answers a client command: a reply of the router's, or Chrome's own. */
export type Respond = (reply: Reply | ChromeReply) => void;

/**
 * How far a client may fall behind reading what the router sends it before it is closed: a
 * client that stopped reading (a hung process, a paused debugger) would otherwise have every
 * reply and event buffered in the runtime until its program's timeout or for ever (screencast
 * frames alone come at ~100 KiB each). Checked before each message, so one message past the
 * mark still goes: a large screenshot (up to the 256 MiB a message may be) is never refused on
 * its own, only a backlog behind it.
 */
export const CLIENT_BACKLOG_LIMIT = 128 * 2 ** 20;

/** The close code for a client that does not read (WebSocket 1008, policy violation). */
export const CLIENT_NOT_READING = 1008;

export class ClientWire {
  closed = false;

  /** @param onStalled told once, with the reason, when the client is closed for not reading. */
  constructor(
    private readonly socket: ClientSocket,
    private readonly cdp: CdpConnection,
    private readonly table: SessionTable,
    private readonly onStalled: (reason: string) => void = () => {},
  ) {}

  /** The answer to one client command, on the session it came on. */
  responderFor(id: number, sessionId: string | undefined): Respond {
    return reply => {
      if ('text' in reply) {
        const text = relayedReply(reply.text, id, reply.realSessionId, sessionId);
        if (text !== undefined) return this.sendText(text);
        reply = replyOf(JSON.parse(reply.text) as CdpMessage);
      }
      this.send({ id, ...reply, ...(sessionId !== undefined ? { sessionId } : {}) });
    };
  }

  /** Sends upstream; `then` may rewrite the reply (synchronously) before the client gets it. */
  forward(method: string, params: Record<string, unknown>, realSessionId: string | undefined, respond: Respond, then?: (reply: Reply) => Reply): void {
    if (then) return this.cdp.request(method, params, realSessionId, message => respond(then(replyOf(message))));
    this.cdp.relay(method, params, realSessionId, (reply: RelayedReply) => {
      respond('text' in reply ? { text: reply.text, ...(realSessionId ? { realSessionId } : {}) } : replyOf(reply.message));
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
    const backlog = this.socket.backlog;
    if (backlog > CLIENT_BACKLOG_LIMIT) {
      // Closing stops the backlog growing (nothing more is sent); the socket goes once the
      // close is delivered, or at the WebSocket's own close timeout if it never is.
      const reason = `the client did not read: ${Math.round(backlog / 2 ** 20)} MiB waited to be sent to it`;
      this.socket.close(CLIENT_NOT_READING, reason);
      this.onStalled(reason);
      return;
    }
    this.socket.send(text);
  }

  close(code: number, reason: string): void {
    this.socket.close(code, reason);
  }
}

function replyOf(message: CdpMessage): Reply {
  return message.error ? { error: message.error } : { result: message.result ?? {} };
}
