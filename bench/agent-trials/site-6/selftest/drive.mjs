// Drives every job once, headless, the way a user would (menu clicks, wheel scrolling, hovering,
// double-clicks, typing, the file chooser, a new tab, a confirm dialog), then prints /__verify and
// checks it and the reported answers.
//
//   node selftest/drive.mjs                 starts a fresh server of its own (port 4667, or SELFTEST_PORT) and stops it at the end
//   BASE=http://127.0.0.1:4567 node selftest/drive.mjs    uses a running server instead (reset before and after; KEEP=1 skips the final reset)
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
  const port = Number(process.env.SELFTEST_PORT || 4667);
  BASE = `http://127.0.0.1:${port}`;
  child = spawn(process.execPath, [path.join(ROOT, 'server.mjs')], { env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise((resolve, reject) => {
    child.stdout.on('data', (d) => { if (String(d).includes('trial-site-6 on')) resolve(); });
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
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  for (const label of ['Branch map', 'Notices', 'Visits', 'Stock-take', 'Patrons', 'Events', 'Items', 'Dashboard']) {
    await nav(label);
    await page.locator('h1.page').filter({ hasText: label }).waitFor();
    await page.waitForTimeout(400);
  }
  log('0 pages: visited every menu entry, url now', page.url());

  // 1. patrons: wheel down the SlickGrid to Mr Idris Pennock, 7 Weir Street, Coldharbour; wheel right to Home delivery
  await nav('Patrons');
  const vp = page.locator('.patron-grid .slick-viewport').first();
  await vp.locator('.slick-row').first().waitFor();
  const gb = await vp.boundingBox();
  await page.mouse.move(gb.x + gb.width / 2, gb.y + gb.height / 2);
  const exact = (cls, t) => page.locator(`.slick-cell.${cls}`, { hasText: new RegExp(`^${t}$`) });
  const trow = vp.locator('.slick-row').filter({ has: exact('l2', 'Idris') }).filter({ has: exact('l3', 'Pennock') })
    .filter({ has: exact('l4', '7 Weir Street') }).filter({ has: exact('l5', 'Coldharbour') });
  let wheels = 0;
  const rowInView = async () => {
    if ((await trow.count()) !== 1) return false;
    const b = await trow.boundingBox(); return b && b.y > gb.y + 10 && b.y + b.height < gb.y + gb.height - 20;
  };
  while (!(await rowInView()) && wheels < 80) { await page.mouse.wheel(0, 300); wheels++; await page.waitForTimeout(90); }
  log('1 patrons: target row rendered after', wheels, 'wheel steps:', (await trow.innerText()).replace(/\s+/g, ' ').slice(0, 120));
  const hd = trow.locator('.slick-cell.hd-cell');
  log('1 patrons: Home delivery cell rendered before scrolling right?', (await hd.count()) > 0);
  let hw = 0;
  while ((await hd.count()) === 0 && hw < 40) { await page.mouse.wheel(400, 0); hw++; await page.waitForTimeout(90); }
  for (let i = 0; i < 4; i++) { await page.mouse.wheel(400, 0); await page.waitForTimeout(60); }
  await hd.click();
  await page.waitForTimeout(200);
  log('1 patrons: after', hw, 'sideways wheel steps, box checked:', await trow.locator('input.hd-box').isChecked(), '|', (await trow.innerText()).replace(/\s+/g, ' ').slice(-50));
  await page.getByRole('button', { name: 'Save changes' }).click();
  await page.getByRole('status').filter({ hasText: 'Saved 1 patron record' }).waitFor();
  log('1 patrons: saved');

  // 2. notices: Harbourside Library Christmas Eve closing 16:00 -> 13:00 in the Trix editor
  await nav('Notices');
  await page.getByRole('link', { name: 'Christmas and New Year opening hours 2026', exact: true }).click();
  const ed = page.locator('trix-editor');
  await ed.locator('div', { hasText: 'Harbourside Library:' }).first().waitFor();
  const pos = await ed.evaluate((root) => {
    const w = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    let n; while ((n = w.nextNode())) { if (n.data.startsWith('Harbourside Library:')) break; }
    const i = n.data.indexOf('16:00');
    const r = document.createRange(); r.setStart(n, i + 4); r.setEnd(n, i + 5);
    const b = r.getBoundingClientRect(); return { x: b.right - 1, y: b.top + b.height / 2 };
  });
  await page.mouse.click(pos.x, pos.y);
  for (let i = 0; i < 5; i++) await page.keyboard.press('Shift+ArrowLeft');
  await page.keyboard.type('13:00');
  log('2 notice: line now', JSON.stringify(await ed.locator('div', { hasText: 'Harbourside Library:' }).first().innerText()));
  await page.getByRole('button', { name: 'Save notice' }).click();
  await page.getByRole('status').filter({ hasText: /Saved at/ }).waitFor();
  log('2 notice:', await page.getByRole('status').innerText());

  // 3. branch map: hover the markers to find Marsh End Library, click it, close it (Building problem); read the 2-second toast
  await nav('Branch map');
  const markers = page.locator('.highcharts-mappoint-series .highcharts-point');
  await markers.first().waitFor();
  await page.waitForTimeout(500);
  const tip = page.locator('.highcharts-tooltip');
  const seen = []; let found = null;
  for (let i = 0; i < (await markers.count()); i++) {
    const c = await center(markers.nth(i));
    await page.mouse.move(c.x, c.y, { steps: 4 });
    await page.waitForTimeout(250);
    const t = (await tip.textContent()) || '';
    const name = /^(.*?)Branch code/.exec(t.replace(/\u200b/g, ''))?.[1].trim();
    seen.push(name);
    if (name === 'Marsh End Library') { found = c; break; }
  }
  log('3 map: hovered', seen.length, 'markers:', seen.join(' / '));
  await page.mouse.click(found.x, found.y);
  const panel = page.getByRole('complementary', { name: 'Branch details' });
  await panel.getByRole('heading', { name: 'Marsh End Library', exact: true }).waitFor();
  await panel.getByLabel('Reason for closure').selectOption('Building problem');
  await panel.getByRole('button', { name: 'Close branch for today' }).click();
  const toastEl = page.locator('.noty_bar', { hasText: 'Closure reference' });
  await toastEl.waitFor();
  const t0 = Date.now();
  const toastText = (await toastEl.innerText()).replace(/\s+/g, ' ').trim();
  out.closureRef = /Closure reference (CLO-\w+)/.exec(toastText)?.[1];
  await page.mouse.move(300, 400);
  await toastEl.waitFor({ state: 'detached', timeout: 8000 });
  log('3 toast:', JSON.stringify(toastText), '| gone', Date.now() - t0, 'ms after first seen');

  // 4. stock-take: choose the MEL file with the file chooser, upload it, read the summary
  await nav('Stock-take');
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Choose a CSV file…' }).click()]);
  await chooser.setFiles(path.join(ROOT, 'files', 'stocktake-MEL-2026-11.csv'));
  await page.getByText('Selected: stocktake-MEL-2026-11.csv').waitFor();
  await page.getByRole('button', { name: 'Upload scans' }).click();
  const st = page.getByRole('status').filter({ hasText: 'items missing' });
  await st.waitFor();
  const stText = (await st.innerText()).replace(/\s+/g, ' ').trim();
  out.missing = /([\d,]+ items missing)/.exec(stText)?.[1];
  log('4 upload:', stText);

  // 5. visits: hover the chart at Sep 2026, read Harbour Road Library from the tooltip
  await nav('Visits');
  const chart = page.locator('.visits-chart');
  const xl = chart.locator('svg text', { hasText: /^Sep 2026$/ });
  await xl.waitFor();
  await page.waitForTimeout(800);
  let xb = null;
  for (let i = 0; i < 20 && !xb; i++) { xb = await xl.boundingBox().catch(() => null); if (!xb) await page.waitForTimeout(250); }
  const svgb = await chart.locator('svg').first().boundingBox();
  await page.mouse.move(xb.x + xb.width / 2, svgb.y + svgb.height * 0.4, { steps: 6 });
  const ftip = chart.locator('.graph-svg-tip');
  await ftip.filter({ hasText: 'Sep 2026' }).waitFor({ state: 'visible' });
  const ftipText = (await ftip.innerText()).replace(/\s+/g, ' ').trim();
  out.visits = /([\d,]+ visits) ?Harbour Road Library/.exec(ftipText)?.[1] || /Harbour Road Library:? ?([\d,]+ visits)/.exec(ftipText)?.[1];
  log('5 chart tooltip:', ftipText);

  // 6. events: branch, event, Pikaday date (paged to January 2027), times, Tom Select staff chips
  await nav('Events');
  const form = page.getByRole('form', { name: 'Book an event' });
  await form.getByLabel('Branch', { exact: true }).selectOption('Harbourside Library');
  await form.getByLabel('Event', { exact: true }).selectOption('Rhyme Time');
  await form.getByPlaceholder('Choose a date').click();
  const pika = page.locator('.pika-single:not(.is-hidden)');
  await pika.waitFor();
  let steps = 0;
  const calTitle = async () => pika.locator('.pika-label').evaluateAll((ls) => ls.map((l) => l.firstChild.textContent).join(' '));
  while (!/January.*2027/.test(await calTitle()) && steps < 24) { await pika.locator('.pika-next').click(); steps++; await page.waitForTimeout(120); }
  await pika.locator('button.pika-day[data-pika-year="2027"][data-pika-month="0"][data-pika-day="16"]').click();
  await form.getByLabel('Start time', { exact: true }).selectOption('10:30');
  await form.getByLabel('End time', { exact: true }).selectOption('11:15');
  const tsWrap = form.locator('.ts-wrapper');
  await tsWrap.locator('.item', { hasText: 'Jo Whitcombe' }).locator('.remove').click();
  for (const [q, name] of [['Priya', 'Priya Anand'], ['Owen', 'Owen Tresize'], ['Mared', 'Mared Hughes']]) {
    await tsWrap.locator('input').click();
    await tsWrap.locator('input').pressSequentially(q, { delay: 25 });
    await page.locator('.ts-dropdown .option').filter({ hasText: new RegExp(`^${name}$`) }).click();
  }
  await page.getByRole('heading', { name: 'Events', exact: true }).click();
  log('6 event form: date', await form.getByPlaceholder('Choose a date').inputValue(), '| chips:', (await tsWrap.locator('.item').allInnerTexts()).map((t) => t.replace(/×/g, '').trim()).join(', '), '| months paged:', steps);
  await form.getByRole('button', { name: 'Book event' }).click();
  const okMsg = page.getByRole('status').filter({ hasText: /Event EV-\d+ booked/ });
  await okMsg.waitFor();
  log('6 result:', (await okMsg.innerText()).trim());

  // 7. items: The Salt Path (paperback) at Harbourside, returned damaged: open the record (new tab), then withdraw after confirming
  await nav('Items');
  await page.getByLabel('Search items').fill('salt path');
  await page.getByLabel('Branch', { exact: true }).selectOption('Harbourside Library');
  await page.waitForTimeout(300);
  const irows = page.locator('table.plain tbody tr');
  log('7 items: filtered rows:', (await irows.allInnerTexts()).map((t) => t.replace(/\s+/g, ' ')).join(' // '));
  const irow = irows.filter({ has: page.locator('td', { hasText: /^The Salt Path$/ }) }).filter({ has: page.locator('td', { hasText: /^Paperback$/ }) }).filter({ hasText: 'Returned – damaged' });
  const [tab] = await Promise.all([ctx.waitForEvent('page'), irow.getByRole('link').click()]);
  await tab.getByRole('heading', { name: 'Catalogue record' }).waitFor();
  const acq = tab.getByRole('row').filter({ hasText: 'Date acquired' });
  await acq.waitFor();
  out.acquired = (await acq.locator('td').innerText()).trim();
  log('7 record tab:', tab.url(), '| barcode', await tab.getByRole('row').filter({ hasText: 'Copy barcode' }).locator('td').innerText(), '| acquired', out.acquired);
  await tab.close();
  await irow.getByRole('button', { name: 'Withdraw…' }).click();
  const dlg = page.getByRole('dialog', { name: 'Withdraw item from stock?' });
  await dlg.waitFor();
  log('7 dialog:', (await dlg.innerText()).replace(/\s+/g, ' '));
  await dlg.getByRole('button', { name: 'Withdraw item', exact: true }).click();
  const rv = page.getByRole('status').filter({ hasText: /has been withdrawn/ });
  await rv.waitFor();
  log('7 result:', (await rv.innerText()).trim());

  // direct loads of deep links (server-side fallback for client routes) also work
  for (const p of ['/patrons', '/notices/N-404', '/branch-map', '/visits', '/events', '/no-such-page']) {
    await page.goto(BASE + p);
    await page.locator('h1.page').first().waitFor();
    await page.waitForTimeout(600);
    log('deep link', p, '->', await page.locator('h1.page').first().innerText());
  }
} finally {
  await browser.close();
}

const v = await (await fetch(BASE + '/__verify')).json();
log(JSON.stringify(v, null, 1));
const expectedHits = {
  'POST /api/patrons/save': 1, 'POST /api/notices/:id': 1, 'POST /api/closures': 1, 'POST /api/stocktakes/upload': 1,
  'POST /api/events': 1, 'POST /api/items/:barcode/withdraw': 1,
};
const checks = {
  allDone: Object.values(v.jobs).every((j) => j.done === true),
  eachEndpointOnce: JSON.stringify(Object.entries(v.hits).sort()) === JSON.stringify(Object.entries(expectedHits).sort()),
  closureRefMatches: !!out.closureRef && out.closureRef === v.jobs['3-map-toast-closure'].expectedReport,
  uploadMissing: out.missing === v.jobs['4-upload-stocktake'].expectedReport,
  chartValue: out.visits === v.jobs['5-chart-visits'].expectedReport,
  recordDate: out.acquired === v.jobs['7-newtab-confirm-withdraw'].expectedReport,
  noConsoleErrorsOrExternalRequests: problems.length === 0,
};
log('answers:', { closureReference: out.closureRef, itemsMissing: out.missing, harbourRoadSep2026: out.visits, dateAcquired: out.acquired });
log('checks:', checks);
if (child) stopServer();
else if (!process.env.KEEP) { await fetch(BASE + '/__reset', { method: 'POST' }); log('state reset'); }
const pass = Object.values(checks).every(Boolean);
log(pass ? 'SELFTEST PASSED' : 'SELFTEST FAILED');
process.exit(pass ? 0 : 1);
