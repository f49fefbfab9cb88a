// Issue 4, what happened to the task's pages while a program ran: navigations, popups, closed
// pages, dialogs (dismissed unless the program answered), downloads saved as files, and the
// pages' console errors and uncaught exceptions. Real CLI, runtime and Chromium.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import net from 'node:net';
import { TabwrightHome, hasBrowser, testTimeout } from './harness/tabwrightCli.js';
import { FixtureServer } from './harness/fixtureServer.js';
import { explain } from './harness/testAids.js';

const skip = hasBrowser() ? false : 'no browser on this machine';
let home: TabwrightHome;
let server: FixtureServer;
/** #later's request arrived: the server holds it, and so the page's navigation, until the test answers. */
let laterArrived: (answer: () => void) => void;
const laterAnswer = new Promise<() => void>(resolve => { laterArrived = resolve; });
/** The same for #busy-later, whose page logs a burst before it navigates. */
let busyArrived: (answer: () => void) => void;
const busyAnswer = new Promise<() => void>(resolve => { busyArrived = resolve; });

before(async () => {
  home = new TabwrightHome({ prefix: 'tw-receipt-pages-' });
  server = await FixtureServer.start();
  server.page('/start', `<title>Start</title>
    <a id="next" href="/next">Next</a>
    <button id="open" onclick="window.open('/popup')">Open help</button>
    <button id="signin" onclick="window.open('/oauth')">Sign in</button>
    <button id="alert" onclick="alert('Session expires soon'); document.title = 'after alert'">Alert</button>
    <button id="confirm" onclick="document.title = confirm('Delete 3 items?') ? 'deleted' : 'kept'">Delete</button>
    <button id="noisy" onclick="console.error('widget failed:', 42); setTimeout(() => { throw new TypeError('x is not a function') })">Noisy</button>
    <button id="later" onclick="fetch('/later').then(() => location.href = '/next')">Later</button>
    <button id="busy-later" onclick="fetch('/busy-later').then(() => { for (let i = 0; i < 3000; i++) console.log('tick', i); location.href = '/next'; })">Busy later</button>
    <a id="file" href="/report.csv" download>Report</a>`);
  server.page('/next', `<title>Next</title><h1>Next page</h1>`);
  server.page('/popup', `<title>Help</title><h1>Help</h1>`);
  // Like an OAuth window: it reports to its opener and closes itself soon after.
  server.page('/oauth', `<title>Sign in</title><script>opener.document.title = 'signed in'; setTimeout(() => window.close(), 300);</script>`);
  // #later's navigation waits for this answer, which the test gives once the program has returned.
  server.route('/later', (_req, res) => laterArrived(() => res.writeHead(204).end()));
  server.route('/busy-later', (_req, res) => busyArrived(() => res.writeHead(204).end()));
  server.route('/report.csv', (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="report.csv"' }).end('id,total\n1,42\n');
  });
});

after(async () => {
  await home?.dispose();
  await server?.close();
});

const start = () => `await page.goto(${JSON.stringify(server.url('/start'))});`;

test('a navigation is recorded with the page, where it came from and where it went', { skip, timeout: testTimeout(2) }, async () => {
  const open = await home.program('pages', 'open', `${start()} return true;`);
  assert.equal(open.code, 0, explain(open, home));
  assert.deepEqual(open.json.pageChanges, [{ type: 'navigated', page: open.json.page, from: 'about:blank', to: server.url('/start') }]);

  const r = await home.program('pages', 'nav-1', `
    await page.locator('#next').click();
    await expect(page).toHaveURL(/\\/next$/);
    return page.url();`);
  assert.equal(r.code, 0, explain(r, home));
  assert.deepEqual(r.json.pageChanges, [{ type: 'navigated', page: r.json.page, from: server.url('/start'), to: server.url('/next') }]);
  assert.equal(r.json.pages.find((p: { id: number }) => p.id === r.json.page).url, server.url('/next'));
});

test('a popup is recorded with its opener, and its closing too', { skip, timeout: testTimeout(2) }, async () => {
  const r = await home.program('pages', 'popup-1', `${start()}
    const [help] = await Promise.all([page.waitForEvent('popup'), page.locator('#open').click()]);
    await expect(help.getByRole('heading')).toHaveText('Help');
    return (await tabs.list()).map(t => t.id);`);
  assert.equal(r.code, 0, explain(r, home));
  const opener = r.json.page;
  const popup = r.json.pageChanges.find((c: { type: string }) => c.type === 'popup');
  assert.ok(popup, explain(r, home));
  assert.equal(popup.opener, opener);
  assert.notEqual(popup.page, opener);
  assert.ok(r.json.result.includes(popup.page), 'the popup is one of the task\'s tabs');
  assert.equal(popup.url, server.url('/popup'), 'where the popup went');
  assert.ok(r.json.pages.some((p: { id: number; url: string }) => p.id === popup.page && p.url === server.url('/popup')));

  const closed = await home.program('pages', 'popup-close', `
    await (await tabs.get(${popup.page})).close();
    return (await tabs.list()).length;`);
  assert.equal(closed.code, 0, explain(closed, home));
  assert.deepEqual(closed.json.pageChanges, [{ type: 'closed', page: popup.page }]);
  assert.ok(!closed.json.pages.some((p: { id: number }) => p.id === popup.page));
});

