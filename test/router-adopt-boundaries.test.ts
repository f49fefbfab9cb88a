// Issue 38, items 3 and 4: what adopting a tab may give a task.
// 3. An --isolated task's pages live in a context of its own, where the profile-wide methods
//    (Network.getAllCookies, clearBrowserCookies, Storage.*) act on that context alone. A tab
//    of the default context (one the runtime opened for another task, then released: no
//    --allow-adopt needed) adopted into it would take those methods to the whole shared
//    profile. Adopting it is refused, and a page session is the task's own context only by the
//    page's own context, never by the task being isolated.
// 4. A tab is a task's popup only when it is created by one of the task's pages: a tab the
//    user opened from a tab a task adopts later stays the user's when it navigates, and
//    `tabwright close` leaves it open.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { FixtureServer } from './harness/fixtureServer.js';
import { RouterRuntime } from './harness/routerRuntime.js';
import { RawCdpClient } from './harness/rawCdpClient.js';
import { StandInBrowser } from './harness/standInBrowser.js';
import { hasBrowser, runtimeLog } from './harness/tabwrightCli.js';

const skip = hasBrowser() ? false : 'no browser on this machine';

interface ListedPage { id: number; url: string; task: string | null }

async function pagesOf(runtime: RouterRuntime): Promise<ListedPage[]> {
  const listed = await runtime.home.run(['pages', '--all']);
  assert.equal(listed.code, 0, listed.stdout);
  return listed.json.pages as ListedPage[];
}

/** The first page (by URL) once the runtime lists it, however long that takes (the test's timeout bounds it). */
async function listed(runtime: RouterRuntime, url: string): Promise<ListedPage> {
  for (;;) {
    const page = (await pagesOf(runtime)).find(p => p.url === url);
    if (page) return page;
    await new Promise(resolve => setTimeout(resolve, 100));
  }
}

describe('an --isolated task cannot adopt a tab of the shared profile', { skip, timeout: 600_000 }, () => {
  let server: FixtureServer;
  let runtime: RouterRuntime;

  before(async () => {
    server = await FixtureServer.start();
    server.route('/login', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html', 'set-cookie': 'shared_secret=kept-in-the-shared-profile; Path=/; HttpOnly' }).end('<title>logged in</title>');
    });
    runtime = new RouterRuntime({ start: {} });
    await runtime.start();
  });

  after(async () => {
    await runtime?.dispose();
    await server?.close();
  });

  it('a default-context tab another task released: adopt is refused, and no profile-wide method reaches the shared profile through it', async () => {
    const opened = await runtime.home.program('D', 'd1', `await page.goto(${JSON.stringify(server.url('/login'))}); return 1`);
    assert.equal(opened.json?.status, 'succeeded', opened.stdout + runtimeLog(runtime.home));
    const released = await runtime.home.run(['release', '--task', 'D']);
    assert.equal(released.code, 0, released.stdout);
    const isolated = await runtime.home.program('I', 'i1', 'return 1', ['--isolated']);
    assert.equal(isolated.json?.status, 'succeeded', isolated.stdout);
    const tab = await listed(runtime, server.url('/login'));
    assert.equal(tab.task, null, 'released');

    const adopt = await runtime.home.run(['adopt', '--task', 'I', '--page', String(tab.id)]);
    let reached = '';
    if (adopt.code === 0) {
      // What the task gets through the adopted tab on unfixed code: the whole shared profile.
      const client = await RawCdpClient.connect(await runtime.endpoint('I'));
      await client.call('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: true });
      const attach = await client.nextEvent(e => e.method === 'Target.attachedToTarget' && e.params.targetInfo.url === server.url('/login'));
      const reply = await client.send('Network.getAllCookies', {}, attach.params.sessionId);
      client.close();
      reached = JSON.stringify(reply);
    }
    assert.notEqual(adopt.code, 0, `the isolated task adopted a tab of the shared profile; Network.getAllCookies through it answered ${reached}`);
    assert.match(adopt.stdout, /isolated/, adopt.stdout);
    assert.match(adopt.stdout, /context/, adopt.stdout);
    assert.equal((await listed(runtime, server.url('/login'))).task, null, 'the refused adopt gave the task nothing');
  });
});

