// Drives every job once, headless, the way a user would (clicks, typing, mouse
// selection, hovering), then prints /__verify, checks the answers and resets the server.
//   BASE=http://127.0.0.1:4527 node selftest/drive.mjs      (KEEP=1: do not reset at the end)
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
const require = createRequire(import.meta.url);
const { chromium } = require(process.env.PLAYWRIGHT_CORE || '/work/main/node_modules/playwright-core');
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BASE = process.env.BASE || 'http://127.0.0.1:4527';
const out = {};
const log = (...a) => console.log(...a);

await fetch(BASE + '/__reset', { method: 'POST' });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/lib/chromium/chromium-headless-shell', headless: true, args: ['--no-sandbox'],
});
const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
const page = await ctx.newPage();
const errors = [];
page.on('pageerror', (e) => { errors.push(e.message); log('PAGE ERROR', e.message); });

// mouse-drag selection of the first occurrence of `needle` inside `rootSel`
async function dragSelect(rootSel, needle) {
  const r = await page.evaluate(([sel, needle]) => {
    const root = document.querySelector(sel);
    const w = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let n; (n = w.nextNode());) {
      const i = n.data.indexOf(needle);
      if (i < 0) continue;
      const a = document.createRange(); a.setStart(n, i); a.setEnd(n, i + 1);
      const b = document.createRange(); b.setStart(n, i + needle.length - 1); b.setEnd(n, i + needle.length);
      const ra = a.getBoundingClientRect(), rb = b.getBoundingClientRect();
      return { x1: ra.left + 1, y1: ra.top + ra.height / 2, x2: rb.right - 1, y2: rb.top + rb.height / 2 };
    }
    return null;
  }, [rootSel, needle]);
  await page.mouse.move(r.x1, r.y1);
  await page.mouse.down();
  await page.mouse.move(r.x2, r.y2, { steps: 8 });
  await page.mouse.up();
}

