// Self-test: start a fresh server on port 4698 and drive all seven jobs like a user would.
import { chromium } from '/work/main/node_modules/playwright-core/index.mjs';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PORT = 4698;
const BASE = `http://127.0.0.1:${PORT}`;
const log = (...a) => console.log('[drive]', ...a);

const server = spawn(process.execPath, ['server.mjs'], { cwd: ROOT, env: { ...process.env, PORT: String(PORT), IDLE_MS: '600000' }, stdio: ['ignore', 'pipe', 'inherit'] });
await new Promise((resolve, reject) => {
  server.stdout.on('data', (d) => { if (String(d).includes('http://')) resolve(); });
  server.on('exit', (c) => reject(new Error(`server exited ${c}`)));
  setTimeout(() => reject(new Error('server did not start')), 10000);
});

const browser = await chromium.launch({ executablePath: '/usr/lib/chromium/chromium-headless-shell', args: ['--no-sandbox'] });
const page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
const external = [];
page.on('request', (r) => { if (!r.url().startsWith(BASE) && !r.url().startsWith('data:') && !r.url().startsWith('blob:')) external.push(r.url()); });
page.on('pageerror', (e) => log('pageerror:', e.message));
const reports = {};
const menu = async (label) => { await page.locator('kh-app nav a', { hasText: label }).click(); await page.waitForTimeout(400); };

