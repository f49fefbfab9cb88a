// Self-test: starts its own server on a free port (4950–4999), drives all seven jobs in headless
// Chromium, then checks /__verify (every job done, each mutating endpoint hit exactly once) and
// that no request left 127.0.0.1. Exit code 0 on success.
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '/work/main/node_modules/playwright-core/index.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ONLY = (process.env.ONLY || '').split(',').filter(Boolean);
const SHOTS = process.env.SHOTS || '';

function freePort(port) {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.once('error', () => resolve(false));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });
}
async function pickPort() {
  const start = 4950 + Math.floor(Math.random() * 50);
  for (let i = 0; i < 50; i++) {
    const p = 4950 + ((start - 4950 + i) % 50);
    if (await freePort(p)) return p;
  }
  throw new Error('no free port in 4950–4999');
}

const log = (...a) => console.log('[selftest]', ...a);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const port = await pickPort();
const BASE = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, [path.join(ROOT, 'server.mjs')], {
  cwd: ROOT, env: { ...process.env, PORT: String(port), IDLE_MS: '900000' }, stdio: ['ignore', 'pipe', 'pipe'],
});
let serverOut = '';
server.stdout.on('data', (d) => { serverOut += d; });
server.stderr.on('data', (d) => { serverOut += d; });
const stopServer = () => { try { process.kill(server.pid); } catch { /* gone */ } };
process.on('exit', stopServer);

async function waitForServer() {
  for (let i = 0; i < 100; i++) {
    try { const r = await fetch(BASE + '/__verify'); if (r.ok) return; } catch { /* not yet */ }
    await sleep(100);
  }
  throw new Error('server did not start:\n' + serverOut);
}
const getJson = async (p) => (await fetch(BASE + p)).json();

