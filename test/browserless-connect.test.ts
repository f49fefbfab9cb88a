// Issue 39, a runtime on one browser from a real browser service: `tabwright runtime start
// --connect 'ws://127.0.0.1:PORT?token=T'` against Browserless 2.42.0 (harness/browserless.ts).
// Everything a launched browser has: programs and an --isolated task, observe(), a screenshot, a
// download saved where the runtime reads it, a trace and a HAR, and a hand-over through the live
// view (a person's input on the remote browser's page). And the token is a secret: it is in no
// output of any command, in no file under the home but start.json (mode 0600), in no receipt,
// log or view, and not in the runtime's command line or environment.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { expect } from '@playwright/test';
import { PACKAGE_ROOT, TabwrightHome, testTimeout, type CliResult } from './harness/tabwrightCli.js';
import { FixtureServer } from './harness/fixtureServer.js';
import { launchViewerBrowser } from './harness/viewer.js';
import { browserlessForFile, engineOrSkip, ENGINE_SETUP_MS, readmeServiceExample, type EngineForFile } from './harness/browserless.js';
import { explain } from './harness/testAids.js';

/** A ceiling for what must show up, never a speed requirement. */
const SEEN = { timeout: 120_000 };
const CSV = 'id,total\n1,42\n';

let service: EngineForFile;
let server: FixtureServer;
let home: TabwrightHome;
let viewer: Browser | undefined;
/** Everything any command of this file printed, stdout and stderr: the token must be in none of it. */
const printed: string[] = [];

async function tw(args: string[], input?: string): Promise<CliResult> {
  const result = await home.run(args, input === undefined ? {} : { input });
  printed.push(result.stdout, result.stderr);
  return result;
}

async function program(task: string, requestId: string, source: string, extra: string[] = []): Promise<CliResult> {
  const result = await home.program(task, requestId, source, extra);
  printed.push(result.stdout, result.stderr);
  return result;
}

before(async () => {
  service = await browserlessForFile({ concurrent: 4, queued: 0 });
  if (service.skip) return;
  server = await FixtureServer.start();
  server.page('/shop', `<title>Shop</title><h1>Tea shop</h1>
    <button onclick="document.querySelector('output').textContent = 'added'">Add to cart</button><output></output>
    <a id="file" href="/report.csv" download>Report</a>`);
  server.route('/report.csv', (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="report.csv"' }).end(CSV);
  });
  server.page('/confirm', `<title>Confirm</title><h1>Confirm the order</h1>
    <button style="position:fixed;left:40%;top:40%;width:20%;height:20%;font-size:30px" onclick="document.title = 'Confirmed'">Confirm</button>`);
  // Its own start settings: written by `runtime start --connect` below, as a person runs it.
  home = new TabwrightHome({ prefix: 'tw-bl-connect-', start: {} });
}, { timeout: ENGINE_SETUP_MS });

after(async () => {
  await viewer?.close();
  await home?.dispose();
  await server?.close();
  await service?.engine?.stop();
});

test('runtime start --connect to Browserless: programs, an --isolated task, observe(), a screenshot, a download on this machine, a trace and a HAR', { timeout: testTimeout(8) }, async t => {
  const engine = engineOrSkip(service, t);
  if (!engine) return;
  const shownUrl = `ws://127.0.0.1:${engine.port}?token=***`;
  const start = await tw(['runtime', 'start', '--connect', engine.url]);
  assert.equal(start.code, 0, explain(start, home));
  assert.equal(start.json.browser.path, shownUrl, 'status shows the address without its token');
  assert.equal(start.json.policy.connect, shownUrl);
  assert.match(start.json.browser.version, /HeadlessChrome/);

  const run = await program('shop', 'buy-1', `
    await page.goto(${JSON.stringify(server.url('/shop'))});
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.locator('output')).toHaveText('added');
    const view = await observe();
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('#file').click()]);
    await download.path();
    return { view, shot: await page.screenshot() };`, ['--trace', '--har']);
  assert.equal(run.code, 0, explain(run, home));
  const receipt = run.json;
  assert.equal(receipt.status, 'succeeded');
  assert.equal(receipt.mutationState, 'possible');
  assert.match(receipt.result.view, /Tea shop/, 'observe() read the remote page');
  assert.match(receipt.result.view, /Add to cart/);
  // The screenshot is a file on this machine, not bytes in the receipt.
  const shot = receipt.result.shot;
  assert.equal(shot.mime, 'image/png');
  assert.ok(shot.path.startsWith(path.join(home.home, 'artifacts')), shot.path);
  assert.deepEqual([...fs.readFileSync(shot.path).subarray(1, 4)], [...Buffer.from('PNG')]);
  // The download: saved by the service's browser where the runtime reads it, and linked into the task's artifacts.
  const change = receipt.pageChanges.find((c: { type: string }) => c.type === 'download');
  assert.ok(change?.path, explain(run, home));
  assert.equal(change.onBrowserHost, undefined);
  assert.equal(fs.readFileSync(change.path, 'utf8'), CSV);
  assert.ok(change.path.startsWith(path.join(home.home, 'artifacts')), change.path);
  // The trace and the HAR, written by the task's Playwright through the router.
  const artifacts = receipt.artifacts as { path: string; bytes: number }[];
  const trace = artifacts.find(a => a.path.endsWith('buy-1-trace.zip'));
  const har = artifacts.find(a => a.path.endsWith('buy-1.har'));
  assert.ok(trace && har, JSON.stringify(artifacts));
  assert.ok(JSON.parse(fs.readFileSync(har.path, 'utf8')).log.entries.some((e: { request: { url: string } }) => e.request.url === server.url('/shop')), 'the HAR has the page load');

  // An isolated task: its own context in the same remote browser, none of the shop's cookies.
  const cookie = await program('shop', 'cookie-1', `await page.evaluate(() => { document.cookie = 'cart=1; max-age=600'; }); return await page.evaluate(() => document.cookie);`);
  assert.equal(cookie.json.result, 'cart=1', explain(cookie, home));
  const isolated = await program('apart', 'a-1', `await page.goto(${JSON.stringify(server.url('/shop'))}); return { cookie: await page.evaluate(() => document.cookie), pages: context.pages().length };`, ['--isolated']);
  assert.equal(isolated.code, 0, explain(isolated, home));
  assert.deepEqual(isolated.json.result, { cookie: '', pages: 1 });

  // The tasks, the pages, and Browserless's own count of sessions: one browser for the runtime.
  const tasks = await tw(['tasks']);
  assert.deepEqual(tasks.json.tasks.map((task: { name: string }) => task.name).sort(), ['apart', 'shop']);
  assert.equal((await engine.pressure()).running, 1, 'one browser from the service, shared by both tasks');
});

