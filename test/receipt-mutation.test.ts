// Issue 4, mutationState decided from what the runtime observed, OUTCOME_UNKNOWN for an
// interrupted program that may have changed something, and network diagnostics that outlive
// the receipt: a POST still in flight when the program returns shows as pending, and its
// later failure lands in the next receipt as deferred. Real CLI, runtime and Chromium.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { TabwrightHome, hasBrowser, testTimeout } from './harness/tabwrightCli.js';
import { FixtureServer } from './harness/fixtureServer.js';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';
import { explain } from './harness/testAids.js';

const skip = hasBrowser() ? false : 'no browser on this machine';
let home: TabwrightHome;
let server: FixtureServer;
/** The order POST arrived: the server holds it until the test calls the answer (a 504). */
let orderArrived: (answer: () => void) => void;
const orderAnswer = new Promise<() => void>(resolve => { orderArrived = resolve; });

before(async () => {
  home = new TabwrightHome({ prefix: 'tw-receipt-mutation-' });
  server = await FixtureServer.start();
  server.page('/form', `<title>Form</title><h1>Settings</h1>
    <label>Name <input id="name"></label>
    <label>Plan <select id="plan"><option>free</option><option>pro</option></select></label>
    <label>Due <input id="due" type="date"></label>
    <button id="inc" onclick="this.textContent = Number(this.textContent) + 1">0</button>
    <p id="missing-data"></p>
    <script>window.clicks = 0; document.addEventListener('click', () => window.clicks++)</script>`);
  server.page('/owned', `<title>Owned</title><div role="combobox" aria-label="Priority" aria-expanded="true" aria-owns="priorities">High</div>
    <ul id="priorities" role="listbox"><li role="option">High</li><li role="option">Low</li></ul>`);
  server.page('/order', `<title>Order</title>
    <button id="buy" onclick="document.querySelector('#status').textContent = 'Saving';
      fetch('/api/order', { method: 'POST', body: '{}' }).then(r => document.querySelector('#status').textContent = 'HTTP ' + r.status)">Buy</button>
    <p id="status">idle</p>
    <button id="load" onclick="fetch('/api/broken').then(r => document.querySelector('#status').textContent = 'GET ' + r.status)">Load</button>
    <button id="abort" onclick="const c = new AbortController();
      fetch('/api/never', { signal: c.signal }).catch(e => document.querySelector('#status').textContent = e.name);
      setTimeout(() => c.abort(), 50)">Abort</button>`);
  server.route('/api/never', () => { /* never answers: the page aborts it */ });
  server.route('/api/order', (_req, res) => {
    orderArrived(() => res.writeHead(504, { 'content-type': 'text/plain' }).end('gateway timeout'));
  });
  server.route('/api/broken', (_req, res) => { res.writeHead(500).end('broken'); });
  server.route('/api/echo', (_req, res, body) => { res.writeHead(200, { 'content-type': 'text/plain' }).end(body); });
  let beacons = 0;
  server.route('/api/beacon', (_req, res) => { beacons++; res.writeHead(204).end(); });
  server.route('/api/beacons', (_req, res) => { res.writeHead(200, { 'content-type': 'text/plain' }).end(String(beacons)); });
});

after(async () => {
  await home?.dispose();
  await server?.close();
});

