// Self-test: starts its own server on a spare port, drives all seven jobs in headless
// Chromium with playwright-core, then checks /__verify. Exits 0 on success.
//
//   npm run selftest            (uses CHROMIUM_PATH or /usr/lib/chromium/chromium-headless-shell)
//   HEADED=1 / SHOTS=1          (SHOTS=1 writes screenshots to selftest/shots/)
import { spawn } from 'node:child_process';
import net from 'node:net';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/lib/chromium/chromium-headless-shell';
const SHOTS = process.env.SHOTS === '1';

async function loadPlaywright() {
  try { return await import('playwright-core'); } catch { /* not installed locally */ }
  return await import('/work/main/node_modules/playwright-core/index.mjs');
}

function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => resolve(port)); });
  });
}

const log = (...a) => console.log('[selftest]', ...a);
const fail = (msg) => { throw new Error(msg); };
const expectEq = (label, got, want) => {
  if (got !== want) fail(`${label}: expected ${JSON.stringify(want)}, got ${JSON.stringify(got)}`);
  log(`  ${label}: ${got}`);
};

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, [path.join(ROOT, 'server.mjs')], {
  cwd: ROOT, env: { ...process.env, PORT: String(port), IDLE_MS: '600000' }, stdio: ['ignore', 'pipe', 'pipe'],
});
server.stdout.on('data', (d) => process.stdout.write('[server] ' + d));
server.stderr.on('data', (d) => process.stderr.write('[server] ' + d));

