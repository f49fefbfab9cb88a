// What a browser may do with anything the view serves: nothing but talk to the view itself.
// (Images of a receipt's files are fetched with the tab's session and shown as blob: URLs.)
// Every answer carries these, the event stream too (its route writes the response itself, so
// fastify's onSend hook never sees it: it sets them on the raw response before taking it over).
import type { ServerResponse } from 'node:http';

export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'cache-control': 'no-store',
};

/** For a response a route writes itself (reply.hijack()): set before its writeHead. */
export function setSecurityHeaders(res: ServerResponse): void {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
}
