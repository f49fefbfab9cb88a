// Issue 4, errors an agent can act on: the failing call, the element that intercepts the
// click, every match of an ambiguous locator with a locator that picks it, what a timeout
// waited for, and messages cut keeping both ends. Real CLI, runtime and Chromium.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { TabwrightHome, hasBrowser, testTimeout } from './harness/tabwrightCli.js';
import { FixtureServer } from './harness/fixtureServer.js';
import { strictMatches } from '../runtime/worker/diagnosis/errorReport.js';
import { explain } from './harness/testAids.js';

const skip = hasBrowser() ? false : 'no browser on this machine';
let home: TabwrightHome;
let server: FixtureServer;

before(async () => {
  home = new TabwrightHome({ prefix: 'tw-receipt-errors-' });
  server = await FixtureServer.start();
  // Three "Save" buttons: one in a named toolbar, two identical ones in the same form.
  // A styled select whose options stay in the page while its list is closed (Slim Select, Choices).
  server.page('/sites', `<title>Sites</title><style>#list.closed { transform: scaleY(0) }</style><button id="t" onclick="list.classList.toggle('closed')">Sites</button>
<div id="list" role="listbox" class="closed"><div role="option" onclick="this.ariaSelected = true">Thurrock</div><div role="option">Daventry</div></div>`);
  // A hidden copy of a list before the shown one (a template, a closed mobile menu): .first() takes the hidden copy.
  server.page('/copies', `<title>Copies</title><ul hidden><li>Harbour Tap</li><li>Harbour Tap Annex</li></ul><ul><li onclick="this.textContent += ' (picked)'">Harbour Tap</li><li>Harbour Tap Annex</li></ul>`);
  // A styled select's list as rc-select (Ant Design's) draws it: the options with a role are a
  // screen reader's copy in a box of no size; what a person clicks is the same text with no role.
  server.page('/a11y-copy', `<title>Practice</title><input role="combobox" aria-label="Practice" aria-expanded="true" aria-controls="l">
<div role="listbox" id="l" style="width: 0; height: 0; overflow: hidden"><div role="option" aria-label="Riverside Dental Centre">Riverside Dental Centre</div><div role="option" aria-label="Riverside Dental Care">Riverside Dental Care</div></div>
<div class="dropdown"><div class="item" onclick="document.title = 'picked ' + this.textContent"><div>Riverside Dental Centre</div></div><div class="item"><div>Riverside Dental Care</div></div></div>`);
  // A chart legend's checkbox as Carbon Charts draws it: a click toggles the series, aria-checked stays.
  // Site 33's deck plan: an empty lane is a labelled slot whose only text is CSS generated content.
  server.page('/lanes', `<title>Lanes</title><style>.slot:empty::before { content: 'Empty lane' }</style>
    <p>Drag a vehicle into an empty lane.</p>
    ${['11:40', '15:05'].map(t => `<section aria-label="${t} sailing"><div class="lanes">
      <span>L1</span><div class="slot" aria-label="${t} lane L1"><strong>Car</strong><span>D. Grant</span><span>SN17 DGR</span></div>
      <span>L2</span><div class="slot" aria-label="${t} lane L2"></div>
      <span>L3</span><div class="slot" aria-label="${t} lane L3"><strong>Van</strong><span>Kestrel Stores</span></div></div></section>`).join('')}`);
  server.page('/legend', `<title>Legend</title><div role="checkbox" aria-checked="true" tabindex="0" aria-label="KS2" onclick="window.toggled = (window.toggled ?? 0) + 1">KS2</div>`);
  // A select a library draws: a combobox that opens a list of options on a click (Fluent UI's, Shoelace's).
  server.page('/drawn-select', `<title>Drawn select</title><div role="combobox" tabindex="0" aria-label="Time" aria-expanded="false" onclick="l.hidden = false">09:00</div>
<div role="listbox" id="l" hidden><div role="option" onclick="this.parentNode.previousElementSibling.textContent = this.textContent">10:00</div></div>`);
  // A confirm box a web component draws (Material Web's md-dialog): its button in the shadow root, the name it confirms slotted in.
  server.page('/shadow-confirm', `<title>Crew</title><shadow-confirm><span slot="who">Tomasz Brennan</span></shadow-confirm>
<script>customElements.define('shadow-confirm', class extends HTMLElement { connectedCallback() { this.attachShadow({ mode: 'open' }).innerHTML = '<div class="box"><p>Remove <slot name="who"></slot>?</p><button>Remove</button></div>'; } });</script>`);
  // A load board: the card the program expects on Truck 2 is on Truck 1 (a drag that landed in the list it crossed).
  server.page('/board-lists', `<title>Board</title><section aria-labelledby="t1"><h2 id="t1">Truck 1 (NX24 KLT)</h2><ul><li>Timpani set, crate P2</li></ul></section>
<section aria-labelledby="t2"><h2 id="t2">Truck 2 (NX71 RBD)</h2><ul><li>Harp</li></ul></section>`);
  // A grid row whose cells a person reads apart; textContent runs them together.
  server.page('/moves', `<title>Moves</title><table><tr><td>Chidi</td><td>Brackenford</td><td>Dunmere</td><td>2026-05-14</td><td>Osprey</td></tr></table>`);
  // A page whose document comes at once and whose image never does: its load event waits for it.
  server.page('/heavy', `<title>Heavy</title><h1>Letters</h1><img src="/never.png">`);
  server.route('/never.png', () => { /* never answered: the server closes the connection at the end */ });
  // A search box that takes input only once its toggle opens it (MUI's grid toolbar), and a read-only date field.
  server.page('/toolbar', `<title>Toolbar</title><button onclick="q.style.width = '12em'">Search</button><input id="q" type="search" aria-label="Search" style="width: 0; padding: 0; border: 0">
<input aria-label="Date" readonly value="2027-03-11">`);
  server.page('/saves', `<title>Saves</title><script>window.saved = []</script>
    <section aria-label="Toolbar"><button data-which="toolbar" onclick="saved.push('toolbar')">Save</button></section>
    <form onsubmit="return false">
      <button data-which="form-1" onclick="saved.push('form-1')">Save</button>
      <button data-which="form-2" onclick="saved.push('form-2')">Save</button>
    </form>`);
  // A button under a full-page overlay; counters say which one got each click.
  server.page('/covered', `<title>Covered</title><script>window.hits = { target: 0, overlay: 0 }</script>
    <button id="target" onclick="hits.target++">Place order</button>
    <div id="promo" class="promo-overlay" onclick="hits.overlay++"
      style="position:fixed;inset:0;background:rgba(0,0,0,.4)">Subscribe to our newsletter</div>`);
  // Element Plus's select: its placeholder drawn over its own combobox input; the wrapper opens it.
  server.page('/styled-select', `<title>Crew</title><script>window.opened = 0</script>
    <div class="el-select" onclick="opened++" style="position:relative;width:240px;height:32px;border:1px solid">
      <div class="el-select__selection" style="position:relative;height:100%">
        <div class="el-select__input-wrapper" style="position:absolute;inset:0"><input role="combobox" aria-label="Crew" readonly style="width:100%;height:100%;opacity:0.01"></div>
        <div class="el-select__placeholder" style="position:absolute;inset:0;padding:6px"><span>Choose a crew</span></div>
      </div>
    </div>`);
  // A Browse button under a transparent full-size file input, as FilePond and Dropzone lay it out.
  server.page('/browse', `<title>Upload</title>
    <div style="position:relative;width:300px;height:120px">
      <button>Browse</button>
      <input type="file" name="upload" style="position:absolute;inset:0;width:100%;height:100%;opacity:0">
    </div>`);
});

