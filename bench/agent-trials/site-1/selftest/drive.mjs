// Drives every job once, headless, the way a user would (scrolling, hovering,
// typing, dialogs, popups), then prints /__verify and resets the server.
//   BASE=http://127.0.0.1:4517 node selftest/drive.mjs
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
const require = createRequire(import.meta.url);
const { chromium } = require(process.env.PLAYWRIGHT_CORE || '/work/main/node_modules/playwright-core');
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BASE = process.env.BASE || 'http://127.0.0.1:4517';
const out = {};
const log = (...a) => console.log(...a);

await fetch(BASE + '/__reset', { method: 'POST' });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', headless: true });
const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
const page = await ctx.newPage();
page.on('pageerror', (e) => log('PAGE ERROR', e.message));
try {
  // 1. grid: wheel-scroll down to the row, then sideways to the column
  await page.goto(BASE + '/orders');
  await page.waitForSelector('.tabulator-row');
  const holder = page.locator('.tabulator-tableholder');
  const box = await holder.boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  const row = page.locator('.tabulator-row', { has: page.locator('.tabulator-cell[tabulator-field="id"]', { hasText: /^ORD-1187$/ }) });
  log('grid: initially rendered rows', await page.locator('.tabulator-row').count(), '; target present?', await row.count());
  for (let i = 0; i < 200 && (await row.count()) === 0; i++) await page.mouse.wheel(0, 250);
  await row.scrollIntoViewIfNeeded();
  log('grid: customs cell rendered before horizontal scroll?', await row.locator('[tabulator-field="customsCode"]').count());
  const customs = row.locator('[tabulator-field="customsCode"]');
  for (let i = 0; i < 60 && (await customs.count()) === 0; i++) await page.mouse.wheel(300, 0);
  out.customs = (await customs.textContent()).trim();
  const approve = row.locator('button.approve');
  for (let i = 0; i < 60 && (await approve.count()) === 0; i++) await page.mouse.wheel(300, 0);
  await approve.click();
  await page.waitForSelector('#msg:has-text("approved")');
  log('grid: customs =', out.customs, '|', await page.textContent('#msg'));

  // 2. map: hover each dot, read the tooltip, click the right one
  await page.goto(BASE + '/depots');
  await page.waitForFunction(() => window.__map && window.__map.getSize());
  await page.waitForTimeout(500);
  const pts = await page.evaluate(() => {
    const m = window.__map; const r = m.getTargetElement().getBoundingClientRect();
    const layer = m.getLayers().item(1);
    return layer.getSource().getFeatures().map((f) => { const p = m.getPixelFromCoordinate(f.getGeometry().getCoordinates()); return [r.left + p[0], r.top + p[1]]; });
  });
  let clicked = null; const seen = [];
  for (const [x, y] of pts) {
    await page.mouse.move(x, y, { steps: 3 });
    await page.waitForTimeout(80);
    const t = (await page.locator('.tip').textContent()).trim();
    seen.push(t);
    if (t === 'Lyon') { await page.mouse.click(x, y); clicked = t; break; }
  }
  await page.waitForSelector('#depot-name:has-text("Lyon")');
  log('map: tooltips seen', seen.join(', '), '| clicked', clicked, '| panel:', await page.textContent('#current'));

  // 3. code editor: keyboard edit of one line, then Save
  await page.goto(BASE + '/config');
  await page.waitForFunction(() => window.__editor && window.__editor.getValue().length > 0);
  const text = await page.evaluate(() => window.__editor.getValue());
  const lines = text.split('\n');
  const pay = lines.indexOf('  payments:');
  const target = lines.findIndex((l, i) => i > pay && l.trim().startsWith('max_retries:'));
  log('config: visible lines in DOM', await page.locator('.ace_line').count(), 'of', lines.length, '; target line', target + 1);
  await page.click('#editor');
  await page.keyboard.press('Control+Home');
  for (let i = 0; i < target; i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('End');
  await page.keyboard.press('Backspace');
  await page.keyboard.type('5');
  await page.click('#save');
  await page.waitForSelector('#msg:has-text("Saved")');
  log('config:', await page.textContent('#msg'));

  // 4. toast: click, read the 2 s toast, check it goes away
  await page.goto(BASE + '/invoices');
  await page.locator('tr', { hasText: 'INV-2042' }).getByRole('button', { name: 'Send reminder' }).click();
  const toast = page.locator('.toastify');
  await toast.first().waitFor();
  out.toast = (await toast.first().textContent()).trim();
  const t0 = Date.now();
  await toast.first().waitFor({ state: 'detached', timeout: 5000 });
  log('toast:', JSON.stringify(out.toast), 'gone after', Date.now() - t0, 'ms');

  // 5. upload through FilePond
  await page.goto(BASE + '/imports');
  await page.waitForSelector('.filepond--root');
  await page.setInputFiles('.filepond--root input[type=file]', path.join(ROOT, 'files', 'stock-update.csv'));
  await page.waitForSelector('#msg:has-text("Import complete")');
  out.upload = await page.textContent('#msg');
  log('upload:', out.upload);

  // 6. native confirm() before delete (first dismiss once on a look-alike, then accept on the right one)
  await page.goto(BASE + '/users');
  await page.waitForSelector('td');
  page.once('dialog', (d) => { log('confirm (dismissed):', d.type(), d.message()); d.dismiss(); });
  await page.locator('tr', { has: page.locator('td', { hasText: /^dana\.kowalska$/ }) }).getByRole('button', { name: 'Delete' }).click();
  await page.waitForTimeout(300);
  page.once('dialog', (d) => { log('confirm (accepted):', d.type(), d.message()); d.accept(); });
  await page.locator('tr', { has: page.locator('td', { hasText: /^dana\.kowalski$/ }) }).getByRole('button', { name: 'Delete' }).click();
  await page.waitForSelector('#msg:has-text("deleted")');
  log('delete:', await page.textContent('#msg'));

  // 7. popup window
  await page.goto(BASE + '/reports');
  await page.waitForSelector('td');
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    page.locator('tr', { hasText: 'Q3 2024 Regional Sales' }).getByRole('button', { name: 'Open preview' }).click(),
  ]);
  await popup.waitForSelector('#total:not(:text("—"))');
  out.total = await popup.textContent('#total');
  await popup.click('#sign');
  await popup.waitForSelector('#msg:has-text("Signed off")');
  log('popup:', await popup.title(), '| total', out.total, '|', await popup.textContent('#msg'));
} finally {
  await browser.close();
}
const v = await (await fetch(BASE + '/__verify')).json();
console.log(JSON.stringify(v, null, 2));
const allDone = Object.values(v.jobs).every((j) => j.done);
const toastRef = v.jobs['4-toast-reminder'].expectedReport?.[0];
const reportsOk = out.customs === v.jobs['1-grid-approve'].expectedReport && out.toast.includes(toastRef)
  && out.total === v.jobs['7-popup-signoff'].expectedReport && out.upload.includes(String(v.jobs['5-upload'].expectedReport));
console.log('ALL JOBS DONE:', allDone, '| REPORTED ANSWERS MATCH:', reportsOk);
if (process.env.KEEP !== '1') { await fetch(BASE + '/__reset', { method: 'POST' }); console.log('server state reset'); }
process.exit(allDone && reportsOk ? 0 : 1);
