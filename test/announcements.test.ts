// Issue 41 item 1, what the page said while the program ran: text that appeared in a live region
// or a toast is in the receipt's `announcements` with its page and when it appeared and went,
// though no program looked in time (a toast gone in 2 s, once from a plain timer, once from
// Notyf). The watcher runs in an isolated world the page cannot see, counts as nothing the
// program did, and is bounded whatever the page says. Real CLI, runtime and Chromium.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { TabwrightHome, hasBrowser, testTimeout } from './harness/tabwrightCli.js';
import { FixtureServer } from './harness/fixtureServer.js';
import { PortalPages } from './harness/portalPages.js';
import { explain, until } from './harness/testAids.js';

const skip = hasBrowser() ? false : 'no browser on this machine';
let home: TabwrightHome;
let server: FixtureServer;
let portal: PortalPages;
/** Releases the held answer of /api/slow (the deferred test's). */
let releaseSlow: () => void = () => {};

interface Said { page: number; text: string; at: number; gone?: number; times?: number; deferred?: true; replaced?: number }

before(async () => {
  home = new TabwrightHome({ prefix: 'tw-announcements-' });
  server = await FixtureServer.start();
  portal = new PortalPages(server);
  server
    .page('/slow', `<title>Slow</title><button id="b">Send</button><p role="status" id="s"></p>
<script>b.onclick = async () => { await fetch('/api/slow', { method: 'POST' }); s.textContent = 'Sent at last'; fetch('/api/shown'); };</script>`)
    .route('/api/slow', async (_req, res) => {
      await new Promise<void>(resolve => { releaseSlow = resolve; });
      res.writeHead(204).end();
    })
    .route('/api/shown', (_req, res) => { res.writeHead(204).end(); })
    .page('/chatty', `<title>Chatty</title><div role="status" id="s"></div><div role="alert" id="big"></div><output id="o"></output>
<script>
let n = 0;
const tick = () => {
  s.textContent = 'Loaded ' + (++n) + ' of 500';
  if (n < 500) return setTimeout(tick, 0);
  big.textContent = 'x'.repeat(10000);
  setTimeout(() => { o.textContent = 'All loaded'; }, 300);
};
document.addEventListener('click', tick, { once: true });
</script>`)
    // A month heading the program's clicks change step by step, a status that says "Saving…"
    // then "Saved", a toast that goes by itself, and an alert emptied before it says the next thing.
    .page('/months', `<title>Months</title><h2 id="m" aria-live="polite">March 2027</h2><button id="next">Next month</button>
<button id="save">Save</button><p role="status" id="s"></p><div role="alert" id="err"></div>
<script>
const months = ['March 2027', 'April 2027', 'May 2027', 'June 2027', 'July 2027', 'August 2027'];
let i = 0;
next.onclick = () => { m.textContent = months[++i]; };
save.onclick = () => {
  s.textContent = 'Saving…';
  setTimeout(() => {
    s.textContent = 'Saved';
    const toast = document.createElement('div');
    toast.className = 'toast';
    toast.textContent = 'Draft stored';
    document.body.append(toast);
    setTimeout(() => toast.remove(), 300);
    err.textContent = 'Sync failed';
    setTimeout(() => { err.textContent = ''; setTimeout(() => { err.textContent = 'Sync retried'; }, 100); }, 100);
  }, 100);
};
</script>`)
    // A styled select: its options in a fixed box appended to <body> (MUI's Popover), then a toast of the same kind.
    .page('/popup-select', `<title>Clinic</title><button id="clinic">Clinic</button>
<script>
clinic.onclick = () => {
  const popup = document.createElement('div');
  popup.style.cssText = 'position:fixed;inset:0';
  popup.setAttribute('role', 'presentation');
  popup.innerHTML = '<ul role="listbox"><li role="option">Harbour Street</li><li role="option">Pier Road</li></ul>';
  document.body.append(popup);
  popup.querySelectorAll('li').forEach(li => li.onclick = () => {
    popup.remove();
    const toast = document.createElement('div');
    toast.style.cssText = 'position:fixed;bottom:0';
    toast.textContent = 'Clinic set to ' + li.textContent;
    document.body.append(toast);
  });
};
</script>`);
});

after(async () => {
  await home?.dispose();
  await server?.close();
});

const url = (path: string) => JSON.stringify(server.url(path));

