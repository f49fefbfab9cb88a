// A task's Playwright waits less than stock (runtime/worker/playwrightInternals/playwrightTiming.ts)
// and checks the same things. End to end through the CLI, the runtime and Chromium: the DOM
// change counter its polls wake on, a failed expect's page snapshot, and pointer actions whose
// scroll, point and hit target check are made while the stable check waits for its frame.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { TabwrightHome, hasBrowser, testTimeout } from './harness/tabwrightCli.js';
import { FixtureServer } from './harness/fixtureServer.js';
import { explain } from './harness/testAids.js';
import { domChanges } from '../runtime/worker/playwrightInternals/playwrightTiming.js';

const skip = hasBrowser() ? false : 'no browser on this machine';
let home: TabwrightHome;
let server: FixtureServer;

// Three buttons the page counts clicks on: one below the fold, one enabled by a timer, one under
// an overlay a timer removes (the overlay counts the clicks that reach it).
const BUTTONS = `<title>Buttons</title><h1>Buttons</h1>
<p id="log"></p>
<button id="later" disabled>Later</button>
<div id="cover" style="position:relative"><button id="covered">Covered</button>
  <div id="overlay" style="position:absolute;inset:-10px;background:#fff8"></div></div>
<div style="position:relative;height:60px"><button id="decoy" style="position:absolute;left:0;top:30px">Decoy</button>
  <button id="mover" style="position:absolute;left:0;top:30px;z-index:1">Mover</button></div>
<div style="height:3000px"></div>
<button id="below">Below</button>
<script>
const clicks = window.clicks = { later: 0, covered: 0, below: 0, overlay: 0, mover: 0, decoy: 0 };
for (const id of ['later', 'covered', 'below', 'mover', 'decoy']) document.getElementById(id).addEventListener('click', () => clicks[id]++);
document.getElementById('overlay').addEventListener('click', () => clicks.overlay++);
window.arm = () => {
  setTimeout(() => { document.getElementById('later').disabled = false; }, 150);
  setTimeout(() => { document.getElementById('overlay').remove(); }, 150);
};
// The mover starts over the decoy and slides off it, a little every frame for a while.
window.slide = () => {
  const mover = document.getElementById('mover');
  const start = performance.now();
  const step = (now) => {
    const t = Math.min(1, (now - start) / 300);
    mover.style.left = (200 * t) + 'px';
    mover.style.top = (30 - 30 * t) + 'px';
    if (t < 1) requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
};
</script>`;

before(async () => {
  home = new TabwrightHome({ prefix: 'tw-timing-' });
  server = await FixtureServer.start();
  server.page('/buttons', BUTTONS);
});

after(async () => {
  await home?.dispose();
  await server?.close();
});

test('the DOM change count a poll reads before its check ends the wait after it at once if the page changed between them, and a wait at the next change', { skip, timeout: testTimeout(2) }, async () => {
  // An hour-long wait that does not end at a change would time the test out.
  const r = await home.program('timing', 'timing-count', `
    await page.goto(${JSON.stringify(server.url('/buttons'))});
    const domChanges = ${String(domChanges)};
    const first = await page.evaluate(domChanges);
    const unchanged = await page.evaluate(domChanges);
    await page.evaluate(() => { document.getElementById('log').textContent = 'one'; });
    const afterOne = await page.evaluate(domChanges);
    await page.evaluate(domChanges, { since: first, ms: 3600000 });
    const waiting = page.evaluate(domChanges, { since: afterOne, ms: 3600000 });
    await page.evaluate(() => setTimeout(() => document.getElementById('log').setAttribute('data-two', ''), 50));
    await waiting;
    const unknown = page.evaluate(domChanges, { since: undefined, ms: 3600000 });
    await page.evaluate(() => setTimeout(() => document.getElementById('log').append('three'), 50));
    await unknown;
    return { first, unchanged, afterOne, last: await page.evaluate(domChanges) };`);
  assert.equal(r.json.status, 'succeeded', explain(r, home));
  const { first, unchanged, afterOne, last } = r.json.result as Record<string, number>;
  assert.equal(first, 0);
  assert.equal(unchanged, 0, 'reading the count changes nothing');
  assert.ok(afterOne > 0, `a text change is counted (${afterOne})`);
  assert.ok(last > afterOne, 'an attribute and a child are counted');
});

