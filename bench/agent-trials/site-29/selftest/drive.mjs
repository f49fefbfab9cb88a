// Drives all seven jobs in headless Chromium and checks /__verify.
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PW = process.env.PLAYWRIGHT_CORE || '/work/main/node_modules/playwright-core/index.mjs';
const CHROME = process.env.CHROMIUM || '/usr/lib/chromium/chromium-headless-shell';
const { chromium } = await import(PW);

async function freePort() {
  for (let p = 4900 + Math.floor(Math.random() * 90); p < 5000; p++) {
    const ok = await new Promise((r) => { const s = net.createServer(); s.once('error', () => r(false)); s.listen(p, '127.0.0.1', () => s.close(() => r(true))); });
    if (ok) return p;
  }
  throw new Error('no free port');
}
const port = await freePort();
const BASE = `http://127.0.0.1:${port}`;
const srv = spawn(process.execPath, ['server.mjs'], { cwd: ROOT, env: { ...process.env, PORT: String(port), IDLE_MS: '600000' }, stdio: ['ignore', 'pipe', 'inherit'] });
await new Promise((r) => srv.stdout.once('data', r));
const results = [];
const step = async (name, fn) => { const t = Date.now(); try { const v = await fn(); results.push([name, 'ok', v]); console.log(`ok   ${name} (${Date.now() - t} ms) ${v ?? ''}`); } catch (e) { results.push([name, 'FAIL']); console.log(`FAIL ${name}: ${e.stack || e}`); } };

const browser = await chromium.launch({ executablePath: CHROME, args: ['--no-sandbox'] });
const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
const external = [];
page.on('request', (r) => { const u = r.url(); if (!u.startsWith(BASE) && !u.startsWith('data:') && !u.startsWith('blob:')) external.push(u); });
page.on('pageerror', (e) => console.log('pageerror:', e.message));
await fetch(`${BASE}/__reset`, { method: 'POST' });

await step('dashboard links', async () => {
  await page.goto(BASE + '/');
  await page.getByRole('link', { name: 'Hive register' }).first().waitFor();
  return (await page.locator('main a[data-nav]').count()) + ' links';
});

let insurance;
await step('1 grid', async () => {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Hive register' }).click();
  await page.locator('.dx-datagrid-search-panel input').fill('Ida');
  await page.waitForTimeout(1200);
  const row = page.locator('.dx-data-row').filter({ has: page.locator('td', { hasText: /^Ida$/ }) }).filter({ has: page.locator('td', { hasText: /^Ferry Lane$/ }) }).filter({ has: page.locator('td', { hasText: /^Marsh$/ }) });
  if (await row.count() !== 1) throw new Error('rows found: ' + await row.count() + ' ' + JSON.stringify(await page.locator('.dx-data-row').evaluateAll((rs) => rs.slice(0, 8).map((r) => [...r.querySelectorAll('td')].map((t) => t.innerText).join('|')))));
  const idx = await row.getAttribute('aria-rowindex');
  const headers = await page.locator('.dx-header-row td').allInnerTexts();
  const qi = headers.findIndex((h) => h.trim() === 'Queen status');
  const ni = headers.findIndex((h) => h.trim() === 'Inspection note');
  await row.locator('td').nth(qi).click();
  await page.locator('.dx-editor-cell .dx-selectbox input.dx-texteditor-input').first().click();
  await page.locator('.dx-list-item', { hasText: /^Queenless$/ }).click();
  await row.locator('td').nth(ni).click();
  const inp = page.locator('.dx-editor-cell input.dx-texteditor-input').first();
  await inp.fill('Emergency queen cells seen');
  await page.locator('h1').click();
  await page.waitForTimeout(300);
  if (process.env.DEBUG) { console.log('pending:', await page.locator('#pending').innerText()); await page.screenshot({ path: '/tmp/s29/grid.png' }); }
  await page.getByRole('button', { name: 'Save changes' }).click();
  await page.locator('#pending', { hasText: 'Saved 1 hive' }).waitFor();
  // scroll right to the far column
  await page.evaluate(() => { document.querySelectorAll('.dx-datagrid-rowsview .dx-scrollable-container').forEach((s) => { s.scrollLeft = 99999; }); });
  await page.waitForTimeout(800);
  const cells = await page.locator(`.dx-datagrid-rowsview tr.dx-data-row[aria-rowindex="${idx}"] td`).allInnerTexts();
  insurance = cells.find((c) => /^BBKA-/.test(c.trim()));
  if (insurance !== 'BBKA-FL-57113') throw new Error('insurance ' + insurance + ' ' + cells.join('|'));
  return insurance;
});

