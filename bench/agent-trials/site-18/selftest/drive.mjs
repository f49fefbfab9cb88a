// Self-test: starts the server on a spare port, drives all 7 jobs through the real UI
// with Playwright, then checks /__verify and ANSWERS.md.
import { spawn } from 'node:child_process';
import net from 'node:net';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PW = process.env.PLAYWRIGHT_CORE || '/work/main/node_modules/playwright-core/index.mjs';
const CHROMIUM = process.env.CHROMIUM || '/usr/lib/chromium/chromium-headless-shell';
const { chromium } = await import(PW);

function fail(msg) { throw new Error(msg); }
function sparePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => { const p = s.address().port; s.close(() => resolve(p)); });
    s.on('error', reject);
  });
}

// ---- expected answers from ANSWERS.md ----
const answersMd = fs.readFileSync(path.join(ROOT, 'ANSWERS.md'), 'utf8');
const expected = {};
for (const sec of answersMd.split(/^## /m).slice(1)) {
  const n = /^(\d+)\./.exec(sec)?.[1];
  const v = /\*\*Reported value:\*\* `([^`]+)`/.exec(sec)?.[1];
  if (n && v) expected[n] = v;
}

const port = await sparePort();
const BASE = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, [path.join(ROOT, 'server.mjs')], { env: { ...process.env, PORT: String(port), IDLE_MS: '600000' }, stdio: ['ignore', 'pipe', 'inherit'] });
await new Promise((resolve, reject) => {
  const t = setTimeout(() => reject(new Error('server did not start')), 10000);
  server.stdout.on('data', (d) => { if (String(d).includes('http://127.0.0.1')) { clearTimeout(t); resolve(); } });
  server.on('exit', (c) => reject(new Error('server exited ' + c)));
});

const problems = [];
const reported = {};
let browser;
try {
  await fetch(`${BASE}/__reset`, { method: 'POST' });
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  const context = await browser.newContext({ viewport: { width: 1366, height: 860 } });
  const page = await context.newPage();
  page.setDefaultTimeout(15000);
  page.on('pageerror', (e) => problems.push('pageerror: ' + e.message));
  page.on('requestfailed', (r) => problems.push(`request failed: ${r.method()} ${r.url()} ${r.failure()?.errorText}`));
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (!['data:', 'blob:'].includes(u.protocol) && u.hostname !== '127.0.0.1') problems.push('off-site request: ' + r.url());
  });
  page.on('console', (m) => { if (m.type() === 'error') console.log('  [console error]', m.text()); });
  const nav = async (label) => { await page.locator('.sidebar nav a', { hasText: label }).click(); };

  await page.goto(BASE + '/');
  await page.locator('.kpi-value').first().waitFor();

  // ---------- Job 1: members grid ----------
  console.log('job 1: members grid');
  await nav('Members');
  await page.locator('.dg-row').first().waitFor();
  await page.locator('input[type=search]').fill('Marsh');
  await page.waitForFunction(() => document.querySelectorAll('.dg-row').length < 12);
  const idx = await page.evaluate(() => {
    const rows = [...document.querySelectorAll('.dg-row')].map((r) => ({ i: r.dataset.index, c: [...r.children].map((c) => c.textContent) }));
    const hit = rows.filter((r) => r.c[1] === 'Imogen' && r.c[2] === 'Marsh' && r.c[13] === 'Ashworth Yard' && r.c[14] === 'Lead');
    return hit.length === 1 ? hit[0].i : null;
  });
  if (idx == null) fail('job 1: target row not found uniquely');
  const cell = (n) => page.locator(`.dg-row[data-index="${idx}"] > .dg-cell:nth-child(${n})`);
  await cell(4).dblclick();
  await page.locator('select.cell-editor').selectOption('Off-peak monthly');
  await page.waitForFunction(() => !document.querySelector('.cell-editor'));
  await page.locator('.dg-scroller').evaluate((el) => { el.scrollLeft = el.scrollWidth; });
  await page.waitForTimeout(400);
  await cell(13).dblclick();
  await page.locator('input.cell-editor').fill('C-14');
  await page.locator('input.cell-editor').press('Enter');
  await page.locator('.dirty-label', { hasText: '2 unsaved changes' }).waitFor();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await page.locator('.save-status', { hasText: 'Saved 2 changes.' }).waitFor();
  reported[1] = (await cell(1).textContent()).trim();

  // ---------- Job 2: rich-text notices ----------
  console.log('job 2: notices editor');
  await nav('Notices');
  const para = page.locator('.editor-content p', { hasText: 'Ashworth Yard: auto-belays' });
  await para.waitFor();
  const selectText = async (prefix, phrase) => {
    await page.evaluate(([prefix, phrase]) => {
      const p = [...document.querySelectorAll('.editor-content p')].find((x) => x.textContent.startsWith(prefix));
      const w = document.createTreeWalker(p, NodeFilter.SHOW_TEXT);
      let n;
      while ((n = w.nextNode())) {
        const i = n.data.indexOf(phrase);
        if (i >= 0) { document.getSelection().setBaseAndExtent(n, i, n, i + phrase.length); return; }
      }
      throw new Error('phrase not found: ' + phrase);
    }, [prefix, phrase]);
    await page.waitForTimeout(150);
  };
  await para.click();
  await selectText('Ashworth Yard:', 'Monday');
  await page.keyboard.type('Thursday');
  await page.waitForTimeout(150);
  await selectText('Ashworth Yard:', 'Thursday');
  await page.getByRole('button', { name: 'B', exact: true }).click();
  await page.waitForTimeout(150);
  await selectText('Ashworth Yard:', 'incident log');
  await page.getByRole('button', { name: '🔗 Link' }).click();
  await page.locator('.link-bar input').fill('https://intranet.cruxline.example/incidents');
  await page.locator('.link-bar').getByRole('button', { name: 'Apply' }).click();
  await page.locator('.editor-content p a', { hasText: 'incident log' }).waitFor();
  await page.getByRole('button', { name: 'Save document' }).click();
  await page.locator('.save-status', { hasText: 'Saved.' }).waitFor();

  // ---------- Job 3: courses toast ----------
  console.log('job 3: courses toast');
  await nav('Courses');
  await page.locator('.card').first().waitFor();
  const card = page.locator('.card')
    .filter({ has: page.locator('h3', { hasText: /^Lead Climbing Skills$/ }) })
    .filter({ has: page.locator('.card-centre', { hasText: /^Kelsall Quay$/ }) });
  if ((await card.count()) !== 1) fail('job 3: card not unique');
  await card.getByRole('button', { name: 'Hold a place' }).click();
  const toast = page.locator('.jq-toast-single').first();
  await toast.waitFor();
  reported[3] = /HLD-[A-Z0-9]+/.exec(await toast.textContent())?.[0];
  await page.waitForTimeout(2600);
  if (await page.locator('.jq-toast-single:visible').count()) problems.push('job 3: toast did not disappear');

  // ---------- Job 4: upload ----------
  console.log('job 4: upload');
  await nav('Rope inspections');
  await page.locator('.drop-zone input[type=file]').setInputFiles(path.join(ROOT, 'files/rope-log-kelsall-quay-2027-04.csv'));
  await page.locator('.result-head').waitFor();
  reported[4] = (await page.locator('.upload-result .kpi', { hasText: 'Metres to retire' }).locator('.kpi-value').textContent()).trim();

  // ---------- Job 5: chart hover ----------
  console.log('job 5: chart');
  await nav('Check-ins');
  await page.locator('.chart-box canvas').first().waitFor();
  await page.waitForFunction(() => !document.querySelector('.toolbar .muted')?.textContent);
  const resp = page.waitForResponse((r) => r.url().includes('/api/checkins?centre=KST'));
  await page.locator('.toolbar select').selectOption({ label: 'Kelso Street' });
  await resp;
  await page.waitForTimeout(300);
  const box = await page.locator('.chart-box').boundingBox();
  const target = '2027-04-03';
  const MON = { Jan: 1, Feb: 2, Mar: 3, Apr: 4, May: 5 };
  const legendAt = async (x) => {
    await page.mouse.move(x, box.y + box.height / 2);
    await page.waitForTimeout(80);
    const t = await page.locator('.chart-legend').textContent();
    const m = /(\d+) (\w{3}) (\d{4})/.exec(t);
    return m ? { iso: `${m[3]}-${String(MON[m[2]]).padStart(2, '0')}-${m[1].padStart(2, '0')}`, text: t } : null;
  };
  let lo = box.x + 2, hi = box.x + box.width - 70, found = null;
  for (let k = 0; k < 30 && !found; k++) {
    const mid = (lo + hi) / 2;
    const r = await legendAt(mid);
    if (!r) { hi = mid; continue; }
    if (r.iso === target) found = r;
    else if (r.iso < target) lo = mid; else hi = mid;
  }
  if (!found) fail('job 5: could not hover the target day');
  reported[5] = /Juniors: (\d+)/.exec(found.text)?.[1];
  await page.mouse.move(5, 5);

  // ---------- Job 6: group booking ----------
  console.log('job 6: booking');
  await nav('Group bookings');
  await page.locator('.vscomp-toggle-button').waitFor();
  await page.locator('.vscomp-toggle-button').click();
  await page.locator('.vscomp-search-input').fill('St Agnes');
  await page.locator('.vscomp-option', { hasText: "St Agnes' Primary School (Kelso)" }).click();
  await page.locator('select[name=centre]').selectOption({ label: 'Kelso Street' });
  await page.locator('input[name=date]').click();
  const picker = page.locator('.datepicker-container:visible');
  await picker.waitFor();
  await picker.locator('[data-view="month next"]').click();
  await picker.locator('[data-view="month current"]', { hasText: 'May' }).waitFor().catch(() => {});
  await picker.locator('li[data-view="day"]:not(.muted)', { hasText: /^4$/ }).click();
  const dateVal = await page.locator('input[name=date]').inputValue();
  if (dateVal !== '04/05/2027') fail('job 6: date picked is ' + dateVal);
  await page.locator('input[name=time]').fill('10:30');
  const handle = page.locator('.noUi-handle');
  await handle.focus();
  for (let i = 0; i < 13; i++) await handle.press('ArrowRight');
  const size = (await page.locator('.form label', { hasText: 'Group size' }).locator('strong').textContent()).trim();
  if (size !== '28') fail('job 6: slider at ' + size);
  await page.locator('textarea[name=note]').fill('Year 5 class, two adults with them');
  await page.getByRole('button', { name: 'Create booking' }).click();
  await page.locator('.success-panel .ref').waitFor();
  reported[6] = (await page.locator('.success-panel .ref').textContent()).trim();

  // ---------- Job 7: delete route ----------
  console.log('job 7: routes');
  await nav('Routes');
  await page.locator('table.routes tbody tr td strong').first().waitFor();
  await page.locator('input[type=search]').fill('Crimson Tide');
  await page.locator('.toolbar .muted', { hasText: 'of 13 routes' }).waitFor();
  const findRow = () => page.locator('table.routes tbody tr').filter({ has: page.locator('td:nth-child(1)', { hasText: /^Crimson Tide$/ }) })
    .filter({ has: page.locator('td:nth-child(2)', { hasText: /^6c$/ }) }).filter({ has: page.locator('td:nth-child(3)', { hasText: /^Ashworth Yard$/ }) });
  if (await findRow().count()) fail('job 7: target unexpectedly on page 1');
  await page.getByRole('button', { name: 'Next ›' }).click();
  await page.locator('.toolbar .muted', { hasText: 'Showing 11–13' }).waitFor();
  if ((await findRow().count()) !== 1) fail('job 7: target row not unique on page 2');
  await findRow().getByRole('button', { name: 'Delete' }).click();
  await page.locator('.jBox-Confirm-button-submit', { hasText: 'Delete route' }).click();
  await page.locator('.flash', { hasText: 'Deleted Crimson Tide' }).waitFor();
  await page.locator('.toolbar .muted', { hasText: 'of 12 routes' }).waitFor();

  await page.waitForTimeout(500);
  // ---------- verify ----------
  const v = await (await fetch(`${BASE}/__verify`)).json();
  for (const [job, r] of Object.entries(v.jobs)) {
    console.log(`  ${r.done ? 'DONE' : 'NOT DONE'}  ${job}`);
    if (!r.done) problems.push(`job ${job} not done: ${JSON.stringify(r.details).slice(0, 600)}`);
  }
  const wantHits = ['PATCH /api/members', 'PUT /api/documents/weekly-notices', 'POST /api/sessions/s112/hold', 'POST /api/inspections/upload', 'POST /api/group-bookings', 'DELETE /api/routes/r1242'];
  for (const k of wantHits) if (v.hits[k] !== 1) problems.push(`hits[${k}] = ${v.hits[k]} (want 1)`);
  for (const k of Object.keys(v.hits)) if (!wantHits.includes(k)) problems.push(`unexpected mutating hit: ${k} x${v.hits[k]}`);
  console.log('  hits:', JSON.stringify(v.hits));
  for (const n of Object.keys(expected)) {
    const ok = reported[n] === expected[n];
    console.log(`  job ${n} reported ${JSON.stringify(reported[n])} expected ${JSON.stringify(expected[n])} ${ok ? 'OK' : 'MISMATCH'}`);
    if (!ok) problems.push(`job ${n}: reported ${reported[n]} but ANSWERS.md says ${expected[n]}`);
  }
  for (const n of Object.keys(reported)) if (!(n in expected)) problems.push(`job ${n}: no expected value in ANSWERS.md`);
} catch (e) {
  problems.push('exception: ' + (e.stack || e.message));
} finally {
  if (browser) await browser.close().catch(() => {});
  server.kill();
}

if (problems.length) {
  console.error('\nSELFTEST FAILED:\n - ' + problems.join('\n - '));
  process.exit(1);
}
console.log('\nSELFTEST PASSED: all 7 jobs done, each mutating endpoint hit once, answers match ANSWERS.md, no page errors or off-site requests.');
