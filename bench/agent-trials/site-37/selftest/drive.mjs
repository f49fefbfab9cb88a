// Self-test for trial site 37: starts its own server on a free port in
// 4950–4999, drives all seven jobs in headless Chromium the way a user would
// (clicks, typing, drag, hover, file upload), checks each answer, checks
// /__verify (every job done, exactly one non-GET call per job) and that no
// request left 127.0.0.1. Exits non-zero on any failure.
import { chromium } from '/work/main/node_modules/playwright-core/index.mjs';
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  seed, TREE_EXPECT, NOTICE_EXPECT, WO_EXPECT, moveRef, UPLOAD_EXPECT, YIELD_EXPECT, BOOKING_EXPECT, bookingRef, MEMBER_EXPECT,
} from '../data.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CHROMIUM = '/usr/lib/chromium/chromium-headless-shell';
const results = [];
const log = (...a) => console.log(...a);

function assert(cond, msg) {
  if (!cond) throw new Error(msg);
}

function portFree(port) {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.once('listening', () => srv.close(() => resolve(true)));
    srv.listen(port, '127.0.0.1');
  });
}

async function findPort() {
  const start = 4950 + Math.floor(Math.random() * 50);
  for (let i = 0; i < 50; i++) {
    const p = 4950 + ((start - 4950 + i) % 50);
    if (await portFree(p)) return p;
  }
  throw new Error('no free port in 4950-4999');
}

async function waitForServer(base, child) {
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) throw new Error('server exited early');
    try {
      const r = await fetch(base + '/__verify');
      if (r.ok) return;
    } catch { /* not yet */ }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

