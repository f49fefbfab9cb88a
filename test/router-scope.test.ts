// The router at the protocol level, with raw CDP clients (notes §11, §12 cases 2, 6, 7, 9):
// who may connect, what a task is shown, and that another task's targets, sessions and
// contexts are answered exactly as ids that do not exist.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { FixtureServer } from './harness/fixtureServer.js';
import { RouterRuntime } from './harness/routerRuntime.js';
import { RawCdpClient } from './harness/rawCdpClient.js';

const runtime = new RouterRuntime();
let server: FixtureServer;
let endpointA: string;
let endpointB: string;
let a: RawCdpClient;
let b: RawCdpClient;
let targetA: string;
let targetB: string;
let sessionB: string;
let watcherB: RawCdpClient;

const randomTarget = () => randomBytes(16).toString('hex').toUpperCase();

/** Sends the same command for B's id and for a random one; both answers must be identical errors. */
async function sameAsMissing(client: RawCdpClient, method: string, params: (id: string) => Record<string, unknown>, sessionId?: string): Promise<void> {
  const foreign = await client.send(method, params(targetB), sessionId);
  const missing = await client.send(method, params(randomTarget()), sessionId);
  assert.ok(foreign.error, `${method} on B's target must fail, got ${JSON.stringify(foreign.result)}`);
  assert.deepEqual(foreign.error, missing.error, `${method}: B's target and a missing one are told apart`);
}

