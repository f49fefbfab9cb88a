// Drives every job once, headless, the way a user would (clicks, typing, mouse selection,
// wheel scrolling, hovering), then prints /__verify and checks it and the reported answers.
//
//   node selftest/drive.mjs                 starts a fresh server of its own (port 4647, or SELFTEST_PORT) and stops it at the end
//   BASE=http://127.0.0.1:4547 node selftest/drive.mjs    uses a running server instead (reset before and after; KEEP=1 skips the final reset)
//
// Also checks: no console errors / page errors on any page, and no request leaves 127.0.0.1.
import { createRequire } from 'node:module';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
const require = createRequire(import.meta.url);
const { chromium } = require(process.env.PLAYWRIGHT_CORE || '/work/main/node_modules/playwright-core');
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const log = (...a) => console.log(...a);

let child = null;
let BASE = process.env.BASE;
if (!BASE) {
  const port = Number(process.env.SELFTEST_PORT || 4647);
  BASE = `http://127.0.0.1:${port}`;
  child = spawn(process.execPath, [path.join(ROOT, 'server.mjs')], { env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise((resolve, reject) => {
    child.stdout.on('data', (d) => { if (String(d).includes('trial-site-4 on')) resolve(); });
    child.on('exit', (c) => reject(new Error('server exited with ' + c)));
  });
  log('fresh server started on', BASE, 'pid', child.pid);
} else {
  await fetch(BASE + '/__reset', { method: 'POST' });
}
const stopServer = () => { if (child) { child.kill('SIGTERM'); child = null; } };
process.on('exit', stopServer);

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/lib/chromium/chromium', headless: true, args: ['--no-sandbox'],
});
const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
const problems = []; // console errors, page errors, requests leaving 127.0.0.1
const watch = (pg) => {
  pg.on('pageerror', (e) => { problems.push('pageerror ' + e.message); log('PAGE ERROR', e.message); });
  pg.on('console', (m) => { if (m.type() === 'error') { problems.push('console ' + m.text()); log('CONSOLE ERROR', m.text()); } });
  pg.on('request', (r) => { const u = r.url(); if (!u.startsWith(BASE + '/') && !u.startsWith('data:') && !u.startsWith('blob:')) { problems.push('external ' + u); log('EXTERNAL REQUEST', u); } });
};
ctx.on('page', watch);
const page = await ctx.newPage();
const out = {};

// mouse-drag selection of the first occurrence of `needle` inside `rootSel`
async function dragSelect(rootSel, needle) {
  const r = await page.evaluate(([sel, needle]) => {
    const root = document.querySelector(sel);
    const w = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let n; (n = w.nextNode());) {
      const i = n.data.indexOf(needle);
      if (i < 0) continue;
      n.parentElement.scrollIntoView({ block: 'center' });
      const a = document.createRange(); a.setStart(n, i); a.setEnd(n, i + 1);
      const b = document.createRange(); b.setStart(n, i + needle.length - 1); b.setEnd(n, i + needle.length);
      const ra = a.getBoundingClientRect(), rb = b.getBoundingClientRect();
      return { x1: ra.left + 1, y1: ra.top + ra.height / 2, x2: rb.right - 1, y2: rb.top + rb.height / 2 };
    }
    return null;
  }, [rootSel, needle]);
  if (!r) throw new Error('text not found: ' + needle);
  await page.mouse.move(r.x1, r.y1);
  await page.mouse.down();
  await page.mouse.move(r.x2, r.y2, { steps: 8 });
  await page.mouse.up();
}

