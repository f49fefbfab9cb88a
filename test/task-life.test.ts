// A task's life against the real runtime and Chromium (runtime/tasks/taskLife.ts): a close while a
// program starts ends it interrupted without running it, and a worker that dies between
// programs leaves the next receipt saying that `state` was reset.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { TabwrightHome, hasBrowser, runtimeLog } from './harness/tabwrightCli.js';
import { FixtureServer } from './harness/fixtureServer.js';
import { BrowserStandIn } from './harness/browserStandIns.js';

const skip = hasBrowser() ? false : 'no browser on this machine';
let server: FixtureServer;
let ranCount = 0;
let holdArrived = () => {};
let releaseHold = () => {};
const holding = new Promise<void>(resolve => { holdArrived = resolve; });

before(async () => {
  server = await FixtureServer.start();
  server.route('/ran', (_req, res) => { ranCount++; res.writeHead(200).end('ok'); });
  // The page asks for /hold at once; once the test answers it, the page asks for /die.
  server.page('/die-later', "<h1>later</h1><script>fetch('/hold').then(() => fetch('/die'))</script>");
  server.route('/hold', (_req, res) => {
    releaseHold = () => res.writeHead(200).end('ok');
    holdArrived();
  });
  server.route('/die', (_req, res) => { res.writeHead(200).end('ok'); });
});

after(async () => {
  await server?.close();
});

test('close while a program starts: it ends interrupted (reason closed) and never runs', { skip, timeout: 600_000 }, async () => {
  const browser = BrowserStandIn.gated();
  // The gated browser, not a stand-in one the connected matrix would give.
  const home = new TabwrightHome({ start: {}, env: { TABWRIGHT_BROWSER: browser.executable } });
  try {
    // The browser waits at its gate, so the task stays starting.
    const starting = await home.program('gated', 'g1', `await fetch('${server.url('/ran')}'); return 'ran'`, ['--wait', '0']);
    assert.equal(starting.code, 3, `${starting.stdout}${starting.stderr}${runtimeLog(home)}`);
    const queued = await home.program('gated', 'g2', 'return 2', ['--wait', '0']);
    assert.equal(queued.json.status, 'queued');
    const closing = home.run(['close', '--task', 'gated']);
    // The queued program ends as the close is taken: then the close is known to the runtime.
    const g2 = await home.run(['receipt', '--task', 'gated', '--request-id', 'g2', '--wait', '240']);
    assert.equal(g2.json.status, 'interrupted', g2.stdout);
    await browser.open();
    const closed = await closing;
    assert.equal(closed.code, 0, closed.stdout + closed.stderr);
    const g1 = await home.run(['receipt', '--task', 'gated', '--request-id', 'g1', '--wait', '240']);
    assert.equal(g1.code, 4, g1.stdout);
    assert.equal(g1.json.status, 'interrupted');
    assert.equal(g1.json.error.reason, 'closed');
    assert.match(g1.json.error.message, /closed.*never started/);
    assert.equal(ranCount, 0, 'the program never ran');
    const tasks = await home.run(['tasks']);
    assert.ok(!tasks.json.tasks.some((t: { name: string }) => t.name === 'gated'), tasks.stdout);
    // The name is a new task now, and it runs.
    const again = await home.program('gated', 'g3', 'return state.ran ?? "fresh"');
    assert.equal(again.code, 0, again.stdout + runtimeLog(home));
    assert.equal(again.json.result, 'fresh');
    assert.equal(ranCount, 0);
  } finally {
    await home.dispose();
    browser.dispose();
  }
});

test('a worker that dies between programs: the next receipt says that `state` was reset', { skip, timeout: 600_000 }, async () => {
  const home = new TabwrightHome();
  try {
    const first = await home.program('dies', 'd1', `
      state.kept = 'from d1';
      // The worker ends when the page asks for /die, after this program has reported.
      page.on('request', request => { if (request.url().endsWith('/die')) process.exit(3); });
      await page.goto('${server.url('/die-later')}');
      return 'armed'`);
    assert.equal(first.code, 0, first.stdout + runtimeLog(home));
    await holding;
    releaseHold();
    // The task holds a slot while its worker lives; it goes idle once the runtime saw the worker end.
    for (;;) {
      const tasks = await home.run(['tasks']);
      if (tasks.json.tasks.find((t: { name: string }) => t.name === 'dies')?.state === 'idle') break;
      await new Promise(resolve => setTimeout(resolve, 100));
    }
    const next = await home.program('dies', 'd2', 'return state.kept ?? null');
    assert.equal(next.code, 0, next.stdout);
    assert.equal(next.json.result, null);
    assert.ok(next.json.hints?.some((h: string) => /`state` was reset/.test(h)), JSON.stringify(next.json.hints));
  } finally {
    await home.dispose();
  }
});

test('--isolated for a task that endpoint made first is refused (TaskIsolationMismatch, exit 2), saying how to get an isolated task', { skip, timeout: 600_000 }, async () => {
  const home = new TabwrightHome();
  try {
    const endpoint = await home.run(['endpoint', '--task', 'shared']);
    assert.equal(endpoint.code, 0, endpoint.stdout + endpoint.stderr + runtimeLog(home));
    const refused = await home.program('shared', 'i1', `await fetch('${server.url('/ran')}'); return 1`, ['--isolated']);
    assert.equal(refused.code, 2, refused.stdout);
    assert.equal(refused.json.error.name, 'TaskIsolationMismatch');
    assert.match(refused.json.error.message, /new task name with --isolated/);
    assert.match(refused.json.error.message, /tabwright close --task shared/);
    const nothing = await home.run(['receipt', '--task', 'shared', '--request-id', 'i1']);
    assert.equal(nothing.code, 2, 'nothing was registered');
    // Without --isolated the task runs as it is; a new name with --isolated gets its own context.
    assert.equal((await home.program('shared', 'i2', 'return 2')).code, 0);
    assert.equal((await home.program('own', 'i3', 'return 3', ['--isolated'])).code, 0);
  } finally {
    await home.dispose();
  }
});
