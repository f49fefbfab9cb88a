// Broken storage under the state directory: a full disk, a read-only file system, a database
// locked by another process, a corrupt database file. Each is a clear error naming the file
// and what to do, exit 5 from the CLI, and nothing already stored is lost. The full and
// read-only cases mount a small tmpfs (they need root; skipped otherwise).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { TabwrightHome, hasBrowser, runtimeLog } from './harness/tabwrightCli.js';

const skip = hasBrowser() ? false : 'no browser on this machine';

function canMount(): boolean {
  const probe = fs.mkdtempSync(path.join(os.tmpdir(), 'tw-mount-probe-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', probe], { stdio: 'ignore' });
    execFileSync('umount', [probe], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  } finally {
    fs.rmSync(probe, { recursive: true, force: true });
  }
}
const mountSkip = skip || (process.getuid?.() === 0 && canMount() ? false : 'needs root and mount (tmpfs)');

/** A home with one stored receipt ("keep") and the runtime stopped. */
async function homeWithReceipt(home: TabwrightHome): Promise<void> {
  const kept = await home.program('store', 'keep', 'return "kept"');
  assert.equal(kept.code, 0, `${kept.stdout}${kept.stderr}${runtimeLog(home)}`);
  const stopped = await home.run(['runtime', 'stop'], { timeoutMs: 60_000 });
  assert.equal(stopped.code, 0, stopped.stdout + stopped.stderr);
}

async function keptReceiptIsThere(home: TabwrightHome): Promise<void> {
  const again = await home.run(['receipt', '--task', 'store', '--request-id', 'keep'], { timeoutMs: 240_000 });
  assert.equal(again.code, 0, `${again.stdout}${again.stderr}${runtimeLog(home)}`);
  assert.equal(again.json.result, 'kept');
}

