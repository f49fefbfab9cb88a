// Waits until a process tree (the runtime and the browser it launched) stops using CPU, so a
// timed call measures its own cost and not the tail of the previous one. The runtime loads a
// spare worker and opens a spare window after a new task's first program (runtime/tasks/spareWorkers.ts,
// runtime/browser/spareWindow.ts): an agent's next call comes seconds later, a bench's at once.
import { processTable, processTree } from './processTree.js';

/** CPU time of `root` and every descendant, in clock ticks (Linux /proc; 0 elsewhere). */
function treeTicks(root: number): number {
  const table = processTable();
  return processTree(root, table).reduce((total, pid) => total + table.get(pid)!.ticks, 0);
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
