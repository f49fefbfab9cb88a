// Self-test: starts its own server on a spare port (4700-4799), drives all seven jobs
// in headless Chromium with playwright-core, then checks /__verify.
import { spawn } from 'node:child_process';
import net from 'node:net';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PW = process.env.PLAYWRIGHT_CORE || '/work/main/node_modules/playwright-core/index.mjs';
const CHROME = process.env.CHROMIUM || '/usr/lib/chromium/chromium-headless-shell';
const { chromium } = await import(PW);

function portFree(port) {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.once('error', () => resolve(false));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });
}
async function sparePort() {
  const start = 4700 + Math.floor(Math.random() * 90);
  for (let i = 0; i < 100; i++) { const p = 4700 + ((start - 4700 + i) % 100); if (await portFree(p)) return p; }
  throw new Error('No free port in 4700-4799');
}

const port = await sparePort();
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, [join(ROOT, 'server.mjs')], { env: { ...process.env, PORT: String(port), IDLE_MS: '600000' }, stdio: ['ignore', 'pipe', 'inherit'] });
let browser;
const cleanup = async () => { try { await browser?.close(); } catch { /* ignore */ } server.kill('SIGTERM'); };
const fail = async (msg) => { console.error('SELFTEST FAILED:', msg); await cleanup(); process.exit(1); };

for (let i = 0; ; i++) {
  try { const r = await fetch(base + '/__verify'); if (r.ok) break; } catch { /* not yet */ }
  if (i > 50) await fail('server did not start');
  await new Promise((r) => setTimeout(r, 200));
}
await fetch(base + '/__reset', { method: 'POST' });
console.log(`server on ${base}`);

browser = await chromium.launch({ executablePath: CHROME, args: ['--no-sandbox'] });
const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
page.setDefaultTimeout(15000);
const external = [];
page.on('request', (r) => { const u = r.url(); if (!/^(http:\/\/127\.0\.0\.1:\d+\/|data:|blob:|about:)/.test(u)) external.push(u); });
page.on('pageerror', (e) => console.log('  [pageerror]', e.message));
const answers = {};
const step = async (name, fn) => {
  const t = Date.now();
  try { await fn(); console.log(`ok  ${name} (${((Date.now() - t) / 1000).toFixed(1)}s)`); }
  catch (e) { await page.screenshot({ path: `/tmp/selftest-${name}.png` }).catch(() => {}); await fail(`${name}: ${e.stack || e}`); }
};

// 1. Work orders grid
await step('workOrders', async () => {
  await page.goto(base + '/');
  await page.getByRole('link', { name: /Open work orders/ }).click();
  await page.waitForSelector('regular-table#wo-grid tbody tr td');
  await page.getByLabel('Filter rows').fill('Okafor');
  await page.waitForFunction(() => document.querySelectorAll('regular-table#wo-grid tbody tr').length === 5);
  const id = await page.evaluate(() => {
    for (const tr of document.querySelectorAll('regular-table#wo-grid tbody tr')) {
      const cells = [...tr.querySelectorAll('td')].map((td) => td.textContent.trim());
      if (cells.includes('CM-14') && cells.includes('Imani')) return tr.querySelector('th').textContent.trim();
    }
  });
  if (!id) throw new Error('target row not found');
  const row = () => page.locator('regular-table#wo-grid tbody tr', { has: page.locator('th', { hasText: id }) });
  await row().locator('td[data-col="status"]').dblclick();
  await page.getByLabel(`Status for ${id}`).selectOption('On hold');
  await page.locator('regular-table#wo-grid').evaluate((el) => { el.scrollLeft = el.scrollWidth; });
  await page.waitForSelector('regular-table#wo-grid td[data-col="note"]');
  await row().locator('td[data-col="note"]').dblclick();
  await page.getByLabel(`Engineer note for ${id}`).fill('Awaiting crane slot');
  await page.keyboard.press('Enter');
  await page.getByText('2 unsaved changes').waitFor();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await page.getByText('Saved 2 changes.').waitFor();
  await page.locator('regular-table#wo-grid').evaluate((el) => { el.scrollLeft = el.scrollWidth; });
  await page.waitForSelector('regular-table#wo-grid td[data-col="permit"]');
  answers.permit = (await row().locator('td[data-col="permit"]').textContent()).trim();
  if (answers.permit !== 'PTW-60418') throw new Error('unexpected permit ' + answers.permit);
});

