// The page-session table as a whole (router/pageMethodTable.ts): a domain that can reach past
// the session's target names each method it forwards. Attacks on a launched browser's shared
// profile with two tasks, each on a raw client of its own endpoint: one task's page session
// added a screen to the browser (Emulation.addScreen: every task's windows are placed on the
// browser's screens) and took heap snapshots of its renderer process (other pages of the site
// can share it); in a context of the task's own both stay possible where they are harmless.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { RouterRuntime } from './harness/routerRuntime.js';
import { RawCdpClient } from './harness/rawCdpClient.js';
import { hasBrowser } from './harness/tabwrightCli.js';

const skip = hasBrowser() ? false : 'no browser on this machine';

describe('page sessions forward what acts on their target only', { skip, timeout: 600_000 }, () => {
  let runtime: RouterRuntime;
  let a: RawCdpClient;
  let b: RawCdpClient;
  let pageA: string;
  let pageB: string;

  async function page(client: RawCdpClient, browserContextId?: string): Promise<string> {
    const { targetId } = await client.call('Target.createTarget', { url: 'about:blank', ...(browserContextId ? { browserContextId } : {}) });
    return (await client.call('Target.attachToTarget', { targetId, flatten: true })).sessionId;
  }

  before(async () => {
    runtime = new RouterRuntime({ start: {} });
    await runtime.start();
    a = await RawCdpClient.connect(await runtime.endpoint('A'));
    b = await RawCdpClient.connect(await runtime.endpoint('B'));
    pageA = await page(a);
    pageB = await page(b);
  });

  after(async () => {
    a?.close();
    b?.close();
    await runtime?.dispose();
  });

  it('a task cannot change the browser\'s screens, which every task\'s windows are on', async () => {
    const labels = async () => ((await b.call('Emulation.getScreenInfos', {}, pageB)).screenInfos as { label: string }[]).map(s => s.label);
    const before = await labels();
    const added = await a.send('Emulation.addScreen', { left: 4000, top: 0, width: 800, height: 600, label: 'planted' }, pageA);
    assert.deepEqual(await labels(), before, `task B's browser gained a screen: ${JSON.stringify(added)}`);
    assert.deepEqual(added.error, { code: -32601, message: '\'Emulation.addScreen\' is not available through a page session of a tabwright task' });
  });

  it('heap snapshots and renderer-wide memory methods only in a context of the task\'s own; browser-wide ones never', async () => {
    const snapshot = await a.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false }, pageA);
    assert.match(snapshot.error?.message ?? `forwarded: ${JSON.stringify(snapshot)}`, /Refused by tabwright: HeapProfiler\.takeHeapSnapshot acts beyond this page.*a context of the task's own/);
    const pressure = await a.send('Memory.simulatePressureNotification', { level: 'critical' }, pageA);
    assert.deepEqual(pressure.error?.code, -32601, JSON.stringify(pressure));
    const { browserContextId } = await a.call('Target.createBrowserContext');
    const own = await page(a, browserContextId);
    const ownSnapshot = await a.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false }, own);
    assert.equal(ownSnapshot.error, undefined, 'forwarded in a context of the task\'s own');
    assert.equal((await a.send('Memory.simulatePressureNotification', { level: 'critical' }, own)).error?.code, -32601, 'every process: never');
  });

  it('a method a boundary domain does not name is not forwarded (deny by default)', async () => {
    const unknown = await a.send('Network.enableEverythingEverywhere', {}, pageA);
    assert.deepEqual(unknown.error, { code: -32601, message: '\'Network.enableEverythingEverywhere\' is not available through a page session of a tabwright task' });
    // What acts on the page itself still passes.
    assert.equal((await a.call('Runtime.evaluate', { expression: '6 * 7', returnByValue: true }, pageA)).result.value, 42);
    await a.call('Network.enable', {}, pageA);
    await a.call('Emulation.setEmulatedMedia', { media: 'print' }, pageA);
  });
});
