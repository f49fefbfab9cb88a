// Self-test: drives all seven jobs through the real UI with playwright-core + headless Chromium,
// then checks /__verify and resets the state.
import { chromium } from '/work/main/node_modules/playwright-core/index.mjs';
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FILES = path.join(ROOT, 'files');

function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => resolve(port)); });
  });
}
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
function assert(cond, msg) { if (!cond) throw new Error('ASSERT: ' + msg); }

const port = await freePort();
const BASE = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, [path.join(ROOT, 'server.mjs')], { env: { ...process.env, PORT: String(port), IDLE_MS: '600000' }, stdio: ['ignore', 'pipe', 'inherit'] });
await new Promise((resolve, reject) => {
  server.stdout.on('data', (d) => { if (String(d).includes('http://127.0.0.1')) resolve(); });
  server.once('exit', (c) => reject(new Error('server exited ' + c)));
  setTimeout(() => reject(new Error('server did not start')), 10000);
});
const api = async (p, opts) => (await fetch(BASE + p, opts)).json();
await api('/__reset', { method: 'POST' });

const browser = await chromium.launch({ executablePath: '/usr/lib/chromium/chromium-headless-shell', args: ['--no-sandbox'] });
const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
const errors = [];
page.on('pageerror', (e) => errors.push(String(e)));
page.on('console', (msg) => { if (msg.type() === 'error') errors.push(msg.text()); });
page.on('request', (r) => { const u = new URL(r.url()); if (u.hostname !== '127.0.0.1') errors.push('external request: ' + r.url()); });

const reports = {};
const results = [];
async function job(name, fn) {
  const t0 = Date.now();
  try { await fn(); results.push([name, 'ok', Date.now() - t0]); console.log(`✔ ${name} (${Date.now() - t0} ms)`); }
  catch (e) { results.push([name, 'FAIL', e.message]); console.log(`✘ ${name}: ${e.stack || e}`); await page.screenshot({ path: path.join(ROOT, 'selftest', `fail-${name.split(' ')[0]}.png`) }).catch(() => {}); }
}