try {
  // every page loads (client-side navigation through the side menu after the first load)
  await page.goto(BASE + '/');
  await page.getByRole('heading', { name: /Good evening/ }).waitFor();
  for (const label of ['Patients', 'Letters', 'Waiting list', 'Lab results', 'Reports', 'Clinic sessions', 'Staff accounts', 'Dashboard']) {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label, exact: true }).click();
    await page.waitForTimeout(400);
  }
  log('0 pages: visited every menu entry, url now', page.url());

  // 1. patients: page 3 of the grid, wheel down to Eileen Doyle (Pier Road, 02 Sep 1948), wheel right to SMS reminders
  await page.getByRole('link', { name: 'Patients', exact: true }).click();
  const grid = page.locator('.MuiDataGrid-root');
  await grid.locator('.MuiDataGrid-row').first().waitFor();
  for (let i = 0; i < 2; i++) await page.getByRole('button', { name: 'Go to next page' }).click();
  await page.getByText('201–300 of 300').waitFor();
  const row = grid.locator('.MuiDataGrid-row[data-id="QC-100469"]');
  const sc = await grid.locator('.MuiDataGrid-virtualScroller').boundingBox();
  await page.mouse.move(sc.x + sc.width / 2, sc.y + sc.height / 2);
  let wheels = 0;
  const inView = async () => { if (!(await row.count())) return false; const b = await row.boundingBox(); return b && b.y > sc.y + 40 && b.y + b.height < sc.y + sc.height - 20; };
  while (!(await inView()) && wheels < 60) { await page.mouse.wheel(0, 200); wheels++; await page.waitForTimeout(80); }
  const rowText = await row.locator('[data-field="surname"], [data-field="firstName"], [data-field="dob"], [data-field="clinic"]').allInnerTexts();
  log('1 patients: row QC-100469 rendered after', wheels, 'wheel steps:', rowText.join(' | '),
    '| SMS column rendered before scrolling right?', (await row.locator('[data-field="smsReminders"]').count()) > 0);
  const sms = row.locator('[data-field="smsReminders"] input[type="checkbox"]');
  let hw = 0;
  while ((await sms.count()) === 0 && hw < 40) { await page.mouse.wheel(400, 0); hw++; await page.waitForTimeout(60); }
  await sms.scrollIntoViewIfNeeded();
  await sms.click();
  await page.locator('#notistack-snackbar', { hasText: 'SMS reminders turned off for Eileen Doyle' }).waitFor();
  log('1 patients: SMS reminders switched off after', hw, 'sideways wheel steps');

  // 2. letters: open Tobias Wren's discharge letter, bold a phrase, retype another, save
  await page.getByRole('link', { name: 'Letters', exact: true }).click();
  await page.getByRole('row')
    .filter({ has: page.getByRole('cell', { name: 'Discharge letter', exact: true }) }).filter({ has: page.getByRole('cell', { name: 'Tobias Wren', exact: true }) })
    .getByRole('link', { name: 'Open draft' }).click();
  await page.locator('.ProseMirror').waitFor();
  await dragSelect('.ProseMirror', 'fasting blood test');
  await page.getByRole('button', { name: 'Bold' }).click();
  await dragSelect('.ProseMirror', 'review in six weeks');
  await page.keyboard.type('review in three months');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await page.getByText(/Draft saved at/).waitFor();
  log('2 letter: bold runs now', await page.locator('.ProseMirror strong').allInnerTexts());

  // 3. waiting list: book Arjun Mehta's physiotherapy slot at Chandlers Wharf, read the 2-second snackbar
  await page.getByRole('link', { name: 'Waiting list', exact: true }).click();
  const wrow = page.getByRole('row').filter({ hasText: 'Arjun Mehta' }).filter({ hasText: 'Physiotherapy' }).filter({ hasText: 'Chandlers Wharf' });
  await page.getByRole('button', { name: 'Book slot' }).first().waitFor();
  log('3 waiting list: matching rows', await wrow.count(), '|', (await wrow.innerText()).replace(/\s+/g, ' '));
  await wrow.getByRole('button', { name: 'Book slot' }).click();
  const snack = page.locator('#notistack-snackbar', { hasText: 'Booking reference' });
  await snack.waitFor();
  const t0 = Date.now();
  const snackText = (await snack.innerText()).trim();
  out.bookingRef = /Booking reference (QB-\w+)/.exec(snackText)?.[1];
  await page.mouse.move(5, 795);
  await snack.waitFor({ state: 'detached', timeout: 8000 });
  log('3 snackbar:', JSON.stringify(snackText), '| gone', Date.now() - t0, 'ms after first seen');

  // 4. lab results: choose the file in the drop zone, import, read the summary
  await page.getByRole('link', { name: 'Lab results', exact: true }).click();
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByText('Drag the lab result file here, or click to choose it').click()]);
  await chooser.setFiles(path.join(ROOT, 'files', 'lab-results-november.csv'));
  await page.getByRole('button', { name: 'Import results' }).click();
  const st = page.getByRole('status').filter({ hasText: 'imported' });
  await st.waitFor();
  out.uploadMsg = (await st.innerText()).trim();
  out.outside = Number(/(\d+) results? (?:is|are) outside/.exec(out.uploadMsg)?.[1]);
  log('4 upload:', out.uploadMsg);

  // 5. reports: hover the September bars of the missed-appointments chart, read the tooltip
  await page.getByRole('link', { name: 'Reports', exact: true }).click();
  const chart = page.locator('.recharts-wrapper').first();
  await chart.locator('.recharts-bar-rectangle').first().waitFor();
  const sepTick = chart.locator('.recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value').filter({ hasText: /^Sep$/ });
  const tb = await sepTick.boundingBox();
  const cb = await chart.boundingBox();
  await page.mouse.move(tb.x + tb.width / 2, cb.y + cb.height * 0.45, { steps: 5 });
  const tip = chart.locator('.recharts-tooltip-wrapper');
  await tip.filter({ hasText: 'Sep' }).waitFor();
  const tipText = (await tip.innerText()).replace(/\s+/g, ' ').trim();
  out.chart = Number(/Pier Road : (\d+)/.exec(tipText)?.[1]);
  log('5 chart tooltip:', tipText);

  // 6. clinic sessions: selects, date picker paged to March 2027, time from the clock lists, staff chips
  await page.getByRole('link', { name: 'Clinic sessions', exact: true }).click();
  await page.getByRole('combobox', { name: 'Clinic' }).click();
  await page.getByRole('option', { name: 'Harbour Street', exact: true }).click();
  await page.getByRole('combobox', { name: 'Session type' }).click();
  await page.getByRole('option', { name: 'Diabetes education (group)', exact: true }).click();
  await page.getByRole('button', { name: /Choose date/ }).click();
  const dlg = page.getByRole('dialog');
  const hdr = dlg.locator('.MuiPickersCalendarHeader-label');
  let steps = 0;
  while (!(await hdr.innerText()).includes('March 2027') && steps < 24) { await dlg.getByRole('button', { name: /next month/i }).click(); steps++; await page.waitForTimeout(350); }
  const day11 = dlg.getByRole('gridcell', { name: '11', exact: true });
  for (let i = 0; i < 20 && (await day11.count()) !== 1; i++) await page.waitForTimeout(100); // month slide transition
  await day11.click();
  await dlg.waitFor({ state: 'hidden' });
  await page.getByRole('button', { name: /Choose time/ }).click();
  const tdlg = page.getByRole('dialog');
  await tdlg.getByRole('option', { name: '14 hours' }).click();
  await tdlg.getByRole('option', { name: '30 minutes' }).click();
  if (await tdlg.getByRole('button', { name: 'OK' }).isVisible().catch(() => false)) await tdlg.getByRole('button', { name: 'OK' }).click();
  await tdlg.waitFor({ state: 'hidden' });
  const form = page.getByRole('form', { name: 'Plan a session' });
  await form.locator('.MuiChip-root', { hasText: 'Jordan Pike' }).locator('.MuiChip-deleteIcon').click();
  const staffBox = page.getByRole('combobox', { name: 'Staff running the session' });
  for (const [q, name] of [['Aoife Bren', 'Aoife Brennan'], ['Mensah', 'Kwame Mensah'], ['Callo', 'Ruth Calloway']]) {
    await staffBox.click();
    await staffBox.pressSequentially(q, { delay: 25 });
    await page.getByRole('option', { name, exact: true }).click();
  }
  await page.keyboard.press('Escape');
  const fieldVals = await form.locator('input').evaluateAll((els) => els.map((e) => e.value).filter(Boolean));
  log('6 session form:', fieldVals.join(' | '), '| staff chips:', (await form.locator('.MuiChip-label').allInnerTexts()).join(', '), '| months paged:', steps);
  await page.getByRole('button', { name: 'Plan session' }).click();
  const ok = page.getByText(/Session CS-\d+ planned/);
  await ok.waitFor();
  log('6 result:', await ok.innerText());

  // 7. staff: filter to locums named Hollis, open the register entry (new tab), deactivate after confirming
  await page.getByRole('link', { name: 'Staff accounts', exact: true }).click();
  await page.getByRole('combobox', { name: 'Contract' }).click();
  await page.getByRole('option', { name: 'Locum', exact: true }).click();
  await page.getByLabel('Search name, role or email').fill('Hollis');
  const rows = page.getByRole('row').filter({ hasText: 'Hollis' });
  log('7 staff: filtered rows:', (await rows.allInnerTexts()).map((t) => t.replace(/\s+/g, ' ')).join(' // '));
  const srow = page.getByRole('row')
    .filter({ has: page.getByRole('cell', { name: 'Dr Samuel Hollis', exact: true }) }).filter({ has: page.getByRole('cell', { name: 'Pier Road', exact: true }) });
  const [tab] = await Promise.all([ctx.waitForEvent('page'), srow.getByRole('link', { name: /GMC/ }).click()]);
  await tab.getByRole('heading', { name: 'Medical register entry' }).waitFor();
  const lic = tab.getByRole('row').filter({ hasText: 'Licence to practise valid until' });
  await lic.waitFor();
  out.licence = (await lic.locator('td').innerText()).trim();
  log('7 register tab:', tab.url(), '| name', (await tab.getByRole('row').filter({ hasText: /^Name/ }).locator('td').innerText()), '| licence until', out.licence);
  await tab.close();
  await srow.getByRole('button', { name: 'Deactivate' }).click();
  const cd = page.getByRole('dialog', { name: 'Deactivate account?' });
  log('7 dialog:', (await cd.locator('.MuiDialogContentText-root').innerText()).replace(/\s+/g, ' '));
  await cd.getByRole('button', { name: 'Deactivate', exact: true }).click();
  await page.getByText(/has been deactivated/).waitFor();
  log('7 result:', await page.getByText(/has been deactivated/).innerText());

  // direct loads of deep links (server-side fallback for client routes) also work
  for (const p of ['/patients', '/letters/L-2207', '/sessions', '/no-such-page']) {
    await page.goto(BASE + p);
    await page.locator('main h5').first().waitFor();
    log('deep link', p, '->', await page.locator('main h5').first().innerText());
  }
} finally {
  await browser.close();
}

