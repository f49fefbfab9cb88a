// The runtime's one real connection to Chromium: CDP over a wire (the debugging pipe of a
// launched browser, or a WebSocket to a running one: see webSocketWire.ts). Every task's
// traffic is multiplexed here by the router; nothing else talks to the browser.
import { EventEmitter } from 'node:events';
import type { Readable, Writable } from 'node:stream';
import type { Logger } from 'pino';
import { cdpEvent, type CdpCommandName, type CdpEvent, type CdpParams, type CdpResult } from './cdpProtocol.js';
import { BrowserUnresponsive } from './browserAnswer.js';

/**
 * How a wire ended, when it can say: closed by the runtime, or by the other side (a WebSocket's
 * close code and reason, and the error that came before, if any). A pipe says nothing.
 */
export type WireEnd =
  | { by: 'runtime' }
  | { by: 'browser'; code: number; reason: string; error?: string };

/**
 * How whole CDP messages (JSON texts) travel to and from a browser. The connection above it
 * is the same whatever the wire; `onMessage` delivers in the order the browser sent.
 */
export interface CdpWire {
  write(text: string): void;
  onMessage(listener: (text: string) => void): void;
  /** Called once when the wire can carry nothing more (closed, errored, the browser gone), with how, when the wire knows. */
  onClose(listener: (end?: WireEnd) => void): void;
  close(): void;
}

/** The debugging pipe: fd 3 to the browser, fd 4 from it, messages separated by NUL. */
export function pipeWire(toBrowser: Writable, fromBrowser: Readable): CdpWire {
  let buffered: Buffer[] = [];
  return {
    write: text => { toBrowser.write(text + '\0'); },
    onMessage(listener) {
      fromBrowser.on('data', (chunk: Buffer) => {
        let start = 0;
        let end = chunk.indexOf(0);
        while (end !== -1) {
          buffered.push(chunk.subarray(start, end));
          const text = Buffer.concat(buffered).toString('utf8');
          buffered = [];
          listener(text);
          start = end + 1;
          end = chunk.indexOf(0, start);
        }
        if (start < chunk.length) buffered.push(chunk.subarray(start));
      });
    },
    onClose(listener) {
      fromBrowser.on('close', listener);
      toBrowser.on('error', listener);
      fromBrowser.on('error', listener);
    },
    close() {
      toBrowser.destroy();
      fromBrowser.destroy();
    },
  };
}

export interface CdpMessage {
  id?: number;
  method?: string;
  params?: Record<string, unknown>;
  result?: Record<string, unknown>;
  error?: { code: number; message: string; data?: unknown };
  sessionId?: string;
}

/** A command's params (optional when the protocol says they are) and the session to send it on. */
type SendArgs<C extends CdpCommandName> = undefined extends CdpParams<C>
  ? [params?: CdpParams<C>, sessionId?: string]
  : [params: CdpParams<C>, sessionId?: string];

/** The connection's own error code for a command the browser did not answer within the limit (JSON-RPC's server range). */
const NO_ANSWER = -32099;

function disconnected(): CdpMessage {
  return { error: { code: -32000, message: 'Browser has disconnected' } };
}

export class CdpError extends Error {
  override name = 'CdpError';
  constructor(readonly method: string, readonly code: number, message: string) {
    super(`${method}: ${message}`);
  }
}

/**
 * Receives every event (and nothing else) for one real session id, typed by its method; `text`
 * is the message as Chrome sent it, for relays that pass it on without re-serializing.
 */
export type SessionListener = (event: CdpEvent, text: string) => void;

/**
 * A reply relayed on as Chrome wrote it: `text` when Chrome answered (never parsed here), or the
 * connection's own `message` when it could not be sent or the browser went away.
 */
export type RelayedReply = { text: string } | { message: CdpMessage };

/** Who waits for a reply: a parsed message, or (relay) Chrome's text; `sessionId`: the session it was sent on. */
type ReplyWaiter =
  | { method: string; sessionId?: string; relay: false; resolve: (m: CdpMessage) => void }
  | { method: string; sessionId?: string; relay: true; resolve: (reply: RelayedReply) => void };

/**
 * Chrome's answer to a command on a closed session. A command already sent when its session
 * detaches gets no answer at all from Chrome (Chromium 156): the connection gives it this one.
 */
function sessionGone(): CdpMessage {
  return { error: { code: -32001, message: 'Session with given id not found.' } };
}

