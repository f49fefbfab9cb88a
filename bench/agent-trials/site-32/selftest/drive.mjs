// Self-test for trial site 32: starts its own server on a free port in 4950–4999, drives all seven
// jobs through the real UI in headless Chromium, then checks /__verify, the hit counts and that no
// request left 127.0.0.1.  Usage: npm run selftest   (optionally: node selftest/drive.mjs kit board …)
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '/work/main/node_modules/playwright-core/index.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const only = process.argv.slice(2);
const want = (k) => !only.length || only.includes(k);

function freePort(from = 4950, to = 4999) {
  return new Promise((resolve, reject) => {
    const tryPort = (p) => {
      if (p > to) return reject(new Error('no free port in 4950-4999'));
      const srv = net.createServer();
      srv.once('error', () => tryPort(p + 1));
      srv.listen(p, '127.0.0.1', () => srv.close(() => resolve(p)));
    };
    tryPort(from);
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const log = (...a) => console.log(`[${new Date().toISOString().slice(11, 19)}]`, ...a);

let server;
let browser;
let failures = 0;
function check(cond, msg) {
  if (cond) log('  ok  ', msg);
  else { failures++; log('  FAIL', msg); }
}

async function startServer(port) {
  server = spawn(process.execPath, [path.join(ROOT, 'server.mjs')], {
    env: { ...process.env, PORT: String(port), IDLE_MS: String(15 * 60 * 1000) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stderr.on('data', (d) => process.stderr.write(`[server] ${d}`));
  await new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error('server did not start')), 10000);
    server.stdout.on('data', (d) => { if (String(d).includes('http://127.0.0.1')) { clearTimeout(t); resolve(); } });
    server.once('exit', (c) => reject(new Error(`server exited ${c}`)));
  });
}

function stopServer() {
  if (server && server.exitCode === null) {
    try { process.kill(server.pid, 'SIGTERM'); } catch { /* already gone */ }
  }
}

// ------------------------------------------------------------------ job 1: kit register grid
async function jobKit(page, base) {
  log('dashboard');
  await page.goto(`${base}/`);
  await page.locator('.dash-card').first().waitFor();
  const links = await page.locator('.dash-card').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  check(['/kit', '/notices', '/follow-ups', '/shop-stock', '/income', '/hangar-tours', '/volunteers'].every((h) => links.includes(h)), `dashboard links to every page (${links.join(' ')})`);
  log('job 1: kit register (grid)');
  await page.locator('.dash-card', { hasText: 'Kit register' }).click();
  await page.waitForURL(`${base}/kit`);
  const grid = page.locator('.kit-grid');
  await grid.locator('.tg-row').first().waitFor();
  // the answer column is far right and must not be rendered yet
  check(await page.locator('.kit-grid', { hasText: 'SC-CRP-40817' }).count() === 0, 'answer column not rendered at first');
  // sort by Item so the look-alikes sit together
  await page.locator('.kit-grid .tg-header-item[data="item"] .tg-column-name').click();
  await sleep(400);
  const box = await grid.boundingBox();
  const findRow = () => page.evaluate(() => {
    const rows = {};
    for (const cell of document.querySelectorAll('.kit-grid .tg-row .tg-cell')) {
      const r = cell.parentElement.getAttribute('row');
      (rows[r] ||= []).push(cell.textContent.trim());
    }
    for (const [r, texts] of Object.entries(rows)) {
      if (texts.includes('Corpuls3 defibrillator ') || texts.includes('Corpuls3 defibrillator')) {
        if (texts.includes('G-FWNB')) return r;
      }
    }
    return null;
  });
  let row = await findRow();
  for (let i = 0; i < 60 && row === null; i++) {
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.wheel(0, 250);
    await sleep(120);
    row = await findRow();
  }
  check(row !== null, `found the Corpuls3 on G-FWNB (view row ${row})`);
  // status: dropdown editor
  await grid.locator(`.tg-row[row="${row}"] .tg-cell`).filter({ hasText: 'In service' }).dblclick();
  const sel = page.locator('.kit-wrap select.cell-editor');
  await sel.waitFor();
  await sel.selectOption('Out for repair');
  await sleep(200);
  // notes: text editor (the Notes column is a little to the right)
  let notesCell = grid.locator(`.tg-row[row="${row}"] .tg-cell.tg-c-11`);
  for (let i = 0; i < 10 && !(await notesCell.count()); i++) { await page.mouse.wheel(200, 0); await sleep(120); }
  await notesCell.dblclick();
  const input = page.locator('.kit-wrap input.cell-editor');
  await input.waitFor();
  await input.fill('Pads connector loose');
  await input.press('Enter');
  await page.getByText('2 unsaved changes').or(page.getByText('1 unsaved change')).first().waitFor();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await page.getByText('Saved 1 item.').waitFor({ timeout: 10000 });
  // read the far-right answer
  let ref = null;
  for (let i = 0; i < 40 && !ref; i++) {
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.wheel(400, 0);
    await sleep(120);
    ref = await page.evaluate((r) => {
      const cell = document.querySelector(`.kit-grid .tg-row[row="${r}"] .tg-cell.tg-c-27`);
      return cell ? cell.textContent.trim() : null;
    }, row);
  }
  check(ref === 'SC-CRP-40817', `service contract ref read from the grid: ${ref}`);
  return ref;
}

// ------------------------------------------------------------------ job 2: crew notice rich text
async function selectText(page, rootSel, text, nth = 0) {
  return page.evaluate(([rootSel, text, nth]) => {
    const root = document.querySelector(rootSel);
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    let n; let k = 0;
    while ((n = walker.nextNode())) {
      let from = 0;
      for (;;) {
        const i = n.data.indexOf(text, from);
        if (i < 0) break;
        if (k++ === nth) {
          const r = document.createRange();
          r.setStart(n, i); r.setEnd(n, i + text.length);
          const s = getSelection(); s.removeAllRanges(); s.addRange(r);
          return true;
        }
        from = i + 1;
      }
    }
    return false;
  }, [rootSel, text, nth]);
}

async function jobNotice(page, base) {
  log('job 2: crew notice (rich text)');
  await page.goto(`${base}/notices`);
  const ed = '.vditor-wysiwyg pre.vditor-reset';
  await page.locator(ed).waitFor();
  await page.getByRole('button', { name: 'Save notice' }).and(page.locator(':not([disabled])')).waitFor();
  // 1) Harrowby bowser checks: Tuesday -> Wednesday (double-click the word, type over it)
  const li = page.locator(`${ed} li`, { hasText: 'Crew at Harrowby base must log fuel bowser water checks every Tuesday.' });
  check(await li.count() === 1, 'found the Harrowby fuel bowser sentence');
  await li.getByText('Tuesday').first().waitFor().catch(() => {});
  const liBox = await li.boundingBox();
  // the word is at the end of the line: select it precisely with a DOM range, then type over it
  await page.locator(ed).click({ position: { x: 5, y: 5 } });
  const nth = await page.evaluate((ed) => {
    const text = document.querySelector(ed).textContent;
    const target = 'Crew at Harrowby base must log fuel bowser water checks every Tuesday.';
    const at = text.indexOf(target) + target.length - 'Tuesday.'.length;
    let k = 0; let i = -1;
    while ((i = text.indexOf('Tuesday', i + 1)) !== -1 && i < at) k++;
    return k;
  }, ed);
  check(await selectText(page, ed, 'Tuesday', nth), `selected the right "Tuesday" (occurrence ${nth}) ${liBox ? '' : ''}`);
  await page.keyboard.type('Wednesday');
  await sleep(300);
  // 2) bold "until further notice"
  check(await selectText(page, ed, 'until further notice'), 'selected "until further notice"');
  await page.locator('.vditor-toolbar [data-type="bold"]').click();
  await sleep(300);
  // 3) italic "both bases"
  check(await selectText(page, ed, 'both bases'), 'selected "both bases"');
  await page.locator('.vditor-toolbar [data-type="italic"]').click();
  await sleep(300);
  // 4) link "winter operations guide"
  check(await selectText(page, ed, 'winter operations guide'), 'selected "winter operations guide"');
  await page.locator('.vditor-toolbar [data-type="link"]').click();
  const linkInput = page.locator('.vditor-panel input[placeholder="Link"]');
  await linkInput.waitFor();
  await linkInput.fill('https://intranet.fellwing.org.uk/winter-ops');
  await linkInput.press('Enter');
  await sleep(400);
  await page.getByRole('button', { name: 'Save notice' }).click();
  await page.getByText('Notice saved and published').waitFor({ timeout: 10000 });
  const v = await (await fetch(`${base}/__verify`)).json();
  check(v.jobs.crew_notice.done, `notice verified ${v.jobs.crew_notice.done ? '' : JSON.stringify(v.jobs.crew_notice.details.checks) + '\n' + v.jobs.crew_notice.details.markdown}`);
}

// ------------------------------------------------------------------ job 3: follow-ups board (drag + toast)
async function jobBoard(page, base) {
  log('job 3: incident follow-ups (drag and drop, vanishing toast)');
  await page.goto(`${base}/follow-ups`);
  const card = page.locator('.board-col[data-column="awaiting"] .grid-stack-item', { hasText: 'INC 25-0871' });
  await card.waitFor();
  check(await card.locator('strong').innerText() === 'Kirkby Stephen — farm accident', 'the awaiting-reply card is the Kirkby Stephen farm accident');
  const from = await card.boundingBox();
  const target = await page.locator('.board-col[data-column="closed"] .grid-stack').boundingBox();
  const sx = from.x + from.width / 2; const sy = from.y + 20;
  const tx = target.x + target.width / 2; const ty = target.y + 30;
  await page.mouse.move(sx, sy);
  await page.mouse.down();
  await page.mouse.move(sx + 10, sy + 5, { steps: 3 });
  await page.mouse.move(tx, ty, { steps: 25 });
  await sleep(150);
  await page.mouse.move(tx + 2, ty + 2, { steps: 2 });
  await page.mouse.up();
  const msg = page.locator('ion-toast .toast-message');
  await msg.waitFor({ timeout: 8000 });
  const text = (await msg.innerText()).trim();
  const ref = (/Closure reference (\S+)/.exec(text) || [])[1] || null;
  check(!!ref, `toast said: "${text}"`);
  const shownAt = Date.now();
  await page.locator('ion-toast').waitFor({ state: 'detached', timeout: 8000 });
  const gone = Date.now() - shownAt;
  check(gone < 4000, `toast vanished after about ${Math.round(gone / 100) / 10}s of being read`);
  check(await page.locator('.board-col[data-column="closed"] .grid-stack-item', { hasText: 'INC 25-0871' }).count() === 1, 'card now sits in Closed');
  check(await page.getByText(ref).count() === 0, 'the reference is not shown anywhere once the toast has gone');
  return ref;
}

// ------------------------------------------------------------------ job 4: shop stock upload
async function jobUpload(page, base) {
  log('job 4: shop stock count (upload)');
  await page.goto(`${base}/shop-stock`);
  await page.locator('fw-stock select').waitFor();
  await page.locator('fw-stock select option', { hasText: 'Kendal' }).waitFor({ state: 'attached' });
  await page.locator('fw-stock select').selectOption('Kendal');
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.locator('ui5-file-uploader ui5-button', { hasText: 'Choose file' }).click(),
  ]);
  await chooser.setFiles(path.join(ROOT, 'files/kendal-stock-count-2025-11.csv'));
  await page.locator('ui5-upload-collection-item[file-name="kendal-stock-count-2025-11.csv"]').waitFor();
  await page.locator('ui5-button', { hasText: 'Import stock count' }).click();
  const result = page.locator('fw-stock .result');
  await result.waitFor({ timeout: 10000 });
  const text = await result.innerText();
  const count = Number((/Imported ([\d,]+) stock lines/.exec(text) || [])[1]?.replace(/,/g, ''));
  check(count === 146, `import result: "${text.trim()}"`);
  return count;
}

