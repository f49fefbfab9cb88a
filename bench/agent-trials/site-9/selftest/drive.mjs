// Drives every job once, headless, the way a user would (menu clicks = client-side navigation, wheel scrolling in the
// grid, double-click editing, typing in the rich-text editor, reading a toast, the file chooser, zooming and hovering
// map markers, a date picker, a tag multi-select, a confirm dialog), then prints /__verify and checks it and the answers.
//
//   node selftest/drive.mjs                 starts a fresh server of its own (port 4697, or SELFTEST_PORT) and stops it at the end
//   BASE=http://127.0.0.1:4597 node selftest/drive.mjs    uses a running server instead (reset before and after; KEEP=1 skips the final reset)
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
  const port = Number(process.env.SELFTEST_PORT || 4697);
  BASE = `http://127.0.0.1:${port}`;
  child = spawn(process.execPath, [path.join(ROOT, 'server.mjs')], { env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise((resolve, reject) => {
    child.stdout.on('data', (d) => { if (String(d).includes('trial-site-9 on')) resolve(); });
    child.on('exit', (c) => reject(new Error('server exited with ' + c)));
  });
  log('fresh server started on', BASE, 'pid', child.pid);
} else {
  await fetch(BASE + '/__reset', { method: 'POST' });
}
const stopServer = () => { if (child) { child.kill('SIGTERM'); child = null; } };
process.on('exit', stopServer);

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/lib/chromium/chromium-headless-shell', headless: true, args: ['--no-sandbox'] });
const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
const problems = [];
const watch = (pg) => {
  pg.on('pageerror', (e) => { problems.push('pageerror ' + e.message); log('PAGE ERROR', e.message); });
  pg.on('console', (m) => { if (m.type() === 'error') { problems.push('console ' + m.text()); log('CONSOLE ERROR', m.text()); } });
  pg.on('request', (r) => { const u = r.url(); if (!u.startsWith(BASE + '/') && !u.startsWith('data:') && !u.startsWith('blob:')) { problems.push('external ' + u); log('EXTERNAL REQUEST', u); } });
};
ctx.on('page', watch);
const page = await ctx.newPage();
const out = {};
const heading = (name) => page.getByRole('heading', { level: 1, name, exact: true });
const nav = async (label, h1 = label) => {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label, exact: true }).click();
  await heading(h1).waitFor();
};
const squash = (s) => s.replace(/\s+/g, ' ').trim();
const status = (re) => page.getByRole('status').filter({ hasText: re });

