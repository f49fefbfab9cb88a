// Issue 27, WebMCP: `webmcp.list()` and `webmcp.call()` in a program, through the real CLI,
// runtime and Chromium (its WebMCP feature on), on pages that register tools the way sites do:
// imperatively after load, one that changes the page, one that rejects.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CHROMIUM_SWITCHES, HEADLESS_SWITCHES } from '../transport/browserProcess.js';
import { locateBrowser } from '../contract/browserLocator.js';
import { TabwrightHome, hasBrowser, type CliResult, testTimeout } from './harness/tabwrightCli.js';
import { FixtureServer } from './harness/fixtureServer.js';
import { explain } from './harness/testAids.js';

const skip = hasBrowser() ? false : 'no browser on this machine';
let home: TabwrightHome;
let server: FixtureServer;

/** A shop that registers three tools once it has loaded. */
const SHOP = `<title>Tea shop</title><main><h1>Tea shop</h1>
<p>Cart: <span id="count">0</span> items</p><ul id="cart"></ul><p role="status" id="status"></p></main>
<script>
const catalog = [{ sku: 'oolong', name: 'Oolong', price: 12 }, { sku: 'sencha', name: 'Sencha', price: 9 }];
window.addEventListener('load', () => {
  document.modelContext.registerTool({
    name: 'search_catalog', description: 'Finds teas by name',
    inputSchema: { type: 'object', properties: { query: { type: 'string', minLength: 1 }, limit: { type: 'integer', minimum: 1 } }, required: ['query'], additionalProperties: false },
    annotations: { readOnlyHint: true },
    execute: async ({ query, limit = 10 }) => catalog.filter(t => t.name.toLowerCase().includes(query.toLowerCase())).slice(0, limit),
  });
  document.modelContext.registerTool({
    name: 'add_to_cart', description: 'Adds a tea to the cart',
    inputSchema: { type: 'object', properties: { sku: { type: 'string', enum: catalog.map(t => t.sku) }, quantity: { type: 'integer', minimum: 1 } }, required: ['sku', 'quantity'] },
    execute: async ({ sku, quantity }) => {
      const li = document.createElement('li');
      li.textContent = quantity + ' x ' + sku;
      document.getElementById('cart').append(li);
      const count = document.getElementById('count');
      count.textContent = String(Number(count.textContent) + quantity);
      return { content: [{ type: 'text', text: 'Added ' + quantity + ' ' + sku }] };
    },
  });
  document.modelContext.registerTool({
    name: 'checkout', description: 'Places the order',
    execute: async () => { throw new Error('Payment service is down'); },
  });
});
</script>`;

before(async () => {
  home = new TabwrightHome({ prefix: 'tw-sitetools-' });
  server = await FixtureServer.start();
  server.page('/shop', SHOP);
  server.page('/plain', '<title>Plain</title><h1>No tools here</h1>');
  // A page whose tool's inputSchema claims the draft-07 meta-schema's own $id (issue 38 item 8).
  server.page('/meta-id', `<title>Meta id</title><h1>Meta</h1><script>
window.addEventListener('load', () => document.modelContext.registerTool({
  name: 'lookup', description: 'Looks something up',
  inputSchema: { $id: 'http://json-schema.org/draft-07/schema#', type: 'object', properties: { q: { type: 'string' } } },
  annotations: { readOnlyHint: true },
  execute: async ({ q }) => ({ content: [{ type: 'text', text: 'found ' + q }] }),
}));
</script>`);
});

after(async () => {
  await home?.dispose();
  await server?.close();
});

async function run(task: string, id: string, program: string): Promise<CliResult> {
  return home.program(task, id, program, ['--wait', '180']);
}

test('webmcp.list() returns the tools a page registered after load, and a read-only call changes nothing', { skip, timeout: testTimeout(2) }, async () => {
  const opened = await run('shop', 'list-0', `
    await page.goto(${JSON.stringify(server.url('/shop'))});`);
  assert.equal(opened.code, 0, explain(opened, home));
  // No navigation in this one: listing and a read-only call are all it does.
  const r = await run('shop', 'list-1', `
    const tools = await webmcp.list();
    const found = await webmcp.call('search_catalog', { query: 'oo' });
    return { tools, found };`);
  assert.equal(r.code, 0, explain(r, home));
  const { tools, found } = r.json.result;
  assert.deepEqual(tools.map((t: { name: string }) => t.name).sort(), ['add_to_cart', 'checkout', 'search_catalog']);
  const search = tools.find((t: { name: string }) => t.name === 'search_catalog');
  assert.deepEqual(search.annotations, { readOnly: true });
  assert.equal(search.inputSchema.required[0], 'query');
  assert.deepEqual(found, [{ sku: 'oolong', name: 'Oolong', price: 12 }]);
  // Listing changes nothing; a read-only call is the page's word, and its code ran: possible,
  // named so the agent can judge (issue 38 item 18). The call is in the receipt, with the untrusted note.
  assert.equal(r.json.mutationState, 'possible', explain(r, home));
  assert.deepEqual(r.json.mutations, ['site tool search_catalog called (page code ran; the page calls it read-only)'], explain(r, home));
  assert.deepEqual(r.json.siteToolCalls, [{ page: r.json.page, tool: 'search_catalog', readOnly: true, outcome: 'returned' }]);
  assert.ok(r.json.hints.some((h: string) => /came from the page/.test(h)), explain(r, home));
});

