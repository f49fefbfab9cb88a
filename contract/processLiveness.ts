// Whether a process is still there, for the runtime's lock (is its holder alive?) and the
// CLI's stop (has the runtime exited?). Node built-ins only: the CLI loads it.
import { readFileSync } from 'node:fs';

/**
 * A zombie (exited, not yet reaped by a slow init) counts as gone: it holds no lock or socket.
 * A process of another user (EPERM) is alive.
 */
export function processAlive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    return state !== 'Z' && state !== 'X';
  } catch {
    // No /proc (not Linux) or no such process: ask the kernel directly.
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
