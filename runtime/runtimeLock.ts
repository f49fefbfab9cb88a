// One runtime per state directory. The lock file holds the owner's pid; a lock whose
// process is gone (kill -9) is taken over.
import fs from 'node:fs';
import { processAlive } from '../contract/processLiveness.js';

export type LockResult = { acquired: true } | { acquired: false; holder: number };

export function acquireLock(file: string): LockResult {
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx', mode: 0o600 });
      return { acquired: true };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = Number(fs.readFileSync(file, 'utf8').trim() || 0);
    // Taken for this process before it started: the native client writes the pid of the runtime
    // it starts (client/runtimeStart.c), so that the Node CLI after it waits instead of starting one
    // more. That pid is this process's parent when the `node` on PATH is a shim that runs node as
    // its child (Volta, a script without exec): the lock then names this process from here on.
    if (holder === process.pid) return { acquired: true };
    if (holder === process.ppid) {
      fs.writeFileSync(`${file}.${process.pid}`, String(process.pid), { mode: 0o600 });
      fs.renameSync(`${file}.${process.pid}`, file);
      return { acquired: true };
    }
    if (holder && holder !== process.pid && processAlive(holder)) return { acquired: false, holder };
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
    if (fs.readFileSync(file, 'utf8').trim() === String(process.pid)) fs.rmSync(file);
  } catch {
    // Already gone.
  }
}
