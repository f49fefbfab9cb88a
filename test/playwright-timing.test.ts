// A task's Playwright waits less than stock (runtime/worker/playwrightInternals/coreBundleText/playwrightTiming.ts)
// and checks the same things. End to end through the CLI, the runtime and Chromium: the DOM
// change counter its polls wake on, a failed expect's page snapshot, pointer actions whose
// scroll, point and hit target check are made while the stable check waits for its frame, and
// fills, selects and checks whose first attempt is made in their lookup (actionLookup.ts).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { TabwrightHome, hasBrowser, testTimeout } from './harness/tabwrightCli.js';
import { FixtureServer } from './harness/fixtureServer.js';
import { explain } from './harness/testAids.js';
import { domChanges, retimedPlaywright } from '../runtime/worker/playwrightInternals/coreBundleText/playwrightTiming.js';
import { createRequire } from 'node:module';

const skip = hasBrowser() ? false : 'no browser on this machine';
const require = createRequire(import.meta.url);

/** The injected script's stable check as a method's source, from a text of Playwright's bundle (where it is inside a string literal). */
function stableCheckMethod(bundle: string): string {
  const at = bundle.indexOf('async _checkElementIsStable(node) {');
  const end = bundle.indexOf('\\n  _createAriaRefEngine', at);
  assert.ok(at > 0 && end > at, 'the stable check is in the bundle');
  return bundle.slice(at, end).replace(/\\(.)/g, (_, c: string) => c === 'n' ? '\n' : c);
}
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

// Fields enabled by a timer, a checked box, a box whose click is cancelled, a field that is not
// one, a read-only one and two of one name; the page counts the input, change and click events
// each element gets.
const FORM = `<title>Form</title>
<label for="name">Name</label><input id="name" disabled>
<label for="birth">Birth</label><input id="birth" type="date">
<label for="country">Country</label><select id="country" disabled><option value="">-</option><option value="GB">United Kingdom</option></select>
<input id="agree" type="checkbox" disabled><label for="agree">I agree</label>
<input id="news" type="checkbox" checked><label for="news">News</label>
<input id="stuck" type="checkbox" onclick="event.preventDefault()"><label for="stuck">Stuck</label>
<div id="plain" aria-label="Plain">plain</div>
<input id="ro" aria-label="Read only" readonly>
<input aria-label="Twin"><input aria-label="Twin">
<script>
const seen = window.seen = {};
for (const type of ['input', 'change', 'click']) document.addEventListener(type, e => { const k = e.target.id + ' ' + type; seen[k] = (seen[k] || 0) + 1; }, true);
window.arm = () => setTimeout(() => { for (const id of ['name', 'country', 'agree']) document.getElementById(id).disabled = false; }, 150);
</script>`;

// A button that slides in a CSS transition each time the program starts one; its clicks note where it was.
// A second one slides by a transform: Chromium runs that transition in its compositor, and holds it at its start (pending)
// for a frame or two until the compositor has started it.
const SLIDE = `<title>Slide</title><button id="b" onclick="window.at.push(getComputedStyle(this).marginLeft)">Slide</button>
<div><button id="t" onclick="window.at.push(getComputedStyle(this).transform)">Turn</button></div>
<script>window.at = []; window.slide = (ms = 300) => { const b = document.getElementById('b'); b.style.transition = 'none'; b.style.marginLeft = '0px';
  b.getBoundingClientRect(); b.style.transition = \`margin-left \${ms}ms linear\`; b.style.marginLeft = '200px'; };
window.turn = () => { const t = document.getElementById('t'); t.style.transition = 'none'; t.style.transform = 'translateX(0px)';
  t.getBoundingClientRect(); t.style.transition = 'transform 300ms linear'; t.style.transform = 'translateX(200px)'; };</script>`;