test('a failed expect on a missing element still carries the page snapshot, taken once when it fails', { skip, timeout: testTimeout(2) }, async () => {
  const r = await home.program('timing', 'timing-snapshot', `
    await page.goto(${JSON.stringify(server.url('/buttons'))});
    try {
      await expect(page.getByRole('button', { name: 'Missing' })).toBeVisible({ timeout: 300 });
      return 'passed';
    } catch (e) {
      return { message: e.message, snapshot: e.matcherResult?.ariaSnapshot };
    }`);
  assert.equal(r.json.status, 'succeeded', explain(r, home));
  const { message, snapshot } = r.json.result as { message: string; snapshot?: string };
  assert.match(message, /element\(s\) not found/);
  assert.match(snapshot ?? '', /heading "Buttons"/);
  assert.match(snapshot ?? '', /button "Below"/);
});

test('clicks whose element is below the fold, enabled later or covered for a while land on it once, never through the cover', { skip, timeout: testTimeout(2) }, async () => {
  const r = await home.program('timing', 'timing-clicks', `
    await page.goto(${JSON.stringify(server.url('/buttons'))});
    await page.evaluate(() => window.arm());
    await page.getByRole('button', { name: 'Later' }).click();
    await page.getByRole('button', { name: 'Covered' }).click();
    await page.getByRole('button', { name: 'Below' }).click();
    const scrolled = await page.evaluate(() => scrollY > 0);
    await page.getByRole('heading', { name: 'Buttons' }).hover();
    return { clicks: await page.evaluate(() => window.clicks), scrolled, back: await page.evaluate(() => scrollY === 0) };`);
  assert.equal(r.json.status, 'succeeded', explain(r, home));
  assert.deepEqual(r.json.result, { clicks: { later: 1, covered: 1, below: 1, overlay: 0, mover: 0, decoy: 0 }, scrolled: true, back: true });
});

test('a click on an element that stays covered fails naming what covers it, and reaches neither', { skip, timeout: testTimeout(2) }, async () => {
  const r = await home.program('timing', 'timing-covered', `
    await page.goto(${JSON.stringify(server.url('/buttons'))});
    try {
      await page.getByRole('button', { name: 'Covered' }).click({ timeout: 500 });
      return 'clicked';
    } catch (e) {
      return { message: e.message, clicks: await page.evaluate(() => window.clicks) };
    }`);
  assert.equal(r.json.status, 'succeeded', explain(r, home));
  const { message, clicks } = r.json.result as { message: string; clicks: Record<string, number> };
  assert.match(message, /id="overlay".*intercepts pointer events/);
  assert.deepEqual(clicks, { later: 0, covered: 0, below: 0, overlay: 0, mover: 0, decoy: 0 });
});

test('a click on an element in view that slides for a while waits until it stops and lands on it, never on what is under its first place', { skip, timeout: testTimeout(2) }, async () => {
  const r = await home.program('timing', 'timing-slide', `
    await page.goto(${JSON.stringify(server.url('/buttons'))});
    await page.evaluate(() => window.slide());
    await page.getByRole('button', { name: 'Mover' }).click();
    return { clicks: await page.evaluate(() => window.clicks), left: await page.evaluate(() => document.getElementById('mover').style.left) };`);
  assert.equal(r.json.status, 'succeeded', explain(r, home));
  assert.deepEqual(r.json.result, { clicks: { later: 0, covered: 0, below: 0, overlay: 0, mover: 1, decoy: 0 }, left: '200px' });
});
