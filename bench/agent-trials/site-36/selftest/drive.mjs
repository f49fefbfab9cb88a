// Self-test for trial site 36: starts its own server on a free port (4950-4999), drives all
// seven jobs through headless Chromium the way a user would, and checks /__verify.
import { chromium } from '/work/main/node_modules/playwright-core/index.mjs';
import { spawn } from 'node:child_process';
import net from 'node:net';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CHROMIUM = '/usr/lib/chromium/chromium-headless-shell';
const EXPECTED = {
  batchRef: 'MV-4UT6',
  uploadRows: 38,
  uploadFile: 'fk_inspections_jun_a.csv',
  yieldKg: '47.3',
  bookingRef: 'HH-YLR7U',
};
const EXPECTED_HITS = [
  'POST /api/hives/changes',
  'PUT /api/notices/N-01',
  'POST /api/batches/B26-041/move',
  'POST /api/inspections/import',
  'POST /api/yield-log',
  'POST /api/bookings',
  'DELETE /api/members/KV-M-0333',
];

const log = (...a) => console.log('[selftest]', ...a);
const failures = [];
function check(cond, msg) {
  if (cond) log('ok  ', msg);
  else { log('FAIL', msg); failures.push(msg); }
}

function portFree(port) {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}
async function pickPort() {
  const start = 4950 + Math.floor(Math.random() * 50);
  for (let i = 0; i < 50; i++) {
    const p = 4950 + ((start - 4950 + i) % 50);
    if (await portFree(p)) return p;
  }
  throw new Error('no free port in 4950-4999');
}

async function startServer(port) {
  const child = spawn(process.execPath, ['server.mjs'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), IDLE_MS: String(10 * 60 * 1000) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d) => { out += d; });
  child.stderr.on('data', (d) => { out += d; });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) throw new Error('server exited: ' + out);
    try {
      const r = await fetch(base + '/__verify');
      if (r.ok) return { child, base };
    } catch { /* not yet */ }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill();
  throw new Error('server did not start: ' + out);
}

// Text range helpers for the markdown editor: find the on-screen box of a phrase.
async function phraseBox(page, rootSel, phrase, occurrenceInLine = null) {
  return page.evaluate(({ rootSel, phrase, occurrenceInLine }) => {
    const root = document.querySelector(rootSel);
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    const nodes = [];
    let text = '';
    for (let n = walker.nextNode(); n; n = walker.nextNode()) { nodes.push({ n, start: text.length }); text += n.data; }
    let idx = -1;
    if (occurrenceInLine) {
      const lineIdx = text.indexOf(occurrenceInLine);
      if (lineIdx < 0) return null;
      idx = text.indexOf(phrase, lineIdx);
    } else idx = text.indexOf(phrase);
    if (idx < 0) return null;
    const locate = (pos) => {
      for (let i = nodes.length - 1; i >= 0; i--) if (nodes[i].start <= pos) return { node: nodes[i].n, off: pos - nodes[i].start };
      return null;
    };
    const a = locate(idx);
    const b = locate(idx + phrase.length - 1);
    const r1 = document.createRange(); r1.setStart(a.node, a.off); r1.setEnd(a.node, a.off + 1);
    const r2 = document.createRange(); r2.setStart(b.node, b.off); r2.setEnd(b.node, b.off + 1);
    const s = r1.getBoundingClientRect();
    const e = r2.getBoundingClientRect();
    return { x1: s.left + 1, y: (s.top + s.bottom) / 2, x2: e.right - 1, y2: (e.top + e.bottom) / 2 };
  }, { rootSel, phrase, occurrenceInLine });
}
async function selectPhrase(page, rootSel, phrase, inLine = null) {
  const b = await phraseBox(page, rootSel, phrase, inLine);
  if (!b) throw new Error(`phrase not on screen: ${phrase}`);
  await page.mouse.move(b.x1, b.y);
  await page.mouse.down();
  await page.mouse.move((b.x1 + b.x2) / 2, b.y2, { steps: 4 });
  await page.mouse.move(b.x2, b.y2, { steps: 4 });
  await page.mouse.up();
  const sel = await page.evaluate(() => String(window.getSelection()));
  if (sel !== phrase) throw new Error(`selected "${sel}" instead of "${phrase}"`);
}

// Navigate inside the single-page app with the sidebar, like a user.
async function nav(page, linkText, heading) {
  await page.locator('nav.sidenav').getByRole('link', { name: linkText, exact: true }).click();
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
}

