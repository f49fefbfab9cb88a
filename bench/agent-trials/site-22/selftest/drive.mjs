// Self-test: starts its own server on a spare port (4800-4899), drives all seven jobs in headless Chromium,
// then checks /__verify. Exit code 0 = pass.
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '/work/main/node_modules/playwright-core/index.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CHROME = process.env.CHROME || '/usr/lib/chromium/chromium-headless-shell';

function free(port) {
  return new Promise(res => { const s = net.createServer(); s.once('error', () => res(false)); s.listen(port, '127.0.0.1', () => s.close(() => res(true))); });
}
async function pickPort() {
  for (let p = 4800 + Math.floor(Math.random() * 50); p < 4900; p++) if (await free(p)) return p;
  for (let p = 4800; p < 4900; p++) if (await free(p)) return p;
  throw new Error('no free port in 4800-4899');
}

const port = await pickPort();
const BASE = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ['server.mjs'], { cwd: ROOT, env: { ...process.env, PORT: String(port), IDLE_MS: '600000' }, stdio: ['ignore', 'pipe', 'inherit'] });
let browser;
const fail = async (msg) => { console.error('SELFTEST FAIL:', msg); try { await browser?.close(); } catch {} server.kill(); process.exit(1); };
const step = (s) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${s}`);

for (let i = 0; i < 50; i++) { try { const r = await fetch(BASE + '/api/meta'); if (r.ok) break; } catch {} await new Promise(r => setTimeout(r, 200)); }
await fetch(BASE + '/__reset', { method: 'POST' });

const answers = {};
const external = [];
try {
  browser = await chromium.launch({ executablePath: CHROME, args: ['--no-sandbox'] });
  const ctx = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await ctx.newPage();
  page.setDefaultTimeout(15000);
  page.on('request', r => { const u = new URL(r.url()); if (/^https?:$/.test(u.protocol) && u.hostname !== '127.0.0.1') external.push(r.url()); });
  page.on('pageerror', e => console.log('  page error:', e.message));

  // dashboard
  step('dashboard');
  await page.goto(BASE + '/');
  await page.getByRole('heading', { name: 'Good morning, Jess' }).waitFor();
  for (const name of ['Trade accounts', 'Cellar care guide', 'Brew schedule', 'Lab: gravity logs', 'Sales report', 'Book a brewery tour', 'Trade contacts']) {
    if (!(await page.locator('main').getByRole('link', { name: new RegExp(name.replace(/[.:]/g, '.')) }).count())) await fail('dashboard missing link ' + name);
  }

  // 1. grid
  step('1 accounts grid');
  await page.locator('main').getByRole('link', { name: /Trade accounts/ }).click();
  await page.waitForSelector('canvas-datagrid');
  await page.getByText('326 of 326 accounts').waitFor();
  await page.getByLabel('Filter accounts').fill('Gwen Pickles Haworth');
  await page.getByText('1 of 326 accounts').waitFor();
  const cellCentre = (name) => page.evaluate(async (name) => {
    const g = document.querySelector('canvas-datagrid');
    const col = g.schema.findIndex(c => c.name === name);
    g.scrollIntoView(col, 0);
    await new Promise(r => setTimeout(r, 300));
    const c = g.getVisibleCellByIndex(col, 0);
    const r = g.getBoundingClientRect();
    return { x: r.left + c.x + c.width / 2, y: r.top + c.y + c.height / 2 };
  }, name);
  let pos = await cellCentre('deliveryDay');
  await page.mouse.dblclick(pos.x, pos.y);
  const sel = page.locator('select.canvas-datagrid-edit-input');
  await sel.waitFor();
  await sel.selectOption('Thursday');
  await page.waitForTimeout(300);
  pos = await cellCentre('cellarNotes');
  await page.mouse.dblclick(pos.x, pos.y);
  const inp = page.locator('input.canvas-datagrid-edit-input');
  await inp.waitFor();
  await inp.fill('Use the rear yard gate');
  await inp.press('Enter');
  await page.getByText('1 account with unsaved changes').waitFor();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await page.getByText('Saved changes to 1 account.').waitFor();
  answers.grid = await page.evaluate(() => { const g = document.querySelector('canvas-datagrid'); const col = g.schema.length - 1; g.scrollIntoView(col, 0); return g.viewData[0].dutyRef; });
  step('  duty ref ' + answers.grid);

  // 2. editor
  step('2 cellar guide editor');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Cellar care guide' }).click();
  const ed = page.locator('[data-slate-editor]');
  await ed.waitFor();
  await page.getByText('Rest Copper Kettle Bitter').waitFor();
  const select = (para, text) => page.evaluate(([para, text]) => {
    const root = document.querySelector('[data-slate-editor]');
    const w = document.createTreeWalker(root, NodeFilter.SHOW_TEXT); let n;
    while ((n = w.nextNode())) {
      const block = n.parentElement.closest('p,h2');
      const i = n.data.indexOf(text);
      if (block && block.textContent.includes(para) && i >= 0) {
        const r = document.createRange(); r.setStart(n, i); r.setEnd(n, i + text.length);
        const s = getSelection(); s.removeAllRanges(); s.addRange(r); return true;
      }
    }
    return false;
  }, [para, text]);
  await ed.click();
  if (!(await select('Copper Kettle Bitter', '48'))) await fail('could not select 48');
  await page.waitForTimeout(200);
  await page.keyboard.type('24');
  await page.waitForTimeout(200);
  await select('Never re-use spiles', 'Never re-use spiles'); await page.waitForTimeout(200);
  await page.locator('.w-e-toolbar button[data-menu-key="bold"]').click();
  await select('Hard spiles', 'always'); await page.waitForTimeout(200);
  await page.locator('.w-e-toolbar button[data-menu-key="italic"]').click();
  await select('Return empty casks', 'returns form'); await page.waitForTimeout(200);
  await page.locator('.w-e-toolbar button[data-menu-key="insertLink"]').click();
  const modal = page.locator('.w-e-modal');
  await modal.waitFor();
  await modal.locator('input').nth(1).fill('https://trade.ridgebackbrewing.example/returns');
  await modal.locator('button').click();
  await page.waitForTimeout(300);
  await page.getByRole('button', { name: 'Save guide' }).click();
  await page.getByText('Guide saved.').waitFor();

  // 3. board
  step('3 brew schedule board');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Brew schedule' }).click();
  const card = page.locator('article[data-id="B-2471"]');
  await card.waitFor();
  const cb = await card.boundingBox();
  const tb = await page.locator('section[data-stage="conditioning"]').boundingBox();
  await page.mouse.move(cb.x + cb.width / 2, cb.y + cb.height / 2);
  await page.mouse.down();
  const tx = tb.x + tb.width / 2, ty = tb.y + tb.height - 60;
  for (let i = 1; i <= 15; i++) { await page.mouse.move(cb.x + cb.width / 2 + (tx - cb.x - cb.width / 2) * i / 15, cb.y + cb.height / 2 + (ty - cb.y - cb.height / 2) * i / 15); await page.waitForTimeout(20); }
  await page.mouse.up();
  const toast = page.locator('.toast.show .toast-body');
  await toast.filter({ hasText: 'MV-' }).waitFor({ timeout: 5000 });
  answers.board = (await toast.textContent()).match(/MV-\d+/)[0];
  step('  movement ref ' + answers.board);

  // 4. upload
  step('4 gravity upload');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Lab: gravity logs' }).click();
  const chooserP = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose gravity log…' }).click();
  const chooser = await chooserP;
  await chooser.setFiles(path.join(ROOT, 'files/gravity-log-B-2417.csv'));
  const res = page.locator('.alert-success').filter({ hasText: 'ABV' });
  await res.waitFor();
  answers.upload = (await res.textContent()).match(/ABV\s*([\d.]+%)/)[1];
  step('  ABV ' + answers.upload);

  // 5. chart
  step('5 sales chart');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sales report' }).click();
  const canvas = page.locator('.chart-box canvas');
  await canvas.waitFor();
  await page.waitForTimeout(800);
  const bb = await canvas.boundingBox();
  let tip = '';
  for (let x = bb.x + 30; x < bb.x + bb.width; x += 8) {
    await page.mouse.move(x, bb.y + bb.height / 2);
    await page.waitForTimeout(40);
    tip = await page.locator('.chart-box [aria-live]').textContent();
    if (tip.startsWith('Nov 2024')) break;
  }
  const m5 = tip.match(/Harvest Mild (\d+) hl/);
  if (!tip.startsWith('Nov 2024') || !m5) await fail('tooltip for Nov 2024 not found: ' + tip);
  answers.chart = Number(m5[1]);
  step('  Harvest Mild Nov 2024 = ' + answers.chart);
  await page.getByLabel('Beer', { exact: true }).selectOption('Harvest Mild');
  await page.getByLabel('Month', { exact: true }).selectOption('2024-11');
  await page.getByLabel('Hectolitres', { exact: true }).fill(String(answers.chart));
  await page.getByRole('button', { name: 'Set baseline' }).click();
  await page.getByText('Baseline set:').waitFor();

  // 6. booking
  step('6 tour booking');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Book a brewery tour' }).click();
  const cust = page.locator('#tour-customer');
  await page.getByText('Upcoming tours').waitFor();
  await page.waitForFunction(() => document.querySelector('.autoComplete_wrapper'));
  await cust.click();
  await cust.pressSequentially('Red Lion', { delay: 60 });
  await page.getByRole('option', { name: 'The Red Lion (Ilkley)', exact: true }).click();
  await page.getByText('Account TA-10503').waitFor();
  await page.locator('#tour-date').click();
  await page.locator('.tui-datepicker').waitFor();
  const title = await page.locator('.tui-calendar-title').textContent();
  if (!/May.*2025|2025.*May/.test(title)) await fail('calendar did not open on May 2025: ' + title);
  const blocked26 = await page.locator('td.tui-calendar-date:not(.tui-calendar-prev-month):not(.tui-calendar-next-month)', { hasText: /^26$/ }).getAttribute('class');
  if (!/blocked/.test(blocked26)) await fail('26 May should be blocked: ' + blocked26);
  await page.locator('td.tui-calendar-date.tui-is-selectable:not(.tui-calendar-prev-month):not(.tui-calendar-next-month)', { hasText: /^28$/ }).click();
  if ((await page.locator('#tour-date').inputValue()) !== '2025-05-28') await fail('date not set');
  await page.getByLabel('Time').selectOption('14:00');
  await page.getByLabel('Note for the tour guide').fill('Two guests use wheelchairs; please use the level entrance.');
  await page.getByRole('button', { name: 'Book tour' }).click();
  const booked = page.getByText(/Booking reference/);
  await booked.waitFor();
  answers.booking = (await booked.textContent()).match(/TOUR-\d+/)[0];
  step('  booking ' + answers.booking);

  // 7. contacts
  step('7 contacts delete');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Trade contacts' }).click();
  await page.getByLabel('Search contacts').fill('Sam Whitaker');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByText(/contacts? matching “Sam Whitaker”/).waitFor();
  await page.getByRole('button', { name: 'Delete Sam Whitaker, The Fleece, Bingley' }).click();
  const dlg = page.locator('.modal.show');
  await dlg.getByText('Remove Sam Whitaker').waitFor();
  await dlg.getByRole('button', { name: 'Delete contact' }).click();
  await page.getByText('Sam Whitaker (The Fleece, Bingley) was removed.').waitFor();
  await page.waitForTimeout(500);
} catch (e) {
  await fail(e.stack || String(e));
}

// verify
const v = await (await fetch(BASE + '/__verify')).json();
const problems = [];
for (const [name, j] of Object.entries(v.jobs)) if (!j.done) problems.push(`job ${name} not done: ${JSON.stringify(j.details)}`);
const expectedHits = ['POST /api/accounts/bulk', 'PUT /api/documents/cellar-guide', 'POST /api/batches/B-2471/move', 'PUT /api/lab/gravity-logs', 'POST /api/forecast/baseline', 'POST /api/tours', 'DELETE /api/contacts/C-3098'];
for (const k of expectedHits) if (v.hits[k] !== 1) problems.push(`expected exactly one ${k}, got ${v.hits[k]}`);
for (const k of Object.keys(v.hits)) if (!expectedHits.includes(k)) problems.push(`unexpected request ${k}`);
if (Object.keys(v.jobs).length !== 7) problems.push('expected 7 jobs');
if (answers.grid !== v.jobs.accountsGrid.details.expectedAnswer) problems.push('grid answer mismatch ' + answers.grid);
if (answers.board !== v.jobs.brewBoard.details.expectedAnswer) problems.push('board answer mismatch ' + answers.board);
if (answers.upload !== v.jobs.gravityUpload.details.expectedAnswer) problems.push('upload answer mismatch ' + answers.upload);
if (answers.chart !== 137) problems.push('chart answer mismatch ' + answers.chart);
if (answers.booking !== v.jobs.tourBooking.details.expectedAnswer) problems.push('booking answer mismatch ' + answers.booking);
if (external.length) problems.push('requests left 127.0.0.1: ' + external.slice(0, 5).join(', '));
await browser.close();
server.kill();
console.log('answers:', JSON.stringify(answers));
console.log('hits:', JSON.stringify(v.hits));
if (problems.length) { console.error('SELFTEST FAIL:\n - ' + problems.join('\n - ')); process.exit(1); }
console.log('SELFTEST PASS: all 7 jobs done, each mutating endpoint hit once');
console.log('7 passed, 0 failed');
process.exit(0);
