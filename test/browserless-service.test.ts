// Issue 39, a browser per task from a browser service: `tabwright runtime start --browser-service
// 'ws://127.0.0.1:PORT?token=T'` against Browserless 2.42.0 (harness/browserless.ts). Each task
// opens its own connection, so it has a browser of its own from the service's pool; two runtimes
// (two homes) on one service see nothing of each other's tasks; a task that goes idle gives its
// browser back and its next program gets a new one with its tabs reopened (said in the receipt);
// a session the service ends mid-program ends that program `interrupted`, the cause named and
// its mutation evidence kept, touches no other task, and the next program gets a new browser;
// `doctor` shows the service and how full it is.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { PACKAGE_ROOT, TabwrightHome, testTimeout, type CliResult } from './harness/tabwrightCli.js';
import { FixtureServer } from './harness/fixtureServer.js';
import { RawCdpClient } from './harness/rawCdpClient.js';
import { browserlessForFile, engineOrSkip, ENGINE_SETUP_MS, readmeServiceExample, type EngineForFile } from './harness/browserless.js';
import { explain, until } from './harness/testAids.js';

let service: EngineForFile;
let server: FixtureServer;
const homes: TabwrightHome[] = [];

/** A home whose runtime takes a browser per task from the file's Browserless. */
function serviceHome(url: string, env: NodeJS.ProcessEnv = {}): TabwrightHome {
  const home = new TabwrightHome({ prefix: 'tw-bl-service-', start: { browserService: url }, env });
  homes.push(home);
  return home;
}

function succeeded(result: CliResult, home: TabwrightHome): void {
  assert.equal(result.code, 0, explain(result, home));
  assert.equal(result.json.status, 'succeeded', explain(result, home));
}

before(async () => {
  service = await browserlessForFile({ concurrent: 12, queued: 0 });
  if (service.skip) return;
  server = await FixtureServer.start();
  server.page('/shop', '<title>Shop</title><h1>Tea shop</h1><button onclick="this.textContent = \'added\'">Add to cart</button><input aria-label="Note">');
  server.page('/calm', '<title>Calm</title><h1>Nothing happens here</h1>');
}, { timeout: ENGINE_SETUP_MS });

after(async () => {
  for (const home of homes) await home.dispose();
  await server?.close();
  await service?.engine?.stop();
});

