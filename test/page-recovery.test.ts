// Issue 11's pages promise: a restarted runtime finds a task's tabs again under the same ids.
// The launched browser dies with the runtime, so its tabs are reopened at their last URL (and
// the task's next receipt says what that lost); a connected browser keeps its tabs, which are
// found again by target, nothing reopened.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TabwrightHome, runtimeLog, type CliResult } from './harness/tabwrightCli.js';
import { FixtureServer } from './harness/fixtureServer.js';
import { CHROMIUM_SWITCHES } from '../transport/browserProcess.js';
import { locateBrowser } from '../contract/browserLocator.js';
import { until } from './harness/testAids.js';
import { processAlive } from '../contract/processLiveness.js';

interface ShownPage { id: number; url: string; task: string | null }

let server: FixtureServer;

before(async () => {
  server = await FixtureServer.start();
  for (const name of ['a', 'b', 'c', 'i'])
    server.page(`/${name}`, `<title>page ${name}</title><h1>${name}</h1><input id="field">`);
});

after(async () => {
  await server.close();
});

/** Polls until the probe gives a value; the cap only turns a hang into a failure. */

async function pagesOf(home: TabwrightHome, task: string): Promise<ShownPage[]> {
  const r = await home.run(['pages', '--task', task]);
  assert.equal(r.code, 0, r.stdout + r.stderr);
  return r.json.pages as ShownPage[];
}

/** The task's pages once they show these URLs (a reopened tab commits its URL a moment after it opens). */
function pagesAt(home: TabwrightHome, task: string, urls: string[]): Promise<ShownPage[]> {
  return until(`${task}'s pages at ${urls.join(', ')}`, async () => {
    const pages = await pagesOf(home, task);
    return JSON.stringify(pages.map(p => p.url)) === JSON.stringify(urls) ? pages : undefined;
  });
}

/** A program that leaves the task two tabs, the first with text typed into it; returns their ids. */
function twoTabs(first: string, second: string, typed: string): string {
  return `
    await page.goto(${JSON.stringify(first)});
    await page.fill('#field', ${JSON.stringify(typed)});
    await tabs.new(${JSON.stringify(second)});
    return (await tabs.list()).map(t => t.id);`;
}

function ok(r: CliResult, home: TabwrightHome): void {
  assert.equal(r.code, 0, r.stdout + runtimeLog(home));
}

