// Issue 12: the runtime attached to a browser it did not start (runtime start --connect). A second
// Chromium started here with --remote-debugging-port stands in for the user's own browser:
// its "user" tab, opened before any task, stays invisible to tasks, cannot be adopted unless
// the runtime was started with --allow-adopt, and outlives `runtime stop`.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TabwrightHome, runtimeLog } from './harness/tabwrightCli.js';
import { FixtureServer } from './harness/fixtureServer.js';
import { CHROMIUM_SWITCHES } from '../transport/browserProcess.js';
import { locateBrowser } from '../contract/browserLocator.js';
import { until as untilValue } from './harness/testAids.js';

interface JsonTarget { id: string; type: string; url: string; title: string }

let server: FixtureServer;
let chromium: ChildProcess;
let profile: string;
let debugUrl: string;
let userTab: JsonTarget;

/** Waits as the harness does, but gives up once the test's own Chromium has exited. */
function until<T>(what: string, probe: () => T | undefined | Promise<T | undefined>): Promise<T> {
  return untilValue(what, probe, { stopIf: () => (chromium.exitCode !== null ? 'the test\'s Chromium exited' : undefined) });
}

async function listTargets(): Promise<JsonTarget[]> {
  return await (await fetch(`${debugUrl}/json/list`)).json() as JsonTarget[];
}

