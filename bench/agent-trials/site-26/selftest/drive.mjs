// Self-test: start a private server, drive all seven jobs in headless Chromium, check /__verify.
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '/work/main/node_modules/playwright-core/index.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const free = (p) => new Promise((r) => { const s = net.createServer(); s.once('error', () => r(false)); s.listen(p, '127.0.0.1', () => s.close(() => r(true))); });
let port; for (let p = 4960; p < 5000; p++) if (await free(p)) { port = p; break; }
if (!port) throw new Error('no free port in 4960-4999');
const BASE = `http://127.0.0.1:${port}`;
const srv = spawn(process.execPath, ['server.mjs'], { cwd: ROOT, env: { ...process.env, PORT: String(port), IDLE_MS: '600000' }, stdio: ['ignore', 'pipe', 'inherit'] });
await new Promise((res, rej) => { srv.stdout.on('data', (d) => /127\.0\.0\.1/.test(d) && res()); srv.on('exit', () => rej(new Error('server exited'))); });

const results = {};
const external = [];
const browser = await chromium.launch({ executablePath: '/usr/lib/chromium/chromium-headless-shell', args: ['--no-sandbox'] });
const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
page.on('request', (r) => { const u = new URL(r.url()); if (!['127.0.0.1', 'localhost'].includes(u.hostname) && !u.protocol.startsWith('data')) external.push(r.url()); });
page.on('pageerror', (e) => console.log('  [pageerror]', e.message));

async function rangeRect(blockText, phrase) {
  return page.evaluate(([blockText, phrase]) => {
    const root = document.querySelector('.doc-editor [contenteditable="true"]');
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    let n; while ((n = walker.nextNode())) {
      const block = n.parentElement.closest('[data-block="true"]');
      if (!block || !block.textContent.includes(blockText)) continue;
      const i = n.textContent.indexOf(phrase);
      if (i === -1) continue;
      const r = document.createRange(); r.setStart(n, i); r.setEnd(n, i + phrase.length);
      const b = r.getBoundingClientRect(); return { x: b.x, y: b.y, w: b.width, h: b.height };
    }
    return null;
  }, [blockText, phrase]);
}
async function dragSelect(blockText, phrase) {
  const r = await rangeRect(blockText, phrase);
  if (!r) throw new Error('text not found: ' + phrase);
  await page.mouse.move(r.x + 1, r.y + r.h / 2);
  await page.mouse.down();
  await page.mouse.move(r.x + r.w / 2, r.y + r.h / 2, { steps: 4 });
  await page.mouse.move(r.x + r.w - 0.5, r.y + r.h / 2, { steps: 4 });
  await page.mouse.up();
  await page.waitForTimeout(150);
  const sel = await page.evaluate(() => String(getSelection()));
  if (sel !== phrase) throw new Error(`selected "${sel}" instead of "${phrase}"`);
}

async function step(name, fn) {
  const t = Date.now();
  try { results[name] = await fn(); console.log(`ok   ${name} (${Date.now() - t} ms):`, results[name]); }
  catch (e) { console.log(`FAIL ${name}:`, e.message); await page.screenshot({ path: path.join(ROOT, 'selftest', `fail-${name}.png`) }); results[name] = { error: e.message }; }
}

await fetch(BASE + '/__reset', { method: 'POST' });

await step('grid', async () => {
  await page.goto(BASE + '/');
  await page.getByRole('link', { name: 'Case register' }).first().click();
  await page.locator('#case-filter').waitFor();
  await page.locator('[data-testid="data-grid-canvas"]').waitFor();
  await page.fill('#case-filter', 'Okafor');
  await page.getByText('5 of 320 cases').waitFor();
  // rows: C-24038, C-24122, C-24189 ... → row index 2 is Dr Adaeze Okafor, Millbrook
  await page.waitForFunction(() => document.querySelector('#glide-cell-1-2')?.textContent === 'Dr Adaeze Okafor', null, { timeout: 5000 }).catch(() => {});
  const txt = await page.locator('#glide-cell-2-2').textContent();
  const dent = await page.locator('#glide-cell-1-2').textContent();
  if (dent !== 'Dr Adaeze Okafor' || txt !== 'Millbrook Dental Practice') throw new Error('row 2 is ' + dent + ' / ' + txt);
  const box = await page.locator('[data-testid="data-grid-canvas"]').boundingBox();
  const y = box.y + 36 + 34 * 2 + 17;
  await page.mouse.dblclick(box.x + 480 + 70, y);
  await page.locator('select[aria-label="Status"]').selectOption('On hold');
  await page.waitForTimeout(200);
  await page.mouse.dblclick(box.x + 620 + 110, y);
  const ta = page.locator('#portal textarea').first();
  await ta.waitFor();
  await ta.fill('Awaiting new impression');
  await page.keyboard.press('Enter');
  await page.getByText('1 case(s) with unsaved edits.').waitFor();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await page.getByText('Saved changes to 1 case.').waitFor();
  await page.locator('.dvn-scroller').evaluate((el) => { el.scrollLeft = 5000; });
  await page.waitForTimeout(400);
  return { labFee: await page.locator('#glide-cell-19-2').textContent() };
});

