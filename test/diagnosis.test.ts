// Issue 26, errors that diagnose: a locator that matched nothing says so (matchCount 0) and
// names what the page has (error.candidates), an expect on an element without the text names
// the visible one that has it, a RegExp prints as written, and hints name observe(). Against
// Acme Ops (test/harness/opsApp.ts): a listbox portaled to <body> and tied by aria-owns, and
// Shoelace's own <sl-alert>. Real CLI, runtime and Chromium.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { TabwrightHome, hasBrowser, testTimeout } from './harness/tabwrightCli.js';
import { FixtureServer } from './harness/fixtureServer.js';
import { OpsApp } from './harness/opsApp.js';
import { explain } from './harness/testAids.js';

const skip = hasBrowser() ? false : 'no browser on this machine';
let home: TabwrightHome;
let server: FixtureServer;

before(async () => {
  home = new TabwrightHome({ prefix: 'tw-diagnosis-' });
  server = await FixtureServer.start();
  new OpsApp(server);
  server.page('/pay', `<title>Pay</title><iframe title="Payment" srcdoc="<form aria-label='Card'><label>Card number <input></label></form><button>Pay now</button>"></iframe>`);
});

after(async () => {
  await home?.dispose();
  await server?.close();
});

const url = (path: string) => JSON.stringify(server.url(path));

test('an option scoped through the form it is shown in (a listbox portaled to <body>, tied by aria-owns): matchCount 0 and the page-level locator that finds it', { skip, timeout: testTimeout(2) }, async () => {
  const r = await home.compactProgram('ticket', 'scoped', `
    await page.goto(${url('/tickets/new')});
    await page.getByRole('combobox', { name: 'Priority' }).click();
    await page.getByRole('form', { name: 'New ticket' }).getByRole('option', { name: 'High' }).click({ timeout: 2000 });`);
  assert.equal(r.code, 1, explain(r, home));
  assert.equal(r.json.error.name, 'TimeoutError');
  assert.equal(r.json.error.matchCount, 0, explain(r, home));
  assert.deepEqual(r.json.error.candidates, ["getByRole('option', { name: 'High' })"], explain(r, home));
  assert.ok(r.json.hints.some((h: string) => h.includes("matched no element, but the page has getByRole('option', { name: 'High' })")), explain(r, home));
  assert.ok(!JSON.stringify(r.json).includes('ariaSnapshot'), 'hints name observe(), not ariaSnapshot');

  // The candidate is the fix.
  const fixed = await home.compactProgram('ticket', 'fixed', `
    await page.getByRole('option', { name: 'High' }).click();
    await expect(page.getByRole('combobox', { name: 'Priority' })).toHaveText('High');
    return true;`);
  assert.equal(fixed.code, 0, explain(fixed, home));
});

test('a name with a typo: candidates of the same role with close names; an expect on a missing element says the same', { skip, timeout: testTimeout(2) }, async () => {
  const r = await home.compactProgram('typo', 'click', `
    await page.goto(${url('/tickets/new')});
    await page.getByRole('button', { name: 'Create tiket' }).click({ timeout: 1000 });`);
  assert.equal(r.code, 1, explain(r, home));
  assert.equal(r.json.error.matchCount, 0);
  assert.deepEqual(r.json.error.candidates, ["getByRole('button', { name: 'Create ticket' })"], explain(r, home));
  assert.equal(r.json.mutationState, 'none', 'diagnosing reads the page; it changes nothing');

  const visible = await home.compactProgram('typo', 'expect', `await expect(page.getByRole('form', { name: 'New ticket' }).getByLabel('Titel')).toBeVisible({ timeout: 1000 });`);
  assert.equal(visible.code, 1, explain(visible, home));
  assert.equal(visible.json.error.matchCount, 0, explain(visible, home));
  assert.deepEqual(visible.json.error.candidates, ["getByRole('textbox', { name: 'Title *' })"], explain(visible, home));
});

test('nothing like it on the page: matchCount 0, no candidates, and the hint says to read the page\'s view the receipt brings', { skip, timeout: testTimeout(1) }, async () => {
  const r = await home.compactProgram('absent', 'click', `
    await page.goto(${url('/tickets')});
    await page.getByRole('button', { name: 'Delete all tickets' }).click({ timeout: 1000 });`);
  assert.equal(r.code, 1, explain(r, home));
  assert.equal(r.json.error.matchCount, 0);
  assert.equal(r.json.error.candidates, undefined);
  assert.deepEqual(r.json.hints, ["getByRole('button', { name: 'Delete all tickets' }) matched no element in 1000 ms: read error.view, the page as it is now (its refs work), before retrying."], explain(r, home));
  assert.match(r.json.error.view ?? '', /TCK-1040/, explain(r, home));
});

test('in a frame, candidates are relative to the frame the locator searched', { skip, timeout: testTimeout(1) }, async () => {
  const r = await home.compactProgram('frame', 'pay', `
    await page.goto(${url('/pay')});
    await page.locator('iframe').contentFrame().getByRole('form', { name: 'Card' }).getByRole('button', { name: 'Pay now' }).click({ timeout: 1000 });`);
  assert.equal(r.code, 1, explain(r, home));
  assert.deepEqual(r.json.error.candidates, ["getByRole('button', { name: 'Pay now' })"], explain(r, home));
});

test('Shoelace\'s alert: getByRole(\'alert\') resolves to its empty inner element; the error names the visible element with the text, and the RegExp prints as written', { skip, timeout: testTimeout(2) }, async () => {
  const r = await home.compactProgram('alert', 'create', `
    await page.goto(${url('/tickets/new')});
    await page.getByLabel('Title').fill('Laptop will not boot');
    await page.getByRole('button', { name: 'Create ticket' }).click();
    await expect(page.getByRole('alert')).toHaveText(/Ticket TCK-\\d+ created/, { timeout: 3000 });`);
  assert.equal(r.code, 1, explain(r, home));
  const error = r.json.error;
  assert.equal(error.name, 'ExpectError');
  assert.equal(error.expected, '/Ticket TCK-\\d+ created/', 'a RegExp, not "{}"');
  assert.deepEqual(error.candidates, ['getByText(/Ticket TCK-\\d+ created/)'], explain(r, home));
  assert.ok(!/\n\s*\n/.test(error.message) && !/·/.test(error.message), `the received text is not spilled into the message: ${error.message}`);
  assert.ok(r.json.hints.some((h: string) => h.includes('does not show the expected text')), explain(r, home));
  // What left the browser first, then the program's input as one entry naming its last action (receipt-compact-mutations).
  assert.deepEqual(r.json.mutations, ['POST /api/tickets 201', "2 input actions, the last: click getByRole('button', { name: 'Create ticket' })"], explain(r, home));

  const fixed = await home.compactProgram('alert', 'read', `
    await expect(page.getByText(/Ticket TCK-\\d+ created/)).toBeVisible();
    return await page.getByText(/Ticket TCK-\\d+ created/).innerText();`);
  assert.match(fixed.json.result, /^Ticket TCK-\d+ created$/, explain(fixed, home));
  assert.equal(fixed.json.mutationState, 'none');
});