test('a popup that closes itself is recorded, opened and closed', { skip, timeout: testTimeout(1) }, async () => {
  const r = await home.program('pages', 'oauth-1', `${start()}
    const popup = page.waitForEvent('popup');
    await page.locator('#signin').click();
    const window = await popup;
    if (!window.isClosed()) await window.waitForEvent('close');
    await expect(page).toHaveTitle('signed in');
    return true;`);
  assert.equal(r.code, 0, explain(r, home));
  const changes: { type: string; page: number; opener?: number }[] = r.json.pageChanges;
  const opened = changes.find(c => c.type === 'popup');
  assert.ok(opened, JSON.stringify(changes));
  assert.equal(opened.opener, r.json.page);
  assert.ok(changes.some(c => c.type === 'closed' && c.page === opened.page), JSON.stringify(changes));
  assert.ok(!r.json.pages.some((p: { id: number }) => p.id === opened.page), 'gone from the task\'s pages');
});

test('a dialog nobody handles is dismissed and recorded; one the program accepts says so', { skip, timeout: testTimeout(3) }, async () => {
  const r = await home.program('pages', 'dialog-1', `${start()}
    await page.locator('#alert').click();
    await expect(page).toHaveTitle('after alert');
    return true;`);
  assert.equal(r.code, 0, explain(r, home));
  const alert = r.json.pageChanges.find((c: { type: string }) => c.type === 'dialog');
  assert.deepEqual(alert, { type: 'dialog', page: r.json.page, dialog: 'alert', message: 'Session expires soon', handled: 'dismissed', by: 'tabwright' });

  const accepted = await home.program('pages', 'dialog-2', `
    page.once('dialog', dialog => dialog.accept());
    await page.locator('#confirm').click();
    await expect(page).toHaveTitle('deleted');
    return true;`);
  assert.equal(accepted.code, 0, explain(accepted, home));
  assert.deepEqual(accepted.json.pageChanges, [{ type: 'dialog', page: accepted.json.page, dialog: 'confirm', message: 'Delete 3 items?', handled: 'accepted', by: 'program' }]);
  assert.equal(accepted.json.mutationState, 'possible');

  const dismissed = await home.program('pages', 'dialog-3', `
    await page.locator('#confirm').click();
    await expect(page).toHaveTitle('kept');
    return true;`);
  assert.deepEqual(dismissed.json.pageChanges, [{ type: 'dialog', page: dismissed.json.page, dialog: 'confirm', message: 'Delete 3 items?', handled: 'dismissed', by: 'tabwright' }]);
});

test('console errors and uncaught exceptions of the task\'s pages land in console with their page', { skip, timeout: testTimeout(1) }, async () => {
  const r = await home.program('pages', 'noisy-1', `
    const thrown = page.waitForEvent('pageerror');
    await page.locator('#noisy').click();
    await thrown;
    console.log('program says hi');
    return true;`);
  assert.equal(r.code, 0, explain(r, home));
  const entries: { type: string; text: string; page?: number }[] = r.json.console;
  assert.ok(entries.some(e => e.type === 'error' && e.page === r.json.page && e.text.startsWith('widget failed: 42')), JSON.stringify(entries));
  assert.ok(entries.some(e => e.type === 'exception' && e.page === r.json.page && e.text.startsWith('TypeError: x is not a function')), JSON.stringify(entries));
  assert.ok(entries.some(e => e.type === 'log' && e.text === 'program says hi' && e.page === undefined), JSON.stringify(entries));
  assert.ok(!entries.some(e => /favicon/.test(e.text)), 'no favicon noise');
});

test('a download is saved into the task\'s artifacts and recorded with its path', { skip, timeout: testTimeout(1) }, async () => {
  const r = await home.program('pages', 'download-1', `
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('#file').click()]);
    return download.suggestedFilename();`);
  assert.equal(r.code, 0, explain(r, home));
  assert.equal(r.json.result, 'report.csv');
  const change = r.json.pageChanges?.find((c: { type: string }) => c.type === 'download');
  assert.ok(change, explain(r, home));
  assert.equal(change.page, r.json.page);
  assert.equal(change.url, server.url('/report.csv'));
  assert.equal(change.suggestedFilename, 'report.csv');
  assert.ok(change.path.startsWith(home.home), change.path);
  assert.equal(fs.readFileSync(change.path, 'utf8'), 'id,total\n1,42\n');
  assert.equal(change.bytes, 14);
});

