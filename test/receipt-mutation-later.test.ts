// Issue 38 item 18: `mutationState: none` must mean side effects were ruled out. Page code a
// program runs (page.evaluate and its kin) can start work that acts after the program returned
// (a Save button that posts after a 400 ms debounce), so the receipt cannot say `none`; and a
// mutating request a task's page sends after a receipt was written is told twice: in the
// task's next receipt (`deferredMutations`, with `since`) and on the receipt it followed
// (`laterMutations`, mutationState turned `possible`), so an agent that reads that receipt
// before retrying learns of it. Real CLI, runtime, Chromium and loopback server.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { TabwrightHome, hasBrowser, testTimeout } from './harness/tabwrightCli.js';
import { FixtureServer } from './harness/fixtureServer.js';
import { explain } from './harness/testAids.js';

const skip = hasBrowser() ? false : 'no browser on this machine';
let home: TabwrightHome;
let server: FixtureServer;
/** POSTs to /api/save the server received. */
let saves = 0;
/** Each POST as it arrives: the server holds its answer until the test calls it (a 200). */
const arrivals: ((answer: () => void) => void)[] = [];
function nextSave(): Promise<() => void> {
  return new Promise(resolve => arrivals.push(resolve));
}

before(async () => {
  home = new TabwrightHome({ prefix: 'tw-receipt-mutation-later-' });
  server = await FixtureServer.start();
  // A Save button whose handler posts after a 400 ms debounce: the click returns at once.
  server.page('/editor', `<title>Editor</title><textarea id="t">draft</textarea>
    <button id="b" onclick="clearTimeout(window.pending); window.pending = setTimeout(() =>
      fetch('/api/save', { method: 'POST', body: document.getElementById('t').value })
        .then(r => document.getElementById('s').textContent = 'saved ' + r.status), 400)">Save</button>
    <p id="s">unsaved</p>
    <button id="burst" onclick="setTimeout(() => { for (let i = 0; i < 1500; i++) fetch('data:,' + i);
      fetch('/api/save', { method: 'POST', body: 'burst' }).then(r => document.getElementById('s').textContent = 'saved ' + r.status); }, 400)">Save after a burst</button>`);
  server.route('/api/save', (_req, res) => {
    saves++;
    const answer = () => res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    const waiter = arrivals.shift();
    if (waiter) waiter(answer);
    else answer();
  });
});

after(async () => {
  await home?.dispose();
  await server?.close();
});

test('a program that ran page code which clicked a debounced Save is not mutationState none; the POST after its receipt is told in the next receipt and on its own', { skip, timeout: testTimeout(4) }, async () => {
  const open = await home.program('editor', 'open', `await page.goto(${JSON.stringify(server.url('/editor'))}); return true;`);
  assert.equal(open.code, 0, explain(open, home));
  assert.equal(open.json.mutationState, 'none', 'a goto changes nothing');

  const arrived = nextSave();
  const click = await home.program('editor', 'click-1', `await page.evaluate(() => document.getElementById('b').click()); return 'clicked';`);
  assert.equal(click.code, 0, explain(click, home));
  assert.equal(click.json.status, 'succeeded');
  assert.notEqual(click.json.mutationState, 'none', `page code ran; its side effects cannot be ruled out: ${click.stdout}`);
  assert.equal(click.json.mutationState, 'possible');
  assert.deepEqual(click.json.mutations, ['page.evaluate (page code ran)'], explain(click, home));

  // The debounced POST reaches the server after the receipt was written.
  const answer = await arrived;
  assert.equal(saves, 1);
  const inFlight = await home.run(['receipt', '--task', 'editor', '--request-id', 'click-1', '--verbose']);
  assert.deepEqual(inFlight.json.laterMutations, ['POST /api/save (in flight)'], `recorded on the receipt it followed: ${inFlight.stdout}`);
  answer();

  const look = await home.program('editor', 'look-1', `
    await expect(page.locator('#s')).toHaveText('saved 200');
    return await page.locator('#s').textContent();`);
  assert.equal(look.code, 0, explain(look, home));
  assert.equal(look.json.mutationState, 'none', 'the POST is not this program\'s doing');
  assert.deepEqual(look.json.deferredMutations, [{ since: 'click-1', text: 'POST /api/save 200' }], explain(look, home));
  assert.ok(look.json.hints?.some((h: string) => /deferredMutations/.test(h)), JSON.stringify(look.json.hints));

  // The earlier receipt, read before a retry, says so too.
  const earlier = await home.run(['receipt', '--task', 'editor', '--request-id', 'click-1']);
  assert.equal(earlier.json.mutationState, 'possible', earlier.stdout);
  assert.deepEqual(earlier.json.laterMutations, ['POST /api/save 200'], earlier.stdout);
  assert.ok(earlier.json.hints?.some((h: string) => /after this receipt was written/.test(h)), earlier.stdout);

  // Told once: the receipt after that is clean.
  const again = await home.program('editor', 'look-2', `return 1;`);
  assert.equal(again.json.deferredMutations, undefined, explain(again, home));
  assert.equal(saves, 1, 'the page posted once');
});

