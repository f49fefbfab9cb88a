// Self-test: drives all seven jobs through the real UI with playwright-core,
// then checks /__verify and resets the server.
import { createRequire } from 'node:module';
import { spawn } from 'node:child_process';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

const require = createRequire(import.meta.url);
const { chromium } = require('/work/main/node_modules/playwright-core');
const ROOT = fileURLToPath(new URL('..', import.meta.url));

const freePort = () => new Promise((res) => { const s = net.createServer(); s.listen(0, '127.0.0.1', () => { const p = s.address().port; s.close(() => res(p)); }); });
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const results = [];
function step(name, ok, info = '') { results.push({ name, ok }); console.log(`${ok ? 'PASS' : 'FAIL'}  ${name}${info ? '  — ' + info : ''}`); if (!ok) throw new Error('step failed: ' + name + ' ' + info); }

const port = await freePort();
const BASE = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, [join(ROOT, 'server.mjs')], { env: { ...process.env, PORT: String(port), IDLE_MS: '600000' }, stdio: ['ignore', 'pipe', 'inherit'] });
await new Promise((res, rej) => { server.stdout.on('data', (d) => { if (String(d).includes('http://')) res(); }); server.on('exit', (c) => rej(new Error('server exited ' + c))); });
console.log('server on', BASE);

const browser = await chromium.launch({ executablePath: '/usr/lib/chromium/chromium-headless-shell', args: ['--no-sandbox'] });
const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
const external = [];
const consoleErrors = [];
page.on('request', (r) => { const u = new URL(r.url()); if (!['127.0.0.1'].includes(u.hostname) && !['data:', 'blob:'].includes(u.protocol)) external.push(r.url()); });
page.on('console', (m) => { if (m.type() === 'error') consoleErrors.push(m.text()); });
page.on('pageerror', (e) => consoleErrors.push(String(e)));
const nav = async (label) => { await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label, exact: true }).click(); };

