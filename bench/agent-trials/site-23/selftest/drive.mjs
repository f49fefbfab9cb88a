// Self-test: starts its own server on a spare port, drives all seven jobs in
// headless Chromium through the UI, then checks /__verify.
//
//   npm run selftest
//
// PLAYWRIGHT_CORE and CHROMIUM_PATH override where playwright-core and the
// browser are taken from.
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PW = process.env.PLAYWRIGHT_CORE || '/work/main/node_modules/playwright-core/index.mjs';
const CHROME = process.env.CHROMIUM_PATH || '/usr/lib/chromium/chromium-headless-shell';
const HEADED_SLOWMO = Number(process.env.SLOWMO || 0);

const { chromium } = await import(PW);

if (!fs.existsSync(path.join(ROOT, 'dist/index.html'))) {
  console.error('dist/ is missing: run `npm run build` first.');
  process.exit(1);
}

// ------------------------------------------------------------------ server
function portFree(port) {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}
async function sparePort() {
  const start = 4700 + Math.floor(Math.random() * 100);
  for (let i = 0; i < 100; i++) {
    const port = 4700 + ((start - 4700 + i) % 100);
    if (await portFree(port)) return port;
  }
  throw new Error('No free port in 4700-4799');
}

const PORT = await sparePort();
const BASE = `http://127.0.0.1:${PORT}`;
const server = spawn(process.execPath, [path.join(ROOT, 'server.mjs')], {
  cwd: ROOT,
  env: { ...process.env, PORT: String(PORT), IDLE_MS: '900000' },
  stdio: ['ignore', 'pipe', 'pipe'],
});
let serverLog = '';
server.stdout.on('data', (d) => { serverLog += d; });
server.stderr.on('data', (d) => { serverLog += d; });

