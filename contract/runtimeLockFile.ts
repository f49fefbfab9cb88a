// The runtime's lock file in its home: the pid of the runtime that owns the home, written by
// the runtime as it starts (runtime/runtimeLock.ts). The CLI reads it to tell a runtime that is
// still starting (the lock held, no socket yet) from none. Node built-ins only: the CLI loads it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { processAlive } from './processLiveness.js';

export const LOCK_FILE = 'runtime.lock';

/** The pid in `home`'s lock when that process is alive; else undefined (no lock, a stale one, unreadable). */
export function liveLockHolder(home: string): number | undefined {
  try {
    const pid = Number(readFileSync(join(home, LOCK_FILE), 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 && processAlive(pid) ? pid : undefined;
  } catch {
    return undefined;
  }
}
