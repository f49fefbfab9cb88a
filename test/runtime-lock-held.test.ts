// A runtime started on a home whose lock another runtime holds (two CLIs starting one at once,
// or the native client's and the Node CLI's) exits without touching anything. Its first task
// worker is started before the lock is taken (runtime/main.ts: the cold start's longest path),
// so it must end that worker too: a loading worker would keep the process alive.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { after, test } from 'node:test';
import { RUNTIME_PROCESS } from '../contract/runtimeProcess.js';
import { PACKAGE_ROOT, TabwrightHome, hasBrowser, runtimeLog, testTimeout } from './harness/tabwrightCli.js';

const skip = hasBrowser() ? false : 'no browser';
const home = new TabwrightHome({ prefix: 'tw-lock-held-' });
after(() => home.dispose());

test('a second runtime on a held home exits 0, says who holds it, and leaves the first one running', { skip, timeout: testTimeout(4) }, async () => {
  const first = await home.program('t', 'r1', 'return 1');
  assert.equal(first.code, 0, first.stderr + runtimeLog(home));
  const holder = home.runtimePid();
  assert.ok(holder, runtimeLog(home));
  const entry = path.join(PACKAGE_ROOT, 'dist', 'runtime', 'bundle', 'main.cjs');
  // Its stdout is runtime.log, as the launcher starts one (cli/runtimeLauncher.ts).
  const log = fs.openSync(path.join(home.home, 'runtime.log'), 'a');
  const second = spawn(process.execPath, [...RUNTIME_PROCESS.nodeFlags, entry], { env: home.env(), stdio: ['ignore', log, log] });
  fs.closeSync(log);
  // No wall-clock bound: a second runtime that stayed alive would hold this test to its timeout.
  const code = await new Promise<number | null>((resolve, reject) => {
    second.once('error', reject);
    second.once('exit', resolve);
  });
  assert.equal(code, 0, runtimeLog(home));
  const said = fs.readFileSync(path.join(home.home, 'runtime.log'), 'utf8');
  assert.ok(said.includes(`"pid":${second.pid},"msg":"another runtime (pid ${holder}) holds`), said.slice(-2000));
  assert.equal(home.runtimePid(), holder, 'the lock still names the first runtime');
  const again = await home.program('t', 'r2', 'return 2');
  assert.equal(again.code, 0, again.stderr + runtimeLog(home));
  assert.equal(home.runtimePid(), holder);
});
