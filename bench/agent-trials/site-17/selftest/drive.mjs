// Self-test: starts the server on a spare port and drives every job through the real UI with Playwright.
import { spawn } from 'node:child_process';
import net from 'node:net';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PW = process.env.PLAYWRIGHT_CORE || '/work/main/node_modules/playwright-core/index.mjs';
const CHROMIUM = process.env.CHROMIUM || '/usr/lib/chromium/chromium-headless-shell';
const { chromium } = await import(pathToFileURL(PW).href);

const log = (...a) => console.log('[selftest]', ...a);
const failures = [];
const fail = (msg) => { failures.push(msg); console.error('[selftest] FAIL:', msg); };

function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => { const p = s.address().port; s.close(() => resolve(p)); });
  });
}

const port = await freePort();
const BASE = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, [path.join(ROOT, 'server.mjs')], { cwd: ROOT, env: { ...process.env, PORT: String(port), IDLE_MS: '900000' }, stdio: ['ignore', 'pipe', 'pipe'] });
server.stdout.on('data', () => {});
server.stderr.on('data', (d) => process.stderr.write('[server] ' + d));
let browser;

async function waitForServer() {
  for (let i = 0; i < 100; i++) {
    try { const r = await fetch(BASE + '/'); if (r.ok) return; } catch { /* not yet */ }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

function expectedAnswers() {
  const md = fs.readFileSync(path.join(ROOT, 'ANSWERS.md'), 'utf8');
  const out = {};
  for (const m of md.matchAll(/^## Job (\d)[^\n]*\n([\s\S]*?)(?=^## |(?![\s\S]))/gm)) {
    const r = /\*\*Report:\*\* `([^`]+)`/.exec(m[2]);
    if (r) out[m[1]] = r[1];
  }
  return out;
}

const reported = {};
async function step(n, name, fn) {
  const t0 = Date.now();
  try {
    await fn();
    log(`job ${n} (${name}) driven in ${Date.now() - t0} ms${reported[n] !== undefined ? ` -> reported "${reported[n]}"` : ''}`);
  } catch (e) {
    fail(`job ${n} (${name}) threw: ${e.stack || e.message}`);
  }
}

try {
  await waitForServer();
  await fetch(BASE + '/__reset', { method: 'POST' });
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  page.setDefaultTimeout(15000);
  page.on('pageerror', (e) => fail(`pageerror: ${e.message}`));
  page.on('requestfailed', (r) => fail(`request failed: ${r.method()} ${r.url()} ${r.failure()?.errorText}`));
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (u.protocol === 'data:' || u.protocol === 'blob:') return;
    if (u.hostname !== '127.0.0.1' || u.port !== String(port)) fail(`off-site request: ${r.url()}`);
  });
  page.on('response', (r) => { if (r.status() >= 400) fail(`HTTP ${r.status()} for ${r.request().method()} ${r.url()}`); });

  const nav = async (label) => {
    await page.locator('.side-nav a', { hasText: label }).first().click();
  };
  await page.goto(BASE + '/');
  await page.locator('.stat').first().waitFor();

  // ---- Job 1: sailings grid ----
  await step(1, 'sailings grid', async () => {
    await nav('Sailings');
    await page.locator('.sailings-grid .ag-center-cols-container .ag-row').first().waitFor();
    await page.fill('input.quick', '18 Mar 2027 16:15');
    await page.waitForTimeout(400);
    const rows = page.locator('.sailings-grid .ag-center-cols-container .ag-row');
    const n = await rows.count();
    let rowIndex = null;
    for (let i = 0; i < n; i++) {
      const r = rows.nth(i);
      const route = (await r.locator('[col-id="route"]').textContent()).trim();
      const dep = (await r.locator('[col-id="depart"]').textContent()).trim();
      const date = (await r.locator('[col-id="dateLabel"]').textContent()).trim();
      if (route === 'Skerrow Quay – Anvil Harbour' && dep === '16:15' && date === 'Thu 18 Mar 2027') rowIndex = await r.getAttribute('row-index');
    }
    if (rowIndex === null) throw new Error('target sailing row not found');
    const row = page.locator(`.sailings-grid .ag-center-cols-container .ag-row[row-index="${rowIndex}"]`);
    const box = await page.locator('.sailings-grid .ag-body').boundingBox();
    await page.mouse.move(box.x + box.width / 2, box.y + 60);
    for (let i = 0; i < 20 && !(await row.locator('[col-id="freight"]').count()); i++) {
      await page.mouse.wheel(500, 0);
      await page.waitForTimeout(150);
    }
    const status = row.locator('[col-id="status"]');
    await status.scrollIntoViewIfNeeded();
    await status.dblclick();
    await status.locator('.ag-picker-field-wrapper').click();
    await page.locator('.ag-select-list .ag-list-item', { hasText: 'Delayed' }).first().click();
    await page.waitForTimeout(200);
    if ((await status.textContent()).trim() !== 'Delayed') {
      await page.keyboard.press('Enter');
      await page.waitForTimeout(200);
    }
    if ((await status.textContent()).trim() !== 'Delayed') throw new Error('status cell not set');
    const freight = row.locator('[col-id="freight"]');
    await freight.dblclick();
    const input = freight.locator('input');
    await input.fill('14');
    await page.keyboard.press('Enter');
    await page.waitForTimeout(200);
    if ((await freight.textContent()).trim() !== '14') throw new Error('freight cell not set');
    reported[1] = (await row.locator('[col-id="master"]').textContent()).trim();
    await page.click('button.save');
    await page.locator('.msg .alert-ok').waitFor();
  });

  // ---- Job 2: rich-text notice ----
  await step(2, 'notice editor', async () => {
    await nav('Passenger notices');
    const ed = page.locator('.trumbowyg-editor');
    await ed.waitFor();
    await page.waitForFunction(() => document.querySelector('.trumbowyg-editor')?.textContent.includes('Pier 2'));
    const select = (paraIndex, text) => page.evaluate(([pi, t]) => {
      const edEl = document.querySelector('.trumbowyg-editor');
      edEl.focus();
      const p = edEl.querySelectorAll('p')[pi];
      const walker = document.createTreeWalker(p, NodeFilter.SHOW_TEXT);
      let node;
      while ((node = walker.nextNode())) {
        const i = node.data.indexOf(t);
        if (i !== -1) {
          const r = document.createRange();
          r.setStart(node, i);
          r.setEnd(node, i + t.length);
          const sel = window.getSelection();
          sel.removeAllRanges();
          sel.addRange(r);
          return true;
        }
      }
      return false;
    }, [paraIndex, text]);
    const paras = await ed.locator('p').allTextContents();
    const target = paras.findIndex((t) => t.includes('Skerrow North') && t.includes('weekdays'));
    if (target < 0) throw new Error('target sentence not found');
    if (!(await select(target, 'Pier 2'))) throw new Error('could not select Pier 2');
    await page.keyboard.type('Pier 4');
    if (!(await select(target, 'Pier 4'))) throw new Error('could not select Pier 4');
    await page.click('.trumbowyg-strong-button');
    const last = paras.findIndex((t) => t.includes('subject to tide'));
    if (!(await select(last, 'subject to tide'))) throw new Error('could not select subject to tide');
    await page.click('.trumbowyg-em-button');
    if (!(await select(last, 'timetable page'))) throw new Error('could not select timetable page');
    await page.click('.trumbowyg-link-button');
    await page.locator('.trumbowyg-dropdown-link button', { hasText: 'Insert link' }).click();
    const modal = page.locator('.trumbowyg-modal-box');
    await modal.waitFor();
    await modal.locator('input[name="url"]').fill('https://kestrel-isles.example/timetable');
    await modal.locator('.trumbowyg-modal-submit').click();
    await page.waitForTimeout(300);
    await page.click('button.save-notice');
    await page.locator('.save-msg .ok').waitFor();
  });

  // ---- Job 3: crew gangway PIN toast ----
  await step(3, 'crew PIN toast', async () => {
    await nav('Crew');
    await page.locator('.crew-card').first().waitFor();
    const cards = page.locator('.crew-card').filter({ has: page.locator('h3', { hasText: /^Fiona MacLeod$/ }) }).filter({ has: page.locator('dd', { hasText: /^Skerrow North$/ }) });
    if ((await cards.count()) !== 1) throw new Error(`expected one matching card, got ${await cards.count()}`);
    await cards.locator('button.issue-pin').click();
    const msg = page.locator('.notyf__message');
    await msg.first().waitFor({ timeout: 5000 });
    const text = await msg.first().textContent();
    const m = /:\s*(\d{3} \d{3})/.exec(text);
    if (!m) throw new Error('no PIN in toast: ' + text);
    reported[3] = m[1];
    await page.waitForTimeout(2600);
    if (await page.locator('.notyf__toast').count()) {
      const vis = await page.locator('.notyf__toast').first().isVisible();
      if (vis) throw new Error('toast did not disappear');
    }
  });

  // ---- Job 4: manifest upload ----
  await step(4, 'manifest upload', async () => {
    await nav('Manifests');
    await page.locator('.manifest-drop .dz-message').waitFor();
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.click('.manifest-drop')]);
    await chooser.setFiles(path.join(ROOT, 'files', 'manifest-SKN-2027-03-18-0740.csv'));
    const fares = page.locator('.result .fares');
    await fares.waitFor();
    reported[4] = (await fares.textContent()).trim();
  });

  // ---- Job 5: report chart tooltip ----
  await step(5, 'report chart', async () => {
    await nav('Reports');
    await page.locator('select.route option').nth(1).waitFor({ state: 'attached' });
    await page.locator('.chart-wrap:not(.is-loading) canvas').waitFor();
    const resp = page.waitForResponse((r) => r.url().includes('/api/reports/weekly?route=SKN-ANP'));
    await page.selectOption('select.route', { label: 'Skerrow North – Anvil Point' });
    await resp;
    await page.locator('.chart-wrap:not(.is-loading)').waitFor();
    await page.waitForTimeout(600);
    const box = await page.locator('.chart-wrap canvas').boundingBox();
    let value = null;
    for (let x = box.x + 5; x < box.x + box.width && value === null; x += 8) {
      await page.mouse.move(x, box.y + box.height / 2);
      await page.waitForTimeout(30);
      const tip = page.locator('.chart-tip');
      if (!(await tip.count())) continue;
      const title = (await tip.locator('.tip-title').textContent()).trim();
      if (title.startsWith('Week 7 ·')) {
        const line = await tip.locator('div', { hasText: /^Cars:/ }).first().textContent();
        value = line.replace(/^Cars:\s*/, '').trim();
      }
    }
    if (value === null) throw new Error('tooltip for week 7 never appeared');
    reported[5] = value;
  });

  // ---- Job 6: freight booking form ----
  await step(6, 'freight booking', async () => {
    await nav('Freight bookings');
    await page.locator('a', { hasText: 'New freight booking' }).click();
    await page.locator('.selectize-control .selectize-input').waitFor();
    await page.locator('#route option').nth(1).waitFor({ state: 'attached' });
    await page.click('.selectize-control .selectize-input');
    await page.keyboard.type('MacAskill', { delay: 40 });
    await page.locator('.selectize-dropdown .option', { hasText: /^MacAskill Haulage — Mallaig$/ }).click();
    await page.selectOption('#route', { label: 'Skerrow Quay – Fennick' });
    await page.click('#sailing-date');
    const dp = page.locator('#ui-datepicker-div');
    await dp.waitFor();
    for (let i = 0; i < 12 && (await dp.locator('.ui-datepicker-title').textContent()).replace(/\s+/g, ' ').trim() !== 'April 2027'; i++) {
      await dp.locator('.ui-datepicker-next').click();
    }
    await dp.locator('td:not(.ui-datepicker-other-month) a', { hasText: /^7$/ }).click();
    const shown = await page.inputValue('#sailing-date');
    if (shown !== 'Wed 7 Apr 2027') throw new Error('date shows ' + shown);
    await page.fill('#arrival', '06:45');
    await page.fill('#note', 'Two refrigerated trailers');
    await page.click('button[type=submit]');
    const ref = page.locator('.confirmation .ref');
    await ref.waitFor();
    reported[6] = (await ref.textContent()).trim();
  });

  // ---- Job 7: delete a season ticket ----
  await step(7, 'season ticket delete', async () => {
    await nav('Season tickets');
    await page.locator('table.tickets tbody tr td').nth(1).waitFor();
    await page.fill('input.q', 'Drummond');
    const resp = page.waitForResponse((r) => r.url().includes('/api/season-tickets?q=Drummond'));
    await page.click('.search-form button');
    await resp;
    let target = null;
    for (let pg = 0; pg < 5 && !target; pg++) {
      await page.locator('table.tickets tbody tr td').nth(1).waitFor();
      await page.waitForFunction(() => !document.querySelector('table.tickets tbody')?.textContent.includes('Loading'));
      const rows = page.locator('table.tickets tbody tr');
      const n = await rows.count();
      for (let i = 0; i < n; i++) {
        const tds = await rows.nth(i).locator('td').allTextContents();
        if (tds[1] === 'Ewan Drummond' && tds[2] === 'Skerrow North') target = rows.nth(i);
      }
      if (!target) {
        const r2 = page.waitForResponse((r) => r.url().includes('/api/season-tickets?'));
        await page.locator('.pager a', { hasText: 'Next' }).click();
        await r2;
      }
    }
    if (!target) throw new Error('ticket not found');
    await target.locator('button.del').click();
    const dlg = page.locator('.ui-dialog');
    await dlg.waitFor();
    await dlg.locator('.ui-dialog-buttonpane button', { hasText: /^Delete$/ }).click();
    await page.locator('.flash .alert-ok').waitFor();
  });

  await page.waitForTimeout(300);

  // ---- verify ----
  const v = await (await fetch(BASE + '/__verify')).json();
  for (const [job, r] of Object.entries(v.jobs)) {
    if (!r.done) fail(`job ${job} not done: ${JSON.stringify(r.details).slice(0, 600)}`);
    else log(`verify: ${job} done`);
  }
  const expectedHits = [
    'POST /api/sailings/bulk-update',
    'PUT /api/notices/spring-timetable',
    'POST /api/crew/C06/gangway-pin',
    'POST /api/manifests',
    'POST /api/freight-bookings',
    'DELETE /api/season-tickets/ST-10754',
  ];
  for (const k of expectedHits) if (v.hits[k] !== 1) fail(`hits["${k}"] = ${v.hits[k]} (want 1)`);
  for (const k of Object.keys(v.hits)) if (!expectedHits.includes(k)) fail(`unexpected mutating hit: ${k} x${v.hits[k]}`);
  log('hits:', JSON.stringify(v.hits));

  const exp = expectedAnswers();
  for (const n of Object.keys(exp)) {
    if (reported[n] !== exp[n]) fail(`job ${n} reported "${reported[n]}" but ANSWERS.md says "${exp[n]}"`);
    else log(`answer job ${n}: "${reported[n]}" matches ANSWERS.md`);
  }
  if (Object.keys(exp).length !== 5) fail(`expected 5 reported answers in ANSWERS.md, found ${Object.keys(exp).length}`);
} catch (e) {
  fail(e.stack || e.message);
} finally {
  if (browser) await browser.close().catch(() => {});
  server.kill('SIGTERM');
}

if (failures.length) {
  console.error(`\n[selftest] ${failures.length} failure(s)`);
  console.log(`0 passed, ${failures.length} failed`);
  process.exit(1);
}
console.log('[selftest] all 7 jobs driven through the UI and verified');
console.log('7 passed, 0 failed');
