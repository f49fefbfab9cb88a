// Issue 38 item 1: child sessions that arrive on a page session. Chrome's page-level auto-attach
// includes the service worker whose scope covers the page, and the router handed every child to
// the client: with `Runtime.evaluate` on that worker a task listed every window of the origin
// (`clients.matchAll({includeUncontrolled: true})`), another task's tab or the user's own, and
// navigated it. A child reaches the client only when its target is owned through the page (an
// out-of-process iframe, a dedicated worker); anything else (service and shared workers,
// worklets) only when its own browser context is the task's (router/childSessionPolicy.ts).
//
// The attack, as the review ran it: two tasks of a launched browser (one shared profile) on one
// origin whose page registers a real service worker; task A's own endpoint, a raw CDP client,
// auto-attaches on its page. Then the same in `--connect` mode against the user's own tab.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { FixtureServer } from './harness/fixtureServer.js';
import { RouterRuntime } from './harness/routerRuntime.js';
import { RawCdpClient, type CdpEvent } from './harness/rawCdpClient.js';
import { StandInBrowser } from './harness/standInBrowser.js';
import { hasBrowser } from './harness/tabwrightCli.js';

const skip = hasBrowser() ? false : 'no browser on this machine';

/** A service worker that takes every window of its origin at once, and a page that registers it and starts a dedicated worker. */
function startServer(): Promise<FixtureServer> {
  return FixtureServer.start().then(server => server
    .route('/sw.js', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/javascript' }).end(`
        self.addEventListener('install', () => self.skipWaiting());
        self.addEventListener('activate', event => event.waitUntil(self.clients.claim()));`);
    })
    .route('/w.js', (_req, res) => { res.writeHead(200, { 'content-type': 'text/javascript' }).end('setInterval(() => {}, 60_000);'); })
    .page('/app', `<title>app</title><script>
      window.worker = new Worker('/w.js');
      navigator.serviceWorker.register('/sw.js');
      const controlled = () => { document.title = 'controlled'; };
      if (navigator.serviceWorker.controller) controlled();
      navigator.serviceWorker.addEventListener('controllerchange', controlled);
    </script>`));
}

const UNTIL_CONTROLLED = `new Promise(resolve => navigator.serviceWorker.controller ? resolve(location.href)
  : navigator.serviceWorker.addEventListener('controllerchange', () => resolve(location.href)))`;

/** A page of `client`'s task at `url`, controlled by the service worker; its session id. */
async function controlledPage(client: RawCdpClient, url: string, browserContextId?: string): Promise<{ targetId: string; sessionId: string }> {
  const { targetId } = await client.call('Target.createTarget', { url, ...(browserContextId ? { browserContextId } : {}) });
  const { sessionId } = await client.call('Target.attachToTarget', { targetId, flatten: true });
  await client.call('Runtime.evaluate', { expression: UNTIL_CONTROLLED, awaitPromise: true }, sessionId);
  return { targetId, sessionId };
}

const attachesOn = (client: RawCdpClient, sessionId: string): CdpEvent[] =>
  client.events.filter(e => e.method === 'Target.attachedToTarget' && e.sessionId === sessionId);

/**
 * What the review did with a service worker's session: list every window of the origin and
 * navigate the one `victim` names. Run only when the router handed the session over, so the
 * failure says what the attack reached.
 */
async function attackThrough(client: RawCdpClient, worker: CdpEvent, victim: string): Promise<string> {
  const reply = await client.send('Runtime.evaluate', {
    expression: `(async () => {
      const windows = await clients.matchAll({ includeUncontrolled: true, type: 'window' });
      const target = windows.find(w => w.url.includes(${JSON.stringify(victim)}));
      const navigated = target ? await target.navigate(target.url + '&taken').then(w => w ? w.url : 'navigated', e => 'refused: ' + e.message) : 'no such window';
      return { listed: windows.map(w => w.url), navigated };
    })()`,
    awaitPromise: true, returnByValue: true,
  }, worker.params.sessionId);
  return `the worker's session was handed over; through it the task reached ${JSON.stringify(reply.result?.result?.value ?? reply.error)}`;
}

/** Auto-attach on the page's session: Chrome attaches its existing children before it replies. */
async function autoAttachOn(client: RawCdpClient, sessionId: string): Promise<CdpEvent[]> {
  await client.call('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: true }, sessionId);
  // The dedicated worker the page started is its own child: it is delivered (what a client needs).
  await client.nextEvent(e => e.method === 'Target.attachedToTarget' && e.sessionId === sessionId && e.params.targetInfo.type === 'worker');
  return attachesOn(client, sessionId);
}

describe('child sessions on a page session: a service worker never reaches a task through its page', { skip, timeout: 900_000 }, () => {
  let server: FixtureServer;
  before(async () => { server = await startServer(); });
  after(async () => { await server?.close(); });

  describe('launched browser, two tasks on one origin (the shared profile)', () => {
    let runtime: RouterRuntime;
    let a: RawCdpClient;
    let b: RawCdpClient;
    before(async () => {
      runtime = new RouterRuntime({ start: {} });
      await runtime.start();
      a = await RawCdpClient.connect(await runtime.endpoint('A'));
      b = await RawCdpClient.connect(await runtime.endpoint('B'));
    });
    after(async () => {
      a?.close();
      b?.close();
      await runtime?.dispose();
    });

    it('task A\'s page auto-attach gets its dedicated worker, never the service worker, so A cannot list or navigate B\'s tab', async () => {
      const victim = await controlledPage(b, server.url('/app?task=b'));
      const own = await controlledPage(a, server.url('/app?task=a'));
      const attaches = await autoAttachOn(a, own.sessionId);
      const worker = attaches.find(e => e.params.targetInfo.type === 'service_worker');
      assert.equal(worker, undefined, worker && await attackThrough(a, worker, 'task=b'));
      assert.deepEqual(attaches.map(e => e.params.targetInfo.type), ['worker']);
      const { targetInfo } = await b.call('Target.getTargetInfo', { targetId: victim.targetId });
      assert.equal(targetInfo.url, server.url('/app?task=b'), 'B\'s tab is where B left it');
      // Nor does the browser level show or attach it (Target.getTargets lists the task's own).
      const { targetInfos } = await a.call('Target.getTargets');
      assert.deepEqual(targetInfos.map((t: { type: string }) => t.type).filter((t: string) => t !== 'page' && t !== 'worker'), []);
    });

    it('in a context the task\'s client created, every page the worker reaches is the task\'s: the service worker is delivered and usable', async () => {
      const { browserContextId } = await a.call('Target.createBrowserContext');
      const own = await controlledPage(a, server.url('/app?task=own'), browserContextId);
      const attaches = await autoAttachOn(a, own.sessionId);
      const worker = attaches.find(e => e.params.targetInfo.type === 'service_worker');
      assert.ok(worker, `the own context's service worker is delivered: ${JSON.stringify(attaches.map(e => e.params.targetInfo.type))}`);
      const listed = await a.call('Runtime.evaluate', {
        expression: 'clients.matchAll({ includeUncontrolled: true, type: "window" }).then(ws => ws.map(w => w.url))', awaitPromise: true, returnByValue: true,
      }, worker.params.sessionId);
      assert.deepEqual(listed.result.value, [server.url('/app?task=own')], 'it reaches only the task\'s own page');
    });
  });

  describe('--connect: the user\'s own tab on the task\'s origin', () => {
    let standIn: StandInBrowser;
    let runtime: RouterRuntime;
    let user: RawCdpClient;
    let task: RawCdpClient;
    let U: string;
    before(async () => {
      U = server.crossOrigin;
      standIn = StandInBrowser.start();
      const debugUrl = await standIn.url;
      const version = await (await fetch(`${debugUrl}/json/version`)).json() as { webSocketDebuggerUrl: string };
      user = await RawCdpClient.connect(version.webSocketDebuggerUrl);
      const opened = await fetch(`${debugUrl}/json/new?${U}/app?who=user`, { method: 'PUT' });
      assert.equal(opened.status, 200);
      for (;;) {
        const tabs = await (await fetch(`${debugUrl}/json/list`)).json() as { url: string; title: string }[];
        if (tabs.some(tab => tab.url === `${U}/app?who=user` && tab.title === 'controlled')) break;
        await new Promise(resolve => setTimeout(resolve, 100));
      }
      runtime = new RouterRuntime({ start: { connect: debugUrl } });
      await runtime.start();
      task = await RawCdpClient.connect(await runtime.endpoint('T'));
    });
    after(async () => {
      user?.close();
      task?.close();
      await runtime?.dispose();
      await standIn?.stop();
    });

    it('the task\'s page on the user\'s origin gets no service worker session, and cannot attach it by id either', async () => {
      const own = await controlledPage(task, `${U}/app?who=task`);
      const attaches = await autoAttachOn(task, own.sessionId);
      const worker = attaches.find(e => e.params.targetInfo.type === 'service_worker');
      assert.equal(worker, undefined, worker && await attackThrough(task, worker, 'who=user'));
      const { targetInfos } = await user.call('Target.getTargets');
      const userTab = targetInfos.find((t: { url: string; type: string }) => t.type === 'page' && t.url.startsWith(`${U}/app?who=user`));
      assert.equal(userTab?.url, `${U}/app?who=user`, 'the user\'s tab is where the user left it');
      const serviceWorker = targetInfos.find((t: { type: string }) => t.type === 'service_worker');
      assert.ok(serviceWorker, 'the user\'s browser runs the origin\'s service worker');
      const attach = await task.send('Target.attachToTarget', { targetId: serviceWorker.targetId, flatten: true });
      assert.deepEqual(attach.error, { code: -32602, message: 'No target with given id found' });
    });
  });
});