test('going to a page and reading it (observe, locator reads) reports mutationState none; page code that only reads is named, not none', { skip, timeout: testTimeout(2) }, async () => {
  const r = await home.program('reads', 'read-1', `
    await page.goto(${JSON.stringify(server.url('/form'))});
    await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
    await expect(page.locator('#inc')).toHaveText('0');
    const view = await observe();
    return {
      view: view.includes('button 0'),
      heading: await page.locator('h1').textContent(),
      inner: await page.locator('h1').innerText(),
      buttons: await page.getByRole('button').count(),
      visible: await page.locator('#name').isVisible(),
      value: await page.locator('#name').inputValue(),
      plan: await page.locator('#plan').getAttribute('id'),
      snapshot: (await page.locator('body').ariaSnapshot()).split('\\n')[0],
      all: await page.locator('label').allTextContents(),
      title: await page.title(),
      url: page.url(),
      html: (await page.content()).length > 0,
      shot: (await page.screenshot()).length > 0,
    };`);
  assert.equal(r.code, 0, explain(r, home));
  assert.equal(r.json.result.heading, 'Settings');
  assert.equal(r.json.result.view, true);
  assert.equal(r.json.result.snapshot, '- heading "Settings" [level=1]');
  assert.equal(r.json.mutationState, 'none', `reads only: ${r.stdout.slice(0, 1500)}`);
  assert.equal(r.json.mutations, undefined);

  // Page code the program runs may have started anything (a handler, a timer): the runtime
  // cannot rule it out, so it is possible, and mutations says it was page code (issue 38 item 18).
  const evaluated = await home.compactProgram('reads', 'read-evaluate', `
    return [await page.evaluate(() => document.querySelectorAll('button').length), await page.locator('h1').evaluate(e => e.textContent)];`);
  assert.deepEqual(evaluated.json.result, [1, 'Settings'], explain(evaluated, home));
  assert.equal(evaluated.json.mutationState, 'possible', explain(evaluated, home));
  assert.deepEqual(evaluated.json.mutations, ['page.evaluate (page code ran)', 'locator.evaluate (page code ran)'], explain(evaluated, home));

  // A click that times out before anything is dispatched changes nothing.
  const missed = await home.compactProgram('reads', 'read-2', `await page.getByRole('button', { name: 'Delete everything' }).click({ timeout: 1000 });`);
  assert.equal(missed.code, 1, explain(missed, home));
  assert.equal(missed.json.mutationState, 'none', explain(missed, home));
  assert.ok(!missed.json.hints.some((h: string) => /may have changed something/.test(h)), explain(missed, home));
});