try {
  // 1. tickets: escalate TCK-5524, read the 2-second toast
  await page.goto(BASE + '/tickets');
  await page.locator('tr', { has: page.locator('td', { hasText: /^TCK-5524$/ }) }).locator('button.escalate').click();
  const toast = page.locator('.iziToast-message');
  await toast.waitFor();
  const t0 = Date.now();
  const toastText = (await toast.textContent()).trim();
  out.caseId = /case (ESC-\w+)/.exec(toastText)?.[1];
  await page.locator('.iziToast').waitFor({ state: 'detached', timeout: 5000 });
  log('1 toast:', JSON.stringify(toastText), '| gone', Date.now() - t0, 'ms after it was first seen');

  // 2. reviewers: remove the two current ones, add three by searching
  await page.goto(BASE + '/reviewers');
  const inner = page.locator('.choices__inner');
  for (const name of ['Mark Benson', 'Priya Ramesh']) {
    await page.locator('.choices__list--multiple .choices__item', { hasText: name }).locator('.choices__button').click();
  }
  for (const [q, name] of [['Priya Ra', 'Priya Raman'], ['Ortega', 'Tomás Ortega'], ['Lena Fi', 'Lena Fischer']]) {
    await inner.click();
    await page.keyboard.type(q, { delay: 30 });
    const opt = page.locator('.choices__list--dropdown .choices__item--choice').filter({ hasText: new RegExp('^\\s*' + name + '\\s*$') });
    await opt.first().click();
  }
  await page.keyboard.press('Escape');
  await page.click('#save');
  await page.waitForSelector('#msg:has-text("Saved")');
  out.reviewers = await page.textContent('#msg');
  log('2 reviewers:', out.reviewers);

  // 3. notice: bold a phrase by mouse selection + toolbar, retype the start time
  await page.goto(BASE + '/notice');
  await page.waitForSelector('.ql-editor');
  await dragSelect('.ql-editor', 'all customer portals');
  await page.click('.ql-toolbar button.ql-bold');
  await dragSelect('.ql-editor', 'from 22:00');
  await page.keyboard.type('from 23:30');
  await page.click('#save');
  await page.waitForSelector('#msg:has-text("Draft saved")');
  log('3 notice:', await page.locator('.ql-editor').innerHTML());

  // 4. leave: open the picker, page forward to February 2027, click 8 and 19
  await page.goto(BASE + '/leave');
  await page.click('#dates');
  await page.waitForSelector('.litepicker .month-item');
  const feb = page.locator('.litepicker .month-item').filter({ has: page.locator('.month-item-name', { hasText: 'February' }) })
    .filter({ has: page.locator('.month-item-year', { hasText: '2027' }) });
  for (let i = 0; i < 24 && (await feb.count()) === 0; i++) await page.locator('.litepicker .button-next-month').last().click();
  const day = (d) => feb.locator('.day-item:not(.is-previous-month):not(.is-next-month)').filter({ hasText: new RegExp('^' + d + '$') });
  await day(8).click();
  await day(19).click();
  log('4 leave: input =', await page.inputValue('#dates'));
  await page.click('#submit');
  await page.waitForSelector('#msg:has-text("submitted")');
  await page.waitForLoadState('load');

  // 5. expenses: add the file in the Uppy dashboard, press Upload
  await page.goto(BASE + '/expenses');
  await page.waitForSelector('.uppy-Dashboard');
  await page.locator('input.uppy-Dashboard-input').first().setInputFiles(path.join(ROOT, 'files', 'receipts-march.csv'));
  await page.locator('.uppy-StatusBar-actionBtn--upload').click();
  await page.waitForSelector('#msg:has-text("imported")');
  out.uploadMsg = await page.textContent('#msg');
  out.total = /total (€ [\d,]+\.\d{2})/.exec(out.uploadMsg)?.[1];
  log('5 upload:', out.uploadMsg);

  // 6. analytics: hover the Asia-Pacific August bar inside the iframe, read the tooltip
  await page.goto(BASE + '/analytics');
  const fr = page.frameLocator('#bi');
  await fr.locator('.apexcharts-bar-series .apexcharts-series').first().waitFor();
  const apac = fr.locator('.apexcharts-bar-series .apexcharts-series').nth(2);
  await apac.locator('path').nth(7).hover();
  const tip = fr.locator('.apexcharts-tooltip');
  await tip.locator('.apexcharts-tooltip-title').filter({ hasText: 'Aug' }).waitFor();
  const tipText = (await tip.innerText()).replace(/\s+/g, ' ').trim();
  out.chart = /Asia-Pacific: ([\d,]+)/.exec(tipText)?.[1];
  log('6 chart tooltip:', tipText);

  // 7. devices: page through the grid, scroll sideways, revoke, confirm in the SweetAlert2 modal
  await page.goto(BASE + '/devices');
  await page.waitForSelector('.gridjs-tr');
  const row = page.locator('.gridjs-tr', { has: page.locator('td', { hasText: /^warehouse-scanner-07$/ }) });
  let pages = 1;
  while ((await row.count()) === 0) { await page.locator('.gridjs-pages button', { hasText: 'Next' }).click(); pages++; await page.waitForTimeout(150); }
  const btn = row.locator('button.revoke');
  const wrap = await page.locator('.gridjs-wrapper').boundingBox();
  log('7 devices: found on page', pages, '| revoke button in view before scroll?', (await btn.boundingBox()).x + 20 < wrap.x + wrap.width);
  await page.mouse.move(wrap.x + wrap.width / 2, wrap.y + wrap.height / 2);
  for (let i = 0; i < 20 && (await btn.boundingBox()).x + 20 > wrap.x + wrap.width; i++) await page.mouse.wheel(300, 0);
  await btn.click();
  await page.waitForSelector('.swal2-popup');
  log('7 modal:', (await page.locator('.swal2-html-container').innerText()).trim());
  await page.click('.swal2-confirm');
  await page.waitForSelector('#msg:has-text("revoked")');
  log('7 result:', await page.textContent('#msg'));
} finally {
  await browser.close();
}

const v = await (await fetch(BASE + '/__verify')).json();
log(JSON.stringify(v, null, 1));
const checks = {
  allDone: Object.values(v.jobs).every((j) => j.done === true),
  toastCaseMatches: !!out.caseId && out.caseId === v.jobs['1-toast-escalate'].expectedReport,
  uploadTotal: out.total === '€ 2,853.37',
  chartValue: out.chart === '1,837' || out.chart === '1837',
  noPageErrors: errors.length === 0,
};
log('answers:', out);
log('checks:', checks);
if (!process.env.KEEP) { await fetch(BASE + '/__reset', { method: 'POST' }); log('state reset'); }
process.exit(Object.values(checks).every(Boolean) ? 0 : 1);
