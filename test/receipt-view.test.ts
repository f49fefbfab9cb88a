// Issue 10, what `run` prints by default: the fields a model acts on. The whole receipt stays
// behind --verbose and `tabwright receipt`. Real CLI, runtime and Chromium.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { TabwrightHome } from './harness/tabwrightCli.js';
import { FixtureServer } from './harness/fixtureServer.js';
import { compactReceipt } from '../runtime/receipts/receiptView.js';
import { DEFAULT_ACTION_TIMEOUT_MS } from '../runtime/worker/defaultTimeouts.js';
import { parseArguments } from '../cli/arguments.js';
import type { Receipt } from '../contract/receipt.js';
import { explain } from './harness/testAids.js';

describe('the compact view (pure)', () => {
  const whole: Receipt = {
    task: 't', requestId: 'r', status: 'succeeded', mutationState: 'possible', queuedAt: 'q', startedAt: 's', finishedAt: 'f',
    durationMs: 12, result: { path: '/a/shot.png', bytes: 3, mime: 'image/png' }, page: 2, pages: [{ id: 2, url: 'u', title: 't' }],
    pageChanges: [{ type: 'navigated', page: 2, from: 'about:blank', to: 'http://x/a' }, { type: 'navigated', page: 2, from: 'http://x/a', to: 'http://x/b' }],
    artifacts: [{ path: '/a/shot.png', bytes: 3, mime: 'image/png' }, { path: '/a/other.png', bytes: 4, mime: 'image/png' }],
  };

  test('leaves out identity, times, the pages list and artifacts the result already shows', () => {
    assert.deepEqual(compactReceipt(whole), {
      status: 'succeeded', mutationState: 'possible', result: whole.result, pageChanges: whole.pageChanges,
      artifacts: [{ path: '/a/other.png', bytes: 4, mime: 'image/png' }],
    });
  });

  test('a navigation to exactly the URL the program asked for is not repeated back; others are', () => {
    const view = compactReceipt(whole, { requestedUrls: new Set(['http://x/a']) });
    assert.deepEqual(view.pageChanges, [{ type: 'navigated', page: 2, from: 'http://x/a', to: 'http://x/b' }]);
  });

  test('a reload, a step in history (once each) and a tab the program closed are left out; a failed navigation stays even to a URL it asked for', () => {
    const changes: Receipt['pageChanges'] = [
      { type: 'navigated', page: 2, from: 'http://x/a', to: 'http://x/b' },
      { type: 'navigated', page: 2, from: 'http://x/b', to: 'http://x/b' },
      { type: 'navigated', page: 2, from: 'http://x/a', to: 'http://x/b' },
      { type: 'closed', page: 3 },
      { type: 'closed', page: 4 },
      { type: 'navigated', page: 2, from: 'http://x/b', to: 'http://x/c', failed: 'net::ERR_EMPTY_RESPONSE' },
      { type: 'navigated', page: 2, from: 'http://x/c', to: 'http://x/a', deferred: true },
    ];
    const view = compactReceipt({ ...whole, pageChanges: changes }, {
      requestedUrls: new Set(['http://x/c']), movedTo: ['2 http://x/b http://x/b', '2 http://x/a http://x/b', '2 ? http://x/a'], closedPages: new Set([3]),
    });
    assert.deepEqual(view.pageChanges, [changes[2], changes[4], changes[5], changes[6]]);
  });

  test('keeps status first and every field a next step depends on', () => {
    const failed: Receipt = { task: 't', requestId: 'r', status: 'interrupted', outcome: 'OUTCOME_UNKNOWN', mutationState: 'possible', queuedAt: 'q',
      mutations: ["click getByRole('button', { name: 'Buy' })", 'POST /api/order (in flight)'], error: { name: 'Interrupted', message: 'm' }, network: [{ page: 1, method: 'POST', url: 'u', pending: true }], console: [{ type: 'log', text: 'x' }],
      hints: ['h'], replayed: true };
    const view = compactReceipt(failed);
    assert.deepEqual(Object.keys(view), ['status', 'outcome', 'mutationState', 'mutations', 'replayed', 'error', 'network', 'console', 'hints']);
  });
});