test('README\'s "A browser service" section, followed as written with --connect: the quick start prints what it says', { timeout: testTimeout(2) }, async t => {
  const engine = engineOrSkip(service, t);
  if (!engine) return;
  const example = readmeServiceExample(fs.readFileSync(path.join(PACKAGE_ROOT, 'README.md'), 'utf8'));
  const printed = await tw(example.args, example.program);
  assert.equal(printed.code, 0, explain(printed, home));
  assert.equal(printed.stdout.trim(), example.printed);
});

test('a hand-over through the live view: the person clicks the remote browser\'s page in the picture, Done resumes the program', { timeout: testTimeout(6) }, async t => {
  const engine = engineOrSkip(service, t);
  if (!engine) return;
  const submitted = await tw(['run', '--task', 'confirm', '--request-id', 'c-1', '--wait', '0'], `
    await page.goto(${JSON.stringify(server.url('/confirm'))});
    const handed = await handoff({ reason: 'Confirm the order' });
    return { handed: handed.ended, title: await page.title() };`);
  assert.equal(submitted.code, 3, explain(submitted, home));
  await expect.poll(async () => (await tw(['tasks'])).json?.tasks?.find((task: { name: string }) => task.name === 'confirm')?.waitingFor, SEEN).toBe('person');

  viewer = await launchViewerBrowser();
  const opened = await tw(['view', '--print-token', '--task', 'confirm']);
  assert.equal(opened.code, 0, explain(opened, home));
  const person = await viewer.newPage({ viewport: { width: 1400, height: 1000 } });
  await person.goto(opened.json.url);
  const image = person.locator('#handoff-image');
  await expect(image).toBeVisible(SEEN);
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)), SEEN).toBeGreaterThan(0);
  // The view shows the task's pages, and nothing of the service's address.
  assert.ok(!(await person.content()).includes(engine.token), 'the view holds no token');
  const box = await image.boundingBox();
  assert.ok(box);
  await person.mouse.click(box.x + box.width * 0.5, box.y + box.height * 0.5);
  await expect(person.locator('#handoff-title')).toContainText('Confirm the order');
  await expect.poll(async () => (await tw(['pages', '--task', 'confirm'])).json.pages[0]?.title, SEEN).toBe('Confirmed');
  await person.getByRole('button', { name: 'Done' }).click();
  const done = await tw(['receipt', '--task', 'confirm', '--request-id', 'c-1', '--wait', '240']);
  assert.equal(done.code, 0, explain(done, home));
  assert.deepEqual(done.json.result, { handed: 'done', title: 'Confirmed' });
  await person.close();
});