test('webmcp.call() of a tool that changes the page: the page shows it and the receipt counts a possible mutation', { skip, timeout: testTimeout(2) }, async () => {
  const r = await run('shop', 'add-1', `
    await page.goto(${JSON.stringify(server.url('/shop'))});
    const said = await webmcp.call('add_to_cart', { sku: 'sencha', quantity: 2 });
    await expect(page.locator('#count')).toHaveText('2');
    return { said, cart: await page.locator('#cart').innerText() };`);
  assert.equal(r.code, 0, explain(r, home));
  assert.deepEqual(r.json.result.said, { content: [{ type: 'text', text: 'Added 2 sencha' }] });
  assert.equal(r.json.result.cart, '2 x sencha');
  assert.equal(r.json.mutationState, 'possible', explain(r, home));
  assert.deepEqual(r.json.siteToolCalls, [{ page: r.json.page, tool: 'add_to_cart', readOnly: false, outcome: 'returned' }]);
});

test('arguments are checked against the inputSchema before the call, and the error names the field', { skip, timeout: testTimeout(2) }, async () => {
  const missing = await run('shop', 'bad-1', `
    await page.goto(${JSON.stringify(server.url('/shop'))});
    await webmcp.call('add_to_cart', { sku: 'sencha' });`);
  assert.equal(missing.code, 1, explain(missing, home));
  assert.equal(missing.json.error.name, 'WebMCPArgumentError');
  assert.equal(missing.json.error.field, 'quantity');
  assert.match(missing.json.error.message, /argument quantity is required/);
  const wrong = await run('shop', 'bad-2', `
    try { await webmcp.call('add_to_cart', { sku: 'matcha', quantity: 1 }); } catch (e) { return { name: e.name, field: e.field, message: e.message, count: await page.locator('#count').innerText() }; }`);
  assert.equal(wrong.code, 0, explain(wrong, home));
  assert.equal(wrong.json.result.field, 'sku');
  assert.match(wrong.json.result.message, /one of "oolong", "sencha"/);
  // Nothing was called: the cart is untouched and no call is recorded.
  assert.equal(wrong.json.result.count, '0');
  assert.equal(wrong.json.siteToolCalls, undefined);
  assert.equal(wrong.json.mutationState, 'none', explain(wrong, home));
});

test('a tool that rejects fails the call and counts as a possible mutation; an unknown tool lists the ones offered', { skip, timeout: testTimeout(2) }, async () => {
  const r = await run('shop', 'fail-1', `
    await page.goto(${JSON.stringify(server.url('/shop'))});
    const unknown = await webmcp.call('refund', {}).catch(e => ({ name: e.name, message: e.message }));
    await webmcp.call('checkout');`);
  assert.equal(r.code, 1, explain(r, home));
  assert.equal(r.json.error.name, 'WebMCPToolFailed');
  assert.equal(r.json.error.tool, 'checkout');
  assert.deepEqual(r.json.siteToolCalls, [{ page: r.json.page, tool: 'checkout', readOnly: false, outcome: 'failed' }]);
  assert.equal(r.json.mutationState, 'possible');
  const second = await run('shop', 'fail-2', `return await webmcp.call('refund', {}).catch(e => ({ name: e.name, message: e.message }));`);
  assert.equal(second.json.result.name, 'WebMCPToolNotFound');
  assert.match(second.json.result.message, /offers no site tool named "refund"; it offers: .*add_to_cart/);
});

