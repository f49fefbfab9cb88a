// Self-test: starts its own server, drives all seven jobs in headless Chromium, checks /__verify.
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '/work/main/node_modules/playwright-core/index.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const freePort = () => new Promise((res) => { const s = net.createServer(); s.listen(0, '127.0.0.1', () => { const p = s.address().port; s.close(() => res(p)); }); });
let port = 4900 + Math.floor(Math.random() * 100);
// prefer the allowed 4900-4999 range; fall back to any free port if busy
const tryPort = (p) => new Promise((res) => { const s = net.createServer(); s.once('error', () => res(false)); s.listen(p, '127.0.0.1', () => s.close(() => res(true))); });
for (let i = 0; i < 100 && !(await tryPort(port)); i++) port = 4900 + ((port - 4900 + 1) % 100);
const BASE = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ['server.mjs'], { cwd: ROOT, env: { ...process.env, PORT: String(port), IDLE_MS: '600000' }, stdio: ['ignore', 'pipe', 'inherit'] });
await new Promise((res) => server.stdout.on('data', (d) => { if (String(d).includes('http://')) res(); }));
const step = (m) => console.log('•', m);
const answers = {};
let browser, page;
try {
  await fetch(BASE + '/__reset', { method: 'POST' });
  browser = await chromium.launch({ executablePath: '/usr/lib/chromium/chromium-headless-shell', args: ['--no-sandbox'] });
  page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  const external = [];
  page.on('request', (r) => { if (!r.url().startsWith(BASE)) external.push(r.url()); });
  page.on('pageerror', (e) => console.log('pageerror:', e.message));

  // 1. Grid
  step('travellers grid');
  await page.goto(BASE + '/travellers');
  await page.getByText('330 travellers').waitFor();
  const table = page.locator('.x-spreadsheet-table');
  const box = await table.boundingBox();
  const widths = [70, 100, 95, 145, 55, 175, 105, 65];
  const colX = (ci) => box.x + 50 + widths.slice(0, ci).reduce((a, b) => a + b, 0) + widths[ci] / 2;
  await page.mouse.click(colX(1), box.y + 25 + 25 + 12); // Surname of first traveller
  for (let i = 0; i < 214; i++) await page.keyboard.press('ArrowDown');
  for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
  await page.keyboard.type('Vegan', { delay: 30 });
  await page.keyboard.press('Enter');
  await page.waitForTimeout(200);
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.type('C07', { delay: 30 });
  await page.keyboard.press('Enter');
  await page.getByText('2 unsaved changes.').waitFor({ timeout: 5000 });
  await page.getByRole('button', { name: 'Save changes' }).click();
  await page.getByText('Saved 2 changes.').waitFor();
  const trav = await (await fetch(BASE + '/api/travellers')).json();
  answers.kitTag = trav.rows.find((r) => r.first === 'Ava' && r.surname === 'Morgan' && r.school === 'Ashcombe School').kittag;

  // 2. Letter
  step('parent letter');
  await page.goto(BASE + '/letters');
  const pm = page.locator('.toastui-editor-ww-container .ProseMirror');
  await pm.getByText('The coach leaves Ashcombe School').waitFor();
  const select = async (sentenceStart, word) => {
    await page.evaluate(([s, w]) => {
      const root = document.querySelector('.toastui-editor-ww-container .ProseMirror');
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      let n;
      while ((n = walker.nextNode())) {
        const i = n.data.indexOf(s);
        if (i >= 0) { const j = n.data.indexOf(w, i); const r = document.createRange(); r.setStart(n, j); r.setEnd(n, j + w.length); const sel = getSelection(); sel.removeAllRanges(); sel.addRange(r); return; }
      }
      throw new Error('text not found: ' + s);
    }, [sentenceStart, word]);
    await page.waitForTimeout(150);
  };
  await pm.click();
  await select('The coach leaves Ashcombe School at 8.15', '8.15');
  await page.keyboard.type('8.45');
  await select('Every pupil needs a packed lunch', 'packed lunch');
  await page.keyboard.press('Control+b');
  await select('and a waterproof jacket', 'waterproof');
  await page.keyboard.press('Control+i');
  await select('Please read the kit list', 'kit list');
  await page.getByRole('button', { name: /link/i }).first().click();
  await page.locator('#toastuiLinkUrlInput').fill('https://trips.fernhill.example/kit/lake-district');
  const txt = page.locator('#toastuiLinkTextInput');
  if (await txt.isVisible() && !(await txt.inputValue())) await txt.fill('kit list');
  await page.locator('.toastui-editor-popup-add-link .toastui-editor-ok-button').click();
  await page.getByRole('button', { name: 'Save letter' }).click();
  await page.getByText('Letter saved.').waitFor();

  // 3. Board
  step('approvals board');
  await page.goto(BASE + '/approvals');
  const card = page.locator('li.card', { hasText: 'Year 8 — Science Museum' }).filter({ has: page.locator('.card-school', { hasText: /^Ashcombe School$/ }) });
  await card.waitFor();
  await card.dragTo(page.locator('section.column[data-column="approved"] ul'));
  const toast = page.locator('.native-toast', { hasText: 'Reference' });
  await toast.waitFor({ timeout: 5000 });
  answers.approvalRef = (await toast.innerText()).match(/Reference (\S+)/)[1];

  // 4. Upload
  step('manifest upload');
  await page.goto(BASE + '/manifests');
  await page.locator('input[type=file]').setInputFiles(path.join(ROOT, 'files/lake-district-manifest.csv'));
  await page.getByRole('button', { name: 'Upload manifest' }).click();
  const res = page.getByRole('region', { name: 'Manifest check result' });
  await res.waitFor();
  answers.balanceDue = (await res.locator('dd.big').innerText()).trim();

  // 5. Chart
  step('statistics chart');
  await page.goto(BASE + '/statistics');
  await page.locator('.chart-host svg circle.dot').first().waitFor();
  const dots = page.locator('.chart-host circle.dot');
  const n = await dots.count();
  let found = null;
  for (let i = 0; i < n && !found; i++) {
    const bb = await dots.nth(i).boundingBox();
    if (!bb) continue;
    let tip = '';
    for (let t = 0; t < 4 && !tip.includes('Month'); t++) {
      await page.mouse.move(bb.x + bb.width / 2 + 8, bb.y + bb.height / 2 + 8);
      await page.mouse.move(bb.x + bb.width / 2, bb.y + bb.height / 2, { steps: 4 });
      await page.waitForTimeout(150);
      tip = (await page.locator('.cds--cc--tooltip').innerText().catch(() => '')).replace(/\s+/g, ' ');
    }
    if (process.env.DEBUG) console.log(i, bb.x, bb.y, tip);
    if (/Month Nov 2025/.test(tip) && /Group KS3/.test(tip)) found = tip;
  }
  if (!found) throw new Error('tooltip for Nov 2025 not found');
  answers.ks3Nov = Number(found.match(/Pupils ([\d,]+)/)[1].replace(/,/g, ''));
  await page.getByRole('combobox', { name: 'Key stage', exact: true }).selectOption('KS3');
  await page.getByRole('combobox', { name: 'Month', exact: true }).selectOption('Nov 2025');
  await page.getByRole('spinbutton', { name: 'Pupils travelling' }).fill(String(answers.ks3Nov));
  await page.getByRole('button', { name: 'Record sign-off' }).click();
  await page.getByText('Signed off:').waitFor();

  // 6. Meeting
  step('meeting booking');
  await page.goto(BASE + '/meetings');
  const school = page.getByLabel('School');
  await school.waitFor();
  await page.getByRole('combobox', { name: 'Meeting type' }).locator('option', { hasText: 'Risk assessment review' }).waitFor({ state: 'attached' });
  await school.pressSequentially("St Mary", { delay: 40 });
  await page.locator('.autocomplete div', { hasText: "St Mary's C of E Primary, Ashford" }).click();
  await page.getByRole('combobox', { name: 'Meeting type' }).selectOption('Risk assessment review');
  await page.getByLabel('Date').click();
  const days = page.locator('.pickmeup .pmu-days .pmu-button:not(.pmu-not-in-month)');
  await days.first().waitFor();
  let picked = null;
  for (const d of [16, 17, 18, 19, 20]) {
    const cell = days.filter({ hasText: new RegExp(`^${d}$`) });
    if (!(await cell.getAttribute('class')).includes('pmu-disabled')) { await cell.click(); picked = d; break; }
  }
  answers.meetingDay = picked;
  await page.getByRole('combobox', { name: 'Time', exact: true }).selectOption('14:00');
  await page.getByLabel('Note for the office').fill('Bring coach quote');
  await page.getByRole('button', { name: 'Book meeting' }).click();
  const conf = page.getByRole('region', { name: 'Booking confirmation' });
  await conf.waitFor();
  answers.meetingRef = (await conf.locator('dd.big').innerText()).trim();

  // 7. Volunteers
  step('volunteer removal');
  await page.goto(BASE + '/volunteers');
  await page.getByRole('searchbox').fill('Daniel Hughes');
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByText('matching “Daniel Hughes”').waitFor();
  const row = page.locator('tbody tr').filter({ hasText: 'Daniel Hughes' }).filter({ hasText: 'Ashcombe School' });
  await row.getByRole('button', { name: /Remove/ }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: /^Remove Daniel Hughes/ }).click();
  await page.getByText('Daniel Hughes (Ashcombe School) removed.').waitFor();

  console.log('answers:', answers);
  if (external.length) throw new Error('external requests: ' + external.join(', '));
  const v = await (await fetch(BASE + '/__verify')).json();
  console.log(JSON.stringify(v, null, 1));
  const notDone = Object.entries(v.jobs).filter(([, j]) => !j.done).map(([k]) => k);
  const expectedHits = ['POST /api/travellers/bulk', 'PUT /api/letters/LTR-7', 'POST /api/board/move', 'POST /api/manifests', 'POST /api/stats/signoff', 'POST /api/meetings', 'DELETE /api/volunteers/V-538'];
  const badHits = expectedHits.filter((k) => v.hits[k] !== 1).concat(Object.keys(v.hits).filter((k) => !expectedHits.includes(k)));
  if (Object.keys(v.jobs).length !== 7 || notDone.length || badHits.length) throw new Error(`verify failed: notDone=${notDone} badHits=${badHits}`);
  console.log('SELFTEST PASSED: 7 jobs done, each mutating endpoint hit once');
  console.log('7 passed, 0 failed');
} catch (e) {
  console.error('SELFTEST FAILED:', e);
  if (page) { await page.screenshot({ path: '/tmp/selftest-failure.png' }).catch(() => {}); console.error(await page.locator('main').innerText().catch(() => '')); }
  process.exitCode = 1;
} finally {
  if (browser) await browser.close();
  server.kill();
}
