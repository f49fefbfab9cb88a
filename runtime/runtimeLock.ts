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

/**
 * How long a lock without a pid counts as being written. Its starter creates the file first and
 * writes its pid after (writeFileSync's 'wx' is an open, then a write; the native client's middle
 * process writes the runtime's pid after the client created the file): a second runtime that
 * took such a lock for stale in between ran beside the first, both listening on one socket
 * (seen once in connect-slow-link, two tasks' first runs at once on a loaded machine).
 */
const EMPTY_LOCK_GRACE_MS = 5000;
const EMPTY_LOCK_POLL_MS = 20;

function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

export function acquireLock(file: string, { emptyGraceMs = EMPTY_LOCK_GRACE_MS } = {}): LockResult {
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      fs.writeFileSync(file, lockText(process.pid), { flag: 'wx', mode: 0o600 });
      return { acquired: true };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let lock = parseLock(readLock(file));
    // No pid yet: its starter is writing it, unless the file is older than the grace (a crash between the two).
    while (!lock.pid && ageOf(file) < emptyGraceMs) {
      pause(EMPTY_LOCK_POLL_MS);
      lock = parseLock(readLock(file));
    }
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
    // Stale: move it aside atomically; of several starters only one rename succeeds. What was
    // moved is read again: another starter may have replaced the stale lock with its own between
    // this one's read and the rename, and gets it back (a link fails where a newer lock is).
    const aside = `${file}.stale-${process.pid}`;
    try {
      fs.renameSync(file, aside);
      const moved = parseLock(readLock(aside));
      if (holdsLock(moved) || (!moved.pid && ageOf(aside) < emptyGraceMs)) {
        try {
          fs.linkSync(aside, file);
        } catch {
          // A newer lock is there: its starter's.
        }
      }
      fs.rmSync(aside, { force: true });
    } catch {
      // Someone else took it first: try again.
    }
  }
  return { acquired: false, holder: 0 };
}

/** The lock's text; empty when it went meanwhile (taken aside as stale, released). */
function readLock(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

/** How old the lock file is; Infinity when it is gone (nothing to wait for: the next attempt creates it). */
function ageOf(file: string): number {
  try {
    return Date.now() - fs.statSync(file).mtimeMs;
  } catch {
    return Infinity;
  }
}

export function releaseLock(file: string): void {
  try {
    if (parseLock(fs.readFileSync(file, 'utf8')).pid === process.pid) fs.rmSync(file);
  } catch {
    // Already gone.
  }
}