try {
  await page.goto(BASE + '/');
  await heading('Dashboard').waitFor();
  for (const label of ['Green lots', 'Offer sheets', 'Sales contracts', 'Arrivals', 'Partner producers', 'Cupping sessions', 'Reservations', 'Dashboard']) { await nav(label); await page.waitForTimeout(300); }
  log('0 pages: visited every menu entry (client-side routes), url now', page.url());

  // 1. green lots: find Finca La Esperanza, Huila, washed Pink Bourbon, arrived 14 April 2026, Felixstowe; cup score -> 87.25
  await nav('Green lots');
  const grid = page.getByRole('grid', { name: 'Green lots' });
  await grid.getByRole('row').nth(2).waitFor();
  const gb = await grid.boundingBox();
  await page.mouse.move(gb.x + 300, gb.y + gb.height / 2);
  // headers are virtualised too: the column order as seen when scrolling across once
  const colIdx = Object.fromEntries(['Lot no.', 'Origin', 'Region', 'Producer', 'Variety', 'Process', 'Grade', 'Crop year', 'Bags', 'Bag (kg)', 'Arrival', 'Warehouse', 'Bay',
    'Moisture %', 'Density (g/l)', 'Price ($/lb)', 'Status', 'Cupper', 'Cup score'].map((n, i) => [n, String(i + 1)]));
  log('1 lots: headers rendered at first:', (await grid.getByRole('columnheader').allInnerTexts()).map(squash).join(' | '));
  const cellOf = (row, col) => row.locator(`[role=gridcell][aria-colindex="${colIdx[col]}"]`);
  const cand = grid.getByRole('row').filter({ has: page.locator(`[aria-colindex="${colIdx.Producer}"]`, { hasText: /^Finca La Esperanza$/ }) })
    .filter({ has: page.locator(`[aria-colindex="${colIdx.Region}"]`, { hasText: /^Huila$/ }) }).filter({ has: page.locator(`[aria-colindex="${colIdx.Variety}"]`, { hasText: /^Pink Bourbon$/ }) })
    .filter({ has: page.locator(`[aria-colindex="${colIdx.Process}"]`, { hasText: /^Washed$/ }) });
  const checked = new Set(); let target = null; let wheels = 0; let sideways = 0;
  while (!target && wheels < 200) {
    const fresh = [];
    for (const r of await cand.all()) { const ri = await r.getAttribute('aria-rowindex'); const b = await r.getByRole('gridcell').first().boundingBox(); if (!checked.has(ri) && b && b.y > gb.y + 40 && b.y + b.height < gb.y + gb.height - 20) fresh.push(ri); }
    if (fresh.length) {
      for (let i = 0; i < 5; i++) { await page.mouse.wheel(250, 0); sideways++; await page.waitForTimeout(60); }
      for (const ri of fresh) {
        const row = grid.locator(`[role=row][aria-rowindex="${ri}"]`); checked.add(ri);
        const arr = squash(await cellOf(row, 'Arrival').innerText()); const wh = squash(await cellOf(row, 'Warehouse').innerText());
        if (arr === '2026-04-14' && wh === 'Felixstowe') target = ri;
      }
      if (!target) for (let i = 0; i < 5; i++) { await page.mouse.wheel(-250, 0); await page.waitForTimeout(60); }
    }
    if (!target) { await page.mouse.wheel(0, 250); wheels++; await page.waitForTimeout(60); }
  }
  log('1 lots: target row', target, 'after', wheels, 'wheel steps down,', checked.size, 'look-alike rows checked');
  const trow = grid.locator(`[role=row][aria-rowindex="${target}"]`);
  while ((await cellOf(trow, 'Cup score').count()) === 0 && sideways < 80) { await page.mouse.wheel(300, 0); sideways++; await page.waitForTimeout(60); }
  const scoreCell = cellOf(trow, 'Cup score');
  log('1 lots: cup score', await scoreCell.innerText(), '| lot no. still rendered?', (await cellOf(trow, 'Lot no.').count()) > 0);
  await scoreCell.dblclick();
  const editor = scoreCell.locator('input');
  await editor.waitFor();
  await editor.press('Control+A'); await editor.pressSequentially('87.25'); await editor.press('Enter');
  await page.waitForTimeout(200);
  log('1 lots: cell now', await scoreCell.innerText());
  await page.getByRole('button', { name: 'Save changes' }).click();
  await status('Saved 1 lot record').waitFor();
  log('1 lots:', await status('Saved').innerText());

  // 2. offer sheet: Kenya Nyeri AA Gatomboya altitude 1,750 -> 1,850 metres
  await nav('Offer sheets');
  await page.getByRole('link', { name: 'Kenya Nyeri AA Gatomboya', exact: true }).click();
  await heading('Kenya Nyeri AA Gatomboya').waitFor();
  const ed = page.locator('.sun-editor-editable');
  await ed.locator('li', { hasText: 'Altitude' }).waitFor();
  const pos = await ed.evaluate((root) => {
    const w = document.createTreeWalker(root, NodeFilter.SHOW_TEXT); let n;
    while ((n = w.nextNode())) { if (n.data.includes('Altitude')) break; }
    const i = n.data.indexOf('1,750') + 2; const r = document.createRange(); r.setStart(n, i); r.setEnd(n, i + 1);
    const b = r.getBoundingClientRect(); return { x: b.right - 1, y: b.top + b.height / 2 };
  });
  await page.mouse.click(pos.x, pos.y);
  await page.keyboard.press('Shift+ArrowLeft');
  await page.keyboard.type('8');
  log('2 sheet: line now', JSON.stringify(await ed.locator('li', { hasText: 'Altitude' }).innerText()));
  await page.getByRole('button', { name: 'Save offer sheet' }).click();
  await status(/Offer sheet saved/).waitFor();
  log('2 sheet:', await status(/saved/).innerText());

  // 3. contracts: Northside Roastery, 40 bags Ethiopia Guji Natural, agreed 2 June 2026; confirm; read the toast
  await nav('Sales contracts');
  const crow = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Northside Roastery', exact: true }) }).filter({ has: page.getByRole('cell', { name: 'Ethiopia Guji Natural', exact: true }) })
    .filter({ has: page.getByRole('cell', { name: '40', exact: true }) }).filter({ has: page.getByRole('cell', { name: '2 June 2026', exact: true }) });
  log('3 contracts: row', squash(await crow.innerText()));
  await crow.getByRole('button', { name: 'Confirm contract' }).click();
  const toastEl = page.getByRole('alert').filter({ hasText: 'Shipping reference' });
  await toastEl.waitFor();
  const t0 = Date.now();
  const toastText = squash(await toastEl.innerText());
  out.shippingRef = /Shipping reference (SHP-[\w-]+)/.exec(toastText)?.[1];
  await page.mouse.move(5, 790);
  await page.locator('.Toastify__toast').filter({ hasText: 'Shipping reference' }).waitFor({ state: 'detached', timeout: 8000 });
  log('3 toast:', JSON.stringify(toastText), '| gone', Date.now() - t0, 'ms after first seen');

  // 4. arrivals: upload the packing list of MSCU7710234
  await nav('Arrivals');
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: /Upload packing list/ }).click()]);
  await chooser.setFiles(path.join(ROOT, 'files', 'packing-list-MSCU-7710234.csv'));
  await status('Accepted net weight').waitFor();
  const arText = squash(await status('Accepted net weight').innerText());
  out.netWeight = /Accepted net weight ([\d,.]+ kg)/.exec(arText)?.[1];
  log('4 upload:', arText);

  // 5. partner producers: zoom on Colombia, hover markers until Cafés del Sur cooperative, Nariño, Colombia shows
  await nav('Partner producers');
  const markers = page.locator('circle.jvm-marker');
  await markers.first().waitFor();
  const mb = await markers.first().boundingBox();
  await page.mouse.move(mb.x + mb.width / 2, mb.y + mb.height / 2);
  for (let i = 0; i < 6; i++) { await page.mouse.wheel(0, -200); await page.waitForTimeout(120); }
  const tip = page.locator('.jvm-tooltip');
  let ttext = ''; let tries = 0;
  const box = await page.locator('.mapbox').boundingBox();
  for (let i = 0; i < (await markers.count()); i++) {
    const b = await markers.nth(i).boundingBox();
    if (!b || b.x < box.x || b.y < box.y || b.x > box.x + box.width || b.y > box.y + box.height) continue;
    await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 3 }); await page.waitForTimeout(120); tries++;
    if (!(await tip.isVisible())) continue;
    ttext = squash(await tip.innerText());
    if (/^Cafés del Sur cooperative Nariño, Colombia/.test(ttext)) break;
  }
  out.bags = /2026 harvest: ([\d,]+ bags)/.exec(ttext)?.[1];
  log('5 map tooltip after', tries, 'markers hovered:', ttext);

  // 6. cupping session: Northside Roastery, Thu 6 August 2026, 10.30am, three coffees (remove the pre-filled one)
  await nav('Cupping sessions');
  const form = page.getByRole('form', { name: 'Book a cupping session' });
  await form.getByLabel('Roaster', { exact: true }).selectOption('Northside Roastery');
  await form.getByLabel('Date', { exact: true }).click();
  const cal = page.locator('.react-datepicker');
  await cal.waitFor();
  let steps = 0;
  while (squash(await cal.getByRole('heading').innerText()) !== 'August 2026' && steps < 24) { await cal.getByRole('button', { name: 'Next Month' }).click(); steps++; }
  await cal.getByRole('gridcell', { name: /Thursday, August 6th, 2026/ }).click();
  await form.getByLabel('Time', { exact: true }).selectOption({ label: '10.30am' });
  await form.getByRole('button', { name: 'Remove Brazil Cerrado Natural' }).click();
  for (const [q, name] of [['Nyeri AA', 'Kenya Nyeri AA Gatomboya'], ['Guji Nat', 'Ethiopia Guji Natural'], ['Huila Pink', 'Colombia Huila Pink Bourbon']]) {
    await form.getByLabel('Coffees to cup').pressSequentially(q, { delay: 30 });
    await page.getByRole('option', { name, exact: true }).click();
  }
  const chips = (await form.locator('[class$=multiValue] > div:first-child').allInnerTexts()).join(', ');
  log('6 form: date', await form.getByLabel('Date', { exact: true }).inputValue(), '| coffees:', chips, '| months paged:', steps);
  await form.getByRole('button', { name: 'Book cupping session' }).click();
  await status(/Cupping session CS-\d+ booked/).waitFor();
  log('6 result:', squash(await status(/booked/).innerText()));

  // 7. reservations: Harbour Coffee Co., 12 bags Guatemala Huehuetenango reserved 3 July 2026; release (confirm dialog)
  await nav('Reservations');
  await page.getByLabel('Search reservations').fill('Harbour Coffee Co.');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.waitForURL(/q=Harbour/);
  let rrow = null;
  for (let pg = 0; pg < 10 && !rrow; pg++) {
    await page.getByText(/Page \d+ of \d+ · \d+ reservations/).waitFor();
    const r = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Harbour Coffee Co.', exact: true }) }).filter({ has: page.getByRole('cell', { name: 'Guatemala Huehuetenango', exact: true }) })
      .filter({ has: page.getByRole('cell', { name: '12', exact: true }) }).filter({ has: page.locator('td:nth-child(5)', { hasText: /^3 July 2026$/ }) }).filter({ has: page.getByRole('cell', { name: 'Active', exact: true }) }); // column 5 = Reserved on
    if (await r.count()) rrow = r; else { log('7 not on', await page.getByText(/Page \d+ of/).innerText()); await page.getByRole('button', { name: 'Next' }).click(); await page.waitForTimeout(300); }
  }
  out.reservation = squash(await rrow.locator('td').first().innerText());
  await rrow.getByRole('button', { name: 'Release…' }).click();
  const dlg = page.getByRole('dialog', { name: 'Release reservation?' });
  await dlg.waitFor();
  log('7 dialog:', squash(await dlg.innerText()));
  await dlg.getByRole('button', { name: 'Release bags' }).click();
  await status(/Reservation RV-\d+ released/).waitFor();
  log('7 result:', squash(await status(/released/).innerText()));

  for (const p of ['/offer-sheets/OS-42', '/partner', '/reservations?status=Released&page=2', '/producers', '/lots']) {
    await page.goto(BASE + p); await page.locator('h1.page').first().waitFor(); await page.waitForTimeout(600);
    log('direct load', p, '->', await page.locator('h1.page').first().innerText());
  }
} finally {
  await browser.close();
}