// ------------------------------------------------------------------ job 5: income chart tooltip -> form
async function jobChart(page, base) {
  log('job 5: fundraising income (chart tooltip -> board pack form)');
  await page.goto(`${base}/income`);
  await page.locator('.chart-box canvas').waitFor();
  await page.locator('fw-income .loading').waitFor({ state: 'detached' });
  await sleep(800);
  check(await page.locator('fw-income').getByText('18420').count() === 0 && await page.locator('fw-income').getByText('18,420').count() === 0, 'the figure is not in the DOM');
  // find the 35 bars by scanning one row of canvas pixels just above the x axis
  const bars = await page.evaluate(() => {
    const c = document.querySelector('.chart-box canvas');
    const ctx = c.getContext('2d');
    const r = c.getBoundingClientRect();
    const sx = c.width / r.width; const sy = c.height / r.height;
    // find the axis baseline: lowest row with many coloured (saturated) pixels
    const sat = (d, i) => { const mx = Math.max(d[i], d[i + 1], d[i + 2]); const mn = Math.min(d[i], d[i + 1], d[i + 2]); return mx - mn > 60; };
    let baseY = -1;
    for (let y = c.height - 1; y > c.height / 3 && baseY < 0; y--) {
      const d = ctx.getImageData(0, y, c.width, 1).data;
      let n = 0; for (let x = 0; x < c.width; x++) if (sat(d, x * 4)) n++;
      if (n > c.width / 3) baseY = y - 3;
    }
    const d = ctx.getImageData(0, baseY, c.width, 1).data;
    const runs = []; let start = -1; let key = '';
    for (let x = 0; x <= c.width; x++) {
      const k = x < c.width && sat(d, x * 4) ? `${d[x * 4] >> 4},${d[x * 4 + 1] >> 4},${d[x * 4 + 2] >> 4}` : '';
      if (k !== key) { if (key && x - start > 3) runs.push({ x0: start, x1: x - 1 }); start = x; key = k; }
    }
    return { baseY: baseY / sy + r.y, left: r.x, top: r.y, runs: runs.map((b) => ({ cx: r.x + (b.x0 + b.x1) / 2 / sx })) };
  });
  check(bars.runs.length === 35, `found ${bars.runs.length} bars on the canvas`);
  const months = ['Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct'];
  const bar = bars.runs[months.indexOf('Aug') * 5 + 1]; // channels in legend order; Lottery is second
  const before = await page.locator('.chart-box canvas').screenshot();
  await page.mouse.move(bar.cx - 40, bars.baseY - 150);
  await page.mouse.move(bar.cx, bars.baseY - 60, { steps: 6 });
  await sleep(1200);
  const after = await page.locator('.chart-box canvas').screenshot();
  check(!before.equals(after), 'hovering the Lottery / Aug bar draws a tooltip on the canvas');
  await page.locator('.chart-box canvas').screenshot({ path: path.join(ROOT, 'selftest', 'last-tooltip.png') });
  // the tooltip reads "Channel: Lottery / Month: Aug / Income (£): 18420" (see selftest/last-tooltip.png)
  const form = page.locator('fw-income form');
  await form.locator('select[name="channel"]').selectOption('Lottery');
  await form.locator('select[name="month"]').selectOption({ label: 'Aug 2025' });
  await form.locator('input[name="amount"]').fill('18420');
  await form.getByRole('button', { name: 'Add to board pack' }).click();
  await page.getByText('Figure recorded for the board pack.').waitFor({ timeout: 10000 });
  check(true, 'board pack figure submitted');
}

