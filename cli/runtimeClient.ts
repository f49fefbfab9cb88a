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
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
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

/** The status line, headers and JSON body of a whole answer (everything up to the connection's end). */
function parseAnswer(raw: Buffer): RuntimeAnswer {
  const split = raw.indexOf('\r\n\r\n');
  if (split < 0) return { kind: 'lost', message: 'the connection closed before the whole answer arrived' };
  const [statusLine = '', ...headerLines] = raw.subarray(0, split).toString('latin1').split('\r\n');
  const status = /^HTTP\/1\.[01] (\d{3})/.exec(statusLine);
  if (!status) return { kind: 'lost', message: `the runtime answered with something that is not HTTP: ${statusLine.slice(0, 100)}` };
  const httpStatus = Number(status[1]);
  const body = raw.subarray(split + 4);
  const length = headerLines.map(line => /^content-length:\s*(\d+)\s*$/i.exec(line)?.[1]).find(value => value !== undefined);
  if (length !== undefined && body.length < Number(length)) return { kind: 'lost', message: 'the connection closed before the whole answer arrived' };
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
