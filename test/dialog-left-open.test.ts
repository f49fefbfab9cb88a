// A program whose last call was a click that opened a confirm box (diagnosis/slips/openDialog.ts): the
// delete waits for its answer, and the receipt says so with the box's text and buttons. A program
// that checked something after the click, or whose click closed the box, is told nothing.
// Real CLI, runtime and Chromium.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { TabwrightHome, hasBrowser, testTimeout } from './harness/tabwrightCli.js';
import { FixtureServer } from './harness/fixtureServer.js';
import { explain } from './harness/testAids.js';

const skip = hasBrowser() ? false : 'no browser on this machine';
let home: TabwrightHome;
let server: FixtureServer;

before(async () => {
  home = new TabwrightHome({ prefix: 'tw-dialog-left-' });
  server = await FixtureServer.start();
  server.route('/api/delete', (_req, res) => void res.writeHead(204).end());
  server.page('/contacts', `<title>Contacts</title><h1>Contacts</h1>
<table><tr><td>Ann Lee</td><td><button onclick="dlg.showModal()">Delete</button></td></tr></table>
<dialog id="dlg"><p>Delete Ann Lee? This cannot be undone.</p><button onclick="fetch('/api/delete', { method: 'POST' }); dlg.close()">Delete</button><button onclick="dlg.close()">Cancel</button></dialog>`);
});

after(async () => {
  await home?.dispose();
  await server?.close();
});

const open = (id: string, after = '') => home.compactProgram('contacts', id, `
  await page.goto(${JSON.stringify(server.url('/contacts'))});
  await page.getByRole('row', { name: /Ann Lee/ }).getByRole('button', { name: 'Delete' }).click();
  ${after}`);
const said = (hints: string[] | undefined) => (hints ?? []).find(h => h.startsWith('The program ended right after click'));

test('a program whose last call was a click that opened a confirm box is told the box is open, with its text and buttons', { skip, timeout: testTimeout(2) }, async () => {
  const r = await open('left-open');
  assert.equal(r.code, 0, explain(r, home));
  const hint = said(r.json.hints);
  assert.ok(hint, explain(r, home));
  assert.ok(hint.includes(`"Delete Ann Lee? This cannot be undone." (buttons "Delete", "Cancel")`), hint);
  assert.match(hint, /nothing is done until it is answered: confirm in the same program as the click/, hint);
});

test('a click followed by a check, an observe(), or a click that answered the box is told nothing', { skip, timeout: testTimeout(3) }, async () => {
  const checked = await open('checked', `await expect(page.getByRole('dialog')).toContainText('Ann Lee'); return 'looked';`);
  assert.equal(checked.code, 0, explain(checked, home));
  assert.equal(said(checked.json.hints), undefined, explain(checked, home));
  const observed = await open('observed', `return await observe();`);
  assert.equal(observed.code, 0, explain(observed, home));
  assert.equal(said(observed.json.hints), undefined, explain(observed, home));
  const answered = await open('answered', `await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();`);
  assert.equal(answered.code, 0, explain(answered, home));
  assert.equal(said(answered.json.hints), undefined, explain(answered, home));
});
