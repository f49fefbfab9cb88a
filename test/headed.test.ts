// Issue 12, a headed built-in browser (TABWRIGHT_HEADED=1) on a real X display (Xvfb): task
// pages stay out of the person's way. The person's window is a second, headed Chromium on the
// same display (their own browser, holding the X input focus); the runtime's task pages open in
// windows of their own that are not activated, so that window keeps the focus, and task pages
// get emulated focus instead: each behaves as focused without taking anything from another
// task or from the person. Xvfb has no window manager: xdotool gives the person's window the
// focus, as their click would. Skipped, saying so, where Xvfb or xdotool is missing (.ci/run
// installs both; elsewhere `apt-get install -y xvfb xdotool` adds them).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { promisify } from 'node:util';
import type { Readable } from 'node:stream';
import { TabwrightHome, hasBrowser, runtimeLog, testTimeout } from './harness/tabwrightCli.js';
import { FixtureServer } from './harness/fixtureServer.js';
import { RawCdpClient } from './harness/rawCdpClient.js';
import { StandInBrowser } from './harness/standInBrowser.js';

function binary(name: string): string | undefined {
  try {
    return execFileSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
}

const run = promisify(execFile);
const XVFB = binary('Xvfb');
const skip = !hasBrowser({ headed: true }) ? 'no full Chromium on this machine (the headless shell cannot run headed)'
  : !XVFB ? 'no Xvfb binary (apt-get install -y xvfb): a headed browser needs an X display'
    // Xvfb has no window manager, so no window has the focus until something sets it.
    : !binary('xdotool') ? 'no xdotool binary (apt-get install -y xdotool): it gives the "user" window the X focus' : false;
let display = '';

/**
 * xdotool on the test's display; --sync variants wait for the window or the focus change.
 * Never synchronously: the pages it waits for are served by this very process. A search walks
 * every window and dies with X's BadWindow when one goes away under it (Chromium makes and drops
 * windows as it starts: a fresh clone's suite failed so once), so that error is asked again.
 */
async function xdotool(...args: string[]): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    try {
      const { stdout } = await run('xdotool', args, { encoding: 'utf8', env: { ...process.env, DISPLAY: display } });
      return stdout.trim();
    } catch (error) {
      if (attempt >= 5 || !/BadWindow/.test(String((error as { stderr?: unknown }).stderr ?? error))) throw error;
    }
  }
}

/** The page's own answer, asked until it is `wanted` (Chrome hears of an X focus change a moment later). */
async function settles(expression: string, wanted: unknown): Promise<unknown> {
  let value: unknown;
  for (let tries = 0; tries < 300; tries++) {
    value = await userEval(expression);
    if (value === wanted) return value;
    await new Promise(resolve => setTimeout(resolve, 100));
  }
  return value;
}

let xvfb: ChildProcess | undefined;
let server: FixtureServer;
let home: TabwrightHome;
let userBrowser: StandInBrowser | undefined;
let user: RawCdpClient;

/** Xvfb picks a free display itself (-displayfd) and writes its number once it accepts clients. */
async function startXvfb(path: string): Promise<string> {
  const child = spawn(path, ['-displayfd', '3', '-screen', '0', '1280x900x24', '-nolisten', 'tcp'], { stdio: ['ignore', 'ignore', 'pipe', 'pipe'] });
  xvfb = child;
  let said = '';
  child.stderr!.on('data', d => { said += d; });
  return new Promise((resolve, reject) => {
    let number = '';
    (child.stdio[3] as Readable).on('data', d => {
      number += d;
      if (number.includes('\n')) resolve(`:${number.trim()}`);
    });
    child.once('exit', code => reject(new Error(`Xvfb exited (${code}) before it took a display: ${said.slice(-2000)}`)));
    child.once('error', reject);
  });
}

async function userEval(expression: string): Promise<unknown> {
  const reply = await user.call('Runtime.evaluate', { expression, returnByValue: true });
  return reply.result.value;
}

const PAGE = (title: string) => `<title>${title}</title><input id="field" aria-label="field">
  <script>window.blurs = 0; window.addEventListener('blur', () => blurs++);
    document.querySelector('#field').addEventListener('blur', () => blurs++);</script>`;

before(async () => {
  if (skip) return;
  display = await startXvfb(XVFB!);
  server = await FixtureServer.start();
  server.page('/user', PAGE('user'));
  server.page('/task', PAGE('task'));
  home = new TabwrightHome({ prefix: 'tw-headed-', start: {}, env: { DISPLAY: display, WAYLAND_DISPLAY: '', TABWRIGHT_HEADED: '1' } });
  const started = await home.run(['runtime', 'start']);
  assert.equal(started.code, 0, `${started.stdout}${started.stderr}${runtimeLog(home)}`);
});

after(async () => {
  user?.close();
  await userBrowser?.stop();
  await home?.dispose();
  await server?.close();
  if (xvfb && xvfb.exitCode === null) {
    const exited = new Promise(resolve => xvfb!.once('exit', resolve));
    xvfb.kill('SIGTERM');
    await exited;
  }
});