await step('2 editor', async () => {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /bulletin/ }).click();
  await page.locator('#doc p').first().waitFor();
  await page.getByRole('button', { name: 'Edit bulletin' }).click();
  await page.locator('.ct-toolbox').waitFor();
  const select = async (paraStart, word) => {
    await page.evaluate(([ps, w]) => {
      const p = [...document.querySelectorAll('#doc p')].find((x) => x.textContent.startsWith(ps));
      const walker = document.createTreeWalker(p, NodeFilter.SHOW_TEXT);
      let n; while ((n = walker.nextNode())) { const i = n.textContent.indexOf(w); if (i >= 0) { const r = document.createRange(); r.setStart(n, i); r.setEnd(n, i + w.length); const s = getSelection(); s.removeAllRanges(); s.addRange(r); p.focus(); return; } }
      throw new Error('not found ' + w);
    }, [paraStart, word]);
    await page.waitForTimeout(250);
  };
  // click into the paragraph so ContentEdit focuses it, then select
  await page.locator('#doc p', { hasText: 'At Orchard End' }).click();
  await select('At Orchard End', 'ten');
  await page.keyboard.type('seven');
  await page.locator('#doc p', { hasText: 'Report any sealed' }).click();
  await select('Report any sealed', 'sealed queen cells');
  await page.getByRole('button', { name: 'Bold' }).click();
  await page.locator('#doc p', { hasText: 'Spare nucleus' }).click();
  await select('Spare nucleus', 'Saturdays');
  await page.getByRole('button', { name: 'Italic' }).click();
  await page.locator('#doc p', { hasText: 'Read the swarm' }).click();
  await select('Read the swarm', 'swarm control guide');
  await page.getByRole('button', { name: 'Link' }).click();
  const li = page.locator('.ct-anchored-dialog__input');
  await li.fill('/guides/swarm-control');
  await li.press('Enter');
  await page.waitForTimeout(300);
  await page.getByRole('button', { name: 'Save bulletin' }).click();
  await page.locator('#updated', { hasText: '2026-06-10' }).waitFor();
  const v = await (await fetch(`${BASE}/__verify`)).json();
  return JSON.stringify(v.jobs.editor.details);
});

let swRef;
await step('3 board', async () => {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Swarm collections' }).click();
  const card = page.locator('section.col[data-col="reported"] article.swarm', { hasText: 'Church Street' }).filter({ hasText: 'K. Oduya' });
  await card.waitFor();
  const target = page.locator('section.col[data-col="collected"]');
  const a = await card.boundingBox(); const b = await target.boundingBox();
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 20, a.y + a.height / 2 + 10, { steps: 5 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height - 60, { steps: 20 });
  await page.waitForTimeout(200);
  await page.mouse.up();
  const toast = page.locator('.notiflix-notify', { hasText: 'Collection reference' });
  await toast.waitFor({ timeout: 5000 });
  swRef = /Collection reference (\S+)/.exec(await toast.innerText())[1];
  await toast.waitFor({ state: 'detached', timeout: 6000 });
  return swRef;
});

let mean;
await step('4 upload', async () => {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Honey lab' }).click();
  await page.locator('.dx-fileuploader input[type=file]').setInputFiles(path.join(ROOT, 'files/extraction-batch-B14.csv'));
  const res = page.locator('.result');
  await res.waitFor();
  mean = /Mean moisture ([\d.]+) %/.exec(await res.innerText())[1];
  return mean;
});

await step('5 chart', async () => {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Yield returns' }).click();
  await page.locator('#chart svg').first().waitFor();
  await page.waitForTimeout(1500);
  const box = await page.locator('#chart').boundingBox();
  let found = null;
  for (let x = box.x + 60; x < box.x + box.width - 10 && !found; x += 8) {
    await page.mouse.move(x, box.y + box.height * 0.4);
    await page.waitForTimeout(60);
    const texts = await page.evaluate(() => [...document.querySelectorAll('#chart g')].filter((g) => g.getAttribute('role') === 'tooltip' || g.getAttribute('visibility') !== 'hidden').map((g) => g.textContent));
    const t = texts.find((s) => /^Orchard End, Aug 2025: /.test(s.trim()));
    if (t) found = /: ([\d.]+) kg/.exec(t)[1];
  }
  if (!found) throw new Error('tooltip not found');
  await page.getByLabel('Apiary', { exact: true }).selectOption('Orchard End');
  await page.getByLabel('Month', { exact: true }).selectOption({ label: 'Aug 2025' });
  await page.getByLabel('Honey taken off (kg)').fill(found);
  await page.getByRole('button', { name: 'Submit declaration' }).click();
  await page.locator('#d-status', { hasText: 'recorded' }).waitFor();
  return found;
});

