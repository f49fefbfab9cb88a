// Drives every job once, headless, the way a user would (menu clicks, wheel scrolling, hovering,
// double-clicks, typing, the file chooser, a new tab, a confirm dialog), then prints /__verify and
// checks it and the reported answers.
//
//   node selftest/drive.mjs                 starts a fresh server of its own (port 4657, or SELFTEST_PORT) and stops it at the end
//   BASE=http://127.0.0.1:4557 node selftest/drive.mjs    uses a running server instead (reset before and after; KEEP=1 skips the final reset)
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
  const port = Number(process.env.SELFTEST_PORT || 4657);
  BASE = `http://127.0.0.1:${port}`;
  child = spawn(process.execPath, [path.join(ROOT, 'server.mjs')], { env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise((resolve, reject) => {
    child.stdout.on('data', (d) => { if (String(d).includes('trial-site-5 on')) resolve(); });
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
page.on('filechooser', () => {}); // turns on file-chooser interception up front (enabling it lazily races a fast click)
const out = {};
const nav = (label) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label, exact: true }).click();
const center = async (loc) => { const b = await loc.boundingBox(); return { x: b.x + b.width / 2, y: b.y + b.height / 2 }; };

try {
  // every page loads (client-side navigation through the side menu after the first load)
  await page.goto(BASE + '/');
  await page.getByRole('heading', { name: 'Control room' }).waitFor();
  for (const label of ['Network map', 'Alarm rules', 'Demand', 'Load profiles', 'Customer connections', 'Planned outages', 'Field staff', 'Control room']) {
    await nav(label);
    await page.locator('h1.page').filter({ hasText: label }).waitFor();
    await page.waitForTimeout(300);
  }
  log('0 pages: visited every menu entry, url now', page.url());

  // 1. customer connections: wheel down the grid to Mrs Margaret Ellery, 14 Quarry Lane, Saltmarsh Hythe; wheel right to PSR
  await nav('Customer connections');
  const master = page.locator('.ht_master');
  await master.locator('tbody tr').first().waitFor();
  const gb = await master.boundingBox();
  await page.mouse.move(gb.x + gb.width / 2, gb.y + gb.height / 2);
  const isTarget = (tr) => tr.filter({ hasText: 'Margaret' }).filter({ hasText: /Ellery/ }).filter({ hasText: '14 Quarry Lane' }).filter({ hasText: 'Saltmarsh Hythe' });
  const trow = isTarget(master.locator('tbody tr'));
  let wheels = 0;
  const rowInView = async () => {
    if ((await trow.count()) !== 1) return false;
    const t = await trow.innerText();
    if (!/\tEllery\t/.test(t)) return false;
    const b = await trow.boundingBox(); return b && b.y > gb.y + 40 && b.y + b.height < gb.y + gb.height - 20;
  };
  while (!(await rowInView()) && wheels < 80) { await page.mouse.wheel(0, 300); wheels++; await page.waitForTimeout(90); }
  const rowNum = await trow.getAttribute('aria-rowindex');
  log('1 customers: target row', rowNum, 'rendered after', wheels, 'wheel steps:', (await trow.innerText()).replace(/\s+/g, ' ').slice(0, 110));
  const byNum = master.locator(`tbody tr[aria-rowindex="${rowNum}"]`);
  const psrBox = byNum.locator('input.htCheckboxRendererInput');
  log('1 customers: PSR checkbox rendered before scrolling right?', (await psrBox.count()) > 0);
  let hw = 0;
  while ((await psrBox.count()) === 0 && hw < 40) { await page.mouse.wheel(400, 0); hw++; await page.waitForTimeout(90); }
  for (let i = 0; i < 6; i++) { await page.mouse.wheel(400, 0); await page.waitForTimeout(60); } // all the way right
  await psrBox.click();
  const needCell = psrBox.locator('xpath=ancestor::td[1]/following-sibling::td[1]');
  await needCell.dblclick();
  const ddl = page.locator('.handsontableEditor.autocompleteEditor');
  await ddl.locator('td', { hasText: /^Oxygen concentrator$/ }).click();
  await page.waitForTimeout(300);
  log('1 customers: after', hw, 'sideways wheel steps, row now:', (await byNum.innerText()).replace(/\s+/g, ' ').slice(-60));
  await page.getByRole('button', { name: 'Save changes' }).click();
  await page.locator('[data-sonner-toast]', { hasText: 'Saved 1 customer record' }).waitFor();
  log('1 customers: saved');

  // 2. alarm rules: Harrow Lane BSP, transformer T2 winding temperature alarm 105 -> 110
  await nav('Alarm rules');
  await page.getByRole('link', { name: 'Harrow Lane Bulk Supply Point', exact: true }).click();
  const cmEl = page.locator('.CodeMirror');
  await cmEl.waitFor();
  const lineOf = (n) => page.locator('.CodeMirror-code > div').filter({ has: page.locator('.CodeMirror-linenumber', { hasText: new RegExp(`^${n}$`) }) });
  const cb = await cmEl.boundingBox();
  await page.mouse.move(cb.x + cb.width / 2, cb.y + cb.height / 2);
  // find the "- id: T2" line, then its winding_temperature alarm line, scrolling as needed
  const texts = async () => page.locator('.CodeMirror-code > div').evaluateAll((els) => els.map((e) => [e.querySelector('.CodeMirror-linenumber')?.textContent, e.querySelector('pre')?.textContent]));
  let target = null; let cmWheels = 0;
  while (!target && cmWheels < 40) {
    const t = await texts();
    const t2 = t.findIndex(([, s]) => s === '  - id: T2');
    if (t2 >= 0) { const w = t.findIndex(([, s], i) => i > t2 && s === '    winding_temperature:'); if (w >= 0 && t[w + 1]) target = t[w + 1][0]; }
    if (!target) { await page.mouse.wheel(0, 200); cmWheels++; await page.waitForTimeout(100); }
  }
  const tline = lineOf(target);
  const tb = await tline.boundingBox();
  if (tb.y + tb.height > cb.y + cb.height - 10) { await page.mouse.wheel(0, 150); await page.waitForTimeout(150); }
  log('2 alarm rule: T2 winding alarm is line', target, ':', JSON.stringify(await tline.locator('pre').innerText()), 'after', cmWheels, 'wheel steps');
  await tline.locator('.cm-number').dblclick();
  await page.keyboard.type('110');
  log('2 alarm rule: line now', JSON.stringify(await tline.locator('pre').innerText()));
  await page.getByRole('button', { name: 'Save rules' }).click();
  await page.getByRole('status').filter({ hasText: /Saved at/ }).waitFor();
  log('2 alarm rule:', await page.getByRole('status').filter({ hasText: /Saved at/ }).innerText());

  // 3. network map: hover the markers to find Fennick Bridge Primary, click it, dispatch crew H2; read the 2-second toast
  await nav('Network map');
  const markers = page.locator('svg.map g.marker');
  await markers.first().waitFor();
  await page.getByRole('button', { name: 'Zoom in' }).click(); await page.waitForTimeout(400);
  await page.getByRole('button', { name: 'Reset' }).click(); await page.waitForTimeout(400);
  const tip = page.getByRole('tooltip');
  const seen = [];
  let found = null;
  for (let i = 0; i < (await markers.count()); i++) {
    const c = await center(markers.nth(i));
    await page.mouse.move(c.x, c.y, { steps: 4 });
    await tip.waitFor();
    const name = (await tip.locator('b').innerText()).trim();
    seen.push(name);
    if (name === 'Fennick Bridge Primary') { found = markers.nth(i); break; }
  }
  log('3 map: hovered', seen.length, 'markers:', seen.join(' / '));
  await found.click();
  const panel = page.getByRole('complementary', { name: 'Substation details' });
  await panel.getByRole('heading', { name: 'Fennick Bridge Primary' }).waitFor();
  await panel.locator('.el-select').click();
  await page.getByRole('option', { name: /^Crew H2 · Hythe depot/ }).click();
  await panel.getByRole('button', { name: 'Dispatch crew' }).click();
  const toastEl = page.locator('[data-sonner-toast]', { hasText: 'Incident reference' });
  await toastEl.waitFor();
  const t0 = Date.now();
  const toastText = (await toastEl.innerText()).replace(/\s+/g, ' ').trim();
  out.incidentRef = /Incident reference (INC-\w+)/.exec(toastText)?.[1];
  await page.mouse.move(400, 120);
  await toastEl.waitFor({ state: 'detached', timeout: 8000 });
  log('3 toast:', JSON.stringify(toastText), '| gone', Date.now() - t0, 'ms after first seen');

  // 4. load profiles: choose the F214 file with the file chooser, load it, read the summary
  await nav('Load profiles');
  const pick = await center(page.getByText('Choose a CSV file…')); // the library lays a transparent <label> over its button
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.mouse.click(pick.x, pick.y)]);
  await chooser.setFiles(path.join(ROOT, 'files', 'feeder-F214-halfhourly-2026-11.csv'));
  await page.getByRole('button', { name: 'Load readings' }).click();
  const st = page.getByRole('status').filter({ hasText: 'Peak demand' });
  await st.waitFor();
  const stText = (await st.innerText()).replace(/\s+/g, ' ').trim();
  out.peak = /Peak demand ([\d.]+ MW at \d\d:\d\d on \d+ \w+ \d{4})/.exec(stText)?.[1];
  log('4 upload:', stText);

  // 5. demand: hover the chart at 17 Nov, read Saltmarsh North BSP from the tooltip
  await nav('Demand');
  const chart = page.locator('.bb');
  await chart.locator('.bb-axis-x .tick').first().waitFor();
  const tick = chart.locator('.bb-axis-x .tick').filter({ hasText: /^\s*17 Nov$/ });
  const tkb = await tick.boundingBox();
  const chb = await chart.locator('.bb-event-rect').first().boundingBox();
  await page.mouse.move(tkb.x + tkb.width / 2, chb.y + chb.height * 0.5, { steps: 6 });
  const btip = chart.locator('.bb-tooltip-container');
  await btip.filter({ hasText: '17 Nov' }).waitFor();
  const btipText = (await btip.innerText()).replace(/\s+/g, ' ').trim();
  out.demand = /Saltmarsh North BSP ([\d.]+ MW)/.exec(btipText)?.[1];
  log('5 chart tooltip:', btipText);

  // 6. planned outages: selects, flatpickr date (paged to January 2027) and times, vue-multiselect crew chips
  await nav('Planned outages');
  const form = page.getByRole('form', { name: 'Book a planned outage' });
  await form.locator('label', { hasText: 'Feeder' }).locator('.el-select').click();
  await page.getByRole('option', { name: 'F-317 Quarry', exact: true }).click();
  await form.locator('label', { hasText: 'Work' }).locator('.el-select').click();
  await page.getByRole('option', { name: 'Pole-mounted transformer replacement', exact: true }).click();
  await form.locator('input[placeholder="Choose a date"]:visible').click();
  const cal = page.locator('.flatpickr-calendar.open');
  await cal.waitFor();
  let steps = 0;
  const calMonth = async () => `${await cal.locator('.flatpickr-monthDropdown-months').evaluate((s) => s.selectedOptions[0].textContent)} ${await cal.locator('.cur-year').inputValue()}`;
  while ((await calMonth()) !== 'January 2027' && steps < 24) { await cal.locator('.flatpickr-next-month').click(); steps++; await page.waitForTimeout(150); }
  await cal.locator('.flatpickr-day[aria-label="January 20, 2027"]').click();
  for (const [ph, hh, mm] of [['Start time', '09', '30'], ['End time', '13', '00']]) {
    await form.getByLabel(ph).click();
    const tp = page.locator('.flatpickr-calendar.open');
    await tp.locator('.flatpickr-hour').click();
    await page.keyboard.press('ControlOrMeta+a'); await page.keyboard.type(hh);
    await tp.locator('.flatpickr-minute').click();
    await page.keyboard.press('ControlOrMeta+a'); await page.keyboard.type(mm);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Planned outages' }).click();
    await page.waitForTimeout(200);
  }
  await form.locator('.multiselect__tag', { hasText: 'Alex Marlow' }).locator('.multiselect__tag-icon').click();
  const ms = form.locator('.multiselect');
  for (const [q, name] of [['Tomasz', 'Tomasz Nowak'], ['Bethany', 'Bethany Crane'], ['Ifeanyi', 'Ifeanyi Obi']]) {
    await ms.click();
    await ms.locator('input.multiselect__input').pressSequentially(q, { delay: 25 });
    await ms.locator('.multiselect__element').filter({ hasText: new RegExp(`^\\s*${name}\\s*$`) }).click();
  }
  await page.getByRole('heading', { name: 'Planned outages' }).click();
  const vals = await form.locator('input').evaluateAll((els) => els.filter((e) => e.type !== 'hidden' && e.offsetParent).map((e) => e.value).filter(Boolean));
  log('6 outage form:', vals.join(' | '), '| crew chips:', (await form.locator('.multiselect__tag span').allInnerTexts()).join(', '), '| months paged:', steps);
  await form.getByRole('button', { name: 'Book outage' }).click();
  const okMsg = page.getByRole('status').filter({ hasText: /Outage PO-\d+ booked/ });
  await okMsg.waitFor();
  log('6 result:', (await okMsg.innerText()).trim());

  // 7. field staff: Hythe depot, Craig Penhale: open the certificate (new tab), then revoke access after confirming
  await nav('Field staff');
  await page.locator('.el-select', { hasText: 'All depots' }).click();
  await page.getByRole('option', { name: 'Hythe depot', exact: true }).click();
  await page.getByPlaceholder('Search name, employee no. or role').fill('Penhale');
  const srows = page.locator('.el-table__body tr');
  await page.waitForTimeout(300);
  log('7 staff: filtered rows:', (await srows.allInnerTexts()).map((t) => t.replace(/\s+/g, ' ')).join(' // '));
  const srow = srows.filter({ has: page.locator('td', { hasText: /^Craig Penhale$/ }) }).filter({ hasText: 'Hythe depot' });
  const [tab] = await Promise.all([ctx.waitForEvent('page'), srow.getByRole('link', { name: /SRA-/ }).click()]);
  await tab.getByRole('heading', { name: 'Authorisation certificate' }).waitFor();
  const valid = tab.getByRole('row').filter({ hasText: 'Authorisation valid until' });
  await valid.waitFor();
  out.validUntil = (await valid.locator('td').innerText()).trim();
  log('7 certificate tab:', tab.url(), '| holder', await tab.getByRole('row').filter({ hasText: 'Holder' }).locator('td').innerText(), '| valid until', out.validUntil);
  await tab.close();
  await srow.getByRole('button', { name: 'Revoke access' }).click();
  const dlg = page.getByRole('dialog', { name: 'Revoke system access?' });
  await dlg.waitFor();
  log('7 dialog:', (await dlg.locator('.el-message-box__message').innerText()).replace(/\s+/g, ' '));
  await dlg.getByRole('button', { name: 'Revoke access', exact: true }).click();
  const rv = page.getByRole('status').filter({ hasText: /has been revoked/ });
  await rv.waitFor();
  log('7 result:', (await rv.innerText()).trim());

  // direct loads of deep links (server-side fallback for client routes) also work
  for (const p of ['/customers', '/alarm-rules/AR-305', '/network-map', '/planned-outages', '/no-such-page']) {
    await page.goto(BASE + p);
    await page.locator('h1.page').first().waitFor();
    await page.waitForTimeout(500);
    log('deep link', p, '->', await page.locator('h1.page').first().innerText());
  }
} finally {
  await browser.close();
}

