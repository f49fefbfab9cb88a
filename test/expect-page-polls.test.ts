// An expect's fast polls wait in the page (runtime/worker/playwrightInternals/coreBundleText/playwrightTiming.ts):
// the wait for a DOM change, the change count and the check are one evaluate in Playwright's
// utility world, so a check runs as the task right after the change that ended its wait, with
// no round trip between them, and never in the middle of the page's task. End to end through the CLI, the runtime and Chromium: what the check sees,
// strict mode, and the polls that keep the old way (a child frame, the main world).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { TabwrightHome, hasBrowser, testTimeout } from './harness/tabwrightCli.js';
import { FixtureServer } from './harness/fixtureServer.js';
import { explain } from './harness/testAids.js';

const skip = hasBrowser() ? false : 'no browser on this machine';
let home: TabwrightHome;
let server: FixtureServer;

const PAGE = `<title>Polls</title><h1>Polls</h1>
<p id="note"></p>
<div id="items"></div>
<iframe srcdoc="<p id=inner>Empty</p>"></iframe>
<script>
// 'Saved' again and again, each time taken away in a microtask of the task that showed it: no
// check, from the worker or in the page, may see it (a page's state between two of its tasks is
// what a check sees, never one from the middle of a task).
window.blink = () => {
  const note = document.getElementById('note');
  const later = (ticks, then) => (ticks ? Promise.resolve().then(() => later(ticks - 1, then)) : then());
  setInterval(() => {
    note.textContent = 'Saved';
    later(10, () => { note.textContent = ''; });
  }, 25);
};
// 'Saved' again and again, each time from one task to the next one the page posts (a message
// posted after Playwright's poll has posted its check): a check made as a task of its own right
// after the change sees it, one sent by the worker usually comes after the page took it away.
window.flash = () => {
  const note = document.getElementById('note');
  const later = (ticks, then) => (ticks ? Promise.resolve().then(() => later(ticks - 1, then)) : then());
  setInterval(() => {
    note.textContent = 'Saved';
    later(10, () => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => { note.textContent = ''; };
      channel.port2.postMessage(0);
    });
  }, 25);
};
window.later = () => setTimeout(() => {
  frames[0].document.getElementById('inner').textContent = 'Inside';
  document.getElementById('note').answer = 42;
  document.getElementById('note').textContent = 'Answered';
}, 150);
window.twoItems = () => setTimeout(() => {
  document.getElementById('items').innerHTML = '<span class="item">One</span><span class="item">Two</span>';
}, 150);
</script>`;

before(async () => {
  home = new TabwrightHome({ prefix: 'tw-polls-' });
  server = await FixtureServer.start();
  server.page('/polls', PAGE);
});

after(async () => {
  await home?.dispose();
  await server?.close();
});

test('an expect sees a text the page shows from one of its tasks to the next: its check in the page is the task right after the change', { skip, timeout: testTimeout(2) }, async () => {
  const r = await home.program('polls', 'polls-flash', `
    await page.goto(${JSON.stringify(server.url('/polls'))});
    await page.evaluate(() => window.flash());
    try {
      await expect(page.getByText('Saved')).toBeVisible({ timeout: 5000 });
      return 'seen';
    } catch (e) {
      return e.message;
    }`);
  assert.equal(r.json.status, 'succeeded', explain(r, home));
  assert.equal(r.json.result, 'seen');
});

test('an expect never sees a text the page takes away in the microtasks of the task that showed it', { skip, timeout: testTimeout(2) }, async () => {
  const r = await home.program('polls', 'polls-blink', `
    await page.goto(${JSON.stringify(server.url('/polls'))});
    await page.evaluate(() => window.blink());
    try {
      await expect(page.getByText('Saved')).toBeVisible({ timeout: 1500 });
      return 'seen';
    } catch (e) {
      return e.message.split('\\n')[0];
    }`);
  assert.equal(r.json.status, 'succeeded', explain(r, home));
  assert.match(String(r.json.result), /toBeVisible\(\) failed/);
});

test('a locator that comes to match two elements fails the expect polling it with strict mode\'s error', { skip, timeout: testTimeout(2) }, async () => {
  const r = await home.program('polls', 'polls-strict', `
    await page.goto(${JSON.stringify(server.url('/polls'))});
    await page.evaluate(() => window.twoItems());
    try {
      await expect(page.locator('.item')).toBeVisible({ timeout: 5000 });
      return 'passed';
    } catch (e) {
      return e.message;
    }`);
  assert.equal(r.json.status, 'succeeded', explain(r, home));
  assert.match(String(r.json.result), /strict mode violation: locator\('\.item'\) resolved to 2 elements/);
});

test('expects in a child frame and on a JavaScript property (the main world) still wait for their change', { skip, timeout: testTimeout(2) }, async () => {
  const r = await home.program('polls', 'polls-elsewhere', `
    await page.goto(${JSON.stringify(server.url('/polls'))});
    await page.evaluate(() => window.later());
    await expect(page.frameLocator('iframe').locator('#inner')).toHaveText('Inside', { timeout: 5000 });
    await expect(page.locator('#note')).toHaveJSProperty('answer', 42, { timeout: 5000 });
    await expect(page.locator('#note')).toHaveText('Answered');
    try {
      await expect(page.locator('#note')).toHaveText('Never', { timeout: 300 });
      return 'passed';
    } catch (e) {
      return e.message.split('\\n')[0];
    }`);
  assert.equal(r.json.status, 'succeeded', explain(r, home));
  assert.match(String(r.json.result), /toHaveText.* failed|Timed out/);
});
