// A program's page is brought to front before the program (worker/main.ts): a hidden tab renders no
// frames (headless), so every action on it would wait for one. This guards that a program's
// page is visible when the program starts: first, after a link and a popup opened tabs (in this
// Chromium both open windows of their own), in later programs, and for tabs reopened after a
// restart (each in a window of its own, as the router opens task pages) while tasks take turns.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { FixtureServer } from './harness/fixtureServer.js';
import { TabwrightHome, testTimeout } from './harness/tabwrightCli.js';
import { explain } from './harness/testAids.js';

let home: TabwrightHome;
let server: FixtureServer;

before(async () => {
  home = new TabwrightHome({ prefix: 'tw-front-' });
  server = await FixtureServer.start();
  server.page('/a', `<title>A</title><a href="/b" target="_blank">Open B</a><button onclick="window.open('/b')">Pop B</button>`);
  server.page('/b', `<title>B</title><h1>B</h1>`);
});

after(async () => {
  await home?.dispose();
  await server?.close();
});

const visibility = 'return await page.evaluate(() => document.visibilityState);';

test('the page is visible at the start of every program, also after a link and a popup opened tabs', { timeout: testTimeout(7) }, async () => {
  const first = await home.program('front', 'f-1', `await page.goto(${JSON.stringify(server.url('/a'))});\n${visibility}`);
  assert.equal(first.json?.result, 'visible', explain(first, home));
  for (const [id, opener] of [['f-2', 'Open B'], ['f-4', 'Pop B']]) {
    const opened = await home.program('front', id, `
      const [b] = await Promise.all([context.waitForEvent('page'), page.getByText(${JSON.stringify(opener)}).click()]);
      await b.waitForLoadState();
      return [await page.evaluate(() => document.visibilityState), await b.evaluate(() => document.visibilityState)];`);
    assert.equal(opened.code, 0, explain(opened, home));
    assert.equal(opened.json.result[1], 'visible', 'the new tab renders');
    const next = await home.program('front', `${id}-next`, visibility);
    assert.equal(next.json?.result, 'visible', `${opener}: ${explain(next, home)}`);
  }
  const again = await home.program('front', 'f-last', visibility);
  assert.equal(again.json?.result, 'visible', explain(again, home));
  const pages = await home.run(['pages', '--task', 'front']);
  assert.equal(pages.json?.pages?.length, 3, `the task has its page and the two it opened: ${pages.stdout}`);
});

test('tabs reopened after a restart each get a window: tasks taking turns never find their page hidden', { timeout: testTimeout(7) }, async () => {
  for (const task of ['turn-a', 'turn-b']) {
    const opened = await home.program(task, `${task}-1`, `await page.goto(${JSON.stringify(server.url('/a'))});\n${visibility}`);
    assert.equal(opened.json?.result, 'visible', explain(opened, home));
  }
  // A launched browser dies with the runtime: the next one reopens both tasks' tabs at their URLs.
  const stopped = await home.run(['runtime', 'stop']);
  assert.equal(stopped.code, 0, stopped.stdout);
  for (const [n, task] of ['turn-a', 'turn-b', 'turn-a', 'turn-b'].entries()) {
    const r = await home.program(task, `${task}-again-${n}`, `return [page.url(), await page.evaluate(() => document.visibilityState)];`);
    assert.deepEqual(r.json?.result, [server.url('/a'), 'visible'], `${task}, program ${n} after the restart: ${explain(r, home)}`);
  }
});
