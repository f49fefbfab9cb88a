// Issue 39, the browser service's limits as answers: Browserless 2.42.0 with CONCURRENT=1 and
// QUEUED=0 (one browser, no queue: the next connection gets HTTP 429). A program that finds the
// pool full is a receipt that says so and when to retry (BrowserServiceBusy, nothing ran), and
// runs once a browser is free; a runtime that must connect at start fails saying so; a wrong
// token is refused at `runtime start` (exit 2); an address where nothing answers fails at once,
// naming what was tried. The token is printed by none of them.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { TabwrightHome, testTimeout } from './harness/tabwrightCli.js';
import { FixtureServer } from './harness/fixtureServer.js';
import { browserlessForFile, engineOrSkip, ENGINE_SETUP_MS, type EngineForFile } from './harness/browserless.js';
import { explain, until } from './harness/testAids.js';

let service: EngineForFile;
let server: FixtureServer;
let home: TabwrightHome;
const others: TabwrightHome[] = [];

function otherHome(): TabwrightHome {
  const other = new TabwrightHome({ prefix: 'tw-bl-limits-', start: {} });
  others.push(other);
  return other;
}

before(async () => {
  service = await browserlessForFile({ concurrent: 1, queued: 0 });
  if (service.skip) return;
  server = await FixtureServer.start();
  server.page('/calm', '<title>Calm</title>');
  server.page('/ran', '<title>Ran</title>');
  home = new TabwrightHome({ prefix: 'tw-bl-limits-', start: { browserService: service.engine!.url } });
}, { timeout: ENGINE_SETUP_MS });

after(async () => {
  for (const other of others) await other.dispose();
  await home?.dispose();
  await server?.close();
  await service?.engine?.stop();
});

test('a full pool (429): the program fails BrowserServiceBusy saying when to retry, nothing ran; a runtime that must connect at start fails saying so; once a browser is free the program runs', { timeout: testTimeout(10) }, async t => {
  const engine = engineOrSkip(service, t);
  if (!engine) return;
  const held = await home.program('holder', 'h-1', `await page.goto(${JSON.stringify(server.url('/calm'))}); return page.title();`);
  assert.equal(held.code, 0, explain(held, home));
  assert.equal((await engine.pressure()).running, 1, 'the one browser of the pool is the holder\'s');

  const busy = await home.program('waiter', 'w-1', `await page.goto(${JSON.stringify(server.url('/ran'))}); return 1;`);
  assert.equal(busy.code, 1, explain(busy, home));
  assert.equal(busy.json.status, 'failed');
  assert.equal(busy.json.error.name, 'BrowserServiceBusy', explain(busy, home));
  assert.equal(busy.json.error.status, 429);
  assert.equal(busy.json.error.retryAfterS, 10);
  assert.equal(busy.json.error.service, `ws://127.0.0.1:${engine.port}?token=***`);
  assert.match(busy.json.error.message, /is full \(HTTP 429/);
  assert.match(busy.json.error.message, /Retry in 10 s/);
  assert.match(busy.json.hints.join('\n'), /Nothing ran\. Submit the program again under a new request id in 10 s or later/);
  assert.equal(busy.json.mutationState, 'none');
  assert.ok(!server.requests.includes('GET /ran'), 'nothing ran: the page was never asked for');
  assert.ok(!busy.stdout.includes(engine.token));

  // --connect needs its browser at start: with the pool full, the start fails and says why (exit 5).
  const connect = otherHome();
  const refusedStart = await connect.run(['runtime', 'start', '--connect', engine.url]);
  assert.equal(refusedStart.code, 5, explain(refusedStart, connect));
  assert.equal(refusedStart.json.error.name, 'BrowserServiceBusy');
  assert.match(refusedStart.json.error.message, /full \(HTTP 429\)/);
  assert.ok(!refusedStart.stdout.includes(engine.token));
  // --browser-service starts: a 429 proves the service is there and took the token; programs wait for a free browser.
  const perTask = otherHome();
  const started = await perTask.run(['runtime', 'start', '--browser-service', engine.url]);
  assert.equal(started.code, 0, explain(started, perTask));
  assert.equal(started.json.browser.sessions, 0);

  // The holder is released: its browser goes back, and the waiter's next program runs.
  assert.equal((await home.run(['release', '--task', 'holder'])).code, 0);
  await until('the pool to have a free browser', async () => ((await engine.pressure()).running === 0 ? true : undefined));
  const ran = await home.program('waiter', 'w-2', `await page.goto(${JSON.stringify(server.url('/ran'))}); return page.title();`);
  assert.equal(ran.code, 0, explain(ran, home));
  assert.equal(ran.json.result, 'Ran');
});

test('a wrong token is refused at runtime start (exit 2, BrowserServiceRefused); an address where nothing answers fails at once, naming what was tried (exit 5)', { timeout: testTimeout(6) }, async t => {
  const engine = engineOrSkip(service, t);
  if (!engine) return;
  const wrongToken = `${engine.token}-wrong`;
  const wrong = otherHome();
  const refused = await wrong.run(['runtime', 'start', '--browser-service', engine.url.replace(engine.token, wrongToken)]);
  assert.equal(refused.code, 2, explain(refused, wrong));
  assert.equal(refused.json.error.name, 'BrowserServiceRefused');
  assert.match(refused.json.error.message, /refused the runtime's token/);
  assert.match(refused.json.error.message, /HTTP 401/);
  assert.ok(!refused.stdout.includes(wrongToken) && !refused.stderr.includes(wrongToken), 'the token given is not printed');
  assert.equal((await wrong.run(['runtime', 'status'])).json.running, false, 'the runtime did not start');

  // A port where nothing listens (taken and closed just now).
  const closed = net.createServer();
  await new Promise<void>(resolve => closed.listen(0, '127.0.0.1', resolve));
  const port = (closed.address() as net.AddressInfo).port;
  await new Promise(resolve => closed.close(resolve));
  const nowhere = otherHome();
  const gone = await nowhere.run(['runtime', 'start', '--browser-service', `ws://127.0.0.1:${port}?token=${engine.token}`]);
  assert.equal(gone.code, 5, explain(gone, nowhere));
  assert.equal(gone.json.error.name, 'BrowserServiceUnreachable');
  assert.match(gone.json.error.message, new RegExp(`Nothing answered at ws://127\\.0\\.0\\.1:${port}\\?token=\\*\\*\\*: tried a WebSocket to it and got connect ECONNREFUSED 127\\.0\\.0\\.1:${port}`), explain(gone, nowhere));
  assert.ok(!gone.stdout.includes(engine.token));
});