let exitCode = 1;
try {
  await page.goto(BASE + '/');
  await page.getByRole('heading', { name: 'Good morning' }).waitFor();
  step('landing page renders', true);

  // ---- 1. Inventory grid: find the Gliga instrument in Annex B, set status "In repair", save
  await nav('Instrument inventory');
  const search = page.locator('.datatable-input');
  await search.fill('Gliga Annex');
  await page.waitForTimeout(300);
  const row = page.locator('.inv-table tbody tr').filter({ hasText: 'Gliga' }).filter({ hasText: 'Annex B' });
  step('grid: search narrows to the target', (await row.count()) === 1, await row.first().innerText());
  const statusCell = row.locator('td').nth(8);
  await statusCell.dblclick();
  const input = page.locator('.inv-table input.datatable-editor-input, .inv-table td input').first();
  await input.waitFor();
  await input.fill('In repair');
  await input.press('Enter');
  await page.getByText('1 unsaved change').waitFor();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await page.getByText('Saved 1 change.').waitFor();
  step('grid: inline edit saved', true);

  // ---- 2. Newsletter: €12 -> €14 in the recital paragraph, bold "free", save
  await nav('Newsletter');
  const editable = page.locator('.ck-editor__editable');
  await editable.waitFor();
  const selectText = async (paraMatch, word) => {
    await editable.locator('p', { hasText: paraMatch }).click();
    await page.evaluate(([paraMatch, word]) => {
      const p = [...document.querySelectorAll('.ck-editor__editable p')].find((x) => x.textContent.includes(paraMatch));
      const walker = document.createTreeWalker(p, NodeFilter.SHOW_TEXT);
      let n;
      while ((n = walker.nextNode())) {
        const i = n.data.indexOf(word);
        if (i >= 0) { const r = document.createRange(); r.setStart(n, i); r.setEnd(n, i + word.length); const s = getSelection(); s.removeAllRanges(); s.addRange(r); return; }
      }
      throw new Error('word not found: ' + word);
    }, [paraMatch, word]);
    await page.waitForTimeout(150);
  };
  await selectText('Spring Recital', '€12');
  await page.keyboard.type('€14');
  await selectText('Spring Recital', 'free');
  await page.keyboard.press('Control+b');
  await page.waitForTimeout(150);
  await page.getByRole('button', { name: 'Save document' }).click();
  await page.getByText('Document saved.').waitFor();
  step('newsletter: edited and saved', true);

  // ---- 3. Reminder toast: send reminder for the Moreau family invoice, read the code from the toast
  await nav('Payment reminders');
  await page.getByPlaceholder('Filter by family').fill('Moreau');
  const invRow = page.locator('table.list tbody tr').filter({ hasText: 'Moreau family' });
  await invRow.getByRole('button', { name: 'Send reminder' }).click();
  const toastEl = page.locator('.notification');
  await toastEl.waitFor();
  const toastText = await toastEl.innerText();
  const code = (toastText.match(/RMD-[A-Z0-9]+/) || [])[0];
  await toastEl.waitFor({ state: 'detached', timeout: 4000 });
  step('reminder: toast showed a code and vanished', !!code, code);

  // ---- 4. Upload the week-of-22-February lesson log via tus
  await nav('Lesson log import');
  await page.locator('input[type=file]').setInputFiles(join(ROOT, 'files', 'lesson-log-wk08.csv'));
  await page.getByRole('button', { name: 'Upload' }).click();
  await page.getByRole('heading', { name: 'Import complete' }).waitFor();
  const total = (await page.locator('.result .big').innerText()).trim();
  step('upload: import total shown', /^€\d/.test(total), total);

  // ---- 5. Chart tooltip: Riverside, Strings, week commencing 8 March
  await nav('Room load');
  await page.getByLabel('Campus').selectOption('riverside');
  await page.waitForTimeout(600);
  const facets = page.locator('.chart figure > svg g[aria-label="bar"] > g');
  const facetCount = await facets.count();
  let tipText = '';
  for (let i = 0; i < facetCount && !tipText; i++) {
    const rect = facets.nth(i).locator('rect').first();
    await rect.hover();
    await page.waitForTimeout(150);
    const t = await page.evaluate(() => [...document.querySelectorAll('.chart figure > svg g[aria-label="tip"] text > tspan')].map((x) => x.textContent).join('\n'));
    if (/8 Mar/.test(t) && /Strings/.test(t)) tipText = t;
  }
  const hours = (tipText.match(/Booked hours\s*([\d.]+)/) || [])[1];
  step('chart: tooltip read', !!hours, tipText.replace(/\s+/g, ' '));

  // ---- 6. Booking form
  await nav('Book a room');
  await page.getByLabel('Booked by').fill('Fairhaven String Quartet');
  await page.getByLabel('Room').selectOption('Room 4');
  await page.getByRole('button', { name: /Pick date/ }).click();
  await page.getByRole('button', { name: 'Next month' }).click();
  await page.locator('calendar-month').getByRole('button', { name: /^4 March/ }).click();
  const dateVal = await page.getByLabel('Date', { exact: true }).inputValue();
  step('booking: date picked in popup', dateVal === 'Thu 4 Mar 2027', dateVal);
  await page.getByLabel('Start time').selectOption('16:30');
  await page.locator('.nice-select').click();
  await page.locator('.nice-select .option', { hasText: 'Music stands' }).click();
  await page.locator('.nice-select .option', { hasText: 'Recording kit' }).click();
  await page.getByRole('heading', { name: 'Book a practice room' }).click();
  await page.getByLabel('Notes').fill('Rehearsal for the Spring Recital');
  await page.getByRole('button', { name: 'Request booking' }).click();
  await page.getByText(/Booking BK-\d+ requested/).waitFor();
  step('booking: submitted', true);

  // ---- 7. Waiting list: page through to the clarinet Tobias Lindqvist, remove via confirm dialog
  await nav('Waiting list');
  let target;
  for (let p = 1; p <= 20; p++) {
    await page.waitForTimeout(150);
    target = page.locator('table.list tbody tr').filter({ hasText: 'Tobias Lindqvist' }).filter({ hasText: 'Clarinet' });
    if (await target.count()) break;
    await page.getByRole('button', { name: 'Next ›' }).click();
  }
  const onPage = await page.locator('.pager .current').innerText();
  await target.getByRole('button', { name: 'Remove' }).click();
  await page.locator('.vex-dialog-message').waitFor();
  await page.locator('.vex-dialog-button-primary').click();
  await target.waitFor({ state: 'detached' });
  step('waitlist: removed after confirmation', true, 'found on page ' + onPage);

  // ---- verify
  const v = await (await fetch(BASE + '/__verify')).json();
  for (const [k, j] of Object.entries(v.jobs)) step(`verify ${k} done`, j.done === true, j.expectedReport ? 'expected ' + j.expectedReport : '');
  step('reported toast code matches', code === v.jobs['3-reminder-toast'].expectedReport, code);
  step('reported upload total matches', v.jobs['4-lesson-log-upload'].expectedReport.startsWith(total), total);
  step('reported chart value matches', v.jobs['5-room-load-chart'].expectedReport === `${hours} hours`, hours);
  const badHits = Object.entries(v.hits).filter(([, n]) => n !== 1);
  step('each mutating endpoint hit exactly once', badHits.length === 0, JSON.stringify(v.hits));
  step('no requests left 127.0.0.1', external.length === 0, external.join(', '));
  step('no console errors', consoleErrors.length === 0, consoleErrors.join(' | '));

  await fetch(BASE + '/__reset', { method: 'POST' });
  const v2 = await (await fetch(BASE + '/__verify')).json();
  step('reset restores seed', Object.values(v2.jobs).every((j) => !j.done) && Object.values(v2.hits).every((n) => n === 0));
  exitCode = 0;
} catch (e) {
  console.error(e.message);
  await page.screenshot({ path: join(ROOT, 'selftest', 'failure.png') }).catch(() => {});
} finally {
  await browser.close();
  server.kill();
  console.log(`\n${results.filter((r) => r.ok).length}/${results.length} checks passed — ${exitCode === 0 ? 'SELFTEST OK' : 'SELFTEST FAILED'}`);
  process.exit(exitCode);
}