try {
  await page.goto(BASE + '/');
  await page.waitForURL('**/accessions');

  // ---- Job 1: accession register grid ----
  log('job 1');
  await menu('Accession register');
  const grid = page.locator('kh-accessions');
  await grid.locator('tbody tr td[data-x="0"]').first().waitFor();
  await grid.locator('input.jexcel_search').fill('Primula veris');
  await page.waitForTimeout(400);
  let target = null;
  for (let pg = 0; pg < 10 && !target; pg++) {
    const rows = grid.locator('table.jexcel tbody tr');
    const n = await rows.count();
    for (let i = 0; i < n; i++) {
      const row = rows.nth(i);
      const cell = async (x) => { const c = row.locator(`td[data-x="${x}"]`); await c.scrollIntoViewIfNeeded(); return (await c.innerText()).trim(); };
      if ((await cell(1)) !== 'Primula veris' || (await cell(4)) !== 'M. Okonkwo' || (await cell(5)) !== 'Harrow Down' || !(await cell(7)).startsWith('2024-05')) continue;
      if ((await cell(17)) === 'Meadow Futures') { target = row; break; }
    }
    if (!target) { const next = grid.locator('.jexcel_page_selected + .jexcel_page'); if (await next.count()) await next.click(); else break; }
  }
  if (!target) throw new Error('job 1: row not found');
  log('job 1 row', await target.locator('td[data-x="0"]').innerText());
  const seed = target.locator('td[data-x="9"]');
  await seed.scrollIntoViewIfNeeded();
  await seed.dblclick();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('3870');
  await page.keyboard.press('Enter');
  await page.waitForTimeout(200);
  await grid.getByRole('button', { name: 'Save changes' }).click();
  await grid.getByText(/Saved 1 change/).waitFor();

  // ---- Job 2: protocol editor ----
  log('job 2');
  await menu('Germination protocols');
  const prot = page.locator('kh-protocols');
  await prot.getByRole('option', { name: /Marsh gentian/ }).click();
  const para = prot.locator('.ProseMirror p', { hasText: 'Cold-stratify the dishes' });
  await para.waitFor();
  const box = await para.evaluate((el) => {
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    let node; while ((node = walker.nextNode())) {
      const i = node.data.indexOf('for 48 days');
      if (i >= 0) { const r = document.createRange(); r.setStart(node, i + 4); r.setEnd(node, i + 6); const b = r.getBoundingClientRect(); return { x: b.x + b.width / 2, y: b.y + b.height / 2 }; }
    }
    return null;
  });
  await page.mouse.dblclick(box.x, box.y);
  await page.keyboard.type('84');
  const newText = await para.innerText();
  if (!newText.includes('at 4 °C for 84 days')) throw new Error('job 2: edit failed: ' + newText);
  await prot.getByRole('button', { name: 'Save protocol' }).click();
  await prot.getByText(/Protocol saved/).waitFor();

  // ---- Job 3: dispatch release with toast ----
  log('job 3');
  await menu('Dispatch batches');
  const disp = page.locator('kh-dispatch');
  const brow = disp.locator('tbody tr').filter({ hasText: 'Wicken Fen wet meadow restoration' }).filter({ hasText: 'Gentiana pneumonanthe' });
  await brow.getByRole('button', { name: /Release/ }).click();
  await page.locator('.notie-container').getByText('Release', { exact: true }).click();
  const toast = page.locator('.notie-container', { hasText: 'Release reference' });
  await toast.waitFor({ timeout: 3000 });
  const toastText = await toast.innerText();
  reports[3] = toastText.match(/REL-[A-Z0-9-]+/)[0];
  log('job 3 toast:', toastText.trim());

  // ---- Job 4: upload CSV ----
  log('job 4');
  await menu('Germination test import');
  const germ = page.locator('kh-germination');
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), germ.locator('cds-file-uploader-drop-container').click()]);
  await chooser.setFiles(path.join(ROOT, 'files', 'germination-run-GT-3814.csv'));
  const overall = germ.locator('dt', { hasText: 'Overall germination' }).locator('xpath=following-sibling::dd[1]');
  await overall.waitFor();
  reports[4] = (await overall.innerText()).trim();
  log('job 4 figure:', reports[4]);

  // ---- Job 5: chart tooltip ----
  log('job 5');
  await menu('Collecting activity');
  const canvas = page.locator('kh-collections canvas').first();
  await canvas.waitFor();
  await page.waitForTimeout(800);
  const cb = await canvas.boundingBox();
  const tip = page.locator('kh-collections .g2-tooltip');
  let found = null;
  for (let x = cb.x + 60; x < cb.x + cb.width - 10 && !found; x += 6) {
    await page.mouse.move(x, cb.y + cb.height - 80);
    await page.waitForTimeout(40);
    if (await tip.isVisible().catch(() => false)) {
      const t = await tip.innerText();
      if (t.includes('Ines Valdivia · 2025')) found = t;
    }
  }
  if (!found) throw new Error('job 5: tooltip not found');
  reports[5] = found.match(/Accessions\s*(\d+)/)[1];
  log('job 5 tooltip:', found.replace(/\s+/g, ' '));

  // ---- Job 6: cold room booking ----
  log('job 6');
  await menu('Cold room booking');
  const cr = page.locator('kh-coldroom');
  const dateInput = cr.locator('vaadin-date-picker input');
  await dateInput.click();
  // the popup shows months as a scrolling list; past days are disabled
  const past = page.locator('td[part~="date"][part~="past"]').first();
  await past.waitFor();
  if (!(await past.getAttribute('part')).includes('disabled')) throw new Error('job 6: past dates are not disabled');
  const day = page.locator('td[part~="date"][aria-label^="14 January 2027"]');
  await day.scrollIntoViewIfNeeded();
  await day.click();
  await page.waitForTimeout(300);
  if ((await dateInput.inputValue()) !== '1/14/2027') throw new Error('job 6: date not picked: ' + (await dateInput.inputValue()));
  await cr.locator('#time').click();
  await page.locator('vaadin-select-item', { hasText: '10:30' }).click();
  await cr.locator('#room').click();
  await page.locator('vaadin-select-item', { hasText: 'Cold vault B' }).click();
  await cr.locator('vaadin-multi-select-combo-box-chip', { hasText: 'Ruth Okafor' }).locator('[part~="remove-button"]').click();
  const msInput = cr.locator('vaadin-multi-select-combo-box input');
  await msInput.click();
  await msInput.pressSequentially('Ada Lind');
  await page.locator('vaadin-multi-select-combo-box-item', { hasText: 'Ada Lindqvist' }).click();
  await page.keyboard.press('Escape');
  await cr.locator('#purpose').fill('Inventory audit');
  await cr.getByRole('button', { name: 'Book slot' }).click();
  await cr.getByText(/^Booked /).waitFor();
  log('job 6:', await cr.locator('.msg').innerText());

  // ---- Job 7: requests list ----
  log('job 7');
  await menu('Distribution requests');
  const rq = page.locator('kh-requests');
  await rq.locator('.dt-search input').fill('Pulsatilla');
  await page.waitForTimeout(300);
  let hit = null;
  for (let pg = 0; pg < 20 && !hit; pg++) {
    const rows = rq.locator('#tbl tbody tr');
    const n = await rows.count();
    for (let i = 0; i < n; i++) {
      const cells = (await rows.nth(i).locator('td').allInnerTexts()).map((s) => s.trim());
      if (cells[1] === 'Lund University' && cells[4] === '12' && / Mar 2026$/.test(cells[5]) && cells[7] === 'Pending') { hit = { row: rows.nth(i), id: cells[0] }; break; }
    }
    if (!hit) { const next = rq.locator('button.dt-paging-button.next:not(.disabled)'); if (await next.count()) { await next.click(); await page.waitForTimeout(150); } else break; }
  }
  if (!hit) throw new Error('job 7: row not found');
  await hit.row.getByRole('button', { name: /Cancel/ }).click();
  await rq.locator('#confirm[aria-hidden="false"], #confirm:not([aria-hidden])').waitFor();
  await rq.locator('#confirm').getByRole('button', { name: 'Cancel request' }).click();
  await rq.getByText(`Request ${hit.id} cancelled.`).waitFor();
  reports[7] = hit.id;
  log('job 7 id:', hit.id);

  // ---- verify ----
  const v = await (await fetch(BASE + '/__verify')).json();
  let ok = true;
  for (const [k, j] of Object.entries(v.jobs)) {
    const rep = j.expectedReport !== undefined ? ` report=${reports[k]} expected=${j.expectedReport}` : '';
    const good = j.done && (j.expectedReport === undefined || String(reports[k]) === String(j.expectedReport));
    if (!good) ok = false;
    log(`job ${k}: done=${j.done}${rep}${good ? '' : '  <-- FAIL ' + JSON.stringify(j.details)}`);
  }
  for (const [k, n] of Object.entries(v.hits)) { if (n !== 1) ok = false; log(`hits ${k}=${n}`); }
  if (external.length) { ok = false; log('EXTERNAL REQUESTS:', external); }
  log(ok ? 'SELFTEST PASSED: all 7 jobs done, every mutating endpoint hit once, no external requests' : 'SELFTEST FAILED');
  process.exitCode = ok ? 0 : 1;
} catch (e) {
  log('ERROR', e.message);
  await page.screenshot({ path: '/tmp/ts10-fail.png' }).catch(() => {});
  process.exitCode = 1;
} finally {
  await browser.close();
  server.kill();
}
