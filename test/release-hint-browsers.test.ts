// A running receipt held past 30 s in one call says which command stops its program now and
// what then becomes of its tabs. Each command it prints is run here as printed, in each shape of
// browser: a launched one, a browser the runtime connected to (the user's own), and a browser
// per task from a browser service (Browserless 2.42.0, harness/browserless.ts). The release must
// end the program `interrupted` (released); what the hint says of the tabs must be true: a tab it
// says stays open is listed by `pages --all` as no task's and the `adopt` it prints takes it back;
// with a browser per task, the browser goes back to the service and the next program reopens the
// tab at its last URL (on main the hint said the tabs stay open there too, and `pages --all` had none).
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { TabwrightHome, hasBrowser, testTimeout } from './harness/tabwrightCli.js';
import { FixtureServer } from './harness/fixtureServer.js';
import { StandInBrowser } from './harness/standInBrowser.js';
import { browserlessForFile, engineOrSkip, ENGINE_SETUP_MS, type EngineForFile } from './harness/browserless.js';
import { explain, until } from './harness/testAids.js';
import type { StartSettings } from '../contract/startSettings.js';

const skip = hasBrowser() ? false : 'no browser on this machine';
let server: FixtureServer;
let standIn: StandInBrowser | undefined;
let service: EngineForFile | undefined;
const homes: TabwrightHome[] = [];

before(async () => {
  server = await FixtureServer.start();
  server.page('/held', '<title>Held</title><h1>Held</h1>');
  if (skip) return;
  standIn = StandInBrowser.start();
  service = await browserlessForFile({ concurrent: 4, queued: 0 });
}, { timeout: ENGINE_SETUP_MS });

after(async () => {
  for (const home of homes) await home.dispose();
  await standIn?.stop();
  await service?.engine?.stop();
  await server?.close();
});

/** The `tabwright ...` commands a hint prints between backticks, as argument lists (no quoting is printed). */
function commandsIn(hint: string): string[][] {
  return [...hint.matchAll(/`(tabwright [^`]+)`/g)].map(m => m[1].split(/\s+/).slice(1));
}

/**
 * A program held in a page.evaluate that never settles, until its running receipt says how
 * release stops it; then the printed release is run, and the receipt must end interrupted.
 */
async function releaseAsPrinted(start: StartSettings, mode: string): Promise<void> {
  const home = new TabwrightHome({ prefix: `tw-release-${mode}-`, start });
  homes.push(home);
  const url = server.url(`/held?${mode}`);
  const submitted = await home.compactProgram('held', 'h1', `await page.goto(${JSON.stringify(url)});\nawait page.evaluate(() => new Promise(() => {}));`, ['--wait', '0', '--timeout', '900']);
  assert.equal(submitted.code, 3, explain(submitted, home));
  // As an agent asks: `receipt --wait 5`, the compact view, until the held call's hint comes (past 30 s in the call).
  const held = await until(`${mode}: the running receipt's release hint`, async () => {
    const r = await home.run(['receipt', '--task', 'held', '--request-id', 'h1', '--wait', '5']);
    assert.ok(r.json?.status === 'queued' || r.json?.status === 'running', explain(r, home));
    return (r.json.hints as string[] | undefined)?.find(h => h.includes('tabwright release'));
  }, { timeoutMs: 600_000, everyMs: 1000 });
  const [release, ...others] = commandsIn(held);
  assert.equal(release[0], 'release', `${mode}: ${held}`);
  const released = await home.run(release);
  assert.equal(released.code, 0, `${mode}: ${held}\n${explain(released, home)}`);
  const ended = await home.run(['receipt', '--task', 'held', '--request-id', 'h1', '--wait', '60', '--verbose']);
  assert.equal(ended.json.status, 'interrupted', `${mode}: ${explain(ended, home)}`);
  assert.equal(ended.json.error.reason, 'released', `${mode}: ${explain(ended, home)}`);

  // What the hint says of the tabs is what happened: they stay open (and the adopt it prints
  // takes one back), or the next program reopens them at their last URLs.
  const stay = /the tabs stay open/.test(held);
  const reopen = /its next program reopens its tabs at their last URLs/.test(held);
  assert.ok(stay !== reopen, `${mode}: the hint says one thing of the tabs: ${held}`);
  const listed = (await home.run(['pages', '--all'])).json.pages as { id: number; url: string; task: string | null }[] | undefined;
  const open = listed?.find(p => p.url === url);
  if (stay) assert.equal(open?.task, null, `${mode}: the hint says the tabs stay open, no longer the task's: ${held}\n${JSON.stringify(listed)}`);
  for (const command of others) {
    const args = command.map(a => (a === 'N' ? String(open?.id) : a));
    const r = await home.run(args);
    assert.equal(r.code, 0, `${mode}: \`tabwright ${args.join(' ')}\` as the hint printed it: ${held}\n${explain(r, home)}`);
  }
  const next = await home.program('held', 'h2', 'return page.url();');
  assert.equal(next.code, 0, explain(next, home));
  const said = (next.json.hints as string[] | undefined ?? []).join('\n');
  if (stay) {
    assert.ok(others.some(c => c[0] === 'adopt'), `${mode}: the hint says how to take a tab back: ${held}`);
    assert.equal(next.json.result, url, `${mode}: the adopted tab is the task's page again`);
  } else {
    assert.equal(next.json.result, url, `${mode}: the tab reopened at its last URL, as the hint said: ${explain(next, home)}`);
    assert.match(said, /its browser went back to the browser service; this program runs in a new one/, `${mode}: ${explain(next, home)}`);
    assert.match(said, /reopened at the last URL/, `${mode}: ${explain(next, home)}`);
  }
}

describe('the release a held program\'s running receipt prints stops it, in each shape of browser', { concurrency: 3 }, () => {
  test('a launched browser', { skip, timeout: testTimeout(12) }, () => releaseAsPrinted({}, 'launch'));

  test('a browser the runtime connected to (the user\'s own)', { skip, timeout: testTimeout(12) }, async () => {
    await releaseAsPrinted({ connect: await standIn!.url }, 'connect');
  });

  test('a browser per task from a browser service', { skip, timeout: testTimeout(12) }, async t => {
    const engine = engineOrSkip(service, t);
    if (!engine) return;
    await releaseAsPrinted({ browserService: engine.url }, 'service');
  });
});
