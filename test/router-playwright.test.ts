// Playwright through a task's router endpoint (notes §12): existing pages at connect, newPage,
// close, popups of every kind, out-of-process iframes, newCDPSession, two clients, interception
// cleanup, browser.close and Browser.close. Task B runs on the same browser throughout and
// must see nothing of A.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { chromium, type Browser, type Page } from 'playwright-core';
import { FixtureServer } from './harness/fixtureServer.js';
import { RouterRuntime, targetIdOf } from './harness/routerRuntime.js';
import type { RawCdpClient } from './harness/rawCdpClient.js';

const runtime = new RouterRuntime();
let server: FixtureServer;
let endpointA: string;
let endpointB: string;
let watcherB: RawCdpClient;
let browserB: Browser;
let pageB: Page;
const openA: Browser[] = [];

async function connectA(): Promise<Browser> {
  const browser = await chromium.connectOverCDP(endpointA, { timeout: 30_000 });
  openA.push(browser);
  return browser;
}

/** Asserts B's watcher was never told about any of these targets. */
function assertBSawNone(targetIds: string[]): void {
  const seen = watcherB.mentionedTargets();
  for (const id of targetIds) assert.ok(!seen.has(id), `task B was shown A's target ${id}`);
}

describe('Playwright through the router', { timeout: 600_000 }, () => {
  before(async () => {
    server = await FixtureServer.start();
    server.page('/a1', '<title>A one</title><p>one</p>');
    server.page('/a2', '<title>A two</title><p>two</p>');
    server.page('/b1', '<title>B one</title><p>b</p>');
    server.page('/target', '<title>popped</title><p>popup</p>');
    server.page('/opener', `<title>opener</title>
      <a id="blank" target="_blank" rel="noopener" href="/target">blank</a>
      <iframe id="same" src="/framed"></iframe>`);
    server.page('/framed', '<title>framed</title><script>window.pop = () => window.open("/target")</script><p>frame</p>');
    server.page('/beforeunload', '<title>bu</title><script>addEventListener("beforeunload", e => { e.preventDefault(); e.returnValue = "x"; })</script>');
    server.page('/slow', '<title>slow</title><img src="/never.png">');
    await runtime.start();
    endpointA = await runtime.endpoint('A');
    endpointB = await runtime.endpoint('B');
    browserB = await chromium.connectOverCDP(endpointB);
    pageB = await browserB.contexts()[0].newPage();
    await pageB.goto(server.url('/b1'));
    watcherB = await runtime.watch('B');
  });

  after(async () => {
    for (const browser of openA) await browser.close().catch(() => {});
    await browserB?.close().catch(() => {});
    await runtime.dispose();
    await server?.close();
  });

  it('shows exactly the task\'s existing pages as soon as connectOverCDP resolves', async () => {
    const setup = await connectA();
    for (const path of ['/a1', '/a2']) await (await setup.contexts()[0].newPage()).goto(server.url(path));
    const browser = await connectA();
    const pages = browser.contexts()[0].pages();
    assert.equal(pages.length, 2);
    assert.deepEqual((await Promise.all(pages.map(p => p.title()))).sort(), ['A one', 'A two']);
    assert.deepEqual(pages.map(p => p.url()).sort(), [server.url('/a1'), server.url('/a2')]);
    assert.equal(browserB.contexts()[0].pages().length, 1, 'B still has its one page');
    assertBSawNone(await Promise.all(pages.map(targetIdOf)));
  });

  it('newPage resolves in the task\'s context and B is told nothing', async () => {
    const browser = await connectA();
    const context = browser.contexts()[0];
    const page = await context.newPage();
    assert.ok(context.pages().includes(page));
    await page.goto(server.url('/a1'));
    assert.equal(await page.title(), 'A one');
    assertBSawNone([await targetIdOf(page)]);
    assert.equal(browserB.contexts()[0].pages().length, 1);
  });

  it('page.close resolves, and runBeforeUnload raises the dialog', async () => {
    // Other clients of A would answer the dialog themselves (Playwright accepts unhandled beforeunload).
    for (const other of openA.splice(0)) await other.close();
    const browser = await connectA();
    const context = browser.contexts()[0];
    const page = await context.newPage();
    await page.close();
    assert.ok(page.isClosed());
    const guarded = await context.newPage();
    await guarded.goto(server.url('/beforeunload'));
    await guarded.click('body'); // beforeunload needs a user gesture
    const dialog = guarded.waitForEvent('dialog');
    await guarded.close({ runBeforeUnload: true });
    const shown = await dialog;
    assert.equal(shown.type(), 'beforeunload');
    const closed = guarded.waitForEvent('close');
    await shown.accept();
    await closed;
  });

  it('every kind of popup is the opener\'s task\'s and fires popup', async () => {
    const browser = await connectA();
    const context = browser.contexts()[0];
    const page = await context.newPage();
    await page.goto(server.url('/opener'));
    const popups: Page[] = [];
    const opened = async (action: () => Promise<unknown>) => {
      const [popup] = await Promise.all([page.waitForEvent('popup'), action()]);
      popups.push(popup);
      assert.ok(context.pages().includes(popup));
      return popup;
    };
    const withUrl = await opened(() => page.evaluate(url => { window.open(url); }, server.url('/target')));
    await withUrl.waitForLoadState();
    assert.equal(await withUrl.title(), 'popped');
    await opened(() => page.evaluate(url => { window.open(url, '', 'noopener'); }, server.url('/target')));
    const blank = await opened(() => page.evaluate(() => { window.open(); }));
    assert.equal(blank.url(), 'about:blank');
    await opened(() => page.click('#blank'));
    await opened(() => page.frame({ url: /framed/ })!.evaluate(() => (window as unknown as { pop(): void }).pop()));
    const ids = await Promise.all(popups.map(targetIdOf));
    assertBSawNone(ids);
    const listed = await runtime.home.run(['pages', '--task', 'A']);
    const inA = new Set((listed.json.pages as { url: string }[]).map(p => p.url));
    assert.ok(inA.has(server.url('/target')), 'the runtime lists the popups as A\'s');
    for (const popup of popups) await popup.close();
  });

  it('a popup from an out-of-process iframe is the task\'s too', async () => {
    server.page('/oopif-opener', `<title>oo</title><iframe src="${server.url('/framed')}"></iframe>`);
    const browser = await connectA();
    const page = await browser.contexts()[0].newPage();
    await page.goto(`${server.crossOrigin}/oopif-opener`);
    const frame = page.frames()[1];
    const [popup] = await Promise.all([page.waitForEvent('popup'), frame.evaluate(() => (window as unknown as { pop(): void }).pop())]);
    await popup.waitForLoadState();
    assert.equal(await popup.title(), 'popped');
    assertBSawNone([await targetIdOf(popup)]);
    await popup.close();
    await page.close();
  });

  it('a cross-site iframe works as an out-of-process frame, and discovery counts it for A only', async () => {
    server.page('/oopif', `<title>parent</title><iframe src="${server.url('/framed')}"></iframe>`);
    const browser = await connectA();
    const page = await browser.contexts()[0].newPage();
    await page.goto(`${server.crossOrigin}/oopif`);
    assert.equal(page.frames().length, 2);
    assert.equal(await page.frames()[1].evaluate(() => location.href), server.url('/framed'));
    // Playwright's countOOPIFs: discovery through a browser CDP session.
    const session = await browser.newBrowserCDPSession();
    const oopifs: { targetId: string; type: string }[] = [];
    session.on('Target.targetCreated', ({ targetInfo }) => { if (targetInfo.type === 'iframe') oopifs.push(targetInfo); });
    await session.send('Target.setDiscoverTargets', { discover: true });
    assert.equal(oopifs.length, 1);
    await session.detach();
    // A CDP session on the out-of-process frame reaches its renderer.
    const frameSession = await page.context().newCDPSession(page.frames()[1]);
    const { result } = await frameSession.send('Runtime.evaluate', { expression: 'location.host' });
    assert.equal(result.value, `127.0.0.1:${server.port}`);
    await frameSession.detach();
    assertBSawNone([oopifs[0].targetId, await targetIdOf(page)]);
    // Removing the iframe detaches the frame.
    const detached = page.waitForEvent('framedetached');
    await page.evaluate(() => document.querySelector('iframe')!.remove());
    await detached;
    assert.equal(page.frames().length, 1);
    await page.close();
  });

  it('reconnecting to a page that already has an out-of-process iframe finds the frame', async () => {
    const setup = await connectA();
    const page = await setup.contexts()[0].newPage();
    await page.goto(`${server.crossOrigin}/oopif`);
    const id = await targetIdOf(page);
    const browser = await connectA();
    const pages = browser.contexts()[0].pages();
    const found = await (async () => { for (const p of pages) if (await targetIdOf(p) === id) return p; })();
    assert.ok(found);
    assert.equal(found.frames().length, 2);
    assert.equal(await found.frames()[1].evaluate(() => document.title), 'framed');
    await found.close();
  });

  it('newCDPSession twice: each works alone, detaches, and the page keeps working', async () => {
    const browser = await connectA();
    const context = browser.contexts()[0];
    const page = await context.newPage();
    await page.goto(server.url('/a1'));
    const first = await context.newCDPSession(page);
    const second = await context.newCDPSession(page);
    assert.equal((await first.send('Runtime.evaluate', { expression: '1+1' })).result.value, 2);
    await second.send('Runtime.enable');
    await first.detach();
    assert.equal((await second.send('Runtime.evaluate', { expression: 'document.title' })).result.value, 'A one');
    await second.detach();
    assert.equal(await page.evaluate(() => 6 * 7), 42);
    await page.goto(server.url('/a2'));
    assert.equal(await page.title(), 'A two');
    const third = await context.newCDPSession(page);
    const closed = new Promise<void>(resolve => third.on('close', () => resolve()));
    await page.close();
    await closed;
  });

  it('two clients of one task see the same pages', async () => {
    const one = await connectA();
    const two = await connectA();
    const seenByTwo = two.contexts()[0].waitForEvent('page');
    const page = await one.contexts()[0].newPage();
    await page.goto(server.url('/a2'));
    assert.equal(await targetIdOf(await seenByTwo), await targetIdOf(page));
    await page.close();
  });

  it('a never-fulfilled route in a client that disconnects does not stall the next client', async () => {
    const first = await connectA();
    const page = await first.contexts()[0].newPage();
    await page.goto(server.url('/a1'));
    const id = await targetIdOf(page);
    await page.route('**/*', () => new Promise(() => {}));
    void page.reload().catch(() => {});
    await first.close();
    const second = await connectA();
    let again: Page | undefined;
    for (const p of second.contexts()[0].pages()) if (await targetIdOf(p) === id) again = p;
    assert.ok(again, 'the page survived its client');
    await again.reload({ timeout: 15_000 });
    assert.equal(await again.title(), 'A one');
    await again.close();
  });

  it('browser.close() and Browser.close disconnect the client only; the browser and B live on', async () => {
    const browser = await connectA();
    const kept = await browser.contexts()[0].newPage();
    await kept.goto(server.url('/a2'));
    const keptId = await targetIdOf(kept);
    const own = await browser.newContext();
    const ownPage = await own.newPage();
    const ownId = await targetIdOf(ownPage);
    await browser.close();
    const again = await connectA();
    const ids = await Promise.all(again.contexts()[0].pages().map(targetIdOf));
    assert.ok(ids.includes(keptId), 'default-context pages survive browser.close()');
    const all = await again.newBrowserCDPSession();
    const { targetInfos } = await all.send('Target.getTargets') as { targetInfos: { targetId: string }[] };
    assert.ok(!targetInfos.some(t => t.targetId === ownId), 'contexts the client created are disposed with it');
    const disconnected = new Promise<void>(resolve => again.on('disconnected', () => resolve()));
    assert.deepEqual(await all.send('Browser.close'), {});
    await disconnected;
    assert.equal(await pageB.evaluate(() => document.title), 'B one');
    const status = await runtime.home.run(['runtime', 'status']);
    assert.match(String(status.json.browser?.version), /Chrom/, `the browser is still up: ${status.stdout}`);
  });
});