/** Starts the stand-in for the user's browser on `port` (0: any); resolves with the port it listens on. */
async function startUserBrowser(port: number): Promise<number> {
  const executable = locateBrowser().path;
  assert.ok(executable, 'a Chromium to stand in for the user\'s browser');
  const portFile = path.join(profile, 'DevToolsActivePort');
  fs.rmSync(portFile, { force: true });
  // A killed browser leaves its profile locked.
  for (const lock of ['SingletonLock', 'SingletonSocket', 'SingletonCookie']) fs.rmSync(path.join(profile, lock), { force: true });
  chromium = spawn(executable, [
    ...CHROMIUM_SWITCHES,
    `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, '--headless', '--no-sandbox', 'about:blank',
  ], { stdio: 'ignore', detached: true });
  // A fixed port: listening is proven by /json/version answering.
  if (port !== 0)
    return until('the browser to listen again', () => fetch(`http://127.0.0.1:${port}/json/version`).then(r => r.ok ? port : undefined, () => undefined));
  // Chromium writes the port it picked (first line) once it listens.
  return until('DevToolsActivePort', () => {
    try {
      const [line] = fs.readFileSync(portFile, 'utf8').split('\n');
      return Number(line) > 0 ? Number(line) : undefined;
    } catch {
      return undefined;
    }
  });
}

async function killUserBrowser(): Promise<void> {
  if (!chromium?.pid || chromium.exitCode !== null || chromium.signalCode !== null) return;
  const exited = new Promise(resolve => chromium.once('exit', resolve));
  process.kill(-chromium.pid, 'SIGKILL');
  await exited;
}

before(async () => {
  server = await FixtureServer.start();
  server.page('/user', '<title>user tab</title><h1>the user is logged in here</h1>');
  server.page('/task', '<title>task page</title><h1>task</h1>');
  profile = fs.mkdtempSync(path.join(os.tmpdir(), 'tabwright-user-browser-'));
  debugUrl = `http://127.0.0.1:${await startUserBrowser(0)}`;
  // The user's tab, opened before any runtime exists (Chrome wants PUT for /json/new).
  const opened = await fetch(`${debugUrl}/json/new?${server.url('/user')}`, { method: 'PUT' });
  assert.equal(opened.status, 200, await opened.clone().text());
  userTab = await opened.json() as JsonTarget;
  await until('the user tab to load', async () => (await listTargets()).find(t => t.id === userTab.id && t.title === 'user tab'));
});

after(async () => {
  await killUserBrowser();
  fs.rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  await server?.close();
});

test('a connected runtime runs programs, hides the user\'s tab from tasks, refuses to adopt it, and leaves the browser running at stop', async () => {
  const home = new TabwrightHome({ start: { connect: debugUrl } });
  try {
    const run = await home.program('a', 'r1', `
      await page.goto(${JSON.stringify(server.url('/task'))});
      return { title: await page.title(), urls: context.pages().map(p => p.url()) };`, ['--wait', '300']);
    assert.equal(run.code, 0, run.stdout + runtimeLog(home));
    assert.equal(run.json.status, 'succeeded', run.stdout);
    assert.equal(run.json.result.title, 'task page');
    assert.deepEqual(run.json.result.urls, [server.url('/task')], 'the program\'s context shows only the task\'s page');

    const taskPages = (await home.run(['pages', '--task', 'a'])).json.pages as { url: string }[];
    assert.deepEqual(taskPages.map(p => p.url), [server.url('/task')]);
    const all = (await home.run(['pages', '--all'])).json.pages as { id: number; url: string; task: string | null }[];
    const user = all.find(p => p.url === server.url('/user'));
    assert.ok(user, `pages --all lists the user's tab: ${JSON.stringify(all)}`);
    assert.equal(user.task, null, 'the user\'s tab is unowned');

    const adopt = await home.run(['adopt', '--task', 'a', '--page', String(user.id)]);
    assert.notEqual(adopt.code, 0, adopt.stdout);
    assert.match(adopt.stdout, /runtime start --allow-adopt/, adopt.stdout);
    const still = (await home.run(['pages', '--task', 'a'])).json.pages as { url: string }[];
    assert.ok(!still.some(p => p.url === server.url('/user')), 'the refused adopt gave the task nothing');

    const stop = await home.run(['runtime', 'stop'], { timeoutMs: 60_000 });
    assert.equal(stop.code, 0, stop.stdout + stop.stderr);
    assert.equal(chromium.exitCode, null, 'the connected browser is still running');
    const targets = await listTargets();
    assert.ok(targets.some(t => t.id === userTab.id && t.url === server.url('/user')), `the user's tab is still open: ${JSON.stringify(targets)}`);
  } finally {
    await home.dispose();
  }
});

test('with --allow-adopt the user\'s tab can be adopted, and closing the task leaves it open', async () => {
  const home = new TabwrightHome({ start: { connect: debugUrl, allowAdopt: true } });
  try {
    const started = await home.program('b', 'r1', 'return 1', ['--wait', '300']);
    assert.equal(started.code, 0, started.stdout + runtimeLog(home));
    const all = (await home.run(['pages', '--all'])).json.pages as { id: number; url: string; task: string | null }[];
    const user = all.find(p => p.url === server.url('/user'));
    assert.ok(user, JSON.stringify(all));
    const adopt = await home.run(['adopt', '--task', 'b', '--page', String(user.id)]);
    assert.equal(adopt.code, 0, adopt.stdout);
    const read = await home.program('b', 'r2', 'return context.pages().map(p => p.url())', ['--wait', '300']);
    assert.equal(read.code, 0, read.stdout);
    assert.ok(read.json.result.includes(server.url('/user')), JSON.stringify(read.json.result));

    const close = await home.run(['close', '--task', 'b']);
    assert.equal(close.code, 0, close.stdout);
    const targets = await listTargets();
    assert.ok(targets.some(t => t.id === userTab.id), `close released the user's tab instead of closing it: ${JSON.stringify(targets)}`);
  } finally {
    await home.dispose();
  }
  assert.equal(chromium.exitCode, null, 'the connected browser is still running');
});

test('runtime start --auto-connect finds the browser through its DevToolsActivePort in the usual folder; --allow-adopt is a flag; a later start reuses them', async () => {
  // A home where Chromium's usual user-data folder holds the running browser's port file.
  const fakeHome = fs.mkdtempSync(path.join(os.tmpdir(), 'tabwright-fake-home-'));
  const usual = path.join(fakeHome, '.config', 'chromium');
  fs.mkdirSync(usual, { recursive: true });
  fs.copyFileSync(path.join(profile, 'DevToolsActivePort'), path.join(usual, 'DevToolsActivePort'));
  const home = new TabwrightHome({ start: {}, env: { HOME: fakeHome, XDG_CONFIG_HOME: '', TABWRIGHT_USER_DATA_DIR: '' } });
  try {
    const start = await home.run(['runtime', 'start', '--auto-connect', '--allow-adopt'], { timeoutMs: 120_000 });
    assert.equal(start.code, 0, start.stdout + start.stderr + runtimeLog(home));
    assert.deepEqual(start.json.policy, { connect: 'auto', allowAdopt: true, allowFileUrls: false, browserArgs: [], blockOrigins: [], allowOrigins: [] });
    assert.match(start.json.browser.path, new RegExp(`^ws://127\\.0\\.0\\.1:${new URL(debugUrl).port}/devtools/browser/`), start.stdout);
    const all = (await home.run(['pages', '--all'])).json.pages as { id: number; url: string; task: string | null }[];
    const user = all.find(p => p.url === server.url('/user'));
    assert.ok(user, JSON.stringify(all));
    const adopt = await home.run(['adopt', '--task', 'auto', '--page', String(user.id)]);
    assert.equal(adopt.code, 0, adopt.stdout);
    assert.equal((await home.run(['release', '--task', 'auto'])).code, 0);

    const plain = await home.run(['runtime', 'start']);
    assert.equal(plain.code, 2, plain.stdout);
    assert.equal(plain.json.error.name, 'RuntimeStartedOtherwise', plain.stdout);
    assert.match(plain.json.error.message, /runtime stop/);

    // Stopped, then started again by an ordinary command: the same browser, the same policy.
    assert.equal((await home.run(['runtime', 'stop'], { timeoutMs: 60_000 })).code, 0);
    const next = await home.program('auto', 'a1', 'return context.pages().length', ['--wait', '300']);
    assert.equal(next.code, 0, next.stdout + runtimeLog(home));
    const status = await home.run(['runtime', 'status']);
    assert.deepEqual(status.json.policy, { connect: 'auto', allowAdopt: true, allowFileUrls: false, browserArgs: [], blockOrigins: [], allowOrigins: [] });
    assert.equal((await home.run(['runtime', 'stop'], { timeoutMs: 60_000 })).code, 0);
    assert.equal(chromium.exitCode, null, 'the connected browser is still running');
  } finally {
    await home.dispose();
    fs.rmSync(fakeHome, { recursive: true, force: true });
  }
});

test('TABWRIGHT_USER_DATA_DIR names the folder to look in; with no browser to find, --auto-connect fails saying how to turn remote debugging on', async () => {
  const emptyHome = fs.mkdtempSync(path.join(os.tmpdir(), 'tabwright-empty-home-'));
  const named = new TabwrightHome({ start: {}, env: { HOME: emptyHome, XDG_CONFIG_HOME: '', TABWRIGHT_USER_DATA_DIR: profile } });
  const nothing = new TabwrightHome({ start: {}, env: { HOME: emptyHome, XDG_CONFIG_HOME: '', TABWRIGHT_USER_DATA_DIR: '' } });
  try {
    const found = await named.run(['runtime', 'start', '--auto-connect'], { timeoutMs: 120_000 });
    assert.equal(found.code, 0, found.stdout + found.stderr + runtimeLog(named));
    assert.match(found.json.browser.path, /^ws:\/\/127\.0\.0\.1:\d+\/devtools\/browser\//);
    assert.equal((await named.run(['runtime', 'stop'], { timeoutMs: 60_000 })).code, 0);

    const missing = await nothing.run(['runtime', 'start', '--auto-connect'], { timeoutMs: 120_000 });
    assert.equal(missing.code, 5, missing.stdout);
    const message = missing.json.error.message as string;
    assert.match(message, /no running browser with remote debugging was found/, message);
    assert.ok(message.includes(path.join(emptyHome, '.config', 'google-chrome')), message);
    assert.match(message, /chrome:\/\/inspect\/#remote-debugging/);
    assert.match(message, /--user-data-dir/);
  } finally {
    await named.dispose();
    await nothing.dispose();
    fs.rmSync(emptyHome, { recursive: true, force: true });
  }
  assert.equal(chromium.exitCode, null, 'the connected browser is still running');
});

// Last: it kills the browser the tests above share.
test('the connection lost mid-program: the program ends interrupted with its outcome unknown, and the next one connects again and says so', async () => {
  const home = new TabwrightHome({ start: { connect: debugUrl } });
  try {
    const submitted = await home.program('drop', 'd1', `await page.goto(${JSON.stringify(server.url('/task'))}); await page.locator('h1').click(); await new Promise(() => {});`, ['--wait', '0']);
    assert.equal(submitted.code, 3, submitted.stdout + runtimeLog(home));
    // Killed once the program has done something that may have changed the page (persisted at once).
    await until('the program to navigate', async () => {
      const r = await home.run(['receipt', '--task', 'drop', '--request-id', 'd1']);
      return r.json.status === 'running' && r.json.mutationState === 'possible' ? true : undefined;
    });
    await killUserBrowser();
    const r = await home.run(['receipt', '--task', 'drop', '--request-id', 'd1', '--wait', '120']);
    assert.equal(r.code, 4, r.stdout);
    assert.equal(r.json.status, 'interrupted');
    assert.match(JSON.stringify(r.json.error), /connection to the browser/, r.stdout);
    assert.equal(r.json.mutationState, 'possible', 'the click ran before the browser went away');
    assert.equal(r.json.outcome, 'OUTCOME_UNKNOWN', r.stdout);
    // The same address again, as a remote browser that came back would be.
    await startUserBrowser(Number(new URL(debugUrl).port));
    const next = await home.program('drop', 'd2', `await page.goto(${JSON.stringify(server.url('/task'))}); return page.title();`, ['--wait', '300']);
    assert.equal(next.code, 0, next.stdout + runtimeLog(home));
    assert.equal(next.json.result, 'task page');
    assert.ok((next.json.hints ?? []).some((h: string) => /browser was reconnected/.test(h)), `the next receipt says the browser was reconnected: ${next.stdout}`);
    const after = await home.program('drop', 'd3', 'return 1', ['--wait', '300']);
    assert.ok(!(after.json.hints ?? []).some((h: string) => /reconnected/.test(h)), `only once: ${after.stdout}`);
  } finally {
    await home.dispose();
  }
});
