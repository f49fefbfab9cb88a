// Playbooks end to end, through the real CLI against real Chromium and a booking site on
// loopback: save (and refusal), run with parameters (the server sees them), parameters refused
// before anything is queued, status earned by runs as the site changes, playbooks.run inside
// a program, and export/import between two runtimes.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { FixtureServer } from './harness/fixtureServer.js';
import { hasBrowser, TabwrightHome, runtimeLog, type CliResult } from './harness/tabwrightCli.js';

interface Booking { date: string; guests: number; window: boolean }

/** A booking page whose server can be made to refuse every booking (the site "changes"). */
class BookingSite {
  readonly bookings: Booking[] = [];
  full = false;

  constructor(readonly server: FixtureServer) {
    server
      .page('/book', `<!doctype html><title>Book</title><h1>Book a table</h1>
<label>Date <input type="date" id="date"></label>
<label>Guests <input type="number" id="guests" value="2"></label>
<label><input type="checkbox" id="win"> Window seat</label>
<button id="go">Book</button>
<p role="status" id="s"></p>
<script>
go.onclick = async () => {
  const r = await fetch('/api/book', { method: 'POST', body: JSON.stringify({ date: date.value, guests: Number(guests.value), window: win.checked }) });
  s.textContent = r.ok ? 'Booked ' + (await r.json()).id : 'Sorry: ' + await r.text();
};
</script>`)
      .route('/api/book', (_req, res, body) => {
        if (this.full) {
          res.writeHead(409, { 'content-type': 'text/plain' }).end('fully booked');
          return;
        }
        this.bookings.push(JSON.parse(body) as Booking);
        res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ id: `B-${this.bookings.length}` }));
      });
  }
}

function playbookFile(origin: string): string {
  return `/**
 * @playbook fixture.book-table
 * @site 127.0.0.1
 * @description Books a table on the fixture site and checks the confirmation.
 * @param {string} date  The day, YYYY-MM-DD. e.g. "2026-12-24"
 * @param {integer} guests  Party size. e.g. 4
 * @param {boolean} [windowSeat=false]  Ask for a window seat. e.g. true
 * @returns {string} the confirmation, e.g. "Booked B-1"
 */
await page.goto(${JSON.stringify(`${origin}/book`)});
await page.getByLabel('Date').fill(params.date);
await page.getByLabel('Guests').fill(String(params.guests));
if (params.windowSeat) await page.getByLabel('Window seat').check();
await page.getByRole('button', { name: 'Book' }).click();
const status = page.getByRole('status');
await expect(status).toHaveText(/^Booked B-\\d+$/, { timeout: 3000 });
return await status.textContent();
`;
}

const UNCHECKED = `/**
 * @playbook fixture.open-booking
 * @site 127.0.0.1
 * @description Opens the booking page.
 * @returns {void} nothing
 */
await expect(page).toHaveTitle('Book');
await page.getByRole('button', { name: 'Book' }).click();
`;

function describeResult(result: CliResult): string {
  return `exit ${result.code}\nstdout: ${result.stdout.slice(0, 3000)}\nstderr: ${result.stderr.slice(0, 1000)}`;
}

const browser = hasBrowser();