const v = await (await fetch(BASE + '/__verify')).json();
log(JSON.stringify(v, null, 1));
const expectedHits = {
  'POST /api/customers/save': 1, 'POST /api/alarm-rules/:id': 1, 'POST /api/incidents': 1, 'POST /api/load-profiles/upload': 1,
  'POST /api/outages': 1, 'POST /api/field-staff/:id/revoke': 1,
};
const checks = {
  allDone: Object.values(v.jobs).every((j) => j.done === true),
  eachEndpointOnce: JSON.stringify(Object.entries(v.hits).sort()) === JSON.stringify(Object.entries(expectedHits).sort()),
  incidentRefMatches: !!out.incidentRef && out.incidentRef === v.jobs['3-map-toast-dispatch'].expectedReport,
  uploadPeak: out.peak === v.jobs['4-upload-load-profile'].expectedReport,
  chartValue: out.demand === v.jobs['5-chart-demand'].expectedReport,
  certificateDate: out.validUntil === v.jobs['7-confirm-revoke'].expectedReport,
  noConsoleErrorsOrExternalRequests: problems.length === 0,
};
log('answers:', { incidentReference: out.incidentRef, peakDemand: out.peak, saltmarshNorth17Nov: out.demand, authorisationValidUntil: out.validUntil });
log('checks:', checks);
if (child) stopServer();
else if (!process.env.KEEP) { await fetch(BASE + '/__reset', { method: 'POST' }); log('state reset'); }
const pass = Object.values(checks).every(Boolean);
log(pass ? 'SELFTEST PASSED' : 'SELFTEST FAILED');
process.exit(pass ? 0 : 1);
