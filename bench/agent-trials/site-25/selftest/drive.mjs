// Drives all seven jobs through the real UI in headless Chromium, then checks /__verify.
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '/work/main/node_modules/playwright-core/index.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CHROME = '/usr/lib/chromium/chromium-headless-shell';

function freePort(p) {
  return new Promise((res) => {
    const s = net.createServer();
    s.once('error', () => res(false));
    s.listen(p, '127.0.0.1', () => s.close(() => res(true)));
  });
}
async function pickPort() {
  for (let p = 4950; p <= 4999; p++) if (await freePort(p)) return p;
  throw new Error('no free port in 4950-4999');
}

const port = await pickPort();
const BASE = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ['server.mjs'], { cwd: ROOT, env: { ...process.env, PORT: String(port), IDLE_MS: '600000' }, stdio: ['ignore', 'pipe', 'inherit'] });
process.on('exit', () => server.kill());
for (const sig of ['SIGINT', 'SIGTERM', 'SIGPIPE']) process.on(sig, () => process.exit(1));
for (let i = 0; i < 50; i++) { try { await fetch(BASE + '/__verify'); break; } catch { await new Promise((r) => setTimeout(r, 200)); } }
await fetch(BASE + '/__reset', { method: 'POST' });

const answers = {};
const external = [];
const browser = await chromium.launch({ executablePath: CHROME, args: ['--no-sandbox'] });
const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
page.setDefaultTimeout(15000);
page.on('request', (r) => { const u = r.url(); if (!u.startsWith(BASE) && !u.startsWith('data:') && !u.startsWith('blob:')) external.push(u); });
page.on('pageerror', (e) => console.log('  [pageerror]', e.message));

async function step(name, fn) {
  const t = Date.now();
  try { await fn(); console.log(`ok   ${name} (${Date.now() - t} ms)`); }
  catch (e) { console.log(`FAIL ${name}: ${e.message}`); await page.screenshot({ path: `/tmp/selftest-${name}.png` }).catch(() => {}); }
}

// select `word` inside the paragraph of the CKEditor editable that contains `para`
async function selectInEditor(para, word) {
  await page.evaluate(([para, word]) => {
    const root = document.querySelector('.cke_editable');
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    let n;
    while ((n = walker.nextNode())) {
      const p = n.parentElement.closest('p, h2, h3, li');
      if (p && p.textContent.includes(para) && n.data.includes(word)) {
        const i = n.data.indexOf(word);
        const r = document.createRange(); r.setStart(n, i); r.setEnd(n, i + word.length);
        const s = window.getSelection(); s.removeAllRanges(); s.addRange(r);
        return;
      }
    }
    throw new Error('text not found: ' + word);
  }, [para, word]);
  await page.waitForTimeout(300);
}

await step('1 bookings grid', async () => {
  await page.goto(BASE + '/bookings');
  await page.getByRole('grid').waitFor();
  await page.getByLabel('Filter bookings').fill('Whitlock');
  const match = page.getByRole('row').filter({ hasText: 'Braunston' }).filter({ hasText: '2026-06-20' });
  await match.waitFor();
  if (await match.count() !== 1) throw new Error('expected one matching row');
  const row = page.locator(`[role=row][data-id="${await match.getAttribute('data-id')}"]`).last();
  await row.locator('[aria-colindex="6"]').dblclick();
  await page.locator('.wx-list, .wx-dropdown').getByText('Confirmed', { exact: true }).first().click();
  await row.locator('[aria-colindex="7"]').dblclick();
  await row.locator('input').first().fill('Late arrival, keys in safe');
  await page.keyboard.press('Enter');
  await page.getByText('2 unsaved changes').waitFor();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await page.getByText('Saved 2 changes').waitFor();
  // scroll the grid body all the way to the right, as a user would with the scrollbar
  await page.evaluate(() => {
    const el = document.querySelector('[role=grid] .wx-scroll');
    el.scrollLeft = el.scrollWidth;
  });
  const cell = row.locator('[aria-colindex="21"]');
  await cell.waitFor();
  answers.keySafe = (await cell.innerText()).trim();
});

await step('2 handover editor', async () => {
  await page.goto(BASE + '/handover-notes');
  const ed = page.locator('.cke_editable');
  await ed.getByText('Boats returning to Gayton').waitFor();
  await ed.click();
  await selectInEditor('Boats returning to Gayton', '10am');
  await page.keyboard.type('9:30am');
  await selectInEditor('Check the stoppage notices', 'stoppage notices');
  await page.keyboard.press('Control+k');
  const url = page.locator('.cke_dialog').getByLabel('URL');
  await url.waitFor();
  await url.pressSequentially('https://notices.waterways.example/stoppages');
  await page.locator('.cke_dialog .cke_dialog_ui_button_ok').click();
  await selectInEditor('emergency breakdown line', 'emergency breakdown line');
  await page.keyboard.press('Control+b');
  await selectInEditor('Hirers must never', 'never');
  await page.keyboard.press('Control+i');
  await page.getByRole('button', { name: 'Save document' }).click();
  await page.getByText('Handover notes saved').waitFor();
});

