// Issue 39, the pure parts of reaching a browser service: how its address is shown (never its
// token), what its refusals become (full, wrong token, nothing there), how the end of a session
// is worded (Browserless's TIMEOUT, a kill, a close), and the start settings and flags that ask
// for a browser per task.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { shownBrowserUrl, withoutSecretsOf } from '../contract/browserAddress.js';
import { parseStartSettings, startFlags } from '../contract/startSettings.js';
import { WebSocketConnectError } from '../transport/webSocketWire.js';
import { serviceErrorOf } from '../transport/browserServiceAnswer.js';
import { describeLinkEnd } from '../transport/linkEnd.js';
import { parseArguments } from '../cli/arguments.js';

describe('a browser service\'s address as shown', () => {
  it('hides every query value and a password, whatever their names; keeps scheme, host, port and path', () => {
    assert.equal(shownBrowserUrl('ws://127.0.0.1:47600?token=s3cret-token'), 'ws://127.0.0.1:47600?token=***');
    assert.equal(shownBrowserUrl('wss://connect.example.com/?apiKey=K1234&sessionId=S1234'), 'wss://connect.example.com/?apiKey=***&sessionId=***');
    assert.equal(shownBrowserUrl('wss://alice:hunter2@browsers.example.com/chromium?timeout=60000'), 'wss://alice:***@browsers.example.com/chromium?timeout=***');
    assert.equal(shownBrowserUrl('ws://127.0.0.1:9222/devtools/browser/0b5c'), 'ws://127.0.0.1:9222/devtools/browser/0b5c');
    assert.equal(shownBrowserUrl('http://127.0.0.1:9222'), 'http://127.0.0.1:9222');
    assert.equal(shownBrowserUrl('auto'), 'auto');
    assert.doesNotMatch(shownBrowserUrl('ws//s3cret-token'), /s3cret/, 'not a URL: nothing of it is shown');
  });

  it('takes the secrets out of a text that quotes them, alone or in the URL', () => {
    const url = 'ws://127.0.0.1:47600?token=s3cret-token';
    const text = withoutSecretsOf(url, `connect ${url} failed; token s3cret-token, encoded ${encodeURIComponent('s3cret-token')}`);
    assert.doesNotMatch(text, /s3cret/);
    assert.match(text, /ws:\/\/127\.0\.0\.1:47600\?token=\*\*\*/);
  });

  it('a WebSocket that did not open says so without the token', () => {
    const error = new WebSocketConnectError('ws://127.0.0.1:47600?token=s3cret-token', 'HTTP 401 instead of a WebSocket upgrade', { status: 401 });
    assert.doesNotMatch(`${error.message} ${error.url} ${error.reason} ${JSON.stringify(error)}`, /s3cret/);
  });
});

describe('what a browser service\'s refusal becomes', () => {
  const url = 'ws://127.0.0.1:47600?token=s3cret-token';
  it('429: BrowserServiceBusy, with its Retry-After or the runtime\'s suggestion', () => {
    const busy = serviceErrorOf(new WebSocketConnectError(url, 'HTTP 429 instead of a WebSocket upgrade', { status: 429 }));
    assert.equal(busy?.errorName, 'BrowserServiceBusy');
    assert.deepEqual(busy?.fields, { service: 'ws://127.0.0.1:47600?token=***', status: 429, retryAfterS: 10 });
    assert.match(busy!.message, /Retry in 10 s \(the service named no time\)/);
    const told = serviceErrorOf(new WebSocketConnectError(url, 'HTTP 429 instead of a WebSocket upgrade', { status: 429, retryAfterS: 30 }));
    assert.equal(told?.fields.retryAfterS, 30);
    assert.match(told!.message, /Retry in 30 s \(its Retry-After\)/);
  });
  it('401 and 403: BrowserServiceRefused; no answer at all: BrowserServiceUnreachable; anything else stays the socket\'s error', () => {
    assert.equal(serviceErrorOf(new WebSocketConnectError(url, 'HTTP 401 instead of a WebSocket upgrade', { status: 401 }))?.errorName, 'BrowserServiceRefused');
    assert.equal(serviceErrorOf(new WebSocketConnectError(url, 'HTTP 403 instead of a WebSocket upgrade', { status: 403 }))?.errorName, 'BrowserServiceRefused');
    const nowhere = serviceErrorOf(new WebSocketConnectError(url, 'connect ECONNREFUSED 127.0.0.1:47600', { errno: 'ECONNREFUSED' }));
    assert.equal(nowhere?.errorName, 'BrowserServiceUnreachable');
    assert.match(nowhere!.message, /tried a WebSocket to it and got connect ECONNREFUSED 127\.0\.0\.1:47600/);
    assert.equal(serviceErrorOf(new WebSocketConnectError(url, 'Opening handshake has timed out'))?.errorName, 'BrowserServiceUnreachable');
    assert.equal(serviceErrorOf(new WebSocketConnectError(url, 'HTTP 500 instead of a WebSocket upgrade', { status: 500 })), undefined);
    for (const error of [nowhere!, serviceErrorOf(new WebSocketConnectError(url, 'HTTP 401 instead of a WebSocket upgrade', { status: 401 }))!])
      assert.doesNotMatch(`${error.message} ${JSON.stringify(error.fields)}`, /s3cret/);
  });
});