let browser;
let exitCode = 1;
try {
  // wait for the server
  for (let i = 0; ; i++) {
    try { const r = await fetch(base + '/api/meta'); if (r.ok) break; } catch { /* not yet */ }
    if (i > 100) fail('server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  await fetch(base + '/__reset', { method: 'POST' });

  const { chromium } = await loadPlaywright();
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'], headless: process.env.HEADED !== '1' });
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-GB', timezoneId: 'Europe/London' });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
  const page = await context.newPage();
  page.setDefaultTimeout(15000);
  const outside = [];
  page.on('request', (r) => { const u = r.url(); if (/^https?:/.test(u) && !u.startsWith(base)) outside.push(u); });
  page.on('pageerror', (e) => log('page error:', e.message));
  const shot = async (name) => { if (SHOTS) { fs.mkdirSync(path.join(ROOT, 'selftest', 'shots'), { recursive: true }); await page.screenshot({ path: path.join(ROOT, 'selftest', 'shots', name + '.png') }); } };
  const answers = {};

  // ---------------------------------------------------------------- dashboard
  await page.goto(base + '/');
  await page.getByRole('heading', { name: /Good morning/ }).waitFor();
  for (const name of ['Vessel register', 'Workshop board', 'Crane & lift bookings', 'Engine hours', 'Fuel dock', 'Notices', 'Customers']) {
    if (!(await page.getByRole('link', { name }).first().isVisible())) fail(`dashboard link missing: ${name}`);
  }
  log('dashboard OK');

  // ---------------------------------------------------------------- 1. vessel register (grid)
  log('job 1: vessel register');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Vessel register' }).click();
  await page.getByText('Showing 320 of 320 vessels').waitFor();
  await page.getByLabel('Search vessels').fill('Pennock');
  await page.getByText('Showing 3 of 320 vessels').waitFor();
  await page.getByLabel('Pontoon', { exact: true }).selectOption('D');
  await page.getByText('Showing 1 of 320 vessels').waitFor();
  await page.waitForTimeout(300);
  const grid = page.locator('.vgrid');
  const gbox = await grid.boundingBox();
  // row 1 (first body row), "Vessel" column (frozen, x ~ 106..284)
  await page.mouse.click(gbox.x + 190, gbox.y + 38 + 17);
  await page.waitForTimeout(200);
  for (let i = 0; i < 6; i++) await page.keyboard.press('ArrowRight'); // -> Status column
  await page.keyboard.press('Enter'); // opens the dropdown editor
  const sel = grid.getByRole('combobox', { name: 'Status' });
  await sel.waitFor();
  await sel.selectOption('Hauled out'); // commits on change
  await sel.waitFor({ state: 'detached' });
  await page.keyboard.press('ArrowRight'); // -> Yard note
  await page.keyboard.press('Enter');
  const input = grid.getByRole('textbox', { name: 'Yard note' });
  await page.waitForFunction(() => [...document.querySelectorAll('.vgrid input[aria-label="Yard note"]')].some((e) => e.style.opacity === '1'));
  await input.fill('Keel bolts to inspect');
  await input.press('Enter');
  await page.getByRole('button', { name: 'Save changes (2)' }).waitFor();
  await shot('1-grid-edited');
  await page.getByRole('button', { name: 'Save changes (2)' }).click();
  await page.locator('[data-sonner-toast]').filter({ hasText: 'Saved changes to 1 vessel' }).waitFor();
  // read the far-right "Account code" cell: jump to the last column and copy it
  await page.mouse.click(gbox.x + 190, gbox.y + 38 + 17);
  await page.keyboard.press('Control+ArrowRight');
  await page.waitForTimeout(300);
  await shot('1-grid-account');
  await page.keyboard.press('Control+c');
  await page.waitForTimeout(300);
  answers.accountCode = (await page.evaluate(() => navigator.clipboard.readText())).trim();
  expectEq('account code', answers.accountCode, 'SQ-4471');

  // ---------------------------------------------------------------- 2. notice (rich text)
  log('job 2: launch notice');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Notices' }).click();
  const editor = page.getByRole('textbox', { name: 'Notice text' });
  await editor.getByText('Boats on pontoon C will be launched on Wednesday 13 May.').waitFor();
  // select `text` (the nth occurrence within the paragraph containing `para`)
  const select = async (para, text, nth = 0) => {
    await editor.click();
    const ok = await page.evaluate(({ para, text, nth }) => {
      const root = document.querySelector('.angular-editor-textarea');
      const p = [...root.querySelectorAll('p')].find((el) => el.textContent.includes(para));
      if (!p) return false;
      const walker = document.createTreeWalker(p, NodeFilter.SHOW_TEXT);
      let seen = 0;
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        let from = 0;
        for (;;) {
          const i = n.data.indexOf(text, from);
          if (i === -1) break;
          if (seen++ === nth) {
            const r = document.createRange();
            r.setStart(n, i); r.setEnd(n, i + text.length);
            const s = document.getSelection(); s.removeAllRanges(); s.addRange(r);
            return true;
          }
          from = i + 1;
        }
      }
      return false;
    }, { para, text, nth });
    if (!ok) fail(`could not select "${text}"`);
  };
  await select('pontoon C', 'Wednesday 13 May');
  await page.keyboard.type('Thursday 14 May');
  await select('antifouling must be dry', 'at least 24 hours');
  await page.getByRole('button', { name: 'Bold' }).click();
  await select('tide tables', 'before', 0); // "Before launch" is capitalised, so this is the one in "tide tables before booking"
  await page.getByRole('button', { name: 'Italic' }).click();
  await select('tide tables', 'tide tables');
  await page.getByRole('button', { name: 'Insert link' }).click();
  await page.getByLabel('Link address').fill('https://tides.example.org/saltmarsh');
  await page.getByRole('button', { name: 'Apply link' }).click();
  await editor.getByRole('link', { name: 'tide tables' }).waitFor();
  await shot('2-notice-edited');
  await page.getByRole('button', { name: 'Save notice' }).click();
  await page.locator('[data-sonner-toast]').filter({ hasText: 'Notice saved' }).waitFor();

  // ---------------------------------------------------------------- 3. workshop board (drag and drop)
  log('job 3: workshop board');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Workshop board' }).click();
  const card = page.locator('li.wcard', { hasText: 'Westerly Centaur' }).filter({ hasText: 'Antifouling' }).filter({ hasText: 'R. Dalby' });
  await card.waitFor();
  if ((await card.count()) !== 1) fail('expected exactly one matching card');
  const ready = page.locator('ul.cards[data-column="ready"]');
  const cb = await card.boundingBox();
  const rb = await ready.boundingBox();
  await page.mouse.move(cb.x + cb.width / 2, cb.y + 20);
  await page.mouse.down();
  const tx = rb.x + rb.width / 2; const ty = rb.y + rb.height - 10;
  for (let i = 1; i <= 25; i++) {
    await page.mouse.move(cb.x + cb.width / 2 + ((tx - cb.x - cb.width / 2) * i) / 25, cb.y + 20 + ((ty - cb.y - 20) * i) / 25);
    await page.waitForTimeout(15);
  }
  await page.mouse.up();
  const toastEl = page.locator('[data-sonner-toast]').filter({ hasText: 'WO-2141 moved to Ready for launch' });
  await toastEl.waitFor({ timeout: 5000 });
  const toastText = await toastEl.innerText();
  answers.moveRef = /WS-\d{2}-\d{4}/.exec(toastText)?.[0];
  await shot('3-board-moved');
  expectEq('move reference', answers.moveRef, 'WS-26-0583');
  await ready.locator('li.wcard', { hasText: 'WO-2141' }).waitFor();
  await page.waitForTimeout(2500);
  if (await toastEl.isVisible()) fail('toast should have disappeared after ~2 s');

  // ---------------------------------------------------------------- 4. engine log upload
  log('job 4: engine log upload');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Engine hours' }).click();
  await page.getByLabel('Choose engine log file').setInputFiles(path.join(ROOT, 'files', 'kestrel-engine-log-2026-03.csv'));
  await page.getByRole('button', { name: 'Upload kestrel-engine-log-2026-03.csv' }).click();
  const total = page.locator('dt', { hasText: 'Total running hours' }).locator('xpath=following-sibling::dd[1]');
  await total.waitFor();
  answers.runningHours = (await total.innerText()).trim();
  await shot('4-upload');
  expectEq('total running hours', answers.runningHours, '38.2 h');

  // ---------------------------------------------------------------- 5. fuel chart (tooltip)
  log('job 5: fuel chart');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Fuel dock' }).click();
  const chart = page.locator('ag-charts canvas').first();
  await chart.waitFor();
  await page.waitForTimeout(800);
  const box = await page.locator('ag-charts').boundingBox();
  const tooltipText = async () => {
    const t = page.locator('.ag-charts-tooltip:visible, [class*="ag-charts-tooltip"]:visible').first();
    return (await t.count()) ? (await t.innerText()).replace(/\s+/g, ' ').trim() : '';
  };
  // sweep across the lower part of the plot (petrol lines) to find August, then down that column for "Petrol 2025"
  let found = null;
  let augX = null;
  for (let x = box.x + 80; x < box.x + box.width - 20 && augX === null; x += 8) {
    await page.mouse.move(x, box.y + box.height * 0.62);
    await page.waitForTimeout(40);
    const t = await tooltipText();
    if (/\bAug\b/.test(t)) augX = x;
  }
  if (augX === null) fail('could not find August on the chart');
  for (let dx of [0, 4, -4, 8]) {
    for (let y = box.y + 60; y < box.y + box.height - 60 && !found; y += 3) {
      await page.mouse.move(augX + dx, y);
      await page.waitForTimeout(35);
      const t = await tooltipText();
      if (/Petrol 2025/.test(t) && /\bAug\b/.test(t)) found = t;
    }
    if (found) break;
  }
  if (!found) fail('could not read the Petrol 2025 / Aug tooltip');
  await shot('5-tooltip');
  log('  tooltip:', found);
  answers.petrolAug2025 = Number((/([\d,]{3,})/.exec(found.replace(/2025/g, ''))?.[1] || '').replace(/,/g, ''));
  expectEq('petrol Aug 2025 litres', answers.petrolAug2025, 2846);
  await page.getByLabel('Month', { exact: true }).selectOption({ label: 'August 2025' });
  await page.getByRole('radio', { name: 'Petrol' }).check();
  await page.getByLabel('Litres sold (till figure)').fill(String(answers.petrolAug2025));
  await page.getByRole('button', { name: 'Record reconciliation' }).click();
  await page.locator('[data-sonner-toast]').filter({ hasText: 'Reconciliation recorded' }).waitFor();

  // ---------------------------------------------------------------- 6. lift booking
  log('job 6: lift booking');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Crane & lift bookings' }).click();
  const vesselInput = page.locator('#vessel');
  await page.locator('ng-select').click();
  await vesselInput.fill('Moonraker');
  const opt = page.locator('.ng-option', { hasText: 'Moody 33' }).filter({ hasText: 'Joel Ellis' }).filter({ has: page.locator('strong', { hasText: /^Moonraker$/ }) });
  await opt.click();
  await page.getByLabel('Service').selectOption('Lift out');
  await page.locator('#lift-date').click();
  const panel = page.locator('.p-datepicker-panel, .p-datepicker-overlay, [data-pc-section="panel"]').first();
  await panel.waitFor();
  await panel.getByRole('button', { name: /next month/i }).click();
  await panel.getByText('May', { exact: false }).first().waitFor();
  let picked = null;
  for (const d of [4, 5, 6, 7, 8]) {
    const cell = panel.getByRole('gridcell', { name: new RegExp(`^${d}( \\(unavailable\\))?$`) });
    const name = (await cell.innerText()).trim();
    const disabled = /unavailable/.test(await cell.textContent());
    log(`  ${d} May: ${disabled ? 'unavailable' : 'available'}`);
    if (!disabled && name === String(d)) { await cell.locator('span').first().click(); picked = d; break; }
  }
  expectEq('first bookable day in week of 4 May', picked, 6);
  await panel.waitFor({ state: 'hidden' }); // the picker hands focus back to its input when it closes
  await page.waitForTimeout(300);
  if ((await page.locator('#lift-date').inputValue()) !== 'Wed 6 May 2026') fail('date not set');
  await page.locator('#lift-time').click();
  await page.locator('#lift-time').pressSequentially('10:30', { delay: 40 });
  await page.keyboard.press('Tab');
  await page.waitForTimeout(300);
  if ((await page.locator('#lift-time').inputValue()) !== '10:30') fail('time not set');
  await page.getByLabel('Note for the crane driver').fill('Mast unstepping required');
  await shot('6-booking-form');
  await page.getByRole('button', { name: 'Book lift' }).click();
  const ref = page.locator('.ref');
  await ref.waitFor();
  answers.bookingRef = (await ref.innerText()).trim();
  expectEq('booking reference', answers.bookingRef, 'LB-26-0147');
  const conf = await page.locator('.confirm').innerText();
  if (!/Wed, 6 May 2026 at 10:30/.test(conf)) fail('confirmation shows wrong date/time: ' + conf);

  // ---------------------------------------------------------------- 7. delete customer
  log('job 7: delete customer');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Customers' }).click();
  await page.getByText('200 customers').waitFor();
  await page.getByLabel('Search customers').fill('Martin Reyes');
  await page.getByText('2 customers').waitFor();
  const row = page.locator('tr.mat-mdc-row', { hasText: 'Whitstable' });
  if ((await row.count()) !== 1) fail('expected one Whitstable row');
  await row.getByRole('button', { name: /^Delete Martin Reyes/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText('Whitstable').waitFor();
  await shot('7-confirm');
  await dialog.getByRole('button', { name: 'Delete customer' }).click();
  await page.getByText('1 customer', { exact: true }).waitFor();

  // ---------------------------------------------------------------- verify
  const v = await (await fetch(base + '/__verify')).json();
  log('verify:', JSON.stringify(v.jobs, (k, val) => (k === 'details' ? undefined : val)));
  log('hits:', JSON.stringify(v.hits));
  const notDone = Object.entries(v.jobs).filter(([, j]) => !j.done).map(([k, j]) => `${k}: ${JSON.stringify(j.details)}`);
  if (Object.keys(v.jobs).length !== 7) fail('expected 7 jobs in /__verify');
  if (notDone.length) fail('jobs not done:\n' + notDone.join('\n'));
  const wantKeys = ['POST /api/vessels/bulk', 'PUT /api/notices/spring-launch', 'POST /api/workorders/WO-2141/move', 'POST /api/engine-logs',
    'POST /api/fuel/reconciliations', 'POST /api/bookings'];
  for (const k of wantKeys) if (v.hits[k] !== 1) fail(`expected ${k} hit once, got ${v.hits[k]}`);
  const del = Object.keys(v.hits).filter((k) => k.startsWith('DELETE /api/customers/'));
  if (del.length !== 1 || v.hits[del[0]] !== 1) fail('expected exactly one customer DELETE, got ' + JSON.stringify(del));
  if (Object.keys(v.hits).length !== 7) fail('unexpected extra mutating requests: ' + JSON.stringify(v.hits));
  if (outside.length) fail('requests left 127.0.0.1: ' + outside.join(', '));
  log('answers:', JSON.stringify(answers));
  log('ALL 7 JOBS DONE — self-test passed');
  console.log('7 passed, 0 failed');
  exitCode = 0;
} catch (err) {
  console.error('[selftest] FAILED:', err.message);
  console.log('0 passed, 1 failed');
} finally {
  if (browser) await browser.close().catch(() => {});
  server.kill('SIGTERM');
  process.exitCode = exitCode;
}
