// Issue 38, items 5 and 14: the live view's secret goes to the view and nowhere else. It was a
// cookie, and cookies ignore ports: the browser that opened the view sent it to every server on
// 127.0.0.1 (a dev server the agent is building), a task's page on 127.0.0.1 in a connected
// browser read it with context.cookies() (and so into a receipt or a HAR), and a task's page that
// went to the view's own address was let in. `view --open` put it on the opener's command line.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser } from 'playwright-core';
import { expect } from '@playwright/test';
import { TabwrightHome, hasBrowser, testTimeout } from './harness/tabwrightCli.js';
import { FixtureServer } from './harness/fixtureServer.js';
import { StandInBrowser } from './harness/standInBrowser.js';
import { SEEN, launchViewerBrowser, viewUrl } from './harness/viewer.js';
import { explain } from './harness/testAids.js';
import { openerFor } from '../cli/commands/view.js';

const skip = hasBrowser() ? false : 'no browser on this machine';

/** Where the view keeps its session in the tab that opened it (view/view.js). */
const SESSION_KEY = 'tabwright-view-session';

let server: FixtureServer;
let viewer: Browser;

before(async () => {
  if (skip) return;
  server = await FixtureServer.start();
  server.page('/plain', '<title>Plain</title><p>a page on 127.0.0.1</p>');
  viewer = await launchViewerBrowser();
});

after(async () => {
  await viewer?.close();
  await server?.close();
});

/** A local server on its own port (the agent's dev server) that writes down every header it is sent. */
async function recordingServer(): Promise<{ origin: string; heard: string[]; close: () => Promise<void> }> {
  const heard: string[] = [];
  const local = http.createServer((req, res) => {
    heard.push(JSON.stringify({ url: req.url, headers: req.headers }));
    res.writeHead(200, { 'content-type': 'text/html' }).end(`<title>dev server</title><script>fetch('/api/data', { credentials: 'include' });</script>`);
  });
  await new Promise<void>(resolve => local.listen(0, '127.0.0.1', resolve));
  const port = (local.address() as AddressInfo).port;
  return { origin: `http://127.0.0.1:${port}`, heard, close: () => new Promise(resolve => { local.closeAllConnections(); local.close(() => resolve()); }) };
}

/** The view's token (from its full URL) and, once the view runs, the session its tab holds. */
async function secretsOf(url: string, sessionHolder: { evaluate: <T>(fn: (key: string) => T, key: string) => Promise<T> }): Promise<string[]> {
  const parsed = new URL(url);
  const token = new URLSearchParams(parsed.hash.slice(1)).get('token') ?? parsed.searchParams.get('token');
  assert.ok(token, `the printed URL carries the token: ${url}`);
  const session = await sessionHolder.evaluate((key: string) => sessionStorage.getItem(key), SESSION_KEY);
  return [token, ...(session ? [session] : [])];
}

test('a second local server on another port, in the browser that opened the view, never receives the view\'s secret', { skip, timeout: testTimeout(2) }, async () => {
  const home = new TabwrightHome({ prefix: 'tw-view-token-' });
  const dev = await recordingServer();
  const context = await viewer.newContext();
  try {
    const { url } = await viewUrl(home);
    const view = await context.newPage();
    await view.goto(url);
    await expect(view.locator('#connection')).toHaveText('Live', SEEN);
    const secrets = await secretsOf(url, view);
    // The same browser, the same profile: the dev server under both names of loopback.
    const page = await context.newPage();
    for (const origin of [dev.origin, dev.origin.replace('127.0.0.1', 'localhost')]) {
      const before = dev.heard.length;
      await page.goto(`${origin}/`);
      await expect.poll(() => dev.heard.slice(before).some(line => line.includes('/api/data')), SEEN).toBe(true);
    }
    for (const line of dev.heard) for (const secret of secrets) assert.ok(!line.includes(secret), `the dev server was sent the view's secret: ${line}`);
    assert.ok(!(await context.cookies()).some(cookie => secrets.some(secret => cookie.value.includes(secret))), 'no cookie of the browser holds it');
  } finally {
    await context.close();
    await dev.close();
    await home.dispose();
  }
});