/** A reply's id, as Chrome writes it: first, before the result or error. */
const REPLY_ID = /^\{"id":(\d+),/;

export interface CdpConnectionOptions {
  /**
   * How long the runtime's own commands (`raw`, `send`) wait for their answer (browserAnswer.ts);
   * a client's commands relayed by the router (`request`, `relay`) are the client's to bound.
   */
  answerLimitMs?: number;
}

/**
 * Events: 'event' (a browser-level event); 'close' once; 'unresponsive' (BrowserUnresponsive)
 * when a browser-level command of the runtime's own went unanswered within the limit: whoever
 * holds the browser ends the link (browserSession.ts).
 */
export class CdpConnection extends EventEmitter {
  private nextId = 1;
  private readonly pending = new Map<number, ReplyWaiter>();
  private readonly sessionListeners = new Map<string, SessionListener>();
  /**
   * Every attached session -> the session it was attached through ('' for the root). Chrome
   * reports the detach of a session only on its parent, and not at all for the sessions
   * attached through it (a client's browser session takes its pages' sessions with it).
   */
  private readonly attachedThrough = new Map<string, string>();
  private closedFlag = false;
  private endedHow?: WireEnd;
  private readonly answerLimitMs: number | undefined;

  /**
   * @param log the runtime's logger for this connection (a child with its own fields: runtime/runtimeLog.ts).
   * @param options how long the runtime's own commands wait for an answer.
   */
  constructor(private readonly wire: CdpWire, private readonly log: Logger, options: CdpConnectionOptions = {}) {
    super();
    this.answerLimitMs = options.answerLimitMs;
    wire.onMessage(text => this.onMessage(text));
    wire.onClose(end => this.onClose(end));
  }

  /** Ends the connection from this side (a connected browser keeps running). */
  disconnect(): void {
    this.wire.close();
    this.onClose({ by: 'runtime' });
  }

  get closed(): boolean {
    return this.closedFlag;
  }

  /** Commands sent and not answered yet (tests: nothing stays pending for a gone session). */
  get pendingCount(): number {
    return this.pending.size;
  }

  /** Sessions the connection knows to be attached (tests: none is kept after its detach). */
  get trackedSessions(): number {
    return this.attachedThrough.size;
  }

  /** How the wire ended, once closed and when it could say (a WebSocket can; a pipe cannot). */
  get end(): WireEnd | undefined {
    return this.endedHow;
  }

  /**
   * Sends a command of the runtime's own and resolves with the whole reply message (result or
   * error); one not answered within the limit resolves with an error (a late answer is dropped).
   */
  raw(method: string, params: Record<string, unknown> | undefined, sessionId?: string): Promise<CdpMessage> {
    return new Promise(resolve => {
      if (this.closedFlag || this.answerLimitMs === undefined) {
        this.request(method, params, sessionId, resolve);
        return;
      }
      const limitMs = this.answerLimitMs;
      const id = this.write(method, params, sessionId);
      const timer = setTimeout(() => {
        if (!this.pending.delete(id)) return;
        resolve({ error: { code: NO_ANSWER, message: `${method}: no answer from the browser within ${limitMs / 1000} s` } });
        if (sessionId === undefined) this.emit('unresponsive', new BrowserUnresponsive(method, limitMs));
      }, limitMs);
      timer.unref();
      this.pending.set(id, { method, sessionId, relay: false, resolve: message => { clearTimeout(timer); resolve(message); } });
    });
  }

  /**
   * Sends a command; `onReply` runs synchronously when the reply is read, in order with the
   * events around it (a promise would let later events overtake it; the router relays both).
   */
  request(method: string, params: Record<string, unknown> | undefined, sessionId: string | undefined, onReply: (m: CdpMessage) => void): void {
    if (this.closedFlag) {
      onReply(disconnected());
      return;
    }
    this.pending.set(this.write(method, params, sessionId), { method, sessionId, relay: false, resolve: onReply });
  }

  /**
   * Sends a command whose reply only passes through (the router relays it to a client): the
   * reply is handed on as Chrome's text without a parse, in order with the events around it
   * like `request`. A large result (a screenshot, a snapshot, an evaluation) costs no parse.
   */
  relay(method: string, params: Record<string, unknown> | undefined, sessionId: string | undefined, onReply: (reply: RelayedReply) => void): void {
    if (this.closedFlag) {
      onReply({ message: disconnected() });
      return;
    }
    this.pending.set(this.write(method, params, sessionId), { method, sessionId, relay: true, resolve: onReply });
  }

  private write(method: string, params: Record<string, unknown> | undefined, sessionId: string | undefined): number {
    const id = this.nextId++;
    const message: CdpMessage = { id, method, params: params ?? {} };
    if (sessionId) message.sessionId = sessionId;
    this.wire.write(JSON.stringify(message));
    return id;
  }

  /**
   * Sends a command and resolves with its result, typed from devtools-protocol by the
   * command's name; rejects with a CdpError, or BrowserUnresponsive for a browser-level
   * command not answered within the limit.
   */
  async send<C extends CdpCommandName>(method: C, ...args: SendArgs<C>): Promise<CdpResult<C>> {
    const [params, sessionId] = args;
    const reply = await this.raw(method, params as Record<string, unknown> | undefined, sessionId);
    if (reply.error?.code === NO_ANSWER && sessionId === undefined) throw new BrowserUnresponsive(method, this.answerLimitMs!);
    if (reply.error) throw new CdpError(method, reply.error.code, reply.error.message);
    // The one place a reply gets its type: Chrome answers what its protocol says.
    return (reply.result ?? {}) as CdpResult<C>;
  }

  /** Routes the events of one real session to one listener (the router client that owns it). */
  listenToSession(sessionId: string, listener: SessionListener): void {
    this.sessionListeners.set(sessionId, listener);
  }

  stopListening(sessionId: string): void {
    this.sessionListeners.delete(sessionId);
  }

  private onMessage(text: string): void {
    // One bad message or one failing listener must not stop the browser's traffic for everyone.
    try {
      const head = REPLY_ID.exec(text);
      const waiter = head ? this.pending.get(Number(head[1])) : undefined;
      if (waiter?.relay) {
        this.pending.delete(Number(head![1]));
        waiter.resolve({ text });
        return;
      }
      this.dispatch(JSON.parse(text) as CdpMessage, text);
    } catch (error) {
      this.log.error({ err: error }, `dropped a browser message: handling it threw ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  private dispatch(message: CdpMessage, text: string): void {
    if (message.id !== undefined) {
      const waiter = this.pending.get(message.id);
      if (!waiter) return;
      this.pending.delete(message.id);
      if (waiter.relay) waiter.resolve({ message });
      else waiter.resolve(message);
      return;
    }
    if (message.method === 'Target.attachedToTarget' || message.method === 'Target.detachedFromTarget') this.noteSession(message);
    if (message.sessionId) {
      const listener = this.sessionListeners.get(message.sessionId);
      if (listener) listener(cdpEvent(message.method ?? '', message.params), text);
      // A detach ends the session: drop its listener after the last event was delivered.
      return;
    }
    this.emit('event', cdpEvent(message.method ?? '', message.params));
  }

  /**
   * Keeps the attach tree; on a detach, answers what was sent on the session and on every
   * session attached through it (before the event is relayed: a client that hears the detach
   * has its answers already). Nothing of a gone client then stays pending for the browser's life.
   */
  private noteSession(message: CdpMessage): void {
    const child = message.params?.sessionId;
    if (typeof child !== 'string') return;
    if (message.method === 'Target.attachedToTarget') {
      this.attachedThrough.set(child, message.sessionId ?? '');
      return;
    }
    const gone = new Set([child]);
    // Parents are recorded before their children, so one pass in insertion order finds them all.
    for (const [session, parent] of this.attachedThrough) if (gone.has(parent)) gone.add(session);
    for (const session of gone) this.attachedThrough.delete(session);
    for (const [id, waiter] of [...this.pending]) {
      if (waiter.sessionId === undefined || !gone.has(waiter.sessionId)) continue;
      this.pending.delete(id);
      if (waiter.relay) waiter.resolve({ message: sessionGone() });
      else waiter.resolve(sessionGone());
    }
  }

  private onClose(end?: WireEnd): void {
    if (this.closedFlag) return;
    this.closedFlag = true;
    this.endedHow = end;
    for (const [, waiter] of this.pending) {
      const message: CdpMessage = { error: { code: -32000, message: `${waiter.method}: Browser has disconnected` } };
      if (waiter.relay) waiter.resolve({ message });
      else waiter.resolve(message);
    }
    this.pending.clear();
    this.attachedThrough.clear();
    this.emit('close');
  }
}
