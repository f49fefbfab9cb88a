// Self-test: starts its own server on a spare port (4800-4899), drives all seven jobs in headless
// Chromium with playwright-core, then checks /__verify. Exit code 0 = pass.
//   PLAYWRIGHT_CORE  path to playwright-core's index.mjs (default: /work/main/node_modules/playwright-core/index.mjs,
//                    falling back to a locally installed playwright-core)
//   CHROMIUM_PATH    browser binary (default: /usr/lib/chromium/chromium-headless-shell)
//   HEADED=1 / SLOWMO=ms for watching it.
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import fs from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PW = process.env.PLAYWRIGHT_CORE || '/work/main/node_modules/playwright-core/index.mjs';
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/lib/chromium/chromium-headless-shell';

const { chromium } = fs.existsSync(PW) ? await import(pathToFileURL(PW).href) : await import('playwright-core');

const log = (...a) => console.log(`[selftest ${new Date().toISOString().slice(11, 19)}]`, ...a);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function portFree(port) {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}
async function sparePort() {
  const start = 4800 + Math.floor(Math.random() * 100);
  for (let i = 0; i < 100; i++) {
    const p = 4800 + ((start - 4800 + i) % 100);
    if (await portFree(p)) return p;
  }
  throw new Error('No free port in 4800-4899');
}

if (!fs.existsSync(path.join(ROOT, 'dist', 'index.html'))) {
  console.error('dist/ is missing: run `npm run build` first.');
  process.exit(1);
}

const PORT = await sparePort();
const BASE = `http://127.0.0.1:${PORT}`;
const server = spawn(process.execPath, ['server.mjs'], { cwd: ROOT, env: { ...process.env, PORT: String(PORT), IDLE_MS: '900000' }, stdio: ['ignore', 'pipe', 'pipe'] });
server.stderr.on('data', (d) => process.stderr.write(`[server] ${d}`));
let browser;
const external = [];

async function cleanup() {
  try { if (browser) await browser.close(); } catch { /* ignore */ }
  if (server.exitCode === null) server.kill('SIGTERM');
}

async function waitForServer() {
  for (let i = 0; i < 100; i++) {
    try { const r = await fetch(`${BASE}/__verify`); if (r.ok) return; } catch { /* not yet */ }
    await sleep(100);
  }
  throw new Error('server did not start');
}

function expect(cond, msg) { if (!cond) throw new Error(`Expectation failed: ${msg}`); }