describe('how a session\'s end is worded', () => {
  it('Browserless\'s TIMEOUT (an HTTP answer written onto the WebSocket), a kill or restart (no close), a proper close', () => {
    // What ws reports when Browserless writes "HTTP/1.1 408" onto the open socket at its TIMEOUT (measured against 2.42.0).
    assert.match(describeLinkEnd({ by: 'browser', code: 1006, reason: '', error: 'Invalid WebSocket frame: FIN must be set' }, 30_400),
      /the browser service ended the session after 30 s: .*how Browserless ends a session at its TIMEOUT/);
    assert.match(describeLinkEnd({ by: 'browser', code: 1006, reason: '' }, 2_500),
      /the connection closed after 2\.5 s without a WebSocket close \(code 1006\): the service ended the browser \(a session killed, a restart\) or the network dropped/);
    assert.match(describeLinkEnd({ by: 'browser', code: 1000, reason: 'session limit' }, 61_000), /the browser service closed the session after 61 s \(WebSocket close 1000: session limit\)/);
    assert.match(describeLinkEnd({ by: 'browser', code: 1006, reason: '', error: 'read ECONNRESET' }, 5_000), /the connection to the browser broke after 5\.0 s \(read ECONNRESET/);
  });
});

describe('a browser per task in the start settings and flags', () => {
  it('is kept as browserService, excludes --connect, and is asked for again by its flag', () => {
    const read = parseStartSettings({ browserService: 'ws://127.0.0.1:3000?token=t' });
    assert.deepEqual(read, { ok: true, settings: { browserService: 'ws://127.0.0.1:3000?token=t' } });
    assert.deepEqual(startFlags({ browserService: 'ws://h:1?token=t' }), ['--browser-service', 'ws://h:1?token=t']);
    assert.equal(parseStartSettings({ browserService: 'http://127.0.0.1:3000' }).ok, false);
    assert.equal(parseStartSettings({ browserService: 'ws://a', connect: 'ws://b' }).ok, false);
  });
  it('runtime start --browser-service: parsed; refused with --connect, --auto-connect, --browser, --browser-arg, --allow-adopt, or a URL that is not ws(s)', () => {
    const parsed = parseArguments(['runtime', 'start', '--browser-service', 'ws://127.0.0.1:3000?token=t', '--allow-origin', 'example.com']);
    assert.ok(parsed.ok);
    assert.deepEqual(parsed.invocation.command, { kind: 'runtimeStart', settings: { browserService: 'ws://127.0.0.1:3000?token=t', allowOrigins: ['example.com'] } });
    for (const extra of [['--connect', 'ws://x'], ['--auto-connect'], ['--browser', '/usr/bin/chromium'], ['--browser-arg=--x'], ['--allow-adopt']]) {
      const refused = parseArguments(['runtime', 'start', '--browser-service', 'ws://127.0.0.1:3000?token=s3cret', ...extra]);
      assert.ok(!refused.ok, extra.join(' '));
      assert.equal(refused.error.name, 'ConflictingFlags', refused.error.message);
      assert.doesNotMatch(refused.error.message, /s3cret/);
    }
    const notWs = parseArguments(['runtime', 'start', '--browser-service', 'http://127.0.0.1:3000?token=s3cret']);
    assert.ok(!notWs.ok);
    assert.doesNotMatch(notWs.error.message, /s3cret/);
  });
});
