// A task's Playwright injects its script into each new document with a text that does not
// change from one document to the next (runtime/worker/playwrightInternals/coreBundleText/stableInjectedScript.ts),
// so the renderer's V8 compiles it once, and after the second, a document's utility world has it
// from its creation (no 330 KB over CDP); the options still arrive (the frame's ref prefix, the
// world). Checked on Chrome's own word: Debugger.scriptParsed names each script's hash.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { TabwrightHome, hasBrowser, testTimeout } from './harness/tabwrightCli.js';
import { FixtureServer } from './harness/fixtureServer.js';
import { explain } from './harness/testAids.js';

const skip = hasBrowser() ? false : 'no browser on this machine';
let home: TabwrightHome;
let server: FixtureServer;

before(async () => {
  home = new TabwrightHome({ prefix: 'tw-injected-' });
  server = await FixtureServer.start();
  server.page('/one', '<title>One</title><h1>One</h1><button>Save</button><ul><li>a</li><li>b</li></ul>');
  server.page('/two', '<title>Two</title><h1>Two</h1><button>Send</button><ul><li>c</li></ul>');
});

after(async () => {
  await home?.dispose();
  await server?.close();
});

test('each new document gets the injected script as the same text, in the utility and the main world, with its own options', { skip, timeout: testTimeout(3) }, async () => {
  const r = await home.program('inject', 'inject-1', `
    const session = await context.newCDPSession(page);
    const scripts = [];
    // Playwright's injected script is the only script of this size the pages run.
    let doc = 0;
    session.on('Debugger.scriptParsed', event => { if (event.length > 100000) scripts.push({ doc, hash: event.hash, world: event.executionContextAuxData?.type }); });
    await session.send('Debugger.enable');
    const seen = [];
    for (const url of ${JSON.stringify(['/one', '/two', '/one'].map(path => server.url(path)))}) {
      doc++;
      await page.goto(url);
      const view = await observe();
      // evaluateAll runs in the page's main world: Playwright injects its script there too.
      const items = await page.locator('li').evaluateAll(items => items.map(item => item.textContent));
      const ref = /^((?:f\\d+)?e\\d+) button/m.exec(view)[1];
      await page.getByRef(ref).click();
      seen.push({ view, items, ref });
    }
    await session.send('Debugger.disable');
    await session.detach();
    return { scripts, seen };`);
  assert.equal(r.json.status, 'succeeded', explain(r, home));
  const { scripts, seen } = r.json.result as { scripts: { doc: number; hash: string; world: string }[]; seen: { view: string; items: string[]; ref: string }[] };
  // Two worlds per document, three documents.
  assert.equal(scripts.length, 6, JSON.stringify(scripts));
  const isolated = scripts.filter(s => s.world === 'isolated');
  const main = scripts.filter(s => s.world === 'default');
  assert.deepEqual(isolated.map(s => s.doc), [1, 2, 3], JSON.stringify(scripts));
  assert.deepEqual(main.map(s => s.doc), [1, 2, 3], JSON.stringify(scripts));
  assert.equal(new Set(main.map(s => s.hash)).size, 1, 'the same text in the main world of each document');
  // The utility world: the function text sent to the first two documents (the same text); after
  // that it is registered, and the third document runs the one script that defines it as the
  // document is made: nothing of that size is sent to it.
  assert.equal(isolated[1].hash, isolated[0].hash, 'the same text in the utility world of each document');
  assert.notEqual(isolated[2].hash, isolated[0].hash, 'the third document has it from its creation');
  // The options still reach each document's script: the frame's ref prefix grows with each new document.
  assert.deepEqual(seen.map(s => s.items), [['a', 'b'], ['c'], ['a', 'b']]);
  assert.match(seen[1].view, /^# Two$/m);
  const prefixes = seen.map(s => /^(f\d+)?e/.exec(s.ref)![1] ?? '');
  assert.equal(new Set(prefixes).size, 3, `a new prefix for each document: ${prefixes.join(', ')}`);
  assert.ok(prefixes.slice(1).every(p => /^f\d+$/.test(p)), prefixes.join(', '));
});
