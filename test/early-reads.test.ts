// Reads made right after an action (diagnosis/slips/earlyReads.ts): a count or a text read before the
// page's request came back is the old one, and agents in every trial returned such values and
// spent a call reading again. The page here holds its answer until the program releases it, so
// the early read is early whatever the machine's load; the receipt's hint gives both answers,
// the program's result stays as it returned, and a field's value is never said. Real CLI, runtime and Chromium.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type http from 'node:http';
import { TabwrightHome, hasBrowser, testTimeout } from './harness/tabwrightCli.js';
import { FixtureServer } from './harness/fixtureServer.js';
import { explain } from './harness/testAids.js';

const skip = hasBrowser() ? false : 'no browser on this machine';
let home: TabwrightHome;
let server: FixtureServer;
/** The held answer of /api/add, sent when the program asks for /release (or at once, when the release came first). */
let held: http.ServerResponse | undefined;
let released = false;
const answer = (res: http.ServerResponse) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"n":5}');

before(async () => {
  home = new TabwrightHome({ prefix: 'tw-early-reads-' });
  server = await FixtureServer.start();
  server.route('/api/add', (_req, res) => {
    if (released) answer(res);
    else held = res;
    released = false;
  });
  server.route('/release', (_req, res) => {
    if (held) answer(held);
    released = !held;
    held = undefined;
    res.writeHead(204).end();
  });
  server.page('/basket', `<title>Basket</title><h1>Basket</h1><button id="add">Add</button><p>Items: <span id="n">4</span></p><ul><li>Tea</li></ul><input id="code" aria-label="Code" value="old-secret">
<button id="checkout">Check out</button>
<script>checkout.onclick = () => fetch('/api/add').then(() => history.pushState({}, '', '/basket/checkout'));
add.onclick = () => fetch('/api/add').then(r => r.json()).then(j => { n.textContent = j.n; code.value = 'new-secret'; document.body.append(Object.assign(document.createElement('input'), { ariaLabel: 'Voucher' })); document.querySelector('ul').append(Object.assign(document.createElement('li'), { textContent: 'Cups' })); });</script>`);
  // A page that draws its content after its own request (a chart from its data): what a read
  // right after goto() sees is the empty shell.
  server.page('/remakes', `<title>Remakes</title><h1>Remakes</h1><svg id="chart" role="img" aria-label="Remakes by month"></svg>
<script>fetch('/api/add').then(r => r.json()).then(() => { chart.innerHTML = '<rect width="10" height="40" aria-label="E.max, Mar 2025"></rect>'; });</script>`);
});

after(async () => {
  held?.destroy();
  await home?.dispose();
  await server?.close();
});

const url = (path: string) => JSON.stringify(server.url(path));

test('reads made before the page drew a click\'s answer are said with what they give once it settled; the result is as returned', { skip, timeout: testTimeout(2) }, async () => {
  const r = await home.compactProgram('basket', 'early', `
    await page.goto(${url('/basket')});
    await page.getByRole('button', { name: 'Add' }).click();
    const early = { n: await page.locator('#n').innerText(), items: await page.getByRole('listitem').count() };
    const code = await page.getByLabel('Code').inputValue();
    await page.request.get(${url('/release')});
    return early;`);
  assert.equal(r.code, 0, explain(r, home));
  assert.deepEqual(r.json.result, { n: '4', items: 1 });
  const hint: string | undefined = r.json.hints?.find((h: string) => h.startsWith('Read before the page had drawn what an action did'));
  assert.ok(hint, explain(r, home));
  assert.match(hint, /locator\('#n'\)\.innerText\(\) read "4" \d+ ms after click getByRole\('button', \{ name: 'Add' \}\); once the page had settled it gave "5"/, hint);
  assert.match(hint, /getByRole\('listitem'\)\.count\(\) read 1 \d+ ms after click .*; once the page had settled it gave 2/, hint);
  assert.match(hint, /expect\(locator\)\.toHaveText\(\)/, hint);
  // A field's value is what a program typed (a password too): never in a receipt the program did not return.
  assert.doesNotMatch(JSON.stringify(r.json), /secret/, hint);
});