describe('the router at the protocol level', { timeout: 600_000 }, () => {
  before(async () => {
    server = await FixtureServer.start();
    server.page('/a', '<title>A</title>');
    server.page('/b', '<title>B</title>');
    await runtime.start();
    endpointA = await runtime.endpoint('A');
    endpointB = await runtime.endpoint('B');
    b = await RawCdpClient.connect(endpointB);
    targetB = (await b.call('Target.createTarget', { url: server.url('/b') })).targetId;
    sessionB = (await b.call('Target.attachToTarget', { targetId: targetB, flatten: true })).sessionId;
    // Loaded before A acts on it, so that "B's page is untouched" below compares a loaded page (a
    // browser of B's own, from a browser service, loads its first page while the tests start).
    await b.call('Runtime.evaluate', { expression: 'document.readyState === "complete" || new Promise(r => addEventListener("load", r))', awaitPromise: true }, sessionB);
    watcherB = await runtime.watch('B');
    a = await RawCdpClient.connect(endpointA);
    await a.call('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: true });
  });

  after(async () => {
    a?.close();
    b?.close();
    await runtime.dispose();
    await server?.close();
  });

  it('refuses a wrong secret and any upgrade that carries a web Origin', async () => {
    const wrong = endpointA.replace(/[^/]+$/, 'x'.repeat(32));
    await assert.rejects(RawCdpClient.connect(wrong), /403/);
    await assert.rejects(RawCdpClient.connect(endpointA, { Origin: 'http://evil.example' }), /403/);
    await assert.rejects(RawCdpClient.connect(endpointB.replace('/B/', '/A/')), /403/, 'B\'s secret does not open A');
  });

  it('answers Browser.getVersion with the real browser', async () => {
    const version = await a.call('Browser.getVersion');
    assert.match(version.product, /Chrome\/\d+/);
    assert.match(version.userAgent, /Chrome/);
  });

  it('delivers a created page\'s attach before the createTarget reply; B is told nothing', async () => {
    const before = a.events.length;
    const reply = await a.call('Target.createTarget', { url: server.url('/a') });
    targetA = reply.targetId;
    const attached = a.events.slice(before).find(e => e.method === 'Target.attachedToTarget' && e.params.targetInfo.targetId === targetA);
    assert.ok(attached, 'the attach arrived before the reply');
    assert.match(attached.params.sessionId, /^A-page-/, 'a synthetic session id');
    assert.ok(!watcherB.mentionedTargets().has(targetA));
    assert.equal((await a.call('Runtime.evaluate', { expression: '1+2', returnByValue: true }, attached.params.sessionId)).result.value, 3);
  });

  it('answers another task\'s targets exactly as missing ones, on the root and on a browser session', async () => {
    const { sessionId: browserSession } = await a.call('Target.attachToBrowserTarget');
    assert.match(browserSession, /^A-browser-/);
    for (const session of [undefined, browserSession]) {
      await sameAsMissing(a, 'Target.attachToTarget', id => ({ targetId: id, flatten: true }), session);
      await sameAsMissing(a, 'Target.getTargetInfo', id => ({ targetId: id }), session);
      await sameAsMissing(a, 'Target.closeTarget', id => ({ targetId: id }), session);
      await sameAsMissing(a, 'Target.activateTarget', id => ({ targetId: id }), session);
      await sameAsMissing(a, 'Target.exposeDevToolsProtocol', id => ({ targetId: id }), session);
      await sameAsMissing(a, 'Target.autoAttachRelated', id => ({ targetId: id, waitForDebuggerOnStart: false }), session);
      await sameAsMissing(a, 'Browser.getWindowForTarget', id => ({ targetId: id }), session);
      const { targetInfos } = await a.call('Target.getTargets', {}, session);
      const ids = targetInfos.map((t: { targetId: string }) => t.targetId);
      assert.ok(ids.includes(targetA));
      assert.ok(!ids.includes(targetB), 'getTargets never shows B\'s page');
    }
    assert.equal((await b.call('Runtime.evaluate', { expression: 'document.title', returnByValue: true }, sessionB)).result.value, 'B', 'B\'s page is untouched');
  });

  it('exposes the DevTools protocol to no page, not even the task\'s own', async () => {
    const reply = await a.send('Target.exposeDevToolsProtocol', { targetId: targetA });
    assert.ok(reply.error);
  });

  it('answers -32001 for another task\'s session id and for a made-up one', async () => {
    const foreign = await a.send('Runtime.evaluate', { expression: '1' }, sessionB);
    const missing = await a.send('Runtime.evaluate', { expression: '1' }, randomTarget());
    assert.equal(foreign.error?.code, -32001);
    assert.deepEqual(foreign.error, missing.error);
    const detach = await a.send('Target.detachFromTarget', { sessionId: sessionB });
    assert.ok(detach.error);
  });

  it('discovery shows the task\'s targets only, and a synthetic browser target', async () => {
    const client = await RawCdpClient.connect(endpointA);
    await client.call('Target.setDiscoverTargets', { discover: true, filter: [{}] });
    const created = client.events.filter(e => e.method === 'Target.targetCreated').map(e => e.params.targetInfo);
    assert.ok(created.some(t => t.targetId === targetA && t.type === 'page'));
    assert.ok(created.some(t => t.type === 'browser'));
    assert.ok(created.some(t => t.type === 'tab'), 'tabs are modelled for owned pages');
    assert.ok(!client.mentionedTargets().has(targetB));
    client.close();
  });

  it('refuses another task\'s browser context and the task\'s default one', async () => {
    const { browserContextId } = await b.call('Target.createBrowserContext');
    const foreign = await a.send('Target.disposeBrowserContext', { browserContextId });
    const missing = await a.send('Target.disposeBrowserContext', { browserContextId: randomTarget() });
    assert.ok(foreign.error);
    assert.equal(foreign.error?.message.replace(browserContextId, 'X'), missing.error?.message.replace(/[0-9A-F]{32}/, 'X'));
    const inForeign = await a.send('Target.createTarget', { url: 'about:blank', browserContextId });
    assert.ok(inForeign.error, 'no page in B\'s context');
    assert.ok((await b.send('Target.disposeBrowserContext', { browserContextId })).result, 'B disposes its own');
  });

  it('refuses browser-wide methods by allow-list', async () => {
    for (const method of ['Browser.getBrowserCommandLine', 'Browser.crash', 'SystemInfo.getInfo', 'Tracing.start', 'Target.setRemoteLocations', 'Target.openDevTools', 'Storage.clearCookies', 'Security.setIgnoreCertificateErrors'])
      assert.ok((await a.send(method, {})).error, `${method} must be refused`);
    const page = a.events.find(e => e.method === 'Target.attachedToTarget' && e.params.targetInfo.targetId === targetA)!.params.sessionId;
    for (const method of ['Network.clearBrowserCookies', 'Network.clearBrowserCache', 'Tracing.start', 'Target.createTarget', 'Browser.close'])
      assert.ok((await a.send(method, {}, page)).error, `${method} on a page session must be refused`);
    const upload = await a.send('DOM.setFileInputFiles', { files: ['/etc/passwd'], backendNodeId: 1 }, page);
    assert.match(upload.error?.message ?? '', /Refused by tabwright/);
  });

  it('Browser.close disconnects the client and leaves the browser running', async () => {
    const client = await RawCdpClient.connect(endpointA);
    const { sessionId } = await client.call('Target.attachToBrowserTarget');
    assert.deepEqual(await client.call('Browser.close', {}, sessionId), {});
    await client.closed;
    assert.equal((await b.call('Runtime.evaluate', { expression: 'document.title', returnByValue: true }, sessionB)).result.value, 'B');
    const again = await RawCdpClient.connect(endpointA);
    const { targetInfos } = await again.call('Target.getTargets');
    assert.ok(targetInfos.some((t: { targetId: string }) => t.targetId === targetA), 'A\'s page outlives the client');
    again.close();
  });
});
