// How the runtime process and its task workers are sized for memory: eight live workers,
// each holding its own Playwright, must fit the runtime under 400 MiB RSS. Dependency-free:
// the CLI reads RUNTIME_PROCESS when it spawns the runtime.
//
// Measured per further worker (connectOverCDP, a page, 20 clicks, an expect; 2026-11-30,
// scratch measurement, RSS deltas): 80 MiB as Node starts it; 62 MiB with the young
// generation capped; 50 MiB with glibc's arenas capped too; 42-45 MiB with single-threaded GC.
// Playwright's code alone is ~36 MiB of each worker's heap (its 7 MB bundles are kept as
// source text), so these settings only remove slack around it.
import type { ResourceLimits } from 'node:worker_threads';

/**
 * A worker's young generation: V8's default reserves 2 x 16 MiB semi-spaces per isolate, which
 * a program that clicks and reads never fills; a small one costs more frequent (cheap) scavenges.
 */
export const WORKER_RESOURCE_LIMITS: ResourceLimits = { maxYoungGenerationSizeMb: 4 };

export const RUNTIME_PROCESS = {
  /**
   * `--single-threaded-gc`: V8's helper threads for parallel/concurrent marking each take
   * their own allocation buffers and glibc arena; the heaps here are small (tens of MiB), so
   * collecting on the isolate's own thread costs little time.
   */
  nodeFlags: ['--single-threaded-gc'],
  /**
   * glibc gives every thread that allocates its own arena (up to 8 x cores), each keeping freed
   * memory: ten isolates' threads left ~12 MiB per worker behind. Two arenas are enough for a
   * process whose threads mostly wait on the browser. An explicit setting by the user wins.
   */
  env: { MALLOC_ARENA_MAX: '2' } as Record<string, string>,
} as const;