test('a page\'s inputSchema with the draft-07 meta-schema\'s $id is checked on its own: another page\'s tool is called after it in the same worker', { skip, timeout: testTimeout(2) }, async () => {
  const r = await run('meta', 'meta-1', `
    await page.goto(${JSON.stringify(server.url('/meta-id'))});
    const first = await webmcp.call('lookup', { q: 'tea' }).catch(e => ({ name: e.name, message: e.message }));
    await page.goto(${JSON.stringify(server.url('/shop'))});
    const second = await webmcp.call('add_to_cart', { sku: 'oolong', quantity: 1 }).catch(e => ({ name: e.name, message: e.message }));
    return { first, second };`);
  assert.equal(r.code, 0, explain(r, home));
  assert.deepEqual(r.json.result.first, { content: [{ type: 'text', text: 'found tea' }] }, explain(r, home));
  assert.deepEqual(r.json.result.second, { content: [{ type: 'text', text: 'Added 1 oolong' }] }, explain(r, home));
  // And in the worker's next program too: nothing of the first page's schema stayed behind.
  const next = await run('meta', 'meta-2', `return await webmcp.call('add_to_cart', { sku: 'sencha', quantity: 1 }).catch(e => ({ name: e.name, message: e.message }));`);
  assert.deepEqual(next.json.result, { content: [{ type: 'text', text: 'Added 1 sencha' }] }, explain(next, home));
});

test('a page without tools lists none; observe() says when a page offers tools', { skip, timeout: testTimeout(3) }, async () => {
  const r = await run('plain', 'plain-1', `
    await page.goto(${JSON.stringify(server.url('/plain'))});
    const none = await webmcp.list();
    const plainView = await observe();
    await page.goto(${JSON.stringify(server.url('/shop'))});
    return { none, plainView, shopView: await observe() };`);
  assert.equal(r.code, 0, explain(r, home));
  assert.deepEqual(r.json.result.none, []);
  assert.doesNotMatch(r.json.result.plainView, /site tool/);
  assert.match(r.json.result.shopView.split('\n')[0], /3 site tools: add_to_cart, checkout, search_catalog \(webmcp\)$/, r.json.result.shopView);
  // Each call asks the document the page shows now (the worker remembers only the page's frame):
  // back on the plain page in the next program, no tools; the shop's again, its tools.
  const back = await run('plain', 'plain-2', `
    await page.goto(${JSON.stringify(server.url('/plain'))});
    const plainView = await observe();
    await page.goto(${JSON.stringify(server.url('/shop'))});
    return { plainView, tools: (await webmcp.list()).map(tool => tool.name) };`);
  assert.equal(back.code, 0, explain(back, home));
  assert.doesNotMatch(back.json.result.plainView, /site tool/, back.json.result.plainView);
  assert.deepEqual(back.json.result.tools.sort(), ['add_to_cart', 'checkout', 'search_catalog']);
});

test('a connected browser started without WebMCP: webmcp says what is missing, observe() still works', { skip, timeout: testTimeout(1) }, async () => {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'tw-no-webmcp-'));
  const chromium = spawn(locateBrowser().path!, [
    ...CHROMIUM_SWITCHES.filter(s => s !== '--enable-features=WebMCP'), ...HEADLESS_SWITCHES,
    '--remote-debugging-port=0', `--user-data-dir=${profile}`, '--no-sandbox', 'about:blank',
  ], { stdio: 'ignore', detached: true });
  const exited = new Promise(resolve => chromium.once('exit', resolve));
  let connected: TabwrightHome | undefined;
  try {
    let port = 0;
    // Chromium writes the port it picked once it listens.
    while (!port) {
      if (chromium.exitCode !== null) throw new Error('the browser exited before it listened');
      try { port = Number(fs.readFileSync(path.join(profile, 'DevToolsActivePort'), 'utf8').split('\n')[0]); } catch { /* not yet */ }
      if (!port) await new Promise(resolve => setTimeout(resolve, 100));
    }
    connected = new TabwrightHome({ prefix: 'tw-sitetools-connected-', start: { connect: `http://127.0.0.1:${port}` } });
    const r = await connected.program('bare', 'bare-1', `
      await page.goto(${JSON.stringify(server.url('/plain'))});
      const view = await observe();
      const error = await webmcp.list().catch(e => ({ name: e.name, message: e.message }));
      return { view, error };`, ['--wait', '180']);
    assert.equal(r.code, 0, `${r.stdout}\n${r.stderr}`);
    assert.equal(r.json.result.error.name, 'WebMCPUnavailable');
    assert.match(r.json.result.error.message, /no document\.modelContext.*--enable-features=WebMCP/);
    assert.match(r.json.result.view, /No tools here/);
  } finally {
    await connected?.dispose();
    process.kill(-chromium.pid!, 'SIGKILL');
    await exited;
    fs.rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  }
});
