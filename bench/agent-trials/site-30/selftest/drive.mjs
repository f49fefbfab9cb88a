// Self-test: starts its own server on a spare port, drives all seven jobs in headless Chromium, checks /__verify.
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PW = process.env.PLAYWRIGHT_CORE || '/work/main/node_modules/playwright-core/index.mjs';
const CHROME = process.env.CHROMIUM || '/usr/lib/chromium/chromium-headless-shell';
const { chromium } = await import(PW);

const free = (port) => new Promise((res) => { const s = net.createServer(); s.once('error', () => res(false)); s.listen(port, '127.0.0.1', () => s.close(() => res(true))); });
let port = 0;
for (let p = 4950; p < 5000; p++) if (await free(p)) { port = p; break; }
if (!port) throw new Error('no free port in 4950-4999');
const BASE = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ['server.mjs'], { cwd: ROOT, env: { ...process.env, PORT: String(port), IDLE_MS: '600000' }, stdio: ['ignore', 'pipe', 'inherit'] });
await new Promise((res, rej) => { server.stdout.on('data', (d) => { if (String(d).includes('http://')) res(); }); server.on('exit', (c) => rej(new Error('server exited ' + c))); });
const results = {};
let browser;
const log = (...a) => console.log('[selftest]', ...a);
try {
  await fetch(BASE + '/__reset', { method: 'POST' });
  browser = await chromium.launch({ executablePath: CHROME, args: ['--no-sandbox'] });
  const page = await browser.newPage({ viewport: { width: 1400, height: 950 } });
  const external = [];
  page.on('request', (r) => { const u = r.url(); if (!u.startsWith(BASE) && !u.startsWith('data:') && !u.startsWith('blob:')) external.push(u); });
  page.on('pageerror', (e) => log('page error:', e.message));

  // Dashboard links
  await page.goto(BASE + '/');
  await page.getByRole('heading', { name: /Good morning/ }).waitFor();
  for (const name of ['Catalogue', 'Player notices', 'Parts preparation', 'Returns sheets', 'Loan statistics', 'Collections', 'Players']) await page.getByRole('main').getByRole('link', { name }).waitFor();

  // 1. Grid
  await page.getByRole('main').getByRole('link', { name: 'Catalogue' }).click();
  await page.getByText('336 sets.').waitFor();
  await page.getByLabel('Filter sets').fill('Dvořák');
  await page.getByText('5 of 336 sets shown.').waitFor();
  const box = await page.locator('.grid-box').boundingBox();
  const widths = { composer: 130, work: 250, arranger: 120, publisher: 150, year: 70, shelf: 84, status: 130, note: 200 };
  const colX = (key) => { let x = box.x + 96; for (const [k, w] of Object.entries(widths)) { if (k === key) return x + w / 2; x += w; } };
  const rowY = (i) => box.y + 34 + 28 * i + 14;
  // rows now: LPL-1088 (D-1), LPL-1164 (F-2, Sym 9), LPL-1188 (F-2, Sym 8) ...
  await page.mouse.dblclick(colX('status'), rowY(2));
  const sel = page.locator('.lm-DataGrid select, select.lm-DataGrid-cellEditorWidget').first();
  await sel.waitFor();
  await sel.selectOption('At bindery');
  await sel.press('Enter');
  await page.mouse.dblclick(colX('note'), rowY(2));
  const inp = page.locator('.lm-DataGrid input, input.lm-DataGrid-cellEditorWidget').first();
  await inp.waitFor();
  await inp.fill('Spine repair');
  await inp.press('Enter');
  await page.getByText('2 unsaved changes').waitFor();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await page.getByRole('status').filter({ hasText: 'Saved 2 changes.' }).waitFor();
  const sets = await (await fetch(BASE + '/api/sets')).json();
  results.grid = sets.rows.find((r) => r.id === 'LPL-1188').replacement;
  log('grid: replacement cost £' + results.grid);

  // 2. Rich text
  await page.getByRole('link', { name: 'Player notices' }).click();
  const ed = page.locator('.fr-element');
  await ed.getByText('Brass players').waitFor();
  const select = async (anchor, word) => {
    await ed.click();
    await page.evaluate(([anchor, word]) => {
      const root = document.querySelector('.fr-element');
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      let n;
      while ((n = walker.nextNode())) {
        const i = n.data.indexOf(anchor);
        if (i >= 0) {
          const j = n.data.indexOf(word, i);
          const r = document.createRange(); r.setStart(n, j); r.setEnd(n, j + word.length);
          const s = window.getSelection(); s.removeAllRanges(); s.addRange(r); return;
        }
      }
      throw new Error('text not found: ' + anchor);
    }, [anchor, word]);
  };
  await select('Brass players should collect', 'Tuesday');
  await page.keyboard.type('Thursday');
  await select('Pencil only', 'Pencil only');
  await page.locator('.fr-toolbar [data-cmd="bold"]').click();
  await select('never pen', 'never');
  await page.locator('.fr-toolbar [data-cmd="italic"]').click();
  await select('orchestra librarian', 'orchestra librarian');
  await page.locator('.fr-toolbar [data-cmd="insertLink"]').click();
  const href = page.locator('.fr-popup.fr-active input[name="href"]');
  await href.waitFor();
  await href.fill('https://larkfieldphil.example/library');
  await page.locator('.fr-popup.fr-active button[data-cmd="linkInsert"]').click();
  await page.getByRole('button', { name: 'Save notice' }).click();
  await page.getByText(/^Saved \d/).waitFor();
  log('notice saved');

  // 3. Kanban
  await page.getByRole('link', { name: 'Parts preparation' }).click();
  const card = page.locator('ul[data-column="requested"] li[aria-label="Sibelius 5, Horn 2"]');
  await card.waitFor();
  const cb = await card.boundingBox();
  const target = await page.locator('ul[data-column="ready"] li').last().boundingBox();
  await page.mouse.move(cb.x + cb.width / 2, cb.y + cb.height / 2);
  await page.mouse.down();
  const steps = 20; const tx = target.x + target.width / 2, ty = target.y + target.height * 0.75;
  for (let i = 1; i <= steps; i++) { await page.mouse.move(cb.x + cb.width / 2 + ((tx - cb.x - cb.width / 2) * i) / steps, cb.y + cb.height / 2 + ((ty - cb.y - cb.height / 2) * i) / steps); await page.waitForTimeout(20); }
  await page.mouse.up();
  const toastText = await page.getByText(/Issue slip SLIP-\d+/).first().textContent({ timeout: 3000 });
  results.board = toastText.match(/SLIP-\d+/)[0];
  log('board: ' + results.board);
  await page.waitForTimeout(2600);
  if (await page.getByText(/Issue slip SLIP-\d+/).count()) throw new Error('toast did not disappear');

  // 4. Upload
  await page.getByRole('link', { name: 'Returns sheets' }).click();
  await page.getByRole('button', { name: 'Choose file…' }).waitFor();
  await page.locator('input[type=file]').setInputFiles(path.join(ROOT, 'files', 'returns-spring-gala-2025.csv'));
  await page.getByText('returns-spring-gala-2025.csv').waitFor();
  await page.getByRole('button', { name: 'Upload sheet' }).click();
  await page.getByText('Parts still outstanding').waitFor();
  results.upload = await page.locator('dd.big').textContent();
  log('upload: outstanding ' + results.upload);

  // 5. Chart
  await page.getByRole('link', { name: 'Loan statistics' }).click();
  const marker = page.locator('#loans-chart-graph-id0-plotset-plot-2-node-8-marker-circle');
  await marker.waitFor();
  const mb = await marker.boundingBox();
  await page.mouse.move(mb.x + mb.width / 2 - 20, mb.y + mb.height / 2 - 20);
  await page.mouse.move(mb.x + mb.width / 2, mb.y + 3, { steps: 5 });
  const tip = await page.getByText(/Brass, Sep 2024: \d+ parts/).first().textContent({ timeout: 4000 });
  results.chart = Number(tip.match(/(\d+) parts/)[1]);
  log('chart: ' + tip);
  await page.getByLabel('Brass: parts lent in September 2024').fill(String(results.chart));
  await page.getByRole('button', { name: 'Submit annual return' }).click();
  await page.getByText('Return submitted.').waitFor();

  // 6. Booking
  await page.getByRole('link', { name: 'Collections' }).click();
  const combo = page.getByRole('combobox', { name: 'Ensemble' });
  await combo.waitFor();
  await combo.click();
  await combo.pressSequentially('Larkhill Youth', { delay: 40 });
  await page.getByRole('option', { name: 'Larkhill Youth Orchestra' }).click();
  await page.getByRole('button', { name: 'Next month' }).waitFor();
  // week beginning Monday 17 March 2025: 17 and 18 closed, so Wednesday 19
  const day = page.getByRole('button', { name: 'Choose Wednesday, 19 March 2025' });
  await day.click();
  await page.getByText(/Wednesday,? 19 March 2025/).first().waitFor();
  await page.getByLabel('Time').selectOption('14:30');
  await page.getByLabel('Note for the library desk').fill('Brahms 2 string parts');
  await page.getByRole('button', { name: 'Book collection' }).click();
  results.booking = await page.locator('.ref').textContent();
  log('booking: ' + results.booking);

  // 7. Players
  await page.getByRole('link', { name: 'Players', exact: true }).click();
  await page.getByLabel('Search').fill('Hannah Okafor');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByText('2 players matching').waitFor();
  await page.getByRole('button', { name: 'Remove Hannah Okafor, Viola' }).click();
  const dlg = page.getByRole('alertdialog');
  await dlg.waitFor();
  await dlg.getByRole('button', { name: 'Remove player' }).click();
  await page.getByText('1 player matching').waitFor();
  log('players: removed the viola player');

  if (external.length) throw new Error('external requests: ' + external.join(', '));
  const v = await (await fetch(BASE + '/__verify')).json();
  const expectHits = ['POST /api/sets/bulk', 'PUT /api/notice', 'POST /api/board/cards/c2/move', 'POST /api/returns/upload', 'POST /api/annual-return', 'POST /api/collections', 'DELETE /api/players/p-0948'];
  const problems = [];
  for (const [k, j] of Object.entries(v.jobs)) if (!j.done) problems.push(`job ${k} not done: ${JSON.stringify(j.details)}`);
  for (const k of expectHits) if (v.hits[k] !== 1) problems.push(`hit ${k} = ${v.hits[k]}`);
  for (const k of Object.keys(v.hits)) if (!expectHits.includes(k)) problems.push(`unexpected hit ${k}`);
  const expected = { grid: 545, board: v.jobs.board.details.slip, upload: '7', chart: 38, booking: v.jobs.booking.details.collections[0]?.reference };
  for (const k of Object.keys(expected)) if (String(results[k]) !== String(expected[k])) problems.push(`answer ${k}: got ${results[k]}, expected ${expected[k]}`);
  if (problems.length) { console.error(problems.join('\n')); process.exitCode = 1; }
  else log('all 7 jobs done, each mutating endpoint hit once:', JSON.stringify(results));
} catch (e) {
  console.error('[selftest] FAILED:', e.message);
  process.exitCode = 1;
} finally {
  if (browser) await browser.close();
  server.kill();
}
