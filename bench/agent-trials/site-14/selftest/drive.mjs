// Self-test: drives all seven jobs through the real UI with playwright-core + headless Chromium.
import { chromium } from '/work/main/node_modules/playwright-core/index.mjs';
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const freePort = () => new Promise((res) => { const s = net.createServer(); s.listen(0, '127.0.0.1', () => { const p = s.address().port; s.close(() => res(p)); }); });
const port = await freePort();
const BASE = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ['server.mjs'], { cwd: ROOT, env: { ...process.env, PORT: String(port), IDLE_MS: '600000' }, stdio: ['ignore', 'pipe', 'inherit'] });
await new Promise((res, rej) => { server.stdout.on('data', (d) => { if (String(d).includes('http://')) res(); }); server.on('exit', (c) => rej(new Error('server exited ' + c))); });

const results = []; let failed = false;
const step = async (name, fn) => {
  const t0 = Date.now();
  try { const info = await fn(); results.push(`PASS ${name}${info ? ' — ' + info : ''} (${Date.now() - t0} ms)`); }
  catch (e) { failed = true; results.push(`FAIL ${name}: ${e.message.split('\n')[0]}`); }
};
const assert = (c, m) => { if (!c) throw new Error(m); };

const browser = await chromium.launch({ executablePath: '/usr/lib/chromium/chromium-headless-shell', args: ['--no-sandbox'] });
const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
const external = []; const errors = [];
page.on('request', (r) => { const u = new URL(r.url()); if (!['127.0.0.1'].includes(u.hostname) && !u.protocol.startsWith('data')) external.push(r.url()); });
page.on('pageerror', (e) => errors.push(String(e)));
page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
const nav = async (label) => { await page.click(`.sidenav a:text-is("${label}")`); };
const selectText = (sel, text) => page.evaluate(([s, t]) => {
  const root = document.querySelector(s);
  const w = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  let n; while ((n = w.nextNode())) { const i = n.data.indexOf(t); if (i >= 0) { const r = document.createRange(); r.setStart(n, i); r.setEnd(n, i + t.length); const sel = getSelection(); sel.removeAllRanges(); sel.addRange(r); return true; } }
  return false;
}, [sel, text]);

