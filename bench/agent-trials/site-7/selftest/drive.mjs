// Drives every job once, headless, the way a user would (menu clicks = real page loads, wheel scrolling,
// hovering, typing, the file chooser, a new tab, a confirm modal), then prints /__verify and checks it
// and the reported answers.
//
//   node selftest/drive.mjs                 starts a fresh server of its own (port 4677, or SELFTEST_PORT) and stops it at the end
//   BASE=http://127.0.0.1:4577 node selftest/drive.mjs    uses a running server instead (reset before and after; KEEP=1 skips the final reset)
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
  const port = Number(process.env.SELFTEST_PORT || 4677);
  BASE = `http://127.0.0.1:${port}`;
  child = spawn(process.execPath, [path.join(ROOT, 'server.mjs')], { env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise((resolve, reject) => {
    child.stdout.on('data', (d) => { if (String(d).includes('trial-site-7 on')) resolve(); });
    child.on('exit', (c) => reject(new Error('server exited with ' + c)));
  });
  log('fresh server started on', BASE, 'pid', child.pid);
} else {
  await fetch(BASE + '/__reset', { method: 'POST' });
}
const stopServer = () => { if (child) { child.kill('SIGTERM'); child = null; } };
process.on('exit', stopServer);

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/lib/chromium/chromium-headless-shell', headless: true, args: ['--no-sandbox'],
});
const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
const problems = [];
const watch = (pg) => {
  pg.on('pageerror', (e) => { problems.push('pageerror ' + e.message); log('PAGE ERROR', e.message); });
  pg.on('console', (m) => { if (m.type() === 'error') { problems.push('console ' + m.text()); log('CONSOLE ERROR', m.text()); } });
  pg.on('request', (r) => { const u = r.url(); if (!u.startsWith(BASE + '/') && !u.startsWith('data:') && !u.startsWith('blob:')) { problems.push('external ' + u); log('EXTERNAL REQUEST', u); } });
};
ctx.on('page', watch);
const page = await ctx.newPage();
page.on('filechooser', () => {});
const out = {};
const nav = async (label) => {
  await Promise.all([page.waitForEvent('load'), page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label, exact: true }).click()]);
};

