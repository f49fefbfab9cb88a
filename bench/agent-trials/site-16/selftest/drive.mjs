// Self-test: start the server on a spare port, drive every job through the real UI, check /__verify.
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PW = process.env.PLAYWRIGHT_CORE || '/work/main/node_modules/playwright-core/index.mjs';
const CHROME = process.env.CHROMIUM || '/usr/lib/chromium/chromium-headless-shell';
const { chromium } = await import(PW);

const port = await new Promise((res) => { const s = net.createServer(); s.listen(0, '127.0.0.1', () => { const p = s.address().port; s.close(() => res(p)); }); });
const BASE = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ['server.mjs'], { cwd: ROOT, env: { ...process.env, PORT: String(port), IDLE_MS: '600000' }, stdio: ['ignore', 'pipe', 'inherit'] });
await new Promise((res, rej) => {
  const t = setTimeout(() => rej(new Error('server did not start')), 15000);
  server.stdout.on('data', (d) => { if (String(d).includes('127.0.0.1')) { clearTimeout(t); res(); } });
  server.on('exit', (c) => rej(new Error('server exited ' + c)));
});

let browser;
const results = {};
const log = (...a) => console.log('•', ...a);
function check(name, cond, info = '') { results[name] = !!cond; console.log(cond ? 'PASS' : 'FAIL', name, info); }

