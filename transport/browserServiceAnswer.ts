// What a browser service's refusal to open a WebSocket means for the person or the agent: its
// pool is full (429: when to try again), the token is not accepted (401/403: the URL to fix),
// or nothing answered at the address (what was tried, and what the system said). Any other
// failure stays the socket's own error.
import { BrowserServiceError } from '../contract/errors.js';
import type { WebSocketConnectError } from './webSocketWire.js';

/**
 * When a service that sends no Retry-After (Browserless does not) is full, the runtime suggests
 * this: a session elsewhere ends, or a task of this runtime goes idle and gives its browser back.
 */
export const DEFAULT_RETRY_AFTER_S = 10;

/** The system's words for "nothing answered there". */
const NOTHING_THERE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'ETIMEDOUT', 'ECONNRESET', 'EPIPE']);

export function serviceErrorOf(error: WebSocketConnectError): BrowserServiceError | undefined {
  const service = error.url;
  const { status, errno, retryAfterS } = error.answer;
  if (status === 429) {
    const wait = retryAfterS ?? DEFAULT_RETRY_AFTER_S;
    return new BrowserServiceError('BrowserServiceBusy',
      `The browser service at ${service} is full (HTTP 429: every browser of its pool is in use and its queue is full), so nothing ran. `
      + `Retry in ${wait} s${retryAfterS === undefined ? ' (the service named no time)' : ' (its Retry-After)'}, or once one of its sessions ends: `
      + 'each task of a --browser-service runtime holds a browser while it has a worker, and gives it back when it goes idle.',
      { service, status, retryAfterS: wait });
  }
  if (status === 401 || status === 403) {
    return new BrowserServiceError('BrowserServiceRefused',
      `The browser service at ${service} refused the connection (HTTP ${status}): the token in the URL is wrong or missing. `
      + 'Give the URL with the right token: `tabwright runtime stop`, then `tabwright runtime start --connect URL` (or --browser-service URL).',
      { service, status });
  }
  if (status === undefined && (errno === undefined ? /handshake|timed out/i.test(error.reason) : NOTHING_THERE.has(errno))) {
    return new BrowserServiceError('BrowserServiceUnreachable',
      `Nothing answered at ${service}: tried a WebSocket to it and got ${error.reason}. Check that the service (or browser) runs there and that the address and port are right.`,
      { service });
  }
  return undefined;
}
