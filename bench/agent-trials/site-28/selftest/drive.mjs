// Drives all seven jobs in headless Chromium against a private server, then checks /__verify.
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '/work/main/node_modules/playwright-core/index.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CHROME = process.env.CHROME || '/usr/lib/chromium/chromium-headless-shell';

function free(port) {
  return new Promise((res) => { const s = net.createServer(); s.once('error', () => res(false)); s.listen(port, '127.0.0.1', () => s.close(() => res(true))); });
}
async function sparePort() {
  for (let p = 4950 + Math.floor(Math.random() * 40); p < 5000; p++) if (await free(p)) return p;
  for (let p = 4900; p < 5000; p++) if (await free(p)) return p;
  throw new Error('no spare port in 4900-4999');
}
const port = await sparePort();
const BASE = `http://127.0.0.1:${port}`;
const srv = spawn(process.execPath, ['server.mjs'], { cwd: ROOT, env: { ...process.env, PORT: String(port), IDLE_MS: '600000' }, stdio: ['ignore', 'pipe', 'inherit'] });
await new Promise((res, rej) => { srv.stdout.on('data', (d) => { if (String(d).includes('http://')) res(); }); srv.on('exit', () => rej(new Error('server exited'))); });
await fetch(BASE + '/__reset', { method: 'POST' });

const browser = await chromium.launch({ executablePath: CHROME, args: ['--no-sandbox'] });
const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
const external = [];
page.on('request', (r) => { const u = new URL(r.url()); if (!['127.0.0.1', 'localhost'].includes(u.hostname) && !['data:', 'blob:'].includes(u.protocol)) external.push(r.url()); });
page.on('pageerror', (e) => console.log('  [pageerror]', e.message));
const answers = {};
const step = (s) => console.log('•', s);
let failed = false;

async function nav(href) {
  await page.click(`nav[aria-label="Main"] a[href="${href}"]`);
  await page.waitForURL(BASE + href);
}

async function selectInEditor(context, needle) {
  await page.evaluate(([context, needle]) => {
    const ed = document.querySelector('.editor');
    const walker = document.createTreeWalker(ed, NodeFilter.SHOW_TEXT);
    let n;
    while ((n = walker.nextNode())) {
      const i = n.data.indexOf(context);
      if (i >= 0) {
        const j = i + context.indexOf(needle);
        const r = document.createRange();
        r.setStart(n, j); r.setEnd(n, j + needle.length);
        ed.focus();
        const sel = window.getSelection(); sel.removeAllRanges(); sel.addRange(r);
        return;
      }
    }
    throw new Error('text not found: ' + context);
  }, [context, needle]);
}