// 2. Briefing rich-text editor
await step('document', async () => {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Safety briefing' }).click();
  const frame = page.frameLocator('iframe[title="Briefing text editor"]');
  await frame.locator('body').getByText('Hollin Edge: rescue kits').waitFor();
  const select = (paraStart, text) => frame.locator('body').evaluate((body, [paraStart, text]) => {
    const p = [...body.querySelectorAll('p')].find((x) => x.textContent.startsWith(paraStart));
    const walker = body.ownerDocument.createTreeWalker(p, NodeFilter.SHOW_TEXT);
    let n;
    while ((n = walker.nextNode())) {
      const i = n.data.indexOf(text);
      if (i >= 0) {
        body.focus();
        const r = body.ownerDocument.createRange();
        r.setStart(n, i); r.setEnd(n, i + text.length);
        const sel = body.ownerDocument.getSelection();
        sel.removeAllRanges(); sel.addRange(r);
        return true;
      }
    }
    throw new Error('text not found: ' + text);
  }, [paraStart, text]);
  await select('Hollin Edge', 'six');
  await page.keyboard.type('three');
  await select('Anyone on site', 'stop work authority');
  await page.locator('.sceditor-button-bold').click();
  await select('All technicians', 'charged');
  await page.locator('.sceditor-button-italic').click();
  await select('Every climb', 'permit register');
  await page.locator('.sceditor-button-link').click();
  await page.locator('.sceditor-dropdown input#link').fill('https://permits.galeridge.example/register');
  await page.locator('.sceditor-dropdown input.button').click();
  await page.getByRole('button', { name: 'Save briefing' }).click();
  await page.getByText('Briefing saved.').waitFor();
});

// 3. Crew board drag and drop + short-lived toast
await step('board', async () => {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Crew board' }).click();
  const card = page.locator('article.board-card[aria-label="Blade inspection · CM-07"]');
  await card.waitFor();
  const target = page.locator('.board-items[data-column="scheduled"]');
  const a = await card.boundingBox();
  const b = await target.boundingBox();
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 10, a.y + a.height / 2 + 5, { steps: 3 });
  await page.mouse.move(b.x + b.width / 2, b.y + 260, { steps: 15 });
  await page.waitForTimeout(300);
  await page.mouse.up();
  const toastEl = page.locator('wc-toast-item', { hasText: 'Dispatch ref' });
  await toastEl.first().waitFor({ timeout: 5000 });
  const text = await toastEl.first().evaluate((el) => { const c = el.querySelector('wc-toast-content'); return (c.shadowRoot ? c.shadowRoot.textContent : '') + ' ' + (c.getAttribute('message') || ''); });
  answers.dispatch = (text.match(/DSP-[A-Z0-9]+/) || [])[0];
  if (answers.dispatch !== 'DSP-7Q4K2') throw new Error('unexpected dispatch ref: ' + text);
  await page.waitForTimeout(3500);
  if (await page.locator('wc-toast-item', { hasText: 'Dispatch ref' }).count()) throw new Error('toast did not disappear');
});

// 4. SCADA upload
await step('upload', async () => {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'SCADA import' }).click();
  await page.locator('#scada-file').setInputFiles(join(ROOT, 'files', 'scada-export-CM-14-2026-03.csv'));
  const result = page.getByRole('region', { name: 'Import result' });
  await result.waitFor();
  const txt = await result.textContent();
  answers.totalKwh = (txt.match(/([\d,]+\.\d) kWh/) || [])[1];
  // expected, computed independently
  const lines = readFileSync(join(ROOT, 'files', 'scada-export-CM-14-2026-03.csv'), 'utf8').trim().split('\n').slice(1);
  const total = Math.round(lines.reduce((s, l) => s + Number(l.split(',')[4]), 0) * 10) / 10;
  const expected = total.toLocaleString('en-GB', { minimumFractionDigits: 1 });
  if (answers.totalKwh !== expected) throw new Error(`total ${answers.totalKwh} != ${expected}`);
});