// ------------------------------------------------------------------ jobs
async function jobHives(page, base) {
  await nav(page, 'Hive register', 'Hive register');
  await page.waitForSelector('#hive-grid .dgrid-row');
  const TAG = 'RF-20931';
  let cell = null;
  for (let i = 0; i < 20; i++) {
    const c = page.locator('#hive-grid .dgrid-content .field-tag', { hasText: new RegExp(`^${TAG}$`) });
    if (await c.count()) { cell = c.first(); break; }
    await page.locator('#hive-grid .dgrid-next').click();
    await page.waitForTimeout(300);
  }
  if (!cell) throw new Error('tag not found in any page');
  const offscreen = await cell.evaluate((el) => el.getBoundingClientRect().left > window.innerWidth);
  check(offscreen, 'RFID tag column starts off-screen to the right at 1280 px');
  await cell.scrollIntoViewIfNeeded();
  const row = cell.locator('xpath=ancestor::div[contains(concat(" ", normalize-space(@class), " "), " dgrid-row ")][1]');
  const hiveId = (await row.locator('.field-id').innerText()).trim();
  log('target row', hiveId);
  // status: double-click to edit, choose from the dropdown
  const status = row.locator('.field-status');
  await status.scrollIntoViewIfNeeded();
  await status.dblclick();
  const selectBtn = status.locator('.dijitSelect');
  await selectBtn.waitFor();
  await selectBtn.click();
  const item = page.locator('.dijitPopup').getByText('Queenless', { exact: true });
  await item.first().waitFor();
  await item.first().click();
  await page.waitForTimeout(200);
  // notes: double-click, type, Enter
  const notes = row.locator('.field-notes');
  await notes.dblclick();
  const input = notes.locator('input');
  await input.waitFor();
  await input.fill('No eggs 15 Jun, test frame given');
  await input.press('Enter');
  await page.waitForTimeout(200);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await page.getByText(/Saved 1 hive\./).waitFor({ timeout: 10000 });
  check(true, `hive ${hiveId} saved`);
}

async function jobNotice(page, base) {
  await nav(page, 'Notices', 'Notices');
  await page.getByRole('button', { name: /^Extraction room rules All members/ }).click();
  const ed = '#mde-editor .TinyMDE';
  await page.waitForSelector(ed);
  await page.waitForFunction(() => document.querySelector('#mde-editor').innerText.includes('Wet supers must be returned to the store'));
  // 1. Sunday -> Monday in the wet-supers/store line only
  const line = 'Wet supers must be returned to the store by Sunday evening.';
  const b = await phraseBox(page, ed, 'Sunday', line);
  await page.mouse.dblclick((b.x1 + b.x2) / 2, b.y);
  const sel = await page.evaluate(() => String(window.getSelection()).trim());
  if (sel !== 'Sunday') throw new Error('double-click selected ' + sel);
  await page.keyboard.type('Monday');
  // 2. bold "honey house"
  await selectPhrase(page, ed, 'honey house');
  await page.locator('#mde-toolbar [title^="Bold"]').click();
  // 3. italic "at your own risk"
  await selectPhrase(page, ed, 'at your own risk');
  await page.locator('#mde-toolbar [title^="Italic"]').click();
  // 4. link "extraction calendar"
  await selectPhrase(page, ed, 'extraction calendar');
  await page.locator('#mde-toolbar [title^="Insert link"]').click();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.type('https://kestrelvale.coop/extraction');
  const text = await page.locator(ed).innerText();
  check(text.includes('[extraction calendar](https://kestrelvale.coop/extraction)'), 'link markdown in editor');
  await page.getByRole('button', { name: 'Save notice' }).click();
  await page.getByText('Notice saved.').waitFor({ timeout: 10000 });
}

async function jobBatch(page, base) {
  await nav(page, 'Honey batches', 'Honey batches');
  await page.waitForSelector('.batch-card');
  const settling = page.locator('.board-col', { has: page.locator('h2', { hasText: /^Settling/ }) });
  const card = settling.locator('.batch-card', { hasText: 'B26-041' });
  check((await card.innerText()).includes('Ferny Knowe · 18 frames'), 'B26-041 is the 18-frame Ferny Knowe heather in Settling');
  const jarring = page.locator('.board-col', { has: page.locator('h2', { hasText: /^Jarring/ }) });
  const from = await card.boundingBox();
  const to = await jarring.boundingBox();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 20, from.y + from.height / 2 + 5, { steps: 5 });
  await page.mouse.move(to.x + to.width / 2, to.y + 150, { steps: 20 });
  await page.mouse.up();
  const toast = page.locator('#butterupRack .butteruptoast', { hasText: 'Reference' });
  await toast.first().waitFor({ timeout: 10000 });
  const t = await toast.first().innerText();
  const ref = (t.match(/MV-[A-Z0-9]{4}/) || [])[0];
  log('toast:', t.replace(/\s+/g, ' '));
  check(ref === EXPECTED.batchRef, `move reference ${ref} = ${EXPECTED.batchRef}`);
  await toast.first().waitFor({ state: 'detached', timeout: 6000 });
  check(true, 'toast went away by itself');
  check(await jarring.locator('.batch-card', { hasText: 'B26-041' }).count() === 1, 'card now shows in Jarring');
}

