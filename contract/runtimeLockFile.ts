// The runtime's lock file in its home: the pid of the runtime that owns the home and the boot it
// runs in (`PID BOOT_ID`), written by the runtime as it starts (runtime/runtimeLock.ts); the
// native client writes a bare pid for the runtime it starts (client/runtimeStart.c), which that
// runtime completes. The CLI reads it to tell a runtime that is still starting (the lock held,
// no socket yet) from none. Node built-ins only: the CLI loads it.
//
// Why the boot: a lock outlives a reboot (the runtime had no chance to remove it), and after one
// its pid may belong to any process. A live pid alone then kept every start out ("another
// runtime holds the lock") until someone deleted the file. Linux says which boot this is
// (/proc/sys/kernel/random/boot_id); elsewhere, or in a bare-pid lock, a live pid is a holder,
// as before.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { processAlive } from './processLiveness.js';

export const LOCK_FILE = 'runtime.lock';

export interface LockText { pid: number; boot?: string }

/** This boot's id, or undefined where the system does not say. */
export function currentBoot(): string | undefined {
  try {
    const id = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    return /^[0-9a-f-]{16,64}$/i.test(id) ? id : undefined;
  } catch {
    return undefined;
  }
}

/** What a runtime writes into its lock. */
export function lockText(pid: number, boot = currentBoot()): string {
  return boot ? `${pid} ${boot}` : String(pid);
}

/** A lock's pid (0 when it holds none) and boot, if it names one. */
export function parseLock(text: string): LockText {
  const [first = '', boot] = text.trim().split(/\s+/);
  const pid = /^\d+$/.test(first) ? Number(first) : 0;
  return boot ? { pid, boot } : { pid };
}

/** Whether the process a lock names holds it: alive, and in this boot when the lock says which. */
export function holdsLock(lock: LockText, boot = currentBoot()): boolean {
  if (!(lock.pid > 0) || !processAlive(lock.pid)) return false;
  return !(lock.boot && boot && lock.boot !== boot);
}

/** The pid in `home`'s lock when that process holds it; else undefined (no lock, a stale one, unreadable). */
export function liveLockHolder(home: string): number | undefined {
  try {
    const lock = parseLock(readFileSync(join(home, LOCK_FILE), 'utf8'));
    return holdsLock(lock) ? lock.pid : undefined;
  } catch {
    return undefined;
  }
}