test('each task has a browser of its own from the service, and two runtimes on one service see nothing of each other\'s tasks', { timeout: testTimeout(12) }, async t => {
  const engine = engineOrSkip(service, t);
  if (!engine) return;
  const first = serviceHome(engine.url);
  const second = serviceHome(engine.url);
  const shop = JSON.stringify(server.url('/shop'));
  const a = await first.program('a', 'a-1', `await page.goto(${shop}); await page.evaluate(() => { document.cookie = 'who=a; max-age=600'; }); return await page.evaluate(() => document.cookie);`);
  succeeded(a, first);
  assert.equal(a.json.result, 'who=a');
  // Task b of the same runtime shares no cookie with a, without --isolated: it is in another browser.
  const b = await first.program('b', 'b-1', `await page.goto(${shop}); return { cookie: await page.evaluate(() => document.cookie), pages: context.pages().length };`);
  succeeded(b, first);
  assert.deepEqual(b.json.result, { cookie: '', pages: 1 });
  const c = await second.program('c', 'c-1', `await page.goto(${shop}); return await page.evaluate(() => document.cookie);`);
  succeeded(c, second);
  assert.equal(c.json.result, '');

  // The service holds one browser per task; each runtime counts its own.
  assert.equal((await engine.pressure()).running, 3);
  const status = await first.run(['runtime', 'status']);
  assert.equal(status.json.browser.sessions, 2, explain(status, first));
  assert.equal(status.json.browser.path, `ws://127.0.0.1:${engine.port}?token=***`);
  assert.equal(status.json.policy.browserService, `ws://127.0.0.1:${engine.port}?token=***`);
  assert.equal((await second.run(['runtime', 'status'])).json.browser.sessions, 1);

  // Each runtime lists its own tasks' tabs, even with --all; the other runtime's are nowhere.
  const firstPages = (await first.run(['pages', '--all'])).json.pages as { id: number; task: string | null; url: string }[];
  assert.deepEqual(firstPages.filter(p => p.task !== null).map(p => p.task).sort(), ['a', 'b']);
  assert.ok(!firstPages.some(p => p.task === 'c'));
  const secondPages = (await second.run(['pages', '--all'])).json.pages as { task: string | null }[];
  assert.deepEqual(secondPages.filter(p => p.task !== null).map(p => p.task), ['c']);

  // A's endpoint shows a browser holding a's page only: b's (another browser of this runtime)
  // and c's (another runtime's) are not there to find.
  const endpoint = (await first.run(['endpoint', '--task', 'a'])).json.endpoint as string;
  const client = await RawCdpClient.connect(endpoint);
  try {
    const { targetInfos } = await client.call('Target.getTargets');
    const pages = (targetInfos as { type: string; url: string }[]).filter(info => info.type === 'page');
    assert.deepEqual(pages.map(info => info.url), [server.url('/shop')]);
  } finally {
    client.close();
  }
  // Adopting across browsers cannot be: refused, saying why.
  const adopt = await first.run(['adopt', '--task', 'a', '--page', String(firstPages.find(p => p.task === 'b')!.id)]);
  assert.equal(adopt.code, 2, explain(adopt, first));
  assert.match(adopt.json.error.message, /browser of its own/);

  // doctor: the service, without its token, and how full it is now.
  const doctor = await first.run(['doctor']);
  assert.equal(doctor.json.service.url, `ws://127.0.0.1:${engine.port}?token=***`, explain(doctor, first));
  assert.match(doctor.json.service.mode, /a browser per task/);
  assert.deepEqual({ running: doctor.json.service.pressure.running, maxConcurrent: doctor.json.service.pressure.maxConcurrent, isAvailable: doctor.json.service.pressure.isAvailable },
    { running: 3, maxConcurrent: 12, isAvailable: true });
  assert.ok(!doctor.stdout.includes(engine.token), 'doctor prints no token');

  // Closing a task gives its browser back at once.
  assert.equal((await first.run(['close', '--task', 'b'])).code, 0);
  assert.equal((await engine.pressure()).running, 2);
});

test('README\'s "A browser service" section, followed as written with --browser-service: the quick start prints what it says', { timeout: testTimeout(3) }, async t => {
  const engine = engineOrSkip(service, t);
  if (!engine) return;
  const home = new TabwrightHome({ prefix: 'tw-bl-readme-', start: {} });
  homes.push(home);
  assert.equal((await home.run(['runtime', 'start', '--browser-service', engine.url])).code, 0);
  const example = readmeServiceExample(fs.readFileSync(path.join(PACKAGE_ROOT, 'README.md'), 'utf8'));
  const printed = await home.run(example.args, { input: example.program });
  assert.equal(printed.code, 0, explain(printed, home));
  assert.equal(printed.stdout.trim(), example.printed);
});

test('a task that goes idle gives its browser back; its next program gets a new one with its tabs reopened at their last URLs, and the receipt says so', { timeout: testTimeout(8) }, async t => {
  const engine = engineOrSkip(service, t);
  if (!engine) return;
  // Idle after 1.2 s instead of 10 min: the worker stops, and with it the task's hold on a browser.
  const home = serviceHome(engine.url, { TABWRIGHT_IDLE_MINUTES: '0.02' });
  const filled = await home.program('idle', 'i-1', `await page.goto(${JSON.stringify(server.url('/shop'))}); await page.getByLabel('Note').fill('typed'); return 1;`);
  succeeded(filled, home);
  const page = filled.json.page as number;
  await until('the idle task to give its browser back', async () => ((await home.run(['runtime', 'status'])).json.browser.sessions === 0 ? true : undefined));

  const next = await home.program('idle', 'i-2', `return { url: page.url(), note: await page.getByLabel('Note').inputValue(), pages: context.pages().length };`);
  succeeded(next, home);
  assert.deepEqual(next.json.result, { url: server.url('/shop'), note: '', pages: 1 }, 'the tab reopened at its last URL, what was typed gone');
  assert.equal(next.json.page, page, 'under the same id');
  const hints = (next.json.hints ?? []).join('\n');
  assert.match(hints, /browser from the browser service was given back while the task was idle/, explain(next, home));
  assert.match(hints, new RegExp(`tab ${page} was reopened at the last URL`));
  // Not `runtime status` now: with both cores busy the 1.2 s idle can pass again before it answers,
  // and the new browser is given back (0 sessions). The hints above come from the new browser's start.
});