// ------------------------------------------------------------------ job 6: hangar tour booking
async function jobTour(page, base) {
  log('job 6: hangar tour (date picker + combobox)');
  await page.goto(`${base}/hangar-tours`);
  await page.locator('.aa-Input').waitFor();
  await page.locator('fw-tours table tbody tr').first().waitFor();
  await page.locator('.aa-Input').click();
  await page.keyboard.type('Appleby Rot', { delay: 40 });
  const options = page.locator('.aa-Panel .aa-Item');
  await options.first().waitFor();
  const names = await page.locator('.aa-Panel .aa-ItemContentTitle').allInnerTexts();
  check(names.includes('Appleby Rotary Club') && names.includes('Appleby Rotaract Club'), `combobox offers look-alikes: ${names.join(' | ')}`);
  await page.locator('.aa-Panel .aa-Item', { has: page.locator('.aa-ItemContentTitle', { hasText: /^Appleby Rotary Club$/ }) }).click();
  await page.waitForFunction(() => document.querySelector('.aa-Input').value === 'Appleby Rotary Club', null, { timeout: 5000 }).catch(() => {});
  check(await page.locator('.aa-Input').inputValue() === 'Appleby Rotary Club', 'group chosen');
  // calendar: open it from the calendar icon, week beginning Monday 24 November
  await page.locator('igc-date-picker [part="calendar-icon"]').click();
  const names7 = { 24: 'Monday', 25: 'Tuesday', 26: 'Wednesday', 27: 'Thursday', 28: 'Friday' };
  const cell = (d) => page.getByRole('gridcell', { name: `${names7[d]}, ${d} November 2025` });
  await cell(24).waitFor();
  const week = [];
  for (const d of [24, 25, 26, 27, 28]) week.push({ d, disabled: (await cell(d).getAttribute('aria-disabled')) === 'true' });
  const first = week.find((w) => !w.disabled);
  check(first && first.d === 26, `week of 24 Nov: ${week.map((w) => `${w.d}${w.disabled ? ' closed' : ''}`).join(', ')} -> first bookable ${first && first.d}`);
  await cell(first.d).click();
  await sleep(300);
  const form = page.locator('fw-tours form');
  await form.locator('select[name="time"]').selectOption('14:00');
  await form.locator('textarea[name="note"]').fill('Two guests use wheelchairs, please keep the side door open.');
  await form.getByRole('button', { name: 'Book tour' }).click();
  const box = page.locator('fw-tours .confirm-box');
  await box.waitFor({ timeout: 10000 });
  const text = await box.innerText();
  const ref = (/Booking reference:\s*(\S+)/.exec(text) || [])[1];
  check(/Appleby Rotary Club/.test(text) && /Wednesday 26 November 2025/.test(text) && /14:00/.test(text), `confirmation: ${text.replace(/\s+/g, ' ').trim()}`);
  return ref;
}

