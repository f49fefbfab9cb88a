// Self-test for trial-site-3 ("Harbourline Freight Portal").
// Starts a fresh server of its own (unless BASE is given), then
//   phase 1: loads every page and checks for console errors, page errors, failed requests and
//            any request that leaves 127.0.0.1 (all such requests are blocked and reported);
//   phase 2: drives every job once, headless, the way a user would (wheel-scrolling, double-click
//            editing, keyboard, hovering canvas marks, a new tab, a confirm modal);
//   then prints the answers and /__verify, and checks every job is done with each mutating
//   endpoint hit exactly once.
//   node selftest/drive.mjs                       (own server on PORT, default 4599)
//   BASE=http://127.0.0.1:4537 node selftest/drive.mjs   (use a running server; it is reset first)
import { createRequire } from 'node:module';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
const require = createRequire(import.meta.url);
const { chromium } = require(process.env.PLAYWRIGHT_CORE || '/work/main/node_modules/playwright-core');
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const log = (...a) => console.log(...a);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// ---------------------------------------------------------------- server
let server = null;
let BASE = process.env.BASE;
if (!BASE) {
  const port = process.env.PORT || '4599';
  BASE = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, [path.join(ROOT, 'server.mjs')], { env: { ...process.env, PORT: port }, stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise((resolve, reject) => {
    server.stdout.on('data', (d) => { if (String(d).includes('http://')) resolve(); });
    server.on('exit', (c) => reject(new Error('server exited ' + c)));
  });
  log('fresh server pid', server.pid, 'at', BASE);
} else {
  await fetch(BASE + '/__reset', { method: 'POST' });
  log('using running server at', BASE, '(state reset)');
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/lib/chromium/chromium', headless: true, args: ['--no-sandbox'] });
const problems = [];
const outside = [];
async function newContext() {
  const ctx = await browser.newContext({ viewport: { width: 1366, height: 900 }, acceptDownloads: false });
  await ctx.route('**/*', (route) => {
    const u = new URL(route.request().url());
    if (/^(https?|wss?):$/.test(u.protocol) && u.hostname !== '127.0.0.1') { outside.push(u.href); return route.abort(); }
    return route.continue();
  });
  ctx.on('page', (p) => watch(p));
  return ctx;
}
function watch(p) {
  p.on('console', (m) => { if (m.type() === 'error') problems.push(`${p.url()} console.error: ${m.text()}`); });
  p.on('pageerror', (e) => problems.push(`${p.url()} pageerror: ${e.message}`));
  p.on('requestfailed', (r) => { if (!outside.includes(r.url())) problems.push(`${p.url()} requestfailed: ${r.url()} ${r.failure()?.errorText}`); });
}

const out = {};
let exitCode = 1;
try {
  // ---------------------------------------------------------- phase 1: every page loads clean
  const PAGES = ['/', '/containers', '/edi-config', '/quotes', '/invoices', '/lanes', '/closures', '/pickups', '/pickups/PU-58254'];
  {
    const ctx = await newContext();
    const page = await ctx.newPage();
    for (const p of PAGES) {
      const before = problems.length + outside.length;
      await page.goto(BASE + p, { waitUntil: 'load' });
      await page.waitForTimeout(1500);
      log(`page ${p}: ${problems.length + outside.length === before ? 'clean' : 'PROBLEMS'}`);
    }
    await ctx.close();
  }
  await fetch(BASE + '/__reset', { method: 'POST' }); // page loads above count nothing, but start clean anyway

  // ---------------------------------------------------------- phase 2: the jobs
  const ctx = await newContext();
  const page = await ctx.newPage();

  // 1. containers: scroll down to MSCU 471902-3, scroll right to Set-point, edit -> -21.5, save
  {
    await page.goto(BASE + '/containers');
    await page.waitForSelector('revo-grid .rgCell');
    const wrap = await page.locator('#gridwrap').boundingBox();
    await page.mouse.move(wrap.x + wrap.width * 0.6, wrap.y + wrap.height / 2);
    const target = page.locator('revo-grid revogr-data .rgCell').filter({ hasText: /^MSCU 471902-3$/ });
    const cellsBefore = await page.locator('revo-grid .rgCell').count();
    let wheels = 0;
    while ((await target.count()) === 0 && wheels < 300) { await page.mouse.wheel(0, 320); wheels++; await page.waitForTimeout(40); }
    await page.waitForTimeout(200);
    const row = await target.first().getAttribute('data-rgrow');
    const header = page.locator('revo-grid revogr-header [data-rgcol]').filter({ hasText: /^Set-point °C$/ });
    let hwheels = 0;
    while ((await header.count()) === 0 && hwheels < 100) { await page.mouse.wheel(400, 0); hwheels++; await page.waitForTimeout(40); }
    await page.waitForTimeout(200);
    const col = await header.first().getAttribute('data-rgcol');
    const cell = page.locator(`revo-grid revogr-data .rgCell[data-rgrow="${row}"][data-rgcol="${col}"]`);
    log(`1 containers: ${cellsBefore} cells in the DOM of 400x31; target row ${Number(row) + 1} after ${wheels} wheel steps, Set-point column after ${hwheels}; current value "${(await cell.textContent()).trim()}"`);
    await cell.dblclick();
    const editor = page.locator('revo-grid revogr-edit input, revo-grid .edit-input-wrapper input').first();
    await editor.waitFor();
    await editor.press('ControlOrMeta+a');
    await page.keyboard.type('-21.5');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#pending:has-text("1 unsaved change")');
    await page.click('#save');
    await page.waitForSelector('#msg:has-text("Saved")');
    out.containers = (await page.textContent('#msg')).trim();
    log('1 containers:', out.containers, '| cell now', (await cell.textContent()).trim());
  }

  // 2. EDI config: North Sea Ro-Ro, NLRTM outbound cut-off 16:30 -> 17:45
  {
    await page.goto(BASE + '/edi-config');
    await page.waitForSelector('.monaco-editor .view-line');
    const lines = async () => (await page.$$eval('.monaco-editor .view-line', (els) => els.map((e) => ({ top: parseFloat(e.style.top), text: e.textContent.replace(/\u00a0/g, ' ') }))))
      .sort((a, b) => a.top - b.top);
    let L = await lines();
    const carrier = L.findIndex((l) => l.text.trim() === '- id: northsea-roro');
    let idx = -1;
    for (let i = carrier + 1; i < L.length - 2; i++) {
      if (/^\s*- id:/.test(L[i].text)) break;
      if (L[i].text.trim() === '- port: NLRTM' && L[i + 1].text.trim() === 'direction: outbound') { idx = i + 2; break; }
    }
    if (idx < 0 || !/cutoff: "16:30"/.test(L[idx].text)) throw new Error('cut-off line not found in view');
    const lineEl = page.locator('.monaco-editor .view-line').filter({ hasText: /cutoff/ }).nth(L.filter((l, i) => i < idx && /cutoff/.test(l.text)).length);
    const box = await lineEl.locator('span > span').last().boundingBox();
    await page.mouse.click(box.x + box.width - 2, box.y + box.height / 2); // end of that line's text
    await page.keyboard.press('End');
    await page.keyboard.press('ArrowLeft');
    for (let i = 0; i < 5; i++) await page.keyboard.press('Shift+ArrowLeft');
    await page.keyboard.type('17:45');
    L = await lines();
    log('2 edi: edited line ->', JSON.stringify(L[idx].text.trim()));
    await page.click('#save');
    await page.waitForSelector('#msg:has-text("Saved as revision")');
    out.edi = (await page.textContent('#msg')).trim();
    log('2 edi:', out.edi);
  }

  // 3. quotes: 6 pallets, Daventry DIRFT -> LS11 5QA, next day, tail-lift; read the 2-second toast
  {
    await page.goto(BASE + '/quotes');
    await page.waitForSelector('#origin option[value="Daventry DIRFT"]', { state: 'attached' });
    await page.selectOption('#origin', 'Daventry DIRFT');
    await page.fill('#postcode', 'LS11 5QA');
    await page.fill('#pallets', '6');
    await page.check('input[name=service][value="next-day"]');
    await page.check('#tailLift');
    await page.click('#go');
    const toast = page.locator('.notiflix-notify');
    await toast.first().waitFor();
    const t0 = Date.now();
    const text = (await toast.first().innerText()).trim();
    await toast.first().waitFor({ state: 'detached', timeout: 6000 });
    out.quoteToast = text;
    out.quoteRef = /Quote (HQ-\w+)/.exec(text)?.[1];
    out.quotePrice = /(£ [\d,]+\.\d\d)/.exec(text)?.[1];
    log('3 quotes: toast', JSON.stringify(text), '| gone', Date.now() - t0, 'ms after first seen');
  }

  // 4. invoices: choose the file, press Import, read the total
  {
    await page.goto(BASE + '/invoices');
    await page.waitForSelector('.qq-upload-button input[type=file]', { state: 'attached' });
    await page.setInputFiles('.qq-upload-button input[type=file]', path.join(ROOT, 'files', 'northway-haulage-2026-11.csv'));
    await page.waitForSelector('.qq-upload-list li .qq-upload-file:has-text("northway-haulage-2026-11.csv")');
    await page.click('#start');
    await page.waitForSelector('#msg:has-text("imported")');
    out.invoiceMsg = (await page.textContent('#msg')).trim();
    out.invoiceTotal = /total (£ [\d,]+\.\d\d)/.exec(out.invoiceMsg)?.[1];
    log('4 invoices:', out.invoiceMsg);
  }

  // 5. lanes: find the dots on the canvas, hover them until the tooltip says Felixstowe → Rotterdam, click, flag
  {
    await page.goto(BASE + '/lanes');
    await page.waitForSelector('#chart canvas');
    await page.waitForTimeout(500);
    const canvas = page.locator('#chart canvas').first();
    const cb = await canvas.boundingBox();
    // teal (short-sea) dots: connected blobs of teal pixels
    const dots = await canvas.evaluate((c) => {
      const ctx = c.getContext('2d');
      const { width: W, height: H } = c;
      const d = ctx.getImageData(0, 0, W, H).data;
      const sx = W / c.clientWidth;
      const teal = (i) => Math.abs(d[i] - 43) < 40 && Math.abs(d[i + 1] - 142) < 40 && Math.abs(d[i + 2] - 150) < 40 && d[i + 3] > 200;
      const seen = new Uint8Array(W * H); const blobs = [];
      for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) {
        const k = y * W + x; if (seen[k] || !teal(k * 4)) continue;
        let sxm = 0, sym = 0, n = 0; const st = [k]; seen[k] = 1;
        while (st.length) { const q = st.pop(); const qx = q % W, qy = (q - qx) / W; sxm += qx; sym += qy; n++;
          for (const [dx, dy] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) { const nx = qx + dx, ny = qy + dy; const nk = ny * W + nx;
            if (nx >= 0 && ny >= 0 && nx < W && ny < H && !seen[nk] && teal(nk * 4)) { seen[nk] = 1; st.push(nk); } } }
        if (n > 20) blobs.push({ x: sxm / n / sx, y: sym / n / sx, n });
      }
      return blobs;
    });
    log(`5 lanes: ${dots.length} short-sea marks found on the canvas`);
    let found = null; let hovered = 0;
    for (const dot of dots) {
      await page.mouse.move(cb.x + dot.x, cb.y + dot.y);
      hovered++;
      await page.waitForTimeout(150);
      const tip = page.locator('#chart > div').filter({ hasText: 'On time' }).last();
      if (!(await tip.count())) continue;
      const t = (await tip.innerText()).trim();
      if (t.split('\n')[0].trim() === 'Felixstowe → Rotterdam') { found = { dot, t }; break; }
    }
    if (!found) throw new Error('lane not found by hovering');
    out.laneTooltip = found.t.replace(/\s*\n\s*/g, ' | ');
    out.laneOnTime = /On time: ([\d.]+ %)/.exec(found.t)?.[1];
    log(`5 lanes: tooltip after hovering ${hovered} marks:`, out.laneTooltip);
    await page.mouse.click(cb.x + found.dot.x, cb.y + found.dot.y);
    await page.waitForSelector('#panel h2:text-is("Felixstowe → Rotterdam")');
    await page.click('#flag');
    await page.waitForSelector('#panel #msg:has-text("flagged")');
    log('5 lanes:', (await page.textContent('#panel #msg')).trim());
  }

  // 6. closures: sites exactly Daventry DIRFT + Thurrock Cross-dock, 29 Jan 2027 – 3 Feb 2027, Stock-take
  {
    await page.goto(BASE + '/closures');
    await page.waitForSelector('.ss-main');
    // remove the preselected site via its chip
    await page.locator('.ss-main .ss-value', { hasText: 'Daventry DC' }).locator('.ss-value-delete').click();
    for (const [q, name] of [['Thurrock Cross', 'Thurrock Cross-dock'], ['DIRFT', 'Daventry DIRFT']]) {
      if (!(await page.locator('.ss-content.ss-open, .ss-content.ss-open-below, .ss-content.ss-open-above').count())) await page.click('.ss-main');
      const search = page.locator('.ss-content .ss-search input');
      await search.fill('');
      await search.type(q, { delay: 25 });
      await page.locator('.ss-content .ss-option').filter({ hasText: new RegExp('^\\s*' + name + '\\s*$') }).click();
    }
    await page.click('h1'); // close the dropdown
    const chips = await page.locator('.ss-main .ss-value .ss-value-text').allInnerTexts();
    log('6 closures: sites =', chips.join(', '));
    await page.click('#dates');
    await page.waitForSelector('.air-datepicker.-active-');
    const title = page.locator('.air-datepicker.-active- .air-datepicker-nav--title');
    for (let i = 0; i < 24 && !/January,?\s*2027/.test(await title.innerText()); i++) await page.click('.air-datepicker.-active- .air-datepicker-nav--action[data-action="next"]');
    await page.click('.air-datepicker.-active- .air-datepicker-cell.-day-[data-year="2027"][data-month="0"][data-date="29"]:not(.-other-month-)');
    await page.click('.air-datepicker.-active- .air-datepicker-nav--action[data-action="next"]');
    await page.click('.air-datepicker.-active- .air-datepicker-cell.-day-[data-year="2027"][data-month="1"][data-date="3"]:not(.-other-month-)');
    log('6 closures: dates =', await page.inputValue('#dates'));
    await page.selectOption('#reason', 'Stock-take');
    await page.click('#submit');
    await page.waitForSelector('#msg:has-text("booked")');
    out.closure = (await page.textContent('#msg')).trim();
    log('6 closures:', out.closure);
  }

  // 7. pickups: page through, open the right booking in its new tab, cancel, confirm in the modal
  {
    await page.goto(BASE + '/pickups');
    await page.waitForSelector('#rows tr');
    const row = page.locator('#rows tr').filter({ has: page.locator('td:nth-child(2)', { hasText: /^Kestrel Outdoor Ltd$/ }) })
      .filter({ has: page.locator('td:nth-child(3)', { hasText: /^Wakefield \(Calder Park\)$/ }) })
      .filter({ has: page.locator('td:nth-child(4)', { hasText: /^14 Jan 2027$/ }) });
    let pg = 1;
    while ((await row.count()) === 0 && pg < 20) {
      const first = await page.locator('#rows tr td').first().textContent();
      await page.click('#pager button:has-text("Next")'); pg++;
      await page.waitForFunction((f) => document.querySelector('#rows tr td')?.textContent !== f, first);
    }
    const ref = (await row.locator('td').first().textContent()).trim();
    log(`7 pickups: target on page ${pg}: ${ref}`);
    const [tab] = await Promise.all([ctx.waitForEvent('page'), row.locator('a', { hasText: 'Open' }).click()]);
    await tab.waitForLoadState();
    await tab.waitForSelector('#cancel');
    log('7 pickups: new tab', tab.url());
    await tab.click('#cancel');
    await tab.waitForSelector('#cancel-modal.is-open .modal__container');
    log('7 pickups: modal:', (await tab.locator('#cancel-text').innerText()).replace(/\s+/g, ' ').trim());
    await tab.click('#confirm');
    await tab.waitForSelector('#msg:has-text("cancelled")');
    out.pickup = (await tab.textContent('#msg')).trim();
    log('7 pickups:', out.pickup);
    await tab.close();
  }
  await ctx.close();

  // ---------------------------------------------------------- verify
  const v = await (await fetch(BASE + '/__verify')).json();
  log(JSON.stringify(v, null, 1));
  const EXPECTED_HITS = ['POST /api/containers/save', 'POST /api/edi-config', 'POST /api/quotes', 'POST /api/invoices/upload',
    'POST /api/lanes/:id/flag', 'POST /api/closures', 'POST /api/pickups/:id/cancel'];
  const checks = {
    allDone: Object.values(v.jobs).every((j) => j.done === true),
    eachEndpointHitOnce: EXPECTED_HITS.every((k) => v.hits[k] === 1) && Object.keys(v.hits).length === EXPECTED_HITS.length,
    quoteAnswer: !!out.quoteRef && v.jobs['3-toast-quote'].expectedReport === `${out.quoteRef}, ${out.quotePrice}`,
    invoiceTotal: out.invoiceTotal === v.jobs['4-upload-invoice'].expectedReport,
    laneOnTime: out.laneOnTime === v.jobs['5-chart-lane'].expectedReport,
    noConsoleOrPageErrors: problems.length === 0,
    noRequestLeft127: outside.length === 0,
  };
  log('answers:', { quote: `${out.quoteRef}, ${out.quotePrice}`, invoiceTotal: out.invoiceTotal, laneOnTime: out.laneOnTime });
  if (problems.length) log('problems:', problems);
  if (outside.length) log('requests to outside (blocked):', outside);
  log('checks:', checks);
  exitCode = Object.values(checks).every(Boolean) ? 0 : 1;
  log(exitCode === 0 ? 'SELFTEST PASSED' : 'SELFTEST FAILED');
} catch (e) {
  log('SELFTEST ERROR', e);
  if (problems.length) log('problems:', problems);
} finally {
  await browser.close();
  if (server) server.kill('SIGTERM');
  else await fetch(BASE + '/__reset', { method: 'POST' }).catch(() => {});
}
process.exit(exitCode);
