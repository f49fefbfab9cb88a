// Issue 25: a connected browser's own profile (the user's cookies, storage and site
// permissions) through a task's endpoint. The user has a tab of their own on one site (U,
// http://localhost:PORT) holding an HttpOnly cookie, localStorage, an IndexedDB database and
// a CacheStorage cache; the task has a page on another (T, http://127.0.0.1:PORT). Every
// method that names a cookie, a storage or a permission origin may reach T's and nothing of
// U's (router/userProfilePolicy.ts). In a launched browser the profile is the runtime's own,
// shared by its tasks: Playwright's cookies, storageState and permissions work as launched.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from 'playwright-core';
import { FixtureServer } from './harness/fixtureServer.js';
import { RouterRuntime } from './harness/routerRuntime.js';
import { RawCdpClient } from './harness/rawCdpClient.js';
import { StandInBrowser } from './harness/standInBrowser.js';
import { hasBrowser } from './harness/tabwrightCli.js';

const skip = hasBrowser() ? false : 'no browser on this machine';
let server: FixtureServer;
let U: string;
let T: string;

/** Sets, for its own site, an HttpOnly cookie, localStorage, an IndexedDB database and a cache, then says so in its title. */
const STORE_PAGE = `<title>storing</title><script>
  localStorage.setItem('key', location.hostname);
  const open = indexedDB.open('db-' + location.hostname);
  open.onupgradeneeded = () => open.result.createObjectStore('things');
  open.onsuccess = async () => {
    const cache = await caches.open('cache-' + location.hostname);
    await cache.put('/cached', new Response('cached for ' + location.hostname));
    document.title = 'stored';
  };
</script>`;

function startServer(): Promise<FixtureServer> {
  return FixtureServer.start().then(started => started
    .route('/store', (req, res) => {
      const host = (req.headers.host ?? '').split(':')[0]!.replace(/\W/g, '_');
      res.writeHead(200, { 'content-type': 'text/html', 'set-cookie': `secret_${host}=1; Path=/; HttpOnly` }).end(STORE_PAGE);
    })
    .page('/private', '<title>private</title><p>only for the user</p>'));
}

/** `promise` rejected by the router's policy (not by Chrome, not by a missing thing). */
async function refusedByTabwright(promise: Promise<unknown>, what: string): Promise<void> {
  await assert.rejects(promise, (error: Error) => {
    assert.match(error.message, /Refused by tabwright: in a browser the runtime connected to/, `${what}: ${error.message}`);
    return true;
  }, `${what} was not refused`);
}

const cookieNames = (cookies: { name: string }[]) => cookies.map(c => c.name).sort();

