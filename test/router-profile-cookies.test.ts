// Issue 38, item 2: in a browser the runtime connected to, no cookie value of a site that is
// not one of the task's pages' sites reaches the task's client, in answers or in events. The
// user is logged in to U (http://localhost:PORT: HttpOnly cookies, one SameSite=None that
// Chrome sends to U's frames on other sites); the task's page is on T (http://127.0.0.1:PORT)
// and holds a real <iframe> of U (an out-of-process frame) that loads, fetches, opens a
// WebSocket and gets new cookies. A raw client of the task's endpoint enables everything that
// can show a cookie (Network, Fetch at both stages, Audits) on the page and on the frame, asks
// Network.getCookies on both, and no text it receives holds a value of U's. T's own values
// stay (Playwright's request.allHeaders() and response.headersArray() read them).
import assert from 'node:assert/strict';
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { WebSocketServer } from 'ws';
import { chromium, type Browser } from 'playwright-core';
import { RouterRuntime } from './harness/routerRuntime.js';
import { RawCdpClient, type CdpEvent } from './harness/rawCdpClient.js';
import { StandInBrowser } from './harness/standInBrowser.js';
import { hasBrowser } from './harness/tabwrightCli.js';

const skip = hasBrowser() ? false : 'no browser on this machine';

const secret = (what: string) => `${what}-${randomBytes(8).toString('hex')}`;

/** What a site's pages set: a login's cookies, a frame's, a fetch's, a WebSocket's. */
const KINDS = ['httpOnly', 'sentCrossSite', 'setInFrame', 'blocked', 'setOnSocket', 'setByFetch'] as const;
type Kind = typeof KINDS[number];
type SiteName = 'T' | 'U' | 'W';
const SECRETS: Record<SiteName, Record<Kind, string>> = {
  T: Object.fromEntries(KINDS.map(kind => [kind, secret(`t-${kind}`)])) as Record<Kind, string>,
  U: Object.fromEntries(KINDS.map(kind => [kind, secret(`u-${kind}`)])) as Record<Kind, string>,
  W: Object.fromEntries(KINDS.map(kind => [kind, secret(`w-${kind}`)])) as Record<Kind, string>,
};

/** A frame's page: a credentialed fetch of its own site, then a WebSocket to it. */
const FRAME_PAGE = `<title>frame</title><script>
  fetch('/fetch', { credentials: 'include' }).then(r => r.text()).then(() => {
    const socket = new WebSocket('ws://' + location.host + '/ws');
    socket.onopen = () => { document.title = 'frame ready'; };
  });
</script>`;

/**
 * One loopback server under three host names: T (the task's site, a.site.localhost), U (the
 * same registrable site, another host: b.site.localhost, its cookies sent to its frames in
 * T's page) and W (127.0.0.1, another site: an out-of-process frame, its cookies third-party).
 */
class CookieSites {
  private readonly server: http.Server;
  private readonly sockets = new WebSocketServer({ noServer: true });
  port = 0;

  constructor() {
    this.server = http.createServer((req, res) => {
      const path = (req.url ?? '/').split('?')[0];
      const site = this.siteOf(req.headers.host);
      const mine = SECRETS[site];
      const name = site.toLowerCase();
      const send = (type: string, body: string, cookies: string[]) => res.writeHead(200, { 'content-type': type, 'set-cookie': cookies }).end(body);
      switch (path) {
        case '/login': // the user's own tab on U or W
          return send('text/html', '<title>logged in</title>', [
            `${name}_httponly=${mine.httpOnly}; Path=/; HttpOnly`,
            `${name}_none=${mine.sentCrossSite}; Path=/; HttpOnly; SameSite=None; Secure`,
          ]);
        case '/frame': // U or W inside T's page
          return send('text/html', FRAME_PAGE, [
            `${name}_fresh=${mine.setInFrame}; Path=/; HttpOnly; SameSite=None; Secure`,
            // Refused by Chrome (SameSite=None needs Secure): listed in blockedCookies with its line.
            `${name}_blocked=${mine.blocked}; Path=/; SameSite=None`,
          ]);
        case '/fetch':
          return send('text/plain', 'ok', [`${name}_fetch=${mine.setByFetch}; Path=/; HttpOnly; SameSite=None; Secure`]);
        case '/task': // T, the task's page, with a frame of U and one of W
          return send('text/html', `<title>task</title><iframe src="${this.U}/frame"></iframe><iframe src="${this.W}/frame"></iframe>`,
            [`t_httponly=${mine.httpOnly}; Path=/; HttpOnly`]);
        default:
          return res.writeHead(404).end();
      }
    });
    this.sockets.on('headers', (headers, req) => {
      const site = this.siteOf(req.headers.host);
      headers.push(`Set-Cookie: ${site.toLowerCase()}_socket=${SECRETS[site].setOnSocket}; Path=/; HttpOnly; SameSite=None; Secure`);
    });
    this.server.on('upgrade', (req, socket, head) => this.sockets.handleUpgrade(req, socket, head, ws => ws.on('error', () => {})));
    this.server.unref();
  }

