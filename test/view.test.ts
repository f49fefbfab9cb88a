// Issue 14, the live view, in a real browser: a viewer's own Chromium (playwright-core)
// opens the URL `tabwright view` prints while programs run from the CLI in the runtime's
// Chromium; everything the view shows must arrive without a reload.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import http from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { expect } from '@playwright/test';
import { TabwrightHome, hasBrowser, testTimeout } from './harness/tabwrightCli.js';
import { FixtureServer } from './harness/fixtureServer.js';
import { launchViewerBrowser, viewUrl } from './harness/viewer.js';
import { explain } from './harness/testAids.js';

const skip = hasBrowser() ? false : 'no browser on this machine';
/** Generous: the machine may be busy with other suites; no test depends on how fast this is. */
const SEEN = { timeout: 30_000 };

let home: TabwrightHome;
let server: FixtureServer;
let viewer: Browser;
let view: Page;
let viewOrigin: string;
let navigations = 0;

before(async () => {
  if (skip) return;
  home = new TabwrightHome({ prefix: 'tw-view-' });
  server = await FixtureServer.start();
  server.page('/color', '<title>Color</title><body style="margin:0;background:#fff"><h1>Color</h1>');
  server.page('/covered', `<title>Covered</title>
    <button id="target">Place order</button>
    <div id="promo" class="promo-overlay" style="position:fixed;inset:0;background:rgba(0,0,0,.4)">Subscribe</div>`);
  server.page('/plain', '<title>Plain</title><p>plain page</p>');
  server.page('/saves', '<title>Saves</title><h1>Order</h1><button>Save</button> <button>Save</button>');
  viewer = await launchViewerBrowser();
  const { url } = await viewUrl(home);
  viewOrigin = new URL(url).origin;
  // A context of its own (not newPage's), so a test can open a second tab of the same browser.
  view = await (await viewer.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  view.on('framenavigated', frame => { if (frame === view.mainFrame()) navigations++; });
  await view.goto(url);
});

after(async () => {
  await viewer?.close();
  // Chromium may still be writing its profile when a loaded machine removes the home: a temp
  // directory left behind is not what this file tests.
  await home?.dispose().catch(error => process.stderr.write(`view test cleanup: ${error}\n`));
  await server?.close();
});

/** A program from the CLI, waited for as long as the harness waits (other suites may keep this machine busy). */
function program(task: string, requestId: string, source: string) {
  return home.program(task, requestId, source);
}

const card = (task: string) => view.locator(`section.task[data-task="${task}"]`);
const receiptItem = (task: string, requestId: string) => card(task).locator(`li.receipt[data-request-id="${requestId}"]`);

/** The average colour of a thumbnail, read back from the image the view shows. */
function averageColor(pageId: number): Promise<number[] | null> {
  return view.evaluate(id => {
    const img = document.querySelector<HTMLImageElement>(`img[data-page="${id}"]`);
    if (!img || !img.complete || img.naturalWidth === 0) return null;
    const canvas = document.createElement('canvas');
    canvas.width = 32;
    canvas.height = 20;
    const context = canvas.getContext('2d')!;
    context.drawImage(img, 0, 0, 32, 20);
    const data = context.getImageData(0, 0, 32, 20).data;
    const sum = [0, 0, 0];
    for (let i = 0; i < data.length; i += 4) for (let c = 0; c < 3; c++) sum[c] += data[i + c];
    return sum.map(s => Math.round(s / (data.length / 4)));
  }, pageId);
}

/** The session this view's tab holds (view/view.js keeps it in sessionStorage), as the header its requests carry. */
async function sessionHeader(): Promise<{ authorization: string }> {
  const session = await view.evaluate(() => sessionStorage.getItem('tabwright-view-session'));
  assert.ok(session, 'the view holds a session');
  return { authorization: `Bearer ${session}` };
}

test('the token in the link\'s fragment becomes this tab\'s session and leaves the address bar; no cookie is set', { skip }, async () => {
  await expect(view.locator('#connection')).toHaveText('Live', SEEN);
  assert.equal(view.url(), `${viewOrigin}/`);
  assert.deepEqual(await view.context().cookies(), []);
  // The view's page and files open without it (they hold nothing of a task); the page reloaded keeps its session.
  await view.reload();
  await expect(view.locator('#connection')).toHaveText('Live', SEEN);
  // Another tab of the same browser has none: the session is this tab's.
  const other = await view.context().newPage();
  await other.goto(`${viewOrigin}/`);
  await expect(other.locator('#connection')).toContainText('This view needs its link', SEEN);
  await other.close();
});

test('programs run from the CLI in two tasks appear with their receipts, without a reload', { skip, timeout: testTimeout(3) }, async () => {
  const before = navigations;
  const [a, b] = await Promise.all([
    program('alpha', 'a-1', `await page.goto(${JSON.stringify(server.url('/color'))}); return { title: await page.title() };`),
    program('beta', 'b-1', `await page.goto(${JSON.stringify(server.url('/plain'))}); return 'beta here';`),
  ]);
  assert.equal(a.code, 0, explain(a, home));
  assert.equal(b.code, 0, explain(b, home));
  await expect(card('alpha')).toBeVisible(SEEN);
  await expect(card('beta')).toBeVisible(SEEN);
  await expect(receiptItem('alpha', 'a-1').locator('.status')).toHaveText('succeeded', SEEN);
  await expect(receiptItem('beta', 'b-1').locator('.status')).toHaveText('succeeded', SEEN);
  await expect(receiptItem('beta', 'b-1').locator('.result')).toHaveText('"beta here"', SEEN);
  // Each task's page, with its URL and title, and a live picture of it.
  await expect(card('alpha').locator('.page .url')).toHaveText(server.url('/color'), SEEN);
  const [alphaPage] = (await home.run(['pages', '--task', 'alpha'])).json.pages as { id: number; title: string }[];
  await expect(card('alpha').locator('.page .title')).toContainText(`#${alphaPage.id}`, SEEN);
  await expect(card('alpha').locator('.page .title')).toContainText(alphaPage.title, SEEN);
  await expect(card('beta').locator('.page img')).toBeVisible(SEEN);

  // A second program lands on top of the first, in the same card, still without a reload.
  const again = await program('alpha', 'a-2', 'return 2;');
  assert.equal(again.code, 0, explain(again, home));
  await expect(card('alpha').locator('li.receipt').first()).toHaveAttribute('data-request-id', 'a-2', SEEN);
  await expect(card('alpha').locator('li.receipt')).toHaveCount(2);
  assert.equal(navigations, before, 'the view never reloaded');

  const source = receiptItem('alpha', 'a-1').getByRole('button', { name: 'Show the program of a-1' });
  await source.click();
  await expect(view.locator('#source-text')).toContainText(`page.goto(${JSON.stringify(server.url('/color'))})`, SEEN);
  await view.keyboard.press('Escape');
  await expect(view.locator('#source')).not.toBeVisible();
});

test('a failed program shows its error name and what blocked the click', { skip, timeout: testTimeout(2) }, async () => {
  const open = await program('beta', 'b-covered', `await page.goto(${JSON.stringify(server.url('/covered'))});`);
  assert.equal(open.code, 0, explain(open, home));
  // The click must get as far as the actionability check (which names the overlay) on a busy machine.
  const failed = await program('beta', 'b-click', `await page.locator('#target').waitFor(); await page.locator('#target').click({ timeout: 5000 });`);
  assert.equal(failed.code, 1, explain(failed, home));
  const item = receiptItem('beta', 'b-click');
  await expect(item.locator('.status')).toHaveText('failed', SEEN);
  await expect(item.locator('.error-name')).toHaveText('TimeoutError', SEEN);
  await expect(item.locator('.error-call')).toHaveText('locator.click');
  await expect(item.locator('.blocked-by')).toContainText('<div id="promo" class="promo-overlay"');
});

test('a screenshot receipt renders as an image', { skip, timeout: testTimeout(1) }, async () => {
  const shot = await program('beta', 'b-shot', 'return await page.screenshot();');
  assert.equal(shot.code, 0, explain(shot, home));
  assert.equal(shot.json.result.mime, 'image/png');
  const img = receiptItem('beta', 'b-shot').locator('img.screenshot');
  await expect(img).toBeVisible(SEEN);
  await expect.poll(() => img.evaluate((node: HTMLImageElement) => node.complete ? node.naturalWidth : 0), SEEN)
    .toBe(shot.json.result.width);
});

test('a page\'s thumbnail changes after a program changes the page', { skip, timeout: testTimeout(2) }, async () => {
  const pageId = (await home.run(['pages', '--task', 'alpha'])).json.pages[0].id as number;
  await expect.poll(() => averageColor(pageId), SEEN).not.toBeNull();
  const white = (await averageColor(pageId))!;
  assert.ok(white.every(c => c > 200), `the page starts white: ${white}`);
  const painted = await program('alpha', 'a-paint', `await page.evaluate(() => { document.body.style.background = 'rgb(220, 20, 20)'; });`);
  assert.equal(painted.code, 0, explain(painted, home));
  await expect.poll(async () => {
    const [r, g, b] = (await averageColor(pageId)) ?? [0, 255, 255];
    return r > 150 && g < 90 && b < 90;
  }, SEEN).toBe(true);

  // Shown large on a click, and still live there.
  await card('alpha').getByRole('button', { name: new RegExp(`Show page ${pageId} large`) }).click();
  await expect(view.locator('#zoom')).toBeVisible();
  await expect(view.locator('#zoom-url')).toHaveText(server.url('/color'));
  await view.keyboard.press('Escape');
});

test('the view refuses a request without a session (401) and one for a foreign Host (403)', { skip, timeout: testTimeout(1) }, async () => {
  // A file of this test's own receipt: the refusal is of content that is there.
  const shot = await program('tokens', 't-shot', 'return await page.screenshot();');
  assert.equal(shot.code, 0, explain(shot, home));
  const file = '/api/tasks/tokens/receipts/t-shot/files/0';
  const port = Number(new URL(viewOrigin).port);
  const get = (headers: Record<string, string>, urlPath = '/') => new Promise<number>((resolve, reject) => {
    http.get({ host: '127.0.0.1', port, path: urlPath, headers }, res => { res.resume(); resolve(res.statusCode ?? 0); }).on('error', reject);
  });
  const withSession = await sessionHeader();
  const receipts = '/api/tasks/tokens/receipts';
  assert.equal(await get({}, receipts), 401);
  assert.equal(await get({}, '/events'), 401);
  assert.equal(await get({}, file), 401, 'no page content without a session');
  assert.equal(await get({ authorization: 'Bearer wrong' }, receipts), 401);
  const token = new URLSearchParams(new URL((await viewUrl(home)).url).hash.slice(1)).get('token')!;
  assert.equal(await get({ authorization: `Bearer ${token}` }, receipts), 401, 'the token is exchanged, never a session itself');
  assert.equal(await get({ cookie: `tabwright_view_${port}=${token}` }, receipts), 401, 'no cookie lets anyone in');
  assert.equal(await get({ ...withSession, host: `evil.example:${port}` }, receipts), 403, 'a rebound name is refused even with a session');
  assert.equal(await get({ host: `evil.example:${port}` }), 403, 'the page itself too');
  assert.equal(await get({ ...withSession, host: '127.0.0.1' }, receipts), 403, 'the port is part of the name');
  assert.equal(await get({ ...withSession, host: `127.0.0.1:${port}`, origin: 'http://evil.example' }, receipts), 403);
  assert.equal(await get({}), 200, 'the page itself holds nothing of a task');
  assert.equal(await get(withSession, receipts), 200);
  assert.equal(await get(withSession, file), 200);
});

test('a receipt\'s file is served only as a regular file inside the artifacts folder: a symlink put in its place is not followed, a FIFO does not hang the view', { skip, timeout: testTimeout(2) }, async () => {
  const secret = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tw-view-secret-')), 'id_rsa');
  fs.writeFileSync(secret, 'PRIVATE KEY');
  const port = Number(new URL(viewOrigin).port);
  const withSession = await sessionHeader();
  const fetchFile = (urlPath: string) => new Promise<{ status: number; body: string }>((resolve, reject) => {
    http.get({ host: '127.0.0.1', port, path: urlPath, headers: withSession }, res => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', chunk => { body += chunk; });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    }).on('error', reject);
  });
  for (const [requestId, swap] of [
    ['f-link', (file: string) => fs.symlinkSync(secret, file)],
    ['f-fifo', (file: string) => execFileSync('mkfifo', [file])],
  ] as const) {
    const shot = await program('files', requestId, 'return await page.screenshot();');
    assert.equal(shot.code, 0, explain(shot, home));
    const file = (shot.json.result as { path: string }).path;
    const urlPath = `/api/tasks/files/receipts/${requestId}/files/0`;
    assert.equal((await fetchFile(urlPath)).status, 200, 'the screenshot itself is served');
    fs.rmSync(file);
    swap(file);
    const answer = await fetchFile(urlPath);
    assert.notEqual(answer.status, 200, `${requestId}: ${answer.body}`);
    assert.doesNotMatch(answer.body, /PRIVATE KEY/);
  }
});

test('every answer carries the view\'s security headers, the event stream too', { skip }, async () => {
  const port = Number(new URL(viewOrigin).port);
  const withSession = await sessionHeader();
  const headersOf = (urlPath: string, authorized = true) => new Promise<http.IncomingHttpHeaders>((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: urlPath, headers: authorized ? withSession : {} }, res => {
      resolve(res.headers);
      // The event stream never ends by itself: its headers are all this reads.
      req.destroy();
    });
    req.on('error', error => { if ((error as NodeJS.ErrnoException).code !== 'ECONNRESET') reject(error); });
  });
  const page = await headersOf('/');
  assert.match(String(page['content-security-policy']), /default-src 'none'/);
  for (const urlPath of ['/events', '/api/tasks/beta/receipts', '/view.js', '/events?refused']) {
    const headers = await headersOf(urlPath, urlPath !== '/events?refused');
    for (const name of ['content-security-policy', 'x-content-type-options', 'referrer-policy', 'x-frame-options'])
      assert.equal(headers[name], page[name], `${urlPath}: ${name}`);
  }
  assert.match(String((await headersOf('/events'))['content-type']), /text\/event-stream/);
});