describe('a connected browser\'s own profile: a task reaches only its own pages\' sites', { skip, timeout: 900_000 }, () => {
  let standIn: StandInBrowser;
  let runtime: RouterRuntime;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let session: CDPSession;
  let browserSession: CDPSession;
  /** The user's own view of their browser: straight to its DevTools endpoint, no router. */
  let user: RawCdpClient;

  before(async () => {
    server = await startServer();
    U = server.crossOrigin;
    T = server.origin;
    standIn = StandInBrowser.start();
    const debugUrl = await standIn.url;
    const version = await (await fetch(`${debugUrl}/json/version`)).json() as { webSocketDebuggerUrl: string };
    user = await RawCdpClient.connect(version.webSocketDebuggerUrl);
    // The user's own tab on U, with everything a logged-in site keeps.
    const opened = await fetch(`${debugUrl}/json/new?${U}/store`, { method: 'PUT' });
    assert.equal(opened.status, 200);
    for (;;) {
      const tabs = await (await fetch(`${debugUrl}/json/list`)).json() as { url: string; title: string }[];
      if (tabs.some(tab => tab.url === `${U}/store` && tab.title === 'stored')) break;
      await new Promise(resolve => setTimeout(resolve, 100));
    }
    runtime = new RouterRuntime({ start: { connect: debugUrl } });
    await runtime.start();
    browser = await chromium.connectOverCDP(await runtime.endpoint('P'));
    context = browser.contexts()[0]!;
    page = await context.newPage();
    await page.goto(`${T}/store`);
    await page.waitForFunction(() => document.title === 'stored');
    session = await context.newCDPSession(page);
    browserSession = await browser.newBrowserCDPSession();
  });

  after(async () => {
    user?.close();
    await browser?.close().catch(() => {});
    await runtime?.dispose();
    await standIn?.stop();
    await server?.close();
  });

  const userCookies = async () => cookieNames((await user.call('Storage.getCookies')).cookies);

  it('Storage.getCookies: context.cookies() and storageState() show the task\'s sites only', async () => {
    assert.deepEqual(await userCookies(), ['secret_127_0_0_1', 'secret_localhost'], 'the profile holds both');
    assert.deepEqual(cookieNames(await context.cookies()), ['secret_127_0_0_1']);
    assert.deepEqual(cookieNames(await context.cookies(`${U}/`)), [], 'not even when asked for by URL');
    assert.deepEqual(cookieNames((await context.storageState()).cookies), ['secret_127_0_0_1']);
    const raw = await browserSession.send('Storage.getCookies') as { cookies: { name: string }[] };
    assert.deepEqual(cookieNames(raw.cookies), ['secret_127_0_0_1']);
  });

  it('Storage.setCookies: context.addCookies() sets a cookie of a task\'s site, and refuses another site\'s, setting nothing', async () => {
    await context.addCookies([{ name: 'task_set', value: '1', url: `${T}/` }]);
    await refusedByTabwright(context.addCookies([{ name: 'planted', value: '1', url: `${U}/` }]), 'a cookie for U by url');
    await refusedByTabwright(context.addCookies([{ name: 'planted', value: '1', domain: 'localhost', path: '/' }]), 'a cookie for U by domain');
    await refusedByTabwright(browserSession.send('Storage.setCookies', { cookies: [{ name: 'ok', value: '1', url: `${T}/` }, { name: 'planted', value: '1', url: `${U}/` }] }), 'a list with one of U\'s');
    const now = await userCookies();
    assert.ok(now.includes('task_set'), now.join());
    assert.ok(!now.includes('planted') && !now.includes('ok'), `nothing of a refused list was set: ${now.join()}`);
  });

  it('Storage.clearCookies: refused on the user\'s profile', async () => {
    await assert.rejects(context.clearCookies(), /Refused by tabwright: clearing cookies/);
    assert.ok((await userCookies()).includes('secret_localhost'));
  });

  it('Browser.grantPermissions and Browser.setPermission: only for the origin of a task\'s page', async () => {
    await context.grantPermissions(['geolocation'], { origin: T });
    await refusedByTabwright(context.grantPermissions(['geolocation']), 'a grant for every origin');
    await refusedByTabwright(context.grantPermissions(['geolocation'], { origin: U }), 'a grant for U');
    await browserSession.send('Browser.setPermission', { permission: { name: 'geolocation' }, setting: 'granted', origin: T });
    await refusedByTabwright(browserSession.send('Browser.setPermission', { permission: { name: 'geolocation' }, setting: 'granted', origin: U }), 'setPermission for U');
    await refusedByTabwright(browserSession.send('Browser.setPermission', { permission: { name: 'geolocation' }, setting: 'granted' }), 'setPermission for every origin');
  });

  it('Browser.resetPermissions: refused on the user\'s profile', async () => {
    await assert.rejects(context.clearPermissions(), /Refused by tabwright: resetting permissions/);
  });

  it('Network.getCookies, setCookie, setCookies, deleteCookies on a page session: another site\'s cookies are neither read nor changed', async () => {
    const own = await session.send('Network.getCookies') as { cookies: { name: string }[] };
    assert.ok(cookieNames(own.cookies).includes('secret_127_0_0_1'));
    await refusedByTabwright(session.send('Network.getCookies', { urls: [`${U}/`] }), 'Network.getCookies of U');
    await refusedByTabwright(session.send('Network.setCookie', { name: 'planted', value: '1', url: `${U}/` }), 'Network.setCookie for U');
    await refusedByTabwright(session.send('Network.setCookies', { cookies: [{ name: 'planted', value: '1', domain: 'localhost' }] }), 'Network.setCookies for U');
    await refusedByTabwright(session.send('Network.deleteCookies', { name: 'secret_localhost', url: `${U}/` }), 'Network.deleteCookies of U');
    await refusedByTabwright(session.send('Network.deleteCookies', { name: 'secret_localhost' }), 'Network.deleteCookies naming no site');
    await session.send('Network.setCookie', { name: 'page_set', value: '1', url: `${T}/` });
    const now = await userCookies();
    assert.ok(now.includes('secret_localhost') && now.includes('page_set') && !now.includes('planted'), now.join());
  });

  it('Network.loadNetworkResource: a credentialed load of another site is refused', async () => {
    const { frameTree } = await session.send('Page.getFrameTree') as { frameTree: { frame: { id: string } } };
    const load = (url: string) => session.send('Network.loadNetworkResource', { frameId: frameTree.frame.id, url, options: { disableCache: true, includeCredentials: true } });
    await refusedByTabwright(load(`${U}/private`), 'a load of U');
    const own = await load(`${T}/private`) as { resource: { success: boolean } };
    assert.equal(own.resource.success, true);
  });

  it('DOMStorage: another site\'s localStorage is refused by every method that names it', async () => {
    await session.send('DOMStorage.enable');
    const theirs = { securityOrigin: U, isLocalStorage: true };
    const own = await session.send('DOMStorage.getDOMStorageItems', { storageId: { securityOrigin: T, isLocalStorage: true } }) as { entries: string[][] };
    assert.deepEqual(own.entries, [['key', '127.0.0.1']]);
    await refusedByTabwright(session.send('DOMStorage.getDOMStorageItems', { storageId: theirs }), 'getDOMStorageItems');
    await refusedByTabwright(session.send('DOMStorage.getDOMStorageItems', { storageId: { storageKey: `${U}/`, isLocalStorage: true } }), 'getDOMStorageItems by key');
    await refusedByTabwright(session.send('DOMStorage.setDOMStorageItem', { storageId: theirs, key: 'planted', value: '1' }), 'setDOMStorageItem');
    await refusedByTabwright(session.send('DOMStorage.removeDOMStorageItem', { storageId: theirs, key: 'key' }), 'removeDOMStorageItem');
    await refusedByTabwright(session.send('DOMStorage.clear', { storageId: theirs }), 'clear');
  });

  it('IndexedDB: another site\'s databases are refused by every method that names them', async () => {
    await session.send('IndexedDB.enable');
    const own = await session.send('IndexedDB.requestDatabaseNames', { securityOrigin: T }) as { databaseNames: string[] };
    assert.deepEqual(own.databaseNames, ['db-127.0.0.1']);
    const database = { securityOrigin: U, databaseName: 'db-localhost' };
    await refusedByTabwright(session.send('IndexedDB.requestDatabaseNames', { securityOrigin: U }), 'requestDatabaseNames');
    await refusedByTabwright(session.send('IndexedDB.requestDatabaseNames', { storageKey: `${U}/` }), 'requestDatabaseNames by key');
    await refusedByTabwright(session.send('IndexedDB.requestDatabaseNames', { storageBucket: { storageKey: `${U}/` } }), 'requestDatabaseNames by bucket');
    await refusedByTabwright(session.send('IndexedDB.requestDatabase', database), 'requestDatabase');
    await refusedByTabwright(session.send('IndexedDB.requestData', { ...database, objectStoreName: 'things', indexName: '', skipCount: 0, pageSize: 10 }), 'requestData');
    await refusedByTabwright(session.send('IndexedDB.getMetadata', { ...database, objectStoreName: 'things' }), 'getMetadata');
    await refusedByTabwright(session.send('IndexedDB.clearObjectStore', { ...database, objectStoreName: 'things' }), 'clearObjectStore');
    await refusedByTabwright(session.send('IndexedDB.deleteObjectStoreEntries', { ...database, objectStoreName: 'things', keyRange: { lowerOpen: false, upperOpen: false } }), 'deleteObjectStoreEntries');
    await refusedByTabwright(session.send('IndexedDB.deleteDatabase', database), 'deleteDatabase');
  });

  it('CacheStorage: another site\'s caches are refused by every method that names them', async () => {
    const own = await session.send('CacheStorage.requestCacheNames', { securityOrigin: T }) as { caches: { cacheId: string; cacheName: string }[] };
    assert.deepEqual(own.caches.map(c => c.cacheName), ['cache-127.0.0.1']);
    const entries = await session.send('CacheStorage.requestEntries', { cacheId: own.caches[0]!.cacheId }) as { cacheDataEntries: unknown[] };
    assert.equal(entries.cacheDataEntries.length, 1);
    const theirs = `${U}/|cache-localhost`;
    await refusedByTabwright(session.send('CacheStorage.requestCacheNames', { securityOrigin: U }), 'requestCacheNames');
    await refusedByTabwright(session.send('CacheStorage.requestCacheNames', { storageKey: `${U}/` }), 'requestCacheNames by key');
    await refusedByTabwright(session.send('CacheStorage.requestEntries', { cacheId: theirs }), 'requestEntries');
    await refusedByTabwright(session.send('CacheStorage.requestCachedResponse', { cacheId: theirs, requestURL: `${U}/cached`, requestHeaders: [] }), 'requestCachedResponse');
    await refusedByTabwright(session.send('CacheStorage.deleteEntry', { cacheId: theirs, request: `${U}/cached` }), 'deleteEntry');
    await refusedByTabwright(session.send('CacheStorage.deleteCache', { cacheId: theirs }), 'deleteCache');
  });

  it('a context the client creates is its own: no site limit there', async () => {
    const own = await browser.newContext();
    try {
      await own.addCookies([{ name: 'anywhere', value: '1', url: `${U}/` }]);
      assert.deepEqual(cookieNames(await own.cookies()), ['anywhere']);
      await own.grantPermissions(['geolocation']);
    } finally {
      await own.close();
    }
    assert.ok(!(await userCookies()).includes('anywhere'), 'the user\'s profile did not get it');
  });
});