test('a download never replaces a file already in the task\'s artifacts: it gets a numbered name', { skip }, async () => {
  // The names a first download of request saved-1 gets, now and before numbering (with a
  // counter per worker), already there: an earlier worker's file, or anything put there.
  const folder = path.join(home.home, 'artifacts', 'saves');
  const taken = ['saved-1-download-report.csv', 'saved-1-download-1-report.csv'].map(name => path.join(folder, name));
  fs.mkdirSync(folder, { recursive: true });
  for (const file of taken) fs.writeFileSync(file, 'kept');
  const r = await home.program('saves', 'saved-1', `
    await page.goto(${JSON.stringify(server.url('/start'))});
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('#file').click()]);
    return download.suggestedFilename();`);
  assert.equal(r.code, 0, explain(r, home));
  const change = r.json.pageChanges?.find((c: { type: string }) => c.type === 'download');
  assert.ok(change, explain(r, home));
  for (const file of taken) assert.equal(fs.readFileSync(file, 'utf8'), 'kept', `${file} was replaced`);
  assert.equal(change.path, path.join(folder, 'saved-1-download-report (1).csv'));
  assert.equal(fs.readFileSync(change.path, 'utf8'), 'id,total\n1,42\n');
});

test('a change after the receipt was final comes with the next receipt, marked deferred', { skip, timeout: testTimeout(3) }, async () => {
  const r = await home.program('pages', 'later-1', `${start()} await page.locator('#later').click(); return page.url();`);
  assert.equal(r.code, 0, explain(r, home));
  assert.equal(r.json.result, server.url('/start'), 'the navigation had not happened when the program returned');
  (await laterAnswer)();
  // The runtime's own page list shows the commit; then the next program starts.
  for (;;) {
    const pages = await home.run(['pages', '--task', 'pages']);
    if (pages.json?.pages?.some((p: { url: string }) => p.url === server.url('/next'))) break;
  }
  const next = await home.program('pages', 'later-2', `return page.url();`);
  assert.equal(next.code, 0, explain(next, home));
  assert.equal(next.json.result, server.url('/next'));
  assert.deepEqual(next.json.pageChanges, [{ type: 'navigated', page: r.json.page, from: server.url('/start'), to: server.url('/next'), deferred: true }]);
  assert.equal(next.json.mutationState, 'none', 'what the page did by itself is not this program\'s doing');
});

test('a change the runtime saw before the next program started is deferred, even while the worker still reads a burst of the page\'s events', { skip, timeout: testTimeout(3) }, async () => {
  // The runtime's page list and the worker's Playwright hear Chrome on different connections.
  // The burst of console messages before the navigation keeps the worker's busy, so the runtime
  // hears of the commit first; what it knew when it sent the next program is the last one's story.
  const r = await home.program('busy-pages', 'busy-1', `${start()} await page.locator('#busy-later').click(); return page.url();`);
  assert.equal(r.code, 0, explain(r, home));
  assert.equal(r.json.result, server.url('/start'), 'the navigation had not happened when the program returned');
  (await busyAnswer)();
  for (;;) {
    const pages = await home.run(['pages', '--task', 'busy-pages']);
    if (pages.json?.pages?.some((p: { url: string }) => p.url === server.url('/next'))) break;
  }
  const next = await home.program('busy-pages', 'busy-2', `return page.url();`);
  assert.equal(next.code, 0, explain(next, home));
  assert.equal(next.json.result, server.url('/next'));
  assert.deepEqual(next.json.pageChanges, [{ type: 'navigated', page: r.json.page, from: server.url('/start'), to: server.url('/next'), deferred: true }]);
});

test('a page that could not load is recorded as the URL asked for and why, not as Chrome\'s error page; a retry that fails the same way adds no line', { skip, timeout: testTimeout(2) }, async () => {
  // A port nothing listens on: a closed listener's.
  const closed = net.createServer();
  await new Promise<void>(resolve => closed.listen(0, '127.0.0.1', resolve));
  const port = (closed.address() as net.AddressInfo).port;
  await new Promise<void>(resolve => closed.close(() => resolve()));
  const down = `http://127.0.0.1:${port}/board`;
  const r = await home.program('unreachable', 'u1', `await page.goto(${JSON.stringify(server.url('/next'))});
const errors = [];
for (let i = 0; i < 3; i++) await page.goto(${JSON.stringify(down)}).catch(e => errors.push(e.message.split('\\n')[0]));
return errors.length;`);
  assert.equal(r.code, 0, explain(r, home));
  assert.equal(r.json.result, 3);
  assert.ok(!r.stdout.includes('chrome-error'), r.stdout);
  assert.deepEqual(r.json.pageChanges, [
    { type: 'navigated', page: r.json.page, from: 'about:blank', to: server.url('/next') },
    { type: 'navigated', page: r.json.page, from: server.url('/next'), to: down, failed: 'net::ERR_CONNECTION_REFUSED' },
  ], r.stdout);
});