async function waitForServer() {
  for (let i = 0; i < 100; i++) {
    try { const r = await fetch(BASE + '/__verify'); if (r.ok) return; } catch { /* not yet */ }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('Server did not start:\n' + serverLog);
}

// ------------------------------------------------------------------ helpers
const results = [];
function check(name, ok, detail = '') {
  results.push({ name, ok, detail });
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${detail ? ' — ' + detail : ''}`);
}
async function step(name, fn) {
  const t = Date.now();
  try {
    await fn();
    console.log(`     (${name}: ${((Date.now() - t) / 1000).toFixed(1)} s)`);
  } catch (err) {
    check(name, false, err.message.split('\n')[0]);
    if (process.env.SELFTEST_SHOTS) await page.screenshot({ path: path.join(ROOT, `selftest/fail-${name.replace(/\W+/g, '-')}.png`) }).catch(() => {});
  }
}

let browser; let page;
const shot = async (name) => {
  if (process.env.SELFTEST_SHOTS) await page.screenshot({ path: path.join(ROOT, `selftest/shot-${name}.png`) }).catch(() => {});
};
const external = [];
const pageErrors = [];
const answers = {};

try {
  await waitForServer();
  await fetch(BASE + '/__reset', { method: 'POST' });

  browser = await chromium.launch({ executablePath: CHROME, args: ['--no-sandbox'], slowMo: HEADED_SLOWMO });
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, locale: 'en-GB', timezoneId: 'Europe/London' });
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith(BASE) || url.startsWith('data:') || url.startsWith('blob:') || url.startsWith('about:')) return route.continue();
    external.push(url);
    return route.abort();
  });
  page = await context.newPage();
  page.setDefaultTimeout(20000);
  page.on('pageerror', (e) => pageErrors.push(e.message));

  // ---------------------------------------------------------------- 0. dashboard links
  await step('dashboard', async () => {
    await page.goto(BASE + '/');
    await page.getByRole('heading', { name: 'Office tools' }).waitFor();
    const links = await page.locator('.tiles a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    check('dashboard links every page', ['/moves', '/templates', '/pipeline', '/inventory', '/fleet', '/surveys/new', '/staff'].every((p) => links.includes(p)), links.join(' '));
  });

  // ---------------------------------------------------------------- 1. moves register (grid)
  await step('moves register', async () => {
    await page.goto(BASE + '/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Moves register' }).click();
    await page.locator('#moves-grid [role=gridcell]').first().waitFor();
    await page.getByRole('textbox', { name: 'Filter by surname' }).fill('Okonkwo');
    await page.waitForFunction(() => document.querySelectorAll('#moves-grid .dhx_grid-row').length > 0 &&
      [...document.querySelectorAll('#moves-grid [data-dhx-col-id=surname]')].every((c) => /okonkwo/i.test(c.textContent)));
    // Which rows are an exact "Okonkwo", and which of those move out of Headingley?
    const rowId = await page.evaluate(() => {
      const exact = [...document.querySelectorAll('#moves-grid [data-dhx-col-id=surname]')]
        .filter((c) => c.textContent.trim() === 'Okonkwo').map((c) => c.closest('[role=row]').getAttribute('data-dhx-id'));
      const hit = [...document.querySelectorAll('#moves-grid [data-dhx-col-id=fromTown]')]
        .filter((c) => c.textContent.trim() === 'Headingley').map((c) => c.closest('[role=row]').getAttribute('data-dhx-id'));
      const both = exact.filter((id) => hit.includes(id));
      return both.length === 1 ? both[0] : null;
    });
    if (!rowId) throw new Error('could not single out the Okonkwo move from Headingley');
    const row = `#moves-grid [role=row][data-dhx-id="${rowId}"]`;
    const grid = await page.locator('#moves-grid').boundingBox();
    await page.mouse.move(grid.x + grid.width * 0.6, grid.y + 150);
    const scrollUntil = async (col) => {
      for (let i = 0; i < 40; i++) {
        const cell = page.locator(`${row} [data-dhx-col-id=${col}]`);
        if (await cell.count()) {
          const b = await cell.boundingBox();
          if (b && b.x > grid.x + 280 && b.x + b.width / 2 < grid.x + grid.width - 5) return cell;
        }
        await page.mouse.wheel(250, 0);
        await page.waitForTimeout(120);
      }
      throw new Error(`column ${col} never came into view`);
    };
    const status = await scrollUntil('status');
    await status.dblclick();
    const select = page.getByRole('combobox', { name: 'Edit status' });
    await select.selectOption('Booked');
    await select.press('Enter');
    await page.waitForFunction((sel) => document.querySelector(sel)?.textContent.trim() === 'Booked', `${row} [data-dhx-col-id=status]`);
    const notes = await scrollUntil('accessNotes');
    await notes.dblclick();
    const input = page.getByRole('textbox', { name: 'Edit access notes' });
    await input.fill('Bay suspension booked on Ash Road');
    await input.press('Enter');
    await page.getByText('2 unsaved changes in 1 move').waitFor();
    await shot('1-grid-edited');
    const cert = await scrollUntil('gitCert');
    answers.gitCert = (await cert.textContent()).trim();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Saved 2 changes.').waitFor();
    check('moves register: goods-in-transit cert read from far-right column', answers.gitCert === 'GIT-58214-K', answers.gitCert);
  });

  // ---------------------------------------------------------------- 2. letter template (rich text)
  await step('letter template', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Letter templates' }).click();
    const frameEl = page.locator('iframe.tox-edit-area__iframe');
    await frameEl.waitFor();
    const frame = page.frameLocator('iframe.tox-edit-area__iframe');
    await frame.locator('body').getByText('Your moving day').waitFor();
    await frame.locator('body').click({ position: { x: 5, y: 5 } });
    const select = (context, needle) => frame.locator('body').evaluate((body, [ctx, ndl]) => {
      const walker = body.ownerDocument.createTreeWalker(body, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const i = n.data.indexOf(ctx);
        if (i === -1) continue;
        const start = i + ctx.indexOf(ndl);
        const range = body.ownerDocument.createRange();
        range.setStart(n, start); range.setEnd(n, start + ndl.length);
        const sel = body.ownerDocument.getSelection();
        sel.removeAllRanges(); sel.addRange(range);
        return true;
      }
      throw new Error('text not found: ' + ctx);
    }, [context, needle]);
    // 1. fix the flat sentence only
    await select('from a flat, our crew will arrive between 7:30 and 8:30', '7:30 and 8:30');
    await page.keyboard.type('8:30 and 9:30');
    // 2. bold
    await select('Please empty and defrost your freezer', 'empty and defrost your freezer');
    await page.getByRole('button', { name: 'Bold' }).click();
    // 3. italic
    await select('travel with you, not in the van', 'not');
    await page.getByRole('button', { name: 'Italic' }).click();
    // 4. link
    await select('Our packing guide explains', 'packing guide');
    await page.getByRole('button', { name: /Insert\/edit link/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('combobox', { name: 'URL' }).or(dialog.getByRole('textbox', { name: 'URL' })).fill('https://kestrelvale.example/packing-guide');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Save template' }).click();
    await page.getByText('Template saved.').waitFor();
    await shot('2-template-saved');
  });

  // ---------------------------------------------------------------- 3. survey pipeline (drag and drop + toast)
  await step('survey pipeline', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Survey pipeline' }).click();
    const surveyed = page.getByRole('list', { name: 'Surveyed cards' });
    const card = surveyed.getByRole('listitem').filter({ hasText: 'Fairbairn' }).filter({ hasText: '4-bed detached' }).filter({ hasText: 'Harrogate → Ripon' });
    await card.waitFor();
    const target = page.getByRole('list', { name: 'Quote sent cards' });
    const toastText = page.waitForFunction(() => {
      const t = [...document.querySelectorAll('.snackbar-container')].map((e) => e.textContent).find((x) => /Quote QT-/.test(x));
      return t || false;
    }, null, { timeout: 15000, polling: 50 });
    await card.dragTo(target.getByRole('listitem').first(), { targetPosition: { x: 40, y: 20 } });
    answers.quoteToast = await (await toastText).jsonValue();
    if (process.env.SELFTEST_SHOTS) { await page.waitForTimeout(600); await shot('3-board-toast'); }
    answers.quoteRef = (/QT-\d+-\d+/.exec(answers.quoteToast) || [])[0];
    await target.getByRole('listitem').filter({ hasText: 'Harrogate → Ripon' }).waitFor();
    // The toast is short-lived: it must be gone a few seconds later.
    await page.waitForTimeout(3200);
    check('survey pipeline: toast disappears after ~2 s', (await page.locator('.snackbar-container').count()) === 0);
  });

  // ---------------------------------------------------------------- 4. inventory upload
  await step('inventory upload', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Inventory upload' }).click();
    const dz = page.getByRole('button', { name: /Drop the inventory CSV here/ });
    await dz.waitFor();
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), dz.click()]);
    await chooser.setFiles(path.join(ROOT, 'files/whitlock-inventory-final.csv'));
    await page.getByText('Selected file: whitlock-inventory-final.csv').waitFor();
    await page.getByRole('button', { name: 'Upload and calculate' }).click();
    const vol = page.locator('.result dt', { hasText: 'Estimated volume' }).locator('xpath=following-sibling::dd');
    await vol.waitFor();
    answers.volume = (await vol.textContent()).trim();
    await shot('4-upload-result');
    check('inventory upload: estimated volume shown', answers.volume === '773 cu ft', answers.volume);
  });

  // ---------------------------------------------------------------- 5. fleet fuel chart
  await step('fleet fuel chart', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Fleet fuel' }).click();
    const label = page.locator('#fuel-chart svg text', { hasText: 'Nov 2024' });
    await label.waitFor();
    const lb = await label.boundingBox();
    const chartBox = await page.locator('#fuel-chart').boundingBox();
    await page.mouse.move(lb.x + lb.width / 2, chartBox.y + chartBox.height / 2);
    const balloon = page.locator('.amcharts-balloon-div', { hasText: 'Luton 2' });
    await balloon.waitFor();
    const text = (await balloon.innerText()).replace(/\s+/g, ' ');
    await shot('5-chart-tooltip');
    answers.fuel = Number((/([\d,]+) litres/.exec(text) || [])[1]?.replace(',', ''));
    check('fleet chart: tooltip read for Luton 2, Nov 2024', answers.fuel === 621, text);
    await page.getByLabel('Vehicle', { exact: true }).selectOption({ label: 'Luton 2 (YK72 KVL)' });
    await page.getByLabel('Month', { exact: true }).selectOption({ label: 'November 2024' });
    await page.getByLabel('Litres', { exact: true }).fill(String(answers.fuel));
    await page.getByRole('button', { name: 'Record fuel check' }).click();
    await page.getByText(/Fuel check FC-\d+ recorded/).waitFor();
  });

  // ---------------------------------------------------------------- 6. survey booking
  await step('survey booking', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Book a survey' }).click();
    const input = page.getByRole('combobox', { name: 'Customer' });
    await input.pressSequentially('McAllister', { delay: 40 });
    const option = page.getByRole('option').filter({ hasText: /^Siobhan McAllister\s+Roundhay/ });
    await option.waitFor();
    await option.click();
    await page.getByText(/Selected: Siobhan McAllister — Roundhay/).waitFor();
    await page.getByRole('radio', { name: 'In-home survey' }).check();
    // First date on offer in the week beginning Monday 17 March 2025.
    await page.locator('#survey-calendar .day[data-date]').first().waitFor();
    await page.locator('#survey-calendar .period', { hasText: 'March 2025' }).waitFor();
    let picked = null;
    for (const d of ['17', '18', '19', '20', '21']) {
      const day = page.locator(`#survey-calendar .day[data-date="2025-03-${d}"]`);
      if ((await day.getAttribute('aria-disabled')) !== 'true') { await day.click(); picked = `2025-03-${d}`; break; }
    }
    answers.surveyDate = picked;
    await page.getByText('Selected date: Thursday 20 March 2025').waitFor();
    await page.getByLabel('Time').selectOption('10:30');
    await page.getByLabel(/Note for the surveyor/).fill('Piano in the front room');
    await page.getByRole('button', { name: 'Book survey' }).click();
    const ref = page.locator('.ref');
    await ref.waitFor();
    answers.surveyRef = (await ref.textContent()).trim();
    await shot('6-survey-booked');
    check('survey booking: first bookable day in w/b 17 March', picked === '2025-03-20', picked);
    check('survey booking: reference shown', /^SV-25-\d{4}$/.test(answers.surveyRef), answers.surveyRef);
  });

  // ---------------------------------------------------------------- 7. staff directory
  await step('staff removal', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Staff directory' }).click();
    await page.getByRole('searchbox', { name: 'Search staff' }).fill('Daniel Hughes');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText('2 people matching “Daniel Hughes”').waitFor();
    await page.getByRole('button', { name: 'Remove Daniel Hughes (Porter, Wakefield)' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Remove from the staff directory?' });
    await dialog.waitFor();
    await dialog.getByText('Porter, Wakefield depot').waitFor();
    await page.waitForTimeout(300);
    await shot('7-confirm-dialog');
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await page.getByText('Daniel Hughes (Porter, Wakefield) was removed from the directory.').waitFor();
    await page.getByText('1 person matching “Daniel Hughes”').waitFor();
  });

  // ---------------------------------------------------------------- verification
  const verify = await (await fetch(BASE + '/__verify')).json();
  for (const [name, job] of Object.entries(verify.jobs)) {
    check(`verify: ${name} done`, job.done === true, job.done ? '' : JSON.stringify(job.details).slice(0, 400));
  }
  check('verify: seven jobs reported', Object.keys(verify.jobs).length === 7);
  const expectedHits = ['POST /api/moves/bulk-update', 'PUT /api/templates/moving-day-letter', 'POST /api/board/moves',
    'POST /api/inventory/uploads', 'POST /api/fleet/fuel-checks', 'POST /api/surveys'];
  for (const key of expectedHits) check(`hits: ${key} once`, verify.hits[key] === 1, String(verify.hits[key]));
  const deletes = Object.entries(verify.hits).filter(([k]) => k.startsWith('DELETE /api/staff/'));
  check('hits: DELETE /api/staff/:id once', deletes.length === 1 && deletes[0][1] === 1, JSON.stringify(deletes));
  const extra = Object.keys(verify.hits).filter((k) => !expectedHits.includes(k) && !k.startsWith('DELETE /api/staff/'));
  check('hits: no other mutating calls', extra.length === 0, extra.join(', '));
  check('board: toast reference matches the server', answers.quoteRef && answers.quoteRef === verify.jobs.survey_board.details.expectedReference, `${answers.quoteRef} / ${verify.jobs.survey_board.details.expectedReference}`);
  check('no request left 127.0.0.1', external.length === 0, external.slice(0, 5).join(' '));
  check('no uncaught page errors', pageErrors.length === 0, pageErrors.slice(0, 3).join(' | '));
  console.log('\nAnswers seen in the UI:', JSON.stringify(answers));
} catch (err) {
  check('self-test run', false, err.stack || err.message);
} finally {
  if (browser) await browser.close().catch(() => {});
  server.kill('SIGTERM');
}

const failed = results.filter((r) => !r.ok);
console.log(`\n${results.length - failed.length} passed, ${failed.length} failed`);
process.exit(failed.length ? 1 : 0);
