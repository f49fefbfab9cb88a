// The runtime process. Started detached by the CLI (own session and process group), so an
// agent host that kills the CLI's process tree leaves it running. Bundled with all it imports
// into one CommonJS file that runtimeEntry.ts compiles from a code cache and starts here.
//
// Start-up order is for a cold start's wall time on two cores. The first program waits for a
// task worker that has loaded Playwright (~0.3 s of CPU on its own thread, the longest path of a
// cold start), so that worker is started first of all, before even the logger and the lock are
// initialised (~20-30 ms of this thread's CPU); then runtimeBoot.ts takes the lock, launches
// Chromium and initialises the rest of the runtime. A runtime that does not get the lock ends
// the worker. (In the bundle, a module imported with import() is initialised only then.)
import os from 'node:os';
import { WorkerHost } from './tasks/workerHost.js';
import { machineWorkerLimits } from './tasks/workerMemory.js';
import type { BundleCodeCache } from './codeCache/bundleCodeCache.js';

/** Starts the runtime; `codeCache` is how its bundle compiled (runtimeEntry.ts). */
export function startRuntime(codeCache?: BundleCodeCache): void {
  const firstWorker = new WorkerHost(machineWorkerLimits(process.env, os.totalmem()));
  void import('./runtimeBoot.js').then(({ bootRuntime }) => bootRuntime(firstWorker, codeCache));
}