let reports = {};
try {
  await page.goto(BASE + '/');
  await page.waitForSelector('.kpi b');

  await step('1 orders grid: edit qty of Halden Bakery / Menu', async () => {
    await nav('Print orders');
    await page.waitForSelector('.jsgrid-filter-row');
    await page.fill('.jsgrid-filter-row td:nth-child(2) input', 'Halden Bakery');
    await page.fill('.jsgrid-filter-row td:nth-child(3) input', 'Menu');
    await page.press('.jsgrid-filter-row td:nth-child(3) input', 'Enter');
    await page.waitForFunction(() => document.querySelectorAll('.jsgrid-grid-body tr.jsgrid-row, .jsgrid-grid-body tr.jsgrid-alt-row').length === 1);
    await page.click('.jsgrid-grid-body tr:has-text("PO-3174") td:nth-child(2)');
    await page.fill('.jsgrid-edit-row td:nth-child(6) input', '450');
    await page.click('.jsgrid-edit-row .jsgrid-update-button');
    await page.click('#save');
    await page.waitForSelector('#state.msg-ok:has-text("Saved 1 order")');
  });

  await step('2 brief editor: 48 -> 56 pages, bold finish', async () => {
    await nav('Job briefs');
    await page.waitForSelector('#ed #p-binding');
    await page.click('#ed #p-binding');
    assert(await selectText('#ed #p-binding', '48'), 'no 48 in binding');
    await page.keyboard.type('56');
    assert(await selectText('#ed #p-finish', 'soft-touch matt laminate'), 'no finish phrase');
    await page.dispatchEvent('#ed', 'mouseup');
    await page.waitForSelector('.medium-editor-toolbar-active .medium-editor-action-bold', { timeout: 3000 });
    await page.click('.medium-editor-toolbar-active .medium-editor-action-bold');
    await page.click('#save');
    await page.waitForSelector('#state.msg-ok');
  });

  await step('3 presses: test sheet on Roland 700, read toast', async () => {
    await nav('Presses');
    await page.click('.press:has-text("Roland 700") button');
    const toast = page.locator('.awn-toast', { hasText: 'Job code' });
    await toast.waitFor();
    const txt = await toast.innerText();
    reports.press = (txt.match(/TS-\d+/) || [])[0];
    await page.waitForTimeout(2600);
    assert(await page.locator('.awn-toast:has-text("Job code")').count() === 0, 'toast still visible after 2.6 s');
    return reports.press;
  });

  await step('4 stock upload: Main stockroom file', async () => {
    await nav('Stock count');
    await page.setInputFiles('#fu', path.join(ROOT, 'files', 'stock-count-0409-b.csv'));
    await page.waitForSelector('#total');
    reports.upload = (await page.innerText('#total')).trim();
    return reports.upload;
  });

  await step('5 revenue chart: Posters, Jan 2027 tooltip', async () => {
    await nav('Revenue');
    await page.waitForSelector('.ct-point', { state: 'attached' });
    await page.click('.tabs button:has-text("Posters")');
    await page.waitForFunction(() => document.querySelector('.ct-series')?.getAttribute('ct:series-name') === 'Posters');
    await page.waitForTimeout(300);
    const box = await page.evaluate(() => { const r = document.querySelectorAll('.ct-point')[3].getBoundingClientRect(); return { x: r.x + r.width / 2, y: r.y + r.height / 2 }; });
    await page.mouse.move(box.x - 40, box.y - 40);
    await page.mouse.move(box.x, box.y, { steps: 5 });
    await page.waitForSelector('.chartist-tooltip.tooltip-show');
    const t = await page.innerText('.chartist-tooltip');
    assert(/Posters, Jan 2027/.test(t), 'tooltip meta: ' + t);
    reports.chart = (t.match(/£[\d,]+/) || [])[0];
    return t.replace(/\s+/g, ' ');
  });

  await step('6 press-check booking', async () => {
    await nav('Press checks');
    await page.waitForSelector('#customer');
    await page.selectOption('#customer', 'Ferncliff Outdoor');
    await page.click('#date');
    await page.waitForSelector('.picker--opened', { state: 'attached' });
    assert(await page.locator('.picker__day[aria-label="Wednesday 21 April 2027"].picker__day--disabled').count() === 1, '21 April should be disabled');
    await page.click('.picker__day[aria-label="Thursday 22 April 2027"]');
    await page.waitForSelector('.picker--opened', { state: 'detached', timeout: 3000 }).catch(() => {});
    await page.selectOption('#time', '10:30');
    await page.click('.ms-choice');
    await page.click('.ms-drop label:has-text("Colour match")');
    await page.click('.ms-drop label:has-text("Trim & folding")');
    await page.click('h1');
    await page.fill('#notes', 'Bring the approved cover proof');
    await page.click('button:has-text("Book press check")');
    await page.waitForSelector('#state.msg-ok');
    return await page.innerText('#state');
  });

  await step('7 customers: delete Brightwater Florists (Leith)', async () => {
    await nav('Customers');
    await page.waitForSelector('tbody.list tr');
    assert(await page.locator('tbody.list td.name:text-is("Brightwater Florists")').count() === 0, 'target on first page');
    await page.click('.search');
    await page.keyboard.type('Brightwater', { delay: 30 });
    const row = page.locator('tbody.list tr', { has: page.locator('td.name:text-is("Brightwater Florists")') });
    await row.locator('button.del').click();
    await page.waitForSelector('.ajs-dialog .ajs-ok');
    await page.click('.ajs-dialog .ajs-ok');
    await row.waitFor({ state: 'detached' });
  });

  await step('verify', async () => {
    const v = await (await fetch(BASE + '/__verify')).json();
    const notDone = Object.entries(v.jobs).filter(([, j]) => !j.done).map(([k, j]) => `${k} ${JSON.stringify(j.details)}`);
    assert(!notDone.length, 'not done: ' + notDone.join('; '));
    const badHits = Object.entries(v.hits).filter(([, n]) => n !== 1);
    assert(!badHits.length, 'hits: ' + JSON.stringify(v.hits));
    assert(reports.press === v.jobs['press-toast'].expectedReport, `press ${reports.press}`);
    assert(reports.upload === v.jobs['stock-upload'].expectedReport, `upload ${reports.upload}`);
    assert(reports.chart === v.jobs['revenue-chart'].expectedReport, `chart ${reports.chart}`);
    assert(!external.length, 'external requests: ' + external.join(', '));
    return `reports ${JSON.stringify(reports)}`;
  });

  await step('reset', async () => {
    await fetch(BASE + '/__reset', { method: 'POST' });
    const v = await (await fetch(BASE + '/__verify')).json();
    assert(Object.values(v.hits).every((n) => n === 0) && Object.values(v.jobs).every((j) => !j.done), 'reset incomplete');
  });
} finally {
  await browser.close();
  server.kill();
}
console.log(results.join('\n'));
if (errors.length) console.log('page errors:\n  ' + errors.join('\n  '));
console.log(failed ? 'SELFTEST FAILED' : 'SELFTEST PASSED');
process.exit(failed ? 1 : 0);
