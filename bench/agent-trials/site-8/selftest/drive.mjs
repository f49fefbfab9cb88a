// Drives every job once, headless, the way a user would (menu clicks = client-side navigation, wheel scrolling,
// double-click editing, typing, hovering, the file chooser, a date picker, chips, a confirm dialog), then prints
// /__verify and checks it and the reported answers.
//
//   node selftest/drive.mjs                 starts a fresh server of its own (port 4687, or SELFTEST_PORT) and stops it at the end
//   BASE=http://127.0.0.1:4587 node selftest/drive.mjs    uses a running server instead (reset before and after; KEEP=1 skips the final reset)
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
  const port = Number(process.env.SELFTEST_PORT || 4687);
  BASE = `http://127.0.0.1:${port}`;
  child = spawn(process.execPath, [path.join(ROOT, 'server.mjs')], { env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise((resolve, reject) => {
    child.stdout.on('data', (d) => { if (String(d).includes('trial-site-8 on')) resolve(); });
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
const heading = (name) => page.getByRole('heading', { level: 1, name, exact: true });
const nav = async (label, h1 = label) => {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label, exact: true }).click();
  await heading(h1).waitFor();
};
const squash = (s) => s.replace(/\s+/g, ' ').trim();

try {
  await page.goto(BASE + '/');
  await heading('Dashboard').waitFor();
  for (const label of ['Patrons', 'Show pages', 'Gift vouchers', 'Group bookings', 'Ticket sales', 'Access performances', 'Bookings', 'Dashboard']) {
    await nav(label);
    await page.waitForTimeout(400);
  }
  log('0 pages: visited every menu entry (client-side routes), url now', page.url());

  // 1. patrons: wheel down the TOAST UI grid to Mr Daniel Asante, 7 Quay Street, Portlow; wheel right to Membership; double-click, pick Friend Plus
  await nav('Patrons');
  const body = page.locator('.tui-grid-rside-area .tui-grid-body-area');
  await body.locator('td[data-column-name=id]').first().waitFor();
  const gb = await body.boundingBox();
  await page.mouse.move(gb.x + 300, gb.y + gb.height / 2);
  const cell = (col, t) => page.locator(`td[data-column-name=${col}]`, { hasText: new RegExp(`^${t}$`) });
  const trow = body.locator('tr').filter({ has: cell('title', 'Mr') }).filter({ has: cell('first', 'Daniel') }).filter({ has: cell('surname', 'Asante') })
    .filter({ has: cell('address', '7 Quay Street') }).filter({ has: cell('town', 'Portlow') });
  let wheels = 0;
  const rowInView = async () => { if ((await trow.count()) !== 1) return false; const b = await trow.boundingBox(); return b && b.y > gb.y + 5 && b.y + b.height < gb.y + gb.height - 20; };
  while (!(await rowInView()) && wheels < 150) { await page.mouse.wheel(0, 300); wheels++; await page.waitForTimeout(60); }
  const rowKey = await trow.locator('td').first().getAttribute('data-row-key');
  log('1 patrons: target row in view after', wheels, 'wheel steps:', squash(await trow.innerText()).slice(0, 120), '| row key', rowKey);
  const mem = body.locator(`td[data-row-key="${rowKey}"][data-column-name=membership]`);
  log('1 patrons: Membership cell rendered before scrolling right?', (await mem.count()) > 0);
  let hw = 0;
  while ((await mem.count()) === 0 && hw < 40) { await page.mouse.wheel(400, 0); hw++; await page.waitForTimeout(60); }
  for (let i = 0; i < 4; i++) { await page.mouse.wheel(400, 0); await page.waitForTimeout(50); }
  log('1 patrons: after', hw, 'sideways wheel steps, Membership is', squash(await mem.innerText()), '| name cell still rendered?', (await body.locator(`td[data-row-key="${rowKey}"][data-column-name=first]`).count()) > 0);
  await mem.dblclick();
  await page.locator('.tui-select-box-item', { hasText: /^Friend Plus$/ }).click();
  await page.waitForTimeout(300);
  log('1 patrons: after picking, the cell editor shows', squash(await page.locator('.tui-select-box-input').innerText()), '(still editing; Save commits it)');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await page.getByRole('status').filter({ hasText: 'Saved 1 patron record' }).waitFor();
  log('1 patrons: saved');

  // 2. show page: Hedda Gabler running time 2 hours 20 minutes -> 2 hours 35 minutes in the Jodit editor
  await nav('Show pages');
  await page.getByRole('link', { name: 'Hedda Gabler', exact: true }).click();
  await heading('Hedda Gabler').waitFor();
  const ed = page.locator('.jodit-wysiwyg');
  await ed.locator('p', { hasText: 'Running time' }).waitFor();
  const pos = await ed.evaluate((root) => {
    const w = document.createTreeWalker(root, NodeFilter.SHOW_TEXT); let n;
    while ((n = w.nextNode())) { if (n.data.startsWith('Running time')) break; }
    const i = n.data.indexOf('20 minutes'); const r = document.createRange(); r.setStart(n, i + 1); r.setEnd(n, i + 2);
    const b = r.getBoundingClientRect(); return { x: b.right - 1, y: b.top + b.height / 2 };
  });
  await page.mouse.click(pos.x, pos.y);
  for (let i = 0; i < 2; i++) await page.keyboard.press('Shift+ArrowLeft');
  await page.keyboard.type('35');
  log('2 show page: line now', JSON.stringify(await ed.locator('p', { hasText: 'Running time' }).innerText()));
  await page.getByRole('button', { name: 'Save page' }).click();
  await page.getByRole('status').filter({ hasText: /Saved at/ }).waitFor();
  log('2 show page:', await page.getByRole('status').filter({ hasText: /Saved at/ }).innerText());

  // 3. gift vouchers: Priya Shah's £50 voucher for Anjali ordered 3 December; issue it; read the 2 s toast
  await nav('Gift vouchers');
  const vrow = page.getByRole('row').filter({ hasText: '3 December 2026' }).filter({ has: page.getByRole('cell', { name: 'Priya Shah', exact: true }) })
    .filter({ has: page.getByRole('cell', { name: 'Anjali Shah', exact: true }) }).filter({ has: page.getByRole('cell', { name: '£50.00', exact: true }) });
  log('3 vouchers: row', squash(await vrow.innerText()));
  await vrow.getByRole('button', { name: 'Issue voucher' }).click();
  const toastEl = page.getByRole('status').filter({ hasText: 'Voucher code' });
  await toastEl.waitFor();
  const t0 = Date.now();
  const toastText = squash(await toastEl.innerText());
  out.voucherCode = /Voucher code (GV-[\w-]+)/.exec(toastText)?.[1];
  await toastEl.waitFor({ state: 'detached', timeout: 8000 });
  log('3 toast:', JSON.stringify(toastText), '| gone', Date.now() - t0, 'ms after first seen');

  // 4. group bookings: Vaadin upload, file chooser, the 2026 file; read the summary
  await nav('Group bookings');
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: /Upload File/ }).click()]);
  await chooser.setFiles(path.join(ROOT, 'files', 'schools-carol-2026-12.csv'));
  const st = page.getByRole('status').filter({ hasText: 'seats booked' });
  await st.waitFor();
  const stText = squash(await st.innerText());
  out.seats = /([\d,]+ seats) booked/.exec(stText)?.[1];
  log('4 upload:', stText);

  // 5. ticket sales: hover the Winter's Tale markers until the tooltip shows Sat 21 Nov 2026 matinee
  await nav('Ticket sales');
  const pts = page.locator('.scatterlayer .trace').first().locator('path.point');
  await pts.first().waitFor();
  const hover = page.locator('.hoverlayer .hovertext');
  let htext = ''; let tries = 0;
  for (let i = 0; i < (await pts.count()); i++) {
    const b = await pts.nth(i).boundingBox();
    await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 3 }); await page.waitForTimeout(120); tries++;
    if ((await hover.count()) === 0) continue;
    htext = squash(await hover.first().textContent());
    if (/Winter's Tale.*Sat 21 Nov 2026 · 2\.30pm matinee/.test(htext)) break;
  }
  out.tickets = /(\d+ tickets) sold/.exec(htext)?.[1];
  log('5 chart tooltip after', tries, 'markers:', htext);

  // 6. access performances: production, date picker paged to January 2027, time, chips (remove the default, add three)
  await nav('Access performances');
  const form = page.getByRole('form', { name: 'Schedule an access performance' });
  await form.getByLabel('Production', { exact: true }).selectOption('A Christmas Carol');
  await form.getByLabel('Date', { exact: true }).click();
  const cal = page.locator('[data-vc=calendar]');
  await cal.waitFor();
  let steps = 0;
  while (squash(await cal.locator('[data-vc=header]').innerText()) !== 'January 2027' && steps < 24) { await cal.getByRole('button', { name: 'Next month' }).click(); steps++; await page.waitForTimeout(150); }
  await cal.getByRole('button', { name: 'January 9, 2027' }).click();
  await form.getByLabel('Performance time', { exact: true }).selectOption({ label: '2.30pm' });
  const sel = form.locator('.solid-select-container');
  await sel.locator('.solid-select-multi-value', { hasText: 'Captioning' }).getByRole('button').click();
  for (const [q, name] of [['Audio desc', 'Audio description'], ['BSL', 'BSL interpretation'], ['Touch', 'Touch tour']]) {
    await form.getByLabel('Access services').click();
    await form.getByLabel('Access services').pressSequentially(q, { delay: 30 });
    await page.locator('.solid-select-option').filter({ hasText: new RegExp(`^${name}$`) }).click();
  }
  await heading('Access performances').click();
  const chips = (await sel.locator('.solid-select-multi-value > span').allInnerTexts()).join(', ');
  log('6 form: date', await form.getByLabel('Date', { exact: true }).inputValue(), '| chips:', chips, '| months paged:', steps);
  await form.getByRole('button', { name: 'Schedule performance' }).click();
  const ok = page.getByRole('status').filter({ hasText: /Access performance AP-\d+ scheduled/ });
  await ok.waitFor();
  log('6 result:', squash(await ok.innerText()));

  // 7. bookings: search Eleanor Marsh, find Hedda Gabler Fri 11 Dec evening paid by card ending 4417, cancel (confirm dialog)
  await nav('Bookings');
  await page.getByLabel('Search bookings').fill('Eleanor Marsh');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.waitForURL(/q=Eleanor/);
  await page.getByText(/Page 1 of 1 · \d+ bookings/).waitFor();
  const rows = page.locator('table.plain tbody tr');
  log('7 bookings: search rows:', (await rows.allInnerTexts()).map(squash).join(' // '));
  const brow = rows.filter({ has: page.getByRole('cell', { name: 'Mrs Eleanor Marsh', exact: true }) }).filter({ has: page.getByRole('cell', { name: 'Hedda Gabler', exact: true }) })
    .filter({ hasText: '11 Dec 2026, 7.45pm' }).filter({ has: page.getByRole('cell', { name: /ending 4417$/ }) }).filter({ hasText: 'Confirmed' });
  out.bookingRef = squash(await brow.locator('td').first().innerText());
  await brow.getByRole('button', { name: 'Cancel booking…' }).click();
  const dlg = page.getByRole('alertdialog', { name: 'Cancel booking?' });
  await dlg.waitFor();
  log('7 dialog:', squash(await dlg.innerText()));
  await dlg.getByRole('button', { name: 'Cancel and refund' }).click();
  const rv = page.getByRole('status').filter({ hasText: /Booking BK-\d+ cancelled/ });
  await rv.waitFor();
  log('7 result:', squash(await rv.innerText()));

  for (const p of ['/show-pages/SP-32', '/ticket-sales', '/bookings?production=Hedda+Gabler&page=2', '/no-such-page']) {
    await page.goto(BASE + p); await page.locator('h1.page').first().waitFor(); await page.waitForTimeout(600);
    log('direct load', p, '->', await page.locator('h1.page').first().innerText());
  }
} finally {
  await browser.close();
}