test('a corrupt database file: exit 5 naming it, moved aside untouched, the next start begins afresh', { skip, timeout: 600_000 }, async () => {
  const home = new TabwrightHome({ prefix: 'tw-storage-corrupt-' });
  try {
    await homeWithReceipt(home);
    const db = path.join(home.home, 'receipts.db');
    // Checkpointed by the stop; clobber the header so SQLite cannot read it.
    for (const suffix of ['-wal', '-shm']) fs.rmSync(db + suffix, { force: true });
    const bytes = fs.readFileSync(db);
    bytes.write('this is not an SQLite file', 0);
    fs.writeFileSync(db, bytes);

    const r = await home.program('store', 'after-corrupt', 'return 1');
    assert.equal(r.code, 5, r.stdout + r.stderr);
    assert.match(r.stdout + r.stderr, /receipts\.db/);
    assert.match(r.stdout + r.stderr, /not a readable SQLite database/);
    const aside = /moved, untouched, to (\S+?) \(/.exec(r.stdout + r.stderr)?.[1];
    assert.ok(aside, r.stdout + r.stderr);
    assert.deepEqual(fs.readFileSync(aside), bytes, 'the corrupt file is kept byte for byte');

    const next = await home.program('store', 'after-corrupt', 'return 2');
    assert.equal(next.code, 0, next.stdout + next.stderr);
    assert.equal(next.json.result, 2);
  } finally {
    await home.dispose();
  }
});

test('a database locked by another process: exit 5 naming it and what to do; nothing lost once the lock goes', { skip, timeout: 600_000 }, async () => {
  const home = new TabwrightHome({ prefix: 'tw-storage-locked-' });
  try {
    await homeWithReceipt(home);
    const holder = new Database(path.join(home.home, 'receipts.db'));
    holder.pragma('locking_mode = EXCLUSIVE');
    holder.exec('BEGIN EXCLUSIVE');
    try {
      const r = await home.program('store', 'while-locked', 'return 1');
      assert.equal(r.code, 5, r.stdout + r.stderr);
      assert.match(r.stdout + r.stderr, /receipts\.db/);
      assert.match(r.stdout + r.stderr, /lock/i);
      assert.match(r.stdout + r.stderr, /stop that process/);
    } finally {
      holder.exec('COMMIT');
      holder.close();
    }
    await keptReceiptIsThere(home);
  } finally {
    await home.dispose();
  }
});

/** A home on its own small tmpfs, unmounted at the end. */
async function withTmpfsHome(size: string, body: (home: TabwrightHome, mountPoint: string) => Promise<void>): Promise<void> {
  const mountPoint = fs.mkdtempSync(path.join(os.tmpdir(), 'tw-storage-fs-'));
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', mountPoint]);
  const home = new TabwrightHome({ env: { TABWRIGHT_HOME: path.join(mountPoint, 'home') } });
  // The harness made a temporary home of its own: use the mounted one instead.
  fs.rmSync(home.home, { recursive: true, force: true });
  Object.defineProperty(home, 'home', { value: path.join(mountPoint, 'home') });
  try {
    await body(home, mountPoint);
  } finally {
    await home.dispose();
    execFileSync('umount', ['-l', mountPoint], { stdio: 'ignore' });
    fs.rmSync(mountPoint, { recursive: true, force: true });
  }
}

test('a read-only state directory: exit 5 naming the file; nothing lost once it is writable again', { skip: mountSkip, timeout: 600_000 }, async () => {
  await withTmpfsHome('64m', async (home, mountPoint) => {
    await homeWithReceipt(home);
    // A read-only view of the same home (remounting the tmpfs itself is refused while a
    // just-stopped browser still holds a file open).
    const view = `${mountPoint}-ro`;
    fs.mkdirSync(view);
    execFileSync('mount', ['--bind', path.join(mountPoint, 'home'), view]);
    try {
      execFileSync('mount', ['-o', 'remount,bind,ro', view]);
      const r = await home.program('store', 'while-ro', 'return 1', [], { env: { TABWRIGHT_HOME: view } });
      assert.equal(r.code, 5, r.stdout + r.stderr);
      assert.match(r.stdout + r.stderr, new RegExp(view.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
      assert.match(r.stdout + r.stderr, /read-only|EROFS/i);
    } finally {
      // The runtime that answered from the read-only view runs on: stopped here, or it would
      // outlive the test on a view unmounted under it.
      const stopped = await home.run(['runtime', 'stop'], { env: { TABWRIGHT_HOME: view }, timeoutMs: 60_000 });
      assert.equal(stopped.code, 0, stopped.stdout + stopped.stderr);
      execFileSync('umount', ['-l', view], { stdio: 'ignore' });
      fs.rmSync(view, { recursive: true, force: true });
    }
    await keptReceiptIsThere(home);
  });
});

test('a full disk: exit 5 naming the file and saying to free space; nothing lost once there is room', { skip: mountSkip, timeout: 600_000 }, async () => {
  await withTmpfsHome('64m', async (home, mountPoint) => {
    await homeWithReceipt(home);
    const filler = path.join(mountPoint, 'filler');
    const fd = fs.openSync(filler, 'w');
    try {
      const chunk = Buffer.alloc(1024 * 1024);
      for (;;) fs.writeSync(fd, chunk);
    } catch (error) {
      assert.equal((error as NodeJS.ErrnoException).code, 'ENOSPC');
    }
    try {
      for (;;) fs.writeSync(fd, Buffer.alloc(512));
    } catch { /* every last block taken */ }
    fs.closeSync(fd);
    const r = await home.program('store', 'while-full', 'return 1');
    assert.equal(r.code, 5, r.stdout + r.stderr);
    assert.match(r.stdout + r.stderr, new RegExp(path.join(mountPoint, 'home').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    assert.match(r.stdout + r.stderr, /full|ENOSPC|free space/i);
    fs.rmSync(filler);
    await keptReceiptIsThere(home);
  });
});
