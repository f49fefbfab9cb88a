// Self-test: starts the server on a spare port and drives every job through the real UI.
import { spawn } from 'node:child_process';
import net from 'node:net';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PW = process.env.PLAYWRIGHT_CORE || '/work/main/node_modules/playwright-core/index.mjs';
const CHROMIUM = process.env.CHROMIUM || '/usr/lib/chromium/chromium-headless-shell';
const { chromium } = await import(PW);

const fail = (msg) => { throw new Error(msg); };
const expectEq = (got, want, what) => { if (got !== want) fail(`${what}: expected ${JSON.stringify(want)}, got ${JSON.stringify(got)}`); };

function answers() {
  const md = fs.readFileSync(path.join(ROOT, 'ANSWERS.md'), 'utf8');
  const out = {};
  for (const sec of md.split(/^## /m).slice(1)) {
    const n = Number(/^Job (\d+)/.exec(sec)?.[1]);
    const r = /^Report: `([^`]+)`/m.exec(sec);
    if (n && r) out[n] = r[1];
  }
  return out;
}
const spare = () => new Promise((res) => { const s = net.createServer(); s.listen(0, '127.0.0.1', () => { const p = s.address().port; s.close(() => res(p)); }); });

const port = await spare();
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, [path.join(ROOT, 'server.mjs')], { env: { ...process.env, PORT: String(port), IDLE_MS: '600000' }, stdio: ['ignore', 'pipe', 'pipe'] });
let serverErr = '';
server.stderr.on('data', (d) => { serverErr += d; });
await new Promise((res, rej) => {
  const t = setTimeout(() => rej(new Error('server did not start')), 10000);
  server.stdout.on('data', (d) => { if (/http:\/\/127\.0\.0\.1/.test(String(d))) { clearTimeout(t); res(); } });
  server.on('exit', (c) => rej(new Error('server exited ' + c + ' ' + serverErr)));
});

const problems = [];
const reported = {};
let browser;
const step = (name) => console.log(`• ${name}`);
try {
  await fetch(base + '/__reset', { method: 'POST' });
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  const page = await browser.newPage({ viewport: { width: 1366, height: 860 } });
  page.setDefaultTimeout(15000);
  page.on('pageerror', (e) => problems.push('pageerror: ' + e.message));
  page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()} ${r.failure()?.errorText}`));
  page.on('request', (r) => { const u = r.url(); if (!u.startsWith(base + '/') && !u.startsWith('data:') && !u.startsWith('blob:')) problems.push('off-host request: ' + u); });
  const nav = async (label) => { await page.locator('.sidenav a', { hasText: label }).first().click(); await page.waitForFunction((l) => document.querySelector('.topbar h1')?.textContent === l, label); };

  await page.goto(base + '/');
  await page.waitForSelector('.stat-num');

  // ---- Job 1: grid ----
  step('job 1: tenancy grid');
  await nav('Plot tenancies');
  await page.waitForSelector('.webix_ss_center .webix_cell');
  await page.locator('.webix_hs_center input[type="text"]').nth(1).pressSequentially('Okafor', { delay: 30 });
  await page.locator('.webix_hs_center select').nth(0).selectOption('Millbank Lane');
  const colCells = (c) => page.locator(`.webix_ss_center .webix_column[column="${c}"] .webix_cell`);
  await page.waitForFunction(() => document.querySelectorAll('.webix_ss_center .webix_column[column="3"] .webix_cell').length === 3);
  const firsts = await colCells(2).allInnerTexts();
  const sizes = await colCells(4).allInnerTexts();
  const rowIdx = firsts.findIndex((f, i) => f.trim() === 'Grace' && sizes[i].trim() === 'Half plot');
  if (rowIdx < 0) fail('target tenancy row not found');
  const ariaRow = await colCells(2).nth(rowIdx).getAttribute('aria-rowindex');
  const gridBox = await page.locator('.webix_ss_body').first().boundingBox();
  const scrollToCol = async (c) => {
    for (let k = 0; k < 20; k++) {
      const cell = page.locator(`.webix_ss_center .webix_column[column="${c}"] .webix_cell[aria-rowindex="${ariaRow}"]`);
      if (await cell.count()) {
        const b = await cell.boundingBox();
        if (b && b.x + b.width <= gridBox.x + gridBox.width + 1 && b.x >= gridBox.x) return cell;
      }
      await page.mouse.move(gridBox.x + gridBox.width / 2, gridBox.y + 40);
      await page.mouse.wheel(250, 0);
      await page.waitForTimeout(150);
    }
    fail('could not scroll to column ' + c);
  };
  let cell = await scrollToCol(12);
  await cell.click();
  await page.locator('.webix_popup .webix_list_item:visible', { hasText: 'Waived' }).click();
  await page.waitForTimeout(300);
  expectEq((await (await scrollToCol(12)).innerText()).trim(), 'Waived', 'rent status cell');
  cell = await scrollToCol(18);
  await cell.click();
  const ed = page.locator('.webix_dt_editor input');
  await ed.waitFor();
  await ed.fill('Hardship fund 2027');
  await ed.press('Enter');
  await page.waitForTimeout(200);
  reported[1] = (await (await scrollToCol(17)).innerText()).trim();
  await page.locator('button', { hasText: 'Save changes (1)' }).click();
  await page.locator('text=Saved 1 tenancy.').waitFor();

  // ---- Job 2: rich text ----
  step('job 2: winter notice');
  await nav('Notices to tenants');
  await page.waitForSelector('.rte-body p');
  const wordPoint = (para, word) => page.evaluate(([para, word]) => {
    const p = [...document.querySelectorAll('.rte-body p, .rte-body div')].find((e) => e.textContent.includes(para));
    if (!p) return null;
    const w = document.createTreeWalker(p, NodeFilter.SHOW_TEXT);
    let n;
    while ((n = w.nextNode())) {
      const i = n.data.indexOf(word);
      if (i >= 0) { const r = document.createRange(); r.setStart(n, i); r.setEnd(n, i + word.length); const b = r.getBoundingClientRect(); return { x: b.x + 2, y: b.y + b.height / 2 }; }
    }
    return null;
  }, [para, word]);
  const dbl = async (para, word) => { const pt = await wordPoint(para, word); if (!pt) fail(`word ${word} not found`); await page.mouse.dblclick(pt.x, pt.y); };
  await dbl('at Millbank Lane only', 'first');
  await page.keyboard.type('last');
  await dbl('at Millbank Lane only', 'last');
  for (let i = 0; i < 7; i++) await page.keyboard.press('Shift+ArrowRight');
  await page.locator('.rte-toolbar button[title^="Bold"]').click();
  await dbl('troughs at all sites', 'drained');
  await page.locator('.rte-toolbar button[title^="Italic"]').click();
  await dbl('join the waiting list', 'waiting');
  for (let i = 0; i < 5; i++) await page.keyboard.press('Shift+ArrowRight');
  await page.locator('.rte-toolbar button', { hasText: /^Link$/ }).click();
  await page.locator('.link-pop input').fill('https://www.brackenford.gov.uk/allotments/waiting-list');
  await page.locator('.link-pop button', { hasText: 'Insert' }).click();
  await page.waitForTimeout(200);
  await page.locator('button', { hasText: 'Save notice' }).click();
  await page.locator('text=Notice saved.').waitFor();

  // ---- Job 3: drag + toast ----
  step('job 3: inspections board');
  await nav('Inspections board');
  const card = page.locator('.lane-body[data-column="scheduled"] .card').filter({ hasText: 'Priya Shah' }).filter({ hasText: 'Hazel Road' });
  await card.waitFor();
  if ((await card.count()) !== 1) fail('inspection card not unique');
  const cb = await card.boundingBox();
  const lane = await page.locator('.lane-body[data-column="passed"]').boundingBox();
  await page.mouse.move(cb.x + cb.width / 2, cb.y + cb.height / 2);
  await page.mouse.down();
  await page.mouse.move(cb.x + cb.width / 2 + 10, cb.y + cb.height / 2 + 5, { steps: 3 });
  await page.mouse.move(lane.x + lane.width / 2, lane.y + lane.height - 40, { steps: 15 });
  await page.mouse.up();
  const toast = page.locator('.humane-flatty', { hasText: 'certificate' });
  await toast.waitFor({ state: 'visible' });
  reported[3] = (/PC-\d{4}-\d+/.exec(await toast.innerText()) || [])[0];
  await toast.waitFor({ state: 'hidden', timeout: 5000 });

  // ---- Job 4: upload ----
  step('job 4: soil test upload');
  await nav('Soil tests');
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.locator('button', { hasText: 'Choose file' }).click()]);
  await chooser.setFiles(path.join(ROOT, 'files', 'soil-samples-cinder-path-plot-21.csv'));
  await page.locator('.result h3', { hasText: 'plot-21' }).waitFor();
  reported[4] = (await page.locator('.facts dd.big').innerText()).trim();

  // ---- Job 5: chart hover ----
  step('job 5: water usage chart');
  await nav('Water usage');
  await page.locator('.site-select option', { hasText: 'Hazelwood Road' }).waitFor({ state: 'attached' });
  await page.locator('.site-select').selectOption({ label: 'Hazelwood Road' });
  await page.locator('h2', { hasText: 'Water usage at Hazelwood Road' }).waitFor();
  await page.waitForSelector('.chart svg circle');
  const svg = await page.locator('.chart svg').boundingBox();
  let val = null;
  for (let x = svg.x + 10; x < svg.x + svg.width; x += 8) {
    await page.mouse.move(x, svg.y + svg.height / 2);
    const lbl = await page.locator('.morris-hover-row-label').innerText().catch(() => '');
    if (lbl.trim() === 'Mar 2027' && await page.locator('.morris-hover').isVisible()) {
      const t = await page.locator('.morris-hover-point', { hasText: 'Standpipes' }).innerText();
      val = t.replace(/^\s*Standpipes:\s*/, '').trim();
      break;
    }
  }
  if (!val) fail('could not read chart hover for Mar 2027');
  reported[5] = val;

  // ---- Job 6: booking form ----
  step('job 6: book a viewing');
  await nav('Plot viewings');
  await page.locator('.selectr-selected').click();
  await page.locator('.selectr-input').fill('Hannah Price');
  await page.locator('.selectr-option:visible', { hasText: 'Hannah Price (BF4 2LT)' }).click();
  await page.locator('#vw-site').selectOption({ label: 'Hazelwood Road' });
  await page.locator('#vw-date').click();
  const dp = page.locator('.Zebra_DatePicker:visible');
  await dp.waitFor();
  expectEq((await dp.locator('.dp_caption').innerText()).trim(), 'September, 2027', 'date picker month');
  for (const d of ['27', '28']) if (!(await dp.locator('.dp_daypicker td:not(.dp_not_in_month)', { hasText: new RegExp(`^${d}$`) }).getAttribute('class')).includes('dp_disabled')) fail(`${d} Sep should be disabled`);
  await dp.locator('.dp_daypicker td:not(.dp_disabled):not(.dp_not_in_month)', { hasText: /^29$/ }).click();
  expectEq(await page.locator('#vw-date').inputValue(), 'Wed 29 Sep 2027', 'date input');
  await page.locator('#vw-time').selectOption('10:30');
  await page.locator('#vw-note').fill('Prefers a half plot near the main gate.');
  await page.locator('button', { hasText: 'Book viewing' }).click();
  await page.locator('.confirm-box .ref').waitFor();
  reported[6] = (await page.locator('.confirm-box .ref').innerText()).trim();

  // ---- Job 7: delete behind confirm ----
  step('job 7: waiting list delete');
  await nav('Waiting list');
  await page.locator('table.waiting tbody tr').first().waitFor();
  await page.locator('.search input').fill('Marsh');
  await page.locator('.search button', { hasText: 'Search' }).click();
  await page.locator('text=matching').waitFor();
  await page.waitForFunction(() => document.querySelectorAll('table.waiting tbody tr').length === 10 && /Page 1 of 2/.test(document.querySelector('.pager').textContent));
  const isTarget = (tr) => tr.filter({ hasText: 'Daniel Marsh' }).filter({ hasText: 'BF3 9QJ' }).filter({ hasText: 'Millbank Lane' });
  if (await isTarget(page.locator('table.waiting tbody tr')).count()) fail('target should not be on page 1');
  await page.locator('.pager button', { hasText: 'Next' }).click();
  await page.waitForFunction(() => /Page 2 of 2/.test(document.querySelector('.pager').textContent));
  const row = isTarget(page.locator('table.waiting tbody tr'));
  await row.waitFor();
  expectEq(await row.count(), 1, 'target rows on page 2');
  await row.locator('button', { hasText: 'Remove' }).click();
  const modal = page.locator('.confirm-remove');
  await modal.waitFor({ state: 'visible' });
  if (!/Daniel Marsh/.test(await modal.innerText())) fail('confirm dialog does not name Daniel Marsh');
  await modal.locator('button', { hasText: 'Remove' }).click();
  await page.locator('.flash', { hasText: 'was removed' }).waitFor();
  await page.waitForTimeout(500);

  // ---- verify ----
  step('checking /__verify');
  const v = await (await fetch(base + '/__verify')).json();
  for (const [k, j] of Object.entries(v.jobs)) if (!j.done) fail(`job ${k} not done: ${JSON.stringify(j.details).slice(0, 800)}`);
  expectEq(Object.keys(v.jobs).length, 7, 'number of jobs');
  const wantHits = ['POST /api/tenancies/bulk', 'PUT /api/notices/winter', 'POST /api/inspections/INS-301/move', 'POST /api/soil-tests/upload', 'POST /api/viewings', 'DELETE /api/waiting-list/WL-1107'];
  expectEq(JSON.stringify(Object.keys(v.hits).sort()), JSON.stringify(wantHits.slice().sort()), 'mutating endpoints hit');
  for (const k of wantHits) expectEq(v.hits[k], 1, `hits for ${k}`);
  const ans = answers();
  for (const n of Object.keys(ans)) expectEq(reported[n], ans[n], `job ${n} reported answer`);
  if (problems.length) fail('browser problems:\n  ' + problems.join('\n  '));
  // reset restores the seed
  await fetch(base + '/__reset', { method: 'POST' });
  const v2 = await (await fetch(base + '/__verify')).json();
  if (Object.values(v2.jobs).some((j) => j.done) || Object.keys(v2.hits).length) fail('/__reset did not restore the seed');
  console.log('reported:', JSON.stringify(reported));
  console.log(`SELFTEST PASSED: 7/7 jobs done, ${wantHits.length} mutating endpoints hit once each, answers match ANSWERS.md`);
  console.log('7 passed, 0 failed');
} catch (e) {
  console.error('SELFTEST FAILED:', e.message);
  if (problems.length) console.error('browser problems:\n  ' + problems.join('\n  '));
  process.exitCode = 1;
} finally {
  if (browser) await browser.close().catch(() => {});
  server.kill();
}
