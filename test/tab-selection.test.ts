// The receipt's `page` (the task's selected page) and where the next program starts: the tab the
// program selected, unless it closed by the time the program ended; then, and when the task had
// no tab to start on, its first tab. The worker reports what the program selected; the runtime
// decides from Chrome's word and the closes the program saw (programs/runDescription.ts).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { FixtureServer } from './harness/fixtureServer.js';
import { TabwrightHome, testTimeout } from './harness/tabwrightCli.js';
import { explain } from './harness/testAids.js';

let home: TabwrightHome;
let server: FixtureServer;

before(async () => {
  home = new TabwrightHome({ prefix: 'tw-select-' });
  server = await FixtureServer.start();
  server.page('/a', '<title>A</title><h1>A</h1>');
  server.page('/b', '<title>B</title><h1>B</h1>');
});

after(async () => {
  await home?.dispose();
  await server?.close();
});

test('a selected tab is the receipt\'s page and the next program\'s; a selected tab closed falls back to the first', { timeout: testTimeout(6) }, async () => {
  const first = await home.program('sel', 's-1', `await page.goto(${JSON.stringify(server.url('/a'))}); return 1;`);
  assert.equal(first.code, 0, explain(first, home));
  const a = first.json.page as number;
  assert.deepEqual(first.json.pages.map((p: { id: number }) => p.id), [a]);

  const opened = await home.program('sel', 's-2', `
    const b = await tabs.new(${JSON.stringify(server.url('/b'))});
    const listed = await tabs.list();
    const id = listed.find(t => t.url.endsWith('/b')).id;
    await tabs.select(id);
    return id;`);
  assert.equal(opened.code, 0, explain(opened, home));
  const b = opened.json.result as number;
  assert.notEqual(b, a);
  assert.equal(opened.json.page, b, `the receipt names the selected tab: ${opened.stdout}`);

  const next = await home.program('sel', 's-3', 'return page.url();');
  assert.equal(next.json.result, server.url('/b'), 'the next program starts on the selected tab');
  assert.equal(next.json.page, b);

  // Selected, then closed: the task's first tab is selected instead, in the receipt and for the next program.
  const closed = await home.program('sel', 's-4', `await page.close(); return tabs.list().then(l => l.map(t => t.id));`);
  assert.equal(closed.code, 0, explain(closed, home));
  assert.equal(closed.json.page, a, `the closed selection falls back to the first tab: ${closed.stdout}`);
  assert.deepEqual(closed.json.pages.map((p: { id: number }) => p.id), [a]);
  const after = await home.program('sel', 's-5', 'return page.url();');
  assert.equal(after.json.result, server.url('/a'));
  assert.equal(after.json.page, a);
});

test('a task with no tab: the tab its first program starts on is the receipt\'s page', { timeout: testTimeout(4) }, async () => {
  // Isolated: a context of its own, so no spare window is handed to it; the worker opens its tab.
  const r = await home.program('sel-new', 'n-1', `await page.goto(${JSON.stringify(server.url('/a'))}); return 1;`, ['--isolated']);
  assert.equal(r.code, 0, explain(r, home));
  assert.equal(typeof r.json.page, 'number', `the receipt names the tab: ${r.stdout}`);
  assert.deepEqual(r.json.pages.map((p: { id: number }) => p.id), [r.json.page]);
  const again = await home.program('sel-new', 'n-2', 'return page.url();');
  assert.equal(again.json.result, server.url('/a'));
  assert.equal(again.json.page, r.json.page);
});
