// Self-test: starts its own server on port 4699 and drives every job once like a user would.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '/work/main/node_modules/playwright-core/index.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PORT = 4699;
const BASE = `http://127.0.0.1:${PORT}`;
const log = (...a) => console.log('[drive]', ...a);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const srv = spawn(process.execPath, ['server.mjs'], { cwd: ROOT, env: { ...process.env, PORT: String(PORT), IDLE_MS: '600000' }, stdio: ['ignore', 'pipe', 'inherit'] });
await new Promise((resolve, reject) => {
  srv.stdout.on('data', (d) => { if (String(d).includes('http://127.0.0.1')) resolve(); });
  srv.on('exit', (c) => reject(new Error('server exited ' + c)));
});
await fetch(BASE + '/__reset', { method: 'POST' });

const browser = await chromium.launch({ executablePath: '/usr/lib/chromium/chromium-headless-shell', args: ['--no-sandbox'] });
const page = await browser.newPage({ viewport: { width: 1366, height: 860 } });
const foreign = [];
page.on('request', (r) => { const u = new URL(r.url()); if (!['127.0.0.1'].includes(u.hostname) && !['data:', 'blob:'].includes(u.protocol)) foreign.push(r.url()); });
page.on('pageerror', (e) => log('PAGE ERROR', e.message));
const reports = {};
let failed = false;
try {
  await page.goto(BASE + '/');
  await page.waitForURL('**/vessels');
  const menu = (name) => page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name });

  // ---- Job 1: vessel register grid
  log('job 1: vessel grid');
  await menu('Vessel register').click();
  await page.locator('.dt-row').first().waitFor();
  const nameCol = await page.locator('.dt-cell--header .dt-cell__content[title="Name"]').first()
    .evaluate((el) => el.closest('.dt-cell').dataset.colIndex);
  await page.getByRole('button', { name: 'Filter rows' }).click();
  await page.locator(`.dt-filter[data-col-index="${nameCol}"]`).pressSequentially('Kittiwake', { delay: 40 });
  await sleep(700);
  const scroller = page.locator('.dt-scrollable');
  await scroller.evaluate((el) => { el.scrollLeft = el.scrollWidth; }); // scroll right to see the home port
  await sleep(300);
  const cands = await page.evaluate(() => {
    const head = [...document.querySelectorAll('.dt-header .dt-cell--header .dt-cell__content[title]')];
    const idx = {}; head.forEach((h) => { idx[h.title] = h.closest('.dt-cell').dataset.colIndex; });
    return [...document.querySelectorAll('.dt-scrollable .dt-row')].map((r) => {
      const g = (n) => r.querySelector(`.dt-cell[data-col-index="${idx[n]}"]`)?.textContent.trim();
      return { row: r.dataset.rowIndex, name: g('Name'), model: g('Model'), year: g('Built'), port: g('Home port'), berth: g('Berth'), berthCol: idx['Berth'] };
    });
  });
  const target = cands.filter((c) => c.name === 'Kittiwake' && c.model === 'Centaur' && c.year === '1978' && c.port === 'Falmouth');
  if (target.length !== 1) throw new Error('job1: expected one target row, got ' + JSON.stringify(cands));
  const t1 = target[0];
  const berthCell = page.locator(`.dt-scrollable .dt-row[data-row-index="${t1.row}"] .dt-cell[data-col-index="${t1.berthCol}"]`);
  await berthCell.scrollIntoViewIfNeeded();
  await berthCell.dblclick();
  const inp = berthCell.locator('input.dt-input');
  await inp.waitFor();
  await inp.fill('C-14');
  await inp.press('Enter');
  await page.getByRole('button', { name: /Save changes \(1\)/ }).click();
  await page.getByRole('status').filter({ hasText: 'Saved 1 change' }).waitFor();

  // ---- Job 2: tariff note in Editor.js
  log('job 2: tariff editor');
  await menu('Tariff notes').click();
  const para = page.locator('.ce-paragraph', { hasText: 'From 10 m to 12 m' });
  await para.waitFor();
  const box = await para.evaluate((el) => {
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    const needle = 'From 10 m to 12 m: £385';
    let n;
    while ((n = walker.nextNode())) {
      const i = n.data.indexOf(needle);
      if (i >= 0) { const r = document.createRange(); r.setStart(n, i + needle.length - 3); r.setEnd(n, i + needle.length); const b = r.getBoundingClientRect(); return { x: b.x + b.width / 2, y: b.y + b.height / 2 }; }
    }
    return null;
  });
  await page.mouse.dblclick(box.x, box.y);
  const sel = await page.evaluate(() => String(getSelection()));
  if (sel.trim() !== '385') throw new Error('job2: selection was ' + JSON.stringify(sel));
  await page.keyboard.type('410');
  await page.getByRole('button', { name: 'Save tariff note' }).click();
  await page.getByRole('status').filter({ hasText: 'Tariff note saved' }).waitFor();

  // ---- Job 3: lift schedule, toast
  log('job 3: lift schedule toast');
  await menu('Lift schedule').click();
  await page.getByRole('button', { name: 'Confirm lift' }).first().waitFor();
  const liftRow = page.locator('tr').filter({ has: page.locator('td', { hasText: /^Grey Heron$/ }) }).filter({ hasText: 'Relaunch' }).filter({ hasText: '9 Feb 2027' });
  if ((await liftRow.count()) !== 1) throw new Error('job3: row count ' + (await liftRow.count()));
  await liftRow.getByRole('button', { name: 'Confirm lift' }).click();
  const toast = page.locator('#toast-container .toast-success .toast-message');
  await toast.waitFor({ timeout: 1500 });
  const toastText = await toast.textContent();
  reports[3] = (toastText.match(/SLP-[A-Z0-9]+/) || [])[0];
  log('  toast:', toastText);
  await toast.waitFor({ state: 'detached', timeout: 6000 });

  // ---- Job 4: fuel dock upload
  log('job 4: fuel upload');
  await menu('Fuel dock import').click();
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.locator('.custom-file-container .browse-button').click(),
  ]);
  await chooser.setFiles(path.join(ROOT, 'files', 'fuel-log-2026-10.csv'));
  await page.locator('.custom-file-container', { hasText: 'fuel-log-2026-10.csv' }).waitFor();
  await page.getByRole('button', { name: 'Import log' }).click();
  const res4 = page.getByRole('status').filter({ hasText: 'Imported' });
  await res4.waitFor();
  reports[4] = (await res4.locator('tr', { hasText: 'Diesel' }).locator('td').textContent()).trim();
  log('  diesel:', reports[4]);

  // ---- Job 5: chart tooltip
  log('job 5: chart tooltip');
  await menu('Lift activity').click();
  const bars = page.locator('#lift-chart svg .mark-rect path');
  await bars.first().waitFor();
  const nb = await bars.count();
  for (let i = 0; i < nb; i++) {
    await page.mouse.move(5, 5);
    await sleep(60);
    await bars.nth(i).hover({ force: true });
    await sleep(120);
    const tip = (await page.locator('#vg-tooltip-element').textContent().catch(() => '')) || '';
    if (process.env.DEBUG) log('  tip', i, tip);
    if (tip.includes('Travel-lift 75t') && tip.includes('2026')) { reports[5] = tip.match(/Lifts\s*:?\s*(\d+)/)[1]; log('  tooltip:', tip); break; }
  }
  if (!reports[5]) throw new Error('job5: tooltip not found');

  // ---- Job 6: booking form
  log('job 6: booking');
  await menu('Book a yard slot').click();
  const vsel = page.locator('#vessel');
  await vsel.locator('option', { hasText: 'Puffin Lady — Fairline' }).waitFor({ state: 'attached' });
  const optVal = await vsel.locator('option', { hasText: 'Puffin Lady — Fairline' }).getAttribute('value');
  await vsel.selectOption(optVal);
  await page.locator('#slot-date').click();
  const cal = page.locator('.easepick-wrapper');
  for (let k = 0; k < 12; k++) {
    const head = await cal.locator('.month-name').first().textContent();
    if (/March/.test(head) && /2027/.test(head)) break;
    await cal.locator('.next-button').click();
  }
  await cal.locator('.day:not(.locked)', { hasText: /^16$/ }).click();
  const dv = await page.locator('#slot-date').inputValue();
  if (!dv.includes('16 March 2027')) throw new Error('job6: date ' + dv);
  await page.locator('#slot-time').selectOption('09:30');
  const vs = page.locator('#services');
  await vs.locator('.vscomp-value-tag', { hasText: 'Antifouling' }).locator('.vscomp-value-tag-clear-button').click();
  await vs.locator('.vscomp-toggle-button').click();
  for (const s of ['Engine service', 'Anode replacement']) {
    await page.locator('.vscomp-option:visible', { hasText: s }).click();
  }
  await page.keyboard.press('Escape');
  await page.locator('h1').click();
  const tags = await vs.locator('.vscomp-value-tag .vscomp-value-tag-content').allTextContents();
  log('  services:', tags.join(', '));
  await page.getByRole('button', { name: 'Book slot' }).click();
  await page.getByRole('status').filter({ hasText: 'Booked' }).waitFor();

  // ---- Job 7: invoices list + confirm dialog
  log('job 7: invoices');
  await menu('Invoices').click();
  await page.locator('table.list tbody tr').nth(5).waitFor();
  await page.getByRole('searchbox', { name: 'Search invoices' }).fill('Morgan');
  let found = null;
  for (let pg = 1; pg < 10 && !found; pg++) {
    const rows = page.locator('table.list tbody tr');
    const n = await rows.count();
    for (let i = 0; i < n; i++) {
      const cells = (await rows.nth(i).locator('td').allTextContents()).map((s) => s.trim());
      if (cells[0] === 'Dafydd Morgan' && cells[1] === 'Skylark' && cells[5] === '£1,240.00' && /Aug 2026/.test(cells[3]) && cells[6] === 'Overdue') { found = rows.nth(i); break; }
    }
    if (!found) { const next = page.getByRole('button', { name: 'Next ›' }); if (await next.isDisabled()) break; await next.click(); }
  }
  if (!found) throw new Error('job7: row not found');
  await found.locator('summary').click();
  reports[7] = (await found.locator('.more-menu b').textContent()).trim();
  await found.getByRole('button', { name: 'Write off…' }).click();
  const modal = page.locator('.tingle-modal.tingle-modal--visible');
  await modal.waitFor();
  await modal.getByRole('button', { name: 'Write off' }).click();
  await page.getByRole('status').filter({ hasText: 'written off' }).waitFor();

  // deep link check
  const dl = await fetch(BASE + '/invoices?x=1'); if (!(await dl.text()).includes('<div id="app">')) throw new Error('deep link');
} catch (e) {
  failed = true;
  console.error('[drive] FAILED:', e.message);
  await page.screenshot({ path: '/tmp/trial11-fail.png' }).catch(() => {});
}
await browser.close();

const v = await (await fetch(BASE + '/__verify')).json();
srv.kill();
let ok = !failed;
for (const [k, j] of Object.entries(v.jobs)) {
  const rep = j.expectedReport !== undefined ? ` report=${reports[k]} expected=${j.expectedReport}` : '';
  const repOk = j.expectedReport === undefined || String(j.expectedReport).includes(String(reports[k]).replace(/ L$/, '').replace(/,/g, '')) || String(j.expectedReport).includes(String(reports[k]));
  if (!j.done || !repOk) ok = false;
  log(`job ${k}: done=${j.done}${rep}${repOk ? '' : ' REPORT MISMATCH'}`);
}
for (const [ep, n] of Object.entries(v.hits)) { log(`hits ${ep} = ${n}`); if (n !== 1) ok = false; }
if (foreign.length) { ok = false; log('foreign requests:', foreign); } else log('no requests left 127.0.0.1');
log(ok ? 'SELFTEST PASSED' : 'SELFTEST FAILED');
process.exit(ok ? 0 : 1);