describe('playbooks', { skip: browser ? false : 'no browser on this machine', timeout: 900_000 }, () => {
  let home: TabwrightHome;
  let server: FixtureServer;
  let site: BookingSite;
  let dir: string;
  let file: string;

  before(async () => {
    home = new TabwrightHome('tabwright-playbooks-');
    server = await FixtureServer.start();
    site = new BookingSite(server);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tabwright-playbook-files-'));
    file = path.join(dir, 'book-table.js');
    fs.writeFileSync(file, playbookFile(server.origin));
    const warm = await home.program('warmup', 'warmup-01', 'return 1', ['--wait', '600']);
    assert.equal(warm.code, 0, `the runtime did not start\n${describeResult(warm)}\n${runtimeLog(home)}`);
  });

  after(async () => {
    await home?.dispose();
    await server?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  const list = async (...args: string[]) => {
    const result = await home.run(['playbook', 'list', ...args]);
    assert.equal(result.code, 0, describeResult(result));
    return result.json.playbooks as { name: string; status: string; params: string; description: string; lastRun?: { requestId: string; error?: { message: string } } }[];
  };
  const statusOf = async (name: string) => (await list()).find(p => p.name === name);

  it('refuses a playbook without a final check, saying why, and saves nothing', async () => {
    const unchecked = path.join(dir, 'unchecked.js');
    fs.writeFileSync(unchecked, UNCHECKED);
    const result = await home.run(['playbook', 'save', unchecked]);
    assert.equal(result.code, 2, describeResult(result));
    assert.equal(result.json.error.name, 'PlaybookRefused');
    assert.match(result.json.error.message, /must end by checking its outcome/);
    assert.match(result.json.error.message, /line 8\) awaits something that is not an expect/);
    assert.equal((await list()).length, 0);
  });

  it('saves a playbook (untried), lists it by site, shows it', async () => {
    const saved = await home.run(['playbook', 'save', file]);
    assert.equal(saved.code, 0, describeResult(saved));
    assert.deepEqual(saved.json.saved, [{ name: 'fixture.book-table', version: 1, created: true, origin: file }]);
    const again = await home.run(['playbook', 'save', file]);
    assert.equal(again.json.saved[0].created, false, 'the same source is not a new version');

    const mine = await list('--site', server.url('/book'));
    assert.deepEqual(mine.map(p => [p.name, p.status]), [['fixture.book-table', 'untried']]);
    assert.match(mine[0].params, /date: string \(e\.g\. "2026-12-24"\), guests: integer \(e\.g\. 4\), windowSeat\?: boolean = false/);
    assert.deepEqual(await list('--site', 'other.example'), []);

    const shown = await home.run(['playbook', 'show', 'fixture.book-table']);
    assert.equal(shown.code, 0, describeResult(shown));
    assert.equal(shown.json.playbook.source, fs.readFileSync(file, 'utf8'));
    assert.deepEqual(shown.json.playbook.parameters.map((p: { name: string; required: boolean }) => [p.name, p.required]), [['date', true], ['guests', true], ['windowSeat', false]]);
    const missing = await home.run(['playbook', 'show', 'fixture.no-such']);
    assert.equal(missing.code, 2, describeResult(missing));
    assert.equal(missing.json.error.name, 'UnknownPlaybook');
  });

  it('refuses bad parameters before anything is queued: exit 2, the parameter and its type named', async () => {
    const before = server.requests.length;
    const result = await home.run(['playbook', 'run', 'fixture.book-table', '--wait', '600', '--task', 'book', '--request-id', 'bad-01', '--params', '{"date":"2026-12-24","guests":"four"}']);
    assert.equal(result.code, 2, describeResult(result));
    assert.equal(result.json.error.name, 'PlaybookParamsError');
    assert.match(result.json.error.message, /parameter guests must be integer \(e\.g\. 4\), got the string "four"/);
    const notJson = await home.run(['playbook', 'run', 'fixture.book-table', '--wait', '600', '--task', 'book', '--request-id', 'bad-02', '--params', '{date:']);
    assert.equal(notJson.code, 2, describeResult(notJson));
    assert.equal(notJson.json.error.name, 'InvalidParams');
    const receipt = await home.run(['receipt', '--task', 'book', '--request-id', 'bad-01']);
    assert.equal(receipt.code, 2, `nothing was registered: ${describeResult(receipt)}`);
    assert.equal(server.requests.length, before, 'nothing ran');
    assert.equal((await statusOf('fixture.book-table'))?.status, 'untried');
  });

  it('runs with parameters (the site sees them) and earns verified, failing, verified as the site changes', async () => {
    const first = await home.run(['playbook', 'run', 'fixture.book-table', '--wait', '600', '--task', 'book', '--request-id', 'book-01', '--params', '{"date":"2026-12-24","guests":4,"windowSeat":true}']);
    assert.equal(first.code, 0, describeResult(first));
    assert.equal(first.json.status, 'succeeded');
    assert.equal(first.json.result, 'Booked B-1');
    assert.deepEqual(site.bookings, [{ date: '2026-12-24', guests: 4, window: true }]);
    let status = await statusOf('fixture.book-table');
    assert.equal(status?.status, 'verified');
    assert.equal(status?.lastRun?.requestId, 'book-01');

    // The same request id is the same receipt, never a second booking.
    const repeat = await home.run(['playbook', 'run', 'fixture.book-table', '--wait', '600', '--task', 'book', '--request-id', 'book-01', '--params', '{"date":"2026-12-24","guests":4,"windowSeat":true}']);
    assert.equal(repeat.code, 0, describeResult(repeat));
    assert.equal(repeat.json.replayed, true, 'the stored receipt says so');
    assert.equal(site.bookings.length, 1);

    site.full = true;
    const failed = await home.run(['playbook', 'run', 'fixture.book-table', '--wait', '600', '--task', 'book', '--request-id', 'book-02', '--params', '{"date":"2026-12-25","guests":2}']);
    assert.equal(failed.code, 1, describeResult(failed));
    assert.equal(failed.json.error.playbook, 'fixture.book-table@1');
    assert.equal(failed.json.error.playbookLine, 16, 'the line of the final check in the file');
    assert.ok(failed.json.hints.some((h: string) => /fixture\.book-table \(version 1\) failed at line 16.*failing/.test(h)), describeResult(failed));
    status = await statusOf('fixture.book-table');
    assert.equal(status?.status, 'failing');
    assert.equal(status?.lastRun?.requestId, 'book-02');
    assert.match(status?.lastRun?.error?.message ?? '', /toHaveText/);

    site.full = false;
    const fixed = await home.run(['playbook', 'run', 'fixture.book-table', '--wait', '600', '--task', 'book', '--request-id', 'book-03', '--params', '{"date":"2026-12-26","guests":3}']);
    assert.equal(fixed.code, 0, describeResult(fixed));
    status = await statusOf('fixture.book-table');
    assert.equal(status?.status, 'verified');
    assert.equal(status?.lastRun?.requestId, 'book-03');
    assert.deepEqual(site.bookings.at(-1), { date: '2026-12-26', guests: 3, window: false });
  });

  it('runs playbooks as steps of a program; a bad parameter there fails the program before the playbook runs', async () => {
    const before = site.bookings.length;
    const result = await home.program('book', 'steps-01', `
const first = await playbooks.run('fixture.book-table', { date: '2027-01-02', guests: 2 });
const second = await playbooks.run('fixture.book-table', { date: '2027-01-03', guests: 5, windowSeat: true });
return [first, second];`, ['--wait', '600']);
    assert.equal(result.code, 0, describeResult(result));
    assert.deepEqual(result.json.result, [`Booked B-${before + 1}`, `Booked B-${before + 2}`]);
    assert.deepEqual(site.bookings.slice(before), [{ date: '2027-01-02', guests: 2, window: false }, { date: '2027-01-03', guests: 5, window: true }]);
    assert.equal((await statusOf('fixture.book-table'))?.lastRun?.requestId, 'steps-01');

    const bad = await home.program('book', 'steps-02', `await playbooks.run('fixture.book-table', { date: '2027-01-04' });`, ['--wait', '600']);
    assert.equal(bad.code, 1, describeResult(bad));
    assert.equal(bad.json.error.name, 'PlaybookParamsError');
    assert.match(bad.json.error.message, /parameter guests is missing: give integer, e\.g\. 4/);
    assert.equal(site.bookings.length, before + 2);
    assert.equal((await statusOf('fixture.book-table'))?.status, 'verified', 'a caller\'s mistake is not the playbook failing');
  });

  it('a new version starts untried', async () => {
    fs.writeFileSync(file, playbookFile(server.origin).replace('Books a table', 'Books one table'));
    const saved = await home.run(['playbook', 'save', file]);
    assert.deepEqual(saved.json.saved.map((s: { version: number; created: boolean }) => [s.version, s.created]), [[2, true]]);
    assert.equal((await statusOf('fixture.book-table'))?.status, 'untried');
  });

  it('a request id run under version 1 answers with its own receipt after version 2 is saved (never RequestIdConflict, never a second booking)', async () => {
    const bookings = site.bookings.length;
    const repeat = await home.run(['playbook', 'run', 'fixture.book-table', '--wait', '600', '--task', 'book', '--request-id', 'book-01', '--params', '{"date":"2026-12-24","guests":4,"windowSeat":true}']);
    assert.equal(repeat.code, 0, describeResult(repeat));
    assert.equal(repeat.json.replayed, true);
    assert.equal(repeat.json.result, 'Booked B-1');
    assert.equal(site.bookings.length, bookings);
    // Other parameters under the same id are another program: still a conflict.
    const other = await home.run(['playbook', 'run', 'fixture.book-table', '--wait', '600', '--task', 'book', '--request-id', 'book-01', '--params', '{"date":"2026-12-31","guests":4}']);
    assert.equal(other.code, 6, describeResult(other));
    assert.equal(other.json.error.name, 'RequestIdConflict');
  });

  it('exports to a directory and imports into another runtime; a refused file imports nothing', async () => {
    const exportDir = path.join(dir, 'exported');
    const exported = await home.run(['playbook', 'export', exportDir]);
    assert.equal(exported.code, 0, describeResult(exported));
    assert.deepEqual(fs.readdirSync(exportDir), ['fixture.book-table.js']);
    assert.equal(fs.readFileSync(path.join(exportDir, 'fixture.book-table.js'), 'utf8'), fs.readFileSync(file, 'utf8'));

    const unchanged = await home.run(['playbook', 'import', exportDir]);
    assert.equal(unchanged.code, 0, describeResult(unchanged));
    assert.equal(unchanged.json.saved[0].created, false);

    const other = new TabwrightHome('tabwright-playbooks-import-');
    try {
      const badDir = path.join(dir, 'with-bad');
      fs.mkdirSync(badDir);
      fs.copyFileSync(path.join(exportDir, 'fixture.book-table.js'), path.join(badDir, 'a.js'));
      fs.writeFileSync(path.join(badDir, 'b.js'), UNCHECKED);
      const refused = await other.run(['playbook', 'import', badDir]);
      assert.equal(refused.code, 2, describeResult(refused));
      assert.match(refused.json.error.message, /b\.js:\n- A playbook must end by checking its outcome/);
      assert.deepEqual((await other.run(['playbook', 'list'])).json.playbooks, []);

      const imported = await other.run(['playbook', 'import', exportDir]);
      assert.equal(imported.code, 0, describeResult(imported));
      const shown = await other.run(['playbook', 'show', 'fixture.book-table']);
      assert.equal(shown.json.playbook.source, fs.readFileSync(file, 'utf8'));
      assert.equal(shown.json.playbook.status, 'untried', 'status is earned where it runs, not imported');
      const ran = await other.run(['playbook', 'run', 'fixture.book-table', '--wait', '600', '--task', 'book', '--request-id', 'imported-01', '--params', '{"date":"2027-02-01","guests":2}']);
      assert.equal(ran.code, 0, describeResult(ran));
      assert.deepEqual(site.bookings.at(-1), { date: '2027-02-01', guests: 2, window: false });
    } finally {
      await other.dispose();
    }
  });
});

describe('playbook save --help', { skip: browser ? false : 'no browser on this machine', timeout: 300_000 }, () => {
  let home: TabwrightHome;
  before(() => { home = new TabwrightHome('tabwright-playbook-help-'); });
  after(async () => { await home?.dispose(); });

  it('playbook save --help shows the file format and how parameters are read; its example saves as it is', async () => {
    const help = await home.run(['playbook', 'save', '--help']);
    assert.equal(help.code, 0, describeResult(help));
    for (const words of ['@playbook', '{TYPE} name', 'params.NAME', 'awaited expect', '--params']) assert.ok(help.stdout.includes(words), `${words}: ${help.stdout}`);
    const lines = help.stdout.split('\n');
    const first = lines.indexOf('  /**');
    const last = lines.findIndex(line => line.startsWith('  return '));
    const example = lines.slice(first, last + 1).map(line => line.slice(2)).join('\n');
    const saved = await home.run(['playbook', 'save', '-'], { input: example });
    assert.equal(saved.code, 0, `${describeResult(saved)}\n${example}`);
    assert.match(saved.stdout, /shop\.example\.add-to-cart/);
  });
});