test('a session the service ends mid-program: that program ends interrupted, the cause named and its mutation evidence kept; another task is untouched; the next program gets a new browser', { timeout: testTimeout(10) }, async t => {
  const engine = engineOrSkip(service, t);
  if (!engine) return;
  const home = serviceHome(engine.url);
  const calm = await home.program('calm', 'k-1', `await page.goto(${JSON.stringify(server.url('/calm'))}); return page.title();`);
  succeeded(calm, home);
  const submitted = await home.run(['run', '--task', 'victim', '--request-id', 'v-1', '--wait', '0'], {
    input: `await page.goto(${JSON.stringify(`${server.url('/shop')}?victim`)}); await page.getByRole('button', { name: 'Add to cart' }).click(); await new Promise(() => {});`,
  });
  assert.equal(submitted.code, 3, explain(submitted, home));
  // Once the click may have changed something (saved at once), the service's operator kills that task's browser.
  await until('the program to click', async () => {
    const r = await home.run(['receipt', '--task', 'victim', '--request-id', 'v-1']);
    return r.json.status === 'running' && r.json.mutationState === 'possible' ? true : undefined;
  });
  const sessions = await engine.sessions();
  const victim = sessions.find(entry => entry.type === 'page' && entry.url?.endsWith('?victim'));
  assert.ok(victim, JSON.stringify(sessions));
  await engine.killSessions(victim.browserId);

  const ended = await home.run(['receipt', '--task', 'victim', '--request-id', 'v-1', '--wait', '240', '--verbose']);
  assert.equal(ended.code, 4, explain(ended, home));
  assert.equal(ended.json.status, 'interrupted');
  assert.equal(ended.json.error.reason, 'browserLost');
  assert.match(ended.json.error.message, /The browser service ended this task's browser while the program ran: the connection closed after [\d.]+ s without a WebSocket close/, explain(ended, home));
  assert.equal(ended.json.mutationState, 'possible', 'the click ran before the browser went');
  assert.equal(ended.json.outcome, 'OUTCOME_UNKNOWN');
  assert.ok((ended.json.mutations as string[]).some(m => /click/.test(m)), JSON.stringify(ended.json.mutations));
  assert.ok((ended.json.mutations as string[]).some(m => /link to the browser was lost/.test(m)), JSON.stringify(ended.json.mutations));

  // The other task's browser was not touched: same tab, no hint of anything.
  const still = await home.program('calm', 'k-2', 'return page.title();');
  succeeded(still, home);
  assert.equal(still.json.result, 'Calm');
  assert.equal(still.json.hints, undefined, explain(still, home));

  // The victim's next program: a new browser from the service, and said so. Its tab is reopened
  // when the link dropped before the browser closed it; a kill closes the tabs first (Chrome says
  // so on the link), and then they are gone, as a tab closed in the browser is.
  const next = await home.program('victim', 'v-2', 'return page.url();');
  succeeded(next, home);
  const hints = (next.json.hints ?? []).join('\n');
  assert.match(hints, /`state` was reset: the browser service ended this task's browser since this task's last program/, explain(next, home));
  if (next.json.result !== 'about:blank') {
    assert.equal(next.json.result, `${server.url('/shop')}?victim`);
    assert.match(hints, /reopened at the last URL/);
  }
});
