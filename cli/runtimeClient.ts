// HTTP/1.1 over the runtime's Unix socket. Every outcome is a value that says whether the
// request could have reached the runtime: `unreachable` means the connection was never made
// (nothing was sent); `lost` means it was made and the exchange then failed, so the runtime
// may have acted on the request.
import { request as httpRequest, type RequestOptions } from 'node:http';
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


export function requestRuntime(socketPath: string, request: RuntimeRequest): Promise<RuntimeAnswer> {
  return new Promise((resolve) => {
    let connected = false;
    let settled = false;
    const finish = (answer: RuntimeAnswer): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(answer);
    };
    // POST always carries a JSON body: fastify rejects a JSON content type with an empty body.
    const payload = request.method === 'POST' ? Buffer.from(JSON.stringify(request.body ?? {})) : undefined;
    const options: RequestOptions & { servername: string } = {
      socketPath,
      method: request.method,
      path: request.path,
      agent: false,
      // An empty TLS server name stops the agent from deriving one from the host with
      // net.isIP, whose first call compiles a large regular expression (~4 ms per CLI run).
      servername: '',
      headers: payload === undefined
        ? { accept: 'application/json', ...request.headers }
        : { accept: 'application/json', 'content-type': 'application/json', 'content-length': payload.length, ...request.headers },
    };
    const outgoing = httpRequest(options, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', (error) => finish({ kind: 'lost', message: `the answer broke off (${error.message})` }));
      response.on('close', () => {
        if (!response.complete) finish({ kind: 'lost', message: 'the connection closed before the whole answer arrived' });
      });
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let body: unknown;
        try {
          body = text === '' ? null : JSON.parse(text);
        } catch {
          finish({ kind: 'lost', message: `the runtime answered HTTP ${response.statusCode} with a body that is not JSON: ${text.slice(0, 200)}` });
          return;
        }
        finish({ kind: 'answered', httpStatus: response.statusCode ?? 0, body });
      });
    });
    outgoing.on('socket', (socket) => {
      if (socket.connecting) socket.once('connect', () => { connected = true; });
      else connected = true;
    });
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      if (connected) finish({ kind: 'lost', message: `the connection failed after the request was sent (${error.code ?? error.message})` });
      else finish({ kind: 'unreachable', code: error.code ?? 'ERROR', message: error.message });
    });
    const timer = setTimeout(() => {
      finish(connected
        ? { kind: 'lost', message: `no answer within ${formatSeconds(request.timeoutMs)}` }
        : { kind: 'unreachable', code: 'ETIMEDOUT', message: `could not connect within ${formatSeconds(request.timeoutMs)}` });
      outgoing.destroy();
    }, Math.min(request.timeoutMs, LONGEST_TIMER_MS));
    outgoing.end(payload);
  });
}

function formatSeconds(ms: number): string {
  return `${Math.round(ms / 100) / 10} s`;
}
