// HTTP over the runtime's Unix socket. Every outcome is a value that says whether the
// request could have reached the runtime: `unreachable` means the connection was never made
// (nothing was sent); `lost` means it was made and the exchange then failed, so the runtime
// may have acted on the request.
import { connect } from 'node:net';
import { LONGEST_TIMER_MS } from '../contract/submissionLimits.js';

export interface RuntimeRequest {
  method: 'GET' | 'POST';
  /** Path and query, e.g. `/v1/tasks/t/receipts/r?wait=0`. */
  path: string;
  body?: unknown;
  /** Give up (as `unreachable` before connecting, `lost` after) when no full answer by then. */
  timeoutMs: number;
  headers?: Record<string, string>;
}

export type RuntimeAnswer =
  | { kind: 'answered'; httpStatus: number; body: unknown }
  | { kind: 'unreachable'; code: string; message: string }
  | { kind: 'lost'; message: string };

/** Connection errors that mean no runtime is listening (absent socket, or one left by a dead runtime). */
export function meansNoRuntime(code: string): boolean {
  return code === 'ENOENT' || code === 'ECONNREFUSED';
}


/**
 * One exchange per connection, in HTTP/1.0 over `node:net`: the server answers a 1.0 request
 * without chunking and closes, so the answer is what arrives before the end (checked against
 * Content-Length when given). node:http would add its client, agent and parser to every CLI
 * run (~3 ms of a ~25 ms budget beyond Node's own start-up) for no feature used here.
 */
export function requestRuntime(socketPath: string, request: RuntimeRequest): Promise<RuntimeAnswer> {
  return new Promise((resolve) => {
    let connected = false;
    let settled = false;
    const finish = (answer: RuntimeAnswer): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(answer);
    };
    // POST always carries a JSON body: fastify rejects a JSON content type with an empty body.
    const payload = request.method === 'POST' ? Buffer.from(JSON.stringify(request.body ?? {})) : undefined;
    const headers: Record<string, string | number> = payload === undefined
      ? { host: 'runtime', accept: 'application/json', ...request.headers }
      : { host: 'runtime', accept: 'application/json', 'content-type': 'application/json', 'content-length': payload.length, ...request.headers };
    const head = `${request.method} ${request.path} HTTP/1.0\r\n${Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`).join('')}\r\n`;
    const chunks: Buffer[] = [];
    const socket = connect(socketPath, () => {
      connected = true;
      // Written, not ended: the server drops a request whose sender half-closes (httpAllowHalfOpen is off).
      socket.write(payload === undefined ? head : Buffer.concat([Buffer.from(head), payload]));
    });
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      // Done once Content-Length bytes are in, without waiting for the server's close to arrive.
      const raw = Buffer.concat(chunks);
      if (isWhole(raw)) finish(parseAnswer(raw));
    });
    socket.on('end', () => finish(parseAnswer(Buffer.concat(chunks))));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (connected) finish({ kind: 'lost', message: `the connection failed after the request was sent (${error.code ?? error.message})` });
      else finish({ kind: 'unreachable', code: error.code ?? 'ERROR', message: error.message });
    });
    socket.on('close', () => finish({ kind: 'lost', message: 'the connection closed before the whole answer arrived' }));
    const timer = setTimeout(() => {
      finish(connected
        ? { kind: 'lost', message: `no answer within ${formatSeconds(request.timeoutMs)}` }
        : { kind: 'unreachable', code: 'ETIMEDOUT', message: `could not connect within ${formatSeconds(request.timeoutMs)}` });
    }, Math.min(request.timeoutMs, LONGEST_TIMER_MS));
  });
}

/** Where an answer's head ends, its status line, and the Content-Length it gives (if it does). */
function answerHead(raw: Buffer): { bodyStart: number; statusLine: string; length?: number } | undefined {
  const split = raw.indexOf('\r\n\r\n');
  if (split < 0) return undefined;
  const [statusLine = '', ...headerLines] = raw.subarray(0, split).toString('latin1').split('\r\n');
  const length = headerLines.map(line => /^content-length:\s*(\d+)\s*$/i.exec(line)?.[1]).find(value => value !== undefined);
  return { bodyStart: split + 4, statusLine, ...(length !== undefined ? { length: Number(length) } : {}) };
}

function isWhole(raw: Buffer): boolean {
  const head = answerHead(raw);
  return head?.length !== undefined && raw.length - head.bodyStart >= head.length;
}

/** The status and JSON body of an answer that is whole (or all that came before the connection's end). */
function parseAnswer(raw: Buffer): RuntimeAnswer {
  const head = answerHead(raw);
  if (!head) return { kind: 'lost', message: 'the connection closed before the whole answer arrived' };
  const status = /^HTTP\/1\.[01] (\d{3})/.exec(head.statusLine);
  if (!status) return { kind: 'lost', message: `the runtime answered with something that is not HTTP: ${head.statusLine.slice(0, 100)}` };
  const httpStatus = Number(status[1]);
  const body = raw.subarray(head.bodyStart, head.length === undefined ? undefined : head.bodyStart + head.length);
  if (head.length !== undefined && body.length < head.length) return { kind: 'lost', message: 'the connection closed before the whole answer arrived' };
  const text = body.toString('utf8');
  try {
    return { kind: 'answered', httpStatus, body: text === '' ? null : JSON.parse(text) };
  } catch {
    return { kind: 'lost', message: `the runtime answered HTTP ${httpStatus} with a body that is not JSON: ${text.slice(0, 200)}` };
  }
}

function formatSeconds(ms: number): string {
  return `${Math.round(ms / 100) / 10} s`;
}