let browser;
const failures = [];
const external = [];
try {
  await waitForServer();
  await fetch(BASE + '/__reset', { method: 'POST' });
  log('server on', BASE, 'pid', server.pid);

  browser = await chromium.launch({ executablePath: '/usr/lib/chromium/chromium-headless-shell', args: ['--no-sandbox'] });
  const context = await browser.newContext({ viewport: { width: 1400, height: 950 } });
  context.on('request', (req) => {
    const u = req.url();
    if (u.startsWith(BASE + '/') || u.startsWith('data:') || u.startsWith('blob:' + BASE + '/') || u === 'about:blank') return;
    external.push(u);
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15000);
  const pageErrors = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));

  const shot = async (name) => { if (SHOTS) await page.screenshot({ path: path.join(SHOTS, name + '.png') }); };
  const go = async (p) => {
    // navigate like a user: through the app's own links from the dashboard
    await page.goto(BASE + '/');
    await page.getByRole('link', { name: 'Dashboard' }).waitFor();
    if (p !== '/') await page.locator(`nav a[href="${p}"]`).click();
  };

  const jobs = {
    // 1. data grid (canvas): find the look-alike row, edit two cells, save, read a far-right column
    async grid() {
      await go('/manifests');
      await page.getByText(/of 297 manifests/).waitFor();
      const { rows } = await getJson('/api/manifests');
      await page.getByRole('searchbox', { name: 'Find manifests' }).fill('chilled langoustine carrick');
      await page.getByText(/^4 of 297 manifests$/).waitFor();
      const q = 'chilled langoustine carrick';
      const shown = rows.filter((r) => `${r.manifest} ${r.consignment} ${r.shipper}`.toLowerCase().includes(q));
      const k = shown.findIndex((r) => r.sailing === '17 Jun 2025');
      if (k < 0) throw new Error('target row not in filtered rows');
      const canvas = page.locator('.grid-box canvas');
      const box = await canvas.boundingBox();
      // header row and data rows are 26px high; the first data column starts after the row-number column
      await page.mouse.click(box.x + 90, box.y + 26 + 26 * k + 13);
      await sleep(200);
      for (let i = 0; i < 7; i++) { await page.keyboard.press('ArrowRight'); await sleep(60); }
      await page.keyboard.press('h'); // any printable key opens the cell editor (status → dropdown)
      const sel = page.locator('.grid-box select[aria-label="Status"]');
      await sel.waitFor({ state: 'visible' });
      await sel.selectOption('Held for inspection');
      await sleep(300);
      await page.keyboard.press('ArrowRight');
      await sleep(150);
      await page.keyboard.press('S');
      const input = page.locator('.grid-box input.hypergrid-textfield');
      await input.waitFor({ state: 'visible' });
      await sleep(350);
      await input.fill('Seal number does not match');
      await input.press('Enter');
      await page.getByText('2 unsaved changes').waitFor();
      await shot('1-grid');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await page.getByText('Saved 2 changes.').waitFor();
      // scroll to the far right (release code) like a user would
      await page.mouse.move(box.x + 400, box.y + 200);
      for (let i = 0; i < 12; i++) { await page.mouse.wheel(400, 0); await sleep(50); }
      await sleep(300);
      await shot('1-grid-right');
      const v = await getJson('/__verify');
      log('grid: release code', v.jobs.grid.details.releaseCode);
    },

    // 2. rich text (canvas editor): fix one word in one sentence, bold / italic / link, save
    async richtext() {
      await go('/notices');
      await page.getByRole('heading', { name: 'Summer timetable changes' }).waitFor();
      const holder = page.locator('.editor-holder canvas').first();
      await holder.waitFor();
      await sleep(500);
      const b = await holder.boundingBox();
      await page.mouse.click(b.x + 120, b.y + 36 + 12); // somewhere in line 1
      await sleep(200);
      const k = async (key, n = 1) => { for (let i = 0; i < n; i++) { await page.keyboard.press(key); await sleep(15); } };
      const toLine = async (n) => { await k('ArrowUp', 12); await k('ArrowDown', n - 1); await k('End'); };
      // line 5: "... Kestrel Isle will leave from Berth 2." → Berth 4
      await toLine(5);
      await k('ArrowLeft');
      await k('Shift+ArrowLeft');
      await page.keyboard.type('4');
      await sleep(150);
      // line 7: bold "30 minutes before departure"
      await toLine(7);
      await k('ArrowLeft');
      await k('Shift+ArrowLeft', '30 minutes before departure'.length);
      await page.getByRole('button', { name: 'Bold' }).click();
      await sleep(150);
      // line 9: italic "harbour office"
      await page.mouse.click(b.x + 120, b.y + 36 + 12);
      await toLine(9);
      await k('ArrowLeft', ' and on board.'.length);
      await k('Shift+ArrowLeft', 'harbour office'.length);
      await page.getByRole('button', { name: 'Italic' }).click();
      await sleep(150);
      // line 10: link "service status page"
      await page.mouse.click(b.x + 120, b.y + 36 + 12);
      await toLine(10);
      await k('ArrowLeft');
      await k('Shift+ArrowLeft', 'service status page'.length);
      await page.getByRole('button', { name: 'Link…' }).click();
      await page.getByLabel('Link address').fill('https://gannetsound.example/status');
      await page.getByRole('button', { name: 'Apply link' }).click();
      await sleep(300);
      await shot('2-richtext');
      await page.getByRole('button', { name: 'Save notice' }).click();
      await page.getByText(/Notice saved/).waitFor();
    },

    // 3. drag and drop (swapy) + vanishing toast (materialize)
    async dragdrop() {
      await go('/deck-plan');
      const col1140 = page.locator('section.deck-col', { has: page.getByRole('heading', { name: '11:40 sailing' }) });
      const card = col1140.locator('.vehicle', { hasText: 'M. Lindsay' });
      await card.waitFor();
      const col1505 = page.locator('section.deck-col', { has: page.getByRole('heading', { name: '15:05 sailing' }) });
      const target = col1505.locator('.slot:empty').first();
      const from = await card.boundingBox();
      const to = await target.boundingBox();
      await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
      await page.mouse.down();
      const steps = 25;
      for (let i = 1; i <= steps; i++) {
        await page.mouse.move(from.x + from.width / 2 + ((to.x + to.width / 2) - (from.x + from.width / 2)) * i / steps,
          from.y + from.height / 2 + ((to.y + to.height / 2) - (from.y + from.height / 2)) * i / steps);
        await sleep(20);
      }
      await sleep(150);
      await page.mouse.up();
      const toast = page.locator('#toast-container .toast').filter({ hasText: 'Change ref' });
      await toast.waitFor({ state: 'visible' });
      const text = await toast.innerText();
      const ref = /Change ref (DX-\d+)/.exec(text)?.[1];
      log('dragdrop: toast said', JSON.stringify(text));
      await shot('3-dragdrop');
      await toast.waitFor({ state: 'detached', timeout: 6000 });
      const v = await getJson('/__verify');
      if (ref !== v.jobs.dragdrop.details.expectedRef) throw new Error(`toast ref ${ref} != server ref ${v.jobs.dragdrop.details.expectedRef}`);
    },

    // 4. upload (uikit)
    async upload() {
      await go('/certificates');
      const input = page.locator('.js-upload input[type=file]');
      await input.setInputFiles(path.join(ROOT, 'files', 'crew-certificates-2025.csv'));
      const done = page.getByText(/certificates imported/);
      await done.waitFor();
      log('upload:', (await page.locator('.msg.ok').innerText()).trim());
      await shot('4-upload');
    },

    // 5. chart (chart.xkcd): read a value from the hover tooltip, enter it in the form
    async chart() {
      await go('/carryings');
      const svg = page.locator('figure.chart-card svg').first();
      await svg.locator('text', { hasText: 'Vehicles carried per month' }).waitFor();
      await sleep(400);
      // hover the plot area across the x axis until the tooltip shows "Aug"
      const b = await svg.boundingBox();
      let tip = null;
      const readTip = () => svg.evaluate((el) => {
        const t = [...el.querySelectorAll('text')].map((n) => n.textContent);
        const i = t.findIndex((x) => /^Kestrel Isle: /.test(x));
        return i > 0 ? { title: t[i - 1], items: t.slice(i, i + 4) } : null;
      });
      for (let x = b.x + b.width * 0.5; x < b.x + b.width * 0.9 && !(tip && tip.title === 'Aug'); x += 4) {
        await page.mouse.move(x, b.y + b.height * 0.5);
        await sleep(40);
        tip = await readTip();
      }
      await shot('5-chart-tooltip');
      const line = tip && tip.title === 'Aug' && tip.items.find((x) => x.startsWith('Inchmurran: '));
      if (!line) throw new Error('could not read tooltip: ' + JSON.stringify(tip));
      const value = line.split(': ')[1].replace(/,/g, '').trim();
      log('chart: tooltip', JSON.stringify(tip), '→', value);
      await page.getByLabel('Route').selectOption({ label: 'Inchmurran' });
      await page.getByLabel('Month').selectOption({ label: 'August 2024' });
      await page.getByLabel('Measure').selectOption({ label: 'Vehicles carried' });
      await page.getByLabel('Figure').fill(value);
      await page.getByRole('button', { name: 'Submit return' }).click();
      await page.getByText(/Return RT-\d+ submitted/).waitFor();
    },

    // 6. booking (bootstrap-datepicker + lion combobox)
    async booking() {
      await go('/maintenance');
      const comboInput = page.locator('lion-combobox input');
      await page.locator('lion-option').first().waitFor({ state: 'attached' }); // contractors loaded
      await sleep(300);
      await comboInput.click();
      await comboInput.pressSequentially('Ardle Marine Eng', { delay: 40 });
      const opt = page.getByRole('option', { name: 'Ardle Marine Engineering', exact: true });
      await opt.waitFor({ state: 'visible' });
      await opt.click();
      await sleep(200);
      await page.getByLabel('Date').click();
      const dp = page.locator('.datepicker-days');
      await dp.waitFor({ state: 'visible' });
      // move to June 2025 if needed, then pick the first enabled weekday in the week of 23 June
      for (let i = 0; i < 3 && !(await dp.locator('th.datepicker-switch').innerText()).includes('June 2025'); i++) await dp.locator('th.next').click();
      const day = (d) => dp.locator('td.day:not(.old):not(.new)').filter({ hasText: new RegExp(`^${d}$`) });
      let picked = null;
      for (const d of [23, 24, 25, 26, 27]) {
        const cls = await day(d).getAttribute('class');
        if (!/disabled/.test(cls)) { picked = d; await day(d).click(); break; }
      }
      log('booking: first open day in the week of 23 June is', picked);
      await page.getByLabel('Time').selectOption('10:30');
      await page.getByLabel('Note for the contractor').fill('Inspect linkspan hydraulics');
      await shot('6-booking');
      await page.getByRole('button', { name: 'Book visit' }).click();
      const ok = page.locator('.msg.ok', { hasText: 'Booking reference' });
      await ok.waitFor();
      log('booking:', (await ok.innerText()).trim());
    },

    // 7. searched, paged list with a confirm dialog (spectrum)
    async list() {
      await go('/crew');
      await page.getByText(/Showing 1–10 of 66/).waitFor();
      await page.getByRole('searchbox', { name: 'Search crew' }).fill('Euan MacLeod');
      await page.getByText(/Showing 1–2 of 2/).waitFor();
      const row = page.locator('tr', { has: page.locator('td', { hasText: /^Deckhand$/ }) }).filter({ has: page.locator('td', { hasText: /^Euan MacLeod$/ }) });
      await row.getByRole('button', { name: 'Remove Euan MacLeod' }).click();
      const dlg = page.locator('sp-dialog-wrapper');
      await dlg.getByText(/Deckhand, MV Kittiwake/).waitFor({ state: 'visible' });
      await sleep(400); // let the dialog finish animating in
      await shot('7-list-dialog');
      await dlg.getByRole('button', { name: 'Remove', exact: true }).click();
      await page.getByText(/was removed from the crew list/).waitFor();
      await page.getByText(/Showing 1–1 of 1/).waitFor();
    },
  };

  for (const [name, fn] of Object.entries(jobs)) {
    if (ONLY.length && !ONLY.includes(name)) continue;
    const t0 = Date.now();
    try {
      await fn();
      log(`job ${name}: driven in ${((Date.now() - t0) / 1000).toFixed(1)}s`);
    } catch (e) {
      failures.push(`${name}: ${e.message.split('\n')[0]}`);
      log(`job ${name}: FAILED`, e.message.split('\n').slice(0, 3).join(' | '));
      await shot(`fail-${name}`);
    }
  }

  const v = await getJson('/__verify');
  const expectedHits = {
    grid: 'POST /api/manifests/save', richtext: 'PUT /api/notices/n-summer', dragdrop: 'POST /api/deck/move',
    upload: 'POST /api/certificates/import', chart: 'POST /api/returns', booking: 'POST /api/maintenance-bookings',
    list: `DELETE /api/crew/${'cr-1002'}`,
  };
  for (const [name, key] of Object.entries(expectedHits)) {
    if (ONLY.length && !ONLY.includes(name)) continue;
    const j = v.jobs[name];
    if (!j || !j.done) failures.push(`verify ${name}: not done ${JSON.stringify(j && j.details).slice(0, 400)}`);
    if (v.hits[key] !== 1) failures.push(`verify ${name}: "${key}" hit ${v.hits[key] || 0} times`);
  }
  const wanted = new Set(Object.entries(expectedHits).filter(([n]) => !ONLY.length || ONLY.includes(n)).map(([, k]) => k));
  for (const key of Object.keys(v.hits)) if (!wanted.has(key)) failures.push(`unexpected mutating call: ${key} ×${v.hits[key]}`);
  if (external.length) failures.push(`requests left 127.0.0.1: ${[...new Set(external)].slice(0, 5).join(', ')}`);
  if (pageErrors.length) log('page errors (not fatal):', pageErrors.slice(0, 5));
  log('verify:', JSON.stringify(Object.fromEntries(Object.entries(v.jobs).map(([k, j]) => [k, j.done]))), 'hits:', JSON.stringify(v.hits));
} catch (e) {
  failures.push('fatal: ' + e.message);
} finally {
  if (browser) await browser.close().catch(() => {});
  stopServer();
}

if (failures.length) {
  console.log('[selftest] FAIL');
  for (const f of failures) console.log('  - ' + f);
  process.exit(1);
}
console.log('[selftest] PASS: all seven jobs done, each mutating endpoint hit once, no request left 127.0.0.1');
process.exit(0);