test('observe() on a page where aria-owns places a listbox is the runtime\'s read, not page code: mutationState none', { skip, timeout: testTimeout(1) }, async () => {
  const r = await home.program('owned', 'observe', `
    await page.goto(${JSON.stringify(server.url('/owned'))});
    return await observe();`);
  assert.match(r.json?.result ?? '', /listbox.*\[DOM elsewhere/, explain(r, home));
  assert.equal(r.json.mutationState, 'none', explain(r, home));
  assert.equal(r.json.mutations, undefined, explain(r, home));
});

test('input, value-setting actions and requests report mutationState possible, each named in mutations', { skip, timeout: testTimeout(21) }, async () => {
  const open = await home.program('writes', 'open', `await page.goto(${JSON.stringify(server.url('/form'))}); return true;`);
  assert.equal(open.code, 0, explain(open, home));
  const programs: Record<string, [string, string[] | RegExp]> = {
    click: [`await page.locator('#inc').click();`, ["click locator('#inc')"]],
    fill: [`await page.getByLabel('Name').fill('Ada');`, ["fill getByLabel('Name')"]],
    date: [`await page.locator('#due').fill('2027-06-15');`, ["fill locator('#due')"]],
    select: [`await page.locator('#plan').selectOption('pro');`, ["selectOption locator('#plan')"]],
    press: [`await page.getByLabel('Name').press('Enter');`, ["press getByLabel('Name') Enter"]],
    keyboard: [`await page.keyboard.press('Tab');`, ['keyboard.press Tab']],
    typed: [`await page.keyboard.type('secret');`, ['keyboard.type']],
    mouse: [`await page.mouse.click(5, 5);`, ['mouse.click (5, 5)']],
    dispatchEvent: [`await page.locator('#inc').dispatchEvent('click');`, ["dispatchEvent locator('#inc') click"]],
    pageFetch: [`await page.evaluate(() => fetch('/api/echo', { method: 'POST', body: 'x' }));`, /^page\.evaluate \(page code ran\),POST \/api\/echo (?:200|\(in flight\))$/],
    beacon: [`await page.evaluate(() => navigator.sendBeacon('/api/beacon', 'x'));
      await expect.poll(() => page.evaluate(() => fetch('/api/beacons').then(r => r.text()))).toBe('1');`,
    /^page\.evaluate \(page code ran\),POST \/api\/beacon (?:204|\(in flight\)) \(beacon\)$/],
    programRequest: [`await page.request.post(${JSON.stringify(server.url('/api/echo'))}, { data: { a: 1 } });`,
      [`POST ${server.url('/api/echo')} 200 (the program's own request)`]],
    programFetch: [`await fetch(${JSON.stringify(server.url('/api/echo'))}, { method: 'PUT' });`,
      [`PUT ${server.url('/api/echo')} 200 (the program's own fetch)`]],
  };
  for (const [name, [program, expected]] of Object.entries(programs)) {
    const r = await home.program('writes', `m-${name}`, program);
    assert.equal(r.code, 0, `${name}: ${explain(r, home)}`);
    assert.equal(r.json.mutationState, 'possible', `${name} can change something: ${r.stdout}`);
    if (expected instanceof RegExp) assert.match(String(r.json.mutations), expected, `${name}: ${r.stdout}`);
    else assert.deepEqual(r.json.mutations, expected, `${name}: ${r.stdout}`);
  }
  // What `run` prints of a succeeded program leaves out its own actions (it awaited each) and
  // keeps what its text cannot tell: requests with their status (page.keyboard's calls are its own
  // actions too), or that its input was all there was.
  const inputOnly = ['input only, no request but GET'];
  for (const [name, shown] of [['click', inputOnly], ['select', inputOnly], ['keyboard', inputOnly], ['programFetch', [`PUT ${server.url('/api/echo')} 200 (the program's own fetch)`]]] as const) {
    const compact = await home.run(['receipt', '--task', 'writes', '--request-id', `m-${name}`]);
    assert.equal(compact.json.mutationState, 'possible', `${name}: ${compact.stdout}`);
    assert.deepEqual(compact.json.mutations, shown, `${name}, compact: ${compact.stdout}`);
  }
  // Typed text is counted, never shown.
  const typed = await home.program('writes', 'typed-2', `await page.getByLabel('Name').pressSequentially('hunter2');`);
  assert.deepEqual(typed.json.mutations, ["type getByLabel('Name')"], explain(typed, home));
  assert.ok(!JSON.stringify(typed.json).includes('hunter2'), 'the typed value is nowhere in the receipt');
  // And reading again afterwards is back to none: the state is per program.
  const after = await home.program('writes', 'read-2', `return await page.locator('#inc').textContent();`);
  assert.equal(after.json.result, '2', 'the click and the dispatched click');
  assert.equal(after.json.mutationState, 'none');
  assert.equal(after.json.mutations, undefined);
});

test('a WebSocket frame a page sends makes mutationState possible; a page that only listens does not', { skip, timeout: testTimeout(2) }, async () => {
  const sockets = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise(resolve => sockets.once('listening', resolve));
  sockets.on('connection', socket => socket.on('message', data => socket.send(`echo ${data}`)));
  const url = `ws://127.0.0.1:${(sockets.address() as AddressInfo).port}/live`;
  try {
    const open = await home.program('socket', 'open', `
      await page.goto(${JSON.stringify(server.url('/form'))});
      await page.evaluate(url => new Promise(resolve => { window.socket = new WebSocket(url); window.socket.onopen = resolve; }), ${JSON.stringify(url)});
      return true;`);
    assert.equal(open.code, 0, explain(open, home));
    assert.deepEqual(open.json.mutations, ['page.evaluate (page code ran)'], 'opening a socket (a GET upgrade) sends no frame: only the page code counts');
    const send = await home.compactProgram('socket', 'send', `
      await page.evaluate(() => new Promise(resolve => { window.socket.onmessage = resolve; window.socket.send('hello'); window.socket.send('again'); }));`);
    assert.equal(send.json.mutationState, 'possible', explain(send, home));
    // What left the browser first (the compact view's order), then the page code that sent it.
    assert.deepEqual(send.json.mutations, [`WebSocket ${url} frames sent`, 'page.evaluate (page code ran)'], explain(send, home));
  } finally {
    for (const client of sockets.clients) client.terminate();
    await new Promise(resolve => sockets.close(resolve));
  }
});

test('a POST still in flight is pending in its receipt; its 504 comes in the next receipt, deferred', { skip, timeout: testTimeout(4) }, async () => {
  const open = await home.program('shop', 'open', `await page.goto(${JSON.stringify(server.url('/order'))}); return true;`);
  assert.equal(open.code, 0, explain(open, home));

  // The POST has left when the program returns (Playwright saw it go), and the server holds it
  // unanswered until the test says: in flight whatever the machine's speed.
  const buy = await home.program('shop', 'buy-1', `
    await Promise.all([page.waitForRequest(${JSON.stringify(server.url('/api/order'))}), page.locator('#buy').click()]);
    return 'clicked';`);
  assert.equal(buy.code, 0, explain(buy, home));
  assert.equal(buy.json.status, 'succeeded', 'succeeded says the program ended, not that the order went through');
  assert.equal(buy.json.mutationState, 'possible');
  const pending = buy.json.network?.find((n: { url: string }) => n.url === server.url('/api/order'));
  assert.deepEqual(pending, { page: buy.json.page, method: 'POST', url: server.url('/api/order'), pending: true }, explain(buy, home));
  assert.ok(buy.json.hints.some((h: string) => /still in flight/.test(h)), JSON.stringify(buy.json.hints));

  (await orderAnswer)();
  const look = await home.program('shop', 'look-1', `
    await expect(page.locator('#status')).toHaveText('HTTP 504');
    return await page.locator('#status').textContent();`);
  assert.equal(look.code, 0, explain(look, home));
  assert.deepEqual(look.json.network, [{
    page: buy.json.page, method: 'POST', url: server.url('/api/order'), status: 504, type: 'fetch', deferred: true, since: 'buy-1',
  }]);
  assert.equal(look.json.mutationState, 'none', 'the failure is reported, not counted as this program\'s mutation');
  assert.ok(look.json.hints.some((h: string) => /deferred/.test(h)), JSON.stringify(look.json.hints));

  // Reported once: the receipt after that is clean.
  const again = await home.program('shop', 'look-2', `return 1;`);
  assert.equal(again.json.network, undefined, explain(again, home));
});

test('a failure during the program is its own, not deferred; cancelled and favicon requests are not reported', { skip, timeout: testTimeout(1) }, async () => {
  const r = await home.program('shop', 'load-1', `
    await page.locator('#abort').click();
    await expect(page.locator('#status')).toHaveText('AbortError');
    await page.locator('#load').click();
    await expect(page.locator('#status')).toHaveText('GET 500');
    const missing = await page.goto(${JSON.stringify(server.url('/no-such-page'))});
    return missing.status();`);
  assert.equal(r.code, 0, explain(r, home));
  assert.equal(r.json.result, 404);
  assert.deepEqual(r.json.network, [
    { page: r.json.page, method: 'GET', url: server.url('/api/broken'), status: 500, type: 'fetch' },
    { page: r.json.page, method: 'GET', url: server.url('/no-such-page'), status: 404, type: 'document' },
  ], explain(r, home));
  assert.ok(server.requests.includes('GET /api/never'), 'the aborted request was sent, and is not reported');
});

test('a program killed after a click ends interrupted with OUTCOME_UNKNOWN; one that only waited does not', { skip, timeout: testTimeout(4) }, async () => {
  const open = await home.program('killed', 'open', `await page.goto(${JSON.stringify(server.url('/form'))}); return true;`);
  assert.equal(open.code, 0, explain(open, home));

  const r = await home.program('killed', 'click-hang', `
    await page.locator('#inc').click();
    await new Promise(() => {});`, ['--timeout', '8']);
  assert.equal(r.code, 4, explain(r, home));
  assert.equal(r.json.status, 'interrupted');
  assert.equal(r.json.mutationState, 'possible');
  assert.equal(r.json.outcome, 'OUTCOME_UNKNOWN');
  assert.ok(r.json.hints.some((h: string) => /check the application state before resubmitting/.test(h)), JSON.stringify(r.json.hints));

  // Never replayed: the click happened once, and the tab kept its state.
  const count = await home.program('killed', 'count', `return await page.locator('#inc').textContent();`);
  assert.equal(count.json.result, '1', explain(count, home));
  assert.equal(count.json.mutationState, 'none', 'a new worker attaching to the tab is not the program\'s doing');

  const idle = await home.program('killed', 'read-hang', `
    await page.locator('#inc').textContent();
    await new Promise(() => {});`, ['--timeout', '2']);
  assert.equal(idle.code, 4, explain(idle, home));
  assert.equal(idle.json.status, 'interrupted');
  assert.equal(idle.json.mutationState, 'none');
  assert.equal(idle.json.outcome, undefined);
});

test('a receipt asked for before it is final says to wait for it with the exact command', { skip, timeout: testTimeout(2) }, async () => {
  const r = await home.program('slow', 'slow-1', `await new Promise(resolve => setTimeout(resolve, 3000)); return 'late';`, ['--wait', '0']);
  assert.equal(r.code, 3, explain(r, home));
  assert.ok(['queued', 'running'].includes(r.json.status));
  assert.ok(r.json.hints.includes('The program is ' + (r.json.status === 'queued' ? 'queued' : 'still running')
    + ': do not resubmit it; get its receipt with `tabwright receipt --task slow --request-id slow-1 --wait 60` (waits up to 60 s; exit 3 again means it still runs).'), JSON.stringify(r.json.hints));
  const final = await home.run(['receipt', '--task', 'slow', '--request-id', 'slow-1', '--wait', '30']);
  assert.equal(final.code, 0, explain(final, home));
  assert.equal(final.json.result, 'late');
  assert.equal(final.json.hints, undefined, 'a final receipt has no progress hint');
});