  private siteOf(host: string | undefined): SiteName {
    const name = (host ?? '').split(':')[0];
    return name === 'a.site.localhost' ? 'T' : name === 'b.site.localhost' ? 'U' : 'W';
  }

  async start(): Promise<this> {
    await new Promise<void>(resolve => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  get T(): string { return `http://a.site.localhost:${this.port}`; }
  get U(): string { return `http://b.site.localhost:${this.port}`; }
  get W(): string { return `http://127.0.0.1:${this.port}`; }

  async close(): Promise<void> {
    for (const client of this.sockets.clients) client.terminate();
    this.sockets.close();
    this.server.closeAllConnections();
    await new Promise(resolve => this.server.close(resolve));
  }
}

/** Where in `value` a U or W value is (`.params.headers.Cookie: u-httpOnly`), for a failure's message. */
function leakPaths(value: unknown, path = ''): string[] {
  if (typeof value === 'string') return leaked(value).length ? [`${path}: ${leaked(value).join(',')}`] : [];
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, inner]) => leakPaths(inner, `${path}.${key}`.replace(/\.\d+/g, '[]')));
}

/** Every value of U or W found in `text`, by site and kind. */
function leaked(text: string): string[] {
  return (['U', 'W'] as const).flatMap(site => KINDS.filter(kind => text.includes(SECRETS[site][kind])).map(kind => `${site}.${kind}`));
}

/** Whether `text` holds T's value of this kind. */
const showsOwn = (text: string, kind: Kind) => text.includes(SECRETS.T[kind]);

