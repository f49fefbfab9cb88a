// A bare CDP client over WebSocket for protocol-level router tests: every message it sends
// and receives is visible, so a test can assert exactly what a task's endpoint shows.
import WebSocket from 'ws';

export interface CdpReply {
  id: number;
  result?: any;
  error?: { code: number; message: string };
  sessionId?: string;
}

export interface CdpEvent {
  method: string;
  params: any;
  sessionId?: string;
}

export class RawCdpClient {
  readonly events: CdpEvent[] = [];
  private nextId = 1;
  private readonly waiters = new Map<number, (reply: CdpReply) => void>();
  private readonly eventWaiters: { match: (e: CdpEvent) => boolean; resolve: (e: CdpEvent) => void }[] = [];
  closeCode?: number;
  closeReason?: string;
  readonly closed: Promise<number>;

  private constructor(private readonly ws: WebSocket) {
    ws.on('message', data => {
      const message = JSON.parse(data.toString());
      if (typeof message.id === 'number') {
        this.waiters.get(message.id)?.(message);
        this.waiters.delete(message.id);
        return;
      }
      this.events.push(message);
      for (const waiter of [...this.eventWaiters]) {
        if (!waiter.match(message)) continue;
        this.eventWaiters.splice(this.eventWaiters.indexOf(waiter), 1);
        waiter.resolve(message);
      }
    });
    this.closed = new Promise(resolve => ws.on('close', (code, reason) => {
      this.closeCode = code;
      this.closeReason = reason.toString();
      resolve(code);
    }));
  }

  static connect(endpoint: string, headers: Record<string, string> = {}): Promise<RawCdpClient> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(endpoint, { headers, maxPayload: 256 * 1024 * 1024 });
      ws.once('open', () => resolve(new RawCdpClient(ws)));
      ws.once('error', reject);
      ws.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
    });
  }

  /** Sends a command; resolves with the whole reply (result or error). */
  send(method: string, params: Record<string, unknown> = {}, sessionId?: string): Promise<CdpReply> {
    const id = this.nextId++;
    this.ws.send(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }));
    return new Promise(resolve => this.waiters.set(id, resolve));
  }

  /** Sends a command and returns its result; throws on an error reply. */
  async call(method: string, params: Record<string, unknown> = {}, sessionId?: string): Promise<any> {
    const reply = await this.send(method, params, sessionId);
    if (reply.error) throw new Error(`${method}: ${reply.error.message} (${reply.error.code})`);
    return reply.result;
  }

  /** The first event (already seen or future) that matches. */
  waitForEvent(match: (e: CdpEvent) => boolean, timeoutMs = 15_000): Promise<CdpEvent> {
    const seen = this.events.find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('timed out waiting for a CDP event')), timeoutMs);
      this.eventWaiters.push({ match, resolve: e => { clearTimeout(timer); resolve(e); } });
    });
  }

  /** The first event (already seen or future) that matches, however long it takes (the test's own timeout bounds it). */
  nextEvent(match: (e: CdpEvent) => boolean): Promise<CdpEvent> {
    const seen = this.events.find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise(resolve => this.eventWaiters.push({ match, resolve }));
  }

  /** Every target id mentioned by a Target.* event this client received. */
  mentionedTargets(): Set<string> {
    const ids = new Set<string>();
    for (const e of this.events) {
      if (!e.method.startsWith('Target.')) continue;
      if (e.params?.targetInfo?.targetId) ids.add(e.params.targetInfo.targetId);
      if (e.params?.targetId) ids.add(e.params.targetId);
    }
    return ids;
  }

  /** Stops reading from the socket (a hung client): what the router sends piles up on its side. */
  pauseReading(): void {
    this.ws.pause();
  }

  resumeReading(): void {
    this.ws.resume();
  }

  /** Sends a command whose reply nobody waits for. */
  post(method: string, params: Record<string, unknown> = {}, sessionId?: string): void {
    this.ws.send(JSON.stringify({ id: this.nextId++, method, params, ...(sessionId ? { sessionId } : {}) }));
  }

  close(): void {
    this.ws.close();
  }
}