try {
  await page.goto(BASE + '/');
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  for (const label of ['Patients', 'Client leaflets', 'Ward plan', 'Lab import', 'Consultations', 'Vaccination clinics', 'Pharmacy stock', 'Dashboard']) {
    await nav(label);
    await page.locator('h1.page').first().waitFor();
    await page.waitForTimeout(400);
  }
  log('0 pages: visited every menu entry (real page loads), url now', page.url());

  // 1. patients: wheel down the w2ui grid to Bella (Cocker Spaniel), Mrs Joan Hartley, 12 Mill Lane, Ashby; wheel right to Neutered
  await nav('Patients');
  const recs = page.locator('#grid .w2ui-grid-records');
  await recs.locator('tr[recid]').first().waitFor();
  const gb = await recs.boundingBox();
  await page.mouse.move(gb.x + 300, gb.y + gb.height / 2);
  const cell = (t) => page.locator('td.w2ui-grid-data', { hasText: new RegExp(`^${t}$`) });
  const trow = recs.locator('tr[recid]').filter({ has: cell('Bella') }).filter({ has: cell('Cocker Spaniel') }).filter({ has: cell('Joan') })
    .filter({ has: cell('Hartley') }).filter({ has: cell('12 Mill Lane') }).filter({ has: cell('Ashby') });
  let wheels = 0;
  const rowInView = async () => { if ((await trow.count()) !== 1) return false; const b = await trow.boundingBox(); return b && b.y > gb.y + 5 && b.y + b.height < gb.y + gb.height - 25; };
  while (!(await rowInView()) && wheels < 120) { await page.mouse.wheel(0, 300); wheels++; await page.waitForTimeout(80); }
  log('1 patients: target row in view after', wheels, 'wheel steps:', (await trow.innerText()).replace(/\s+/g, ' ').slice(0, 140));
  // once scrolled right the name/address cells are no longer rendered (column virtualisation): keep to the same row
  const recid = await trow.getAttribute('recid');
  const neut = recs.locator(`tr[recid="${recid}"] input[type=checkbox]`);
  log('1 patients: Neutered cell rendered before scrolling right?', (await neut.count()) > 0);
  let hw = 0;
  while ((await neut.count()) === 0 && hw < 40) { await page.mouse.wheel(400, 0); hw++; await page.waitForTimeout(80); }
  for (let i = 0; i < 4; i++) { await page.mouse.wheel(400, 0); await page.waitForTimeout(60); }
  await neut.click();
  await page.waitForTimeout(200);
  log('1 patients: after', hw, 'sideways wheel steps, box checked:', await neut.isChecked());
  await page.getByRole('button', { name: 'Save changes' }).click();
  await page.getByRole('status').filter({ hasText: 'Saved 1 patient record' }).waitFor();
  log('1 patients: saved');

  // 2. leaflet: buster collar 10 -> 14 days in the pell editor
  await nav('Client leaflets');
  await Promise.all([page.waitForEvent('load'), page.getByRole('link', { name: "After your dog's spay operation", exact: true }).click()]);
  const ed = page.locator('.pell-content');
  await ed.locator('p', { hasText: 'buster collar' }).waitFor();
  const pos = await ed.evaluate((root) => {
    const w = document.createTreeWalker(root, NodeFilter.SHOW_TEXT); let n;
    while ((n = w.nextNode())) { if (n.data.startsWith('Keep the buster collar')) break; }
    const i = n.data.indexOf('10 days'); const r = document.createRange(); r.setStart(n, i + 1); r.setEnd(n, i + 2);
    const b = r.getBoundingClientRect(); return { x: b.right - 1, y: b.top + b.height / 2 };
  });
  await page.mouse.click(pos.x, pos.y);
  for (let i = 0; i < 2; i++) await page.keyboard.press('Shift+ArrowLeft');
  await page.keyboard.type('14');
  log('2 leaflet: line now', JSON.stringify(await ed.locator('p', { hasText: 'buster collar' }).innerText()));
  await page.getByRole('button', { name: 'Save leaflet' }).click();
  await page.getByRole('status').filter({ hasText: /Saved at/ }).waitFor();
  log('2 leaflet:', await page.getByRole('status').innerText());

  // 3. ward plan: hover the markers to find Luna (Domestic Shorthair, owner Whitfield), discharge (Collected by owner); read the 2 s toast
  await nav('Ward plan');
  const markers = page.locator('#plan .ip-marker');
  await markers.first().waitFor();
  const tip = page.locator('#tip');
  const seen = []; let found = null;
  for (let i = 0; i < (await markers.count()); i++) {
    const b = await markers.nth(i).boundingBox(); const c = { x: b.x + b.width / 2, y: b.y + b.height / 2 };
    await page.mouse.move(c.x, c.y, { steps: 4 });
    await page.waitForTimeout(150);
    const t = (await tip.innerText()).replace(/\s+/g, ' ').trim();
    seen.push(t);
    if (/^Luna Domestic Shorthair · pen C\d · owner Whitfield$/.test(t)) { found = c; break; }
  }
  log('3 ward: hovered', seen.length, 'markers:', seen.join(' / '));
  await page.mouse.click(found.x, found.y);
  const panel = page.getByRole('complementary', { name: 'Inpatient details' });
  await panel.getByRole('heading', { name: 'Luna', exact: true }).waitFor();
  await panel.getByLabel('Discharge outcome').selectOption('Collected by owner');
  await panel.getByRole('button', { name: 'Discharge patient' }).click();
  const toastEl = page.locator('.sn-notify', { hasText: 'Discharge reference' });
  await toastEl.waitFor();
  const t0 = Date.now();
  const toastText = (await toastEl.innerText()).replace(/\s+/g, ' ').trim();
  out.dischargeRef = /Discharge reference (DIS-\w+)/.exec(toastText)?.[1];
  await page.mouse.move(300, 700);
  await toastEl.waitFor({ state: 'detached', timeout: 8000 });
  log('3 toast:', JSON.stringify(toastText), '| gone', Date.now() - t0, 'ms after first seen');

  // 4. lab import: file chooser, ASB file, import, read the summary
  await nav('Lab import');
  await page.waitForTimeout(300);
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Choose a CSV file…' }).click()]);
  await chooser.setFiles(path.join(ROOT, 'files', 'labs-ASB-2026-11.csv'));
  await page.getByText('Selected: labs-ASB-2026-11.csv').waitFor();
  await page.getByRole('button', { name: 'Import results' }).click();
  const st = page.getByRole('status').filter({ hasText: 'flagged as abnormal' });
  await st.waitFor();
  const stText = (await st.innerText()).replace(/\s+/g, ' ').trim();
  out.flagged = /(\d+ results flagged)/.exec(stText)?.[1];
  log('4 upload:', stText);

  // 5. consultations: hover along the chart until the tooltip says Aug 2026, read Fernhill Ashbury
  await nav('Consultations');
  const over = page.locator('#chart .u-over');
  await over.waitFor();
  const ob = await over.boundingBox();
  const ctip = page.locator('#ctip');
  let title = '';
  for (let x = ob.x + 5; x < ob.x + ob.width; x += 20) {
    await page.mouse.move(x, ob.y + ob.height / 2, { steps: 2 });
    await page.waitForTimeout(60);
    if (await ctip.isVisible()) { title = await ctip.locator('b').innerText(); if (title === 'Aug 2026') break; }
  }
  const ctext = (await ctip.innerText()).replace(/\s+/g, ' ').trim();
  out.consults = /Fernhill Ashbury: ([\d,]+ consultations)/.exec(ctext)?.[1];
  log('5 chart tooltip:', ctext);

  // 6. vaccination clinics: selects, datepicker paged to January 2027, times, Tagify chips (remove the default, add three)
  await nav('Vaccination clinics');
  const form = page.getByRole('form', { name: 'Book a vaccination clinic' });
  await form.getByLabel('Clinic', { exact: true }).selectOption('Fernhill Kingsmead');
  await form.getByLabel('Session', { exact: true }).selectOption('Puppy vaccination clinic');
  await form.getByPlaceholder('Choose a date').click();
  const dp = page.locator('.datepicker.active');
  await dp.waitFor();
  let steps = 0;
  while (!/January 2027/.test(await dp.locator('.view-switch').innerText()) && steps < 24) { await dp.locator('.next-button').click(); steps++; await page.waitForTimeout(100); }
  await dp.locator('.datepicker-cell.day:not(.prev):not(.next)', { hasText: /^16$/ }).click();
  await form.getByLabel('Start time', { exact: true }).selectOption('09:30');
  await form.getByLabel('End time', { exact: true }).selectOption('12:00');
  const tags = form.locator('tags.tagify');
  await tags.locator('tag', { hasText: 'Sam Oduya' }).locator('.tagify__tag__removeBtn').click();
  for (const [q, name] of [['Hannah', 'Dr Hannah Price'], ['Tomasz', 'Dr Tomasz Nowak'], ['Ellie', 'RVN Ellie Marsh']]) {
    await tags.locator('.tagify__input').click();
    await tags.locator('.tagify__input').pressSequentially(q, { delay: 30 });
    await page.locator('.tagify__dropdown__item').filter({ hasText: new RegExp(`^${name}$`) }).click();
  }
  await page.getByRole('heading', { name: 'Vaccination clinics', exact: true }).click();
  const chips = (await tags.locator('tag').evaluateAll((ts) => ts.map((t) => t.getAttribute('value') || t.title))).join(', ');
  log('6 form: date', await form.getByPlaceholder('Choose a date').inputValue(), '| chips:', chips, '| months paged:', steps);
  await Promise.all([page.waitForEvent('load'), form.getByRole('button', { name: 'Book session' }).click()]);
  const ok = page.getByRole('status').filter({ hasText: /Session VC-\d+ booked/ });
  await ok.waitFor();
  log('6 result:', (await ok.innerText()).trim());

  // 7. pharmacy: filter, open the Nobivac L4 / Ashbury / cold chain breach batch record in its new tab, then dispose (confirm modal)
  await nav('Pharmacy stock');
  await page.getByLabel('Search batches').fill('nobivac l4');
  await page.getByLabel('Clinic', { exact: true }).selectOption('Fernhill Ashbury');
  await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Filter' }).click()]);
  const rows = page.locator('table.plain tbody tr');
  log('7 pharmacy: filtered rows:', (await rows.allInnerTexts()).map((t) => t.replace(/\s+/g, ' ')).join(' // '));
  const row = rows.filter({ has: page.locator('td', { hasText: /^Nobivac L4$/ }) }).filter({ has: page.locator('td', { hasText: /^Cold chain breach$/ }) });
  const [tab] = await Promise.all([ctx.waitForEvent('page'), row.getByRole('link').click()]);
  await tab.getByRole('heading', { name: 'Batch record' }).waitFor();
  const exp = tab.getByRole('row').filter({ hasText: 'Expiry date' });
  out.expiry = (await exp.locator('td').innerText()).trim();
  log('7 record tab:', tab.url(), '| expiry', out.expiry);
  await tab.close();
  await row.getByRole('button', { name: 'Dispose…' }).click();
  const dlg = page.getByRole('dialog', { name: 'Dispose of batch?' });
  await dlg.waitFor();
  log('7 dialog:', (await dlg.innerText()).replace(/\s+/g, ' '));
  await Promise.all([page.waitForEvent('load'), dlg.getByRole('button', { name: 'Dispose of batch', exact: true }).click()]);
  const rv = page.getByRole('status').filter({ hasText: /has been disposed of/ });
  await rv.waitFor();
  log('7 result:', (await rv.innerText()).trim());

  for (const p of ['/leaflets/L-211', '/wards', '/consultations']) { await page.goto(BASE + p); await page.locator('h1.page').first().waitFor(); await page.waitForTimeout(400); log('direct load', p, '->', await page.locator('h1.page').first().innerText()); }
} finally {
  await browser.close();
}