async function step(name, fn) {
  const t0 = Date.now();
  try {
    const answer = await fn();
    results.push({ name, ok: true, answer });
    log(`  ✔ ${name}${answer !== undefined ? ` → ${answer}` : ''} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  } catch (e) {
    results.push({ name, ok: false, error: e.message });
    log(`  ✘ ${name}: ${e.message.split('\n')[0]}`);
  }
}

// Move the keyboard caret inside a textarea to a character offset by using
// Ctrl+Home and arrow keys, then extend the selection with Shift+Arrow.
async function selectInTextarea(page, textarea, start, length) {
  await textarea.click();
  await page.keyboard.press('Control+Home');
  for (let i = 0; i < start; i++) await page.keyboard.press('ArrowRight');
  for (let i = 0; i < length; i++) await page.keyboard.press('Shift+ArrowRight');
}

async function openFromNav(page, label) {
  await page.locator('nav.mainnav a', { hasText: label }).click();
}

// ------------------------------------------------------------------ jobs
async function jobTrees(page) {
  await openFromNav(page, 'Tree register');
  await page.locator('active-table tr', { hasText: 'HV-' }).first().waitFor();
  const filter = page.locator('active-table input.filter-rows-input');
  await filter.click();
  await filter.pressSequentially('Dabinett', { delay: 20 });
  await page.waitForTimeout(400);
  // Read the visible rows and pick the Block C, row 7 Dabinett with the yellow tag.
  const header = await page.locator('active-table tr').first().locator('th, td.cell').allInnerTexts();
  const col = (name) => header.findIndex((h) => h.replace(/\s+/g, ' ').trim() === name);
  const rows = page.locator('active-table tr', { hasText: 'Dabinett' });
  const n = await rows.count();
  let target = null;
  for (let i = 0; i < n; i++) {
    const row = rows.nth(i);
    if (!(await row.isVisible())) continue;
    const cells = (await row.locator('td.cell').allInnerTexts()).map((t) => t.trim());
    if (cells[col('Block')] === 'C' && cells[col('Row')] === '7' && cells[col('Tag')] === 'Yellow') {
      assert(!target, 'more than one matching tree');
      target = { row, cells };
    }
  }
  assert(target, 'tree not found in the register');
  const cellAt = (name) => target.row.locator('td.cell').nth(col(name));
  await cellAt('Tag').scrollIntoViewIfNeeded();
  const y2025 = (await cellAt('Yield 2025 (kg)').innerText()).trim();
  // Status: choose from the cell's own dropdown
  await cellAt('Status').click();
  await page.locator('active-table .cell-dropdown .dropdown-item', { hasText: /^Fell this winter$/ }).click();
  await page.waitForTimeout(200);
  // Field note: replace the text
  await cellAt('Field note').click();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('Canker on main stem', { delay: 15 });
  await page.locator('.trees-page h1').click();
  await page.locator('.trees-page .pill', { hasText: '1 tree changed' }).waitFor({ timeout: 5000 });
  await page.locator('.trees-page button', { hasText: /^Save$/ }).click();
  await page.locator('.trees-page .banner-ok', { hasText: 'Saved 1 tree' }).waitFor({ timeout: 8000 });
  assert(`${y2025}` === String(TREE_EXPECT.yield2025), `2025 yield read ${y2025}, expected ${TREE_EXPECT.yield2025}`);
  return `${y2025} kg`;
}

async function jobNotice(page) {
  await openFromNav(page, 'Notices');
  await page.locator('button.notice-item', { hasText: 'Pressing weekend arrangements' }).filter({ hasText: 'Published' }).click();
  const ta = page.locator('.ot-host textarea');
  await ta.waitFor();
  const text = async () => ta.inputValue();
  // 1. Block B line: Saturday 24 -> Sunday 25
  let v = await text();
  const lineStart = v.indexOf('Block B pickers');
  const at = v.indexOf('Saturday 24', lineStart);
  await selectInTextarea(page, ta, at, 'Saturday 24'.length);
  await page.keyboard.type('Sunday 25', { delay: 15 });
  // 2. bold
  v = await text();
  await selectInTextarea(page, ta, v.indexOf(NOTICE_EXPECT.bold), NOTICE_EXPECT.bold.length);
  await page.locator('.ot-host button[title^="Bold"]').click();
  // 3. italic
  v = await text();
  await selectInTextarea(page, ta, v.indexOf(NOTICE_EXPECT.italic), NOTICE_EXPECT.italic.length);
  await page.locator('.ot-host button[title^="Italic"]').click();
  // 4. link via the toolbar's link button; it selects the "url" placeholder
  v = await text();
  await selectInTextarea(page, ta, v.indexOf(NOTICE_EXPECT.linkText), NOTICE_EXPECT.linkText.length);
  await page.locator('.ot-host button[title="Insert Link"]').click();
  await page.keyboard.type(NOTICE_EXPECT.linkUrl, { delay: 5 });
  v = await text();
  assert(v.includes(`[${NOTICE_EXPECT.linkText}](${NOTICE_EXPECT.linkUrl})`), 'link not in the editor text:\n' + v);
  await page.locator('.notice-editor button', { hasText: /^Save$/ }).click();
  await page.locator('.notice-editor .banner-ok', { hasText: 'saved' }).waitFor({ timeout: 8000 });
}

async function jobWorkOrder(page) {
  await openFromNav(page, 'Work orders');
  const card = page.locator('.wo-column[data-column="in_progress"] .wo-card')
    .filter({ has: page.locator('.wo-loc', { hasText: /^Packing shed$/ }) })
    .filter({ hasText: 'Tomasz' });
  await card.waitFor();
  assert((await card.count()) === 1, 'expected exactly one card');
  const done = page.locator('.wo-column[data-column="done"] .wo-list');
  const from = await card.boundingBox();
  const to = await done.boundingBox();
  await page.mouse.move(from.x + from.width / 2, from.y + 20);
  await page.mouse.down();
  const tx = to.x + to.width / 2;
  const ty = to.y + to.height - 30;
  for (let i = 1; i <= 25; i++) {
    await page.mouse.move(from.x + from.width / 2 + ((tx - from.x - from.width / 2) * i) / 25, from.y + 20 + ((ty - from.y - 20) * i) / 25);
    await page.waitForTimeout(15);
  }
  await page.mouse.up();
  const toast = page.locator('notific8-notification', { hasText: 'Reference' });
  await toast.waitFor({ timeout: 5000 });
  const msg = await toast.innerText();
  const ref = /Reference\s+(MV-[A-Z0-9]+)/.exec(msg)?.[1];
  assert(ref === moveRef(WO_EXPECT.id, WO_EXPECT.to), `toast ref ${ref}`);
  const shownAt = Date.now();
  await toast.waitFor({ state: 'detached', timeout: 6000 }).catch(() => {});
  const gone = !(await page.locator('notific8-notification[open]').count());
  assert(gone, 'toast still open');
  log(`    (toast disappeared after ~${((Date.now() - shownAt) / 1000).toFixed(1)} s)`);
  return ref;
}

async function jobUpload(page) {
  await openFromNav(page, 'Weighbridge intake');
  const chooser = page.waitForEvent('filechooser');
  await page.locator('.govuk-file-upload-button').click();
  const fc = await chooser;
  await fc.setFiles(path.join(ROOT, 'files', UPLOAD_EXPECT.filename));
  await page.locator('.govuk-file-upload-button__status', { hasText: UPLOAD_EXPECT.filename }).waitFor();
  await page.locator('button.govuk-button', { hasText: 'Send to intake' }).click();
  const panel = page.locator('.govuk-panel__title');
  await panel.waitFor({ timeout: 8000 });
  const rows = Number(/(\d+) rows/.exec(await panel.innerText())?.[1]);
  assert(rows === UPLOAD_EXPECT.rows, `rows ${rows}`);
  return `${rows} rows`;
}

async function jobChart(page) {
  await openFromNav(page, 'Weekly yields');
  const canvas = page.locator('.bokeh-host canvas').first();
  await canvas.waitFor({ timeout: 15000 });
  await page.waitForTimeout(800);
  const box = await canvas.boundingBox();
  // Look at the chart like a user: find where the Block C South colour (from
  // the legend) is drawn, then hover along that line and read the tooltips.
  const colour = seed().yields.find((s) => s.name === YIELD_EXPECT.series).color;
  const shot = await page.screenshot({ clip: box });
  // Markers are the places where the series colour forms a tall blob
  // (the line itself is only ~3 px thick): find their centres.
  const markers = await page.evaluate(async ({ b64, colour }) => {
    const img = new Image();
    img.src = 'data:image/png;base64,' + b64;
    await img.decode();
    const c = document.createElement('canvas');
    c.width = img.width; c.height = img.height;
    const ctx = c.getContext('2d');
    ctx.drawImage(img, 0, 0);
    const d = ctx.getImageData(0, 0, c.width, c.height).data;
    const want = [1, 3, 5].map((i) => parseInt(colour.slice(i, i + 2), 16));
    const hit = (x, y) => {
      const k = (y * c.width + x) * 4;
      return Math.abs(d[k] - want[0]) < 16 && Math.abs(d[k + 1] - want[1]) < 16 && Math.abs(d[k + 2] - want[2]) < 16;
    };
    const cols = [];
    for (let x = 0; x < c.width; x++) {
      let best = 0, bestMid = -1, run = 0;
      for (let y = 0; y < c.height; y++) {
        if (hit(x, y)) { run++; if (run > best) { best = run; bestMid = y - Math.floor(run / 2); } } else run = 0;
      }
      cols.push(best >= 6 ? bestMid : -1);
    }
    const out = [];
    for (let x = 0; x < cols.length; x++) {
      if (cols[x] < 0) continue;
      let e = x;
      while (e + 1 < cols.length && cols[e + 1] >= 0) e++;
      const mid = Math.floor((x + e) / 2);
      out.push([mid, cols[mid]]);
      x = e;
    }
    return out;
  }, { b64: shot.toString('base64'), colour });
  assert(markers.length >= 5, 'could not see the series markers: ' + JSON.stringify(markers));
  let reading = null;
  const seen = [];
  for (const [x, y] of markers) {
    await page.mouse.move(box.x + x - 6, box.y + y - 6);
    await page.mouse.move(box.x + x, box.y + y, { steps: 3 });
    let text = '';
    for (let t = 0; t < 30 && (!text || text === seen[seen.length - 1]); t++) {
      await page.waitForTimeout(50);
      const shown = await page.locator('.bk-tooltip-content').evaluateAll((els) =>
        els.filter((e) => e.getClientRects().length > 0).map((e) => e.textContent.replace(/\s+/g, ' ').trim()));
      text = shown.find((x) => x.includes(YIELD_EXPECT.series + ' ')) || '';
    }
    seen.push(text);
    if (/Week: ?40\b/.test(text)) { reading = text; break; }
  }
  assert(reading, 'never saw the week 40 tooltip for ' + YIELD_EXPECT.series + ': ' + JSON.stringify(seen));
  const kg = Number(/Intake: ?([\d,]+) ?kg/.exec(reading)?.[1].replace(/,/g, ''));
  assert(kg === YIELD_EXPECT.kg, `read ${kg} kg from tooltip "${reading}"`);
  await page.locator('.spot-form select[name="series"]').selectOption(YIELD_EXPECT.series);
  await page.locator('.spot-form select[name="week"]').selectOption(String(YIELD_EXPECT.week));
  await page.locator('.spot-form input[name="kg"]').fill(String(kg));
  await page.locator('.spot-form button', { hasText: 'Log spot check' }).click();
  await page.locator('.spot-card .banner-ok', { hasText: 'logged' }).waitFor({ timeout: 8000 });
  return `${kg} kg`;
}

async function jobBooking(page) {
  await openFromNav(page, 'Press bookings');
  await page.locator('#bk-member').fill(BOOKING_EXPECT.member);
  const eq = page.locator('.ta-host input[type="search"]:not([readonly])').last();
  await eq.waitFor();
  await eq.click();
  await eq.pressSequentially('bladder', { delay: 40 });
  await page.locator('.tt-suggestion', { hasText: /^Hydraulic bladder press 90 L$/ }).click();
  assert((await eq.inputValue()) === BOOKING_EXPECT.equipment, 'equipment not chosen');
  // date picker: open, go to November, pick the first Saturday that is not disabled
  await page.locator('.cal-host .datetimepicker-dummy-input').first().click();
  const picker = page.locator('.cal-host .datetimepicker.is-active, .cal-host .datetimepicker-wrapper.is-active').first();
  await picker.waitFor({ timeout: 5000 });
  for (let i = 0; i < 3; i++) {
    const month = (await page.locator('.cal-host .datepicker-nav-month').innerText()).trim();
    if (/November/i.test(month)) break;
    await page.locator('.cal-host .datepicker-nav-next').click();
  }
  const saturdays = page.locator('.cal-host .datepicker-date.is-current-month[data-date*="Sat"]');
  const count = await saturdays.count();
  let picked = null;
  for (let i = 0; i < count; i++) {
    const d = saturdays.nth(i);
    const cls = await d.getAttribute('class');
    if (/is-disabled/.test(cls)) continue;
    picked = d;
    break;
  }
  assert(picked, 'no free Saturday found');
  await picked.locator('button').click();
  await page.locator('.booking-form input[value="Morning"]').check();
  await page.locator('.booking-form button', { hasText: /^Book$/ }).click();
  const refEl = page.locator('.confirm-box .ref');
  await refEl.waitFor({ timeout: 8000 });
  const ref = (await refEl.innerText()).trim();
  assert(ref === bookingRef(BOOKING_EXPECT), `booking ref ${ref}`);
  return ref;
}

async function jobMember(page) {
  await openFromNav(page, 'Members');
  const search = page.locator('#member-search');
  await search.click();
  await search.pressSequentially('Ashworth', { delay: 30 });
  await page.locator('.members-page .result-count', { hasText: 'matching “Ashworth”' }).waitFor({ timeout: 8000 });
  let row = null;
  for (let pageNo = 1; pageNo <= 5 && !row; pageNo++) {
    const rows = page.locator('.members-table tbody tr');
    const n = await rows.count();
    for (let i = 0; i < n; i++) {
      const cells = (await rows.nth(i).locator('td').allInnerTexts()).map((t) => t.trim());
      if (cells[1] === 'Imogen Ashworth-Price' && cells[2] === 'D') { row = rows.nth(i); break; }
    }
    if (!row) {
      const next = page.locator('.pager button', { hasText: 'Next' });
      if (await next.isDisabled()) break;
      const before = await page.locator('.members-page .result-count').innerText();
      await next.click();
      await page.waitForFunction((b) => document.querySelector('.members-page .result-count').textContent !== b, before);
    }
  }
  assert(row, 'member not found');
  await row.locator('button', { hasText: 'Remove' }).click();
  const dialog = page.locator('elix-alert-dialog');
  await dialog.waitFor();
  assert((await dialog.innerText()).includes(MEMBER_EXPECT.id), 'dialog does not name the member');
  await dialog.getByRole('button', { name: 'Remove member' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.locator('.members-page .banner-ok', { hasText: 'was removed' }).waitFor({ timeout: 8000 });
}

// ------------------------------------------------------------------ main
const port = await findPort();
const base = `http://127.0.0.1:${port}`;
log(`Starting server on ${base}`);
const server = spawn(process.execPath, [path.join(ROOT, 'server.mjs')], {
  cwd: ROOT,
  env: { ...process.env, PORT: String(port), IDLE_MS: String(10 * 60 * 1000) },
  stdio: ['ignore', 'pipe', 'pipe'],
});
server.stderr.on('data', (d) => process.stderr.write('[server] ' + d));
let browser;
let exitCode = 1;
const external = [];
try {
  await waitForServer(base, server);
  await fetch(base + '/__reset', { method: 'POST' });
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  page.setDefaultTimeout(10000);
  context.on('request', (r) => {
    const u = r.url();
    if (!u.startsWith(base + '/') && !u.startsWith('data:') && !u.startsWith('blob:') && u !== base) external.push(u);
  });
  page.on('pageerror', (e) => log('    [pageerror]', e.message.split('\n')[0]));
  await page.goto(base + '/');
  await page.locator('.tiles a.tile').first().waitFor();
  const tileCount = await page.locator('.tiles a.tile').count();
  log(`Dashboard shows ${tileCount} page links`);

  await step('1 tree register (grid)', () => jobTrees(page));
  await step('2 notice (markdown editor)', () => jobNotice(page));
  await step('3 work order (kanban + toast)', () => jobWorkOrder(page));
  await step('4 weighbridge upload', () => jobUpload(page));
  await step('5 weekly yields (chart tooltip)', () => jobChart(page));
  await step('6 press booking (date picker + combobox)', () => jobBooking(page));
  await step('7 member removal (confirm dialog)', () => jobMember(page));

  const verify = await (await fetch(base + '/__verify')).json();
  const expectedHits = {
    'PATCH /api/trees': 1,
    [`PUT /api/notices/${NOTICE_EXPECT.id}`]: 1,
    [`POST /api/work-orders/${WO_EXPECT.id}/move`]: 1,
    'POST /api/intake/uploads': 1,
    'POST /api/yield-checks': 1,
    'POST /api/bookings': 1,
    [`DELETE /api/members/${MEMBER_EXPECT.id}`]: 1,
  };
  await step('/__verify: all seven jobs done', async () => {
    const notDone = Object.entries(verify.jobs).filter(([, j]) => !j.done).map(([k, j]) => `${k} ${JSON.stringify(j.details)}`);
    assert(Object.keys(verify.jobs).length === 7, 'expected 7 jobs');
    assert(notDone.length === 0, 'not done: ' + notDone.join('; '));
  });
  await step('/__verify: exactly one non-GET call per job', async () => {
    assert(JSON.stringify(Object.entries(verify.hits).sort()) === JSON.stringify(Object.entries(expectedHits).sort()), 'hits ' + JSON.stringify(verify.hits));
  });
  await step('no request left 127.0.0.1', async () => {
    assert(external.length === 0, external.join(', '));
  });
  const failed = results.filter((r) => !r.ok);
  log(failed.length ? `\nSELFTEST FAILED (${failed.length} of ${results.length} checks)` : `\nSELFTEST PASSED (${results.length} checks)`);
  exitCode = failed.length ? 1 : 0;
} catch (e) {
  log('SELFTEST ERROR', e.stack || e.message);
  exitCode = 1;
} finally {
  if (browser) await browser.close().catch(() => {});
  server.kill('SIGTERM');
}
process.exit(exitCode);
