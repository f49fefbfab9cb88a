// The runtime process. Started detached by the CLI (own session and process group), so an
// agent host that kills the CLI's process tree leaves it running.
//
// Start-up order is for a cold start's wall time on two cores. The first program waits for a
// task worker that has loaded Playwright (~0.3 s of CPU on its own thread, the longest path of a
// cold start), so that worker is started first of all, before even the logger and the lock are
// loaded (~20-30 ms of this thread's CPU); then runtimeBoot.ts takes the lock, launches Chromium
// and loads the rest of the runtime. A runtime that does not get the lock ends the worker.
import os from 'node:os';
import { WorkerHost } from './workerHost.js';
import { machineWorkerLimits } from './workerMemory.js';

const firstWorker = new WorkerHost(machineWorkerLimits(process.env, os.totalmem()));
const { bootRuntime } = await import('./runtimeBoot.js');
await bootRuntime(firstWorker);