describe('run through the CLI', () => {
  let home: TabwrightHome;
  let server: FixtureServer;

  before(async () => {
    home = new TabwrightHome({ prefix: 'tw-receipt-view-' });
    server = await FixtureServer.start();
    server.page('/form', '<title>Form</title><label>Name <input></label><a href="/next">Next</a>');
    server.page('/next', '<title>Next</title><h1>Next</h1>');
  });

  after(async () => {
    await home?.dispose();
    await server?.close();
  });

  test('run and receipt print the compact receipt by default, the whole stored one with --verbose', async () => {
    const program = `await page.goto(${JSON.stringify(server.url('/form'))}); return await page.title();`;
    const compact = await home.compactProgram('view', 'v1', program);
    assert.equal(compact.code, 0, explain(compact, home));
    // The goto's own navigation is what the program asked for: not repeated back.
    assert.deepEqual(compact.json, { status: 'succeeded', mutationState: 'none', result: 'Form' });

    const again = await home.run(['receipt', '--task', 'view', '--request-id', 'v1']);
    assert.equal(again.code, 0, explain(again, home));
    assert.deepEqual(again.json, compact.json, '`receipt` prints what `run` printed');

    const stored = await home.run(['receipt', '--task', 'view', '--request-id', 'v1', '--verbose']);
    assert.equal(stored.json.task, 'view');
    assert.equal(stored.json.requestId, 'v1');
    assert.equal(typeof stored.json.durationMs, 'number');
    assert.equal(stored.json.pages[0].url, server.url('/form'));
    assert.equal(stored.json.pages[0].title, 'Form', 'the title the page has, not the URL Chrome reported at commit');
    assert.equal(stored.json.pageChanges[0].to, server.url('/form'), 'the stored receipt keeps every page change');

    const verbose = await home.program('view', 'v2', 'return 2');
    assert.equal(verbose.json.requestId, 'v2');
    assert.ok(verbose.json.pages.length >= 1);
  });

  test('receipt prints what run printed also after the runtime restarted: the view\'s facts are stored with the receipt', async () => {
    // A goto (asked for: left out) and a fill (the program's own action: left out of mutations).
    const program = `await page.goto(${JSON.stringify(server.url('/form'))}); await page.getByLabel('Name').fill('Ada'); return 1;`;
    const compact = await home.compactProgram('restarted', 'r1', program);
    assert.equal(compact.code, 0, explain(compact, home));
    assert.deepEqual(compact.json, { status: 'succeeded', mutationState: 'possible', mutations: ['input only, no request but GET'], result: 1 }, explain(compact, home));
    const stop = await home.run(['runtime', 'stop']);
    assert.equal(stop.code, 0, explain(stop, home));
    const after = await home.run(['receipt', '--task', 'restarted', '--request-id', 'r1']);
    assert.equal(after.code, 0, explain(after, home));
    assert.deepEqual(after.json, compact.json, 'the same receipt, the same answer, before and after a restart');
  });

  test('a navigation the program did not ask for by URL is shown', async () => {
    const r = await home.compactProgram('view', 'v3', `await page.getByRole('link', { name: 'Next' }).click({ timeout: 60_000 }); await expect(page).toHaveTitle('Next', { timeout: 60_000 });`);
    assert.equal(r.code, 0, explain(r, home));
    assert.deepEqual(r.json.pageChanges?.map((c: { type: string; to: string }) => [c.type, c.to]), [['navigated', server.url('/next')]]);
  });

  test('a click on a control that never appears fails at the default action timeout, below the default --wait of run, with a short message', async () => {
    // The harness waits longer than the default (a busy machine): the receipt says which timeout
    // the program had, and the CLI's parser what `run` waits when no --wait is given.
    const defaultRun = parseArguments(['run', '--task', 'view', '--request-id', 'm1']);
    assert.ok(defaultRun.ok && defaultRun.invocation.command.kind === 'run');
    const defaultWaitMs = defaultRun.invocation.command.waitS * 1000;
    await home.compactProgram('view', 'm0', `await page.goto(${JSON.stringify(server.url('/form'))});`);
    const r = await home.compactProgram('view', 'm1', `await page.getByRole('button', { name: 'Never there' }).click();`);
    assert.equal(r.code, 1, explain(r, home));
    assert.equal(r.json.error.name, 'TimeoutError');
    assert.equal(r.json.error.call, 'locator.click');
    assert.equal(r.json.error.timeoutMs, DEFAULT_ACTION_TIMEOUT_MS, 'the runtime\'s default action timeout, not Playwright\'s 30 s');
    assert.ok(r.json.error.timeoutMs <= defaultWaitMs / 2, `a ${r.json.error.timeoutMs} ms action timeout leaves a default run call (--wait ${defaultWaitMs / 1000}) the time to say it failed`);
    assert.equal(r.json.error.log, undefined, 'the call log stays in the stored receipt');
    assert.ok(r.json.error.message.split('\n').length <= 3, r.json.error.message);
  });

  test('a resubmission says replayed, and surrounding white space does not make a different program', async () => {
    const first = await home.compactProgram('view', 'w1', 'state.n = (state.n ?? 0) + 1; return state.n');
    const again = await home.compactProgram('view', 'w1', '\n  state.n = (state.n ?? 0) + 1; return state.n\n\n');
    assert.equal(again.code, 0, explain(again, home));
    assert.deepEqual(again.json, { ...first.json, replayed: true });
    const changed = await home.compactProgram('view', 'w1', 'return 3');
    assert.equal(changed.code, 6, explain(changed, home));
  });
});
