// Issue 27, read(): a page's main content (or a locator's part) as Markdown, made in
// tabwright's isolated world, through the real CLI, runtime and Chromium, on the bench's three
// realistic pages (bench/readPages.ts) served on loopback.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { TabwrightHome, hasBrowser, type CliResult, testTimeout } from './harness/tabwrightCli.js';
import { FixtureServer } from './harness/fixtureServer.js';
import { READ_PAGES } from '../bench/readPages.js';
import { explain } from './harness/testAids.js';

const skip = hasBrowser() ? false : 'no browser on this machine';
let home: TabwrightHome;
let server: FixtureServer;

/** A page whose scripts replace what a converter running in the main world would call. */
const HOSTILE = `<title>Hostile</title><main><article><h1>Real heading</h1>
<p>${'The real text of the article, long enough for Readability to take it as the content. '.repeat(8)}</p>
<ul><li>First point</li><li>Second point</li></ul></article></main>
<script>
const replace = String.prototype.replace;
String.prototype.replace = function () { return 'PWNED'; };
Array.prototype.map = function () { return ['PWNED']; };
Node.prototype.cloneNode = function () { return document.createTextNode('PWNED'); };
JSON.stringify = () => '"PWNED"';
</script>`;

/** An app page, not an article: a short list in a table that a script filled in, as Acme Ops' tickets page (issue 26's trial). */
const APP_PAGE = `<title>Tickets - Acme Ops</title><nav><a href="/">Home</a> <a href="/tickets">Tickets</a></nav>
<main><h1>Tickets</h1><p id="state">2 open tickets</p><table><thead><tr><th>Ticket</th><th>Title</th><th>Priority</th></tr></thead><tbody></tbody></table>
<a href="/tickets/new">New ticket</a></main>
<script>document.querySelector('tbody').innerHTML = '<tr><td>TCK-1040</td><td>Printer on 3rd floor jams</td><td>Low</td></tr><tr><td>TCK-1041</td><td>VPN drops every hour</td><td>High</td></tr>';</script>`;

before(async () => {
  home = new TabwrightHome({ prefix: 'tw-read-' });
  server = await FixtureServer.start();
  for (const page of READ_PAGES) server.page(page.path, page.html);
  server.page('/hostile', HOSTILE);
  server.page('/app', APP_PAGE);
});

after(async () => {
  await home?.dispose();
  await server?.close();
});

async function ok(task: string, id: string, program: string): Promise<CliResult> {
  const r = await home.program(task, id, program, ['--wait', '180']);
  assert.equal(r.code, 0, explain(r, home));
  return r;
}

test('read() gives an article as Markdown: headings, links, lists, a table; no navigation, banners, sidebars or scripts', { skip, timeout: testTimeout(2) }, async () => {
  await ok('news', 'open', `await page.goto(${JSON.stringify(server.url('/article'))});`);
  // A program that only reads: read() changes nothing.
  const r = await ok('news', 'read', 'return await read();');
  const md: string = r.json.result;
  assert.match(md, /^# The long road of a tea leaf\n/);
  assert.match(md, /^## What the numbers say$/m);
  assert.match(md, /^\| Oolong \| 10–80% \| 4 +\|$/m, md);
  assert.ok(md.includes(`[notes on batch 1](${server.url('/notes/1')})`), 'links are absolute');
  assert.match(md, /^- Smaller gardens$/m);
  assert.match(md, /^> The leaf decides; we only listen\.$/m);
  for (const chrome of ['Most read', 'Accept all', 'section 3', 'dataLayer', 'All rights reserved', 'Subscribe'])
    assert.ok(!md.includes(chrome), `${chrome} is page chrome, not content:\n${md}`);
  assert.equal(r.json.mutationState, 'none', explain(r, home));
});

test('read() keeps a docs page\'s code blocks with their language and its options table, without the sidebar', { skip, timeout: testTimeout(1) }, async () => {
  const r = await ok('docs', 'read', `await page.goto(${JSON.stringify(server.url('/docs'))});\nreturn await read();`);
  const md: string = r.json.result;
  assert.match(md, /```ts\nimport \{ defineConfig \} from 'example';\n\nexport default defineConfig\(\{\n {2}timeout: 30_000,/);
  assert.match(md, /```bash\nEXAMPLE_ENV=staging npx example test --project=chromium\n```/);
  assert.match(md, /^\| Option \| Type \| Default \| Description \|$/m);
  assert.ok(!md.includes('docs/installation-0'), `the sidebar is left out:\n${md}`);
  assert.ok(!md.includes('On this page'), md);
});

test('read(locator) reads one part; a cap cuts at a paragraph and says what it left out', { skip, timeout: testTimeout(3) }, async () => {
  const r = await ok('shop', 'read', `await page.goto(${JSON.stringify(server.url('/product'))});
    return { specs: await read(page.locator('.specs')), capped: await read({ maxChars: 1000 }), full: await read() };`);
  const { specs, capped, full } = r.json.result as Record<string, string>;
  assert.match(specs, /^## Specifications\n\n/);
  assert.match(specs, /^\| Origin \| Anxi, Fujian \|$/m);
  assert.ok(!specs.includes('€18.50'), specs);
  assert.match(full, /€18\.50/);
  const note = /\n\n\[read\(\) stopped at ([\d,]+) of ([\d,]+) characters: [\d,]+ more, among them "([^"]+)"/.exec(capped);
  assert.ok(note, capped);
  assert.ok(Number(note[1].replace(/,/g, '')) <= 1000);
  assert.equal(Number(note[2].replace(/,/g, '')), full.length);
  assert.ok(full.slice(Number(note[1].replace(/,/g, ''))).includes(`## ${note[3]}`), 'the note names a heading of the cut part');
  const bad = await home.program('shop', 'bad', 'return await read({ maxChars: 10 });', ['--wait', '180']);
  assert.equal(bad.json.error.name, 'ReadArgumentError');
  assert.match(bad.json.error.message, /maxChars must be a whole number of at least 500/);
});

test('a page\'s scripts cannot tamper with read(): it runs in an isolated world', { skip, timeout: testTimeout(1) }, async () => {
  const r = await ok('hostile', 'read', `await page.goto(${JSON.stringify(server.url('/hostile'))});\nreturn await read();`);
  const md: string = r.json.result;
  assert.ok(!md.includes('PWNED'), md);
  assert.match(md, /^- First point$/m);
  assert.match(md, /The real text of the article/);
});

test('read() of an app page that is no article gives its whole content: the table with its header and every row, without the navigation', { skip, timeout: testTimeout(1) }, async () => {
  // Readability took one row of this page for its content and returned bare <td>s, on which the
  // table converter threw "Invalid value used as weak map key" (a new agent's first read() of an app).
  const r = await ok('app', 'read', `await page.goto(${JSON.stringify(server.url('/app'))});\nreturn await read();`);
  const md: string = r.json.result;
  assert.match(md, /^# Tickets$/m, md);
  assert.match(md, /^\| Ticket \| Title \| Priority \|$/m, md);
  assert.match(md, /^\| TCK-1040 \| Printer on 3rd floor jams \| Low \|$/m, md);
  assert.match(md, /^\| TCK-1041 \| VPN drops every hour \| High \|$/m, md);
  assert.ok(md.includes('2 open tickets') && md.includes(`[New ticket](${server.url('/tickets/new')})`), md);
  assert.ok(!md.includes('Home'), `the navigation is page chrome:\n${md}`);
});