test('task pages in a headed browser take the focus from nobody: not the window in front, not each other, not when they ask for the front', { skip, timeout: testTimeout(9) }, async () => {
  assert.doesNotMatch(runtimeLog(home), /runs headless/, 'TABWRIGHT_HEADED=1 with a display starts a headed browser');

  // The runtime's browser is up (its first window opened) before the person's is.
  for (let tries = 0; ; tries++) {
    const listed = (await home.run(['pages', '--all'])).json?.pages as unknown[] | undefined;
    if (listed?.length) break;
    assert.ok(tries < 600, `the runtime's browser never listed a tab: ${runtimeLog(home)}`);
    await new Promise(resolve => setTimeout(resolve, 200));
  }
  // The person's own browser, headed on the same display; a bare CDP client on its page has no
  // emulated focus, so document.hasFocus() there is the real thing.
  userBrowser = StandInBrowser.start({ display, url: server.url('/user') });
  const targets = await (await fetch(`${await userBrowser.url}/json/list`)).json() as { type: string; url: string; webSocketDebuggerUrl: string }[];
  const page = targets.find(target => target.type === 'page' && target.url === server.url('/user'));
  assert.ok(page, JSON.stringify(targets));
  user = await RawCdpClient.connect(page.webSocketDebuggerUrl);
  assert.doesNotMatch(String(await userEval('navigator.userAgent')), /HeadlessChrome/, 'the person\'s browser is headed');
  // The person clicks into their window: X gives it the input focus.
  const userWindow = (await xdotool('search', '--sync', '--name', '^user - ')).split('\n')[0]!;
  await xdotool('windowfocus', '--sync', userWindow);
  await userEval(`document.querySelector('#field').focus()`);
  assert.equal(await settles('document.hasFocus()', true), true, 'the person\'s window has the real focus (the probe sees it)');
  await userEval('window.blurs = 0');
  assert.deepEqual(await userEval(`({ visibility: document.visibilityState, active: document.activeElement.id })`), { visibility: 'visible', active: 'field' });

  // The runtime's browser is headed too.
  const ua = await home.program('A', 'a-0', 'return await page.evaluate(() => navigator.userAgent);');
  assert.equal(ua.code, 0, `${ua.stdout}${runtimeLog(home)}`);
  assert.doesNotMatch(ua.json.result, /HeadlessChrome/, 'TABWRIGHT_HEADED=1 with a display: a headed browser');

  // Two tasks, each in its own window; A types, B types, A looks again.
  const typeInto = (who: string) => `
    await page.goto(${JSON.stringify(server.url('/task'))});
    await page.locator('#field').fill(${JSON.stringify(who)});
    await page.locator('#field').focus();
    return await page.evaluate(() => ({ focus: document.hasFocus(), visibility: document.visibilityState, active: document.activeElement.id, blurs: window.blurs }));`;
  const a1 = await home.program('A', 'a-1', typeInto('A'));
  assert.equal(a1.code, 0, `${a1.stdout}${runtimeLog(home)}`);
  const b1 = await home.program('B', 'b-1', typeInto('B'));
  assert.equal(b1.code, 0, `${b1.stdout}${runtimeLog(home)}`);
  const a2 = await home.program('A', 'a-2', `
    await page.keyboard.type('!');
    return await page.evaluate(() => ({ focus: document.hasFocus(), visibility: document.visibilityState, active: document.activeElement.id, blurs: window.blurs, value: document.querySelector('#field').value }));`);
  assert.equal(a2.code, 0, `${a2.stdout}${runtimeLog(home)}`);

  // Emulated focus: every task page is focused and rendering, whatever window is in front.
  for (const r of [a1, b1]) assert.deepEqual(r.json.result, { focus: true, visibility: 'visible', active: 'field', blurs: 0 }, JSON.stringify(r.json));
  // B's page and its typing took nothing from A: A's field kept the focus and got the key.
  assert.deepEqual(a2.json.result, { focus: true, visibility: 'visible', active: 'field', blurs: 0, value: 'A!' });

  // And the window in front is still in front, its field still focused, never blurred.
  const userAfter = await userEval(`({ focus: document.hasFocus(), visibility: document.visibilityState, active: document.activeElement.id, blurs: window.blurs })`);
  assert.deepEqual(userAfter, { focus: true, visibility: 'visible', active: 'field', blurs: 0 }, 'a task window took the foreground');
  assert.equal(await xdotool('getwindowfocus'), userWindow, 'X still gives the input to the user\'s window');

  // A task that asks for the front gets emulated focus, not the person's window: its page's
  // bringToFront, Target.activateTarget on each of its targets and window.focus() are answered
  // without activating anything (router/README.md, Focus). Forwarded, each would make Chromium
  // activate the task's window, which takes the X input focus from the person's.
  const asks = await home.program('A', 'a-front', `
    await page.bringToFront();
    const cdp = await context.browser().newBrowserCDPSession();
    const { targetInfos } = await cdp.send('Target.getTargets');
    for (const target of targetInfos.filter(t => t.type === 'page')) await cdp.send('Target.activateTarget', { targetId: target.targetId });
    await page.evaluate(() => window.focus());
    return targetInfos.filter(t => t.type === 'page').length;`);
  assert.equal(asks.code, 0, `${asks.stdout}${runtimeLog(home)}`);
  assert.ok(asks.json.result >= 1, 'the task activated a page of its own');
  // The browser has handled everything the first program sent before it handles the next
  // program's commands, and so has sent X any focus change by the time this one returns.
  const after = await home.program('A', 'a-after-front', 'return await page.evaluate(() => document.hasFocus());');
  assert.equal(after.json.result, true, `the task page keeps its emulated focus: ${after.stdout}`);
  assert.equal(await xdotool('getwindowfocus'), userWindow, 'a task asking for the front took the X focus from the user\'s window');
  assert.deepEqual(await userEval(`({ focus: document.hasFocus(), visibility: document.visibilityState, active: document.activeElement.id, blurs: window.blurs })`),
    { focus: true, visibility: 'visible', active: 'field', blurs: 0 }, 'the user\'s page lost the focus to a task asking for the front');

  // The probe can see a stolen focus: the X focus moved to a task's window shows at once.
  const taskWindow = (await xdotool('search', '--name', '^task - ')).split('\n')[0]!;
  await xdotool('windowfocus', '--sync', taskWindow);
  assert.equal(await settles('document.hasFocus()', false), false, 'with a task window focused, the user\'s page says so');
});