async function jobUpload(page, base) {
  // as a user: look in the folder and open the files to see which is this June's
  const dir = path.join(ROOT, 'files');
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.csv'));
  const right = files.find((f) => fs.readFileSync(path.join(dir, f), 'utf8').split('\n')[1].startsWith('2026-06'));
  check(right === EXPECTED.uploadFile, `the June 2026 sheet is ${right}`);
  await nav(page, 'Inspection import', 'Inspection import');
  await page.waitForSelector('#inspection-zone input[type=file]', { state: 'attached' });
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.locator('#inspection-zone').click()]);
  await chooser.setFiles(path.join(dir, right));
  await page.getByText(`Selected: ${right}`).waitFor();
  await page.getByRole('button', { name: 'Import sheet' }).click();
  const res = page.locator('.result-box');
  await res.waitFor({ timeout: 10000 });
  const rows = Number(((await res.innerText()).match(/(\d+) inspection rows/) || [])[1]);
  check(rows === EXPECTED.uploadRows, `page reports ${rows} rows imported`);
}

async function jobYield(page, base) {
  await nav(page, 'Season yields', 'Season yields');
  await page.waitForSelector('#yield-chart circle');
  const circles = page.locator('#yield-chart circle');
  const n = await circles.count();
  let found = null;
  for (let i = 0; i < n && !found; i++) {
    const box = await circles.nth(i).boundingBox();
    if (!box) continue;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 3 });
    await page.waitForTimeout(260);
    const tips = await page.evaluate(() => Array.from(document.querySelectorAll('#yield-chart div'))
      .map((d) => d.innerText).filter((t) => / kg$/.test(t || '') && t.includes('·')));
    const hit = tips.find((t) => t.startsWith('Hollins Lane North · Jul 2025:'));
    if (hit) found = hit;
  }
  await page.mouse.move(5, 5);
  if (!found) throw new Error('no tooltip for Hollins Lane North, Jul 2025');
  const kg = found.match(/: ([\d.]+) kg/)[1];
  log('tooltip:', found);
  check(kg === EXPECTED.yieldKg, `tooltip value ${kg} = ${EXPECTED.yieldKg}`);
  const form = page.locator('form.inline-form');
  await form.getByLabel('Apiary').selectOption({ label: 'Hollins Lane North' });
  await form.getByLabel('Month').selectOption({ label: 'Jul 2025' });
  await form.getByLabel('Kilograms').fill(kg);
  await form.getByRole('button', { name: 'Add to log' }).click();
  await page.getByText(/Added 47\.3 kg for Hollins Lane North, Jul 2025/).waitFor({ timeout: 10000 });
}

async function jobBooking(page, base) {
  await nav(page, 'Honey house booking', 'Honey house booking');
  await page.waitForSelector('#Datepickk .d-table label', { state: 'attached' });
  // the calendar marks each day input with the local-midnight date
  const dayInput = async (iso) => {
    const json = await page.evaluate((d) => { const [y, m, dd] = d.split('-').map(Number); return new Date(y, m - 1, dd).toJSON(); }, iso);
    return page.locator(`#Datepickk .d-table input[data-date="${json}"]`);
  };
  // the first Thursday after the 20th is the 25th - is it free?
  const d25 = await (await dayInput('2026-06-25')).isDisabled();
  check(d25, '25 June is not bookable');
  await page.locator('#Datepickk #d-next').click();
  await page.waitForTimeout(300);
  const july2 = await dayInput('2026-07-02');
  check(!(await july2.isDisabled()), '2 July is bookable');
  const labelFor = await july2.getAttribute('id');
  await page.locator(`#Datepickk label[for="${labelFor}"]`).click();
  await page.getByText('Chosen day: Thu 2 Jul 2026').waitFor();
  const eq = page.locator('#equipment');
  await eq.click();
  await eq.pressSequentially('12-frame electric', { delay: 40 });
  const sugg = page.locator('.autocomplete-suggestions .autocomplete-suggestion', { hasText: 'Radial 12-frame, electric (honey house)' });
  await sugg.waitFor();
  await sugg.click();
  check((await eq.inputValue()) === 'Radial 12-frame, electric (honey house)', 'equipment chosen from suggestions');
  await page.getByLabel('Supers to extract').fill('6');
  await page.getByRole('button', { name: 'Book the slot' }).click();
  const ref = page.locator('.result-box .ref');
  await ref.waitFor({ timeout: 10000 });
  const r = (await ref.innerText()).trim();
  check(r === EXPECTED.bookingRef, `booking reference ${r} = ${EXPECTED.bookingRef}`);
}

