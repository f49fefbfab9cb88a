// Self-test: drives all seven jobs in headless Chromium as a user would, then checks /__verify.
import { chromium } from '/work/main/node_modules/playwright-core/index.mjs';
import { spawn } from 'node:child_process';
import net from 'node:net';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const EXPECT = { pts: '2025-10-09', rows: 137, passengers: 4815 };

function freePort() {
  return new Promise(async (resolve, reject) => {
    for (let port = 4950 + Math.floor(Math.random() * 50), n = 0; n < 50; n++, port = 4950 + ((port - 4950 + 1) % 50)) {
      const ok = await new Promise(r => { const s = net.createServer(); s.once('error', () => r(false)); s.listen(port, '127.0.0.1', () => s.close(() => r(true))); });
      if (ok) return resolve(port);
    }
    reject(new Error('no free port in 4950-4999'));
  });
}

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ['server.mjs'], { cwd: ROOT, env: { ...process.env, PORT: String(port), IDLE_MS: '300000' }, stdio: ['ignore', 'pipe', 'inherit'] });
await new Promise((resolve, reject) => {
  const t = setTimeout(() => reject(new Error('server did not start')), 10000);
  server.stdout.on('data', d => { if (String(d).includes('http://127.0.0.1')) { clearTimeout(t); resolve(); } });
  server.on('exit', c => reject(new Error('server exited ' + c)));
});

const external = [];
const failures = [];
const log = (...a) => console.log(...a);
const check = (name, cond, info = '') => { log(`${cond ? 'ok  ' : 'FAIL'} ${name}${info ? ' — ' + info : ''}`); if (!cond) failures.push(name); };