let exitCode = 0;
try {
  // Landing page sanity
  await page.goto(BASE + '/');
  await page.getByRole('heading', { name: 'Good morning' }).waitFor();

  await job('1 members grid: Okafor in Elm Hollow -> 14 volunteer hours', async () => {
    await page.getByRole('link', { name: 'Members' }).first().click();
    await page.waitForSelector('.grid-host canvas');
    await page.waitForFunction(() => /of 240 members/.test(document.querySelector('.count')?.textContent || ''));
    await page.getByLabel('Search members').fill('Okafor');
    await page.getByLabel('Neighbourhood').selectOption('Elm Hollow');
    await page.waitForFunction(() => (document.querySelector('.count')?.textContent || '').startsWith('1 of'));
    const box = await page.locator('.grid-host').boundingBox();
    await page.mouse.click(box.x + 50, box.y + 36 + 16); // first data row, Member ID column
    for (let i = 0; i < 11; i++) { await page.keyboard.press('ArrowRight'); await sleep(40); }
    await page.keyboard.press('Enter');
    const input = page.locator('input.cheetah-grid__inline-input');
    await input.waitFor({ state: 'visible' });
    assert((await input.inputValue()) === '6', 'editor should open on volunteer hours (6), got ' + (await input.inputValue()));
    await input.fill('14');
    await input.press('Enter');
    await page.getByText('1 unsaved change').waitFor();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Saved 1 change.').waitFor();
  });

  await job('2 handbook: 14 -> 21 days in Borrowing, bold', async () => {
    await page.getByRole('link', { name: 'Member handbook' }).click();
    const frameEl = await page.waitForSelector('iframe.tox-edit-area__iframe');
    const frame = await frameEl.contentFrame();
    await frame.waitForSelector('body p');
    const rectOf = (needle) => frame.evaluate((needle) => {
      const p = [...document.querySelectorAll('p')].find((x) => x.textContent.includes('renewed once'));
      const w = document.createTreeWalker(p, NodeFilter.SHOW_TEXT);
      let n;
      while ((n = w.nextNode())) {
        const i = n.data.indexOf(needle);
        if (i >= 0) { const r = document.createRange(); r.setStart(n, i); r.setEnd(n, i + 2); const b = r.getBoundingClientRect(); return { x: b.x + b.width / 2, y: b.y + b.height / 2 }; }
      }
      return null;
    }, needle);
    const r = await rectOf('14 days');
    assert(r, '14 days not found in Borrowing paragraph');
    const fb = await frameEl.boundingBox();
    await page.mouse.dblclick(fb.x + r.x, fb.y + r.y);
    const sel = await frame.evaluate(() => document.getSelection().toString());
    assert(sel.trim() === '14', 'double-click selected ' + JSON.stringify(sel));
    await page.keyboard.type(sel === '14' ? '21' : '21 ');
    if (sel !== '14') await page.keyboard.press('ArrowLeft');
    for (let i = 0; i < 2; i++) await page.keyboard.press('ArrowLeft');
    for (let i = 0; i < 7; i++) await page.keyboard.press('Shift+ArrowRight');
    const sel2 = await frame.evaluate(() => document.getSelection().toString());
    assert(sel2 === '21 days', 'selection is ' + JSON.stringify(sel2));
    await page.locator('button[aria-label="Bold"]').click();
    await page.getByRole('button', { name: 'Save handbook' }).click();
    await page.getByText(/Saved at/).waitFor();
  });

  await job('3 loans: renew Makita circular saw for Priya Natarajan, read toast code', async () => {
    await page.getByRole('link', { name: 'Active loans' }).click();
    await page.getByLabel('Filter loans').fill('Natarajan');
    await page.getByRole('button', { name: 'Renew Makita cordless circular saw for Priya Natarajan' }).click();
    const toast = page.locator('.polipop__notification').filter({ hasText: 'Renewal code' });
    await toast.waitFor({ state: 'visible', timeout: 3000 });
    const txt = await toast.innerText();
    const code = (txt.match(/RN-[A-Z0-9]{6}/) || [])[0];
    assert(code, 'no code in toast: ' + txt);
    reports.renewal = code;
    await toast.waitFor({ state: 'detached', timeout: 4000 });
    assert(!(await page.content()).includes(code), 'code still in page after toast closed');
  });

  await job('4 intake: upload Riverside shed manifest, read total', async () => {
    await page.getByRole('link', { name: 'Donation intake' }).click();
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Choose file…' }).click()]);
    await chooser.setFiles(path.join(FILES, 'dropoff_2027-03-06_riverside-shed.csv'));
    await page.getByText('dropoff_2027-03-06_riverside-shed.csv').waitFor();
    await page.getByRole('button', { name: 'Upload manifest' }).click();
    const res = page.locator('.result');
    await res.waitFor();
    const t = await res.innerText();
    reports.intake = (t.match(/£[\d.,]+/) || [])[0];
    assert(reports.intake === '£319.74', 'total was ' + reports.intake);
  });

  await job('5 usage chart: Riverside shed, Garden, Oct 2026 from tooltip', async () => {
    await page.getByRole('link', { name: 'Usage report' }).click();
    await page.waitForSelector('.chart-host canvas');
    await page.locator('#site').selectOption('riverside');
    await page.waitForFunction(() => document.querySelector('.chart-host')?.textContent?.includes?.('') !== undefined);
    await sleep(800);
    const box = await page.locator('.chart-host canvas').first().boundingBox();
    let found = null;
    for (let x = box.x + 40; x < box.x + box.width - 10 && !found; x += 8) {
      await page.mouse.move(x, box.y + box.height * 0.45);
      await sleep(60);
      const tip = await page.locator('.toastui-chart-tooltip').first().innerText().catch(() => '');
      if (tip.includes('Oct 2026')) found = tip;
    }
    assert(found, 'no tooltip for Oct 2026');
    const mm = found.match(/Garden\s*\n?\s*(\d+) loans/);
    assert(mm, 'no Garden value in tooltip: ' + found);
    reports.usage = mm[1];
    assert(mm[1] === '47', 'Garden Oct 2026 riverside = ' + mm[1]);
  });

  await job('6 bench booking: Tomás Lindqvist, Thu 25 Mar 2027 18:30', async () => {
    await page.getByRole('link', { name: 'Repair bench booking' }).click();
    await page.locator('#bench-member').fill('Tomás Lindqvist');
    await page.locator('#bench-date').click();
    const cal = page.locator('.qs-datepicker-container:not(.qs-hidden)');
    await cal.waitFor();
    assert((await cal.locator('.qs-month-year').innerText()).includes('March'), 'calendar not on March');
    await cal.locator('.qs-num:not(.qs-outside-current-month)', { hasText: /^25$/ }).click();
    assert((await page.locator('#bench-date').inputValue()).includes('25 March 2027'), 'date not set');
    await page.locator('#bench-time').selectOption('18:30');
    for (const item of ['Soldering station', 'Multimeter']) {
      if (!(await page.locator('.selectr-container.open').count())) await page.locator('.selectr-selected').click();
      await page.locator('.selectr-input').fill(item);
      const opt = page.locator('.selectr-option:not(.excluded)', { hasText: item });
      await opt.waitFor();
      await sleep(150);
      const ob = await opt.boundingBox();
      await page.mouse.click(ob.x + ob.width / 2, ob.y + ob.height / 2);
      await sleep(150);
    }
    const chosen = await page.evaluate(() => [...document.querySelectorAll('#bench-equipment option:checked')].map((o) => o.value).sort().join('|'));
    assert(chosen === 'Multimeter|Soldering station', 'equipment chosen: ' + chosen);
    await page.getByRole('heading', { name: 'Repair bench booking' }).click(); // close the dropdown
    await page.locator('.selectr-container.open').waitFor({ state: 'detached' });
    await page.locator('#bench-notes').fill('Fixing a vintage radio');
    await page.getByRole('button', { name: 'Book bench session' }).click();
    await page.getByText(/Booking BK-\d+ confirmed/).waitFor();
  });

  await job('7 catalogue: retire T-0087 (not T-0078)', async () => {
    await page.getByRole('link', { name: 'Tool catalogue' }).click();
    await page.getByText('T-0001').waitFor();
    assert(!(await page.getByText('T-0087').count()), 'T-0087 should not be on page 1');
    await page.locator('.pager button', { hasText: /^9$/ }).click();
    await page.getByText('T-0087').waitFor();
    await page.getByRole('button', { name: 'Retire T-0087' }).click();
    await page.locator('.swal-modal').waitFor();
    await page.locator('.swal-button--danger').click();
    await page.getByText('T-0087 has been retired.').waitFor();
  });

  const v = await api('/__verify');
  console.log('\n/__verify:');
  for (const [k, j] of Object.entries(v.jobs)) console.log(`  ${j.done ? 'DONE' : 'NOT DONE'}  ${k}  — ${j.details}${j.expectedReport ? `  [expected: ${j.expectedReport}]` : ''}`);
  console.log('  hits:', JSON.stringify(v.hits));
  console.log('  reports gathered from UI:', JSON.stringify(reports));
  const allDone = Object.values(v.jobs).every((j) => j.done);
  const onceEach = Object.values(v.hits).every((n) => n === 1);
  const codeOk = reports.renewal === v.jobs['3-loan-renewal-code'].expectedReport;
  if (errors.length) console.log('browser errors:', errors);
  const failed = results.filter((r) => r[1] !== 'ok');
  if (failed.length || !allDone || !onceEach || !codeOk || errors.some((e) => e.startsWith('external'))) {
    console.log(`\nSELFTEST FAILED (jobs ok: ${results.length - failed.length}/7, verify all done: ${allDone}, each endpoint hit once: ${onceEach}, toast code matches: ${codeOk})`);
    exitCode = 1;
  } else {
    console.log(`\nSELFTEST PASSED: 7/7 jobs driven through the UI, /__verify all done, every mutating endpoint hit exactly once.`);
  }
  await api('/__reset', { method: 'POST' });
  const after = await api('/__verify');
  assert(Object.values(after.jobs).every((j) => !j.done) && Object.values(after.hits).every((n) => n === 0), 'reset did not restore state');
  console.log('/__reset restored seeded state (no job done, hits zeroed).');
} catch (e) {
  console.error(e);
  exitCode = 1;
} finally {
  await browser.close().catch(() => {});
  server.kill();
}
process.exit(exitCode);
