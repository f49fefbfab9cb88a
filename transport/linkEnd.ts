// How a link to a connected browser ended, said for the receipt of the program it ended: the
// cause as far as the wire can tell it. A browser service ends a session at its TIMEOUT, when it
// restarts or when its operator kills the session; a network can drop in between. Browserless
// answers its TIMEOUT with an HTTP answer written onto the open WebSocket (which the client reads
// as a frame that is not one), and a kill or a restart by closing the TCP connection without a
// WebSocket close; a service that closes properly sends a close code and reason.
import type { WireEnd } from './cdpConnection.js';

/** The cause, and how long the link had lived. */
export function describeLinkEnd(end: Extract<WireEnd, { by: 'browser' }>, livedMs: number): string {
  const lived = `after ${(livedMs / 1000).toFixed(livedMs < 10_000 ? 1 : 0)} s`;
  if (end.error && /invalid (websocket frame|opcode|utf-8)|rsv[123]|fin must be set|mask must/i.test(end.error))
    return `the browser service ended the session ${lived}: it wrote something other than WebSocket frames onto the connection and closed it (${end.error}), which is how Browserless ends a session at its TIMEOUT`;
  if (end.code === 1000 || end.code === 1001 || (end.code >= 4000 && end.code < 5000))
    return `the browser service closed the session ${lived} (WebSocket close ${end.code}${end.reason ? `: ${end.reason}` : ''})`;
  if (end.error)
    return `the connection to the browser broke ${lived} (${end.error}; WebSocket close ${end.code})`;
  return `the connection closed ${lived} without a WebSocket close (code ${end.code}): the service ended the browser (a session killed, a restart) or the network dropped`;
}