await step('editor', async () => {
  await page.getByRole('link', { name: 'Lab documents' }).click();
  await page.getByRole('link', { name: 'Zirconia handling guide' }).click();
  await page.locator('.doc-editor [contenteditable="true"]').waitFor();
  await page.getByText('five units or more').waitFor();
  const r = await rangeRect('five units or more', 'for 2 hours');
  await page.mouse.dblclick(r.x + r.w - page.viewportSize().width * 0 - 45, r.y + r.h / 2); // double-click the "2"
  let sel = await page.evaluate(() => String(getSelection()));
  if (sel.trim() !== '2') { await dragSelect('five units or more', '2 hours'); await page.keyboard.type('4 hours'); }
  else await page.keyboard.type('4');
  await dragSelect('Do not quench', 'Do not quench');
  await page.locator('.doc-toolbar [title="Bold"]').click();
  await dragSelect('Trim margins', 'green-state');
  await page.locator('.doc-toolbar [title="Italic"]').click();
  await dragSelect('final colour', 'shade guide');
  await page.locator('.doc-toolbar [title="Link"]').click();
  await page.fill('#linkTarget', 'https://intranet.harrowgate-lab.example/shade-guide');
  await page.getByRole('button', { name: 'Add' }).click();
  await page.getByRole('button', { name: 'Save document' }).click();
  await page.getByText(/Document saved/).waitFor();
  return 'saved';
});

await step('board', async () => {
  await page.getByRole('link', { name: 'Production board' }).click();
  const card = page.getByRole('button', { name: 'C-24117 E.max veneers ×2, Dr Priya Patel' });
  await card.waitFor();
  const target = page.locator('section[aria-label="Quality check"] .board-list');
  const a = await card.boundingBox(); const b = await target.boundingBox();
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 10, a.y + a.height / 2 + 10, { steps: 5 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height - 10, { steps: 20 });
  await page.waitForTimeout(300);
  await page.mouse.up();
  const toast = page.getByText(/C-24117 moved to Quality check\. Ticket/);
  await toast.waitFor({ timeout: 5000 });
  const text = await toast.textContent();
  return text.match(/Ticket (\S+)/)[1];
});

await step('upload', async () => {
  await page.getByRole('link', { name: 'Order imports' }).click();
  const [fc] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Choose order file…' }).click()]);
  await fc.setFiles(path.join(ROOT, 'files', 'riverside-order-june.csv'));
  const dd = page.locator('.notice dt:text("Total units") + dd');
  await dd.waitFor({ timeout: 8000 });
  return Number(await dd.textContent());
});

await step('chart', async () => {
  await page.getByRole('link', { name: 'Remake analysis' }).click();
  const bar = page.locator('rect[aria-label="E.max, Mar 2025"]');
  await bar.waitFor();
  await bar.hover();
  const tip = page.getByText(/E\.max - Mar 2025/);
  await tip.waitFor({ timeout: 3000 });
  const count = Number((await tip.locator('xpath=..').textContent()).match(/:\s*(\d+)/)[1]);
  await page.selectOption('#flag-material', 'E.max');
  await page.selectOption('#flag-month', '2025-03');
  await page.fill('#flag-count', String(count));
  await page.getByRole('button', { name: 'Raise review flag' }).click();
  await page.getByText(/Flag F-\d+ raised/).waitFor();
  return count;
});

await step('booking', async () => {
  await page.getByRole('link', { name: 'Shade appointments' }).click();
  const combo = page.getByRole('combobox', { name: 'Practice' });
  await combo.waitFor();
  await combo.click();
  await combo.pressSequentially('Riverside', { delay: 30 });
  await page.locator('.rc-select-item-option[title="Riverside Dental Centre"]').click();
  // week beginning Monday 16 June 2025: pick the first enabled day Mon–Fri
  let picked = null;
  for (const d of ['16', '17', '18', '19', '20']) {
    const btn = page.locator('.rdp-month button.rdp-day:not(.rdp-day_outside)', { hasText: new RegExp(`^${d}$`) });
    if (await btn.isEnabled()) { await btn.click(); picked = d; break; }
  }
  await page.selectOption('#time', '10:30');
  await page.fill('#note', 'Patient brings temporary crown');
  await page.getByRole('button', { name: 'Book appointment' }).click();
  const ref = page.locator('.notice dt:text("Reference") + dd');
  await ref.waitFor();
  return { picked, ref: await ref.textContent() };
});

await step('delete', async () => {
  await page.getByRole('link', { name: 'Dentist directory' }).click();
  await page.fill('#dentist-search', 'Sarah Mensah');
  await page.getByText('2 dentists').waitFor();
  const row = page.locator('tbody tr').filter({ has: page.locator('td', { hasText: /^Oakfield Dental$/ }) }).filter({ hasText: 'Dr Sarah Mensah' });
  await row.getByRole('button', { name: 'Delete' }).click();
  const dlg = page.getByRole('alertdialog');
  await dlg.waitFor();
  const desc = await dlg.textContent();
  await dlg.getByRole('button', { name: 'Delete dentist' }).click();
  await page.getByText('1 dentist', { exact: true }).waitFor();
  return desc.includes('Oakfield Dental') ? 'deleted' : 'wrong dialog: ' + desc;
});

const v = await (await fetch(BASE + '/__verify')).json();
await browser.close();
srv.kill();
console.log(JSON.stringify(v.hits), 'external requests:', external.length);
let ok = true;
for (const [k, j] of Object.entries(v.jobs)) { if (!j.done) { ok = false; console.log('job not done:', k, JSON.stringify(j.details).slice(0, 600)); } }
const expectHits = ['PUT /api/cases', 'PUT /api/documents/zirconia-guide', 'POST /api/board/cards/card-10/move', 'POST /api/imports', 'POST /api/remake-flags', 'POST /api/appointments', 'DELETE /api/dentists/d902'];
if (Object.keys(v.hits).length !== expectHits.length || !expectHits.every((k) => v.hits[k] === 1)) { ok = false; console.log('unexpected hits', v.hits); }
if (results.grid?.labFee !== v.jobs.grid.details.expectedReport) { ok = false; console.log('lab fee mismatch'); }
if (external.length) { ok = false; console.log('external requests:', external); }
console.log(ok ? 'SELFTEST PASSED' : 'SELFTEST FAILED');
process.exit(ok ? 0 : 1);
