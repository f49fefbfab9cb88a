// How the runtime stops (runtime/runtimeStop.ts): a `runtime stop` while a CLI waits answers
// the CLI with what will be true (the program interrupted, its receipt `interrupted`,
// runtimeStopped: never `running` with "do not resubmit"), then cleans up; a
// clean-up that cannot finish (a program stuck in a system call) ends in a hard exit that says
// so and is not exit 0; an uncaught exception in the runtime stops it the same way, non-zero.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { TabwrightHome, hasBrowser, runtimeLog } from './harness/tabwrightCli.js';
import { until } from './harness/testAids.js';
import { processAlive } from '../contract/processLiveness.js';

const skip = hasBrowser() ? false : 'no browser on this machine';
const exited = (pid: number) => () => !processAlive(pid) || undefined;

async function running(home: TabwrightHome, task: string, requestId: string): Promise<void> {
  await until(`${task}/${requestId} running`, async () => (await home.run(['receipt', '--task', task, '--request-id', requestId])).json?.status === 'running' || undefined);
}

function wholeLog(home: TabwrightHome): string {
  return fs.readFileSync(path.join(home.home, 'runtime.log'), 'utf8');
}

test('runtime stop while a CLI waits: the CLI gets the receipt that will be true (interrupted, runtimeStopped), never "still running: do not resubmit", then the runtime cleans up', { skip, timeout: 900_000 }, async () => {
  const home = new TabwrightHome();
  try {
    const waiting = home.program('waiting', 'w1', 'await new Promise(() => {})');
    await running(home, 'waiting', 'w1');
    const pid = home.runtimePid()!;
    const stopped = await home.run(['runtime', 'stop']);
    assert.equal(stopped.code, 0, stopped.stdout + stopped.stderr);
    const answered = await waiting;
    assert.equal(answered.code, 4, answered.stdout + answered.stderr + runtimeLog(home));
    assert.equal(answered.json.status, 'interrupted', answered.stdout);
    assert.equal(answered.json.error.reason, 'runtimeStopped', answered.stdout);
    assert.ok(!answered.json.hints?.some((h: string) => /still running|do not resubmit/.test(h)), JSON.stringify(answered.json.hints));
    await until('the runtime to exit', exited(pid));
    const log = wholeLog(home);
    assert.match(log, /stopped \(exit 0\)/);
    assert.doesNotMatch(log, /hard exit/);
    const after = await home.run(['receipt', '--task', 'waiting', '--request-id', 'w1']);
    assert.equal(after.json.status, 'interrupted', after.stdout);
    assert.equal(after.json.error.reason, 'runtimeStopped');
  } finally {
    await home.dispose();
  }
});

test('a clean-up that cannot finish (a program stuck in a system call): the hard exit ends the runtime by SIGKILL, not exit 0, and runtime.log says so', { skip, timeout: 900_000 }, async () => {
  const home = new TabwrightHome();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tw-stuck-'));
  const fifo = path.join(dir, 'never-written');
  execFileSync('mkfifo', [fifo]);
  try {
    // Opening a FIFO no one writes blocks the worker's thread in the kernel: terminate() cannot end it.
    const submitted = await home.program('stuck', 's1', `process.getBuiltinModule('node:fs').readFileSync(${JSON.stringify(fifo)}); return 1`, ['--wait', '0']);
    assert.equal(submitted.code, 3, submitted.stdout);
    const pid = home.runtimePid()!;
    const status = await home.run(['runtime', 'status']);
    const browserPid = Number(status.json?.browser?.pid) || undefined;
    // The worker's thread is asleep in the FIFO's open (the kernel says where a thread waits).
    await until('the worker asleep in the FIFO', () => fs.readdirSync(`/proc/${pid}/task`).some(tid => {
      try {
        return fs.readFileSync(`/proc/${pid}/task/${tid}/wchan`, 'utf8') === 'wait_for_partner';
      } catch {
        return false;
      }
    }) || undefined);
    await home.run(['runtime', 'stop']);
    await until('the runtime to exit', exited(pid));
    const log = wholeLog(home);
    assert.match(log, /hard exit: the clean-up did not finish within 15 s \(still stopping workers/);
    assert.match(log, /SIGKILL/);
    assert.doesNotMatch(log, /stopped \(exit 0\)/);
    if (browserPid) await until('the browser to exit', exited(browserPid));
    const after = await home.run(['receipt', '--task', 'stuck', '--request-id', 's1']);
    assert.equal(after.json.status, 'interrupted', after.stdout);
  } finally {
    await home.dispose();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('an uncaught exception in the runtime: waiting callers are answered interrupted, what runs ends so, and the runtime exits 70', { skip, timeout: 900_000 }, async () => {
  const preload = path.join(path.dirname(fileURLToPath(import.meta.url)), 'harness', 'faultPreload.js');
  const home = new TabwrightHome({ env: { NODE_OPTIONS: `--import=${pathToFileURL(preload).href}` } });
  try {
    const waiting = home.program('faulty', 'f1', 'await new Promise(() => {})');
    await running(home, 'faulty', 'f1');
    const pid = home.runtimePid()!;
    process.kill(pid, 'SIGUSR2');
    const answered = await waiting;
    // Said before the waiting caller was answered.
    assert.match(wholeLog(home), /injected fault: a bug in the runtime/);
    assert.match(wholeLog(home), /stopping: uncaught exception; the runtime.s state is unknown, so it stops and exits 70/);
    assert.equal(answered.code, 4, answered.stdout + answered.stderr);
    assert.equal(answered.json.status, 'interrupted', answered.stdout);
    assert.match(answered.json.error.message, /internal error/);
    await until('the runtime to exit', exited(pid));
    assert.match(wholeLog(home), /stopped \(exit 70\)/);
    const after = await home.run(['receipt', '--task', 'faulty', '--request-id', 'f1']);
    assert.equal(after.json.status, 'interrupted', after.stdout);
    assert.match(after.json.error.message, /internal error/);
  } finally {
    await home.dispose();
  }
});