const v = await (await fetch(BASE + '/__verify')).json();
log(JSON.stringify(v, null, 1));
const expectedHits = { 'POST /api/patients/save': 1, 'POST /api/leaflets/:id': 1, 'POST /api/discharges': 1, 'POST /api/lab-import': 1, 'POST /vaccination-clinics': 1, 'POST /api/batches/:batch/dispose': 1 };
const checks = {
  allDone: Object.values(v.jobs).every((j) => j.done === true),
  eachEndpointOnce: JSON.stringify(Object.entries(v.hits).sort()) === JSON.stringify(Object.entries(expectedHits).sort()),
  dischargeRefMatches: !!out.dischargeRef && out.dischargeRef === v.jobs['3-floorplan-toast-discharge'].expectedReport,
  uploadFlagged: out.flagged === v.jobs['4-upload-labs'].expectedReport,
  chartValue: out.consults === v.jobs['5-chart-consultations'].expectedReport,
  recordDate: out.expiry === v.jobs['7-newtab-confirm-dispose'].expectedReport,
  noConsoleErrorsOrExternalRequests: problems.length === 0,
};
log('answers:', { dischargeReference: out.dischargeRef, resultsFlagged: out.flagged, ashburyAug2026: out.consults, expiryDate: out.expiry });
log('checks:', checks);
if (child) stopServer();
else if (!process.env.KEEP) { await fetch(BASE + '/__reset', { method: 'POST' }); log('state reset'); }
const pass = Object.values(checks).every(Boolean);
log(pass ? 'SELFTEST PASSED' : 'SELFTEST FAILED');
process.exit(pass ? 0 : 1);
