// Issue 41 items 10 and 11, what a receipt tells an agent for free: a later program in the name
// of a task that was closed (`tabwright close`, `run --close`) hears that it starts a new task
// and where the closed one's tabs were, so it can go back instead of guessing; and a `run`
// receipt on a site with saved playbooks says so once per task and site, naming the command,
// so no agent asks `playbook list` on every site. Real CLI, runtime and Chromium.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { TabwrightHome, hasBrowser, testTimeout } from './harness/tabwrightCli.js';
import { FixtureServer } from './harness/fixtureServer.js';
import { explain } from './harness/testAids.js';

const skip = hasBrowser() ? false : 'no browser on this machine';
let home: TabwrightHome;
let server: FixtureServer;
let dir: string;

before(async () => {
  home = new TabwrightHome({ prefix: 'tw-task-hints-' });
  server = await FixtureServer.start();
  server
    .page('/inbox', '<title>Inbox</title><h1>Inbox</h1>')
    .page('/report', '<title>Report</title><h1>Report</h1>')
    .page('/signed', '<title>Signed</title><h1>Signed in</h1>')
    .page('/book', '<title>Book</title><label>Guests <input></label><button>Book</button><p role="status"></p>');
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tw-task-hints-'));
});

after(async () => {
  await home?.dispose();
  await server?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const url = (p: string) => JSON.stringify(server.url(p));
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
function alive(pid: number): boolean {
  try { process.kill(pid, 0); return true; } catch { return false; }
}
/** The closed tasks' rows in the home's database, read-only (a table the runtime may not have made: none). */
function closedTaskRows(): unknown[] {
  const db = new Database(path.join(home.home, 'receipts.db'), { readonly: true });
  try {
    return db.prepare('SELECT * FROM closed_tasks').all();
  } catch {
    return [];
  } finally {
    db.close();
  }
}
const hintsOf = (r: { json: { hints?: string[] } }) => (r.json.hints ?? []).join('\n');

test('a program after run --close in the same task name hears it starts a new task, and where the closed task\'s tabs were', { skip, timeout: testTimeout(2) }, async () => {
  const first = await home.compactProgram('mail', 'm-1', `
    await page.goto(${url('/inbox')});
    const second = await tabs.new(${url('/report')});
    return 'read';`, ['--close']);
  assert.equal(first.code, 0, explain(first, home));
  const later = await home.compactProgram('mail', 'm-2', 'return page.url();');
  assert.equal(later.code, 0, explain(later, home));
  assert.equal(later.json.result, 'about:blank', 'a new task: its tabs are gone');
  const hints = hintsOf(later);
  assert.match(hints, /Task "mail" was closed/, explain(later, home));
  assert.ok(hints.includes(server.url('/inbox')) && hints.includes(server.url('/report')), `both tabs' URLs: ${hints}`);
  const again = await home.compactProgram('mail', 'm-3', 'return 1;');
  assert.doesNotMatch(hintsOf(again), /was closed/, 'said once');
});

test('tabwright close says the same to the next program in that name', { skip, timeout: testTimeout(2) }, async () => {
  const first = await home.compactProgram('desk', 'd-1', `await page.goto(${url('/report')}); return 1;`);
  assert.equal(first.code, 0, explain(first, home));
  const closed = await home.run(['close', '--task', 'desk']);
  assert.equal(closed.code, 0, explain(closed, home));
  const later = await home.compactProgram('desk', 'd-2', 'return 1;');
  assert.match(hintsOf(later), new RegExp(`Task "desk" was closed[^]*${server.url('/report').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`), explain(later, home));
});

test('the closed task\'s hint outlives the runtime: stopped, or killed, the next runtime still tells the first program in that name; a URL\'s user and password are not kept', { skip, timeout: testTimeout(8) }, async () => {
  const signed = `http://ada:s3cretpw@127.0.0.1:${server.port}/signed?page=2`;
  const first = await home.compactProgram('ledger', 'l-1', `
    await page.goto(${url('/report')});
    await tabs.new(${JSON.stringify(signed)});
    return 1;`);
  assert.equal(first.code, 0, explain(first, home));
  assert.equal((await home.run(['close', '--task', 'ledger'])).code, 0);
  // The runtime stops (as when idle), and a new one starts with the next command.
  assert.equal((await home.run(['runtime', 'stop'])).code, 0);
  const later = await home.compactProgram('ledger', 'l-2', 'return page.url();');
  assert.equal(later.code, 0, explain(later, home));
  assert.equal(later.json.result, 'about:blank', 'a new task');
  const hints = hintsOf(later);
  assert.match(hints, /Task "ledger" was closed before this program/, explain(later, home));
  assert.ok(hints.includes(server.url('/report')), hints);
  assert.ok(hints.includes(`http://127.0.0.1:${server.port}/signed?page=2`), `the URL without its user part: ${hints}`);
  assert.doesNotMatch(later.stdout, /s3cretpw|ada@/, 'no user or password in the hint');
  assert.doesNotMatch(JSON.stringify(closedTaskRows()), /s3cretpw|ada/, 'nor where it is kept');
  const again = await home.compactProgram('ledger', 'l-3', 'return 1;');
  assert.doesNotMatch(hintsOf(again), /was closed/, 'said once');

  // Killed: what close wrote is there for the next runtime too.
  const second = await home.compactProgram('ledger2', 'k-1', `await page.goto(${url('/inbox')}); return 1;`);
  assert.equal(second.code, 0, explain(second, home));
  assert.equal((await home.run(['close', '--task', 'ledger2'])).code, 0);
  const pid = home.runtimePid();
  assert.ok(pid, 'the runtime runs');
  const gone = new Promise<void>(resolve => { const poll = () => (alive(pid) ? setTimeout(poll, 50) : resolve()); poll(); });
  process.kill(pid, 'SIGKILL');
  await gone;
  const afterKill = await home.compactProgram('ledger2', 'k-2', 'return 1;');
  assert.equal(afterKill.code, 0, explain(afterKill, home));
  assert.match(hintsOf(afterKill), new RegExp(`Task "ledger2" was closed[^]*${escaped(server.url('/inbox'))}`), explain(afterKill, home));
});

test('a run receipt on a site with saved playbooks says so once per task and site; a site without says nothing', { skip, timeout: testTimeout(2) }, async () => {
  const none = await home.compactProgram('plain', 'p-1', `await page.goto(${url('/book')}); return 1;`);
  assert.equal(none.code, 0, explain(none, home));
  assert.doesNotMatch(hintsOf(none), /playbook/, 'no playbook saved: nothing said');

  const file = path.join(dir, 'book.js');
  fs.writeFileSync(file, `/**
 * @playbook fixture.book
 * @site 127.0.0.1
 * @description Books on the fixture site.
 * @returns {string} the status
 */
await page.goto(${url('/book')});
await page.getByRole('button', { name: 'Book' }).click();
await expect(page.getByRole('status')).toHaveText('Booked');
return 'ok';
`);
  const saved = await home.run(['playbook', 'save', file]);
  assert.equal(saved.code, 0, explain(saved, home));

  const host = new URL(server.url('/')).host;
  const first = await home.compactProgram('shop', 's-1', `await page.goto(${url('/book')}); return 1;`);
  assert.equal(first.code, 0, explain(first, home));
  assert.ok(hintsOf(first).includes(`tabwright playbook list --site ${host}`), explain(first, home));
  assert.match(hintsOf(first), /1 saved playbook\b/);
  const second = await home.compactProgram('shop', 's-2', `await page.reload(); return 2;`);
  assert.doesNotMatch(hintsOf(second), /playbook/, 'once per task and site');
});
