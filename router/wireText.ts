// Rewriting Chrome's message text on its way to a client, without parsing it: session ids
// are swapped in the envelope and reply ids readdressed. Relaying the text as Chrome wrote it
// keeps large payloads (screenshots, DOM snapshots) from a parse and a re-serialisation.
//
// Relied on (test/router-wire-order checks it on the runtime's Chromium): Chrome writes a
// reply's `"id"` first and a session message's `"sessionId"` last. Where a text is not so,
// these answer undefined and the caller parses and re-serialises instead.

/**
 * Chrome's text with one session id swapped for another: Chrome writes `"sessionId":"<id>"`
 * last, so only the last occurrence is the envelope's. Undefined when it is not there.
 */
export function swapSessionId(text: string, from: string, to: string | undefined): string | undefined {
  const needle = `,"sessionId":"${from}"`;
  const at = text.lastIndexOf(needle);
  if (at < 0) return undefined;
  return text.slice(0, at) + (to === undefined ? '' : `,"sessionId":"${to}"`) + text.slice(at + needle.length);
}

/** Chrome's reply text readdressed to the client's command id and session. */
export function relayedReply(text: string, clientId: number, realSessionId: string | undefined, clientSessionId: string | undefined): string | undefined {
  const head = /^\{"id":\d+,/.exec(text);
  if (!head) return undefined;
  let body = `{"id":${clientId},${text.slice(head[0].length)}`;
  if (realSessionId !== undefined) {
    const swapped = swapSessionId(body, realSessionId, clientSessionId);
    if (swapped === undefined) return undefined;
    body = swapped;
  } else if (clientSessionId !== undefined) {
    return undefined;
  }
  return body;
}