describe('a connected browser\'s own profile: no cookie of another site reaches a task, in answers or events', { skip, timeout: 900_000 }, () => {
  let sites: CookieSites;
  let standIn: StandInBrowser;
  let runtime: RouterRuntime;
  let user: RawCdpClient;

  before(async () => {
    sites = await new CookieSites().start();
    standIn = StandInBrowser.start();
    const debugUrl = await standIn.url;
    const version = await (await fetch(`${debugUrl}/json/version`)).json() as { webSocketDebuggerUrl: string };
    user = await RawCdpClient.connect(version.webSocketDebuggerUrl);
    // The user's own tabs on U and W: logged in to both.
    await user.call('Target.createTarget', { url: `${sites.U}/login` });
    await user.call('Target.createTarget', { url: `${sites.W}/login` });
    for (;;) {
      const { cookies } = await user.call('Storage.getCookies') as { cookies: { name: string }[] };
      if (['u_httponly', 'u_none', 'w_httponly', 'w_none'].every(name => cookies.some(c => c.name === name))) break;
      await new Promise(resolve => setTimeout(resolve, 100));
    }
    runtime = new RouterRuntime({ start: { connect: debugUrl } });
    await runtime.start();
  });

  after(async () => {
    user?.close();
    await runtime?.dispose();
    await standIn?.stop();
    await sites?.close();
  });

  it('a raw client with Network, Fetch and Audits on the page and its frames, and Network.getCookies on each, is shown no value of the other sites', async () => {
    const client = await RawCdpClient.connect(await runtime.endpoint('R'));
    const replies: string[] = [];
    const call = async (method: string, params: Record<string, unknown>, sessionId?: string) => {
      const reply = await client.send(method, params, sessionId);
      replies.push(JSON.stringify(reply));
      return reply;
    };
    // Page and frame alike: everything that can show a cookie, switched on.
    const switchOn = async (sessionId: string) => {
      await call('Network.enable', {}, sessionId);
      await call('Audits.enable', {}, sessionId);
      await call('Fetch.enable', { patterns: [{ urlPattern: '*', requestStage: 'Request' }, { urlPattern: '*', requestStage: 'Response' }] }, sessionId);
      await call('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: true, flatten: true }, sessionId);
    };
    // Every request Fetch pauses goes on (this waiter sees each event once and never ends).
    void client.nextEvent(event => {
      if (event.method === 'Fetch.requestPaused') client.post('Fetch.continueRequest', { requestId: event.params.requestId }, event.sessionId);
      return false;
    });
    const oopifAttached = client.nextEvent(e => e.method === 'Target.attachedToTarget' && e.params.targetInfo.type === 'iframe');
    await call('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: true });
    const { result } = await call('Target.createTarget', { url: 'about:blank' });
    const attach = await client.nextEvent(e => e.method === 'Target.attachedToTarget' && e.params.targetInfo.targetId === result.targetId);
    const page = attach.params.sessionId as string;
    await call('Page.enable', {}, page);
    await switchOn(page);
    await call('Page.navigate', { url: `${sites.T}/task` }, page);
    const oopif = (await oopifAttached).params.sessionId as string;
    await switchOn(oopif);
    await call('Runtime.runIfWaitingForDebugger', {}, oopif);
    // Both frames fetched and opened their WebSockets (U's frame on the page's session, W's on its own).
    const fetched = (sessionId: string) => client.nextEvent(e => e.method === 'Network.loadingFinished' && e.sessionId === sessionId
      && client.events.some(r => r.method === 'Network.requestWillBeSent' && r.params.requestId === e.params.requestId && r.params.request.url.endsWith('/fetch')));
    await client.nextEvent(e => e.method === 'Network.webSocketHandshakeResponseReceived' && e.sessionId === page);
    await client.nextEvent(e => e.method === 'Network.webSocketHandshakeResponseReceived' && e.sessionId === oopif);
    await fetched(page);
    await fetched(oopif);
    // The task's own site, once more: its cookie is sent and a new one set.
    await call('Runtime.evaluate', { expression: 'fetch("/fetch").then(r => r.text())', awaitPromise: true }, page);
    await client.nextEvent(e => e.method === 'Network.responseReceivedExtraInfo' && e.sessionId === page && showsOwn(JSON.stringify(e.params), 'setByFetch'));
    const pageCookies = JSON.stringify(await call('Network.getCookies', {}, page));
    const oopifCookies = JSON.stringify(await call('Network.getCookies', {}, oopif));
    client.close();

    const where = client.events.flatMap(e => leakPaths(e.params).map(at => `${e.method}${at}`));
    where.push(...replies.flatMap(reply => leakPaths(JSON.parse(reply)).map(at => `reply${at}`)));
    assert.deepEqual([...new Set(where)], [], 'values of U and W reached the task');
    // The task's own site keeps its values, in answers and in events.
    assert.ok(showsOwn(pageCookies, 'httpOnly'), `the page's own cookie: ${pageCookies}`);
    assert.ok(!/"name":"(u|w)_/.test(oopifCookies), `the frame's answer names none of W's cookies: ${oopifCookies}`);
    const own = client.events.filter(e => e.sessionId === page);
    const sent = own.filter(e => e.method === 'Network.requestWillBeSentExtraInfo').map(e => JSON.stringify(e.params.headers)).join('\n');
    assert.ok(showsOwn(sent, 'httpOnly'), `T's Cookie header is shown: ${sent}`);
    const set = own.filter(e => e.method === 'Network.responseReceivedExtraInfo').map(e => JSON.stringify(e.params.headers)).join('\n');
    assert.ok(showsOwn(set, 'httpOnly') && showsOwn(set, 'setByFetch'), `T's Set-Cookie headers are shown: ${set}`);
  });

  it('Playwright: request.allHeaders() and response.headersArray() keep the task\'s own site\'s cookies and show none of its frames\' other sites', async () => {
    const browser: Browser = await chromium.connectOverCDP(await runtime.endpoint('P'));
    try {
      const page = await browser.contexts()[0]!.newPage();
      const frameResponses = [page.waitForResponse(`${sites.U}/frame`), page.waitForResponse(`${sites.W}/frame`)];
      const response = await page.goto(`${sites.T}/task`);
      const setCookies = (await response!.headersArray()).filter(h => h.name.toLowerCase() === 'set-cookie').map(h => h.value).join('\n');
      assert.ok(showsOwn(setCookies, 'httpOnly'), `the task's page's own Set-Cookie: ${setCookies}`);
      const fetchResponse = page.waitForResponse(`${sites.T}/fetch`);
      assert.equal(await page.evaluate(() => fetch('/fetch').then(r => r.text())), 'ok');
      const ownFetch = await fetchResponse;
      assert.ok(showsOwn(JSON.stringify(await ownFetch.request().allHeaders()), 'httpOnly'), 'the Cookie header of the task\'s own request');
      assert.ok(showsOwn(JSON.stringify(await ownFetch.headersArray()), 'setByFetch'), 'the Set-Cookie header of the task\'s own response');
      for (const theirs of await Promise.all(frameResponses)) {
        const shown = JSON.stringify([await theirs.request().allHeaders(), await theirs.headersArray(), await theirs.allHeaders()]);
        assert.deepEqual(leaked(shown), [], shown);
        assert.equal(theirs.status(), 200);
      }
    } finally {
      await browser.close().catch(() => {});
    }
  });
});