let browser;
try {
  await fetch(base + '/__reset', { method: 'POST' });
  browser = await chromium.launch({ executablePath: '/usr/lib/chromium/chromium-headless-shell', args: ['--no-sandbox'] });
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const p = await ctx.newPage();
  p.setDefaultTimeout(15000);
  p.on('request', r => { const u = r.url(); if (!/^(https?:\/\/127\.0\.0\.1[:/]|data:|blob:|about:)/.test(u)) external.push(u); });
  p.on('pageerror', e => log('page error:', e.message));

  // Dashboard links every page
  await p.goto(base + '/');
  for (const href of ['/roster', '/notice', '/works', '/imports', '/ridership', '/footplate', '/members'])
    check(`dashboard links ${href}`, await p.locator(`main a[href="${href}"]`).count() === 1);

  // 1. Roster grid
  await p.getByRole('link', { name: 'Volunteer roster' }).first().click();
  await p.locator('.wj-cell', { hasText: /^V-1000$/ }).waitFor();
  const grid = p.locator('#roster-grid');
  const gb = await grid.boundingBox();
  await p.mouse.move(gb.x + gb.width / 2, gb.y + gb.height / 2);
  const idCell = p.locator('.wj-cell[role="gridcell"]', { hasText: /^V-1172$/ });
  for (let i = 0; i < 80 && !(await idCell.count()); i++) { await p.mouse.wheel(0, 240); await p.waitForTimeout(60); }
  await idCell.scrollIntoViewIfNeeded();
  const rowIndex = await p.locator('.wj-row', { has: idCell }).getAttribute('aria-rowindex');
  const row = p.locator(`[wj-part="cells"] .wj-row[aria-rowindex="${rowIndex}"]`);
  check('roster row is Ellis Marrow, Guard, Kestrel Bridge', /Ellis.*Marrow.*Guard.*Kestrel Bridge/s.test(await row.innerText()), (await row.innerText()).replace(/\s+/g, ' '));
  const statusCell = row.locator('.wj-cell[aria-colindex="7"]');
  await statusCell.dblclick();
  await p.waitForTimeout(300);
  const dropBtn = statusCell.locator('button');
  if (await dropBtn.count()) await dropBtn.first().click();
  await p.locator('.wj-listbox-item', { hasText: /^Stood down$/ }).click();
  await p.waitForTimeout(200);
  await p.keyboard.press('Enter');
  for (let i = 0; i < 12; i++) { await p.mouse.move(gb.x + gb.width / 2, gb.y + gb.height / 2); await p.mouse.wheel(400, 0); await p.waitForTimeout(60); }
  const pts = (await row.locator('.wj-cell[aria-colindex="18"]').innerText()).trim();
  check('PTS expiry read from the grid', pts === EXPECT.pts, pts);
  const notesCell = row.locator('.wj-cell[aria-colindex="19"]');
  await notesCell.dblclick();
  await p.keyboard.press('Control+A');
  await p.keyboard.type('PTS lapsed');
  await p.keyboard.press('Enter');
  await p.getByRole('button', { name: 'Save changes' }).click();
  await p.getByText('Saved 1 change.').waitFor();
  check('roster saved', true);

  // 2. Notice editor
  await p.getByRole('link', { name: 'Visitor notice' }).first().click();
  const ta = p.locator('#notice-md');
  await p.waitForFunction(() => { const t = document.querySelector('#notice-md'); return t && !t.disabled; });
  const select = async text => {
    await ta.click();
    await ta.evaluate((t, s) => { const i = t.value.indexOf(s); if (i < 0) throw new Error('not found: ' + s); t.focus(); t.setSelectionRange(i, i + s.length); }, text);
  };
  // change only the Sunday Ashby Road departure time
  await ta.click();
  await ta.evaluate(t => { const line = 'leave Ashby Road at 10:15 on Sundays'; const i = t.value.indexOf(line) + 'leave Ashby Road at '.length; t.setSelectionRange(i, i + 5); });
  await p.keyboard.type('11:05');
  await select('Tickets must be bought before boarding');
  await p.locator('md-bold').click();
  await select('Dogs travel free');
  await p.locator('md-italic').click();
  await select('timetable');
  await p.locator('md-link').click();
  await p.keyboard.type('https://kestrelvalley.example/timetable');
  check('preview shows bold/italic/link', await p.locator('#notice-preview strong').count() === 1 && await p.locator('#notice-preview em').count() === 1 && await p.locator('#notice-preview a').count() === 1);
  await p.getByRole('button', { name: 'Save notice' }).click();
  await p.getByText('Notice saved.').waitFor();

  // 3. Works board drag and drop
  await p.getByRole('link', { name: 'Works orders' }).first().click();
  const card = p.locator('.card', { has: p.locator('p', { hasText: /^Brake blocks: coach 4211$/ }) });
  await card.waitFor();
  const cb = await card.boundingBox();
  const tb = await p.locator('.column[data-column="Testing"] .cards').boundingBox();
  await p.mouse.move(cb.x + cb.width / 2, cb.y + cb.height / 2);
  await p.mouse.down();
  const steps = 20;
  for (let i = 1; i <= steps; i++) { await p.mouse.move(cb.x + cb.width / 2 + (tb.x + tb.width / 2 - cb.x - cb.width / 2) * i / steps, cb.y + cb.height / 2 + (tb.y + 120 - cb.y - cb.height / 2) * i / steps); await p.waitForTimeout(20); }
  await p.mouse.up();
  const toast = p.getByText(/Move reference MV-/);
  await toast.waitFor({ timeout: 5000 });
  const toastText = await toast.innerText();
  const moveRef = (toastText.match(/MV-[\w-]+/) || [])[0];
  check('toast shows move reference', !!moveRef, moveRef);
  await toast.waitFor({ state: 'hidden', timeout: 6000 });
  check('toast went away', true);
  check('card now in Testing', await p.locator('.column[data-column="Testing"] p', { hasText: /^Brake blocks: coach 4211$/ }).count() === 1);

  // 4. Import the September 2025 gift shop file
  await p.getByRole('link', { name: 'Shop takings import' }).first().click();
  const dir = path.join(ROOT, 'files');
  const right = fs.readdirSync(dir).find(f => fs.readFileSync(path.join(dir, f), 'utf8').split('\n')[1].startsWith('2025-09'));
  const [chooser] = await Promise.all([p.waitForEvent('filechooser'), p.locator('#dropbox').click()]);
  await chooser.setFiles(path.join(dir, right));
  await p.getByText(`Selected file: ${right}`).waitFor();
  await p.getByRole('button', { name: 'Import file' }).click();
  const res = p.locator('.result');
  await res.waitFor();
  const rows = Number(((await res.innerText()).match(/(\d+) rows imported/) || [])[1]);
  check('import row count', rows === EXPECT.rows, `${right}: ${rows}`);

  // 5. Ridership chart tooltip
  await p.getByRole('link', { name: 'Ridership' }).first().click();
  await p.locator('#chart svg').first().waitFor();
  await p.waitForTimeout(800);
  const chartBox = await p.locator('#chart svg').first().boundingBox();
  let figure = null;
  outer: for (let x = chartBox.x + 40; x < chartBox.x + chartBox.width; x += 6) {
    for (let y = chartBox.y + 10; y < chartBox.y + chartBox.height - 30; y += 4) {
      await p.mouse.move(x, y);
      const t = await p.evaluate(() => { const e = document.querySelector('.tau-chart__tooltip.in, .tau-chart__tooltip'); return e ? e.textContent.replace(/\s+/g, ' ') : ''; });
      if (/Service Valley Express Month Aug 2025 Passengers ([\d,]+)/.test(t)) { figure = Number(RegExp.$1.replace(/,/g, '')); break outer; }
      if (/Month (Apr|May|Jun|Jul) 2025/.test(t) && y > chartBox.y + chartBox.height / 2) break;
    }
  }
  check('tooltip value for Valley Express, Aug', figure === EXPECT.passengers, String(figure));
  await p.locator('select[name="service"]').selectOption('Valley Express');
  await p.locator('select[name="month"]').selectOption({ label: 'Aug 2025' });
  await p.locator('input[name="value"]').fill(String(figure));
  await p.getByRole('button', { name: 'Log figure' }).click();
  await p.getByText('Figure logged.').waitFor();

  // 6. Footplate booking
  await p.getByRole('link', { name: 'Footplate experiences' }).first().click();
  await p.locator('input[name="guest"]').fill('Priya Nandakumar');
  await p.locator('select-pure .label').click();
  await p.locator('option-pure[value="No. 4472 Kestrel"] .option').click();
  await p.locator('app-datepicker button[aria-label="Next month"]').click();
  await p.waitForTimeout(700);
  await p.locator('app-datepicker td[aria-label="1 Nov 2025"]').click();
  await p.getByText(/Chosen date: Saturday,? 1 November 2025/).waitFor();
  await p.getByRole('button', { name: 'Book turn' }).click();
  const bk = p.locator('#fp-result .result');
  await bk.waitFor();
  const bookingRef = ((await bk.innerText()).match(/FP-[\w-]+/) || [])[0];
  check('booking reference shown', !!bookingRef && /No\. 4472 Kestrel for 2025-11-01/.test(await bk.innerText()), bookingRef);

  // 7. Members: remove Jon Whitmore, Ashby Road, since 2019
  await p.getByRole('link', { name: 'Members' }).first().click();
  await p.locator('table.list').waitFor();
  await p.locator('input[name="q"]').fill('Whitmore');
  await p.getByRole('button', { name: 'Search' }).click();
  await p.getByText(/members? · page 1 of 2$/).waitFor();
  const targetRow = () => p.locator('table.list tbody tr').filter({ has: p.locator('td:nth-child(2)', { hasText: /^Jon Whitmore$/ }) }).filter({ has: p.locator('td:nth-child(3)', { hasText: /^Ashby Road$/ }) }).filter({ has: p.locator('td:nth-child(4)', { hasText: /^2019$/ }) });
  for (let i = 0; i < 5 && !(await targetRow().count()); i++) {
    await p.getByRole('button', { name: 'Next' }).click();
    await p.getByText(new RegExp(`page ${i + 2} of`)).waitFor();
  }
  check('found the target member', await targetRow().count() === 1, (await p.locator('table.list tbody tr').allInnerTexts()).join(' / ').slice(0, 600));
  await targetRow().getByRole('button', { name: 'Remove' }).click();
  const modal = p.locator('.modal.show .modal-content');
  await modal.waitFor();
  check('confirm dialog names the member', /Jon Whitmore \(M-3003/.test(await modal.innerText()));
  await p.waitForTimeout(400); // let the dialog finish opening
  await modal.getByRole('button', { name: 'OK' }).click();
  await p.getByText(/was removed/).waitFor();

  // Verify end state
  await p.waitForTimeout(500);
  const v = await (await fetch(base + '/__verify')).json();
  for (const [k, j] of Object.entries(v.jobs)) check(`verify ${k}`, j.done === true, j.done ? '' : JSON.stringify(j.details).slice(0, 400));
  const want = ['POST /api/volunteers/save', 'PUT /api/notice', 'POST /api/works/move', 'POST /api/imports', 'POST /api/ridership/readings', 'POST /api/bookings', 'DELETE /api/members/M-3003'];
  check('exactly one non-GET call per job', want.every(k => v.hits[k] === 1) && Object.keys(v.hits).length === want.length, JSON.stringify(v.hits));
  check('no request left 127.0.0.1', external.length === 0, external.slice(0, 5).join(', '));
  log(`answers: PTS expiry ${pts}; move ref ${moveRef}; rows ${rows}; passengers ${figure}; booking ${bookingRef}`);
} catch (e) {
  failures.push('exception: ' + e.message);
  console.error(e);
} finally {
  if (browser) await browser.close().catch(() => {});
  server.kill('SIGTERM');
  await new Promise(r => { if (server.exitCode !== null) r(); else server.once('exit', r); setTimeout(r, 3000); });
}
console.log(failures.length ? `SELFTEST FAILED: ${failures.join('; ')}` : 'SELFTEST PASSED');
process.exit(failures.length ? 1 : 0);
