// Code a program runs outside a page's main world still runs the page's code (issue 41's
// leftovers): a dedicated worker's evaluate, a service worker's (in a task of its own context),
// a function exposed to the page (it runs when the page calls it, maybe after the receipt). Each
// can post, so none may leave a receipt reading mutationState none; the POST a worker sends is
// heard as a page's. Real CLI, runtime and Chromium, a real Worker on a page served on loopback.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { TabwrightHome, hasBrowser, testTimeout } from './harness/tabwrightCli.js';
import { FixtureServer } from './harness/fixtureServer.js';
import { explain } from './harness/testAids.js';

const skip = hasBrowser() ? false : 'no browser on this machine';
let home: TabwrightHome;
let server: FixtureServer;
/** POST bodies the server received, in order. */
const posted: string[] = [];
/** Who waits for the next POST to arrive. */
const arrivals: (() => void)[] = [];
let openGate!: () => void;
const gateOpened = new Promise<void>(resolve => { openGate = resolve; });

before(async () => {
  home = new TabwrightHome({ prefix: 'tw-receipt-workers-' });
  server = await FixtureServer.start();
  server.page('/app', `<title>App</title><h1>App</h1>
    <script>window.worker = new Worker('/worker.js'); window.worker.onmessage = e => { document.querySelector('h1').dataset.said = e.data; };</script>`);
  // The worker says it is ready; it posts only when a program's code tells it to.
  server.route('/worker.js', (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/javascript' }).end(`postMessage('ready');`);
  });
  server.page('/sw-app', `<title>SW</title><h1>SW</h1>
    <script>navigator.serviceWorker.register('/sw.js');</script>`);
  server.route('/sw.js', (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/javascript' }).end(`self.addEventListener('install', () => self.skipWaiting());
      self.addEventListener('activate', e => e.waitUntil(self.clients.claim()));`);
  });
  // Held until the test opens it: the worker's POST after it leaves when the test says.
  server.route('/api/gate', (_req, res) => { gateOpened.then(() => res.writeHead(200, { 'content-type': 'text/plain' }).end('go')); });
  server.route('/api/x', (_req, res, body) => {
    arrivals.shift()?.();
    posted.push(body);
    res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
  });
});

after(async () => {
  await home?.dispose();
  await server?.close();
});

/** Waits for the page's dedicated worker (it may not be announced yet when goto returns). */
const WORKER = `(page.workers()[0] ?? await page.waitForEvent('worker'))`;

test("a dedicated worker's evaluate is page code: mutationState possible, and the POST the worker sent is named", { skip, timeout: testTimeout(2) }, async () => {
  const open = await home.program('w', 'open', `await page.goto(${JSON.stringify(server.url('/app'))});
    await expect(page.locator('h1')).toHaveAttribute('data-said', 'ready'); return page.workers().length;`);
  assert.equal(open.code, 0, explain(open, home));
  assert.equal(open.json.mutationState, 'none', explain(open, home));

  const evaluated = await home.program('w', 'worker-evaluate', `
    return await ${WORKER}.evaluate(() => fetch('/api/x', { method: 'POST', body: 'evaluate' }).then(r => r.status));`);
  assert.equal(evaluated.code, 0, explain(evaluated, home));
  assert.equal(evaluated.json.result, 200, explain(evaluated, home));
  assert.deepEqual(posted, ['evaluate']);
  assert.equal(evaluated.json.mutationState, 'possible', `the worker posted: ${evaluated.stdout}`);
  assert.deepEqual(evaluated.json.mutations, ['worker.evaluate (page code ran)', 'POST /api/x 200'], explain(evaluated, home));
});

test("a dedicated worker's evaluateHandle that only arms a POST for later is page code: possible with no request seen; reading its URL is none", { skip, timeout: testTimeout(2) }, async () => {
  const handle = await home.program('w', 'worker-handle', `
    const armed = await ${WORKER}.evaluateHandle(() => { self.onmessage = () => fetch('/api/x', { method: 'POST', body: 'later' }); return self; });
    return typeof armed;`);
  assert.equal(handle.code, 0, explain(handle, home));
  assert.equal(handle.json.mutationState, 'possible', `the worker may post after the receipt: ${handle.stdout}`);
  assert.deepEqual(handle.json.mutations, ['worker.evaluateHandle (page code ran)'], explain(handle, home));
  assert.ok(!posted.includes('later'), 'nothing was posted yet');

  // Reading the worker's URL runs no code: none again.
  const read = await home.program('w', 'worker-read', `return ${WORKER}.url();`);
  assert.equal(read.json.result, server.url('/worker.js'), explain(read, home));
  assert.equal(read.json.mutationState, 'none', explain(read, home));
});

test('a function exposed to the page is code the page runs later: mutationState possible', { skip, timeout: testTimeout(2) }, async () => {
  const exposed = await home.program('expose', 'expose', `
    await page.goto(${JSON.stringify(server.url('/app'))});
    await page.exposeFunction('tell', () => fetch(${JSON.stringify(server.url('/api/x'))}, { method: 'POST', body: 'exposed' }).then(r => r.status));
    return true;`);
  assert.equal(exposed.code, 0, explain(exposed, home));
  assert.equal(exposed.json.mutationState, 'possible', `the page may call it after the receipt: ${exposed.stdout}`);
  assert.deepEqual(exposed.json.mutations, ['page.exposeFunction (page code ran)'], explain(exposed, home));
  const bound = await home.program('expose', 'bind', `await page.context().exposeBinding('tellAll', () => 1); return true;`);
  assert.equal(bound.json.mutationState, 'possible', explain(bound, home));
  assert.deepEqual(bound.json.mutations, ['context.exposeBinding (page code ran)'], explain(bound, home));
});

test("a service worker's evaluate (a task with its own context) is page code, and the POST it sent is named", { skip, timeout: testTimeout(2) }, async () => {
  const r = await home.program('sw', 'sw-evaluate', `
    const waiting = page.context().waitForEvent('serviceworker');
    await page.goto(${JSON.stringify(server.url('/sw-app'))});
    const worker = page.context().serviceWorkers()[0] ?? await waiting;
    return await worker.evaluate(() => fetch('/api/x', { method: 'POST', body: 'service' }).then(r => r.status));`, ['--isolated']);
  assert.equal(r.code, 0, explain(r, home));
  assert.equal(r.json.result, 200, explain(r, home));
  assert.ok(posted.includes('service'));
  assert.equal(r.json.mutationState, 'possible', `the service worker posted: ${r.stdout}`);
  assert.ok(r.json.mutations?.includes('worker.evaluate (page code ran)'), explain(r, home));
  assert.ok(r.json.mutations?.some((m: string) => /^POST \/api\/x 200/.test(m)), `the service worker's POST is heard: ${r.stdout}`);
});

test("HTML a program sets and a CDP session of the program's own run code in the page: mutationState possible; the runtime's own sessions (read(), tabs) do not count", { skip, timeout: testTimeout(4) }, async () => {
  // The script arms a POST for later: nothing leaves while the program runs.
  const content = await home.program('own', 'set-content', `
    await page.setContent('<h1>Set</h1><script>window.later = () => fetch("/api/x", { method: "POST" })</script>');
    return await page.locator('h1').textContent();`);
  assert.equal(content.json.result, 'Set', explain(content, home));
  assert.equal(content.json.mutationState, 'possible', `its script runs as the page: ${content.stdout}`);
  assert.deepEqual(content.json.mutations, ['page.setContent (page code ran)'], explain(content, home));
  const cdp = await home.program('own', 'cdp', `
    const session = await page.context().newCDPSession(page);
    return (await session.send('Runtime.evaluate', { expression: '1 + 1', returnByValue: true })).result.value;`);
  assert.equal(cdp.json.result, 2, explain(cdp, home));
  assert.equal(cdp.json.mutationState, 'possible', `Runtime.evaluate runs code in the page: ${cdp.stdout}`);
  assert.deepEqual(cdp.json.mutations, ['cdpSession.send (page code ran)'], explain(cdp, home));
  // read() runs in the runtime's isolated world over its own CDP session; tabs asks its own session for target ids.
  const reads = await home.program('own', 'reads', `
    await page.goto(${JSON.stringify(server.url('/app'))});
    const text = await read();
    return [text.includes('App'), (await tabs.list()).length, (await tabs.get((await tabs.list())[0].id)) === page];`);
  assert.deepEqual(reads.json.result, [true, 1, true], explain(reads, home));
  assert.equal(reads.json.mutationState, 'none', explain(reads, home));
});

test("a POST a page's worker sends after its program timed out (the task's Playwright gone) is told in the next receipt and on the one it followed", { skip, timeout: testTimeout(4) }, async () => {
  const open = await home.program('late', 'open', `await page.goto(${JSON.stringify(server.url('/app'))});
    await expect(page.locator('h1')).toHaveAttribute('data-said', 'ready'); return 1;`);
  assert.equal(open.code, 0, explain(open, home));
  // The worker waits at the gate, then posts; the program never ends: its timeout stops the task's worker.
  const stuck = await home.program('late', 'stuck', `
    await ${WORKER}.evaluate(() => { fetch('/api/gate').then(() => fetch('/api/x', { method: 'POST', body: 'after-timeout' })); });
    await new Promise(() => {});`, ['--timeout', '2']);
  assert.equal(stuck.json.status, 'interrupted', explain(stuck, home));
  assert.equal(stuck.json.error.reason, 'timeout', explain(stuck, home));
  const arrived = new Promise<void>(resolve => arrivals.push(resolve));
  openGate();
  await arrived;
  assert.ok(posted.includes('after-timeout'));
  const next = await home.program('late', 'next', 'return 1;');
  assert.equal(next.code, 0, explain(next, home));
  assert.deepEqual(next.json.deferredMutations?.map((m: { since: string; text: string }) => [m.since, m.text.replace(/ (?:200|\(in flight\))$/, '')]),
    [['stuck', 'POST /api/x']], `heard though no Playwright of the task was connected: ${explain(next, home)}`);
  const earlier = await home.run(['receipt', '--task', 'late', '--request-id', 'stuck', '--verbose']);
  assert.ok((earlier.json.laterMutations as string[] | undefined)?.some(m => m.startsWith('POST /api/x')), `on the receipt it followed: ${earlier.stdout}`);
});