// ------------------------------------------------------------------ job 7: volunteers removal
async function jobVolunteers(page, base) {
  log('job 7: volunteers (search, paging, row menu, confirm dialog)');
  await page.goto(`${base}/volunteers`);
  await page.locator('fw-volunteers table tbody tr').first().waitFor();
  await page.getByRole('searchbox', { name: 'Search volunteers' }).fill('Pettigr');
  await page.getByText('Showing 1–5 of 5').waitFor({ timeout: 10000 });
  const rows = page.locator('fw-volunteers tbody tr');
  const all = (await rows.allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
  log('   rows:', JSON.stringify(all));
  const target = rows.filter({ hasText: 'Graham Pettigrew' }).filter({ hasText: 'Collection tins' });
  check(await target.count() === 1, 'exactly one Graham Pettigrew doing collection tins');
  await target.getByRole('button', { name: /Actions for/ }).click();
  await target.getByRole('menuitem', { name: 'Remove…' }).click();
  const dlg = page.locator('#confirm-remove');
  await dlg.locator('.modal-body').getByText('Collection tins · Keswick').waitFor();
  await dlg.getByRole('button', { name: 'Remove volunteer' }).click();
  await page.getByText('Graham Pettigrew (Collection tins, Keswick) has been removed.').waitFor({ timeout: 10000 });
  await dlg.waitFor({ state: 'hidden' });
  check(true, 'removed after confirming');
}

async function main() {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  await startServer(port);
  log(`server on ${base} (pid ${server.pid})`);
  await fetch(`${base}/__reset`, { method: 'POST' });

  browser = await chromium.launch({ executablePath: '/usr/lib/chromium/chromium-headless-shell', args: ['--no-sandbox'] });
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, locale: 'en-GB', timezoneId: 'Europe/London' });
  const external = [];
  context.on('request', (req) => {
    const u = new URL(req.url());
    if (u.protocol === 'data:' || u.protocol === 'blob:') return;
    if (u.hostname !== '127.0.0.1') external.push(req.url());
  });
  const page = await context.newPage();
  page.on('pageerror', (e) => log('  pageerror:', e.message));
  page.setDefaultTimeout(15000);

  const answers = {};
  if (want('kit')) answers.kit = await jobKit(page, base);
  if (want('notice')) await jobNotice(page, base);
  if (want('board')) answers.board = await jobBoard(page, base);
  if (want('upload')) answers.upload = await jobUpload(page, base);
  if (want('chart')) await jobChart(page, base);
  if (want('tour')) answers.tour = await jobTour(page, base);
  if (want('volunteers')) await jobVolunteers(page, base);

  const v = await (await fetch(`${base}/__verify`)).json();
  log('verify:', JSON.stringify(Object.fromEntries(Object.entries(v.jobs).map(([k, j]) => [k, j.done]))));
  log('hits:', JSON.stringify(v.hits));
  const expectedHits = {
    kit_register: 'PATCH /api/kit',
    crew_notice: 'PUT /api/notices/winter-ops',
    followups_board: 'POST /api/followups/fu-309/move',
    shop_stock: 'POST /api/stock-imports',
    income_chart: 'POST /api/boardpack',
    hangar_tour: 'POST /api/tours',
    volunteers: 'DELETE /api/volunteers/vol-702',
  };
  const ran = { kit_register: 'kit', crew_notice: 'notice', followups_board: 'board', shop_stock: 'upload', income_chart: 'chart', hangar_tour: 'tour', volunteers: 'volunteers' };
  for (const [job, key] of Object.entries(expectedHits)) {
    if (!want(ran[job])) continue;
    check(v.jobs[job].done === true, `/__verify: ${job} done`);
    check(v.hits[key] === 1, `/__verify: "${key}" hit exactly once (${v.hits[key] || 0})`);
  }
  const wantedKeys = Object.entries(expectedHits).filter(([job]) => want(ran[job])).map(([, k]) => k);
  const extra = Object.keys(v.hits).filter((k) => !wantedKeys.includes(k));
  check(extra.length === 0, `no other mutating calls ${extra.length ? JSON.stringify(extra) : ''}`);
  if (want('kit')) check(answers.kit === v.jobs.kit_register.details.expectedAnswer, `kit answer ${answers.kit}`);
  if (want('board')) check(answers.board === v.jobs.followups_board.details.expectedAnswer, `board answer ${answers.board}`);
  if (want('upload')) check(answers.upload === v.jobs.shop_stock.details.expectedAnswer, `upload answer ${answers.upload}`);
  if (want('tour')) check(!!answers.tour && answers.tour === v.jobs.hangar_tour.details.expectedAnswer, `tour answer ${answers.tour}`);
  check(external.length === 0, `no request left 127.0.0.1 ${external.length ? JSON.stringify(external.slice(0, 5)) : ''}`);
  await browser.close();
  return v;
}

main()
  .catch((e) => { failures++; console.error(e); })
  .finally(async () => {
    try { await browser?.close(); } catch { /* ignore */ }
    stopServer();
    log(failures ? `SELFTEST FAILED (${failures})` : 'SELFTEST PASSED');
    process.exit(failures ? 1 : 0);
  });
