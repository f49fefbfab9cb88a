// Issue 38 item 15: the TABWRIGHT_* variables the runtime reads are range-checked in one table
// (contract/environmentKnobs.ts). A negative TABWRIGHT_RECEIPT_DAYS used to delete every
// finished receipt on the first round (so every request id ran again), and a
// TABWRIGHT_BROWSER_ANSWER_S past Node's timer limit counted every browser command unanswered.
// Now the CLI refuses such a value before it starts a runtime (exit 2, naming the variable and
// what it accepts), and a runtime started any other way refuses it too. Real CLI, runtime and
// Chromium.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PACKAGE_ROOT, TabwrightHome, hasBrowser, testTimeout } from './harness/tabwrightCli.js';
import { explain, until } from './harness/testAids.js';
import { RUNTIME_PROCESS } from '../contract/runtimeProcess.js';

const skip = hasBrowser() ? false : 'no browser on this machine';

test('a negative TABWRIGHT_RECEIPT_DAYS is refused before a runtime starts: the receipts (and their request ids) stay', { skip, timeout: testTimeout(6) }, async () => {
  const home = new TabwrightHome({ prefix: 'tw-knobs-' });
  try {
    const first = await home.program('kept', 'once', 'return "ran"');
    assert.equal(first.code, 0, explain(first, home));
    assert.equal((await home.run(['runtime', 'stop'])).code, 0);

    const refused = await home.run(['receipt', '--task', 'kept', '--request-id', 'once'], { env: { TABWRIGHT_RECEIPT_DAYS: '-1' } });
    assert.equal(refused.code, 2, explain(refused, home));
    assert.match(refused.json.error.message, /TABWRIGHT_RECEIPT_DAYS=-1 is not accepted/);
    assert.match(refused.json.error.message, /a number of days above 0, at most 36,500/);

    // The receipt was never expired: its request id is still taken, the program does not run again.
    const again = await home.program('kept', 'once', 'return "ran"');
    assert.equal(again.code, 0, explain(again, home));
    assert.equal(again.json.replayed, true, explain(again, home));
  } finally {
    await home.dispose();
  }
});

test('TABWRIGHT_BROWSER_ANSWER_S past Node\'s timer limit is refused by the CLI; 2,147,483 s, the limit, is taken', { skip, timeout: testTimeout(4) }, async () => {
  const home = new TabwrightHome({ prefix: 'tw-knobs-' });
  try {
    const past = await home.program('t', 'past', 'await page.goto("about:blank"); return 1', [], { env: { TABWRIGHT_BROWSER_ANSWER_S: '2147484' } });
    assert.equal(past.code, 2, explain(past, home));
    assert.match(past.json.error.message, /TABWRIGHT_BROWSER_ANSWER_S=2147484 is not accepted/);
    assert.match(past.json.error.message, /at most 2,147,483/);
    const limit = await home.program('t', 'limit', 'await page.goto("about:blank"); return 1', [], { env: { TABWRIGHT_BROWSER_ANSWER_S: '2147483' } });
    assert.equal(limit.code, 0, explain(limit, home));
  } finally {
    await home.dispose();
  }
});

test('a runtime started without the CLI refuses a bad knob itself, saying which and why in its log', { skip, timeout: testTimeout(3) }, async () => {
  const home = new TabwrightHome({ prefix: 'tw-knobs-' });
  try {
    fs.mkdirSync(home.home, { recursive: true });
    const entry = path.join(PACKAGE_ROOT, 'dist', 'runtime', 'bundle', 'main.cjs');
    const child = spawn(process.execPath, [...RUNTIME_PROCESS.nodeFlags, entry], {
      env: home.env({ ...RUNTIME_PROCESS.env, TABWRIGHT_IDLE_MINUTES: '100000', TABWRIGHT_MAX_TASKS: '0' }), stdio: ['ignore', 'pipe', 'pipe'],
    });
    // Its log lines go to stdout (the CLI points stdout at runtime.log).
    let log = '';
    child.stdout.setEncoding('utf8').on('data', (text: string) => { log += text; });
    child.stderr.setEncoding('utf8').on('data', (text: string) => { log += text; });
    const exited = new Promise<number | null>(resolve => child.once('close', resolve));
    try {
      // It exits, or it listens (then it took the values: the test fails at once instead of waiting).
      const socket = path.join(home.home, 'runtime.sock');
      await until('the runtime to exit or listen', () => (child.exitCode !== null || fs.existsSync(socket) ? true : undefined));
      assert.ok(!fs.existsSync(socket), `it listened:\n${log}`);
      const code = await exited;
      assert.equal(code, 5, log);
      assert.match(log, /TABWRIGHT_IDLE_MINUTES=100000 is not accepted/);
      assert.match(log, /TABWRIGHT_MAX_TASKS=0 is not accepted/);
    } finally {
      if (child.exitCode === null) child.kill();
    }
  } finally {
    await home.dispose();
  }
});
