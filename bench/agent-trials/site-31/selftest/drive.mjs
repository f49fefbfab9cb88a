// Self-test: start our own server on a free port in 4950-4999, drive all seven jobs in headless
// Chromium, then check /__verify, the hit counts, and that no request left 127.0.0.1.
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '/work/main/node_modules/playwright-core/index.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const log = (...a) => console.log('[selftest]', ...a);

function portFree(port) {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.once('error', () => resolve(false));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
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

const PORT = await pickPort();
const BASE = `http://127.0.0.1:${PORT}`;
const server = spawn(process.execPath, [path.join(ROOT, 'server.mjs')], {
  cwd: ROOT,
  env: { ...process.env, PORT: String(PORT), IDLE_MS: '900000' },
  stdio: ['ignore', 'pipe', 'pipe'],
});
let serverOut = '';
server.stdout.on('data', (d) => (serverOut += d));
server.stderr.on('data', (d) => (serverOut += d));

let browser;
let exitCode = 1;
const failures = [];
const check = (cond, msg) => {
  if (cond) log('ok  ', msg);
  else {
    log('FAIL', msg);
    failures.push(msg);
  }
};

async function waitForServer() {
  for (let i = 0; i < 100; i++) {
    try {
      const r = await fetch(BASE + '/__verify');
      if (r.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start:\n' + serverOut);
}

async function main() {
  await waitForServer();
  await fetch(BASE + '/__reset', { method: 'POST' });
  log(`server pid ${server.pid} on ${BASE}`);

  browser = await chromium.launch({ executablePath: '/usr/lib/chromium/chromium-headless-shell', args: ['--no-sandbox'] });
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const external = [];
  const pageErrors = [];
  context.on('request', (req) => {
    const u = req.url();
    if (u.startsWith('data:') || u.startsWith('blob:') || u.startsWith('about:')) return;
    if (!u.startsWith(`http://127.0.0.1:${PORT}/`)) external.push(u);
  });
  const page = await context.newPage();
  page.on('pageerror', (e) => pageErrors.push(e.message));
  page.setDefaultTimeout(20000);
  const answers = {};

  // ---------------------------------------------------------------- dashboard
  await page.goto(BASE + '/');
  await page.waitForSelector('.dash-card');
  const dashLinks = await page.locator('.dash-card a').count();
  check(dashLinks === 7, `dashboard links to all 7 pages (${dashLinks})`);

  // ---------------------------------------------------------------- 1. grid
  await page.click('.dash-card a:has-text("Tour legs")');
  await page.waitForURL('**/tour-legs');
  await page.waitForFunction(() => document.querySelector('vaadin-grid')?.items?.length === 300);
  const manifestRenderedAtStart = await page.evaluate(() => [...document.querySelectorAll('vaadin-grid-cell-content')].some((c) => /^MN-\d+$/.test(c.textContent.trim())));
  check(!manifestRenderedAtStart, 'grid: manifest column not rendered before scrolling right');
  // bring the Wrexford "Winter Sibelius Cycle" row into view (it sits around row 187)
  const idx = await page.evaluate(() => {
    const g = document.querySelector('vaadin-grid');
    const i = g.items.findIndex((r) => r.programme === 'Winter Sibelius Cycle' && r.city === 'Wrexford');
    g.scrollToIndex(i);
    return i;
  });
  await page.waitForSelector('span.cell-value[data-row="TL-1187"][data-field="status"]');
  log('grid target row index', idx);
  await page.dblclick('span.cell-value[data-row="TL-1187"][data-field="status"]');
  await page.waitForSelector('select.cell-editor');
  await page.selectOption('select.cell-editor', 'Confirmed');
  await page.waitForSelector('span.cell-value.cell-edited[data-row="TL-1187"][data-field="status"]');
  await page.dblclick('span.cell-value[data-row="TL-1187"][data-field="crewLead"]');
  await page.waitForSelector('input.cell-editor');
  await page.fill('input.cell-editor', 'Priya Raman');
  await page.press('input.cell-editor', 'Enter');
  await page.waitForSelector('span.cell-value.cell-edited[data-row="TL-1187"][data-field="crewLead"]');
  await page.click('button:has-text("Save changes (2)")');
  await page.waitForSelector('text=Saved 2 changes.');
  // scroll all the way right, then read the manifest cell of that row from the rendered DOM
  await page.evaluate(() => {
    const g = document.querySelector('vaadin-grid');
    g.$.table.scrollLeft = g.$.table.scrollWidth;
  });
  await page.waitForTimeout(400);
  answers.grid = await page.evaluate(() => {
    const g = document.querySelector('vaadin-grid');
    const rows = [...g.shadowRoot.querySelectorAll('tr[part~="row"]')];
    const row = rows.find((r) => r._item && r._item.id === 'TL-1187');
    if (!row) return null;
    const cols = [...g.querySelectorAll('vaadin-grid-sort-column, vaadin-grid-column')];
    const col = cols.find((c) => c.header === 'Manifest no.');
    const cell = [...row.querySelectorAll('td')].find((td) => td._column === col);
    return cell?._content?.textContent.trim() || null;
  });
  check(answers.grid === 'MN-58214', `grid: manifest no. read from far-right column = ${answers.grid}`);

  // ---------------------------------------------------------------- 2. rich text
  await page.click('nav.sidenav a:has-text("Loading-bay notice")');
  await page.waitForSelector('.ProseMirror p');
  const selectText = (paraText, word) =>
    page.evaluate(
      ([paraText, word]) => {
        const p = [...document.querySelectorAll('.ProseMirror p')].find((x) => x.textContent.includes(paraText));
        const walker = document.createTreeWalker(p, NodeFilter.SHOW_TEXT);
        let n;
        while ((n = walker.nextNode())) {
          const i = n.data.indexOf(word);
          if (i >= 0) {
            const r = document.createRange();
            r.setStart(n, i);
            r.setEnd(n, i + word.length);
            const s = getSelection();
            s.removeAllRanges();
            s.addRange(r);
            return;
          }
        }
        throw new Error('text not found: ' + word);
      },
      [paraText, word],
    );
  await page.click('.ProseMirror p >> nth=0');
  await selectText('Saturdays', 'north');
  await page.keyboard.type('south');
  await selectText('no idling', 'no idling');
  await page.keyboard.press('Control+b');
  await selectText('damage deposit', 'damage deposit');
  await page.keyboard.press('Control+i');
  await selectText('hire terms', 'hire terms');
  await page.click('.milkdown-toolbar [data-toolbar-item="link"]');
  await page.fill('.milkdown-link-edit input', 'https://northgatesinfonia.example/hire-terms');
  await page.press('.milkdown-link-edit input', 'Enter');
  await page.waitForTimeout(300);
  await page.click('button:has-text("Save notice")');
  await page.waitForSelector('text=Notice saved.');
  check(true, 'rich text: notice saved');

  // ---------------------------------------------------------------- 3. drag and drop + toast
  await page.click('nav.sidenav a:has-text("Truck load board")');
  await page.waitForSelector('.load-card');
  const src = page.locator('.lane:has(h2:has-text("Staged at dock")) .load-card', { hasText: 'crate P2' }).filter({ hasText: 'Timpani set' });
  const dst = page.locator('.lane:has(h2:has-text("Truck 2")) .lane-list');
  const s = await src.boundingBox();
  const d = await dst.boundingBox();
  await page.mouse.move(s.x + s.width / 2, s.y + s.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 20; i++) {
    await page.mouse.move(s.x + s.width / 2 + ((d.x + d.width / 2 - s.x - s.width / 2) * i) / 20, s.y + s.height / 2 + ((d.y + d.height - 40 - s.y - s.height / 2) * i) / 20);
    await page.waitForTimeout(30);
  }
  await page.mouse.up();
  const toast = page.locator('sl-alert', { hasText: 'Load reference' });
  await toast.waitFor({ state: 'attached', timeout: 8000 });
  const toastText = await toast.textContent();
  answers.dragdrop = /Load reference (LR-[A-Z0-9]+)/.exec(toastText)?.[1];
  log('toast:', toastText.replace(/\s+/g, ' ').trim());
  const shownAt = Date.now();
  await toast.waitFor({ state: 'detached', timeout: 8000 });
  const toastMs = Date.now() - shownAt;
  check(toastMs < 4000, `drag: toast vanished after ~${toastMs} ms`);
  const inTruck2 = await page.locator('.lane:has(h2:has-text("Truck 2")) .load-card', { hasText: 'crate P2' }).count();
  check(inTruck2 === 1, 'drag: timpani set (crate P2) now in Truck 2 column');
  const refInDom = await page.evaluate((ref) => document.body.innerText.includes(ref), answers.dragdrop);
  check(!refInDom, 'drag: load reference is gone from the page after the toast');

  // ---------------------------------------------------------------- 4. upload
  await page.click('nav.sidenav a:has-text("Hire-request imports")');
  await page.waitForSelector('.dropzone input[type=file]', { state: 'attached' });
  await page.setInputFiles('.dropzone input[type=file]', path.join(ROOT, 'files', 'hire-requests-2025.csv'));
  await page.waitForSelector('.import-result');
  const importText = await page.textContent('.import-result');
  answers.upload = Number(/(\d+) hire requests imported/.exec(importText)?.[1]);
  check(answers.upload === 47, `upload: ${importText.replace(/\s+/g, ' ').trim()}`);

  // ---------------------------------------------------------------- 5. chart (tooltip only)
  await page.click('nav.sidenav a:has-text("Chair hire")');
  await page.waitForSelector('.chart-box canvas');
  await page.waitForTimeout(800);
  const bodyText = await page.evaluate(() => document.body.innerText);
  check(!bodyText.includes('418'), 'chart: value 418 is not in the page text before hovering');
  const box = await page.locator('.chart-box canvas').first().boundingBox();
  let found = null;
  const y = box.y + box.height - 80; // low enough to be inside every bar
  for (let x = box.x + 40; x < box.x + box.width - 10 && !found; x += 4) {
    await page.mouse.move(x, y);
    await page.waitForTimeout(25);
    const tip = await page.evaluate(() => {
      const els = [...document.querySelectorAll('.vchart-tooltip-element, [class*="vchart-tooltip"]')].filter((e) => e.offsetParent !== null && getComputedStyle(e).visibility !== 'hidden');
      return els.length ? els[0].innerText : '';
    });
    if (/Riverside Hall/.test(tip) && /March 2025/.test(tip)) found = tip;
  }
  answers.chartTooltip = found && found.replace(/\s+/g, ' ');
  const chairs = Number(/(\d+)\s*$/.exec((found || '').trim())?.[1]);
  check(chairs === 418, `chart: tooltip read "${answers.chartTooltip}"`);
  await page.selectOption('#ret-venue', 'Riverside Hall');
  await page.selectOption('#ret-month', '2025-03');
  await page.fill('#ret-chairs', String(chairs));
  await page.click('button:has-text("File return")');
  await page.waitForSelector('p.success:has-text("filed")');
  answers.chart = chairs;

  // ---------------------------------------------------------------- 6. booking
  await page.click('nav.sidenav a:has-text("Promoter site visits")');
  await page.waitForSelector('#promoter-trigger');
  await page.waitForFunction(() => document.querySelectorAll('.closed-list li').length > 1);
  await page.click('#promoter-trigger');
  await page.fill('.ember-power-select-search-input', 'Halden & Ross');
  await page.locator('.ember-power-select-option', { hasText: /^\s*Halden & Ross Promotions\s*$/ }).click();
  await page.click('#visit-date-trigger');
  await page.waitForSelector('.visit-calendar');
  const dis27 = await page.locator('button[data-date="2025-10-27"]').isDisabled();
  const dis28 = await page.locator('button[data-date="2025-10-28"]').isDisabled();
  const dis25 = await page.locator('button[data-date="2025-10-25"]').isDisabled();
  const dis15 = await page.locator('button[data-date="2025-10-15"]').isDisabled();
  check(dis27 && dis28 && dis25 && dis15, 'booking: closed days, weekend and past day are disabled');
  await page.click('button[data-date="2025-10-29"]');
  await page.selectOption('#visit-time', '14:00');
  await page.fill('#visit-note', 'Bringing their lighting designer');
  await page.click('button:has-text("Book site visit")');
  await page.waitForSelector('.booked .ref');
  answers.booking = (await page.textContent('.booked .ref')).trim();
  check(/^SV-1029-\d{3}$/.test(answers.booking), `booking: reference ${answers.booking}`);

  // ---------------------------------------------------------------- 7. crew
  await page.click('nav.sidenav a:has-text("Crew list")');
  await page.waitForSelector('.crew-table tbody tr td');
  await page.fill('.search input', 'Brennan');
  await page.waitForFunction(() => /of [1-9]$/.test(document.querySelector('.range')?.textContent.trim() || ''));
  await page.waitForFunction(() => [...document.querySelectorAll('.crew-table tbody tr')].every((tr) => /Brennan|Brannan/.test(tr.textContent)));
  const row = page.locator('.crew-table tbody tr').filter({ has: page.locator('td:nth-child(2)', { hasText: /^Tomasz Brennan$/ }) }).filter({ has: page.locator('td:nth-child(3)', { hasText: /^HGV driver$/ }) });
  check((await row.count()) === 1, 'crew: exactly one Tomasz Brennan who is an HGV driver');
  await row.locator('button.icon-btn').click();
  await row.locator('button:has-text("Remove from crew list")').click();
  await page.waitForSelector('md-dialog[open]');
  await page.waitForTimeout(400);
  const dialogText = await page.textContent('md-dialog form');
  check(/Tomasz Brennan/.test(dialogText) && /HGV driver/.test(dialogText), 'crew: confirm dialog names the right person');
  await page.locator('md-dialog md-filled-button:has-text("Remove")').click();
  await page.waitForSelector('p.success:has-text("removed from the crew list")');

  // ---------------------------------------------------------------- verify
  await page.waitForTimeout(300);
  const v = await (await fetch(BASE + '/__verify')).json();
  for (const [k, j] of Object.entries(v.jobs)) check(j.done === true, `verify: job ${k} done`);
  const expectHits = [
    'PATCH /api/tour-legs',
    'PUT /api/notices/loading-bay',
    'POST /api/load-board/moves',
    'POST /api/hire-requests/import',
    'POST /api/hire-returns',
    'POST /api/site-visits',
    'DELETE /api/crew/CR-0417',
  ];
  check(JSON.stringify(Object.keys(v.hits).sort()) === JSON.stringify(expectHits.slice().sort()), `verify: hit keys ${JSON.stringify(v.hits)}`);
  for (const k of expectHits) check(v.hits[k] === 1, `verify: ${k} hit once`);
  check(answers.dragdrop && answers.dragdrop === v.jobs.dragdrop.details.expectedRef, `drag: toast ref ${answers.dragdrop} matches server`);
  check(answers.booking === v.jobs.booking.details.visits[0]?.ref, 'booking: ref matches server');
  check(external.length === 0, `no request left 127.0.0.1 (${external.length} external: ${external.slice(0, 5).join(', ')})`);
  check(pageErrors.length === 0, `no page errors (${pageErrors.slice(0, 3).join(' / ')})`);
  log('answers', JSON.stringify(answers));
  exitCode = failures.length ? 1 : 0;
}

try {
  await main();
} catch (e) {
  log('ERROR', e.stack || e);
  exitCode = 1;
} finally {
  if (browser) await browser.close().catch(() => {});
  server.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 200));
  log(exitCode === 0 ? 'PASS: all seven jobs driven and verified' : `FAILED (${failures.length} checks): ${failures.join('; ')}`);
  process.exit(exitCode);
}