const v = await (await fetch(BASE + '/__verify')).json();
log(JSON.stringify(v, null, 1));
const expectedHits = {
  'POST /api/patients/:id/reminders': 1, 'POST /api/letters/:id': 1, 'POST /api/waitlist/:id/book': 1, 'POST /api/results/import': 1,
  'POST /api/sessions': 1, 'POST /api/staff/:id/deactivate': 1,
};
const checks = {
  allDone: Object.values(v.jobs).every((j) => j.done === true),
  eachEndpointOnce: JSON.stringify(Object.entries(v.hits).sort()) === JSON.stringify(Object.entries(expectedHits).sort()),
  bookingRefMatches: !!out.bookingRef && out.bookingRef === v.jobs['3-toast-booking'].expectedReport,
  uploadOutside: out.outside === v.jobs['4-upload-lab-results'].expectedReport,
  chartValue: out.chart === v.jobs['5-chart-dna'].expectedReport,
  licenceDate: out.licence === '31 Jan 2027',
  noConsoleErrorsOrExternalRequests: problems.length === 0,
};
log('answers:', { bookingRef: out.bookingRef, outsideReferenceRange: out.outside, pierRoadSeptemberDNA: out.chart, licenceValidUntil: out.licence });
log('checks:', checks);
if (child) stopServer();
else if (!process.env.KEEP) { await fetch(BASE + '/__reset', { method: 'POST' }); log('state reset'); }
const pass = Object.values(checks).every(Boolean);
log(pass ? 'SELFTEST PASSED' : 'SELFTEST FAILED');
process.exit(pass ? 0 : 1);