test('a toast a plain timer removes after 2 s: both archived messages are in the receipt, each with when it appeared and went', { skip, timeout: testTimeout(2) }, async () => {
  const r = await home.compactProgram('plain', 'archive', `
    await page.goto(${url('/reports')});
    for (const report of ['Q2 fleet review', 'Q3 carrier audit']) {
      await page.getByRole('listitem').filter({ hasText: report }).hover();
      await page.getByRole('button', { name: 'Archive' }).first().click();
      await expect(page.locator('.flash').last()).toContainText(report);
    }
    await expect(page.locator('.flash')).toHaveCount(0, { timeout: 10000 });
    return 'archived';`);
  assert.equal(r.code, 0, explain(r, home));
  const said: Said[] = r.json.announcements;
  assert.deepEqual(said?.map(s => s.text), ["Report 'Q2 fleet review' archived — undo within 2s", "Report 'Q3 carrier audit' archived — undo within 2s"], explain(r, home));
  for (const s of said) {
    assert.equal(typeof s.page, 'number');
    assert.ok(s.at >= 0 && s.gone !== undefined && s.gone > s.at, `appeared, then went: ${JSON.stringify(s)}`);
    assert.equal(s.deferred, undefined);
  }
  assert.deepEqual(portal.saved.archived, ['Q2 fleet review', 'Q3 carrier audit']);
  assert.equal(r.json.mutationState, 'possible');
});

test('a Notyf toast is one announcement (its screen-reader copy is not another) with when it went', { skip, timeout: testTimeout(2) }, async () => {
  const r = await home.compactProgram('notyf', 'archive', `
    await page.goto(${url('/reports-notyf')});
    await page.getByRole('listitem').filter({ hasText: 'Depot staffing' }).hover();
    await page.getByRole('button', { name: 'Archive' }).last().click();
    await expect(page.locator('.notyf__toast')).toBeVisible();
    await expect(page.locator('.notyf__toast')).toHaveCount(0, { timeout: 10000 });
    return 'archived';`);
  assert.equal(r.code, 0, explain(r, home));
  const said: Said[] = r.json.announcements;
  assert.equal(said?.length, 1, explain(r, home));
  assert.equal(said[0].text, "Report 'Depot staffing' archived — undo within 2s");
  assert.ok(said[0].gone !== undefined && said[0].gone > said[0].at, JSON.stringify(said[0]));
});

test('what a page says after the receipt was final is in the next receipt, deferred, with a negative at', { skip, timeout: testTimeout(3) }, async () => {
  const first = await home.compactProgram('late', 'send', `
    await page.goto(${url('/slow')});
    await page.getByRole('button', { name: 'Send' }).click();
    return 'sent';`);
  assert.equal(first.code, 0, explain(first, home));
  assert.equal(first.json.announcements, undefined, explain(first, home));
  const before = server.requests.filter(r => r === 'GET /api/shown').length;
  releaseSlow();
  // The page fetches /api/shown right after it shows the text: then it has been said.
  await until('the page to show its status', () => (server.requests.filter(r => r === 'GET /api/shown').length > before ? true : undefined));
  const next = await home.compactProgram('late', 'next', 'return 1;');
  assert.equal(next.code, 0, explain(next, home));
  const said: Said[] = next.json.announcements;
  assert.equal(said?.length, 1, explain(next, home));
  assert.equal(said[0].text, 'Sent at last');
  assert.equal(said[0].deferred, true);
  assert.ok(said[0].at < 0 && said[0].gone === undefined, JSON.stringify(said[0]));
});

test('the watcher is invisible to the page, counts as nothing the program did, and is bounded whatever the page says', { skip, timeout: testTimeout(2) }, async () => {
  const r = await home.program('chatty', 'chatty', `
    await page.goto(${url('/chatty')});
    const seen = await page.evaluate(() => Object.keys(window).filter(k => /tabwright/i.test(k)).concat(typeof __tabwrightAnnounce));
    return seen;`);
  assert.equal(r.code, 0, explain(r, home));
  assert.deepEqual(r.json.result, ['undefined'], 'no global of the watcher in the page\'s world');
  // The program's own page.evaluate is the one cause (issue 38 item 18); the watcher adds none.
  assert.deepEqual(r.json.mutations, ['page.evaluate (page code ran)'], 'watching is not the program\'s doing');

  const loud = await home.program('chatty', 'loud', `
    await page.mouse.click(5, 5);
    await expect(page.locator('output')).toHaveText('All loaded', { timeout: 20000 });
    return 1;`);
  assert.equal(loud.code, 0, explain(loud, home));
  const said: Said[] = loud.json.announcements;
  assert.ok(said.length <= 20, `at most 20 entries: ${said.length}`);
  assert.equal(said[0].text, 'Loaded 1 of 500', 'the first ones are kept');
  assert.deepEqual(said.slice(-2).map(s => s.text), ['Loaded 500 of 500', 'All loaded'], 'and the last: a region that kept changing is said as it ended up');
  assert.match(loud.json.hints.join('\n'), /\d+ more announcements were left out/);
  // The alert's 10,000 characters are content, not an announcement, and nothing is longer than 300.
  assert.ok(said.every(s => s.text.length <= 300), JSON.stringify(said.map(s => s.text.length)));
});

