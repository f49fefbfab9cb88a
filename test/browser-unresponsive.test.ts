// A browser that stops answering (transport/browserAnswer.ts): nothing before a program starts
// waits on it for ever. The program's receipt fails with BrowserUnresponsive, its task's slot is
// free again, and the next program runs on a new browser. The runtime's answer limit is set low
// (TABWRIGHT_BROWSER_ANSWER_S) so the wedge is met in seconds; the tests assert outcomes only.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';
import { TabwrightHome, hasBrowser, runtimeLog, testTimeout } from './harness/tabwrightCli.js';
import { BrowserStandIn } from './harness/browserStandIns.js';
import { until } from './harness/testAids.js';

const skip = hasBrowser() ? false : 'no browser on this machine';
// Far above what a healthy browser takes to answer one command, even on a loaded machine.
const ANSWER_S = '15';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

// At once: each test has a home and a browser (or a stand-in) of its own, and each mostly waits
// out the answer limit, so the waits overlap instead of adding up.
describe('a browser that stops answering', { concurrency: true }, () => {
  test('a browser wedged as it launches: the program fails BrowserUnresponsive, the task is free, and the next program gets a new browser', { skip, timeout: testTimeout(5) }, async () => {
    // Its first launch answers Browser.getVersion and then nothing more; later launches are real.
    const browser = BrowserStandIn.wedgedOnce();
    const home = new TabwrightHome({ start: {}, env: { TABWRIGHT_BROWSER: browser.executable, TABWRIGHT_BROWSER_ANSWER_S: ANSWER_S } });
    try {
      const first = await home.program('wedged', 'w1', 'return "ran"');
      assert.equal(first.code, 1, first.stdout + first.stderr + runtimeLog(home));
      assert.equal(first.json.status, 'failed');
      assert.equal(first.json.error.name, 'BrowserUnresponsive', first.stdout);
      assert.match(first.json.error.message, /did not answer/);
      assert.ok(first.json.hints.some((h: string) => /Nothing ran/.test(h)), first.stdout);
      // The slot is free: the task holds no worker and nothing in flight.
      const tasks = await home.run(['tasks']);
      const wedged = tasks.json.tasks.find((t: { name: string }) => t.name === 'wedged');
      assert.ok(!wedged || wedged.state === 'idle', tasks.stdout);
      const next = await home.program('wedged', 'w2', 'return "ran"');
      assert.equal(next.code, 0, next.stdout + runtimeLog(home));
      assert.equal(next.json.result, 'ran');
      assert.equal(browser.launches(), 2, 'the second program started a new browser');
    } finally {
      await home.dispose();
      browser.dispose();
    }
  });

  test('a browser that stops answering while tasks use it: a new task\'s program fails BrowserUnresponsive, the browser is ended, and the next program gets a new one', { skip, timeout: testTimeout(6) }, async () => {
    const home = new TabwrightHome({ start: {}, env: { TABWRIGHT_BROWSER_ANSWER_S: ANSWER_S } });
    let stopped: number | undefined;
    try {
      const warm = await home.program('before', 'b1', 'return 1');
      assert.equal(warm.code, 0, warm.stdout + runtimeLog(home));
      const status = await home.run(['runtime', 'status']);
      const pid = Number(status.json.browser?.pid);
      assert.ok(pid > 0, status.stdout);
      // The browser process is frozen: it reads and answers nothing, as a hung Chromium does.
      process.kill(pid, 'SIGSTOP');
      stopped = pid;
      const stuck = await home.program('after', 'a1', 'return "ran"');
      assert.equal(stuck.code, 1, stuck.stdout + stuck.stderr + runtimeLog(home));
      assert.equal(stuck.json.status, 'failed');
      assert.equal(stuck.json.error.name, 'BrowserUnresponsive', stuck.stdout);
      // The runtime ended the frozen browser (a SIGKILL reaches a stopped process).
      await until('the frozen browser to be ended', () => (alive(pid) ? undefined : true));
      stopped = undefined;
      const next = await home.program('after', 'a2', 'return "ran"');
      assert.equal(next.code, 0, next.stdout + runtimeLog(home));
      assert.equal(next.json.result, 'ran');
      const now = await home.run(['runtime', 'status']);
      assert.notEqual(Number(now.json.browser?.pid), pid, now.stdout);
    } finally {
      if (stopped) try { process.kill(stopped, 'SIGKILL'); } catch { /* gone */ }
      await home.dispose();
    }
  });

  test('a browser to connect to that stops answering after Browser.getVersion: runtime start says so and the runtime exits, instead of waiting for ever', { timeout: testTimeout(2) }, async () => {
    // A stand-in for a remote browser service that accepts the connection, answers its version and then nothing.
    const server = http.createServer();
    const wss = new WebSocketServer({ server });
    wss.on('connection', ws => ws.on('message', data => {
      const message = JSON.parse(String(data)) as { id: number; method: string };
      if (message.method === 'Browser.getVersion')
        ws.send(JSON.stringify({ id: message.id, result: { protocolVersion: '1.3', product: 'Chrome/1.0', revision: '0', userAgent: 'Chrome', jsVersion: '0' } }));
    }));
    await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
    const url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/devtools/browser/wedged`;
    // The answer limit is low: only the stand-in is asked anything.
    const home = new TabwrightHome({ start: { connect: url }, env: { TABWRIGHT_BROWSER_ANSWER_S: '3' } });
    try {
      const started = await home.run(['runtime', 'start', ...await home.startFlags()]);
      const said = `${started.stdout}${started.stderr}${runtimeLog(home)}`;
      assert.notEqual(started.code, 0, said);
      assert.match(runtimeLog(home), /Cannot start: The browser did not answer Target\.setDiscoverTargets within 3 s/, said);
      // The runtime is gone (it exited), not hanging on the browser.
      await until('the runtime to exit', () => {
        const pid = home.runtimePid();
        return pid === undefined || !alive(pid) ? true : undefined;
      });
    } finally {
      await home.dispose();
      wss.close();
      server.close();
    }
  });
});
