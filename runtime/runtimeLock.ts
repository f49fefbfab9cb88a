// One runtime per state directory. The lock file names the owner's pid and boot
// (contract/runtimeLockFile.ts); a lock whose process is gone (kill -9), or that was written in
// an earlier boot, is taken over.
import fs from 'node:fs';
import { holdsLock, lockText, parseLock } from '../contract/runtimeLockFile.js';

export type LockResult = { acquired: true } | { acquired: false; holder: number };

/** Names this process in the lock (written aside and renamed over it: a reader sees one whole text). */
function rewrite(file: string): void {
  fs.writeFileSync(`${file}.${process.pid}`, lockText(process.pid), { mode: 0o600 });
  fs.renameSync(`${file}.${process.pid}`, file);
}

export function acquireLock(file: string): LockResult {
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      fs.writeFileSync(file, lockText(process.pid), { flag: 'wx', mode: 0o600 });
      return { acquired: true };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const lock = parseLock(fs.readFileSync(file, 'utf8'));
    // Taken for this process before it started: the native client writes the pid of the runtime
    // it starts (client/runtimeStart.c), so that the Node CLI after it waits instead of starting one
    // more. That pid is this process's parent when the `node` on PATH is a shim that runs node as
    // its child (Volta, a script without exec). Either way the lock then names this process, and
    // this boot, from here on.
    if (lock.pid === process.pid || lock.pid === process.ppid) {
      rewrite(file);
      return { acquired: true };
    }
    if (holdsLock(lock)) return { acquired: false, holder: lock.pid };
    // Stale: move it aside atomically; of several starters only one rename succeeds.
    try {
      fs.renameSync(file, `${file}.stale-${process.pid}`);
      fs.rmSync(`${file}.stale-${process.pid}`, { force: true });
    } catch {
      // Someone else took it first: try again.
    }
  }
  return { acquired: false, holder: 0 };
}

export function releaseLock(file: string): void {
  try {
    if (parseLock(fs.readFileSync(file, 'utf8')).pid === process.pid) fs.rmSync(file);
  } catch {
    // Already gone.
  }
}