test('tabwright view prints the token only with --print-token, in the URL\'s fragment; --open opens a link without it and prints none', { skip }, async () => {
  const printed = await viewUrl(home);
  const token = new URLSearchParams(new URL(printed.url).hash.slice(1)).get('token')!;
  assert.match(token, /^[A-Za-z0-9_-]{32}$/, printed.url);
  assert.equal(new URL(printed.url).search, '', 'nothing of it in the query, which a browser sends');
  const plain = await home.run(['view']);
  assert.equal(plain.code, 0, plain.stdout);
  assert.ok(!`${plain.stdout}${plain.stderr}`.includes(token), `the token was printed: ${plain.stdout}`);
  assert.equal(plain.json.url, `${viewOrigin}/`);
  assert.match(plain.json.hint, /--open/);
  assert.match(plain.json.hint, /--print-token/);
  // A desktop's opener that writes down what it was handed (view-token.test.ts follows the link).
  const bin = fs.mkdtempSync(path.join(os.tmpdir(), 'tw-opener-'));
  const handed = path.join(bin, 'handed');
  fs.writeFileSync(path.join(bin, 'xdg-open'), `#!/bin/sh\nprintf '%s' "$1" > '${handed}.tmp' && mv '${handed}.tmp' '${handed}'\n`, { mode: 0o755 });
  try {
    const opened = await home.run(['view', '--open'], { env: { DISPLAY: ':99', PATH: `${bin}:${process.env.PATH}` } });
    assert.equal(opened.code, 0, opened.stdout);
    assert.equal(opened.json.opened, true, opened.stdout);
    assert.ok(!`${opened.stdout}${opened.stderr}`.includes(token), `the token was printed: ${opened.stdout}`);
    assert.equal(opened.json.url, `${viewOrigin}/`);
    await expect.poll(() => fs.existsSync(handed), SEEN).toBe(true);
    const link = fs.readFileSync(handed, 'utf8');
    assert.ok(!link.includes(token), link);
    assert.match(link, new RegExp(`^${viewOrigin}/#code=[A-Za-z0-9_-]{32}$`));
  } finally {
    fs.rmSync(bin, { recursive: true, force: true });
  }
});

