// Issue 12: a download in a connected browser whose files are not on this machine. No second
// machine here, so the browser is a local stand-in the runtime is told is remote
// (TABWRIGHT_REMOTE_BROWSER=1, the switch for a browser behind an SSH tunnel or a container's
// port): what this proves is what the receipt says and does not claim once the runtime takes
// the browser as remote, and that the file really is where the browser saves downloads. That a
// non-loopback --connect host counts as remote is a unit test (unit-origins.test.ts).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { TabwrightHome, hasBrowser, runtimeLog } from './harness/tabwrightCli.js';
import { FixtureServer } from './harness/fixtureServer.js';
import { StandInBrowser } from './harness/standInBrowser.js';

const skip = hasBrowser() ? false : 'no browser on this machine';
const CONTENT = 'id,total\n1,42\n';
let server: FixtureServer;
let browser: StandInBrowser;
let home: TabwrightHome;

before(async () => {
  if (skip) return;
  server = await FixtureServer.start();
  server.page('/files', `<title>Files</title><a id="file" href="/report.csv" download>Report</a>`);
  server.route('/report.csv', (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="report.csv"' }).end(CONTENT);
  });
  browser = StandInBrowser.start();
  home = new TabwrightHome({ prefix: 'tw-remote-downloads-', start: { connect: await browser.url }, env: { TABWRIGHT_REMOTE_BROWSER: '1' } });
});

after(async () => {
  await home?.dispose();
  await browser?.stop();
  await server?.close();
});

/** Every file under a folder, recursively. */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter(e => e.isFile()).map(e => path.join(e.parentPath, e.name));
}

test('a remote browser\'s download is reported as on its host, with no local path', { skip, timeout: 300_000 }, async () => {
  const r = await home.program('remote', 'download-1', `
    await page.goto(${JSON.stringify(server.url('/files'))});
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('#file').click()]);
    return { name: download.suggestedFilename(), failure: await download.failure() };`);
  assert.equal(r.code, 0, `${r.stdout}\n${r.stderr}\n${runtimeLog(home)}`);
  assert.deepEqual(r.json.result, { name: 'report.csv', failure: null }, 'the download finished, on the browser\'s side');
  const change = r.json.pageChanges?.find((c: { type: string }) => c.type === 'download');
  assert.deepEqual(change, { type: 'download', page: r.json.page, url: server.url('/report.csv'), suggestedFilename: 'report.csv', onBrowserHost: true });

  // Where the browser saves downloads ("its machine", here the same one): the file is there.
  const saved = filesUnder(browser.downloads);
  assert.deepEqual(saved.map(f => fs.readFileSync(f, 'utf8')), [CONTENT], `the browser's downloads folder: ${saved.join(', ')}`);
  // And the runtime made no copy of it anywhere in its home (artifacts, downloads, workers' folders).
  const copies = filesUnder(home.home).filter(f => !/\.(db|db-wal|db-shm|log|json|lock)$/.test(f) && fs.statSync(f).size === CONTENT.length
    && fs.readFileSync(f, 'utf8') === CONTENT);
  assert.deepEqual(copies, [], 'no local copy of a remote browser\'s download');
});