const v = await (await fetch(BASE + '/__verify')).json();
log(JSON.stringify(v, null, 1));
const expectedHits = { 'POST /api/patrons/save': 1, 'POST /api/show-pages/:id': 1, 'POST /api/vouchers/:id/issue': 1, 'POST /api/group-import': 1,
  'POST /api/access-performances': 1, 'POST /api/bookings/:ref/cancel': 1 };
const checks = {
  allDone: Object.values(v.jobs).every((j) => j.done === true),
  eachEndpointOnce: JSON.stringify(Object.entries(v.hits).sort()) === JSON.stringify(Object.entries(expectedHits).sort()),
  voucherCodeMatches: !!out.voucherCode && out.voucherCode === v.jobs['3-toast-voucher'].expectedReport,
  uploadSeats: out.seats === v.jobs['4-upload-groups'].expectedReport,
  chartValue: out.tickets === v.jobs['5-chart-sales'].expectedReport,
  bookingRef: out.bookingRef === v.jobs['7-confirm-cancel-booking'].expectedReport,
  noConsoleErrorsOrExternalRequests: problems.length === 0,
};
log('answers:', { voucherCode: out.voucherCode, seatsBooked: out.seats, winterTaleSat21NovMatinee: out.tickets, bookingRef: out.bookingRef });
log('checks:', checks);
if (child) stopServer();
else if (!process.env.KEEP) { await fetch(BASE + '/__reset', { method: 'POST' }); log('state reset'); }
const pass = Object.values(checks).every(Boolean);
log(pass ? 'SELFTEST PASSED' : 'SELFTEST FAILED');
process.exit(pass ? 0 : 1);
