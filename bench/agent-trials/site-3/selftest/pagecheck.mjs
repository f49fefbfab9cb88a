// Loads every page of the site headless and reports console errors/warnings, page errors,
// failed requests and any request that leaves 127.0.0.1. Optional screenshots (SHOTS=dir).
//   BASE=http://127.0.0.1:4537 node selftest/pagecheck.mjs [/path ...]
import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
const { chromium } = require(process.env.PLAYWRIGHT_CORE || '/work/main/node_modules/playwright-core');
const BASE = process.env.BASE || 'http://127.0.0.1:4537';
const paths = process.argv.slice(2).length ? process.argv.slice(2)
  : ['/', '/containers', '/edi-config', '/quotes', '/invoices', '/lanes', '/closures', '/pickups', '/pickups/PU-58254'];
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/lib/chromium/chromium', headless: true, args: ['--no-sandbox'] });
let bad = 0;
for (const p of paths) {
  const ctx = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await ctx.newPage();
  const problems = [];
  let requests = 0;
  page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') problems.push(`console.${m.type()}: ${m.text()}`); });
  page.on('pageerror', (e) => problems.push('pageerror: ' + e.message));
  page.on('requestfailed', (r) => problems.push('requestfailed: ' + r.url() + ' ' + (r.failure()?.errorText || '')));
  await ctx.route('**/*', (route) => {
    const u = new URL(route.request().url());
    requests++;
    if (u.protocol.startsWith('http') && u.hostname !== '127.0.0.1') { problems.push('OUTSIDE REQUEST: ' + u.href); return route.abort(); }
    return route.continue();
  });
  await page.goto(BASE + p, { waitUntil: 'load' });
  await page.waitForTimeout(2500);
  if (process.env.SHOTS) await page.screenshot({ path: `${process.env.SHOTS}/${p.replace(/\W+/g, '_') || 'home'}.png` });
  const errs = problems.filter((x) => !x.startsWith('console.warning'));
  bad += errs.length;
  console.log(`${errs.length ? 'FAIL' : 'ok  '} ${p}  (${requests} requests)` + (problems.length ? '\n   ' + problems.join('\n   ') : ''));
  await ctx.close();
}
await browser.close();
console.log(bad ? `${bad} problem(s)` : 'all pages clean: no console errors, no page errors, no request left 127.0.0.1');
process.exit(bad ? 1 : 0);