// ---------------------------------------------------------------- jobs
async function jobMovesGrid(page) {
  log('job 1: moves grid');
  await page.goto(`${BASE}/moves`);
  await page.getByRole('heading', { name: 'Moves register' }).waitFor();
  const body = page.locator('.vxe-table--main-wrapper .vxe-table--body-wrapper').first();
  await body.locator('tr.vxe-body--row').first().waitFor();
  const box = await page.locator('moves-grid .vxe-table--main-wrapper').first().boundingBox();
  const over = async () => page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);

  // headers of the currently rendered (virtualised) columns, in order
  // (the two frozen columns are drawn in a separate left-hand table; merge both by row id)
  const readRows = () => page.evaluate(() => {
    const rowsOf = (wrap) => {
      if (!wrap) return {};
      const heads = [...wrap.querySelectorAll('.vxe-table--header-wrapper thead tr:first-child th')].map((th) => th.innerText.trim());
      const out = {};
      for (const tr of wrap.querySelectorAll('.vxe-table--body-wrapper tr.vxe-body--row')) {
        const cells = [...tr.querySelectorAll('td')].map((td) => td.innerText.trim());
        const o = (out[tr.getAttribute('rowid')] = {});
        heads.forEach((h, i) => { if (h) o[h] = cells[i]; });
      }
      return out;
    };
    const main = rowsOf(document.querySelector('moves-grid .vxe-table--main-wrapper'));
    const left = rowsOf(document.querySelector('moves-grid .vxe-table--fixed-left-wrapper'));
    return Object.keys(main).map((id) => ({ rowid: id, ...main[id], ...(left[id] || {}) }));
  });

  // scroll down with the mouse wheel until the Okonkwo move from Brackenford to Dunmere is rendered
  let target = null;
  await over();
  for (let i = 0; i < 80 && !target; i++) {
    const rows = await readRows();
    target = rows.find((r) => r.Surname === 'Okonkwo' && r.From === 'Brackenford' && r.To === 'Dunmere');
    if (!target) { await page.mouse.wheel(0, 320); await sleep(120); }
  }
  expect(target, 'found the Okonkwo Brackenford -> Dunmere row');
  log('  target row', target.rowid, target['Job ref']);
  const row = page.locator(`moves-grid .vxe-table--main-wrapper .vxe-table--body-wrapper tr[rowid="${target.rowid}"]`);
  await row.scrollIntoViewIfNeeded();

  // crew: dropdown editor
  const headIndex = async (title) => page.evaluate((t) => [...document.querySelectorAll('moves-grid .vxe-table--main-wrapper .vxe-table--header-wrapper thead tr:first-child th')].findIndex((th) => th.innerText.trim() === t), title);
  let ci = await headIndex('Crew');
  expect(ci >= 0, 'Crew column rendered');
  await row.locator('td').nth(ci).click();
  const select = page.locator('moves-grid .col--active select');
  await select.waitFor();
  await select.selectOption('Kestrel');
  await page.getByRole('heading', { name: 'Moves register' }).click();
  await sleep(200);

  // access notes: scroll right until the column is rendered, then the text editor
  let ni = -1;
  await over();
  for (let i = 0; i < 30 && ni < 0; i++) { ni = await headIndex('Access notes'); if (ni < 0) { await page.mouse.wheel(300, 0); await sleep(150); } }
  expect(ni >= 0, 'Access notes column rendered');
  const notesCell = row.locator('td').nth(ni);
  await notesCell.scrollIntoViewIfNeeded();
  await notesCell.click();
  const input = page.locator('moves-grid .col--active input');
  await input.waitFor();
  await input.fill('Narrow lane - use the Luton van');
  await page.getByRole('heading', { name: 'Moves register' }).click();
  await page.getByText('Unsaved changes in 1 move').waitFor();

  await page.getByRole('button', { name: 'Save changes' }).click();
  await page.getByText(/Saved changes to 1 move/).waitFor({ timeout: 10000 });

  // far-right column
  let ii = -1;
  await over();
  for (let i = 0; i < 40 && ii < 0; i++) { ii = await headIndex('Insurance certificate'); if (ii < 0) { await page.mouse.wheel(400, 0); await sleep(150); } }
  expect(ii >= 0, 'Insurance certificate column rendered');
  const cert = (await row.locator('td').nth(ii).innerText()).trim();
  log('  insurance certificate:', cert);
  expect(cert === 'HRL-77314-K', `certificate ${cert}`);
}

async function selectText(page, paragraphText, phrase) {
  // put a DOM selection around `phrase` inside the editor paragraph containing `paragraphText`
  await page.evaluate(({ paragraphText, phrase }) => {
    const p = [...document.querySelectorAll('letter-editor .rte-surface p, letter-editor .rte-surface h2')].find((el) => el.textContent.includes(paragraphText));
    if (!p) throw new Error(`no paragraph ${paragraphText}`);
    const full = p.textContent;
    const startAt = full.indexOf(phrase);
    if (startAt < 0) throw new Error(`no phrase ${phrase}`);
    const walker = document.createTreeWalker(p, NodeFilter.SHOW_TEXT);
    let offset = 0; let start = null; let end = null;
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const len = n.textContent.length;
      if (!start && startAt < offset + len) start = [n, startAt - offset];
      if (!end && startAt + phrase.length <= offset + len) { end = [n, startAt + phrase.length - offset]; break; }
      offset += len;
    }
    p.closest('.rte-surface').focus();
    const sel = document.getSelection();
    sel.setBaseAndExtent(start[0], start[1], end[0], end[1]);
  }, { paragraphText, phrase });
  await sleep(150);
  // a real user finishes a selection with the mouse; mobiledoc listens for selectionchange/mouseup
  await page.locator('letter-editor .rte-surface').dispatchEvent('mouseup');
  await sleep(100);
}

