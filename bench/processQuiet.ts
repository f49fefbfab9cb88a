// Waits until a process tree (the runtime and the browser it launched) stops using CPU, so a
// timed call measures its own cost and not the tail of the previous one. The runtime loads a
// spare worker and opens a spare window after a new task's first program (runtime/spareWorkers.ts,
// runtime/spareWindow.ts): an agent's next call comes seconds later, a bench's at once.
import fs from 'node:fs';

/** CPU time of `root` and every descendant, in clock ticks (Linux /proc; 0 elsewhere). */
function treeTicks(root: number): number {
  const stats = new Map<number, { ppid: number; ticks: number }>();
  let entries: string[];
  try {
    entries = fs.readdirSync('/proc');
  } catch {
    return 0;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Fields after the command name (which may hold spaces) in parentheses.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      stats.set(Number(entry), { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) });
    } catch {
      // Exited while listed.
    }
  }
  let total = 0;
  const pending = [root];
  while (pending.length) {
    const pid = pending.pop()!;
    total += stats.get(pid)?.ticks ?? 0;
    for (const [child, s] of stats) if (s.ppid === pid) pending.push(child);
  }
  return total;
}

/** Resolves once the tree used at most one tick (10 ms) in a 200 ms window, or after `timeoutMs`. */
export async function waitUntilQuiet(root: number | undefined, timeoutMs = 5_000): Promise<void> {
  if (!root) return;
  const deadline = Date.now() + timeoutMs;
  let last = treeTicks(root);
  while (Date.now() < deadline) {
    await new Promise(resolve => setTimeout(resolve, 200));
    const now = treeTicks(root);
    if (now - last <= 1) return;
    last = now;
  }
}
