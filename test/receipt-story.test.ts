// Issue 26, receipts that say what happened: a redirect shows the URL asked for and the hops,
// a page's title is the one it has (not the URL Chrome reported at commit), and `run --close`
// ends the task with the job's last step. Against Acme Ops (test/harness/opsApp.ts); real CLI
// (the native client and the Node one), runtime and Chromium.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { TabwrightHome, hasBrowser, testTimeout } from './harness/tabwrightCli.js';
import { FixtureServer } from './harness/fixtureServer.js';
import { OpsApp } from './harness/opsApp.js';
import { explain } from './harness/testAids.js';

const skip = hasBrowser() ? false : 'no browser on this machine';
let home: TabwrightHome;
let server: FixtureServer;
let app: OpsApp;

before(async () => {
  home = new TabwrightHome({ prefix: 'tw-receipt-story-' });
  server = await FixtureServer.start();
  app = new OpsApp(server);
});

after(async () => {
  await home?.dispose();
  await server?.close();
});

const url = (path: string) => JSON.stringify(server.url(path));

test('a goto that was redirected says the URL it asked for and each hop; one that was not stays out of the compact view', { skip, timeout: testTimeout(3) }, async () => {
  const r = await home.compactProgram('account', 'open', `await page.goto(${url('/account')}); return page.url();`);
  assert.equal(r.code, 0, explain(r, home));
  assert.equal(r.json.mutationState, 'none', 'a redirected GET changes nothing');
  assert.deepEqual(r.json.pageChanges, [{
    type: 'navigated', page: r.json.pageChanges?.[0]?.page, from: 'about:blank', to: server.url('/login?next=%2Faccount'),
    redirectedFrom: [`${server.url('/account')} (302)`],
  }], explain(r, home));

  // Signing in: a POST answered 303, then the GET it leads to.
  const signIn = await home.compactProgram('account', 'sign-in', `
    await page.getByLabel('Username').fill('ada');
    await page.getByLabel('Password').fill('secret');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\\/tickets$/);
    await page.goto(${url('/account')});
    return await page.locator('h1').innerText();`);
  assert.equal(signIn.code, 0, explain(signIn, home));
  assert.equal(signIn.json.result, 'Account');
  // Its own actions returned, so `run` shows what they caused; the stored receipt names them all.
  assert.deepEqual(signIn.json.mutations, ['POST /login 303'], explain(signIn, home));
  const stored = await home.run(['receipt', '--task', 'account', '--request-id', 'sign-in', '--verbose']);
  assert.deepEqual(stored.json.mutations, ["fill getByLabel('Username')", "fill getByLabel('Password')", "click getByRole('button', { name: 'Sign in' })", 'POST /login 303'], explain(stored, home));
  assert.ok(!JSON.stringify(signIn.json).includes('secret'), 'no typed value in the receipt');
  const landed = signIn.json.pageChanges.find((c: { to: string }) => c.to === server.url('/tickets'));
  assert.deepEqual(landed?.redirectedFrom, [`${server.url('/login')} (303)`], explain(signIn, home));
  assert.ok(!signIn.json.pageChanges.some((c: { to: string }) => c.to === server.url('/account')), 'the goto it asked for, not redirected, is not repeated back');
  assert.deepEqual(app.posts, ['/login ada']);
});

test('a first look at a page whose scripts only GET (goto, observe(), locator reads) is mutationState none', { skip, timeout: testTimeout(2) }, async () => {
  const gets = app.gets.length;
  const r = await home.compactProgram('first-look', 'look', `
    await page.goto(${url('/tickets')});
    await expect(page.getByText(/open tickets/)).toBeVisible();
    return {
      view: await observe(),
      rows: await page.locator('tbody tr').count(),
      first: await page.locator('tbody tr').first().innerText(),
      link: await page.getByRole('link', { name: 'New ticket' }).getAttribute('href'),
    };`);
  assert.equal(r.code, 0, explain(r, home));
  assert.match(r.json.result.view, /open tickets/, explain(r, home));
  assert.equal(r.json.result.link, '/tickets/new');
  assert.ok(app.gets.length > gets, 'the page\'s script fetched the list (a GET)');
  assert.equal(r.json.mutationState, 'none', explain(r, home));
  assert.equal(r.json.mutations, undefined, explain(r, home));
  assert.ok(!r.json.hints?.some((h: string) => /may have changed/.test(h)), explain(r, home));
});

test('pages[].title is the title the page has now, also when its script sets it after load', { skip, timeout: testTimeout(2) }, async () => {
  const r = await home.program('titles', 'list', `
    await page.goto(${url('/tickets')});
    await expect(page).toHaveTitle('Tickets - Acme Ops');
    return (await tabs.list()).map(t => t.title);`);
  assert.equal(r.code, 0, explain(r, home));
  assert.deepEqual(r.json.result, ['Tickets - Acme Ops'], 'tabs.list()');
  assert.deepEqual(r.json.pages.map((p: { title: string }) => p.title), ['Tickets - Acme Ops'], explain(r, home));
  const listed = await home.run(['pages', '--task', 'titles']);
  assert.deepEqual(listed.json.pages.map((p: { title: string }) => p.title), ['Tickets - Acme Ops'], listed.stdout);
});

test('run --close: the program runs, its receipt is final, then the task is gone with its tabs; receipt still answers', { skip, timeout: testTimeout(10) }, async () => {
  // As an installed command runs it (the native client, when built) and through the Node CLI.
  for (const [task, asInstalled] of [['job-native', true], ['job-node', false]] as const) {
    const r = await home.run(['run', '--task', task, '--request-id', 'last', '--close', '--wait', '240'], { asInstalled, input: `
      await page.goto(${url('/tickets')});
      await expect(page.getByText(/open tickets/)).toBeVisible();
      return await page.locator('#state').innerText();` });
    assert.equal(r.code, 0, explain(r, home));
    assert.match(r.json.result, /open tickets$/);
    // Answered after its task closed, the compact view still leaves out the goto it asked for.
    assert.equal(r.json.pageChanges, undefined, explain(r, home));
    const tasks = await home.run(['tasks']);
    assert.ok(!JSON.stringify(tasks.json).includes(`"${task}"`), `${task} is closed: ${tasks.stdout}`);
    const pages = await home.run(['pages', '--all']);
    assert.ok(!pages.json.pages.some((p: { task: string | null }) => p.task === task), pages.stdout);
    const receipt = await home.run(['receipt', '--task', task, '--request-id', 'last']);
    assert.equal(receipt.json.status, 'succeeded', receipt.stdout);
  }
  // A replay answers the stored receipt and closes nothing more (there is nothing to close).
  const replay = await home.run(['run', '--task', 'job-native', '--request-id', 'last', '--close'], { input: `
      await page.goto(${url('/tickets')});
      await expect(page.getByText(/open tickets/)).toBeVisible();
      return await page.locator('#state').innerText();` });
  assert.equal(replay.json.replayed, true, explain(replay, home));
});
