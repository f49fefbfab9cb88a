// Self-test: starts its own server on a free port in 4950–4999, drives all seven jobs
// in headless Chromium the way a person would, then checks /__verify and the network log.
// Usage: npm run selftest            (all jobs)
//        node selftest/drive.mjs grid board   (just some jobs, for debugging)
import { chromium } from '/work/main/node_modules/playwright-core/index.mjs';
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ONLY = process.argv.slice(2);
const SHOTS = process.env.SHOTS || '';

function freePort(port) {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
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
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
function assert(cond, msg) { if (!cond) throw new Error(`assertion failed: ${msg}`); }

const port = await pickPort();
const BASE = `http://127.0.0.1:${port}`;
if (!fs.existsSync(path.join(root, 'dist', 'index.html'))) throw new Error('dist/ missing: run npm run build first');
const server = spawn(process.execPath, ['server.mjs'], { cwd: root, env: { ...process.env, PORT: String(port), IDLE_MS: '900000' }, stdio: ['ignore', 'pipe', 'pipe'] });
let serverOut = '';
server.stdout.on('data', (d) => { serverOut += d; });
server.stderr.on('data', (d) => { serverOut += d; });
const killServer = () => { try { process.kill(server.pid, 'SIGTERM'); } catch { /* gone */ } };
process.on('exit', killServer);

async function waitUp() {
  for (let i = 0; i < 100; i++) {
    try { const r = await fetch(`${BASE}/api/meta`); if (r.ok) return; } catch { /* not yet */ }
    await sleep(100);
  }
  throw new Error('server did not start:\n' + serverOut);
}
const getVerify = async () => (await fetch(`${BASE}/__verify`)).json();

let browser;
let failed = false;
const results = [];
try {
  await waitUp();
  await fetch(`${BASE}/__reset`, { method: 'POST' });
  browser = await chromium.launch({ executablePath: '/usr/lib/chromium/chromium-headless-shell', args: ['--no-sandbox'] });
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, acceptDownloads: false });
  const offsite = [];
  context.on('request', (r) => {
    const u = new URL(r.url());
    if (u.protocol === 'data:' || u.protocol === 'blob:' || u.protocol === 'about:') return;
    if (u.hostname !== '127.0.0.1') offsite.push(r.url());
  });
  const page = await context.newPage();
  const pageErrors = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));
  page.setDefaultTimeout(15000);
  const shot = async (name) => { if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `${name}.png`) }); };

  const goto = async (p) => {
    // navigate like a user: through the side navigation where possible
    await page.goto(`${BASE}/`);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: p }).click();
  };

  // ---------------------------------------------------------------- 1. grid
  const jobGrid = async () => {
    await goto('Accession register');
    // the trial-licence banner of the grid library can be dismissed
    const banner = page.locator('.license-banner-close');
    await page.locator('.e-grid .e-row').first().waitFor();
    if (await banner.count()) await banner.first().click();
    const search = page.locator('.e-grid .e-toolbar input.e-search, .e-grid .e-toolbar input[type=search], .e-grid .e-toolbar input').first();
    await search.fill('Nepenthes rafflesiana');
    await search.press('Enter');
    await page.waitForFunction(() => document.querySelectorAll('.e-grid .e-content tr.e-row').length === 4);
    await sleep(800);
    const row = page.locator('.e-grid .e-gridcontent tr.e-row', { hasText: 'Fern House' });
    assert(await row.count() === 1, 'one Fern House rafflesiana');
    const rowIndex = await row.getAttribute('aria-rowindex');
    // status: dropdown editor (retry like a person would if the pick does not take)
    for (let attempt = 1; ; attempt++) {
      await row.locator('td', { hasText: /^(Living|Propagating)$/ }).first().dblclick();
      const ddl = page.locator('.e-grid td.e-editedbatchcell .e-ddl').first();
      await ddl.waitFor();
      await sleep(300);
      await ddl.click();
      await page.locator('.e-popup-open .e-list-item').first().waitFor();
      await sleep(500); // let the popup finish opening
      await shot(`grid-popup-${attempt}`);
      await page.locator('.e-popup-open .e-list-item', { hasText: /^Propagating$/ }).click();
      await sleep(300);
      await shot(`grid-picked-${attempt}`);
      // leave the cell by clicking a read-only cell in the same row
      await row.locator('td', { hasText: 'Fern House' }).click();
      await sleep(300);
      if ((await row.locator('td', { hasText: /^Propagating$/ }).count()) === 1) break;
      if (attempt === 3) throw new Error('status did not change');
    }
    await shot('grid-status');
    // scroll right to the inventory note (not rendered until scrolled into view)
    const content = page.locator('.e-grid .e-gridcontent .e-content');
    const box = await content.boundingBox();
    const r = () => page.locator(`.e-grid .e-gridcontent tr[aria-rowindex="${rowIndex}"]`);
    const scrollToColumn = async (text) => {
      const h = page.locator('.e-grid .e-headercell', { hasText: text });
      await page.mouse.move(box.x + box.width / 2, box.y + 60);
      for (let i = 0; i < 60; i++) {
        if (await h.count()) {
          const hb = await h.boundingBox();
          if (hb && hb.x >= box.x - 1 && hb.x + hb.width <= box.x + box.width - 18) break;
          await page.mouse.wheel(hb && hb.x < box.x ? -120 : 120, 0);
        } else await page.mouse.wheel(400, 0);
        await sleep(150);
      }
      await sleep(400);
      return h.getAttribute('aria-colindex');
    };
    const colIdx = await scrollToColumn('Inventory note');
    const noteCell = r().locator(`td[aria-colindex="${colIdx}"]`);
    await noteCell.dblclick();
    const noteInput = page.locator('.e-grid td.e-editedbatchcell input').first();
    await noteInput.waitFor();
    await noteInput.fill('Cuttings taken for Kew loan');
    await noteInput.press('Tab').catch(() => {});
    await shot('grid-note');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.locator('.notice.ok', { hasText: 'Saved 1 accession' }).waitFor();
    // read the far-right voucher
    const vIdx = await scrollToColumn('Herbarium voucher');
    const voucher = (await r().locator(`td[aria-colindex="${vIdx}"]`).innerText()).trim();
    await shot('grid-done');
    return voucher;
  };

  // ---------------------------------------------------------------- 2. rich text
  // Find the on-screen box of `phrase` inside the first text node that contains `context`.
  const textBox = (phrase, context) => page.evaluate(([phrase, context]) => {
    const host = document.querySelector('vaadin-rich-text-editor');
    const ed = host.shadowRoot.querySelector('.ql-editor');
    const walker = document.createTreeWalker(ed, NodeFilter.SHOW_TEXT);
    let n;
    while ((n = walker.nextNode())) {
      const i = n.data.indexOf(context);
      if (i < 0) continue;
      const start = i + context.indexOf(phrase);
      const rangeFor = (k) => { const r = document.createRange(); r.setStart(n, k); r.setEnd(n, k + 1); return r.getBoundingClientRect(); };
      const a = rangeFor(start), b = rangeFor(start + phrase.length - 1);
      return { x1: a.left + 1, y1: a.top + a.height / 2, x2: b.right - 1, y2: b.top + b.height / 2 };
    }
    return null;
  }, [phrase, context]);
  const selectPhrase = async (phrase, context = phrase) => {
    const b = await textBox(phrase, context);
    assert(b, `text "${context}" in editor`);
    await page.mouse.move(b.x1 - 0.5, b.y1);
    await page.mouse.down();
    await page.mouse.move((b.x1 + b.x2) / 2, (b.y1 + b.y2) / 2, { steps: 4 });
    await page.mouse.move(b.x2 + 0.5, b.y2, { steps: 4 });
    await page.mouse.up();
    await sleep(150);
  };
  const jobRichText = async () => {
    await goto('Visitor notices');
    await page.getByRole('button', { name: /Winter opening hours/ }).click();
    const editor = page.locator('vaadin-rich-text-editor .ql-editor');
    await editor.filter({ hasText: 'Temperate House' }).waitFor();
    await sleep(500);
    // 1. the one wrong word
    await selectPhrase('3', 'The Temperate House will close at 3 pm on weekdays.');
    await page.keyboard.type('4');
    // 2. bold, 3. italic (toolbar buttons)
    await selectPhrase('Free entry for Friends of Hollowmere');
    await page.locator('vaadin-rich-text-editor [part~="toolbar-button-bold"]').click();
    await selectPhrase('30 minutes before closing');
    await page.locator('vaadin-rich-text-editor [part~="toolbar-button-italic"]').click();
    // 4. link
    await selectPhrase('winter events page');
    await page.locator('vaadin-rich-text-editor [part~="toolbar-button-link"]').click();
    const dlg = page.getByRole('alertdialog', { name: 'Link address' });
    const url = dlg.locator('input');
    await url.waitFor();
    await url.fill('https://hollowmere-botanic.org/events/winter');
    await dlg.getByRole('button', { name: 'OK' }).click();
    await url.waitFor({ state: 'hidden' });
    await shot('richtext-edited');
    await page.getByRole('button', { name: 'Save notice' }).click();
    await page.locator('.notice.ok', { hasText: 'saved' }).waitFor();
    return undefined;
  };

  // ---------------------------------------------------------------- 3. board + vanishing toast
  const jobBoard = async () => {
    await goto('Glasshouse works board');
    const scheduled = page.locator('.board-col[data-col="scheduled"]');
    const card = scheduled.locator('.wo-card', { hasText: 'Repair roof vent motor' }).filter({ hasText: 'Cactus House' });
    await card.waitFor();
    assert(await card.count() === 1, 'one scheduled Cactus House vent repair');
    const target = page.locator('.board-col[data-col="progress"]');
    const cb = await card.boundingBox();
    const tb = await target.boundingBox();
    // watch for the toast text as it appears (it is gone after ~2 s)
    const seen = page.waitForFunction(() => {
      const l = document.querySelector('.mdc-snackbar--open .mdc-snackbar__label, .mdc-snackbar--opening .mdc-snackbar__label');
      const t = l && l.textContent;
      return t && /Ref (MV-[A-Z0-9]+)/.test(t) ? t : null;
    }, null, { timeout: 15000, polling: 50 });
    await page.mouse.move(cb.x + cb.width / 2, cb.y + 20);
    await page.mouse.down();
    await page.mouse.move(cb.x + cb.width / 2 + 10, cb.y + 30, { steps: 3 });
    await page.mouse.move(tb.x + tb.width / 2, tb.y + tb.height - 60, { steps: 15 });
    await sleep(100);
    await page.mouse.up();
    const text = await (await seen).jsonValue();
    await shot('board-toast');
    const ref = /Ref (MV-[A-Z0-9]+)/.exec(text)[1];
    // the toast must vanish by itself
    await page.waitForFunction(() => !document.querySelector('.mdc-snackbar--open'), null, { timeout: 5000 });
    const leftover = await page.locator('body').innerText();
    assert(!leftover.includes(ref), 'reference is not left anywhere on the page');
    return ref;
  };

  // ---------------------------------------------------------------- 4. upload
  const jobUpload = async () => {
    await goto('Shop stock');
    await page.locator('uui-file-dropzone').waitFor();
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'choose a file' }).click();
    await (await chooser).setFiles(path.join(root, 'files', 'shop-stocktake-2025.csv'));
    await page.getByText('shop-stocktake-2025.csv').first().waitFor();
    await page.getByRole('button', { name: 'Import stocktake' }).click();
    const ok = page.locator('.notice.ok', { hasText: 'stock lines accepted' });
    await ok.waitFor();
    await shot('upload-done');
    const txt = await ok.innerText();
    return Number(/(\d+) stock lines accepted/.exec(txt)[1]);
  };

  // ---------------------------------------------------------------- 5. chart tooltip -> form
  const jobChart = async () => {
    await goto('Climate log');
    const chartEl = page.locator('#chart-humidity');
    await chartEl.locator('canvas').first().waitFor();
    await sleep(500);
    // Find the Fern House point for Tue 11 Nov by hovering along the line and reading tooltips.
    const box = await chartEl.boundingBox();
    let value = null;
    const tipText = () => page.evaluate(() => {
      const e = document.querySelector('#chart-humidity .canvasjs-chart-tooltip');
      return e && e.style.display !== 'none' ? e.innerText : '';
    });
    outer:
    for (let x = box.x + 50; x < box.x + box.width - 10; x += 8) {
      await page.mouse.move(x, box.y + box.height / 2);
      const probe = await tipText();
      if (probe && !/Tue 11 Nov/.test(probe)) continue; // another day's column
      for (let y = box.y + 40; y < box.y + box.height - 40; y += 3) {
        await page.mouse.move(x, y);
        const t = await tipText();
        if (/Fern House/.test(t) && /Tue 11 Nov/.test(t)) { value = /([\d.]+) %/.exec(t)[1]; break outer; }
      }
    }
    assert(value, 'found the Fern House tooltip for Tue 11 Nov');
    await shot('chart-tooltip');
    await page.getByLabel('Glasshouse').selectOption({ label: 'Fern House' });
    await page.getByLabel('Date').selectOption({ label: 'Tue 11 Nov' });
    await page.getByLabel('Reading').selectOption({ label: 'Relative humidity (%)' });
    await page.getByLabel('Value').fill(value);
    await page.getByRole('button', { name: 'Record reading' }).click();
    await page.locator('.notice.ok', { hasText: 'Verified reading recorded' }).waitFor();
    return value;
  };

  // ---------------------------------------------------------------- 6. booking
  const jobBooking = async () => {
    await goto('Group tour bookings');
    const group = page.locator('#group');
    await group.waitFor();
    await sleep(500);
    await group.click();
    await group.pressSequentially('Ashcombe', { delay: 40 });
    const opt = page.locator('.awesomplete ul li', { hasText: /^Ashcombe Gardening Club$/ });
    await opt.waitFor();
    await opt.click();
    // the date picker: open the calendar, go to November 2025 week of 24th, pick the first enabled day
    await page.locator('forge-date-picker forge-text-field').locator('[part~="popover-icon"], forge-icon-button, button').first().click().catch(async () => {
      await page.locator('#tour-date').click();
    });
    const cal = page.locator('forge-calendar').first();
    await cal.waitFor();
    await sleep(400);
    await shot('booking-calendar');
    let chosen = null;
    for (const day of [24, 25, 26, 27, 28]) {
      const cell = cal.locator(`[data-date*="2025-11-${day}"], [aria-label*="November ${day}, 2025"], [aria-label*="${day} November 2025"]`).first();
      if (!(await cell.count())) continue;
      const disabled = await cell.evaluate((el) => el.getAttribute('aria-disabled') === 'true' || el.hasAttribute('disabled') || el.classList.contains('forge-calendar__date--disabled'));
      if (disabled) continue;
      await cell.click();
      chosen = day;
      break;
    }
    assert(chosen === 26, `first open day in the week of 24 Nov is the 26th (got ${chosen})`);
    await page.getByLabel('Start time').selectOption('11:30');
    await page.getByLabel('Note for the guide').fill('Two wheelchair users');
    await page.getByRole('button', { name: 'Book tour' }).click();
    const ok = page.locator('.notice.ok', { hasText: 'Booking reference' });
    await ok.waitFor();
    await shot('booking-done');
    return /Booking reference (\S+?)\.?$/.exec((await ok.innerText()).trim())[1];
  };

  // ---------------------------------------------------------------- 7. paged list + confirm
  const jobVolunteers = async () => {
    await goto('Volunteers');
    await page.locator('table.people tbody tr').first().waitFor();
    await page.getByRole('searchbox', { name: 'Search volunteers' }).fill('Osei');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByText('matching “Osei”').waitFor();
    const row = page.locator('table.people tbody tr').filter({ has: page.locator('td:nth-child(1)', { hasText: /^Marguerite Osei$/ }) }).filter({ has: page.locator('td:nth-child(2)', { hasText: /^Propagation$/ }) });
    assert(await row.count() === 1, 'exactly one Marguerite Osei in Propagation');
    await row.getByRole('button', { name: 'Remove' }).click();
    const dlg = page.getByRole('dialog', { name: 'Remove volunteer' });
    await dlg.waitFor();
    const body = page.locator('wa-dialog.confirm-dialog p');
    await body.waitFor();
    const dlgText = await body.innerText();
    assert(/Marguerite Osei/.test(dlgText), 'dialog names Marguerite Osei');
    assert(/Propagation/.test(dlgText), 'dialog names the propagation volunteer');
    await shot('volunteers-dialog');
    await page.getByRole('button', { name: 'Remove volunteer', exact: true }).click();
    await page.locator('.notice.ok', { hasText: 'has been removed' }).waitFor();
    return undefined;
  };

  const jobs = { grid: jobGrid, richtext: jobRichText, board: jobBoard, upload: jobUpload, chart: jobChart, booking: jobBooking, volunteers: jobVolunteers };
  const expectKey = {
    grid: (v) => v.jobs.grid.details.expectedAnswer,
    board: (v) => v.jobs.board.details.expectedAnswer,
    upload: (v) => v.jobs.upload.details.expectedAnswer,
    chart: (v) => String(v.jobs.chart.details.expected.value),
    booking: (v) => v.jobs.booking.details.expectedAnswer,
  };
  for (const [name, fn] of Object.entries(jobs)) {
    if (ONLY.length && !ONLY.includes(name)) continue;
    const t0 = Date.now();
    try {
      const answer = await fn();
      const v = await getVerify();
      const expected = expectKey[name] ? expectKey[name](v) : undefined;
      const ok = v.jobs[name].done && (expected === undefined || String(answer) === String(expected));
      results.push({ name, ok, answer, expected, ms: Date.now() - t0 });
      if (!ok) { failed = true; console.log(`✗ ${name}`, JSON.stringify(v.jobs[name].details).slice(0, 1500)); }
      else console.log(`✓ ${name}: ${answer === undefined ? 'end state checked' : `answer ${answer}`} (${Date.now() - t0} ms)`);
    } catch (e) {
      failed = true;
      results.push({ name, ok: false, error: e.message });
      console.log(`✗ ${name}: ${e.stack}`);
      await shot(`fail-${name}`).catch(() => {});
    }
  }

  // ---------------------------------------------------------------- final checks
  const v = await getVerify();
  const ran = Object.keys(jobs).filter((n) => !ONLY.length || ONLY.includes(n));
  const expectedHits = {
    grid: ['POST /api/accessions/changes'],
    richtext: ['PUT /api/notices/n1'],
    board: ['POST /api/works/W-117/move'],
    upload: ['POST /api/shop/stocktake'],
    chart: ['POST /api/climate/verifications'],
    booking: ['POST /api/bookings'],
    volunteers: ['DELETE /api/volunteers/V077'],
  };
  for (const n of ran) {
    if (!v.jobs[n].done) { failed = true; console.log(`✗ /__verify: ${n} not done`); }
    for (const h of expectedHits[n] || []) {
      if (v.hits[h] !== 1) { failed = true; console.log(`✗ hits: ${h} = ${v.hits[h]}`); }
    }
  }
  const allowed = new Set(ran.flatMap((n) => expectedHits[n] || []));
  for (const [h, n] of Object.entries(v.hits)) if (!allowed.has(h)) { failed = true; console.log(`✗ unexpected mutating call ${h} ×${n}`); }
  if (offsite.length) { failed = true; console.log('✗ requests left 127.0.0.1:', offsite); }
  else console.log('✓ no request left 127.0.0.1');
  if (pageErrors.length) { failed = true; console.log('✗ page errors:', pageErrors.slice(0, 5)); }
  console.log('hits:', JSON.stringify(v.hits));
} catch (e) {
  failed = true;
  console.log('✗ selftest crashed:', e.stack);
} finally {
  if (browser) await browser.close().catch(() => {});
  killServer();
}
const okCount = results.filter((r) => r.ok).length;
console.log(`${okCount} passed, ${results.length - okCount} failed`);
process.exit(failed ? 1 : 0);