test('on a narrow window the view fits without sideways scrolling', { skip, timeout: testTimeout(1) }, async () => {
  const shown = await program('narrow', 'n-1', `await page.goto(${JSON.stringify(server.url('/plain'))}); return 'a result to show';`);
  assert.equal(shown.code, 0, explain(shown, home));
  await view.setViewportSize({ width: 390, height: 800 });
  try {
    await expect(receiptItem('narrow', 'n-1').locator('.status')).toHaveText('succeeded', SEEN);
    const overflow = await view.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `${overflow} px wider than the window`);
  } finally {
    await view.setViewportSize({ width: 1280, height: 800 });
  }
});

test('a picture of the view for the README (when TABWRIGHT_VIEW_SCREENSHOT names a file)', { skip: skip || !process.env.TABWRIGHT_VIEW_SCREENSHOT, timeout: testTimeout(1) }, async () => {
  // A third task whose program trips strict mode, so the picture shows matches too.
  const strict = await program('delta', 'd-save', `await page.goto(${JSON.stringify(server.url('/saves'))}); await page.getByRole('button', { name: 'Save' }).click();`);
  assert.equal(strict.code, 1, explain(strict, home));
  await expect(receiptItem('delta', 'd-save').locator('.matches li')).toHaveCount(2, SEEN);
  await expect(card('delta').locator('.page img')).toBeVisible(SEEN);
  await view.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const file = path.resolve(process.env.TABWRIGHT_VIEW_SCREENSHOT!);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  await view.screenshot({ path: file });
});