test("a POST a page's own timer sends after a click's receipt is told in the next receipt and recorded on the click's", { skip, timeout: testTimeout(4) }, async () => {
  const open = await home.program('later', 'open', `await page.goto(${JSON.stringify(server.url('/editor'))}); return true;`);
  assert.equal(open.code, 0, explain(open, home));
  // The page's own timer (not the program) posts after this program's receipt.
  const arrived = nextSave();
  const arm = await home.program('later', 'arm', `await page.locator('#b').click(); return 'armed';`);
  assert.equal(arm.code, 0, explain(arm, home));
  (await arrived)();
  const look = await home.program('later', 'look', `await expect(page.locator('#s')).toHaveText('saved 200'); return 1;`);
  assert.equal(look.json.mutationState, 'none', explain(look, home));
  assert.deepEqual(look.json.deferredMutations, [{ since: 'arm', text: 'POST /api/save 200' }], explain(look, home));
  const armed = await home.run(['receipt', '--task', 'later', '--request-id', 'arm']);
  assert.deepEqual(armed.json.laterMutations, ['POST /api/save 200'], armed.stdout);
});

test("a POST a page's own timer sends after a burst of its requests is the last program's, though the runtime still reads the burst when the next program is asked for", { skip, timeout: testTimeout(4) }, async () => {
  // The runtime hears the page's requests on its connection to Chrome, and the next program is
  // asked for on another: the burst before the POST keeps the first busy, so the request to run
  // can come first. What Chrome sent before the program starts is not the program's.
  const open = await home.program('burst', 'open', `await page.goto(${JSON.stringify(server.url('/editor'))}); return true;`);
  assert.equal(open.code, 0, explain(open, home));
  const arrived = nextSave();
  const arm = await home.program('burst', 'arm', `await page.locator('#burst').click(); return 'armed';`);
  assert.equal(arm.code, 0, explain(arm, home));
  (await arrived)();
  const look = await home.program('burst', 'look', `await expect(page.locator('#s')).toHaveText('saved 200'); return 1;`);
  assert.equal(look.json.mutationState, 'none', explain(look, home));
  assert.deepEqual(look.json.deferredMutations, [{ since: 'arm', text: 'POST /api/save 200' }], explain(look, home));
});

test('a page.evaluate that only reads says page code ran; an interrupted program that ran page code is not called safe to resubmit', { skip, timeout: testTimeout(3) }, async () => {
  const open = await home.program('reads', 'open', `await page.goto(${JSON.stringify(server.url('/editor'))}); return true;`);
  assert.equal(open.code, 0, explain(open, home));
  const read = await home.compactProgram('reads', 'title', `return await page.evaluate(() => document.title);`);
  assert.equal(read.json.result, 'Editor');
  assert.equal(read.json.mutationState, 'possible', explain(read, home));
  assert.deepEqual(read.json.mutations, ['page.evaluate (page code ran)'], 'the compact view says why');
  // Playwright's own reads run no program code in the page.
  const plain = await home.compactProgram('reads', 'plain', `return await page.locator('#s').textContent();`);
  assert.equal(plain.json.mutationState, 'none', explain(plain, home));

  const hung = await home.program('reads', 'hang', `
    await page.locator('#t').evaluate(t => t.value);
    await new Promise(() => {});`, ['--timeout', '2']);
  assert.equal(hung.json.status, 'interrupted', explain(hung, home));
  assert.equal(hung.json.outcome, 'OUTCOME_UNKNOWN');
  assert.deepEqual(hung.json.mutations, ['locator.evaluate (page code ran)'], explain(hung, home));
  assert.ok(!hung.json.hints.some((h: string) => /safe to submit again/.test(h)), JSON.stringify(hung.json.hints));
});
