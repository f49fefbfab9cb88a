// Issue 38 item 10, end to end on a real Chromium: a client's command still waiting when its
// session ends is answered (Chrome's closed-session error), and a client that goes leaves none
// of its commands pending in the runtime's one connection to the browser. Before the fix a
// `Runtime.evaluate` awaiting a promise that never settles stayed in CdpConnection's pending
// table for the browser's life, with the gone client's responder (and its socket) held by it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BrowserProcess } from '../transport/browserProcess.js';
import { locateBrowser } from '../contract/browserLocator.js';
import { OwnershipRegistry } from '../router/ownership.js';
import { DownloadRelay } from '../router/downloadRelay.js';
import { RouterServer } from '../router/routerServer.js';
import { RawCdpClient } from './harness/rawCdpClient.js';
import { hasBrowser } from './harness/tabwrightCli.js';
import { recordingLog } from './harness/recordingLog.js';
import { until } from './harness/testAids.js';

const skip = hasBrowser() ? false : 'no browser on this machine';
const NEVER = { expression: 'new Promise(() => {})', awaitPromise: true };

test('a command waiting on a session that ends is answered, and a gone client leaves nothing pending in the runtime', { skip, timeout: 300_000 }, async () => {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'tw-detached-'));
  const browser = await BrowserProcess.launch({ executablePath: locateBrowser(undefined, { headless: true }).path!, profileDir: profile, headless: true, log: recordingLog().log });
  const registry = new OwnershipRegistry();
  const downloads = new DownloadRelay(browser.connection, registry, path.join(profile, 'downloads'), true);
  const router = new RouterServer(registry, () => ({ cdp: browser.connection, version: browser.version, downloads, userProfile: false }), recordingLog().log);
  const clients: RawCdpClient[] = [];
  try {
    await downloads.start(false);
    await router.listen();
    const url = router.open({ name: 'held', urlPolicy: { allowFile: false }, headless: true });
    const first = await RawCdpClient.connect(url);
    clients.push(first);
    const { targetId } = await first.call('Target.createTarget', { url: 'about:blank' });
    const { sessionId } = await first.call('Target.attachToTarget', { targetId, flatten: true });
    const baseline = browser.connection.pendingCount;

    // The client detaches its own session while an evaluate on it waits: answered, as Chrome answers a closed session.
    const waiting = first.send('Runtime.evaluate', NEVER, sessionId);
    await first.call('Target.detachFromTarget', { sessionId });
    const answer = await waiting;
    assert.deepEqual(answer.error, { code: -32001, message: 'Session with given id not found.' });

    // A client that goes with a command waiting: the runtime's connection forgets it.
    const second = await RawCdpClient.connect(url);
    clients.push(second);
    const again = await second.call('Target.attachToTarget', { targetId, flatten: true });
    void second.send('Runtime.evaluate', NEVER, again.sessionId);
    await until('the evaluate to be sent to Chrome', () => (browser.connection.pendingCount > baseline ? true : undefined));
    second.close();
    await second.closed;
    // Failing here (the wait's cap) means the gone client's command stayed pending for the browser's life.
    await until('the gone client\'s command to leave the pending table', () => (browser.connection.pendingCount <= baseline ? true : undefined));
    // The first client still works: only the gone sessions' commands were answered.
    const { sessionId: third } = await first.call('Target.attachToTarget', { targetId, flatten: true });
    assert.equal((await first.call('Runtime.evaluate', { expression: '6 * 7', returnByValue: true }, third)).result.value, 42);
  } finally {
    for (const client of clients) client.close();
    await router.close();
    await browser.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
});
