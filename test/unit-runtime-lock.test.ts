// The runtime's lock (runtime/runtimeLock.ts, contract/runtimeLockFile.ts): one runtime per
// home. A lock names its runtime's pid and boot, so one left by a runtime that a reboot ended
// is taken over even when its pid now belongs to a live process of this boot.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { acquireLock, releaseLock } from '../runtime/runtimeLock.js';
import { currentBoot, holdsLock, liveLockHolder, LOCK_FILE, lockText, parseLock } from '../contract/runtimeLockFile.js';

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'tw-lock-'));
after(() => fs.rmSync(scratch, { recursive: true, force: true }));
let n = 0;
/** A home with `text` in its lock. */
function homeWithLock(text?: string): { home: string; file: string } {
  const home = path.join(scratch, `home-${++n}`);
  fs.mkdirSync(home);
  const file = path.join(home, LOCK_FILE);
  if (text !== undefined) fs.writeFileSync(file, text);
  return { home, file };
}
const ANOTHER_BOOT = '00000000-0000-4000-8000-000000000000';
// A live process that is not this one: pid 1 (init) is alive on every Linux and Unix.
const LIVE_PID = 1;

describe('runtime lock', () => {
  it('a lock names the pid and, where the system says it, the boot', () => {
    const { file } = homeWithLock();
    assert.deepEqual(acquireLock(file), { acquired: true });
    const lock = parseLock(fs.readFileSync(file, 'utf8'));
    assert.equal(lock.pid, process.pid);
    assert.equal(lock.boot, currentBoot());
    releaseLock(file);
    assert.equal(fs.existsSync(file), false, 'released by its holder');
  });

  it('a live process of this boot holds it; a bare pid (the native client\'s, an older runtime\'s) too', () => {
    for (const text of [lockText(LIVE_PID), String(LIVE_PID)]) {
      const { home, file } = homeWithLock(text);
      assert.deepEqual(acquireLock(file), { acquired: false, holder: LIVE_PID });
      assert.equal(liveLockHolder(home), LIVE_PID);
      releaseLock(file);
      assert.equal(fs.readFileSync(file, 'utf8'), text, 'only its holder releases it');
    }
  });

  it('a lock from an earlier boot is stale even when its pid is alive now', { skip: currentBoot() ? false : 'the system does not say which boot this is' }, () => {
    const { home, file } = homeWithLock(`${LIVE_PID} ${ANOTHER_BOOT}`);
    assert.equal(holdsLock(parseLock(fs.readFileSync(file, 'utf8'))), false);
    assert.equal(liveLockHolder(home), undefined, 'the CLI does not wait for it');
    assert.deepEqual(acquireLock(file), { acquired: true }, 'the runtime takes it over');
    assert.equal(parseLock(fs.readFileSync(file, 'utf8')).pid, process.pid);
  });

  it('a lock naming this process (taken for it by the native client) is its own, completed with the boot', () => {
    const { file } = homeWithLock(String(process.pid));
    assert.deepEqual(acquireLock(file), { acquired: true });
    assert.equal(fs.readFileSync(file, 'utf8'), lockText(process.pid));
  });

  it('a dead pid is stale; so are an empty lock and words once older than the time a pid takes to be written', () => {
    for (const text of ['', 'not a pid', '999999999']) {
      const { file } = homeWithLock(text);
      const aMinuteAgo = new Date(Date.now() - 60_000);
      fs.utimesSync(file, aMinuteAgo, aMinuteAgo);
      assert.deepEqual(acquireLock(file), { acquired: true }, JSON.stringify(text));
    }
  });

  it('a fresh lock without a pid is being written: the runtime waits for the pid and leaves the live holder its lock', async () => {
    // Its starter created it and writes its pid after (writeFileSync's wx; the native client's
    // middle process): a runtime that took it for stale ran beside the first one (connect-slow-link).
    const { file } = homeWithLock('');
    const holder = spawn(process.execPath, ['-e', `require('fs').writeFileSync(${JSON.stringify(file)}, String(process.pid)); process.stdin.resume();`], { stdio: ['pipe', 'ignore', 'inherit'] });
    try {
      assert.deepEqual(acquireLock(file, { emptyGraceMs: 120_000 }), { acquired: false, holder: holder.pid });
      assert.equal(fs.readFileSync(file, 'utf8'), String(holder.pid), 'the holder\'s lock is left as it wrote it');
    } finally {
      holder.kill();
    }
  });
});