async function job(name, fn) {
  step(name);
  try { await fn(); } catch (e) {
    failed = true; console.error('  DRIVE FAILED:', name, e.message.split('\n')[0]);
    await page.screenshot({ path: path.join(ROOT, `selftest/failure-${name.replace(/\W+/g, '-')}.png`) }).catch(() => {});
    if (process.env.DEBUG_HTML) console.log((await page.locator('main').innerHTML()).slice(0, 6000));
  }
}
try {
  await page.goto(BASE + '/');
  await page.getByText('Bikes on the register').waitFor();

  // 1. Fleet grid
  await job('fleet grid', async () => {
  await nav('/fleet');
  await page.getByText('320 bikes shown').waitFor();
  await page.fill('#fleet-search', 'Ridgeway E2 Canal Basin');
  await page.getByText('3 bikes shown').waitFor();
  const row = page.locator('.InovuaReactDataGrid__row', { hasText: '2025-03-04' });
  await row.waitFor();
  await row.locator('[data-props-id="status"]').dblclick();
  await row.locator('.inovua-react-toolkit-combo-box__toggle-icon').click();
  await page.locator('.inovua-react-toolkit-combo-box__list__item', { hasText: 'In workshop' }).click();
  const row2 = page.locator('.InovuaReactDataGrid__row', { hasText: '2025-03-04' });
  await row2.locator('[data-props-id="status"]', { hasText: 'In workshop' }).waitFor();
  await row2.locator('[data-props-id="note"]').dblclick();
  await row2.locator('[data-props-id="note"] input').waitFor();
  await page.keyboard.type('Rear brake rubbing');
  await page.keyboard.press('Enter');
  await page.getByText('2 unsaved changes').waitFor();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await page.getByText('Saved 2 changes.').waitFor();
  // scroll right to read the asset tag (columns are virtualised)
  const dates = await page.locator('.InovuaReactDataGrid__row [data-props-id="lastService"]').allInnerTexts();
  const idx = dates.indexOf('2025-03-04');
  const box = await page.locator('.InovuaReactDataGrid__body').boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + 120);
  const rowText = () => page.locator('.InovuaReactDataGrid__row').nth(idx).innerText();
  for (let k = 0; k < 12 && !/AT-\d{5}-[A-Z]/.test(await rowText()); k++) {
    await page.evaluate(() => { for (const el of document.querySelectorAll('.InovuaReactDataGrid__body *')) if (el.scrollWidth > el.clientWidth + 50 && getComputedStyle(el).overflowX !== 'hidden') el.scrollLeft += 500; });
    await page.waitForTimeout(200);
  }
  answers.assetTag = ((await rowText()).match(/AT-\d{5}-[A-Z]/) || [null])[0];
  console.log('  asset tag:', answers.assetTag);

  // 2. Notice editor
  });
  await job('notice editor', async () => {
  await nav('/notices');
  await page.locator('.editor').getByText('rider handbook').waitFor();
  await page.waitForTimeout(300);
  await selectInEditor('Harbour Street after 22:00 must be docked at bay 4', '4');
  await page.keyboard.type('6');
  await selectInEditor('Harbour Street after 22:00 must', 'after 22:00');
  await page.click('[data-wysihtml5-command="bold"]');
  await selectInEditor('keys are only issued', 'only');
  await page.click('[data-wysihtml5-command="italic"]');
  await selectInEditor('see the rider handbook or', 'rider handbook');
  await page.click('[data-wysihtml5-command="createLink"]');
  await page.locator('#link-href').waitFor({ state: 'visible' });
  await page.fill('#link-href', 'https://handbook.spokes.example/riders');
  await page.click('[data-wysihtml5-dialog-action="save"]');
  await page.getByRole('button', { name: 'Save notice' }).click();
  await page.getByText('Notice saved.').waitFor();

  // 3. Repair board
  });
  await job('repair board', async () => {
  await nav('/repairs');
  const card = page.locator('li.ticket[data-id="T-302"]');
  await card.waitFor();
  await card.dragTo(page.locator('ul[data-col="parts"]'));
  const toastEl = page.getByText(/Work order WO-/);
  await toastEl.waitFor({ timeout: 5000 });
  answers.workOrder = ((await toastEl.innerText()).match(/WO-[\w-]+/) || [null])[0];
  console.log('  work order:', answers.workOrder);

  // 4. Upload
  });
  await job('dock count import', async () => {
  await nav('/imports');
  await page.setInputFiles('#dock-file', path.join(ROOT, 'files/dock-count-harbour-street-2025-06.csv'));
  const res = page.locator('.result');
  await res.getByText('Total returns').waitFor();
  answers.returns = (await res.innerText()).match(/Total returns\s+(\d+)/)[1];
  console.log('  total returns:', answers.returns);

  // 5. Chart
  });
  await job('trip chart', async () => {
  await nav('/usage');
  const pt = page.locator('.c3-target-Mill-Lane .c3-circle-7');
  await pt.waitFor();
  await page.waitForTimeout(600);
  const pb = await pt.boundingBox();
  await page.mouse.move(pb.x + pb.width / 2, pb.y + pb.height / 2);
  const tip = page.locator('.c3-tooltip');
  await tip.waitFor();
  const title = await tip.locator('th').first().innerText();
  answers.trips = (await tip.locator('tr.c3-tooltip-name--Mill-Lane td.value').innerText()).replace(/\D/g, '');
  console.log('  tooltip:', title, '→ Mill Lane', answers.trips);

  // 6. Booking
  });
  await job('booking', async () => {
  await nav('/bookings');
  await page.locator('#member-search').click();
  await page.locator('#member-search').fill('Natarajan');
  await page.locator('.tail-select label', { hasText: 'Priya Natarajan — M-3320 · Mill Lane' }).click();
  await page.keyboard.press('Escape');
  if ((await page.inputValue('#member-select')) !== 'M-3320') throw new Error('member not selected: ' + (await page.inputValue('#member-select')));
  await page.selectOption('#service', 'Bike fitting');
  await page.click('#appt-date');
  await page.locator('.dp').waitFor();
  const dayBtn = (d) => page.locator('.dp-day:not(.dp-edge-day)', { hasText: new RegExp(`^${d}$`) });
  for (const d of [16, 17]) if (!(await dayBtn(d).getAttribute('class')).includes('dp-day-disabled')) throw new Error(`${d} June should be disabled`);
  await dayBtn(18).click();
  await page.waitForTimeout(200);
  if ((await page.inputValue('#appt-date')) !== '2025-06-18') throw new Error('date not set: ' + (await page.inputValue('#appt-date')));
  await page.selectOption('#time', '14:00');
  await page.fill('#note', 'Prefers step-through frame');
  await page.getByRole('button', { name: 'Book appointment' }).click();
  const done = page.locator('.result');
  await done.waitFor();
  answers.booking = ((await done.innerText()).match(/BK-\d+/) || [null])[0];
  console.log('  booking:', answers.booking);

  // 7. Members
  });
  await job('member removal', async () => {
  await nav('/members');
  await page.fill('#member-q', 'Alex Morgan');
  await page.getByText('2 members found').waitFor();
  await page.getByRole('button', { name: 'Remove Alex Morgan (M-2187)' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove member' }).click();
  await page.getByText('Alex Morgan (M-2187) has been removed.').waitFor();
  await page.getByText('1 members found').waitFor();
  });
} catch (e) {
  failed = true;
  console.error('DRIVE FAILED:', e.message);
  await page.screenshot({ path: path.join(ROOT, 'selftest/failure.png') }).catch(() => {});
}

const v = await (await fetch(BASE + '/__verify')).json();
await browser.close();
srv.kill();

const expectHits = ['POST /api/fleet/save', 'PUT /api/notices/late-returns', 'POST /api/repairs/move', 'POST /api/imports', 'POST /api/bookings', 'DELETE /api/members/M-2187'];
for (const [k, j] of Object.entries(v.jobs)) { console.log(`${j.done ? 'PASS' : 'FAIL'} ${k}`); if (!j.done) { failed = true; console.log('   ', JSON.stringify(j.details).slice(0, 600)); } }
for (const h of expectHits) if (v.hits[h] !== 1) { failed = true; console.log(`FAIL hit count ${h} = ${v.hits[h]}`); }
if (Object.keys(v.hits).length !== expectHits.length) { failed = true; console.log('FAIL unexpected hits', v.hits); }
const want = { assetTag: 'AT-48213-K', returns: '400', trips: '187' };
for (const [k, w] of Object.entries(want)) if (answers[k] !== w) { failed = true; console.log(`FAIL answer ${k}: ${answers[k]} != ${w}`); }
if (!/^WO-\d+-2217$/.test(answers.workOrder || '')) { failed = true; console.log('FAIL work order', answers.workOrder); }
if (!/^BK-\d+$/.test(answers.booking || '')) { failed = true; console.log('FAIL booking ref', answers.booking); }
if (external.length) { failed = true; console.log('FAIL external requests', external); }
console.log(failed ? 'SELFTEST FAILED' : 'SELFTEST PASSED', JSON.stringify(answers));
process.exit(failed ? 1 : 0);