describe('a tab becomes a task\'s popup only when one of the task\'s pages creates it', { skip, timeout: 600_000 }, () => {
  let server: FixtureServer;
  let standIn: StandInBrowser;
  let runtime: RouterRuntime;
  let user: RawCdpClient;

  before(async () => {
    server = await FixtureServer.start();
    server.page('/opener', '<title>opener</title>').page('/child', '<title>child</title>').page('/child-moved', '<title>moved</title>')
      .page('/task-popup', '<title>task popup</title>');
    standIn = StandInBrowser.start();
    const debugUrl = await standIn.url;
    const version = await (await fetch(`${debugUrl}/json/version`)).json() as { webSocketDebuggerUrl: string };
    user = await RawCdpClient.connect(version.webSocketDebuggerUrl);
    runtime = new RouterRuntime({ start: { connect: debugUrl, allowAdopt: true } });
    await runtime.start();
  });

  after(async () => {
    user?.close();
    await runtime?.dispose();
    await standIn?.stop();
    await server?.close();
  });

  /** The user's own session on a tab of theirs (straight to the browser, no router). */
  async function userSession(targetId: string): Promise<string> {
    const { sessionId } = await user.call('Target.attachToTarget', { targetId, flatten: true }) as { sessionId: string };
    return sessionId;
  }

  it('the user\'s tab opened from a tab the task adopts later stays the user\'s when it navigates, and close leaves it open', async () => {
    const started = await runtime.home.program('A', 'a1', 'return 1');
    assert.equal(started.json?.status, 'succeeded', started.stdout + runtimeLog(runtime.home));
    // The user's tab X, and a tab Y the user opens from it.
    const { targetId: opener } = await user.call('Target.createTarget', { url: server.url('/opener') }) as { targetId: string };
    await user.call('Target.setDiscoverTargets', { discover: true });
    const onX = await userSession(opener);
    // Until its document is there (an evaluation between two documents finds no context).
    while ((await user.send('Runtime.evaluate', { expression: 'location.pathname', returnByValue: true }, onX)).result?.result?.value !== '/opener')
      await new Promise(resolve => setTimeout(resolve, 100));
    await user.call('Runtime.evaluate', { expression: `window.open(${JSON.stringify(server.url('/child'))}, '_blank'); 1`, userGesture: true }, onX);
    const child = (await user.nextEvent(e => e.method === 'Target.targetCreated' && e.params.targetInfo.openerId === opener)).params.targetInfo.targetId as string;
    await listed(runtime, server.url('/child'));

    const x = await listed(runtime, server.url('/opener'));
    const adopt = await runtime.home.run(['adopt', '--task', 'A', '--page', String(x.id)]);
    assert.equal(adopt.code, 0, adopt.stdout);
    // The user moves Y on: the runtime sees its new URL (and, before the fix, claimed it then).
    await user.call('Page.navigate', { url: server.url('/child-moved') }, await userSession(child));
    const moved = await listed(runtime, server.url('/child-moved'));
    assert.equal(moved.task, null, `the user's tab became task A's through its opener: ${JSON.stringify(await pagesOf(runtime))}`);

    // A tab the adopted tab opens now is the task's popup, as before.
    const popup = await runtime.home.program('A', 'a2', `
      const x = context.pages().find(p => p.url().endsWith('/opener'));
      const [popup] = await Promise.all([x.waitForEvent('popup'), x.evaluate(url => { window.open(url); }, ${JSON.stringify(server.url('/task-popup'))})]);
      await popup.waitForLoadState();
      return popup.url();`);
    assert.equal(popup.json?.status, 'succeeded', popup.stdout);
    assert.equal((await listed(runtime, server.url('/task-popup'))).task, 'A');

    const closed = await runtime.home.run(['close', '--task', 'A']);
    assert.equal(closed.code, 0, closed.stdout);
    const { targetInfos } = await user.call('Target.getTargets') as { targetInfos: { targetId: string; url: string }[] };
    assert.ok(targetInfos.some(t => t.targetId === child && t.url === server.url('/child-moved')), `close left the user's tab open: ${JSON.stringify(targetInfos)}`);
    assert.ok(targetInfos.some(t => t.targetId === opener), 'and the adopted one (released, not closed)');
    assert.ok(!targetInfos.some(t => t.url === server.url('/task-popup')), 'the task\'s own popup was closed');
  });
});
