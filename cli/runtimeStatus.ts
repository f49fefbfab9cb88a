// Asks the runtime for GET /v1/status and says whether one is running at the socket.
import { meansNoRuntime, requestRuntime } from './runtimeClient.js';

/** The answer of GET /v1/status (runtime/API.md). */
export interface RuntimeStatus {
  version: string;
  pid: number;
  startedAt?: string;
  home?: string;
  browser?: { path: string; version: string } | null;
  activeTasks?: number;
  maxTasks?: number;
  [field: string]: unknown;
}

export type RuntimeProbe =
  | { kind: 'running'; status: RuntimeStatus }
  /** No runtime listens: no socket, or a stale one left by a runtime that died. */
  | { kind: 'absent'; code: string }
  /** Something is wrong beyond "not running": permissions, a hung runtime, a bad answer. */
  | { kind: 'unreachable'; message: string };

export const STATUS_TIMEOUT_MS = 10_000;

export async function probeRuntime(socket: string, timeoutMs: number = STATUS_TIMEOUT_MS): Promise<RuntimeProbe> {
  const answer = await requestRuntime(socket, { method: 'GET', path: '/v1/status', timeoutMs });
  switch (answer.kind) {
    case 'unreachable':
      return meansNoRuntime(answer.code)
        ? { kind: 'absent', code: answer.code }
        : { kind: 'unreachable', message: `cannot connect to ${socket} (${answer.code}: ${answer.message})` };
    case 'lost':
      return { kind: 'unreachable', message: `the runtime at ${socket} accepted the connection but ${answer.message}` };
    case 'answered':
      if (answer.httpStatus === 200 && isRuntimeStatus(answer.body)) return { kind: 'running', status: answer.body };
      return {
        kind: 'unreachable',
        message: `the process at ${socket} answered GET /v1/status with HTTP ${answer.httpStatus} and no runtime status: ${JSON.stringify(answer.body).slice(0, 200)}`,
      };
  }
}

function isRuntimeStatus(body: unknown): body is RuntimeStatus {
  return typeof body === 'object' && body !== null
    && 'version' in body && typeof body.version === 'string'
    && 'pid' in body && typeof body.pid === 'number';
}
