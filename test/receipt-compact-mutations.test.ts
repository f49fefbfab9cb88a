// Issue 41 items 6 and 7, what the compact receipt says a program changed: on a real CodeMirror 6
// editor a program types, presses keys and saves; the save's POST is listed first however many
// keystrokes came before it, a keyboard call is one entry (never `typed a character ×N`,
// `key Space`), the program's own input is one entry at most, and when input is all the
// evidence the list says no request other than GET followed it. Page changes the program
// asked for itself (a reload, a step back, a tab it closed) are left out of the compact view;
// one it did not ask for, and a navigation that failed, stay. Real CLI, runtime and Chromium.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { TabwrightHome, hasBrowser, testTimeout } from './harness/tabwrightCli.js';
import { FixtureServer } from './harness/fixtureServer.js';
import { PortalPages } from './harness/portalPages.js';
import { explain } from './harness/testAids.js';

const skip = hasBrowser() ? false : 'no browser on this machine';
let home: TabwrightHome;
let server: FixtureServer;
let portal: PortalPages;

before(async () => {
  home = new TabwrightHome({ prefix: 'tw-compact-mutations-' });
  server = await FixtureServer.start();
  portal = new PortalPages(server);
  server
    .page('/a', '<title>A</title><h1>A</h1><a href="/b">to B</a>')
    .page('/b', '<title>B</title><h1>B</h1><a href="/dropped">broken</a>')
    .route('/dropped', req => { req.socket.destroy(); });
});

after(async () => {
  await home?.dispose();
  await server?.close();
});

const url = (path: string) => JSON.stringify(server.url(path));
/** What a keystroke of a keyboard call reads like when each key is listed on its own. */
const PER_KEY = /typed a character|key (Space|Backspace|End|Control|Escape|Enter)/;

/** Edits the rule in CodeMirror with page.keyboard, many keystrokes, then saves it. */
const editAndSave = () => `
  await page.goto(${url('/rules/late-pickups')});
  await page.locator('.cm-content').click();
  await page.keyboard.press('Control+End');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');
  await page.keyboard.type('lead');
  await page.keyboard.press('Enter');
  await page.keyboard.type('escalate: ops manager after 1h');
  await page.keyboard.press('Escape');
  await page.keyboard.press('Control+Home');
  await page.keyboard.press('End');
  await page.keyboard.type(' (v2)');
  await page.getByRole('button', { name: 'Save rule' }).click();
  await expect(page.getByRole('status')).toHaveText('Saved rule late-pickups');`;

test('a program that types in CodeMirror and saves: the POST is in the compact mutations, first, and no keystroke is an entry of its own', { skip, timeout: testTimeout(2) }, async () => {
  const r = await home.compactProgram('rule', 'edit-1', `${editAndSave()}\n  return 'saved';`);
  assert.equal(r.code, 0, explain(r, home));
  assert.match(portal.saved.rule ?? '', /escalate: ops manager after 1h/, 'the app stored the edit');
  const shown: string[] = r.json.mutations ?? [];
  assert.equal(shown[0], 'POST /api/rules/late-pickups 204', `the save comes first: ${JSON.stringify(shown)}`);
  assert.deepEqual(shown.filter(m => PER_KEY.test(m)), [], `no keystroke listed on its own: ${JSON.stringify(shown)}`);

  // The stored receipt lists everything, but a keyboard call is one entry there too.
  const whole = await home.run(['receipt', '--task', 'rule', '--request-id', 'edit-1', '--verbose']);
  assert.equal(whole.code, 0, explain(whole, home));
  const stored: string[] = whole.json.mutations;
  assert.deepEqual(stored.filter(m => PER_KEY.test(m)), [], `keyboard calls named as calls: ${JSON.stringify(stored)}`);
  assert.ok(stored.includes('keyboard.type'), JSON.stringify(stored));
  assert.ok(stored.includes('POST /api/rules/late-pickups 204'), JSON.stringify(stored));
});

test('a failed program lists the POST first and its own input as one entry, the last action named', { skip, timeout: testTimeout(2) }, async () => {
  const r = await home.compactProgram('rule', 'edit-2', `${editAndSave()}
  await page.locator('.cm-content').click();
  await page.keyboard.type('hello world');
  throw new Error('checked the wrong thing');`);
  assert.equal(r.code, 1, explain(r, home));
  const shown: string[] = r.json.mutations;
  assert.equal(shown[0], 'POST /api/rules/late-pickups 204', JSON.stringify(shown));
  const input = shown.filter(m => m !== shown[0]);
  assert.equal(input.length, 1, `the program's input folded into one entry: ${JSON.stringify(shown)}`);
  assert.match(input[0], /keyboard\.type$/, 'the last input the program sent is named');
  assert.doesNotMatch(input[0], PER_KEY);
});

test('page changes the program asked for (a reload, steps in history, a tab it closed) are left out of the compact view; a link it followed and a navigation that failed stay', { skip, timeout: testTimeout(2) }, async () => {
  const r = await home.compactProgram('moves', 'moves-1', `
    await page.goto(${url('/a')});
    await page.getByRole('link', { name: 'to B' }).click();
    await expect(page).toHaveTitle('B');
    await page.reload();
    await page.goBack();
    await expect(page).toHaveTitle('A');
    await page.goForward();
    await expect(page).toHaveTitle('B');
    const extra = await context.newPage();
    await extra.goto(${url('/a')});
    await extra.close();
    const committed = page.waitForEvent('framenavigated');
    await page.getByRole('link', { name: 'broken' }).click();
    await committed;
    return 1;`);
  assert.equal(r.code, 0, explain(r, home));
  const changes: { type: string; to?: string; failed?: string }[] = r.json.pageChanges ?? [];
  assert.deepEqual(changes.map(c => [c.type, c.to, c.failed !== undefined]), [
    ['navigated', server.url('/b'), false],
    ['navigated', server.url('/dropped'), true],
  ], `only the link's navigation and the failed one: ${JSON.stringify(changes)}`);
  // The stored receipt keeps every change.
  const whole = await home.run(['receipt', '--task', 'moves', '--request-id', 'moves-1', '--verbose']);
  assert.ok(whole.json.pageChanges.some((c: { type: string }) => c.type === 'closed'), JSON.stringify(whole.json.pageChanges));
  assert.ok(whole.json.pageChanges.length >= 6, JSON.stringify(whole.json.pageChanges));
});

test('a program that only followed links reads possible, and its mutations say input was all the evidence', { skip, timeout: testTimeout(2) }, async () => {
  const r = await home.compactProgram('links', 'links-1', `
    await page.goto(${url('/a')});
    await page.getByRole('link', { name: 'to B' }).click();
    await expect(page).toHaveTitle('B');
    return 1;`);
  assert.equal(r.code, 0, explain(r, home));
  assert.equal(r.json.mutationState, 'possible');
  assert.deepEqual(r.json.mutations, ['input only, no request but GET'], explain(r, home));
});