test('a region the program changes step by step is one compact announcement, its last text with how many it replaced; what went by itself stays, and the full receipt keeps all', { skip, timeout: testTimeout(3) }, async () => {
  const program = `
    await page.goto(${url('/months')});
    const next = page.getByRole('button', { name: 'Next month' });
    for (let n = 0; n < 5; n++) await next.click();
    await expect(page.getByRole('heading', { name: 'August 2027' })).toBeVisible();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('status')).toHaveText('Saved');
    await expect(page.getByRole('alert')).toHaveText('Sync retried');
    await expect(page.locator('.toast')).toHaveCount(0);
    return 'saved';`;
  const r = await home.compactProgram('months', 'save', program);
  assert.equal(r.code, 0, explain(r, home));
  const said: Said[] = r.json.announcements;
  const lines = said.map(s => `${s.text}${s.replaced ? ` (replaced ${s.replaced})` : ''}${s.gone !== undefined ? ' (gone)' : ''}`);
  assert.deepEqual(lines, ['August 2027 (replaced 5)', 'Saved (replaced 1)', 'Draft stored (gone)', 'Sync failed (gone)', 'Sync retried'], `compact: ${JSON.stringify(said)}`);

  const again = await home.run(['receipt', '--task', 'months', '--request-id', 'save']);
  assert.deepEqual(again.json.announcements, said, '`receipt` shows the compact list as `run` did');
  const full = await home.run(['receipt', '--task', 'months', '--request-id', 'save', '--verbose']);
  assert.equal(full.code, 0, explain(full, home));
  const bytes = (list: Said[]) => JSON.stringify(list).length;
  assert.ok(bytes(said) < 0.7 * bytes(full.json.announcements), `compact ${bytes(said)} bytes of the full ${bytes(full.json.announcements)}`);
  assert.deepEqual(full.json.announcements.map((s: Said) => s.text),
    ['March 2027', 'April 2027', 'May 2027', 'June 2027', 'July 2027', 'August 2027', 'Saving…', 'Saved', 'Draft stored', 'Sync failed', 'Sync retried'], 'the full receipt lists each text');
  assert.ok(full.json.announcements.every((s: Said) => s.replaced === undefined), 'and folds nothing');
});

test('a styled select\'s options in a fixed box on <body> are no announcement; the toast after them is', { skip, timeout: testTimeout(2) }, async () => {
  const r = await home.compactProgram('popup-select', 'pick', `
    await page.goto(${url('/popup-select')});
    await page.getByRole('button', { name: 'Clinic' }).click();
    await page.getByRole('option', { name: 'Pier Road' }).click();
    await expect(page.getByText('Clinic set to Pier Road')).toBeVisible();
    return 'picked';`);
  assert.equal(r.code, 0, explain(r, home));
  const said: Said[] = r.json.announcements;
  assert.deepEqual(said?.map(s => s.text), ['Clinic set to Pier Road'], explain(r, home));
});

// Site 21's trial: petite-vue renders after the page's live regions are in the document, and the
// dashboard's receipt carried five announcements of raw templates ("{{ error }}"). A template is
// no announcement; what the rendered region then says is.
test('a live region\'s template before its framework rendered it ({{ … }}) is no announcement; its rendered text is', { skip, timeout: testTimeout(2) }, async () => {
  server.page('/template', `<title>Template</title><p role="status" id="s">{{ loading ? 'Loading…' : total + ' people' }}</p><p aria-live="polite" id="e">{{ error }}</p>
<script>setTimeout(() => { s.textContent = '148 people'; e.textContent = ''; }, 300);</script>`);
  const r = await home.compactProgram('template', 'look', `
    await page.goto(${url('/template')});
    await expect(page.getByRole('status')).toHaveText('148 people');
    return 'rendered';`);
  assert.equal(r.code, 0, explain(r, home));
  const said: Said[] = r.json.announcements ?? [];
  assert.deepEqual(said.map(s => s.text), ['148 people'], explain(r, home));
});