test('the token is in no output, no receipt, no log and no file under the home but start.json (0600), nor in the runtime\'s command line or environment', { timeout: testTimeout(12) }, async t => {
  const engine = engineOrSkip(service, t);
  if (!engine) return;
  const token = engine.token;
  // A program that fails, and one whose error would quote a URL: their receipts hold no token either.
  await program('shop', 'fails-1', 'throw new Error("no such thing")');
  for (const args of [['runtime', 'status'], ['doctor'], ['tasks'], ['pages', '--all'], ['receipts', '--task', 'shop'], ['receipt', '--task', 'shop', '--request-id', 'buy-1', '--verbose'], ['endpoint', '--task', 'shop']])
    await tw(args);
  const doctor = await tw(['doctor']);
  assert.equal(doctor.json.service.url, `ws://127.0.0.1:${engine.port}?token=***`, explain(doctor, home));
  assert.equal(typeof doctor.json.service.pressure.running, 'number', JSON.stringify(doctor.json.service));

  // The runtime process: its command line and environment.
  const pid = home.runtimePid();
  assert.ok(pid, 'the runtime runs');
  for (const file of ['cmdline', 'environ']) assert.ok(!fs.readFileSync(`/proc/${pid}/${file}`).includes(token), `/proc/${pid}/${file} holds the token`);

  // Asked for another token while it runs: refused, and neither token is printed.
  const otherToken = `${token}-other`;
  const otherwise = await tw(['runtime', 'start', '--connect', engine.url.replace(token, otherToken)]);
  assert.equal(otherwise.code, 2, explain(otherwise, home));
  assert.equal(otherwise.json.error.name, 'RuntimeStartedOtherwise');
  assert.ok(!otherwise.stdout.includes(otherToken));

  // Stopped, started again with the wrong token: a clear refusal, exit 2, and the runtime did not start.
  assert.equal((await tw(['runtime', 'stop'])).code, 0);
  const wrong = await tw(['runtime', 'start', '--connect', engine.url.replace(token, otherToken)]);
  assert.equal(wrong.code, 2, explain(wrong, home));
  assert.equal(wrong.json.error.name, 'BrowserServiceRefused', explain(wrong, home));
  assert.match(wrong.json.error.message, /refused the runtime's token/);
  assert.match(wrong.json.error.message, /HTTP 401/);
  assert.equal((await tw(['runtime', 'status'])).json.running, false);
  assert.ok(!printed.join('\n').includes(otherToken), 'the wrong token is not printed either');
  // start.json now holds the wrong one; the right one again, for the files check below to find it there only.
  assert.equal((await tw(['runtime', 'start', '--connect', engine.url])).code, 0);

  const everything = printed.join('\n');
  assert.ok(everything.length > 10_000, 'the commands printed something to search');
  assert.ok(!everything.includes(token), `the token was printed: ${everything.slice(Math.max(0, everything.indexOf(token) - 300), everything.indexOf(token) + 50)}`);

  const startJson = path.join(home.home, 'start.json');
  assert.equal(fs.statSync(startJson).mode & 0o777, 0o600, 'start.json is private');
  assert.ok(fs.readFileSync(startJson, 'utf8').includes(token), 'start.json keeps it: the runtime connects again with it');
  const holding = filesUnder(home.home).filter(file => file !== startJson && fs.readFileSync(file).includes(token));
  assert.deepEqual(holding, [], 'no other file under the home holds the token (receipts.db, runtime.log, artifacts, traces, HARs)');
  assert.ok(filesUnder(home.home).some(file => file.endsWith('receipts.db')) && filesUnder(home.home).some(file => file.endsWith('runtime.log')), 'the database and the log were searched');
});

/** Every regular file under a folder (the database's journal files included). */
function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter(entry => entry.isFile())
    .map(entry => path.join(entry.parentPath, entry.name));
}

// Last: it ends the runtime's browser at the service.
test('the service ends the runtime\'s browser mid-program: it ends interrupted with the cause named and its mutation evidence kept; the next program connects again', { timeout: testTimeout(8) }, async t => {
  const engine = engineOrSkip(service, t);
  if (!engine) return;
  const submitted = await tw(['run', '--task', 'shop', '--request-id', 'kill-1', '--wait', '0'],
    `await page.goto(${JSON.stringify(server.url('/shop'))}); await page.getByRole('button', { name: 'Add to cart' }).click(); await new Promise(() => {});`);
  assert.equal(submitted.code, 3, explain(submitted, home));
  await expect.poll(async () => {
    const r = await tw(['receipt', '--task', 'shop', '--request-id', 'kill-1']);
    return r.json.status === 'running' && r.json.mutationState === 'possible';
  }, SEEN).toBe(true);
  await engine.killSessions();
  const ended = await tw(['receipt', '--task', 'shop', '--request-id', 'kill-1', '--wait', '240', '--verbose']);
  assert.equal(ended.code, 4, explain(ended, home));
  assert.equal(ended.json.error.reason, 'browserLost');
  assert.match(ended.json.error.message, /The browser service ended the runtime's browser while the program ran: the connection closed after [\d.]+ s without a WebSocket close/, explain(ended, home));
  assert.equal(ended.json.mutationState, 'possible');
  assert.equal(ended.json.outcome, 'OUTCOME_UNKNOWN');
  // A new browser from the service; the tab is reopened when the link dropped before the browser
  // closed it (a kill closes the tabs first, and Chrome may say so before the link goes).
  const next = await program('shop', 'kill-2', 'return page.url();');
  assert.equal(next.code, 0, explain(next, home));
  const hints = (next.json.hints ?? []).join('\n');
  assert.match(hints, /the browser service ended the runtime's browser since this task's last program/, explain(next, home));
  if (next.json.result !== 'about:blank') {
    assert.equal(next.json.result, server.url('/shop'));
    assert.match(hints, /reopened at the last URL/);
  }
  assert.ok(!printed.join('\n').includes(engine.token));
});