after(async () => {
  await home?.dispose();
  await server?.close();
});

test('an ambiguous getByRole fails with every match, and each listed locator picks exactly its element', { skip, timeout: testTimeout(4) }, async () => {
  const open = await home.program('errors', 'saves-open', `await page.goto(${JSON.stringify(server.url('/saves'))}); return true;`);
  assert.equal(open.code, 0, explain(open, home));

  const r = await home.program('errors', 'saves-click', `await page.getByRole('button', { name: 'Save' }).click({ timeout: 30_000 });`);
  assert.equal(r.code, 1, explain(r, home));
  const error = r.json.error;
  assert.equal(error.name, 'StrictModeError');
  assert.equal(error.call, 'locator.click');
  assert.equal(error.matchCount, 3);
  assert.equal(error.matches.length, 3);
  for (const match of error.matches) {
    assert.equal(match.role, 'button', JSON.stringify(match));
    assert.equal(match.name, 'Save', JSON.stringify(match));
    assert.match(match.element, /^<button data-which="/);
    assert.equal(typeof match.locator, 'string');
  }
  assert.equal(r.json.mutationState, 'none', 'strict mode refused before any input');
  assert.ok(r.json.hints.some((h: string) => /tighten/.test(h)), JSON.stringify(r.json.hints));

  // The next program uses the listed locators: each matches one element, its own.
  const locators: string[] = error.matches.map((m: { locator: string }) => m.locator);
  const check = await home.program('errors', 'saves-check', `
    const picked = [];
    for (const locator of ${JSON.stringify(locators)}) {
      const l = new Function('page', 'return page.' + locator)(page);
      picked.push({ count: await l.count(), which: await l.getAttribute('data-which') });
    }
    return picked;`);
  assert.equal(check.code, 0, explain(check, home));
  assert.deepEqual(check.json.result, [
    { count: 1, which: 'toolbar' }, { count: 1, which: 'form-1' }, { count: 1, which: 'form-2' },
  ]);
  assert.equal(check.json.mutationState, 'none');

  // And acting through one of them reaches that element only.
  const act = await home.program('errors', 'saves-act', `
    await new Function('page', 'return page.' + ${JSON.stringify(locators[2])})(page).click();
    return await page.evaluate(() => window.saved);`);
  assert.deepEqual(act.json.result, ['form-2']);
});

test('matches with the same locator are told apart by position in the original query', () => {
  const parsed = strictMatches(`locator.click: Error: strict mode violation: getByText('Save') resolved to 2 elements:
    1) <button>Save</button> aka getByRole('button', { name: 'Save' })
    2) <button>Save</button> aka getByRole('button', { name: 'Save' })

Call log:
  - waiting for getByText('Save')
`);
  assert.deepEqual(parsed?.matches.map(m => m.locator), ["getByText('Save').nth(0)", "getByText('Save').nth(1)"]);
  assert.deepEqual(parsed?.matches.map(m => [m.role, m.name]), [['button', 'Save'], ['button', 'Save']]);
});

test('a covered button\'s click times out naming the overlay; a forced click lands on the overlay', { skip, timeout: testTimeout(4) }, async () => {
  const open = await home.program('errors', 'covered-open', `await page.goto(${JSON.stringify(server.url('/covered'))}); return true;`);
  assert.equal(open.code, 0, explain(open, home));

  const r = await home.program('errors', 'covered-click', `await page.locator('#target').click({ timeout: 1000 });`);
  assert.equal(r.code, 1, explain(r, home));
  const error = r.json.error;
  assert.equal(error.name, 'TimeoutError');
  assert.equal(error.call, 'locator.click');
  assert.equal(error.timeoutMs, 1000);
  assert.match(error.blockedBy, /^<div id="promo" class="promo-overlay"/);
  assert.match(error.waitingFor, /locator\('#target'\)/);
  assert.ok(r.json.hints.some((h: string) => h.includes('promo-overlay') && /close it or wait/.test(h)), JSON.stringify(r.json.hints));
  assert.equal(r.json.mutationState, 'none', 'no input was sent');

  const counters = await home.program('errors', 'covered-count', `return await page.evaluate(() => window.hits);`);
  assert.deepEqual(counters.json.result, { target: 0, overlay: 0 });

  const forced = await home.program('errors', 'covered-force', `
    await page.locator('#target').click({ force: true, timeout: 30_000 });
    return await page.evaluate(() => window.hits);`);
  assert.equal(forced.code, 0, explain(forced, home));
  assert.equal(forced.json.status, 'succeeded', 'the forced click "succeeds"');
  assert.deepEqual(forced.json.result, { target: 0, overlay: 1 }, 'and the overlay got it');
  assert.equal(forced.json.mutationState, 'possible');
});

test('a covered click that times out before Playwright reaches its hit-target check still names the overlay, read from the page', { skip, timeout: testTimeout(3) }, async () => {
  // 1 ms: the click gives up before its retry loop gets to the hit-target check, so the call
  // log cannot say what intercepts the pointer; the page is asked at the moment of failure.
  const r = await home.program('errors', 'covered-early', `
    await page.goto(${JSON.stringify(server.url('/covered'))});
    await page.locator('#target').waitFor();
    await page.locator('#target').click({ timeout: 1 });`);
  assert.equal(r.code, 1, explain(r, home));
  const error = r.json.error;
  assert.equal(error.name, 'TimeoutError');
  assert.match(error.blockedBy, /^<div id="promo" class="promo-overlay"/, JSON.stringify(error));
  assert.ok(r.json.hints.some((h: string) => h.includes('promo-overlay')), JSON.stringify(r.json.hints));
  assert.equal(r.json.mutationState, 'none', 'a goto (a GET) and a click never dispatched change nothing');
  const counters = await home.program('errors', 'covered-early-count', `return await page.evaluate(() => window.hits);`);
  assert.deepEqual(counters.json.result, { target: 0, overlay: 0 }, 'no click reached the page');

  // On an uncovered target the read finds nothing to name. The button is disabled, so the
  // click times out whatever the machine's speed (an enabled one may be clicked within 1 ms).
  const clear = await home.program('errors', 'clear-early', `
    await page.evaluate(() => { document.getElementById('promo').remove(); document.getElementById('target').disabled = true; });
    await page.locator('#target').click({ timeout: 1 });`);
  assert.equal(clear.code, 1, explain(clear, home));
  assert.equal(clear.json.error.name, 'TimeoutError', JSON.stringify(clear.json.error));
  assert.equal(clear.json.error.blockedBy, undefined, JSON.stringify(clear.json.error));
  assert.ok(!clear.json.hints?.some((h: string) => h.includes('covers the target')), JSON.stringify(clear.json.hints));
});

test('a click covered by part of the same control (a styled select\'s placeholder over its input) says to click what a person sees; an overlay still says to close it', { skip, timeout: testTimeout(3) }, async () => {
  const r = await home.program('errors', 'styled-select', `
    await page.goto(${JSON.stringify(server.url('/styled-select'))});
    await page.getByRole('combobox', { name: 'Crew' }).click({ timeout: 1500 });`);
  assert.equal(r.code, 1, explain(r, home));
  assert.match(r.json.error.blockedBy ?? '', /el-select__placeholder/, JSON.stringify(r.json.error));
  assert.ok(r.json.hints.some((h: string) => /is part of the same control[^\n]*click what a person sees/.test(h)), JSON.stringify(r.json.hints));
  assert.ok(!r.json.hints.some((h: string) => h.includes('close it or wait for it to go')), JSON.stringify(r.json.hints));
  const overlay = await home.program('errors', 'overlay-hint', `
    await page.goto(${JSON.stringify(server.url('/covered'))});
    await page.locator('#target').click({ timeout: 1500 });`);
  assert.equal(overlay.code, 1, explain(overlay, home));
  assert.ok(overlay.json.hints.some((h: string) => h.includes('close it or wait for it to go')), JSON.stringify(overlay.json.hints));
  assert.ok(!overlay.json.hints.some((h: string) => h.includes('part of the same control')), JSON.stringify(overlay.json.hints));
});

// Site 12's trial: Observable Plot draws each week's bars as an SVG group; hovering the group
// aims at its box's centre, a gap between two bars, where the point falls through to the svg.
// The hint said the svg was "part of the same control" drawn over it, and the agent's next
// program had to find the bars' own shapes by itself.
test('a hover on a group of shapes whose centre is a gap between them says so and points at its parts', { skip, timeout: testTimeout(2) }, async () => {
  server.page('/bars', `<title>Load</title><svg width="300" height="200"><g id="week" aria-label="week"><rect x="10" y="20" width="40" height="160" fill="teal"></rect><rect x="200" y="60" width="40" height="120" fill="teal"></rect></g></svg>`);
  const r = await home.program('errors', 'bar-gap', `
    await page.goto(${JSON.stringify(server.url('/bars'))});
    await page.locator('#week').hover({ timeout: 1500 });`);
  assert.equal(r.code, 1, explain(r, home));
  assert.match(r.json.error.blockedBy ?? '', /^<svg/, JSON.stringify(r.json.error));
  assert.ok(r.json.hints.some((h: string) => /centre of the target's box is a gap between its parts[^\n]*locator\('rect, path, circle'\)/.test(h)), JSON.stringify(r.json.hints));
  assert.ok(!r.json.hints.some((h: string) => h.includes('part of the same control') || h.includes('close it or wait')), JSON.stringify(r.json.hints));
  const part = await home.program('errors', 'bar-part', `await page.locator('#week').locator('rect, path, circle').first().hover(); return true;`);
  assert.equal(part.code, 0, explain(part, home));
});

// Site 12's trial: nice-select2's dropdown, left open after picking two items, lay over the
// form's submit button; the hint called it "part of the same control" (the form holds both) and
// said to click it instead. It is another control's list: close it, then click.
test('a click covered by another control\'s list left open says to close the list first, not to click it', { skip, timeout: testTimeout(2) }, async () => {
  server.page('/left-open', `<title>Book</title><h1>Book</h1><form onsubmit="event.preventDefault(); document.querySelector('h1').textContent = 'Booked'">
<div class="field"><div id="pick" onclick="list.style.opacity = 1; list.style.pointerEvents = 'auto'; event.stopPropagation()">Equipment</div>
<ul id="list" style="position:absolute; margin:0; padding:0; width:200px; background:white; opacity:0; pointer-events:none"><li>Music stands</li><li>Recording kit</li><li>Metronome</li></ul></div>
<div><button id="send">Request booking</button></div></form>
<script>document.addEventListener('click', () => { list.style.opacity = 0; list.style.pointerEvents = 'none'; });</script>`);
  const r = await home.program('errors', 'left-open', `
    await page.goto(${JSON.stringify(server.url('/left-open'))});
    await page.locator('#pick').click();
    await page.getByRole('button', { name: 'Request booking' }).click({ timeout: 1500 });`);
  assert.equal(r.code, 1, explain(r, home));
  assert.match(r.json.error.blockedBy ?? '', /<li>/, JSON.stringify(r.json.error));
  assert.ok(r.json.hints.some((h: string) => /another control's popup left open[^\n]*Close it first/.test(h)), JSON.stringify(r.json.hints));
  assert.ok(!r.json.hints.some((h: string) => h.includes('part of the same control')), JSON.stringify(r.json.hints));
  const closed = await home.program('errors', 'left-open-closed', `
    await page.getByRole('heading').click();
    await page.getByRole('button', { name: 'Request booking' }).click();
    await expect(page.getByRole('heading')).toHaveText('Booked');
    return true;`);
  assert.equal(closed.code, 0, explain(closed, home));
});

// Site 13's trial: js-datepicker's calendar, left open (Escape does not close it), lay over the
// next field of the form; its days are divs, no list items, but the calendar is a layer far
// bigger than the field it covers.
test('a click covered by a calendar left open over the next field says to close it first', { skip, timeout: testTimeout(2) }, async () => {
  server.page('/calendar-open', `<title>Bench</title><h1>Bench</h1><form><div class="field"><input id="date" readonly placeholder="Date">
<div id="cal" style="position:absolute; width:260px; height:220px; background:white; display:none">${Array.from({ length: 31 }, (_, i) => `<div style="display:inline-block;width:30px">${i + 1}</div>`).join('')}</div></div>
<div class="field"><div id="equipment" style="width:240px;height:32px;cursor:pointer" onclick="this.textContent = 'Opened'">Choose equipment…</div></div></form>
<script>date.onclick = () => { cal.style.display = 'block'; };</script>`);
  const r = await home.program('errors', 'calendar-open', `
    await page.goto(${JSON.stringify(server.url('/calendar-open'))});
    await page.locator('#date').click();
    await page.getByText('Choose equipment…').click({ timeout: 1500 });`);
  assert.equal(r.code, 1, explain(r, home));
  assert.ok(r.json.hints.some((h: string) => /another control's popup left open[^\n]*Close it first/.test(h)), JSON.stringify(r.json.hints));
  assert.ok(!r.json.hints.some((h: string) => h.includes('part of the same control')), JSON.stringify(r.json.hints));
});

test('the covering-element read alone is not counted as a possible mutation', { skip, timeout: testTimeout(2) }, async () => {
  const open = await home.program('errors', 'covered-read-open', `await page.goto(${JSON.stringify(server.url('/covered'))}); await page.locator('#target').waitFor(); return true;`);
  assert.equal(open.code, 0, explain(open, home));
  const r = await home.program('errors', 'covered-read', `await page.locator('#target').click({ timeout: 1 });`);
  assert.equal(r.code, 1, explain(r, home));
  assert.match(r.json.error.blockedBy, /promo-overlay/);
  assert.equal(r.json.mutationState, 'none', JSON.stringify(r.json));
});

test('a click still waiting when the program failed on its file chooser names the file input that covers its button, and the hint says to act on it', { skip, timeout: testTimeout(2) }, async () => {
  const r = await home.compactProgram('errors', 'browse-covered', `
    await page.goto(${JSON.stringify(server.url('/browse'))});
    await Promise.all([
      page.waitForEvent('filechooser', { timeout: 3000 }),
      page.getByRole('button', { name: /Browse/ }).click({ timeout: 60_000 }),
    ]);`);
  assert.equal(r.json?.status, 'failed', explain(r, home));
  assert.equal(r.json.error.call, 'page.waitForEvent', explain(r, home));
  const still = r.json.error.stillWaiting;
  assert.ok(Array.isArray(still) && still.length === 1, explain(r, home));
  assert.equal(still[0].call, 'locator.click');
  assert.equal(still[0].matchCount, 1);
  assert.match(still[0].blockedBy ?? '', /^<input type="file" name="upload"/, explain(r, home));
  assert.match(r.json.hints.join('\n'), /<input type="file"[^\n]*covers it[^\n]*setInputFiles/, explain(r, home));
  assert.equal(r.json.mutationState, 'none', 'reading what covers the button sends nothing');
});

test('a 20 KB error keeps its head, its tail, the failing call and the blocking element', { skip, timeout: testTimeout(1) }, async () => {
  // A locator whose text filter is 20 000 characters: Playwright repeats it in the message and call log.
  const r = await home.program('errors', 'long-error', `
    await page.goto(${JSON.stringify(server.url('/covered'))});
    await page.locator('#target').filter({ hasText: new RegExp('Place order|' + 'q'.repeat(20000)) }).click({ timeout: 1000 });`);
  assert.equal(r.code, 1, explain(r, home));
  const error = r.json.error;
  // The whole call log is in error.log (the receipt and --verbose), cut keeping both ends.
  const cut = /…\[(\d+) characters cut\]…/.exec(error.log);
  assert.ok(cut, 'the log was cut');
  assert.ok(Number(cut[1]) + error.log.length > 20000, `the original was over 20 KB: ${cut[1]} cut`);
  assert.ok(error.log.length <= 4000, `${error.log.length}`);
  assert.ok(error.log.startsWith('locator.click: Timeout 1000ms exceeded.'), error.log.slice(0, 100));
  // How far the retry loop got depends on the machine's load; the log ends in the call log's last line either way.
  assert.match(error.log, /\n\s+- [^\n]+\n?$/, 'the tail of the call log survives');
  // The message keeps the first line and what no other field says, never the retries.
  assert.ok(error.message.startsWith('locator.click: Timeout 1000ms exceeded.'), error.message.slice(0, 100));
  assert.ok(error.message.length <= 1000, `${error.message.length}`);
  assert.doesNotMatch(error.message, /retrying click action|intercepts pointer events/);
  assert.equal(error.call, 'locator.click');
  assert.match(error.blockedBy, /^<div id="promo" class="promo-overlay"/);
  assert.ok(r.stdout.length < 8000, `the whole receipt stays small: ${r.stdout.length}`);
});

test('an expect that times out says what it expected and what it got', { skip, timeout: testTimeout(1) }, async () => {
  const r = await home.program('errors', 'expect-1', `await expect(page.locator('#target')).toHaveText('Order placed', { timeout: 500 });`);
  assert.equal(r.code, 1, explain(r, home));
  const error = r.json.error;
  assert.equal(error.call, 'expect(locator).toHaveText');
  assert.equal(error.expected, 'Order placed');
  assert.equal(error.received, 'Place order');
  assert.equal(error.timeoutMs, 500);
  assert.equal(error.line, 1);
});

test('an error the program throws keeps its own fields and its line', { skip, timeout: testTimeout(1) }, async () => {
  const r = await home.program('errors', 'own-1', `const n = 1;\nthrow Object.assign(new RangeError('no stock for SKU-1'), { code: 'E_STOCK', retryable: false });`);
  assert.equal(r.code, 1, explain(r, home));
  assert.deepEqual({ ...r.json.error, column: undefined }, {
    name: 'RangeError', message: 'no stock for SKU-1', code: 'E_STOCK', retryable: false, line: 2, column: undefined,
  });
});

// Site 19's trial: page.viewportSize() is null in a tabwright page (the browser window sets the
// size; nothing is emulated), and two programs failed on vp.height with only the TypeError.
test('page.viewportSize() is null here, and reading its width or height says how to read the size instead', { skip, timeout: testTimeout(2) }, async () => {
  const r = await home.program('errors', 'viewport', `const vp = page.viewportSize();\nreturn vp.height;`);
  assert.equal(r.json?.status, 'failed', JSON.stringify(r.json));
  assert.match(r.json.error.message, /Cannot read properties of null \(reading 'height'\)/);
  assert.match(r.json.hints.join('\n'), /page\.viewportSize\(\) is null here.*page\.evaluate\(\(\) => \(\{ width: innerWidth, height: innerHeight \}\)\)/, JSON.stringify(r.json));
  const read = await home.program('errors', 'viewport-read', `return await page.evaluate(() => ({ width: innerWidth, height: innerHeight }));`);
  assert.ok(read.json?.result?.width > 0, JSON.stringify(read.json));
});

test("a Playwright method called on a Promise (an un-awaited tabs.get) says to await the call that gave it", { skip, timeout: testTimeout(2) }, async () => {
  // Site 3's trial: `const p = tabs.get(9); p.once('dialog', ...)` failed with only "p.once is not a function".
  const r = await home.program('errors', 'unawaited', `
    const tab = tabs.get((await tabs.list())[0].id);
    tab.once('dialog', dialog => dialog.accept());`);
  assert.equal(r.json?.status, 'failed', JSON.stringify(r.json));
  assert.equal(r.json.error.message, 'tab.once is not a function');
  assert.match(r.json.hints.join('\n'), /tab has no once\(\): it is likely a Promise.*await/, JSON.stringify(r.json));
  // A name that is no Playwright method gets no such hint.
  const other = await home.program('errors', 'not-a-method', `const x = {}; x.frobnicate();`);
  assert.doesNotMatch((other.json.hints ?? []).join('\n'), /likely a Promise/, JSON.stringify(other.json));
});

test("an option found only hidden (its list closed) says what shows it is closed, not that the locator is wrong", { skip, timeout: testTimeout(2) }, async () => {
  // Site 3's trial: Escape did not close Slim Select's list, so the next click on the box closed it,
  // and the hint said only that the page had the same locator without .visible().
  const r = await home.program('errors', 'hidden-option', `
    await page.goto(${JSON.stringify(server.url('/sites'))});
    await page.getByRole('button', { name: 'Sites' }).click();
    await page.getByRole('button', { name: 'Sites' }).click();
    await page.getByRole('option', { name: 'Daventry' }).filter({ visible: true }).click({ timeout: 1000 });`);
  assert.equal(r.json?.status, 'failed', JSON.stringify(r.json));
  assert.match(r.json.hints.join('\n'), /getByRole\('option', \{ name: 'Daventry' \}\) is in the page but hidden: what shows it .* was closed/, JSON.stringify(r.json));
});

test("a goto that times out waiting for the load event says the document may be there and how to wait for less", { skip, timeout: testTimeout(2) }, async () => {
  // Site 4's trial: four first loads of a 2.3 MB single-page app on a busy machine each timed out
  // in goto after 20 s, and the hint said only to look at the page.
  const r = await home.program('errors', 'load-timeout', `await page.goto(${JSON.stringify(server.url('/heavy'))}, { timeout: 1500 });`);
  assert.equal(r.json?.status, 'failed', JSON.stringify(r.json));
  assert.match(r.json.error.message, /waiting until "load"/);
  assert.match(r.json.hints.join('\n'), /load event .* Pass \{ waitUntil: 'domcontentloaded' \}/, JSON.stringify(r.json));
  const seen = await home.program('errors', 'load-timeout-seen', `return await page.getByRole('heading').innerText();`);
  assert.equal(seen.json?.result, 'Letters', JSON.stringify(seen.json));
});

test("a call that found its element but timed out says why it never could act: hidden until opened, or read-only", { skip, timeout: testTimeout(2) }, async () => {
  // Site 4's trial: fill on MUI's collapsed grid search box timed out with only "gave up after 10000 ms".
  const hidden = await home.program('errors', 'collapsed-fill', `
    await page.goto(${JSON.stringify(server.url('/toolbar'))});
    await page.getByRole('searchbox', { name: 'Search' }).fill('Doyle', { timeout: 1000 });`);
  assert.equal(hidden.json?.status, 'failed', JSON.stringify(hidden.json));
  assert.match(hidden.json.hints.join('\n'), /found its element, but it stayed hidden .* something shows it first/, JSON.stringify(hidden.json));
  assert.equal(hidden.json.mutationState, 'none', 'the diagnosis runs no page code');
  const readonly = await home.program('errors', 'readonly-fill', `await page.getByRole('textbox', { name: 'Date' }).fill('2027-03-12', { timeout: 1000 });`);
  assert.match(readonly.json.hints.join('\n'), /stayed read-only: a widget sets it/, JSON.stringify(readonly.json));
});

test(".first() that picked a hidden element where others of its matches show says so, and gives the locator of the shown ones", { skip, timeout: testTimeout(2) }, async () => {
  // Site 22's trial: an option picked by .first() matched a hidden copy of the list, and the hint
  // said something must show it first.
  const r = await home.program('errors', 'hidden-first', `
    await page.goto(${JSON.stringify(server.url('/copies'))});
    await page.getByText('Harbour Tap', { exact: true }).first().click({ timeout: 1000 });`);
  assert.equal(r.json?.status, 'failed', JSON.stringify(r.json));
  const hints = r.json.hints.join('\n');
  assert.match(hints, /\.first\(\) picked a hidden element: getByText\('Harbour Tap', \{ exact: true \}\) matches 2, 1 of them visible/, hints);
  assert.doesNotMatch(hints, /something shows it first/, hints);
  assert.equal(r.json.error.candidates?.[0], "getByText('Harbour Tap', { exact: true }).filter({ visible: true }).first()", JSON.stringify(r.json.error));
  const next = await home.program('errors', 'hidden-first-2', `
    await page.${r.json.error.candidates[0]}.click();
    return await page.getByText('Harbour Tap (picked)').count();`);
  assert.equal(next.json?.result, 1, explain(next, home));
});

test('a click on a hidden element whose text a person sees in another element gives that one', { skip, timeout: testTimeout(2) }, async () => {
  // Site 26's trial: rc-select's role=option copy is hidden; the hint said something must show it first, while the list was open.
  const r = await home.program('errors', 'a11y-copy', `
    await page.goto(${JSON.stringify(server.url('/a11y-copy'))});
    await page.getByRole('option', { name: 'Riverside Dental Centre', exact: true }).click({ timeout: 1000 });`);
  assert.equal(r.json?.status, 'failed', JSON.stringify(r.json));
  const hints = r.json.hints.join('\n');
  assert.match(hints, /getByRole\('option', \{ name: 'Riverside Dental Centre', exact: true \}\) found its element, but it is hidden: .* a person sees the same text in another element/, hints);
  assert.doesNotMatch(hints, /something shows it first/, hints);
  assert.equal(r.json.error.candidates?.[0], "getByText('Riverside Dental Centre', { exact: true }).filter({ visible: true })", JSON.stringify(r.json.error));
  const next = await home.program('errors', 'a11y-copy-2', `
    await page.${r.json.error.candidates[0]}.click();
    return await page.title();`);
  assert.equal(next.json?.result, 'picked Riverside Dental Centre', explain(next, home));
});

test('a text locator that matched nothing gets no candidate that matches nothing either (text joined across elements, CSS generated content)', { skip, timeout: testTimeout(2) }, async () => {
  // Site 33's trial: candidates for getByText('Empty lane') were the aria snapshot's text lines,
  // such as getByText('D. Grant SN17 DGR L3 Empty lane L4'): several elements' text and a slot's
  // ::before content joined, which no getByText matches.
  const r = await home.program('errors', 'lanes', `
    await page.goto(${JSON.stringify(server.url('/lanes'))});
    await page.getByRole('region', { name: '15:05 sailing' }).getByText('Empty lane').first().click({ timeout: 1000 });`);
  assert.equal(r.json?.status, 'failed', JSON.stringify(r.json));
  const candidates: string[] = r.json.error.candidates ?? [];
  const counted = await home.program('errors', 'lanes-2', `return await Promise.all(${JSON.stringify(candidates)}.map(c => new Function('page', 'return page.' + c)(page).count()));`);
  assert.equal(counted.json?.status, 'succeeded', explain(counted, home));
  assert.ok((counted.json.result as number[]).every(n => n > 0), `each candidate matches: ${JSON.stringify(candidates)} -> ${JSON.stringify(counted.json.result)}`);
});

test('selectOption() on a select a library draws says to click it and its option', { skip, timeout: testTimeout(2) }, async () => {
  // Site 29's trial: Fluent UI's select is a combobox element, not a <select>; Playwright said only that.
  const r = await home.program('errors', 'drawn-select', `
    await page.goto(${JSON.stringify(server.url('/drawn-select'))});
    await page.getByRole('combobox', { name: 'Time' }).selectOption('10:00');`);
  assert.equal(r.json?.status, 'failed', JSON.stringify(r.json));
  assert.match(r.json.error.message, /Element is not a <select> element/, JSON.stringify(r.json.error));
  const hints = r.json.hints.join('\n');
  assert.match(hints, /selectOption\(\) picks in a native <select> only; this one is drawn by a library\. Click it to open its list, click the option/, hints);
  const next = await home.program('errors', 'drawn-select-2', `
    await page.getByRole('combobox', { name: 'Time' }).click();
    await page.getByRole('option', { name: '10:00' }).click();
    await expect(page.getByRole('combobox', { name: 'Time' })).toHaveText('10:00');`);
  assert.equal(next.json?.status, 'succeeded', explain(next, home));
});

test('a scoped locator that matches nothing, whose element is elsewhere, says where it is', { skip, timeout: testTimeout(2) }, async () => {
  // Site 31: a drag left the card in the list it crossed; the failed check named the unscoped
  // locator but not that the card was on Truck 1.
  const r = await home.program('errors', 'elsewhere', `
    await page.goto(${JSON.stringify(server.url('/board-lists'))});
    await expect(page.getByRole('region', { name: /Truck 2/ }).getByRole('listitem').filter({ hasText: 'Timpani set' })).toHaveCount(1, { timeout: 1000 });`);
  assert.equal(r.json?.status, 'failed', JSON.stringify(r.json));
  assert.deepEqual(r.json.error.candidates?.slice(0, 1), ["getByRole('listitem').filter({ hasText: 'Timpani set' })"], JSON.stringify(r.json.error));
  const hints = r.json.hints.join('\n');
  assert.match(hints, /but the page has getByRole\('listitem'\)\.filter\(\{ hasText: 'Timpani set' \}\) \(the first in region 'Truck 1 \(NX24 KLT\)'\)/, hints);
});

test('an XPath from inside a shadow root that matches nothing says XPath sees only that root', { skip, timeout: testTimeout(2) }, async () => {
  // Site 31's agent climbed from md-dialog's button to the box naming the person by XPath: the
  // button is in the component's shadow root, the name slotted in from outside, and nothing matched.
  const r = await home.program('errors', 'shadow-xpath', `
    await page.goto(${JSON.stringify(server.url('/shadow-confirm'))});
    const box = page.getByRole('button', { name: 'Remove' }).locator('xpath=ancestor::*[contains(normalize-space(.), "Brennan")][1]');
    return await box.innerText({ timeout: 2000 });`);
  assert.equal(r.json?.status, 'failed', JSON.stringify(r.json));
  assert.equal(r.json.error.matchCount, 0, JSON.stringify(r.json.error));
  const hints = r.json.hints.join('\n');
  assert.match(hints, /XPath does not enter shadow roots/, hints);
  const next = await home.program('errors', 'shadow-xpath-2', `
    const box = page.locator('shadow-confirm');
    await expect(box).toContainText('Tomasz Brennan');
    return await box.getByRole('button', { name: 'Remove' }).count();`);
  assert.equal(next.json?.status, 'succeeded', explain(next, home));
  assert.equal(next.json.result, 1);
});

test('toHaveValue() on a field a library draws says to expect its text', { skip, timeout: testTimeout(2) }, async () => {
  // Site 31's trial: Ember Power Select's combobox is a div showing the choice; toHaveValue() said only "Not an input element".
  const r = await home.program('errors', 'drawn-value', `
    await page.goto(${JSON.stringify(server.url('/drawn-select'))});
    await expect(page.getByRole('combobox', { name: 'Time' })).toHaveValue('09:00');`);
  assert.equal(r.json?.status, 'failed', JSON.stringify(r.json));
  assert.match(r.json.error.message, /Not an input element/, JSON.stringify(r.json.error));
  const hints = r.json.hints.join('\n');
  assert.match(hints, /toHaveValue\(\) and inputValue\(\) read an <input>, <textarea> or <select>; this element is none/, hints);
  const next = await home.program('errors', 'drawn-value-2', `
    await expect(page.getByRole('combobox', { name: 'Time' })).toHaveText('09:00');`);
  assert.equal(next.json?.status, 'succeeded', explain(next, home));
});

test('getByRole with a word that is no ARIA role says so, and how to find such an element', { skip, timeout: testTimeout(2) }, async () => {
  // Site 30's trial: getByRole('circle') on a chart's points waited out its timeout, and the receipt said only that.
  const r = await home.program('errors', 'no-such-role', `
    await page.goto(${JSON.stringify(server.url('/drawn-select'))});
    await page.getByRole('circle').hover({ timeout: 1000 });`);
  assert.equal(r.json?.status, 'failed', JSON.stringify(r.json));
  const hints = r.json.hints.join('\n');
  assert.match(hints, /getByRole\('circle'\) can match nothing: circle is no ARIA role\. .* page\.locator\('circle'\)/, hints);
  const clickable = await home.program('errors', 'no-such-role-2', `await page.getByRole('clickable', { name: 'Time' }).click({ timeout: 1000 });`);
  assert.match(clickable.json.hints.join('\n'), /observe\(\) prints `clickable` for an element that takes clicks but has no role: act on its ref/, JSON.stringify(clickable.json));
});

test('check() or uncheck() on a checkbox whose state a click does not change says the click was made and what to do instead', { skip, timeout: testTimeout(2) }, async () => {
  // Site 27's trial: uncheck() on Carbon Charts' legend checkboxes failed, and the receipt said only what Playwright said.
  const r = await home.program('errors', 'stuck-checkbox', `
    await page.goto(${JSON.stringify(server.url('/legend'))});
    await page.getByRole('checkbox', { name: 'KS2' }).uncheck();`);
  assert.equal(r.json?.status, 'failed', JSON.stringify(r.json));
  const hints = r.json.hints.join('\n');
  assert.match(hints, /The click was made \(the page may have acted on it\), but the checkbox's checked state did not change/, hints);
  assert.match(hints, /click\(\) it and expect what the click changes/, hints);
  const clicks = await home.program('errors', 'stuck-checkbox-2', `return await page.evaluate(() => window.toggled);`);
  assert.equal(clicks.json?.result, 1, 'the failed uncheck() clicked once');
});

test('an expect on text that failed only for the space between cells says the text runs them together, and a pattern that allows it', { skip, timeout: testTimeout(2) }, async () => {
  // Site 24's trial: a row expected to contain 'Brackenford Dunmere 2026-05-14 Osprey' read 'ChidiBrackenfordDunmere2026-05-14Osprey'.
  const r = await home.program('errors', 'joined-text', `
    await page.goto(${JSON.stringify(server.url('/moves'))});
    await expect(page.getByRole('row')).toContainText('Brackenford Dunmere 2026-05-14', { timeout: 500 });`);
  assert.equal(r.json?.status, 'failed', JSON.stringify(r.json));
  const hints = r.json.hints.join('\n');
  assert.ok(hints.includes('holds those words with nothing between them ("ChidiBrackenfordDunmere2026-05-14Osprey")'), hints);
  const pattern = /a pattern that allows no space: (\/.+\/)\./.exec(hints)?.[1];
  assert.equal(pattern, '/Brackenford\\s*Dunmere\\s*2026-05-14/', hints);
  const next = await home.program('errors', 'joined-text-2', `await expect(page.getByRole('row')).toContainText(${pattern}); return 'held';`);
  assert.equal(next.json?.result, 'held', explain(next, home));
});

// Trials 3-5: most programs that failed on a page were followed by a call that only looked at it.
test('a program that fails on the page (a locator that found nothing) brings the page\'s view, whose refs work next; a plain throw does not', { skip, timeout: testTimeout(3) }, async () => {
  const r = await home.program('failure-view', 'fv-1', `
    await page.goto(${JSON.stringify(server.url('/styled-select'))});
    await page.getByRole('button', { name: 'Save crew' }).click({ timeout: 1000 });`);
  assert.equal(r.code, 1, explain(r, home));
  const view: string = r.json.error.view ?? '';
  const crew = /^((?:f\d+)?e\d+) combobox Crew$/m.exec(view);
  assert.ok(crew, `the page's view in error.view:\n${view}`);
  assert.match(view, /Choose a crew/);
  assert.ok(r.json.hints.some((h: string) => h.includes('error.view')), JSON.stringify(r.json.hints));
  assert.ok(!r.json.hints.some((h: string) => /look at the page with observe\(\)/i.test(h)), JSON.stringify(r.json.hints));
  const next = await home.program('failure-view', 'fv-2', `return await page.getByRef(${JSON.stringify(crew[1])}).getAttribute('aria-label');`);
  assert.equal(next.json.result, 'Crew', explain(next, home));
  const plain = await home.program('failure-view', 'fv-3', `throw new Error('not about the page');`);
  assert.equal(plain.code, 1);
  assert.equal(plain.json.error.view, undefined, JSON.stringify(plain.json.error));
});

// Found writing the test above: the failure path read the page with no bound, so a page whose
// main thread never yields held the failed program's receipt until the program's --timeout.
test('a program that fails on a page whose script never yields is reported with its own error, not held until --timeout', { skip, timeout: testTimeout(2) }, async () => {
  const r = await home.program('hung-page', 'hung-1', `
    await page.goto(${JSON.stringify(server.url('/styled-select'))});
    await page.evaluate(() => { setTimeout(() => { for (;;) { /* the page's main thread never yields */ } }, 50); });
    await page.getByRole('button', { name: 'Save crew' }).click({ timeout: 1000 });`, ['--timeout', '90']);
  assert.equal(r.json?.status, 'failed', explain(r, home));
  assert.equal(r.json.error.name, 'TimeoutError', `the click's own timeout, not the program's: ${JSON.stringify(r.json.error)}`);
  assert.match(r.json.error.message, /locator\.click|Timeout 1000ms/, JSON.stringify(r.json.error));
  assert.match(r.json.hints.join('\n'), /did not answer/, `the receipt says the page did not answer: ${JSON.stringify(r.json.hints)}`);
  // The worker is not held by the page: the task goes on once the tab is gone.
  const next = await home.program('hung-page', 'hung-2', `await page.close(); return 'closed';`, ['--timeout', '60']);
  assert.equal(next.json?.status, 'succeeded', explain(next, home));
});