// 5. Performance chart tooltip + sign-off
await step('chart', async () => {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Performance' }).click();
  await page.waitForSelector('#perf-chart canvas');
  await page.waitForTimeout(300);
  const pos = await page.evaluate(() => {
    const el = document.querySelector('#perf-chart');
    const plot = window.jQuery(el).data('plot');
    const s = plot.getData().find((x) => x.label === 'Hollin Edge');
    const pt = s.data[4];
    const o = plot.pointOffset({ x: pt[0], y: pt[1] });
    const r = el.getBoundingClientRect();
    const off = window.jQuery(el).offset();
    return { x: o.left + off.left - window.scrollX, y: o.top + off.top - window.scrollY };
  });
  await page.mouse.move(pos.x - 30, pos.y - 30);
  await page.mouse.move(pos.x, pos.y, { steps: 5 });
  const tip = page.getByRole('tooltip');
  await tip.waitFor();
  const t = await tip.textContent();
  if (!t.includes('Hollin Edge · August 2025')) throw new Error('wrong tooltip: ' + t);
  answers.availability = t.match(/([\d.]+)%/)[1];
  await page.getByLabel('Site', { exact: true }).selectOption('Hollin Edge');
  await page.getByLabel('Month', { exact: true }).selectOption({ label: 'August 2025' });
  await page.getByLabel('Availability (%)').fill(answers.availability);
  await page.getByRole('button', { name: 'Sign off availability' }).click();
  await page.getByText(/Signed off Hollin Edge, August 2025/).waitFor();
});

// 6. Site visit booking
await step('booking', async () => {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Site visits' }).click();
  const combo = page.getByRole('combobox', { name: 'Contractor' });
  await combo.waitFor();
  await combo.fill('Harlow');
  await page.getByRole('option', { name: 'Harlow Lifting Ltd — Carlisle depot', exact: true }).click();
  await page.getByLabel('Site', { exact: true }).selectOption('Northfell');
  await page.getByRole('button', { name: 'Choose date' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  // week beginning Monday 20 April 2026: take the first enabled day
  let chosen = null;
  for (const d of [20, 21, 22, 23, 24]) {
    const btn = dialog.getByRole('button', { name: `${d} April`, exact: true });
    const disabled = (await btn.getAttribute('aria-disabled')) === 'true' || await btn.isDisabled();
    if (!disabled) { await btn.click(); chosen = d; break; }
  }
  if (chosen !== 22) throw new Error('first offered day was ' + chosen);
  await page.getByLabel('Arrival time').selectOption('10:30');
  await page.getByLabel('Note for the site team').fill('Bring load charts for the 90t crane');
  await page.getByRole('button', { name: 'Request visit' }).click();
  const conf = page.getByRole('region', { name: 'Booking confirmed' });
  await conf.waitFor();
  answers.booking = ((await conf.textContent()).match(/SV-\d+/) || [])[0];
  if (!answers.booking) throw new Error('no booking reference');
});

// 7. Personnel: delete one of two Owen Brights
await step('personnel', async () => {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Personnel' }).click();
  await page.getByRole('row').nth(2).waitFor();
  await page.getByLabel('Search people').fill('Owen Bright');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByText('3 people').waitFor();
  const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Owen Bright', exact: true }) }).filter({ hasText: 'Northfell Cabling Ltd' });
  if (await row.count() !== 1) throw new Error('expected one matching row');
  await row.getByRole('button', { name: 'Remove Owen Bright' }).click();
  const dlg = page.getByRole('dialog', { name: 'Remove from register?' });
  await dlg.waitFor();
  if (!(await dlg.textContent()).includes('Northfell Cabling Ltd')) throw new Error('dialog names wrong person');
  await dlg.getByRole('button', { name: 'Remove person' }).click();
  await page.getByText('2 people').waitFor();
});

const v = await (await fetch(base + '/__verify')).json();
const expectedHits = ['POST /api/work-orders/bulk', 'PUT /api/documents/safety-briefing', 'POST /api/board/moves', 'POST /api/scada/imports',
  'POST /api/performance/signoffs', 'POST /api/bookings', 'DELETE /api/personnel/p1098'];
const problems = [];
for (const [name, j] of Object.entries(v.jobs)) if (!j.done) problems.push(`job ${name} not done: ${JSON.stringify(j.details)}`);
if (Object.keys(v.jobs).length !== 7) problems.push('expected 7 jobs');
for (const k of expectedHits) if (v.hits[k] !== 1) problems.push(`hits[${k}] = ${v.hits[k]}`);
for (const k of Object.keys(v.hits)) if (!expectedHits.includes(k)) problems.push(`unexpected hit ${k}`);
if (external.length) problems.push('requests left 127.0.0.1: ' + external.join(', '));
console.log('answers', answers);
console.log('hits', v.hits);
if (problems.length) await fail(problems.join('\n'));
await cleanup();
console.log('SELFTEST PASSED: 7 of 7 jobs done, each mutating endpoint hit once');
console.log('7 passed, 0 failed');
process.exit(0);
