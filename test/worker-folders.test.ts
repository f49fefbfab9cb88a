// A long-lived runtime must not fill the temp dir: Playwright's connectOverCDP makes an
// artifacts folder per connection and removes it only on a clean disconnect, which a
// terminated worker never makes. Each worker's folder is the runtime's, under
// TABWRIGHT_HOME/playwright, and goes when the worker ends.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TabwrightHome, runtimeLog } from './harness/tabwrightCli.js';
import { until } from './harness/testAids.js';

test('a task opened and closed leaves no Playwright folder behind, in the temp dir or the home', async () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tabwright-tmpdir-'));
  const home = new TabwrightHome({ env: { TMPDIR: tmp } });
  const leftInTmp = () => fs.readdirSync(tmp).filter(name => name.startsWith('playwright-artifacts-'));
  const workerFolders = () => fs.readdirSync(path.join(home.home, 'playwright'));
  try {
    for (const task of ['one', 'two']) {
      const r = await home.program(task, 'r1', 'return 1');
      assert.equal(r.code, 0, r.stdout + runtimeLog(home));
    }
    assert.deepEqual(leftInTmp(), [], 'Playwright made no folder of its own in TMPDIR');
    assert.equal(workerFolders().length, 2, 'each live worker has its folder under the home');
    // release stops the worker (terminate, no clean disconnect); close does too.
    assert.equal((await home.run(['release', '--task', 'one'])).code, 0);
    assert.equal((await home.run(['close', '--task', 'two'])).code, 0);
    await until('the workers\' folders to go', () => (workerFolders().length === 0 ? true : undefined));
    assert.deepEqual(leftInTmp(), []);
  } finally {
    await home.dispose();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
});