test('closing a task from the view closes its tabs', { skip, timeout: testTimeout(2) }, async () => {
  const opened = await program('gamma', 'g-1', `await page.goto(${JSON.stringify(server.url('/plain'))}); const second = await context.newPage(); await second.goto(${JSON.stringify(server.url('/color'))}); return (await tabs.list()).map(t => t.id);`);
  assert.equal(opened.code, 0, explain(opened, home));
  const ids = opened.json.result as number[];
  assert.equal(ids.length, 2);
  await expect(card('gamma').locator('.page')).toHaveCount(2, SEEN);

  let question = '';
  view.once('dialog', dialog => { question = dialog.message(); void dialog.accept(); });
  await card('gamma').getByRole('button', { name: 'Close' }).click();
  await expect(card('gamma')).toHaveCount(0, SEEN);
  assert.match(question, /Close task "gamma"\? Its 2 tabs will close/);
  const all = (await home.run(['pages', '--all'])).json.pages as { id: number }[];
  assert.deepEqual(all.filter(p => ids.includes(p.id)), [], 'the tabs are closed, not just released');
});

test('declining the confirmation sends nothing and closes nothing', { skip, timeout: testTimeout(2) }, async () => {
  const opened = await program('keep', 'k-1', `await page.goto(${JSON.stringify(server.url('/plain'))}); return (await tabs.list()).map(t => t.id);`);
  assert.equal(opened.code, 0, explain(opened, home));
  await expect(card('keep').locator('.page')).toHaveCount(1, SEEN);
  // What the view asks the runtime to do, recorded as the page calls fetch. The Close button's
  // handler asks for confirmation and, if given, calls fetch before it returns to the event loop
  // (view/view.js act()), so once the click has returned the record holds any close it sent.
  await view.evaluate(() => {
    const sent: string[] = [];
    const fetch = window.fetch.bind(window);
    window.fetch = (input, init) => { sent.push(`${init?.method ?? 'GET'} ${String(input)}`); return fetch(input, init); };
    (window as unknown as { sent: string[] }).sent = sent;
  });
  let question = '';
  view.once('dialog', dialog => { question = dialog.message(); void dialog.dismiss(); });
  await card('keep').getByRole('button', { name: 'Close' }).click();
  assert.match(question, /Close task "keep"\? Its 1 tab will close/);
  assert.deepEqual(await view.evaluate(() => (window as unknown as { sent: string[] }).sent), [], 'declined, the view sent nothing');
  await expect(card('keep')).toBeVisible();
  assert.deepEqual((await home.run(['pages', '--task', 'keep'])).json.pages.map((p: { id: number }) => p.id), opened.json.result);
});

test('the viewer leaving is noticed (screencasts stop with the last viewer)', { skip }, async () => {
  assert.equal((await viewUrl(home)).viewers, 1);
  await view.close();
  await expect.poll(async () => (await viewUrl(home)).viewers, SEEN).toBe(0);
});