async function jobMember(page, base) {
  await nav(page, 'Members', 'Members');
  await page.waitForSelector('table.members tbody tr');
  await page.getByPlaceholder('Name, village or member number').fill('MacKinnon');
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByText(/matching “MacKinnon”/).waitFor();
  await page.waitForFunction(() => !document.querySelector('.members-page').innerText.includes('Loading…'));
  let row = null;
  for (let i = 0; i < 5 && !row; i++) {
    const rows = page.locator('table.members tbody tr');
    const cnt = await rows.count();
    for (let j = 0; j < cnt; j++) {
      const cells = (await rows.nth(j).locator('td').allInnerTexts()).map((s) => s.trim());
      if (cells[1] === 'Alastair MacKinnon' && cells[2] === 'Tweedsmuir' && cells[4] === '2023') { row = rows.nth(j); break; }
    }
    if (!row) {
      await page.getByRole('button', { name: /Next/ }).click();
      await page.waitForTimeout(1200);
    }
  }
  if (!row) throw new Error('member not found');
  await row.getByRole('button', { name: 'Remove' }).click();
  const dlg = page.locator('.jsPanel-dialog');
  await dlg.waitFor();
  check((await dlg.innerText()).includes('KV-M-0333'), 'confirm dialog names KV-M-0333');
  await dlg.getByRole('button', { name: 'Remove member' }).click();
  await page.getByText('Removed Alastair MacKinnon (KV-M-0333).').waitFor({ timeout: 10000 });
}

// ------------------------------------------------------------------ main
async function main() {
  const port = await pickPort();
  const { child, base } = await startServer(port);
  log('server on', base);
  let browser;
  try {
    await fetch(base + '/__reset', { method: 'POST' });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const outside = [];
    context.on('request', (req) => {
      const u = new URL(req.url());
      if (['data:', 'blob:', 'about:'].includes(u.protocol)) return;
      if (u.hostname !== '127.0.0.1' || u.port !== String(port)) outside.push(req.url());
    });
    const page = await context.newPage();
    const pageErrors = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));
    const consoleErrors = [];
    page.on('console', (m) => { if (m.type() === 'error') consoleErrors.push(m.text()); });
    page.setDefaultTimeout(15000);

    for (const p of ['/hives', '/members', '/yields']) {
      const html = await (await fetch(base + p)).text();
      check(html.includes('<div id="app">'), `SPA fallback serves the app at ${p}`);
    }
    await page.goto(base + '/');
    await page.getByRole('heading', { name: 'Good morning' }).waitFor();
    const links = await page.locator('.cards a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    check(['/hives', '/notices', '/batches', '/inspections', '/yields', '/extraction', '/members'].every((h) => links.includes(h)), 'dashboard links every page');

    const jobs = [['1 hive grid', jobHives], ['2 notice editor', jobNotice], ['3 batch board', jobBatch],
      ['4 inspection upload', jobUpload], ['5 yield chart', jobYield], ['6 booking', jobBooking], ['7 member removal', jobMember]];
    for (const [name, fn] of jobs) {
      log('--- job', name);
      try {
        await fn(page, base);
        check(!page.url().includes('?'), `${name}: still inside the app (${new URL(page.url()).pathname})`);
      } catch (e) {
        failures.push(`${name}: ${e.message}`);
        log('FAIL', name, e.message);
        await page.screenshot({ path: path.join(ROOT, `selftest/fail-${name.split(' ')[0]}.png`) }).catch(() => {});
      }
    }

    const v = await (await fetch(base + '/__verify')).json();
    for (const [k, j] of Object.entries(v.jobs)) check(j.done, `verify ${k}: ${j.details}`);
    const keys = Object.keys(v.hits).sort();
    check(JSON.stringify(keys) === JSON.stringify([...EXPECTED_HITS].sort()), `non-GET calls are exactly the seven expected: ${JSON.stringify(v.hits)}`);
    check(Object.values(v.hits).every((n) => n === 1), 'each job made exactly one non-GET call');
    check(outside.length === 0, `no request left 127.0.0.1 (${outside.length} did)${outside.length ? ': ' + outside.slice(0, 5).join(', ') : ''}`);
    check(consoleErrors.length === 0, `no console errors${consoleErrors.length ? ': ' + consoleErrors.slice(0, 3).join(' | ') : ''}`);
    check(pageErrors.length === 0, `no page errors${pageErrors.length ? ': ' + pageErrors.slice(0, 3).join(' | ') : ''}`);
  } finally {
    if (browser) await browser.close().catch(() => {});
    child.kill('SIGTERM');
  }
  if (failures.length) {
    log(`FAILED (${failures.length}):`);
    for (const f of failures) log(' -', f);
    process.exit(1);
  }
  log('PASSED: all seven jobs done, one non-GET call each, nothing left 127.0.0.1');
}

main().catch((e) => { console.error('[selftest] crashed:', e); process.exit(2); });