const v = await (await fetch(BASE + '/__verify')).json();
log(JSON.stringify(v, null, 1));
const expectedHits = { 'POST /api/lots/save': 1, 'POST /api/offer-sheets/:id': 1, 'POST /api/contracts/:id/confirm': 1, 'POST /api/arrivals': 1,
  'POST /api/cuppings': 1, 'POST /api/reservations/:ref/release': 1 };
const checks = {
  allDone: Object.values(v.jobs).every((j) => j.done === true),
  eachEndpointOnce: JSON.stringify(Object.entries(v.hits).sort()) === JSON.stringify(Object.entries(expectedHits).sort()),
  shippingRefMatches: !!out.shippingRef && out.shippingRef === v.jobs['3-toast-contract'].expectedReport,
  uploadNetWeight: out.netWeight === v.jobs['4-upload-packing-list'].expectedReport,
  mapValue: out.bags === v.jobs['5-map-producer'].expectedReport,
  reservationRef: out.reservation === v.jobs['7-confirm-release-reservation'].expectedReport,
  noConsoleErrorsOrExternalRequests: problems.length === 0,
};
log('answers:', out);
log('checks:', checks);
if (child) stopServer();
else if (!process.env.KEEP) { await fetch(BASE + '/__reset', { method: 'POST' }); log('state reset'); }
const pass = Object.values(checks).every(Boolean);
log(pass ? 'SELFTEST PASSED' : 'SELFTEST FAILED');
process.exit(pass ? 0 : 1);
