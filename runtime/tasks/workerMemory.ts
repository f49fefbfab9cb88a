// How a task's worker is sized for memory: eight live workers, each holding its own
// Playwright, must fit the runtime under 400 MiB RSS (contract/runtimeProcess.ts has the
// process-wide half: single-threaded GC and two malloc arenas).
//
// RSS added per further worker (connectOverCDP, a page, 20 clicks, an expect; scratch
// measurement 2026-11-30, 3-4 workers a row, +-5 MiB between runs):
//   Node's defaults                                   80 MiB
//   young generation 4 MiB                            62 MiB
//   + MALLOC_ARENA_MAX=2                              50 MiB
//   + --single-threaded-gc                            42-45 MiB
//   + MALLOC_ARENA_MAX=1 or --optimize-for-size       no further gain
//   + bundles loaded as Latin-1 (13 MiB less heap)    no gain in RSS (6.7 MiB external + malloc)
// Measured again 2026-11-30 (perf3; 8 tasks x 30 click programs, heap statistics of every
// worker, /proc/PID/smaps of the runtime): the V8 heaps were most of it, and their size
// depended on whether a worker had ever run a full collection. With a multi-GiB heap limit
// V8's first old-generation limit is over a GiB, so a worker never collected: load-time
// garbage stayed, and RSS swung 430-520 MiB between identical runs. Now:
//   Playwright's bundles at one byte a character (worker/playwrightInternals/oneByteSource.ts)   -7 MiB a worker
//   --initial-old-space-size=32 --heap-growing-percent=25 (runtimeProcess.ts) old space
//     ~24 MiB committed for ~20.7 live, in every worker (was 24-33, run to run)
//   MALLOC_MMAP_THRESHOLD_=131072 (runtimeProcess.ts): malloc arenas 20 MiB instead of 55-66
//   young generation 2 MiB instead of 4                                     -2 MiB a worker
// Runtime RSS with 8 live workers after the programs: 377-410 MiB (was 432-520). What is left
// per worker is Playwright itself: ~20 MiB of live heap after connecting (code metadata, the
// bundles' export getters, client and server objects) and its 7 MiB of source text.
import type { ResourceLimits } from 'node:worker_threads';
import { numberKnob, numberKnobSet } from '../../contract/environmentKnobs.js';

/** TABWRIGHT_MAX_TASKS (contract/environmentKnobs.ts), else 8: how many tasks may hold a worker at once (taskCapacity.ts). */
export function maxActiveTasks(env: NodeJS.ProcessEnv): number {
  return numberKnob(env, 'TABWRIGHT_MAX_TASKS');
}

/**
 * V8's default young generation reserves 2 x 16 MiB semi-spaces per isolate, which a program
 * that clicks and reads never needs; a small one means more frequent, cheap scavenges (CPU per
 * program measured the same with 2 MiB as with 4: 21-25 ms, within the runs' noise).
 * It sets only the young generation: the old generation is sized by the runtime's node flags
 * (contract/runtimeProcess.ts).
 */
export const WORKER_YOUNG_GENERATION_LIMIT: ResourceLimits = { maxYoungGenerationSizeMb: 2 };

/**
 * The heap a task's worker may grow to, from the machine's memory: every active task's worker
 * at its cap together take at most half of it, so a runaway allocation in a program (observed:
 * an array grown in a loop) ends its own worker (WorkerOutOfMemory on its receipt) before the
 * machine swaps. V8's default limit is the same for every isolate (about 4 GiB on a 24 GiB
 * machine), so eight runaway workers asked for more than the machine has. Never under 256 MiB
 * (Playwright itself lives in ~20-30 MiB, and pages' results pass through), never over 4 GiB.
 * TABWRIGHT_WORKER_HEAP_MB can only lower it (a test meets the cap without filling gigabytes).
 */
export function workerHeapCapMb(machine: { totalMemoryBytes: number; maxActive: number }, asked?: number): number {
  const shared = Math.floor(machine.totalMemoryBytes / 2 / Math.max(1, machine.maxActive) / 2 ** 20);
  const cap = Math.min(4096, Math.max(256, shared));
  return asked !== undefined && Number.isFinite(asked) && asked > 0 ? Math.min(cap, Math.floor(asked)) : cap;
}

/** A task worker's limits: the young generation above and the heap cap the machine allows. */
export function workerResourceLimits(heapCapMb: number): ResourceLimits {
  return { ...WORKER_YOUNG_GENERATION_LIMIT, maxOldGenerationSizeMb: heapCapMb };
}

/** The limits for this machine and environment, said once for main.ts and the runtime. */
export function machineWorkerLimits(env: NodeJS.ProcessEnv, totalMemoryBytes: number): ResourceLimits {
  return workerResourceLimits(workerHeapCapMb({ totalMemoryBytes, maxActive: maxActiveTasks(env) }, numberKnobSet(env, 'TABWRIGHT_WORKER_HEAP_MB')));
}