await step('3 maintenance board', async () => {
  await page.goto(BASE + '/maintenance');
  const card = page.getByRole('listitem', { name: 'Bilge pump not cycling — Kingfisher Lady', exact: true });
  await card.waitFor();
  const target = page.getByRole('list', { name: 'Scheduled jobs' });
  const a = await card.boundingBox(), b = await target.boundingBox();
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 20, a.y + a.height / 2 + 10, { steps: 5 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height - 30, { steps: 20 });
  await page.mouse.up();
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Work order' });
  await toast.waitFor();
  answers.workOrder = /WO-\d+/.exec(await toast.innerText())[0];
});

await step('4 fuel upload', async () => {
  await page.goto(BASE + '/fuel-logs');
  await page.locator('input[type=file]').setInputFiles(path.join(ROOT, 'files/fuel-log-kingfisher-lady-june.csv'));
  const res = page.getByText(/Total diesel dispensed/);
  await res.waitFor();
  answers.fuelTotal = /([\d.]+) L/.exec(await res.innerText())[1];
});

await step('5 weekly chart', async () => {
  await page.goto(BASE + '/reports');
  const chart = page.locator('.chart-box');
  await chart.waitFor();
  await page.waitForFunction(() => document.querySelectorAll('[role=img] svg path').length > 4);
  await page.waitForTimeout(800);
  const box = await chart.boundingBox();
  let text = '';
  for (let x = box.x + 40; x < box.x + box.width; x += 8) {
    await page.mouse.move(x, box.y + box.height / 2);
    await page.waitForTimeout(30);
    const tt = page.locator('.tt');
    if (await tt.count()) { text = await tt.first().innerText(); if (text.includes('Week 21')) break; }
  }
  if (!text.includes('Week 21')) throw new Error('tooltip for week 21 not found');
  const value = /Gayton: (\d+)/.exec(text)[1];
  answers.gaytonWk21 = value;
  await page.getByLabel('Base', { exact: true }).selectOption('Gayton');
  await page.getByLabel('Week', { exact: true }).selectOption('21');
  await page.getByRole('spinbutton', { name: 'Hire nights' }).fill(value);
  await page.getByRole('button', { name: 'Add to return' }).click();
  await page.getByText('Recorded: Gayton').waitFor();
});

await step('6 engineer booking', async () => {
  await page.goto(BASE + '/engineer-visits');
  const boat = page.locator('#boat-select');
  await boat.waitFor();
  await boat.click();
  await boat.fill('Kingfisher La');
  await page.locator('.svelte-select-list .item').getByText('Kingfisher Lady', { exact: true }).click();
  await page.locator('#visit-date').click();
  const caption = page.locator('.sdt-toggle-btn').first();
  for (let i = 0; i < 24; i++) {
    const c = (await caption.innerText()).trim();
    if (/June 2026/.test(c)) break;
    const ym = new Date(c + ' 1');
    await page.locator('.sdt-thead-nav button.icon-btn').nth(ym < new Date('2026-06-01') ? 1 : 0).click();
  }
  // week beginning Monday 22 June: try 22..26 in order, take the first enabled day
  const days = page.locator('.sdt-btn-day:not(.not-current)');
  let picked = null;
  for (const d of ['22', '23', '24', '25', '26']) {
    const btn = days.getByText(d, { exact: true });
    if (await btn.isEnabled()) { await btn.click(); picked = d; break; }
  }
  answers.visitDay = picked;
  await page.getByLabel('Time').selectOption('10:30');
  await page.getByLabel('Note for the engineer').fill('Stern gland dripping after last hire');
  await page.getByRole('button', { name: 'Book visit' }).click();
  const ok = page.getByRole('status');
  await ok.waitFor();
  answers.visitRef = /EV-\d+/.exec(await ok.innerText())[0];
});

await step('7 hirer delete', async () => {
  await page.goto(BASE + '/hirers');
  await page.getByLabel('Search hirers').fill('Daniel Okafor');
  const btn = page.getByRole('button', { name: 'Delete Daniel Okafor, Northampton', exact: true });
  await btn.waitFor();
  await btn.click();
  const dlg = page.getByRole('alertdialog');
  await dlg.waitFor();
  await dlg.getByRole('button', { name: 'Delete account' }).click();
  await page.getByText('Removed Daniel Okafor (Northampton)').waitFor();
});

await browser.close();
const v = await (await fetch(BASE + '/__verify')).json();
server.kill();

console.log('answers', answers);
let ok = true;
for (const [k, j] of Object.entries(v.jobs)) { console.log(`${j.done ? 'done' : 'NOT DONE'} ${k}`, j.done ? '' : JSON.stringify(j.details)); ok &&= j.done; }
const expected = ['POST /api/bookings/bulk', 'PUT /api/documents/handover', 'POST /api/maintenance/2/move', 'POST /api/fuel-logs', 'POST /api/returns', 'POST /api/engineer-visits', 'DELETE /api/hirers/358'];
for (const k of expected) if (v.hits[k] !== 1) { ok = false; console.log('hit count wrong', k, v.hits[k]); }
if (Object.keys(v.hits).length !== expected.length) { ok = false; console.log('unexpected hits', v.hits); }
const want = { keySafe: '7294', workOrder: 'WO-7334', fuelTotal: '156.8', gaytonWk21: '43', visitDay: '24' };
for (const [k, w] of Object.entries(want)) if (answers[k] !== w) { ok = false; console.log('answer mismatch', k, answers[k], 'expected', w); }
if (external.length) { ok = false; console.log('external requests', external); }
console.log(ok ? 'SELFTEST PASSED' : 'SELFTEST FAILED');
process.exit(ok ? 0 : 1);