async function jobLetter(page) {
  log('job 2: rich-text letter');
  await page.goto(`${BASE}/letters`);
  await page.getByRole('link', { name: 'Edit Moving day guide' }).click();
  await page.locator('letter-editor .rte-surface p').first().waitFor();
  const surface = page.locator('letter-editor .rte-surface');

  await selectText(page, 'For storage collections', '7 am and 9 am');
  await page.keyboard.type('9 am and 11 am');
  await sleep(200);
  expect(await surface.getByText('For storage collections, the crew arrives between 9 am and 11 am.').count() === 1, 'storage sentence corrected');

  await selectText(page, 'Pack fragile items', 'fragile items');
  await page.getByRole('button', { name: 'Bold' }).click();
  await selectText(page, 'washing machine', 'before');
  await page.getByRole('button', { name: 'Italic' }).click();
  await selectText(page, 'damage claim form', 'damage claim form');
  await page.getByRole('button', { name: 'Link', exact: true }).click();
  await page.getByLabel('Link address').fill('https://www.harbourline-removals.example/damage-claim');
  await page.getByRole('button', { name: 'Apply link' }).click();
  await sleep(200);
  expect(await surface.locator('strong, b').count() === 1, 'one bold run');
  expect(await surface.locator('em, i').count() === 1, 'one italic run');
  expect(await surface.locator('a[href="https://www.harbourline-removals.example/damage-claim"]').count() === 1, 'one link');

  await page.getByRole('button', { name: 'Save letter' }).click();
  await page.getByText(/Letter saved at/).waitFor({ timeout: 10000 });
}

async function jobDispatch(page) {
  log('job 3: dispatch board');
  await page.goto(`${BASE}/dispatch`);
  const card = page.getByRole('article', { name: 'Achterberg, Pellingham to Rushmere, 18 cubic metres', exact: true });
  await card.waitFor();
  const target = page.locator('.board-col', { has: page.getByRole('heading', { name: 'Crew Heron' }) }).locator('.board-list');
  const from = await card.boundingBox();
  const to = await target.boundingBox();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2 + 5, { steps: 3 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height - 40, { steps: 20 });
  await sleep(150);
  await page.mouse.up();
  const toast = page.locator('.Toastify__toast').filter({ hasText: 'Dispatch note' });
  await toast.waitFor({ timeout: 5000 });
  const text = await toast.innerText();
  const ref = /DN-[A-Z0-9]{5}/.exec(text)?.[0];
  log('  toast:', text.replace(/\s+/g, ' '), '=>', ref);
  expect(ref === 'DN-24Y4F', `dispatch reference ${ref}`);
  await toast.waitFor({ state: 'detached', timeout: 6000 });
  expect(await target.getByRole('article', { name: 'Achterberg, Pellingham to Rushmere, 18 cubic metres', exact: true }).count() === 1, 'card now in Crew Heron');
}

async function jobUpload(page) {
  log('job 4: inventory upload');
  await page.goto(`${BASE}/inventory`);
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose inventory file' }).click();
  await (await chooser).setFiles(path.join(ROOT, 'files', 'inventory-MV-24187.csv'));
  const result = page.locator('section.result');
  await result.waitFor({ timeout: 10000 });
  const load = (await result.locator('dt:text("Estimated load") + dd').innerText()).trim();
  log('  estimated load:', load);
  expect(load === '15.8 m³', `load ${load}`);
}

async function jobChart(page) {
  log('job 5: fleet chart tooltip');
  await page.goto(`${BASE}/fleet`);
  const canvas = page.locator('fleet-chart canvas').first();
  await canvas.waitFor();
  await sleep(500);
  const b = await canvas.boundingBox();
  let miles = null;
  for (let x = b.x + b.width * 0.1; x < b.x + b.width * 0.95 && miles === null; x += b.width / 48) {
    await page.mouse.move(x, b.y + b.height * 0.55, { steps: 2 });
    await sleep(250);
    const tip = page.locator('[role=tooltip]');
    if (!(await tip.count())) continue;
    const t = (await tip.first().innerText()).replace(/\s+/g, ' ');
    if (t.startsWith('w/c 16 Mar')) miles = Number(/Luton 3: (\d+)/.exec(t)?.[1]);
  }
  log('  Luton 3, w/c 16 Mar:', miles);
  expect(miles === 687, `miles ${miles}`);
  await page.getByLabel('Vehicle', { exact: true }).selectOption('Luton 3');
  await page.getByLabel('Week commencing', { exact: true }).selectOption({ label: 'w/c 16 Mar 2026' });
  await page.getByLabel('Miles that week').fill(String(miles));
  await page.getByRole('button', { name: 'Record check' }).click();
  await page.getByText(/Check OC-\w+ recorded/).waitFor({ timeout: 10000 });
}

