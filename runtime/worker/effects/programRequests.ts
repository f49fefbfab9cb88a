// Requests a program sends itself, from the worker rather than a page: Playwright's
// APIRequestContext (`page.request`, `context.request`) and Node's `fetch`. No browser event
// shows them, so the worker records each one other than GET/HEAD/OPTIONS as it leaves (a
// program stopped while it waits still says it sent it), then its status.
import type { APIRequestContext, APIResponse } from 'playwright-core';
import { SAFE_METHODS, shortUrl } from '../../mutations/mutationCause.js';
import type { MutationRecorder } from '../../mutations/mutationCause.js';
import type { WorkerMutations } from './workerMutations.js';

type Fetch = (this: APIRequestContext, urlOrRequest: unknown, options?: { method?: string }) => Promise<APIResponse>;

const watched = new WeakSet<object>();
let sent = 0;

/** Wraps APIRequestContext's fetch (every verb goes through it) on its prototype, and the worker's global fetch; idempotent. */
export function watchProgramRequests(request: APIRequestContext, mutations: WorkerMutations): void {
  const prototype = Object.getPrototypeOf(request) as { fetch: Fetch };
  if (!watched.has(prototype)) {
    watched.add(prototype);
    const original = prototype.fetch;
    prototype.fetch = async function (this: APIRequestContext, urlOrRequest, options = {}) {
      const asked = urlOrRequest as { url?: () => string; method?: () => string } | string;
      const url = typeof asked === 'string' ? asked : asked?.url?.() ?? '';
      const method = (options.method ?? (typeof asked === 'string' ? undefined : asked?.method?.()) ?? 'GET').toUpperCase();
      return observed(method, url, 'request', mutations.bound(), async () => {
        const response = await original.call(this, urlOrRequest, options);
        return { value: response, status: String(response.status()) };
      });
    };
  }
  if (!watched.has(globalThis)) {
    watched.add(globalThis);
    const original = globalThis.fetch;
    globalThis.fetch = function (input: string | URL | Request, init?: RequestInit) {
      const url = input instanceof Request ? input.url : String(input);
      const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
      return observed(method, url, 'fetch', mutations.bound(), async () => {
        const response = await original(input, init);
        return { value: response, status: String(response.status) };
      });
    };
  }
}

async function observed<T>(method: string, url: string, via: string, mutations: MutationRecorder, send: () => Promise<{ value: T; status: string }>): Promise<T> {
  if (SAFE_METHODS.has(method)) return (await send()).value;
  const key = `program-request-${++sent}`;
  const text = (outcome: string) => `${method} ${shortUrl(url)} ${outcome} (the program's own ${via})`;
  mutations.record({ kind: 'request', key, text: text('(in flight)') });
  try {
    const { value, status } = await send();
    mutations.record({ kind: 'request', key, text: text(status) });
    return value;
  } catch (error) {
    mutations.record({ kind: 'request', key, text: text(`failed (${(error as Error).message?.split('\n')[0] ?? 'error'})`) });
    throw error;
  }
}
