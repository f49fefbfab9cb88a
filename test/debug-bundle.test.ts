// Issue 27, the debug bundle: `run --trace` saves a Playwright trace of the program and
// `run --har` a HAR of its requests, as files in the receipt's artifacts. The trace is opened
// with Playwright's own trace loader; the HAR is checked against the HAR 1.2 structure.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { TabwrightHome, hasBrowser, testTimeout } from './harness/tabwrightCli.js';
import { FixtureServer } from './harness/fixtureServer.js';
import { harProblems, loadTrace } from './harness/traceFiles.js';
import { HAR_BODY_CAP } from '../runtime/worker/debugBundle/harFile.js';
import { explain } from './harness/testAids.js';

const skip = hasBrowser() ? false : 'no browser on this machine';
let home: TabwrightHome;
let server: FixtureServer;

const ORDER = `<title>Order</title><h1>Order</h1><button id="send">Send order</button><p role="status" id="status"></p>
<script>
document.getElementById('send').onclick = async () => {
  console.log('sending the order');
  const reply = await fetch('/api/order', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ tea: 'oolong', grams: 100 }) });
  document.getElementById('status').textContent = (await reply.json()).id;
};
</script>`;

before(async () => {
  home = new TabwrightHome({ prefix: 'tw-debug-' });
  server = await FixtureServer.start();
  server.page('/order', ORDER);
  server.route('/api/order', (_req, res) => { res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id: 'ORD-7' })); });
  server.route('/big', (_req, res) => { res.writeHead(200, { 'content-type': 'text/plain' }).end('x'.repeat(HAR_BODY_CAP + 5000)); });
});

after(async () => {
  await home?.dispose();
  await server?.close();
});

const PROGRAM = (url: string) => `
  await page.goto(${JSON.stringify(url)});
  await page.getByRole('button', { name: 'Send order' }).click();
  await expect(page.getByRole('status')).toHaveText('ORD-7');
  return 'sent';`;

test('run --trace --har: a trace Playwright\'s loader opens (actions, snapshots, screenshots, network, console) and a HAR 1.2 with the bodies', { skip, timeout: testTimeout(2) }, async () => {
  const r = await home.program('order', 'order-1', PROGRAM(server.url('/order')), ['--wait', '180', '--trace', '--har']);
  assert.equal(r.code, 0, explain(r, home));
  const artifacts = r.json.artifacts as { path: string; mime: string; bytes: number }[];
  const trace = artifacts.find(a => a.path.endsWith('order-1-trace.zip'));
  const harFile = artifacts.find(a => a.path.endsWith('order-1.har'));
  assert.ok(trace && harFile, explain(r, home));
  assert.equal(trace.mime, 'application/zip');
  assert.equal(fs.statSync(trace.path).size, trace.bytes);
  assert.ok(r.json.hints.some((h: string) => h.includes(`npx playwright show-trace ${trace.path}`)), explain(r, home));
  // Files, never inline: the receipt holds paths, not their bytes.
  assert.ok(r.stdout.length < 4000, 'the receipt stays small');

  const loaded = await loadTrace(trace.path);
  const methods = loaded.actions.map(a => a.method);
  for (const method of ['goto', 'click']) assert.ok(methods.includes(method), `the trace lists ${method}: ${methods.join(', ')}`);
  assert.ok(loaded.hasDomSnapshots, 'DOM snapshots');
  assert.ok(loaded.screencastFrames > 0, 'screenshots');
  assert.ok(loaded.resources.some(res => res.request.method === 'POST' && res.request.url.endsWith('/api/order')), 'the network tab has the POST');
  assert.ok(loaded.events.some(e => e.type === 'console' && JSON.stringify(e).includes('sending the order')), 'the console message');

  const har = JSON.parse(fs.readFileSync(harFile.path, 'utf8'));
  assert.deepEqual(harProblems(har), []);
  assert.equal(har.log.version, '1.2');
  const post = har.log.entries.find((e: { request: { method: string; url: string } }) => e.request.method === 'POST');
  assert.equal(post.request.url, server.url('/api/order'));
  assert.deepEqual(JSON.parse(post.request.postData.text), { tea: 'oolong', grams: 100 });
  assert.deepEqual(JSON.parse(post.response.content.text), { id: 'ORD-7' });
});

test('--har cuts a body over the cap and says so; a run without the flags records nothing', { skip, timeout: testTimeout(4) }, async () => {
  const r = await home.program('big', 'big-1', `
    await page.goto(${JSON.stringify(server.url('/order'))});
    return await page.evaluate(async () => (await (await fetch('/big')).text()).length);`, ['--wait', '180', '--har']);
  assert.equal(r.code, 0, explain(r, home));
  const harFile = (r.json.artifacts as { path: string }[]).find(a => a.path.endsWith('.har'))!;
  const har = JSON.parse(fs.readFileSync(harFile.path, 'utf8'));
  assert.deepEqual(harProblems(har), []);
  const big = har.log.entries.find((e: { request: { url: string } }) => e.request.url.endsWith('/big'));
  assert.ok(big, 'the fetch is in the HAR');
  assert.equal(r.json.result, HAR_BODY_CAP + 5000);
  assert.equal(big.response.content.text.length, HAR_BODY_CAP);
  assert.match(big.response.content.comment, /body cut at/);
  assert.ok(r.json.hints.some((h: string) => /1 body cut at/.test(h)), explain(r, home));
  const page = har.log.entries.find((e: { request: { url: string } }) => e.request.url.endsWith('/order'));
  assert.ok(page, 'the page load is in the HAR');

  const plain = await home.program('big', 'big-2', 'return 1;', ['--wait', '180']);
  assert.equal(plain.code, 0, explain(plain, home));
  assert.equal(plain.json.artifacts, undefined);
  // Tracing's DOM snapshots read the page: a program that only reads stays mutationState none.
  const traced = await home.program('big', 'big-3', 'return await page.title();', ['--wait', '180', '--trace']);
  assert.equal(traced.json.mutationState, 'none', explain(traced, home));
});