try {
  await fetch(BASE + '/__reset', { method: 'POST' });
  browser = await chromium.launch({ executablePath: CHROME, args: ['--no-sandbox'] });
  const page = await browser.newPage({ viewport: { width: 1360, height: 900 } });
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('requestfailed', (r) => errors.push('request failed: ' + r.url()));
  const nav = async (label) => { await page.click(`nav.sidenav a:text-is("${label}")`); await page.waitForLoadState('domcontentloaded'); };

  await page.goto(BASE + '/');
  await page.waitForSelector('.kpi');

  // ---------- 1. repairs grid ----------
  await nav('Repairs');
  await page.waitForSelector('.wunderbaum .wb-row');
  await page.fill('input[type=search]', 'okafor quince');
  await page.waitForTimeout(300);
  const row = page.locator('.wunderbaum .wb-row').filter({ hasText: 'Quince House' }).filter({ hasText: 'D. Okafor' }).filter({ has: page.locator('span.wb-col:text-is("Flat 4")') });
  await row.first().waitFor();
  check('grid: exactly one matching row', (await row.count()) === 1, `count=${await row.count()}`);
  const ref = (await row.locator('.wb-title').innerText()).trim();
  await row.locator('select').selectOption('Completed');
  const cost = row.locator('input[type=number]');
  await cost.click();
  await cost.fill('212.40');
  await cost.press('Enter');
  await cost.evaluate((el) => el.blur());
  await page.waitForSelector('text=1 unsaved change');
  await page.click('button:has-text("Save changes")');
  await page.waitForSelector('text=Saved 1 job.', { timeout: 5000 }).catch(async (e) => { console.log('status:', await page.locator('p.status').innerText(), await page.locator('[data-repairs-target=dirty]').innerText()); throw e; });
  check('grid: ref reported', ref === 'RJ-24350', ref);

  // ---------- 2. checklist editor ----------
  await nav('Inspection checklist');
  await page.waitForSelector('.rte li');
  const rectOf = (needle, liText) => page.evaluate(([needle, liText]) => {
    const li = [...document.querySelectorAll('.rte li')].find((l) => l.textContent.includes(liText));
    const walker = document.createTreeWalker(li, NodeFilter.SHOW_TEXT);
    let n;
    while ((n = walker.nextNode())) {
      const i = n.data.indexOf(needle);
      if (i >= 0) {
        const r = document.createRange(); r.setStart(n, i); r.setEnd(n, i + needle.length);
        const b = r.getBoundingClientRect();
        return { x: b.left, y: b.top + b.height / 2, w: b.width };
      }
    }
    return null;
  }, [needle, liText]);
  let r14 = await rectOf('14 days', 'disputed deduction');
  await page.mouse.dblclick(r14.x + 4, r14.y); // selects the word "14"
  await page.keyboard.type('10');
  const rg = await rectOf('gas safety certificate', 'gas safety');
  await page.mouse.move(rg.x + 1, rg.y);
  await page.mouse.down();
  await page.mouse.move(rg.x + rg.w / 2, rg.y, { steps: 4 });
  await page.mouse.move(rg.x + rg.w - 1, rg.y, { steps: 4 });
  await page.mouse.up();
  const sel = await page.evaluate(() => String(window.getSelection()));
  check('editor: selection', sel === 'gas safety certificate', JSON.stringify(sel));
  await page.click('.rte-toolbar button[title^="Bold"]');
  await page.click('button:has-text("Save checklist")');
  await page.waitForSelector('text=Checklist saved.');

  // ---------- 3. toast ----------
  await nav('Rent arrears');
  const card = page.locator('article.card').filter({ has: page.locator('h3:text-is("Sunita Patel")') }).filter({ has: page.locator('p:text-is("Flat 12, Linden Court")') });
  check('toast: one card', (await card.count()) === 1);
  await card.locator('button:has-text("Send rent reminder")').click();
  const snack = page.locator('.snackbar-container p');
  await snack.waitFor({ timeout: 3000 });
  const snackText = await snack.innerText();
  const code = /ref (\S+)/.exec(snackText)?.[1];
  check('toast: code', code === 'RMD-3XH9', snackText);
  await page.waitForTimeout(2600);
  const stillThere = await page.locator('.snackbar-container').evaluateAll((els) => els.filter((e) => getComputedStyle(e).opacity !== '0' && e.offsetParent !== null).length);
  check('toast: gone after ~2 s', stillThere === 0, `visible=${stillThere}`);

  // ---------- 4. upload ----------
  await nav('Bank statements');
  const btn = page.locator('button:has-text("Choose CSV file")');
  await btn.waitFor();
  const box = await btn.boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  // the uploader lays an invisible file input over the button on mouseover
  for (let i = 0; i < 10; i++) {
    const onInput = await page.evaluate(([x, y]) => document.elementFromPoint(x, y)?.matches('input[type=file]'), [box.x + box.width / 2, box.y + box.height / 2]);
    if (onInput) break;
    await page.mouse.move(box.x + 3, box.y + 3);
    await page.waitForTimeout(200);
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  }
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.mouse.click(box.x + box.width / 2, box.y + box.height / 2),
  ]);
  await chooser.setFiles(path.join(ROOT, 'files', 'statement-2027-05-lloyds.csv'));
  const total = await page.locator('.import-ok .total').innerText({ timeout: 10000 });
  check('upload: total', total === '£18,426.75', total);

  // ---------- 5. chart ----------
  await nav('Maintenance report');
  await page.selectOption('select[data-report-target="building"]', 'bramble-court');
  await page.waitForSelector('.chart canvas');
  const cbox = await page.locator('.chart').boundingBox();
  let hoverValue = null;
  for (let x = cbox.x + 60; x < cbox.x + cbox.width - 2 && !hoverValue; x += 8) {
    await page.mouse.move(x, cbox.y + cbox.height / 2);
    const t = await page.locator('.dygraph-legend').innerText().catch(() => '');
    if (t.startsWith('Mar 2027')) hoverValue = /Reactive repairs:\s*(£[\d,.]+)/.exec(t)?.[1];
  }
  check('chart: hover value', hoverValue === '£2,417.35', hoverValue);

  // ---------- 6. booking ----------
  await nav('Book a viewing');
  await page.waitForSelector('.chosen-container');
  await page.click('.chosen-container .chosen-single');
  await page.keyboard.type('Harbour View Court');
  await page.locator('.chosen-results li.active-result').filter({ hasText: /^Harbour View Court, Flat 2$/ }).click();
  await page.click('#v-date');
  await page.waitForSelector('.mc-calendar--opened, .mc-calendar .mc-date--active');
  await page.click('.mc-calendar td.mc-date--active:text-is("17")');
  await page.click('#mc-btn__ok');
  const dateVal = await page.inputValue('#v-date');
  log('date field:', dateVal);
  await page.fill('#v-time', '14:30');
  await page.fill('#v-name', 'Tomasz Nowak');
  await page.fill('#v-notes', 'Applicant has a small dog');
  await page.click('button:has-text("Book viewing")');
  const conf = await page.locator('.status.ok').innerText({ timeout: 5000 });
  const vref = /reference (VW-\d+)/.exec(conf)?.[1];
  check('booking: reference', vref === 'VW-5123', conf);

  // ---------- 7. delete ----------
  await nav('Properties');
  await page.waitForSelector('table.list tbody tr');
  await page.fill('input[type=search]', 'Harbour');
  await page.waitForFunction(() => document.querySelectorAll('table.list tbody tr').length === 4);
  const prow = page.locator('table.list tbody tr').filter({ has: page.locator('td:first-child :text-is("Harbour Views")') });
  check('delete: one row', (await prow.count()) === 1);
  await prow.locator('button:has-text("Delete")').click();
  await page.locator('.jconfirm-box').waitFor();
  await page.click('.jconfirm-box button:has-text("Delete property")');
  await page.waitForFunction(() => document.querySelectorAll('table.list tbody tr').length === 3);

  check('no page errors or failed requests', errors.length === 0, errors.join(' | '));

  // ---------- verify ----------
  const v = await (await fetch(BASE + '/__verify')).json();
  for (const [k, j] of Object.entries(v.jobs)) check(`verify: ${k}`, j.done, j.done ? '' : JSON.stringify(j.details));
  const expectHits = ['POST /api/repairs/save', 'PUT /api/checklist', 'POST /api/reminders', 'POST /api/statements/upload', 'POST /api/viewings', 'DELETE /api/properties/:id'];
  for (const h of expectHits) check(`hits: ${h} = 1`, v.hits[h] === 1, String(v.hits[h]));
  check('hits: no other endpoints', Object.keys(v.hits).every((k) => expectHits.includes(k)), JSON.stringify(v.hits));
} catch (e) {
  console.error(e);
  results.crash = false;
} finally {
  await browser?.close();
  server.kill();
}
const failed = Object.entries(results).filter(([, ok]) => !ok).map(([k]) => k);
console.log(failed.length ? `\nSELFTEST FAILED: ${failed.join(', ')}` : `\nSELFTEST PASSED (${Object.keys(results).length} checks)`);
process.exit(failed.length ? 1 : 0);
