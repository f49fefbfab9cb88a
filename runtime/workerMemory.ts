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
// What is left is Playwright itself: ~36 MiB of heap per worker after loading, of which
// 13 MiB is the UTF-16 source text of playwright-core's two bundles (coreBundle.js evaluates
// client, server, tools and MCP together); only a worker that does not load it goes lower.
import type { ResourceLimits } from 'node:worker_threads';

/**
 * V8's default young generation reserves 2 x 16 MiB semi-spaces per isolate, which a program
 * that clicks and reads never needs; a small one means more frequent, cheap scavenges.
 */
export const WORKER_RESOURCE_LIMITS: ResourceLimits = { maxYoungGenerationSizeMb: 4 };
