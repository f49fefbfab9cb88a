// Linux's process table as the benches read it (/proc/<pid>/stat): who is whose child and the
// CPU each process used, so a bench can sum a runtime's or a browser's whole process tree.
import fs from 'node:fs';

export interface ProcessStat {
  ppid: number;
  /** User + system CPU in clock ticks (10 ms here). */
  ticks: number;
  /** The same for its children already reaped. */
  childTicks: number;
}

export const TICK_MS = 10;

/** A /proc stat line's fields after the command name (which may hold spaces) in parentheses. */
function statFields(stat: string): string[] {
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

/** CPU (user + system, ms) one thread of a process has used: `pid`'s main thread by default; 0 without /proc. */
export function threadCpuMs(pid: number, tid = pid): number {
  try {
    const f = statFields(fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8'));
    return (Number(f[11]) + Number(f[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

/** Every process's parent and CPU; empty where there is no /proc. */
export function processTable(): Map<number, ProcessStat> {
  const table = new Map<number, ProcessStat>();
  let entries: string[];
  try {
    entries = fs.readdirSync('/proc');
  } catch {
    return table;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const f = statFields(fs.readFileSync(`/proc/${entry}/stat`, 'utf8'));
      table.set(Number(entry), { ppid: Number(f[1]), ticks: Number(f[11]) + Number(f[12]), childTicks: Number(f[13]) + Number(f[14]) });
    } catch {
      // Exited while listed.
    }
  }
  return table;
}

/** `root` and every live descendant of it in `table`, root first. */
export function processTree(root: number, table: Map<number, ProcessStat>): number[] {
  const tree: number[] = [];
  const pending = [root];
  while (pending.length) {
    const pid = pending.pop()!;
    if (!table.has(pid)) continue;
    tree.push(pid);
    for (const [child, s] of table) if (s.ppid === pid) pending.push(child);
  }
  return tree;
}
