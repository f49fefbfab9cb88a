// A task worker's heap cap (runtime/tasks/workerMemory.ts): a program that allocates without end
// ends its own worker at the cap, its receipt names it (WorkerOutOfMemory), and the task's next
// program runs on a new worker, told that `state` was reset. The cap is lowered for the test
// (TABWRIGHT_WORKER_HEAP_MB) so it is met without filling gigabytes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TabwrightHome, hasBrowser, runtimeLog, testTimeout } from './harness/tabwrightCli.js';

const skip = hasBrowser() ? false : 'no browser on this machine';

test('a program that allocates without end: its worker ends at the heap cap, the receipt says WorkerOutOfMemory, and the next program runs', { skip, timeout: testTimeout(3) }, async () => {
  const home = new TabwrightHome({ env: { TABWRIGHT_WORKER_HEAP_MB: '200' } });
  try {
    const runaway = await home.program('hoard', 'h1', `
      state.kept = 'from h1';
      const hoard = [];
      for (;;) hoard.push(new Array(1 << 20).fill(1.5));`);
    assert.equal(runaway.code, 4, runaway.stdout + runaway.stderr + runtimeLog(home));
    assert.equal(runaway.json.status, 'interrupted');
    assert.equal(runaway.json.error.name, 'WorkerOutOfMemory', runaway.stdout);
    assert.match(runaway.json.error.message, /capped at 200 MiB/);
    const next = await home.program('hoard', 'h2', 'return state.kept ?? null');
    assert.equal(next.code, 0, next.stdout + runtimeLog(home));
    assert.equal(next.json.result, null);
    assert.ok(next.json.hints?.some((h: string) => /`state` was reset/.test(h)), JSON.stringify(next.json.hints));
  } finally {
    await home.dispose();
  }
});
