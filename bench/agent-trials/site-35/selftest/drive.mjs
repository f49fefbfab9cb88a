// Self-test: start a private server, drive all seven jobs in headless Chromium, check /__verify.
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '/work/main/node_modules/playwright-core/index.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const free = (p) => new Promise((ok) => { const s = net.createServer(); s.once('error', () => ok(false)); s.listen(p, '127.0.0.1', () => s.close(() => ok(true))); });
let port; for (let p = 4950; p <= 4999; p++) if (await free(p)) { port = p; break; }
if (!port) throw new Error('no free port in 4950-4999');
const BASE = `http://127.0.0.1:${port}`;
const srv = spawn(process.execPath, ['server.mjs'], { cwd: ROOT, env: { ...process.env, PORT: String(port), IDLE_MS: '600000' }, stdio: ['ignore', 'pipe', 'inherit'] });
await new Promise((ok, bad) => { srv.stdout.on('data', (d) => String(d).includes('http://') && ok()); srv.on('exit', () => bad(new Error('server exited'))); });
const log = (...a) => console.log('•', ...a);
let browser, failed = false;
const outside = [];
try {
  await fetch(BASE + '/__reset', { method: 'POST' });
  browser = await chromium.launch({ executablePath: '/usr/lib/chromium/chromium-headless-shell', args: ['--no-sandbox'] });
  const ctx = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  ctx.on('request', (r) => { const u = new URL(r.url()); if (!['127.0.0.1'].includes(u.hostname) && !['data:', 'blob:'].includes(u.protocol)) outside.push(r.url()); });
  const page = await ctx.newPage();
  page.on('pageerror', (e) => console.log('  [pageerror]', e.message));

  // dashboard links
  await page.goto(BASE + '/');
  const links = await page.locator('main .card').count(); if (links !== 7) throw new Error('dashboard should link 7 pages, has ' + links);

  // 1. Grid
  await page.click('a.card[href="/faults"]');
  await page.waitForSelector('#s2 canvas');
  await page.waitForFunction(() => document.getElementById('s2').__s2);
  await page.fill('#fault-filter', 'Pitch bearing noise');
  await page.waitForTimeout(400);
  const cellPos = (field, rowIndex) => page.evaluate(([field, rowIndex]) => {
    const s2 = document.getElementById('s2').__s2; const c = s2.facet.getDataCells().find((x) => x.getMeta().valueField === field && x.getMeta().rowIndex === rowIndex);
    if (!c) return null; const m = c.getMeta(); const { scrollX, scrollY } = s2.facet.getScrollOffset(); const b = s2.facet.panelBBox; const r = document.querySelector('#s2 canvas').getBoundingClientRect();
    const row = s2.dataSet.getCellData ? null : null;
    return { x: r.left + b.x + m.x - scrollX + m.width / 2, y: r.top + b.y + m.y - scrollY + m.height / 2, value: m.fieldValue };
  }, [field, rowIndex]);
  // find the T08 row that is Open
  let target = -1;
  for (let i = 0; i < 4; i++) { const t = await cellPos('turbine', i); const s = await cellPos('status', i); if (t && s && t.value === 'T08' && s.value === 'Open') target = i; }
  if (target < 0) throw new Error('grid: target row not found');
  let p = await cellPos('status', target); await page.mouse.dblclick(p.x, p.y);
  await page.selectOption('select.cell-editor', 'Resolved');
  p = await cellPos('notes', target); await page.mouse.dblclick(p.x, p.y);
  await page.fill('input.cell-editor', 'Bearing greased 12 June'); await page.keyboard.press('Enter');
  await page.click('button:has-text("Save changes")');
  await page.waitForSelector('.flash.ok:has-text("Saved 2")');
  // scroll to the far right and read the work order
  await page.mouse.move(p.x, p.y);
  for (let i = 0; i < 20; i++) { await page.mouse.wheel(400, 0); await page.waitForTimeout(50); }
  await page.waitForTimeout(300);
  const wo = await cellPos('workOrder', target);
  log('grid: work order', wo && wo.value);
  if (!wo || wo.value !== 'WO-73418') throw new Error('grid: wrong work order ' + JSON.stringify(wo));

  // 2. Rich text
  await page.click('.side a[href="/notices"]');
  const ed = page.locator('#notice-editor .ProseMirror, #notice-editor [contenteditable=true]').first();
  await ed.waitFor();
  const select = (text, nth = 0) => page.evaluate(([text, nth]) => {
    const root = document.querySelector('#notice-editor [contenteditable=true]'); const w = document.createTreeWalker(root, NodeFilter.SHOW_TEXT); let n, k = 0;
    while ((n = w.nextNode())) { let i = -1; while ((i = n.data.indexOf(text, i + 1)) >= 0) { if (k++ === nth) { const r = document.createRange(); r.setStart(n, i); r.setEnd(n, i + text.length); const s = getSelection(); s.removeAllRanges(); s.addRange(r); return true; } } }
    return false;
  }, [text, nth]);
  await ed.click();
  if (!(await select('Hollin', 1))) throw new Error('richtext: no Hollin'); await page.waitForTimeout(150);
  await page.keyboard.type('Moss');
  await select('Hard hats'); await page.waitForTimeout(150); await page.keyboard.press('Control+b');
  await select('substation compound'); await page.waitForTimeout(150); await page.keyboard.press('Control+i');
  await select('emergency plan'); await page.waitForTimeout(150);
  await page.locator('aie-link').first().click();
  const href = page.locator('input#href').last(); await href.waitFor({ state: 'visible' });
  await href.fill('http://brackenfell.coop/emergency-plan');
  await page.locator('.aie-popover-footer button, button:has-text("Confirm"), button:has-text("确认")').filter({ visible: true }).last().click();
  await page.waitForTimeout(300);
  await page.click('button:has-text("Save notice")');
  await page.waitForSelector('.flash.ok:has-text("Notice saved")');
  log('richtext: saved');

  // 3. Board + toast
  await page.click('.side a[href="/visits"]');
  const card = page.locator('section[data-column="Scheduled"] .kcard', { hasText: 'Gearbox oil change · T04' });
  await card.waitFor();
  const cb = await card.boundingBox(); const tb = await page.locator('section[data-column="In progress"] .drop').boundingBox();
  await page.mouse.move(cb.x + cb.width / 2, cb.y + cb.height / 2); await page.mouse.down();
  await page.mouse.move(cb.x + cb.width / 2 + 20, cb.y + cb.height / 2 + 5, { steps: 5 });
  await page.mouse.move(tb.x + tb.width / 2, tb.y + 120, { steps: 15 }); await page.mouse.up();
  const toast = page.locator('mdui-snackbar', { hasText: 'reference' });
  await toast.first().waitFor({ state: 'attached', timeout: 5000 });
  const ttext = await toast.first().textContent();
  const ref = (ttext.match(/MV-\d+-\w/) || [])[0];
  log('board: toast ->', ref);
  if (!ref) throw new Error('board: no reference in toast');

  // 4. Upload
  await page.click('.side a[href="/share-register"]');
  await page.setInputFiles('#register-file', path.join(ROOT, 'files/share-register-2025.csv'));
  await page.click('button:has-text("Import register")');
  const imp = await page.locator('.flash.ok').textContent({ timeout: 5000 }).catch(async () => { await page.waitForSelector('.flash.ok'); return page.locator('.flash.ok').textContent(); });
  log('upload:', imp.trim());
  if (!/Imported 187 members/.test(imp)) throw new Error('upload: ' + imp);

  // 5. Chart tooltip
  await page.click('.side a[href="/grid-export"]');
  await page.waitForSelector('#export-chart svg .line');
  const ov = await page.locator('#export-chart svg .chart-group, #export-chart svg').first().boundingBox();
  let tipText = '';
  for (let x = ov.x + 60; x < ov.x + ov.width - 30; x += 8) {
    await page.mouse.move(x, ov.y + 180); await page.waitForTimeout(30);
    tipText = await page.locator('#export-chart .britechart-tooltip, #export-chart .tooltip-text').first().textContent().catch(() => '');
    if (/6 June 2025/.test(tipText)) break;
  }
  const m = tipText.match(/Feeder B\s*([\d.]+)/);
  log('chart: tooltip', tipText.replace(/\s+/g, ' ').trim());
  if (!m) throw new Error('chart: tooltip not read');
  await page.selectOption('#reconcile select[name=date]', '2025-06-06');
  await page.selectOption('#reconcile select[name=feeder]', 'Feeder B');
  await page.fill('#reconcile input[name=mwh]', m[1]);
  await page.click('button:has-text("Submit reconciliation")');
  await page.waitForSelector('.flash.ok:has-text("recorded")');

  // 6. Booking
  await page.click('.side a[href="/school-visits"]');
  await page.fill('#school-input', "St Aidan's Cath");
  const opt = page.locator('#school-list li[role=option]', { hasText: /^St Aidan's Catholic Primary$/ });
  await opt.waitFor(); await opt.click();
  await page.click('#visit-date');
  const cal = page.locator('.daterangepicker').filter({ visible: true });
  await cal.waitFor();
  const days = await cal.locator('td.available:not(.off)').allTextContents();
  log('booking: available June days', days.join(' '));
  await cal.locator('td.available:not(.off)', { hasText: /^18$/ }).first().click();
  await page.selectOption('#booking select[name=time]', '10:00');
  await page.fill('#booking textarea[name=note]', 'Year 5, 28 pupils');
  await page.click('button:has-text("Book visit")');
  const bk = await (await page.waitForSelector('.flash.ok:has-text("Booking reference")')).textContent();
  log('booking:', bk);

  // 7. Remove person
  await page.click('.side a[href="/people"]');
  await page.waitForSelector('table.list tbody tr');
  await page.fill('input[type=search]', 'Gareth');
  await page.waitForFunction(() => document.querySelectorAll('table.list tbody tr').length === 4);
  const row = page.locator('table.list tbody tr').filter({ has: page.locator('td:nth-child(1)', { hasText: /^Gareth Lloyd$/ }) }).filter({ hasText: 'Education volunteer' });
  await row.locator('button:has-text("Remove")').click();
  await page.locator('.confirm-box button.go').click();
  await page.waitForSelector('.flash.ok:has-text("removed")');
  log('remove: done');

  await page.waitForTimeout(500);
  const v = await (await fetch(BASE + '/__verify')).json();
  for (const [k, j] of Object.entries(v.jobs)) { log(`job ${k}: ${j.done ? 'done' : 'NOT DONE ' + JSON.stringify(j.details)}`); if (!j.done) failed = true; }
  const expect = ['POST /api/faults/save', 'PUT /api/notices/safety', 'POST /api/visits/V3/move', 'POST /api/imports/share-register', 'POST /api/export/reconcile', 'POST /api/bookings', 'DELETE /api/people/P901'];
  for (const k of expect) if (v.hits[k] !== 1) { failed = true; log('hit count wrong', k, v.hits[k]); }
  if (Object.keys(v.hits).length !== expect.length) { failed = true; log('unexpected hits', JSON.stringify(v.hits)); }
  if (outside.length) { failed = true; log('requests left 127.0.0.1:', outside.slice(0, 5)); }
} catch (e) { failed = true; console.error('FAILED:', e.message); }
finally { if (browser) await browser.close(); srv.kill(); }
console.log(failed ? 'SELFTEST FAILED' : 'SELFTEST PASSED');
process.exit(failed ? 1 : 0);
