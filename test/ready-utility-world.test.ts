// A page's later documents have Playwright's utility world ready before their load event
// (runtime/worker/playwrightInternals/coreBundleText/readyUtilityWorld.ts): the UtilityScript and the injected
// script are asked for as the world is created, so the observe() after a goto waits for neither.
// The first documents keep stock's order (asked at first use). Checked on Chrome's own word:
// Debugger.scriptParsed names each script compiled in the world, while the server holds an
// image of the page, so its load event cannot have fired.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type http from 'node:http';
import { TabwrightHome, hasBrowser, testTimeout } from './harness/tabwrightCli.js';
import { FixtureServer } from './harness/fixtureServer.js';
import { explain } from './harness/testAids.js';

const skip = hasBrowser() ? false : 'no browser on this machine';
let home: TabwrightHome;
let server: FixtureServer;
/** Image responses the server holds until the page asks for /release. */
const held: http.ServerResponse[] = [];
const PIXEL = Buffer.from('R0lGODlhAQABAAAAACw=', 'base64');

before(async () => {
  home = new TabwrightHome({ prefix: 'tw-ready-world-' });
  server = await FixtureServer.start();
  server.page('/one', '<title>One</title><h1>One</h1><button>Save</button>');
  for (const n of [2, 3]) server.page(`/held${n}`, `<title>Held ${n}</title><h1>Held ${n}</h1><button>Send ${n}</button><img alt="" src="/held.gif?${n}">`);
  server.route('/held.gif', (_req, res) => { held.push(res); });
  server.route('/release', (_req, res) => {
    for (const image of held.splice(0)) image.writeHead(200, { 'content-type': 'image/gif', 'cache-control': 'no-store' }).end(PIXEL);
    res.writeHead(200, { 'content-type': 'text/plain' }).end('released');
  });
});

after(async () => {
  for (const image of held.splice(0)) image.destroy();
  await home?.dispose();
  await server?.close();
});

test('a page\'s third document has the utility world\'s scripts before its load event; the first two get them at first use', { skip, timeout: testTimeout(3) }, async () => {
  const r = await home.program('ready', 'ready-1', `
    const session = await context.newCDPSession(page);
    const contexts = new Map();
    const parsed = [];
    session.on('Runtime.executionContextCreated', event => contexts.set(event.context.id, event.context.name));
    session.on('Debugger.scriptParsed', event => parsed.push(event));
    await session.send('Runtime.enable');
    await session.send('Debugger.enable');
    // What the document's utility world compiled while its load event was held back.
    async function heldVisit(url) {
      const domReady = page.waitForEvent('domcontentloaded');
      const loaded = page.goto(url);
      await domReady;
      // A main-world call after the document was made: the renderer answers it after anything
      // the worker asked for as the worlds were created, and this session's events come first.
      const readyState = await page.evaluate(() => document.readyState);
      await session.send('Runtime.evaluate', { expression: '0' });
      const utility = [...contexts].filter(([, name]) => name.startsWith('__playwright_utility_world_')).at(-1)[0];
      const sources = [];
      for (const script of parsed.filter(event => event.executionContextId === utility))
        sources.push((await session.send('Debugger.getScriptSource', { scriptId: script.scriptId })).scriptSource);
      await page.evaluate(() => fetch('/release').then(r => r.text()));
      await loaded;
      const view = await observe();
      return {
        readyState,
        utilityScript: sources.some(s => s.includes('UtilityScript()')),
        injectedScript: sources.some(s => s.includes('typeof __tabwrightInjectedScript === "function"')),
        view,
      };
    }
    await page.goto(${JSON.stringify(server.url('/one'))});
    const first = await observe();
    const second = await heldVisit(${JSON.stringify(server.url('/held2'))});
    const third = await heldVisit(${JSON.stringify(server.url('/held3'))});
    await session.detach();
    return { first, second, third };`);
  assert.equal(r.json.status, 'succeeded', explain(r, home));
  const { first, second, third } = r.json.result as {
    first: string;
    second: { readyState: string; utilityScript: boolean; injectedScript: boolean; view: string };
    third: { readyState: string; utilityScript: boolean; injectedScript: boolean; view: string };
  };
  // The image was held: neither document had had its load event when its world was looked at.
  assert.equal(second.readyState, 'interactive');
  assert.equal(third.readyState, 'interactive');
  // The second document: as stock, nothing asked before its first use.
  assert.deepEqual([second.utilityScript, second.injectedScript], [false, false], 'the second document keeps stock\'s order');
  // The third: both made while it loaded.
  assert.deepEqual([third.utilityScript, third.injectedScript], [true, true], 'the third document\'s utility world was made ready before its load event');
  // And what they made is the document's own: its view, and refs with a new document's prefix.
  assert.match(third.view, /^# Held 3$/m);
  const prefixes = [first, second.view, third.view].map(view => /^((?:f\d+)?)e\d+ button/m.exec(view)?.[1]);
  assert.equal(new Set(prefixes).size, 3, `a new ref prefix for each document: ${prefixes.join(', ')}`);
});