async function jobBooking(page) {
  log('job 6: survey booking');
  await page.goto(`${BASE}/surveys`);
  const combo = page.getByRole('combobox', { name: 'Customer' });
  await combo.click();
  await combo.fill('Oyelaran');
  await page.getByRole('option', { name: 'Marguerite Oyelaran-Fitch (Rushmere)', exact: true }).click();
  // week beginning Monday 20 April 2026: first enabled day
  const cal = page.locator('wc-datepicker');
  const days = ['20', '21', '22', '23', '24'].map((d) => cal.getByRole('gridcell', { name: `${d} April 2026` }));
  let picked = null;
  for (let i = 0; i < days.length; i++) {
    if ((await days[i].getAttribute('aria-disabled')) !== 'true') { await days[i].click(); picked = 20 + i; break; }
  }
  log('  first available day in w/b 20 April:', picked);
  expect(picked === 22, `picked ${picked}`);
  await page.getByText(/Selected: Wednesday,? 22 April 2026/).waitFor();
  await page.getByLabel('Time').selectOption('10:30');
  await page.getByLabel('Note for the surveyor').fill('Piano in the conservatory');
  await page.getByRole('button', { name: 'Book survey' }).click();
  const ref = (await page.locator('strong.ref').innerText({ timeout: 10000 })).trim();
  log('  booking reference:', ref);
  expect(ref === 'SV-QYZWW', `reference ${ref}`);
}

async function jobStaff(page) {
  log('job 7: staff delete');
  await page.goto(`${BASE}/staff`);
  await page.getByRole('searchbox', { name: 'Search staff' }).fill('Marchetti');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByText('4 people matching “Marchetti”').waitFor();
  await page.waitForFunction(() => document.querySelectorAll('.staff-table tbody tr').length === 4);
  const row = page.getByRole('row').filter({ hasText: 'Luca Marchetti' }).filter({ hasText: 'Northcote' });
  expect(await row.count() === 1, 'one Luca Marchetti at Northcote');
  await row.getByRole('button', { name: /^Delete/ }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete staff record?' });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: 'Delete record' }).click();
  await page.getByText('Luca Marchetti (S-1047) was deleted.').waitFor({ timeout: 10000 });
  await page.getByText('3 people matching “Marchetti”').waitFor();
}

// ---------------------------------------------------------------- main
let failed = false;
try {
  await waitForServer();
  await fetch(`${BASE}/__reset`, { method: 'POST' });
  log(`server on ${BASE}`);
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'], headless: !process.env.HEADED, slowMo: Number(process.env.SLOWMO || 0) });
  const context = await browser.newContext({ viewport: { width: 1400, height: 950 } });
  await context.route('**/*', (route) => {
    const u = route.request().url();
    if (u.startsWith(BASE) || u.startsWith('data:') || u.startsWith('blob:')) return route.continue();
    external.push(u);
    return route.abort();
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15000);
  const pageErrors = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));

  for (const job of [jobMovesGrid, jobLetter, jobDispatch, jobUpload, jobChart, jobBooking, jobStaff]) {
    try { await job(page); } catch (e) {
      failed = true;
      console.error(`FAILED ${job.name}: ${e.message}`);
      await page.screenshot({ path: path.join(ROOT, 'selftest', `fail-${job.name}.png`) }).catch(() => {});
    }
  }

  const verify = await (await fetch(`${BASE}/__verify`)).json();
  for (const [name, j] of Object.entries(verify.jobs)) {
    log(`${j.done ? 'done' : 'NOT DONE'}  ${name}`);
    if (!j.done) { failed = true; console.error(JSON.stringify(j.details, null, 1)); }
  }
  const expectedHits = ['POST /api/moves/bulk', 'PUT /api/letters/moving-day-guide', 'POST /api/dispatch/moves', 'POST /api/inventory/uploads',
    'POST /api/fleet/checks', 'POST /api/surveys', 'DELETE /api/staff/S-1047'];
  log('hits', JSON.stringify(verify.hits));
  for (const k of expectedHits) if (verify.hits[k] !== 1) { failed = true; console.error(`hit count for ${k} is ${verify.hits[k]}, expected 1`); }
  for (const k of Object.keys(verify.hits)) if (!expectedHits.includes(k)) { failed = true; console.error(`unexpected mutating request ${k}`); }
  if (external.length) { failed = true; console.error('requests left 127.0.0.1:', external); }
  if (pageErrors.length) { failed = true; console.error('page errors:', pageErrors); }
} catch (e) {
  failed = true;
  console.error(e);
} finally {
  await cleanup();
}
console.log(failed ? 'SELFTEST FAILED' : 'SELFTEST PASSED: all 7 jobs done, each mutating endpoint hit once');
console.log(failed ? '0 passed, 1 failed' : '1 passed, 0 failed');
process.exit(failed ? 1 : 0);