test('a read made after expect() waited for the change, a read polled until it changed, and a read before a later action are not said', { skip, timeout: testTimeout(2) }, async () => {
  const r = await home.compactProgram('basket', 'waited', `
    await page.goto(${url('/basket')});
    await page.getByRole('button', { name: 'Add' }).click();
    const before = await page.getByRole('listitem').count();
    await page.request.get(${url('/release')});
    await expect(page.getByRole('listitem')).toHaveCount(2);
    const waited = await page.locator('#n').innerText();
    await page.getByRole('button', { name: 'Add' }).click();
    await page.request.get(${url('/release')});
    let polled = await page.getByRole('listitem').count();
    while (polled < 3) { await page.waitForTimeout(50); polled = await page.getByRole('listitem').count(); }
    return { before, waited, polled };`);
  assert.equal(r.code, 0, explain(r, home));
  assert.deepEqual(r.json.result, { before: 1, waited: '5', polled: 3 });
  assert.ok(!(r.json.hints ?? []).some((h: string) => h.startsWith('Read before')), explain(r, home));
});

// The failure diagnosis reads the page too (a missing field's count, whether it is visible):
// those reads are tabwright's, not the program's, and a caught failure's were said as the
// program's early reads once the field appeared.
test("the reads a caught failure's diagnosis makes are not said as the program's", { skip, timeout: testTimeout(2) }, async () => {
  const r = await home.compactProgram('basket', 'caught', `
    await page.goto(${url('/basket')});
    await page.getByRole('button', { name: 'Add' }).click();
    const missed = await page.getByLabel('Voucher').fill('SPRING', { timeout: 300 }).then(() => false, () => true);
    await page.request.get(${url('/release')});
    return { missed };`);
  assert.equal(r.code, 0, explain(r, home));
  assert.deepEqual(r.json.result, { missed: true });
  assert.ok(!(r.json.hints ?? []).some((h: string) => h.startsWith('Read before')), explain(r, home));
});

// A client-side router that asks for data before it moves: page.url() read right after the click
// is the old address (two trial agents returned it, with the view beside it right).
test('page.url() read before a click\'s route change is said with the address the page settled on', { skip, timeout: testTimeout(2) }, async () => {
  const r = await home.compactProgram('basket', 'early-url', `
    await page.goto(${url('/basket')});
    await page.getByRole('button', { name: 'Check out' }).click();
    const early = page.url();
    await page.request.get(${url('/release')});
    return early;`);
  assert.equal(r.code, 0, explain(r, home));
  assert.equal(r.json.result, server.url('/basket'));
  const hint: string | undefined = r.json.hints?.find((h: string) => h.startsWith('Read before the page had drawn what an action did'));
  assert.ok(hint, explain(r, home));
  assert.ok(hint.includes(`page.url() read "${server.url('/basket')}"`), hint);
  assert.ok(hint.includes(`once the page had settled it gave "${server.url('/basket/checkout')}"`), hint);
  assert.match(hint, /expect\(page\)\.toHaveURL\(\)/, hint);
});

// Site 26's agent guarded on a chart's bar right after goto (`if (await bar.count() === 0) return
// observe()`): the chart drew from its data a moment later, the count was 0, and the agent spent
// two more calls finding out why. A read right after the program's own goto is early too.
test('a read made right after goto(), before the page drew what its own request brought, is said with what it gives once settled', { skip, timeout: testTimeout(2) }, async () => {
  const r = await home.compactProgram('remakes', 'early-goto', `
    await page.goto(${url('/remakes')});
    const bars = await page.getByLabel('E.max, Mar 2025').count();
    await page.request.get(${url('/release')});
    return bars;`);
  assert.equal(r.code, 0, explain(r, home));
  assert.equal(r.json.result, 0);
  const hint: string | undefined = r.json.hints?.find((h: string) => h.startsWith('Read before the page had drawn what it loaded'));
  assert.ok(hint, explain(r, home));
  assert.ok(hint.includes(`getByLabel('E.max, Mar 2025').count() read 0`), hint);
  assert.ok(hint.includes(`after page.goto(${url('/remakes')}); once the page had settled it gave 1`), hint);
  assert.match(hint, /locator\.waitFor\(\)/, hint);

  // The same read on a page that asked for nothing after it was right: nothing is said.
  const still = await home.compactProgram('remakes', 'static-goto', `
    await page.goto(${url('/basket')});
    return await page.getByRole('listitem').count();`);
  assert.equal(still.code, 0, explain(still, home));
  assert.ok(!(still.json.hints ?? []).some((h: string) => h.startsWith('Read before')), explain(still, home));
});