test('the launched browser: after runtime stop and start, and after kill -9 of the runtime, a task\'s tabs come back under the same ids', async () => {
  const home = new TabwrightHome({ start: {} });
  try {
    const a = server.url('/a');
    const b = server.url('/b');
    const opened = await home.program('t', 'r1', twoTabs(a, b, 'typed before the restart'));
    ok(opened, home);
    const ids = opened.json.result as number[];
    assert.equal(ids.length, 2);
    const isolated = await home.program('iso', 'r1', `await page.goto(${JSON.stringify(server.url('/i'))}); return page.url()`, ['--isolated']);
    ok(isolated, home);
    const isoBefore = await pagesAt(home, 'iso', [server.url('/i')]);
    assert.deepEqual((await pagesOf(home, 't')).map(p => [p.id, p.url]), [[ids[0], a], [ids[1], b]]);
    // What the hint promises of storage: the profile directory keeps what has an expiry, not a session cookie.
    ok(await home.program('t', 'r1b', `await page.evaluate(() => {
      document.cookie = 'kept=1; max-age=3600'; document.cookie = 'session=1'; localStorage.setItem('stored', 'yes'); });`), home);

    // 1. A graceful stop (the browser closes with the runtime), then a start.
    const browserPid = (await home.run(['runtime', 'status'])).json.browser.pid as number;
    ok(await home.run(['runtime', 'stop']), home);
    await until('the old browser to exit', async () => !processAlive(browserPid) || undefined);
    ok(await home.run(['runtime', 'start']), home);
    const after = await pagesAt(home, 't', [a, b]);
    assert.deepEqual(after.map(p => p.id), ids, 'the same ids at the same URLs');
    assert.deepEqual((await pagesAt(home, 'iso', [server.url('/i')])).map(p => p.id), isoBefore.map(p => p.id));
    const tasks = (await home.run(['tasks'])).json.tasks as { name: string; isolated: boolean }[];
    assert.deepEqual(tasks.map(t => [t.name, t.isolated]).sort(), [['iso', true], ['t', false]], 'the tasks are known again (release and close find them)');

    const used = await home.program('t', 'r2', `
      const second = await tabs.get(${ids[1]});
      const storage = await page.evaluate(() => ({ cookie: document.cookie, stored: localStorage.getItem('stored') }));
      return { page: page.url(), field: await page.inputValue('#field'), second: second.url(), tabs: (await tabs.list()).map(t => t.id), storage };`);
    ok(used, home);
    assert.deepEqual(used.json.result, { page: a, field: '', second: b, tabs: ids, storage: { cookie: 'kept=1', stored: 'yes' } },
      '`page` is still the first tab; what was typed is gone, the profile kept the cookie with an expiry and localStorage');
    assert.ok(used.json.hints?.some((h: string) => /reopened/.test(h) && /same id/.test(h) && /form input/.test(h)), JSON.stringify(used.json.hints));
    const again = await home.program('t', 'r3', 'await page.goto(' + JSON.stringify(server.url('/c')) + '); return page.url()');
    ok(again, home);
    assert.ok(!again.json.hints?.some((h: string) => /reopened/.test(h)), 'the hint is said once');
    const isoUsed = await home.program('iso', 'r2', 'return { url: page.url(), pages: context.pages().length }');
    ok(isoUsed, home);
    assert.deepEqual(isoUsed.json.result, { url: server.url('/i'), pages: 1 }, 'the isolated task sees its own tab only');
    assert.ok(isoUsed.json.hints?.some((h: string) => /isolated task's cookies/.test(h)), JSON.stringify(isoUsed.json.hints));

    // 2. kill -9 of the runtime: its browser follows it (the pipe closes); the next start reopens the tabs where they last were.
    const killedBrowser = (await home.run(['runtime', 'status'])).json.browser.pid as number;
    process.kill(home.runtimePid()!, 'SIGKILL');
    await until('the orphaned browser to exit', async () => !processAlive(killedBrowser) || undefined);
    const listed = await pagesAt(home, 't', [server.url('/c'), b]);
    assert.deepEqual(listed.map(p => p.id), ids);
    const afterKill = await home.program('t', 'r4', 'return { page: page.url(), tabs: (await tabs.list()).map(t => [t.id, t.url]) }');
    ok(afterKill, home);
    assert.deepEqual(afterKill.json.result, { page: server.url('/c'), tabs: [[ids[0], server.url('/c')], [ids[1], b]] });

    // Closing the task closes its tabs for good: a restart brings nothing back.
    ok(await home.run(['close', '--task', 't']), home);
    ok(await home.run(['runtime', 'stop']), home);
    ok(await home.run(['runtime', 'start']), home);
    await pagesAt(home, 'iso', [server.url('/i')]);
    assert.deepEqual(await pagesOf(home, 't'), []);
  } finally {
    await home.dispose();
  }
});

test('a connected browser: a restarted runtime finds the same tabs (same targets, same ids), reopening nothing', async () => {
  const executable = locateBrowser().path;
  assert.ok(executable, 'a Chromium to stand in for the user\'s browser');
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'tabwright-recovery-browser-'));
  const chromium: ChildProcess = spawn(executable, [
    ...CHROMIUM_SWITCHES, '--remote-debugging-port=0', `--user-data-dir=${profile}`, '--headless', '--no-sandbox', 'about:blank',
  ], { stdio: 'ignore', detached: true });
  let home: TabwrightHome | undefined;
  try {
    const port = await until('DevToolsActivePort', async () => {
      try {
        const [line] = fs.readFileSync(path.join(profile, 'DevToolsActivePort'), 'utf8').split('\n');
        return Number(line) > 0 ? Number(line) : undefined;
      } catch {
        return undefined;
      }
    });
    const debugUrl = `http://127.0.0.1:${port}`;
    home = new TabwrightHome({ start: { connect: debugUrl } });
    const targets = async () => (await (await fetch(`${debugUrl}/json/list`)).json() as { id: string; type: string; url: string }[]).filter(t => t.type === 'page');
    const a = server.url('/a');
    const b = server.url('/b');
    const opened = await home.program('t', 'r1', twoTabs(a, b, 'kept: the tab never closed'));
    ok(opened, home);
    const ids = opened.json.result as number[];
    const before = (await targets()).map(t => t.id).sort();

    ok(await home.run(['runtime', 'stop']), home);
    assert.equal(chromium.exitCode, null, 'the connected browser is still running');
    ok(await home.run(['runtime', 'start', ...await home.startFlags()]), home);
    assert.deepEqual((await pagesAt(home, 't', [a, b])).map(p => p.id), ids);
    const used = await home.program('t', 'r2', 'return { page: page.url(), field: await page.inputValue(\'#field\'), tabs: (await tabs.list()).map(t => t.id) }');
    ok(used, home);
    assert.deepEqual(used.json.result, { page: a, field: 'kept: the tab never closed', tabs: ids });
    assert.ok(!used.json.hints?.some((h: string) => /reopened/.test(h)), JSON.stringify(used.json.hints));
    assert.deepEqual((await targets()).map(t => t.id).sort(), before, 'no tab was opened or closed');
  } finally {
    await home?.dispose();
    if (chromium.pid && chromium.exitCode === null) {
      const exited = new Promise(resolve => chromium.once('exit', resolve));
      process.kill(-chromium.pid, 'SIGKILL');
      await exited;
    }
    fs.rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  }
});
