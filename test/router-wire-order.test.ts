// What the router's text rewriting (router/wireText.ts) relies on in Chrome's JSON, checked on
// the Chromium the runtime launches: a reply's text starts `{"id":N,` and a session's reply or
// event ends with its `,"sessionId":"..."` (written last, after params or result). The router
// swaps ids in that text without a parse; if a Chromium wrote the fields in another order,
// wireText would fall back to a parse (relayedReply/swapSessionId answer undefined) or, worse,
// swap a session id inside the payload. This test fails first.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { hasBrowser, testTimeout } from './harness/tabwrightCli.js';
import { locateBrowser } from '../contract/browserLocator.js';
import { launchBrowser } from '../runtime/browser/browserLaunch.js';
import type { BrowserProcess } from '../transport/browserProcess.js';
import { relayedReply, swapSessionId } from '../router/wireText.js';
import { recordingLog } from './harness/recordingLog.js';

const skip = hasBrowser() ? false : 'no browser on this machine';
let browser: BrowserProcess | undefined;
let profile: string;

before(async () => {
  if (skip) return;
  profile = fs.mkdtempSync(path.join(os.tmpdir(), 'tw-wire-order-'));
  browser = await launchBrowser({ executablePath: locateBrowser(process.env.TABWRIGHT_BROWSER, { headless: true }).path!, profileDir: profile, headless: true, log: recordingLog().log });
});

after(async () => {
  await browser?.close();
  if (profile) fs.rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
});

function relayed(method: string, params: Record<string, unknown>, sessionId?: string): Promise<string> {
  return new Promise((resolve, reject) => browser!.connection.relay(method, params, sessionId, reply => {
    if ('text' in reply) resolve(reply.text);
    else reject(new Error(JSON.stringify(reply.message)));
  }));
}

test('Chrome writes a reply\'s id first and a session\'s id last, so wireText can readdress its text unparsed', { skip, timeout: testTimeout(1) }, async () => {
  const cdp = browser!.connection;
  const { targetId } = await cdp.send('Target.createTarget', { url: 'about:blank' });
  const { sessionId } = await cdp.send('Target.attachToTarget', { targetId, flatten: true });
  const events: string[] = [];
  cdp.listenToSession(sessionId, (_event, text) => events.push(text));

  // A result that holds the session id itself, after a comma, as a page could make it.
  const reply = await relayed('Runtime.evaluate', { expression: `({ x: 1, sessionId: ${JSON.stringify(sessionId)} })`, returnByValue: true }, sessionId);
  assert.match(reply, /^\{"id":\d+,"result":/, 'the id first');
  assert.ok(reply.endsWith(`,"sessionId":"${sessionId}"}`), `the session id last: ${reply.slice(-120)}`);
  const readdressed = relayedReply(reply, 7, sessionId, 'T-page-1');
  assert.ok(readdressed, 'readdressed without a parse');
  assert.deepEqual(JSON.parse(readdressed), { ...JSON.parse(reply), id: 7, sessionId: 'T-page-1' }, 'the envelope changed, the payload (with its own sessionId) did not');

  const rootReply = await relayed('Browser.getVersion', {});
  assert.match(rootReply, /^\{"id":\d+,"result":/);
  assert.ok(!rootReply.includes('"sessionId"'), 'a root reply carries no session id');

  await cdp.send('Page.enable', {}, sessionId);
  await cdp.send('Page.navigate', { url: 'data:text/html,<title>order</title>' }, sessionId);
  await cdp.send('Runtime.evaluate', { expression: 'new Promise(r => document.readyState === "complete" ? r() : addEventListener("load", r))', awaitPromise: true }, sessionId);
  assert.ok(events.length > 0, 'the navigation raised events');
  for (const text of events) {
    assert.match(text, /^\{"method":"[A-Za-z]+\.[A-Za-z]+","params":/, `method first: ${text.slice(0, 80)}`);
    assert.ok(text.endsWith(`,"sessionId":"${sessionId}"}`), `session id last: ${text.slice(-80)}`);
    const swapped = swapSessionId(text, sessionId, 'T-page-1');
    assert.ok(swapped, 'swapped without a parse');
    assert.deepEqual(JSON.parse(swapped), { ...JSON.parse(text), sessionId: 'T-page-1' });
  }
});