let bookingRef;
await step('6 booking', async () => {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Extraction room' }).click();
  const combo = page.locator('fluent-combobox#member');
  await combo.locator('fluent-option').first().waitFor({ state: 'attached' });
  await combo.locator('input').fill('Ida Marsham');
  await page.getByRole('option', { name: 'Ida Marsham (Ferry Lane)' }).click();
  await page.getByRole('button', { name: 'Choose date' }).click();
  // week beginning Monday 15 June 2026: 15 and 16 are unavailable
  const cells = page.locator('fluent-calendar .day');
  const info = await page.evaluate(() => {
    const cal = document.querySelector('fluent-calendar');
    return [...cal.shadowRoot.querySelectorAll('.day')].map((d, i) => ({ i, text: d.textContent.trim(), cls: d.className, label: d.getAttribute('aria-label') }));
  });
  const week = info.filter((d) => !/inactive|off/.test(d.cls) && ['15', '16', '17', '18', '19'].includes(d.text));
  const first = week.find((d) => !/disabled/.test(d.cls));
  if (!first || first.text !== '17') throw new Error('first available ' + JSON.stringify(week));
  await cells.nth(first.i).click();
  await page.locator('#time').click();
  await page.getByRole('option', { name: '10:00' }).click();
  await page.locator('#note textarea').fill('Two supers of spring honey');
  await page.getByRole('button', { name: 'Book the room' }).click();
  const done = page.locator('#done .result');
  await done.waitFor();
  bookingRef = /reference (\S+)\./.exec(await done.innerText())[1];
  return bookingRef + ' ' + (await page.locator('#date-text').inputValue());
});

await step('7 members', async () => {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Members', exact: true }).click();
  await page.locator('#q input').fill('Rowan Pike');
  await page.getByRole('button', { name: 'Search' }).click();
  await page.locator('#count', { hasText: '2 members' }).waitFor();
  const row = page.locator('#rows tr').filter({ hasText: 'Kiln Common' }).filter({ hasText: 'Rowan Pike' });
  await row.getByRole('button', { name: 'Remove Rowan Pike' }).click();
  await page.locator('#c-text', { hasText: 'Kiln Common' }).waitFor();
  await page.getByRole('button', { name: 'Remove member' }).click();
  await page.locator('#count', { hasText: 'removed' }).waitFor();
  return await page.locator('#count').innerText();
});

const v = await (await fetch(`${BASE}/__verify`)).json();
await browser.close();
srv.kill();
console.log(JSON.stringify(v, null, 1));
const expectedHits = ['POST /api/hives/bulk', 'PUT /api/bulletin', 'POST /api/swarms/SW-301/move', 'POST /api/extraction-batches', 'POST /api/yield-declarations', 'POST /api/extraction-bookings', 'DELETE /api/members/MB-0979'];
const problems = [];
for (const [k, j] of Object.entries(v.jobs)) if (!j.done) problems.push(`job ${k} not done`);
for (const h of expectedHits) if (v.hits[h] !== 1) problems.push(`${h} hit ${v.hits[h] || 0} times`);
if (Object.keys(v.hits).length !== expectedHits.length) problems.push('unexpected hits: ' + Object.keys(v.hits).join(', '));
if (external.length) problems.push('external requests: ' + external.slice(0, 5).join(', '));
if (results.some((r) => r[1] !== 'ok')) problems.push('a step failed');
const answers = { insurance, swRef, mean, bookingRef };
if (insurance !== 'BBKA-FL-57113') problems.push('grid answer ' + insurance);
if (swRef !== v.jobs.board.details.reference) problems.push('board answer ' + swRef);
if (mean !== '17.80') problems.push('upload answer ' + mean);
if (!bookingRef || bookingRef !== v.jobs.booking.details.bookings[0]?.reference) problems.push('booking answer ' + bookingRef);
console.log('answers', answers);
if (problems.length) { console.log('SELFTEST FAILED\n' + problems.join('\n')); process.exit(1); }
console.log('SELFTEST PASSED: 7 passed, 0 failed');
process.exit(0);