test('in a connected browser that shows the view, a task\'s page on 127.0.0.1 reads no secret with context.cookies(), and the view\'s own address lets it in to nothing', { skip, timeout: testTimeout(3) }, async () => {
  const standIn = StandInBrowser.start();
  const home = new TabwrightHome({ prefix: 'tw-view-token-connected-', start: { connect: await standIn.url } });
  let person: Browser | undefined;
  try {
    const { url } = await viewUrl(home);
    // The person opens the view in their own browser, the one the runtime is connected to.
    person = await chromium.connectOverCDP(await standIn.url);
    const view = await person.contexts()[0]!.newPage();
    await view.goto(url);
    await expect(view.locator('#connection')).toHaveText('Live', SEEN);
    const secrets = await secretsOf(url, view);
    const viewOrigin = new URL(url).origin;
    const r = await home.program('dev', 'dev-1', `
await page.goto(${JSON.stringify(server.url('/plain'))});
const cookies = await context.cookies();
const stored = await context.storageState();
const answer = await page.goto(${JSON.stringify(`${viewOrigin}/api/tasks/dev/receipts`)});
return { cookies, stored, viewStatus: answer.status(), viewBody: await page.locator('body').innerText() };`);
    assert.equal(r.code, 0, explain(r, home));
    for (const secret of secrets) assert.ok(!r.stdout.includes(secret), `the task read the view's secret: ${r.stdout}`);
    assert.equal(r.json.result.viewStatus, 401, `the view let the task's page in: ${JSON.stringify(r.json.result)}`);
  } finally {
    await person?.close().catch(() => {});
    await home.dispose();
    await standIn.stop();
  }
});

test('view --open hands the opener a link that is useless after its first use: no token on its command line', { skip, timeout: testTimeout(3) }, async () => {
  const home = new TabwrightHome({ prefix: 'tw-view-open-' });
  // A desktop's opener that writes down its whole command line.
  const bin = fs.mkdtempSync(path.join(os.tmpdir(), 'tw-opener-'));
  const handed = path.join(bin, 'handed');
  fs.writeFileSync(path.join(bin, 'xdg-open'), `#!/bin/sh\nprintf '%s\\n' "$0" "$@" > '${handed}.tmp' && mv '${handed}.tmp' '${handed}'\n`, { mode: 0o755 });
  const context = await viewer.newContext();
  try {
    const { url: full } = await viewUrl(home, 'alpha');
    const token = new URLSearchParams(new URL(full).hash.slice(1)).get('token') ?? new URL(full).searchParams.get('token');
    assert.ok(token, full);
    const opened = await home.run(['view', '--open', '--task', 'alpha'], { env: { DISPLAY: ':99', PATH: `${bin}:${process.env.PATH}` } });
    assert.equal(opened.code, 0, explain(opened, home));
    assert.equal(opened.json.opened, true, opened.stdout);
    assert.ok(!`${opened.stdout}${opened.stderr}`.includes(token), `the token was printed: ${opened.stdout}`);
    await expect.poll(() => fs.existsSync(handed), SEEN).toBe(true);
    const argv = fs.readFileSync(handed, 'utf8').trim().split('\n');
    assert.ok(!argv.join(' ').includes(token), `the opener's command line holds the token: ${argv.join(' ')}`);
    const link = argv[argv.length - 1]!;
    assert.equal(new URL(link).origin, new URL(full).origin);
    assert.equal(new URL(link).searchParams.get('task'), 'alpha');

    // The link opens the view once, in the person's browser...
    const first = await context.newPage();
    await first.goto(link);
    await expect(first.locator('#connection')).toHaveText('Live', SEEN);
    // ...and nobody after: a second use is refused, and ends the first one's session too (two
    // parties had the link: the person is told to open the view again).
    const second = await context.newPage();
    await second.goto(link);
    await expect(second.locator('#connection')).toContainText('already used', SEEN);
    await expect(first.locator('#connection')).toContainText('Disconnected', SEEN);
  } finally {
    await context.close();
    fs.rmSync(bin, { recursive: true, force: true });
    await home.dispose();
  }
});

test('on Windows the opener gets the link in double quotes, passed as written: an `&` of the query cannot split cmd.exe\'s line', () => {
  const url = 'http://127.0.0.1:4321/?task=a&x=1#code=AbC-_9';
  assert.deepEqual(openerFor('win32', {}, url), { command: 'cmd.exe', args: ['/d', '/s', '/c', `"start "" "${url}""`], windowsVerbatimArguments: true });
  // What cmd.exe would still read between the quotes is refused, never passed.
  for (const unsafe of ['http://127.0.0.1:4321/?a=%PATH%', 'http://127.0.0.1:4321/?a="&calc"']) assert.ok('none' in openerFor('win32', {}, unsafe), unsafe);
  assert.deepEqual(openerFor('darwin', {}, url), { command: 'open', args: [url] });
  assert.deepEqual(openerFor('linux', { DISPLAY: ':0' }, url), { command: 'xdg-open', args: [url] });
  assert.ok('none' in openerFor('linux', {}, url));
});