describe('a launched browser\'s profile is the runtime\'s own: Playwright\'s cookies, storage state and permissions as launched', { skip, timeout: 600_000 }, () => {
  let runtime: RouterRuntime;
  let browser: Browser;
  let server: FixtureServer;

  before(async () => {
    server = await startServer();
    runtime = new RouterRuntime({ start: {} });
    await runtime.start();
    browser = await chromium.connectOverCDP(await runtime.endpoint('L'));
  });

  after(async () => {
    await browser?.close().catch(() => {});
    await runtime?.dispose();
    await server?.close();
  });

  it('context.cookies(), addCookies(), storageState() and grantPermissions() cover every site of the shared profile', async () => {
    const context = browser.contexts()[0]!;
    const page = await context.newPage();
    await page.goto(`${server.crossOrigin}/store`);
    await page.goto(`${server.origin}/store`);
    await page.waitForFunction(() => document.title === 'stored');
    await context.addCookies([{ name: 'added', value: '1', url: `${server.crossOrigin}/` }]);
    assert.deepEqual(cookieNames(await context.cookies()), ['added', 'secret_127_0_0_1', 'secret_localhost']);
    const state = await context.storageState();
    assert.deepEqual(cookieNames(state.cookies), ['added', 'secret_127_0_0_1', 'secret_localhost']);
    await context.grantPermissions(['geolocation']);
    const session = await context.newCDPSession(page);
    const theirs = await session.send('Network.getCookies', { urls: [`${server.crossOrigin}/`] }) as { cookies: { name: string }[] };
    assert.deepEqual(cookieNames(theirs.cookies), ['added', 'secret_localhost']);
  });
});