before(async () => {
  home = new TabwrightHome({ prefix: 'tw-timing-' });
  server = await FixtureServer.start();
  server.page('/buttons', BUTTONS);
  server.page('/form', FORM);
  server.page('/slide', SLIDE);
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

test('a fill, a select and a check whose element is enabled later wait for it and act once, with the events stock sends; a checked box is not clicked', { skip, timeout: testTimeout(2) }, async () => {
  const r = await home.program('timing', 'timing-form', `
    await page.goto(${JSON.stringify(server.url('/form'))});
    await page.evaluate(() => window.arm());
    await page.getByLabel('Name').fill('Ada');
    await page.getByLabel('Birth').fill('1815-12-10');
    await page.getByLabel('Country').selectOption({ label: 'United Kingdom' });
    await page.getByLabel('I agree').check();
    await page.getByLabel('News').check();
    await page.getByLabel('I agree').uncheck();
    return await page.evaluate(() => ({ values: ['name', 'birth', 'country'].map(id => document.getElementById(id).value), agree: agree.checked, news: news.checked, seen: window.seen }));`);
  assert.equal(r.json.status, 'succeeded', explain(r, home));
  assert.deepEqual(r.json.result, {
    values: ['Ada', '1815-12-10', 'GB'], agree: false, news: true,
    // A fill types its text once (one input event; a date is set: input and change), a select picks once, each check clicks once.
    seen: { 'name input': 1, 'birth input': 1, 'birth change': 1, 'name change': 1, 'country input': 1, 'country change': 1, 'agree click': 2, 'agree input': 2, 'agree change': 2 },
  });
});

test('a fill and a select that their lookup finishes take no handle to their element (no preview, no release), with the events stock sends', { skip, timeout: testTimeout(2) }, async () => {
  // Chrome's protocol as the worker's Playwright logs it (DEBUG=pw:protocol into runtime.log): a
  // handle would be previewed ("JSHandle@" + previewNode) and released after its action.
  const traced = new TabwrightHome({ prefix: 'tw-timing-trace-', env: { DEBUG: 'pw:protocol', DEBUG_COLORS: '0' } });
  try {
    const r = await traced.program('trace', 'trace-form', `
      await page.goto(${JSON.stringify(server.url('/form'))});
      await page.evaluate(() => { for (const id of ['name', 'country']) document.getElementById(id).disabled = false; });
      await page.getByLabel('Name').fill('Ada');
      await page.getByLabel('Birth').fill('1815-12-10');
      await page.getByLabel('Country').selectOption({ label: 'United Kingdom' });
      await page.getByLabel('Name').fill('');
      return await page.evaluate(() => ({ values: ['name', 'birth', 'country'].map(id => document.getElementById(id).value), seen: window.seen }));`);
    assert.equal(r.json.status, 'succeeded', explain(r, traced));
    assert.deepEqual(r.json.result, {
      values: ['', '1815-12-10', 'GB'],
      // Typed once, set once, picked once, emptied by one Delete.
      seen: { 'name input': 2, 'name change': 1, 'birth input': 1, 'birth change': 1, 'country input': 1, 'country change': 1 },
    });
    const sent = fs.readFileSync(path.join(traced.home, 'runtime.log'), 'utf8').split('\n').filter(line => line.includes('pw:protocol SEND'));
    assert.ok(sent.some(line => line.includes('"method":"Input.insertText"')), 'the protocol was logged');
    assert.deepEqual(sent.filter(line => line.includes('JSHandle@') || line.includes('"method":"Runtime.releaseObject"')), []);
  } finally {
    await traced.dispose();
  }
});

test('a fill, a select and a check refused for what their element is fail with stock\'s error and call log', { skip, timeout: testTimeout(2) }, async () => {
  const r = await home.program('timing', 'timing-form-errors', `
    await page.goto(${JSON.stringify(server.url('/form'))});
    const errors = {};
    const attempt = async (name, action) => { try { await action(); errors[name] = 'passed'; } catch (e) { errors[name] = e.message; } };
    await attempt('fillDiv', () => page.getByLabel('Plain').fill('x', { timeout: 1000 }));
    await attempt('checkDiv', () => page.getByLabel('Plain').check({ timeout: 1000 }));
    await attempt('stuck', () => page.getByLabel('Stuck').check({ timeout: 1000 }));
    await attempt('twin', () => page.getByLabel('Twin').fill('x', { timeout: 1000 }));
    await attempt('readonly', () => page.getByLabel('Read only').fill('x', { timeout: 300 }));
    await attempt('selectMissing', () => page.getByLabel('Birth').selectOption('x', { timeout: 1000 }));
    return { errors, stuck: await page.evaluate(() => stuck.checked), plain: await page.evaluate(() => plain.textContent) };`);
  assert.equal(r.json.status, 'succeeded', explain(r, home));
  const { errors, stuck, plain } = r.json.result as { errors: Record<string, string>; stuck: boolean; plain: string };
  assert.match(errors.fillDiv!, /Element is not an <input>, <textarea>, <select> or \[contenteditable\][^]*locator resolved to <div id="plain"[^]*attempting fill action/);
  assert.match(errors.checkDiv!, /Not a checkbox or radio button[^]*locator resolved to <div id="plain"/);
  assert.match(errors.stuck!, /Clicking the checkbox did not change its state[^]*performing click action/);
  assert.match(errors.twin!, /strict mode violation: getByLabel\('Twin'\) resolved to 2 elements/);
  assert.match(errors.readonly!, /Timeout 300ms exceeded[^]*element is not editable[^]*retrying fill action/);
  assert.match(errors.selectMissing!, /Element is not a <select> element/);
  assert.equal(stuck, false);
  assert.equal(plain, 'plain', 'a refused fill changes nothing');
});

test('a stable check does not pair two samples of one animation time: a sliding button Chromium shows twice at one time is not stable', { skip, timeout: testTimeout(2) }, async () => {
  // Under load Chromium ran two animation frame callbacks of one animation time (a probe in the page saw it each time
  // a transition was clicked mid-slide): the same box twice while it moves. Here the stable check runs in the page with
  // an animation frame source that answers its second request at once, in the same task, as Chromium did.
  const bundle = fs.readFileSync(require.resolve('playwright-core/lib/coreBundle'), 'utf8');
  const methods = { stock: stableCheckMethod(bundle), task: stableCheckMethod(retimedPlaywright(bundle).text) };
  const r = await home.program('timing', 'timing-one-time-twice', `
    await page.goto(${JSON.stringify(server.url('/slide'))});
    return await page.evaluate(async (methods) => {
      const b = document.getElementById('b');
      const stable = async (method, moving) => {
        const { _checkElementIsStable } = (0, eval)('({' + method + '})');
        let requests = 0;
        let frameTime;
        const requestAnimationFrame = (callback) => ++requests === 2
          ? queueMicrotask(() => callback(frameTime))
          : window.requestAnimationFrame((time) => { frameTime = time; callback(time); });
        // A slide of 20 s (a fraction of a pixel a frame): still sliding however slow the frames come.
        if (moving) window.slide(20000);
        const checker = { retarget: (node) => node, _stableRafCount: 1, utils: { builtins: { performance, requestAnimationFrame } } };
        const result = await _checkElementIsStable.call(checker, b);
        b.style.transition = 'none';
        b.style.marginLeft = '0px';
        return { result, requests };
      };
      const runs = { stock: [], task: [], taskStill: [] };
      for (let i = 0; i < 5; i++) {
        runs.stock.push(await stable(methods.stock, true));
        runs.task.push(await stable(methods.task, true));
        runs.taskStill.push(await stable(methods.task, false));
      }
      return runs;
    }, ${JSON.stringify(methods)});`);
  assert.equal(r.json.status, 'succeeded', explain(r, home));
  const { stock, task, taskStill } = r.json.result as Record<'stock' | 'task' | 'taskStill', { result: boolean; requests: number }[]>;
  // The fake reproduces the fault: stock's check pairs the two samples of one time and calls the sliding button stable.
  assert.deepEqual(stock.map(run => run.result), Array(5).fill(true));
  // A task's check compares the later of them with the next frame's, where the button has moved.
  assert.deepEqual(task.map(run => run.result), Array(5).fill(false));
  assert.ok(task.every(run => run.requests >= 3), JSON.stringify(task));
  // A button that stands still is still stable, the repeated time notwithstanding.
  assert.deepEqual(taskStill.map(run => run.result), Array(5).fill(true));
});

test('a click on a button whose CSS transition has just begun waits until it stops, every time', { skip, timeout: testTimeout(2) }, async () => {
  // Blink moves the animation clock to its next frame for a script between frames: a first sample taken then and the
  // next frame's can be of one moment, so a stable check that took its first sample at once passed a sliding button.
  const r = await home.program('timing', 'timing-transition', `
    await page.goto(${JSON.stringify(server.url('/slide'))});
    for (let i = 0; i < 8; i++) {
      await page.evaluate(() => window.slide());
      await page.getByRole('button', { name: 'Slide' }).click();
    }
    for (let i = 0; i < 8; i++) {
      await page.evaluate(() => window.turn());
      await page.getByRole('button', { name: 'Turn' }).click();
    }
    return await page.evaluate(() => window.at);`);
  assert.equal(r.json.status, 'succeeded', explain(r, home));
  assert.deepEqual(r.json.result, [...Array(8).fill('200px'), ...Array(8).fill('matrix(1, 0, 0, 1, 200, 0)')]);
});
